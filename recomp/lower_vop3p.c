/* Packed math (VOP3P) and the packed VOP2 accumulates lowered to SPIR-V with the interpreter's
 * answers (interp/exec_vop3p.c): v_pk_* on two 16-bit halves, v_fma_mix*, the dot products of
 * gfx1030, v_pk_fmac_f16 and v_dot2c_f32_f16. RDNA2 ISA guide 6.3 (packed math: op_sel picks the
 * half feeding the low result, op_sel_hi the half feeding the high one; neg_lo / neg_hi negate
 * float inputs of each half) and 12.13 (VOP3P opcodes). Float halves are computed on their bits
 * through recomp/lower_float.h, so MODE's rounding and denormal fields hold on every driver. */
#include <spirv/unified1/GLSL.std.450.h>

#include "recomp/lower_float.h"

static uint32_t low16(struct lower *l, uint32_t v)
{
   return bin(l, SpvOpBitwiseAnd, v, lw_u32(l, 0xffff));
}

static uint32_t high16(struct lower *l, uint32_t v)
{
   return bin(l, SpvOpShiftRightLogical, v, lw_u32(l, 16));
}

static uint32_t pack(struct lower *l, uint32_t lo, uint32_t hi)
{
   return bin(l, SpvOpBitwiseOr, low16(l, lo), bin(l, SpvOpShiftLeftLogical, hi, lw_u32(l, 16)));
}

/* The i32 value of the low `bits` bits of v shifted down by `shift`, sign-extended. */
static uint32_t sext_field(struct lower *l, uint32_t v, unsigned shift, unsigned bits)
{
   return bin(l, SpvOpShiftRightArithmetic,
              bin(l, SpvOpShiftLeftLogical, v, lw_u32(l, 32 - shift - bits)), lw_u32(l, 32 - bits));
}

static uint32_t field(struct lower *l, uint32_t v, unsigned shift, unsigned bits)
{
   return bin(l, SpvOpBitwiseAnd, bin(l, SpvOpShiftRightLogical, v, lw_u32(l, shift)),
              lw_u32(l, (1u << bits) - 1u));
}

static uint32_t t_i32(struct lower *l)
{
   return spvb_type_int(l->b, 32, true);
}

/* GLSL.std.450 integer min / max / clamp on u32 bits (signed ones through i32). */
static uint32_t int_glsl(struct lower *l, unsigned inst, bool is_signed, const uint32_t *args,
                         size_t n)
{
   if (!is_signed)
      return lw_glsl(l, inst, T32, args, n);
   uint32_t s[3];
   for (size_t i = 0; i < n; i++)
      s[i] = lw_op1(l, SpvOpBitcast, t_i32(l), args[i]);
   return lw_op1(l, SpvOpBitcast, T32, lw_glsl(l, inst, t_i32(l), s, n));
}

/* ---- sources ----------------------------------------------------------------------------------
 */

/* The 32 bits a packed source reads per slot. Inline constants are 16-bit values that fill both
 * halves (so op_sel_hi reads the same constant); SGPRs and literals are read as 32 bits. */
static void packed_raw(struct lower *l, const struct rdna_operand *op, uint32_t out[])
{
   lw_vsrc(l, op, out);
   bool inline_const = (op->reg >= RDNA_REG_CONST_ZERO && op->reg <= RDNA_REG_CONST_NEG1 + 15) ||
                       (op->reg >= RDNA_REG_CONST_HALF && op->reg <= RDNA_REG_CONST_INV2PI);
   if (!inline_const)
      return;
   uint32_t v = bin(l, SpvOpIMul, low16(l, out[0]), lw_u32(l, 0x10001u));
   for (unsigned k = 0; k < l->slots; k++)
      out[k] = v;
}

/* The two 16-bit inputs of source `s` per slot: half[0] feeds the low result, half[1] the high
 * one. Float inputs are negated by neg_lo / neg_hi, flushed by MODE's f16 input field (`flush`,
 * 0 for integer rows) and widened exactly to f32 bits. */
static void packed_halves(struct lower *l, const struct rdna_inst *in, unsigned s, uint32_t flush,
                          uint32_t half[2][LOWER_MAX_SLOTS])
{
   const struct rdna_operand *op = &in->operands[1 + s];
   uint32_t raw[LOWER_MAX_SLOTS];
   packed_raw(l, op, raw);
   for (unsigned k = 0; k < l->slots; k++) {
      for (unsigned h = 0; h < 2; h++) {
         unsigned pick = h ? in->mod.op_sel_hi : in->mod.op_sel;
         uint32_t v = (pick >> s) & 1u ? high16(l, raw[k]) : low16(l, raw[k]);
         if (flush) {
            bool neg = h ? ((in->mod.neg_hi >> s) & 1u) != 0 : (op->mods & RDNA_MOD_NEG) != 0;
            if (neg)
               v = bin(l, SpvOpBitwiseXor, v, lw_u32(l, 0x8000));
            uint32_t denorm =
               lw_op2(l, SpvOpLogicalAnd, TB,
                      lw_op2(l, SpvOpIEqual, TB, bin(l, SpvOpBitwiseAnd, v, lw_u32(l, 0x7c00)),
                             lw_u32(l, 0)),
                      lw_nz(l, bin(l, SpvOpBitwiseAnd, v, lw_u32(l, 0x3ff))));
            v = sel(l, lw_op2(l, SpvOpLogicalAnd, TB, flush, denorm),
                    bin(l, SpvOpBitwiseAnd, v, lw_u32(l, 0x8000)), v);
            v = fl_widen16(l, v);
         }
         half[h][k] = v;
      }
   }
}

static bool clamped(const struct rdna_inst *in)
{
   return (in->mod.flags & RDNA_FLAG_CLAMP) != 0;
}

/* ---- packed 16-bit integers -------------------------------------------------------------------
 * The VOP3P clamp bit saturates add, sub and mad results to the type's range. Every value is a
 * half zero-extended in u32; sums are exact in i32. */

enum pk_int_op {
   PK_MAD_I16,
   PK_MUL_LO_U16,
   PK_ADD_I16,
   PK_SUB_I16,
   PK_LSHLREV,
   PK_LSHRREV,
   PK_ASHRREV,
   PK_MAX_I16,
   PK_MIN_I16,
   PK_MAD_U16,
   PK_ADD_U16,
   PK_SUB_U16,
   PK_MAX_U16,
   PK_MIN_U16
};

/* The exact i32 result v saturated to i16 / u16 when `clamp`, as 16 bits. */
static uint32_t sat16(struct lower *l, uint32_t v, bool is_signed, bool clamp)
{
   if (clamp) {
      uint32_t args[3] = { v, lw_u32(l, is_signed ? 0xffff8000u : 0),
                           lw_u32(l, is_signed ? 0x7fffu : 0xffffu) };
      v = int_glsl(l, GLSLstd450SClamp, true, args, 3);
   }
   return low16(l, v);
}

static uint32_t pk_int_half(struct lower *l, enum pk_int_op op, uint32_t a, uint32_t b, uint32_t c,
                            bool clamp)
{
   uint32_t sa = sext_field(l, a, 0, 16), sb = sext_field(l, b, 0, 16),
            sc = sext_field(l, c, 0, 16);
   uint32_t shift = bin(l, SpvOpBitwiseAnd, a, lw_u32(l, 15));
   uint32_t pair[2];
   switch (op) {
   case PK_MAD_I16:
      return sat16(l, bin(l, SpvOpIAdd, bin(l, SpvOpIMul, sa, sb), sc), true, clamp);
   case PK_MUL_LO_U16:
      return low16(l, bin(l, SpvOpIMul, a, b));
   case PK_ADD_I16:
      return sat16(l, bin(l, SpvOpIAdd, sa, sb), true, clamp);
   case PK_SUB_I16:
      return sat16(l, bin(l, SpvOpISub, sa, sb), true, clamp);
   case PK_LSHLREV:
      return low16(l, bin(l, SpvOpShiftLeftLogical, b, shift));
   case PK_LSHRREV:
      return bin(l, SpvOpShiftRightLogical, b, shift);
   case PK_ASHRREV:
      return low16(l, bin(l, SpvOpShiftRightArithmetic, sb, shift));
   case PK_MAX_I16:
   case PK_MIN_I16:
      pair[0] = sa;
      pair[1] = sb;
      return low16(l,
                   int_glsl(l, op == PK_MAX_I16 ? GLSLstd450SMax : GLSLstd450SMin, true, pair, 2));
   case PK_MAD_U16: /* at most 0xffff * 0xffff + 0xffff: no u32 overflow */
      pair[0] = bin(l, SpvOpIAdd, bin(l, SpvOpIMul, a, b), c);
      if (clamp) {
         pair[1] = lw_u32(l, 0xffff);
         pair[0] = lw_glsl(l, GLSLstd450UMin, T32, pair, 2);
      }
      return low16(l, pair[0]);
   case PK_ADD_U16:
      return sat16(l, bin(l, SpvOpIAdd, a, b), false, clamp);
   case PK_SUB_U16:
      return sat16(l, bin(l, SpvOpISub, a, b), false, clamp);
   case PK_MAX_U16:
   case PK_MIN_U16:
   default:
      pair[0] = a;
      pair[1] = b;
      return lw_glsl(l, op == PK_MAX_U16 ? GLSLstd450UMax : GLSLstd450UMin, T32, pair, 2);
   }
}

static enum rdna_status pk_int(struct lower *l, const struct rdna_inst *in, enum pk_int_op op,
                               unsigned nsrc)
{
   uint32_t h[3][2][LOWER_MAX_SLOTS];
   for (unsigned s = 0; s < nsrc; s++)
      packed_halves(l, in, s, 0, h[s]);
   unsigned dst = in->operands[0].reg - RDNA_REG_VGPR0;
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t r[2];
      for (unsigned i = 0; i < 2; i++)
         r[i] = pk_int_half(l, op, h[0][i][k], h[1][i][k], nsrc > 2 ? h[2][i][k] : lw_u32(l, 0),
                            clamped(in));
      lw_vwrite(l, dst, k, pack(l, r[0], r[1]));
   }
   return RDNA_OK;
}

#define PK_INT(name, op, nsrc)                                                \
   enum rdna_status lower_##name(struct lower *l, const struct rdna_inst *in) \
   {                                                                          \
      return pk_int(l, in, op, nsrc);                                         \
   }

PK_INT(v_pk_mad_i16, PK_MAD_I16, 3)
PK_INT(v_pk_mul_lo_u16, PK_MUL_LO_U16, 2)
PK_INT(v_pk_add_i16, PK_ADD_I16, 2)
PK_INT(v_pk_sub_i16, PK_SUB_I16, 2)
PK_INT(v_pk_lshlrev_b16, PK_LSHLREV, 2)
PK_INT(v_pk_lshrrev_b16, PK_LSHRREV, 2)
PK_INT(v_pk_ashrrev_i16, PK_ASHRREV, 2)
PK_INT(v_pk_max_i16, PK_MAX_I16, 2)
PK_INT(v_pk_min_i16, PK_MIN_I16, 2)
PK_INT(v_pk_mad_u16, PK_MAD_U16, 3)
PK_INT(v_pk_add_u16, PK_ADD_U16, 2)
PK_INT(v_pk_sub_u16, PK_SUB_U16, 2)
PK_INT(v_pk_max_u16, PK_MAX_U16, 2)
PK_INT(v_pk_min_u16, PK_MIN_U16, 2)

/* ---- packed f16 -------------------------------------------------------------------------------
 * Each half as the f16 VOP3 operation (min/max with MODE.IEEE's NaN rules), rounded by the
 * f16/f64 MODE fields; clamp applies to each half. */

enum pk_float_op {
   PK_FMA,
   PK_ADD,
   PK_MUL,
   PK_MIN,
   PK_MAX
};

static uint32_t pk_float_half(struct lower *l, const struct rdna_inst *in, const struct fl_mode *m,
                              enum pk_float_op op, uint32_t a, uint32_t b, uint32_t c)
{
   uint32_t r;
   switch (op) {
   case PK_FMA:
      r = fl_fma(l, a, b, c, m->round, m->flush_out, 16);
      break;
   case PK_ADD:
      r = fl_add(l, a, b, m->round, m->flush_out, 16);
      break;
   case PK_MUL:
      r = fl_mul(l, a, b, m->round, m->flush_out, 16);
      break;
   default:
      r = fl_from_f32(l, fl_min_max(l, m, a, b, op == PK_MAX), 16);
      break;
   }
   return fl_output_mods(l, in, m, r, 16);
}

static enum rdna_status pk_float(struct lower *l, const struct rdna_inst *in, enum pk_float_op op,
                                 unsigned nsrc)
{
   struct fl_mode m;
   fl_mode(l, &m, 16, 16);
   uint32_t h[3][2][LOWER_MAX_SLOTS];
   for (unsigned s = 0; s < nsrc; s++)
      packed_halves(l, in, s, m.flush_in, h[s]);
   unsigned dst = in->operands[0].reg - RDNA_REG_VGPR0;
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t r[2];
      for (unsigned i = 0; i < 2; i++)
         r[i] = pk_float_half(l, in, &m, op, h[0][i][k], h[1][i][k],
                              nsrc > 2 ? h[2][i][k] : lw_u32(l, 0));
      lw_vwrite(l, dst, k, pack(l, r[0], r[1]));
   }
   return RDNA_OK;
}

#define PK_FLOAT(name, op, nsrc)                                              \
   enum rdna_status lower_##name(struct lower *l, const struct rdna_inst *in) \
   {                                                                          \
      return pk_float(l, in, op, nsrc);                                       \
   }

PK_FLOAT(v_pk_fma_f16, PK_FMA, 3)
PK_FLOAT(v_pk_add_f16, PK_ADD, 2)
PK_FLOAT(v_pk_mul_f16, PK_MUL, 2)
PK_FLOAT(v_pk_min_f16, PK_MIN, 2)
PK_FLOAT(v_pk_max_f16, PK_MAX, 2)

/* An f16 half of v (0 low, 1 high) flushed where `flush` holds, widened to f32 bits. */
static uint32_t half_flushed(struct lower *l, uint32_t v, unsigned which, uint32_t flush)
{
   v = which ? high16(l, v) : low16(l, v);
   uint32_t denorm = lw_op2(
      l, SpvOpLogicalAnd, TB,
      lw_op2(l, SpvOpIEqual, TB, bin(l, SpvOpBitwiseAnd, v, lw_u32(l, 0x7c00)), lw_u32(l, 0)),
      lw_nz(l, bin(l, SpvOpBitwiseAnd, v, lw_u32(l, 0x3ff))));
   v = sel(l, lw_op2(l, SpvOpLogicalAnd, TB, flush, denorm),
           bin(l, SpvOpBitwiseAnd, v, lw_u32(l, 0x8000)), v);
   return fl_widen16(l, v);
}

/* f32 bits x flushed to a signed zero when denormal and `flush` holds. */
static uint32_t flushed32(struct lower *l, uint32_t x, uint32_t flush)
{
   return sel(l, lw_op2(l, SpvOpLogicalAnd, TB, flush, fl_is_denorm(l, x)), fl_sign(l, x), x);
}

/* v_pk_fmac_f16 (VOP2): both halves of vdst += src0 * src1, no modifiers. */
enum rdna_status lower_v_pk_fmac_f16(struct lower *l, const struct rdna_inst *in)
{
   struct fl_mode m;
   fl_mode(l, &m, 16, 16);
   uint32_t a[LOWER_MAX_SLOTS], b[LOWER_MAX_SLOTS];
   lw_vsrc(l, &in->operands[1], a);
   lw_vsrc(l, &in->operands[2], b);
   unsigned dst = in->operands[0].reg - RDNA_REG_VGPR0;
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t d = lw_vgpr(l, dst, k), r[2];
      for (unsigned i = 0; i < 2; i++)
         r[i] =
            fl_fma(l, half_flushed(l, a[k], i, m.flush_in), half_flushed(l, b[k], i, m.flush_in),
                   half_flushed(l, d, i, m.flush_in), m.round, m.flush_out, 16);
      lw_vwrite(l, dst, k, pack(l, r[0], r[1]));
   }
   return RDNA_OK;
}

/* ---- mixed precision --------------------------------------------------------------------------
 * v_fma_mix*: source s is f32 when op_sel_hi[s] is clear, else the f16 half op_sel[s] picks,
 * widened exactly; neg_hi (decoded as abs) and neg_lo apply to either. The fma is computed in f32
 * by the f32 MODE fields; mixlo / mixhi round that to f16 (f16 MODE fields) into the low / high
 * half of vdst, keeping the other. */

static void mix_source(struct lower *l, const struct rdna_inst *in, unsigned s,
                       const struct fl_mode *m32, const struct fl_mode *m16, uint32_t out[])
{
   const struct rdna_operand *op = &in->operands[1 + s];
   lw_vsrc(l, op, out);
   bool is_f16 = (in->mod.op_sel_hi >> s) & 1u;
   bool high = (in->mod.op_sel >> s) & 1u;
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t v = out[k];
      if (is_f16) {
         v = high ? high16(l, v) : low16(l, v);
         if (op->mods & RDNA_MOD_ABS)
            v = bin(l, SpvOpBitwiseAnd, v, lw_u32(l, 0x7fff));
         if (op->mods & RDNA_MOD_NEG)
            v = bin(l, SpvOpBitwiseXor, v, lw_u32(l, 0x8000));
         v = half_flushed(l, v, 0, m16->flush_in);
      } else {
         if (op->mods & RDNA_MOD_ABS)
            v = bin(l, SpvOpBitwiseAnd, v, lw_u32(l, 0x7fffffffu));
         if (op->mods & RDNA_MOD_NEG)
            v = bin(l, SpvOpBitwiseXor, v, lw_u32(l, 0x80000000u));
         v = flushed32(l, v, m32->flush_in);
      }
      out[k] = v;
   }
}

enum mix_dst {
   MIX_F32,
   MIX_LO,
   MIX_HI
};

static enum rdna_status fma_mix(struct lower *l, const struct rdna_inst *in, enum mix_dst dst_half)
{
   struct fl_mode m32, m16;
   fl_mode(l, &m32, 32, 32);
   fl_mode(l, &m16, 16, 16);
   uint32_t s[3][LOWER_MAX_SLOTS];
   for (unsigned i = 0; i < 3; i++)
      mix_source(l, in, i, &m32, &m16, s[i]);
   unsigned dst = in->operands[0].reg - RDNA_REG_VGPR0;
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t v = fl_fma(l, s[0][k], s[1][k], s[2][k], m32.round, m32.flush_out, 32);
      if (dst_half == MIX_F32) {
         lw_vwrite(l, dst, k, fl_output_mods(l, in, &m32, v, 32));
         continue;
      }
      /* f32 to f16 by the f16 fields; a NaN keeps its sign and the top of its payload, quieted */
      uint32_t h = fl_narrow_to(l, fl_widen(l, v), m16.round, m16.flush_out, 16);
      h = sel(l, fl_is_nan(l, v), fl_from_f32(l, fl_quiet(l, v), 16), h);
      h = fl_output_mods(l, in, &m16, h, 16);
      uint32_t old = lw_vgpr(l, dst, k);
      uint32_t r = dst_half == MIX_LO ? bin(l, SpvOpBitwiseOr,
                                            bin(l, SpvOpBitwiseAnd, old, lw_u32(l, 0xffff0000u)), h)
                                      : pack(l, old, h);
      lw_vwrite(l, dst, k, r);
   }
   return RDNA_OK;
}

enum rdna_status lower_v_fma_mix_f32(struct lower *l, const struct rdna_inst *in)
{
   return fma_mix(l, in, MIX_F32);
}

enum rdna_status lower_v_fma_mixlo_f16(struct lower *l, const struct rdna_inst *in)
{
   return fma_mix(l, in, MIX_LO);
}

enum rdna_status lower_v_fma_mixhi_f16(struct lower *l, const struct rdna_inst *in)
{
   return fma_mix(l, in, MIX_HI);
}

/* ---- dot products (gfx1030) -------------------------------------------------------------------
 * Integer dots: the sum of the element products plus src2, exact in 64 bits; clamp saturates it
 * to the 32-bit type. v_dot2_f32_f16: two f32 fmas in element order, low pair first, each rounded
 * by the f32 MODE fields (docs/float.md "Packed math"). */

static enum rdna_status dot_int(struct lower *l, const struct rdna_inst *in, unsigned count,
                                unsigned bits, bool is_signed)
{
   uint32_t a[LOWER_MAX_SLOTS], b[LOWER_MAX_SLOTS], c[LOWER_MAX_SLOTS];
   if (bits == 16) { /* packed sources: op_sel / op_sel_hi pick the halves */
      uint32_t ha[2][LOWER_MAX_SLOTS], hb[2][LOWER_MAX_SLOTS];
      packed_halves(l, in, 0, 0, ha);
      packed_halves(l, in, 1, 0, hb);
      for (unsigned k = 0; k < l->slots; k++) {
         a[k] = pack(l, ha[0][k], ha[1][k]);
         b[k] = pack(l, hb[0][k], hb[1][k]);
      }
   } else {
      packed_raw(l, &in->operands[1], a);
      packed_raw(l, &in->operands[2], b);
   }
   packed_raw(l, &in->operands[3], c);
   unsigned dst = in->operands[0].reg - RDNA_REG_VGPR0;
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t sum = is_signed ? lw_sext64(l, c[k]) : lw_zext64(l, c[k]);
      for (unsigned i = 0; i < count; i++) {
         uint32_t x, y;
         if (is_signed) {
            x = lw_sext64(l, sext_field(l, a[k], i * bits, bits));
            y = lw_sext64(l, sext_field(l, b[k], i * bits, bits));
         } else {
            x = lw_zext64(l, field(l, a[k], i * bits, bits));
            y = lw_zext64(l, field(l, b[k], i * bits, bits));
         }
         sum = bin64(l, SpvOpIAdd, sum, bin64(l, SpvOpIMul, x, y));
      }
      if (clamped(in)) {
         uint64_t lo = is_signed ? (uint64_t)(int64_t)INT32_MIN : 0;
         uint64_t hi = is_signed ? (uint64_t)INT32_MAX : UINT32_MAX;
         sum = lw_select(l, T64, lw_op2(l, SpvOpSLessThan, TB, sum, lw_u64(l, lo)), lw_u64(l, lo),
                         sum);
         sum = lw_select(l, T64, lw_op2(l, SpvOpSGreaterThan, TB, sum, lw_u64(l, hi)),
                         lw_u64(l, hi), sum);
      }
      lw_vwrite(l, dst, k, lw_lo(l, sum));
   }
   return RDNA_OK;
}

enum rdna_status lower_v_dot2_i32_i16(struct lower *l, const struct rdna_inst *in)
{
   return dot_int(l, in, 2, 16, true);
}

enum rdna_status lower_v_dot2_u32_u16(struct lower *l, const struct rdna_inst *in)
{
   return dot_int(l, in, 2, 16, false);
}

enum rdna_status lower_v_dot4_i32_i8(struct lower *l, const struct rdna_inst *in)
{
   return dot_int(l, in, 4, 8, true);
}

enum rdna_status lower_v_dot4_u32_u8(struct lower *l, const struct rdna_inst *in)
{
   return dot_int(l, in, 4, 8, false);
}

enum rdna_status lower_v_dot8_i32_i4(struct lower *l, const struct rdna_inst *in)
{
   return dot_int(l, in, 8, 4, true);
}

enum rdna_status lower_v_dot8_u32_u4(struct lower *l, const struct rdna_inst *in)
{
   return dot_int(l, in, 8, 4, false);
}

/* acc + a[0] * b[0] + a[1] * b[1] as two f32 fmas (f16 inputs widened exactly). */
static uint32_t dot2_f16(struct lower *l, const struct fl_mode *m32, const uint32_t a[2],
                         const uint32_t b[2], uint32_t acc)
{
   for (unsigned i = 0; i < 2; i++)
      acc = fl_fma(l, a[i], b[i], acc, m32->round, m32->flush_out, 32);
   return acc;
}

enum rdna_status lower_v_dot2_f32_f16(struct lower *l, const struct rdna_inst *in)
{
   struct fl_mode m32, m16;
   fl_mode(l, &m32, 32, 32);
   fl_mode(l, &m16, 16, 16);
   uint32_t ha[2][LOWER_MAX_SLOTS], hb[2][LOWER_MAX_SLOTS], c[LOWER_MAX_SLOTS];
   packed_halves(l, in, 0, m16.flush_in, ha);
   packed_halves(l, in, 1, m16.flush_in, hb);
   const struct rdna_operand *op2 = &in->operands[3];
   lw_vsrc(l, op2, c);
   unsigned dst = in->operands[0].reg - RDNA_REG_VGPR0;
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t acc = c[k];
      if (op2->mods & RDNA_MOD_NEG)
         acc = bin(l, SpvOpBitwiseXor, acc, lw_u32(l, 0x80000000u));
      acc = flushed32(l, acc, m32.flush_in);
      const uint32_t a[2] = { ha[0][k], ha[1][k] }, b[2] = { hb[0][k], hb[1][k] };
      lw_vwrite(l, dst, k, fl_output_mods(l, in, &m32, dot2_f16(l, &m32, a, b, acc), 32));
   }
   return RDNA_OK;
}

/* v_dot2c_f32_f16 (VOP2): vdst = dot2(src0, src1) + vdst, as v_dot2_f32_f16, no modifiers. */
enum rdna_status lower_v_dot2c_f32_f16(struct lower *l, const struct rdna_inst *in)
{
   struct fl_mode m32, m16;
   fl_mode(l, &m32, 32, 32);
   fl_mode(l, &m16, 16, 16);
   uint32_t x[LOWER_MAX_SLOTS], y[LOWER_MAX_SLOTS];
   lw_vsrc(l, &in->operands[1], x);
   lw_vsrc(l, &in->operands[2], y);
   unsigned dst = in->operands[0].reg - RDNA_REG_VGPR0;
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t a[2], b[2];
      for (unsigned i = 0; i < 2; i++) {
         a[i] = half_flushed(l, x[k], i, m16.flush_in);
         b[i] = half_flushed(l, y[k], i, m16.flush_in);
      }
      uint32_t acc = flushed32(l, lw_vgpr(l, dst, k), m32.flush_in);
      lw_vwrite(l, dst, k, dot2_f16(l, &m32, a, b, acc));
   }
   return RDNA_OK;
}
