/* The case corpus on the default Vulkan device (lavapipe in CI) through the recompiler: every
 * case that no `todo(recomp)` line marks as a known gap meets [expect] on both backends, and the
 * differential driver (include/rdna/diff.h) finds their final states equal: registers, lanes,
 * memory, LDS, end PC, steps and fault. Tests run from the repository root (CTest sets it). */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rdna/diff.h"
#include "tests/common/corpus_files.h"

/* Runs the corpus files whose index is `shard` modulo CORPUS_SHARDS: the corpus is split over
 * several tests so that Criterion runs them in parallel, each within its own time limit. */
#define CORPUS_SHARDS 4

static void run_shard(unsigned shard)
{
   struct rdna_gpu *gpu = NULL;
   struct rdna_diag diag;
   enum rdna_status st = rdna_gpu_open(NULL, &gpu, &diag);
   if (st == RDNA_NO_DEVICE)
      cr_skip_test("no Vulkan device: %s", diag.message);
   cr_assert_eq(st, RDNA_OK, "%s", diag.message);

   struct corpus_files list;
   corpus_files_collect("corpus", &list);
   cr_assert_gt(list.count, 0);
   unsigned runs = 0, failures = 0, gaps = 0;
   for (size_t i = shard; i < list.count; i += CORPUS_SHARDS) {
      const char *path = list.paths[i];
      size_t size;
      char *text = corpus_files_read(path, &size);
      struct rdna_case *c = NULL;
      st = rdna_case_parse(text, size, path, &c, &diag);
      cr_assert_eq(st, RDNA_OK, "%s:%u: %s", path, diag.line, diag.message);
      bool todo = rdna_case_has_todo(c, "recomp");
      for (unsigned wave = 32; wave <= 64; wave *= 2) {
         if (!(rdna_case_waves(c) & (wave == 32 ? RDNA_CASE_WAVE32 : RDNA_CASE_WAVE64)))
            continue;
         runs++;
         if (todo) { /* a known gap: `rdna diff` reports it; CI time goes to the others */
            gaps++;
            continue;
         }
         struct rdna_diff_result r;
         st = rdna_diff_case(gpu, c, wave, NULL, &r, &diag);
         if (st != RDNA_OK) {
            cr_log_error("%s wave%u: %s: %s", path, wave, rdna_status_name(st), diag.message);
            failures++;
         } else if (!r.interp.passed) {
            cr_log_error("%s wave%u: the interpreter misses [expect]", path, wave);
            failures++;
         } else if (!r.gpu.passed || !r.equal) {
            for (size_t f = 0; f < r.gpu.num_failures; f++)
               cr_log_error("%s:%u: wave%u: %s", path, r.gpu.failures[f].failure.line, wave,
                            r.gpu.failures[f].failure.message);
            for (size_t d = 0; d < r.num_divergences && d < 8; d++) {
               const struct rdna_divergence *v = &r.divergences[d];
               cr_log_error("%s wave%u, wave %u: %s %u lane %u address 0x%llx: interp 0x%llx, "
                            "gpu 0x%llx",
                            path, wave, v->wave, rdna_divergence_kind_name(v->kind), v->reg,
                            v->lane, (unsigned long long)v->address, (unsigned long long)v->interp,
                            (unsigned long long)v->gpu);
            }
            failures++;
         }
         rdna_diff_result_free(&r);
      }
      rdna_case_destroy(c);
      free(text);
   }
   corpus_files_free(&list);
   rdna_gpu_close(gpu);
   cr_log_info("shard %u: %u runs, %u known gaps (todo(recomp))", shard, runs, gaps);
   cr_assert_eq(failures, 0, "%u of %u runs fail on the GPU without a todo(recomp) line", failures,
                runs);
}

Test(corpus, every_case_the_interpreter_passes_passes_on_the_gpu_0, .timeout = 1200)
{
   run_shard(0);
}

Test(corpus, every_case_the_interpreter_passes_passes_on_the_gpu_1, .timeout = 1200)
{
   run_shard(1);
}

Test(corpus, every_case_the_interpreter_passes_passes_on_the_gpu_2, .timeout = 1200)
{
   run_shard(2);
}

Test(corpus, every_case_the_interpreter_passes_passes_on_the_gpu_3, .timeout = 1200)
{
   run_shard(3);
}
