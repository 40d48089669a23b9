/* Exhaustive check of the recompiler's exp, log, sin and cos against the interpreter: every f16
 * input and every f32 input (2^32 bit patterns) runs through the interpreter (v_exp_f32 ... in
 * wave64, MODE keeping denormals, nearest even) and through the host model of the recompiler's
 * double-double algorithm (bench/trans_model.h, the same f64 operations as the SPIR-V helpers);
 * the counts of differing results are the ones docs/float.md reports. With denormals flushed the
 * inputs are a subset and the results flush alike, so this mode covers the others.
 *
 *   bench_trans_sweep [--op exp|log|sin|cos] [--f16] [--step N] [--offset K] [--threads N]
 *
 * --f16 sweeps only f16; --step N checks every N-th f32 bit pattern from K (default 1 and 0: all
 * of them; N runs with offsets 0 .. N-1 together check every pattern);
 * --threads runs the interpreter's waves on N threads. Prints one line per op and width, then the
 * first differing inputs. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rdna/interp.h"
#include "trans_model.h"

#define REGS 128 /* inputs per lane: v0..v127, results in v128..v255 */
#define LANES 64
#define WAVES 256 /* per machine */
#define CHUNK ((uint64_t)REGS * LANES * WAVES)
#define SHOWN 8

struct op {
   const char *name;
   enum trans_model_fn fn;
};

static const struct op ops[] = {
   { "exp", TRANS_MODEL_EXP },
   { "log", TRANS_MODEL_LOG },
   { "sin", TRANS_MODEL_SIN },
   { "cos", TRANS_MODEL_COS },
};

struct tally {
   uint64_t inputs, differ;
   uint32_t shown_in[SHOWN], shown_interp[SHOWN], shown_model[SHOWN];
};

static struct rdna_code *assemble(const char *op, unsigned width)
{
   static char source[REGS * 40 + 64];
   size_t len = 0;
   for (unsigned i = 0; i < REGS; i++)
      len += (size_t)snprintf(source + len, sizeof(source) - len, "v_%s_f%u v%u, v%u\n", op, width,
                              REGS + i, i);
   snprintf(source + len, sizeof(source) - len, "s_endpgm\n");
   struct rdna_isa_config isa = { RDNA_TARGET_GFX1030, 64 };
   struct rdna_code *code = NULL;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   if (rdna_assemble(&isa, source, strlen(source), "sweep", &code, &diag) != RDNA_OK) {
      fprintf(stderr, "assembly failed: %s\n", diag.message);
      return NULL;
   }
   return code;
}

/* Runs inputs first + i * step for i < count (count <= CHUNK) through the interpreter and the
 * model; folds the comparison into `t`. */
static int run_chunk(const struct op *op, unsigned width, const struct rdna_code *code,
                     uint64_t first, uint64_t step, uint64_t count, unsigned threads,
                     struct tally *t)
{
   size_t words = 0;
   const uint32_t *w32 = rdna_code_words(code, &words);
   unsigned waves = (unsigned)((count + REGS * LANES - 1) / (REGS * LANES));
   struct rdna_machine_config config = {
      .target = RDNA_TARGET_GFX1030,
      .wave_size = LANES,
      .workgroup = { LANES, 1, 1 },
      .grid = { waves, 1, 1 },
      .mode = 0xf0, /* nearest even, f32/f16/f64 denormals kept */
   };
   struct rdna_machine *m = NULL;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   if (rdna_machine_create(&config, &m, &diag) != RDNA_OK ||
       rdna_machine_add_region(m, "main", 0x10000, words * 4 + 64, w32, words * 4, true, NULL,
                               &diag) != RDNA_OK) {
      fprintf(stderr, "machine: %s\n", diag.message);
      rdna_machine_destroy(m);
      return -1;
   }
   rdna_machine_set_threads(m, threads);
   uint32_t lanes[LANES];
   for (unsigned wave = 0; wave < waves; wave++)
      for (unsigned r = 0; r < REGS; r++) {
         for (unsigned lane = 0; lane < LANES; lane++) {
            uint64_t k = ((uint64_t)wave * REGS + r) * LANES + lane;
            lanes[lane] = (uint32_t)(first + (k < count ? k : 0) * step);
         }
         rdna_machine_set_vgpr_lanes(m, wave, r, lanes);
      }
   if (rdna_machine_run(m, &diag) != RDNA_OK || rdna_machine_fault(m, RDNA_ALL_WAVES, NULL)) {
      fprintf(stderr, "run failed: %s\n", diag.message);
      rdna_machine_destroy(m);
      return -1;
   }
   for (uint64_t k = 0; k < count; k++) {
      unsigned wave = (unsigned)(k / (REGS * LANES)), r = (unsigned)(k / LANES % REGS);
      unsigned lane = (unsigned)(k % LANES);
      uint32_t in = (uint32_t)(first + k * step), got = 0;
      rdna_machine_read_vgpr(m, wave, REGS + r, lane, &got);
      if (width == 16)
         got &= 0xffffu;
      uint32_t model = trans_model(op->fn, in, width, false);
      t->inputs++;
      if (got != model) {
         if (t->differ < SHOWN) {
            t->shown_in[t->differ] = in;
            t->shown_interp[t->differ] = got;
            t->shown_model[t->differ] = model;
         }
         t->differ++;
      }
   }
   rdna_machine_destroy(m);
   return 0;
}

static int sweep(const struct op *op, unsigned width, uint64_t step, uint64_t offset,
                 unsigned threads)
{
   struct rdna_code *code = assemble(op->name, width);
   if (!code)
      return -1;
   struct tally t;
   memset(&t, 0, sizeof(t));
   uint64_t total = width == 16 ? 0x10000 : (0x100000000ull - offset + step - 1) / step;
   if (width == 16) {
      step = 1;
      offset = 0;
   }
   clock_t start = clock();
   for (uint64_t done = 0; done < total; done += CHUNK) {
      uint64_t count = total - done < CHUNK ? total - done : CHUNK;
      if (run_chunk(op, width, code, offset + done * step, step, count, threads, &t) != 0) {
         rdna_code_destroy(code);
         return -1;
      }
      if ((done / CHUNK) % 128 == 127) /* progress on stderr every 2^28 inputs */
         fprintf(stderr, "v_%s_f%u: %llu inputs, %llu differ\n", op->name, width,
                 (unsigned long long)t.inputs, (unsigned long long)t.differ);
   }
   rdna_code_destroy(code);
   printf("v_%s_f%u %12llu inputs (every %llu from %llu) %8llu differ  (%.0f s)\n", op->name, width,
          (unsigned long long)t.inputs, (unsigned long long)step, (unsigned long long)offset,
          (unsigned long long)t.differ, (double)(clock() - start) / CLOCKS_PER_SEC);
   for (uint64_t i = 0; i < t.differ && i < SHOWN; i++)
      printf("  input 0x%08x: interpreter 0x%08x, model 0x%08x\n", t.shown_in[i], t.shown_interp[i],
             t.shown_model[i]);
   fflush(stdout);
   return 0;
}

int main(int argc, char **argv)
{
   const char *only = NULL;
   bool f16_only = false;
   uint64_t step = 1, offset = 0;
   unsigned threads = 1;
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--op") && i + 1 < argc) {
         only = argv[++i];
      } else if (!strcmp(argv[i], "--f16")) {
         f16_only = true;
      } else if (!strcmp(argv[i], "--step") && i + 1 < argc) {
         step = strtoull(argv[++i], NULL, 0);
      } else if (!strcmp(argv[i], "--offset") && i + 1 < argc) {
         offset = strtoull(argv[++i], NULL, 0);
      } else if (!strcmp(argv[i], "--threads") && i + 1 < argc) {
         threads = (unsigned)strtoul(argv[++i], NULL, 0);
      } else {
         fprintf(stderr, "usage: bench_trans_sweep [--op exp|log|sin|cos] [--f16] [--step N] "
                         "[--threads N]\n");
         return 2;
      }
   }
   if (step == 0)
      step = 1;
   if (offset >= step) {
      fprintf(stderr, "bench_trans_sweep: --offset must be below --step\n");
      return 2;
   }
   bool any = false;
   for (size_t i = 0; i < sizeof(ops) / sizeof(ops[0]); i++) {
      if (only && strcmp(only, ops[i].name))
         continue;
      any = true;
      if (sweep(&ops[i], 16, 1, 0, threads) != 0 ||
          (!f16_only && sweep(&ops[i], 32, step, offset, threads) != 0))
         return 3;
   }
   if (!any) {
      fprintf(stderr, "bench_trans_sweep: unknown op '%s'\n", only);
      return 2;
   }
   return 0;
}
