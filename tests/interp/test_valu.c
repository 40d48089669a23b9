/* Vector integer semantics: EXEC predication (EXEC = 0, 1, mixed, all; wave32 and wave64), carry
 * and compare lane masks (inactive lanes 0), theories over edge values, 16- and 64-bit forms,
 * lane access. Expected values are computed independently in the test from the ISA guide's
 * formulas (12.7-12.9), never taken from the interpreter. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <criterion/theories.h>
#include <limits.h>
#include <stdio.h>

#include "harness.h"

static uint32_t lanes_of(unsigned wave)
{
   return wave;
}

struct exec_case {
   unsigned wave;
   uint64_t exec;
};

static const struct exec_case exec_cases[] = {
   { 32, 0 }, { 32, 1 }, { 32, 0x5a5a0ff0u },           { 32, 0xffffffffu },
   { 64, 0 }, { 64, 1 }, { 64, 0xf0f0000ffff0a5a5ull }, { 64, ~0ull },
};

ParameterizedTestParameters(valu, exec_predicates_writes)
{
   return cr_make_param_array(struct exec_case, exec_cases,
                              sizeof(exec_cases) / sizeof(exec_cases[0]));
}

/* v2 = v0 + v1 in active lanes only; v2 of inactive lanes keeps its old value. */
ParameterizedTest(const struct exec_case *c, valu, exec_predicates_writes)
{
   struct rdna_machine *m = harness_machine(RDNA_TARGET_GFX1030, c->wave, 0,
                                            "v_add_nc_u32 v2, v0, v1\n"
                                            "v_lshl_add_u32 v3, v0, 2, v1\n"
                                            "s_endpgm\n");
   uint32_t lane_ids[64], base[64];
   for (unsigned l = 0; l < 64; l++) {
      lane_ids[l] = l;
      base[l] = 1000 + 3 * l;
   }
   rdna_machine_set_vgpr_lanes(m, 0, 0, lane_ids);
   rdna_machine_set_vgpr_lanes(m, 0, 1, base);
   rdna_machine_set_vgpr(m, 0, 2, RDNA_ALL_LANES, 0xdeadbeefu);
   rdna_machine_set_vgpr(m, 0, 3, RDNA_ALL_LANES, 0xdeadbeefu);
   rdna_machine_set_exec(m, 0, c->exec);
   harness_run(m);
   harness_no_fault(m);
   for (unsigned l = 0; l < lanes_of(c->wave); l++) {
      bool active = (c->exec >> l) & 1;
      cr_expect_eq(harness_vgpr(m, 2, l), active ? l + 1000 + 3 * l : 0xdeadbeefu, "lane %u", l);
      cr_expect_eq(harness_vgpr(m, 3, l), active ? 4 * l + 1000 + 3 * l : 0xdeadbeefu, "lane %u",
                   l);
   }
   rdna_machine_destroy(m);
}

ParameterizedTestParameters(valu, compare_masks)
{
   return cr_make_param_array(struct exec_case, exec_cases,
                              sizeof(exec_cases) / sizeof(exec_cases[0]));
}

/* Compares: result bit = condition in active lanes, 0 in inactive ones; cmpx writes EXEC. */
ParameterizedTest(const struct exec_case *c, valu, compare_masks)
{
   struct rdna_machine *m = harness_machine(RDNA_TARGET_GFX1030, c->wave, 0,
                                            c->wave == 32 ? "v_cmp_gt_u32 vcc_lo, 20, v0\n"
                                                            "v_cmp_le_i32_e64 s4, v0, 40\n"
                                                            "v_cmpx_lt_u32 v0, 10\n"
                                                            "s_endpgm\n"
                                                          : "v_cmp_gt_u32 vcc, 20, v0\n"
                                                            "v_cmp_le_i32_e64 s[4:5], v0, 40\n"
                                                            "v_cmpx_lt_u32 v0, 10\n"
                                                            "s_endpgm\n");
   uint32_t lane_ids[64];
   for (unsigned l = 0; l < 64; l++)
      lane_ids[l] = l;
   rdna_machine_set_vgpr_lanes(m, 0, 0, lane_ids);
   rdna_machine_set_exec(m, 0, c->exec);
   harness_run(m);
   harness_no_fault(m);
   uint64_t lanes = c->wave == 64 ? ~0ull : 0xffffffffull;
   uint64_t exec = c->exec & lanes;
   uint64_t lt20 = (1ull << 20) - 1, le40 = (1ull << 41) - 1, lt10 = (1ull << 10) - 1;
   uint64_t vcc = harness_sreg(m, RDNA_REG_VCC_LO) |
                  (c->wave == 64 ? (uint64_t)harness_sreg(m, RDNA_REG_VCC_HI) << 32 : 0);
   uint64_t s4 = harness_sreg(m, 4) | (c->wave == 64 ? (uint64_t)harness_sreg(m, 5) << 32 : 0);
   cr_expect_eq(vcc, lt20 & exec);
   cr_expect_eq(s4, le40 & exec & lanes);
   cr_expect_eq(harness_exec(m), lt10 & exec);
   rdna_machine_destroy(m);
}

/* ---- theories over edge values: carry-out and signed/unsigned compares --------------------- */

TheoryDataPoints(valu, add_sub_carry) = {
   DataPoints(uint32_t, 0, 1, 0x7fffffffu, 0x80000000u, 0xffffffffu),
   DataPoints(uint32_t, 0, 1, 0x7fffffffu, 0x80000000u, 0xffffffffu),
};

Theory((uint32_t a, uint32_t b), valu, add_sub_carry)
{
   struct rdna_machine *m = harness_machine(RDNA_TARGET_GFX1030, 32, 0,
                                            "v_add_co_u32 v2, vcc_lo, v0, v1\n"
                                            "v_sub_co_u32 v3, s4, v0, v1\n"
                                            "v_add_co_ci_u32_e32 v4, vcc_lo, v0, v1, vcc_lo\n"
                                            "v_cmp_lt_i32_e64 s5, v0, v1\n"
                                            "v_cmp_lt_u32_e64 s6, v0, v1\n"
                                            "v_mul_hi_u32 v5, v0, v1\n"
                                            "v_mul_hi_i32 v6, v0, v1\n"
                                            "v_add_nc_u32 v7, v0, v1 clamp\n"
                                            "s_endpgm\n");
   rdna_machine_set_vgpr(m, 0, 0, RDNA_ALL_LANES, a);
   rdna_machine_set_vgpr(m, 0, 1, RDNA_ALL_LANES, b);
   rdna_machine_set_exec(m, 0, 0x3);
   harness_run(m);
   harness_no_fault(m);
   uint64_t sum = (uint64_t)a + b;
   uint32_t carry = sum >> 32 ? 0x3u : 0;
   cr_expect_eq(harness_vgpr(m, 2, 0), (uint32_t)sum);
   cr_expect_eq(harness_vgpr(m, 3, 1), a - b);
   cr_expect_eq(harness_sreg(m, 4), b > a ? 0x3u : 0);
   /* add_co_ci with the carry-in of the first add */
   uint64_t sum2 = sum + (carry ? 1 : 0);
   cr_expect_eq(harness_vgpr(m, 4, 0), (uint32_t)sum2);
   cr_expect_eq(harness_sreg(m, RDNA_REG_VCC_LO), sum2 >> 32 ? 0x3u : 0);
   cr_expect_eq(harness_sreg(m, 5), (int32_t)a < (int32_t)b ? 0x3u : 0);
   cr_expect_eq(harness_sreg(m, 6), a < b ? 0x3u : 0);
   cr_expect_eq(harness_vgpr(m, 5, 0), (uint32_t)(((uint64_t)a * b) >> 32));
   cr_expect_eq(harness_vgpr(m, 6, 0),
                (uint32_t)((uint64_t)((int64_t)(int32_t)a * (int32_t)b) >> 32));
   cr_expect_eq(harness_vgpr(m, 7, 0), sum > 0xffffffffu ? 0xffffffffu : (uint32_t)sum);
   /* lane 2 is inactive: untouched */
   cr_expect_eq(harness_vgpr(m, 2, 2), 0);
   rdna_machine_destroy(m);
}

/* ---- single-instruction vectors --------------------------------------------------------- */

struct valu_vector {
   char text[64]; /* writes v3 from v0, v1, v2 (an array: Criterion copies parameters) */
   uint32_t v0, v1, v2, d;
};

static const struct valu_vector valu_vectors[] = {
   { "v_bfe_u32 v3, v0, v1, v2", 0x12345678u, 4, 8, 0x67u },
   { "v_bfe_i32 v3, v0, v1, v2", 0x00000f00u, 8, 4, 0xffffffffu },
   { "v_bfe_u32 v3, v0, v1, v2", 0xffffffffu, 0, 0, 0 },
   { "v_bfi_b32 v3, v0, v1, v2", 0x0000ffffu, 0x12345678u, 0x9abcdef0u, 0x9abc5678u },
   { "v_alignbit_b32 v3, v0, v1, v2", 0x11223344u, 0x55667788u, 8, 0x44556677u },
   { "v_alignbyte_b32 v3, v0, v1, v2", 0x11223344u, 0x55667788u, 3, 0x22334455u },
   { "v_perm_b32 v3, v0, v1, v2", 0x11223344u, 0x55667788u, 0x0c070400u, 0x00114488u },
   { "v_perm_b32 v3, v0, v1, v2", 0x80000000u, 0, 0x0d0b0a09u, 0xffff0000u },
   { "v_xad_u32 v3, v0, v1, v2", 0xf0u, 0xffu, 1, 0x10u },
   { "v_add3_u32 v3, v0, v1, v2", 0xffffffffu, 2, 3, 4 },
   { "v_or3_b32 v3, v0, v1, v2", 1, 2, 4, 7 },
   { "v_lshl_or_b32 v3, v0, v1, v2", 1, 4, 1, 0x11u },
   { "v_and_or_b32 v3, v0, v1, v2", 0xff00u, 0x0ff0u, 1, 0x0f01u },
   { "v_add_lshl_u32 v3, v0, v1, v2", 1, 2, 4, 48 },
   { "v_med3_i32 v3, v0, v1, v2", 0xffffffffu, 5, 0, 0 },
   { "v_med3_u32 v3, v0, v1, v2", 0xffffffffu, 5, 0, 5 },
   { "v_min3_i32 v3, v0, v1, v2", 0x80000000u, 5, 0, 0x80000000u },
   { "v_max3_u32 v3, v0, v1, v2", 0x80000000u, 5, 0, 0x80000000u },
   { "v_sad_u8 v3, v0, v1, v2", 0x01020304u, 0x04030201u, 10, 18 },
   { "v_msad_u8 v3, v0, v1, v2", 0x01020304u, 0x00030201u, 0, 5 },
   { "v_sad_u16 v3, v0, v1, v2", 0x00010005u, 0x00030001u, 1, 7 },
   { "v_sad_u32 v3, v0, v1, v2", 1, 0xffffffffu, 0, 0xfffffffeu },
   { "v_sad_hi_u8 v3, v0, v1, v2", 0x01020304u, 0x04030201u, 1, 0x00080001u },
   { "v_lerp_u8 v3, v0, v1, v2", 0x01ff0203u, 0x0301ff04u, 0x01010101u, 0x02808104u },
   { "v_mad_u32_u24 v3, v0, v1, v2", 0xff000002u, 0x00000003u, 1, 7 },
   { "v_mad_i32_i24 v3, v0, v1, v2", 0x00ffffffu, 0x00000003u, 1, 0xfffffffeu },
   { "v_mul_u32_u24 v3, v0, v1", 0x01000003u, 0x00000005u, 0, 15 },
   { "v_mul_hi_u32_u24 v3, v0, v1", 0x00ffffffu, 0x00ffffffu, 0, 0xffffu },
   { "v_mul_i32_i24 v3, v0, v1", 0x00800000u, 2, 0, 0xff000000u },
   { "v_mul_lo_u32 v3, v0, v1", 0x10000u, 0x10001u, 0, 0x10000u },
   { "v_ashrrev_i32 v3, v0, v1", 36, 0x80000000u, 0, 0xf8000000u },
   { "v_lshrrev_b32 v3, v0, v1", 4, 0x80000000u, 0, 0x08000000u },
   { "v_bfm_b32 v3, v0, v1", 4, 8, 0, 0xf00u },
   { "v_bcnt_u32_b32 v3, v0, v1", 0xffu, 1, 0, 9 },
   { "v_ffbh_u32 v3, v0", 0x00010000u, 0, 0, 15 },
   { "v_ffbh_u32 v3, v0", 0, 0, 0, 0xffffffffu },
   { "v_ffbl_b32 v3, v0", 0x00010000u, 0, 0, 16 },
   { "v_ffbh_i32 v3, v0", 0xfffffff0u, 0, 0, 28 },
   { "v_bfrev_b32 v3, v0", 0x00000001u, 0, 0, 0x80000000u },
   { "v_not_b32 v3, v0", 0x0f0f0f0fu, 0, 0, 0xf0f0f0f0u },
   { "v_xnor_b32 v3, v0, v1", 0xffu, 0x0fu, 0, 0xffffff0fu },
   { "v_sat_pk_u8_i16 v3, v0", 0x0100ff80u, 0, 0, 0xff00u },
   { "v_cvt_pk_u16_u32 v3, v0, v1", 0x12345u, 7, 0, 0x0007ffffu },
   { "v_cvt_pk_i16_i32 v3, v0, v1", 0xffff0000u, 0x40000u, 0, 0x7fff8000u },
   { "v_add_nc_u16 v3, v0, v1", 0xaaaaffffu, 0x2u, 0, 0x1u },
   { "v_sub_nc_u16 v3, v0, v1 clamp", 1, 2, 0, 0 },
   { "v_mul_lo_u16 v3, v0, v1", 0x100u, 0x101u, 0, 0x100u },
   { "v_lshlrev_b16 v3, v0, v1", 17, 0x8001u, 0, 0x2u },
   { "v_ashrrev_i16 v3, v0, v1", 4, 0x8000u, 0, 0xf800u },
   { "v_min_i16 v3, v0, v1", 0xffffu, 1, 0, 0xffffu },
   { "v_max_u16 v3, v0, v1", 0xffffu, 1, 0, 0xffffu },
   { "v_mad_u32_u16 v3, v0, v1, v2", 0xffff0003u, 0x00010004u, 5, 17 },
   { "v_mad_i32_i16 v3, v0, v1, v2", 0x0000ffffu, 3, 1, 0xfffffffeu },
   { "v_med3_i16 v3, v0, v1, v2", 0x8000u, 0x7fffu, 2, 2 },
   { "v_add_nc_i16 v3, v0, v1 clamp", 0x7fffu, 1, 0, 0x7fffu },
   { "v_mov_b32 v3, 1.0", 0, 0, 0, 0x3f800000u },
   { "v_mov_b32 v3, -16", 0, 0, 0, 0xfffffff0u },
   { "v_mov_b32 v3, 0x12345678", 0, 0, 0, 0x12345678u },
   { "v_add_nc_u16 v3, v0, 1.0", 0, 0, 0, 0x3c00u },
   /* Integer clamp: the exact result saturated to the destination type. */
   { "v_mul_u32_u24_e64 v3, v0, v1 clamp", 0xffffffu, 0xffffffu, 0, 0xffffffffu },
   { "v_mul_i32_i24_e64 v3, v0, v1 clamp", 0x800000u, 0x800000u, 0, 0x7fffffffu },
   { "v_mul_i32_i24_e64 v3, v0, v1", 0x800000u, 0x800000u, 0, 0 },
   { "v_mul_i32_i24_e64 v3, v0, v1 clamp", 0x800000u, 0x7fffffu, 0, 0x80000000u },
   { "v_mad_u32_u24 v3, v0, v1, v2 clamp", 0xffffffu, 2, 0xffffffffu, 0xffffffffu },
   { "v_mad_u32_u24 v3, v0, v1, v2 clamp", 3, 5, 7, 22 },
   { "v_mad_i32_i24 v3, v0, v1, v2 clamp", 0x800000u, 0x7fffffu, 0x80000000u, 0x80000000u },
   { "v_mad_i32_i24 v3, v0, v1, v2 clamp", 0xffffffu, 3, 0x7fffffffu, 0x7ffffffcu },
   { "v_sad_u32 v3, v0, v1, v2 clamp", 1, 0xffffffffu, 5, 0xffffffffu },
   { "v_sad_u32 v3, v0, v1, v2", 1, 0xffffffffu, 5, 3 },
   { "v_sad_u8 v3, v0, v1, v2 clamp", 0xff000000u, 0, 0xffffff80u, 0xffffffffu },
   { "v_sad_hi_u8 v3, v0, v1, v2 clamp", 0xffffffffu, 0, 0xfffff000u, 0xffffffffu },
   { "v_sad_hi_u8 v3, v0, v1, v2", 0xffffffffu, 0, 0xfffff000u, 0x03fbf000u },
   { "v_msad_u8 v3, v0, v1, v2 clamp", 0xffffffffu, 0x01000000u, 0xffffff10u, 0xffffffffu },
   { "v_sad_u16 v3, v0, v1, v2 clamp", 0xffff0000u, 0, 0xffff0001u, 0xffffffffu },
};

ParameterizedTestParameters(valu, vectors)
{
   return cr_make_param_array(struct valu_vector, valu_vectors,
                              sizeof(valu_vectors) / sizeof(valu_vectors[0]));
}

ParameterizedTest(const struct valu_vector *v, valu, vectors)
{
   char source[128];
   snprintf(source, sizeof(source), "%s\ns_endpgm\n", v->text);
   for (unsigned wave = 32; wave <= 64; wave += 32) {
      struct rdna_machine *m = harness_machine(RDNA_TARGET_GFX1030, wave, 0, source);
      rdna_machine_set_vgpr(m, 0, 0, RDNA_ALL_LANES, v->v0);
      rdna_machine_set_vgpr(m, 0, 1, RDNA_ALL_LANES, v->v1);
      rdna_machine_set_vgpr(m, 0, 2, RDNA_ALL_LANES, v->v2);
      harness_run(m);
      harness_no_fault(m);
      for (unsigned l = 0; l < wave; l += 31)
         cr_expect_eq(harness_vgpr(m, 3, l), v->d, "%s (wave%u lane %u): 0x%x, expected 0x%x",
                      v->text, wave, l, harness_vgpr(m, 3, l), v->d);
      rdna_machine_destroy(m);
   }
}

Test(valu, op_sel_halves)
{
   struct rdna_machine *m = harness_run_source(32, "v_mov_b32 v0, 0x00050003\n"
                                                   "v_mov_b32 v1, 0x00070002\n"
                                                   "v_mov_b32 v3, 0x11112222\n"
                                                   "v_mad_u16 v3, v0, v1, 0 op_sel:[1,1,0,1]\n"
                                                   "s_endpgm\n");
   /* high halves 5 * 7 = 35 into the high half of v3, low half kept */
   cr_expect_eq(harness_vgpr(m, 3, 0), (35u << 16) | 0x2222u);
   rdna_machine_destroy(m);
}

Test(valu, shifts_and_mads_64)
{
   struct rdna_machine *m = harness_machine(RDNA_TARGET_GFX1030, 64, 0,
                                            "v_lshlrev_b64 v[2:3], 36, v[0:1]\n"
                                            "v_ashrrev_i64 v[4:5], 63, v[0:1]\n"
                                            "v_lshrrev_b64 v[6:7], v8, v[0:1]\n"
                                            "v_mad_u64_u32 v[10:11], s[0:1], v9, v9, v[0:1]\n"
                                            "v_mad_i64_i32 v[12:13], s[2:3], v9, 2, 0\n"
                                            "s_endpgm\n");
   rdna_machine_set_vgpr(m, 0, 0, RDNA_ALL_LANES, 3);
   rdna_machine_set_vgpr(m, 0, 1, RDNA_ALL_LANES, 0x80000000u);
   rdna_machine_set_vgpr(m, 0, 8, RDNA_ALL_LANES, 33);
   rdna_machine_set_vgpr(m, 0, 9, RDNA_ALL_LANES, 0xffffffffu);
   harness_run(m);
   harness_no_fault(m);
   uint64_t x = 0x8000000000000003ull;
   uint64_t shl = x << 36, shr = x >> 33;
   unsigned __int128 mad = (unsigned __int128)0xffffffffull * 0xffffffffull + x;
   int64_t smad = (int64_t)-1 * 2;
   for (unsigned l = 0; l < 64; l += 63) {
      cr_expect_eq(harness_vgpr(m, 2, l), (uint32_t)shl);
      cr_expect_eq(harness_vgpr(m, 3, l), (uint32_t)(shl >> 32));
      cr_expect_eq(harness_vgpr(m, 4, l), 0xffffffffu);
      cr_expect_eq(harness_vgpr(m, 5, l), 0xffffffffu);
      cr_expect_eq(harness_vgpr(m, 6, l), (uint32_t)shr);
      cr_expect_eq(harness_vgpr(m, 7, l), (uint32_t)(shr >> 32));
      cr_expect_eq(harness_vgpr(m, 10, l), (uint32_t)mad);
      cr_expect_eq(harness_vgpr(m, 11, l), (uint32_t)((uint64_t)mad >> 32));
      cr_expect_eq(harness_vgpr(m, 12, l), (uint32_t)smad);
      cr_expect_eq(harness_vgpr(m, 13, l), (uint32_t)((uint64_t)smad >> 32));
   }
   /* no 64-bit overflow: (2^32-1)^2 + x < 2^64 */
   cr_expect_eq(harness_sreg(m, 0), (mad >> 64) ? 0xffffffffu : 0);
   cr_expect_eq(harness_sreg(m, 2), 0);
   rdna_machine_destroy(m);
}

Test(valu, mbcnt_gives_lane_ids_wave64)
{
   struct rdna_machine *m = harness_run_source(64, "v_mbcnt_lo_u32_b32 v0, -1, 0\n"
                                                   "v_mbcnt_hi_u32_b32 v0, -1, v0\n"
                                                   "s_endpgm\n");
   for (unsigned l = 0; l < 64; l++)
      cr_expect_eq(harness_vgpr(m, 0, l), l);
   rdna_machine_destroy(m);
}

Test(valu, lane_access)
{
   struct rdna_machine *m = harness_machine(RDNA_TARGET_GFX1030, 32, 0,
                                            "v_readlane_b32 s0, v0, 5\n"
                                            "v_readlane_b32 s1, v0, 37\n"
                                            "v_readfirstlane_b32 s2, v0\n"
                                            "v_writelane_b32 v1, s3, 4\n"
                                            "s_endpgm\n");
   uint32_t lane_ids[64];
   for (unsigned l = 0; l < 64; l++)
      lane_ids[l] = 100 + l;
   rdna_machine_set_vgpr_lanes(m, 0, 0, lane_ids);
   uint32_t s3 = 77;
   rdna_machine_set_sregs(m, 0, 3, &s3, 1);
   rdna_machine_set_exec(m, 0, 0); /* readlane/writelane ignore EXEC; readfirstlane takes lane 0 */
   harness_run(m);
   harness_no_fault(m);
   cr_expect_eq(harness_sreg(m, 0), 105);
   cr_expect_eq(harness_sreg(m, 1), 105);
   cr_expect_eq(harness_sreg(m, 2), 100);
   cr_expect_eq(harness_vgpr(m, 1, 4), 77);
   cr_expect_eq(harness_vgpr(m, 1, 3), 0);
   rdna_machine_destroy(m);
}

Test(valu, cndmask_and_readfirstlane_mixed)
{
   struct rdna_machine *m = harness_machine(RDNA_TARGET_GFX1030, 64, 0,
                                            "v_cndmask_b32_e64 v2, v0, v1, s[4:5]\n"
                                            "v_readfirstlane_b32 s6, v0\n"
                                            "s_endpgm\n");
   rdna_machine_set_vgpr(m, 0, 0, RDNA_ALL_LANES, 1);
   rdna_machine_set_vgpr(m, 0, 1, RDNA_ALL_LANES, 2);
   harness_set_s64(m, 4, 0xaaaaaaaa00000001ull);
   rdna_machine_set_exec(m, 0, 0xffffffff00000000ull);
   harness_run(m);
   harness_no_fault(m);
   cr_expect_eq(harness_vgpr(m, 2, 0), 0); /* inactive */
   cr_expect_eq(harness_vgpr(m, 2, 32), 1);
   cr_expect_eq(harness_vgpr(m, 2, 33), 2);
   rdna_machine_destroy(m);
}

Test(valu, compare_64_and_16)
{
   struct rdna_machine *m = harness_run_source(32, "v_mov_b32 v0, 0\n"
                                                   "v_mov_b32 v1, 0x80000000\n"
                                                   "v_cmp_lt_i64_e64 s0, v[0:1], 0\n"
                                                   "v_cmp_lt_u64_e64 s1, v[0:1], 0\n"
                                                   "v_mov_b32 v2, 0x1ffff\n"
                                                   "v_cmp_lt_i16_e64 s2, v2, 0\n"
                                                   "v_cmp_eq_u16_e64 s3, v2, 0xffff\n"
                                                   "v_cmp_t_u32_e64 s4, v0, v0\n"
                                                   "v_cmp_f_u32_e64 s5, v0, v0\n"
                                                   "s_endpgm\n");
   cr_expect_eq(harness_sreg(m, 0), 0xffffffffu);
   cr_expect_eq(harness_sreg(m, 1), 0);
   cr_expect_eq(harness_sreg(m, 2), 0xffffffffu);
   cr_expect_eq(harness_sreg(m, 3), 0xffffffffu);
   cr_expect_eq(harness_sreg(m, 4), 0xffffffffu);
   cr_expect_eq(harness_sreg(m, 5), 0);
   rdna_machine_destroy(m);
}

Test(valu, vgpr_outside_allocation_faults)
{
   struct rdna_machine *m =
      harness_machine(RDNA_TARGET_GFX1030, 32, 8, "v_mov_b32 v8, 0\ns_endpgm\n");
   harness_run(m);
   struct rdna_fault fault;
   cr_assert(rdna_machine_fault(m, 0, &fault));
   cr_expect_eq(fault.kind, RDNA_FAULT_INVALID_OPERAND);
   rdna_machine_destroy(m);
}

Test(valu, workgroup_of_several_waves)
{
   struct rdna_machine_config config = {
      .target = RDNA_TARGET_GFX1030, .wave_size = 32, .workgroup = { 80, 1, 1 }, .grid = { 2, 1, 1 }
   };
   struct rdna_machine *m = NULL;
   cr_assert_eq(rdna_machine_create(&config, &m, NULL), RDNA_OK);
   cr_expect_eq(rdna_machine_wave_count(m), 6);
   uint32_t code[2] = { 0x7e020200u, 0xbf810000u }; /* v_mov_b32 v1, s0; s_endpgm */
   rdna_machine_add_region(m, "main", 0x1000, 8, code, 8, true, NULL, NULL);
   for (unsigned wv = 0; wv < 6; wv++) {
      uint32_t id = 10 + wv;
      rdna_machine_set_sregs(m, wv, 0, &id, 1);
   }
   harness_run(m);
   struct rdna_wave_info info;
   rdna_machine_wave_info(m, 5, &info);
   cr_expect_eq(info.workgroup[0], 1);
   cr_expect_eq(info.lanes, 16);
   uint64_t exec = 0;
   rdna_machine_read_exec(m, 5, &exec);
   cr_expect_eq(exec, 0xffffu);
   uint32_t v = 0;
   rdna_machine_read_vgpr(m, 5, 1, 15, &v);
   cr_expect_eq(v, 15);
   rdna_machine_read_vgpr(m, 5, 1, 16, &v);
   cr_expect_eq(v, 0);
   rdna_machine_destroy(m);
}

struct trace_log {
   unsigned events;
   uint16_t last_write;
};

static void on_event(void *user, const struct rdna_trace_event *ev)
{
   struct trace_log *log = user;
   log->events++;
   if (ev->num_writes)
      log->last_write = ev->writes[ev->num_writes - 1];
}

Test(valu, trace_reports_writes)
{
   struct rdna_machine *m =
      harness_machine(RDNA_TARGET_GFX1030, 32, 0, "s_mov_b32 s3, 1\nv_mov_b32 v7, s3\ns_endpgm\n");
   struct trace_log log = { 0, 0 };
   struct rdna_trace_hook hook = { on_event, &log };
   rdna_machine_set_trace(m, &hook);
   harness_run(m);
   cr_expect_eq(log.events, 3);
   cr_expect_eq(log.last_write, RDNA_REG_VGPR0 + 7);
   rdna_machine_destroy(m);
}

/* Quad SADs, computed here from the guide's definition (12.10): SAD of the reference dword S1
 * against S0[31:0], S0[39:8], S0[47:16], S0[55:24], each accumulated into element k of S2. */
static uint32_t host_sad(uint32_t a, uint32_t ref, bool masked)
{
   uint32_t sum = 0;
   for (unsigned i = 0; i < 4; i++) {
      int x = (int)((a >> (8 * i)) & 0xff), y = (int)((ref >> (8 * i)) & 0xff);
      if (!masked || y != 0)
         sum += (uint32_t)(x > y ? x - y : y - x);
   }
   return sum;
}

Test(valu, quad_sads)
{
   const uint64_t s0 = 0x8899aabbccddeeffull;
   const uint32_t ref = 0x00ff1020u;
   const uint64_t acc16 = 0xfff0000100020003ull;
   const uint32_t acc32[4] = { 1, 0xfffffff0u, 3, 4 };
   for (int clamped = 0; clamped < 2; clamped++) {
      char source[512];
      snprintf(source, sizeof(source),
               "v_qsad_pk_u16_u8 v[4:5], v[0:1], v2, v[6:7]%s\n"
               "v_mqsad_pk_u16_u8 v[8:9], v[0:1], v2, v[6:7]%s\n"
               "v_mqsad_u32_u8 v[12:15], v[0:1], v2, v[16:19]%s\n"
               "s_endpgm\n",
               clamped ? " clamp" : "", clamped ? " clamp" : "", clamped ? " clamp" : "");
      struct rdna_machine *m = harness_machine(RDNA_TARGET_GFX1030, 64, 0, source);
      rdna_machine_set_vgpr(m, 0, 0, RDNA_ALL_LANES, (uint32_t)s0);
      rdna_machine_set_vgpr(m, 0, 1, RDNA_ALL_LANES, (uint32_t)(s0 >> 32));
      rdna_machine_set_vgpr(m, 0, 2, RDNA_ALL_LANES, ref);
      rdna_machine_set_vgpr(m, 0, 6, RDNA_ALL_LANES, (uint32_t)acc16);
      rdna_machine_set_vgpr(m, 0, 7, RDNA_ALL_LANES, (uint32_t)(acc16 >> 32));
      for (unsigned k = 0; k < 4; k++)
         rdna_machine_set_vgpr(m, 0, 16 + k, RDNA_ALL_LANES, acc32[k]);
      rdna_machine_set_exec(m, 0, 0x8000000000000001ull);
      harness_run(m);
      harness_no_fault(m);
      uint64_t q = 0, mq = 0;
      for (unsigned k = 0; k < 4; k++) {
         uint32_t window = (uint32_t)(s0 >> (8 * k));
         uint64_t e = (acc16 >> (16 * k)) & 0xffff;
         uint64_t sq = e + host_sad(window, ref, false), smq = e + host_sad(window, ref, true);
         if (clamped) {
            sq = sq > 0xffff ? 0xffff : sq;
            smq = smq > 0xffff ? 0xffff : smq;
         }
         q |= (sq & 0xffff) << (16 * k);
         mq |= (smq & 0xffff) << (16 * k);
         uint64_t s32 = (uint64_t)acc32[k] + host_sad(window, ref, true);
         uint32_t want32 = clamped && s32 > 0xffffffffu ? 0xffffffffu : (uint32_t)s32;
         for (unsigned lane = 0; lane < 64; lane += 63)
            cr_expect_eq(harness_vgpr(m, 12 + k, lane), want32, "mqsad_u32 element %u", k);
      }
      for (unsigned lane = 0; lane < 64; lane += 63) {
         cr_expect_eq(harness_vgpr(m, 4, lane) | (uint64_t)harness_vgpr(m, 5, lane) << 32, q);
         cr_expect_eq(harness_vgpr(m, 8, lane) | (uint64_t)harness_vgpr(m, 9, lane) << 32, mq);
      }
      cr_expect_eq(harness_vgpr(m, 4, 1), 0, "inactive lane written");
      rdna_machine_destroy(m);
   }
}

Test(valu, mad64_clamp_saturates)
{
   struct rdna_machine *m =
      harness_run_source(32, "v_mov_b32 v0, -1\n"
                             "v_mov_b32 v1, -1\n"
                             "v_mov_b32 v2, -1\n"
                             "v_mad_u64_u32 v[4:5], s0, v0, v1, v[1:2] clamp\n"
                             "v_mad_u64_u32 v[6:7], s1, v0, v1, v[1:2]\n"
                             "v_mov_b32 v8, 0x80000000\n"
                             "v_mov_b32 v9, 0x7fffffff\n"
                             "v_mad_i64_i32 v[10:11], s2, v8, v9, v[8:9] clamp\n"
                             "s_endpgm\n");
   /* (2^32-1)^2 + 2^64-1 overflows 64 bits: saturated with clamp, wrapped without. */
   unsigned __int128 exact = (unsigned __int128)0xffffffffull * 0xffffffffull + UINT64_MAX;
   cr_expect_eq(harness_vgpr(m, 4, 0), 0xffffffffu);
   cr_expect_eq(harness_vgpr(m, 5, 0), 0xffffffffu);
   cr_expect_eq(harness_vgpr(m, 6, 0), (uint32_t)exact);
   cr_expect_eq(harness_vgpr(m, 7, 0), (uint32_t)(exact >> 32));
   cr_expect_eq(harness_sreg(m, 0), 0xffffffffu, "carry-out with clamp");
   cr_expect_eq(harness_sreg(m, 1), 0xffffffffu, "carry-out without clamp");
   /* -2^31 * (2^31-1) + 0x7fffffff80000000 fits i64: clamp changes nothing. */
   __int128 sexact = (__int128)INT32_MIN * INT32_MAX + (int64_t)0x7fffffff80000000ll;
   cr_expect_eq(harness_vgpr(m, 10, 0), (uint32_t)(uint64_t)sexact);
   cr_expect_eq(harness_vgpr(m, 11, 0), (uint32_t)((uint64_t)sexact >> 32));
   rdna_machine_destroy(m);
}
