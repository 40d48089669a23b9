/* Both control-flow forms of the recompiler (rdna_recomp_options.cfg: the dispatch form, every
 * basic block a dispatcher case, and the structured form) on control-flow programs whose blocks
 * hold memory instructions: each run goes through the differential driver against the
 * interpreter (registers, memory, the fault with its PC, the step count), and the two forms'
 * final states are compared with each other. Skips without a Vulkan device. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "gpu_harness.h"
#include "rdna/diff.h"

/* The interpreter against the device in form `form`; expects no divergence. */
static void diff_form(const char *text, unsigned wave, enum rdna_cfg_lowering form,
                      uint64_t step_limit)
{
   struct rdna_diff_options options = { .step_limit = step_limit, .cfg = form };
   harness_diff_options(text, wave, &options, rdna_cfg_lowering_name(form));
}

/* The final wave-0 state of one form. */
static void run_form(const char *text, unsigned wave, enum rdna_cfg_lowering form,
                     uint64_t step_limit, struct gpu_run *run)
{
   struct rdna_gpu_case_options options = { .step_limit = step_limit, .cfg = form };
   harness_run_options(text, wave, &options, run);
}

/* The two forms leave the same registers, PC, step count and fault. */
static void same_forms(const char *text, unsigned wave, uint64_t step_limit)
{
   struct gpu_run a, b;
   run_form(text, wave, RDNA_CFG_DISPATCH, step_limit, &a);
   run_form(text, wave, RDNA_CFG_STRUCTURED, step_limit, &b);
   cr_expect_eq(a.wave.pc, b.wave.pc);
   cr_expect_eq(a.wave.steps, b.wave.steps);
   cr_expect_eq(a.wave.fault.kind, b.wave.fault.kind);
   cr_expect_eq(a.wave.fault.pc, b.wave.fault.pc);
   cr_expect_eq(memcmp(a.wave.sregs, b.wave.sregs, sizeof(a.wave.sregs)), 0);
   unsigned vgprs = a.result.run.vgprs;
   cr_expect_eq(memcmp(a.wave.vgprs, b.wave.vgprs, (size_t)vgprs * wave * sizeof(uint32_t)), 0);
   harness_free(&a);
   harness_free(&b);
}

static void both_forms(const char *text, unsigned wave, uint64_t step_limit)
{
   diff_form(text, wave, RDNA_CFG_DISPATCH, step_limit);
   diff_form(text, wave, RDNA_CFG_STRUCTURED, step_limit);
}

/* A counted loop whose body loads, adds and stores: the blocks after the load and the store are
 * entered only by falling through them. */
static const char loop_case[] = "[require]\nwave 32\n"
                                "[buffer in]\nu32 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16\n"
                                "[buffer out]\nsize 256\n"
                                "[program]\n"
                                "  s_mov_b32 s4, 0\n"
                                "  v_mov_b32 v2, 0\n"
                                "loop:\n"
                                "  v_lshlrev_b32 v1, 2, v0\n"
                                "  global_load_dword v3, v1, s[0:1]\n"
                                "  v_add_nc_u32 v2, v2, v3\n"
                                "  v_add_nc_u32 v0, 1, v0\n"
                                "  v_and_b32 v0, 15, v0\n"
                                "  global_store_dword v1, v2, s[2:3]\n"
                                "  s_add_u32 s4, s4, 1\n"
                                "  s_cmp_lt_u32 s4, 7\n"
                                "  s_cbranch_scc1 loop\n"
                                "  s_endpgm\n"
                                "[init]\nv0 = lane\ns[0:1] = &in\ns[2:3] = &out\n";

Test(structured, counted_loop_with_memory)
{
   both_forms(loop_case, 32, 0);
   same_forms(loop_case, 32, 0);
}

/* An if/else diamond on SCC with a load in each arm, then a join that stores. */
static const char diamond_case[] = "[require]\nwave 64\n"
                                   "[buffer in]\nu32 5 6 7 8 9 10 11 12\n"
                                   "[buffer out]\nsize 512\n"
                                   "[program]\n"
                                   "  v_lshlrev_b32 v1, 2, v0\n"
                                   "  v_and_b32 v1, 28, v1\n"
                                   "  s_cmp_eq_u32 s5, 0\n"
                                   "  s_cbranch_scc0 else\n"
                                   "  global_load_dword v2, v1, s[0:1]\n"
                                   "  v_add_nc_u32 v2, 100, v2\n"
                                   "  s_branch join\n"
                                   "else:\n"
                                   "  global_load_dword v2, v1, s[0:1] offset:4\n"
                                   "  v_sub_nc_u32 v2, 0, v2\n"
                                   "join:\n"
                                   "  v_lshlrev_b32 v3, 2, v0\n"
                                   "  global_store_dword v3, v2, s[2:3]\n"
                                   "  v_mov_b32 v4, 1\n"
                                   "  s_endpgm\n"
                                   "[init]\nv0 = lane\ns[0:1] = &in\ns[2:3] = &out\n";

Test(structured, if_else_diamond)
{
   char text[sizeof(diamond_case) + 32];
   for (unsigned taken = 0; taken < 2; taken++) {
      snprintf(text, sizeof(text), "%ss5 = %u\n", diamond_case, taken);
      both_forms(text, 64, 0);
      same_forms(text, 64, 0);
   }
}

/* Nested counted loops, the inner one loading through a pointer the outer one advances. */
static const char nested_case[] = "[require]\nwave 32\n"
                                  "[buffer in]\nu32 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16\n"
                                  "[program]\n"
                                  "  s_mov_b32 s4, 0\n"
                                  "  v_mov_b32 v2, 0\n"
                                  "outer:\n"
                                  "  s_mov_b32 s5, 0\n"
                                  "inner:\n"
                                  "  s_lshl_b32 s6, s5, 2\n"
                                  "  s_load_dword s7, s[0:1], s6\n"
                                  "  s_waitcnt lgkmcnt(0)\n"
                                  "  v_add_nc_u32 v2, s7, v2\n"
                                  "  s_add_u32 s5, s5, 1\n"
                                  "  s_cmp_lt_u32 s5, s4\n"
                                  "  s_cbranch_scc1 inner\n"
                                  "  v_add_nc_u32 v2, v2, v0\n"
                                  "  s_add_u32 s4, s4, 1\n"
                                  "  s_cmp_lt_u32 s4, 6\n"
                                  "  s_cbranch_scc1 outer\n"
                                  "  s_endpgm\n"
                                  "[init]\nv0 = lane\ns[0:1] = &in\n";

Test(structured, nested_loops)
{
   both_forms(nested_case, 32, 0);
   same_forms(nested_case, 32, 0);
}

/* A loop whose load walks off the end of its buffer: the fault stops the wave inside the
 * structured case, and the instructions after the load in that case do not run (v5 keeps the
 * last iteration's count, s4 is not incremented). */
static const char fault_case[] = "[require]\nwave 32\n"
                                 "[buffer in]\nu32 1 2 3 4\n"
                                 "[program]\n"
                                 "  s_mov_b32 s4, 0\n"
                                 "  v_mov_b32 v1, 0\n"
                                 "  v_mov_b32 v6, 0\n"
                                 "loop:\n"
                                 "  global_load_dword v2, v1, s[0:1]\n"
                                 "  v_mov_b32 v5, s4\n"
                                 "  v_add_nc_u32 v1, 0x100000, v1\n"
                                 "  global_load_dword v3, v6, s[0:1]\n"
                                 "  s_add_u32 s4, s4, 1\n"
                                 "  s_branch loop\n"
                                 "[init]\ns[0:1] = &in\n";

Test(structured, fault_inside_loop)
{
   both_forms(fault_case, 32, 0);
   struct gpu_run run;
   run_form(fault_case, 32, RDNA_CFG_STRUCTURED, 0, &run);
   cr_expect_eq(run.wave.fault.kind, RDNA_FAULT_UNMAPPED);
   cr_expect_eq(run.wave.sregs[4], 1); /* the second pass's first load faults */
   harness_free(&run);
}

/* A loop of one load and three scalar instructions after a two-instruction prologue: blocks
 * start at steps 2 + 4k (the load, a dispatcher case) and 3 + 4k (the scalar tail, run in the
 * same case by the structured form). Limits on either boundary stop the wave exactly where the
 * interpreter stops it; a limit inside a block stops both forms at the same block start. */
static const char step_case[] = "[require]\nwave 32\n"
                                "[buffer in]\nu32 1 2 3 4\n"
                                "[program]\n"
                                "  s_mov_b32 s4, 0\n"
                                "  v_mov_b32 v1, 0\n"
                                "loop:\n"
                                "  global_load_dword v2, v1, s[0:1]\n"
                                "  s_add_u32 s4, s4, 1\n"
                                "  s_cmp_lt_u32 s4, 1000\n"
                                "  s_cbranch_scc1 loop\n"
                                "  s_endpgm\n"
                                "[init]\ns[0:1] = &in\n";

Test(structured, step_limit_inside_loop)
{
   both_forms(step_case, 32, 22); /* at the load of the sixth pass */
   both_forms(step_case, 32, 23); /* at the scalar tail of the sixth pass */
   same_forms(step_case, 32, 24);
   struct gpu_run run;
   run_form(step_case, 32, RDNA_CFG_STRUCTURED, 23, &run);
   cr_expect_eq(run.wave.fault.kind, RDNA_FAULT_STEP_LIMIT);
   cr_expect_eq(run.wave.steps, 23);
   cr_expect_eq(run.wave.sregs[4], 5);
   harness_free(&run);
}
