/* Packed math (VOP3P) and the packed VOP2 accumulates on the default Vulkan device: the packed
 * integer rows and the integer dot products against their definitions written out here (RDNA2 ISA
 * guide 6.3 and 12.13: op_sel picks the half feeding the low result, op_sel_hi the half feeding
 * the high one, clamp saturates); v_pk_add/mul/fma_f16 and v_fma_mix* against host double
 * arithmetic rounded to f16 or f32 by an explicit rounding written here, in each MODE rounding
 * mode with and without denormals; and every row against the interpreter through rdna_diff_case
 * with edge values, inline constants and modifiers. wave32 and wave64, under mixed EXEC masks.
 * Tests skip when there is no Vulkan device. */
#include <criterion/criterion.h>
#include <fenv.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gpu_harness.h"
#include "rdna/diff.h"

#define MAX_LANES 64

static uint32_t old_value(unsigned reg, unsigned lane)
{
   return 0x5eed0000u + reg * 64 + lane;
}

/* v1..v5 = inputs, v10.. = old destination values, EXEC */
static void init_text(struct text *t, uint32_t in[6][MAX_LANES], unsigned wave, uint64_t exec,
                      unsigned first_dst, unsigned num_dst)
{
   text_add(t, "[init]\n");
   for (unsigned r = 1; r <= 5; r++)
      text_add_lanes(t, r, in[r], wave);
   for (unsigned r = first_dst; r < first_dst + num_dst; r++) {
      uint32_t old[MAX_LANES];
      for (unsigned lane = 0; lane < wave; lane++)
         old[lane] = old_value(r, lane);
      text_add_lanes(t, r, old, wave);
   }
   text_add(t, "exec = 0x%llx\n", (unsigned long long)exec);
}

/* ---- packed integers and integer dots ------------------------------------------------------ */

static uint32_t half_of(uint32_t v, unsigned which)
{
   return which ? v >> 16 : v & 0xffffu;
}

static int32_t s16(uint32_t v)
{
   return (int32_t)(v & 0xffffu) - ((v & 0x8000u) ? 0x10000 : 0);
}

static uint32_t saturate(int64_t v, int64_t lo, int64_t hi)
{
   return (uint32_t)(v < lo ? lo : v > hi ? hi : v);
}

enum int_row {
   R_MAD_I16,
   R_MAD_U16_CLAMP,
   R_ADD_I16_CLAMP,
   R_SUB_I16_OPSEL,
   R_ADD_U16_CLAMP,
   R_SUB_U16_CLAMP,
   R_SUB_U16,
   R_MUL_LO,
   R_LSHL,
   R_LSHR_OPSEL_HI,
   R_ASHR,
   R_MAX_I16,
   R_MIN_I16,
   R_MAX_U16,
   R_MIN_U16,
   R_ADD_U16_INLINE,
   R_MAD_I16_CLAMP,
   R_DOT2_I16,
   R_DOT2_U16_CLAMP,
   R_DOT4_I8_CLAMP,
   R_DOT4_U8,
   R_DOT8_I4_CLAMP,
   R_DOT8_U4_CLAMP,
   R_DOT2_I16_OPSEL,
   NUM_INT_ROWS
};

static const char *const int_rows[NUM_INT_ROWS] = {
   "v_pk_mad_i16 v10, v1, v2, v3",
   "v_pk_mad_u16 v11, v1, v2, v3 clamp",
   "v_pk_add_i16 v12, v1, v2 clamp",
   "v_pk_sub_i16 v13, v1, v2 op_sel:[1,0] op_sel_hi:[0,1]",
   "v_pk_add_u16 v14, v1, v2 clamp",
   "v_pk_sub_u16 v15, v1, v2 clamp",
   "v_pk_sub_u16 v16, v1, v2",
   "v_pk_mul_lo_u16 v17, v1, v2",
   "v_pk_lshlrev_b16 v18, v1, v2",
   "v_pk_lshrrev_b16 v19, v1, v2 op_sel_hi:[0,1]",
   "v_pk_ashrrev_i16 v20, v1, v2",
   "v_pk_max_i16 v21, v1, v2",
   "v_pk_min_i16 v22, v1, v2",
   "v_pk_max_u16 v23, v1, v2",
   "v_pk_min_u16 v24, v1, v2",
   "v_pk_add_u16 v25, v1, 5",
   "v_pk_mad_i16 v26, v1, v2, v3 clamp",
   "v_dot2_i32_i16 v27, v1, v2, v3",
   "v_dot2_u32_u16 v28, v1, v2, v3 clamp",
   "v_dot4_i32_i8 v29, v1, v2, v3 clamp",
   "v_dot4_u32_u8 v30, v1, v2, v3",
   "v_dot8_i32_i4 v31, v1, v2, v3 clamp",
   "v_dot8_u32_u4 v32, v1, v2, v3 clamp",
   "v_dot2_i32_i16 v33, v1, v2, v3 op_sel:[1,0] op_sel_hi:[0,1]",
};

/* One half of a packed integer row, from the guide's definitions. */
static uint32_t int_half(enum int_row row, uint32_t a, uint32_t b, uint32_t c)
{
   switch (row) {
   case R_MAD_I16:
      return (uint32_t)(s16(a) * s16(b) + s16(c)) & 0xffffu;
   case R_MAD_I16_CLAMP:
      return saturate((int64_t)s16(a) * s16(b) + s16(c), -32768, 32767) & 0xffffu;
   case R_MAD_U16_CLAMP:
      return saturate((int64_t)a * b + c, 0, 65535);
   case R_ADD_I16_CLAMP:
      return saturate((int64_t)s16(a) + s16(b), -32768, 32767) & 0xffffu;
   case R_SUB_I16_OPSEL:
      return (uint32_t)(s16(a) - s16(b)) & 0xffffu;
   case R_ADD_U16_CLAMP:
      return saturate((int64_t)a + b, 0, 65535);
   case R_SUB_U16_CLAMP:
      return saturate((int64_t)a - b, 0, 65535);
   case R_SUB_U16:
      return (a - b) & 0xffffu;
   case R_MUL_LO:
      return (a * b) & 0xffffu;
   case R_LSHL:
      return (b << (a & 15)) & 0xffffu;
   case R_LSHR_OPSEL_HI:
      return b >> (a & 15);
   case R_ASHR:
      return (uint32_t)(s16(b) >> (a & 15)) & 0xffffu;
   case R_MAX_I16:
      return (uint32_t)(s16(a) > s16(b) ? s16(a) : s16(b)) & 0xffffu;
   case R_MIN_I16:
      return (uint32_t)(s16(a) < s16(b) ? s16(a) : s16(b)) & 0xffffu;
   case R_MAX_U16:
      return a > b ? a : b;
   case R_MIN_U16:
      return a < b ? a : b;
   default: /* R_ADD_U16_INLINE */
      return (a + b) & 0xffffu;
   }
}

/* Sum of the products of `count` elements of `bits` bits of a and b. */
static int64_t dot(uint32_t a, uint32_t b, unsigned count, unsigned bits, bool is_signed)
{
   int64_t sum = 0;
   for (unsigned i = 0; i < count; i++) {
      int64_t x = (a >> (i * bits)) & ((1u << bits) - 1u);
      int64_t y = (b >> (i * bits)) & ((1u << bits) - 1u);
      if (is_signed) {
         x -= (x >> (bits - 1)) << bits;
         y -= (y >> (bits - 1)) << bits;
      }
      sum += x * y;
   }
   return sum;
}

static uint32_t int_expect(enum int_row row, uint32_t a, uint32_t b, uint32_t c)
{
   const int64_t i32_min = INT32_MIN, i32_max = INT32_MAX;
   switch (row) {
   case R_DOT2_I16:
      return (uint32_t)((int64_t)(int32_t)c + dot(a, b, 2, 16, true));
   case R_DOT2_I16_OPSEL: /* src0's halves swapped */
      return (uint32_t)((int64_t)(int32_t)c + dot(a >> 16 | a << 16, b, 2, 16, true));
   case R_DOT2_U16_CLAMP:
      return saturate((int64_t)c + dot(a, b, 2, 16, false), 0, UINT32_MAX);
   case R_DOT4_I8_CLAMP:
      return saturate((int64_t)(int32_t)c + dot(a, b, 4, 8, true), i32_min, i32_max);
   case R_DOT4_U8:
      return (uint32_t)((int64_t)c + dot(a, b, 4, 8, false));
   case R_DOT8_I4_CLAMP:
      return saturate((int64_t)(int32_t)c + dot(a, b, 8, 4, true), i32_min, i32_max);
   case R_DOT8_U4_CLAMP:
      return saturate((int64_t)c + dot(a, b, 8, 4, false), 0, UINT32_MAX);
   default:
      break;
   }
   if (row == R_ADD_U16_INLINE) /* an inline constant fills both halves */
      b = 5u | 5u << 16;
   uint32_t lo_a = half_of(a, row == R_SUB_I16_OPSEL),
            hi_a = half_of(a, row != R_SUB_I16_OPSEL && row != R_LSHR_OPSEL_HI);
   return int_half(row, lo_a, half_of(b, 0), half_of(c, 0)) |
          int_half(row, hi_a, half_of(b, 1), half_of(c, 1)) << 16;
}

/* Integer inputs: random halves with the extremes of i16/u16 and of the accumulator mixed in. */
static uint32_t int_value(uint32_t *state)
{
   static const uint32_t edges[] = { 0x00000000u, 0xffffffffu, 0x7fff7fffu, 0x80008000u,
                                     0x7fff8000u, 0xffff0001u, 0x7fffffffu, 0x80000000u,
                                     0x000f000fu, 0x80808080u, 0x7f7f7f7fu, 0x88888888u };
   uint32_t r = test_random(state);
   return (r & 3) == 0 ? edges[(r >> 4) % (sizeof(edges) / sizeof(edges[0]))] : test_random(state);
}

static void check_int_rows(unsigned wave, uint64_t exec, uint32_t seed)
{
   uint32_t in[6][MAX_LANES];
   uint32_t state = seed;
   for (unsigned r = 1; r <= 5; r++)
      for (unsigned lane = 0; lane < wave; lane++)
         in[r][lane] = int_value(&state);
   struct text t = { 0 };
   text_add(&t, "[require]\nwave %u\n[program]\n", wave);
   for (unsigned i = 0; i < NUM_INT_ROWS; i++)
      text_add(&t, "  %s\n", int_rows[i]);
   text_add(&t, "  s_endpgm\n");
   init_text(&t, in, wave, exec, 10, NUM_INT_ROWS);
   struct gpu_run run;
   harness_run(t.data, wave, RDNA_RELATIVE_DEFAULT, &run);
   for (unsigned lane = 0; lane < wave; lane++)
      for (unsigned i = 0; i < NUM_INT_ROWS; i++) {
         unsigned reg = 10 + i;
         uint32_t a = in[1][lane], b = in[2][lane], c = in[3][lane];
         uint32_t expect =
            (exec >> lane) & 1 ? int_expect((enum int_row)i, a, b, c) : old_value(reg, lane);
         uint32_t got = run_vgpr(&run, reg, lane);
         cr_expect_eq(got, expect,
                      "wave%u %s lane %u: 0x%08x, expected 0x%08x (0x%08x 0x%08x 0x%08x)", wave,
                      int_rows[i], lane, got, expect, a, b, c);
      }
   harness_free(&run);
   text_free(&t);
}

Test(vop3p, packed_integers_and_dots_match_their_definitions, .timeout = 600)
{
   for (unsigned wave = 32; wave <= 64; wave *= 2) {
      check_int_rows(wave, mixed_exec(wave), 11u + wave);
      check_int_rows(wave, wave == 32 ? 0xffffffffull : ~0ull, 12u + wave);
   }
}

/* ---- packed f16 and mixed precision against host arithmetic -------------------------------- */

static const int host_rounding[4] = { FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO };

static double f16_value(uint32_t h)
{
   int e = (int)((h >> 10) & 31u);
   double m = (double)(h & 0x3ffu);
   double v = e == 0 ? ldexp(m, -24) : ldexp(m + 1024.0, e - 25);
   return (h & 0x8000u) ? -v : v;
}

static bool nan16(uint32_t h)
{
   return (h & 0x7fffu) > 0x7c00u;
}

static bool inf16(uint32_t h)
{
   return (h & 0x7fffu) == 0x7c00u;
}

static bool denorm16(uint32_t h)
{
   return (h & 0x7c00u) == 0 && (h & 0x3ffu) != 0;
}

/* x (an exact value, or one nudged one double ulp toward the exact value, which decides every
 * rounding the same way) rounded to f16 by MODE's encoding of `round`; a denormal result after
 * rounding becomes a signed zero when `flush`. */
static uint32_t round_f16(double x, unsigned round, bool flush)
{
   uint32_t sign = signbit(x) ? 0x8000u : 0;
   double ax = fabs(x);
   if (ax == 0)
      return sign;
   bool up_mag = (round == 1 && !sign) || (round == 2 && sign);
   bool toward_zero = round == 3 || (round == 1 && sign) || (round == 2 && !sign);
   if (isinf(ax))
      return sign | 0x7c00u;
   int e;
   frexp(ax, &e);
   int exp = e - 1 < -14 ? -14 : e - 1;
   double q = ldexp(1.0, exp - 10), n = ax / q, r;
   if (round == 0) {
      fesetround(FE_TONEAREST);
      r = nearbyint(n);
   } else {
      r = up_mag ? ceil(n) : floor(n);
   }
   double v = r * q;
   if (v >= 65536.0)
      return sign | (toward_zero ? 0x7bffu : 0x7c00u);
   if (v < ldexp(1.0, -14))
      return flush && v != 0 ? sign : sign | (uint32_t)(v / ldexp(1.0, -24));
   frexp(v, &e);
   return sign | (uint32_t)(e + 14) << 10 | ((uint32_t)(v / ldexp(1.0, e - 11)) & 0x3ffu);
}

/* p + c exactly as hi + lo (TwoSum, in the host's nearest mode). */
static double sum_nudged(double p, double c)
{
   fesetround(FE_TONEAREST);
   volatile double s = p + c;
   volatile double bp = s - p;
   double err = (p - (s - bp)) + (c - bp);
   return err == 0 ? s : nextafter(s, err > 0 ? INFINITY : -INFINITY);
}

struct mode16 {
   unsigned round, denorm; /* MODE FP_ROUND[3:2] and FP_DENORM[7:6] */
};

enum f16_op {
   F_ADD,
   F_MUL,
   F_FMA
};

/* An f16 add, mul or fma: first NaN source quieted, default NaN for an invalid operation, else
 * the exact result rounded once (docs/float.md "NaN rules"). */
static uint32_t f16_expect(enum f16_op op, const struct mode16 *m, uint32_t a, uint32_t b,
                           uint32_t c)
{
   bool keep_in = m->denorm & 1, keep_out = (m->denorm & 2) != 0;
   uint32_t s[3] = { a, b, c };
   for (unsigned i = 0; i < 3; i++)
      if (!keep_in && denorm16(s[i]))
         s[i] &= 0x8000u;
   unsigned n = op == F_FMA ? 3 : 2;
   for (unsigned i = 0; i < n; i++)
      if (nan16(s[i]))
         return s[i] | 0x200u;
   double x = f16_value(s[0]), y = f16_value(s[1]), z = f16_value(s[2]);
   if (inf16(s[0]))
      x = (s[0] & 0x8000u) ? -INFINITY : INFINITY;
   if (inf16(s[1]))
      y = (s[1] & 0x8000u) ? -INFINITY : INFINITY;
   if (inf16(s[2]))
      z = (s[2] & 0x8000u) ? -INFINITY : INFINITY;
   double exact;
   fesetround(host_rounding[m->round]);
   switch (op) {
   case F_ADD:
      exact = x + y; /* exact: f16 sums need at most 40 bits */
      break;
   case F_MUL:
      exact = x * y; /* exact: 22-bit products */
      break;
   default: {
      volatile double p = x * y;
      volatile double zero_sum = p + z; /* the sign of an exact zero by the rounding mode */
      exact = zero_sum == 0 || isinf(p) || isinf(z) ? zero_sum : sum_nudged(p, z);
      break;
   }
   }
   fesetround(FE_TONEAREST);
   if (isnan(exact))
      return 0x7e00u;
   return round_f16(exact, m->round, !keep_out);
}

static uint32_t f16_input(uint32_t *state)
{
   static const uint16_t edges[] = { 0x0000, 0x8000, 0x0001, 0x83ff, 0x0400, 0x7bff,
                                     0xfbff, 0x7c00, 0xfc00, 0x7e00, 0xfd01, 0x7c01,
                                     0x3c00, 0x3800, 0xb7ff, 0x3bff, 0x0200, 0x1400 };
   uint32_t r = test_random(state);
   switch (r & 3) {
   case 0:
      return edges[(r >> 4) % (sizeof(edges) / sizeof(edges[0]))];
   case 1: /* small exponents: products and sums near the denormal range */
      return (test_random(state) & 0x83ffu) | ((r >> 8) % 12u) << 10;
   default:
      return test_random(state) & 0xffffu;
   }
}

enum f16_row {
   P_ADD,
   P_MUL_NEG,
   P_FMA,
   P_FMA_OPSEL,
   P_ADD_CLAMP,
   M_MIX_F32,
   M_MIXLO,
   M_MIXHI,
   NUM_F16_ROWS
};

static const char *const f16_rows[NUM_F16_ROWS] = {
   "v_pk_add_f16 v10, v1, v2",
   "v_pk_mul_f16 v11, v1, v2 neg_lo:[1,0] neg_hi:[0,1]",
   "v_pk_fma_f16 v12, v1, v2, v3",
   "v_pk_fma_f16 v13, v1, v2, v3 op_sel:[1,0,1] op_sel_hi:[0,1,0]",
   "v_pk_add_f16 v14, v1, v2 clamp",
   "v_fma_mix_f32 v15, v4, v1, v5 op_sel_hi:[0,1,0]",
   "v_fma_mixlo_f16 v16, v1, -v2, v3 op_sel:[1,0,0] op_sel_hi:[1,1,1]",
   "v_fma_mixhi_f16 v17, v1, v2, v5 op_sel_hi:[1,1,0]",
};

/* v_fma_mix: the f32 fma of the sources (f16 ones widened exactly) by the f32 MODE fields
 * (`round32`, denormals kept when `keep32`), NaN rules as f32. */
static uint32_t mix_expect_f32(const struct mode16 *m16, unsigned round32, bool keep32,
                               const uint32_t s[3], const bool is_f16[3])
{
   uint32_t f[3];
   for (unsigned i = 0; i < 3; i++) {
      if (is_f16[i]) {
         uint32_t h = s[i];
         if (!(m16->denorm & 1) && denorm16(h))
            h &= 0x8000u;
         if (nan16(h)) /* f16 NaN widened: payload moved to the top */
            f[i] = (h & 0x8000u) << 16 | 0x7f800000u | (h & 0x3ffu) << 13;
         else if (inf16(h))
            f[i] = (h & 0x8000u) << 16 | 0x7f800000u;
         else
            f[i] = f32_to_bits((float)f16_value(h));
      } else {
         f[i] = !keep32 && f32_is_denorm(s[i]) ? s[i] & 0x80000000u : s[i];
      }
   }
   for (unsigned i = 0; i < 3; i++)
      if (f32_is_nan(f[i]))
         return f[i] | 0x00400000u;
   fesetround(host_rounding[round32]);
   volatile float r = fmaf(f32_from_bits(f[0]), f32_from_bits(f[1]), f32_from_bits(f[2]));
   fesetround(FE_TONEAREST);
   uint32_t bits = f32_to_bits(r);
   if (isnan(r))
      return 0x7fc00000u;
   return !keep32 && f32_is_denorm(bits) ? bits & 0x80000000u : bits;
}

static uint32_t mix_to_f16(const struct mode16 *m, uint32_t f)
{
   if (f32_is_nan(f))
      return (f >> 16 & 0x8000u) | 0x7e00u | ((f >> 13) & 0x3ffu);
   return round_f16((double)f32_from_bits(f), m->round, !(m->denorm & 2));
}

static uint32_t pack(uint32_t lo, uint32_t hi)
{
   return (lo & 0xffffu) | hi << 16;
}

static uint32_t clamp16(uint32_t h)
{
   if (nan16(h))
      return 0; /* DX10_CLAMP is set by the test's MODE */
   if (h & 0x8000u)
      return 0;
   return h > 0x3c00u ? 0x3c00u : h;
}

static uint32_t f16_row_expect(enum f16_row row, const struct mode16 *m, unsigned round32,
                               bool keep32, const uint32_t in[6][MAX_LANES], unsigned lane,
                               uint32_t old)
{
   uint32_t a = in[1][lane], b = in[2][lane], c = in[3][lane];
   switch (row) {
   case P_ADD:
      return pack(f16_expect(F_ADD, m, a & 0xffffu, b & 0xffffu, 0),
                  f16_expect(F_ADD, m, a >> 16, b >> 16, 0));
   case P_MUL_NEG:
      return pack(f16_expect(F_MUL, m, (a & 0xffffu) ^ 0x8000u, b & 0xffffu, 0),
                  f16_expect(F_MUL, m, a >> 16, (b >> 16) ^ 0x8000u, 0));
   case P_FMA:
      return pack(f16_expect(F_FMA, m, a & 0xffffu, b & 0xffffu, c & 0xffffu),
                  f16_expect(F_FMA, m, a >> 16, b >> 16, c >> 16));
   case P_FMA_OPSEL:
      return pack(f16_expect(F_FMA, m, a >> 16, b & 0xffffu, c >> 16),
                  f16_expect(F_FMA, m, a & 0xffffu, b >> 16, c & 0xffffu));
   case P_ADD_CLAMP:
      return pack(clamp16(f16_expect(F_ADD, m, a & 0xffffu, b & 0xffffu, 0)),
                  clamp16(f16_expect(F_ADD, m, a >> 16, b >> 16, 0)));
   case M_MIX_F32: {
      const uint32_t s[3] = { in[4][lane], a & 0xffffu, in[5][lane] };
      const bool f16[3] = { false, true, false };
      return mix_expect_f32(m, round32, keep32, s, f16);
   }
   case M_MIXLO: {
      const uint32_t s[3] = { a >> 16, (b & 0xffffu) ^ 0x8000u, c & 0xffffu };
      const bool f16[3] = { true, true, true };
      return (old & 0xffff0000u) | mix_to_f16(m, mix_expect_f32(m, round32, keep32, s, f16));
   }
   default: {
      const uint32_t s[3] = { a & 0xffffu, b & 0xffffu, in[5][lane] };
      const bool f16[3] = { true, true, false };
      return (old & 0xffffu) | mix_to_f16(m, mix_expect_f32(m, round32, keep32, s, f16)) << 16;
   }
   }
}

static uint32_t f32_input(uint32_t *state)
{
   static const uint32_t edges[] = { 0x00000000u, 0x80000000u, 0x3f800000u, 0x00000001u,
                                     0x807fffffu, 0x7f7fffffu, 0x7f800000u, 0xff800000u,
                                     0x7fc00000u, 0xff800001u, 0x33800000u, 0x387fc000u };
   uint32_t r = test_random(state);
   switch (r & 3) {
   case 0:
      return edges[(r >> 4) % (sizeof(edges) / sizeof(edges[0]))];
   case 1: /* the f16 range */
      return (test_random(state) & 0x807fffffu) | ((0x60u + ((r >> 8) % 0x30u)) << 23);
   default:
      return test_random(state);
   }
}

/* MODE: f32 round in [1:0], f16 round in [3:2], f32 denormals in [5:4], f16 in [7:6],
 * DX10_CLAMP bit 8. */
static void check_f16_rows(unsigned wave, unsigned round32, unsigned denorm32_bits,
                           const struct mode16 *m, uint64_t exec, uint32_t seed)
{
   uint32_t in[6][MAX_LANES];
   uint32_t state = seed;
   for (unsigned lane = 0; lane < wave; lane++) {
      for (unsigned r = 1; r <= 3; r++)
         in[r][lane] = f16_input(&state) | f16_input(&state) << 16;
      in[4][lane] = f32_input(&state);
      in[5][lane] = f32_input(&state);
   }
   unsigned mode = round32 | m->round << 2 | denorm32_bits << 4 | m->denorm << 6 | 1u << 8;
   struct text t = { 0 };
   text_add_mode_program(&t, wave, mode);
   for (unsigned i = 0; i < NUM_F16_ROWS; i++)
      text_add(&t, "  %s\n", f16_rows[i]);
   text_add(&t, "  s_endpgm\n");
   init_text(&t, in, wave, exec, 10, NUM_F16_ROWS);
   struct gpu_run run;
   harness_run(t.data, wave, RDNA_RELATIVE_DEFAULT, &run);
   for (unsigned lane = 0; lane < wave; lane++)
      for (unsigned i = 0; i < NUM_F16_ROWS; i++) {
         unsigned reg = 10 + i;
         uint32_t old = old_value(reg, lane);
         uint32_t expect = (exec >> lane) & 1
                              ? f16_row_expect((enum f16_row)i, m, round32,
                                               (denorm32_bits & 1) != 0, in, lane, old)
                              : old;
         uint32_t got = run_vgpr(&run, reg, lane);
         cr_expect_eq(got, expect,
                      "wave%u mode 0x%x %s lane %u: 0x%08x, expected 0x%08x (0x%08x 0x%08x "
                      "0x%08x 0x%08x 0x%08x)",
                      wave, mode, f16_rows[i], lane, got, expect, in[1][lane], in[2][lane],
                      in[3][lane], in[4][lane], in[5][lane]);
      }
   harness_free(&run);
   text_free(&t);
}

Test(vop3p, packed_f16_and_fma_mix_match_host_arithmetic_in_every_round_mode, .timeout = 600)
{
   /* f32 denormals are kept or flushed together (the mix rows' f32 inputs and results) */
   static const struct {
      unsigned round32, denorm32;
      struct mode16 m16;
   } modes[] = {
      { 0, 3, { 0, 3 } }, { 1, 3, { 1, 0 } }, { 2, 0, { 2, 3 } },
      { 3, 3, { 3, 1 } }, { 0, 0, { 2, 2 } }, { 3, 0, { 1, 3 } },
   };
   for (unsigned wave = 32; wave <= 64; wave *= 2)
      for (unsigned i = 0; i < sizeof(modes) / sizeof(modes[0]); i++)
         check_f16_rows(wave, modes[i].round32, modes[i].denorm32, &modes[i].m16, mixed_exec(wave),
                        300u + 41u * i + wave);
}

/* ---- every row against the interpreter ----------------------------------------------------- */

static const char *const diff_rows[] = {
   "v_pk_add_f16 v10, v1, v2 neg_lo:[1,1] neg_hi:[1,0] clamp",
   "v_pk_mul_f16 v11, v1, 0.5",
   "v_pk_fma_f16 v12, v1, v2, v3 op_sel:[0,1,1] op_sel_hi:[1,0,1] neg_hi:[0,0,1]",
   "v_pk_min_f16 v13, v1, v2",
   "v_pk_max_f16 v14, v1, v2 op_sel:[1,0] neg_lo:[0,1]",
   "v_pk_max_f16 v15, v1, -1.0",
   "v_pk_fmac_f16 v16, v1, v2",
   "v_fma_mix_f32 v17, v4, v1, v5 op_sel:[0,1,0] op_sel_hi:[0,1,0] clamp",
   "v_fma_mix_f32 v18, -|v1|, v2, |v3| op_sel_hi:[1,1,1]",
   "v_fma_mixlo_f16 v19, v4, v5, v1 op_sel_hi:[0,0,1] clamp",
   "v_fma_mixhi_f16 v20, v1, -v2, v4 op_sel:[1,1,0] op_sel_hi:[1,1,0]",
   "v_dot2_f32_f16 v21, v1, v2, v4",
   "v_dot2_f32_f16 v22, v1, v2, v5 neg_lo:[1,0,1] neg_hi:[0,1,0] clamp",
   "v_dot2c_f32_f16 v23, v1, v2",
   "v_pk_mad_i16 v24, v1, v2, v3 clamp",
   "v_pk_mad_u16 v25, v1, v2, 7",
   "v_pk_sub_u16 v26, v1, v2 op_sel:[1,1] clamp",
   "v_pk_ashrrev_i16 v27, 3, v2",
   "v_pk_lshlrev_b16 v28, v1, v2 op_sel_hi:[0,0]",
   "v_pk_add_i16 v29, s4, v2",
   "v_dot4_i32_i8 v30, v1, v2, -3",
   "v_dot8_u32_u4 v31, v1, 0x12345678, v3 clamp",
   "v_dot2_u32_u16 v32, v1, v2, v4 op_sel:[1,1] op_sel_hi:[0,0]",
   "v_pk_min_i16 v33, v1, v2",
   "v_pk_max_u16 v34, v1, v2",
   "v_pk_mul_lo_u16 v35, v1, 0x00030007",
};
#define NUM_DIFF_ROWS (sizeof(diff_rows) / sizeof(diff_rows[0]))

static void diff_program(unsigned wave, unsigned mode, uint64_t exec, uint32_t seed)
{
   uint32_t in[6][MAX_LANES];
   uint32_t state = seed;
   for (unsigned lane = 0; lane < wave; lane++) {
      for (unsigned r = 1; r <= 3; r++)
         in[r][lane] = f16_input(&state) | f16_input(&state) << 16;
      in[4][lane] = f32_input(&state);
      in[5][lane] = f32_input(&state);
   }
   struct text t = { 0 };
   text_add_mode_program(&t, wave, mode);
   text_add(&t, "  s_mov_b32 s4, 0x7fff8001\n");
   for (unsigned i = 0; i < NUM_DIFF_ROWS; i++)
      text_add(&t, "  %s\n", diff_rows[i]);
   text_add(&t, "  s_endpgm\n");
   init_text(&t, in, wave, exec, 10, NUM_DIFF_ROWS);
   harness_diff_mode(&t, wave, mode, exec);
   text_free(&t);
}

Test(vop3p, every_row_matches_the_interpreter, .timeout = 900)
{
   /* MODE: default; IEEE and DX10_CLAMP with denormals kept and rounding up; toward zero with
    * output denormals only; toward -inf with input denormals only */
   static const unsigned modes[] = { 0x000, 0x3f5, 0x1af, 0x25a };
   for (unsigned wave = 32; wave <= 64; wave *= 2)
      for (unsigned i = 0; i < sizeof(modes) / sizeof(modes[0]); i++)
         diff_program(wave, modes[i], i == 1 ? ~0ull >> (64 - wave) : mixed_exec(wave),
                      900u + 13u * i + wave);
}
