/* Shared measurement code of the benchmark programs (bench/bench_*.c) and `rdna bench`
 * (tools/cmd_bench.c): the generated programs they time, SPIR-V opcode counts, `spirv-opt -O`
 * in process, a power-law fit and the SVG plots. Built as the rdna_bench library; not part of
 * the core library. */
#ifndef RDNA_BENCH_MEASURE_H
#define RDNA_BENCH_MEASURE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Monotonic seconds. */
double bench_now(void);
/* The calling thread's CPU seconds: what a single-threaded computation costs, whatever else
 * the machine runs. */
double bench_thread_cpu(void);

/* ---- generated programs -----------------------------------------------------------------------
 */

/* The shape of a generated program: VGPRs v0..v(vgprs-1) each written once first, then a mix of
 * one- and two-dword VALU instructions (VOP2, VOPC, VOP3) and scalar bookkeeping until about
 * `target_words` ISA words, with `relative_accesses` relative accesses (s_mov_b32 m0 and a
 * v_movrels_b32 / v_movreld_b32 whose base is v10) spread evenly. `plain` replaces each relative
 * access by a v_mov_b32 of its base register. `flow` adds, every few instructions, a forward
 * conditional branch over a short run of instructions and calls of four leaf functions placed
 * after s_endpgm (s_call_b64 s[30:31]; at most about 30,000 words, which its offset reaches). */
struct bench_program_shape {
   unsigned wave; /* 32 or 64 */
   unsigned vgprs;
   unsigned target_words;
   unsigned target_insts; /* stop at this many instructions as well; 0: no limit */
   unsigned relative_accesses;
   bool plain;
   bool flow;
   uint32_t seed;
};

/* Seed 004's shape: 154 VGPRs addressed relatively 104 times in about 3,176 ISA words. */
#define BENCH_SEED_VGPRS 154
#define BENCH_SEED_RELATIVE 104
#define BENCH_SEED_WORDS 3176

struct bench_program {
   char *text; /* a case file (corpus/README.md), malloc'd */
   unsigned insts, words;
   unsigned branches, calls, relative;
};

/* Builds the case text of `shape`. False when out of memory or the shape is out of range (wave
 * not 32/64, fewer than 12 or more than 256 VGPRs, more than 30,000 words). */
bool bench_program_build(const struct bench_program_shape *shape, struct bench_program *out);
void bench_program_free(struct bench_program *program);

/* ---- recompiling ---------------------------------------------------------------------------- */

struct rdna_case;
struct rdna_recomp_options;
struct rdna_module;

/* The recompiler's times for one case in CPU seconds of the calling thread (the recompiler and
 * the validator are single-threaded), each the best of `runs`: without the in-process
 * SPIRV-Tools validation (the recompiler alone) and through rdna_recomp_case, which validates. */
struct bench_recomp_time {
   double recompile_s, validated_s;
};

/* Times the recompile of `c`, without validation the best of `runs`, with it the best of
 * `validated_runs` (validation is the slow part), and leaves the last module in *module (destroy
 * it with rdna_module_destroy). False with the recompiler's message otherwise. */
bool bench_time_recompile(const struct rdna_case *c, const struct rdna_recomp_options *options,
                          unsigned runs, unsigned validated_runs, struct bench_recomp_time *time,
                          struct rdna_module **module, char *message, size_t message_size);

/* ---- SPIR-V -----------------------------------------------------------------------------------
 */

/* Instruction counts of a SPIR-V module, from its words. */
struct bench_spirv_stats {
   size_t words;
   size_t instructions;
   size_t selects;   /* OpSelect */
   size_t phis;      /* OpPhi */
   size_t blocks;    /* OpLabel */
   size_t functions; /* OpFunction */
   size_t switches;  /* OpSwitch */
};

/* Walks the module's instructions after the 5-word header. False when the words are not a
 * module (too short, wrong magic, an instruction of word count 0 or running past the end). */
bool bench_spirv_count(const uint32_t *words, size_t num_words, struct bench_spirv_stats *stats);

/* Runs SPIRV-Tools' optimizer with `spirv-opt -O`'s passes (Optimizer::RegisterPerformancePasses)
 * for Vulkan 1.2 on the module; *out (free with free()) receives the result. False with the
 * optimizer's first error in `message` (NUL-terminated, `message_size` bytes) otherwise. */
bool bench_spirv_optimize(const uint32_t *words, size_t num_words, uint32_t **out,
                          size_t *out_words, char *message, size_t message_size);

/* ---- fits -------------------------------------------------------------------------------------
 */

/* Least-squares slope of log(y) against log(x) over n points (y = a * x^slope). False for fewer
 * than 2 points, a non-positive value or equal x everywhere. */
bool bench_fit_exponent(const double *x, const double *y, size_t n, double *slope);

/* ---- interpreter throughput -------------------------------------------------------------------
 */

/* A loop of integer VALU instructions (add, xor, shift-add, and-or, max) run `iters` times on
 * the interpreter with EXEC `exec`, against an in-run native loop doing the same lane
 * arithmetic with the same masking. Times are the best of `runs`. */
struct bench_interp_result {
   double valu_insts; /* VALU instructions the interpreter executed */
   double interp_s, native_s;
   bool match; /* the interpreter's and the native loop's results agree */
};

bool bench_interp_valu(unsigned wave, uint64_t exec, unsigned iters, unsigned runs,
                       struct bench_interp_result *result, char *message, size_t message_size);

/* ---- SVG plots --------------------------------------------------------------------------------
 */

struct bench_series {
   const char *name;
   size_t count;
   const double *x, *y; /* positive values; plotted on log-log axes */
};

/* Writes an SVG 1.1 line plot with log10 axes, ticks at 1, 2 and 5 of each decade, axis labels
 * and a legend. False when the file cannot be written or no series has a positive point. */
bool bench_svg_plot(const char *path, const char *title, const char *x_label, const char *y_label,
                    const struct bench_series *series, size_t num_series);

#ifdef __cplusplus
}
#endif

#endif
