/* Float VALU semantics: f32/f64/f16 arithmetic in each MODE rounding mode against the host's IEEE
 * arithmetic run under the same rounding mode (an independent oracle), denormal flushing,
 * NaN rules and min/max from the RDNA2 ISA guide's pseudo-code, compares and class tests,
 * conversions, output modifiers, EXEC predication in wave32 and wave64, the division sequence
 * LLVM emits, and the transcendentals' accuracy against long double references. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <math.h>

#include "float_lanes.h"

/* ---- inputs ---------------------------------------------------------------------------------- */

static const uint32_t f32_edges[] = {
   0x00000000, 0x80000000, 0x00000001, 0x807fffff, 0x00800000, 0x80800000, 0x3f800000, 0xbf800000,
   0x3fc00000, 0x3f800001, 0x7f7fffff, 0xff7fffff, 0x7f800000, 0xff800000, 0x40490fdb, 0x1e3ce508,
   0x40400000, 0x4b800000, 0x4b7fffff, 0x33800000, 0x00400000, 0x7f000000, 0x3effffff, 0xbf000001,
};
#define NUM_F32_EDGES (sizeof(f32_edges) / sizeof(f32_edges[0]))

/* Lane values: the edges, then random bit patterns with exponents spread over the whole range,
 * some pairs close to each other (cancellation). No NaN: NaN rules are tested on their own. */
static void f32_inputs(uint32_t in[3][64], uint64_t seed)
{
   uint64_t s = seed;
   for (unsigned lane = 0; lane < 64; lane++) {
      for (unsigned i = 0; i < 3; i++) {
         uint32_t r = lcg_next(&s);
         if ((r & 7) == 0)
            in[i][lane] = f32_edges[(r >> 8) % NUM_F32_EDGES];
         else
            in[i][lane] = r & ~(((r >> 3) & 1) ? 0x40000000u : 0u); /* bias toward moderate */
         if (f32_bits_nan(in[i][lane]))
            in[i][lane] &= 0xff800000u; /* infinity instead */
      }
      if (lane % 5 == 0)
         in[1][lane] = (in[0][lane] ^ 0x80000000u) + (lcg_next(&s) & 0xffu);
   }
}

/* ---- host references under a rounding mode ------------------------------------------------- */

enum host_op {
   HOST_ADD,
   HOST_SUB,
   HOST_MUL,
   HOST_FMA,
   HOST_DIV
};

static __attribute__((noinline)) uint32_t host_f32(enum host_op op, uint32_t a, uint32_t b,
                                                   uint32_t c, unsigned round)
{
   volatile float x = f32_of(a), y = f32_of(b), z = f32_of(c);
   volatile float r;
   fesetround(host_round(round));
   switch (op) {
   case HOST_ADD:
      r = x + y;
      break;
   case HOST_SUB:
      r = x - y;
      break;
   case HOST_MUL:
      r = x * y;
      break;
   case HOST_DIV:
      r = x / y;
      break;
   default:
      r = fmaf(x, y, z);
      break;
   }
   fesetround(FE_TONEAREST);
   return bits_of_f32(r);
}

static __attribute__((noinline)) uint64_t host_f64(enum host_op op, uint64_t a, uint64_t b,
                                                   uint64_t c, unsigned round)
{
   volatile double x = f64_of(a), y = f64_of(b), z = f64_of(c);
   volatile double r;
   fesetround(host_round(round));
   switch (op) {
   case HOST_ADD:
      r = x + y;
      break;
   case HOST_MUL:
      r = x * y;
      break;
   case HOST_DIV:
      r = x / y;
      break;
   default:
      r = fma(x, y, z);
      break;
   }
   fesetround(FE_TONEAREST);
   return bits_of_f64(r);
}

/* ---- f32 arithmetic in every rounding mode -----------------------------------------------------
 */

struct f32_case {
   const char *body; /* writes v3 from v0, v1, v2 */
   enum host_op op;
};

static const struct f32_case f32_cases[] = {
   { "v_add_f32 v3, v0, v1", HOST_ADD },
   { "v_sub_f32 v3, v0, v1", HOST_SUB },
   { "v_mul_f32 v3, v0, v1", HOST_MUL },
   { "v_fma_f32 v3, v0, v1, v2", HOST_FMA },
   { "v_mov_b32 v3, v2\nv_fmac_f32 v3, v0, v1", HOST_FMA },
};

Test(valu_float, f32_arithmetic_matches_host_in_each_round_mode)
{
   for (unsigned k = 0; k < sizeof(f32_cases) / sizeof(f32_cases[0]); k++) {
      for (unsigned round = 0; round < 4; round++) {
         uint32_t in[3][64];
         f32_inputs(in, 1000 + 17 * k + round);
         unsigned wave = round & 1 ? 32 : 64;
         struct rdna_machine *m = float_run(RDNA_TARGET_GFX1030, wave, MODE_DENORMS_ALLOWED | round,
                                            f32_cases[k].body, 3, in);
         for (unsigned lane = 0; lane < wave; lane++) {
            uint32_t want = host_f32(f32_cases[k].op, in[0][lane], in[1][lane], in[2][lane], round);
            uint32_t got = harness_vgpr(m, 3, lane);
            if (f32_bits_nan(want))
               cr_expect(f32_bits_nan(got), "%s round %u lane %u: NaN expected, got 0x%08x",
                         f32_cases[k].body, round, lane, got);
            else
               cr_expect_eq(got, want,
                            "%s round %u lane %u: 0x%08x 0x%08x 0x%08x -> 0x%08x, "
                            "host 0x%08x",
                            f32_cases[k].body, round, lane, in[0][lane], in[1][lane], in[2][lane],
                            got, want);
         }
         rdna_machine_destroy(m);
      }
   }
}

/* ---- f64 ------------------------------------------------------------------------------------ */

Test(valu_float, f64_arithmetic_matches_host_in_each_round_mode)
{
   static const char *bodies[] = { "v_add_f64 v[6:7], v[0:1], v[2:3]",
                                   "v_mul_f64 v[6:7], v[0:1], v[2:3]",
                                   "v_fma_f64 v[6:7], v[0:1], v[2:3], v[4:5]" };
   static const enum host_op ops[] = { HOST_ADD, HOST_MUL, HOST_FMA };
   for (unsigned k = 0; k < 3; k++) {
      for (unsigned round = 0; round < 4; round++) {
         uint32_t in[6][64];
         uint64_t s = 77 + 5 * k + round;
         for (unsigned lane = 0; lane < 64; lane++) {
            for (unsigned i = 0; i < 3; i++) {
               uint64_t v = (uint64_t)lcg_next(&s) << 32 | lcg_next(&s);
               if (lane % 7 == 0)
                  v &= 0x800fffffffffffffull; /* denormals and zeros */
               if (f64_bits_nan(v))
                  v &= 0xfff0000000000000ull;
               in[2 * i][lane] = (uint32_t)v;
               in[2 * i + 1][lane] = (uint32_t)(v >> 32);
            }
            if (lane % 5 == 1) { /* near cancellation */
               in[2][lane] = in[0][lane] + 3;
               in[3][lane] = in[1][lane] ^ 0x80000000u;
            }
         }
         struct rdna_machine *m =
            float_run(RDNA_TARGET_GFX1030, 64, MODE_DENORMS_ALLOWED | round << 2, bodies[k], 6, in);
         for (unsigned lane = 0; lane < 64; lane++) {
            uint64_t a = in[0][lane] | (uint64_t)in[1][lane] << 32;
            uint64_t b = in[2][lane] | (uint64_t)in[3][lane] << 32;
            uint64_t c = in[4][lane] | (uint64_t)in[5][lane] << 32;
            uint64_t want = host_f64(ops[k], a, b, c, round);
            uint64_t got = harness_vgpr(m, 6, lane) | (uint64_t)harness_vgpr(m, 7, lane) << 32;
            if (f64_bits_nan(want))
               cr_expect(f64_bits_nan(got), "%s lane %u: NaN expected", bodies[k], lane);
            else
               cr_expect_eq(got, want, "%s round %u lane %u: got 0x%016llx host 0x%016llx",
                            bodies[k], round, lane, (unsigned long long)got,
                            (unsigned long long)want);
         }
         rdna_machine_destroy(m);
      }
   }
}

/* ---- f16 through _Float16 (host sum and product exact in long double, then rounded) --------- */

static __attribute__((noinline)) uint16_t host_f16(enum host_op op, uint16_t a, uint16_t b,
                                                   uint16_t c, unsigned round)
{
   _Float16 x, y, z;
   memcpy(&x, &a, 2);
   memcpy(&y, &b, 2);
   memcpy(&z, &c, 2);
   volatile long double wx = x, wy = y, wz = z;
   volatile long double exact = op == HOST_ADD ? wx + wy : op == HOST_MUL ? wx * wy : wx * wy + wz;
   fesetround(host_round(round));
   volatile _Float16 r = (_Float16)exact;
   fesetround(FE_TONEAREST);
   _Float16 out = r;
   uint16_t bits;
   memcpy(&bits, &out, 2);
   return bits;
}

Test(valu_float, f16_arithmetic_matches_host_in_each_round_mode)
{
   static const char *bodies[] = { "v_add_f16 v3, v0, v1", "v_mul_f16 v3, v0, v1",
                                   "v_fma_f16 v3, v0, v1, v2" };
   static const enum host_op ops[] = { HOST_ADD, HOST_MUL, HOST_FMA };
   for (unsigned k = 0; k < 3; k++) {
      for (unsigned round = 0; round < 4; round++) {
         uint32_t in[3][64];
         uint64_t s = 500 + 3 * k + round;
         for (unsigned lane = 0; lane < 64; lane++)
            for (unsigned i = 0; i < 3; i++) {
               uint32_t r = lcg_next(&s) & 0xffffu;
               if ((r & 0x7c00u) == 0x7c00u)
                  r &= 0xfc00u;               /* no NaN: infinity */
               in[i][lane] = r | 0xabcd0000u; /* high halves are ignored */
            }
         struct rdna_machine *m =
            float_run(RDNA_TARGET_GFX1030, 32, MODE_DENORMS_ALLOWED | round << 2, bodies[k], 3, in);
         for (unsigned lane = 0; lane < 32; lane++) {
            uint16_t want = host_f16(ops[k], (uint16_t)in[0][lane], (uint16_t)in[1][lane],
                                     (uint16_t)in[2][lane], round);
            uint32_t got = harness_vgpr(m, 3, lane);
            bool want_nan = (want & 0x7c00u) == 0x7c00u && (want & 0x3ffu);
            if (want_nan)
               cr_expect((got & 0x7c00u) == 0x7c00u && (got & 0x3ffu), "lane %u NaN", lane);
            else /* a 16-bit result without op_sel zeroes the high half */
               cr_expect_eq(got, want,
                            "%s round %u lane %u: 0x%04x 0x%04x 0x%04x -> 0x%08x, "
                            "host 0x%04x",
                            bodies[k], round, lane, in[0][lane] & 0xffffu, in[1][lane] & 0xffffu,
                            in[2][lane] & 0xffffu, got, want);
         }
         rdna_machine_destroy(m);
      }
   }
}

/* ---- denormal modes -------------------------------------------------------------------------- */

/* FP_DENORM (guide 3.12): 0 flushes inputs and outputs, 1 keeps input denormals, 2 keeps output
 * denormals, 3 keeps both. v_mul by 2^24 of the smallest denormal tests the input side; 2^-126
 * times 0.5 (a denormal result) tests the output side. */
Test(valu_float, f32_denormal_modes)
{
   uint32_t in[3][64];
   for (unsigned lane = 0; lane < 64; lane++) {
      in[0][lane] = 0x00000001u; /* 2^-149 */
      in[1][lane] = 0x4b800000u; /* 2^24 */
      in[2][lane] = 0x00800000u; /* 2^-126 */
   }
   static const struct {
      unsigned denorm;
      uint32_t in_side, out_side;
   } rows[] = {
      { 0, 0x00000000u, 0x00000000u },
      { 1, 0x01000000u, 0x00000000u },
      { 2, 0x00000000u, 0x00400000u },
      { 3, 0x01000000u, 0x00400000u },
   };
   for (unsigned i = 0; i < 4; i++) {
      struct rdna_machine *m = float_run(RDNA_TARGET_GFX1030, 32, rows[i].denorm << 4,
                                         "v_mul_f32 v3, v0, v1\nv_mul_f32 v4, 0.5, v2\n"
                                         "v_mul_f32 v5, -1.0, v0",
                                         3, in);
      cr_expect_eq(harness_vgpr(m, 3, 0), rows[i].in_side, "mode %u input", rows[i].denorm);
      cr_expect_eq(harness_vgpr(m, 4, 0), rows[i].out_side, "mode %u output", rows[i].denorm);
      /* A flushed value keeps its sign: -1 * denormal is -0 when anything flushes. */
      cr_expect_eq(harness_vgpr(m, 5, 0), rows[i].denorm == 3 ? 0x80000001u : 0x80000000u);
      rdna_machine_destroy(m);
   }
}

/* s_denorm_mode and s_round_mode write the same MODE fields as s_setreg (guide 3.12). */
Test(valu_float, s_round_mode_and_s_denorm_mode)
{
   struct rdna_machine *m = harness_machine(RDNA_TARGET_GFX1030, 32, 0,
                                            "s_denorm_mode 3\n"
                                            "v_mul_f32 v3, v0, v1\n"
                                            "s_round_mode 1\n"
                                            "v_add_f32 v4, 1.0, v2\n"
                                            "s_round_mode 0\n"
                                            "v_add_f32 v5, 1.0, v2\n"
                                            "s_getreg_b32 s4, hwreg(HW_REG_MODE, 0, 8)\n"
                                            "s_endpgm\n");
   rdna_machine_set_vgpr(m, 0, 0, RDNA_ALL_LANES, 0x00000001u);
   rdna_machine_set_vgpr(m, 0, 1, RDNA_ALL_LANES, 0x4b800000u);
   rdna_machine_set_vgpr(m, 0, 2, RDNA_ALL_LANES, 0x33000000u); /* 2^-25: below half an ulp */
   harness_run(m);
   harness_no_fault(m);
   cr_expect_eq(harness_vgpr(m, 3, 0), 0x01000000u);
   cr_expect_eq(harness_vgpr(m, 4, 0), 0x3f800001u); /* toward +inf */
   cr_expect_eq(harness_vgpr(m, 5, 0), 0x3f800000u);
   cr_expect_eq(harness_sreg(m, 4), 0x30u);
   rdna_machine_destroy(m);
}

/* ---- NaN rules ------------------------------------------------------------------------------- */

/* Arithmetic returns the first NaN source quieted (payload kept); invalid operations the
 * default NaN 0x7fc00000 (docs/float.md "NaN rules"). */
Test(valu_float, nan_propagation_and_default_nan)
{
   uint32_t in[3][64];
   for (unsigned lane = 0; lane < 64; lane++) {
      in[0][lane] = 0x7f800123u; /* sNaN */
      in[1][lane] = 0xffc00456u; /* negative qNaN */
      in[2][lane] = 0x7f800000u; /* +inf */
   }
   struct rdna_machine *m = float_run(RDNA_TARGET_GFX1030, 32, 0,
                                      "v_add_f32 v3, v0, v1\n"
                                      "v_add_f32 v4, v1, v0\n"
                                      "v_sub_f32 v5, v2, v2\n"
                                      "v_mul_f32 v6, 0, v2\n"
                                      "v_fma_f32 v7, 1.0, v2, -v2\n"
                                      "v_mul_f32 v8, 1.0, v0\n",
                                      3, in);
   cr_expect_eq(harness_vgpr(m, 3, 0), 0x7fc00123u);
   cr_expect_eq(harness_vgpr(m, 4, 0), 0xffc00456u);
   cr_expect_eq(harness_vgpr(m, 5, 0), 0x7fc00000u);
   cr_expect_eq(harness_vgpr(m, 6, 0), 0x7fc00000u);
   cr_expect_eq(harness_vgpr(m, 7, 0), 0x7fc00000u);
   cr_expect_eq(harness_vgpr(m, 8, 0), 0x7fc00123u);
   rdna_machine_destroy(m);
}

/* V_MIN_F32 / V_MAX_F32 pseudo-code (guide 12.7): IEEE mode quiets a signalling NaN source and
 * returns it; otherwise a NaN source yields the other source; min(+0, -0) = -0. */
Test(valu_float, min_max_nan_rules_by_ieee_mode)
{
   uint32_t in[3][64];
   for (unsigned lane = 0; lane < 64; lane++) {
      in[0][lane] = 0x7f800123u; /* sNaN */
      in[1][lane] = 0x40000000u; /* 2.0 */
      in[2][lane] = 0x7fc00777u; /* qNaN */
   }
   const char *body = "v_min_f32 v3, v0, v1\n"
                      "v_max_f32 v4, v1, v0\n"
                      "v_min_f32 v5, v2, v1\n"
                      "v_max_f32 v6, v1, v2\n"
                      "v_min_f32 v7, 0, -0.0\n"
                      "v_max_f32 v8, -0.0, 0\n"
                      "v_min_f32 v9, v0, v2\n"
                      "v_med3_f32 v10, 1.0, v1, -1.0\n"
                      "v_med3_f32 v11, v2, v1, -1.0\n"
                      "v_min3_f32 v12, v1, 1.0, 4.0\n"
                      "v_max3_f32 v13, v1, 1.0, 4.0\n";
   for (unsigned ieee = 0; ieee < 2; ieee++) {
      struct rdna_machine *m =
         float_run(RDNA_TARGET_GFX1030, 32, ieee ? MODE_IEEE : 0, body, 3, in);
      cr_expect_eq(harness_vgpr(m, 3, 0), ieee ? 0x7fc00123u : 0x40000000u, "ieee %u", ieee);
      cr_expect_eq(harness_vgpr(m, 4, 0), ieee ? 0x7fc00123u : 0x40000000u, "ieee %u", ieee);
      cr_expect_eq(harness_vgpr(m, 5, 0), 0x40000000u);
      cr_expect_eq(harness_vgpr(m, 6, 0), 0x40000000u);
      cr_expect_eq(harness_vgpr(m, 7, 0), 0x80000000u);
      cr_expect_eq(harness_vgpr(m, 8, 0), 0x00000000u);
      /* both NaN: IEEE quiets the sNaN; otherwise the second source comes back unchanged */
      cr_expect_eq(harness_vgpr(m, 9, 0), ieee ? 0x7fc00123u : 0x7fc00777u, "ieee %u", ieee);
      cr_expect_eq(harness_vgpr(m, 10, 0), 0x3f800000u);
      /* med3 with a NaN is min3: min(min(qNaN, 2), -1) = -1 */
      cr_expect_eq(harness_vgpr(m, 11, 0), 0xbf800000u);
      cr_expect_eq(harness_vgpr(m, 12, 0), 0x3f800000u);
      cr_expect_eq(harness_vgpr(m, 13, 0), 0x40800000u);
      rdna_machine_destroy(m);
   }
}

/* ---- compares ---------------------------------------------------------------------------------
 */

static bool host_predicate(unsigned p, double a, double b)
{
   bool unordered = isnan(a) || isnan(b);
   switch (p) {
   case 0:
      return false;
   case 1:
      return a < b;
   case 2:
      return a == b;
   case 3:
      return a <= b;
   case 4:
      return a > b;
   case 5:
      return a < b || a > b;
   case 6:
      return a >= b;
   case 7:
      return !unordered;
   case 8:
      return unordered;
   case 9:
      return !(a >= b);
   case 10:
      return !(a < b || a > b);
   case 11:
      return !(a > b);
   case 12:
      return !(a <= b);
   case 13:
      return !(a == b);
   case 14:
      return !(a < b);
   default:
      return true;
   }
}

static const char *const predicates[16] = { "f", "lt",  "eq",  "le",  "gt",  "lg",  "ge",  "o",
                                            "u", "nge", "nlg", "ngt", "nle", "neq", "nlt", "tru" };

/* Every predicate of f32 and f64 over edge values with NaNs, inactive lanes 0 (wave64). */
Test(valu_float, compares_match_host_predicates)
{
   static const uint32_t vals[] = { 0x00000000, 0x80000000, 0x3f800000, 0xbf800000, 0x7f800000,
                                    0xff800000, 0x7fc00000, 0x7f800001, 0x00000001, 0x3f800001 };
   uint32_t in[4][64];
   for (unsigned lane = 0; lane < 64; lane++) {
      in[0][lane] = vals[lane % 10];
      in[1][lane] = vals[(lane / 10 + lane) % 10];
      double a = f32_of(in[0][lane]), b = f32_of(in[1][lane]);
      uint64_t da = bits_of_f64(a), db = bits_of_f64(b);
      in[2][lane] = (uint32_t)da;
      in[3][lane] = (uint32_t)(da >> 32);
      (void)db;
   }
   uint64_t exec = 0xfffffffffff0ffffull;
   for (unsigned p = 0; p < 16; p++) {
      char body[256];
      snprintf(body, sizeof(body),
               "v_cvt_f64_f32 v[4:5], v1\n"
               "v_cmp_%s_f32_e64 s[10:11], v0, v1\n"
               "v_cmp_%s_f64_e64 s[12:13], v[2:3], v[4:5]\n",
               predicates[p], predicates[p]);
      char source[512];
      snprintf(source, sizeof(source),
               "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 10), 0xf0\n%s"
               "s_endpgm\n",
               body);
      struct rdna_machine *m = harness_machine(RDNA_TARGET_GFX1030, 64, 0, source);
      for (unsigned i = 0; i < 4; i++)
         rdna_machine_set_vgpr_lanes(m, 0, i, in[i]);
      rdna_machine_set_exec(m, 0, exec);
      harness_run(m);
      harness_no_fault(m);
      uint64_t want = 0;
      for (unsigned lane = 0; lane < 64; lane++)
         want |= (uint64_t)host_predicate(p, f32_of(in[0][lane]), f32_of(in[1][lane])) << lane;
      want &= exec;
      uint64_t got32 = harness_sreg(m, 10) | (uint64_t)harness_sreg(m, 11) << 32;
      uint64_t got64 = harness_sreg(m, 12) | (uint64_t)harness_sreg(m, 13) << 32;
      cr_expect_eq(got32, want, "v_cmp_%s_f32: 0x%016llx want 0x%016llx", predicates[p],
                   (unsigned long long)got32, (unsigned long long)want);
      cr_expect_eq(got64, want, "v_cmp_%s_f64", predicates[p]);
      rdna_machine_destroy(m);
   }
}

/* v_cmpx writes EXEC only (GFX10); lanes EXEC disabled stay disabled; f16 compares read the low
 * half; abs/neg apply. Wave32. */
Test(valu_float, cmpx_and_f16_compare)
{
   uint32_t in[2][64];
   for (unsigned lane = 0; lane < 64; lane++) {
      in[0][lane] = bits_of_f32((float)lane - 10.0f);
      in[1][lane] = (lane & 1 ? 0x3c00u : 0xbc00u) | 0x7c000000u; /* +-1.0 low, NaN-ish high */
   }
   struct rdna_machine *m = harness_machine(RDNA_TARGET_GFX1030, 32, 0,
                                            "v_cmp_lt_f16_e64 s20, v1, 0\n"
                                            "v_cmp_gt_f32_e64 s21, |v0|, 4.0\n"
                                            "v_cmpx_ge_f32 v0, 0\n"
                                            "s_endpgm\n");
   rdna_machine_set_vgpr_lanes(m, 0, 0, in[0]);
   rdna_machine_set_vgpr_lanes(m, 0, 1, in[1]);
   rdna_machine_set_exec(m, 0, 0x7fffffffu);
   harness_run(m);
   harness_no_fault(m);
   uint32_t want20 = 0, want21 = 0, want_exec = 0;
   for (unsigned lane = 0; lane < 31; lane++) {
      want20 |= (lane & 1 ? 0u : 1u) << lane;
      want21 |= (fabsf((float)lane - 10.0f) > 4.0f ? 1u : 0u) << lane;
      want_exec |= ((float)lane - 10.0f >= 0.0f ? 1u : 0u) << lane;
   }
   cr_expect_eq(harness_sreg(m, 20), want20);
   cr_expect_eq(harness_sreg(m, 21), want21);
   cr_expect_eq(harness_exec(m), want_exec);
   rdna_machine_destroy(m);
}

/* v_cmp_class: mask bit i tests class i (guide 12.8): 0 sNaN .. 9 +inf. */
Test(valu_float, cmp_class_each_class)
{
   static const uint32_t f32_class[10] = { 0x7f800001, 0x7fc00000, 0xff800000, 0xbf800000,
                                           0x80000010, 0x80000000, 0x00000000, 0x00000010,
                                           0x3f800000, 0x7f800000 };
   static const uint64_t f64_class[10] = {
      0x7ff0000000000001ull,
      0x7ff8000000000000ull,
      0xfff0000000000000ull,
      0xbff0000000000000ull,
      0x8000000000000010ull,
      0x8000000000000000ull,
      0,
      0x10,
      0x3ff0000000000000ull,
      0x7ff0000000000000ull,
   };
   static const uint16_t f16_class[10] = { 0x7c01, 0x7e00, 0xfc00, 0xbc00, 0x8010,
                                           0x8000, 0x0000, 0x0010, 0x3c00, 0x7c00 };
   uint32_t in[4][64];
   for (unsigned lane = 0; lane < 64; lane++) {
      unsigned cls = lane % 10, bit = (lane / 10) % 10;
      in[0][lane] = f32_class[cls];
      in[1][lane] = (uint32_t)f64_class[cls];
      in[2][lane] = (uint32_t)(f64_class[cls] >> 32);
      in[3][lane] = (lane < 40 ? 1u << cls : 1u << bit) | (uint32_t)f16_class[cls] << 16;
   }
   struct rdna_machine *m = harness_machine(RDNA_TARGET_GFX1030, 64, 0,
                                            "v_and_b32 v5, 0x3ff, v3\n"
                                            "v_lshrrev_b32 v6, 16, v3\n"
                                            "v_cmp_class_f32_e64 s[10:11], v0, v5\n"
                                            "v_cmp_class_f64_e64 s[12:13], v[1:2], v5\n"
                                            "v_cmp_class_f16_e64 s[14:15], v6, v5\n"
                                            "s_endpgm\n");
   for (unsigned i = 0; i < 4; i++)
      rdna_machine_set_vgpr_lanes(m, 0, i, in[i]);
   harness_run(m);
   harness_no_fault(m);
   uint64_t want = 0;
   for (unsigned lane = 0; lane < 64; lane++)
      want |= (uint64_t)(lane < 40 || lane % 10 == (lane / 10) % 10) << lane;
   cr_expect_eq(harness_sreg(m, 10) | (uint64_t)harness_sreg(m, 11) << 32, want);
   cr_expect_eq(harness_sreg(m, 12) | (uint64_t)harness_sreg(m, 13) << 32, want);
   cr_expect_eq(harness_sreg(m, 14) | (uint64_t)harness_sreg(m, 15) << 32, want);
   rdna_machine_destroy(m);
}

/* ---- conversions ------------------------------------------------------------------------------
 */

static uint32_t host_f32_to_i32(float f)
{
   if (isnan(f))
      return 0;
   if (f >= 2147483648.0f)
      return 0x7fffffffu;
   if (f <= -2147483648.0f)
      return 0x80000000u;
   return (uint32_t)(int32_t)f;
}

static uint32_t host_f32_to_u32(float f)
{
   if (isnan(f) || f <= 0.0f)
      return 0;
   if (f >= 4294967296.0f)
      return 0xffffffffu;
   return (uint32_t)f;
}

static __attribute__((noinline)) uint32_t host_i32_to_f32(int32_t v, unsigned round)
{
   volatile int32_t x = v;
   fesetround(host_round(round));
   volatile float r = (float)x;
   fesetround(FE_TONEAREST);
   return bits_of_f32(r);
}

static __attribute__((noinline)) uint32_t host_f64_to_f32(double d, unsigned round)
{
   volatile double x = d;
   fesetround(host_round(round));
   volatile float r = (float)x;
   fesetround(FE_TONEAREST);
   return bits_of_f32(r);
}

static __attribute__((noinline)) uint16_t host_f32_to_f16(float f, unsigned round)
{
   volatile float x = f;
   fesetround(host_round(round));
   volatile _Float16 r = (_Float16)x;
   fesetround(FE_TONEAREST);
   _Float16 out = r;
   uint16_t bits;
   memcpy(&bits, &out, 2);
   return bits;
}

Test(valu_float, conversions_match_host)
{
   for (unsigned round = 0; round < 4; round++) {
      uint32_t in[3][64];
      f32_inputs(in, 900 + round);
      for (unsigned lane = 0; lane < 16; lane++) /* integers near the f32 precision limit */
         in[1][lane] = 0x01000001u + lane * 0x01234567u;
      /* the f32 round mode field drives f32 results, the f16/f64 field f16 and f64 results */
      struct rdna_machine *m =
         float_run(RDNA_TARGET_GFX1030, 64, MODE_DENORMS_ALLOWED | round | round << 2,
                   "v_cvt_i32_f32 v3, v0\n"
                   "v_cvt_u32_f32 v4, v0\n"
                   "v_cvt_f32_i32 v5, v1\n"
                   "v_cvt_f64_f32 v[6:7], v0\n"
                   "v_mul_f64 v[6:7], v[6:7], 0x3ff00001\n"
                   "v_cvt_f32_f64 v8, v[6:7]\n"
                   "v_cvt_f16_f32 v9, v0\n"
                   "v_cvt_f32_f16 v10, v9\n"
                   "v_cvt_flr_i32_f32 v11, v0\n"
                   "v_cvt_f32_u32 v12, v1\n",
                   3, in);
      for (unsigned lane = 0; lane < 64; lane++) {
         float a = f32_of(in[0][lane]);
         cr_expect_eq(harness_vgpr(m, 3, lane), host_f32_to_i32(a), "i32 lane %u", lane);
         cr_expect_eq(harness_vgpr(m, 4, lane), host_f32_to_u32(a), "u32 lane %u", lane);
         cr_expect_eq(harness_vgpr(m, 5, lane), host_i32_to_f32((int32_t)in[1][lane], round),
                      "f32_i32 round %u lane %u", round, lane);
         /* (double)a * (1 + 2^-20): exact in f64 for every f32 a (24 + 21 bits) */
         double wide = (double)a * (1.0 + 1.0 / 1048576.0);
         if (!isnan(wide))
            cr_expect_eq(harness_vgpr(m, 8, lane), host_f64_to_f32(wide, round),
                         "f32_f64 round %u lane %u (0x%08x)", round, lane, in[0][lane]);
         uint16_t h = host_f32_to_f16(a, round);
         cr_expect_eq(harness_vgpr(m, 9, lane), h, "f16_f32 round %u lane %u (0x%08x)", round, lane,
                      in[0][lane]);
         _Float16 hf;
         memcpy(&hf, &h, 2);
         cr_expect_eq(harness_vgpr(m, 10, lane), bits_of_f32((float)hf), "f32_f16 lane %u", lane);
         cr_expect_eq(harness_vgpr(m, 11, lane), host_f32_to_i32(floorf(a)), "flr lane %u", lane);
         volatile uint32_t u = in[1][lane];
         fesetround(host_round(round));
         volatile float fu = (float)u;
         fesetround(FE_TONEAREST);
         cr_expect_eq(harness_vgpr(m, 12, lane), bits_of_f32(fu), "f32_u32 lane %u", lane);
      }
      rdna_machine_destroy(m);
   }
}

/* Rounding to integral values, fract and frexp against the C library (exact functions). */
Test(valu_float, rounding_fract_frexp_match_libm)
{
   uint32_t in[3][64];
   f32_inputs(in, 4242);
   for (unsigned lane = 0; lane < 20; lane++) /* halves: ties for rndne */
      in[0][lane] = bits_of_f32((float)lane * 0.5f - 5.0f);
   struct rdna_machine *m = float_run(RDNA_TARGET_GFX1030, 64, MODE_DENORMS_ALLOWED,
                                      "v_trunc_f32 v3, v0\n"
                                      "v_ceil_f32 v4, v0\n"
                                      "v_floor_f32 v5, v0\n"
                                      "v_rndne_f32 v6, v0\n"
                                      "v_fract_f32 v7, v0\n"
                                      "v_frexp_mant_f32 v8, v0\n"
                                      "v_frexp_exp_i32_f32 v9, v0\n"
                                      "v_ldexp_f32 v10, v0, 3\n",
                                      3, in);
   for (unsigned lane = 0; lane < 64; lane++) {
      float a = f32_of(in[0][lane]);
      cr_expect_eq(harness_vgpr(m, 3, lane), bits_of_f32(truncf(a)), "trunc lane %u", lane);
      cr_expect_eq(harness_vgpr(m, 4, lane), bits_of_f32(ceilf(a)), "ceil lane %u", lane);
      cr_expect_eq(harness_vgpr(m, 5, lane), bits_of_f32(floorf(a)), "floor lane %u", lane);
      cr_expect_eq(harness_vgpr(m, 6, lane), bits_of_f32(nearbyintf(a)), "rndne lane %u", lane);
      if (isfinite(a)) {
         float fr = a - floorf(a);
         if (fr >= 1.0f)
            fr = 0x1.fffffep-1f;
         cr_expect_eq(harness_vgpr(m, 7, lane), bits_of_f32(fr), "fract lane %u", lane);
         int e = 0;
         float mant = frexpf(a, &e);
         cr_expect_eq(harness_vgpr(m, 8, lane), bits_of_f32(mant), "mant lane %u", lane);
         cr_expect_eq(harness_vgpr(m, 9, lane), (uint32_t)e, "exp lane %u", lane);
         cr_expect_eq(harness_vgpr(m, 10, lane), bits_of_f32(ldexpf(a, 3)), "ldexp lane %u", lane);
      } else {
         cr_expect_eq(harness_vgpr(m, 9, lane), 0u, "frexp_exp of inf lane %u", lane);
      }
   }
   rdna_machine_destroy(m);
}

/* ---- modifiers ---------------------------------------------------------------------------------
 */

/* clamp limits to [0, 1] after omod; omod mul:2 / mul:4 / div:2 (guide 6.2.2), ignored in IEEE
 * mode and with output denormals; NaN clamps to 0 only under DX10_CLAMP; abs then neg. */
Test(valu_float, output_modifiers_and_abs_neg)
{
   uint32_t in[3][64];
   for (unsigned lane = 0; lane < 64; lane++) {
      in[0][lane] = 0x3fc00000u; /* 1.5 */
      in[1][lane] = 0xc0000000u; /* -2 */
      in[2][lane] = 0x7fc00000u; /* qNaN */
   }
   const char *body = "v_add_f32_e64 v3, v0, 0 clamp\n"
                      "v_add_f32_e64 v4, v1, 0 clamp\n"
                      "v_mul_f32_e64 v5, v0, 1.0 mul:4\n"
                      "v_mul_f32_e64 v6, v0, 1.0 div:2\n"
                      "v_add_f32_e64 v7, v2, 0 clamp\n"
                      "v_add_f32_e64 v8, -|v1|, v0\n"
                      "v_mul_f32_e64 v9, v0, 0.5 clamp mul:2\n"
                      "v_mul_f32_e64 v10, -v0, 0 mul:2\n";
   struct rdna_machine *m = float_run(RDNA_TARGET_GFX1030, 32, MODE_DX10_CLAMP, body, 3, in);
   cr_expect_eq(harness_vgpr(m, 3, 0), 0x3f800000u);
   cr_expect_eq(harness_vgpr(m, 4, 0), 0x00000000u);
   cr_expect_eq(harness_vgpr(m, 5, 0), 0x40c00000u);
   cr_expect_eq(harness_vgpr(m, 6, 0), 0x3f400000u);
   cr_expect_eq(harness_vgpr(m, 7, 0), 0x00000000u);
   cr_expect_eq(harness_vgpr(m, 8, 0), 0xbf000000u); /* -2 + 1.5 */
   cr_expect_eq(harness_vgpr(m, 9, 0), 0x3f800000u);
   cr_expect_eq(harness_vgpr(m, 10, 0), 0x00000000u); /* omod turns -0 into +0 */
   rdna_machine_destroy(m);
   m = float_run(RDNA_TARGET_GFX1030, 32, MODE_IEEE, body, 3, in);
   cr_expect_eq(harness_vgpr(m, 5, 0), 0x3fc00000u, "omod ignored in IEEE mode");
   cr_expect(f32_bits_nan(harness_vgpr(m, 7, 0)), "NaN passes clamp without DX10_CLAMP");
   rdna_machine_destroy(m);
   m = float_run(RDNA_TARGET_GFX1030, 32, MODE_DENORMS_ALLOWED, body, 3, in);
   cr_expect_eq(harness_vgpr(m, 5, 0), 0x3fc00000u, "omod ignored with output denormals");
   rdna_machine_destroy(m);
}

/* ---- EXEC predication -------------------------------------------------------------------------
 */

struct exec_case {
   unsigned wave;
   uint64_t exec;
};

static const struct exec_case exec_cases[] = {
   { 32, 0 }, { 32, 1 }, { 32, 0x5a5a0ff0u },           { 32, 0xffffffffu },
   { 64, 0 }, { 64, 1 }, { 64, 0xf0f0000ffff0a5a5ull }, { 64, ~0ull },
};

ParameterizedTestParameters(valu_float, exec_predicates_float_writes)
{
   return cr_make_param_array(struct exec_case, exec_cases,
                              sizeof(exec_cases) / sizeof(exec_cases[0]));
}

ParameterizedTest(const struct exec_case *c, valu_float, exec_predicates_float_writes)
{
   struct rdna_machine *m = harness_machine(RDNA_TARGET_GFX1030, c->wave, 0,
                                            c->wave == 32 ? "v_cvt_f32_u32 v1, v0\n"
                                                            "v_mul_f32 v2, 0.5, v1\n"
                                                            "v_add_f64 v[4:5], v[4:5], 1.0\n"
                                                            "v_cmp_gt_f32_e64 s10, v2, 4.0\n"
                                                            "s_endpgm\n"
                                                          : "v_cvt_f32_u32 v1, v0\n"
                                                            "v_mul_f32 v2, 0.5, v1\n"
                                                            "v_add_f64 v[4:5], v[4:5], 1.0\n"
                                                            "v_cmp_gt_f32_e64 s[10:11], v2, 4.0\n"
                                                            "s_endpgm\n");
   uint32_t lanes[64];
   for (unsigned l = 0; l < 64; l++)
      lanes[l] = l;
   rdna_machine_set_vgpr_lanes(m, 0, 0, lanes);
   for (unsigned r = 1; r <= 5; r++)
      rdna_machine_set_vgpr(m, 0, r, RDNA_ALL_LANES, 0xdeadbeefu);
   rdna_machine_set_vgpr(m, 0, 4, RDNA_ALL_LANES, 0);
   rdna_machine_set_vgpr(m, 0, 5, RDNA_ALL_LANES, 0);
   rdna_machine_set_exec(m, 0, c->exec);
   harness_run(m);
   harness_no_fault(m);
   uint64_t want_mask = 0;
   for (unsigned l = 0; l < c->wave; l++) {
      bool active = (c->exec >> l) & 1;
      cr_expect_eq(harness_vgpr(m, 2, l), active ? bits_of_f32(0.5f * (float)l) : 0xdeadbeefu,
                   "lane %u", l);
      cr_expect_eq(harness_vgpr(m, 5, l), active ? 0x3ff00000u : 0u, "lane %u", l);
      want_mask |= (uint64_t)(active && 0.5f * (float)l > 4.0f) << l;
   }
   uint64_t got = harness_sreg(m, 10);
   if (c->wave == 64)
      got |= (uint64_t)harness_sreg(m, 11) << 32;
   cr_expect_eq(got, want_mask);
   rdna_machine_destroy(m);
}

/* ---- division sequences -------------------------------------------------------------------------
 * The f32 and f64 division code LLVM emits for gfx1030 (div_scale, rcp, Newton steps, div_fmas,
 * div_fixup) must produce the correctly rounded quotient, which the host computes directly. */

Test(valu_float, f32_division_sequence_is_correctly_rounded)
{
   uint32_t in[3][64];
   f32_inputs(in, 31337);
   for (unsigned lane = 0; lane < 8; lane++) { /* quotients near overflow and underflow */
      in[0][lane] = 0x7e000000u + lane * 0x12345u;
      in[1][lane] = 0x00800000u + lane * 0x777u;
      in[0][lane + 8] = 0x01000000u + lane * 0x4321u;
      in[1][lane + 8] = 0x7e800000u + lane * 0x999u;
   }
   const char *body = "s_denorm_mode 15\n"
                      "v_div_scale_f32 v3, s[0:1], v1, v1, v0\n"
                      "v_div_scale_f32 v4, vcc, v0, v1, v0\n"
                      "v_rcp_f32 v5, v3\n"
                      "v_fma_f32 v6, -v3, v5, 1.0\n"
                      "v_fmac_f32 v5, v6, v5\n"
                      "v_mul_f32 v6, v4, v5\n"
                      "v_fma_f32 v7, -v3, v6, v4\n"
                      "v_fmac_f32 v6, v7, v5\n"
                      "v_fma_f32 v3, -v3, v6, v4\n"
                      "v_div_fmas_f32 v3, v3, v5, v6\n"
                      "v_div_fixup_f32 v2, v3, v1, v0\n";
   struct rdna_machine *m = float_run(RDNA_TARGET_GFX1030, 64, 0, body, 2, in);
   for (unsigned lane = 0; lane < 64; lane++) {
      uint32_t want = host_f32(HOST_DIV, in[0][lane], in[1][lane], 0, 0);
      uint32_t got = harness_vgpr(m, 2, lane);
      if (f32_bits_nan(want))
         cr_expect(f32_bits_nan(got), "lane %u NaN", lane);
      else
         cr_expect_eq(got, want, "lane %u: 0x%08x / 0x%08x = 0x%08x, host 0x%08x", lane,
                      in[0][lane], in[1][lane], got, want);
   }
   rdna_machine_destroy(m);
}

Test(valu_float, f64_division_sequence_is_correctly_rounded)
{
   uint32_t in[4][64];
   uint64_t s = 99;
   for (unsigned lane = 0; lane < 64; lane++)
      for (unsigned i = 0; i < 4; i++)
         in[i][lane] = lcg_next(&s);
   for (unsigned lane = 0; lane < 64; lane++) {
      if ((in[1][lane] & 0x7ff00000u) == 0x7ff00000u)
         in[1][lane] &= 0xbfffffffu;
      if ((in[3][lane] & 0x7ff00000u) == 0x7ff00000u)
         in[3][lane] &= 0xbfffffffu;
   }
   const char *body = "s_denorm_mode 15\n"
                      "v_div_scale_f64 v[4:5], s[0:1], v[2:3], v[2:3], v[0:1]\n"
                      "v_rcp_f64 v[6:7], v[4:5]\n"
                      "v_fma_f64 v[8:9], -v[4:5], v[6:7], 1.0\n"
                      "v_fma_f64 v[6:7], v[6:7], v[8:9], v[6:7]\n"
                      "v_fma_f64 v[8:9], -v[4:5], v[6:7], 1.0\n"
                      "v_fma_f64 v[6:7], v[6:7], v[8:9], v[6:7]\n"
                      "v_div_scale_f64 v[8:9], vcc, v[0:1], v[2:3], v[0:1]\n"
                      "v_mul_f64 v[10:11], v[8:9], v[6:7]\n"
                      "v_fma_f64 v[4:5], -v[4:5], v[10:11], v[8:9]\n"
                      "v_div_fmas_f64 v[4:5], v[4:5], v[6:7], v[10:11]\n"
                      "v_div_fixup_f64 v[12:13], v[4:5], v[2:3], v[0:1]\n";
   struct rdna_machine *m = float_run(RDNA_TARGET_GFX1030, 64, 0, body, 4, in);
   for (unsigned lane = 0; lane < 64; lane++) {
      uint64_t a = in[0][lane] | (uint64_t)in[1][lane] << 32;
      uint64_t b = in[2][lane] | (uint64_t)in[3][lane] << 32;
      uint64_t want = host_f64(HOST_DIV, a, b, 0, 0);
      uint64_t got = harness_vgpr(m, 12, lane) | (uint64_t)harness_vgpr(m, 13, lane) << 32;
      cr_expect_eq(got, want, "lane %u: 0x%016llx / 0x%016llx = 0x%016llx host 0x%016llx", lane,
                   (unsigned long long)a, (unsigned long long)b, (unsigned long long)got,
                   (unsigned long long)want);
   }
   rdna_machine_destroy(m);
}

/* ---- transcendentals ----------------------------------------------------------------------------
 * rcp and sqrt are correctly rounded (host 1/x and sqrtf under nearest even); rsq, exp, log, sin,
 * cos are within 1 ulp of a long double reference (docs/float.md has the measured bounds). */

static double ulp_distance(float got, long double want)
{
   if (got == (float)want)
      return 0;
   float lo = (float)want;
   float ulp = nextafterf(fabsf(lo), INFINITY) - fabsf(lo);
   return (double)(fabsl((long double)got - want) / ulp);
}

Test(valu_float, transcendentals_accuracy)
{
   uint32_t in[3][64];
   uint64_t s = 2024;
   for (unsigned lane = 0; lane < 64; lane++) {
      in[0][lane] = 0x3e000000u + (lcg_next(&s) % 0x02000000u); /* 0.125 .. 2 */
      in[1][lane] = bits_of_f32((float)(lcg_next(&s) % 4000) / 100.0f - 20.0f);
   }
   struct rdna_machine *m = float_run(RDNA_TARGET_GFX1030, 64, 0,
                                      "v_rcp_f32 v3, v0\n"
                                      "v_sqrt_f32 v4, v0\n"
                                      "v_rsq_f32 v5, v0\n"
                                      "v_exp_f32 v6, v1\n"
                                      "v_log_f32 v7, v0\n"
                                      "v_sin_f32 v8, v0\n"
                                      "v_cos_f32 v9, v0\n",
                                      3, in);
   const long double two_pi = 6.283185307179586476925286766559L;
   for (unsigned lane = 0; lane < 64; lane++) {
      float x = f32_of(in[0][lane]), y = f32_of(in[1][lane]);
      cr_expect_eq(harness_vgpr(m, 3, lane), bits_of_f32(1.0f / x), "rcp lane %u", lane);
      cr_expect_eq(harness_vgpr(m, 4, lane), bits_of_f32(sqrtf(x)), "sqrt lane %u", lane);
      cr_expect_leq(ulp_distance(f32_of(harness_vgpr(m, 5, lane)), 1.0L / sqrtl(x)), 0.5001);
      cr_expect_leq(ulp_distance(f32_of(harness_vgpr(m, 6, lane)), exp2l(y)), 1.0, "exp %u", lane);
      cr_expect_leq(ulp_distance(f32_of(harness_vgpr(m, 7, lane)), log2l(x)), 1.0, "log %u", lane);
      cr_expect_leq(ulp_distance(f32_of(harness_vgpr(m, 8, lane)), sinl(two_pi * x)), 1.0, "sin %u",
                    lane);
      cr_expect_leq(ulp_distance(f32_of(harness_vgpr(m, 9, lane)), cosl(two_pi * x)), 1.0, "cos %u",
                    lane);
   }
   rdna_machine_destroy(m);
}

/* Special values of the transcendentals (guide 12.9 and IEEE 754): rcp(+-0) = +-inf, sqrt(-0) =
 * -0, sqrt(-1) and log(-1) NaN, log(0) = -inf, exp(-inf) = 0, rsq(+inf) = 0, sin(inf) NaN. */
Test(valu_float, transcendental_special_values)
{
   uint32_t in[3][64];
   for (unsigned lane = 0; lane < 64; lane++) {
      in[0][lane] = 0x80000000u;
      in[1][lane] = 0xff800000u;
      in[2][lane] = 0x7f800000u;
   }
   struct rdna_machine *m = float_run(RDNA_TARGET_GFX1030, 32, 0,
                                      "v_rcp_f32 v3, v0\n"
                                      "v_sqrt_f32 v4, v0\n"
                                      "v_sqrt_f32 v5, -1.0\n"
                                      "v_log_f32 v6, v0\n"
                                      "v_log_f32 v7, -1.0\n"
                                      "v_exp_f32 v8, v1\n"
                                      "v_rsq_f32 v9, v2\n"
                                      "v_sin_f32 v10, v2\n"
                                      "v_exp_f32 v11, 0\n",
                                      3, in);
   cr_expect_eq(harness_vgpr(m, 3, 0), 0xff800000u);
   cr_expect_eq(harness_vgpr(m, 4, 0), 0x80000000u);
   cr_expect_eq(harness_vgpr(m, 5, 0), 0x7fc00000u);
   cr_expect_eq(harness_vgpr(m, 6, 0), 0xff800000u);
   cr_expect_eq(harness_vgpr(m, 7, 0), 0x7fc00000u);
   cr_expect_eq(harness_vgpr(m, 8, 0), 0x00000000u);
   cr_expect_eq(harness_vgpr(m, 9, 0), 0x00000000u);
   cr_expect_eq(harness_vgpr(m, 10, 0), 0x7fc00000u);
   cr_expect_eq(harness_vgpr(m, 11, 0), 0x3f800000u);
   rdna_machine_destroy(m);
}

/* ---- target differences: gfx1013 mad/mac, gfx1030 fma_legacy ----------------------------------
 */

/* v_mad_f32 rounds the product before adding (guide 12.10); the legacy forms give 0 for 0 * inf.
 * The host computes the unfused float expression. */
Test(valu_float, gfx1013_mad_is_unfused_and_legacy_zero)
{
   uint32_t in[3][64];
   uint64_t s = 7;
   for (unsigned lane = 0; lane < 64; lane++) {
      in[0][lane] = 0x3f800000u | (lcg_next(&s) & 0x7fffffu);
      in[1][lane] = 0x3f800000u | (lcg_next(&s) & 0x7fffffu);
      in[2][lane] = 0xbf800000u | (lcg_next(&s) & 0x7fffffu);
   }
   struct rdna_machine *m = float_run(RDNA_TARGET_GFX1013, 32, 0,
                                      "v_mad_f32 v3, v0, v1, v2\n"
                                      "v_mov_b32 v4, v2\n"
                                      "v_mac_f32 v4, v0, v1\n"
                                      "v_mad_legacy_f32 v5, 0, 0x7f800000, v2\n"
                                      "v_mul_legacy_f32 v6, 0x7f800000, 0\n"
                                      "v_madak_f32 v7, v0, v1, 0x3f800000\n",
                                      3, in);
   for (unsigned lane = 0; lane < 32; lane++) {
      volatile float p = f32_of(in[0][lane]) * f32_of(in[1][lane]);
      volatile float r = p + f32_of(in[2][lane]);
      volatile float k = p + 1.0f;
      cr_expect_eq(harness_vgpr(m, 3, lane), bits_of_f32(r), "mad lane %u", lane);
      cr_expect_eq(harness_vgpr(m, 4, lane), bits_of_f32(r), "mac lane %u", lane);
      cr_expect_eq(harness_vgpr(m, 5, lane), in[2][lane], "mad_legacy lane %u", lane);
      cr_expect_eq(harness_vgpr(m, 6, lane), 0u);
      cr_expect_eq(harness_vgpr(m, 7, lane), bits_of_f32(k), "madak lane %u", lane);
   }
   rdna_machine_destroy(m);
}

Test(valu_float, gfx1030_fma_legacy)
{
   uint32_t in[3][64];
   for (unsigned lane = 0; lane < 64; lane++) {
      in[0][lane] = 0x3f800001u;
      in[1][lane] = 0x3f7fffffu;
      in[2][lane] = 0xbf800000u;
   }
   struct rdna_machine *m = float_run(RDNA_TARGET_GFX1030, 32, 0,
                                      "v_fma_legacy_f32 v3, v0, v1, v2\n"
                                      "v_fma_legacy_f32 v4, 0, 0x7fc00000, 2.0\n"
                                      "v_mov_b32 v5, v2\n"
                                      "v_fmac_legacy_f32 v5, v0, v1\n",
                                      3, in);
   /* (1 + 2^-23)(1 - 2^-24) - 1 = 2^-24 - 2^-47 exactly representable after one rounding */
   float want = (float)((1.0 + 0x1p-23) * (1.0 - 0x1p-24) - 1.0);
   cr_expect_eq(harness_vgpr(m, 3, 0), bits_of_f32(want));
   cr_expect_eq(harness_vgpr(m, 4, 0), 0x40000000u);
   cr_expect_eq(harness_vgpr(m, 5, 0), bits_of_f32(want));
   rdna_machine_destroy(m);
}

/* ---- 16-bit halves
 * ------------------------------------------------------------------------------- */

/* VOP3 op_sel on f16 rows (guide 6.2.1): op_sel[0..2] read the high half of a source, op_sel[3]
 * writes the high half of vdst and keeps the low one. */
Test(valu_float, f16_op_sel_halves)
{
   uint32_t in[3][64];
   for (unsigned lane = 0; lane < 64; lane++) {
      in[0][lane] = 0x40003c00u; /* hi 2.0, lo 1.0 */
      in[1][lane] = 0x44004200u; /* hi 4.0, lo 3.0 */
      in[2][lane] = 0x12345678u;
   }
   struct rdna_machine *m = float_run(RDNA_TARGET_GFX1030, 32, 0,
                                      "v_mov_b32 v3, v2\n"
                                      "v_fma_f16 v3, v0, v1, v0 op_sel:[1,1,0,1]\n"
                                      "v_mov_b32 v4, v2\n"
                                      "v_fma_f16 v4, v0, v1, v0 op_sel:[0,0,1,0]\n",
                                      3, in);
   cr_expect_eq(harness_vgpr(m, 3, 0), 0x48805678u); /* 2 * 4 + 1 = 9 into the high half */
   cr_expect_eq(harness_vgpr(m, 4, 0), 0x12344500u); /* 1 * 3 + 2 = 5 into the low half */
   rdna_machine_destroy(m);
}

/* ---- f16 and f64 odds and ends ------------------------------------------------------------- */

/* f16 compares, min/max, ldexp, frexp and integer conversions; f64 min/max, rounding and
 * integer conversions; all against host computations. */
Test(valu_float, f16_f64_misc_match_host)
{
   uint32_t in[4][64];
   uint64_t s = 4711;
   for (unsigned lane = 0; lane < 64; lane++) {
      uint32_t a = lcg_next(&s) & 0xffffu, b = lcg_next(&s) & 0xffffu;
      if ((a & 0x7c00u) == 0x7c00u)
         a &= 0xfc00u;
      if ((b & 0x7c00u) == 0x7c00u)
         b &= 0xfc00u;
      in[0][lane] = a;
      in[1][lane] = b;
      double d = ((double)(int32_t)lcg_next(&s)) / 1024.0;
      uint64_t bits = bits_of_f64(d);
      in[2][lane] = (uint32_t)bits;
      in[3][lane] = (uint32_t)(bits >> 32);
   }
   struct rdna_machine *m = float_run(RDNA_TARGET_GFX1030, 64, MODE_DENORMS_ALLOWED,
                                      "v_cmp_lt_f16_e64 s[10:11], v0, v1\n"
                                      "v_max_f16 v4, v0, v1\n"
                                      "v_ldexp_f16 v5, v0, 2\n"
                                      "v_frexp_mant_f16 v6, v0\n"
                                      "v_cvt_i16_f16 v7, v0\n"
                                      "v_cvt_f16_i16 v8, v1\n"
                                      "v_floor_f64 v[10:11], v[2:3]\n"
                                      "v_cvt_i32_f64 v12, v[2:3]\n"
                                      "v_max_f64 v[14:15], v[2:3], 0\n"
                                      "v_frexp_exp_i32_f64 v16, v[2:3]\n"
                                      "v_sqrt_f64 v[18:19], |v[2:3]|\n",
                                      4, in);
   uint64_t lt = 0;
   for (unsigned lane = 0; lane < 64; lane++) {
      _Float16 a, b;
      uint16_t ab = (uint16_t)in[0][lane], bb = (uint16_t)in[1][lane];
      memcpy(&a, &ab, 2);
      memcpy(&b, &bb, 2);
      double d = f64_of(in[2][lane] | (uint64_t)in[3][lane] << 32);
      lt |= (uint64_t)((float)a < (float)b) << lane;
      _Float16 mx = (float)a > (float)b || ((float)a == (float)b && !signbit((float)a)) ? a : b;
      uint16_t mxb;
      memcpy(&mxb, &mx, 2);
      cr_expect_eq(harness_vgpr(m, 4, lane), mxb, "max lane %u", lane);
      _Float16 l4 = (_Float16)ldexpf((float)a, 2); /* exact unless it overflows */
      uint16_t l4b;
      memcpy(&l4b, &l4, 2);
      cr_expect_eq(harness_vgpr(m, 5, lane), l4b, "ldexp lane %u", lane);
      int e;
      _Float16 mant = (_Float16)frexpf((float)a, &e);
      uint16_t mb;
      memcpy(&mb, &mant, 2);
      cr_expect_eq(harness_vgpr(m, 6, lane), mb, "frexp lane %u", lane);
      float t = truncf((float)a);
      int32_t i16 = t > 32767.0f ? 32767 : t < -32768.0f ? -32768 : (int32_t)t;
      cr_expect_eq(harness_vgpr(m, 7, lane), (uint32_t)i16 & 0xffffu, "i16 lane %u", lane);
      _Float16 fi = (_Float16)(float)(int16_t)bb;
      uint16_t fib;
      memcpy(&fib, &fi, 2);
      cr_expect_eq(harness_vgpr(m, 8, lane), fib, "f16_i16 lane %u", lane);
      uint64_t fl = bits_of_f64(floor(d));
      cr_expect_eq(harness_vgpr(m, 10, lane) | (uint64_t)harness_vgpr(m, 11, lane) << 32, fl);
      double tr = trunc(d);
      int32_t want_i = tr > 2147483647.0 ? INT32_MAX : tr < -2147483648.0 ? INT32_MIN : (int32_t)tr;
      cr_expect_eq(harness_vgpr(m, 12, lane), (uint32_t)want_i, "cvt_i32_f64 lane %u", lane);
      uint64_t mx64 = bits_of_f64(d > 0 ? d : 0.0);
      cr_expect_eq(harness_vgpr(m, 14, lane) | (uint64_t)harness_vgpr(m, 15, lane) << 32, mx64);
      frexp(d, &e);
      cr_expect_eq(harness_vgpr(m, 16, lane), d == 0 ? 0u : (uint32_t)e, "frexp64 lane %u", lane);
      cr_expect_eq(harness_vgpr(m, 18, lane) | (uint64_t)harness_vgpr(m, 19, lane) << 32,
                   bits_of_f64(sqrt(fabs(d))), "sqrt64 lane %u", lane);
   }
   cr_expect_eq(harness_sreg(m, 10) | (uint64_t)harness_sreg(m, 11) << 32, lt);
   rdna_machine_destroy(m);
}

/* Cube-map coordinates (guide 12.10, V_CUBEID/SC/TC/MA_F32): the major axis is z when |z| is the
 * largest (ties to z, then y), face id 2 * axis + (negative), sc/tc the other two coordinates
 * oriented per face, ma twice the major coordinate. */
Test(valu_float, cube_map_ops)
{
   static const float coords[][3] = { { 1, 2, 3 }, { 1, 2, -3 }, { 1, -5, 3 }, { 1, 5, 3 },
                                      { 7, 2, 3 }, { -7, 2, 3 }, { 2, 2, 2 },  { -4, 4, 1 } };
   uint32_t in[3][64];
   for (unsigned lane = 0; lane < 64; lane++)
      for (unsigned i = 0; i < 3; i++)
         in[i][lane] = bits_of_f32(coords[lane % 8][i]);
   struct rdna_machine *m = float_run(RDNA_TARGET_GFX1030, 32, 0,
                                      "v_cubeid_f32 v3, v0, v1, v2\n"
                                      "v_cubesc_f32 v4, v0, v1, v2\n"
                                      "v_cubetc_f32 v5, v0, v1, v2\n"
                                      "v_cubema_f32 v6, v0, v1, v2\n",
                                      3, in);
   for (unsigned lane = 0; lane < 8; lane++) {
      float x = coords[lane][0], y = coords[lane][1], z = coords[lane][2];
      float id, sc, tc, ma;
      if (fabsf(z) >= fabsf(x) && fabsf(z) >= fabsf(y)) {
         id = z < 0 ? 5 : 4;
         sc = z < 0 ? -x : x;
         tc = -y;
         ma = 2 * z;
      } else if (fabsf(y) >= fabsf(x)) {
         id = y < 0 ? 3 : 2;
         sc = x;
         tc = y < 0 ? -z : z;
         ma = 2 * y;
      } else {
         id = x < 0 ? 1 : 0;
         sc = x < 0 ? z : -z;
         tc = -y;
         ma = 2 * x;
      }
      cr_expect_eq(harness_vgpr(m, 3, lane), bits_of_f32(id), "id lane %u", lane);
      cr_expect_eq(harness_vgpr(m, 4, lane), bits_of_f32(sc), "sc lane %u", lane);
      cr_expect_eq(harness_vgpr(m, 5, lane), bits_of_f32(tc), "tc lane %u", lane);
      cr_expect_eq(harness_vgpr(m, 6, lane), bits_of_f32(ma), "ma lane %u", lane);
   }
   rdna_machine_destroy(m);
}

/* V_DIV_FIXUP_F32's special cases (guide 12.10; src0 estimate, src1 denominator, src2
 * numerator): NaN numerator or denominator quieted; 0/0 and inf/inf the negative quiet NaN;
 * x/0 and inf/x infinity, x/inf and 0/x zero, with the quotient's sign; otherwise the estimate
 * with the quotient's sign. */
Test(valu_float, div_fixup_special_cases)
{
   static const uint32_t cases[][4] = {
      /* estimate, denominator, numerator, expected */
      { 0x3f800000, 0x7f800001, 0x3f800000, 0x7fc00001 },
      { 0x3f800000, 0x3f800000, 0xff800002, 0xffc00002 },
      { 0x3f800000, 0x00000000, 0x80000000, 0xffc00000 },
      { 0x3f800000, 0xff800000, 0x7f800000, 0xffc00000 },
      { 0x3f800000, 0x80000000, 0x40000000, 0xff800000 },
      { 0x3f800000, 0x40000000, 0xff800000, 0xff800000 },
      { 0x3f800000, 0xff800000, 0x40000000, 0x80000000 },
      { 0x3f800000, 0x40000000, 0x00000000, 0x00000000 },
      { 0x3f000000, 0xc0000000, 0x3f800000, 0xbf000000 },
      { 0xbf000000, 0xc0000000, 0xbf800000, 0x3f000000 },
   };
   uint32_t in[3][64];
   for (unsigned lane = 0; lane < 64; lane++)
      for (unsigned i = 0; i < 3; i++)
         in[i][lane] = cases[lane % 10][i];
   struct rdna_machine *m =
      float_run(RDNA_TARGET_GFX1030, 32, 0, "v_div_fixup_f32 v3, v0, v1, v2\n", 3, in);
   for (unsigned lane = 0; lane < 32; lane++)
      cr_expect_eq(harness_vgpr(m, 3, lane), cases[lane % 10][3], "case %u", lane % 10);
   rdna_machine_destroy(m);
}
