/* A batched differential campaign without findings (include/rdna/batch.h,
 * rdna_fuzz_batch_run): generated cases, each at its own batch window, through rdna_diff_batch,
 * counted and timed. `rdna bench` reports its figures; `rdna fuzz` is the campaign that also
 * reduces and saves what diverges. */
#include <stdbool.h>
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

/* What one unit (programs [first, first + batch) in their variants, one rdna_diff_batch) adds to
 * the statistics. */
static enum rdna_status run_unit(struct rdna_gpu *gpu,
                                 const struct rdna_fuzz_batch_options *options, unsigned batch,
                                 unsigned variants, uint64_t first, struct rdna_case **cases,
                                 struct rdna_fuzz_batch_stats *stats, struct rdna_diag *diag)
{
   enum rdna_status st = RDNA_OK;
   size_t n = 0, programs = 0;
   for (; programs < batch && first + programs < options->count && st == RDNA_OK; programs++)
      for (uint32_t v = 0; v < variants && st == RDNA_OK; v++) {
         st = generate(&options->gen, options->gen.seed + first + programs, programs, v, &cases[n],
                       diag);
         if (st == RDNA_OK)
            n++;
      }
   struct rdna_batch_result r;
   memset(&r, 0, sizeof(r));
   if (st == RDNA_OK)
      st = rdna_diff_batch(gpu, (const struct rdna_case *const *)cases, n, options->gen.wave_size,
                           NULL, &r, diag);
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
   return st;
}

static void add_stats(struct rdna_fuzz_batch_stats *to, const struct rdna_fuzz_batch_stats *from)
{
   to->programs += from->programs;
   to->cases += from->cases;
   to->compared += from->compared;
   to->same += from->same;
   to->diverged += from->diverged;
   to->unsupported += from->unsupported;
   to->pipelines += from->pipelines;
   to->compile_seconds += from->compile_seconds;
   to->run_seconds += from->run_seconds;
   to->interp_seconds += from->interp_seconds;
}

enum rdna_status rdna_fuzz_batch_run_parallel(struct rdna_gpu *const *gpus, size_t num_gpus,
                                              const struct rdna_fuzz_batch_options *options,
                                              struct rdna_fuzz_batch_stats *stats,
                                              struct rdna_diag *diag)
{
   if (stats)
      memset(stats, 0, sizeof(*stats));
   if (!gpus || num_gpus == 0 || num_gpus > RDNA_FUZZ_MAX_JOBS || !options || !stats)
      return fail(diag, RDNA_BAD_ARGUMENT,
                  "no devices (or more than RDNA_FUZZ_MAX_JOBS), "
                  "options or statistics");
   for (size_t j = 0; j < num_gpus; j++)
      if (!gpus[j])
         return fail(diag, RDNA_BAD_ARGUMENT, "a device context is missing");
   unsigned batch = options->batch_size ? options->batch_size : 64;
   if (batch > RDNA_FUZZ_MAX_BATCH)
      return fail(diag, RDNA_BAD_ARGUMENT, "a batch holds at most RDNA_FUZZ_MAX_BATCH cases");
   unsigned variants = options->variants ? options->variants : 1;
   if (variants > RDNA_BATCH_MAX_REPLICAS)
      return fail(diag, RDNA_BAD_ARGUMENT, "at most RDNA_BATCH_MAX_REPLICAS variants");
   double start = now_seconds();
   enum rdna_status st = RDNA_OK;
   uint64_t next = 0; /* the first program of the next unit to hand out */
   size_t taken = 0;
   /* Units go to whichever worker is free; the counts are sums, so they do not depend on
    * which. After a failure no unit starts; the first failure's diagnostic is kept. */
#pragma omp parallel num_threads((int)num_gpus)
   {
      struct rdna_gpu *gpu = NULL;
      struct rdna_fuzz_batch_stats mine;
      memset(&mine, 0, sizeof(mine));
      struct rdna_diag my_diag;
      memset(&my_diag, 0, sizeof(my_diag));
      enum rdna_status my_st = RDNA_OK;
      struct rdna_case **cases = calloc((size_t)batch * variants, sizeof(*cases));
      if (!cases)
         my_st = fail(&my_diag, RDNA_NO_MEMORY, "out of memory");
#pragma omp critical(rdna_fuzz_batch_run)
      gpu = gpus[taken++];
      while (my_st == RDNA_OK) {
         uint64_t first = 0;
         bool claimed = false;
#pragma omp critical(rdna_fuzz_batch_run)
         if (st == RDNA_OK && next < options->count) {
            first = next;
            next += batch;
            claimed = true;
         }
         if (!claimed)
            break;
         my_st = run_unit(gpu, options, batch, variants, first, cases, &mine, &my_diag);
      }
      free(cases);
#pragma omp critical(rdna_fuzz_batch_run)
      {
         add_stats(stats, &mine);
         if (my_st != RDNA_OK && st == RDNA_OK) {
            st = my_st;
            if (diag)
               *diag = my_diag;
         }
      }
   }
   stats->seconds = now_seconds() - start;
   return st;
}

enum rdna_status rdna_fuzz_batch_run(struct rdna_gpu *gpu,
                                     const struct rdna_fuzz_batch_options *options,
                                     struct rdna_fuzz_batch_stats *stats, struct rdna_diag *diag)
{
   if (!gpu) {
      if (stats)
         memset(stats, 0, sizeof(*stats));
      return fail(diag, RDNA_BAD_ARGUMENT, "no device, options or statistics");
   }
   return rdna_fuzz_batch_run_parallel(&gpu, 1, options, stats, diag);
}
