/* rdna differential batches: many cases compared at once, interpreter against ONE recompiled
 * module dispatched once on a Vulkan device, so that a differential campaign is not bound by the
 * driver's compile time (DESIGN.md "Performance goals": >= 64 cases per pipeline compile).
 *
 * How a batch is built. Each case keeps its own guest addresses: its regions must lie inside one
 * window of RDNA_BATCH_WINDOW bytes that no other case of the batch uses (the generator places a
 * case there with rdna_gen_options.base). The batch module is the recompiler's module of one
 * combined case holding every case's regions, in case order, with as many workgroups as all
 * cases together: case k's workgroups follow case k-1's, so its waves' state records (binding 1)
 * are a contiguous run that the host fills from rdna_gpu_case_prepare of case k alone, entry PC
 * included; the module starts every wave at the PC of its record, and each instruction sees
 * only the regions of its own case's window (rdna_recomp_options.batch_window), so an access
 * that leaves a case's regions faults exactly as it does when the case runs alone. After one
 * dispatch the final memory, records and LDS are cut back per case and compared with the
 * interpreter's run of that case alone by rdna_diff_compare, the comparison `rdna diff` uses.
 *
 * Variants. Cases that share a window and are variants of its first case (the same regions at
 * the same addresses and the same program bytes; their buffers' contents and initial registers
 * differ, e.g. rdna_gen_options.variant) share that case's code: the module runs `replicas`
 * copies of the combined case (rdna_recomp_options.replicas), copy r holding each window's r-th
 * variant with its own memory, state records, scratch and LDS, so one compile serves programs
 * times variants. A window with fewer variants than the most has its first case fill the rest,
 * run and not compared.
 *
 * A case in a batch runs as it does alone: the module's dispatcher for its window knows only its
 * blocks, so a computed jump out of its code faults BAD_JUMP (or MISALIGNED inside its own code)
 * as the interpreter's fetch does, and its memory accesses see only its regions. Still, a case
 * that diverges in a batch is run again alone (rdna_diff_case) before it counts, so an artifact
 * of batching is never reported as a finding: see rdna_batch_case.alone.
 *
 * Cases that cannot join run alone: another target, wave size, VGPR allocation, workgroup size,
 * LDS size or step limit than the batch's first case, or regions outside one free window. A
 * case the recompiler cannot lower alone (UNSUPPORTED, naming the instruction) is reported, not
 * batched, so one gap never sinks the batch. */
#ifndef RDNA_BATCH_H
#define RDNA_BATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rdna/diff.h"
#include "rdna/gen.h"
#include "rdna/gpu.h"
#include "rdna/status.h"

/* The guest address window each case of a batch owns (a power of two, as the recompiler's
 * batch_window requires): case k of a generated batch uses base (k + 1) * RDNA_BATCH_WINDOW. */
#define RDNA_BATCH_WINDOW (1ull << 32)

/* The most variants one window of a batch takes (the rest run alone). */
#define RDNA_BATCH_MAX_REPLICAS 4096

/* One case of a batch. */
struct rdna_batch_case {
   /* OK when the case ran on both backends and was compared (see `equal`); otherwise why not:
    * the recompiler's UNSUPPORTED (diag names the instruction) or INTERNAL, a load error. */
   enum rdna_status status;
   struct rdna_diag diag;
   bool batched;             /* it ran in the batch module (false: alone) */
   bool equal;               /* no divergence (when it diverged in the batch: none alone) */
   size_t total_divergences; /* in the batch (or alone, for a case that ran alone) */
   /* A case that diverged in the batch, or ran alone, has its run by rdna_diff_case here (the
    * report and the signature of rdna_reduce_signature come from it); `alone_status` is its
    * status. Zeroed otherwise. */
   bool ran_alone;
   enum rdna_status alone_status;
   struct rdna_diag alone_diag;
   struct rdna_diff_result alone;
};

/* What rdna_diff_batch did. Free with rdna_batch_result_free. */
struct rdna_batch_result {
   size_t num_cases;
   struct rdna_batch_case *cases; /* in the order given */
   size_t batched;                /* cases that ran in the batch module */
   unsigned pipelines;            /* pipeline compiles: the batch's and every run alone */
   size_t spirv_words;            /* of the batch module */
   uint64_t recompile_ns;         /* recompiling the cases alone and the batch */
   uint64_t compile_ns;           /* the batch pipeline's driver compile */
   uint64_t run_ns;               /* the batch dispatch, uploads and read-back included */
   uint64_t interp_ns;            /* the interpreter's runs of the batched cases */
   uint64_t alone_ns;             /* runs alone (confirmations and cases that could not join) */
};

/* Runs `count` cases at `wave_size` as one batch on `gpu` (see above), with `options` as
 * rdna_diff_case takes them (edit_module applies to the batch module). Returns OK when every
 * case got its outcome in result->cases (each may still be UNSUPPORTED or diverge);
 * BAD_ARGUMENT for no cases or device; DEVICE when the device failed or was lost (the context is
 * then unusable, as after rdna_gpu_run); NO_MEMORY. Free the result either way. */
enum rdna_status rdna_diff_batch(struct rdna_gpu *gpu, const struct rdna_case *const *cases,
                                 size_t count, unsigned wave_size,
                                 const struct rdna_diff_options *options,
                                 struct rdna_batch_result *result, struct rdna_diag *diag);

/* Accepts NULL and a zeroed result. */
void rdna_batch_result_free(struct rdna_batch_result *result);

/* ---- a batched campaign, for benchmarks ------------------------------------------------------ */

struct rdna_fuzz_batch_options {
   struct rdna_gen_options gen; /* seed: the first; case k uses seed + k; base is set per case */
   uint64_t count;              /* programs to generate and run */
   unsigned batch_size;         /* programs per batch, 1..RDNA_FUZZ_MAX_BATCH; 0: 64 */
   /* Variants of each program (rdna_gen_options.variant 0 .. variants - 1), in its batch's
    * module: every variant is a case; 0 or 1: the programs alone. */
   unsigned variants;
};

#define RDNA_FUZZ_MAX_BATCH 128 /* two regions per generated case: RDNA_CASE_MAX_REGIONS */

/* What rdna_fuzz_batch_run measured. */
struct rdna_fuzz_batch_stats {
   uint64_t programs;    /* generated */
   uint64_t cases;       /* run: programs times variants */
   uint64_t compared;    /* ran on both backends and compared */
   uint64_t same;        /* compared equal */
   uint64_t diverged;    /* diverged, confirmed by a run alone */
   uint64_t unsupported; /* the recompiler cannot lower them */
   uint64_t pipelines;   /* pipeline compiles */
   double seconds;       /* wall time, generation included */
   double compile_seconds, run_seconds, interp_seconds;
};

/* Generates options->count programs, each in options->variants variants, and runs them through
 * rdna_diff_batch in batches of options->batch_size programs on `gpu`: the figures of `rdna
 * bench`'s fuzzing row (cases per second, cases per pipeline compile = compared / pipelines).
 * Returns OK with *stats filled; BAD_ARGUMENT for bad options (diag says which); DEVICE; NO_MEMORY.
 */
enum rdna_status rdna_fuzz_batch_run(struct rdna_gpu *gpu,
                                     const struct rdna_fuzz_batch_options *options,
                                     struct rdna_fuzz_batch_stats *stats, struct rdna_diag *diag);

/* The most device contexts (worker threads) rdna_fuzz_batch_run_parallel takes. */
#define RDNA_FUZZ_MAX_JOBS 256

/* As rdna_fuzz_batch_run, with batches run at once by `num_gpus` worker threads (1 to
 * RDNA_FUZZ_MAX_JOBS; OpenMP, one at a time without it), each on its own device context
 * gpus[j] (contexts are not thread-safe: one per worker) and with its own interpreter runs.
 * The cases and every count are those of one worker; stats->seconds is the wall time, the
 * compile, run and interpreter seconds are summed over the workers. After a failure no batch
 * starts; the first failure is returned with its diagnostic. */
enum rdna_status rdna_fuzz_batch_run_parallel(struct rdna_gpu *const *gpus, size_t num_gpus,
                                              const struct rdna_fuzz_batch_options *options,
                                              struct rdna_fuzz_batch_stats *stats,
                                              struct rdna_diag *diag);

#endif
