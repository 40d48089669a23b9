/* Relative addressing with the measured rules of DESIGN.md (gfx1035 rows of seed 004): M0
 * unsigned, out of range = base + offset >= the VGPR allocation; out-of-range reads return v0 of
 * the same lane, out-of-range writes are dropped, v_swaprel writes neither side unless both are
 * in range, v_movrelsd(_2) with only the source out of range writes v0. Scalar forms: our bound
 * (interp/exec_salu.c), out of range faults. */
#include <criterion/criterion.h>

#include "harness.h"

#define ALLOC 8

/* A wave32 machine with an 8-VGPR allocation, v[n] lane l = 100 * n + l, and M0 = m0. */
static struct rdna_machine *movrel_machine(const char *source, uint32_t m0)
{
   struct rdna_machine *m = harness_machine(RDNA_TARGET_GFX1030, 32, ALLOC, source);
   for (unsigned v = 0; v < ALLOC; v++)
      for (unsigned l = 0; l < 32; l++)
         rdna_machine_set_vgpr(m, 0, v, l, 100 * v + l);
   rdna_machine_set_sregs(m, 0, RDNA_REG_M0, &m0, 1);
   rdna_machine_set_exec(m, 0, 0x0000ffffu);
   harness_run(m);
   harness_no_fault(m);
   return m;
}

static uint32_t init_value(unsigned v, unsigned l)
{
   return 100 * v + l;
}

Test(movrel, read_in_range)
{
   struct rdna_machine *m = movrel_machine("v_movrels_b32 v1, v2\ns_endpgm\n", 3);
   cr_expect_eq(harness_vgpr(m, 1, 0), init_value(5, 0));
   cr_expect_eq(harness_vgpr(m, 1, 15), init_value(5, 15));
   cr_expect_eq(harness_vgpr(m, 1, 16), init_value(1, 16)); /* inactive lane kept */
   rdna_machine_destroy(m);
}

Test(movrel, read_past_allocation_returns_v0)
{
   /* v2 + 6 = v8 >= 8 VGPRs: the allocation, not the highest register named, is the bound */
   struct rdna_machine *m = movrel_machine("v_movrels_b32 v1, v2\ns_endpgm\n", 6);
   cr_expect_eq(harness_vgpr(m, 1, 7), init_value(0, 7));
   rdna_machine_destroy(m);
}

Test(movrel, huge_m0_is_unsigned_and_out_of_range)
{
   struct rdna_machine *m = movrel_machine("v_movrels_b32 v1, v2\ns_endpgm\n", 0xffffffffu);
   cr_expect_eq(harness_vgpr(m, 1, 3), init_value(0, 3));
   rdna_machine_destroy(m);
}

Test(movrel, write_in_range_and_dropped)
{
   struct rdna_machine *m = movrel_machine("v_movreld_b32 v1, 77\ns_endpgm\n", 6);
   cr_expect_eq(harness_vgpr(m, 7, 0), 77);
   cr_expect_eq(harness_vgpr(m, 7, 16), init_value(7, 16));
   rdna_machine_destroy(m);

   m = movrel_machine("v_movreld_b32 v1, 77\ns_endpgm\n", 7);
   for (unsigned v = 0; v < ALLOC; v++)
      cr_expect_eq(harness_vgpr(m, v, 0), init_value(v, 0), "v%u changed", v);
   rdna_machine_destroy(m);
}

Test(movrel, movrelsd_source_out_of_range_writes_v0)
{
   /* dst v1 + 2 = v3 in range; src v6 + 2 = v8 out of range */
   struct rdna_machine *m = movrel_machine("v_movrelsd_b32 v1, v6\ns_endpgm\n", 2);
   cr_expect_eq(harness_vgpr(m, 3, 5), init_value(0, 5));
   rdna_machine_destroy(m);
   /* both in range */
   m = movrel_machine("v_movrelsd_b32 v1, v2\ns_endpgm\n", 2);
   cr_expect_eq(harness_vgpr(m, 3, 5), init_value(4, 5));
   rdna_machine_destroy(m);
}

Test(movrel, movrelsd_2_takes_offsets_from_m0_fields)
{
   /* source offset M0[9:0] = 1, destination offset M0[25:16] = 4: v5 = v3 */
   struct rdna_machine *m = movrel_machine("v_movrelsd_2_b32 v1, v2\ns_endpgm\n", (4u << 16) | 1u);
   cr_expect_eq(harness_vgpr(m, 5, 2), init_value(3, 2));
   cr_expect_eq(harness_vgpr(m, 3, 2), init_value(3, 2));
   rdna_machine_destroy(m);
}

Test(movrel, swaprel_both_in_range_or_nothing)
{
   struct rdna_machine *m = movrel_machine("v_swaprel_b32 v1, v2\ns_endpgm\n", (1u << 16) | 2u);
   cr_expect_eq(harness_vgpr(m, 2, 0), init_value(4, 0));
   cr_expect_eq(harness_vgpr(m, 4, 0), init_value(2, 0));
   cr_expect_eq(harness_vgpr(m, 2, 20), init_value(2, 20)); /* inactive */
   rdna_machine_destroy(m);

   m = movrel_machine("v_swaprel_b32 v1, v2\ns_endpgm\n", (1u << 16) | 6u);
   for (unsigned v = 0; v < ALLOC; v++)
      cr_expect_eq(harness_vgpr(m, v, 0), init_value(v, 0), "v%u changed", v);
   rdna_machine_destroy(m);
}

Test(movrel, scalar_movrels_and_movreld)
{
   struct rdna_machine *m = harness_run_source(32, "s_mov_b32 m0, 2\n"
                                                   "s_mov_b32 s5, 55\n"
                                                   "s_movrels_b32 s0, s3\n"
                                                   "s_movreld_b64 s[8:9], s[4:5]\n"
                                                   "s_endpgm\n");
   cr_expect_eq(harness_sreg(m, 0), 55);
   cr_expect_eq(harness_sreg(m, 11), 55);
   rdna_machine_destroy(m);
}

Test(movrel, scalar_out_of_range_faults)
{
   struct rdna_machine *m = harness_machine(RDNA_TARGET_GFX1030, 32, 0,
                                            "s_mov_b32 m0, 100\ns_movrels_b32 s0, s10\ns_endpgm\n");
   harness_run(m);
   struct rdna_fault fault;
   cr_assert(rdna_machine_fault(m, 0, &fault));
   cr_expect_eq(fault.kind, RDNA_FAULT_INVALID_OPERAND);
   rdna_machine_destroy(m);
}
