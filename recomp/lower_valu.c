/* Vector integer and bit operations: VOP1, VOP2 and VOP3 rows of the integer classes (RDNA2 ISA
 * guide chapter 12.7-12.9), each lane computed per slot and written through EXEC. Cross-lane
 * reads (readlane, readfirstlane) go through subgroup shuffles; carry-outs through ballots.
 * Float rows are in lower_valu_float.c. */
#include <spirv/unified1/GLSL.std.450.h>

#include "recomp/lower.h"

typedef uint32_t (*unop_fn)(struct lower *l, uint32_t a);
typedef uint32_t (*binop_fn)(struct lower *l, uint32_t a, uint32_t b);
typedef uint32_t (*triop_fn)(struct lower *l, uint32_t a, uint32_t b, uint32_t c);

static unsigned vdst(const struct rdna_inst *in)
{
   return in->operands[0].reg - RDNA_REG_VGPR0;
}

/* The clamp bit on integer rows (VOP3; SDWA for VOP1/VOP2 rows). Rows that saturate (INT_CLAMP
 * in isa/vop.def, where llvm-mc accepts clamp in VOP3) compute their exact result and saturate it
 * to the destination type: integer clamp means saturation to the largest or smallest value the
 * type represents (LLVM AMDGPU modifier syntax, "clamp"). On the other rows, reachable with clamp
 * only through SDWA, it is ignored, as in the interpreter (interp/exec_valu_int.c). */
static bool clamped(const struct rdna_inst *in)
{
   return (in->mod.flags & RDNA_FLAG_CLAMP) != 0;
}

static enum rdna_status valu_unop(struct lower *l, const struct rdna_inst *in, unop_fn fn)
{
   uint32_t a[LOWER_MAX_SLOTS];
   lw_vsrc(l, &in->operands[1], a);
   for (unsigned k = 0; k < l->slots; k++)
      lw_vwrite(l, vdst(in), k, fn(l, a[k]));
   return RDNA_OK;
}

static enum rdna_status valu_binop(struct lower *l, const struct rdna_inst *in, binop_fn fn)
{
   uint32_t a[LOWER_MAX_SLOTS], b[LOWER_MAX_SLOTS];
   lw_vsrc(l, &in->operands[1], a);
   lw_vsrc(l, &in->operands[2], b);
   for (unsigned k = 0; k < l->slots; k++)
      lw_vwrite(l, vdst(in), k, fn(l, a[k], b[k]));
   return RDNA_OK;
}

static enum rdna_status valu_triop(struct lower *l, const struct rdna_inst *in, triop_fn fn)
{
   uint32_t a[LOWER_MAX_SLOTS], b[LOWER_MAX_SLOTS], c[LOWER_MAX_SLOTS];
   lw_vsrc(l, &in->operands[1], a);
   lw_vsrc(l, &in->operands[2], b);
   lw_vsrc(l, &in->operands[3], c);
   for (unsigned k = 0; k < l->slots; k++)
      lw_vwrite(l, vdst(in), k, fn(l, a[k], b[k], c[k]));
   return RDNA_OK;
}

#define UNOP(name, body)                                                      \
   static uint32_t op_##name(struct lower *l, uint32_t a)                     \
   {                                                                          \
      (void)l;                                                                \
      return body;                                                            \
   }                                                                          \
   enum rdna_status lower_##name(struct lower *l, const struct rdna_inst *in) \
   {                                                                          \
      return valu_unop(l, in, op_##name);                                     \
   }
#define BINOP(name, body)                                                     \
   static uint32_t op_##name(struct lower *l, uint32_t a, uint32_t b)         \
   {                                                                          \
      return body;                                                            \
   }                                                                          \
   enum rdna_status lower_##name(struct lower *l, const struct rdna_inst *in) \
   {                                                                          \
      return valu_binop(l, in, op_##name);                                    \
   }
#define TRIOP(name, body)                                                         \
   static uint32_t op_##name(struct lower *l, uint32_t a, uint32_t b, uint32_t c) \
   {                                                                              \
      return body;                                                                \
   }                                                                              \
   enum rdna_status lower_##name(struct lower *l, const struct rdna_inst *in)     \
   {                                                                              \
      return valu_triop(l, in, op_##name);                                        \
   }
/* Rows that saturate with clamp: `body` is the wrapping result, `sat` the saturated one. */
#define BINOP_SAT(name, body, sat)                                            \
   static uint32_t op_##name(struct lower *l, uint32_t a, uint32_t b)         \
   {                                                                          \
      return body;                                                            \
   }                                                                          \
   static uint32_t op_##name##_clamp(struct lower *l, uint32_t a, uint32_t b) \
   {                                                                          \
      return sat;                                                             \
   }                                                                          \
   enum rdna_status lower_##name(struct lower *l, const struct rdna_inst *in) \
   {                                                                          \
      return valu_binop(l, in, clamped(in) ? op_##name##_clamp : op_##name);  \
   }
#define TRIOP_SAT(name, body, sat)                                                        \
   static uint32_t op_##name(struct lower *l, uint32_t a, uint32_t b, uint32_t c)         \
   {                                                                                      \
      return body;                                                                        \
   }                                                                                      \
   static uint32_t op_##name##_clamp(struct lower *l, uint32_t a, uint32_t b, uint32_t c) \
   {                                                                                      \
      return sat;                                                                         \
   }                                                                                      \
   enum rdna_status lower_##name(struct lower *l, const struct rdna_inst *in)             \
   {                                                                                      \
      return valu_triop(l, in, clamped(in) ? op_##name##_clamp : op_##name);              \
   }

/* ---- helpers of the expressions ------------------------------------------------------------- */

static uint32_t not32(struct lower *l, uint32_t a)
{
   return lw_op1(l, SpvOpNot, T32, a);
}

static uint32_t sh5(struct lower *l, uint32_t a)
{
   return bin(l, SpvOpBitwiseAnd, a, c32(l, 31));
}

static uint32_t sign_bit(struct lower *l, uint32_t a)
{
   return lw_nz(l, bin(l, SpvOpShiftRightLogical, a, c32(l, 31)));
}

/* Leading zeros, -1 for 0 (GLSL FindUMsb gives -1 for 0). */
static uint32_t clz(struct lower *l, uint32_t a)
{
   uint32_t msb = lw_glsl(l, GLSLstd450FindUMsb, T32, &a, 1);
   return lw_select(l, T32, lw_nz(l, a), bin(l, SpvOpISub, c32(l, 31), msb), c32(l, 0xffffffffu));
}

static uint32_t u24(struct lower *l, uint32_t a)
{
   return lw_zext64(l, bin(l, SpvOpBitwiseAnd, a, c32(l, 0xffffff)));
}

static uint32_t i24(struct lower *l, uint32_t a)
{
   uint32_t x =
      bin(l, SpvOpShiftRightArithmetic, bin(l, SpvOpShiftLeftLogical, a, c32(l, 8)), c32(l, 8));
   return lw_sext64(l, x);
}

/* The low 32 bits of a 24-bit product need no 64-bit arithmetic. */
static uint32_t mul24_lo(struct lower *l, uint32_t a, uint32_t b, bool is_signed)
{
   if (is_signed) {
      uint32_t eight = c32(l, 8);
      a = bin(l, SpvOpShiftRightArithmetic, bin(l, SpvOpShiftLeftLogical, a, eight), eight);
      b = bin(l, SpvOpShiftRightArithmetic, bin(l, SpvOpShiftLeftLogical, b, eight), eight);
   } else {
      a = bin(l, SpvOpBitwiseAnd, a, c32(l, 0xffffff));
      b = bin(l, SpvOpBitwiseAnd, b, c32(l, 0xffffff));
   }
   return bin(l, SpvOpIMul, a, b);
}

static uint32_t mul64(struct lower *l, uint32_t a64, uint32_t b64)
{
   return bin64(l, SpvOpIMul, a64, b64);
}

static uint32_t smin(struct lower *l, uint32_t a, uint32_t b)
{
   return lw_select(l, T32, cmp(l, SpvOpSLessThan, a, b), a, b);
}

static uint32_t smax(struct lower *l, uint32_t a, uint32_t b)
{
   return lw_select(l, T32, cmp(l, SpvOpSGreaterThan, a, b), a, b);
}

static uint32_t umin(struct lower *l, uint32_t a, uint32_t b)
{
   return lw_select(l, T32, cmp(l, SpvOpULessThan, a, b), a, b);
}

static uint32_t umax(struct lower *l, uint32_t a, uint32_t b)
{
   return lw_select(l, T32, cmp(l, SpvOpUGreaterThan, a, b), a, b);
}

/* Saturation of an exact 64-bit result to u32 (unsigned) or i32 (signed two's complement). */
static uint32_t sat_u32_of_u64(struct lower *l, uint32_t v64)
{
   return lw_select(l, T32, lw_nz(l, lw_hi(l, v64)), c32(l, 0xffffffffu), lw_lo(l, v64));
}

static uint32_t sat_i32_of_i64(struct lower *l, uint32_t v64)
{
   uint32_t lo = lw_lo(l, v64), hi = lw_hi(l, v64);
   /* it fits when the high word is the low word's sign extension */
   uint32_t fits = cmp(l, SpvOpIEqual, hi, bin(l, SpvOpShiftRightArithmetic, lo, c32(l, 31)));
   uint32_t limit = lw_select(l, T32, sign_bit(l, hi), c32(l, 0x80000000u), c32(l, 0x7fffffffu));
   return lw_select(l, T32, fits, lo, limit);
}

/* The exact 24-bit products and multiply-adds in 64 bits, for the clamp forms. */
static uint32_t mul24_wide(struct lower *l, uint32_t a, uint32_t b, bool is_signed)
{
   return is_signed ? mul64(l, i24(l, a), i24(l, b)) : mul64(l, u24(l, a), u24(l, b));
}

static uint32_t mad24_wide(struct lower *l, uint32_t a, uint32_t b, uint32_t c, bool is_signed)
{
   return bin64(l, SpvOpIAdd, mul24_wide(l, a, b, is_signed),
                is_signed ? lw_sext64(l, c) : lw_zext64(l, c));
}

/* ---- VOP1 ----------------------------------------------------------------------------------- */

#define NOP(name)                                                             \
   enum rdna_status lower_##name(struct lower *l, const struct rdna_inst *in) \
   {                                                                          \
      (void)l;                                                                \
      (void)in;                                                               \
      return RDNA_OK;                                                         \
   }

NOP(v_nop)
NOP(v_pipeflush)
NOP(v_clrexcp)

UNOP(v_mov_b32, a)
UNOP(v_not_b32, not32(l, a))
UNOP(v_bfrev_b32, lw_op1(l, SpvOpBitReverse, T32, a))
/* First bit from the MSB, from the LSB, or the first bit differing from the sign; -1 if none. */
UNOP(v_ffbh_u32, clz(l, a))
UNOP(v_ffbl_b32, lw_glsl(l, GLSLstd450FindILsb, T32, &a, 1))
UNOP(v_ffbh_i32, clz(l, lw_select(l, T32, sign_bit(l, a), not32(l, a), a)))

/* v_readfirstlane_b32: the first active lane's value into an SGPR; lane 0 when EXEC is 0. */
enum rdna_status lower_v_readfirstlane_b32(struct lower *l, const struct rdna_inst *in)
{
   uint32_t v[LOWER_MAX_SLOTS];
   lw_vsrc(l, &in->operands[1], v);
   uint32_t exec = lw_exec(l);
   uint32_t lo = lw_lo(l, exec), hi = lw_hi(l, exec);
   uint32_t lsb_lo = lw_glsl(l, GLSLstd450FindILsb, T32, &lo, 1);
   uint32_t lsb_hi = lw_glsl(l, GLSLstd450FindILsb, T32, &hi, 1);
   uint32_t lane =
      lw_select(l, T32, lw_nz(l, lo), lsb_lo,
                lw_select(l, T32, lw_nz(l, hi), bin(l, SpvOpIAdd, lsb_hi, c32(l, 32)), c32(l, 0)));
   lw_sdst(l, &in->operands[0], lw_read_lane(l, v, lane));
   return RDNA_OK;
}

/* v_swap_b32: exchanges vdst and src0 in active lanes. */
enum rdna_status lower_v_swap_b32(struct lower *l, const struct rdna_inst *in)
{
   unsigned x = vdst(in), y = in->operands[1].reg - RDNA_REG_VGPR0;
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t a = lw_vgpr(l, x, k), b = lw_vgpr(l, y, k);
      lw_vwrite(l, x, k, b);
      lw_vwrite(l, y, k, a);
   }
   return RDNA_OK;
}

/* ---- VOP2 ----------------------------------------------------------------------------------- */

/* v_cndmask_b32: D = mask[lane] ? S1 : S0, the mask from VCC (e32) or an SGPR (pair). */
enum rdna_status lower_v_cndmask_b32(struct lower *l, const struct rdna_inst *in)
{
   uint32_t a[LOWER_MAX_SLOTS], b[LOWER_MAX_SLOTS];
   lw_vsrc(l, &in->operands[1], a);
   lw_vsrc(l, &in->operands[2], b);
   uint32_t mask = lw_mask_src(l, &in->operands[3]);
   for (unsigned k = 0; k < l->slots; k++)
      lw_vwrite(l, vdst(in), k, lw_select(l, T32, lw_mask_bit(l, mask, k), b[k], a[k]));
   return RDNA_OK;
}

/* 24-bit multiplies: the low 24 bits of each source, signed or unsigned; low or high 32 bits of
 * the 48-bit product. */
BINOP_SAT(v_mul_i32_i24, mul24_lo(l, a, b, true), sat_i32_of_i64(l, mul24_wide(l, a, b, true)))
BINOP(v_mul_hi_i32_i24, lw_hi(l, mul64(l, i24(l, a), i24(l, b))))
BINOP_SAT(v_mul_u32_u24, mul24_lo(l, a, b, false), sat_u32_of_u64(l, mul24_wide(l, a, b, false)))
BINOP(v_mul_hi_u32_u24, lw_hi(l, mul64(l, u24(l, a), u24(l, b))))
BINOP(v_min_i32, smin(l, a, b))
BINOP(v_max_i32, smax(l, a, b))
BINOP(v_min_u32, umin(l, a, b))
BINOP(v_max_u32, umax(l, a, b))
/* "rev" shifts: S1 shifted by S0[4:0]. */
BINOP(v_lshrrev_b32, bin(l, SpvOpShiftRightLogical, b, sh5(l, a)))
BINOP(v_ashrrev_i32, bin(l, SpvOpShiftRightArithmetic, b, sh5(l, a)))
BINOP(v_lshlrev_b32, bin(l, SpvOpShiftLeftLogical, b, sh5(l, a)))
BINOP(v_and_b32, bin(l, SpvOpBitwiseAnd, a, b))
BINOP(v_or_b32, bin(l, SpvOpBitwiseOr, a, b))
BINOP(v_xor_b32, bin(l, SpvOpBitwiseXor, a, b))
BINOP(v_xnor_b32, not32(l, bin(l, SpvOpBitwiseXor, a, b)))
/* No-carry add/sub (guide 12.7); with the VOP3 clamp bit the result saturates: unsigned for
 * the _u32 forms, signed for the _i32 forms. */
enum addsub {
   ADD_U32,
   SUB_U32,
   SUBREV_U32,
   ADD_I32,
   SUB_I32
};

static uint32_t addsub(struct lower *l, enum addsub kind, uint32_t a, uint32_t b, bool sat)
{
   if (kind == SUBREV_U32) {
      uint32_t t = a;
      a = b;
      b = t;
   }
   bool add = kind == ADD_U32 || kind == ADD_I32;
   uint32_t r = bin(l, add ? SpvOpIAdd : SpvOpISub, a, b);
   if (!sat)
      return r;
   if (kind == ADD_U32)
      return lw_select(l, T32, cmp(l, SpvOpULessThan, r, a), c32(l, 0xffffffffu), r);
   if (kind == SUB_U32 || kind == SUBREV_U32)
      return lw_select(l, T32, cmp(l, SpvOpULessThan, a, b), c32(l, 0), r);
   /* signed overflow: the operands' signs (equal for add, different for sub) differ from r's */
   uint32_t x = add ? not32(l, bin(l, SpvOpBitwiseXor, a, b)) : bin(l, SpvOpBitwiseXor, a, b);
   uint32_t overflow = sign_bit(l, bin(l, SpvOpBitwiseAnd, x, bin(l, SpvOpBitwiseXor, a, r)));
   uint32_t limit = lw_select(l, T32, sign_bit(l, a), c32(l, 0x80000000u), c32(l, 0x7fffffffu));
   return lw_select(l, T32, overflow, limit, r);
}

static enum rdna_status valu_addsub(struct lower *l, const struct rdna_inst *in, enum addsub kind)
{
   uint32_t a[LOWER_MAX_SLOTS], b[LOWER_MAX_SLOTS];
   lw_vsrc(l, &in->operands[1], a);
   lw_vsrc(l, &in->operands[2], b);
   for (unsigned k = 0; k < l->slots; k++)
      lw_vwrite(l, vdst(in), k, addsub(l, kind, a[k], b[k], clamped(in)));
   return RDNA_OK;
}

enum rdna_status lower_v_add_nc_u32(struct lower *l, const struct rdna_inst *in)
{
   return valu_addsub(l, in, ADD_U32);
}

enum rdna_status lower_v_sub_nc_u32(struct lower *l, const struct rdna_inst *in)
{
   return valu_addsub(l, in, SUB_U32);
}

enum rdna_status lower_v_subrev_nc_u32(struct lower *l, const struct rdna_inst *in)
{
   return valu_addsub(l, in, SUBREV_U32);
}

enum rdna_status lower_v_add_nc_i32(struct lower *l, const struct rdna_inst *in)
{
   return valu_addsub(l, in, ADD_I32);
}

enum rdna_status lower_v_sub_nc_i32(struct lower *l, const struct rdna_inst *in)
{
   return valu_addsub(l, in, SUB_I32);
}

/* Add/sub with carry-out (and carry-in for the _ci forms): the carry or borrow per lane into a
 * lane mask, 0 for inactive lanes (guide 12.7). */
enum carry_kind {
   CARRY_ADD,
   CARRY_SUB,
   CARRY_SUBREV
};

static enum rdna_status valu_carry(struct lower *l, const struct rdna_inst *in,
                                   enum carry_kind kind, bool has_cin)
{
   uint32_t a[LOWER_MAX_SLOTS], b[LOWER_MAX_SLOTS], carry[LOWER_MAX_SLOTS];
   lw_vsrc(l, &in->operands[2], a);
   lw_vsrc(l, &in->operands[3], b);
   uint32_t cin = has_cin ? lw_mask_src(l, &in->operands[4]) : 0;
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t x = lw_zext64(l, kind == CARRY_SUBREV ? b[k] : a[k]);
      uint32_t y = lw_zext64(l, kind == CARRY_SUBREV ? a[k] : b[k]);
      uint32_t c =
         has_cin ? lw_op1(l, SpvOpUConvert, T64, lw_b2u(l, lw_mask_bit(l, cin, k))) : lw_u64(l, 0);
      uint32_t result, out;
      if (kind == CARRY_ADD) {
         uint32_t sum = bin64(l, SpvOpIAdd, bin64(l, SpvOpIAdd, x, y), c);
         result = lw_lo(l, sum);
         out = lw_nz(l, lw_hi(l, sum));
      } else {
         result = lw_lo(l, bin64(l, SpvOpISub, bin64(l, SpvOpISub, x, y), c));
         out = cmp(l, SpvOpUGreaterThan, bin64(l, SpvOpIAdd, y, c), x);
      }
      /* with clamp the result saturates; the carry is still written */
      if (clamped(in))
         result = lw_select(l, T32, out, c32(l, kind == CARRY_ADD ? 0xffffffffu : 0), result);
      carry[k] = lw_op2(l, SpvOpLogicalAnd, TB, out, lw_active(l, k));
      lw_vwrite(l, vdst(in), k, result);
   }
   lw_mask_write(l, in->operands[1].reg, lw_ballot(l, carry));
   return RDNA_OK;
}

enum rdna_status lower_v_add_co_ci_u32(struct lower *l, const struct rdna_inst *in)
{
   return valu_carry(l, in, CARRY_ADD, true);
}

enum rdna_status lower_v_sub_co_ci_u32(struct lower *l, const struct rdna_inst *in)
{
   return valu_carry(l, in, CARRY_SUB, true);
}

enum rdna_status lower_v_subrev_co_ci_u32(struct lower *l, const struct rdna_inst *in)
{
   return valu_carry(l, in, CARRY_SUBREV, true);
}

enum rdna_status lower_v_add_co_u32(struct lower *l, const struct rdna_inst *in)
{
   return valu_carry(l, in, CARRY_ADD, false);
}

enum rdna_status lower_v_sub_co_u32(struct lower *l, const struct rdna_inst *in)
{
   return valu_carry(l, in, CARRY_SUB, false);
}

enum rdna_status lower_v_subrev_co_u32(struct lower *l, const struct rdna_inst *in)
{
   return valu_carry(l, in, CARRY_SUBREV, false);
}

/* ---- VOP3 three-source ---------------------------------------------------------------------- */

TRIOP_SAT(v_mad_i32_i24, bin(l, SpvOpIAdd, mul24_lo(l, a, b, true), c),
          sat_i32_of_i64(l, mad24_wide(l, a, b, c, true)))
TRIOP_SAT(v_mad_u32_u24, bin(l, SpvOpIAdd, mul24_lo(l, a, b, false), c),
          sat_u32_of_u64(l, mad24_wide(l, a, b, c, false)))

/* Bit-field extract: offset S1[4:0], width S2[4:0] (guide 12.9 V_BFE_U32/I32); width 0 gives 0,
 * a field running past bit 31 is what is there. */
static uint32_t bfe(struct lower *l, uint32_t a, uint32_t b, uint32_t c, bool is_signed)
{
   uint32_t off = sh5(l, b), width = sh5(l, c);
   uint32_t zero = cmp(l, SpvOpIEqual, width, c32(l, 0));
   uint32_t end = bin(l, SpvOpIAdd, off, width);
   uint32_t fits = cmp(l, SpvOpULessThan, end, c32(l, 32));
   uint32_t r;
   if (is_signed) {
      uint32_t up = lw_select(l, T32, fits, bin(l, SpvOpISub, c32(l, 32), end), c32(l, 0));
      uint32_t down = lw_select(l, T32, fits, bin(l, SpvOpISub, c32(l, 32), width), off);
      r = bin(l, SpvOpShiftRightArithmetic, bin(l, SpvOpShiftLeftLogical, a, up), down);
   } else {
      uint32_t mask = bin(l, SpvOpISub, bin(l, SpvOpShiftLeftLogical, c32(l, 1), width), c32(l, 1));
      r = bin(l, SpvOpBitwiseAnd, bin(l, SpvOpShiftRightLogical, a, off), mask);
   }
   return lw_select(l, T32, zero, c32(l, 0), r);
}

TRIOP(v_bfe_u32, bfe(l, a, b, c, false))
TRIOP(v_bfe_i32, bfe(l, a, b, c, true))
TRIOP(v_bfi_b32, bin(l, SpvOpBitwiseOr, bin(l, SpvOpBitwiseAnd, a, b),
                     bin(l, SpvOpBitwiseAnd, not32(l, a), c)))

/* v_alignbit: ({S0, S1} >> S2[4:0])[31:0]; v_alignbyte: the same by S2[1:0] bytes. */
static uint32_t align(struct lower *l, uint32_t a, uint32_t b, uint32_t shift)
{
   return lw_lo(l, bin64(l, SpvOpShiftRightLogical, lw_pack64(l, b, a), shift));
}

TRIOP(v_alignbit_b32, align(l, a, b, sh5(l, c)))
TRIOP(v_alignbyte_b32,
      align(l, a, b,
            bin(l, SpvOpShiftLeftLogical, bin(l, SpvOpBitwiseAnd, c, c32(l, 3)), c32(l, 3))))
TRIOP(v_min3_i32, smin(l, smin(l, a, b), c))
TRIOP(v_min3_u32, umin(l, umin(l, a, b), c))
TRIOP(v_max3_i32, smax(l, smax(l, a, b), c))
TRIOP(v_max3_u32, umax(l, umax(l, a, b), c))
/* med3: the middle value = max(min(a, b), min(max(a, b), c)). */
TRIOP(v_med3_i32, smax(l, smin(l, a, b), smin(l, smax(l, a, b), c)))
TRIOP(v_med3_u32, umax(l, umin(l, a, b), umin(l, umax(l, a, b), c)))
TRIOP(v_xor3_b32, bin(l, SpvOpBitwiseXor, bin(l, SpvOpBitwiseXor, a, b), c))

/* v_perm_b32 (guide 12.9 V_PERM_B32): each result byte selected by a byte of S2 from the eight
 * bytes {S0, S1} (S1 is bytes 0-3); 8-11 replicate the sign of bytes 1, 3, 5, 7; 12 gives 0x00;
 * 13 and above 0xff. */
static uint32_t perm(struct lower *l, uint32_t a, uint32_t b, uint32_t c)
{
   uint32_t bytes = lw_pack64(l, b, a), d = c32(l, 0);
   for (unsigned i = 0; i < 4; i++) {
      uint32_t sel =
         bin(l, SpvOpBitwiseAnd, bin(l, SpvOpShiftRightLogical, c, c32(l, 8 * i)), c32(l, 0xff));
      uint32_t low3 = bin(l, SpvOpBitwiseAnd, sel, c32(l, 7));
      uint32_t byte = bin(l, SpvOpBitwiseAnd,
                          lw_lo(l, bin64(l, SpvOpShiftRightLogical, bytes,
                                         bin(l, SpvOpShiftLeftLogical, low3, c32(l, 3)))),
                          c32(l, 0xff));
      /* sign of byte 2 * (sel - 8) + 1: bit 16 * (sel - 8) + 15 */
      uint32_t sbit =
         bin(l, SpvOpIAdd,
             bin(l, SpvOpShiftLeftLogical, bin(l, SpvOpBitwiseAnd, sel, c32(l, 3)), c32(l, 4)),
             c32(l, 15));
      uint32_t sign = bin(l, SpvOpBitwiseAnd,
                          lw_lo(l, bin64(l, SpvOpShiftRightLogical, bytes, sbit)), c32(l, 1));
      uint32_t sign_byte = lw_select(l, T32, lw_nz(l, sign), c32(l, 0xff), c32(l, 0));
      uint32_t r = lw_select(l, T32, cmp(l, SpvOpULessThan, sel, c32(l, 8)), byte, sign_byte);
      r = lw_select(l, T32, cmp(l, SpvOpIEqual, sel, c32(l, 12)), c32(l, 0), r);
      r = lw_select(l, T32, cmp(l, SpvOpUGreaterThanEqual, sel, c32(l, 13)), c32(l, 0xff), r);
      d = bin(l, SpvOpBitwiseOr, d, bin(l, SpvOpShiftLeftLogical, r, c32(l, 8 * i)));
   }
   return d;
}

TRIOP(v_perm_b32, perm(l, a, b, c))
TRIOP(v_xad_u32, bin(l, SpvOpIAdd, bin(l, SpvOpBitwiseXor, a, b), c))
TRIOP(v_lshl_add_u32, bin(l, SpvOpIAdd, bin(l, SpvOpShiftLeftLogical, a, sh5(l, b)), c))
TRIOP(v_add_lshl_u32, bin(l, SpvOpShiftLeftLogical, bin(l, SpvOpIAdd, a, b), sh5(l, c)))
TRIOP(v_add3_u32, bin(l, SpvOpIAdd, bin(l, SpvOpIAdd, a, b), c))
TRIOP(v_lshl_or_b32, bin(l, SpvOpBitwiseOr, bin(l, SpvOpShiftLeftLogical, a, sh5(l, b)), c))
TRIOP(v_and_or_b32, bin(l, SpvOpBitwiseOr, bin(l, SpvOpBitwiseAnd, a, b), c))
TRIOP(v_or3_b32, bin(l, SpvOpBitwiseOr, bin(l, SpvOpBitwiseOr, a, b), c))

/* Sums of absolute differences (guide 12.9): |S0 - S1| per byte / half / word, summed into S2. */
static uint32_t absdiff(struct lower *l, uint32_t x, uint32_t y)
{
   return lw_select(l, T32, cmp(l, SpvOpUGreaterThan, x, y), bin(l, SpvOpISub, x, y),
                    bin(l, SpvOpISub, y, x));
}

static uint32_t field(struct lower *l, uint32_t v, unsigned shift, uint32_t mask)
{
   return bin(l, SpvOpBitwiseAnd, bin(l, SpvOpShiftRightLogical, v, c32(l, shift)), c32(l, mask));
}

static uint32_t sad_bytes(struct lower *l, uint32_t a, uint32_t b, uint32_t c, bool masked)
{
   for (unsigned i = 0; i < 32; i += 8) {
      uint32_t x = field(l, a, i, 0xff), y = field(l, b, i, 0xff);
      uint32_t d = absdiff(l, x, y);
      if (masked) /* v_msad_u8: bytes of S1 that are 0 do not count */
         d = lw_select(l, T32, lw_nz(l, y), d, c32(l, 0));
      c = bin(l, SpvOpIAdd, c, d);
   }
   return c;
}

static uint32_t sad_hi_u8(struct lower *l, uint32_t a, uint32_t b)
{
   return bin(l, SpvOpShiftLeftLogical, sad_bytes(l, a, b, c32(l, 0), false), c32(l, 16));
}

static uint32_t sad_u16(struct lower *l, uint32_t a, uint32_t b)
{
   return bin(l, SpvOpIAdd, absdiff(l, field(l, a, 0, 0xffff), field(l, b, 0, 0xffff)),
              absdiff(l, field(l, a, 16, 0xffff), field(l, b, 16, 0xffff)));
}

/* With clamp the accumulation into S2 saturates to u32 (the sums themselves fit 32 bits). */
static uint32_t add_sat_u32(struct lower *l, uint32_t sum, uint32_t c)
{
   return addsub(l, ADD_U32, sum, c, true);
}

TRIOP_SAT(v_sad_u8, sad_bytes(l, a, b, c, false),
          add_sat_u32(l, sad_bytes(l, a, b, c32(l, 0), false), c))
TRIOP_SAT(v_sad_hi_u8, bin(l, SpvOpIAdd, sad_hi_u8(l, a, b), c),
          add_sat_u32(l, sad_hi_u8(l, a, b), c))
TRIOP_SAT(v_sad_u16, bin(l, SpvOpIAdd, sad_u16(l, a, b), c), add_sat_u32(l, sad_u16(l, a, b), c))
TRIOP_SAT(v_sad_u32, bin(l, SpvOpIAdd, absdiff(l, a, b), c), add_sat_u32(l, absdiff(l, a, b), c))
TRIOP_SAT(v_msad_u8, sad_bytes(l, a, b, c, true),
          add_sat_u32(l, sad_bytes(l, a, b, c32(l, 0), true), c))

/* v_lerp_u8: per byte, (S0 + S1 + S2[0] of that byte) >> 1 (guide 12.9). */
static uint32_t lerp(struct lower *l, uint32_t a, uint32_t b, uint32_t c)
{
   uint32_t d = c32(l, 0);
   for (unsigned i = 0; i < 32; i += 8) {
      uint32_t s = bin(l, SpvOpIAdd, bin(l, SpvOpIAdd, field(l, a, i, 0xff), field(l, b, i, 0xff)),
                       field(l, c, i, 1));
      d = bin(
         l, SpvOpBitwiseOr, d,
         bin(l, SpvOpShiftLeftLogical, bin(l, SpvOpShiftRightLogical, s, c32(l, 1)), c32(l, i)));
   }
   return d;
}

TRIOP(v_lerp_u8, lerp(l, a, b, c))

/* ---- VOP3 two-source ------------------------------------------------------------------------ */

BINOP(v_mul_lo_u32, bin(l, SpvOpIMul, a, b))
BINOP(v_mul_hi_u32, lw_hi(l, mul64(l, lw_zext64(l, a), lw_zext64(l, b))))
BINOP(v_mul_lo_i32, bin(l, SpvOpIMul, a, b))
BINOP(v_mul_hi_i32, lw_hi(l, mul64(l, lw_sext64(l, a), lw_sext64(l, b))))
/* v_bfm_b32: ((1 << S0[4:0]) - 1) << S1[4:0]. */
BINOP(v_bfm_b32,
      bin(l, SpvOpShiftLeftLogical,
          bin(l, SpvOpISub, bin(l, SpvOpShiftLeftLogical, c32(l, 1), sh5(l, a)), c32(l, 1)),
          sh5(l, b)))
BINOP(v_bcnt_u32_b32, bin(l, SpvOpIAdd, lw_op1(l, SpvOpBitCount, T32, a), b))

/* v_cvt_pk_u16_u32 / v_cvt_pk_i16_i32: both sources saturated to 16 bits, packed. */
static uint32_t sat_u16(struct lower *l, uint32_t a)
{
   return umin(l, a, c32(l, 0xffff));
}

static uint32_t sat_i16(struct lower *l, uint32_t a)
{
   uint32_t v = smax(l, smin(l, a, c32(l, 0x7fff)), c32(l, 0xffff8000u));
   return bin(l, SpvOpBitwiseAnd, v, c32(l, 0xffff));
}

BINOP(v_cvt_pk_u16_u32, bin(l, SpvOpBitwiseOr, sat_u16(l, a),
                            bin(l, SpvOpShiftLeftLogical, sat_u16(l, b), c32(l, 16))))
BINOP(v_cvt_pk_i16_i32, bin(l, SpvOpBitwiseOr, sat_i16(l, a),
                            bin(l, SpvOpShiftLeftLogical, sat_i16(l, b), c32(l, 16))))

/* v_sat_pk_u8_i16: two signed 16-bit halves saturated to u8, packed in the low 16 bits. */
static uint32_t sat_u8_of_i16(struct lower *l, uint32_t a, unsigned shift)
{
   uint32_t half = bin(l, SpvOpShiftRightArithmetic,
                       bin(l, SpvOpShiftLeftLogical, a, c32(l, 16 - shift)), c32(l, 16));
   return smax(l, smin(l, half, c32(l, 255)), c32(l, 0));
}

UNOP(v_sat_pk_u8_i16, bin(l, SpvOpBitwiseOr, sat_u8_of_i16(l, a, 0),
                          bin(l, SpvOpShiftLeftLogical, sat_u8_of_i16(l, a, 16), c32(l, 8))))

/* v_mbcnt_lo/hi: S1 + the set bits of S0 below this lane among lanes 0-31 (lo) or 32-63 (hi). */
static enum rdna_status mbcnt(struct lower *l, const struct rdna_inst *in, bool hi)
{
   uint32_t a[LOWER_MAX_SLOTS], b[LOWER_MAX_SLOTS];
   lw_vsrc(l, &in->operands[1], a);
   lw_vsrc(l, &in->operands[2], b);
   for (unsigned k = 0; k < l->slots; k++) {
      /* bits below the lane of the 64-bit lane space: (1 << lane) - 1 */
      uint32_t below = bin64(l, SpvOpISub, l->lane_bit[k], lw_u64(l, 1));
      uint32_t mask = hi ? lw_hi(l, below) : lw_lo(l, below);
      uint32_t count = lw_op1(l, SpvOpBitCount, T32, bin(l, SpvOpBitwiseAnd, a[k], mask));
      lw_vwrite(l, vdst(in), k, bin(l, SpvOpIAdd, count, b[k]));
   }
   return RDNA_OK;
}

enum rdna_status lower_v_mbcnt_lo_u32_b32(struct lower *l, const struct rdna_inst *in)
{
   return mbcnt(l, in, false);
}

enum rdna_status lower_v_mbcnt_hi_u32_b32(struct lower *l, const struct rdna_inst *in)
{
   return mbcnt(l, in, true);
}

/* 64-bit shifts: S1 (64 bits) shifted by S0[5:0]; both halves written through EXEC. */
static enum rdna_status shift64(struct lower *l, const struct rdna_inst *in, SpvOp op)
{
   uint32_t s[LOWER_MAX_SLOTS], v[LOWER_MAX_SLOTS];
   lw_vsrc(l, &in->operands[1], s);
   lw_vsrc64(l, &in->operands[2], v);
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t r = bin64(l, op, v[k], bin(l, SpvOpBitwiseAnd, s[k], c32(l, 63)));
      lw_vwrite(l, vdst(in), k, lw_lo(l, r));
      lw_vwrite(l, vdst(in) + 1, k, lw_hi(l, r));
   }
   return RDNA_OK;
}

enum rdna_status lower_v_lshlrev_b64(struct lower *l, const struct rdna_inst *in)
{
   return shift64(l, in, SpvOpShiftLeftLogical);
}

enum rdna_status lower_v_lshrrev_b64(struct lower *l, const struct rdna_inst *in)
{
   return shift64(l, in, SpvOpShiftRightLogical);
}

enum rdna_status lower_v_ashrrev_i64(struct lower *l, const struct rdna_inst *in)
{
   return shift64(l, in, SpvOpShiftRightArithmetic);
}

/* v_mad_u64_u32 / v_mad_i64_i32: {D1, D0} = S0 * S1 + S2 in 64 bits, the carry (unsigned) or
 * signed overflow out of 64 bits into sdst; with clamp the result saturates to u64 / i64. */
static enum rdna_status mad64(struct lower *l, const struct rdna_inst *in, bool is_signed)
{
   uint32_t a[LOWER_MAX_SLOTS], b[LOWER_MAX_SLOTS], c[LOWER_MAX_SLOTS], carry[LOWER_MAX_SLOTS];
   lw_vsrc(l, &in->operands[2], a);
   lw_vsrc(l, &in->operands[3], b);
   lw_vsrc64(l, &in->operands[4], c);
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t p = is_signed ? mul64(l, lw_sext64(l, a[k]), lw_sext64(l, b[k]))
                             : mul64(l, lw_zext64(l, a[k]), lw_zext64(l, b[k]));
      uint32_t r = bin64(l, SpvOpIAdd, p, c[k]), out;
      if (is_signed) {
         /* overflow: the addends have the same sign and the sum another */
         uint32_t same = lw_op1(l, SpvOpNot, T64, bin64(l, SpvOpBitwiseXor, p, c[k]));
         uint32_t flip = bin64(l, SpvOpBitwiseXor, p, r);
         out = lw_nz(l, bin(l, SpvOpShiftRightLogical,
                            lw_hi(l, bin64(l, SpvOpBitwiseAnd, same, flip)), c32(l, 31)));
      } else {
         out = cmp(l, SpvOpULessThan, r, p);
      }
      /* with clamp the 64-bit result saturates (the carry-out is still written); a signed
       * overflow goes the way of the addends' common sign, the product's */
      if (clamped(in)) {
         uint32_t limit = lw_u64(l, UINT64_MAX);
         if (is_signed)
            limit = lw_select(l, T64, sign_bit(l, lw_hi(l, p)), lw_u64(l, 0x8000000000000000ull),
                              lw_u64(l, 0x7fffffffffffffffull));
         r = lw_select(l, T64, out, limit, r);
      }
      carry[k] = lw_op2(l, SpvOpLogicalAnd, TB, out, lw_active(l, k));
      lw_vwrite(l, vdst(in), k, lw_lo(l, r));
      lw_vwrite(l, vdst(in) + 1, k, lw_hi(l, r));
   }
   lw_mask_write(l, in->operands[1].reg, lw_ballot(l, carry));
   return RDNA_OK;
}

enum rdna_status lower_v_mad_u64_u32(struct lower *l, const struct rdna_inst *in)
{
   return mad64(l, in, false);
}

enum rdna_status lower_v_mad_i64_i32(struct lower *l, const struct rdna_inst *in)
{
   return mad64(l, in, true);
}

/* v_readlane_b32: SGPR = S0[lane S1 mod wave size], EXEC ignored. */
enum rdna_status lower_v_readlane_b32(struct lower *l, const struct rdna_inst *in)
{
   uint32_t v[LOWER_MAX_SLOTS];
   lw_vsrc(l, &in->operands[1], v);
   uint32_t lane =
      bin(l, SpvOpBitwiseAnd, lw_scalar_src(l, &in->operands[2]), c32(l, l->wave_size - 1));
   lw_sdst(l, &in->operands[0], lw_read_lane(l, v, lane));
   return RDNA_OK;
}

/* v_writelane_b32: VGPR[lane S1 mod wave size] = S0 (a scalar), EXEC ignored. */
enum rdna_status lower_v_writelane_b32(struct lower *l, const struct rdna_inst *in)
{
   uint32_t value = lw_scalar_src(l, &in->operands[1]);
   uint32_t lane =
      bin(l, SpvOpBitwiseAnd, lw_scalar_src(l, &in->operands[2]), c32(l, l->wave_size - 1));
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t old = lw_vgpr(l, vdst(in), k);
      uint32_t here = cmp(l, SpvOpIEqual, l->lane[k], lane);
      lw_vgpr_store(l, vdst(in), k, lw_select(l, T32, here, value, old));
   }
   return RDNA_OK;
}

/* ---- 16-bit (VOP3) ------------------------------------------------------------------------ */

/* A 16-bit source: the low half, or the high half when op_sel picks it (guide 6.2.1; VGPR
 * sources only), zero-extended into a u32. */
static void src16(struct lower *l, const struct rdna_inst *in, unsigned i, unsigned opsel_bit,
                  uint32_t out[])
{
   lw_vsrc(l, &in->operands[i], out);
   bool hi = lw_is_vgpr(&in->operands[i]) && ((in->mod.op_sel >> opsel_bit) & 1);
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t v = hi ? bin(l, SpvOpShiftRightLogical, out[k], c32(l, 16)) : out[k];
      out[k] = bin(l, SpvOpBitwiseAnd, v, c32(l, 0xffff));
   }
}

static uint32_t sext16(struct lower *l, uint32_t v)
{
   return bin(l, SpvOpShiftRightArithmetic, bin(l, SpvOpShiftLeftLogical, v, c32(l, 16)),
              c32(l, 16));
}

/* Writes a 16-bit result: rows with op_sel write the half op_sel[3] picks and keep the other;
 * rows without zero the high half (LLVM's GFX10 zeroesHigh16BitsOfDest, as the interpreter). */
static void write16(struct lower *l, const struct rdna_inst *in, unsigned k, uint32_t r,
                    bool has_opsel)
{
   uint32_t low = bin(l, SpvOpBitwiseAnd, r, c32(l, 0xffff));
   uint32_t value = low;
   if (has_opsel) {
      uint32_t old = lw_vgpr(l, vdst(in), k);
      if ((in->mod.op_sel >> 3) & 1)
         value = bin(l, SpvOpBitwiseOr, bin(l, SpvOpBitwiseAnd, old, c32(l, 0xffff)),
                     bin(l, SpvOpShiftLeftLogical, low, c32(l, 16)));
      else
         value = bin(l, SpvOpBitwiseOr, bin(l, SpvOpBitwiseAnd, old, c32(l, 0xffff0000u)), low);
   }
   lw_vwrite(l, vdst(in), k, value);
}

/* Saturation of a 32-bit intermediate (the sources are 16 bits, so it cannot wrap) to u16 or
 * i16, when clamp is set; unsigned intermediates here are sums and products, never below 0.
 * One SClamp or UMin instruction: NVIDIA's compiler (H200, driver 580.159.04) evaluated the
 * equivalent compare-and-select pair in 16 bits when only the low half of the result was kept,
 * and lost the saturation (corpus/valu/t_clamp_sub_i16_after_float.case). */
static uint32_t sat16(struct lower *l, uint32_t v, bool is_signed, bool sat)
{
   if (!sat)
      return v;
   if (is_signed)
      return lw_sclamp(l, v, -32768, 32767);
   uint32_t args[2] = { v, c32(l, 0xffff) };
   return lw_glsl(l, GLSLstd450UMin, T32, args, 2);
}

enum op16 {
   OP16_ADD_U,
   OP16_SUB_U,
   OP16_MUL_LO,
   OP16_LSHRREV,
   OP16_ASHRREV,
   OP16_LSHLREV,
   OP16_MAX_U,
   OP16_MAX_I,
   OP16_MIN_U,
   OP16_MIN_I,
   OP16_ADD_I,
   OP16_SUB_I,
   OP16_MAD_U,
   OP16_MAD_I,
   OP16_MAD_U32,
   OP16_MAD_I32,
   OP16_MIN3_I,
   OP16_MIN3_U,
   OP16_MAX3_I,
   OP16_MAX3_U,
   OP16_MED3_I,
   OP16_MED3_U,
};

/* One lane of a 16-bit operation on zero-extended 16-bit a, b, c (c is 32 bits for the
 * _u32_u16/_i32_i16 mads). */
static uint32_t op16(struct lower *l, enum op16 op, uint32_t a, uint32_t b, uint32_t c, bool sat)
{
   uint32_t sa = sext16(l, a), sb = sext16(l, b);
   switch (op) {
   case OP16_ADD_U:
      return sat16(l, bin(l, SpvOpIAdd, a, b), false, sat);
   case OP16_SUB_U:
      return sat ? lw_select(l, T32, cmp(l, SpvOpULessThan, a, b), c32(l, 0),
                             bin(l, SpvOpISub, a, b))
                 : bin(l, SpvOpISub, a, b);
   case OP16_MUL_LO:
      return bin(l, SpvOpIMul, a, b);
   case OP16_LSHRREV:
      return bin(l, SpvOpShiftRightLogical, b, bin(l, SpvOpBitwiseAnd, a, c32(l, 15)));
   case OP16_ASHRREV:
      return bin(l, SpvOpShiftRightArithmetic, sb, bin(l, SpvOpBitwiseAnd, a, c32(l, 15)));
   case OP16_LSHLREV:
      return bin(l, SpvOpShiftLeftLogical, b, bin(l, SpvOpBitwiseAnd, a, c32(l, 15)));
   case OP16_MAX_U:
      return umax(l, a, b);
   case OP16_MAX_I:
      return smax(l, sa, sb);
   case OP16_MIN_U:
      return umin(l, a, b);
   case OP16_MIN_I:
      return smin(l, sa, sb);
   case OP16_ADD_I:
      return sat16(l, bin(l, SpvOpIAdd, sa, sb), true, sat);
   case OP16_SUB_I:
      return sat16(l, bin(l, SpvOpISub, sa, sb), true, sat);
   case OP16_MAD_U:
      return sat16(l, bin(l, SpvOpIAdd, bin(l, SpvOpIMul, a, b), c), false, sat);
   case OP16_MAD_I:
      return sat16(l, bin(l, SpvOpIAdd, bin(l, SpvOpIMul, sa, sb), sext16(l, c)), true, sat);
   case OP16_MAD_U32: {
      uint32_t r = bin(l, SpvOpIAdd, bin(l, SpvOpIMul, a, b), c);
      /* the product fits 32 bits; clamp saturates the sum's carry */
      return sat ? lw_select(l, T32, cmp(l, SpvOpULessThan, r, c), c32(l, 0xffffffffu), r) : r;
   }
   case OP16_MAD_I32: {
      uint32_t p = bin(l, SpvOpIMul, sa, sb), r = bin(l, SpvOpIAdd, p, c);
      if (!sat)
         return r;
      uint32_t x = not32(l, bin(l, SpvOpBitwiseXor, p, c));
      uint32_t overflow = sign_bit(l, bin(l, SpvOpBitwiseAnd, x, bin(l, SpvOpBitwiseXor, p, r)));
      uint32_t limit = lw_select(l, T32, sign_bit(l, p), c32(l, 0x80000000u), c32(l, 0x7fffffffu));
      return lw_select(l, T32, overflow, limit, r);
   }
   case OP16_MIN3_I:
      return smin(l, smin(l, sa, sb), sext16(l, c));
   case OP16_MIN3_U:
      return umin(l, umin(l, a, b), c);
   case OP16_MAX3_I:
      return smax(l, smax(l, sa, sb), sext16(l, c));
   case OP16_MAX3_U:
      return umax(l, umax(l, a, b), c);
   case OP16_MED3_I: {
      uint32_t sc = sext16(l, c);
      return smax(l, smin(l, sa, sb), smin(l, smax(l, sa, sb), sc));
   }
   case OP16_MED3_U:
      return umax(l, umin(l, a, b), umin(l, umax(l, a, b), c));
   }
   return a;
}

/* sources: 2 or 3; has_opsel: the row takes op_sel; wide: the result and c are 32 bits. */
static enum rdna_status valu16(struct lower *l, const struct rdna_inst *in, enum op16 op,
                               unsigned sources, bool has_opsel, bool wide)
{
   uint32_t a[LOWER_MAX_SLOTS], b[LOWER_MAX_SLOTS], c[LOWER_MAX_SLOTS];
   src16(l, in, 1, 0, a);
   src16(l, in, 2, 1, b);
   if (sources == 3) {
      if (wide)
         lw_vsrc(l, &in->operands[3], c);
      else
         src16(l, in, 3, 2, c);
   }
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t r = op16(l, op, a[k], b[k], sources == 3 ? c[k] : 0, clamped(in));
      if (wide)
         lw_vwrite(l, vdst(in), k, r);
      else
         write16(l, in, k, r, has_opsel);
   }
   return RDNA_OK;
}

#define OP16(name, op, sources, has_opsel, wide)                              \
   enum rdna_status lower_##name(struct lower *l, const struct rdna_inst *in) \
   {                                                                          \
      return valu16(l, in, op, sources, has_opsel, wide);                     \
   }

OP16(v_add_nc_u16, OP16_ADD_U, 2, false, false)
OP16(v_sub_nc_u16, OP16_SUB_U, 2, false, false)
OP16(v_mul_lo_u16, OP16_MUL_LO, 2, false, false)
OP16(v_lshrrev_b16, OP16_LSHRREV, 2, false, false)
OP16(v_ashrrev_i16, OP16_ASHRREV, 2, false, false)
OP16(v_lshlrev_b16, OP16_LSHLREV, 2, false, false)
OP16(v_max_u16, OP16_MAX_U, 2, false, false)
OP16(v_max_i16, OP16_MAX_I, 2, false, false)
OP16(v_min_u16, OP16_MIN_U, 2, false, false)
OP16(v_min_i16, OP16_MIN_I, 2, false, false)
OP16(v_add_nc_i16, OP16_ADD_I, 2, true, false)
OP16(v_sub_nc_i16, OP16_SUB_I, 2, true, false)
OP16(v_mad_u16, OP16_MAD_U, 3, true, false)
OP16(v_mad_i16, OP16_MAD_I, 3, true, false)
OP16(v_mad_u32_u16, OP16_MAD_U32, 3, true, true)
OP16(v_mad_i32_i16, OP16_MAD_I32, 3, true, true)
OP16(v_min3_i16, OP16_MIN3_I, 3, true, false)
OP16(v_min3_u16, OP16_MIN3_U, 3, true, false)
OP16(v_max3_i16, OP16_MAX3_I, 3, true, false)
OP16(v_max3_u16, OP16_MAX3_U, 3, true, false)
OP16(v_med3_i16, OP16_MED3_I, 3, true, false)
OP16(v_med3_u16, OP16_MED3_U, 3, true, false)

/* v_dot4c_i32_i8: D = D + the dot product of S0's and S1's signed bytes (guide 12.7). */
static uint32_t sbyte(struct lower *l, uint32_t v, unsigned i)
{
   return bin(l, SpvOpShiftRightArithmetic, bin(l, SpvOpShiftLeftLogical, v, c32(l, 24 - 8 * i)),
              c32(l, 24));
}

enum rdna_status lower_v_dot4c_i32_i8(struct lower *l, const struct rdna_inst *in)
{
   uint32_t a[LOWER_MAX_SLOTS], b[LOWER_MAX_SLOTS];
   lw_vsrc(l, &in->operands[1], a);
   lw_vsrc(l, &in->operands[2], b);
   for (unsigned k = 0; k < l->slots; k++) {
      /* the dot product is exact in 32 bits; clamp saturates its sum with D to i32 */
      uint32_t dot = bin(l, SpvOpIMul, sbyte(l, a[k], 0), sbyte(l, b[k], 0));
      for (unsigned i = 1; i < 4; i++)
         dot = bin(l, SpvOpIAdd, dot, bin(l, SpvOpIMul, sbyte(l, a[k], i), sbyte(l, b[k], i)));
      lw_vwrite(l, vdst(in), k, addsub(l, ADD_I32, lw_vgpr(l, vdst(in), k), dot, clamped(in)));
   }
   return RDNA_OK;
}

/* Quad SADs (guide 12.10, V_QSAD_PK_U16_U8 / V_MQSAD_PK_U16_U8 / V_MQSAD_U32_U8): the S1
 * reference dword against the four byte-aligned dwords of the 64-bit S0 starting at bytes 0-3;
 * result k accumulates into element k of S2: a 16-bit element of a 64-bit value (wrapping, or
 * saturating with clamp) or a 32-bit element of a 128-bit value. The m forms skip reference
 * bytes of 0. A 128-bit S2 that is a constant extends its sign into the high half. */
static enum rdna_status quad_sad(struct lower *l, const struct rdna_inst *in, bool masked,
                                 bool wide)
{
   uint32_t s0[LOWER_MAX_SLOTS], ref[LOWER_MAX_SLOTS], acc[LOWER_MAX_SLOTS];
   lw_vsrc64(l, &in->operands[1], s0);
   lw_vsrc(l, &in->operands[2], ref);
   const struct rdna_operand *s2 = &in->operands[3];
   lw_vsrc64(l, s2, acc);
   bool sat = clamped(in);
   unsigned outputs = wide ? 4 : 2;
   uint32_t out[4][LOWER_MAX_SLOTS];
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t element[4] = { lw_lo(l, acc[k]), lw_hi(l, acc[k]), 0, 0 };
      if (wide && lw_is_vgpr(s2)) {
         element[2] = lw_vgpr(l, s2->reg - RDNA_REG_VGPR0 + 2, k);
         element[3] = lw_vgpr(l, s2->reg - RDNA_REG_VGPR0 + 3, k);
      } else if (wide && s2->reg + 3u < LOWER_SREGS) {
         element[2] = lw_sreg(l, s2->reg + 2u);
         element[3] = lw_sreg(l, s2->reg + 3u);
      } else if (wide) {
         element[2] = element[3] = bin(l, SpvOpShiftRightArithmetic, element[1], c32(l, 31));
      }
      uint32_t packed[2] = { c32(l, 0), c32(l, 0) };
      for (unsigned i = 0; i < 4; i++) {
         uint32_t dword = lw_lo(l, bin64(l, SpvOpShiftRightLogical, s0[k], c32(l, 8 * i)));
         uint32_t sum = sad_bytes(l, dword, ref[k], c32(l, 0), masked);
         if (wide) {
            uint32_t r = bin(l, SpvOpIAdd, element[i], sum);
            if (sat) /* a carry out of 32 bits saturates */
               r = lw_select(l, T32, cmp(l, SpvOpULessThan, r, sum), c32(l, 0xffffffffu), r);
            out[i][k] = r;
            continue;
         }
         uint32_t r = bin(l, SpvOpIAdd, field(l, element[i / 2], 16 * (i % 2), 0xffff), sum);
         if (sat)
            r = lw_select(l, T32, cmp(l, SpvOpUGreaterThan, r, c32(l, 0xffff)), c32(l, 0xffff), r);
         r = bin(l, SpvOpShiftLeftLogical, bin(l, SpvOpBitwiseAnd, r, c32(l, 0xffff)),
                 c32(l, 16 * (i % 2)));
         packed[i / 2] = bin(l, SpvOpBitwiseOr, packed[i / 2], r);
      }
      if (!wide) {
         out[0][k] = packed[0];
         out[1][k] = packed[1];
      }
   }
   for (unsigned i = 0; i < outputs; i++)
      for (unsigned k = 0; k < l->slots; k++)
         lw_vwrite(l, vdst(in) + i, k, out[i][k]);
   return RDNA_OK;
}

enum rdna_status lower_v_qsad_pk_u16_u8(struct lower *l, const struct rdna_inst *in)
{
   return quad_sad(l, in, false, false);
}

enum rdna_status lower_v_mqsad_pk_u16_u8(struct lower *l, const struct rdna_inst *in)
{
   return quad_sad(l, in, true, false);
}

enum rdna_status lower_v_mqsad_u32_u8(struct lower *l, const struct rdna_inst *in)
{
   return quad_sad(l, in, true, true);
}
