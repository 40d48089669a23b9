/* Differential batches (include/rdna/batch.h): several cases in one module and one dispatch, cut
 * back per case and compared with the interpreter's run of each alone; cases that cannot join or
 * cannot be lowered do not sink the others. On the default Vulkan device (lavapipe in CI). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "rdna/batch.h"

static struct rdna_gpu *open_device(void)
{
   struct rdna_gpu *gpu = NULL;
   struct rdna_diag diag;
   enum rdna_status st = rdna_gpu_open(NULL, &gpu, &diag);
   if (st == RDNA_NO_DEVICE)
      cr_skip_test("no Vulkan device: %s", diag.message);
   cr_assert_eq(st, RDNA_OK, "%s", diag.message);
   return gpu;
}

/* Case `k` of a batch in window k + 1: it adds its own constant to every dword of its buffer
 * (a global load and store per lane) and leaves a scalar result, so a slot cut back at the wrong
 * offset, or a wave started at another case's code, differs from the interpreter. `body` goes
 * before s_endpgm; `vgprs` sets the allocation. */
static struct rdna_case *batch_case(unsigned k, const char *body, unsigned vgprs)
{
   char text[2048];
   unsigned long long base = (unsigned long long)(k + 1) * RDNA_BATCH_WINDOW;
   snprintf(text, sizeof(text),
            "[require]\nvgprs %u\n"
            "[buffer data @0x%llx]\nu32 %u x32\n"
            "[program main @0x%llx]\n"
            "  global_load_dword v4, v[2:3], off\n"
            "  s_waitcnt vmcnt(0)\n"
            "  v_add_nc_u32 v4, %u, v4\n"
            "  global_store_dword v[2:3], v4, off\n"
            "  s_mov_b32 s10, %u\n"
            "%s"
            "  s_endpgm\n"
            "[init]\nv[2:3] = &data + lane * 4\n",
            vgprs, base, 100 * (k + 1), base + 0x1000, k + 1, 7 * (k + 1), body);
   struct rdna_case *c = NULL;
   struct rdna_diag diag;
   cr_assert_eq(rdna_case_parse(text, strlen(text), "batch.case", &c, &diag), RDNA_OK, "%u:%u: %s",
                diag.line, diag.column, diag.message);
   return c;
}

static void destroy_all(struct rdna_case **cases, size_t n)
{
   for (size_t i = 0; i < n; i++)
      rdna_case_destroy(cases[i]);
}

Test(batch, cases_in_one_module_agree_with_the_interpreter_case_by_case)
{
   struct rdna_gpu *gpu = open_device();
   struct rdna_case *cases[3];
   for (unsigned k = 0; k < 3; k++)
      cases[k] = batch_case(k, "", 16);
   struct rdna_batch_result r;
   struct rdna_diag diag;
   enum rdna_status st =
      rdna_diff_batch(gpu, (const struct rdna_case *const *)cases, 3, 32, NULL, &r, &diag);
   cr_assert_eq(st, RDNA_OK, "%s", diag.message);
   cr_assert_eq(r.num_cases, 3);
   cr_assert_eq(r.batched, 3, "all three share the module");
   cr_assert_eq(r.pipelines, 1, "one pipeline compile for three cases");
   for (unsigned k = 0; k < 3; k++) {
      cr_assert_eq(r.cases[k].status, RDNA_OK, "case %u: %s", k, r.cases[k].diag.message);
      cr_assert(r.cases[k].batched);
      cr_assert(r.cases[k].equal, "case %u: %zu divergences", k, r.cases[k].total_divergences);
      cr_assert(!r.cases[k].ran_alone, "an equal case is not run again");
   }
   rdna_batch_result_free(&r);
   destroy_all(cases, 3);
   rdna_gpu_close(gpu);
}

/* Case 0 loads from the address of case 1's buffer, which case 0 alone does not have: the
 * interpreter faults UNMAPPED (guest memory is the case's regions, DESIGN.md "Interpreter
 * model"), and so must case 0's code in the batch, although that address is mapped there. */
Test(batch, a_case_does_not_see_the_regions_of_another)
{
   struct rdna_gpu *gpu = open_device();
   struct rdna_case *cases[2];
   char body[256];
   snprintf(body, sizeof(body),
            "  s_mov_b32 s0, 0\n  s_mov_b32 s1, %u\n  s_load_dword s11, s[0:1], 0x0\n"
            "  s_waitcnt lgkmcnt(0)\n",
            2u /* the high dword of window 2: case 1's buffer */);
   cases[0] = batch_case(0, body, 16);
   cases[1] = batch_case(1, "", 16);
   struct rdna_case_result alone;
   struct rdna_diag diag;
   cr_assert_eq(rdna_case_run(cases[0], 32, NULL, &alone, &diag), RDNA_OK, "%s", diag.message);
   cr_assert(alone.faulted);
   cr_assert_eq(alone.fault.kind, RDNA_FAULT_UNMAPPED);
   rdna_case_result_free(&alone);

   struct rdna_batch_result r;
   cr_assert_eq(
      rdna_diff_batch(gpu, (const struct rdna_case *const *)cases, 2, 32, NULL, &r, &diag), RDNA_OK,
      "%s", diag.message);
   cr_assert_eq(r.batched, 2);
   cr_assert(r.cases[0].equal && !r.cases[0].ran_alone,
             "the batch faults as the case alone does (%zu divergences)",
             r.cases[0].total_divergences);
   cr_assert(r.cases[1].equal);
   rdna_batch_result_free(&r);
   destroy_all(cases, 2);
   rdna_gpu_close(gpu);
}

/* Case 0 jumps to the first instruction of case 1, which case 0 alone does not have: the
 * interpreter's fetch faults BAD_JUMP there, and so must the batch, where that address is a
 * block of the module (of another window's dispatcher). */
Test(batch, a_case_does_not_run_the_code_of_another)
{
   struct rdna_gpu *gpu = open_device();
   struct rdna_case *cases[2];
   char body[128];
   snprintf(body, sizeof(body),
            "  s_mov_b32 s20, 0x1000\n  s_mov_b32 s21, 2\n  s_setpc_b64 s[20:21]\n");
   cases[0] = batch_case(0, body, 16);
   cases[1] = batch_case(1, "", 16);
   struct rdna_case_result alone;
   struct rdna_diag diag;
   cr_assert_eq(rdna_case_run(cases[0], 32, NULL, &alone, &diag), RDNA_OK, "%s", diag.message);
   cr_assert(alone.faulted);
   cr_assert_eq(alone.fault.kind, RDNA_FAULT_BAD_JUMP);
   rdna_case_result_free(&alone);

   struct rdna_batch_result r;
   cr_assert_eq(
      rdna_diff_batch(gpu, (const struct rdna_case *const *)cases, 2, 32, NULL, &r, &diag), RDNA_OK,
      "%s", diag.message);
   cr_assert_eq(r.batched, 2);
   cr_assert(r.cases[0].equal && !r.cases[0].ran_alone,
             "the batch faults as the case alone does (%zu divergences)",
             r.cases[0].total_divergences);
   cr_assert(r.cases[1].equal);
   rdna_batch_result_free(&r);
   destroy_all(cases, 2);
   rdna_gpu_close(gpu);
}

/* A gap of the recompiler in one case (interpolation, which needs a pixel shader, is not
 * lowered: recomp/README.md) and a case of another shape (another VGPR allocation) leave the others
 * in one batch. */
Test(batch, a_gap_or_another_shape_does_not_sink_the_batch)
{
   struct rdna_gpu *gpu = open_device();
   struct rdna_case *cases[4];
   cases[0] = batch_case(0, "", 16);
   cases[1] = batch_case(1, "  v_interp_p1_f32 v5, v4, attr0.x\n", 16);
   cases[2] = batch_case(2, "", 16);
   cases[3] = batch_case(3, "", 24);
   struct rdna_batch_result r;
   struct rdna_diag diag;
   cr_assert_eq(
      rdna_diff_batch(gpu, (const struct rdna_case *const *)cases, 4, 32, NULL, &r, &diag), RDNA_OK,
      "%s", diag.message);
   cr_assert_eq(r.cases[1].status, RDNA_UNSUPPORTED);
   cr_assert(strncmp(r.cases[1].diag.message, "v_interp_p1_f32", 15) == 0,
             "names the instruction: %s", r.cases[1].diag.message);
   cr_assert(!r.cases[1].batched);
   cr_assert(r.cases[0].batched && r.cases[2].batched);
   cr_assert(r.cases[0].equal && r.cases[2].equal);
   cr_assert(!r.cases[3].batched && r.cases[3].ran_alone, "another VGPR allocation runs alone");
   cr_assert_eq(r.cases[3].status, RDNA_OK, "%s", r.cases[3].diag.message);
   cr_assert(r.cases[3].equal);
   cr_assert_eq(r.batched, 2);
   cr_assert_eq(r.pipelines, 2, "the batch and the case alone");
   rdna_batch_result_free(&r);
   destroy_all(cases, 4);
   rdna_gpu_close(gpu);
}

/* A deliberately wrong lowering: v_xor_b32's OpBitwiseXor (one per lane slot of an invocation)
 * becomes an OpBitwiseOr of the same operands. Both cases diverge in the batch, in v3 of every
 * lane, and are run again alone, where they diverge the same way and the report comes from. */
static void xor_to_or(void *user, uint32_t *words, size_t num_words)
{
   (void)user;
   for (size_t i = 5; i < num_words;) {
      uint32_t opcode = words[i] & 0xffff, count = words[i] >> 16;
      if (opcode == 198 /* OpBitwiseXor */)
         words[i] = (count << 16) | 197 /* OpBitwiseOr */;
      i += count ? count : 1;
   }
}

Test(batch, a_divergence_in_the_batch_is_confirmed_alone)
{
   struct rdna_gpu *gpu = open_device();
   struct rdna_case *cases[2];
   struct rdna_diag diag;
   for (unsigned k = 0; k < 2; k++) {
      char text[512];
      snprintf(text, sizeof(text),
               "[program main @0x%llx]\n"
               "  v_mov_b32 v1, 0x0f0f\n"
               "  v_mov_b32 v2, 0x00ff\n"
               "  v_xor_b32 v3, v1, v2\n"
               "  s_endpgm\n",
               (unsigned long long)(k + 1) * RDNA_BATCH_WINDOW);
      cr_assert_eq(rdna_case_parse(text, strlen(text), "x.case", &cases[k], &diag), RDNA_OK, "%s",
                   diag.message);
   }
   struct rdna_diff_options o;
   memset(&o, 0, sizeof(o));
   o.edit_module = xor_to_or;
   struct rdna_batch_result r;
   cr_assert_eq(rdna_diff_batch(gpu, (const struct rdna_case *const *)cases, 2, 32, &o, &r, &diag),
                RDNA_OK, "%s", diag.message);
   cr_assert_eq(r.batched, 2);
   for (unsigned k = 0; k < 2; k++) {
      const struct rdna_batch_case *bc = &r.cases[k];
      cr_assert(bc->batched && !bc->equal);
      cr_assert_eq(bc->total_divergences, 32, "v3 in every lane, in the batch");
      cr_assert(bc->ran_alone);
      cr_assert_eq(bc->alone_status, RDNA_OK, "%s", bc->alone_diag.message);
      cr_assert_eq(bc->alone.total_divergences, 32, "v3 in every lane, alone");
      cr_assert_eq(bc->alone.divergences[0].kind, RDNA_DIVERGE_VGPR);
      cr_assert_eq(bc->alone.divergences[0].reg, 3);
      cr_assert_eq(bc->alone.divergences[0].interp, 0x0f0fu ^ 0x00ffu);
      cr_assert_eq(bc->alone.divergences[0].gpu, 0x0f0fu | 0x00ffu);
   }
   cr_assert_eq(r.pipelines, 3, "the batch, then each case alone");
   rdna_batch_result_free(&r);
   destroy_all(cases, 2);
   rdna_gpu_close(gpu);
}

Test(batch, the_recompiler_takes_only_a_power_of_two_window)
{
   struct rdna_case *c = batch_case(0, "", 16);
   struct rdna_recomp_options o;
   memset(&o, 0, sizeof(o));
   o.wave_size = 32;
   o.subgroup_size = 8;
   o.batch_window = RDNA_BATCH_WINDOW + 4096;
   struct rdna_module *m = NULL;
   struct rdna_diag diag;
   cr_assert_eq(rdna_recomp_case(c, &o, &m, &diag), RDNA_BAD_ARGUMENT);
   cr_assert_null(m);
   cr_assert(strstr(diag.message, "power of two"), "%s", diag.message);
   rdna_case_destroy(c);
}

/* The benchmark hook: generated cases, three to a batch, salu only (lowered in full). */
Test(batch, the_fuzz_hook_counts_cases_and_pipelines)
{
   struct rdna_gpu *gpu = open_device();
   struct rdna_fuzz_batch_options o;
   memset(&o, 0, sizeof(o));
   o.gen.target = RDNA_TARGET_GFX1030;
   o.gen.wave_size = 32;
   o.gen.count = 12;
   o.gen.seed = 5;
   o.gen.classes = RDNA_GEN_SALU;
   o.count = 6;
   o.batch_size = 3;
   struct rdna_fuzz_batch_stats stats;
   struct rdna_diag diag;
   cr_assert_eq(rdna_fuzz_batch_run(gpu, &o, &stats, &diag), RDNA_OK, "%s", diag.message);
   cr_assert_eq(stats.cases, 6);
   cr_assert_eq(stats.compared + stats.unsupported, 6, "every case compared or a known gap");
   cr_assert_eq(stats.same + stats.diverged, stats.compared);
   cr_assert_eq(stats.pipelines, 2 + stats.diverged, "two batches, and each divergence alone");
   cr_assert_gt(stats.seconds, 0.0);
   o.batch_size = RDNA_FUZZ_MAX_BATCH + 1;
   cr_assert_eq(rdna_fuzz_batch_run(gpu, &o, &stats, &diag), RDNA_BAD_ARGUMENT);
   rdna_gpu_close(gpu);
}
