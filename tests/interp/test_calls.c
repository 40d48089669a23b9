/* Call shapes of the seeds (DESIGN.md "Reference semantics: Calls"): s_getpc writes PC+4,
 * s_call_b64 forward and backward, getpc+add targets, a callee after s_endpgm, two calls through
 * one link pair, s_swappc with the same pair, user-data function pointers, a null destination,
 * and targets that fault. Code starts at HARNESS_CODE (0x10000). */
#include <criterion/criterion.h>

#include "harness.h"

Test(calls, getpc_writes_next_address)
{
   struct rdna_machine *m = harness_run_source(32, "s_nop 0\ns_getpc_b64 s[0:1]\ns_endpgm\n");
   cr_expect_eq(harness_sreg(m, 0), HARNESS_CODE + 8);
   cr_expect_eq(harness_sreg(m, 1), 0);
   rdna_machine_destroy(m);
}

Test(calls, callee_after_endpgm)
{
   struct rdna_machine *m = harness_run_source(32, "s_mov_b32 s0, 1\n"
                                                   "s_call_b64 s[30:31], callee\n"
                                                   "s_mov_b32 s2, 3\n"
                                                   "s_endpgm\n"
                                                   "callee:\n"
                                                   "s_mov_b32 s1, 2\n"
                                                   "s_setpc_b64 s[30:31]\n");
   cr_expect_eq(harness_sreg(m, 0), 1);
   cr_expect_eq(harness_sreg(m, 1), 2);
   cr_expect_eq(harness_sreg(m, 2), 3);
   cr_expect_eq(harness_sreg(m, 30), HARNESS_CODE + 8);
   cr_expect_eq(harness_sreg(m, 31), 0);
   rdna_machine_destroy(m);
}

Test(calls, call_backward_keeps_scc_and_exec)
{
   struct rdna_machine *m = harness_machine(RDNA_TARGET_GFX1030, 32, 0,
                                            "s_branch start\n"
                                            "fn:\n"
                                            "s_mov_b32 s1, 7\n"
                                            "s_setpc_b64 s[30:31]\n"
                                            "start:\n"
                                            "s_call_b64 s[30:31], fn\n"
                                            "s_endpgm\n");
   rdna_machine_set_scc(m, 0, true);
   rdna_machine_set_exec(m, 0, 0x5);
   harness_run(m);
   harness_no_fault(m);
   cr_expect_eq(harness_sreg(m, 1), 7);
   cr_expect(harness_scc(m));
   cr_expect_eq(harness_exec(m), 0x5);
   cr_expect_eq(harness_sreg(m, 30), HARNESS_CODE + 16);
   rdna_machine_destroy(m);
}

Test(calls, getpc_add_target)
{
   /* getpc at +0 gives 0x10004; the callee is at +20 = 0x10004 + 16. */
   struct rdna_machine *m = harness_run_source(32, "s_getpc_b64 s[4:5]\n"
                                                   "s_add_u32 s4, s4, 16\n"
                                                   "s_addc_u32 s5, s5, 0\n"
                                                   "s_swappc_b64 s[30:31], s[4:5]\n"
                                                   "s_endpgm\n"
                                                   "s_mov_b32 s6, 5\n"
                                                   "s_setpc_b64 s[30:31]\n");
   cr_expect_eq(harness_sreg(m, 6), 5);
   cr_expect_eq(harness_sreg(m, 30), HARNESS_CODE + 16);
   rdna_machine_destroy(m);
}

Test(calls, two_calls_through_one_link_pair)
{
   struct rdna_machine *m = harness_run_source(64, "s_mov_b32 s1, 0\n"
                                                   "s_call_b64 s[30:31], fn\n"
                                                   "s_call_b64 s[30:31], fn\n"
                                                   "s_endpgm\n"
                                                   "fn:\n"
                                                   "s_add_u32 s1, s1, 1\n"
                                                   "s_setpc_b64 s[30:31]\n");
   cr_expect_eq(harness_sreg(m, 1), 2);
   cr_expect_eq(harness_sreg(m, 30), HARNESS_CODE + 12);
   rdna_machine_destroy(m);
}

Test(calls, swappc_same_pair_and_user_data_pointer)
{
   /* s[14:15] holds the callee's address (user data); swappc reads it before writing the link. */
   struct rdna_machine *m = harness_machine(RDNA_TARGET_GFX1030, 32, 0,
                                            "s_swappc_b64 s[14:15], s[14:15]\n"
                                            "s_endpgm\n"
                                            "s_mov_b32 s2, 9\n"
                                            "s_setpc_b64 s[14:15]\n");
   harness_set_s64(m, 14, HARNESS_CODE + 8);
   harness_run(m);
   harness_no_fault(m);
   cr_expect_eq(harness_sreg(m, 2), 9);
   cr_expect_eq(harness_sreg(m, 14), HARNESS_CODE + 4);
   rdna_machine_destroy(m);
}

Test(calls, function_in_another_region)
{
   struct rdna_machine *m = harness_machine(RDNA_TARGET_GFX1030, 32, 0,
                                            "s_swappc_b64 s[30:31], s[0:1]\n"
                                            "s_endpgm\n");
   /* fn: s_mov_b32 s3, 4 (0xbe830384); s_setpc_b64 s[30:31] (0xbe80201e) */
   uint32_t fn[2] = { 0xbe830384u, 0xbe80201eu };
   uint64_t at = 0;
   cr_assert_eq(rdna_machine_add_region(m, "fn", RDNA_ADDRESS_AUTO, 8, fn, 8, true, &at, NULL),
                RDNA_OK);
   harness_set_s64(m, 0, at);
   harness_run(m);
   harness_no_fault(m);
   cr_expect_eq(harness_sreg(m, 3), 4);
   rdna_machine_destroy(m);
}

Test(calls, null_destination_is_a_jump)
{
   struct rdna_machine *m = harness_run_source(32, "s_call_b64 null, target\n"
                                                   "s_mov_b32 s0, 1\n"
                                                   "target:\n"
                                                   "s_mov_b32 s1, 2\n"
                                                   "s_endpgm\n");
   cr_expect_eq(harness_sreg(m, 0), 0);
   cr_expect_eq(harness_sreg(m, 1), 2);
   cr_expect_eq(harness_sreg(m, RDNA_REG_NULL), 0);
   rdna_machine_destroy(m);
}

static void expect_jump_fault(uint64_t target, enum rdna_fault_kind kind)
{
   struct rdna_machine *m =
      harness_machine(RDNA_TARGET_GFX1030, 32, 0, "s_setpc_b64 s[0:1]\ns_endpgm\n");
   harness_set_s64(m, 0, target);
   uint8_t data[16] = { 0 };
   rdna_machine_add_region(m, "data", 0x200000, sizeof(data), data, sizeof(data), false, NULL,
                           NULL);
   harness_run(m);
   struct rdna_fault fault;
   cr_assert(rdna_machine_fault(m, 0, &fault), "jump to 0x%llx did not fault",
             (unsigned long long)target);
   cr_expect_eq(fault.kind, kind, "fault %s: %s", rdna_fault_kind_name(fault.kind), fault.message);
   cr_expect_eq(fault.pc, target);
   rdna_machine_destroy(m);
}

Test(calls, misaligned_target_faults)
{
   expect_jump_fault(HARNESS_CODE + 2, RDNA_FAULT_MISALIGNED);
}

Test(calls, unmapped_target_faults)
{
   expect_jump_fault(0x7777777700ull, RDNA_FAULT_BAD_JUMP);
}

Test(calls, data_region_target_faults)
{
   expect_jump_fault(0x200000, RDNA_FAULT_BAD_JUMP);
}

Test(calls, code_written_after_decode_is_refetched)
{
   /* The first run decodes s_mov_b32 s0, 1; a machine API write replaces it with s_mov_b32 s0, 2
    * before a second machine runs the same bytes: the per-address cache must not go stale. */
   struct rdna_machine *m =
      harness_machine(RDNA_TARGET_GFX1030, 32, 0, "s_mov_b32 s0, 1\ns_endpgm\n");
   uint32_t word = 0;
   rdna_machine_read_memory(m, HARNESS_CODE, &word, 4);
   cr_expect_eq(word, 0xbe800381u);
   uint32_t two = 0xbe800382u;
   cr_assert_eq(rdna_machine_write_memory(m, HARNESS_CODE, &two, 4), RDNA_OK);
   harness_run(m);
   harness_no_fault(m);
   cr_expect_eq(harness_sreg(m, 0), 2);
   rdna_machine_destroy(m);
}
