/* Scalar ALU lowering: SOP2, SOP1, SOPK, SOPC and SOPP (RDNA2 ISA guide chapter 12), with their
 * SCC rules, calls and branches. Scalar state is wave-uniform: every invocation computes the
 * same values. Control flow sets l->next_pc; the block's dispatcher case stores it. */
#include <spirv/unified1/GLSL.std.450.h>

#include "recomp/lower.h"

static uint32_t src(struct lower *l, const struct rdna_inst *in, unsigned i)
{
   return lw_scalar_src(l, &in->operands[i]);
}

static uint32_t src64(struct lower *l, const struct rdna_inst *in, unsigned i)
{
   return lw_scalar_src64(l, &in->operands[i]);
}

static void dst(struct lower *l, const struct rdna_inst *in, uint32_t v)
{
   lw_sdst(l, &in->operands[0], v);
}

static void dst64(struct lower *l, const struct rdna_inst *in, uint32_t v)
{
   lw_sdst64(l, &in->operands[0], v);
}

static uint32_t not32(struct lower *l, uint32_t x)
{
   return lw_op1(l, SpvOpNot, T32, x);
}

static uint32_t sign_bit(struct lower *l, uint32_t x)
{
   return lw_nz(l, bin(l, SpvOpShiftRightLogical, x, c32(l, 31)));
}

/* Shift counts: S1[4:0] for 32-bit operations, S1[5:0] for 64-bit ones. */
static uint32_t sh32(struct lower *l, uint32_t x)
{
   return bin(l, SpvOpBitwiseAnd, x, c32(l, 31));
}

static uint32_t sh64(struct lower *l, uint32_t x)
{
   return bin(l, SpvOpBitwiseAnd, x, c32(l, 63));
}

static void scc_nz(struct lower *l, uint32_t d)
{
   lw_scc_write(l, lw_nz(l, d));
}

static void scc_nz64(struct lower *l, uint32_t d)
{
   lw_scc_write(l, lw_nz64(l, d));
}

/* ---- SOP2 ----------------------------------------------------------------------------------- */

enum sop2 {
   S2_ADD_U32,
   S2_SUB_U32,
   S2_ADD_I32,
   S2_SUB_I32,
   S2_ADDC,
   S2_SUBB,
   S2_MIN_I32,
   S2_MIN_U32,
   S2_MAX_I32,
   S2_MAX_U32,
   S2_AND,
   S2_OR,
   S2_XOR,
   S2_ANDN2,
   S2_ORN2,
   S2_NAND,
   S2_NOR,
   S2_XNOR,
   S2_LSHL,
   S2_LSHR,
   S2_ASHR,
   S2_ABSDIFF,
};

/* 32-bit SOP2 with its SCC (RDNA2 ISA guide 12.1): carry/borrow for the unsigned add/sub,
 * signed overflow for the signed ones, "S0 chosen" for min/max, result != 0 otherwise. */
static enum rdna_status sop2_32(struct lower *l, const struct rdna_inst *in, enum sop2 op)
{
   uint32_t a = src(l, in, 1), b = src(l, in, 2), d = 0, scc = 0;
   switch (op) {
   case S2_ADD_U32:
      d = bin(l, SpvOpIAdd, a, b);
      scc = cmp(l, SpvOpULessThan, d, a);
      break;
   case S2_SUB_U32:
      d = bin(l, SpvOpISub, a, b);
      scc = cmp(l, SpvOpUGreaterThan, b, a);
      break;
   case S2_ADD_I32:
      d = bin(l, SpvOpIAdd, a, b);
      scc = sign_bit(l, bin(l, SpvOpBitwiseAnd, not32(l, bin(l, SpvOpBitwiseXor, a, b)),
                            bin(l, SpvOpBitwiseXor, a, d)));
      break;
   case S2_SUB_I32:
      d = bin(l, SpvOpISub, a, b);
      scc = sign_bit(
         l, bin(l, SpvOpBitwiseAnd, bin(l, SpvOpBitwiseXor, a, b), bin(l, SpvOpBitwiseXor, a, d)));
      break;
   case S2_ADDC:
   case S2_SUBB: {
      uint32_t carry = lw_zext64(l, lw_scc_u32(l));
      uint32_t a64 = lw_zext64(l, a), b64 = lw_zext64(l, b);
      if (op == S2_ADDC) {
         uint32_t sum = bin64(l, SpvOpIAdd, bin64(l, SpvOpIAdd, a64, b64), carry);
         d = lw_lo(l, sum);
         scc = lw_nz(l, lw_hi(l, sum));
      } else {
         d = lw_lo(l, bin64(l, SpvOpISub, bin64(l, SpvOpISub, a64, b64), carry));
         scc = lw_op2(l, SpvOpUGreaterThan, TB, bin64(l, SpvOpIAdd, b64, carry), a64);
      }
      break;
   }
   case S2_MIN_I32:
   case S2_MIN_U32:
   case S2_MAX_I32:
   case S2_MAX_U32: {
      static const SpvOp ops[] = { SpvOpSLessThan, SpvOpULessThan, SpvOpSGreaterThan,
                                   SpvOpUGreaterThan };
      scc = cmp(l, ops[op - S2_MIN_I32], a, b);
      d = lw_select(l, T32, scc, a, b);
      break;
   }
   case S2_AND:
      d = bin(l, SpvOpBitwiseAnd, a, b);
      break;
   case S2_OR:
      d = bin(l, SpvOpBitwiseOr, a, b);
      break;
   case S2_XOR:
      d = bin(l, SpvOpBitwiseXor, a, b);
      break;
   case S2_ANDN2:
      d = bin(l, SpvOpBitwiseAnd, a, not32(l, b));
      break;
   case S2_ORN2:
      d = bin(l, SpvOpBitwiseOr, a, not32(l, b));
      break;
   case S2_NAND:
      d = not32(l, bin(l, SpvOpBitwiseAnd, a, b));
      break;
   case S2_NOR:
      d = not32(l, bin(l, SpvOpBitwiseOr, a, b));
      break;
   case S2_XNOR:
      d = not32(l, bin(l, SpvOpBitwiseXor, a, b));
      break;
   case S2_LSHL:
      d = bin(l, SpvOpShiftLeftLogical, a, sh32(l, b));
      break;
   case S2_LSHR:
      d = bin(l, SpvOpShiftRightLogical, a, sh32(l, b));
      break;
   case S2_ASHR:
      d = bin(l, SpvOpShiftRightArithmetic, a, sh32(l, b));
      break;
   case S2_ABSDIFF: {
      uint32_t diff = bin(l, SpvOpISub, a, b);
      d = lw_select(l, T32, sign_bit(l, diff), bin(l, SpvOpISub, c32(l, 0), diff), diff);
      break;
   }
   }
   dst(l, in, d);
   lw_scc_write(l, scc ? scc : lw_nz(l, d));
   return RDNA_OK;
}

/* 64-bit bitwise SOP2: SCC = result != 0. */
static enum rdna_status sop2_64(struct lower *l, const struct rdna_inst *in, enum sop2 op)
{
   uint32_t a = src64(l, in, 1), b = src64(l, in, 2), d = 0;
   uint32_t nb = lw_op1(l, SpvOpNot, T64, b);
   switch (op) {
   case S2_AND:
      d = bin64(l, SpvOpBitwiseAnd, a, b);
      break;
   case S2_OR:
      d = bin64(l, SpvOpBitwiseOr, a, b);
      break;
   case S2_XOR:
      d = bin64(l, SpvOpBitwiseXor, a, b);
      break;
   case S2_ANDN2:
      d = bin64(l, SpvOpBitwiseAnd, a, nb);
      break;
   case S2_ORN2:
      d = bin64(l, SpvOpBitwiseOr, a, nb);
      break;
   case S2_NAND:
      d = lw_op1(l, SpvOpNot, T64, bin64(l, SpvOpBitwiseAnd, a, b));
      break;
   case S2_NOR:
      d = lw_op1(l, SpvOpNot, T64, bin64(l, SpvOpBitwiseOr, a, b));
      break;
   case S2_XNOR:
      d = lw_op1(l, SpvOpNot, T64, bin64(l, SpvOpBitwiseXor, a, b));
      break;
   default:
      break;
   }
   dst64(l, in, d);
   scc_nz64(l, d);
   return RDNA_OK;
}

/* 64-bit shifts: S0 64 bits, S1[5:0] the count; SCC = result != 0. */
static enum rdna_status sop2_shift64(struct lower *l, const struct rdna_inst *in, SpvOp op)
{
   uint32_t d = bin64(l, op, src64(l, in, 1), sh64(l, src(l, in, 2)));
   dst64(l, in, d);
   scc_nz64(l, d);
   return RDNA_OK;
}

#define SOP2_32(name, op)                                                     \
   enum rdna_status lower_##name(struct lower *l, const struct rdna_inst *in) \
   {                                                                          \
      return sop2_32(l, in, op);                                              \
   }
#define SOP2_64(name, op)                                                     \
   enum rdna_status lower_##name(struct lower *l, const struct rdna_inst *in) \
   {                                                                          \
      return sop2_64(l, in, op);                                              \
   }

SOP2_32(s_add_u32, S2_ADD_U32)
SOP2_32(s_sub_u32, S2_SUB_U32)
SOP2_32(s_add_i32, S2_ADD_I32)
SOP2_32(s_sub_i32, S2_SUB_I32)
SOP2_32(s_addc_u32, S2_ADDC)
SOP2_32(s_subb_u32, S2_SUBB)
SOP2_32(s_min_i32, S2_MIN_I32)
SOP2_32(s_min_u32, S2_MIN_U32)
SOP2_32(s_max_i32, S2_MAX_I32)
SOP2_32(s_max_u32, S2_MAX_U32)
SOP2_32(s_and_b32, S2_AND)
SOP2_64(s_and_b64, S2_AND)
SOP2_32(s_or_b32, S2_OR)
SOP2_64(s_or_b64, S2_OR)
SOP2_32(s_xor_b32, S2_XOR)
SOP2_64(s_xor_b64, S2_XOR)
SOP2_32(s_andn2_b32, S2_ANDN2)
SOP2_64(s_andn2_b64, S2_ANDN2)
SOP2_32(s_orn2_b32, S2_ORN2)
SOP2_64(s_orn2_b64, S2_ORN2)
SOP2_32(s_nand_b32, S2_NAND)
SOP2_64(s_nand_b64, S2_NAND)
SOP2_32(s_nor_b32, S2_NOR)
SOP2_64(s_nor_b64, S2_NOR)
SOP2_32(s_xnor_b32, S2_XNOR)
SOP2_64(s_xnor_b64, S2_XNOR)
SOP2_32(s_lshl_b32, S2_LSHL)
SOP2_32(s_lshr_b32, S2_LSHR)
SOP2_32(s_ashr_i32, S2_ASHR)
SOP2_32(s_absdiff_i32, S2_ABSDIFF)

enum rdna_status lower_s_lshl_b64(struct lower *l, const struct rdna_inst *in)
{
   return sop2_shift64(l, in, SpvOpShiftLeftLogical);
}

enum rdna_status lower_s_lshr_b64(struct lower *l, const struct rdna_inst *in)
{
   return sop2_shift64(l, in, SpvOpShiftRightLogical);
}

enum rdna_status lower_s_ashr_i64(struct lower *l, const struct rdna_inst *in)
{
   return sop2_shift64(l, in, SpvOpShiftRightArithmetic);
}

enum rdna_status lower_s_cselect_b32(struct lower *l, const struct rdna_inst *in)
{
   dst(l, in, lw_select(l, T32, lw_scc(l), src(l, in, 1), src(l, in, 2)));
   return RDNA_OK;
}

enum rdna_status lower_s_cselect_b64(struct lower *l, const struct rdna_inst *in)
{
   dst64(l, in, lw_select(l, T64, lw_scc(l), src64(l, in, 1), src64(l, in, 2)));
   return RDNA_OK;
}

/* s_bfm: D = ((1 << S0[4:0]) - 1) << S1[4:0] (S0[5:0], S1[5:0] for b64); no SCC. */
enum rdna_status lower_s_bfm_b32(struct lower *l, const struct rdna_inst *in)
{
   uint32_t mask = bin(l, SpvOpISub,
                       bin(l, SpvOpShiftLeftLogical, c32(l, 1), sh32(l, src(l, in, 1))), c32(l, 1));
   dst(l, in, bin(l, SpvOpShiftLeftLogical, mask, sh32(l, src(l, in, 2))));
   return RDNA_OK;
}

enum rdna_status lower_s_bfm_b64(struct lower *l, const struct rdna_inst *in)
{
   uint32_t mask = bin64(
      l, SpvOpISub, bin64(l, SpvOpShiftLeftLogical, c64(l, 1), sh64(l, src(l, in, 1))), c64(l, 1));
   dst64(l, in, bin64(l, SpvOpShiftLeftLogical, mask, sh64(l, src(l, in, 2))));
   return RDNA_OK;
}

enum rdna_status lower_s_mul_i32(struct lower *l, const struct rdna_inst *in)
{
   dst(l, in, bin(l, SpvOpIMul, src(l, in, 1), src(l, in, 2)));
   return RDNA_OK;
}

static enum rdna_status mul_hi(struct lower *l, const struct rdna_inst *in, bool is_signed)
{
   uint32_t a = src(l, in, 1), b = src(l, in, 2);
   uint32_t a64 = is_signed ? lw_sext64(l, a) : lw_zext64(l, a);
   uint32_t b64 = is_signed ? lw_sext64(l, b) : lw_zext64(l, b);
   dst(l, in, lw_hi(l, bin64(l, SpvOpIMul, a64, b64)));
   return RDNA_OK;
}

enum rdna_status lower_s_mul_hi_u32(struct lower *l, const struct rdna_inst *in)
{
   return mul_hi(l, in, false);
}

enum rdna_status lower_s_mul_hi_i32(struct lower *l, const struct rdna_inst *in)
{
   return mul_hi(l, in, true);
}

/* Bit-field extract of a 64-bit value: offset S1[4:0] (S1[5:0] for 64-bit sources), width
 * S1[22:16]; the signed forms sign-extend a field clipped to the bits that exist; SCC = D != 0. */
static uint32_t bfe(struct lower *l, uint32_t value64, uint32_t control, unsigned bits,
                    bool is_signed)
{
   uint32_t offset = bits == 64 ? sh64(l, control) : sh32(l, control);
   uint32_t width =
      bin(l, SpvOpBitwiseAnd, bin(l, SpvOpShiftRightLogical, control, c32(l, 16)), c32(l, 0x7f));
   uint32_t shifted = bin64(l, SpvOpShiftRightLogical, value64, offset);
   if (!is_signed) {
      uint32_t narrow = cmp(l, SpvOpULessThan, width, c32(l, 64));
      uint32_t safe = lw_select(l, T32, narrow, width, c32(l, 0));
      uint32_t mask =
         bin64(l, SpvOpISub, bin64(l, SpvOpShiftLeftLogical, c64(l, 1), safe), c64(l, 1));
      return lw_select(l, T64, narrow, bin64(l, SpvOpBitwiseAnd, shifted, mask), shifted);
   }
   uint32_t room = bin(l, SpvOpISub, c32(l, bits), offset);
   uint32_t w = lw_select(l, T32, cmp(l, SpvOpUGreaterThan, width, room), room, width);
   uint32_t zero = cmp(l, SpvOpIEqual, w, c32(l, 0));
   uint32_t up = bin(l, SpvOpISub, c32(l, 64), lw_select(l, T32, zero, c32(l, 1), w));
   uint32_t field =
      bin64(l, SpvOpShiftRightArithmetic, bin64(l, SpvOpShiftLeftLogical, shifted, up), up);
   return lw_select(l, T64, zero, c64(l, 0), field);
}

static enum rdna_status s_bfe(struct lower *l, const struct rdna_inst *in, unsigned bits,
                              bool is_signed)
{
   uint32_t value = bits == 64 ? src64(l, in, 1) : lw_zext64(l, src(l, in, 1));
   uint32_t d = bfe(l, value, src(l, in, 2), bits, is_signed);
   if (bits == 64) {
      dst64(l, in, d);
      scc_nz64(l, d);
   } else {
      uint32_t d32 = lw_lo(l, d);
      dst(l, in, d32);
      scc_nz(l, d32);
   }
   return RDNA_OK;
}

enum rdna_status lower_s_bfe_u32(struct lower *l, const struct rdna_inst *in)
{
   return s_bfe(l, in, 32, false);
}

enum rdna_status lower_s_bfe_i32(struct lower *l, const struct rdna_inst *in)
{
   return s_bfe(l, in, 32, true);
}

enum rdna_status lower_s_bfe_u64(struct lower *l, const struct rdna_inst *in)
{
   return s_bfe(l, in, 64, false);
}

enum rdna_status lower_s_bfe_i64(struct lower *l, const struct rdna_inst *in)
{
   return s_bfe(l, in, 64, true);
}

/* s_lshlN_add_u32: D = (S0 << N) + S1; SCC = unsigned overflow of the whole expression. */
static enum rdna_status lshl_add(struct lower *l, const struct rdna_inst *in, unsigned n)
{
   uint32_t wide =
      bin64(l, SpvOpIAdd, bin64(l, SpvOpShiftLeftLogical, lw_zext64(l, src(l, in, 1)), c32(l, n)),
            lw_zext64(l, src(l, in, 2)));
   dst(l, in, lw_lo(l, wide));
   lw_scc_write(l, lw_nz(l, lw_hi(l, wide)));
   return RDNA_OK;
}

enum rdna_status lower_s_lshl1_add_u32(struct lower *l, const struct rdna_inst *in)
{
   return lshl_add(l, in, 1);
}

enum rdna_status lower_s_lshl2_add_u32(struct lower *l, const struct rdna_inst *in)
{
   return lshl_add(l, in, 2);
}

enum rdna_status lower_s_lshl3_add_u32(struct lower *l, const struct rdna_inst *in)
{
   return lshl_add(l, in, 3);
}

enum rdna_status lower_s_lshl4_add_u32(struct lower *l, const struct rdna_inst *in)
{
   return lshl_add(l, in, 4);
}

static enum rdna_status pack(struct lower *l, const struct rdna_inst *in, bool a_high, bool b_high)
{
   uint32_t a = src(l, in, 1), b = src(l, in, 2);
   uint32_t lo = a_high ? bin(l, SpvOpShiftRightLogical, a, c32(l, 16))
                        : bin(l, SpvOpBitwiseAnd, a, c32(l, 0xffff));
   uint32_t hi = b_high ? bin(l, SpvOpBitwiseAnd, b, c32(l, 0xffff0000u))
                        : bin(l, SpvOpShiftLeftLogical, b, c32(l, 16));
   dst(l, in, bin(l, SpvOpBitwiseOr, lo, hi));
   return RDNA_OK;
}

enum rdna_status lower_s_pack_ll_b32_b16(struct lower *l, const struct rdna_inst *in)
{
   return pack(l, in, false, false);
}

enum rdna_status lower_s_pack_lh_b32_b16(struct lower *l, const struct rdna_inst *in)
{
   return pack(l, in, false, true);
}

enum rdna_status lower_s_pack_hh_b32_b16(struct lower *l, const struct rdna_inst *in)
{
   return pack(l, in, true, true);
}

/* ---- SOP1 ----------------------------------------------------------------------------------- */

enum rdna_status lower_s_mov_b32(struct lower *l, const struct rdna_inst *in)
{
   dst(l, in, src(l, in, 1));
   return RDNA_OK;
}

enum rdna_status lower_s_mov_b64(struct lower *l, const struct rdna_inst *in)
{
   dst64(l, in, src64(l, in, 1));
   return RDNA_OK;
}

enum rdna_status lower_s_cmov_b32(struct lower *l, const struct rdna_inst *in)
{
   dst(l, in, lw_select(l, T32, lw_scc(l), src(l, in, 1), src(l, in, 0)));
   return RDNA_OK;
}

enum rdna_status lower_s_cmov_b64(struct lower *l, const struct rdna_inst *in)
{
   dst64(l, in, lw_select(l, T64, lw_scc(l), src64(l, in, 1), src64(l, in, 0)));
   return RDNA_OK;
}

enum rdna_status lower_s_not_b32(struct lower *l, const struct rdna_inst *in)
{
   uint32_t d = not32(l, src(l, in, 1));
   dst(l, in, d);
   scc_nz(l, d);
   return RDNA_OK;
}

enum rdna_status lower_s_not_b64(struct lower *l, const struct rdna_inst *in)
{
   uint32_t d = lw_op1(l, SpvOpNot, T64, src64(l, in, 1));
   dst64(l, in, d);
   scc_nz64(l, d);
   return RDNA_OK;
}

/* One bit per nibble of `v` (any bit of the nibble set), at bit 4q of the result. */
static uint32_t nibble_any(struct lower *l, uint32_t v64)
{
   uint32_t x = v64;
   for (uint32_t s = 1; s < 4; s++)
      x = bin64(l, SpvOpBitwiseOr, x, bin64(l, SpvOpShiftRightLogical, v64, c32(l, s)));
   return bin64(l, SpvOpBitwiseAnd, x, c64(l, 0x1111111111111111ull));
}

/* s_wqm: each quad of bits becomes all ones when any of its bits is set; SCC = D != 0. */
enum rdna_status lower_s_wqm_b32(struct lower *l, const struct rdna_inst *in)
{
   uint32_t d =
      lw_lo(l, bin64(l, SpvOpIMul, nibble_any(l, lw_zext64(l, src(l, in, 1))), c64(l, 15)));
   dst(l, in, d);
   scc_nz(l, d);
   return RDNA_OK;
}

enum rdna_status lower_s_wqm_b64(struct lower *l, const struct rdna_inst *in)
{
   uint32_t d = bin64(l, SpvOpIMul, nibble_any(l, src64(l, in, 1)), c64(l, 15));
   dst64(l, in, d);
   scc_nz64(l, d);
   return RDNA_OK;
}

/* s_quadmask: D[q] = any bit of nibble q of S0; SCC = D != 0. */
static uint32_t quadmask(struct lower *l, uint32_t v64, unsigned quads)
{
   uint32_t x = nibble_any(l, v64), d = c64(l, 0);
   for (unsigned q = 0; q < quads; q++) {
      uint32_t bit =
         bin64(l, SpvOpBitwiseAnd, bin64(l, SpvOpShiftRightLogical, x, c32(l, 4 * q)), c64(l, 1));
      d = bin64(l, SpvOpBitwiseOr, d, bin64(l, SpvOpShiftLeftLogical, bit, c32(l, q)));
   }
   return d;
}

enum rdna_status lower_s_quadmask_b32(struct lower *l, const struct rdna_inst *in)
{
   uint32_t d = lw_lo(l, quadmask(l, lw_zext64(l, src(l, in, 1)), 8));
   dst(l, in, d);
   scc_nz(l, d);
   return RDNA_OK;
}

enum rdna_status lower_s_quadmask_b64(struct lower *l, const struct rdna_inst *in)
{
   uint32_t d = quadmask(l, src64(l, in, 1), 16);
   dst64(l, in, d);
   scc_nz64(l, d);
   return RDNA_OK;
}

enum rdna_status lower_s_brev_b32(struct lower *l, const struct rdna_inst *in)
{
   dst(l, in, lw_op1(l, SpvOpBitReverse, T32, src(l, in, 1)));
   return RDNA_OK;
}

enum rdna_status lower_s_brev_b64(struct lower *l, const struct rdna_inst *in)
{
   uint32_t v = src64(l, in, 1);
   uint32_t lo = lw_op1(l, SpvOpBitReverse, T32, lw_lo(l, v));
   uint32_t hi = lw_op1(l, SpvOpBitReverse, T32, lw_hi(l, v));
   dst64(l, in, lw_pack64(l, hi, lo));
   return RDNA_OK;
}

static uint32_t popcount64(struct lower *l, uint32_t v64)
{
   return bin(l, SpvOpIAdd, lw_op1(l, SpvOpBitCount, T32, lw_lo(l, v64)),
              lw_op1(l, SpvOpBitCount, T32, lw_hi(l, v64)));
}

static enum rdna_status bcnt(struct lower *l, const struct rdna_inst *in, bool ones, bool is64)
{
   uint32_t d;
   if (is64) {
      uint32_t v = src64(l, in, 1);
      d = popcount64(l, ones ? v : lw_op1(l, SpvOpNot, T64, v));
   } else {
      uint32_t v = src(l, in, 1);
      d = lw_op1(l, SpvOpBitCount, T32, ones ? v : not32(l, v));
   }
   dst(l, in, d);
   scc_nz(l, d);
   return RDNA_OK;
}

enum rdna_status lower_s_bcnt0_i32_b32(struct lower *l, const struct rdna_inst *in)
{
   return bcnt(l, in, false, false);
}

enum rdna_status lower_s_bcnt0_i32_b64(struct lower *l, const struct rdna_inst *in)
{
   return bcnt(l, in, false, true);
}

enum rdna_status lower_s_bcnt1_i32_b32(struct lower *l, const struct rdna_inst *in)
{
   return bcnt(l, in, true, false);
}

enum rdna_status lower_s_bcnt1_i32_b64(struct lower *l, const struct rdna_inst *in)
{
   return bcnt(l, in, true, true);
}

/* Lowest set bit of a 64-bit value, -1 (0xffffffff) when none (GLSL FindILsb gives -1 for 0). */
static uint32_t find_lsb64(struct lower *l, uint32_t v64)
{
   uint32_t lo = lw_lo(l, v64), hi = lw_hi(l, v64);
   uint32_t lsb_lo = lw_glsl(l, GLSLstd450FindILsb, T32, &lo, 1);
   uint32_t lsb_hi = lw_glsl(l, GLSLstd450FindILsb, T32, &hi, 1);
   uint32_t hi_index =
      lw_select(l, T32, lw_nz(l, hi), bin(l, SpvOpIAdd, lsb_hi, c32(l, 32)), c32(l, 0xffffffffu));
   return lw_select(l, T32, lw_nz(l, lo), lsb_lo, hi_index);
}

/* Leading zeros of a 32-bit value, -1 when it is 0. */
static uint32_t clz32(struct lower *l, uint32_t v)
{
   uint32_t msb = lw_glsl(l, GLSLstd450FindUMsb, T32, &v, 1);
   return lw_select(l, T32, lw_nz(l, v), bin(l, SpvOpISub, c32(l, 31), msb), c32(l, 0xffffffffu));
}

static uint32_t clz64(struct lower *l, uint32_t v64)
{
   uint32_t lo = lw_lo(l, v64), hi = lw_hi(l, v64);
   uint32_t lo_count = lw_select(l, T32, lw_nz(l, lo), bin(l, SpvOpIAdd, clz32(l, lo), c32(l, 32)),
                                 c32(l, 0xffffffffu));
   return lw_select(l, T32, lw_nz(l, hi), clz32(l, hi), lo_count);
}

enum rdna_status lower_s_ff0_i32_b32(struct lower *l, const struct rdna_inst *in)
{
   dst(l, in, find_lsb64(l, lw_zext64(l, not32(l, src(l, in, 1)))));
   return RDNA_OK;
}

enum rdna_status lower_s_ff0_i32_b64(struct lower *l, const struct rdna_inst *in)
{
   dst(l, in, find_lsb64(l, lw_op1(l, SpvOpNot, T64, src64(l, in, 1))));
   return RDNA_OK;
}

enum rdna_status lower_s_ff1_i32_b32(struct lower *l, const struct rdna_inst *in)
{
   dst(l, in, find_lsb64(l, lw_zext64(l, src(l, in, 1))));
   return RDNA_OK;
}

enum rdna_status lower_s_ff1_i32_b64(struct lower *l, const struct rdna_inst *in)
{
   dst(l, in, find_lsb64(l, src64(l, in, 1)));
   return RDNA_OK;
}

enum rdna_status lower_s_flbit_i32_b32(struct lower *l, const struct rdna_inst *in)
{
   dst(l, in, clz32(l, src(l, in, 1)));
   return RDNA_OK;
}

enum rdna_status lower_s_flbit_i32_b64(struct lower *l, const struct rdna_inst *in)
{
   dst(l, in, clz64(l, src64(l, in, 1)));
   return RDNA_OK;
}

/* s_flbit_i32: the first bit from the MSB that differs from the sign bit; -1 for 0 and -1 (the
 * count of leading zeros of S0 or ~S0, whichever is non-negative). */
enum rdna_status lower_s_flbit_i32(struct lower *l, const struct rdna_inst *in)
{
   uint32_t v = src(l, in, 1);
   dst(l, in, clz32(l, lw_select(l, T32, sign_bit(l, v), not32(l, v), v)));
   return RDNA_OK;
}

enum rdna_status lower_s_flbit_i32_i64(struct lower *l, const struct rdna_inst *in)
{
   uint32_t v = src64(l, in, 1);
   uint32_t negative = sign_bit(l, lw_hi(l, v));
   dst(l, in, clz64(l, lw_select(l, T64, negative, lw_op1(l, SpvOpNot, T64, v), v)));
   return RDNA_OK;
}

static uint32_t sext_bits(struct lower *l, uint32_t v, unsigned bits)
{
   uint32_t up = c32(l, 32 - bits);
   return bin(l, SpvOpShiftRightArithmetic, bin(l, SpvOpShiftLeftLogical, v, up), up);
}

enum rdna_status lower_s_sext_i32_i8(struct lower *l, const struct rdna_inst *in)
{
   dst(l, in, sext_bits(l, src(l, in, 1), 8));
   return RDNA_OK;
}

enum rdna_status lower_s_sext_i32_i16(struct lower *l, const struct rdna_inst *in)
{
   dst(l, in, sext_bits(l, src(l, in, 1), 16));
   return RDNA_OK;
}

/* s_bitset0/1: D[S0[4:0]] (S0[5:0] for b64) = 0/1, the other bits of D kept. */
static enum rdna_status bitset(struct lower *l, const struct rdna_inst *in, bool one, bool is64)
{
   uint32_t count = src(l, in, 1);
   if (is64) {
      uint32_t bit = bin64(l, SpvOpShiftLeftLogical, c64(l, 1), sh64(l, count));
      uint32_t old = lw_sreg64(l, in->operands[0].reg);
      dst64(l, in,
            one ? bin64(l, SpvOpBitwiseOr, old, bit)
                : bin64(l, SpvOpBitwiseAnd, old, lw_op1(l, SpvOpNot, T64, bit)));
   } else {
      uint32_t bit = bin(l, SpvOpShiftLeftLogical, c32(l, 1), sh32(l, count));
      uint32_t old = lw_sreg(l, in->operands[0].reg);
      dst(l, in,
          one ? bin(l, SpvOpBitwiseOr, old, bit) : bin(l, SpvOpBitwiseAnd, old, not32(l, bit)));
   }
   return RDNA_OK;
}

enum rdna_status lower_s_bitset0_b32(struct lower *l, const struct rdna_inst *in)
{
   return bitset(l, in, false, false);
}

enum rdna_status lower_s_bitset1_b32(struct lower *l, const struct rdna_inst *in)
{
   return bitset(l, in, true, false);
}

enum rdna_status lower_s_bitset0_b64(struct lower *l, const struct rdna_inst *in)
{
   return bitset(l, in, false, true);
}

enum rdna_status lower_s_bitset1_b64(struct lower *l, const struct rdna_inst *in)
{
   return bitset(l, in, true, true);
}

enum rdna_status lower_s_abs_i32(struct lower *l, const struct rdna_inst *in)
{
   uint32_t v = src(l, in, 1);
   uint32_t d = lw_select(l, T32, sign_bit(l, v), bin(l, SpvOpISub, c32(l, 0), v), v);
   dst(l, in, d);
   scc_nz(l, d);
   return RDNA_OK;
}

/* s_bitreplicate_b64_b32: D[2i] = D[2i+1] = S0[i], by spreading the bits apart. */
enum rdna_status lower_s_bitreplicate_b64_b32(struct lower *l, const struct rdna_inst *in)
{
   static const uint64_t masks[] = { 0x0000ffff0000ffffull, 0x00ff00ff00ff00ffull,
                                     0x0f0f0f0f0f0f0f0full, 0x3333333333333333ull,
                                     0x5555555555555555ull };
   uint32_t x = lw_zext64(l, src(l, in, 1));
   for (unsigned i = 0; i < 5; i++) {
      uint32_t shifted = bin64(l, SpvOpShiftLeftLogical, x, c32(l, 16u >> i));
      x = bin64(l, SpvOpBitwiseAnd, bin64(l, SpvOpBitwiseOr, x, shifted), c64(l, masks[i]));
   }
   dst64(l, in, bin64(l, SpvOpBitwiseOr, x, bin64(l, SpvOpShiftLeftLogical, x, c32(l, 1))));
   return RDNA_OK;
}

/* Calls and jumps (DESIGN.md "Reference semantics: Calls"): s_getpc writes PC + 4; s_swappc
 * reads its target before writing the link; a null destination is a plain jump. */
enum rdna_status lower_s_getpc_b64(struct lower *l, const struct rdna_inst *in)
{
   dst64(l, in, c64(l, l->pc_value + 4));
   return RDNA_OK;
}

enum rdna_status lower_s_setpc_b64(struct lower *l, const struct rdna_inst *in)
{
   l->next_pc = src64(l, in, 0);
   return RDNA_OK;
}

enum rdna_status lower_s_swappc_b64(struct lower *l, const struct rdna_inst *in)
{
   uint32_t target = src64(l, in, 1);
   dst64(l, in, c64(l, l->pc_value + 4));
   l->next_pc = target;
   return RDNA_OK;
}

/* Without trap handlers s_rfe_b64 is a jump to S0. */
enum rdna_status lower_s_rfe_b64(struct lower *l, const struct rdna_inst *in)
{
   l->next_pc = src64(l, in, 0);
   return RDNA_OK;
}

/* The saveexec family (RDNA2 ISA guide 12.2): D = old EXEC (the new one for _wrexec),
 * EXEC = op(S0, EXEC), SCC = EXEC != 0; S0 is read before D is written. _b32 forms work on
 * EXEC_LO. */
enum exec_op {
   EXOP_AND,
   EXOP_OR,
   EXOP_XOR,
   EXOP_ANDN2,
   EXOP_ORN2,
   EXOP_NAND,
   EXOP_NOR,
   EXOP_XNOR,
   EXOP_ANDN1,
   EXOP_ORN1,
};

static enum rdna_status saveexec(struct lower *l, const struct rdna_inst *in, enum exec_op op,
                                 bool is64, bool wrexec)
{
   uint32_t t = is64 ? T64 : T32;
   uint32_t s = is64 ? src64(l, in, 1) : src(l, in, 1);
   uint32_t e = is64 ? lw_sreg64(l, RDNA_REG_EXEC_LO) : lw_sreg(l, RDNA_REG_EXEC_LO);
   uint32_t ns = lw_op1(l, SpvOpNot, t, s), ne = lw_op1(l, SpvOpNot, t, e), n = 0;
   switch (op) {
   case EXOP_AND:
      n = lw_op2(l, SpvOpBitwiseAnd, t, s, e);
      break;
   case EXOP_OR:
      n = lw_op2(l, SpvOpBitwiseOr, t, s, e);
      break;
   case EXOP_XOR:
      n = lw_op2(l, SpvOpBitwiseXor, t, s, e);
      break;
   case EXOP_ANDN2:
      n = lw_op2(l, SpvOpBitwiseAnd, t, s, ne);
      break;
   case EXOP_ORN2:
      n = lw_op2(l, SpvOpBitwiseOr, t, s, ne);
      break;
   case EXOP_NAND:
      n = lw_op1(l, SpvOpNot, t, lw_op2(l, SpvOpBitwiseAnd, t, s, e));
      break;
   case EXOP_NOR:
      n = lw_op1(l, SpvOpNot, t, lw_op2(l, SpvOpBitwiseOr, t, s, e));
      break;
   case EXOP_XNOR:
      n = lw_op1(l, SpvOpNot, t, lw_op2(l, SpvOpBitwiseXor, t, s, e));
      break;
   case EXOP_ANDN1:
      n = lw_op2(l, SpvOpBitwiseAnd, t, ns, e);
      break;
   case EXOP_ORN1:
      n = lw_op2(l, SpvOpBitwiseOr, t, ns, e);
      break;
   }
   /* SCC = EXEC != 0, read from the new EXEC through a subgroup broadcast (exact: scalar values
    * are uniform). With SCC computed from the expression itself, NVIDIA's compiler (H200, driver
    * 580) lost the EXEC write of s_nor_saveexec_b32 when a conditional branch on SCC skipped an
    * instruction that wrote EXEC or fell into a vector one (corpus/exec/saveexec_branch_*.case). */
   uint32_t exec_bits = lw_broadcast_first(l, is64 ? lw_lo(l, n) : n);
   if (is64) {
      exec_bits = lw_op2(l, SpvOpBitwiseOr, T32, exec_bits, lw_broadcast_first(l, lw_hi(l, n)));
      dst64(l, in, wrexec ? n : e);
      lw_sreg_write64(l, RDNA_REG_EXEC_LO, n);
   } else {
      dst(l, in, wrexec ? n : e);
      lw_sreg_write(l, RDNA_REG_EXEC_LO, n);
   }
   scc_nz(l, exec_bits);
   return RDNA_OK;
}

#define SAVEEXEC(name, op, is64, wrexec)                                      \
   enum rdna_status lower_##name(struct lower *l, const struct rdna_inst *in) \
   {                                                                          \
      return saveexec(l, in, op, is64, wrexec);                               \
   }

SAVEEXEC(s_and_saveexec_b64, EXOP_AND, true, false)
SAVEEXEC(s_or_saveexec_b64, EXOP_OR, true, false)
SAVEEXEC(s_xor_saveexec_b64, EXOP_XOR, true, false)
SAVEEXEC(s_andn2_saveexec_b64, EXOP_ANDN2, true, false)
SAVEEXEC(s_orn2_saveexec_b64, EXOP_ORN2, true, false)
SAVEEXEC(s_nand_saveexec_b64, EXOP_NAND, true, false)
SAVEEXEC(s_nor_saveexec_b64, EXOP_NOR, true, false)
SAVEEXEC(s_xnor_saveexec_b64, EXOP_XNOR, true, false)
SAVEEXEC(s_andn1_saveexec_b64, EXOP_ANDN1, true, false)
SAVEEXEC(s_orn1_saveexec_b64, EXOP_ORN1, true, false)
SAVEEXEC(s_andn1_wrexec_b64, EXOP_ANDN1, true, true)
SAVEEXEC(s_andn2_wrexec_b64, EXOP_ANDN2, true, true)
SAVEEXEC(s_and_saveexec_b32, EXOP_AND, false, false)
SAVEEXEC(s_or_saveexec_b32, EXOP_OR, false, false)
SAVEEXEC(s_xor_saveexec_b32, EXOP_XOR, false, false)
SAVEEXEC(s_andn2_saveexec_b32, EXOP_ANDN2, false, false)
SAVEEXEC(s_orn2_saveexec_b32, EXOP_ORN2, false, false)
SAVEEXEC(s_nand_saveexec_b32, EXOP_NAND, false, false)
SAVEEXEC(s_nor_saveexec_b32, EXOP_NOR, false, false)
SAVEEXEC(s_xnor_saveexec_b32, EXOP_XNOR, false, false)
SAVEEXEC(s_andn1_saveexec_b32, EXOP_ANDN1, false, false)
SAVEEXEC(s_orn1_saveexec_b32, EXOP_ORN1, false, false)
SAVEEXEC(s_andn1_wrexec_b32, EXOP_ANDN1, false, true)
SAVEEXEC(s_andn2_wrexec_b32, EXOP_ANDN2, false, true)

/* ---- scalar relative addressing --------------------------------------------------------------
 * s_movrels/s_movreld (RDNA2 ISA guide 12.2): the register index is the operand's code plus M0
 * (unsigned). The bound is the interpreter's documented choice: base and base + M0 (+ width)
 * stay inside one block (s0-s105, vcc, ttmp0-15); anything else faults INVALID_OPERAND. */

static void sblock(unsigned base, unsigned *lo, unsigned *hi)
{
   *lo = 0;
   *hi = 106;
   if (base >= RDNA_REG_VCC_LO && base <= RDNA_REG_VCC_HI) {
      *lo = RDNA_REG_VCC_LO;
      *hi = RDNA_REG_TTMP0;
   } else if (base >= RDNA_REG_TTMP0 && base < RDNA_REG_M0) {
      *lo = RDNA_REG_TTMP0;
      *hi = RDNA_REG_M0;
   }
}

/* bool: base + offset (+ width) lies in base's block; *index the u32 register index. */
static uint32_t srel_ok(struct lower *l, unsigned base, unsigned width, uint32_t offset,
                        uint32_t *index)
{
   unsigned lo, hi;
   sblock(base, &lo, &hi);
   if (base >= 106 && !(base >= RDNA_REG_VCC_LO && base < RDNA_REG_M0)) {
      *index = c32(l, base); /* never used: the access faults, but the code after it is built */
      return lw_bool(l, false);
   }
   /* M0 is unsigned: base + M0 + width <= hi, computed in 64 bits so it cannot wrap. */
   uint32_t end = bin64(l, SpvOpIAdd, lw_zext64(l, offset), c64(l, base + width));
   *index = bin(l, SpvOpIAdd, offset, c32(l, base));
   (void)lo;
   return lw_op2(l, SpvOpULessThanEqual, TB, end, c64(l, hi));
}

/* SGPR `index` (uniform u32 known to lie in [lo, hi)) through a select chain. */
static uint32_t sgpr_dynamic(struct lower *l, uint32_t index, unsigned lo, unsigned hi)
{
   uint32_t v = c32(l, 0);
   for (unsigned r = lo; r < hi; r++)
      v = lw_select(l, T32, cmp(l, SpvOpIEqual, index, c32(l, r)), lw_sreg(l, r), v);
   return v;
}

static void sgpr_dynamic_write(struct lower *l, uint32_t index, unsigned lo, unsigned hi,
                               uint32_t value)
{
   for (unsigned r = lo; r < hi; r++)
      lw_sreg_write(l, r,
                    lw_select(l, T32, cmp(l, SpvOpIEqual, index, c32(l, r)), value, lw_sreg(l, r)));
}

static enum rdna_status s_movrel(struct lower *l, const struct rdna_inst *in, unsigned width,
                                 bool src_rel, bool dst_rel, uint32_t src_off, uint32_t dst_off)
{
   unsigned s = in->operands[1].reg, d = in->operands[0].reg;
   uint32_t ok = lw_bool(l, true), sindex = 0, dindex = 0;
   if (src_rel)
      ok = lw_op2(l, SpvOpLogicalAnd, TB, ok, srel_ok(l, s, width, src_off, &sindex));
   if (dst_rel)
      ok = lw_op2(l, SpvOpLogicalAnd, TB, ok, srel_ok(l, d, width, dst_off, &dindex));
   lw_fault(l, lw_op1(l, SpvOpLogicalNot, TB, ok), RDNA_FAULT_INVALID_OPERAND, 0, 0);
   uint32_t merge = lw_if_begin(l, ok);
   uint32_t v[2];
   unsigned slo, shi, dlo, dhi;
   sblock(s, &slo, &shi);
   sblock(d, &dlo, &dhi);
   if (src_rel) {
      v[0] = sgpr_dynamic(l, sindex, slo, shi);
      v[1] = width > 1 ? sgpr_dynamic(l, bin(l, SpvOpIAdd, sindex, c32(l, 1)), slo, shi) : 0;
   } else {
      uint32_t x = width > 1 ? src64(l, in, 1) : src(l, in, 1);
      v[0] = width > 1 ? lw_lo(l, x) : x;
      v[1] = width > 1 ? lw_hi(l, x) : 0;
   }
   if (dst_rel) {
      sgpr_dynamic_write(l, dindex, dlo, dhi, v[0]);
      if (width > 1)
         sgpr_dynamic_write(l, bin(l, SpvOpIAdd, dindex, c32(l, 1)), dlo, dhi, v[1]);
   } else if (width > 1) {
      lw_sreg_write64(l, d, lw_pack64(l, v[0], v[1]));
   } else {
      lw_sreg_write(l, d, v[0]);
   }
   lw_if_end(l, merge);
   return RDNA_OK;
}

enum rdna_status lower_s_movrels_b32(struct lower *l, const struct rdna_inst *in)
{
   return s_movrel(l, in, 1, true, false, lw_sreg(l, RDNA_REG_M0), 0);
}

enum rdna_status lower_s_movrels_b64(struct lower *l, const struct rdna_inst *in)
{
   return s_movrel(l, in, 2, true, false, lw_sreg(l, RDNA_REG_M0), 0);
}

enum rdna_status lower_s_movreld_b32(struct lower *l, const struct rdna_inst *in)
{
   return s_movrel(l, in, 1, false, true, 0, lw_sreg(l, RDNA_REG_M0));
}

enum rdna_status lower_s_movreld_b64(struct lower *l, const struct rdna_inst *in)
{
   return s_movrel(l, in, 2, false, true, 0, lw_sreg(l, RDNA_REG_M0));
}

/* s_movrelsd_2_b32: SGPR[D + M0[25:16]] = SGPR[S0 + M0[9:0]]. */
enum rdna_status lower_s_movrelsd_2_b32(struct lower *l, const struct rdna_inst *in)
{
   uint32_t m0 = lw_sreg(l, RDNA_REG_M0);
   uint32_t src_off = bin(l, SpvOpBitwiseAnd, m0, c32(l, 0x3ff));
   uint32_t dst_off =
      bin(l, SpvOpBitwiseAnd, bin(l, SpvOpShiftRightLogical, m0, c32(l, 16)), c32(l, 0x3ff));
   return s_movrel(l, in, 1, true, true, src_off, dst_off);
}

/* ---- SOPK ----------------------------------------------------------------------------------- */

static uint32_t simm16(struct lower *l, const struct rdna_inst *in, unsigned i)
{
   return c32(l, (uint32_t)(int32_t)(int16_t)(uint16_t)in->operands[i].value);
}

static uint32_t uimm16(struct lower *l, const struct rdna_inst *in, unsigned i)
{
   return c32(l, (uint16_t)in->operands[i].value);
}

enum rdna_status lower_s_movk_i32(struct lower *l, const struct rdna_inst *in)
{
   dst(l, in, simm16(l, in, 1));
   return RDNA_OK;
}

enum rdna_status lower_s_cmovk_i32(struct lower *l, const struct rdna_inst *in)
{
   dst(l, in, lw_select(l, T32, lw_scc(l), simm16(l, in, 1), src(l, in, 0)));
   return RDNA_OK;
}

static enum rdna_status cmpk(struct lower *l, const struct rdna_inst *in, SpvOp op, bool is_signed)
{
   uint32_t k = is_signed ? simm16(l, in, 1) : uimm16(l, in, 1);
   lw_scc_write(l, cmp(l, op, src(l, in, 0), k));
   return RDNA_OK;
}

#define CMPK(name, op, is_signed)                                             \
   enum rdna_status lower_##name(struct lower *l, const struct rdna_inst *in) \
   {                                                                          \
      return cmpk(l, in, op, is_signed);                                      \
   }

CMPK(s_cmpk_eq_i32, SpvOpIEqual, true)
CMPK(s_cmpk_lg_i32, SpvOpINotEqual, true)
CMPK(s_cmpk_gt_i32, SpvOpSGreaterThan, true)
CMPK(s_cmpk_ge_i32, SpvOpSGreaterThanEqual, true)
CMPK(s_cmpk_lt_i32, SpvOpSLessThan, true)
CMPK(s_cmpk_le_i32, SpvOpSLessThanEqual, true)
CMPK(s_cmpk_eq_u32, SpvOpIEqual, false)
CMPK(s_cmpk_lg_u32, SpvOpINotEqual, false)
CMPK(s_cmpk_gt_u32, SpvOpUGreaterThan, false)
CMPK(s_cmpk_ge_u32, SpvOpUGreaterThanEqual, false)
CMPK(s_cmpk_lt_u32, SpvOpULessThan, false)
CMPK(s_cmpk_le_u32, SpvOpULessThanEqual, false)

/* s_addk_i32: D = D + sext(simm16); SCC = signed overflow. */
enum rdna_status lower_s_addk_i32(struct lower *l, const struct rdna_inst *in)
{
   uint32_t a = src(l, in, 0), b = simm16(l, in, 1), d = bin(l, SpvOpIAdd, a, b);
   dst(l, in, d);
   lw_scc_write(l, sign_bit(l, bin(l, SpvOpBitwiseAnd, not32(l, bin(l, SpvOpBitwiseXor, a, b)),
                                   bin(l, SpvOpBitwiseXor, a, d))));
   return RDNA_OK;
}

enum rdna_status lower_s_mulk_i32(struct lower *l, const struct rdna_inst *in)
{
   dst(l, in, bin(l, SpvOpIMul, src(l, in, 0), simm16(l, in, 1)));
   return RDNA_OK;
}

/* hwreg(id, offset, size): simm16 bits 5:0 id, 10:6 offset, 15:11 size - 1 (guide 12.3). */
static void hwreg_field(uint32_t simm, unsigned *id, unsigned *offset, uint32_t *mask)
{
   *id = simm & 63u;
   *offset = (simm >> 6) & 31u;
   unsigned size = ((simm >> 11) & 31u) + 1;
   *mask = (uint32_t)((((uint64_t)1 << size) - 1) << *offset);
}

/* The value s_getreg reads: STATUS carries SCC (bit 0), EXECZ (9) and VCCZ (10); SHADER_CYCLES
 * is the interpreter's deterministic counter, the step count's low 20 bits. */
static uint32_t hwreg_read(struct lower *l, unsigned id)
{
   if (id >= RDNA_HWREG_COUNT)
      return c32(l, 0);
   if (id == RDNA_HWREG_SHADER_CYCLES)
      return bin(l, SpvOpBitwiseAnd, lw_lo(l, lw_steps_now(l)), c32(l, 0xfffff));
   uint32_t v = spvb_load(l->b, T32, l->hwreg[id]);
   if (id == RDNA_HWREG_STATUS) {
      v = bin(l, SpvOpBitwiseAnd, v, c32(l, ~((1u << 0) | (1u << 9) | (1u << 10))));
      uint32_t execz = lw_b2u(l, cmp(l, SpvOpIEqual, lw_exec(l), c64(l, 0)));
      uint32_t vccz = lw_b2u(l, cmp(l, SpvOpIEqual, lw_vcc(l), c64(l, 0)));
      v = bin(l, SpvOpBitwiseOr, v, lw_scc_u32(l));
      v = bin(l, SpvOpBitwiseOr, v, bin(l, SpvOpShiftLeftLogical, execz, c32(l, 9)));
      v = bin(l, SpvOpBitwiseOr, v, bin(l, SpvOpShiftLeftLogical, vccz, c32(l, 10)));
   }
   return v;
}

enum rdna_status lower_s_getreg_b32(struct lower *l, const struct rdna_inst *in)
{
   unsigned id, offset;
   uint32_t mask;
   hwreg_field(in->operands[1].value, &id, &offset, &mask);
   uint32_t v = bin(l, SpvOpBitwiseAnd, hwreg_read(l, id), c32(l, mask));
   dst(l, in, bin(l, SpvOpShiftRightLogical, v, c32(l, offset)));
   return RDNA_OK;
}

/* s_setreg writes the field of MODE or TRAPSTS; the other registers are read-only to a shader
 * (the interpreter's documented choice). */
static enum rdna_status setreg(struct lower *l, uint32_t simm, uint32_t value)
{
   unsigned id, offset;
   uint32_t mask;
   hwreg_field(simm, &id, &offset, &mask);
   if (id != RDNA_HWREG_MODE && id != RDNA_HWREG_TRAPSTS)
      return RDNA_OK;
   uint32_t old = bin(l, SpvOpBitwiseAnd, spvb_load(l->b, T32, l->hwreg[id]), c32(l, ~mask));
   uint32_t field =
      bin(l, SpvOpBitwiseAnd, bin(l, SpvOpShiftLeftLogical, value, c32(l, offset)), c32(l, mask));
   spvb_store(l->b, l->hwreg[id], bin(l, SpvOpBitwiseOr, old, field));
   return RDNA_OK;
}

enum rdna_status lower_s_setreg_b32(struct lower *l, const struct rdna_inst *in)
{
   return setreg(l, in->operands[0].value, src(l, in, 1));
}

enum rdna_status lower_s_setreg_imm32_b32(struct lower *l, const struct rdna_inst *in)
{
   return setreg(l, in->operands[0].value, c32(l, in->operands[1].value));
}

/* s_call_b64: D = PC + 4; PC = PC + 4 + sext(simm16) * 4; SCC and EXEC stay. */
enum rdna_status lower_s_call_b64(struct lower *l, const struct rdna_inst *in)
{
   uint64_t target;
   cfg_branch_target(in, l->pc_value, &target);
   dst64(l, in, c64(l, l->pc_value + 4));
   l->next_pc = c64(l, target);
   return RDNA_OK;
}

/* Nothing to model: waits (every access completes at once), hints, markers, messages to the
 * absent graphics pipeline, debugger branches without a debugger (never taken). s_barrier is
 * recomp/lower_ds.c's. */
#define NOP(name)                                                             \
   enum rdna_status lower_##name(struct lower *l, const struct rdna_inst *in) \
   {                                                                          \
      (void)l;                                                                \
      (void)in;                                                               \
      return RDNA_OK;                                                         \
   }

NOP(s_version)
NOP(s_waitcnt_vscnt)
NOP(s_waitcnt_vmcnt)
NOP(s_waitcnt_expcnt)
NOP(s_waitcnt_lgkmcnt)
NOP(s_nop)
NOP(s_wakeup)
NOP(s_setkill)
NOP(s_waitcnt)
NOP(s_sethalt)
NOP(s_sleep)
NOP(s_setprio)
NOP(s_sendmsg)
NOP(s_icache_inv)
NOP(s_incperflevel)
NOP(s_decperflevel)
NOP(s_ttracedata)
NOP(s_code_end)
NOP(s_inst_prefetch)
NOP(s_clause)
NOP(s_wait_idle)
NOP(s_waitcnt_depctr)
NOP(s_ttracedata_imm)
NOP(s_cbranch_cdbgsys)
NOP(s_cbranch_cdbguser)
NOP(s_cbranch_cdbgsys_or_user)
NOP(s_cbranch_cdbgsys_and_user)

/* The subvector loop splits a wave64 into halves (guide 4.6): not modelled, as in the
 * interpreter. */
UNSUPPORTED(s_subvector_loop_begin)
UNSUPPORTED(s_subvector_loop_end)

/* ---- SOPC ----------------------------------------------------------------------------------- */

static enum rdna_status sopc(struct lower *l, const struct rdna_inst *in, SpvOp op)
{
   lw_scc_write(l, cmp(l, op, src(l, in, 0), src(l, in, 1)));
   return RDNA_OK;
}

#define SOPC(name, op)                                                        \
   enum rdna_status lower_##name(struct lower *l, const struct rdna_inst *in) \
   {                                                                          \
      return sopc(l, in, op);                                                 \
   }

SOPC(s_cmp_eq_i32, SpvOpIEqual)
SOPC(s_cmp_lg_i32, SpvOpINotEqual)
SOPC(s_cmp_gt_i32, SpvOpSGreaterThan)
SOPC(s_cmp_ge_i32, SpvOpSGreaterThanEqual)
SOPC(s_cmp_lt_i32, SpvOpSLessThan)
SOPC(s_cmp_le_i32, SpvOpSLessThanEqual)
SOPC(s_cmp_eq_u32, SpvOpIEqual)
SOPC(s_cmp_lg_u32, SpvOpINotEqual)
SOPC(s_cmp_gt_u32, SpvOpUGreaterThan)
SOPC(s_cmp_ge_u32, SpvOpUGreaterThanEqual)
SOPC(s_cmp_lt_u32, SpvOpULessThan)
SOPC(s_cmp_le_u32, SpvOpULessThanEqual)

enum rdna_status lower_s_cmp_eq_u64(struct lower *l, const struct rdna_inst *in)
{
   lw_scc_write(l, cmp(l, SpvOpIEqual, src64(l, in, 0), src64(l, in, 1)));
   return RDNA_OK;
}

enum rdna_status lower_s_cmp_lg_u64(struct lower *l, const struct rdna_inst *in)
{
   lw_scc_write(l, cmp(l, SpvOpINotEqual, src64(l, in, 0), src64(l, in, 1)));
   return RDNA_OK;
}

static enum rdna_status bitcmp(struct lower *l, const struct rdna_inst *in, bool one, bool is64)
{
   uint32_t bit;
   if (is64)
      bit = lw_lo(l, bin64(l, SpvOpShiftRightLogical, src64(l, in, 0), sh64(l, src(l, in, 1))));
   else
      bit = bin(l, SpvOpShiftRightLogical, src(l, in, 0), sh32(l, src(l, in, 1)));
   bit = bin(l, SpvOpBitwiseAnd, bit, c32(l, 1));
   lw_scc_write(l, cmp(l, SpvOpIEqual, bit, c32(l, one)));
   return RDNA_OK;
}

enum rdna_status lower_s_bitcmp0_b32(struct lower *l, const struct rdna_inst *in)
{
   return bitcmp(l, in, false, false);
}

enum rdna_status lower_s_bitcmp1_b32(struct lower *l, const struct rdna_inst *in)
{
   return bitcmp(l, in, true, false);
}

enum rdna_status lower_s_bitcmp0_b64(struct lower *l, const struct rdna_inst *in)
{
   return bitcmp(l, in, false, true);
}

enum rdna_status lower_s_bitcmp1_b64(struct lower *l, const struct rdna_inst *in)
{
   return bitcmp(l, in, true, true);
}

/* ---- SOPP ----------------------------------------------------------------------------------- */

/* Branches: PC = PC + 4 + sext(simm16) * 4 when taken (guide 12.5). */
static enum rdna_status branch_if(struct lower *l, const struct rdna_inst *in, uint32_t taken)
{
   uint64_t target;
   cfg_branch_target(in, l->pc_value, &target);
   uint32_t t = c64(l, target);
   l->next_pc = taken ? lw_select(l, T64, taken, t, c64(l, l->pc_value + in->size)) : t;
   return RDNA_OK;
}

enum rdna_status lower_s_branch(struct lower *l, const struct rdna_inst *in)
{
   return branch_if(l, in, 0);
}

enum rdna_status lower_s_cbranch_scc0(struct lower *l, const struct rdna_inst *in)
{
   return branch_if(l, in, lw_op1(l, SpvOpLogicalNot, TB, lw_scc(l)));
}

enum rdna_status lower_s_cbranch_scc1(struct lower *l, const struct rdna_inst *in)
{
   return branch_if(l, in, lw_scc(l));
}

enum rdna_status lower_s_cbranch_vccz(struct lower *l, const struct rdna_inst *in)
{
   return branch_if(l, in, cmp(l, SpvOpIEqual, lw_vcc(l), c64(l, 0)));
}

enum rdna_status lower_s_cbranch_vccnz(struct lower *l, const struct rdna_inst *in)
{
   return branch_if(l, in, lw_nz64(l, lw_vcc(l)));
}

enum rdna_status lower_s_cbranch_execz(struct lower *l, const struct rdna_inst *in)
{
   return branch_if(l, in, cmp(l, SpvOpIEqual, lw_exec(l), c64(l, 0)));
}

enum rdna_status lower_s_cbranch_execnz(struct lower *l, const struct rdna_inst *in)
{
   return branch_if(l, in, lw_nz64(l, lw_exec(l)));
}

/* The wave ends; the state record's PC is the ending instruction's address. */
static enum rdna_status end_wave(struct lower *l)
{
   spvb_store(l->b, l->ended, lw_bool(l, true));
   l->next_pc = c64(l, l->pc_value);
   return RDNA_OK;
}

enum rdna_status lower_s_endpgm(struct lower *l, const struct rdna_inst *in)
{
   (void)in;
   return end_wave(l);
}

enum rdna_status lower_s_endpgm_saved(struct lower *l, const struct rdna_inst *in)
{
   (void)in;
   return end_wave(l);
}

enum rdna_status lower_s_endpgm_ordered_ps_done(struct lower *l, const struct rdna_inst *in)
{
   (void)in;
   return end_wave(l);
}

/* s_sendmsghalt sends its message and halts: the wave ends. */
enum rdna_status lower_s_sendmsghalt(struct lower *l, const struct rdna_inst *in)
{
   (void)in;
   return end_wave(l);
}

enum rdna_status lower_s_trap(struct lower *l, const struct rdna_inst *in)
{
   (void)in;
   lw_fault(l, 0, RDNA_FAULT_TRAP, 0, 0);
   return RDNA_OK;
}

/* MODE (guide 3.12): FP_ROUND in bits 3:0, FP_DENORM in bits 7:4. */
static enum rdna_status mode_field(struct lower *l, uint32_t value, unsigned shift)
{
   uint32_t mode = spvb_load(l->b, T32, l->hwreg[RDNA_HWREG_MODE]);
   mode = bin(l, SpvOpBitwiseAnd, mode, c32(l, ~(0xfu << shift)));
   spvb_store(l->b, l->hwreg[RDNA_HWREG_MODE],
              bin(l, SpvOpBitwiseOr, mode, c32(l, (value & 0xfu) << shift)));
   return RDNA_OK;
}

enum rdna_status lower_s_round_mode(struct lower *l, const struct rdna_inst *in)
{
   return mode_field(l, in->operands[0].value, 0);
}

enum rdna_status lower_s_denorm_mode(struct lower *l, const struct rdna_inst *in)
{
   return mode_field(l, in->operands[0].value, 4);
}
