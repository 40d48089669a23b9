/* Recompiler benchmark on a generated program shaped like seed 004's (a shader that names 154
 * VGPRs and addresses them relatively 104 times in about 3,176 ISA words): for each relative
 * lowering, the SPIR-V words per ISA word (goal <= 40), the recompiler's speed in ISA
 * instructions per second on one core with and without the in-process SPIRV-Tools validation
 * (goal >= 10^6/s), and, with --gpu, the Vulkan driver's compile and first-run time of the module
 * against the same program with its relative accesses made plain (goal <= 3x). Each recompile
 * time is the best of several runs. The driver's compile is measured once per module, in
 * wall-clock time and in the CPU time of the whole process (lavapipe compiles on the CPU; on a
 * machine shared with other jobs the CPU time is the steadier figure).
 *
 *   bench_recomp [--runs N] [--subgroup N] [--wave 32|64] [--gpu] [--lowering NAME]
 *                [--print | --print-plain]
 *
 * --lowering measures only that lowering (and the plain program); --print and --print-plain
 * write the generated case (the relative program, or the plain one) before the table. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "measure.h"
#include "rdna/gpu.h"
#include "rdna/recomp.h"

static struct rdna_case *parse(const char *text)
{
   struct rdna_case *c = NULL;
   struct rdna_diag diag;
   if (!text || rdna_case_parse(text, strlen(text), "bench", &c, &diag) != RDNA_OK) {
      fprintf(stderr, "bench_recomp: generated case, line %u: %s\n", text ? diag.line : 0,
              text ? diag.message : "out of memory");
      exit(2);
   }
   return c;
}

struct measure {
   size_t words;
   double lower_s, total_s; /* recompiling without validation; through rdna_recomp_case */
};

static void measure(const struct rdna_case *c, const struct rdna_recomp_options *o, unsigned runs,
                    struct measure *m)
{
   struct bench_recomp_time t;
   struct rdna_module *module = NULL;
   char message[512];
   if (!bench_time_recompile(c, o, runs, runs, &t, &module, message, sizeof(message))) {
      fprintf(stderr, "bench_recomp: %s\n", message);
      exit(1);
   }
   rdna_module_words(module, &m->words);
   rdna_module_destroy(module);
   m->lower_s = t.recompile_s;
   m->total_s = t.validated_s;
}

/* CPU seconds of the whole process, every thread (the driver may compile on its own). */
static double process_cpu(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
   return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

struct gpu_times {
   double compile_ms, run_ms;
   double cpu_s; /* the process's CPU time for the whole run: recompile, driver compile, run */
};

/* The driver's pipeline compile time and the first run (lavapipe compiles lazily there). */
static bool gpu_time(struct rdna_gpu *gpu, const struct rdna_case *c, unsigned wave,
                     enum rdna_relative_lowering lowering, struct gpu_times *t)
{
   struct rdna_gpu_case_options o = { .relative = lowering, .timeout_ns = 600000000000ull };
   struct rdna_gpu_case_result result;
   struct rdna_diag diag;
   double cpu0 = process_cpu();
   enum rdna_status st = rdna_gpu_case_run(gpu, c, wave, &o, &result, &diag);
   bool ok = st == RDNA_OK;
   if (ok) {
      t->cpu_s = process_cpu() - cpu0;
      t->compile_ms = (double)result.run.compile_ns * 1e-6;
      t->run_ms = (double)result.run.run_ns * 1e-6;
   } else {
      fprintf(stderr, "bench_recomp: GPU run: %s: %s\n", rdna_status_name(st), diag.message);
   }
   rdna_gpu_case_result_free(&result);
   return ok;
}

int main(int argc, char **argv)
{
   setvbuf(stdout, NULL, _IOLBF, 0); /* each row as soon as it is measured */
   unsigned runs = 5, subgroup = 8, wave = 32;
   bool use_gpu = false, print = false, print_plain = false, only = false;
   enum rdna_relative_lowering only_lowering = RDNA_RELATIVE_DEFAULT;
   for (int i = 1; i < argc; i++) {
      if (strcmp(argv[i], "--runs") == 0 && i + 1 < argc)
         runs = (unsigned)strtoul(argv[++i], NULL, 0);
      else if (strcmp(argv[i], "--subgroup") == 0 && i + 1 < argc)
         subgroup = (unsigned)strtoul(argv[++i], NULL, 0);
      else if (strcmp(argv[i], "--wave") == 0 && i + 1 < argc)
         wave = (unsigned)strtoul(argv[++i], NULL, 0);
      else if (strcmp(argv[i], "--gpu") == 0)
         use_gpu = true;
      else if (strcmp(argv[i], "--print") == 0)
         print = true;
      else if (strcmp(argv[i], "--print-plain") == 0)
         print_plain = true;
      else if (strcmp(argv[i], "--lowering") == 0 && i + 1 < argc &&
               rdna_relative_lowering_parse(argv[++i], &only_lowering) &&
               only_lowering != RDNA_RELATIVE_DEFAULT)
         only = true;
      else {
         fputs("usage: bench_recomp [--runs N] [--subgroup N] [--wave 32|64] [--gpu] "
               "[--lowering chain|tree|switch|window] [--print | --print-plain]\n",
               stderr);
         return 2;
      }
   }
   if (runs == 0)
      runs = 1;
   struct bench_program_shape shape = {
      wave, BENCH_SEED_VGPRS, BENCH_SEED_WORDS, 0, BENCH_SEED_RELATIVE, false, false, 4
   };
   struct bench_program prog, plain_prog;
   if (!bench_program_build(&shape, &prog))
      prog.text = NULL;
   shape.plain = true;
   if (!bench_program_build(&shape, &plain_prog))
      plain_prog.text = NULL;
   if (print && prog.text)
      fputs(prog.text, stdout);
   if (print_plain && plain_prog.text)
      fputs(plain_prog.text, stdout);
   struct rdna_case *c = parse(prog.text), *plain = parse(plain_prog.text);
   unsigned insts = prog.insts, words = prog.words, plain_insts = plain_prog.insts,
            plain_words = plain_prog.words;
   printf("seed-shaped program: %u instructions, %u ISA words, %u VGPRs, %u relative accesses; "
          "wave%u on subgroup %u (%u lanes per invocation), best of %u\n",
          insts, words, BENCH_SEED_VGPRS, prog.relative, wave, subgroup, wave / subgroup, runs);
   struct rdna_gpu *gpu = NULL;
   if (use_gpu) {
      struct rdna_gpu_options go = { NULL, false };
      struct rdna_diag diag;
      if (rdna_gpu_open(&go, &gpu, &diag) != RDNA_OK) {
         fprintf(stderr, "bench_recomp: no Vulkan device: %s\n", diag.message);
         return 3;
      }
      unsigned s;
      if (rdna_gpu_subgroup_size(gpu, wave, &s, &diag) == RDNA_OK && s != subgroup) {
         printf("the device runs subgroups of %u: using that\n", s);
         subgroup = s;
      }
      printf("device: %s\n", rdna_gpu_device(gpu)->name);
   }
   printf("%-8s %10s %12s %14s %14s %12s", "lowering", "SPIR-V", "words/ISA", "inst/s",
          "inst/s+val", "validate");
   if (gpu)
      printf(" %12s %12s %10s", "compile ms", "run ms", "cpu s");
   printf("\n");
   struct rdna_recomp_options o = { .wave_size = wave,
                                    .subgroup_size = subgroup,
                                    .relative = RDNA_RELATIVE_SELECT_CHAIN };
   struct measure m;
   struct gpu_times plain_t = { 0, 0, 0 }, t;
   measure(plain, &o, runs, &m);
   printf("%-8s %10zu %12.1f %14.0f %14.0f %10.1fms", "(plain)", m.words,
          (double)m.words / plain_words, plain_insts / m.lower_s, plain_insts / m.total_s,
          (m.total_s - m.lower_s) * 1e3);
   if (gpu && gpu_time(gpu, plain, wave, RDNA_RELATIVE_DEFAULT, &plain_t))
      printf(" %12.1f %12.1f %10.1f", plain_t.compile_ms, plain_t.run_ms, plain_t.cpu_s);
   printf("\n");
   for (unsigned r = RDNA_RELATIVE_SELECT_CHAIN; r <= RDNA_RELATIVE_WINDOW_ARRAY; r++) {
      o.relative = (enum rdna_relative_lowering)r;
      if (only && o.relative != only_lowering)
         continue;
      measure(c, &o, runs, &m);
      printf("%-8s %10zu %12.1f %14.0f %14.0f %10.1fms", rdna_relative_lowering_name(o.relative),
             m.words, (double)m.words / words, insts / m.lower_s, insts / m.total_s,
             (m.total_s - m.lower_s) * 1e3);
      if (gpu && gpu_time(gpu, c, wave, o.relative, &t))
         printf(" %12.1f %12.1f %10.1f  (%.2fx, %.2fx, cpu %.2fx plain)", t.compile_ms, t.run_ms,
                t.cpu_s, plain_t.compile_ms > 0 ? t.compile_ms / plain_t.compile_ms : 0,
                plain_t.run_ms > 0 ? t.run_ms / plain_t.run_ms : 0,
                plain_t.cpu_s > 0 ? t.cpu_s / plain_t.cpu_s : 0);
      printf("\n");
   }
   printf("inst/s: the recompiler without validation; inst/s+val: with SPIRV-Tools' validation, "
          "as rdna_recomp_case runs.\n");
   rdna_gpu_close(gpu);
   rdna_case_destroy(c);
   rdna_case_destroy(plain);
   bench_program_free(&prog);
   bench_program_free(&plain_prog);
   return 0;
}
