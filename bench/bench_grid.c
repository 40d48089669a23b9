/* Parallel grid: one dispatch of 256 workgroups (256 lanes each: 8 waves of 32 or 4 of 64) whose
 * waves loop over VALU work, LDS exchanges and s_barrier, run on 1 thread and on N threads in the
 * same process; prints both times and the speed-up, and checks that both runs leave the same
 * output buffer. The goal (issue 4): >= 1.8x on 2 threads.
 *
 *   bench_grid [--threads N] [--iters N] [--wave 32|64] [--runs N]
 *   (defaults: 2 threads, 40 loop iterations, wave32, best of 5) */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "rdna/interp.h"

#define GROUPS 256u
#define GROUP_LANES 256u
#define OUT_BYTES (GROUPS * GROUP_LANES * 4u)

static double now(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* CPU seconds the process used so far, all threads together. */
static double cpu_seconds(void)
{
   struct rusage ru;
   getrusage(RUSAGE_SELF, &ru);
   return (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec * 1e-6 +
          (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec * 1e-6;
}

/* s0: iterations; s[2:3]: the output; s8: workgroup id; v0: work-item id. Each iteration mixes the
 * lane's value, publishes it in LDS, waits for the workgroup, and reads its mirror lane's value. */
static const char source[] = "  v_lshlrev_b32 v1, 2, v0\n" /* my LDS slot */
                             "  v_sub_nc_u32 v2, 255, v0\n"
                             "  v_lshlrev_b32 v2, 2, v2\n" /* the mirror's slot */
                             "  v_add_nc_u32 v3, s8, v0\n" /* the running value */
                             "loop:\n"
                             "  v_mul_lo_u32 v4, v3, 0x9e3779b1\n"
                             "  v_xad_u32 v3, v4, v3, 0x7f4a7c15\n"
                             "  v_lshl_add_u32 v4, v3, 5, v4\n"
                             "  v_alignbit_b32 v3, v4, v3, 7\n"
                             "  v_mad_u32_u24 v4, v3, 0x1234, v4\n"
                             "  v_xor3_b32 v3, v3, v4, v0\n"
                             "  ds_write_b32 v1, v3\n"
                             "  s_waitcnt lgkmcnt(0)\n"
                             "  s_barrier\n"
                             "  ds_read_b32 v5, v2\n"
                             "  s_waitcnt lgkmcnt(0)\n"
                             "  v_add_nc_u32 v3, v3, v5\n"
                             "  s_barrier\n"
                             "  s_sub_u32 s0, s0, 1\n"
                             "  s_cmp_lg_u32 s0, 0\n"
                             "  s_cbranch_scc1 loop\n"
                             "  s_mul_i32 s9, s8, 1024\n"
                             "  v_add_nc_u32 v6, s9, v1\n"
                             "  global_store_dword v6, v3, s[2:3]\n"
                             "  s_endpgm\n";

/* One dispatch on `threads` threads: its wall time, the CPU time it used and its output bytes. */
static int run_grid(unsigned wave, unsigned threads, unsigned iters, const uint32_t *words,
                    size_t num_words, double *seconds, double *cpu, uint8_t *out)
{
   struct rdna_machine_config config = { .target = RDNA_TARGET_GFX1030,
                                         .wave_size = wave,
                                         .vgprs = 8,
                                         .workgroup = { GROUP_LANES, 1, 1 },
                                         .grid = { GROUPS, 1, 1 },
                                         .lds_bytes = GROUP_LANES * 4 };
   struct rdna_machine *m = NULL;
   struct rdna_diag diag;
   uint64_t out_addr = 0;
   if (rdna_machine_create(&config, &m, &diag) != RDNA_OK ||
       rdna_machine_add_region(m, "main", 0x1000, num_words * 4, words, num_words * 4, true, NULL,
                               &diag) != RDNA_OK ||
       rdna_machine_add_region(m, "out", RDNA_ADDRESS_AUTO, OUT_BYTES, NULL, 0, false, &out_addr,
                               &diag) != RDNA_OK) {
      fprintf(stderr, "bench_grid: %s\n", diag.message);
      rdna_machine_destroy(m);
      return 1;
   }
   unsigned waves = rdna_machine_wave_count(m);
   uint32_t ids[64];
   for (unsigned w = 0; w < waves; w++) {
      struct rdna_wave_info info;
      rdna_machine_wave_info(m, w, &info);
      for (unsigned l = 0; l < 64; l++)
         ids[l] = info.first_lane + l;
      rdna_machine_set_vgpr_lanes(m, w, 0, ids);
      uint32_t s[2] = { (uint32_t)out_addr, (uint32_t)(out_addr >> 32) };
      rdna_machine_set_sregs(m, w, 2, s, 2);
      rdna_machine_set_sregs(m, w, 8, &info.workgroup_linear, 1);
      rdna_machine_set_sregs(m, w, 0, &iters, 1);
   }
   rdna_machine_set_threads(m, threads);
   double t0 = now(), c0 = cpu_seconds();
   enum rdna_status st = rdna_machine_run(m, &diag);
   *seconds = now() - t0;
   *cpu = cpu_seconds() - c0;
   struct rdna_fault fault;
   if (st != RDNA_OK || rdna_machine_fault(m, RDNA_ALL_WAVES, &fault)) {
      fprintf(stderr, "bench_grid: %s\n", st != RDNA_OK ? diag.message : fault.message);
      rdna_machine_destroy(m);
      return 1;
   }
   rdna_machine_read_memory(m, out_addr, out, OUT_BYTES);
   rdna_machine_destroy(m);
   return 0;
}

int main(int argc, char **argv)
{
   unsigned threads = 2, iters = 40, wave = 32, runs = 5;
   for (int i = 1; i + 1 < argc; i += 2) {
      unsigned v = (unsigned)strtoul(argv[i + 1], NULL, 10);
      if (strcmp(argv[i], "--threads") == 0)
         threads = v;
      else if (strcmp(argv[i], "--iters") == 0)
         iters = v;
      else if (strcmp(argv[i], "--wave") == 0)
         wave = v;
      else if (strcmp(argv[i], "--runs") == 0)
         runs = v;
      else {
         fprintf(stderr, "usage: bench_grid [--threads N] [--iters N] [--wave 32|64] [--runs N]\n");
         return 2;
      }
   }
   if ((wave != 32 && wave != 64) || threads < 1 || iters < 1 || runs < 1) {
      fprintf(stderr, "bench_grid: bad option value\n");
      return 2;
   }
   struct rdna_isa_config isa = { RDNA_TARGET_GFX1030, wave };
   struct rdna_code *code = NULL;
   struct rdna_diag diag;
   if (rdna_assemble(&isa, source, strlen(source), "bench_grid", &code, &diag) != RDNA_OK) {
      fprintf(stderr, "bench_grid: %u:%u: %s\n", diag.line, diag.column, diag.message);
      return 3;
   }
   size_t num_words = 0;
   const uint32_t *words = rdna_code_words(code, &num_words);
   uint8_t *serial = malloc(OUT_BYTES), *parallel = malloc(OUT_BYTES);
   if (!serial || !parallel)
      return 3;
   double best1 = 1e30, bestn = 1e30, cpu1 = 0, cpun = 0;
   for (unsigned r = 0; r < runs; r++) {
      double t1, tn, c1, cn;
      if (run_grid(wave, 1, iters, words, num_words, &t1, &c1, serial) ||
          run_grid(wave, threads, iters, words, num_words, &tn, &cn, parallel))
         return 1;
      if (memcmp(serial, parallel, OUT_BYTES) != 0) {
         fprintf(stderr, "bench_grid: %u threads changed the output\n", threads);
         return 1;
      }
      if (t1 < best1) {
         best1 = t1;
         cpu1 = c1;
      }
      if (tn < bestn) {
         bestn = tn;
         cpun = cn;
      }
   }
   printf("bench_grid: %u workgroups x %u lanes, wave%u, %u iterations\n", GROUPS, GROUP_LANES,
          wave, iters);
   printf("  1 thread:  %.3f s, %.2f CPUs busy on average\n", best1, cpu1 / best1);
   printf("  %u threads: %.3f s, %.2f CPUs busy on average\n", threads, bestn, cpun / bestn);
   printf("  speed-up: %.2fx (goal >= 1.8x on 2 threads); outputs identical\n", best1 / bestn);
   if (cpun / bestn < 0.9 * threads)
      printf(
         "  (the host gave the run fewer CPUs than threads: the speed-up is bounded by that)\n");
   free(serial);
   free(parallel);
   rdna_code_destroy(code);
   return 0;
}
