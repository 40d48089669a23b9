/* Accuracy of the interpreter's transcendentals: runs v_exp/log/sin/cos/rcp/rsq/sqrt (f16
 * exhaustively, f32 over a dense sweep of each function's domain, f64 rcp/rsq/sqrt over a sample)
 * through the interpreter and measures the worst error in units in the last place against a
 * long double reference computed here (x87 extended precision, 11 bits beyond f64). The numbers
 * are the ones docs/float.md reports. 1 ulp is the spacing of the format at the reference's
 * magnitude (denormal spacing below the smallest normal).
 *
 *   bench_float_ulp [--step N]     (f32 sweep stride in bits; default 4099: about 2^20 inputs) */
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rdna/interp.h"

#define PER_RUN 96 /* VGPRs of inputs per run: outputs go to v[96 + i] */
#define LANES 64

enum width {
   W16,
   W32,
   W64
};

struct function {
   const char *mnemonic; /* without the type suffix */
   long double (*ref)(long double);
   long double lo, hi; /* swept domain (f32 and f64) */
};

static long double ref_exp(long double x)
{
   return exp2l(x);
}

static long double ref_log(long double x)
{
   return log2l(x);
}

/* sin and cos of x turns: whole turns drop out exactly (x - floor(x + 1/2) is exact for f16 and
 * f32 inputs in long double), then sin(pi - y) = sin(y) folds the argument into [-1/4, 1/4] so
 * that multiples of half a turn give exact zeros, as the mathematical function does. */
static long double sin_turns(long double t)
{
   long double a = fabsl(t);
   if (a > 0.25L)
      a = 0.5L - a;
   long double r = sinl(6.283185307179586476925286766559L * a);
   return signbit(t) ? -r : r;
}

static long double ref_sin(long double x)
{
   return sin_turns(x - floorl(x + 0.5L));
}

static long double ref_cos(long double x)
{
   return sin_turns(0.25L - fabsl(x - floorl(x + 0.5L)));
}

static long double ref_rcp(long double x)
{
   return 1.0L / x;
}

static long double ref_rsq(long double x)
{
   return 1.0L / sqrtl(x);
}

static long double ref_sqrt(long double x)
{
   return sqrtl(x);
}

static const struct function functions[] = {
   { "v_exp", ref_exp, -126.0L, 128.0L },       { "v_log", ref_log, 0x1p-126L, 0x1p127L },
   { "v_sin", ref_sin, -256.0L, 256.0L },       { "v_cos", ref_cos, -256.0L, 256.0L },
   { "v_rcp", ref_rcp, 0x1p-126L, 0x1p126L },   { "v_rsq", ref_rsq, 0x1p-126L, 0x1p127L },
   { "v_sqrt", ref_sqrt, 0x1p-126L, 0x1p127L },
};
#define NUM_FUNCTIONS (sizeof(functions) / sizeof(functions[0]))

static long double value_of(enum width w, uint64_t bits)
{
   if (w == W16) { /* decoded by hand: clang-14 has no _Float16 on x86-64 */
      unsigned exponent = (unsigned)(bits >> 10) & 0x1f, mantissa = (unsigned)bits & 0x3ff;
      long double magnitude = exponent == 0x1f ? (mantissa ? NAN : INFINITY)
                              : exponent
                                 ? ldexpl((long double)(mantissa | 0x400), (int)exponent - 25)
                                 : ldexpl((long double)mantissa, -24);
      return (bits & 0x8000) ? -magnitude : magnitude;
   }
   if (w == W32) {
      float f;
      uint32_t b = (uint32_t)bits;
      memcpy(&f, &b, 4);
      return (long double)f;
   }
   double d;
   memcpy(&d, &bits, 8);
   return (long double)d;
}

/* The spacing of the format at |v|'s binade. */
static long double ulp_at(enum width w, long double v)
{
   int mant = w == W16 ? 10 : w == W32 ? 23 : 52;
   int emin = w == W16 ? -14 : w == W32 ? -126 : -1022;
   int e;
   frexpl(fabsl(v), &e);
   e -= 1; /* v = m * 2^e, m in [1, 2) */
   if (e < emin)
      e = emin;
   return ldexpl(1.0L, e - mant);
}

static long double max_finite(enum width w)
{
   int mant = w == W16 ? 10 : w == W32 ? 23 : 52;
   int emax = w == W16 ? 15 : w == W32 ? 127 : 1023;
   return ldexpl(2.0L - ldexpl(1.0L, -mant), emax);
}

struct result {
   double worst;
   uint64_t worst_input;
   uint64_t count;
};

/* Runs `mnemonic`_suffix over inputs[0 .. n) (n <= PER_RUN * LANES) and folds the errors in. */
static int run_batch(const char *mnemonic, enum width w, const uint64_t *inputs, unsigned n,
                     const struct function *f, struct result *res)
{
   static const char *suffix[] = { "f16", "f32", "f64" };
   unsigned regs = w == W64 ? 2 : 1;
   unsigned per = PER_RUN / regs / 2;
   char source[16384];
   size_t len = (size_t)snprintf(source, sizeof(source),
                                 "s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 10), 0xf0\n");
   for (unsigned i = 0; i < per; i++) {
      if (w == W64)
         len += (size_t)snprintf(source + len, sizeof(source) - len, "%s_%s v[%u:%u], v[%u:%u]\n",
                                 mnemonic, suffix[w], PER_RUN + 2 * i, PER_RUN + 2 * i + 1, 2 * i,
                                 2 * i + 1);
      else
         len += (size_t)snprintf(source + len, sizeof(source) - len, "%s_%s v%u, v%u\n", mnemonic,
                                 suffix[w], PER_RUN + i, i);
   }
   snprintf(source + len, sizeof(source) - len, "s_endpgm\n");
   struct rdna_isa_config isa = { RDNA_TARGET_GFX1030, 64 };
   struct rdna_code *code = NULL;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   if (rdna_assemble(&isa, source, strlen(source), "ulp", &code, &diag) != RDNA_OK) {
      fprintf(stderr, "assembly failed: %s\n", diag.message);
      return -1;
   }
   size_t words = 0;
   const uint32_t *w32 = rdna_code_words(code, &words);
   struct rdna_machine_config config = { .target = RDNA_TARGET_GFX1030, .wave_size = 64 };
   struct rdna_machine *m = NULL;
   if (rdna_machine_create(&config, &m, &diag) != RDNA_OK ||
       rdna_machine_add_region(m, "main", 0x10000, words * 4 + 64, w32, words * 4, true, NULL,
                               &diag) != RDNA_OK) {
      fprintf(stderr, "machine: %s\n", diag.message);
      rdna_code_destroy(code);
      rdna_machine_destroy(m);
      return -1;
   }
   rdna_code_destroy(code);
   for (unsigned i = 0; i < per; i++)
      for (unsigned lane = 0; lane < LANES; lane++) {
         unsigned k = i * LANES + lane;
         uint64_t v = k < n ? inputs[k] : inputs[0];
         rdna_machine_set_vgpr(m, 0, regs * i, lane, (uint32_t)v);
         if (w == W64)
            rdna_machine_set_vgpr(m, 0, regs * i + 1, lane, (uint32_t)(v >> 32));
      }
   if (rdna_machine_run(m, &diag) != RDNA_OK || rdna_machine_fault(m, 0, NULL)) {
      fprintf(stderr, "run failed\n");
      rdna_machine_destroy(m);
      return -1;
   }
   for (unsigned i = 0; i < per; i++)
      for (unsigned lane = 0; lane < LANES; lane++) {
         unsigned k = i * LANES + lane;
         if (k >= n)
            continue;
         uint32_t lo = 0, hi = 0;
         rdna_machine_read_vgpr(m, 0, PER_RUN + regs * i, lane, &lo);
         if (w == W64)
            rdna_machine_read_vgpr(m, 0, PER_RUN + regs * i + 1, lane, &hi);
         uint64_t got_bits = w == W16 ? (lo & 0xffffu) : lo | (uint64_t)hi << 32;
         long double x = value_of(w, inputs[k]);
         long double want = f->ref(x);
         long double got = value_of(w, got_bits);
         if (isnan(want) || isinf(want))
            continue; /* special values are tested exactly in tests/interp/test_float.c */
         long double err = fabsl(got - want) / ulp_at(w, want);
         if (isinf(got)) /* overflow: correct when |want| reaches max + half an ulp */
            err = fabsl(want) >= max_finite(w) + ulp_at(w, max_finite(w)) / 2 &&
                        signbit(got) == signbit(want)
                     ? 0
                     : 1e30L;
         if (isnan(got))
            err = 1e30L;
         res->count++;
         if ((double)err > res->worst) {
            res->worst = (double)err;
            res->worst_input = inputs[k];
         }
      }
   rdna_machine_destroy(m);
   return 0;
}

/* Feeds batches of up to `cap` inputs produced by next() until it returns false. */
static int measure(const struct function *f, enum width w, uint64_t first, uint64_t last,
                   uint64_t step, struct result *res)
{
   unsigned regs = w == W64 ? 2 : 1;
   unsigned cap = PER_RUN / regs / 2 * LANES;
   uint64_t *batch = malloc(cap * sizeof(uint64_t));
   if (!batch)
      return -1;
   unsigned n = 0;
   memset(res, 0, sizeof(*res));
   for (uint64_t bits = first; bits <= last && bits >= first; bits += step) {
      long double x = value_of(w, bits);
      if (isnan(x) || isinf(x))
         continue;
      if (w != W16 && (x < f->lo || x > f->hi))
         continue;
      batch[n++] = bits;
      if (n == cap) {
         if (run_batch(f->mnemonic, w, batch, n, f, res) != 0) {
            free(batch);
            return -1;
         }
         n = 0;
      }
      if (last - bits < step)
         break;
   }
   int rc = n ? run_batch(f->mnemonic, w, batch, n, f, res) : 0;
   free(batch);
   return rc;
}

int main(int argc, char **argv)
{
   uint64_t step = 4099;
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--step") && i + 1 < argc) {
         step = strtoull(argv[++i], NULL, 0);
      } else {
         fprintf(stderr, "usage: bench_float_ulp [--step N]\n");
         return 2;
      }
   }
   if (step == 0)
      step = 1;
   printf("%-8s %-5s %12s %14s %s\n", "function", "type", "inputs", "worst ulp", "at input");
   for (unsigned k = 0; k < NUM_FUNCTIONS; k++) {
      const struct function *f = &functions[k];
      struct result res;
      /* f16: every finite value; f32: every step-th bit pattern of both signs */
      if (measure(f, W16, 0, 0xffff, 1, &res) != 0)
         return 3;
      printf("%-8s %-5s %12llu %14.4f 0x%04llx\n", f->mnemonic, "f16",
             (unsigned long long)res.count, res.worst, (unsigned long long)res.worst_input);
      if (measure(f, W32, 0, 0xffffffffull, step, &res) != 0)
         return 3;
      printf("%-8s %-5s %12llu %14.4f 0x%08llx\n", f->mnemonic, "f32",
             (unsigned long long)res.count, res.worst, (unsigned long long)res.worst_input);
      bool has64 = f->ref == ref_rcp || f->ref == ref_rsq || f->ref == ref_sqrt;
      if (has64) {
         if (measure(f, W64, 0x0010000000000000ull, 0x7fefffffffffffffull, 0x000012345678abcdull,
                     &res) != 0)
            return 3;
         printf("%-8s %-5s %12llu %14.4f 0x%016llx\n", f->mnemonic, "f64",
                (unsigned long long)res.count, res.worst, (unsigned long long)res.worst_input);
      }
      fflush(stdout);
   }
   return 0;
}
