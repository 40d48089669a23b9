/* Vector integer lowering on the GPU against host computations of the RDNA2 ISA guide's
 * definitions (chapter 12.7-12.9), per lane, for wave32 and wave64 on the device's subgroup
 * size (lavapipe: 8, so each invocation carries 4 or 8 lanes), under a mixed EXEC mask: enabled
 * lanes hold the result, the others keep their old value. Inputs mix random values with edge
 * values. */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "gpu_harness.h"

#define MAX_LANES 64

static uint64_t exec_for(unsigned wave)
{
   return wave == 32 ? 0xf0f0a5a5ull : 0x3c3c0ff1f0f0a5a5ull;
}

static uint32_t old_value(unsigned reg, unsigned lane)
{
   return 0xcafe0000u + reg * 64 + lane;
}

static int64_t sext24(uint32_t v)
{
   return (v & 0x800000u) ? (int64_t)(v & 0xffffffu) - 0x1000000 : (int64_t)(v & 0xffffffu);
}

static uint32_t popcount(uint32_t v)
{
   uint32_t n = 0;
   for (; v; v >>= 1)
      n += v & 1;
   return n;
}

static uint32_t bit_reverse(uint32_t v)
{
   uint32_t r = 0;
   for (unsigned i = 0; i < 32; i++)
      r |= ((v >> i) & 1u) << (31 - i);
   return r;
}

/* Bits counted from the MSB until the first 1; 0xffffffff when there is none. */
static uint32_t first_one_from_msb(uint32_t v)
{
   for (unsigned i = 0; i < 32; i++)
      if (v & (0x80000000u >> i))
         return i;
   return 0xffffffffu;
}

static uint32_t first_one_from_lsb(uint32_t v)
{
   for (unsigned i = 0; i < 32; i++)
      if (v & (1u << i))
         return i;
   return 0xffffffffu;
}

static uint32_t absdiff(uint32_t x, uint32_t y)
{
   return x > y ? x - y : y - x;
}

static uint32_t byte_of(uint32_t v, unsigned i)
{
   return (v >> (8 * i)) & 0xffu;
}

/* V_PERM_B32 (guide 12.9): selector bytes 0-7 pick a byte of {S0, S1} (S1 is bytes 0-3), 8-11
 * the sign of bytes 1, 3, 5, 7 replicated, 12 gives 0, 13-255 give 0xff. */
static uint32_t perm(uint32_t s0, uint32_t s1, uint32_t sel)
{
   uint8_t bytes[8];
   for (unsigned i = 0; i < 4; i++) {
      bytes[i] = (uint8_t)byte_of(s1, i);
      bytes[4 + i] = (uint8_t)byte_of(s0, i);
   }
   uint32_t d = 0;
   for (unsigned i = 0; i < 4; i++) {
      uint32_t s = byte_of(sel, i), r;
      if (s < 8)
         r = bytes[s];
      else if (s < 12)
         r = (bytes[2 * (s - 8) + 1] & 0x80) ? 0xff : 0;
      else if (s == 12)
         r = 0;
      else
         r = 0xff;
      d |= r << (8 * i);
   }
   return d;
}

static uint32_t med3_i(int32_t a, int32_t b, int32_t c)
{
   int32_t v[3] = { a, b, c };
   for (int i = 0; i < 3; i++)
      for (int j = i + 1; j < 3; j++)
         if (v[j] < v[i]) {
            int32_t t = v[i];
            v[i] = v[j];
            v[j] = t;
         }
   return (uint32_t)v[1];
}

static uint32_t med3_u(uint32_t a, uint32_t b, uint32_t c)
{
   uint32_t v[3] = { a, b, c };
   for (int i = 0; i < 3; i++)
      for (int j = i + 1; j < 3; j++)
         if (v[j] < v[i]) {
            uint32_t t = v[i];
            v[i] = v[j];
            v[j] = t;
         }
   return v[1];
}

static uint32_t clamp_i16(int32_t v)
{
   return (uint32_t)(v < -32768 ? -32768 : v > 32767 ? 32767 : v) & 0xffffu;
}

static uint32_t sat_u8(int32_t v)
{
   return v < 0 ? 0u : v > 255 ? 255u : (uint32_t)v;
}

/* Bit-field extract per guide 12.9: the field S1[4:0].. of width S2[4:0]; signed forms extend
 * the field's top bit (bits past 31 of a field read the sign). */
static uint32_t bfe(uint32_t a, uint32_t b, uint32_t c, bool is_signed)
{
   unsigned off = b & 31, width = c & 31;
   if (width == 0)
      return 0;
   int64_t wide = is_signed ? (int64_t)(int32_t)a : (int64_t)a;
   uint64_t field = ((uint64_t)wide >> off) & ((1ull << width) - 1);
   if (is_signed && (field >> (width - 1)) & 1)
      field |= ~0ull << width;
   return (uint32_t)field;
}

struct op {
   const char *name;
   unsigned sources;
   uint32_t (*host)(uint32_t a, uint32_t b, uint32_t c);
};

#define HOST(fn, expr)                                    \
   static uint32_t fn(uint32_t a, uint32_t b, uint32_t c) \
   {                                                      \
      (void)a;                                            \
      (void)b;                                            \
      (void)c;                                            \
      return (uint32_t)(expr);                            \
   }

HOST(h_mov, a)
HOST(h_not, ~a)
HOST(h_bfrev, bit_reverse(a))
HOST(h_ffbh_u32, first_one_from_msb(a))
HOST(h_ffbl, first_one_from_lsb(a))
HOST(h_ffbh_i32, first_one_from_msb((int32_t)a < 0 ? ~a : a))
HOST(h_sat_pk, sat_u8((int16_t)(a & 0xffff)) | sat_u8((int16_t)(a >> 16)) << 8)
HOST(h_add, a + b)
HOST(h_sub, a - b)
HOST(h_subrev, b - a)
HOST(h_mul_lo, (uint64_t)a *b)
HOST(h_mul_hi_u, ((uint64_t)a * b) >> 32)
HOST(h_mul_hi_i, (uint64_t)((int64_t)(int32_t)a *(int32_t)b) >> 32)
HOST(h_mul_i24, (uint64_t)(sext24(a) * sext24(b)))
HOST(h_mul_hi_i24, (uint64_t)(sext24(a) * sext24(b)) >> 32)
HOST(h_mul_u24, (uint64_t)(a & 0xffffff) * (b & 0xffffff))
HOST(h_mul_hi_u24, ((uint64_t)(a & 0xffffff) * (b & 0xffffff)) >> 32)
HOST(h_min_i, (int32_t)a < (int32_t)b ? a : b)
HOST(h_max_i, (int32_t)a > (int32_t)b ? a : b)
HOST(h_min_u, a < b ? a : b)
HOST(h_max_u, a > b ? a : b)
HOST(h_lshlrev, b << (a & 31))
HOST(h_lshrrev, b >> (a & 31))
HOST(h_ashrrev, (int64_t)(int32_t)b >> (a & 31))
HOST(h_and, a &b)
HOST(h_or, a | b)
HOST(h_xor, a ^ b)
HOST(h_xnor, ~(a ^ b))
HOST(h_bfm, (((1ull << (a & 31)) - 1) << (b & 31)))
HOST(h_bcnt, popcount(a) + b)
HOST(h_pk_u16, (a > 0xffff ? 0xffff : a) | (b > 0xffff ? 0xffff : b) << 16)
HOST(h_pk_i16, clamp_i16((int32_t)a) | clamp_i16((int32_t)b) << 16)
HOST(h_bfe_u, bfe(a, b, c, false))
HOST(h_bfe_i, bfe(a, b, c, true))
HOST(h_bfi, (a & b) | (~a & c))
HOST(h_alignbit, (((uint64_t)a << 32) | b) >> (c & 31))
HOST(h_alignbyte, (((uint64_t)a << 32) | b) >> (8 * (c & 3)))
HOST(h_min3_i, h_min_i(h_min_i(a, b, 0), c, 0))
HOST(h_min3_u, h_min_u(h_min_u(a, b, 0), c, 0))
HOST(h_max3_i, h_max_i(h_max_i(a, b, 0), c, 0))
HOST(h_max3_u, h_max_u(h_max_u(a, b, 0), c, 0))
HOST(h_med3_i, med3_i((int32_t)a, (int32_t)b, (int32_t)c))
HOST(h_med3_u, med3_u(a, b, c))
HOST(h_perm, perm(a, b, c))
HOST(h_xad, (a ^ b) + c)
HOST(h_lshl_add, (a << (b & 31)) + c)
HOST(h_add_lshl, (a + b) << (c & 31))
HOST(h_add3, a + b + c)
HOST(h_lshl_or, (a << (b & 31)) | c)
HOST(h_and_or, (a & b) | c)
HOST(h_or3, a | b | c)
HOST(h_xor3, a ^ b ^ c)
HOST(h_sad_u8, absdiff(byte_of(a, 0), byte_of(b, 0)) + absdiff(byte_of(a, 1), byte_of(b, 1)) +
                  absdiff(byte_of(a, 2), byte_of(b, 2)) + absdiff(byte_of(a, 3), byte_of(b, 3)) + c)
HOST(h_sad_hi_u8, (h_sad_u8(a, b, 0) << 16) + c)
HOST(h_sad_u16, absdiff(a & 0xffff, b & 0xffff) + absdiff(a >> 16, b >> 16) + c)
HOST(h_sad_u32, absdiff(a, b) + c)
HOST(h_msad_u8, (byte_of(b, 0) ? absdiff(byte_of(a, 0), byte_of(b, 0)) : 0) +
                   (byte_of(b, 1) ? absdiff(byte_of(a, 1), byte_of(b, 1)) : 0) +
                   (byte_of(b, 2) ? absdiff(byte_of(a, 2), byte_of(b, 2)) : 0) +
                   (byte_of(b, 3) ? absdiff(byte_of(a, 3), byte_of(b, 3)) : 0) + c)
HOST(h_lerp, ((byte_of(a, 0) + byte_of(b, 0) + (c & 1)) >> 1) |
                ((byte_of(a, 1) + byte_of(b, 1) + ((c >> 8) & 1)) >> 1) << 8 |
                ((byte_of(a, 2) + byte_of(b, 2) + ((c >> 16) & 1)) >> 1) << 16 |
                ((byte_of(a, 3) + byte_of(b, 3) + ((c >> 24) & 1)) >> 1) << 24)
HOST(h_mad_u24, (a & 0xffffff) * (b & 0xffffff) + c)
HOST(h_mad_i24, (uint64_t)(sext24(a) * sext24(b)) + c)

static const struct op ops[] = {
   { "v_mov_b32", 1, h_mov },
   { "v_not_b32", 1, h_not },
   { "v_bfrev_b32", 1, h_bfrev },
   { "v_ffbh_u32", 1, h_ffbh_u32 },
   { "v_ffbl_b32", 1, h_ffbl },
   { "v_ffbh_i32", 1, h_ffbh_i32 },
   { "v_sat_pk_u8_i16", 1, h_sat_pk },
   { "v_add_nc_u32", 2, h_add },
   { "v_sub_nc_u32", 2, h_sub },
   { "v_subrev_nc_u32", 2, h_subrev },
   { "v_add_nc_i32", 2, h_add },
   { "v_sub_nc_i32", 2, h_sub },
   { "v_mul_lo_u32", 2, h_mul_lo },
   { "v_mul_hi_u32", 2, h_mul_hi_u },
   { "v_mul_hi_i32", 2, h_mul_hi_i },
   { "v_mul_i32_i24", 2, h_mul_i24 },
   { "v_mul_hi_i32_i24", 2, h_mul_hi_i24 },
   { "v_mul_u32_u24", 2, h_mul_u24 },
   { "v_mul_hi_u32_u24", 2, h_mul_hi_u24 },
   { "v_min_i32", 2, h_min_i },
   { "v_max_i32", 2, h_max_i },
   { "v_min_u32", 2, h_min_u },
   { "v_max_u32", 2, h_max_u },
   { "v_lshlrev_b32", 2, h_lshlrev },
   { "v_lshrrev_b32", 2, h_lshrrev },
   { "v_ashrrev_i32", 2, h_ashrrev },
   { "v_and_b32", 2, h_and },
   { "v_or_b32", 2, h_or },
   { "v_xor_b32", 2, h_xor },
   { "v_xnor_b32", 2, h_xnor },
   { "v_bfm_b32", 2, h_bfm },
   { "v_bcnt_u32_b32", 2, h_bcnt },
   { "v_cvt_pk_u16_u32", 2, h_pk_u16 },
   { "v_cvt_pk_i16_i32", 2, h_pk_i16 },
   { "v_bfe_u32", 3, h_bfe_u },
   { "v_bfe_i32", 3, h_bfe_i },
   { "v_bfi_b32", 3, h_bfi },
   { "v_alignbit_b32", 3, h_alignbit },
   { "v_alignbyte_b32", 3, h_alignbyte },
   { "v_min3_i32", 3, h_min3_i },
   { "v_min3_u32", 3, h_min3_u },
   { "v_max3_i32", 3, h_max3_i },
   { "v_max3_u32", 3, h_max3_u },
   { "v_med3_i32", 3, h_med3_i },
   { "v_med3_u32", 3, h_med3_u },
   { "v_perm_b32", 3, h_perm },
   { "v_xad_u32", 3, h_xad },
   { "v_lshl_add_u32", 3, h_lshl_add },
   { "v_add_lshl_u32", 3, h_add_lshl },
   { "v_add3_u32", 3, h_add3 },
   { "v_lshl_or_b32", 3, h_lshl_or },
   { "v_and_or_b32", 3, h_and_or },
   { "v_or3_b32", 3, h_or3 },
   { "v_xor3_b32", 3, h_xor3 },
   { "v_sad_u8", 3, h_sad_u8 },
   { "v_sad_hi_u8", 3, h_sad_hi_u8 },
   { "v_sad_u16", 3, h_sad_u16 },
   { "v_sad_u32", 3, h_sad_u32 },
   { "v_msad_u8", 3, h_msad_u8 },
   { "v_lerp_u8", 3, h_lerp },
   { "v_mad_u32_u24", 3, h_mad_u24 },
   { "v_mad_i32_i24", 3, h_mad_i24 },
};

#define NUM_OPS (sizeof(ops) / sizeof(ops[0]))
#define FIRST_DST 10u

struct inputs {
   uint32_t v[4][MAX_LANES]; /* v1..v3 (index 1..3) */
   uint64_t exec;
};

static void make_inputs(struct inputs *in, unsigned wave, uint32_t seed)
{
   for (unsigned r = 1; r <= 3; r++)
      for (unsigned lane = 0; lane < wave; lane++)
         in->v[r][lane] = test_value(&seed);
   /* Shift-like operands: v3 small values in some lanes so bfe/alignbit widths vary. */
   for (unsigned lane = 0; lane < wave; lane += 3)
      in->v[3][lane] &= 0x3f;
   in->exec = exec_for(wave);
}

static void init_text(struct text *t, const struct inputs *in, unsigned wave, unsigned first,
                      unsigned count)
{
   text_add(t, "[init]\n");
   for (unsigned r = 1; r <= 3; r++)
      text_add_lanes(t, r, in->v[r], wave);
   for (unsigned r = first; r < first + count; r++)
      text_add(t, "v%u = 0x%x + lane\n", r, old_value(r, 0));
   text_add(t, "exec = 0x%llx\n",
            (unsigned long long)(in->exec & (wave == 32 ? 0xffffffffull : ~0ull)));
}

static void run_ops(unsigned wave, uint32_t seed)
{
   struct inputs in;
   make_inputs(&in, wave, seed);
   struct text t = { 0 };
   text_add(&t, "[require]\nwave %u\n[program]\n", wave);
   for (unsigned i = 0; i < NUM_OPS; i++) {
      const struct op *o = &ops[i];
      if (o->sources == 1)
         text_add(&t, "  %s v%u, v1\n", o->name, FIRST_DST + i);
      else if (o->sources == 2)
         text_add(&t, "  %s v%u, v1, v2\n", o->name, FIRST_DST + i);
      else
         text_add(&t, "  %s v%u, v1, v2, v3\n", o->name, FIRST_DST + i);
   }
   text_add(&t, "  s_endpgm\n");
   init_text(&t, &in, wave, FIRST_DST, NUM_OPS);
   struct gpu_run run;
   harness_run(t.data, wave, RDNA_RELATIVE_DEFAULT, &run);
   cr_assert_eq(run.wave.fault.kind, RDNA_FAULT_NONE, "%s", run.wave.fault.message);
   for (unsigned i = 0; i < NUM_OPS; i++) {
      for (unsigned lane = 0; lane < wave; lane++) {
         unsigned reg = FIRST_DST + i;
         uint32_t expect = (in.exec >> lane) & 1
                              ? ops[i].host(in.v[1][lane], in.v[2][lane], in.v[3][lane])
                              : old_value(reg, 0) + lane;
         uint32_t got = run_vgpr(&run, reg, lane);
         cr_expect_eq(got, expect, "wave%u %s lane %u (0x%x, 0x%x, 0x%x): 0x%x, expected 0x%x",
                      wave, ops[i].name, lane, in.v[1][lane], in.v[2][lane], in.v[3][lane], got,
                      expect);
      }
   }
   harness_free(&run);
   text_free(&t);
}

Test(gpu_valu, integer_operations_wave32)
{
   run_ops(32, 1);
   run_ops(32, 77);
}

Test(gpu_valu, integer_operations_wave64)
{
   run_ops(64, 5);
}

/* Scalar sources broadcast to every lane: SGPRs, inline constants and literals. */
Test(gpu_valu, scalar_sources_broadcast)
{
   for (unsigned wave = 32; wave <= 64; wave *= 2) {
      struct inputs in;
      make_inputs(&in, wave, 9);
      struct text t = { 0 };
      text_add(&t,
               "[require]\nwave %u\n[program]\n"
               "  v_add_nc_u32 v10, 5, v1\n"
               "  v_add_nc_u32 v11, -16, v1\n"
               "  v_and_b32 v12, 0x12345678, v1\n"
               "  v_xor_b32 v13, s4, v1\n"
               "  v_lshlrev_b32 v14, s5, v1\n"
               "  v_mov_b32 v15, 0x40800000\n"
               "  s_endpgm\n",
               wave);
      init_text(&t, &in, wave, 10, 6);
      text_add(&t, "s4 = 0xdeadbeef\ns5 = 37\n");
      struct gpu_run run;
      harness_run(t.data, wave, RDNA_RELATIVE_DEFAULT, &run);
      for (unsigned lane = 0; lane < wave; lane++) {
         if (!((in.exec >> lane) & 1))
            continue;
         uint32_t a = in.v[1][lane];
         cr_expect_eq(run_vgpr(&run, 10, lane), a + 5);
         cr_expect_eq(run_vgpr(&run, 11, lane), a - 16);
         cr_expect_eq(run_vgpr(&run, 12, lane), a & 0x12345678u);
         cr_expect_eq(run_vgpr(&run, 13, lane), a ^ 0xdeadbeefu);
         cr_expect_eq(run_vgpr(&run, 14, lane), a << (37 & 31));
         cr_expect_eq(run_vgpr(&run, 15, lane), 0x40800000u);
      }
      harness_free(&run);
      text_free(&t);
   }
}

/* ---- lane masks: compares, carries, cmpx ---------------------------------------------------- */

struct cmp {
   const char *name;
   bool (*host)(uint32_t a, uint32_t b);
};

#define CMP(fn, expr)                     \
   static bool fn(uint32_t a, uint32_t b) \
   {                                      \
      (void)a;                            \
      (void)b;                            \
      return expr;                        \
   }

CMP(c_lt_i, (int32_t)a < (int32_t)b)
CMP(c_le_i, (int32_t)a <= (int32_t)b)
CMP(c_gt_i, (int32_t)a > (int32_t)b)
CMP(c_ge_i, (int32_t)a >= (int32_t)b)
CMP(c_eq, a == b)
CMP(c_ne, a != b)
CMP(c_lt_u, a < b)
CMP(c_le_u, a <= b)
CMP(c_gt_u, a > b)
CMP(c_ge_u, a >= b)
CMP(c_t, true)
CMP(c_f, false)
CMP(c_lt_i16, (int16_t)(a & 0xffff) < (int16_t)(b & 0xffff))
CMP(c_gt_u16, (a & 0xffff) > (b & 0xffff))

static const struct cmp cmps[] = {
   { "v_cmp_lt_i32", c_lt_i },   { "v_cmp_le_i32", c_le_i }, { "v_cmp_gt_i32", c_gt_i },
   { "v_cmp_ge_i32", c_ge_i },   { "v_cmp_eq_i32", c_eq },   { "v_cmp_ne_i32", c_ne },
   { "v_cmp_lt_u32", c_lt_u },   { "v_cmp_le_u32", c_le_u }, { "v_cmp_gt_u32", c_gt_u },
   { "v_cmp_ge_u32", c_ge_u },   { "v_cmp_eq_u32", c_eq },   { "v_cmp_ne_u32", c_ne },
   { "v_cmp_t_u32", c_t },       { "v_cmp_f_i32", c_f },     { "v_cmp_lt_i16", c_lt_i16 },
   { "v_cmp_gt_u16", c_gt_u16 },
};

Test(gpu_valu, compares_give_whole_wave_masks_of_active_lanes)
{
   for (unsigned wave = 32; wave <= 64; wave *= 2) {
      struct inputs in;
      make_inputs(&in, wave, 21);
      for (unsigned lane = 0; lane < wave; lane += 4)
         in.v[2][lane] = in.v[1][lane]; /* some equal pairs */
      struct text t = { 0 };
      char reg[32];
      text_add(&t, "[require]\nwave %u\n[program]\n", wave);
      size_t n = sizeof(cmps) / sizeof(cmps[0]);
      for (unsigned i = 0; i < n; i++)
         text_add(&t, "  %s_e64 %s, v1, v2\n", cmps[i].name,
                  lane_mask_reg(reg, sizeof(reg), wave, 2 * i));
      text_add(&t, "  v_cmp_lt_u32 vcc%s, v1, v2\n", wave == 32 ? "_lo" : "");
      text_add(&t, "  s_endpgm\n");
      init_text(&t, &in, wave, 10, 1);
      struct gpu_run run;
      harness_run(t.data, wave, RDNA_RELATIVE_DEFAULT, &run);
      uint64_t lanes = wave == 32 ? 0xffffffffull : ~0ull;
      for (unsigned i = 0; i < n; i++) {
         uint64_t expect = 0;
         for (unsigned lane = 0; lane < wave; lane++)
            if (cmps[i].host(in.v[1][lane], in.v[2][lane]))
               expect |= 1ull << lane;
         expect &= in.exec & lanes;
         cr_expect_eq(run_lane_mask(&run, 2 * i), expect, "wave%u %s: 0x%llx, expected 0x%llx",
                      wave, cmps[i].name, (unsigned long long)run_lane_mask(&run, 2 * i),
                      (unsigned long long)expect);
      }
      uint64_t vcc = 0;
      for (unsigned lane = 0; lane < wave; lane++)
         if (in.v[1][lane] < in.v[2][lane])
            vcc |= 1ull << lane;
      cr_expect_eq(run_lane_mask(&run, 106), vcc & in.exec & lanes, "vcc");
      harness_free(&run);
      text_free(&t);
   }
}

Test(gpu_valu, cmpx_narrows_exec_and_predicates_later_writes)
{
   for (unsigned wave = 32; wave <= 64; wave *= 2) {
      struct inputs in;
      make_inputs(&in, wave, 33);
      struct text t = { 0 };
      text_add(&t,
               "[require]\nwave %u\n[program]\n  v_cmpx_gt_u32 v1, v2\n"
               "  v_mov_b32 v10, 7\n  s_endpgm\n",
               wave);
      init_text(&t, &in, wave, 10, 1);
      struct gpu_run run;
      harness_run(t.data, wave, RDNA_RELATIVE_DEFAULT, &run);
      uint64_t expect = 0;
      for (unsigned lane = 0; lane < wave; lane++)
         if (in.v[1][lane] > in.v[2][lane])
            expect |= 1ull << lane;
      expect &= in.exec;
      cr_expect_eq(run_lane_mask(&run, 126), expect);
      for (unsigned lane = 0; lane < wave; lane++)
         cr_expect_eq(run_vgpr(&run, 10, lane), (expect >> lane) & 1 ? 7u : old_value(10, 0) + lane,
                      "lane %u", lane);
      harness_free(&run);
      text_free(&t);
   }
}

Test(gpu_valu, carries_in_and_out)
{
   for (unsigned wave = 32; wave <= 64; wave *= 2) {
      struct inputs in;
      make_inputs(&in, wave, 45);
      struct text t = { 0 };
      char m20[32], m22[32], m24[32], m26[32], m28[32];
      lane_mask_reg(m20, sizeof(m20), wave, 20);
      lane_mask_reg(m22, sizeof(m22), wave, 22);
      lane_mask_reg(m24, sizeof(m24), wave, 24);
      lane_mask_reg(m26, sizeof(m26), wave, 26);
      lane_mask_reg(m28, sizeof(m28), wave, 28);
      text_add(&t,
               "[require]\nwave %u\n[program]\n"
               "  v_add_co_u32 v10, %s, v1, v2\n"
               "  v_add_co_ci_u32_e64 v11, %s, v1, v2, %s\n"
               "  v_sub_co_u32 v12, %s, v1, v2\n"
               "  v_subrev_co_ci_u32_e64 v13, %s, v1, v2, %s\n"
               "  v_mad_u64_u32 v[14:15], %s, v1, v2, v[2:3]\n"
               "  s_endpgm\n",
               wave, m20, m22, m20, m24, m26, m24, m28);
      init_text(&t, &in, wave, 10, 6);
      struct gpu_run run;
      harness_run(t.data, wave, RDNA_RELATIVE_DEFAULT, &run);
      uint64_t c20 = 0, c22 = 0, c24 = 0, c26 = 0, c28 = 0;
      for (unsigned lane = 0; lane < wave; lane++) {
         if (!((in.exec >> lane) & 1))
            continue;
         uint64_t a = in.v[1][lane], b = in.v[2][lane], c = in.v[3][lane];
         uint64_t sum = a + b;
         c20 |= (sum >> 32) << lane;
         cr_expect_eq(run_vgpr(&run, 10, lane), (uint32_t)sum, "add lane %u", lane);
         uint64_t sum2 = a + b + (sum >> 32);
         c22 |= (sum2 >> 32 ? 1ull : 0) << lane;
         cr_expect_eq(run_vgpr(&run, 11, lane), (uint32_t)sum2, "addc lane %u", lane);
         c24 |= (uint64_t)(b > a) << lane;
         cr_expect_eq(run_vgpr(&run, 12, lane), (uint32_t)(a - b), "sub lane %u", lane);
         uint64_t borrow_in = b > a;
         c26 |= (uint64_t)(a + borrow_in > b) << lane;
         cr_expect_eq(run_vgpr(&run, 13, lane), (uint32_t)(b - a - borrow_in), "subrev lane %u",
                      lane);
         uint64_t addend = b | c << 32;
         uint64_t product = a * b;
         uint64_t mad = product + addend;
         c28 |= (uint64_t)(mad < product) << lane;
         cr_expect_eq(run_vgpr(&run, 14, lane), (uint32_t)mad, "mad lo lane %u", lane);
         cr_expect_eq(run_vgpr(&run, 15, lane), (uint32_t)(mad >> 32), "mad hi lane %u", lane);
      }
      cr_expect_eq(run_lane_mask(&run, 20), c20, "carry 0x%llx",
                   (unsigned long long)run_lane_mask(&run, 20));
      cr_expect_eq(run_lane_mask(&run, 22), c22);
      cr_expect_eq(run_lane_mask(&run, 24), c24);
      cr_expect_eq(run_lane_mask(&run, 26), c26);
      cr_expect_eq(run_lane_mask(&run, 28), c28);
      harness_free(&run);
      text_free(&t);
   }
}

/* ---- cross-lane reads and writes ------------------------------------------------------------ */

Test(gpu_valu, readlane_readfirstlane_writelane_mbcnt_cndmask)
{
   for (unsigned wave = 32; wave <= 64; wave *= 2) {
      struct inputs in;
      make_inputs(&in, wave, 57);
      struct text t = { 0 };
      char m8[32];
      text_add(&t,
               "[require]\nwave %u\n[program]\n"
               "  v_readlane_b32 s40, v1, s5\n"
               "  v_readlane_b32 s41, v1, 3\n"
               "  v_readfirstlane_b32 s42, v2\n"
               "  v_writelane_b32 v10, s4, 6\n"
               "  v_mbcnt_lo_u32_b32 v11, s6, 0\n"
               "  v_mbcnt_hi_u32_b32 v12, s7, v11\n"
               "  v_cndmask_b32_e64 v13, v1, v2, %s\n"
               "  s_endpgm\n",
               wave, lane_mask_reg(m8, sizeof(m8), wave, 8));
      init_text(&t, &in, wave, 10, 4);
      unsigned readlane = wave == 32 ? 45 : 101; /* taken modulo the wave size */
      uint64_t select = 0x123456789abcdef0ull;
      text_add(&t, "s4 = 0x600dcafe\ns5 = %u\ns6 = 0xf00f1234\ns7 = 0x0ff0abcd\n", readlane);
      if (wave == 32)
         text_add(&t, "s8 = 0x%x\n", (uint32_t)select);
      else
         text_add(&t, "s[8:9] = 0x%llx\n", (unsigned long long)select);
      struct gpu_run run;
      harness_run(t.data, wave, RDNA_RELATIVE_DEFAULT, &run);
      cr_expect_eq(run.wave.sregs[40], in.v[1][readlane % wave]);
      cr_expect_eq(run.wave.sregs[41], in.v[1][3]);
      unsigned first = 0;
      while (!((in.exec >> first) & 1))
         first++;
      cr_expect_eq(run.wave.sregs[42], in.v[2][first]);
      for (unsigned lane = 0; lane < wave; lane++) {
         /* writelane ignores EXEC */
         cr_expect_eq(run_vgpr(&run, 10, lane), lane == 6 ? 0x600dcafeu : old_value(10, 0) + lane);
         if (!((in.exec >> lane) & 1))
            continue;
         uint32_t below_lo = lane >= 32 ? 0xffffffffu : (uint32_t)((1ull << lane) - 1);
         uint32_t below_hi = lane < 32 ? 0 : (uint32_t)((1ull << (lane - 32)) - 1);
         uint32_t lo = popcount(0xf00f1234u & below_lo);
         cr_expect_eq(run_vgpr(&run, 11, lane), lo, "mbcnt_lo lane %u", lane);
         cr_expect_eq(run_vgpr(&run, 12, lane), lo + popcount(0x0ff0abcdu & below_hi),
                      "mbcnt_hi lane %u", lane);
         uint64_t mask = wave == 32 ? (uint32_t)select : select;
         cr_expect_eq(run_vgpr(&run, 13, lane), (mask >> lane) & 1 ? in.v[2][lane] : in.v[1][lane],
                      "cndmask lane %u", lane);
      }
      harness_free(&run);
      text_free(&t);
   }
}

Test(gpu_valu, shifts_of_64_bits)
{
   for (unsigned wave = 32; wave <= 64; wave *= 2) {
      struct inputs in;
      make_inputs(&in, wave, 61);
      struct text t = { 0 };
      text_add(&t,
               "[require]\nwave %u\n[program]\n"
               "  v_lshlrev_b64 v[10:11], v1, v[2:3]\n"
               "  v_lshrrev_b64 v[12:13], v1, v[2:3]\n"
               "  v_ashrrev_i64 v[14:15], v1, v[2:3]\n"
               "  s_endpgm\n",
               wave);
      init_text(&t, &in, wave, 10, 6);
      struct gpu_run run;
      harness_run(t.data, wave, RDNA_RELATIVE_DEFAULT, &run);
      for (unsigned lane = 0; lane < wave; lane++) {
         if (!((in.exec >> lane) & 1))
            continue;
         unsigned n = in.v[1][lane] & 63;
         uint64_t v = in.v[2][lane] | (uint64_t)in.v[3][lane] << 32;
         uint64_t r[3] = { v << n, v >> n, (uint64_t)((int64_t)v >> n) };
         for (unsigned i = 0; i < 3; i++) {
            cr_expect_eq(run_vgpr(&run, 10 + 2 * i, lane), (uint32_t)r[i], "shift %u lane %u", i,
                         lane);
            cr_expect_eq(run_vgpr(&run, 11 + 2 * i, lane), (uint32_t)(r[i] >> 32));
         }
      }
      harness_free(&run);
      text_free(&t);
   }
}

/* ---- 16-bit rows, op_sel and integer clamp -------------------------------------------------- */

static uint32_t half(uint32_t v, bool hi)
{
   return hi ? v >> 16 : v & 0xffffu;
}

static int32_t s16(uint32_t v)
{
   return (int16_t)(uint16_t)(v & 0xffffu);
}

static uint32_t clamp_u16(int64_t v)
{
   return v < 0 ? 0 : v > 0xffff ? 0xffff : (uint32_t)v;
}

static uint32_t sat_i16(int64_t v)
{
   return (uint32_t)(v < -32768 ? -32768 : v > 32767 ? 32767 : v) & 0xffffu;
}

static uint32_t sat_i32(int64_t v)
{
   return v > INT32_MAX ? 0x7fffffffu : v < INT32_MIN ? 0x80000000u : (uint32_t)v;
}

/* A 16-bit result written to the low half (op_sel[3] clear: the high half kept for rows with
 * op_sel, zeroed for the others) or the high half (op_sel[3] set). */
static uint32_t put16(uint32_t old, uint32_t r, bool has_opsel, bool hi)
{
   r &= 0xffffu;
   if (!has_opsel)
      return r;
   return hi ? (old & 0xffffu) | r << 16 : (old & 0xffff0000u) | r;
}

Test(gpu_valu, sixteen_bit_rows_op_sel_and_clamp)
{
   for (unsigned wave = 32; wave <= 64; wave *= 2) {
      struct inputs in;
      make_inputs(&in, wave, 71);
      struct text t = { 0 };
      text_add(&t,
               "[require]\nwave %u\n[program]\n"
               "  v_add_nc_u16 v10, v1, v2 clamp\n"
               "  v_sub_nc_u16 v11, v1, v2\n"
               "  v_mul_lo_u16 v12, v1, v2\n"
               "  v_ashrrev_i16 v13, v1, v2\n"
               "  v_max_i16 v14, v1, v2\n"
               "  v_add_nc_i16 v15, v1, v2 op_sel:[1,0,1]\n"
               "  v_sub_nc_i16 v16, v1, v2 clamp\n"
               "  v_mad_u16 v17, v1, v2, v3 op_sel:[0,1,0,1]\n"
               "  v_mad_i16 v18, v1, v2, v3 clamp\n"
               "  v_mad_u32_u16 v19, v1, v2, v3 op_sel:[1,1,0,0] clamp\n"
               "  v_mad_i32_i16 v20, v1, v2, v3\n"
               "  v_med3_i16 v21, v1, v2, v3 op_sel:[0,0,1,0]\n"
               "  v_max3_u16 v22, v1, v2, v3\n"
               "  v_add_nc_u32 v23, v1, v2 clamp\n"
               "  v_sub_nc_u32 v24, v1, v2 clamp\n"
               "  v_add_nc_i32 v25, v1, v2 clamp\n"
               "  v_sub_nc_i32 v26, v1, v2 clamp\n"
               "  v_dot4c_i32_i8 v27, v1, v2\n"
               "  s_endpgm\n",
               wave);
      init_text(&t, &in, wave, 10, 18);
      struct gpu_run run;
      harness_run(t.data, wave, RDNA_RELATIVE_DEFAULT, &run);
      for (unsigned lane = 0; lane < wave; lane++) {
         if (!((in.exec >> lane) & 1))
            continue;
         uint32_t a = in.v[1][lane], b = in.v[2][lane], c = in.v[3][lane];
         uint32_t al = half(a, false), bl = half(b, false), cl = half(c, false);
         uint32_t expect[18];
         expect[0] = put16(0, clamp_u16((int64_t)al + bl), false, false);
         expect[1] = put16(0, al - bl, false, false);
         expect[2] = put16(0, al * bl, false, false);
         expect[3] = put16(0, (uint32_t)(s16(b) >> (al & 15)), false, false);
         expect[4] = put16(0, (uint32_t)(s16(a) > s16(b) ? s16(a) : s16(b)), false, false);
         expect[5] =
            put16(old_value(15, 0) + lane, (uint32_t)(s16(half(a, true)) + s16(b)), true, true);
         expect[6] = put16(old_value(16, 0) + lane, sat_i16((int64_t)s16(a) - s16(b)), true, false);
         expect[7] = put16(old_value(17, 0) + lane, al * half(b, true) + cl, true, true);
         expect[8] =
            put16(old_value(18, 0) + lane, sat_i16((int64_t)s16(a) * s16(b) + s16(c)), true, false);
         uint64_t mad32 = (uint64_t)half(a, true) * half(b, true) + c;
         expect[9] = mad32 > 0xffffffffu ? 0xffffffffu : (uint32_t)mad32;
         expect[10] = (uint32_t)(s16(a) * s16(b)) + c;
         int32_t x = s16(a), y = s16(b), z = s16(c >> 16);
         int32_t lo = x < y ? x : y, hi = x < y ? y : x;
         int32_t med = hi < z ? hi : (z < lo ? lo : z);
         expect[11] = put16(old_value(21, 0) + lane, (uint32_t)med, true, false);
         uint32_t m = al > bl ? al : bl;
         expect[12] = put16(old_value(22, 0) + lane, m > cl ? m : cl, true, false);
         expect[13] = (uint64_t)a + b > 0xffffffffu ? 0xffffffffu : a + b;
         expect[14] = a < b ? 0 : a - b;
         expect[15] = sat_i32((int64_t)(int32_t)a + (int32_t)b);
         expect[16] = sat_i32((int64_t)(int32_t)a - (int32_t)b);
         int32_t dot = 0;
         for (unsigned i = 0; i < 4; i++)
            dot += (int8_t)(uint8_t)(a >> (8 * i)) * (int8_t)(uint8_t)(b >> (8 * i));
         expect[17] = old_value(27, 0) + lane + (uint32_t)dot;
         for (unsigned i = 0; i < 18; i++)
            cr_expect_eq(run_vgpr(&run, 10 + i, lane), expect[i],
                         "wave%u v%u lane %u (0x%x, 0x%x, 0x%x): 0x%x, expected 0x%x", wave, 10 + i,
                         lane, a, b, c, run_vgpr(&run, 10 + i, lane), expect[i]);
      }
      harness_free(&run);
      text_free(&t);
   }
}
