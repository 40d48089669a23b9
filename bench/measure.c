/* Generated benchmark programs, SPIR-V opcode counts, the power-law fit and the interpreter's
 * VALU loop against its native twin (see measure.h). */
#include "measure.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rdna/interp.h"
#include "rdna/recomp.h"
#include "recomp/recomp_internal.h"

double bench_now(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

double bench_thread_cpu(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
   return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- generated programs -----------------------------------------------------------------------
 */

struct text {
   char *data;
   size_t len, cap;
   bool failed;
};

static void add(struct text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void add(struct text *t, const char *fmt, ...)
{
   while (!t->failed) {
      va_list ap;
      va_start(ap, fmt);
      int n = vsnprintf(t->data ? t->data + t->len : NULL, t->data ? t->cap - t->len : 0, fmt, ap);
      va_end(ap);
      if (n < 0) {
         t->failed = true;
         return;
      }
      if (t->data && t->len + (size_t)n < t->cap) {
         t->len += (size_t)n;
         return;
      }
      size_t cap = t->cap ? t->cap * 2 : 1 << 16;
      char *data = realloc(t->data, cap);
      if (!data) {
         t->failed = true;
         return;
      }
      t->data = data;
      t->cap = cap;
   }
}

static uint32_t next(uint32_t *state)
{
   *state = *state * 1664525u + 1013904223u;
   return *state >> 8;
}

#define LEAF_FUNCTIONS 4
#define FLOW_GAP 24 /* instructions between branch or call points */

/* One instruction of the ALU mix; returns its ISA words. */
static unsigned add_alu(struct text *t, const struct bench_program_shape *s, uint32_t *seed)
{
   unsigned n = s->vgprs;
   unsigned d = next(seed) % n, a = next(seed) % n, b = next(seed) % n, c = next(seed) % n;
   const char *vcc = s->wave == 32 ? "vcc_lo" : "vcc";
   /* v0 holds the lane id the relative offsets do not depend on; keep it. */
   d = d == 0 ? 1 : d;
   switch (next(seed) % 8) {
   case 0:
      add(t, "  v_mad_u32_u24 v%u, v%u, v%u, v%u\n", d, a, b, c);
      return 2;
   case 1:
      add(t, "  v_lshl_add_u32 v%u, v%u, 3, v%u\n", d, a, b);
      return 2;
   case 2:
      add(t, "  v_cmp_gt_u32 %s, v%u, v%u\n", vcc, a, b);
      return 1;
   case 3:
      add(t, "  v_cndmask_b32 v%u, v%u, v%u, %s\n", d, a, b, vcc);
      return 1;
   case 4: /* s0-s27: s[30:31] is the link pair */
      add(t, "  s_add_u32 s%u, s%u, %u\n", d % 28, a % 28, b % 64);
      return 1;
   case 5:
      add(t, "  v_xor_b32 v%u, v%u, v%u\n", d, a, b);
      return 1;
   case 6:
      add(t, "  v_and_or_b32 v%u, v%u, v%u, v%u\n", d, a, b, c);
      return 2;
   default:
      add(t, "  v_add_nc_u32 v%u, v%u, v%u\n", d, a, b);
      return 1;
   }
}

bool bench_program_build(const struct bench_program_shape *s, struct bench_program *out)
{
   memset(out, 0, sizeof(*out));
   if ((s->wave != 32 && s->wave != 64) || s->vgprs < 12 || s->vgprs > 256 ||
       s->target_words > 30000)
      return false;
   struct text t = { 0 };
   uint32_t seed = s->seed ? s->seed : 4;
   unsigned n = 0, w = 0;
   add(&t, "[require]\nwave %u\nvgprs %u\n[program]\n", s->wave, s->vgprs);
   for (unsigned r = 1; r < s->vgprs; r++, n++, w++)
      add(&t, "  v_add_nc_u32 v%u, v%u, v0\n", r, r - 1);
   unsigned estimate = s->target_insts ? s->target_insts * 3 / 2 : s->target_words;
   unsigned body = estimate > w ? estimate - w : 0;
   /* Runs of `gap` words between the accesses (two words each) and after the last one. */
   unsigned gap = ~0u;
   if (s->relative_accesses)
      gap = body > 2 * s->relative_accesses
               ? (body - 2 * s->relative_accesses) / (s->relative_accesses + 1)
               : 0;
   unsigned since_relative = 0, since_flow = 0;
   while (w + 1 < s->target_words && (!s->target_insts || n + 1 < s->target_insts)) {
      if (since_relative >= gap && out->relative < s->relative_accesses) {
         unsigned d = 1 + next(&seed) % (s->vgprs - 1), a = next(&seed) % s->vgprs;
         unsigned offset = next(&seed) % (s->vgprs - 10);
         add(&t, "  s_mov_b32 m0, %u\n", offset);
         if (s->plain)
            add(&t, "  v_mov_b32 v%u, v10\n", d);
         else if (out->relative % 2 == 0)
            add(&t, "  v_movrels_b32 v%u, v10\n", d);
         else
            add(&t, "  v_movreld_b32 v10, v%u\n", a);
         n += 2;
         w += offset <= 64 ? 2 : 3; /* 0..64 are inline constants, larger ones a literal */
         out->relative++;
         since_relative = 0;
         continue;
      }
      if (s->flow && since_flow >= FLOW_GAP) {
         since_flow = 0;
         if (next(&seed) % 3 == 0) {
            add(&t, "  s_call_b64 s[30:31], leaf%u\n", next(&seed) % LEAF_FUNCTIONS);
            out->calls++;
            n++;
            w++;
            since_relative++;
            continue;
         }
         /* A forward branch over 1-4 instructions. */
         unsigned label = out->branches++;
         add(&t, "  s_cmp_gt_u32 s%u, s%u\n", next(&seed) % 28, next(&seed) % 28);
         add(&t, "  s_cbranch_scc1 skip%u\n", label);
         n += 2;
         w += 2;
         for (unsigned k = 1 + next(&seed) % 4; k > 0; k--, n++)
            w += add_alu(&t, s, &seed);
         add(&t, "skip%u:\n", label);
         since_relative += 6;
         continue;
      }
      unsigned words = add_alu(&t, s, &seed);
      w += words;
      since_relative += words;
      since_flow++;
      n++;
   }
   add(&t, "  s_endpgm\n");
   n++;
   w++;
   if (s->flow)
      for (unsigned f = 0; f < LEAF_FUNCTIONS; f++) {
         add(&t, "leaf%u:\n", f);
         for (unsigned k = 0; k < 3; k++, n++)
            w += add_alu(&t, s, &seed);
         add(&t, "  s_setpc_b64 s[30:31]\n");
         n++;
         w++;
      }
   add(&t, "[init]\nv0 = lane\n");
   if (t.failed) {
      free(t.data);
      return false;
   }
   out->text = t.data;
   out->insts = n;
   out->words = w;
   return true;
}

void bench_program_free(struct bench_program *program)
{
   free(program->text);
   program->text = NULL;
}

/* ---- recompiling ---------------------------------------------------------------------------- */

bool bench_time_recompile(const struct rdna_case *c, const struct rdna_recomp_options *options,
                          unsigned runs, unsigned validated_runs, struct bench_recomp_time *time,
                          struct rdna_module **module, char *message, size_t message_size)
{
   time->recompile_s = time->validated_s = 1e30;
   *module = NULL;
   runs = runs ? runs : 1;
   validated_runs = validated_runs ? validated_runs : 1;
   for (unsigned r = 0; r < runs || r < validated_runs; r++) {
      for (int validate = 0; validate < 2; validate++) {
         if (r >= (validate ? validated_runs : runs))
            continue;
         struct rdna_module *m = NULL;
         struct rdna_diag diag;
         double t0 = bench_thread_cpu();
         enum rdna_status st = validate ? rdna_recomp_case(c, options, &m, &diag)
                                        : recomp_case(c, options, false, &m, &diag);
         double t = bench_thread_cpu() - t0;
         if (st != RDNA_OK) {
            snprintf(message, message_size, "%s: %s", rdna_status_name(st), diag.message);
            rdna_module_destroy(*module);
            *module = NULL;
            return false;
         }
         double *best = validate ? &time->validated_s : &time->recompile_s;
         *best = t < *best ? t : *best;
         rdna_module_destroy(*module);
         *module = m;
      }
   }
   return true;
}

/* ---- SPIR-V -----------------------------------------------------------------------------------
 */

/* Opcode numbers of the SPIR-V specification (section 3.49, the instruction table). */
enum {
   SPV_OP_FUNCTION = 54,
   SPV_OP_SELECT = 169,
   SPV_OP_PHI = 245,
   SPV_OP_LABEL = 248,
   SPV_OP_SWITCH = 251,
};

bool bench_spirv_count(const uint32_t *words, size_t num_words, struct bench_spirv_stats *stats)
{
   memset(stats, 0, sizeof(*stats));
   if (num_words < 5 || words[0] != 0x07230203u)
      return false;
   stats->words = num_words;
   for (size_t i = 5; i < num_words;) {
      uint32_t count = words[i] >> 16, opcode = words[i] & 0xffffu;
      if (count == 0 || count > num_words - i)
         return false;
      stats->instructions++;
      stats->selects += opcode == SPV_OP_SELECT;
      stats->phis += opcode == SPV_OP_PHI;
      stats->blocks += opcode == SPV_OP_LABEL;
      stats->functions += opcode == SPV_OP_FUNCTION;
      stats->switches += opcode == SPV_OP_SWITCH;
      i += count;
   }
   return true;
}

/* ---- fits -------------------------------------------------------------------------------------
 */

bool bench_fit_exponent(const double *x, const double *y, size_t n, double *slope)
{
   if (n < 2)
      return false;
   double sx = 0, sy = 0, sxx = 0, sxy = 0;
   for (size_t i = 0; i < n; i++) {
      if (!(x[i] > 0) || !(y[i] > 0))
         return false;
      double lx = log(x[i]), ly = log(y[i]);
      sx += lx;
      sy += ly;
      sxx += lx * lx;
      sxy += lx * ly;
   }
   double den = (double)n * sxx - sx * sx;
   if (!(fabs(den) > 1e-12))
      return false;
   *slope = ((double)n * sxy - sx * sy) / den;
   return true;
}

/* ---- interpreter throughput -------------------------------------------------------------------
 */

#define BODY_REPEATS 16 /* each repeat is 5 VALU instructions */
#define VALU_PER_ITER (BODY_REPEATS * 5)

/* s0 counts down; the body updates v1..v4 from v0 (lane id) and themselves. */
static char *valu_loop_source(void)
{
   struct text t = { 0 };
   add(&t, "loop:\n");
   for (int i = 0; i < BODY_REPEATS; i++)
      add(&t, "v_add_nc_u32 v1, v1, v0\n"
              "v_xor_b32 v2, v2, v1\n"
              "v_lshl_add_u32 v3, v2, 3, v3\n"
              "v_and_or_b32 v4, v3, v1, v4\n"
              "v_max_u32 v1, v1, v4\n");
   add(&t, "s_sub_u32 s0, s0, 1\n"
           "s_cmp_lg_u32 s0, 0\n"
           "s_cbranch_scc1 loop\n"
           "s_endpgm\n");
   if (t.failed) {
      free(t.data);
      return NULL;
   }
   return t.data;
}

/* The same lane arithmetic natively: lanes of v1..v4, EXEC-masked writes. */
static uint32_t valu_loop_native(unsigned wave, uint64_t exec, unsigned iters)
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
         /* A compiler barrier: the lanes are materialised every repeat, as the interpreter's
          * are, rather than the loop folded away. */
         __asm__ __volatile__("" : : "r"(&v[0][0]) : "memory");
      }
   uint32_t sum = 0;
   for (unsigned l = 0; l < wave; l++)
      sum += v[1][l] ^ v[3][l];
   return sum;
}

static bool valu_loop_interp(unsigned wave, uint64_t exec, unsigned iters, const uint32_t *words,
                             size_t num_words, double *seconds, uint32_t *check, char *message,
                             size_t message_size)
{
   struct rdna_machine_config config = { .target = RDNA_TARGET_GFX1030,
                                         .wave_size = wave,
                                         .vgprs = 8,
                                         .step_limit = (uint64_t)iters * 200 + 100 };
   struct rdna_machine *m = NULL;
   if (rdna_machine_create(&config, &m, NULL) != RDNA_OK ||
       rdna_machine_add_region(m, "main", 0x1000, num_words * 4, words, num_words * 4, true, NULL,
                               NULL) != RDNA_OK) {
      snprintf(message, message_size, "cannot set up the interpreter");
      rdna_machine_destroy(m);
      return false;
   }
   uint32_t lanes[64];
   for (unsigned l = 0; l < 64; l++)
      lanes[l] = l;
   rdna_machine_set_vgpr_lanes(m, 0, 0, lanes);
   rdna_machine_set_sregs(m, 0, 0, &iters, 1);
   rdna_machine_set_exec(m, 0, exec);
   double t0 = bench_now();
   rdna_machine_run(m, NULL);
   *seconds = bench_now() - t0;
   struct rdna_fault fault;
   if (rdna_machine_fault(m, 0, &fault)) {
      snprintf(message, message_size, "the VALU loop faulted: %s", fault.message);
      rdna_machine_destroy(m);
      return false;
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
   return true;
}

bool bench_interp_valu(unsigned wave, uint64_t exec, unsigned iters, unsigned runs,
                       struct bench_interp_result *result, char *message, size_t message_size)
{
   memset(result, 0, sizeof(*result));
   char *src = valu_loop_source();
   struct rdna_isa_config isa = { RDNA_TARGET_GFX1030, wave };
   struct rdna_code *code = NULL;
   if (!src || rdna_assemble(&isa, src, strlen(src), "bench", &code, NULL) != RDNA_OK) {
      snprintf(message, message_size, "cannot assemble the VALU loop");
      free(src);
      return false;
   }
   size_t num_words = 0;
   const uint32_t *words = rdna_code_words(code, &num_words);
   double best = 1e30, best_native = 1e30;
   uint32_t check = 0, native_check = 0;
   bool ok = true;
   for (unsigned r = 0; r < (runs ? runs : 1) && ok; r++) {
      double s;
      ok = valu_loop_interp(wave, exec, iters, words, num_words, &s, &check, message, message_size);
      best = s < best ? s : best;
      double t0 = bench_now();
      native_check = valu_loop_native(wave, exec, iters);
      double ns = bench_now() - t0;
      best_native = ns < best_native ? ns : best_native;
   }
   result->valu_insts = (double)iters * VALU_PER_ITER;
   result->interp_s = best;
   result->native_s = best_native;
   result->match = check == native_check;
   rdna_code_destroy(code);
   free(src);
   return ok;
}
