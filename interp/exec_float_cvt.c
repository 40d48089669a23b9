/* Float conversions and rounding of VOP1, VOP2 and VOP3: int <-> float, f16 <-> f32 <-> f64,
 * normalized and packed forms, ubyte, cvt_off, rounding to integral values, fract, frexp and
 * v_pack_b32_f16. Float-to-integer conversions truncate (unless named rpi/flr/norm), saturate
 * to the destination's range and give 0 for NaN (RDNA2 ISA guide 12.9 "VOP1"). Results round
 * by MODE of the destination's width. */
#include "interp/float_valu.h"

#define FLOAT_OP(name, src_width, dst_width, num_srcs, flags, expr)                    \
   static uint64_t lane_##name(const struct float_ctx *c, const uint64_t *s)           \
   {                                                                                   \
      (void)c;                                                                         \
      (void)s;                                                                         \
      return (expr);                                                                   \
   }                                                                                   \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in)            \
   {                                                                                   \
      static const struct float_spec spec = { src_width, dst_width, num_srcs, flags }; \
      return float_exec(w, in, &spec, lane_##name);                                    \
   }

static int64_t clamp_int(int64_t v, int64_t lo, int64_t hi)
{
   return v < lo ? lo : v > hi ? hi : v;
}

/* The integral value of a float source (truncated, or by `round`), saturated to [lo, hi]. */
static uint64_t to_int(const struct float_ctx *c, uint64_t a, enum float_round round, int64_t lo,
                       int64_t hi)
{
   return (uint64_t)clamp_int(float_to_int(c->width, a, round), lo, hi);
}

#define TO_I32(c, a) (to_int(c, a, ROUND_ZERO, INT32_MIN, INT32_MAX) & 0xffffffffu)
#define TO_U32(c, a) to_int(c, a, ROUND_ZERO, 0, UINT32_MAX)

static uint64_t convert(const struct float_ctx *c, enum float_width to, uint64_t a)
{
   return float_convert(to, c->width, a, &c->out_env);
}

/* v_cvt_rpi_i32_f32: floor(x + 0.5), computed exactly in f64 (every f32 below 2^23 plus 0.5
 * is exact there; larger ones are integral already). */
static uint64_t rpi(const struct float_ctx *c, uint64_t a)
{
   const struct float_env exact = { ROUND_NEAREST_EVEN, false, false };
   uint64_t wide = float_convert(FLOAT64, FLOAT32, a, &exact);
   uint64_t half = 0x3fe0000000000000ull;
   if (!float_is_nan(FLOAT64, wide) && !float_is_inf(FLOAT64, wide))
      wide = float_add(FLOAT64, wide, half, &exact);
   (void)c;
   return (uint64_t)clamp_int(float_to_int(FLOAT64, wide, ROUND_MINUS_INF), INT32_MIN, INT32_MAX) &
          0xffffffffu;
}

/* v_cvt_off_f32_i4: the signed 4-bit value of src0[3:0] divided by 16 (guide 12.9). */
static uint64_t off_i4(const struct float_ctx *c, uint64_t a)
{
   int v = (int)((uint32_t)a << 28) >> 28;
   return float_ldexp(FLOAT32, float_from_int(FLOAT32, v, &c->out_env), -4, &c->out_env);
}

/* snorm16 / unorm16 of a float: clamp to [-1, 1] or [0, 1], scale by 32767 or 65535, round to
 * nearest even (the scaled value is exact in f64); NaN gives 0. */
static uint64_t norm16(const struct float_ctx *c, uint64_t a, bool is_signed)
{
   const struct float_env exact = { ROUND_NEAREST_EVEN, false, false };
   if (float_is_nan(c->width, a))
      return 0;
   uint64_t wide = float_convert(FLOAT64, c->width, a, &exact);
   uint64_t scale = float_from_int(FLOAT64, is_signed ? 32767 : 65535, &exact);
   int64_t v = float_to_int(FLOAT64, float_mul(FLOAT64, wide, scale, &exact), ROUND_NEAREST_EVEN);
   return (uint64_t)(is_signed ? clamp_int(v, -32767, 32767) : clamp_int(v, 0, 65535)) & 0xffffu;
}

/* v_fract: x - floor(x), kept below 1.0 (a tiny negative x would round to 1.0); +-inf gives
 * NaN (guide 12.9, V_FRACT_F32). */
static uint64_t fract(const struct float_ctx *c, uint64_t a)
{
   enum float_width w = c->width;
   if (float_is_nan(w, a))
      return float_quiet(w, a);
   if (float_is_inf(w, a))
      return float_default_nan(w);
   uint64_t f = float_round_int(w, a, ROUND_MINUS_INF);
   uint64_t r = float_add(w, a, f ^ float_sign_bit(w), &c->env);
   uint64_t below_one = float_one(w, false) - 1;
   return float_compare(w, r, below_one) == ORDER_GREATER ? below_one : r;
}

/* frexp: x = mant * 2^exp with |mant| in [0.5, 1). inf and NaN keep their value (NaN quieted)
 * with exponent 0; zero gives zero and 0 (guide 12.9, V_FREXP_MANT_F32 / V_FREXP_EXP_I32_F32). */
static uint64_t frexp_mant(const struct float_ctx *c, uint64_t a)
{
   enum float_width w = c->width;
   if (float_is_nan(w, a))
      return float_quiet(w, a);
   if (float_is_inf(w, a) || float_is_zero(w, a))
      return a;
   return float_ldexp(w, a, -(float_exponent(w, a) + 1), &c->env);
}

static uint64_t frexp_exp(const struct float_ctx *c, uint64_t a, uint64_t mask)
{
   enum float_width w = c->width;
   if (float_is_nan(w, a) || float_is_inf(w, a) || float_is_zero(w, a))
      return 0;
   return (uint64_t)(int64_t)(float_exponent(w, a) + 1) & mask;
}

/* ---- VOP1 ---------------------------------------------------------------------------------- */

FLOAT_OP(v_cvt_i32_f64, FLOAT64, FLOAT32, 1, FSPEC_INT_DST, TO_I32(c, s[0]))
FLOAT_OP(v_cvt_u32_f64, FLOAT64, FLOAT32, 1, FSPEC_INT_DST, TO_U32(c, s[0]))
FLOAT_OP(v_cvt_f64_i32, FLOAT32, FLOAT64, 1, FSPEC_INT_SRC0,
         float_from_int(FLOAT64, (int32_t)(uint32_t)s[0], &c->out_env))
FLOAT_OP(v_cvt_f64_u32, FLOAT32, FLOAT64, 1, FSPEC_INT_SRC0,
         float_from_uint(FLOAT64, (uint32_t)s[0], &c->out_env))
FLOAT_OP(v_cvt_f32_i32, FLOAT32, FLOAT32, 1, FSPEC_INT_SRC0,
         float_from_int(FLOAT32, (int32_t)(uint32_t)s[0], &c->out_env))
FLOAT_OP(v_cvt_f32_u32, FLOAT32, FLOAT32, 1, FSPEC_INT_SRC0,
         float_from_uint(FLOAT32, (uint32_t)s[0], &c->out_env))
FLOAT_OP(v_cvt_u32_f32, FLOAT32, FLOAT32, 1, FSPEC_INT_DST, TO_U32(c, s[0]))
FLOAT_OP(v_cvt_i32_f32, FLOAT32, FLOAT32, 1, FSPEC_INT_DST, TO_I32(c, s[0]))
FLOAT_OP(v_cvt_rpi_i32_f32, FLOAT32, FLOAT32, 1, FSPEC_INT_DST, rpi(c, s[0]))
FLOAT_OP(v_cvt_flr_i32_f32, FLOAT32, FLOAT32, 1, FSPEC_INT_DST,
         to_int(c, s[0], ROUND_MINUS_INF, INT32_MIN, INT32_MAX) & 0xffffffffu)
FLOAT_OP(v_cvt_f16_f32, FLOAT32, FLOAT16, 1, 0, convert(c, FLOAT16, s[0]))
FLOAT_OP(v_cvt_f32_f16, FLOAT16, FLOAT32, 1, 0, convert(c, FLOAT32, s[0]))
FLOAT_OP(v_cvt_f32_f64, FLOAT64, FLOAT32, 1, 0, convert(c, FLOAT32, s[0]))
FLOAT_OP(v_cvt_f64_f32, FLOAT32, FLOAT64, 1, 0, convert(c, FLOAT64, s[0]))
FLOAT_OP(v_cvt_off_f32_i4, FLOAT32, FLOAT32, 1, FSPEC_INT_SRC0, off_i4(c, s[0]))
FLOAT_OP(v_cvt_f32_ubyte0, FLOAT32, FLOAT32, 1, FSPEC_INT_SRC0,
         float_from_uint(FLOAT32, s[0] & 0xffu, &c->out_env))
FLOAT_OP(v_cvt_f32_ubyte1, FLOAT32, FLOAT32, 1, FSPEC_INT_SRC0,
         float_from_uint(FLOAT32, (s[0] >> 8) & 0xffu, &c->out_env))
FLOAT_OP(v_cvt_f32_ubyte2, FLOAT32, FLOAT32, 1, FSPEC_INT_SRC0,
         float_from_uint(FLOAT32, (s[0] >> 16) & 0xffu, &c->out_env))
FLOAT_OP(v_cvt_f32_ubyte3, FLOAT32, FLOAT32, 1, FSPEC_INT_SRC0,
         float_from_uint(FLOAT32, (s[0] >> 24) & 0xffu, &c->out_env))
FLOAT_OP(v_cvt_f16_u16, FLOAT16, FLOAT16, 1, FSPEC_INT_SRC0,
         float_from_uint(FLOAT16, s[0] & 0xffffu, &c->out_env))
FLOAT_OP(v_cvt_f16_i16, FLOAT16, FLOAT16, 1, FSPEC_INT_SRC0,
         float_from_int(FLOAT16, (int16_t)(uint16_t)s[0], &c->out_env))
FLOAT_OP(v_cvt_u16_f16, FLOAT16, FLOAT16, 1, FSPEC_INT_DST,
         to_int(c, s[0], ROUND_ZERO, 0, UINT16_MAX))
FLOAT_OP(v_cvt_i16_f16, FLOAT16, FLOAT16, 1, FSPEC_INT_DST,
         to_int(c, s[0], ROUND_ZERO, INT16_MIN, INT16_MAX) & 0xffffu)
FLOAT_OP(v_cvt_norm_i16_f16, FLOAT16, FLOAT16, 1, FSPEC_INT_DST, norm16(c, s[0], true))
FLOAT_OP(v_cvt_norm_u16_f16, FLOAT16, FLOAT16, 1, FSPEC_INT_DST, norm16(c, s[0], false))

#define ROUNDING(suffix, width)                                                                  \
   FLOAT_OP(v_trunc_##suffix, width, width, 1, 0, float_round_int(width, s[0], ROUND_ZERO))      \
   FLOAT_OP(v_ceil_##suffix, width, width, 1, 0, float_round_int(width, s[0], ROUND_PLUS_INF))   \
   FLOAT_OP(v_floor_##suffix, width, width, 1, 0, float_round_int(width, s[0], ROUND_MINUS_INF)) \
   FLOAT_OP(v_rndne_##suffix, width, width, 1, 0,                                                \
            float_round_int(width, s[0], ROUND_NEAREST_EVEN))                                    \
   FLOAT_OP(v_fract_##suffix, width, width, 1, 0, fract(c, s[0]))                                \
   FLOAT_OP(v_frexp_mant_##suffix, width, width, 1, 0, frexp_mant(c, s[0]))

ROUNDING(f16, FLOAT16)
ROUNDING(f32, FLOAT32)
ROUNDING(f64, FLOAT64)

FLOAT_OP(v_frexp_exp_i32_f32, FLOAT32, FLOAT32, 1, FSPEC_INT_DST, frexp_exp(c, s[0], 0xffffffffu))
FLOAT_OP(v_frexp_exp_i32_f64, FLOAT64, FLOAT32, 1, FSPEC_INT_DST, frexp_exp(c, s[0], 0xffffffffu))
FLOAT_OP(v_frexp_exp_i16_f16, FLOAT16, FLOAT16, 1, FSPEC_INT_DST, frexp_exp(c, s[0], 0xffffu))

/* ---- packing ------------------------------------------------------------------------------- */

/* v_cvt_pkrtz_f16_f32: both sources to f16 rounding toward zero (whatever MODE says), src0 in
 * the low half (guide 12.7). */
static uint64_t pkrtz(const struct float_ctx *c, const uint64_t *s)
{
   struct float_env env = float_mode_env(c->w, FLOAT16);
   env.round = ROUND_ZERO;
   return float_convert(FLOAT16, FLOAT32, s[0], &env) | float_convert(FLOAT16, FLOAT32, s[1], &env)
                                                           << 16;
}

FLOAT_OP(v_cvt_pkrtz_f16_f32, FLOAT32, FLOAT32, 2, FSPEC_INT_DST, pkrtz(c, s))
FLOAT_OP(v_cvt_pknorm_i16_f32, FLOAT32, FLOAT32, 2, FSPEC_INT_DST,
         norm16(c, s[0], true) | norm16(c, s[1], true) << 16)
FLOAT_OP(v_cvt_pknorm_u16_f32, FLOAT32, FLOAT32, 2, FSPEC_INT_DST,
         norm16(c, s[0], false) | norm16(c, s[1], false) << 16)
FLOAT_OP(v_cvt_pknorm_i16_f16, FLOAT16, FLOAT32, 2, FSPEC_INT_DST,
         norm16(c, s[0], true) | norm16(c, s[1], true) << 16)
FLOAT_OP(v_cvt_pknorm_u16_f16, FLOAT16, FLOAT32, 2, FSPEC_INT_DST,
         norm16(c, s[0], false) | norm16(c, s[1], false) << 16)
/* v_pack_b32_f16: src0's half low, src1's high, modifiers applied, bits otherwise kept. */
FLOAT_OP(v_pack_b32_f16, FLOAT16, FLOAT32, 2, FSPEC_INT_DST | FSPEC_NO_FLUSH, s[0] | s[1] << 16)

/* v_cvt_pk_u8_f32: src0 converted to u8 (round to nearest even, saturated, NaN 0) replaces
 * byte src1[1:0] of src2 (guide 12.10). */
static uint64_t pk_u8(const struct float_ctx *c, const uint64_t *s)
{
   unsigned shift = 8 * ((unsigned)s[1] & 3u);
   uint64_t byte = to_int(c, s[0], ROUND_NEAREST_EVEN, 0, 255);
   return ((uint32_t)s[2] & ~(0xffu << shift)) | (uint32_t)(byte << shift);
}

static uint64_t lane_v_cvt_pk_u8_f32(const struct float_ctx *c, const uint64_t *s)
{
   uint64_t raw[3] = { s[0], 0, 0 };
   const struct rdna_operand *src1 = float_src_operand(c->in, 1);
   const struct rdna_operand *src2 = float_src_operand(c->in, 2);
   raw[1] = operand_is_vgpr(src1) ? wave_vgpr(c->w, src1->reg - RDNA_REG_VGPR0)[c->lane]
                                  : wave_read_scalar(c->w, src1);
   raw[2] = operand_is_vgpr(src2) ? wave_vgpr(c->w, src2->reg - RDNA_REG_VGPR0)[c->lane]
                                  : wave_read_scalar(c->w, src2);
   return pk_u8(c, raw);
}

enum rdna_status exec_v_cvt_pk_u8_f32(struct wave *w, const struct rdna_inst *in)
{
   static const struct float_spec spec = { FLOAT32, FLOAT32, 1, FSPEC_INT_DST };
   return float_exec(w, in, &spec, lane_v_cvt_pk_u8_f32);
}
