/* Scalar ALU semantics: results and SCC against the RDNA2 ISA guide's opcode descriptions
 * (12.1-12.5). Expected values are worked out by hand from those descriptions. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdio.h>

#include "harness.h"

/* One SOP2/SOP1 vector: s0, s1 initial; `text` writes s2; expected s2 and SCC (-1: not set,
 * the test starts with SCC = 1 and expects it unchanged). */
struct sop_vector {
   char text[64];
   uint32_t s0, s1, d;
   int scc;
};

static const struct sop_vector sop_vectors[] = {
   /* carry-out, borrow, signed overflow (12.1 S_ADD_U32 ... S_SUB_I32) */
   { "s_add_u32 s2, s0, s1", 0xffffffffu, 1, 0, 1 },
   { "s_add_u32 s2, s0, s1", 5, 6, 11, 0 },
   { "s_sub_u32 s2, s0, s1", 1, 2, 0xffffffffu, 1 },
   { "s_sub_u32 s2, s0, s1", 2, 2, 0, 0 },
   { "s_add_i32 s2, s0, s1", 0x7fffffffu, 1, 0x80000000u, 1 },
   { "s_add_i32 s2, s0, s1", 0xffffffffu, 1, 0, 0 },
   { "s_sub_i32 s2, s0, s1", 0x80000000u, 1, 0x7fffffffu, 1 },
   { "s_sub_i32 s2, s0, s1", 0, 0x80000000u, 0x80000000u, 1 },
   /* SCC = 1 going in */
   { "s_addc_u32 s2, s0, s1", 0xfffffffeu, 1, 0, 1 },
   { "s_subb_u32 s2, s0, s1", 1, 0, 0, 0 },
   { "s_subb_u32 s2, s0, s1", 0, 0, 0xffffffffu, 1 },
   /* min/max: SCC = S0 chosen, strictly */
   { "s_min_i32 s2, s0, s1", 0xffffffffu, 1, 0xffffffffu, 1 },
   { "s_min_u32 s2, s0, s1", 0xffffffffu, 1, 1, 0 },
   { "s_max_i32 s2, s0, s1", 3, 3, 3, 0 },
   { "s_max_u32 s2, s0, s1", 0x80000000u, 1, 0x80000000u, 1 },
   /* logic: SCC = result != 0 */
   { "s_and_b32 s2, s0, s1", 0xf0u, 0x0fu, 0, 0 },
   { "s_or_b32 s2, s0, s1", 0xf0u, 0x0fu, 0xffu, 1 },
   { "s_xnor_b32 s2, s0, s1", 0xffffffffu, 0, 0, 0 },
   { "s_andn2_b32 s2, s0, s1", 0xffu, 0x0fu, 0xf0u, 1 },
   { "s_orn2_b32 s2, s0, s1", 0, 0xffffffffu, 0, 0 },
   { "s_nand_b32 s2, s0, s1", 0xffffffffu, 0xffffffffu, 0, 0 },
   { "s_nor_b32 s2, s0, s1", 0, 0, 0xffffffffu, 1 },
   /* shifts use S1[4:0] */
   { "s_lshl_b32 s2, s0, s1", 1, 33, 2, 1 },
   { "s_lshr_b32 s2, s0, s1", 0x80000000u, 31, 1, 1 },
   { "s_ashr_i32 s2, s0, s1", 0x80000000u, 31, 0xffffffffu, 1 },
   { "s_lshl_b32 s2, s0, s1", 0x80000000u, 1, 0, 0 },
   /* bit fields: offset S1[4:0], width S1[22:16] */
   { "s_bfe_u32 s2, s0, s1", 0x12345678u, (8u << 16) | 4, 0x67u, 1 },
   { "s_bfe_i32 s2, s0, s1", 0x00000f00u, (4u << 16) | 8, 0xffffffffu, 1 },
   { "s_bfe_u32 s2, s0, s1", 0x12345678u, 0, 0, 0 },
   { "s_bfm_b32 s2, s0, s1", 4, 8, 0xf00u, -1 },
   { "s_mul_i32 s2, s0, s1", 0xffffffffu, 5, 0xfffffffbu, -1 },
   { "s_mul_hi_u32 s2, s0, s1", 0xffffffffu, 0xffffffffu, 0xfffffffeu, -1 },
   { "s_mul_hi_i32 s2, s0, s1", 0xffffffffu, 0xffffffffu, 0, -1 },
   { "s_absdiff_i32 s2, s0, s1", 0x80000000u, 1, 0x7fffffffu, 1 },
   { "s_absdiff_i32 s2, s0, s1", 7, 7, 0, 0 },
   { "s_lshl2_add_u32 s2, s0, s1", 0x40000000u, 4, 4, 1 },
   { "s_lshl1_add_u32 s2, s0, s1", 3, 4, 10, 0 },
   { "s_pack_ll_b32_b16 s2, s0, s1", 0x11112222u, 0x33334444u, 0x44442222u, -1 },
   { "s_pack_lh_b32_b16 s2, s0, s1", 0x11112222u, 0x33334444u, 0x33332222u, -1 },
   { "s_pack_hh_b32_b16 s2, s0, s1", 0x11112222u, 0x33334444u, 0x33331111u, -1 },
   { "s_cselect_b32 s2, s0, s1", 1, 2, 1, -1 },
   /* SOP1 */
   { "s_not_b32 s2, s0", 0xffffffffu, 0, 0, 0 },
   { "s_brev_b32 s2, s0", 1, 0, 0x80000000u, -1 },
   { "s_bcnt1_i32_b32 s2, s0", 0xf0f0u, 0, 8, 1 },
   { "s_bcnt0_i32_b32 s2, s0", 0xffffffffu, 0, 0, 0 },
   { "s_ff1_i32_b32 s2, s0", 0x100u, 0, 8, -1 },
   { "s_ff1_i32_b32 s2, s0", 0, 0, 0xffffffffu, -1 },
   { "s_ff0_i32_b32 s2, s0", 0xffu, 0, 8, -1 },
   { "s_flbit_i32_b32 s2, s0", 0x00010000u, 0, 15, -1 },
   { "s_flbit_i32_b32 s2, s0", 0, 0, 0xffffffffu, -1 },
   { "s_flbit_i32 s2, s0", 0xfffffff0u, 0, 28, -1 },
   { "s_flbit_i32 s2, s0", 0xffffffffu, 0, 0xffffffffu, -1 },
   { "s_sext_i32_i8 s2, s0", 0x180u, 0, 0xffffff80u, -1 },
   { "s_sext_i32_i16 s2, s0", 0x7fffu, 0, 0x7fffu, -1 },
   { "s_wqm_b32 s2, s0", 0x00000121u, 0, 0x00000fffu, 1 },
   { "s_quadmask_b32 s2, s0", 0x00000f01u, 0, 0x5u, 1 },
   { "s_abs_i32 s2, s0", 0x80000000u, 0, 0x80000000u, 1 },
   { "s_abs_i32 s2, s0", 0xfffffffbu, 0, 5, 1 },
   { "s_movk_i32 s2, 0x8000", 0, 0, 0xffff8000u, -1 },
   { "s_cmov_b32 s2, s0", 9, 0, 9, -1 },
};

ParameterizedTestParameters(salu, vectors)
{
   return cr_make_param_array(struct sop_vector, sop_vectors,
                              sizeof(sop_vectors) / sizeof(sop_vectors[0]));
}

ParameterizedTest(const struct sop_vector *v, salu, vectors)
{
   char source[128];
   snprintf(source, sizeof(source), "%s\ns_endpgm\n", v->text);
   for (unsigned wave = 32; wave <= 64; wave += 32) {
      struct rdna_machine *m = harness_machine(RDNA_TARGET_GFX1030, wave, 0, source);
      uint32_t init[3] = { v->s0, v->s1, 0xdeadbeefu };
      cr_assert_eq(rdna_machine_set_sregs(m, 0, 0, init, 3), RDNA_OK);
      rdna_machine_set_scc(m, 0, true);
      harness_run(m);
      harness_no_fault(m);
      cr_expect_eq(harness_sreg(m, 2), v->d, "%s: s2 = 0x%x, expected 0x%x", v->text,
                   harness_sreg(m, 2), v->d);
      bool scc = v->scc < 0 ? true : v->scc != 0;
      cr_expect_eq(harness_scc(m), scc, "%s: SCC", v->text);
      rdna_machine_destroy(m);
   }
}

Test(salu, add_with_carry_chain_64)
{
   /* 0x00000001_ffffffff + 0x00000000_00000001 = 0x00000002_00000000 */
   struct rdna_machine *m = harness_machine(RDNA_TARGET_GFX1030, 32, 0,
                                            "s_add_u32 s4, s0, s2\n"
                                            "s_addc_u32 s5, s1, s3\n"
                                            "s_endpgm\n");
   uint32_t init[4] = { 0xffffffffu, 1, 1, 0 };
   rdna_machine_set_sregs(m, 0, 0, init, 4);
   harness_run(m);
   harness_no_fault(m);
   cr_expect_eq(harness_sreg(m, 4), 0);
   cr_expect_eq(harness_sreg(m, 5), 2);
   cr_expect_eq(harness_scc(m), false);
   rdna_machine_destroy(m);
}

Test(salu, ops_64bit)
{
   struct rdna_machine *m = harness_machine(RDNA_TARGET_GFX1030, 64, 0,
                                            "s_lshl_b64 s[2:3], s[0:1], 36\n"
                                            "s_ashr_i64 s[4:5], s[0:1], 63\n"
                                            "s_bcnt1_i32_b64 s6, s[0:1]\n"
                                            "s_ff1_i32_b64 s7, s[8:9]\n"
                                            "s_bitreplicate_b64_b32 s[10:11], s12\n"
                                            "s_bfm_b64 s[14:15], 36, 4\n"
                                            "s_mov_b64 s[16:17], -1\n"
                                            "s_mov_b64 s[18:19], 0x80000000\n"
                                            "s_bfe_u64 s[20:21], s[0:1], 0x100008\n"
                                            "s_endpgm\n");
   harness_set_s64(m, 0, 0x8000000000000003ull);
   harness_set_s64(m, 8, 0x0000010000000000ull);
   uint32_t s12 = 0x80000005u;
   rdna_machine_set_sregs(m, 0, 12, &s12, 1);
   harness_run(m);
   harness_no_fault(m);
   cr_expect_eq(harness_sreg(m, 2), 0);
   cr_expect_eq(harness_sreg(m, 3), 0x30u);
   cr_expect_eq(harness_sreg(m, 4), 0xffffffffu);
   cr_expect_eq(harness_sreg(m, 5), 0xffffffffu);
   cr_expect_eq(harness_sreg(m, 6), 3);
   cr_expect_eq(harness_sreg(m, 7), 40);
   cr_expect_eq(harness_sreg(m, 10), 0x33u);
   cr_expect_eq(harness_sreg(m, 11), 0xc0000000u);
   cr_expect_eq(harness_sreg(m, 14), 0xfffffff0u);
   cr_expect_eq(harness_sreg(m, 15), 0xffu);
   cr_expect_eq(harness_sreg(m, 16), 0xffffffffu);
   cr_expect_eq(harness_sreg(m, 17), 0xffffffffu);
   /* a literal is zero-extended for 64-bit integer operands (documented choice) */
   cr_expect_eq(harness_sreg(m, 18), 0x80000000u);
   cr_expect_eq(harness_sreg(m, 19), 0);
   /* 0x8000000000000003 >> 8, 16 bits: bits 8..23 are zero */
   cr_expect_eq(harness_sreg(m, 20), 0);
   rdna_machine_destroy(m);
}

Test(salu, saveexec_b64_and_b32)
{
   struct rdna_machine *m = harness_machine(RDNA_TARGET_GFX1030, 64, 0,
                                            "s_and_saveexec_b64 s[2:3], s[0:1]\n"
                                            "s_endpgm\n");
   harness_set_s64(m, 0, 0xff000000000000f0ull);
   rdna_machine_set_exec(m, 0, 0x0f000000000000ffull);
   harness_run(m);
   harness_no_fault(m);
   cr_expect_eq(harness_sreg(m, 2), 0xffu);
   cr_expect_eq(harness_sreg(m, 3), 0x0f000000u);
   cr_expect_eq(harness_exec(m), 0x0f000000000000f0ull);
   cr_expect(harness_scc(m));
   rdna_machine_destroy(m);

   m = harness_machine(RDNA_TARGET_GFX1030, 32, 0,
                       "s_andn2_saveexec_b32 s2, s0\n"
                       "s_or_saveexec_b32 s3, s1\n"
                       "s_andn1_wrexec_b32 s4, s5\n"
                       "s_endpgm\n");
   uint32_t init[2] = { 0xffff0000u, 0 };
   rdna_machine_set_sregs(m, 0, 0, init, 2);
   rdna_machine_set_exec(m, 0, 0xffff00ffu);
   uint32_t s5 = 0x0000000fu;
   rdna_machine_set_sregs(m, 0, 5, &s5, 1);
   harness_run(m);
   harness_no_fault(m);
   /* andn2: EXEC = S0 & ~EXEC = 0xffff0000 & 0x0000ff00 = 0 */
   cr_expect_eq(harness_sreg(m, 2), 0xffff00ffu);
   /* or: D = 0, EXEC = 0 | 0 = 0, SCC = 0 */
   cr_expect_eq(harness_sreg(m, 3), 0);
   /* andn1_wrexec: EXEC = ~S0 & EXEC = 0; D = new EXEC */
   cr_expect_eq(harness_sreg(m, 4), 0);
   cr_expect_eq(harness_exec(m), 0);
   cr_expect_not(harness_scc(m));
   rdna_machine_destroy(m);
}

Test(salu, sopk_compares_and_addk)
{
   struct rdna_machine *m = harness_machine(RDNA_TARGET_GFX1030, 32, 0,
                                            "s_cmpk_lt_i32 s0, 0x8000\n" /* -1 < -32768: false */
                                            "s_cselect_b32 s3, 1, 0\n"
                                            "s_cmpk_lt_u32 s0, 0x8000\n" /* 0xffffffff < 32768 */
                                            "s_cselect_b32 s4, 1, 0\n"
                                            "s_addk_i32 s1, 0x1\n"
                                            "s_cselect_b32 s5, 1, 0\n"
                                            "s_mulk_i32 s2, 0xfffe\n"
                                            "s_endpgm\n");
   uint32_t init[3] = { 0xffffffffu, 0x7fffffffu, 3 };
   rdna_machine_set_sregs(m, 0, 0, init, 3);
   harness_run(m);
   harness_no_fault(m);
   cr_expect_eq(harness_sreg(m, 3), 0);
   cr_expect_eq(harness_sreg(m, 4), 0);
   cr_expect_eq(harness_sreg(m, 1), 0x80000000u);
   cr_expect_eq(harness_sreg(m, 5), 1);
   cr_expect_eq(harness_sreg(m, 2), (uint32_t)-6);
   rdna_machine_destroy(m);
}

Test(salu, compares_sopc)
{
   struct rdna_machine *m = harness_run_source(32, "s_mov_b32 s0, -1\n"
                                                   "s_cmp_gt_i32 s0, 0\n"
                                                   "s_cselect_b32 s1, 1, 0\n"
                                                   "s_cmp_gt_u32 s0, 0\n"
                                                   "s_cselect_b32 s2, 1, 0\n"
                                                   "s_bitcmp1_b32 s0, 31\n"
                                                   "s_cselect_b32 s3, 1, 0\n"
                                                   "s_mov_b64 s[4:5], 0\n"
                                                   "s_cmp_lg_u64 s[4:5], 0\n"
                                                   "s_cselect_b32 s6, 1, 0\n"
                                                   "s_endpgm\n");
   cr_expect_eq(harness_sreg(m, 1), 0);
   cr_expect_eq(harness_sreg(m, 2), 1);
   cr_expect_eq(harness_sreg(m, 3), 1);
   cr_expect_eq(harness_sreg(m, 6), 0);
   rdna_machine_destroy(m);
}

Test(salu, loop_with_branch)
{
   struct rdna_machine *m = harness_run_source(32, "s_mov_b32 s0, 0\n"
                                                   "loop:\n"
                                                   "s_add_u32 s0, s0, 1\n"
                                                   "s_cmp_lt_u32 s0, 10\n"
                                                   "s_cbranch_scc1 loop\n"
                                                   "s_endpgm\n");
   cr_expect_eq(harness_sreg(m, 0), 10);
   cr_expect_eq(rdna_machine_steps(m, 0), 1 + 3 * 10 + 1);
   rdna_machine_destroy(m);
}

Test(salu, execz_and_vccz_branches)
{
   struct rdna_machine *m = harness_machine(RDNA_TARGET_GFX1030, 32, 0,
                                            "s_cbranch_execz skip\n"
                                            "s_mov_b32 s0, 1\n"
                                            "skip:\n"
                                            "s_cbranch_vccnz skip2\n"
                                            "s_mov_b32 s1, 1\n"
                                            "skip2:\n"
                                            "s_mov_b32 s2, src_execz\n"
                                            "s_mov_b32 s3, src_vccz\n"
                                            "s_mov_b32 s4, src_scc\n"
                                            "s_endpgm\n");
   rdna_machine_set_exec(m, 0, 0);
   harness_run(m);
   harness_no_fault(m);
   cr_expect_eq(harness_sreg(m, 0), 0);
   cr_expect_eq(harness_sreg(m, 1), 1);
   cr_expect_eq(harness_sreg(m, 2), 1);
   cr_expect_eq(harness_sreg(m, 3), 1);
   cr_expect_eq(harness_sreg(m, 4), 0);
   rdna_machine_destroy(m);
}

Test(salu, hardware_registers)
{
   struct rdna_machine *m =
      harness_run_source(32, "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 4), 0xa\n"
                             "s_denorm_mode 0x5\n"
                             "s_getreg_b32 s0, hwreg(HW_REG_MODE, 0, 8)\n"
                             "s_cmp_eq_u32 0, 0\n"
                             "s_getreg_b32 s1, hwreg(HW_REG_STATUS, 0, 1)\n"
                             "s_mov_b32 s2, 0x3\n"
                             "s_setreg_b32 hwreg(HW_REG_MODE, 0, 4), s2\n"
                             "s_getreg_b32 s3, hwreg(HW_REG_MODE, 0, 4)\n"
                             "s_endpgm\n");
   cr_expect_eq(harness_sreg(m, 0), 0x5au);
   cr_expect_eq(harness_sreg(m, 1), 1);
   cr_expect_eq(harness_sreg(m, 3), 3);
   uint32_t mode = 0;
   rdna_machine_read_hwreg(m, 0, RDNA_HWREG_MODE, &mode);
   cr_expect_eq(mode, 0x53u);
   rdna_machine_destroy(m);
}

/* SH_MEM_BASES holds the apertures' high dwords >> 16 (private in bits 15:0, shared in 31:16):
 * shifted back they equal src_private_base / src_shared_base, as clang-14's flat casts on
 * gfx1030 assume (they read the register instead of the src_*_base operands). */
Test(salu, sh_mem_bases_matches_the_aperture_registers)
{
   struct rdna_machine *m =
      harness_run_source(32, "s_getreg_b32 s0, hwreg(HW_REG_SH_MEM_BASES, 0, 16)\n"
                             "s_lshl_b32 s0, s0, 16\n"
                             "s_getreg_b32 s1, hwreg(HW_REG_SH_MEM_BASES, 16, 16)\n"
                             "s_lshl_b32 s1, s1, 16\n"
                             "s_mov_b32 s3, src_private_base\n"
                             "s_mov_b32 s5, src_shared_base\n"
                             "s_endpgm\n");
   harness_no_fault(m);
   cr_expect_eq(harness_sreg(m, 0), harness_sreg(m, 3));
   cr_expect_eq(harness_sreg(m, 1), harness_sreg(m, 5));
   cr_expect_neq(harness_sreg(m, 0), harness_sreg(m, 1), "two distinct apertures");
   cr_expect_neq(harness_sreg(m, 0), 0);
   rdna_machine_destroy(m);
}

static void expect_fault(const char *source, enum rdna_fault_kind kind, uint64_t limit)
{
   struct rdna_isa_config isa = { RDNA_TARGET_GFX1030, 32 };
   (void)isa;
   struct rdna_machine *m = harness_machine(RDNA_TARGET_GFX1030, 32, 0, source);
   (void)limit;
   harness_run(m);
   struct rdna_fault fault;
   cr_assert(rdna_machine_fault(m, 0, &fault), "expected a %s fault", rdna_fault_kind_name(kind));
   cr_expect_eq(fault.kind, kind, "fault %s (%s), expected %s", rdna_fault_kind_name(fault.kind),
                fault.message, rdna_fault_kind_name(kind));
   rdna_machine_destroy(m);
}

Test(salu, step_limit_on_infinite_loop)
{
   struct rdna_machine_config config = { .target = RDNA_TARGET_GFX1030,
                                         .wave_size = 32,
                                         .step_limit = 1000 };
   struct rdna_machine *m = NULL;
   cr_assert_eq(rdna_machine_create(&config, &m, NULL), RDNA_OK);
   uint32_t loop = 0xbf82ffffu; /* s_branch -1: itself */
   cr_assert_eq(rdna_machine_add_region(m, "main", 0x1000, 4, &loop, 4, true, NULL, NULL), RDNA_OK);
   harness_run(m);
   struct rdna_fault fault;
   cr_assert(rdna_machine_fault(m, 0, &fault));
   cr_expect_eq(fault.kind, RDNA_FAULT_STEP_LIMIT);
   cr_expect_eq(rdna_machine_steps(m, 0), 1000);
   rdna_machine_destroy(m);
}

Test(salu, trap_faults)
{
   expect_fault("s_trap 2\ns_endpgm\n", RDNA_FAULT_TRAP, 0);
}

Test(salu, unimplemented_instruction_faults_naming_it)
{
   struct rdna_machine *m =
      harness_machine(RDNA_TARGET_GFX1030, 32, 0,
                      "s_nop 0\nimage_bvh_intersect_ray v[0:3], [v4, v5, v6, v7, v8, v9, v10, "
                      "v11, v12, v13, v14], s[0:3]\n"
                      "s_endpgm\n");
   harness_run(m);
   struct rdna_fault fault;
   cr_assert(rdna_machine_fault(m, 0, &fault));
   cr_expect_eq(fault.kind, RDNA_FAULT_UNSUPPORTED);
   cr_expect_eq(fault.pc, HARNESS_CODE + 4);
   cr_expect(strstr(fault.message, "image_bvh_intersect_ray") != NULL, "message: %s",
             fault.message);
   rdna_machine_destroy(m);
}

Test(salu, illegal_word_faults)
{
   expect_fault(".long 0xffffffff\n", RDNA_FAULT_ILLEGAL_INSTRUCTION, 0);
}

Test(salu, running_off_the_code_faults)
{
   struct rdna_machine_config config = { .target = RDNA_TARGET_GFX1030, .wave_size = 32 };
   struct rdna_machine *m = NULL;
   cr_assert_eq(rdna_machine_create(&config, &m, NULL), RDNA_OK);
   uint32_t nop = 0xbf800000u; /* s_nop 0 */
   rdna_machine_add_region(m, "main", 0x1000, 4, &nop, 4, true, NULL, NULL);
   harness_run(m);
   struct rdna_fault fault;
   cr_assert(rdna_machine_fault(m, 0, &fault));
   cr_expect_eq(fault.kind, RDNA_FAULT_BAD_JUMP);
   cr_expect_eq(fault.address, 0x1004);
   rdna_machine_destroy(m);
}
