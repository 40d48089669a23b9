/* The GPU test harness (gpu_harness.h). */
#include "gpu_harness.h"

#include <criterion/criterion.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void text_add(struct text *t, const char *fmt, ...)
{
   for (;;) {
      va_list ap;
      va_start(ap, fmt);
      int n = vsnprintf(t->data ? t->data + t->len : NULL, t->data ? t->cap - t->len : 0, fmt, ap);
      va_end(ap);
      cr_assert_geq(n, 0);
      if (t->data && t->len + (size_t)n < t->cap) {
         t->len += (size_t)n;
         return;
      }
      size_t cap = t->cap ? t->cap * 2 : 4096;
      while (cap < t->len + (size_t)n + 1)
         cap *= 2;
      t->data = realloc(t->data, cap);
      cr_assert_not_null(t->data);
      t->cap = cap;
   }
}

void text_add_lanes(struct text *t, unsigned reg, const uint32_t *values, unsigned wave_size)
{
   text_add(t, "v%u = ", reg);
   for (unsigned lane = 0; lane < wave_size; lane++)
      text_add(t, "%s0x%x", lane ? ", " : "", values[lane]);
   text_add(t, "\n");
}

void text_free(struct text *t)
{
   free(t->data);
   memset(t, 0, sizeof(*t));
}

void text_add_mode_program(struct text *t, unsigned wave_size, unsigned mode)
{
   text_add(t,
            "[require]\nwave %u\n[program]\n  s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 10), 0x%x\n",
            wave_size, mode);
}

static struct rdna_gpu *gpu;

struct rdna_gpu *harness_gpu(void)
{
   if (gpu)
      return gpu;
   struct rdna_gpu_options options = { NULL, false };
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   enum rdna_status st = rdna_gpu_open(&options, &gpu, &diag);
   if (st == RDNA_NO_DEVICE)
      cr_skip_test("no Vulkan device: %s", diag.message);
   cr_assert_eq(st, RDNA_OK, "opening the device: %s", diag.message);
   return gpu;
}

/* A generous time-out: lavapipe's first dispatch in a process can take seconds on a loaded
 * machine. */
#define HARNESS_TIMEOUT_NS 120000000000ull

struct rdna_case *harness_parse(const char *text)
{
   struct rdna_case *c = NULL;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   enum rdna_status st = rdna_case_parse(text, strlen(text), "generated", &c, &diag);
   cr_assert_eq(st, RDNA_OK, "generated case, line %u: %s", diag.line, diag.message);
   return c;
}

void harness_run_options(const char *text, unsigned wave_size,
                         const struct rdna_gpu_case_options *options, struct gpu_run *run)
{
   memset(run, 0, sizeof(*run));
   struct rdna_gpu *g = harness_gpu();
   run->c = harness_parse(text);
   struct rdna_gpu_case_options o = *options;
   if (!o.timeout_ns)
      o.timeout_ns = HARNESS_TIMEOUT_NS;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   enum rdna_status st = rdna_gpu_case_run(g, run->c, wave_size, &o, &run->result, &diag);
   cr_assert_eq(st, RDNA_OK, "running the case: %s", diag.message);
   cr_assert_eq(rdna_gpu_result_wave(&run->result.run, 0, &run->wave), RDNA_OK);
   run->wave_size = wave_size;
}

void harness_run(const char *text, unsigned wave_size, enum rdna_relative_lowering relative,
                 struct gpu_run *run)
{
   struct rdna_gpu_case_options options = { .relative = relative };
   harness_run_options(text, wave_size, &options, run);
}

void harness_free(struct gpu_run *run)
{
   rdna_gpu_case_result_free(&run->result);
   rdna_case_destroy(run->c);
   memset(run, 0, sizeof(*run));
}

void harness_expect_pass(const struct gpu_run *run)
{
   const struct rdna_case_result *check = &run->result.check;
   for (size_t i = 0; i < check->num_failures && i < 16; i++)
      cr_expect(false, "wave%u [expect] line %u: %s", run->wave_size,
                check->failures[i].failure.line, check->failures[i].failure.message);
   cr_expect(check->passed, "wave%u fault %s: %s", run->wave_size,
             rdna_fault_kind_name(run->wave.fault.kind), run->wave.fault.message);
}

void harness_run_expect_pass(const struct text *t, unsigned wave_size)
{
   struct gpu_run run;
   harness_run(t->data, wave_size, RDNA_RELATIVE_DEFAULT, &run);
   harness_expect_pass(&run);
   harness_free(&run);
}

uint32_t run_vgpr(const struct gpu_run *run, unsigned reg, unsigned lane)
{
   return run->wave.vgprs[reg * run->wave_size + lane];
}

uint64_t run_lane_mask(const struct gpu_run *run, unsigned s)
{
   uint64_t m = run->wave.sregs[s];
   if (run->wave_size == 64)
      m |= (uint64_t)run->wave.sregs[s + 1] << 32;
   return m;
}

const char *lane_mask_reg(char *buf, size_t size, unsigned wave_size, unsigned s)
{
   if (wave_size == 32)
      snprintf(buf, size, "s%u", s);
   else
      snprintf(buf, size, "s[%u:%u]", s, s + 1);
   return buf;
}

uint32_t test_value(uint32_t *state)
{
   static const uint32_t edges[] = { 0,  1,    0xffffffffu, 0x80000000u, 0x7fffffffu, 31,
                                     32, 0xff, 0x80,        0xffff,      0x8000,      0x10000 };
   *state = *state * 1664525u + 1013904223u; /* Numerical Recipes LCG */
   uint32_t r = *state;
   if ((r >> 28) < 4)
      return edges[(r >> 8) % (sizeof(edges) / sizeof(edges[0]))];
   return r ^ (r >> 15);
}

uint32_t test_random(uint32_t *state)
{
   *state = *state * 1664525u + 1013904223u; /* Numerical Recipes LCG */
   return *state ^ (*state >> 15);
}

uint64_t mixed_exec(unsigned wave_size)
{
   return wave_size == 32 ? 0xf7f0a5b5ull : 0x3c3c0ff1f0f0a5a5ull;
}

float f32_from_bits(uint32_t bits)
{
   float f;
   memcpy(&f, &bits, sizeof(f));
   return f;
}

uint32_t f32_to_bits(float f)
{
   uint32_t bits;
   memcpy(&bits, &f, sizeof(bits));
   return bits;
}

double f64_from_bits(uint64_t bits)
{
   double d;
   memcpy(&d, &bits, sizeof(d));
   return d;
}

uint64_t f64_to_bits(double d)
{
   uint64_t bits;
   memcpy(&bits, &d, sizeof(bits));
   return bits;
}

bool f32_is_nan(uint32_t bits)
{
   return (bits & 0x7fffffffu) > 0x7f800000u;
}

bool f32_is_denorm(uint32_t bits)
{
   return (bits & 0x7f800000u) == 0 && (bits & 0x7fffffu) != 0;
}

/* LeakSanitizer reads this hook from the program: allocations Mesa's lavapipe driver makes and
 * never frees (a few bytes per process) are the driver's, not the recompiler's. */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void)
{
   return "leak:libvulkan_lvp.so\n";
}

void harness_diff_options(const char *text, unsigned wave_size,
                          const struct rdna_diff_options *options, const char *label)
{
   struct rdna_case *c = harness_parse(text);
   struct rdna_diff_options o = *options;
   if (!o.timeout_ns)
      o.timeout_ns = HARNESS_TIMEOUT_NS;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   struct rdna_diff_result result;
   memset(&result, 0, sizeof(result));
   enum rdna_status st = rdna_diff_case(harness_gpu(), c, wave_size, &o, &result, &diag);
   cr_assert_eq(st, RDNA_OK, "%s: %s", label, diag.message);
   for (size_t i = 0; i < result.num_divergences && i < 8; i++) {
      const struct rdna_divergence *d = &result.divergences[i];
      cr_log_error("%s: %s %u lane %u: interp 0x%llx gpu 0x%llx (%s)", label,
                   rdna_divergence_kind_name(d->kind), d->reg, d->lane,
                   (unsigned long long)d->interp, (unsigned long long)d->gpu, d->writer_text);
   }
   cr_expect(result.equal, "%s: %zu divergences", label, result.total_divergences);
   rdna_diff_result_free(&result);
   rdna_case_destroy(c);
}

void harness_diff(const struct text *t, unsigned wave_size, const char *label)
{
   struct rdna_diff_options options = { 0 };
   harness_diff_options(t->data, wave_size, &options, label);
}

void harness_diff_mode(const struct text *t, unsigned wave_size, unsigned mode, uint64_t exec)
{
   char label[64];
   snprintf(label, sizeof(label), "wave%u mode 0x%x exec 0x%llx", wave_size, mode,
            (unsigned long long)exec);
   harness_diff(t, wave_size, label);
}
