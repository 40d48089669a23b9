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
   /* in variants: two programs, three variants each, one module per program */
   o.count = 2;
   o.batch_size = 1;
   o.variants = 3;
   cr_assert_eq(rdna_fuzz_batch_run(gpu, &o, &stats, &diag), RDNA_OK, "%s", diag.message);
   cr_assert_eq(stats.programs, 2);
   cr_assert_eq(stats.cases, 6);
   cr_assert_eq(stats.compared + stats.unsupported, 6);
   cr_assert_eq(stats.pipelines, 2 + stats.diverged, "a module per program, and divergences alone");
   o.batch_size = RDNA_FUZZ_MAX_BATCH + 1;
   cr_assert_eq(rdna_fuzz_batch_run(gpu, &o, &stats, &diag), RDNA_BAD_ARGUMENT);
   rdna_gpu_close(gpu);
}

/* The benchmark hook on two device contexts at once: the same five programs in batches of two
 * (three batches, the last one short) give the counts of one context; the pipelines are one per
 * batch plus a run alone per divergence. Two contexts of one device are required to be
 * independent (include/rdna/gpu.h: one per thread). */
Test(batch, the_fuzz_hook_on_two_contexts_counts_as_on_one)
{
   struct rdna_gpu *gpus[2] = { open_device(), open_device() };
   struct rdna_fuzz_batch_options o;
   memset(&o, 0, sizeof(o));
   o.gen.target = RDNA_TARGET_GFX1030;
   o.gen.wave_size = 32;
   o.gen.count = 12;
   o.gen.seed = 21;
   o.gen.classes = RDNA_GEN_SALU;
   o.count = 5;
   o.batch_size = 2;
   struct rdna_fuzz_batch_stats one, two;
   struct rdna_diag diag;
   cr_assert_eq(rdna_fuzz_batch_run_parallel(gpus, 1, &o, &one, &diag), RDNA_OK, "%s",
                diag.message);
   cr_assert_eq(rdna_fuzz_batch_run_parallel(gpus, 2, &o, &two, &diag), RDNA_OK, "%s",
                diag.message);
   cr_assert_eq(two.programs, 5);
   cr_assert_eq(two.cases, 5);
   cr_assert_eq(two.compared + two.unsupported, 5, "every case compared or a known gap");
   cr_assert_eq(two.compared, one.compared);
   cr_assert_eq(two.same, one.same);
   cr_assert_eq(two.diverged, one.diverged);
   cr_assert_eq(two.unsupported, one.unsupported);
   cr_assert_eq(two.pipelines, 3 + two.diverged, "three batches, and each divergence alone");
   cr_assert_eq(two.pipelines, one.pipelines);
   struct rdna_gpu *missing[2] = { gpus[0], NULL };
   cr_assert_eq(rdna_fuzz_batch_run_parallel(missing, 2, &o, &two, &diag), RDNA_BAD_ARGUMENT);
   cr_assert_eq(rdna_fuzz_batch_run_parallel(gpus, 0, &o, &two, &diag), RDNA_BAD_ARGUMENT);
   rdna_gpu_close(gpus[0]);
   rdna_gpu_close(gpus[1]);
}

/* Variant `v` of one program in window 1: its buffer holds 1000 * (v + 1) in every dword and its
 * s11 starts at 10 * (v + 1); the program adds s11 to every dword (a global load and store per
 * lane) and leaves s11 + 5 in s12. A replica that ran on another variant's memory slice or state
 * record would leave other values than the interpreter's run of that variant alone. */
static struct rdna_case *variant_case(unsigned v, const char *extra)
{
   char text[2048];
   unsigned long long base = RDNA_BATCH_WINDOW;
   snprintf(text, sizeof(text),
            "[require]\nvgprs 16\n"
            "[buffer data @0x%llx]\nu32 %u x32\n"
            "[program main @0x%llx]\n"
            "  global_load_dword v4, v[2:3], off\n"
            "  s_waitcnt vmcnt(0)\n"
            "  v_add_nc_u32 v4, s11, v4\n"
            "  global_store_dword v[2:3], v4, off\n"
            "  s_add_u32 s12, s11, 5\n"
            "%s"
            "  s_endpgm\n"
            "[init]\nv[2:3] = &data + lane * 4\ns11 = %u\n",
            base, 1000 * (v + 1), base + 0x1000, extra, 10 * (v + 1));
   struct rdna_case *c = NULL;
   struct rdna_diag diag;
   cr_assert_eq(rdna_case_parse(text, strlen(text), "variant.case", &c, &diag), RDNA_OK,
                "%u:%u: %s", diag.line, diag.column, diag.message);
   return c;
}

Test(batch, variants_of_one_program_share_its_code_and_keep_their_own_state)
{
   struct rdna_gpu *gpu = open_device();
   /* three variants of one program, and a case of its own in window 2 with one variant (two
    * filler replicas there) */
   struct rdna_case *cases[4];
   for (unsigned v = 0; v < 3; v++)
      cases[v] = variant_case(v, "");
   cases[3] = batch_case(1, "", 16);
   /* the interpreter alone: the values the batch must reproduce per variant */
   for (unsigned v = 0; v < 3; v++) {
      struct rdna_case_result alone;
      struct rdna_diag diag;
      cr_assert_eq(rdna_case_run(cases[v], 32, NULL, &alone, &diag), RDNA_OK, "%s", diag.message);
      uint32_t s12 = 0;
      cr_assert_eq(rdna_machine_read_sreg(alone.machine, 0, 12, &s12), RDNA_OK);
      cr_assert_eq(s12, 10 * (v + 1) + 5);
      rdna_case_result_free(&alone);
   }
   struct rdna_batch_result r;
   struct rdna_diag diag;
   cr_assert_eq(
      rdna_diff_batch(gpu, (const struct rdna_case *const *)cases, 4, 32, NULL, &r, &diag), RDNA_OK,
      "%s", diag.message);
   cr_assert_eq(r.batched, 4, "all four share the module");
   cr_assert_eq(r.pipelines, 1, "one pipeline compile for four cases");
   for (unsigned k = 0; k < 4; k++) {
      cr_assert_eq(r.cases[k].status, RDNA_OK, "case %u: %s", k, r.cases[k].diag.message);
      cr_assert(r.cases[k].batched);
      cr_assert(r.cases[k].equal, "case %u: %zu divergences", k, r.cases[k].total_divergences);
      cr_assert(!r.cases[k].ran_alone);
   }
   rdna_batch_result_free(&r);
   destroy_all(cases, 4);
   rdna_gpu_close(gpu);
}

/* A case at the addresses of another with other code is no variant of it: it runs alone. */
Test(batch, a_case_with_other_code_in_a_taken_window_runs_alone)
{
   struct rdna_gpu *gpu = open_device();
   struct rdna_case *cases[2] = { variant_case(0, ""), variant_case(1, "  s_mov_b32 s13, 1\n") };
   struct rdna_batch_result r;
   struct rdna_diag diag;
   cr_assert_eq(
      rdna_diff_batch(gpu, (const struct rdna_case *const *)cases, 2, 32, NULL, &r, &diag), RDNA_OK,
      "%s", diag.message);
   cr_assert(r.cases[0].batched && r.cases[0].equal);
   cr_assert(!r.cases[1].batched && r.cases[1].ran_alone);
   cr_assert(r.cases[1].equal, "%zu divergences", r.cases[1].total_divergences);
   cr_assert_eq(r.pipelines, 2);
   rdna_batch_result_free(&r);
   destroy_all(cases, 2);
   rdna_gpu_close(gpu);
}

/* The module's replicas: each copy of the case in one dispatch reads and writes its own slice of
 * guest memory, so copy r's buffer holds its initial value plus its own s11. */
Test(batch, replicas_of_a_module_write_their_own_memory_slices)
{
   struct rdna_gpu *gpu = open_device();
   struct rdna_case *c = variant_case(0, "");
   unsigned subgroup = 0;
   struct rdna_diag diag;
   cr_assert_eq(rdna_gpu_subgroup_size(gpu, 32, &subgroup, &diag), RDNA_OK, "%s", diag.message);
   struct rdna_recomp_options o = { .wave_size = 32, .subgroup_size = subgroup, .replicas = 5 };
   struct rdna_module *m = NULL;
   cr_assert_eq(rdna_recomp_case(c, &o, &m, &diag), RDNA_OK, "%s", diag.message);
   const struct rdna_module_layout *lay = rdna_module_layout(m);
   cr_assert_eq(lay->replicas, 5);
   uint8_t *one_memory = NULL;
   uint32_t *one_state = NULL;
   cr_assert_eq(rdna_gpu_case_prepare(c, 32, lay, 0, &one_memory, &one_state, &diag), RDNA_OK, "%s",
                diag.message);
   size_t mem = (size_t)lay->memory_bytes, words = (size_t)lay->num_waves * lay->state_words;
   uint8_t *memory = calloc(5, mem);
   uint32_t *state = calloc(5 * words, sizeof(*state));
   cr_assert(memory && state);
   /* copy r: s11 = 7 * (r + 1) */
   for (unsigned r = 0; r < 5; r++) {
      memcpy(memory + r * mem, one_memory, mem);
      memcpy(state + r * words, one_state, words * sizeof(*state));
      state[r * words + RDNA_STATE_SREG(11)] = 7 * (r + 1);
   }
   size_t num_words = 0;
   const uint32_t *spirv = rdna_module_words(m, &num_words);
   struct rdna_gpu_result run;
   cr_assert_eq(rdna_gpu_run(gpu, spirv, num_words, lay, memory, state, NULL, &run, &diag), RDNA_OK,
                "%s", diag.message);
   cr_assert_eq(run.memory_bytes, 5 * mem);
   cr_assert_eq(run.num_waves, 5 * lay->num_waves);
   uint64_t data = lay->regions[0].offset;
   for (unsigned r = 0; r < 5; r++)
      for (unsigned lane = 0; lane < 32; lane++) {
         uint32_t got;
         memcpy(&got, run.memory + r * mem + data + 4 * lane, 4);
         cr_assert_eq(got, 1000u + 7 * (r + 1), "replica %u lane %u: %u", r, lane, got);
      }
   rdna_gpu_result_free(&run);
   free(memory);
   free(state);
   free(one_memory);
   free(one_state);
   rdna_module_destroy(m);
   rdna_case_destroy(c);
   rdna_gpu_close(gpu);
}
