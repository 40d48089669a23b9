/* The DPP16, DPP8 and SDWA forms of the relative moves on the interpreter against the host model
 * of tests/common/movrel_lanes_model.h: random programs of those forms (M0 in range, past the
 * allocation, huge, with bits outside v_movrelsd_2's fields) under a mixed EXEC, in wave32 and
 * wave64, every register and lane compared; and the two rules the model composes, shown on
 * single instructions. */
#include <criterion/criterion.h>
#include <stdlib.h>

#include "harness.h"
#include "tests/common/movrel_lanes_model.h"

#define PROGRAM_INSTS 60

static void run_random(unsigned wave, uint32_t seed, uint64_t exec)
{
   struct ml_state st;
   ml_init(&st, wave, exec);
   size_t cap = PROGRAM_INSTS * 160 + 64, len = 0;
   char *source = calloc(1, cap);
   cr_assert_not_null(source);
   for (unsigned i = 0; i < PROGRAM_INSTS; i++) {
      struct ml_inst in = ml_random(&seed);
      ml_text(&in, source + len, cap - len);
      len += strlen(source + len);
      ml_step(&st, &in);
   }
   snprintf(source + len, cap - len, "  s_endpgm\n");
   struct rdna_machine *m = harness_machine(RDNA_TARGET_GFX1030, wave, ML_VGPRS, source);
   for (unsigned r = 0; r < ML_VGPRS; r++)
      for (unsigned lane = 0; lane < wave; lane++)
         rdna_machine_set_vgpr(m, 0, r, lane, ml_initial(r, lane));
   rdna_machine_set_exec(m, 0, st.exec);
   harness_run(m);
   harness_no_fault(m);
   unsigned bad = 0;
   for (unsigned r = 0; r < ML_VGPRS; r++)
      for (unsigned lane = 0; lane < wave; lane++)
         if (harness_vgpr(m, r, lane) != st.v[r][lane] && bad++ < 8)
            cr_expect_eq(harness_vgpr(m, r, lane), st.v[r][lane], "wave%u seed %u: v%u lane %u",
                         wave, seed, r, lane);
   cr_expect_eq(bad, 0u, "%u lanes differ\n%s", bad, source);
   rdna_machine_destroy(m);
   free(source);
}

Test(movrel_lanes, random_programs_wave32)
{
   run_random(32, 1, 0xff0ff0f1ull);
   run_random(32, 2, 0xffffffffull);
   run_random(32, 3, 0x5a5a5a5aull);
}

Test(movrel_lanes, random_programs_wave64)
{
   run_random(64, 4, 0xf0f0f0f00ff00ff1ull);
   run_random(64, 5, ~0ull);
   run_random(64, 6, 0x00000000ffffffffull);
}

/* A wave32 machine with 8 VGPRs, v[n] lane l = 100 * n + l, M0 = m0, EXEC = exec. */
static struct rdna_machine *run_one(const char *source, uint32_t m0, uint64_t exec)
{
   struct rdna_machine *m = harness_machine(RDNA_TARGET_GFX1030, 32, 8, source);
   for (unsigned v = 0; v < 8; v++)
      for (unsigned l = 0; l < 32; l++)
         rdna_machine_set_vgpr(m, 0, v, l, 100 * v + l);
   rdna_machine_set_sregs(m, 0, RDNA_REG_M0, &m0, 1);
   rdna_machine_set_exec(m, 0, exec);
   harness_run(m);
   harness_no_fault(m);
   return m;
}

Test(movrel_lanes, dpp_permutes_the_relatively_addressed_source)
{
   /* v2 + M0 = v5: lane l reads v5 of lane l ^ 1, not v2 nor a staging register */
   struct rdna_machine *m =
      run_one("v_movrels_b32_dpp v1, v2 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf\n"
              "s_endpgm\n",
              3, ~0ull);
   for (unsigned l = 0; l < 32; l++)
      cr_expect_eq(harness_vgpr(m, 1, l), 500 + (l ^ 1), "lane %u", l);
   rdna_machine_destroy(m);
}

Test(movrel_lanes, dpp_source_out_of_range_permutes_v0)
{
   /* v6 + 2 = v8 >= 8 VGPRs: the source is v0, permuted; the destination v1 + 2 = v3 */
   struct rdna_machine *m = run_one(
      "v_movrelsd_b32_dpp v1, v6 row_mirror row_mask:0xf bank_mask:0xf\ns_endpgm\n", 2, ~0ull);
   for (unsigned l = 0; l < 32; l++)
      cr_expect_eq(harness_vgpr(m, 3, l), (l & ~15u) + 15 - (l & 15), "lane %u", l);
   rdna_machine_destroy(m);
}

Test(movrel_lanes, dpp_destination_out_of_range_writes_nothing)
{
   struct rdna_machine *m = run_one(
      "v_movrelsd_b32_dpp v6, v1 row_shr:1 row_mask:0xf bank_mask:0xf bound_ctrl:0\ns_endpgm\n", 2,
      ~0ull);
   for (unsigned v = 0; v < 8; v++)
      for (unsigned l = 0; l < 32; l++)
         cr_expect_eq(harness_vgpr(m, v, l), 100 * v + l, "v%u lane %u", v, l);
   rdna_machine_destroy(m);
}

Test(movrel_lanes, sdwa_preserves_the_relatively_addressed_destination)
{
   /* v_movreld: the destination is v1 + 4 = v5; dst_sel:BYTE_1 with UNUSED_PRESERVE keeps v5's
    * other bits and takes byte 0 of v2 there, in the lanes EXEC enables */
   struct rdna_machine *m = run_one("v_movreld_b32_sdwa v1, v2 dst_sel:BYTE_1 "
                                    "dst_unused:UNUSED_PRESERVE src0_sel:BYTE_0\ns_endpgm\n",
                                    4, 0x0000ffffull);
   for (unsigned l = 0; l < 32; l++) {
      uint32_t old = 500 + l, byte = (200 + l) & 0xff;
      uint32_t want = l < 16 ? (old & ~0xff00u) | byte << 8 : old;
      cr_expect_eq(harness_vgpr(m, 5, l), want, "lane %u", l);
      cr_expect_eq(harness_vgpr(m, 1, l), 100 + l, "v1 lane %u", l);
   }
   rdna_machine_destroy(m);
}

Test(movrel_lanes, full_register_file_borrows_staging_registers_and_restores_them)
{
   /* With all 256 VGPRs allocated the DPP wrapper stages the permuted source in a register the
    * resolved move does not name (v0 here) and restores it: v2 + 3 = v5 is read, v1 written. */
   struct rdna_machine *m = harness_machine(
      RDNA_TARGET_GFX1030, 32, 256,
      "v_movrels_b32_dpp v1, v2 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf\ns_endpgm\n");
   for (unsigned v = 0; v < 8; v++)
      for (unsigned l = 0; l < 32; l++)
         rdna_machine_set_vgpr(m, 0, v, l, 100 * v + l);
   uint32_t m0 = 3;
   rdna_machine_set_sregs(m, 0, RDNA_REG_M0, &m0, 1);
   harness_run(m);
   harness_no_fault(m);
   for (unsigned l = 0; l < 32; l++) {
      cr_expect_eq(harness_vgpr(m, 1, l), 500 + (l ^ 1), "v1 lane %u", l);
      cr_expect_eq(harness_vgpr(m, 0, l), l, "v0 lane %u", l);
      cr_expect_eq(harness_vgpr(m, 5, l), 500 + l, "v5 lane %u", l);
   }
   rdna_machine_destroy(m);
}
