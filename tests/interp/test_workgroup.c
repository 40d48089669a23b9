/* Multi-wave workgroups: s_barrier scheduling (RDNA2 ISA guide S_BARRIER: every wave of the
 * workgroup that has not ended waits), LDS shared by the waves, partial last waves, dispatch ids
 * placed by case files, and a grid run on several host threads giving the same state as one. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "dispatch_harness.h"
#include "rdna/run.h"

static struct rdna_machine *group_machine(unsigned wave, unsigned lanes, unsigned groups,
                                          const char *source)
{
   struct rdna_machine_config config = { .target = RDNA_TARGET_GFX1030,
                                         .wave_size = wave,
                                         .workgroup = { lanes, 1, 1 },
                                         .grid = { groups, 1, 1 },
                                         .lds_bytes = 4096 };
   return harness_dispatch(&config, source);
}

/* Each wave takes a ticket (ds_add_rtn) in every phase between barriers. Waves run in wave order
 * and all of them finish a phase before any starts the next, so wave i of W receives k * W + i
 * in phase k. Without the barrier wave 0 would take all of its tickets first. */
Test(workgroup, barrier_phases_are_ordered)
{
   static const char source[] = "v_mov_b32 v0, 0\n"
                                "v_mov_b32 v1, 1\n"
                                "v_mov_b32 v2, 0\n"
                                "s_mov_b32 exec_lo, 1\n"
                                "s_mov_b32 exec_hi, 0\n"
                                "ds_add_rtn_u32 v3, v0, v1\n"
                                "s_barrier\n"
                                "ds_add_rtn_u32 v4, v0, v1\n"
                                "s_barrier\n"
                                "ds_add_rtn_u32 v5, v0, v1\n"
                                "s_endpgm\n";
   for (unsigned wave = 32; wave <= 64; wave += 32) {
      unsigned lanes = 200, waves = (lanes + wave - 1) / wave;
      struct rdna_machine *m = group_machine(wave, lanes, 2, source);
      struct rdna_diag diag;
      cr_assert_eq(rdna_machine_run(m, &diag), RDNA_OK);
      harness_no_fault_any(m);
      cr_assert_eq(rdna_machine_waves_per_group(m), waves);
      for (unsigned g = 0; g < 2; g++)
         for (unsigned i = 0; i < waves; i++) {
            unsigned w = g * waves + i;
            for (unsigned k = 0; k < 3; k++)
               cr_expect_eq(harness_wave_vgpr(m, w, 3 + k, 0), k * waves + i,
                            "wave%u group %u wave %u phase %u", wave, g, i, k);
         }
      rdna_machine_destroy(m);
   }
}

Test(workgroup, an_ended_wave_releases_the_barrier)
{
   /* Wave 0 (s0 = 0) ends at once; the others meet at two barriers and finish. */
   static const char source[] = "s_cmp_eq_u32 s0, 0\n"
                                "s_cbranch_scc1 done\n"
                                "s_barrier\n"
                                "s_barrier\n"
                                "s_mov_b32 s1, 7\n"
                                "done:\n"
                                "s_endpgm\n";
   struct rdna_machine *m = group_machine(32, 128, 1, source);
   for (uint32_t w = 0; w < 4; w++)
      cr_assert_eq(rdna_machine_set_sregs(m, w, 0, &w, 1), RDNA_OK);
   struct rdna_diag diag;
   cr_assert_eq(rdna_machine_run(m, &diag), RDNA_OK);
   harness_no_fault_any(m);
   for (unsigned w = 0; w < 4; w++) {
      uint32_t s1 = 0;
      rdna_machine_read_sreg(m, w, 1, &s1);
      cr_expect_eq(s1, w == 0 ? 0u : 7u, "wave %u", w);
   }
   rdna_machine_destroy(m);
}

Test(workgroup, partial_last_wave_has_only_its_lanes_in_exec)
{
   struct rdna_machine *m = group_machine(64, 100, 1, "s_endpgm\n");
   uint64_t exec = 0;
   cr_assert_eq(rdna_machine_read_exec(m, 1, &exec), RDNA_OK);
   cr_expect_eq(exec, (1ull << 36) - 1);
   cr_assert_eq(rdna_machine_read_exec(m, 0, &exec), RDNA_OK);
   cr_expect_eq(exec, ~0ull);
   rdna_machine_destroy(m);
}

/* s_barrier in a workgroup of one wave does nothing. */
Test(workgroup, barrier_in_a_single_wave_group_continues)
{
   struct rdna_machine *m = group_machine(32, 32, 1, "s_barrier\ns_mov_b32 s1, 3\ns_endpgm\n");
   struct rdna_diag diag;
   cr_assert_eq(rdna_machine_run(m, &diag), RDNA_OK);
   harness_no_fault_any(m);
   uint32_t s1 = 0;
   rdna_machine_read_sreg(m, 0, 1, &s1);
   cr_expect_eq(s1, 3u);
   rdna_machine_destroy(m);
}

/* ---- dispatch ids from case files ------------------------------------------------------------ */

static struct rdna_case *parse_case(const char *text)
{
   struct rdna_case *c = NULL;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   enum rdna_status st = rdna_case_parse(text, strlen(text), "test", &c, &diag);
   cr_assert_eq(st, RDNA_OK, "%u:%u: %s", diag.line, diag.column, diag.message);
   return c;
}

Test(workgroup, case_ids_follow_the_dispatch_shape)
{
   static const char text[] = "[require]\n"
                              "wave 32 64\n"
                              "workgroup 5 3 4\n"
                              "grid 2 3 2\n"
                              "[program]\n"
                              "s_endpgm\n"
                              "[init]\n"
                              "v[0:2] = local_id\n"
                              "v3 = local_id.y\n"
                              "v4 = 9\n"
                              "s[8:10] = group_id\n"
                              "s11 = group_id.z\n"
                              "s12 = 5\n";
   struct rdna_case *c = parse_case(text);
   for (unsigned wave = 32; wave <= 64; wave += 32) {
      struct rdna_machine *m = NULL;
      struct rdna_diag diag;
      cr_assert_eq(rdna_case_load(c, wave, NULL, &m, &diag), RDNA_OK, "%s", diag.message);
      unsigned per_group = (60 + wave - 1) / wave;
      cr_assert_eq(rdna_machine_wave_count(m), 12 * per_group);
      for (unsigned w = 0; w < 12 * per_group; w++) {
         unsigned group = w / per_group, first = w % per_group * wave;
         unsigned gid[3] = { group % 2, group / 2 % 3, group / 6 };
         for (unsigned k = 0; k < 3; k++) {
            uint32_t s = 0;
            rdna_machine_read_sreg(m, w, 8 + k, &s);
            cr_expect_eq(s, gid[k], "wave%u wave %u s%u", wave, w, 8 + k);
         }
         uint32_t s11 = 0, s12 = 0;
         rdna_machine_read_sreg(m, w, 11, &s11);
         rdna_machine_read_sreg(m, w, 12, &s12);
         cr_expect_eq(s11, gid[2]);
         cr_expect_eq(s12, 5u);
         for (unsigned lane = 0; lane < wave && first + lane < 60; lane++) {
            unsigned linear = first + lane;
            unsigned id[3] = { linear % 5, linear / 5 % 3, linear / 15 };
            for (unsigned k = 0; k < 3; k++)
               cr_expect_eq(harness_wave_vgpr(m, w, k, lane), id[k], "wave%u wave %u lane %u v%u",
                            wave, w, lane, k);
            cr_expect_eq(harness_wave_vgpr(m, w, 3, lane), id[1]);
            cr_expect_eq(harness_wave_vgpr(m, w, 4, lane), 9u);
         }
      }
      rdna_machine_destroy(m);
   }
   rdna_case_destroy(c);
}

Test(workgroup, case_ids_in_the_wrong_register_file_are_errors)
{
   static const char *const bad[] = {
      "[program]\ns_endpgm\n[init]\ns0 = local_id.x\n",
      "[program]\ns_endpgm\n[init]\nv0 = group_id\n",
      "[program]\ns_endpgm\n[init]\nv[0:3] = local_id\n",
      "[program]\ns_endpgm\n[init]\ns[0:1] = group_id.x\n",
      "[program]\ns_endpgm\n[init]\nv0 = local_id.w\n",
   };
   for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
      struct rdna_case *c = NULL;
      struct rdna_diag diag;
      memset(&diag, 0, sizeof(diag));
      enum rdna_status st = rdna_case_parse(bad[i], strlen(bad[i]), "test", &c, &diag);
      cr_expect_neq(st, RDNA_OK, "case %zu parsed", i);
      cr_expect_eq(diag.line, 4u, "case %zu: line %u", i, diag.line);
      cr_expect_gt(diag.column, 1u);
      rdna_case_destroy(c);
   }
}

/* ---- parallel grid ------------------------------------------------------------------------- */

/* Every workgroup sums its work-items' ids through LDS atomics, stores the sum to its own slot and
 * adds it to a global total with an atomic: the same final state for 1, 2 and 4 threads. */
static const char grid_case[] = "[require]\n"
                                "wave 32 64\n"
                                "workgroup 96\n"
                                "grid 48\n"
                                "lds 64\n"
                                "[buffer out]\n"
                                "size 256\n"
                                "[program]\n"
                                "  v_mov_b32 v1, 0\n"
                                "  v_add_nc_u32 v2, s8, v0\n"
                                "  ds_add_u32 v1, v2\n"
                                "  s_waitcnt lgkmcnt(0)\n"
                                "  s_barrier\n"
                                "  ds_read_b32 v3, v1\n"
                                "  s_waitcnt lgkmcnt(0)\n"
                                "  v_cmpx_eq_u32 0, v0\n"
                                "  s_cbranch_execz done\n"
                                "  s_lshl_b32 s9, s8, 2\n"
                                "  v_mov_b32 v4, s9\n"
                                "  global_store_dword v4, v3, s[0:1] offset:4\n"
                                "  v_mov_b32 v5, 0\n"
                                "  global_atomic_add v5, v3, s[0:1]\n"
                                "done:\n"
                                "  s_endpgm\n"
                                "[init]\n"
                                "s[0:1] = &out\n"
                                "v0 = local_id.x\n"
                                "s8 = group_id.x\n";

Test(workgroup, grid_state_does_not_depend_on_thread_count)
{
   struct rdna_case *c = parse_case(grid_case);
   for (unsigned wave = 32; wave <= 64; wave += 32) {
      uint8_t first[256];
      for (unsigned threads = 1; threads <= 4; threads *= 2) {
         struct rdna_machine *m = NULL;
         struct rdna_diag diag;
         cr_assert_eq(rdna_case_load(c, wave, NULL, &m, &diag), RDNA_OK, "%s", diag.message);
         rdna_machine_set_threads(m, threads);
         cr_assert_eq(rdna_machine_run(m, &diag), RDNA_OK);
         harness_no_fault_any(m);
         uint64_t out = 0;
         cr_assert(rdna_machine_find_region(m, "out", &out, NULL));
         uint8_t bytes[256];
         cr_assert_eq(rdna_machine_read_memory(m, out, bytes, sizeof(bytes)), RDNA_OK);
         /* group g: sum over ids 0..95 of g + id = 96g + 4560 */
         uint64_t total = 0;
         for (unsigned g = 0; g < 48; g++) {
            uint32_t sum;
            memcpy(&sum, bytes + 4 + 4 * g, 4);
            cr_expect_eq(sum, 96 * g + 4560, "wave%u threads %u group %u", wave, threads, g);
            total += 96 * g + 4560;
         }
         uint32_t got_total;
         memcpy(&got_total, bytes, 4);
         cr_expect_eq(got_total, (uint32_t)total, "wave%u threads %u", wave, threads);
         if (threads == 1)
            memcpy(first, bytes, sizeof(first));
         else
            cr_expect_eq(memcmp(first, bytes, sizeof(first)), 0, "wave%u threads %u", wave,
                         threads);
         for (unsigned g = 0; g < 48; g++) {
            uint32_t lds = 0;
            cr_assert_eq(rdna_machine_read_lds(m, g, 0, &lds, 4), RDNA_OK);
            cr_expect_eq(lds, 96 * g + 4560);
         }
         rdna_machine_destroy(m);
      }
   }
   rdna_case_destroy(c);
}

/* rdna_case_run takes the thread count from its options and checks [expect] the same way. */
Test(workgroup, case_run_with_threads_passes_its_expectations)
{
   static const char text[] = "[require]\n"
                              "wave 32 64\n"
                              "workgroup 64\n"
                              "grid 16\n"
                              "[buffer out]\n"
                              "size 4096\n"
                              "[program]\n"
                              "  s_lshl_b32 s9, s8, 8\n"
                              "  v_lshlrev_b32 v1, 2, v0\n"
                              "  v_add_nc_u32 v1, s9, v1\n"
                              "  v_mad_u32_u24 v2, s8, 64, v0\n"
                              "  global_store_dword v1, v2, s[0:1]\n"
                              "  s_endpgm\n"
                              "[init]\n"
                              "s[0:1] = &out\n"
                              "v0 = local_id.x\n"
                              "s8 = group_id.x\n"
                              "[expect]\n"
                              "buffer out u32 = i\n";
   struct rdna_case *c = parse_case(text);
   for (unsigned wave = 32; wave <= 64; wave += 32) {
      struct rdna_case_run_options options = { .threads = 2 };
      struct rdna_case_result result;
      struct rdna_diag diag;
      cr_assert_eq(rdna_case_run(c, wave, &options, &result, &diag), RDNA_OK, "%s", diag.message);
      cr_expect(result.passed, "wave%u: %zu failures", wave, result.num_failures);
      rdna_case_result_free(&result);
   }
   rdna_case_destroy(c);
}
