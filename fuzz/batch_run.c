/* A batched differential campaign without findings (include/rdna/batch.h,
 * rdna_fuzz_batch_run): generated cases, each at its own batch window, through rdna_diff_batch,
 * counted and timed. `rdna bench` reports its figures; `rdna fuzz` is the campaign that also
 * reduces and saves what diverges. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rdna/batch.h"

static double now_seconds(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static enum rdna_status fail(struct rdna_diag *diag, enum rdna_status status, const char *message)
{
   if (diag) {
      memset(diag, 0, sizeof(*diag));
      diag->status = status;
      strncpy(diag->message, message, sizeof(diag->message) - 1);
   }
   return status;
}

/* Generates and parses variant `variant` of the case of `seed` in batch slot `slot`. */
static enum rdna_status generate(const struct rdna_gen_options *base, uint64_t seed, size_t slot,
                                 uint32_t variant, struct rdna_case **out, struct rdna_diag *diag)
{
   struct rdna_gen_options gen = *base;
   gen.seed = seed;
   gen.base = (slot + 1) * RDNA_BATCH_WINDOW;
   gen.variant = variant;
   char *text = NULL;
   size_t length = 0;
   enum rdna_status st = rdna_gen_case(&gen, &text, &length, diag);
   if (st == RDNA_OK)
      st = rdna_case_parse(text, length, NULL, out, diag);
   free(text);
   return st;
}

enum rdna_status rdna_fuzz_batch_run(struct rdna_gpu *gpu,
                                     const struct rdna_fuzz_batch_options *options,
                                     struct rdna_fuzz_batch_stats *stats, struct rdna_diag *diag)
{
   if (stats)
      memset(stats, 0, sizeof(*stats));
   if (!gpu || !options || !stats)
      return fail(diag, RDNA_BAD_ARGUMENT, "no device, options or statistics");
   unsigned batch = options->batch_size ? options->batch_size : 64;
   if (batch > RDNA_FUZZ_MAX_BATCH)
      return fail(diag, RDNA_BAD_ARGUMENT, "a batch holds at most RDNA_FUZZ_MAX_BATCH cases");
   unsigned variants = options->variants ? options->variants : 1;
   if (variants > RDNA_BATCH_MAX_REPLICAS)
      return fail(diag, RDNA_BAD_ARGUMENT, "at most RDNA_BATCH_MAX_REPLICAS variants");
   struct rdna_case **cases = calloc((size_t)batch * variants, sizeof(*cases));
   if (!cases)
      return fail(diag, RDNA_NO_MEMORY, "out of memory");
   double start = now_seconds();
   enum rdna_status st = RDNA_OK;
   for (uint64_t done = 0; done < options->count && st == RDNA_OK;) {
      size_t n = 0, programs = 0;
      for (; programs < batch && done + programs < options->count && st == RDNA_OK; programs++)
         for (uint32_t v = 0; v < variants && st == RDNA_OK; v++) {
            st = generate(&options->gen, options->gen.seed + done + programs, programs, v,
                          &cases[n], diag);
            if (st == RDNA_OK)
               n++;
         }
      struct rdna_batch_result r;
      memset(&r, 0, sizeof(r));
      if (st == RDNA_OK)
         st = rdna_diff_batch(gpu, (const struct rdna_case *const *)cases, n,
                              options->gen.wave_size, NULL, &r, diag);
      if (st == RDNA_OK) {
         stats->programs += programs;
         stats->cases += n;
         stats->pipelines += r.pipelines;
         stats->compile_seconds += (double)r.compile_ns / 1e9;
         stats->run_seconds += (double)r.run_ns / 1e9;
         stats->interp_seconds += (double)r.interp_ns / 1e9;
         for (size_t i = 0; i < n; i++) {
            const struct rdna_batch_case *bc = &r.cases[i];
            if (bc->status == RDNA_UNSUPPORTED)
               stats->unsupported++;
            if (bc->status != RDNA_OK)
               continue;
            stats->compared++;
            if (bc->equal)
               stats->same++;
            else
               stats->diverged++;
         }
      }
      rdna_batch_result_free(&r);
      for (size_t i = 0; i < n; i++) {
         rdna_case_destroy(cases[i]);
         cases[i] = NULL;
      }
      done += programs;
   }
   stats->seconds = now_seconds() - start;
   free(cases);
   return st;
}
