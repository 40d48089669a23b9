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

#include "measure.h"

int main(int argc, char **argv)
{
   unsigned iters = 20000, runs = 3;
   for (int i = 1; i + 1 < argc; i += 2) {
      if (strcmp(argv[i], "--iters") == 0)
         iters = (unsigned)strtoul(argv[i + 1], NULL, 10);
      else if (strcmp(argv[i], "--runs") == 0)
         runs = (unsigned)strtoul(argv[i + 1], NULL, 10);
   }
   printf("VALU throughput, %u loop iterations x 80 VALU instructions, mixed EXEC, best of %u\n",
          iters, runs);
   printf("goal: >= 2.0e7 wave32 VALU instructions/s on one core\n");
   const struct {
      unsigned wave;
      uint64_t exec;
   } cases[] = { { 32, 0x5a5affffu }, { 64, 0xf0f0ffff5a5a0ff0ull } };
   for (int c = 0; c < 2; c++) {
      struct bench_interp_result r;
      char message[256];
      if (!bench_interp_valu(cases[c].wave, cases[c].exec, iters, runs, &r, message,
                             sizeof(message))) {
         fprintf(stderr, "bench_interp: %s\n", message);
         return 1;
      }
      printf("wave%u: interpreter %.3g VALU inst/s (%.1f ns each); native %.3g inst-equivalents/s;"
             " interpreter/native time %.1fx; results %s\n",
             cases[c].wave, r.valu_insts / r.interp_s, r.interp_s / r.valu_insts * 1e9,
             r.valu_insts / r.native_s, r.interp_s / r.native_s, r.match ? "match" : "DIFFER");
   }
   return 0;
}
