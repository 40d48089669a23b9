/* Float rows of VOP1/VOP2/VOP3 in f32 and f16 lowered to SPIR-V with the interpreter's answers:
 * add, sub, mul, fma and the unfused and legacy mad/mac forms, min/max/min3/max3/med3, mullit,
 * conversions between floats and integers, the normalized and packed conversions, rounding to
 * integral values, fract, frexp and ldexp, rcp/sqrt/rsq/exp/log/sin/cos, the division fixup and
 * the cube-map rows (docs/float.md; RDNA2 ISA guide 12.7, 12.9, 12.10). Values are computed on
 * their bits through recomp/lower_float.h, so MODE's rounding and denormal fields are honoured at
 * run time whatever the driver does with f32 or f16. Compares are in lower_float_cmp.c, the f64
 * rows and the division scale/fmas rows in lower_float64.c, packed math in lower_vop3p.c. Not
 * lowered yet, each an explicit UNSUPPORTED lowering at the end of this file: the interpolation
 * rows. */
#include <spirv/unified1/GLSL.std.450.h>

#include "recomp/lower_float.h"

static uint32_t negate(struct lower *l, uint32_t x)
{
   return lw_op2(l, SpvOpBitwiseXor, T32, x, lw_u32(l, 0x80000000u));
}

/* ---- the lane loop --------------------------------------------------------------------------- */

enum f32_flag {
   F32_INT_DST = 1u << 0,  /* an integer result: no omod or clamp */
   F32_INT_SRC0 = 1u << 1, /* src0 is a raw integer */
   F32_INT_SRC1 = 1u << 2, /* src1 is a raw integer */
   F32_INT_SRC2 = 1u << 3, /* src2 is a raw integer */
   F32_NO_FLUSH = 1u << 4, /* sources keep their denormals whatever MODE says */
};

typedef uint32_t (*f32_fn)(struct lower *l, const struct fl_mode *m, const uint32_t *s);

/* Source i of the instruction: operands 1.. in order; the third source of a TIED_SRC2 row
 * (mac, fmac) is its destination. */
static const struct rdna_operand *source(const struct rdna_inst *in, unsigned i)
{
   const struct op_info *info = op_info(in->op);
   if (i == 2 && info && (info->flags & TIED_SRC2))
      return &in->operands[0];
   return &in->operands[1 + i];
}

/* A row whose VOP3 op_sel picks 16-bit halves (vop.def's OP_SEL flag). */
#define ROW_HAS_OP_SEL RDNA_OP_FLAG_EXTRA1

/* A 16-bit result: rows with op_sel write the half op_sel[3] picks and keep the other; rows
 * without write the low half and zero the high half (docs/float.md "Input and output
 * modifiers"). */
static void write16(struct lower *l, const struct rdna_inst *in, unsigned slot, uint32_t r)
{
   unsigned dst = in->operands[0].reg - RDNA_REG_VGPR0;
   const struct op_info *info = op_info(in->op);
   uint32_t low = lw_op2(l, SpvOpBitwiseAnd, T32, r, lw_u32(l, 0xffff));
   if (!info || !(info->flags & ROW_HAS_OP_SEL)) {
      lw_vwrite(l, dst, slot, low);
      return;
   }
   uint32_t old = lw_vgpr(l, dst, slot);
   if ((in->mod.op_sel >> 3) & 1u)
      r = lw_op2(l, SpvOpBitwiseOr, T32, lw_op2(l, SpvOpBitwiseAnd, T32, old, lw_u32(l, 0xffff)),
                 lw_op2(l, SpvOpShiftLeftLogical, T32, low, lw_u32(l, 16)));
   else
      r = lw_op2(l, SpvOpBitwiseOr, T32,
                 lw_op2(l, SpvOpBitwiseAnd, T32, old, lw_u32(l, 0xffff0000u)), low);
   lw_vwrite(l, dst, slot, r);
}

/* The shape of a row: source and result widths (32 or 16), sources, flags. */
struct float_spec {
   unsigned src, dst, num_srcs, flags;
};

static enum rdna_status float_op(struct lower *l, const struct rdna_inst *in,
                                 const struct float_spec *spec, f32_fn fn)
{
   struct fl_mode m;
   fl_mode(l, &m, spec->src, spec->dst);
   uint32_t src[3][LOWER_MAX_SLOTS];
   for (unsigned i = 0; i < spec->num_srcs; i++) {
      bool raw = (spec->flags & (F32_INT_SRC0 << i)) != 0;
      uint32_t flush = spec->flags & F32_NO_FLUSH ? 0 : m.flush_in;
      if (raw)
         lw_vsrc(l, source(in, i), src[i]);
      else if (spec->src == 16)
         fl_src16(l, in, source(in, i), i, flush, src[i]);
      else
         fl_src(l, source(in, i), flush, src[i]);
   }
   unsigned dst = in->operands[0].reg - RDNA_REG_VGPR0;
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t s[3] = { 0, 0, 0 };
      for (unsigned i = 0; i < spec->num_srcs; i++)
         s[i] = src[i][k];
      uint32_t r = fn(l, &m, s);
      if (!(spec->flags & F32_INT_DST))
         r = fl_output_mods(l, in, &m, r, spec->dst);
      if (spec->dst == 16)
         write16(l, in, k, r);
      else
         lw_vwrite(l, dst, k, r);
   }
   return RDNA_OK;
}

/* A row: its lane expression on f32 bits (f16 sources widened exactly) giving the result's
 * bits in the destination's width. */
#define FLOAT_OP(name, src_width, dst_width, num_srcs, flags, expr)                         \
   static uint32_t lane_##name(struct lower *l, const struct fl_mode *m, const uint32_t *s) \
   {                                                                                        \
      (void)m;                                                                              \
      (void)s;                                                                              \
      return (expr);                                                                        \
   }                                                                                        \
   enum rdna_status lower_##name(struct lower *l, const struct rdna_inst *in)               \
   {                                                                                        \
      static const struct float_spec spec = { src_width, dst_width, num_srcs, flags };      \
      return float_op(l, in, &spec, lane_##name);                                           \
   }
#define F32_OP(name, num_srcs, flags, expr) FLOAT_OP(name, 32, 32, num_srcs, flags, expr)
#define F16_OP(name, num_srcs, flags, expr) FLOAT_OP(name, 16, 16, num_srcs, flags, expr)

/* ---- arithmetic ------------------------------------------------------------------------------ */

/* DX9 legacy multiply: a zero source makes the product +0, even with inf or NaN (guide 12.7,
 * V_MUL_LEGACY_F32). */
static uint32_t legacy_zero(struct lower *l, uint32_t a, uint32_t b)
{
   return or_b(l, fl_is_zero(l, a), fl_is_zero(l, b));
}

static uint32_t mul_legacy(struct lower *l, const struct fl_mode *m, uint32_t a, uint32_t b)
{
   return sel(l, legacy_zero(l, a, b), lw_u32(l, 0), fl_mul(l, a, b, m->round, m->flush_out, 32));
}

static uint32_t fma_legacy(struct lower *l, const struct fl_mode *m, const uint32_t *s)
{
   return sel(l, legacy_zero(l, s[0], s[1]),
              fl_add(l, lw_u32(l, 0), s[2], m->round, m->flush_out, 32),
              fl_fma(l, s[0], s[1], s[2], m->round, m->flush_out, 32));
}

/* MAD rounds the product before the add and does not support f32 denormals (guide 12.7): its
 * sources and results are flushed whatever MODE says. */
static uint32_t mad(struct lower *l, const struct fl_mode *m, const uint32_t *s, bool legacy)
{
   uint32_t t[3];
   for (unsigned i = 0; i < 3; i++)
      t[i] = sel(l, fl_is_denorm(l, s[i]), fl_sign(l, s[i]), s[i]);
   uint32_t flush = lw_bool(l, true);
   uint32_t p = fl_mul(l, t[0], t[1], m->round, flush, 32);
   if (legacy)
      p = sel(l, legacy_zero(l, t[0], t[1]), lw_u32(l, 0), p);
   return fl_add(l, p, t[2], m->round, flush, 32);
}

/* V_MIN_F32 / V_MAX_F32 (guide 12.7): with MODE.IEEE a signalling NaN source comes back quieted
 * (src0 first); otherwise a NaN source gives the other source unchanged; -0 is below +0. */
uint32_t fl_min_max(struct lower *l, const struct fl_mode *m, uint32_t a, uint32_t b, bool is_max)
{
   uint32_t ka = fl_order_key(l, a), kb = fl_order_key(l, b);
   uint32_t lt = cmp(l, SpvOpULessThan, ka, kb), gt = cmp(l, SpvOpUGreaterThan, ka, kb);
   uint32_t a_negative = lw_nz(l, fl_sign(l, a));
   uint32_t zero_pick_b =
      and_b(l, fl_is_zero(l, a), is_max ? a_negative : lw_op1(l, SpvOpLogicalNot, TB, a_negative));
   uint32_t r = sel(l, zero_pick_b, b, a);
   r = sel(l, gt, is_max ? a : b, r);
   r = sel(l, lt, is_max ? b : a, r);
   r = sel(l, fl_is_nan(l, b), a, r);
   r = sel(l, fl_is_nan(l, a), b, r);
   r = sel(l, and_b(l, m->ieee, fl_is_snan(l, b)), fl_quiet(l, b), r);
   return sel(l, and_b(l, m->ieee, fl_is_snan(l, a)), fl_quiet(l, a), r);
}

static uint32_t min3(struct lower *l, const struct fl_mode *m, const uint32_t *s)
{
   return fl_min_max(l, m, fl_min_max(l, m, s[0], s[1], false), s[2], false);
}

static uint32_t max3(struct lower *l, const struct fl_mode *m, const uint32_t *s)
{
   return fl_min_max(l, m, fl_min_max(l, m, s[0], s[1], true), s[2], true);
}

/* V_MED3_F32 (guide 12.10): min3 when a source is NaN, else the middle value. */
static uint32_t med3(struct lower *l, const struct fl_mode *m, const uint32_t *s)
{
   uint32_t any_nan = or_b(l, fl_is_nan(l, s[0]), or_b(l, fl_is_nan(l, s[1]), fl_is_nan(l, s[2])));
   uint32_t hi = fl_order_key(l, max3(l, m, s));
   uint32_t r = fl_min_max(l, m, s[0], s[1], true);
   r =
      sel(l, cmp(l, SpvOpIEqual, hi, fl_order_key(l, s[1])), fl_min_max(l, m, s[0], s[2], true), r);
   r =
      sel(l, cmp(l, SpvOpIEqual, hi, fl_order_key(l, s[0])), fl_min_max(l, m, s[1], s[2], true), r);
   return sel(l, any_nan, min3(l, m, s), r);
}

#define ROUND m->round, m->flush_out, 32

F32_OP(v_add_f32, 2, 0, fl_add(l, s[0], s[1], ROUND))
F32_OP(v_sub_f32, 2, 0, fl_add(l, s[0], negate(l, s[1]), ROUND))
F32_OP(v_subrev_f32, 2, 0, fl_add(l, s[1], negate(l, s[0]), ROUND))
F32_OP(v_mul_f32, 2, 0, fl_mul(l, s[0], s[1], ROUND))
F32_OP(v_mul_legacy_f32, 2, 0, mul_legacy(l, m, s[0], s[1]))
F32_OP(v_min_f32, 2, 0, fl_min_max(l, m, s[0], s[1], false))
F32_OP(v_max_f32, 2, 0, fl_min_max(l, m, s[0], s[1], true))
F32_OP(v_fma_f32, 3, 0, fl_fma(l, s[0], s[1], s[2], ROUND))
F32_OP(v_fmac_f32, 3, 0, fl_fma(l, s[0], s[1], s[2], ROUND))
F32_OP(v_fma_legacy_f32, 3, 0, fma_legacy(l, m, s))
F32_OP(v_fmac_legacy_f32, 3, 0, fma_legacy(l, m, s))
F32_OP(v_mad_f32, 3, 0, mad(l, m, s, false))
F32_OP(v_mac_f32, 3, 0, mad(l, m, s, false))
F32_OP(v_mad_legacy_f32, 3, 0, mad(l, m, s, true))
F32_OP(v_mac_legacy_f32, 3, 0, mad(l, m, s, true))
/* madmk/fmamk "vdst, src0, k, src1" and madak/fmaak "vdst, src0, src1, k": the product of the
 * first two operands plus the third, in operand order either way. */
F32_OP(v_madmk_f32, 3, 0, mad(l, m, s, false))
F32_OP(v_madak_f32, 3, 0, mad(l, m, s, false))
F32_OP(v_fmamk_f32, 3, 0, fl_fma(l, s[0], s[1], s[2], ROUND))
F32_OP(v_fmaak_f32, 3, 0, fl_fma(l, s[0], s[1], s[2], ROUND))
F32_OP(v_min3_f32, 3, 0, min3(l, m, s))
F32_OP(v_max3_f32, 3, 0, max3(l, m, s))
F32_OP(v_med3_f32, 3, 0, med3(l, m, s))
F32_OP(v_ldexp_f32, 2, F32_INT_SRC1, fl_ldexp(l, s[0], s[1], ROUND))

/* ---- conversions ----------------------------------------------------------------------------- */

static uint32_t t_i32(struct lower *l)
{
   return spvb_type_int(l->b, 32, true);
}

static uint32_t f64_const(struct lower *l, uint64_t bits)
{
   return fl_as_f64(l, lw_u64(l, bits));
}

/* An integer's value (exact in f64) rounded to f32 by MODE. */
static uint32_t from_int(struct lower *l, const struct fl_mode *m, uint32_t v, bool is_signed)
{
   uint32_t f =
      is_signed ? lw_op1(l, SpvOpConvertSToF, fl_type_f64(l), lw_op1(l, SpvOpBitcast, t_i32(l), v))
                : lw_op1(l, SpvOpConvertUToF, fl_type_f64(l), v);
   return fl_narrow(l, fl_as_u64(l, f), m->round, m->flush_out);
}

static uint32_t byte_of(struct lower *l, uint32_t v, unsigned i)
{
   return lw_op2(l, SpvOpBitwiseAnd, T32,
                 lw_op2(l, SpvOpShiftRightLogical, T32, v, lw_u32(l, 8 * i)), lw_u32(l, 0xff));
}

/* v_cvt_off_f32_i4: the signed 4-bit value of src0[3:0] divided by 16 (guide 12.9): exact. */
static uint32_t off_i4(struct lower *l, const struct fl_mode *m, uint32_t v)
{
   uint32_t s4 = lw_op2(l, SpvOpShiftRightArithmetic, T32,
                        lw_op2(l, SpvOpShiftLeftLogical, T32, v, lw_u32(l, 28)), lw_u32(l, 28));
   uint32_t f = lw_op1(l, SpvOpConvertSToF, fl_type_f64(l), lw_op1(l, SpvOpBitcast, t_i32(l), s4));
   f = fl_f64_op(l, SpvOpFMul, f, f64_const(l, 0x3fb0000000000000ull));
   return fl_narrow(l, fl_as_u64(l, f), m->round, m->flush_out);
}

enum to_int_round {
   TRUNC,
   FLOOR,
   NEAREST_UP /* floor(x + 0.5), v_cvt_rpi */
};

/* Float to integer (guide 12.9): the integral value by `how`, saturated to the destination's
 * range; NaN gives 0. Computed on the exact f64 value, where x + 0.5 is exact too. */
static uint32_t to_int(struct lower *l, uint32_t a, enum to_int_round how, bool is_signed)
{
   uint32_t f = fl_as_f64(l, fl_widen(l, a));
   if (how == NEAREST_UP)
      f = fl_f64_op(l, SpvOpFAdd, f, f64_const(l, 0x3fe0000000000000ull));
   if (how != TRUNC)
      f = lw_glsl(l, GLSLstd450Floor, fl_type_f64(l), &f, 1);
   uint32_t r;
   if (is_signed) {
      uint32_t hi =
         lw_op2(l, SpvOpFOrdGreaterThanEqual, TB, f, f64_const(l, 0x41e0000000000000ull));
      uint32_t lo = lw_op2(l, SpvOpFOrdLessThanEqual, TB, f, f64_const(l, 0xc1e0000000000000ull));
      uint32_t inside = lw_op2(l, SpvOpFOrdLessThan, TB, f, f64_const(l, 0x41e0000000000000ull));
      inside = and_b(l, inside,
                     lw_op2(l, SpvOpFOrdGreaterThan, TB, f, f64_const(l, 0xc1e0000000000000ull)));
      uint32_t safe = lw_select(l, fl_type_f64(l), inside, f, f64_const(l, 0));
      r = lw_op1(l, SpvOpBitcast, T32, lw_op1(l, SpvOpConvertFToS, t_i32(l), safe));
      r = sel(l, hi, lw_u32(l, 0x7fffffffu), sel(l, lo, lw_u32(l, 0x80000000u), r));
   } else {
      uint32_t hi =
         lw_op2(l, SpvOpFOrdGreaterThanEqual, TB, f, f64_const(l, 0x41f0000000000000ull));
      uint32_t lo = lw_op2(l, SpvOpFOrdLessThanEqual, TB, f, f64_const(l, 0));
      uint32_t inside = and_b(l, lw_op1(l, SpvOpLogicalNot, TB, or_b(l, hi, lo)),
                              lw_op2(l, SpvOpFOrdEqual, TB, f, f));
      uint32_t safe = lw_select(l, fl_type_f64(l), inside, f, f64_const(l, 0));
      r = lw_op1(l, SpvOpConvertFToU, T32, safe);
      r = sel(l, hi, lw_u32(l, 0xffffffffu), sel(l, lo, lw_u32(l, 0), r));
   }
   return sel(l, fl_is_nan(l, a), lw_u32(l, 0), r);
}

F32_OP(v_cvt_f32_i32, 1, F32_INT_SRC0, from_int(l, m, s[0], true))
F32_OP(v_cvt_f32_u32, 1, F32_INT_SRC0, from_int(l, m, s[0], false))
F32_OP(v_cvt_f32_ubyte0, 1, F32_INT_SRC0, from_int(l, m, byte_of(l, s[0], 0), false))
F32_OP(v_cvt_f32_ubyte1, 1, F32_INT_SRC0, from_int(l, m, byte_of(l, s[0], 1), false))
F32_OP(v_cvt_f32_ubyte2, 1, F32_INT_SRC0, from_int(l, m, byte_of(l, s[0], 2), false))
F32_OP(v_cvt_f32_ubyte3, 1, F32_INT_SRC0, from_int(l, m, byte_of(l, s[0], 3), false))
F32_OP(v_cvt_off_f32_i4, 1, F32_INT_SRC0, off_i4(l, m, s[0]))
F32_OP(v_cvt_i32_f32, 1, F32_INT_DST, to_int(l, s[0], TRUNC, true))
F32_OP(v_cvt_u32_f32, 1, F32_INT_DST, to_int(l, s[0], TRUNC, false))
F32_OP(v_cvt_flr_i32_f32, 1, F32_INT_DST, to_int(l, s[0], FLOOR, true))
F32_OP(v_cvt_rpi_i32_f32, 1, F32_INT_DST, to_int(l, s[0], NEAREST_UP, true))

/* ---- rounding to integral values, fract, frexp -------------------------------------------------
 */

/* The integral value by a GLSL rounding instruction on the exact f64 (always representable in
 * f32); NaN quieted; a zero result keeps the source's sign (guide 12.9, V_TRUNC_F32 ...). */
static uint32_t round_int(struct lower *l, uint32_t a, unsigned glsl_inst)
{
   uint32_t f = fl_as_f64(l, fl_widen(l, a));
   uint32_t r = fl_narrow(l, fl_as_u64(l, lw_glsl(l, glsl_inst, fl_type_f64(l), &f, 1)),
                          lw_u32(l, 0), lw_bool(l, false));
   r = sel(l, fl_is_zero(l, r), fl_sign(l, a), r);
   r = sel(l, fl_is_inf(l, a), a, r);
   return sel(l, fl_is_nan(l, a), fl_quiet(l, a), r);
}

/* V_FRACT_F32 / V_FRACT_F16 (guide 12.9): x - floor(x) rounded by MODE, kept below 1.0; inf
 * gives the default NaN. */
static uint32_t fract(struct lower *l, const struct fl_mode *m, uint32_t a, unsigned width)
{
   uint32_t below_one = width == 16 ? 0x3bffu : 0x3f7fffffu;
   uint32_t f = round_int(l, a, GLSLstd450Floor);
   uint32_t r = fl_add(l, a, negate(l, f), m->round, m->flush_out, width);
   uint32_t above = and_b(l, cmp(l, SpvOpUGreaterThan, r, lw_u32(l, below_one)),
                          cmp(l, SpvOpULessThan, r, lw_u32(l, 1u << (width - 1))));
   r = sel(l, above, lw_u32(l, below_one), r);
   r = sel(l, fl_is_inf(l, a), lw_u32(l, width == 16 ? 0x7e00u : 0x7fc00000u), r);
   return sel(l, fl_is_nan(l, a), fl_from_f32(l, fl_quiet(l, a), width), r);
}

static uint32_t f64_exponent(struct lower *l, uint32_t bits64)
{
   return lw_op2(l, SpvOpBitwiseAnd, T32,
                 lw_op2(l, SpvOpShiftRightLogical, T32, lw_hi(l, bits64), lw_u32(l, 20)),
                 lw_u32(l, 0x7ff));
}

/* frexp (guide 12.9, V_FREXP_MANT_F32 / V_FREXP_EXP_I32_F32): x = mant * 2^exp with |mant| in
 * [0.5, 1); inf and zero keep their value and give exponent 0, NaN is quieted. */
static uint32_t frexp_mant(struct lower *l, const struct fl_mode *m, uint32_t a, unsigned width)
{
   uint32_t w = fl_widen(l, a);
   uint32_t mant = lw_op2(l, SpvOpBitwiseOr, l->t_u64,
                          lw_op2(l, SpvOpBitwiseAnd, l->t_u64, w, lw_u64(l, 0x800fffffffffffffull)),
                          lw_u64(l, 0x3fe0000000000000ull));
   uint32_t r = fl_narrow_to(l, mant, m->round, m->flush_out, width);
   r = sel(l, or_b(l, fl_is_inf(l, a), fl_is_zero(l, a)), fl_from_f32(l, a, width), r);
   return sel(l, fl_is_nan(l, a), fl_from_f32(l, fl_quiet(l, a), width), r);
}

static uint32_t frexp_exp(struct lower *l, uint32_t a)
{
   uint32_t e = lw_op2(l, SpvOpISub, T32, f64_exponent(l, fl_widen(l, a)), lw_u32(l, 1022));
   uint32_t none = or_b(l, or_b(l, fl_is_nan(l, a), fl_is_inf(l, a)), fl_is_zero(l, a));
   return sel(l, none, lw_u32(l, 0), e);
}

F32_OP(v_trunc_f32, 1, 0, round_int(l, s[0], GLSLstd450Trunc))
F32_OP(v_ceil_f32, 1, 0, round_int(l, s[0], GLSLstd450Ceil))
F32_OP(v_floor_f32, 1, 0, round_int(l, s[0], GLSLstd450Floor))
F32_OP(v_rndne_f32, 1, 0, round_int(l, s[0], GLSLstd450RoundEven))
F32_OP(v_fract_f32, 1, 0, fract(l, m, s[0], 32))
F32_OP(v_frexp_mant_f32, 1, 0, frexp_mant(l, m, s[0], 32))
F32_OP(v_frexp_exp_i32_f32, 1, F32_INT_DST, frexp_exp(l, s[0]))

/* ---- f16 ------------------------------------------------------------------------------------- */

#define ROUND16 m->round, m->flush_out, 16

static uint32_t to16(struct lower *l, uint32_t x)
{
   return fl_from_f32(l, x, 16);
}

static uint32_t sext16(struct lower *l, uint32_t v)
{
   return lw_op2(l, SpvOpShiftRightArithmetic, T32,
                 lw_op2(l, SpvOpShiftLeftLogical, T32, v, lw_u32(l, 16)), lw_u32(l, 16));
}

/* An integer's value (exact in f64) rounded to `width` by MODE. */
static uint32_t from_int_to(struct lower *l, const struct fl_mode *m, uint32_t v, bool is_signed,
                            unsigned width)
{
   uint32_t f =
      is_signed ? lw_op1(l, SpvOpConvertSToF, fl_type_f64(l), lw_op1(l, SpvOpBitcast, t_i32(l), v))
                : lw_op1(l, SpvOpConvertUToF, fl_type_f64(l), v);
   return fl_narrow_to(l, fl_as_u64(l, f), m->round, m->flush_out, width);
}

/* f32 to f16 rounded by the f16 MODE fields; a NaN keeps its sign and the top of its payload,
 * quieted (docs/float.md "NaN rules"). */
static uint32_t f32_to_f16(struct lower *l, const struct fl_mode *m, uint32_t a)
{
   uint32_t r = fl_narrow_to(l, fl_widen(l, a), m->round, m->flush_out, 16);
   return sel(l, fl_is_nan(l, a), to16(l, fl_quiet(l, a)), r);
}

static uint32_t clamp_i16(struct lower *l, uint32_t v)
{
   uint32_t t = t_i32(l);
   uint32_t args[3] = { lw_op1(l, SpvOpBitcast, t, v),
                        lw_op1(l, SpvOpBitcast, t, lw_u32(l, (uint32_t)-32768)),
                        lw_op1(l, SpvOpBitcast, t, lw_u32(l, 32767)) };
   return lw_op1(l, SpvOpBitcast, T32, lw_glsl(l, GLSLstd450SClamp, t, args, 3));
}

static uint32_t umin(struct lower *l, uint32_t v, uint32_t limit)
{
   uint32_t args[2] = { v, lw_u32(l, limit) };
   return lw_glsl(l, GLSLstd450UMin, T32, args, 2);
}

static uint32_t frexp_exp16(struct lower *l, uint32_t a)
{
   return lw_op2(l, SpvOpBitwiseAnd, T32, frexp_exp(l, a), lw_u32(l, 0xffff));
}

F16_OP(v_add_f16, 2, 0, fl_add(l, s[0], s[1], ROUND16))
F16_OP(v_sub_f16, 2, 0, fl_add(l, s[0], negate(l, s[1]), ROUND16))
F16_OP(v_subrev_f16, 2, 0, fl_add(l, s[1], negate(l, s[0]), ROUND16))
F16_OP(v_mul_f16, 2, 0, fl_mul(l, s[0], s[1], ROUND16))
F16_OP(v_fma_f16, 3, 0, fl_fma(l, s[0], s[1], s[2], ROUND16))
F16_OP(v_fmac_f16, 3, 0, fl_fma(l, s[0], s[1], s[2], ROUND16))
F16_OP(v_fmamk_f16, 3, 0, fl_fma(l, s[0], s[1], s[2], ROUND16))
F16_OP(v_fmaak_f16, 3, 0, fl_fma(l, s[0], s[1], s[2], ROUND16))
F16_OP(v_min_f16, 2, 0, to16(l, fl_min_max(l, m, s[0], s[1], false)))
F16_OP(v_max_f16, 2, 0, to16(l, fl_min_max(l, m, s[0], s[1], true)))
F16_OP(v_min3_f16, 3, 0, to16(l, min3(l, m, s)))
F16_OP(v_max3_f16, 3, 0, to16(l, max3(l, m, s)))
F16_OP(v_med3_f16, 3, 0, to16(l, med3(l, m, s)))
/* the exponent scale of V_LDEXP_F16 is the i16 in src1's low half (guide 12.7) */
F16_OP(v_ldexp_f16, 2, F32_INT_SRC1, fl_ldexp(l, s[0], sext16(l, s[1]), ROUND16))
FLOAT_OP(v_cvt_f16_f32, 32, 16, 1, 0, f32_to_f16(l, m, s[0]))
FLOAT_OP(v_cvt_f32_f16, 16, 32, 1, 0, sel(l, fl_is_nan(l, s[0]), fl_quiet(l, s[0]), s[0]))
F16_OP(v_cvt_f16_u16, 1, F32_INT_SRC0,
       from_int_to(l, m, lw_op2(l, SpvOpBitwiseAnd, T32, s[0], lw_u32(l, 0xffff)), false, 16))
F16_OP(v_cvt_f16_i16, 1, F32_INT_SRC0, from_int_to(l, m, sext16(l, s[0]), true, 16))
F16_OP(v_cvt_u16_f16, 1, F32_INT_DST, umin(l, to_int(l, s[0], TRUNC, false), 0xffff))
F16_OP(v_cvt_i16_f16, 1, F32_INT_DST, clamp_i16(l, to_int(l, s[0], TRUNC, true)))
F16_OP(v_trunc_f16, 1, 0, to16(l, round_int(l, s[0], GLSLstd450Trunc)))
F16_OP(v_ceil_f16, 1, 0, to16(l, round_int(l, s[0], GLSLstd450Ceil)))
F16_OP(v_floor_f16, 1, 0, to16(l, round_int(l, s[0], GLSLstd450Floor)))
F16_OP(v_rndne_f16, 1, 0, to16(l, round_int(l, s[0], GLSLstd450RoundEven)))
F16_OP(v_fract_f16, 1, 0, fract(l, m, s[0], 16))
F16_OP(v_frexp_mant_f16, 1, 0, frexp_mant(l, m, s[0], 16))
F16_OP(v_frexp_exp_i16_f16, 1, F32_INT_DST, frexp_exp16(l, s[0]))

/* ---- packing and normalized conversions ------------------------------------------------------ */

/* v_cvt_pkrtz_f16_f32 (guide 12.7): both sources to f16 rounding toward zero whatever MODE says,
 * flushed by the f16 output field; src0 in the low half. */
static uint32_t pkrtz(struct lower *l, const uint32_t *s)
{
   struct fl_mode m16;
   fl_mode(l, &m16, 16, 16);
   uint32_t half[2];
   for (unsigned i = 0; i < 2; i++) {
      uint32_t r = fl_narrow_to(l, fl_widen(l, s[i]), lw_u32(l, 3), m16.flush_out, 16);
      half[i] = sel(l, fl_is_nan(l, s[i]), to16(l, fl_quiet(l, s[i])), r);
   }
   return lw_op2(l, SpvOpBitwiseOr, T32, half[0],
                 lw_op2(l, SpvOpShiftLeftLogical, T32, half[1], lw_u32(l, 16)));
}

/* The integral value nearest (even on ties) to the f32 bits a, clamped to [lo, hi] in f64 before
 * the conversion (so infinities convert too); NaN gives 0. */
static uint32_t nearest_clamped(struct lower *l, uint32_t a, uint32_t f, uint64_t lo_bits,
                                uint64_t hi_bits)
{
   f = lw_glsl(l, GLSLstd450RoundEven, fl_type_f64(l), &f, 1);
   uint32_t lo_c = f64_const(l, lo_bits), hi_c = f64_const(l, hi_bits);
   f = lw_select(l, fl_type_f64(l), lw_op2(l, SpvOpFOrdLessThan, TB, f, lo_c), lo_c, f);
   f = lw_select(l, fl_type_f64(l), lw_op2(l, SpvOpFOrdGreaterThan, TB, f, hi_c), hi_c, f);
   f = lw_select(l, fl_type_f64(l), fl_is_nan(l, a), f64_const(l, 0), f);
   return lw_op1(l, SpvOpBitcast, T32, lw_op1(l, SpvOpConvertFToS, t_i32(l), f));
}

/* snorm16 / unorm16 (docs/float.md): x * 32767 or x * 65535 (exact in f64), nearest even,
 * clamped to [-32767, 32767] or [0, 65535]; NaN gives 0. */
static uint32_t norm16(struct lower *l, uint32_t a, bool is_signed)
{
   uint64_t scale = is_signed ? 0x40dfffc000000000ull : 0x40efffe000000000ull;
   uint32_t f = fl_f64_op(l, SpvOpFMul, fl_as_f64(l, fl_widen(l, a)), f64_const(l, scale));
   uint32_t r = nearest_clamped(l, a, f, is_signed ? 0xc0dfffc000000000ull : 0, scale);
   return lw_op2(l, SpvOpBitwiseAnd, T32, r, lw_u32(l, 0xffff));
}

static uint32_t pack16(struct lower *l, uint32_t lo, uint32_t hi)
{
   return lw_op2(l, SpvOpBitwiseOr, T32, lw_op2(l, SpvOpBitwiseAnd, T32, lo, lw_u32(l, 0xffff)),
                 lw_op2(l, SpvOpShiftLeftLogical, T32, hi, lw_u32(l, 16)));
}

/* v_cvt_pk_u8_f32 (guide 12.10): src0 to u8 (nearest even, saturated, NaN 0) replaces byte
 * src1[1:0] of src2. */
static uint32_t pk_u8(struct lower *l, const uint32_t *s)
{
   uint32_t byte =
      nearest_clamped(l, s[0], fl_as_f64(l, fl_widen(l, s[0])), 0, 0x406fe00000000000ull);
   uint32_t shift = lw_op2(l, SpvOpShiftLeftLogical, T32,
                           lw_op2(l, SpvOpBitwiseAnd, T32, s[1], lw_u32(l, 3)), lw_u32(l, 3));
   uint32_t keep =
      lw_op1(l, SpvOpNot, T32, lw_op2(l, SpvOpShiftLeftLogical, T32, lw_u32(l, 0xff), shift));
   return lw_op2(l, SpvOpBitwiseOr, T32, lw_op2(l, SpvOpBitwiseAnd, T32, s[2], keep),
                 lw_op2(l, SpvOpShiftLeftLogical, T32, byte, shift));
}

/* v_mullit_f32 (guide 12.10): -MAX_FLOAT when src1 is -MAX_FLOAT, -inf or NaN, or src2 is NaN or
 * not above 0; otherwise the legacy product. */
static uint32_t mullit(struct lower *l, const struct fl_mode *m, const uint32_t *s)
{
   uint32_t lowest = lw_u32(l, 0xff7fffffu);
   uint32_t src2_positive = and_b(l, lw_op1(l, SpvOpLogicalNot, TB, fl_is_nan(l, s[2])),
                                  and_b(l, cmp(l, SpvOpULessThan, s[2], lw_u32(l, 0x80000000u)),
                                        lw_op1(l, SpvOpLogicalNot, TB, fl_is_zero(l, s[2]))));
   uint32_t lit = or_b(
      l,
      or_b(l, cmp(l, SpvOpIEqual, s[1], lowest), cmp(l, SpvOpIEqual, s[1], lw_u32(l, 0xff800000u))),
      or_b(l, fl_is_nan(l, s[1]), lw_op1(l, SpvOpLogicalNot, TB, src2_positive)));
   return sel(l, lit, lowest, mul_legacy(l, m, s[0], s[1]));
}

FLOAT_OP(v_cvt_pkrtz_f16_f32, 32, 32, 2, F32_INT_DST, pkrtz(l, s))
FLOAT_OP(v_cvt_pknorm_i16_f32, 32, 32, 2, F32_INT_DST,
         pack16(l, norm16(l, s[0], true), norm16(l, s[1], true)))
FLOAT_OP(v_cvt_pknorm_u16_f32, 32, 32, 2, F32_INT_DST,
         pack16(l, norm16(l, s[0], false), norm16(l, s[1], false)))
FLOAT_OP(v_cvt_pknorm_i16_f16, 16, 32, 2, F32_INT_DST,
         pack16(l, norm16(l, s[0], true), norm16(l, s[1], true)))
FLOAT_OP(v_cvt_pknorm_u16_f16, 16, 32, 2, F32_INT_DST,
         pack16(l, norm16(l, s[0], false), norm16(l, s[1], false)))
F16_OP(v_cvt_norm_i16_f16, 1, F32_INT_DST, norm16(l, s[0], true))
F16_OP(v_cvt_norm_u16_f16, 1, F32_INT_DST, norm16(l, s[0], false))
/* v_pack_b32_f16: src0's half low, src1's high, modifiers applied, never flushed */
FLOAT_OP(v_pack_b32_f16, 16, 32, 2, F32_INT_DST | F32_NO_FLUSH,
         pack16(l, to16(l, s[0]), to16(l, s[1])))
FLOAT_OP(v_cvt_pk_u8_f32, 32, 32, 3, F32_INT_DST | F32_INT_SRC1 | F32_INT_SRC2, pk_u8(l, s))
F32_OP(v_mullit_f32, 3, 0, mullit(l, m, s))

/* ---- division fixup -------------------------------------------------------------------------- */

/* The unbiased exponent of a finite nonzero value as if normalized, as a signed i32 in u32 bits
 * (through the exact f64 widening, which normalizes denormals). */
static uint32_t exponent_of(struct lower *l, uint32_t a)
{
   return lw_op2(l, SpvOpISub, T32, f64_exponent(l, fl_widen(l, a)), lw_u32(l, 1023));
}

/* V_DIV_FIXUP (guide 12.10, docs/float.md "Division helpers"): src0 the quotient estimate, src1
 * the denominator, src2 the numerator; the division's special cases, else the estimate with the
 * quotient's sign. Sources are never flushed. */
static uint32_t div_fixup(struct lower *l, const uint32_t *s, unsigned width)
{
   uint32_t q = s[0], den = s[1], num = s[2];
   uint32_t sign = fl_sign(l, lw_op2(l, SpvOpBitwiseXor, T32, den, num));
   uint32_t inf = lw_op2(l, SpvOpBitwiseOr, T32, sign, lw_u32(l, 0x7f800000u));
   int underflow = width == 16 ? -26 : -151;
   uint32_t t_i32 = spvb_type_int(l->b, 32, true);
   uint32_t diff = lw_op1(l, SpvOpBitcast, t_i32,
                          lw_op2(l, SpvOpISub, T32, exponent_of(l, num), exponent_of(l, den)));
   uint32_t tiny = lw_op2(l, SpvOpSLessThan, TB, diff,
                          lw_op1(l, SpvOpBitcast, t_i32, lw_u32(l, (uint32_t)underflow)));
   uint32_t r = lw_op2(l, SpvOpBitwiseOr, T32,
                       lw_op2(l, SpvOpBitwiseAnd, T32, q, lw_u32(l, 0x7fffffffu)), sign);
   r = sel(l, fl_is_nan(l, q), inf, r);
   r = sel(l, tiny, sign, r);
   r = sel(l, or_b(l, fl_is_inf(l, den), fl_is_zero(l, num)), sign, r);
   r = sel(l, or_b(l, fl_is_zero(l, den), fl_is_inf(l, num)), inf, r);
   uint32_t invalid = or_b(l, and_b(l, fl_is_zero(l, den), fl_is_zero(l, num)),
                           and_b(l, fl_is_inf(l, den), fl_is_inf(l, num)));
   r = sel(l, invalid, lw_u32(l, 0xffc00000u), r);
   r = sel(l, fl_is_nan(l, den), fl_quiet(l, den), r);
   r = sel(l, fl_is_nan(l, num), fl_quiet(l, num), r);
   return fl_from_f32(l, r, width);
}

FLOAT_OP(v_div_fixup_f32, 32, 32, 3, F32_NO_FLUSH, div_fixup(l, s, 32))
FLOAT_OP(v_div_fixup_f16, 16, 16, 3, F32_NO_FLUSH, div_fixup(l, s, 16))

/* ---- roots and reciprocals (guide 12.9; recomp/lower_float_trans.c) ---------------------------
 */

F32_OP(v_rcp_f32, 1, 0, fl_rcp(l, s[0], ROUND))
/* v_rcp_iflag_f32 differs from v_rcp_f32 only in the float exceptions it raises, not modelled */
F32_OP(v_rcp_iflag_f32, 1, 0, fl_rcp(l, s[0], ROUND))
F32_OP(v_sqrt_f32, 1, 0, fl_sqrt(l, s[0], ROUND))
F32_OP(v_rsq_f32, 1, 0, fl_rsq(l, s[0], ROUND))
F16_OP(v_rcp_f16, 1, 0, fl_rcp(l, s[0], ROUND16))
F16_OP(v_sqrt_f16, 1, 0, fl_sqrt(l, s[0], ROUND16))
F16_OP(v_rsq_f16, 1, 0, fl_rsq(l, s[0], ROUND16))
/* exp (2^x), log (log2 x), sin and cos (of x turns) round to nearest even whatever MODE's
 * rounding field says, as the interpreter does (docs/float.md "Transcendentals") */
F32_OP(v_exp_f32, 1, 0, fl_exp(l, s[0], m->flush_out, 32))
F32_OP(v_log_f32, 1, 0, fl_log(l, s[0], m->flush_out, 32))
F32_OP(v_sin_f32, 1, 0, fl_sin(l, s[0], m->flush_out, 32))
F32_OP(v_cos_f32, 1, 0, fl_cos(l, s[0], m->flush_out, 32))
F16_OP(v_exp_f16, 1, 0, fl_exp(l, s[0], m->flush_out, 16))
F16_OP(v_log_f16, 1, 0, fl_log(l, s[0], m->flush_out, 16))
F16_OP(v_sin_f16, 1, 0, fl_sin(l, s[0], m->flush_out, 16))
F16_OP(v_cos_f16, 1, 0, fl_cos(l, s[0], m->flush_out, 16))

/* ---- cube maps (guide 12.10, V_CUBEID_F32 ... V_CUBEMA_F32) ------------------------------------
 * src0..2 = x, y, z. The major axis is z when |z| >= |x| and |z| >= |y|, else y when |y| >= |x|,
 * else x; a comparison with a NaN is false. */

/* |a| >= |b| for f32 bits, false when either is NaN */
static uint32_t at_least(struct lower *l, uint32_t a, uint32_t b)
{
   uint32_t mask = lw_u32(l, 0x7fffffffu);
   uint32_t ge = cmp(l, SpvOpUGreaterThanEqual, lw_op2(l, SpvOpBitwiseAnd, T32, a, mask),
                     lw_op2(l, SpvOpBitwiseAnd, T32, b, mask));
   return and_b(l, ge, lw_op1(l, SpvOpLogicalNot, TB, or_b(l, fl_is_nan(l, a), fl_is_nan(l, b))));
}

/* a < 0 (false for -0 and NaN) */
static uint32_t below_zero(struct lower *l, uint32_t a)
{
   uint32_t not_zero_nan =
      lw_op1(l, SpvOpLogicalNot, TB, or_b(l, fl_is_zero(l, a), fl_is_nan(l, a)));
   return and_b(l, lw_nz(l, fl_sign(l, a)), not_zero_nan);
}

struct cube {
   uint32_t z, y; /* the major axis is z / else y / else x */
};

static struct cube cube_major(struct lower *l, const uint32_t *s)
{
   struct cube c = { and_b(l, at_least(l, s[2], s[0]), at_least(l, s[2], s[1])),
                     at_least(l, s[1], s[0]) };
   return c;
}

static uint32_t cubeid(struct lower *l, const uint32_t *s)
{
   struct cube c = cube_major(l, s);
   /* face 2 * axis + (major < 0), as f32: 0.0 1.0 2.0 3.0 4.0 5.0 */
   uint32_t x = sel(l, below_zero(l, s[0]), lw_u32(l, 0x3f800000u), lw_u32(l, 0));
   uint32_t y = sel(l, below_zero(l, s[1]), lw_u32(l, 0x40400000u), lw_u32(l, 0x40000000u));
   uint32_t z = sel(l, below_zero(l, s[2]), lw_u32(l, 0x40a00000u), lw_u32(l, 0x40800000u));
   return sel(l, c.z, z, sel(l, c.y, y, x));
}

static uint32_t cubesc(struct lower *l, const uint32_t *s)
{
   struct cube c = cube_major(l, s);
   uint32_t z = sel(l, below_zero(l, s[2]), negate(l, s[0]), s[0]);
   uint32_t x = sel(l, below_zero(l, s[0]), s[2], negate(l, s[2]));
   return sel(l, c.z, z, sel(l, c.y, s[0], x));
}

static uint32_t cubetc(struct lower *l, const uint32_t *s)
{
   struct cube c = cube_major(l, s);
   uint32_t y = sel(l, below_zero(l, s[1]), negate(l, s[2]), s[2]);
   return sel(l, and_b(l, lw_op1(l, SpvOpLogicalNot, TB, c.z), c.y), y, negate(l, s[1]));
}

static uint32_t cubema(struct lower *l, const struct fl_mode *m, const uint32_t *s)
{
   struct cube c = cube_major(l, s);
   uint32_t major = sel(l, c.z, s[2], sel(l, c.y, s[1], s[0]));
   return fl_mul(l, major, lw_u32(l, 0x40000000u), ROUND);
}

F32_OP(v_cubeid_f32, 3, 0, cubeid(l, s))
F32_OP(v_cubesc_f32, 3, 0, cubesc(l, s))
F32_OP(v_cubetc_f32, 3, 0, cubetc(l, s))
F32_OP(v_cubema_f32, 3, 0, cubema(l, m, s))

/* ---- not lowered yet ---------------------------------------------------------------------------
 */

UNSUPPORTED(v_interp_p1_f32_e64)
UNSUPPORTED(v_interp_p2_f32_e64)
UNSUPPORTED(v_interp_mov_f32_e64)
UNSUPPORTED(v_interp_p1ll_f16)
UNSUPPORTED(v_interp_p1lv_f16)
UNSUPPORTED(v_interp_p2_f16)
