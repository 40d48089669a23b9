/* Float arithmetic of VOP2 and VOP3 in f16, f32 and f64: add/sub/mul, fma and the legacy and
 * unfused mad/mac forms, min/max/min3/max3/med3 with MODE.IEEE's NaN rules, ldexp, the
 * division helpers and the cube-map ops. Semantics from the RDNA2 ISA guide 12.7 (VOP2) and 12.10
 * (VOP3); rounding and flushing through the soft-float core (interp/float.h). */
#include "interp/float_valu.h"

/* ---- lane operations ---------------------------------------------------------------------- */

static uint64_t neg(const struct float_ctx *c, uint64_t a)
{
   return a ^ float_sign_bit(c->width);
}

static uint64_t add(const struct float_ctx *c, uint64_t a, uint64_t b)
{
   return float_add(c->width, a, b, &c->env);
}

static uint64_t mul(const struct float_ctx *c, uint64_t a, uint64_t b)
{
   return float_mul(c->width, a, b, &c->env);
}

static uint64_t fused(const struct float_ctx *c, uint64_t a, uint64_t b, uint64_t addend)
{
   return float_fma(c->width, a, b, addend, &c->env);
}

/* DX9 "legacy" multiply: 0 times anything, inf and NaN included, is +0 (guide 12.7,
 * V_MUL_LEGACY_F32). */
static bool legacy_zero(const struct float_ctx *c, uint64_t a, uint64_t b)
{
   return float_is_zero(c->width, a) || float_is_zero(c->width, b);
}

static uint64_t mul_legacy(const struct float_ctx *c, uint64_t a, uint64_t b)
{
   return legacy_zero(c, a, b) ? 0 : mul(c, a, b);
}

/* v_fma_legacy_f32 / v_fmac_legacy_f32: fused, with the legacy product rule. */
static uint64_t fma_legacy(const struct float_ctx *c, uint64_t a, uint64_t b, uint64_t addend)
{
   return legacy_zero(c, a, b) ? add(c, 0, addend) : fused(c, a, b, addend);
}

/* v_mad_f32 / v_mac_f32 / v_madmk / v_madak (gfx1013) and the legacy forms: the product is
 * rounded before the add, and MAD does not support f32 denormals (guide 12.7): sources and
 * result are flushed whatever MODE says. */
static uint64_t mad(const struct float_ctx *c, uint64_t a, uint64_t b, uint64_t addend, bool legacy)
{
   struct float_env env = c->env;
   env.flush_in = env.flush_out = true;
   a = float_flush(c->width, a, &env);
   b = float_flush(c->width, b, &env);
   addend = float_flush(c->width, addend, &env);
   uint64_t p = legacy && legacy_zero(c, a, b) ? 0 : float_mul(c->width, a, b, &env);
   return float_add(c->width, p, addend, &env);
}

/* V_MIN_F32 / V_MAX_F32 (guide 12.7): in IEEE mode a signalling NaN source gives that NaN
 * quieted; otherwise a NaN source gives the other source (unchanged, even when both are NaN);
 * -0 is below +0. */
static uint64_t min_max(const struct float_ctx *c, uint64_t a, uint64_t b, bool is_max)
{
   enum float_width w = c->width;
   if (c->ieee && float_is_snan(w, a))
      return float_quiet(w, a);
   if (c->ieee && float_is_snan(w, b))
      return float_quiet(w, b);
   if (float_is_nan(w, a))
      return b;
   if (float_is_nan(w, b))
      return a;
   enum float_order order = float_compare(w, a, b);
   if (order == ORDER_EQUAL) {
      if (float_is_zero(w, a) && float_sign(w, a) != float_sign(w, b))
         return float_sign(w, a) == is_max ? b : a;
      return a;
   }
   return (order == ORDER_LESS) != is_max ? a : b;
}

static uint64_t min3(const struct float_ctx *c, const uint64_t *s)
{
   return min_max(c, min_max(c, s[0], s[1], false), s[2], false);
}

static uint64_t max3(const struct float_ctx *c, const uint64_t *s)
{
   return min_max(c, min_max(c, s[0], s[1], true), s[2], true);
}

/* V_MED3_F32 (guide 12.10): min3 when any source is NaN, else the middle value. */
static uint64_t med3(const struct float_ctx *c, const uint64_t *s)
{
   enum float_width w = c->width;
   if (float_is_nan(w, s[0]) || float_is_nan(w, s[1]) || float_is_nan(w, s[2]))
      return min3(c, s);
   uint64_t hi = max3(c, s);
   if (float_compare(w, hi, s[0]) == ORDER_EQUAL)
      return min_max(c, s[1], s[2], true);
   if (float_compare(w, hi, s[1]) == ORDER_EQUAL)
      return min_max(c, s[0], s[2], true);
   return min_max(c, s[0], s[1], true);
}

static unsigned biased_exponent(enum float_width w, uint64_t a)
{
   return (unsigned)((a >> float_man_bits(w)) & ((1u << float_exp_bits(w)) - 1));
}

/* The exponent scale of v_ldexp: i32 for f32 and f64, i16 for f16 (guide 12.7, V_LDEXP_F16). */
static uint64_t ldexp_lane(const struct float_ctx *c, const uint64_t *s)
{
   int n = c->width == FLOAT16 ? (int16_t)(uint16_t)s[1] : (int32_t)(uint32_t)s[1];
   return float_ldexp(c->width, s[0], n, &c->env);
}

/* V_DIV_FIXUP (guide 12.10): src0 the quotient estimate, src1 the denominator, src2 the
 * numerator; special cases of the division, else the estimate with the quotient's sign. 0/0 and
 * inf/inf give the negative quiet NaN the guide names; a NaN estimate gives infinity (the
 * estimate came from a reciprocal that overflowed). */
static uint64_t div_fixup(const struct float_ctx *c, const uint64_t *s)
{
   enum float_width w = c->width;
   uint64_t q = s[0], den = s[1], num = s[2];
   bool sign = float_sign(w, den) != float_sign(w, num);
   uint64_t sign_bits = sign ? float_sign_bit(w) : 0;
   if (float_is_nan(w, num))
      return float_quiet(w, num);
   if (float_is_nan(w, den))
      return float_quiet(w, den);
   if ((float_is_zero(w, den) && float_is_zero(w, num)) ||
       (float_is_inf(w, den) && float_is_inf(w, num)))
      return float_default_nan(w) | float_sign_bit(w);
   if (float_is_zero(w, den) || float_is_inf(w, num))
      return float_inf(w, sign);
   if (float_is_inf(w, den) || float_is_zero(w, num))
      return sign_bits;
   /* Quotients below the smallest denormal's exponent underflow to zero. */
   int underflow = -(float_bias(w) + (int)float_man_bits(w)) - 1;
   if (float_exponent(w, num) - float_exponent(w, den) < underflow)
      return sign_bits;
   if (float_is_nan(w, q))
      return float_inf(w, sign);
   return (q & ~float_sign_bit(w)) | sign_bits;
}

/* ---- handler generators ------------------------------------------------------------------- */

#define FLOAT_OP(name, width, num_srcs, flags, expr)                           \
   static uint64_t lane_##name(const struct float_ctx *c, const uint64_t *s)   \
   {                                                                           \
      (void)c;                                                                 \
      (void)s;                                                                 \
      return (expr);                                                           \
   }                                                                           \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in)    \
   {                                                                           \
      static const struct float_spec spec = { width, width, num_srcs, flags }; \
      return float_exec(w, in, &spec, lane_##name);                            \
   }

/* ---- f32 ----------------------------------------------------------------------------------- */

FLOAT_OP(v_add_f32, FLOAT32, 2, 0, add(c, s[0], s[1]))
FLOAT_OP(v_sub_f32, FLOAT32, 2, 0, add(c, s[0], neg(c, s[1])))
FLOAT_OP(v_subrev_f32, FLOAT32, 2, 0, add(c, s[1], neg(c, s[0])))
FLOAT_OP(v_mul_f32, FLOAT32, 2, 0, mul(c, s[0], s[1]))
FLOAT_OP(v_mul_legacy_f32, FLOAT32, 2, 0, mul_legacy(c, s[0], s[1]))
FLOAT_OP(v_min_f32, FLOAT32, 2, 0, min_max(c, s[0], s[1], false))
FLOAT_OP(v_max_f32, FLOAT32, 2, 0, min_max(c, s[0], s[1], true))
FLOAT_OP(v_fma_f32, FLOAT32, 3, 0, fused(c, s[0], s[1], s[2]))
FLOAT_OP(v_fmac_f32, FLOAT32, 3, 0, fused(c, s[0], s[1], s[2]))
FLOAT_OP(v_fma_legacy_f32, FLOAT32, 3, 0, fma_legacy(c, s[0], s[1], s[2]))
FLOAT_OP(v_fmac_legacy_f32, FLOAT32, 3, 0, fma_legacy(c, s[0], s[1], s[2]))
FLOAT_OP(v_mad_f32, FLOAT32, 3, 0, mad(c, s[0], s[1], s[2], false))
FLOAT_OP(v_mac_f32, FLOAT32, 3, 0, mad(c, s[0], s[1], s[2], false))
FLOAT_OP(v_mad_legacy_f32, FLOAT32, 3, 0, mad(c, s[0], s[1], s[2], true))
FLOAT_OP(v_mac_legacy_f32, FLOAT32, 3, 0, mad(c, s[0], s[1], s[2], true))
/* The literal forms: madmk/fmamk "vdst, src0, k, src1" is src0 * k + src1; madak/fmaak
 * "vdst, src0, src1, k" is src0 * src1 + k. Sources in operand order either way. */
FLOAT_OP(v_madmk_f32, FLOAT32, 3, 0, mad(c, s[0], s[1], s[2], false))
FLOAT_OP(v_madak_f32, FLOAT32, 3, 0, mad(c, s[0], s[1], s[2], false))
FLOAT_OP(v_fmamk_f32, FLOAT32, 3, 0, fused(c, s[0], s[1], s[2]))
FLOAT_OP(v_fmaak_f32, FLOAT32, 3, 0, fused(c, s[0], s[1], s[2]))
FLOAT_OP(v_min3_f32, FLOAT32, 3, 0, min3(c, s))
FLOAT_OP(v_max3_f32, FLOAT32, 3, 0, max3(c, s))
FLOAT_OP(v_med3_f32, FLOAT32, 3, 0, med3(c, s))
FLOAT_OP(v_ldexp_f32, FLOAT32, 2, FSPEC_INT_SRC1, ldexp_lane(c, s))
FLOAT_OP(v_div_fixup_f32, FLOAT32, 3, FSPEC_NO_FLUSH, div_fixup(c, s))

/* ---- f16 ----------------------------------------------------------------------------------- */

FLOAT_OP(v_add_f16, FLOAT16, 2, 0, add(c, s[0], s[1]))
FLOAT_OP(v_sub_f16, FLOAT16, 2, 0, add(c, s[0], neg(c, s[1])))
FLOAT_OP(v_subrev_f16, FLOAT16, 2, 0, add(c, s[1], neg(c, s[0])))
FLOAT_OP(v_mul_f16, FLOAT16, 2, 0, mul(c, s[0], s[1]))
FLOAT_OP(v_min_f16, FLOAT16, 2, 0, min_max(c, s[0], s[1], false))
FLOAT_OP(v_max_f16, FLOAT16, 2, 0, min_max(c, s[0], s[1], true))
FLOAT_OP(v_fma_f16, FLOAT16, 3, 0, fused(c, s[0], s[1], s[2]))
FLOAT_OP(v_fmac_f16, FLOAT16, 3, 0, fused(c, s[0], s[1], s[2]))
FLOAT_OP(v_fmamk_f16, FLOAT16, 3, 0, fused(c, s[0], s[1], s[2]))
FLOAT_OP(v_fmaak_f16, FLOAT16, 3, 0, fused(c, s[0], s[1], s[2]))
FLOAT_OP(v_min3_f16, FLOAT16, 3, 0, min3(c, s))
FLOAT_OP(v_max3_f16, FLOAT16, 3, 0, max3(c, s))
FLOAT_OP(v_med3_f16, FLOAT16, 3, 0, med3(c, s))
FLOAT_OP(v_ldexp_f16, FLOAT16, 2, FSPEC_INT_SRC1, ldexp_lane(c, s))
FLOAT_OP(v_div_fixup_f16, FLOAT16, 3, FSPEC_NO_FLUSH, div_fixup(c, s))

/* ---- f64 ----------------------------------------------------------------------------------- */

FLOAT_OP(v_add_f64, FLOAT64, 2, 0, add(c, s[0], s[1]))
FLOAT_OP(v_mul_f64, FLOAT64, 2, 0, mul(c, s[0], s[1]))
FLOAT_OP(v_min_f64, FLOAT64, 2, 0, min_max(c, s[0], s[1], false))
FLOAT_OP(v_max_f64, FLOAT64, 2, 0, min_max(c, s[0], s[1], true))
FLOAT_OP(v_fma_f64, FLOAT64, 3, 0, fused(c, s[0], s[1], s[2]))
FLOAT_OP(v_ldexp_f64, FLOAT64, 2, FSPEC_INT_SRC1, ldexp_lane(c, s))
FLOAT_OP(v_div_fixup_f64, FLOAT64, 3, FSPEC_NO_FLUSH, div_fixup(c, s))

/* ---- division scaling ---------------------------------------------------------------------
 * v_div_scale (guide 12.10, V_DIV_SCALE_F32): src0 is the value to scale (the numerator or the
 * denominator), src1 the denominator, src2 the numerator. It scales by 2^+-64 (f64: 2^+-128)
 * where the quotient or the reciprocal would lose precision as a denormal, and sets the lane's
 * bit of sdst when v_div_fmas must undo a scaling. Sources are read unflushed: the instruction
 * exists to handle denormals. */

static uint64_t div_scale_lane(enum float_width w, uint64_t s0, uint64_t den, uint64_t num,
                               bool *vcc)
{
   const struct float_env exact = { ROUND_NEAREST_EVEN, false, false };
   bool is64 = w == FLOAT64;
   int scale = is64 ? 128 : 64;
   int far = is64 ? 768 : 96;
   int tiny = is64 ? 53 : 23;
   *vcc = false;
   if (float_is_zero(w, num) || float_is_zero(w, den))
      return float_default_nan(w);
   if (float_is_nan(w, s0) || float_is_nan(w, den) || float_is_nan(w, num))
      return float_is_nan(w, s0) ? float_quiet(w, s0) : s0;
   int exp_num = (int)biased_exponent(w, num), exp_den = (int)biased_exponent(w, den);
   bool rcp_denorm = float_is_denorm(w, float_div(w, float_one(w, false), den, &exact));
   bool quot_denorm = float_is_denorm(w, float_div(w, num, den, &exact));
   if (exp_num - exp_den >= far) {
      *vcc = true;
      return s0 == den ? float_ldexp(w, s0, scale, &exact) : s0;
   }
   if (float_is_denorm(w, den))
      return float_ldexp(w, s0, scale, &exact);
   if (rcp_denorm && quot_denorm) {
      *vcc = true;
      return s0 == den ? float_ldexp(w, s0, scale, &exact) : s0;
   }
   if (rcp_denorm)
      return float_ldexp(w, s0, -scale, &exact);
   if (quot_denorm) {
      *vcc = true;
      return s0 == num ? float_ldexp(w, s0, scale, &exact) : s0;
   }
   if (exp_num <= tiny)
      return float_ldexp(w, s0, scale, &exact);
   return s0;
}

static enum rdna_status div_scale(struct wave *w, const struct rdna_inst *in,
                                  enum float_width width)
{
   uint64_t r[MAX_LANES], vcc = 0;
   const uint32_t *mask = wave_lane_mask(w);
   struct float_src src[3];
   for (unsigned i = 0; i < 3; i++)
      float_src_init(w, in, float_src_operand(in, i), i, width, FSRC_NO_FLUSH, &src[i]);
   for (unsigned lane = 0; lane < MAX_LANES; lane++) {
      r[lane] = 0;
      if (lane >= w->wave_size || !mask[lane])
         continue;
      uint64_t s0 = float_src_read(w, &src[0], lane);
      uint64_t den = float_src_read(w, &src[1], lane);
      uint64_t num = float_src_read(w, &src[2], lane);
      bool bit;
      r[lane] = div_scale_lane(width, s0, den, num, &bit);
      vcc |= (uint64_t)bit << lane;
   }
   unsigned vgpr = dst_vgpr(&in->operands[0]);
   if (width == FLOAT64) {
      float_write64(w, vgpr, r);
   } else {
      uint32_t r32[MAX_LANES];
      for (unsigned lane = 0; lane < MAX_LANES; lane++)
         r32[lane] = (uint32_t)r[lane];
      valu_write(w, vgpr, r32);
   }
   wave_write_mask(w, in->operands[1].reg, vcc & wave_exec(w));
   return RDNA_OK;
}

enum rdna_status exec_v_div_scale_f32(struct wave *w, const struct rdna_inst *in)
{
   return div_scale(w, in, FLOAT32);
}

enum rdna_status exec_v_div_scale_f64(struct wave *w, const struct rdna_inst *in)
{
   return div_scale(w, in, FLOAT64);
}

/* v_div_fmas: fma, and where the lane's VCC bit is set, the scaling of v_div_scale undone:
 * by 2^64 (f64: 2^128) when src2, the quotient estimate, has an exponent above the bias (the
 * denominator was scaled up), else by 2^-64 (2^-128: the numerator was). The guide's text for
 * this row (12.10) gives a fixed 2^32 / 2^64 factor, which cannot undo both scalings of
 * v_div_scale; docs/float.md "Division" records this choice. */
static uint64_t div_fmas(const struct float_ctx *c, const uint64_t *s)
{
   uint64_t r = fused(c, s[0], s[1], s[2]);
   if (!((wave_vcc(c->w) >> c->lane) & 1))
      return r;
   bool up = (int)biased_exponent(c->width, s[2]) > float_bias(c->width);
   int scale = c->width == FLOAT64 ? 128 : 64;
   return float_ldexp(c->width, r, up ? scale : -scale, &c->env);
}

FLOAT_OP(v_div_fmas_f32, FLOAT32, 3, 0, div_fmas(c, s))
FLOAT_OP(v_div_fmas_f64, FLOAT64, 3, 0, div_fmas(c, s))

/* ---- cube maps ----------------------------------------------------------------------------
 * (guide 12.10, V_CUBEID_F32 ... V_CUBEMA_F32): src0..2 = x, y, z. The major axis is z when
 * |z| >= |x| and |z| >= |y|, else y when |y| >= |x|, else x. */

enum cube_axis {
   CUBE_X,
   CUBE_Y,
   CUBE_Z
};

static bool at_least(uint64_t a, uint64_t b)
{
   enum float_order o = float_compare(FLOAT32, a & 0x7fffffffu, b & 0x7fffffffu);
   return o == ORDER_GREATER || o == ORDER_EQUAL;
}

static enum cube_axis cube_major(const uint64_t *s)
{
   if (at_least(s[2], s[0]) && at_least(s[2], s[1]))
      return CUBE_Z;
   return at_least(s[1], s[0]) ? CUBE_Y : CUBE_X;
}

static bool below_zero(uint64_t a)
{
   return float_compare(FLOAT32, a, 0) == ORDER_LESS;
}

static uint64_t cubeid(const struct float_ctx *c, const uint64_t *s)
{
   enum cube_axis axis = cube_major(s);
   int face = 2 * (int)axis + (below_zero(s[axis]) ? 1 : 0);
   return float_from_int(FLOAT32, face, &c->env);
}

static uint64_t cubesc(const struct float_ctx *c, const uint64_t *s)
{
   switch (cube_major(s)) {
   case CUBE_Z:
      return below_zero(s[2]) ? neg(c, s[0]) : s[0];
   case CUBE_Y:
      return s[0];
   default:
      return below_zero(s[0]) ? s[2] : neg(c, s[2]);
   }
}

static uint64_t cubetc(const struct float_ctx *c, const uint64_t *s)
{
   switch (cube_major(s)) {
   case CUBE_Y:
      return below_zero(s[1]) ? neg(c, s[2]) : s[2];
   default:
      return neg(c, s[1]);
   }
}

static uint64_t cubema(const struct float_ctx *c, const uint64_t *s)
{
   return mul(c, s[cube_major(s)], float_from_int(FLOAT32, 2, &c->env));
}

FLOAT_OP(v_cubeid_f32, FLOAT32, 3, 0, cubeid(c, s))
FLOAT_OP(v_cubesc_f32, FLOAT32, 3, 0, cubesc(c, s))
FLOAT_OP(v_cubetc_f32, FLOAT32, 3, 0, cubetc(c, s))
FLOAT_OP(v_cubema_f32, FLOAT32, 3, 0, cubema(c, s))

/* ---- v_trig_preop_f64 ---------------------------------------------------------------------
 * (guide 12.10): 53 bits of 2/pi for argument reduction. With shift = src1[4:0] * 53, plus
 * exponent(src0) - 1077 when src0's biased exponent exceeds 1077, the result is the 53 fraction
 * bits of 2/pi after the first `shift` ones, as an integer scaled by 2^(-53 - shift) (2^128 more
 * when the exponent is at least 1968). The guide takes 1201 fraction bits; later ones are 0. */

/* The first 1584 fraction bits of 2/pi, 24 per entry (checked against 2/pi computed to 1800
 * bits with Machin's formula). */
static const uint32_t two_over_pi[66] = {
   0xa2f983, 0x6e4e44, 0x1529fc, 0x2757d1, 0xf534dd, 0xc0db62, 0x95993c, 0x439041, 0xfe5163,
   0xabdebb, 0xc561b7, 0x246e3a, 0x424dd2, 0xe00649, 0x2eea09, 0xd1921c, 0xfe1deb, 0x1cb129,
   0xa73ee8, 0x8235f5, 0x2ebb44, 0x84e99c, 0x7026b4, 0x5f7e41, 0x3991d6, 0x398353, 0x39f49c,
   0x845f8b, 0xbdf928, 0x3b1ff8, 0x97ffde, 0x05980f, 0xef2f11, 0x8b5a0a, 0x6d1f6d, 0x367ecf,
   0x27cb09, 0xb74f46, 0x3f669e, 0x5fea2d, 0x7527ba, 0xc7ebe5, 0xf17b3d, 0x0739f7, 0x8a5292,
   0xea6bfb, 0x5fb11f, 0x8d5d08, 0x560330, 0x46fc7b, 0x6babf0, 0xcfbc20, 0x9af436, 0x1da9e3,
   0x91615e, 0xe61b08, 0x659985, 0x5f14a0, 0x68408d, 0xffd880, 0x4d7327, 0x310606, 0x1556ca,
   0x73a8c9, 0x60e27b, 0xc08c6b,
};

/* Fraction bit k of 2/pi (k = 1 is the first bit after the point); 0 past bit 1201. */
static unsigned two_over_pi_bit(unsigned k)
{
   if (k < 1 || k > 1201)
      return 0;
   return (two_over_pi[(k - 1) / 24] >> (23 - (k - 1) % 24)) & 1u;
}

static uint64_t trig_preop(const struct float_ctx *c, const uint64_t *s)
{
   unsigned exponent = biased_exponent(FLOAT64, s[0]);
   unsigned shift = ((unsigned)s[1] & 31u) * 53;
   if (exponent > 1077)
      shift += exponent - 1077;
   uint64_t bits = 0;
   for (unsigned k = shift + 1; k <= shift + 53; k++)
      bits = bits << 1 | two_over_pi_bit(k);
   int scale = -53 - (int)shift + (exponent >= 1968 ? 128 : 0);
   return float_ldexp(FLOAT64, float_from_uint(FLOAT64, bits, &c->env), scale, &c->env);
}

FLOAT_OP(v_trig_preop_f64, FLOAT64, 2, FSPEC_INT_SRC1 | FSPEC_NO_FLUSH, trig_preop(c, s))

/* v_mullit_f32 (guide 12.10, multiply for lighting): -MAX_FLOAT when src1 is -MAX_FLOAT, -inf
 * or NaN, or src2 is NaN or not above 0; otherwise the legacy product src0 * src1 (0 * x = 0). */
static uint64_t mullit(const struct float_ctx *c, const uint64_t *s)
{
   uint64_t lowest = float_max_finite(FLOAT32, true);
   bool src2_not_positive =
      float_is_nan(FLOAT32, s[2]) || float_compare(FLOAT32, s[2], 0) != ORDER_GREATER;
   if (s[1] == lowest || s[1] == float_inf(FLOAT32, true) || float_is_nan(FLOAT32, s[1]) ||
       src2_not_positive)
      return lowest;
   return mul_legacy(c, s[0], s[1]);
}

FLOAT_OP(v_mullit_f32, FLOAT32, 3, 0, mullit(c, s))

/* Not implemented: the VOP3 interpolation rows, which read attribute data a compute dispatch
 * does not have. */
UNSUPPORTED(v_interp_p1_f32_e64)
UNSUPPORTED(v_interp_p2_f32_e64)
UNSUPPORTED(v_interp_mov_f32_e64)
UNSUPPORTED(v_interp_p1ll_f16)
UNSUPPORTED(v_interp_p1lv_f16)
UNSUPPORTED(v_interp_p2_f16)
