/* Recompiler benchmark on a generated program shaped like seed 004's (a shader that names 154
 * VGPRs and addresses them relatively 104 times in about 3,176 ISA words): for each relative
 * lowering, the SPIR-V words per ISA word (goal <= 40), the recompiler's speed in ISA
 * instructions per second on one core with and without the in-process SPIRV-Tools validation
 * (goal >= 10^6/s), and, with --gpu, the Vulkan driver's compile and first-run time of the module
 * against the same program with its relative accesses made plain (goal <= 3x). Each time is the
 * best of several runs.
 *
 *   bench_recomp [--runs N] [--subgroup N] [--wave 32|64] [--gpu] [--print] */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rdna/gpu.h"
#include "rdna/recomp.h"
#include "recomp/recomp_internal.h"
#include "recomp/spirv_builder.h"

#define NAMED_VGPRS 154
#define RELATIVE_ACCESSES 104
#define TARGET_WORDS 3176

static double now(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

struct text {
   char *data;
   size_t len, cap;
};

static void add(struct text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void add(struct text *t, const char *fmt, ...)
{
   for (;;) {
      va_list ap;
      va_start(ap, fmt);
      int n = vsnprintf(t->data ? t->data + t->len : NULL, t->data ? t->cap - t->len : 0, fmt, ap);
      va_end(ap);
      if (n < 0)
         exit(3);
      if (t->data && t->len + (size_t)n < t->cap) {
         t->len += (size_t)n;
         return;
      }
      t->cap = t->cap ? t->cap * 2 : 1 << 16;
      t->data = realloc(t->data, t->cap);
      if (!t->data) {
         fputs("bench_recomp: out of memory\n", stderr);
         exit(3);
      }
   }
}

static uint32_t next(uint32_t *state)
{
   *state = *state * 1664525u + 1013904223u;
   return *state >> 8;
}

/* The program: every VGPR v0-v153 written once first, then a mix of one- and two-dword VALU
 * instructions (VOP2, VOPC, VOP3) and scalar bookkeeping, with a relative access (s_mov_b32 m0
 * and a v_movrels_b32 / v_movreld_b32 whose base is v10) spread evenly until about TARGET_WORDS
 * words. `plain` replaces each relative access by a v_mov_b32 of its base register. Returns the
 * number of instructions and ISA words. */
static char *make_case(unsigned wave, bool plain, unsigned *insts, unsigned *words)
{
   struct text t = { 0 };
   uint32_t seed = 4;
   unsigned n = 0, w = 0, relative = 0;
   add(&t, "[require]\nwave %u\nvgprs %u\n[program]\n", wave, NAMED_VGPRS);
   for (unsigned r = 1; r < NAMED_VGPRS; r++, n++, w++)
      add(&t, "  v_add_nc_u32 v%u, v%u, v0\n", r, r - 1);
   unsigned gap = (TARGET_WORDS - w) / RELATIVE_ACCESSES;
   unsigned since = 0;
   while (w < TARGET_WORDS - 1) {
      unsigned d = next(&seed) % NAMED_VGPRS, a = next(&seed) % NAMED_VGPRS,
               b = next(&seed) % NAMED_VGPRS, c = next(&seed) % NAMED_VGPRS;
      if (since >= gap && relative < RELATIVE_ACCESSES) {
         unsigned offset = next(&seed) % (NAMED_VGPRS - 10);
         bool read = relative % 2 == 0;
         add(&t, "  s_mov_b32 m0, %u\n", offset);
         if (plain)
            add(&t, "  v_mov_b32 v%u, v10\n", d);
         else if (read)
            add(&t, "  v_movrels_b32 v%u, v10\n", d);
         else
            add(&t, "  v_movreld_b32 v10, v%u\n", a);
         n += 2;
         w += 2;
         relative++;
         since = 0;
         continue;
      }
      switch (next(&seed) % 8) {
      case 0:
         add(&t, "  v_mad_u32_u24 v%u, v%u, v%u, v%u\n", d, a, b, c);
         w += 2;
         since += 2;
         break;
      case 1:
         add(&t, "  v_lshl_add_u32 v%u, v%u, 3, v%u\n", d, a, b);
         w += 2;
         since += 2;
         break;
      case 2:
         add(&t, "  v_cmp_gt_u32 vcc%s, v%u, v%u\n", wave == 32 ? "_lo" : "", a, b);
         w++;
         since++;
         break;
      case 3:
         add(&t, "  v_cndmask_b32 v%u, v%u, v%u, vcc%s\n", d, a, b, wave == 32 ? "_lo" : "");
         w++;
         since++;
         break;
      case 4:
         add(&t, "  s_add_u32 s%u, s%u, %u\n", d % 32, a % 32, b % 64);
         w++;
         since++;
         break;
      case 5:
         add(&t, "  v_xor_b32 v%u, v%u, v%u\n", d, a, b);
         w++;
         since++;
         break;
      case 6:
         add(&t, "  v_and_or_b32 v%u, v%u, v%u, v%u\n", d, a, b, c);
         w += 2;
         since += 2;
         break;
      default:
         add(&t, "  v_add_nc_u32 v%u, v%u, v%u\n", d, a, b);
         w++;
         since++;
         break;
      }
      n++;
   }
   add(&t, "  s_endpgm\n[init]\nv0 = lane\n");
   *insts = n + 1;
   *words = w + 1;
   return t.data;
}

static struct rdna_case *parse(const char *text)
{
   struct rdna_case *c = NULL;
   struct rdna_diag diag;
   if (rdna_case_parse(text, strlen(text), "bench", &c, &diag) != RDNA_OK) {
      fprintf(stderr, "bench_recomp: generated case, line %u: %s\n", diag.line, diag.message);
      exit(2);
   }
   return c;
}

struct measure {
   size_t words;
   double lower_s, validate_s; /* recompiling without validation; validating the module */
};

static void measure(const struct rdna_case *c, const struct rdna_recomp_options *o, unsigned runs,
                    struct measure *m)
{
   m->lower_s = m->validate_s = 1e30;
   for (unsigned r = 0; r < runs; r++) {
      struct rdna_module *module = NULL;
      struct rdna_diag diag;
      double t0 = now();
      enum rdna_status st = recomp_case(c, o, false, &module, &diag);
      double t1 = now();
      if (st != RDNA_OK) {
         fprintf(stderr, "bench_recomp: %s: %s\n", rdna_status_name(st), diag.message);
         exit(1);
      }
      const uint32_t *words = rdna_module_words(module, &m->words);
      double t2 = now();
      st = spvb_validate(words, m->words, &diag);
      double t3 = now();
      if (st != RDNA_OK) {
         fprintf(stderr, "bench_recomp: %s\n", diag.message);
         exit(1);
      }
      m->lower_s = t1 - t0 < m->lower_s ? t1 - t0 : m->lower_s;
      m->validate_s = t3 - t2 < m->validate_s ? t3 - t2 : m->validate_s;
      rdna_module_destroy(module);
   }
}

/* The driver's pipeline compile time and the first run (lavapipe compiles lazily there). */
static bool gpu_time(struct rdna_gpu *gpu, const struct rdna_case *c, unsigned wave,
                     enum rdna_relative_lowering lowering, double *compile_ms, double *run_ms)
{
   struct rdna_gpu_case_options o = { lowering, 0, 600000000000ull };
   struct rdna_gpu_case_result result;
   struct rdna_diag diag;
   enum rdna_status st = rdna_gpu_case_run(gpu, c, wave, &o, &result, &diag);
   bool ok = st == RDNA_OK;
   if (ok) {
      *compile_ms = (double)result.run.compile_ns * 1e-6;
      *run_ms = (double)result.run.run_ns * 1e-6;
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
   bool use_gpu = false, print = false;
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
      else {
         fputs("usage: bench_recomp [--runs N] [--subgroup N] [--wave 32|64] [--gpu] [--print]\n",
               stderr);
         return 2;
      }
   }
   if (runs == 0)
      runs = 1;
   unsigned insts, words, plain_insts, plain_words;
   char *text = make_case(wave, false, &insts, &words);
   char *plain_text = make_case(wave, true, &plain_insts, &plain_words);
   if (print)
      fputs(text, stdout);
   struct rdna_case *c = parse(text), *plain = parse(plain_text);
   printf("seed-shaped program: %u instructions, %u ISA words, %u VGPRs, %u relative accesses; "
          "wave%u on subgroup %u (%u lanes per invocation), best of %u\n",
          insts, words, NAMED_VGPRS, RELATIVE_ACCESSES, wave, subgroup, wave / subgroup, runs);
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
      printf(" %12s %12s", "compile ms", "run ms");
   printf("\n");
   struct rdna_recomp_options o = { .wave_size = wave,
                                    .subgroup_size = subgroup,
                                    .relative = RDNA_RELATIVE_SELECT_CHAIN };
   struct measure m;
   double plain_compile = 0, plain_run = 0;
   measure(plain, &o, runs, &m);
   printf("%-8s %10zu %12.1f %14.0f %14.0f %10.1fms", "(plain)", m.words,
          (double)m.words / plain_words, plain_insts / m.lower_s,
          plain_insts / (m.lower_s + m.validate_s), m.validate_s * 1e3);
   if (gpu && gpu_time(gpu, plain, wave, RDNA_RELATIVE_DEFAULT, &plain_compile, &plain_run))
      printf(" %12.1f %12.1f", plain_compile, plain_run);
   printf("\n");
   for (unsigned r = RDNA_RELATIVE_SELECT_CHAIN; r <= RDNA_RELATIVE_WINDOW_ARRAY; r++) {
      o.relative = (enum rdna_relative_lowering)r;
      measure(c, &o, runs, &m);
      printf("%-8s %10zu %12.1f %14.0f %14.0f %10.1fms", rdna_relative_lowering_name(o.relative),
             m.words, (double)m.words / words, insts / m.lower_s,
             insts / (m.lower_s + m.validate_s), m.validate_s * 1e3);
      double compile, run;
      if (gpu && gpu_time(gpu, c, wave, o.relative, &compile, &run))
         printf(" %12.1f %12.1f  (%.2fx, %.2fx plain)", compile, run,
                plain_compile > 0 ? compile / plain_compile : 0,
                plain_run > 0 ? run / plain_run : 0);
      printf("\n");
   }
   printf("inst/s: the recompiler without validation; inst/s+val: with SPIRV-Tools' validation, "
          "as rdna_recomp_case runs.\n");
   rdna_gpu_close(gpu);
   rdna_case_destroy(c);
   rdna_case_destroy(plain);
   free(text);
   free(plain_text);
   return 0;
}
