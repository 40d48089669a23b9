/* Case files on the Vulkan backend without the recompiler: the initial memory and wave records
 * rdna_gpu_case_prepare builds from a case (regions at their layout offsets, [init] registers,
 * EXEC of a partial wave), and rdna_gpu_case_check over the results of hand-written modules
 * (tests/gpu/modules.c) run for a layout made from the case: passing and failing expectations,
 * expected and unexpected faults. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "modules.h"
#include "rdna/gpu.h"

static struct rdna_case *parse(const char *text)
{
   struct rdna_case *c = NULL;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   enum rdna_status st = rdna_case_parse(text, strlen(text), "test.case", &c, &diag);
   cr_assert_eq(st, RDNA_OK, "%u:%u: %s", diag.line, diag.column, diag.message);
   return c;
}

/* A layout for `c` as a recompiler would make one: regions back to back at 16-byte offsets,
 * ceil(workgroup lanes / wave) waves per group. */
static void layout_for_case(const struct rdna_case *c, unsigned wave_size, unsigned subgroup,
                            struct rdna_module_layout *l, struct rdna_module_region *regions,
                            size_t max_regions)
{
   unsigned workgroup[3], grid[3];
   rdna_case_workgroup(c, workgroup);
   rdna_case_grid(c, grid);
   unsigned lanes = workgroup[0] * workgroup[1] * workgroup[2];
   unsigned per_group = lanes <= 1 ? 1 : (lanes + wave_size - 1) / wave_size;
   uint64_t offset = 0;
   size_t count = rdna_case_region_count(c);
   cr_assert_leq(count, max_regions);
   for (size_t i = 0; i < count; i++) {
      struct rdna_case_region r;
      cr_assert(rdna_case_region(c, i, &r));
      regions[i] = (struct rdna_module_region){ r.name, r.address, r.size, offset, r.is_program };
      offset = (offset + r.size + 15) / 16 * 16;
   }
   cr_assert_eq(grid[1] * grid[2], 1, "the test modules use grid X only");
   layout_init(l, wave_size, subgroup, rdna_case_vgprs(c), per_group, grid[0], offset,
               rdna_case_lds(c) ? rdna_case_lds(c) : 16);
   l->regions = regions;
   l->num_regions = count;
}

/* ---- the initial state ---------------------------------------------------------------------- */

static const char partial_wave_case[] = "[require]\n"
                                        "wave 32\n"
                                        "vgprs 4\n"
                                        "workgroup 40\n"
                                        "[buffer data]\n"
                                        "u32 0x11111111 0x22222222\n"
                                        "[buffer out]\n"
                                        "size 64\n"
                                        "[program]\n"
                                        "s_endpgm\n"
                                        "[init]\n"
                                        "s4 = 5\n"
                                        "s[8:9] = &out\n"
                                        "m0 = 0x1234\n"
                                        "scc = 1\n"
                                        "v3 = lane * 7 + 1\n"
                                        "[expect]\n"
                                        "s4 = 5\n";

Test(prepare, regions_registers_and_partial_exec)
{
   struct rdna_case *c = parse(partial_wave_case);
   struct rdna_module_layout l;
   struct rdna_module_region regions[4];
   /* The subgroup size does not matter here: no device is needed. */
   layout_for_case(c, 32, 8, &l, regions, 4);
   cr_assert_eq(l.num_waves, 2);
   uint8_t *memory = NULL;
   uint32_t *state = NULL;
   struct rdna_diag diag;
   enum rdna_status st = rdna_gpu_case_prepare(c, 32, &l, 0, &memory, &state, &diag);
   cr_assert_eq(st, RDNA_OK, "%s", diag.message);

   uint32_t words[2];
   memcpy(words, memory + regions[0].offset, 8);
   cr_assert_eq(words[0], 0x11111111);
   cr_assert_eq(words[1], 0x22222222);
   /* s_endpgm (SOPP opcode 1): 0xbf810000 per llvm-mc -show-encoding. */
   memcpy(words, memory + regions[2].offset, 4);
   cr_assert_eq(words[0], 0xbf810000u);

   uint64_t out_address = regions[1].address;
   for (unsigned w = 0; w < 2; w++) {
      const uint32_t *record = state + (size_t)w * l.state_words;
      cr_assert_eq(record[RDNA_STATE_SREG(4)], 5);
      cr_assert_eq(record[RDNA_STATE_SREG(8)], (uint32_t)out_address);
      cr_assert_eq(record[RDNA_STATE_SREG(9)], (uint32_t)(out_address >> 32));
      cr_assert_eq(record[RDNA_STATE_SREG(RDNA_REG_M0)], 0x1234);
      cr_assert_eq(record[RDNA_STATE_SCC], 1);
      cr_assert_eq(record[RDNA_STATE_PC_LO], (uint32_t)rdna_case_entry(c));
      cr_assert_eq(record[RDNA_STATE_FAULT_KIND], 0);
      cr_assert_eq(record[RDNA_STATE_ENDED], 0);
      for (unsigned lane = 0; lane < 32; lane++)
         cr_assert_eq(record[RDNA_STATE_VGPR(3, lane, 32)], lane * 7 + 1, "wave %u lane %u", w,
                      lane);
   }
   /* 40 lanes: wave 0 holds 32, wave 1 the other 8. */
   cr_assert_eq(state[RDNA_STATE_SREG(RDNA_REG_EXEC_LO)], 0xffffffffu);
   cr_assert_eq(state[l.state_words + RDNA_STATE_SREG(RDNA_REG_EXEC_LO)], 0xffu);
   free(memory);
   free(state);
   rdna_case_destroy(c);
}

Test(prepare, a_layout_that_does_not_match_the_case_is_internal)
{
   struct rdna_case *c = parse(partial_wave_case);
   struct rdna_module_layout l;
   struct rdna_module_region regions[4];
   layout_for_case(c, 32, 8, &l, regions, 4);
   uint8_t *memory = (uint8_t *)&l;
   uint32_t *state = (uint32_t *)&l;
   struct rdna_diag diag;

   struct rdna_module_layout bad = l;
   bad.num_regions = 2;
   cr_assert_eq(rdna_gpu_case_prepare(c, 32, &bad, 0, &memory, &state, &diag), RDNA_INTERNAL);
   cr_assert_null(memory);
   cr_assert_null(state);
   bad = l;
   bad.num_waves = 1;
   bad.grid[0] = 1;
   bad.waves_per_group = 1;
   cr_assert_eq(rdna_gpu_case_prepare(c, 32, &bad, 0, &memory, &state, &diag), RDNA_INTERNAL);
   struct rdna_module_region moved[4];
   memcpy(moved, regions, sizeof(moved));
   moved[1].address += 4;
   bad = l;
   bad.regions = moved;
   cr_assert_eq(rdna_gpu_case_prepare(c, 32, &bad, 0, &memory, &state, &diag), RDNA_INTERNAL);
   cr_assert(strstr(diag.message, "out"), "%s", diag.message);
   /* The case does not run in wave64. */
   cr_assert_eq(rdna_gpu_case_prepare(c, 64, &l, 0, &memory, &state, &diag), RDNA_INTERNAL);
   rdna_case_destroy(c);
}

/* ---- checking results ----------------------------------------------------------------------- */

/* The contract module's effects (modules.h) as [expect] lines. It reports the wave stopped at the
 * entry + 4: the s_endpgm here. */
static const char contract_case[] = "[require]\n"
                                    "wave 32 64\n"
                                    "vgprs 3\n"
                                    "[buffer data]\n"
                                    "u32 0x1000 0 0 0 0 0 0 0\n"
                                    "[program]\n"
                                    "s_nop 0\n"
                                    "s_endpgm\n"
                                    "[init]\n"
                                    "v0 = lane * 3\n"
                                    "[expect]\n"
                                    "s5 = 7\n"
                                    "s6 = 0\n"
                                    "scc = 1\n"
                                    "v1 = lane\n"
                                    "v2 = lane * 3 + 1\n"
                                    "buffer data u32[4] = 0x1000\n"
                                    "fault none\n";

/* Runs the contract module (or the fault module) for case text `text` and checks it; returns
 * the check's status. */
static enum rdna_status try_run_and_check(const char *text, unsigned wave_size, bool fault_module,
                                          struct rdna_case_result *check, struct rdna_diag *diag)
{
   struct rdna_gpu *gpu = open_or_skip(false);
   struct rdna_case *c = parse(text);
   struct rdna_module_layout l;
   struct rdna_module_region regions[4];
   layout_for_case(c, wave_size, subgroup_for(gpu, wave_size), &l, regions, 4);
   char *module = fault_module
                     ? fault_module_text(&l, RDNA_FAULT_MISALIGNED, 2, 0x10104, 0x20003, UINT32_MAX)
                     : contract_module_text(&l);
   size_t num_words;
   uint32_t *words = spirv_assemble(module, &num_words);
   uint8_t *memory = NULL;
   uint32_t *state = NULL;
   enum rdna_status st = rdna_gpu_case_prepare(c, wave_size, &l, 0, &memory, &state, diag);
   cr_assert_eq(st, RDNA_OK, "%s", diag->message);
   struct rdna_gpu_result run;
   st = rdna_gpu_run(gpu, words, num_words, &l, memory, state, NULL, &run, diag);
   cr_assert_eq(st, RDNA_OK, "%s", diag->message);
   st = rdna_gpu_case_check(c, wave_size, &l, &run, check, diag);
   cr_assert_null(check->machine);
   rdna_gpu_result_free(&run);
   free(memory);
   free(state);
   free(words);
   free(module);
   rdna_case_destroy(c);
   rdna_gpu_close(gpu);
   return st;
}

static void run_and_check(const char *text, unsigned wave_size, bool fault_module,
                          struct rdna_case_result *check)
{
   struct rdna_diag diag;
   enum rdna_status st = try_run_and_check(text, wave_size, fault_module, check, &diag);
   cr_assert_eq(st, RDNA_OK, "%s", diag.message);
}

Test(check, contract_module_passes_its_expectations_in_both_wave_sizes)
{
   for (unsigned wave = 32; wave <= 64; wave *= 2) {
      struct rdna_case_result check;
      run_and_check(contract_case, wave, false, &check);
      for (size_t i = 0; i < check.num_failures; i++)
         cr_log_error("line %u: %s", check.failures[i].failure.line,
                      check.failures[i].failure.message);
      cr_assert(check.passed, "wave%u: %zu failures", wave, check.num_failures);
      cr_assert_eq(check.waves, 1);
      cr_assert_eq(check.steps, 3);
      cr_assert_not(check.faulted);
      cr_assert(check.fault_expected);
      rdna_case_result_free(&check);
   }
}

Test(check, wrong_expectations_fail_on_their_lines)
{
   char text[sizeof(contract_case) + 128];
   /* Lines 19-21 after the 18 of the contract case. */
   snprintf(text, sizeof(text), "%ss5 = 8\nv1 = lane + 1\nbuffer data u32[5] = 1\n", contract_case);
   struct rdna_case_result check;
   run_and_check(text, 32, false, &check);
   cr_assert_not(check.passed);
   cr_assert_eq(check.num_failures, 3);
   cr_assert_eq(check.failures[0].failure.line, 19);
   cr_assert_eq(check.failures[1].failure.line, 20);
   cr_assert_eq(check.failures[2].failure.line, 21);
   rdna_case_result_free(&check);
}

static const char fault_case[] = "[require]\n"
                                 "wave 32\n"
                                 "vgprs 1\n"
                                 "[program]\n"
                                 "s_endpgm\n"
                                 "[expect]\n"
                                 "fault misaligned at 0x10104\n";

Test(check, an_expected_fault_passes)
{
   struct rdna_case_result check;
   run_and_check(fault_case, 32, true, &check);
   cr_assert(check.passed, "%zu failures", check.num_failures);
   cr_assert(check.faulted);
   cr_assert(check.fault_expected);
   cr_assert_eq(check.fault.kind, RDNA_FAULT_MISALIGNED);
   cr_assert_eq(check.fault.pc, 0x10104);
   cr_assert_eq(check.fault.address, 0x20003);
   cr_assert_eq(check.fault.lane, 2);
   rdna_case_result_free(&check);
}

Test(check, an_unexpected_fault_fails)
{
   struct rdna_case_result check;
   run_and_check("[require]\nvgprs 1\n[program]\ns_endpgm\n[expect]\n", 32, true, &check);
   cr_assert_not(check.passed);
   cr_assert(check.unexpected_fault);
   cr_assert_eq(check.num_failures, 0);
   rdna_case_result_free(&check);
}

Test(check, a_wave_that_stops_away_from_s_endpgm_is_the_module_s_error)
{
   /* The contract module reports PC = entry + 4, an s_nop here: as if a driver had cut the
    * module's loop short. */
   struct rdna_case_result check;
   struct rdna_diag diag;
   enum rdna_status st =
      try_run_and_check("[require]\nvgprs 3\n[program]\ns_nop 0\ns_nop 0\ns_endpgm\n[expect]\n", 32,
                        false, &check, &diag);
   cr_assert_eq(st, RDNA_INTERNAL, "%s: %s", rdna_status_name(st), diag.message);
   cr_assert(strstr(diag.message, "no s_endpgm"), "%s", diag.message);
   rdna_case_result_free(&check);
}
