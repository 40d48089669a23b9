/* The clamp bit on integer VALU rows, recompiled and run on the GPU (lavapipe in CI), wave32 and
 * wave64, against host computations in wider types: integer clamp saturates the exact result to
 * the destination type's range instead of wrapping (LLVM AMDGPU modifier syntax, "clamp"; the
 * rows are those llvm-mc accepts with clamp in VOP3, isa/vop.def INT_CLAMP). SDWA takes clamp on
 * every VOP1/VOP2 row; on rows without a saturating form it changes nothing. Every saturating row
 * sees lanes that saturate and lanes that do not (the test checks that its inputs do). */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "gpu_harness.h"

#define MAX_LANES 64
#define FIRST_DST 20u

/* Lanes with lane % 3 == 2 are disabled: every input category below has enabled and disabled
 * lanes. */
static uint64_t exec_for(unsigned wave)
{
   uint64_t exec = 0;
   for (unsigned lane = 0; lane < wave; lane++)
      if (lane % 3 != 2)
         exec |= 1ull << lane;
   return exec;
}

static uint32_t old_value(unsigned reg, unsigned lane)
{
   return 0xcafe0000u + reg * 64 + lane;
}

/* ---- host arithmetic ------------------------------------------------------------------------ */

/* An exact result and what the destination receives with clamp. */
struct sat {
   uint64_t value; /* the saturated result, truncated to the destination's width */
   bool saturated; /* the exact result was outside [lo, hi] */
};

static struct sat saturate(__int128 exact, __int128 lo, __int128 hi)
{
   struct sat s = { (uint64_t)exact, false };
   if (exact < lo)
      s = (struct sat){ (uint64_t)lo, true };
   else if (exact > hi)
      s = (struct sat){ (uint64_t)hi, true };
   return s;
}

static struct sat in_u32(__int128 exact)
{
   struct sat s = saturate(exact, 0, UINT32_MAX);
   s.value &= 0xffffffffu;
   return s;
}

static struct sat in_i32(__int128 exact)
{
   struct sat s = saturate(exact, INT32_MIN, INT32_MAX);
   s.value &= 0xffffffffu;
   return s;
}

static struct sat in_u16(__int128 exact)
{
   struct sat s = saturate(exact, 0, 0xffff);
   s.value &= 0xffffu;
   return s;
}

static struct sat in_i16(__int128 exact)
{
   struct sat s = saturate(exact, INT16_MIN, INT16_MAX);
   s.value &= 0xffffu;
   return s;
}

static int64_t sext24(uint32_t v)
{
   return (v & 0x800000u) ? (int64_t)(v & 0xffffffu) - 0x1000000 : (int64_t)(v & 0xffffffu);
}

static int64_t u24(uint32_t v)
{
   return v & 0xffffffu;
}

static int64_t s16(uint32_t v)
{
   return (v & 0x8000u) ? (int64_t)(v & 0xffffu) - 0x10000 : (int64_t)(v & 0xffffu);
}

static int64_t u16(uint32_t v)
{
   return v & 0xffffu;
}

static int64_t absdiff(int64_t x, int64_t y)
{
   return x > y ? x - y : y - x;
}

/* Sum over the four bytes of |a - b|; the masked form (msad, mqsad) skips bytes where b is 0. */
static int64_t byte_sad(uint32_t a, uint32_t b, bool masked)
{
   int64_t sum = 0;
   for (unsigned i = 0; i < 4; i++) {
      uint32_t x = (a >> (8 * i)) & 0xffu, y = (b >> (8 * i)) & 0xffu;
      if (!masked || y != 0)
         sum += absdiff(x, y);
   }
   return sum;
}

static int64_t min3(int64_t a, int64_t b, int64_t c)
{
   int64_t m = a < b ? a : b;
   return m < c ? m : c;
}

static int64_t max3(int64_t a, int64_t b, int64_t c)
{
   int64_t m = a > b ? a : b;
   return m > c ? m : c;
}

static int64_t med3(int64_t a, int64_t b, int64_t c)
{
   return a + b + c - min3(a, b, c) - max3(a, b, c);
}

/* ---- the VOP3 rows with one 32-bit (or 16-bit) result --------------------------------------- */

struct row {
   const char *name;
   unsigned sources;
   struct sat (*host)(uint32_t a, uint32_t b, uint32_t c);
   bool keeps_high; /* a 16-bit op_sel row: op_sel[3] = 0 writes the low half, keeps the high */
   bool no_effect;  /* clamp cannot change this row's result */
};

#define HOST(fn, expr)                                      \
   static struct sat fn(uint32_t a, uint32_t b, uint32_t c) \
   {                                                        \
      (void)a;                                              \
      (void)b;                                              \
      (void)c;                                              \
      return expr;                                          \
   }

HOST(h_mul_i24, in_i32(sext24(a) * sext24(b)))
HOST(h_mul_u24, in_u32(u24(a) * u24(b)))
HOST(h_add_u32, in_u32((int64_t)a + b))
HOST(h_sub_u32, in_u32((int64_t)a - b))
HOST(h_subrev_u32, in_u32((int64_t)b - a))
HOST(h_add_i32, in_i32((int64_t)(int32_t)a + (int32_t)b))
HOST(h_sub_i32, in_i32((int64_t)(int32_t)a - (int32_t)b))
HOST(h_add_u16, in_u16(u16(a) + u16(b)))
HOST(h_sub_u16, in_u16(u16(a) - u16(b)))
HOST(h_add_i16, in_i16(s16(a) + s16(b)))
HOST(h_sub_i16, in_i16(s16(a) - s16(b)))
HOST(h_mad_i24, in_i32(sext24(a) * sext24(b) + (int32_t)c))
HOST(h_mad_u24, in_u32(u24(a) * u24(b) + c))
HOST(h_sad_u8, in_u32(byte_sad(a, b, false) + c))
HOST(h_sad_hi_u8, in_u32(byte_sad(a, b, false) * 65536 + c))
HOST(h_sad_u16, in_u32(absdiff(u16(a), u16(b)) + absdiff(a >> 16, b >> 16) + c))
HOST(h_sad_u32, in_u32(absdiff(a, b) + c))
HOST(h_msad_u8, in_u32(byte_sad(a, b, true) + c))
HOST(h_mad_u16, in_u16(u16(a) * u16(b) + u16(c)))
HOST(h_mad_i16, in_i16(s16(a) * s16(b) + s16(c)))
HOST(h_mad_u32_u16, in_u32(u16(a) * u16(b) + c))
HOST(h_mad_i32_i16, in_i32(s16(a) * s16(b) + (int32_t)c))
HOST(h_min3_i16, in_i16(min3(s16(a), s16(b), s16(c))))
HOST(h_min3_u16, in_u16(min3(u16(a), u16(b), u16(c))))
HOST(h_max3_i16, in_i16(max3(s16(a), s16(b), s16(c))))
HOST(h_max3_u16, in_u16(max3(u16(a), u16(b), u16(c))))
HOST(h_med3_i16, in_i16(med3(s16(a), s16(b), s16(c))))
HOST(h_med3_u16, in_u16(med3(u16(a), u16(b), u16(c))))

static const struct row rows[] = {
   { "v_mul_i32_i24_e64", 2, h_mul_i24, false, false },
   { "v_mul_u32_u24_e64", 2, h_mul_u24, false, false },
   { "v_add_nc_u32_e64", 2, h_add_u32, false, false },
   { "v_sub_nc_u32_e64", 2, h_sub_u32, false, false },
   { "v_subrev_nc_u32_e64", 2, h_subrev_u32, false, false },
   { "v_add_nc_i32", 2, h_add_i32, false, false },
   { "v_sub_nc_i32", 2, h_sub_i32, false, false },
   { "v_add_nc_u16", 2, h_add_u16, false, false },
   { "v_sub_nc_u16", 2, h_sub_u16, false, false },
   { "v_add_nc_i16", 2, h_add_i16, true, false },
   { "v_sub_nc_i16", 2, h_sub_i16, true, false },
   { "v_mad_i32_i24", 3, h_mad_i24, false, false },
   { "v_mad_u32_u24", 3, h_mad_u24, false, false },
   { "v_sad_u8", 3, h_sad_u8, false, false },
   { "v_sad_hi_u8", 3, h_sad_hi_u8, false, false },
   { "v_sad_u16", 3, h_sad_u16, false, false },
   { "v_sad_u32", 3, h_sad_u32, false, false },
   { "v_msad_u8", 3, h_msad_u8, false, false },
   { "v_mad_u16", 3, h_mad_u16, true, false },
   { "v_mad_i16", 3, h_mad_i16, true, false },
   { "v_mad_u32_u16", 3, h_mad_u32_u16, false, false },
   { "v_mad_i32_i16", 3, h_mad_i32_i16, false, false },
   { "v_min3_i16", 3, h_min3_i16, true, true },
   { "v_min3_u16", 3, h_min3_u16, true, true },
   { "v_max3_i16", 3, h_max3_i16, true, true },
   { "v_max3_u16", 3, h_max3_u16, true, true },
   { "v_med3_i16", 3, h_med3_i16, true, true },
   { "v_med3_u16", 3, h_med3_u16, true, true },
};

#define NUM_ROWS (sizeof(rows) / sizeof(rows[0]))

/* ---- inputs --------------------------------------------------------------------------------- */

/* v1, v2, v3 (a, b, c), v[4:5] (a 64-bit addend, the quad SADs' S0), v[6:9] (the quad SADs'
 * accumulators) by lane % 8: unsigned and signed extremes in both directions, small values,
 * byte and half patterns, and random values with edge values mixed in. */
struct inputs {
   uint32_t v[10][MAX_LANES];
   uint64_t exec;
   uint64_t carry_in;
};

static void make_inputs(struct inputs *in, unsigned wave, uint32_t seed)
{
   static const uint32_t fixed[7][6] = {
      /* a, b, c, v4, v5, v6..v9 */
      { 0xffffffffu, 0x00000001u, 0xfffffff0u, 0xffffff00u, 0xffffffffu, 0xffffff80u },
      { 0, 0, 0, 0, 0, 0 }, /* small, per lane (below) */
      { 0x7fff7fffu, 0x7fff7fffu, 0x7fff7fffu, 0xffffffffu, 0x7fffffffu, 0xfffffff0u },
      { 0x80008000u, 0x00010001u, 0x80000000u, 0x00000000u, 0x80000000u, 0x00000000u },
      { 0x007fffffu, 0x007fffffu, 0x7fffffffu, 0x12345678u, 0x9abcdef0u, 0xffff0000u },
      { 0x00800000u, 0x007fffffu, 0x80000000u, 0x80000000u, 0xffffffffu, 0x0000ffffu },
      { 0x00ff00ffu, 0xff00ff00u, 0xffff0000u, 0xff00ff00u, 0x00ff00ffu, 0xfff0fff0u },
   };
   memset(in, 0, sizeof(*in));
   for (unsigned lane = 0; lane < wave; lane++) {
      unsigned kind = lane % 8;
      uint32_t v[6];
      if (kind == 1) {
         v[0] = 3 * lane + 1;
         v[1] = lane + 2;
         v[2] = 5 * lane;
         v[3] = lane;
         v[4] = 0;
         v[5] = lane;
      } else if (kind == 7) {
         for (unsigned i = 0; i < 6; i++)
            v[i] = test_value(&seed);
      } else {
         memcpy(v, fixed[kind], sizeof(v));
      }
      for (unsigned r = 1; r <= 5; r++)
         in->v[r][lane] = v[r - 1];
      for (unsigned r = 6; r <= 9; r++)
         in->v[r][lane] = kind == 7 ? test_value(&seed) : v[5];
   }
   in->exec = exec_for(wave);
   in->carry_in = 0x96c35a0fe1d2b487ull & (wave == 32 ? 0xffffffffull : ~0ull);
}

static void init_text(struct text *t, const struct inputs *in, unsigned wave, unsigned first,
                      unsigned count)
{
   text_add(t, "[init]\n");
   for (unsigned r = 1; r <= 9; r++)
      text_add_lanes(t, r, in->v[r], wave);
   for (unsigned r = first; r < first + count; r++)
      text_add(t, "v%u = 0x%x + lane\n", r, old_value(r, 0));
   text_add(t, "exec = 0x%llx\n", (unsigned long long)in->exec);
   if (wave == 32)
      text_add(t, "s40 = 0x%llx\nvcc_lo = 0x%llx\n", (unsigned long long)in->carry_in,
               (unsigned long long)in->carry_in);
   else
      text_add(t, "s[40:41] = 0x%llx\nvcc = 0x%llx\n", (unsigned long long)in->carry_in,
               (unsigned long long)in->carry_in);
}

static bool active(const struct inputs *in, unsigned lane)
{
   return (in->exec >> lane) & 1;
}

/* Counts of enabled lanes whose exact result saturated and lanes whose did not, per row. */
struct coverage {
   unsigned saturated, exact;
};

static void count(struct coverage *c, bool saturated)
{
   if (saturated)
      c->saturated++;
   else
      c->exact++;
}

static void expect_covered(const struct coverage *c, unsigned wave, const char *name)
{
   cr_expect(c->saturated > 0 && c->exact > 0,
             "wave%u %s: the inputs give %u saturating and %u exact lanes; both are needed", wave,
             name, c->saturated, c->exact);
}

/* ---- tests ---------------------------------------------------------------------------------- */

static void run_rows(unsigned wave, uint32_t seed)
{
   struct inputs in;
   make_inputs(&in, wave, seed);
   struct text t = { 0 };
   text_add(&t, "[require]\nwave %u\n[program]\n", wave);
   for (unsigned i = 0; i < NUM_ROWS; i++) {
      if (rows[i].sources == 2)
         text_add(&t, "  %s v%u, v1, v2 clamp\n", rows[i].name, FIRST_DST + i);
      else
         text_add(&t, "  %s v%u, v1, v2, v3 clamp\n", rows[i].name, FIRST_DST + i);
   }
   text_add(&t, "  s_endpgm\n");
   init_text(&t, &in, wave, FIRST_DST, NUM_ROWS);
   struct gpu_run run;
   harness_run(t.data, wave, RDNA_RELATIVE_DEFAULT, &run);
   cr_assert_eq(run.wave.fault.kind, RDNA_FAULT_NONE, "%s", run.wave.fault.message);
   for (unsigned i = 0; i < NUM_ROWS; i++) {
      unsigned reg = FIRST_DST + i;
      struct coverage cov = { 0, 0 };
      for (unsigned lane = 0; lane < wave; lane++) {
         uint32_t a = in.v[1][lane], b = in.v[2][lane], c = in.v[3][lane];
         uint32_t old = old_value(reg, lane), expect = old;
         if (active(&in, lane)) {
            struct sat s = rows[i].host(a, b, c);
            count(&cov, s.saturated);
            expect =
               rows[i].keeps_high ? (old & 0xffff0000u) | (uint32_t)s.value : (uint32_t)s.value;
         }
         uint32_t got = run_vgpr(&run, reg, lane);
         cr_expect_eq(got, expect,
                      "wave%u %s clamp lane %u (0x%x, 0x%x, 0x%x): 0x%x, expected 0x%x", wave,
                      rows[i].name, lane, a, b, c, got, expect);
      }
      if (!rows[i].no_effect)
         expect_covered(&cov, wave, rows[i].name);
   }
   harness_free(&run);
   text_free(&t);
}

Test(gpu_valu_clamp, vop3_rows_saturate_wave32)
{
   run_rows(32, 11);
}

Test(gpu_valu_clamp, vop3_rows_saturate_wave64)
{
   run_rows(64, 12);
}

/* Carry-out rows (VOP3b): the result saturates where the unsigned carry or borrow is set (to
 * 0xffffffff for adds, 0 for subtractions), and the carry-out mask is written as without clamp.
 * The 64-bit multiply-adds saturate to u64 / i64 and write their carry or overflow. */
static void run_carry_rows(unsigned wave, uint32_t seed)
{
   struct inputs in;
   make_inputs(&in, wave, seed);
   char m[8][32], cin[32];
   for (unsigned i = 0; i < 8; i++)
      lane_mask_reg(m[i], sizeof(m[i]), wave, 20 + 2 * i);
   lane_mask_reg(cin, sizeof(cin), wave, 40);
   struct text t = { 0 };
   text_add(&t,
            "[require]\nwave %u\n[program]\n"
            "  v_add_co_u32 v20, %s, v1, v2 clamp\n"
            "  v_sub_co_u32 v21, %s, v1, v2 clamp\n"
            "  v_subrev_co_u32 v22, %s, v1, v2 clamp\n"
            "  v_add_co_ci_u32_e64 v23, %s, v1, v2, %s clamp\n"
            "  v_sub_co_ci_u32_e64 v24, %s, v1, v2, %s clamp\n"
            "  v_subrev_co_ci_u32_e64 v25, %s, v1, v2, %s clamp\n"
            "  v_mad_u64_u32 v[26:27], %s, v1, v2, v[4:5] clamp\n"
            "  v_mad_i64_i32 v[28:29], %s, v1, v2, v[4:5] clamp\n"
            "  s_endpgm\n",
            wave, m[0], m[1], m[2], m[3], cin, m[4], cin, m[5], cin, m[6], m[7]);
   init_text(&t, &in, wave, 20, 10);
   struct gpu_run run;
   harness_run(t.data, wave, RDNA_RELATIVE_DEFAULT, &run);
   cr_assert_eq(run.wave.fault.kind, RDNA_FAULT_NONE, "%s", run.wave.fault.message);
   static const char *const names[6] = {
      "v_add_co_u32",    "v_sub_co_u32",    "v_subrev_co_u32",
      "v_add_co_ci_u32", "v_sub_co_ci_u32", "v_subrev_co_ci_u32"
   };
   uint64_t carry[8] = { 0 };
   struct coverage cov[8];
   memset(cov, 0, sizeof(cov));
   for (unsigned lane = 0; lane < wave; lane++) {
      int64_t a = in.v[1][lane], b = in.v[2][lane];
      int64_t ci = (int64_t)((in.carry_in >> lane) & 1);
      uint64_t c64 = in.v[4][lane] | (uint64_t)in.v[5][lane] << 32;
      __int128 exact[6] = { a + b, a - b, b - a, a + b + ci, a - b - ci, b - a - ci };
      for (unsigned i = 0; i < 6; i++) {
         unsigned reg = 20 + i;
         struct sat s = in_u32(exact[i]);
         uint32_t expect = active(&in, lane) ? (uint32_t)s.value : old_value(reg, lane);
         if (active(&in, lane)) {
            count(&cov[i], s.saturated);
            carry[i] |= (uint64_t)s.saturated << lane;
         }
         cr_expect_eq(run_vgpr(&run, reg, lane), expect,
                      "wave%u %s clamp lane %u (0x%llx, 0x%llx, cin %lld): 0x%x, expected 0x%x",
                      wave, names[i], lane, (long long)a, (long long)b, (long long)ci,
                      run_vgpr(&run, reg, lane), expect);
      }
      __int128 mad_u = (__int128)((uint64_t)a * (uint64_t)b) + (__int128)c64;
      __int128 mad_i = (__int128)((int64_t)(int32_t)a * (int32_t)b) + (int64_t)c64;
      struct sat su = saturate(mad_u, 0, UINT64_MAX);
      struct sat si = saturate(mad_i, INT64_MIN, INT64_MAX);
      struct sat mads[2] = { su, si };
      for (unsigned i = 0; i < 2; i++) {
         unsigned reg = 26 + 2 * i;
         uint64_t expect = active(&in, lane)
                              ? mads[i].value
                              : old_value(reg, lane) | (uint64_t)old_value(reg + 1, lane) << 32;
         if (active(&in, lane)) {
            count(&cov[6 + i], mads[i].saturated);
            carry[6 + i] |= (uint64_t)mads[i].saturated << lane;
         }
         uint64_t got = run_vgpr(&run, reg, lane) | (uint64_t)run_vgpr(&run, reg + 1, lane) << 32;
         cr_expect_eq(got, expect,
                      "wave%u %s clamp lane %u (0x%llx, 0x%llx, 0x%llx): 0x%llx, "
                      "expected 0x%llx",
                      wave, i ? "v_mad_i64_i32" : "v_mad_u64_u32", lane, (long long)a, (long long)b,
                      (unsigned long long)c64, (unsigned long long)got, (unsigned long long)expect);
      }
   }
   for (unsigned i = 0; i < 8; i++) {
      const char *name = i < 6 ? names[i] : i == 6 ? "v_mad_u64_u32" : "v_mad_i64_i32";
      unsigned s = 20 + 2 * i;
      cr_expect_eq(run_lane_mask(&run, s), carry[i], "wave%u %s carry-out 0x%llx, expected 0x%llx",
                   wave, name, (unsigned long long)run_lane_mask(&run, s),
                   (unsigned long long)carry[i]);
      expect_covered(&cov[i], wave, name);
   }
   harness_free(&run);
   text_free(&t);
}

Test(gpu_valu_clamp, carry_rows_saturate_and_write_the_carry_wave32)
{
   run_carry_rows(32, 21);
}

Test(gpu_valu_clamp, carry_rows_saturate_and_write_the_carry_wave64)
{
   run_carry_rows(64, 22);
}

/* Quad SADs: the S1 reference against the four byte-aligned dwords of the 64-bit S0; result k
 * adds into element k of S2, saturating to 16 bits (pk forms) or 32 bits (mqsad_u32_u8). */
static void run_quad_sads(unsigned wave, uint32_t seed)
{
   struct inputs in;
   make_inputs(&in, wave, seed);
   struct text t = { 0 };
   text_add(&t,
            "[require]\nwave %u\n[program]\n"
            "  v_qsad_pk_u16_u8 v[20:21], v[4:5], v2, v[6:7] clamp\n"
            "  v_mqsad_pk_u16_u8 v[22:23], v[4:5], v2, v[6:7] clamp\n"
            "  v_mqsad_u32_u8 v[24:27], v[4:5], v2, v[6:9] clamp\n"
            "  s_endpgm\n",
            wave);
   init_text(&t, &in, wave, 20, 8);
   struct gpu_run run;
   harness_run(t.data, wave, RDNA_RELATIVE_DEFAULT, &run);
   cr_assert_eq(run.wave.fault.kind, RDNA_FAULT_NONE, "%s", run.wave.fault.message);
   struct coverage cov[3];
   memset(cov, 0, sizeof(cov));
   for (unsigned lane = 0; lane < wave; lane++) {
      uint64_t s0 = in.v[4][lane] | (uint64_t)in.v[5][lane] << 32;
      uint32_t ref = in.v[2][lane];
      uint32_t expect[8];
      bool saturated[3] = { false, false, false };
      for (unsigned form = 0; form < 2; form++) {
         uint64_t packed = 0;
         for (unsigned k = 0; k < 4; k++) {
            uint32_t acc = in.v[6 + k / 2][lane] >> (16 * (k % 2)) & 0xffffu;
            struct sat s = in_u16(acc + byte_sad((uint32_t)(s0 >> (8 * k)), ref, form == 1));
            saturated[form] |= s.saturated;
            packed |= s.value << (16 * k);
         }
         expect[2 * form] = (uint32_t)packed;
         expect[2 * form + 1] = (uint32_t)(packed >> 32);
      }
      for (unsigned k = 0; k < 4; k++) {
         struct sat s =
            in_u32((int64_t)in.v[6 + k][lane] + byte_sad((uint32_t)(s0 >> (8 * k)), ref, true));
         saturated[2] |= s.saturated;
         expect[4 + k] = (uint32_t)s.value;
      }
      if (active(&in, lane))
         for (unsigned f = 0; f < 3; f++)
            count(&cov[f], saturated[f]);
      for (unsigned i = 0; i < 8; i++) {
         uint32_t want = active(&in, lane) ? expect[i] : old_value(20 + i, lane);
         cr_expect_eq(run_vgpr(&run, 20 + i, lane), want,
                      "wave%u v%u lane %u (s0 0x%llx, ref 0x%x): 0x%x, expected 0x%x", wave, 20 + i,
                      lane, (unsigned long long)s0, ref, run_vgpr(&run, 20 + i, lane), want);
      }
   }
   expect_covered(&cov[0], wave, "v_qsad_pk_u16_u8");
   expect_covered(&cov[1], wave, "v_mqsad_pk_u16_u8");
   expect_covered(&cov[2], wave, "v_mqsad_u32_u8");
   harness_free(&run);
   text_free(&t);
}

Test(gpu_valu_clamp, quad_sads_saturate_each_element_wave32)
{
   run_quad_sads(32, 31);
}

Test(gpu_valu_clamp, quad_sads_saturate_each_element_wave64)
{
   run_quad_sads(64, 32);
}

/* SDWA takes clamp on every VOP1/VOP2 row: the rows with a VOP3 clamp saturate on their selected
 * sources; on the others (logic, min/max, the high 24-bit product) it changes nothing. */
static void run_sdwa(unsigned wave, uint32_t seed)
{
   struct inputs in;
   make_inputs(&in, wave, seed);
   const char *vcc = wave == 32 ? "vcc_lo" : "vcc";
   struct text t = { 0 };
   text_add(&t, "[require]\nwave %u\n[program]\n", wave);
   static const char *const rows_sdwa[] = {
      "v_mul_u32_u24_sdwa v20, v1, v2 clamp dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD "
      "src1_sel:DWORD",
      "v_mul_i32_i24_sdwa v21, v1, v2 clamp dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD "
      "src1_sel:DWORD",
      "v_add_nc_u32_sdwa v22, v1, v2 clamp dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD "
      "src1_sel:DWORD",
      "v_mul_u32_u24_sdwa v23, v1, v2 clamp dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_1 "
      "src1_sel:DWORD",
      "v_and_b32_sdwa v24, v1, v2 clamp dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD "
      "src1_sel:DWORD",
      "v_min_i32_sdwa v25, v1, v2 clamp dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD "
      "src1_sel:DWORD",
      "v_mul_hi_u32_u24_sdwa v26, v1, v2 clamp dst_sel:DWORD dst_unused:UNUSED_PAD "
      "src0_sel:DWORD src1_sel:DWORD",
   };
   for (unsigned i = 0; i < sizeof(rows_sdwa) / sizeof(rows_sdwa[0]); i++)
      text_add(&t, "  %s\n", rows_sdwa[i]);
   text_add(&t,
            "  v_add_co_ci_u32_sdwa v27, %s, v1, v2, %s clamp dst_sel:DWORD "
            "dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD\n  s_endpgm\n",
            vcc, vcc);
   init_text(&t, &in, wave, 20, 8);
   struct gpu_run run;
   harness_run(t.data, wave, RDNA_RELATIVE_DEFAULT, &run);
   cr_assert_eq(run.wave.fault.kind, RDNA_FAULT_NONE, "%s", run.wave.fault.message);
   uint64_t carry = 0;
   struct coverage cov[5];
   memset(cov, 0, sizeof(cov));
   for (unsigned lane = 0; lane < wave; lane++) {
      uint32_t a = in.v[1][lane], b = in.v[2][lane];
      int64_t ci = (int64_t)((in.carry_in >> lane) & 1);
      struct sat s[8] = {
         in_u32(u24(a) * u24(b)),
         in_i32(sext24(a) * sext24(b)),
         in_u32((int64_t)a + b),
         in_u32(u24(a >> 16) * u24(b)),
         { a & b, false },
         { (int32_t)a < (int32_t)b ? a : b, false },
         { (uint64_t)(u24(a) * u24(b)) >> 32, false },
         in_u32((int64_t)a + b + ci),
      };
      for (unsigned i = 0; i < 8; i++) {
         uint32_t want = active(&in, lane) ? (uint32_t)s[i].value : old_value(20 + i, lane);
         cr_expect_eq(run_vgpr(&run, 20 + i, lane), want,
                      "wave%u SDWA v%u lane %u (0x%x, 0x%x): 0x%x, expected 0x%x", wave, 20 + i,
                      lane, a, b, run_vgpr(&run, 20 + i, lane), want);
      }
      if (active(&in, lane)) {
         for (unsigned i = 0; i < 4; i++)
            count(&cov[i], s[i].saturated);
         count(&cov[4], s[7].saturated);
         carry |= (uint64_t)s[7].saturated << lane;
      }
   }
   cr_expect_eq(run_lane_mask(&run, 106), carry,
                "wave%u SDWA v_add_co_ci_u32 carry 0x%llx, "
                "expected 0x%llx",
                wave, (unsigned long long)run_lane_mask(&run, 106), (unsigned long long)carry);
   static const char *const covered[5] = { "v_mul_u32_u24_sdwa", "v_mul_i32_i24_sdwa",
                                           "v_add_nc_u32_sdwa", "v_mul_u32_u24_sdwa WORD_1",
                                           "v_add_co_ci_u32_sdwa" };
   for (unsigned i = 0; i < 5; i++)
      expect_covered(&cov[i], wave, covered[i]);
   harness_free(&run);
   text_free(&t);
}

Test(gpu_valu_clamp, sdwa_clamp_saturates_only_rows_with_a_clamp_wave32)
{
   run_sdwa(32, 41);
}

Test(gpu_valu_clamp, sdwa_clamp_saturates_only_rows_with_a_clamp_wave64)
{
   run_sdwa(64, 42);
}

/* The interpreter and the recompiled module agree on every register of a program mixing the
 * clamp rows, wave32 and wave64 (the differential driver compares complete state). */
Test(gpu_valu_clamp, interpreter_and_gpu_agree)
{
   for (unsigned wave = 32; wave <= 64; wave *= 2) {
      struct inputs in;
      make_inputs(&in, wave, 51);
      struct text t = { 0 };
      text_add(&t, "[require]\nwave %u\n[program]\n", wave);
      for (unsigned i = 0; i < NUM_ROWS; i++)
         text_add(
            &t, rows[i].sources == 2 ? "  %s v%u, v1, v2 clamp\n" : "  %s v%u, v1, v2, v3 clamp\n",
            rows[i].name, FIRST_DST + i);
      text_add(&t, "  v_mad_u64_u32 v[60:61], %s, v1, v2, v[4:5] clamp\n",
               wave == 32 ? "s50" : "s[50:51]");
      text_add(&t, "  v_mad_i64_i32 v[62:63], %s, v1, v2, v[4:5] clamp\n",
               wave == 32 ? "s52" : "s[52:53]");
      text_add(&t, "  v_mqsad_u32_u8 v[64:67], v[4:5], v2, v[6:9] clamp\n  s_endpgm\n");
      init_text(&t, &in, wave, FIRST_DST, NUM_ROWS);
      harness_diff(&t, wave, wave == 32 ? "clamp rows, wave32" : "clamp rows, wave64");
      text_free(&t);
   }
}
