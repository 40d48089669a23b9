/* Interpreter VALU throughput: a loop of integer VALU instructions (add, xor, shift-add, and-or,
 * max) in wave32 and wave64 with a mixed EXEC mask, against an in-run native loop doing the same
 * lane arithmetic with the same masking, so the ratio survives a noisy machine. The goal
 * (DESIGN.md "Performance goals"): >= 2x10^7 wave32 VALU instructions/s on one core.
 *
 *   bench_interp [--iters N] [--runs N]        (defaults: 20000 loop iterations, best of 3) */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rdna/interp.h"

#define BODY_REPEATS 16 /* each repeat is 5 VALU instructions */
#define VALU_PER_ITER (BODY_REPEATS * 5)

static double now(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* s0 counts down; the body updates v1..v4 from v0 (lane id) and themselves. */
static char *make_source(void)
{
   size_t cap = 64 * 1024;
   char *src = malloc(cap);
   if (!src)
      return NULL;
   size_t n = (size_t)snprintf(src, cap, "loop:\n");
   for (int i = 0; i < BODY_REPEATS; i++)
      n += (size_t)snprintf(src + n, cap - n,
                            "v_add_nc_u32 v1, v1, v0\n"
                            "v_xor_b32 v2, v2, v1\n"
                            "v_lshl_add_u32 v3, v2, 3, v3\n"
                            "v_and_or_b32 v4, v3, v1, v4\n"
                            "v_max_u32 v1, v1, v4\n");
   snprintf(src + n, cap - n,
            "s_sub_u32 s0, s0, 1\n"
            "s_cmp_lg_u32 s0, 0\n"
            "s_cbranch_scc1 loop\n"
            "s_endpgm\n");
   return src;
}

/* The same lane arithmetic natively: lanes of v1..v4, EXEC-masked writes. */
static uint32_t native(unsigned wave, uint64_t exec, unsigned iters)
{
   uint32_t v[5][64], mask[64];
   for (unsigned l = 0; l < 64; l++) {
      v[0][l] = l;
      v[1][l] = v[2][l] = v[3][l] = v[4][l] = 0;
      mask[l] = (exec >> l) & 1 ? ~0u : 0u;
   }
   for (unsigned it = 0; it < iters; it++)
      for (int i = 0; i < BODY_REPEATS; i++) {
#define BLEND(d, expr)                 \
   for (unsigned l = 0; l < wave; l++) \
      v[d][l] = ((uint32_t)(expr)&mask[l]) | (v[d][l] & ~mask[l]);
         BLEND(1, v[1][l] + v[0][l])
         BLEND(2, v[2][l] ^ v[1][l])
         BLEND(3, (v[2][l] << 3) + v[3][l])
         BLEND(4, (v[3][l] & v[1][l]) | v[4][l])
         BLEND(1, v[1][l] > v[4][l] ? v[1][l] : v[4][l])
#undef BLEND
      }
   uint32_t sum = 0;
   for (unsigned l = 0; l < wave; l++)
      sum += v[1][l] ^ v[3][l];
   return sum;
}

static int run_interp(unsigned wave, uint64_t exec, unsigned iters, const uint32_t *words,
                      size_t num_words, double *seconds, uint32_t *check)
{
   struct rdna_machine_config config = { .target = RDNA_TARGET_GFX1030,
                                         .wave_size = wave,
                                         .vgprs = 8,
                                         .step_limit = (uint64_t)iters * 200 + 100 };
   struct rdna_machine *m = NULL;
   if (rdna_machine_create(&config, &m, NULL) != RDNA_OK ||
       rdna_machine_add_region(m, "main", 0x1000, num_words * 4, words, num_words * 4, true, NULL,
                               NULL) != RDNA_OK)
      return 1;
   uint32_t lanes[64];
   for (unsigned l = 0; l < 64; l++)
      lanes[l] = l;
   rdna_machine_set_vgpr_lanes(m, 0, 0, lanes);
   rdna_machine_set_sregs(m, 0, 0, &iters, 1);
   rdna_machine_set_exec(m, 0, exec);
   double t0 = now();
   rdna_machine_run(m, NULL);
   *seconds = now() - t0;
   struct rdna_fault fault;
   if (rdna_machine_fault(m, 0, &fault)) {
      fprintf(stderr, "bench_interp: fault: %s\n", fault.message);
      rdna_machine_destroy(m);
      return 1;
   }
   uint32_t sum = 0;
   for (unsigned l = 0; l < wave; l++) {
      uint32_t a = 0, b = 0;
      rdna_machine_read_vgpr(m, 0, 1, l, &a);
      rdna_machine_read_vgpr(m, 0, 3, l, &b);
      sum += a ^ b;
   }
   *check = sum;
   rdna_machine_destroy(m);
   return 0;
}

int main(int argc, char **argv)
{
   unsigned iters = 20000, runs = 3;
   for (int i = 1; i + 1 < argc; i += 2) {
      if (strcmp(argv[i], "--iters") == 0)
         iters = (unsigned)strtoul(argv[i + 1], NULL, 10);
      else if (strcmp(argv[i], "--runs") == 0)
         runs = (unsigned)strtoul(argv[i + 1], NULL, 10);
   }
   char *src = make_source();
   struct rdna_isa_config isa = { RDNA_TARGET_GFX1030, 32 };
   struct rdna_code *code = NULL;
   struct rdna_diag diag;
   if (!src || rdna_assemble(&isa, src, strlen(src), "bench", &code, &diag) != RDNA_OK) {
      fprintf(stderr, "bench_interp: cannot assemble the loop\n");
      return 3;
   }
   size_t num_words = 0;
   const uint32_t *words = rdna_code_words(code, &num_words);
   printf("VALU throughput, %u loop iterations x %d VALU instructions, mixed EXEC, best of %u\n",
          iters, VALU_PER_ITER, runs);
   printf("goal: >= 2.0e7 wave32 VALU instructions/s on one core\n");
   const struct {
      unsigned wave;
      uint64_t exec;
   } cases[] = { { 32, 0x5a5affffu }, { 64, 0xf0f0ffff5a5a0ff0ull } };
   for (int c = 0; c < 2; c++) {
      double best = 1e30, best_native = 1e30;
      uint32_t check = 0, native_check = 0;
      for (unsigned r = 0; r < runs; r++) {
         double s;
         if (run_interp(cases[c].wave, cases[c].exec, iters, words, num_words, &s, &check))
            return 1;
         best = s < best ? s : best;
         double t0 = now();
         native_check = native(cases[c].wave, cases[c].exec, iters);
         double ns = now() - t0;
         best_native = ns < best_native ? ns : best_native;
      }
      double insts = (double)iters * VALU_PER_ITER;
      printf("wave%u: interpreter %.3g VALU inst/s (%.1f ns each); native %.3g inst-equivalents/s;"
             " interpreter/native time %.1fx; results %s\n",
             cases[c].wave, insts / best, best / insts * 1e9, insts / best_native,
             best / best_native, check == native_check ? "match" : "DIFFER");
   }
   rdna_code_destroy(code);
   free(src);
   return 0;
}
