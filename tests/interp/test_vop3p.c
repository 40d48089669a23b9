/* Packed math (VOP3P): op_sel / op_sel_hi half selection, neg_lo / neg_hi, clamp saturation,
 * inline constants in both halves, v_fma_mix*, the gfx1030 dot products and the VOP2 packed
 * accumulates. Expected values come from host computations written here (_Float16 and integer
 * arithmetic) following the RDNA2 ISA guide 6.3 and 12.13. */
#include <criterion/criterion.h>
#include <math.h>

#include "float_lanes.h"

static uint16_t h_bits(_Float16 h)
{
   uint16_t b;
   memcpy(&b, &h, 2);
   return b;
}

static _Float16 h_of(uint32_t bits)
{
   uint16_t b = (uint16_t)bits;
   _Float16 h;
   memcpy(&h, &b, 2);
   return h;
}

/* f16 inputs without NaN or infinity, in both halves. */
static void packed_inputs(uint32_t in[3][64], uint64_t seed)
{
   uint64_t s = seed;
   for (unsigned lane = 0; lane < 64; lane++)
      for (unsigned i = 0; i < 3; i++) {
         uint32_t v = lcg_next(&s) & 0x3fff3fffu; /* exponents below 16: finite */
         v ^= lcg_next(&s) & 0x80008000u;
         in[i][lane] = v;
      }
}

/* Host f16 results round to nearest even from exact double sums and products. */
static uint16_t host_add16(uint32_t a, uint32_t b)
{
   return h_bits((_Float16)((double)h_of(a) + (double)h_of(b)));
}

static uint16_t host_mul16(uint32_t a, uint32_t b)
{
   return h_bits((_Float16)((double)h_of(a) * (double)h_of(b)));
}

static uint16_t host_fma16(uint32_t a, uint32_t b, uint32_t c)
{
   return h_bits((_Float16)((long double)h_of(a) * (long double)h_of(b) + (long double)h_of(c)));
}

Test(vop3p, pk_f16_halves_selection_and_negation)
{
   uint32_t in[3][64];
   packed_inputs(in, 11);
   struct rdna_machine *m =
      float_run(RDNA_TARGET_GFX1030, 64, MODE_DENORMS_ALLOWED,
                "v_pk_add_f16 v3, v0, v1\n"
                "v_pk_add_f16 v4, v0, v1 op_sel:[1,0] op_sel_hi:[0,1]\n"
                "v_pk_mul_f16 v5, v0, v1 neg_lo:[1,0] neg_hi:[0,1]\n"
                "v_pk_fma_f16 v6, v0, v1, v2\n"
                "v_pk_fma_f16 v7, v0, v1, v2 op_sel:[0,1,1] op_sel_hi:[1,0,0]\n",
                3, in);
   for (unsigned lane = 0; lane < 64; lane++) {
      uint32_t a = in[0][lane], b = in[1][lane], c = in[2][lane];
      uint32_t want3 = host_add16(a, b) | (uint32_t)host_add16(a >> 16, b >> 16) << 16;
      /* op_sel[0] = 1: low result from a.hi; op_sel_hi[0] = 0: high result from a.lo */
      uint32_t want4 = host_add16(a >> 16, b) | (uint32_t)host_add16(a, b >> 16) << 16;
      uint32_t want5 =
         host_mul16(a ^ 0x8000u, b) | (uint32_t)host_mul16(a >> 16, (b >> 16) ^ 0x8000u) << 16;
      uint32_t want6 = host_fma16(a, b, c) | (uint32_t)host_fma16(a >> 16, b >> 16, c >> 16) << 16;
      uint32_t want7 = host_fma16(a, b >> 16, c >> 16) | (uint32_t)host_fma16(a >> 16, b, c) << 16;
      cr_expect_eq(harness_vgpr(m, 3, lane), want3, "add lane %u", lane);
      cr_expect_eq(harness_vgpr(m, 4, lane), want4, "add op_sel lane %u", lane);
      cr_expect_eq(harness_vgpr(m, 5, lane), want5, "mul neg lane %u", lane);
      cr_expect_eq(harness_vgpr(m, 6, lane), want6, "fma lane %u", lane);
      cr_expect_eq(harness_vgpr(m, 7, lane), want7, "fma op_sel lane %u", lane);
   }
   rdna_machine_destroy(m);
}

/* v_pk_min/max_f16 follow V_MIN_F16's NaN rules per half; clamp applies per half. Inline
 * constants fill both halves (1.0 in each). */
Test(vop3p, pk_min_max_clamp_and_inline_constants)
{
   uint32_t in[3][64];
   for (unsigned lane = 0; lane < 64; lane++) {
      in[0][lane] = 0x7e00c000u; /* hi qNaN, lo -2.0 */
      in[1][lane] = 0x40003800u; /* hi 2.0, lo 0.5 */
      in[2][lane] = 0;
   }
   struct rdna_machine *m = float_run(RDNA_TARGET_GFX1030, 32, 0,
                                      "v_pk_max_f16 v3, v0, v1\n"
                                      "v_pk_min_f16 v4, v0, v1\n"
                                      "v_pk_add_f16 v5, v1, 1.0\n"
                                      "v_pk_add_f16 v6, v1, 1.0 clamp\n"
                                      "v_pk_mul_f16 v7, v0, 0 clamp\n",
                                      3, in);
   cr_expect_eq(harness_vgpr(m, 3, 0), 0x40003800u);
   cr_expect_eq(harness_vgpr(m, 4, 0), 0x4000c000u);
   cr_expect_eq(harness_vgpr(m, 5, 0), 0x42003e00u); /* 3.0, 1.5 */
   cr_expect_eq(harness_vgpr(m, 6, 0), 0x3c003c00u);
   /* NaN * 0 is NaN; without DX10_CLAMP clamp keeps it (high half); -2 * 0 = -0 clamps to +0 */
   cr_expect_eq(harness_vgpr(m, 7, 0) & 0xffffu, 0x0000u);
   cr_expect((harness_vgpr(m, 7, 0) >> 16 & 0x7c00u) == 0x7c00u);
   rdna_machine_destroy(m);
}

static uint32_t host_pk_int(unsigned op, uint32_t a, uint32_t b, bool clamp)
{
   uint32_t r = 0;
   for (unsigned half = 0; half < 2; half++) {
      int32_t sa = (int16_t)(a >> (16 * half)), sb = (int16_t)(b >> (16 * half));
      uint32_t ua = (a >> (16 * half)) & 0xffffu, ub = (b >> (16 * half)) & 0xffffu;
      int64_t v;
      switch (op) {
      case 0: /* add_u16 */
         v = (int64_t)ua + ub;
         if (clamp && v > 0xffff)
            v = 0xffff;
         break;
      case 1: /* sub_i16 */
         v = (int64_t)sa - sb;
         if (clamp)
            v = v < -32768 ? -32768 : v > 32767 ? 32767 : v;
         break;
      case 2: /* mul_lo_u16 */
         v = (int64_t)ua * ub;
         break;
      case 3: /* ashrrev_i16: b >> a */
         v = sb >> (ua & 15);
         break;
      case 4: /* max_i16 */
         v = sa > sb ? sa : sb;
         break;
      default: /* min_u16 */
         v = ua < ub ? ua : ub;
         break;
      }
      r |= ((uint32_t)v & 0xffffu) << (16 * half);
   }
   return r;
}

Test(vop3p, pk_integer_ops_and_saturation)
{
   uint32_t in[3][64];
   uint64_t s = 5;
   for (unsigned lane = 0; lane < 64; lane++)
      for (unsigned i = 0; i < 3; i++)
         in[i][lane] = lcg_next(&s);
   struct rdna_machine *m = float_run(RDNA_TARGET_GFX1013, 64, 0,
                                      "v_pk_add_u16 v3, v0, v1\n"
                                      "v_pk_add_u16 v4, v0, v1 clamp\n"
                                      "v_pk_sub_i16 v5, v0, v1 clamp\n"
                                      "v_pk_mul_lo_u16 v6, v0, v1\n"
                                      "v_pk_ashrrev_i16 v7, v0, v1\n"
                                      "v_pk_max_i16 v8, v0, v1\n"
                                      "v_pk_min_u16 v9, v0, v1\n"
                                      "v_pk_add_u16 v10, v0, 1\n"
                                      "v_pk_mad_u16 v11, v0, v1, v2\n",
                                      3, in);
   for (unsigned lane = 0; lane < 64; lane++) {
      uint32_t a = in[0][lane], b = in[1][lane], c = in[2][lane];
      cr_expect_eq(harness_vgpr(m, 3, lane), host_pk_int(0, a, b, false), "lane %u", lane);
      cr_expect_eq(harness_vgpr(m, 4, lane), host_pk_int(0, a, b, true), "lane %u", lane);
      cr_expect_eq(harness_vgpr(m, 5, lane), host_pk_int(1, a, b, true), "lane %u", lane);
      cr_expect_eq(harness_vgpr(m, 6, lane), host_pk_int(2, a, b, false), "lane %u", lane);
      cr_expect_eq(harness_vgpr(m, 7, lane), host_pk_int(3, a, b, false), "lane %u", lane);
      cr_expect_eq(harness_vgpr(m, 8, lane), host_pk_int(4, a, b, false), "lane %u", lane);
      cr_expect_eq(harness_vgpr(m, 9, lane), host_pk_int(5, a, b, false), "lane %u", lane);
      cr_expect_eq(harness_vgpr(m, 10, lane), host_pk_int(0, a, 0x00010001u, false), "lane %u",
                   lane);
      uint32_t mad = (((a & 0xffffu) * (b & 0xffffu) + (c & 0xffffu)) & 0xffffu) |
                     (((a >> 16) * (b >> 16) + (c >> 16)) & 0xffffu) << 16;
      cr_expect_eq(harness_vgpr(m, 11, lane), mad, "mad lane %u", lane);
   }
   rdna_machine_destroy(m);
}

/* v_fma_mix*: op_sel_hi[i] = 0 reads source i as f32, 1 as the f16 half op_sel[i] picks;
 * neg_lo (written -x) negates, neg_hi (written |x|) takes the absolute value. The f32 fma rounds
 * once; mixlo / mixhi round that to f16. */
Test(vop3p, fma_mix_sources_and_halves)
{
   uint32_t in[3][64];
   packed_inputs(in, 77);
   for (unsigned lane = 0; lane < 64; lane++)
      in[2][lane] = bits_of_f32((float)lane * 0.37f - 3.0f);
   struct rdna_machine *m =
      float_run(RDNA_TARGET_GFX1030, 32, MODE_DENORMS_ALLOWED,
                "v_fma_mix_f32 v3, v0, v1, v2 op_sel_hi:[1,1,0]\n"
                "v_fma_mix_f32 v4, |v0|, v1, -v2 op_sel:[1,0,0] op_sel_hi:[1,1,0]\n"
                "v_mov_b32 v5, 0x12345678\n"
                "v_fma_mixlo_f16 v5, v0, v1, v2 op_sel_hi:[1,1,0]\n"
                "v_mov_b32 v6, 0x12345678\n"
                "v_fma_mixhi_f16 v6, v0, v1, v2 op_sel:[0,1,0] op_sel_hi:[1,1,0]\n",
                3, in);
   for (unsigned lane = 0; lane < 32; lane++) {
      float a = (float)h_of(in[0][lane]), ahi = (float)h_of(in[0][lane] >> 16);
      float b = (float)h_of(in[1][lane]), bhi = (float)h_of(in[1][lane] >> 16);
      float c = f32_of(in[2][lane]);
      float r3 = fmaf(a, b, c);
      float r4 = fmaf(fabsf(ahi), b, -c);
      float r6 = fmaf(a, bhi, c);
      cr_expect_eq(harness_vgpr(m, 3, lane), bits_of_f32(r3), "mix lane %u", lane);
      cr_expect_eq(harness_vgpr(m, 4, lane), bits_of_f32(r4), "mix mods lane %u", lane);
      cr_expect_eq(harness_vgpr(m, 5, lane), 0x12340000u | h_bits((_Float16)r3), "mixlo %u", lane);
      cr_expect_eq(harness_vgpr(m, 6, lane), 0x5678u | (uint32_t)h_bits((_Float16)r6) << 16,
                   "mixhi %u", lane);
   }
   rdna_machine_destroy(m);
}

/* Dot products (gfx1030): exact integer sums of the element products plus src2; clamp
 * saturates. v_dot2_f32_f16: fma of the low pair into src2, then of the high pair. */
Test(vop3p, dot_products)
{
   uint32_t in[3][64];
   uint64_t s = 3;
   for (unsigned lane = 0; lane < 64; lane++)
      for (unsigned i = 0; i < 3; i++)
         in[i][lane] = lcg_next(&s);
   in[2][0] = 0x7fffff00u; /* saturates with clamp */
   struct rdna_machine *m = float_run(RDNA_TARGET_GFX1030, 64, 0,
                                      "v_dot4_i32_i8 v3, v0, v1, v2\n"
                                      "v_dot4_u32_u8 v4, v0, v1, v2\n"
                                      "v_dot8_i32_i4 v5, v0, v1, v2\n"
                                      "v_dot8_u32_u4 v6, v0, v1, v2\n"
                                      "v_dot2_i32_i16 v7, v0, v1, v2\n"
                                      "v_dot2_u32_u16 v8, v0, v1, v2\n"
                                      "v_dot4_i32_i8 v9, v0, v1, v2 clamp\n",
                                      3, in);
   for (unsigned lane = 0; lane < 64; lane++) {
      uint32_t a = in[0][lane], b = in[1][lane], c = in[2][lane];
      int64_t d4i = (int32_t)c, d8i = (int32_t)c, d2i = (int32_t)c;
      uint64_t d4u = c, d8u = c, d2u = c;
      for (unsigned i = 0; i < 4; i++) {
         d4i += (int64_t)(int8_t)(a >> (8 * i)) * (int8_t)(b >> (8 * i));
         d4u += (uint64_t)((a >> (8 * i)) & 0xff) * ((b >> (8 * i)) & 0xff);
      }
      for (unsigned i = 0; i < 8; i++) {
         int32_t x = (int32_t)(a << (28 - 4 * i)) >> 28, y = (int32_t)(b << (28 - 4 * i)) >> 28;
         d8i += (int64_t)x * y;
         d8u += (uint64_t)((a >> (4 * i)) & 15) * ((b >> (4 * i)) & 15);
      }
      for (unsigned i = 0; i < 2; i++) {
         d2i += (int64_t)(int16_t)(a >> (16 * i)) * (int16_t)(b >> (16 * i));
         d2u += (uint64_t)((a >> (16 * i)) & 0xffff) * ((b >> (16 * i)) & 0xffff);
      }
      int64_t sat = d4i > INT32_MAX ? INT32_MAX : d4i < INT32_MIN ? INT32_MIN : d4i;
      cr_expect_eq(harness_vgpr(m, 3, lane), (uint32_t)d4i, "dot4 i8 lane %u", lane);
      cr_expect_eq(harness_vgpr(m, 4, lane), (uint32_t)d4u, "dot4 u8 lane %u", lane);
      cr_expect_eq(harness_vgpr(m, 5, lane), (uint32_t)d8i, "dot8 i4 lane %u", lane);
      cr_expect_eq(harness_vgpr(m, 6, lane), (uint32_t)d8u, "dot8 u4 lane %u", lane);
      cr_expect_eq(harness_vgpr(m, 7, lane), (uint32_t)d2i, "dot2 i16 lane %u", lane);
      cr_expect_eq(harness_vgpr(m, 8, lane), (uint32_t)d2u, "dot2 u16 lane %u", lane);
      cr_expect_eq(harness_vgpr(m, 9, lane), (uint32_t)sat, "dot4 clamp lane %u", lane);
   }
   rdna_machine_destroy(m);
}

Test(vop3p, dot2_f32_f16_and_packed_accumulates)
{
   uint32_t in[3][64];
   packed_inputs(in, 123);
   for (unsigned lane = 0; lane < 64; lane++)
      in[2][lane] = bits_of_f32((float)lane * 1.25f - 17.0f);
   struct rdna_machine *m = float_run(RDNA_TARGET_GFX1030, 32, MODE_DENORMS_ALLOWED,
                                      "v_dot2_f32_f16 v3, v0, v1, v2\n"
                                      "v_mov_b32 v4, v2\n"
                                      "v_dot2c_f32_f16 v4, v0, v1\n"
                                      "v_mov_b32 v5, v2\n"
                                      "v_pk_fmac_f16 v5, v0, v1\n",
                                      3, in);
   for (unsigned lane = 0; lane < 32; lane++) {
      uint32_t a = in[0][lane], b = in[1][lane], c = in[2][lane];
      float acc = fmaf((float)h_of(a), (float)h_of(b), f32_of(c));
      acc = fmaf((float)h_of(a >> 16), (float)h_of(b >> 16), acc);
      cr_expect_eq(harness_vgpr(m, 3, lane), bits_of_f32(acc), "dot2 lane %u", lane);
      cr_expect_eq(harness_vgpr(m, 4, lane), bits_of_f32(acc), "dot2c lane %u", lane);
      uint32_t fmac = host_fma16(a, b, c) | (uint32_t)host_fma16(a >> 16, b >> 16, c >> 16) << 16;
      cr_expect_eq(harness_vgpr(m, 5, lane), fmac, "pk_fmac lane %u", lane);
   }
   rdna_machine_destroy(m);
}

/* EXEC predicates packed writes: inactive lanes keep their old value. */
Test(vop3p, exec_predication_wave32)
{
   uint32_t in[3][64];
   packed_inputs(in, 9);
   struct rdna_machine *m = harness_machine(RDNA_TARGET_GFX1030, 32, 0,
                                            "s_denorm_mode 15\n"
                                            "v_pk_add_f16 v3, v0, v1\n"
                                            "s_endpgm\n");
   rdna_machine_set_vgpr_lanes(m, 0, 0, in[0]);
   rdna_machine_set_vgpr_lanes(m, 0, 1, in[1]);
   rdna_machine_set_vgpr(m, 0, 3, RDNA_ALL_LANES, 0xdeadbeefu);
   rdna_machine_set_exec(m, 0, 0x0000ff01u);
   harness_run(m);
   harness_no_fault(m);
   for (unsigned lane = 0; lane < 32; lane++) {
      bool active = (0x0000ff01u >> lane) & 1;
      uint32_t want = host_add16(in[0][lane], in[1][lane]) |
                      (uint32_t)host_add16(in[0][lane] >> 16, in[1][lane] >> 16) << 16;
      cr_expect_eq(harness_vgpr(m, 3, lane), active ? want : 0xdeadbeefu, "lane %u", lane);
   }
   rdna_machine_destroy(m);
}
