/* Differential fuzz harness: any bytes are machine code run on the interpreter and, recompiled,
 * on the default Vulkan device (lavapipe in CI), whose complete final states must agree
 * (include/rdna/diff.h). A 16-byte header (fuzz_interp's layout) picks the target, wave size,
 * VGPR allocation, EXEC, SCC and a seed for the buffer and the registers; the rest, at most
 * MAX_CODE_BYTES, is the program. A buffer is handed to it the ways real shaders get one (s[0:1],
 * a V# in s[4:7], per-lane addresses in v[2:3]). Runs are bounded: STEP_LIMIT instructions per
 * wave and a one-second dispatch. A program the recompiler does not lower yet is skipped; a
 * divergence, a module the validator rejects (INTERNAL) or a device failure aborts, so the fuzzer
 * keeps the input. Each input costs a pipeline compile: this harness finds little per second
 * and is meant for long runs beside the fast ones, or for replaying its findings. Without a
 * Vulkan device every input is skipped. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rdna/diff.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define HEADER_BYTES 16
#define MAX_CODE_BYTES 512
#define DATA_BYTES 256
#define STEP_LIMIT 2000

static void fail(const char *what, const char *detail)
{
   fprintf(stderr, "fuzz_diff: %s: %s\n", what, detail ? detail : "");
   abort();
}

static uint32_t next_random(uint32_t *state)
{
   *state ^= *state << 13;
   *state ^= *state >> 17;
   *state ^= *state << 5;
   return *state;
}

struct text {
   char *data;
   size_t len, cap;
};

static void append(struct text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void append(struct text *t, const char *fmt, ...)
{
   for (;;) {
      va_list ap;
      va_start(ap, fmt);
      int n = vsnprintf(t->data ? t->data + t->len : NULL, t->data ? t->cap - t->len : 0, fmt, ap);
      va_end(ap);
      if (n < 0)
         fail("formatting the case failed", NULL);
      if (t->data && (size_t)n < t->cap - t->len) {
         t->len += (size_t)n;
         return;
      }
      size_t cap = (t->cap + (size_t)n + 1) * 2;
      char *grown = realloc(t->data, cap);
      if (!grown)
         fail("out of memory", NULL);
      t->data = grown;
      t->cap = cap;
   }
}

/* The device, opened at the first input and kept: NULL when there is none. */
static struct rdna_gpu *device(void)
{
   static struct rdna_gpu *gpu;
   static bool tried;
   if (!tried) {
      tried = true;
      struct rdna_diag diag;
      enum rdna_status st = rdna_gpu_open(NULL, &gpu, &diag);
      if (st != RDNA_OK && st != RDNA_NO_DEVICE)
         fail("opening the Vulkan device failed", diag.message);
   }
   return gpu;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   if (size <= HEADER_BYTES || size > HEADER_BYTES + MAX_CODE_BYTES)
      return 0;
   struct rdna_gpu *gpu = device();
   if (!gpu)
      return 0;
   bool gfx1013 = data[0] & 1;
   unsigned wave = data[0] & 2 ? 64 : 32;
   unsigned vgprs = 8u + (data[1] & 0x3fu);
   uint64_t exec = 0;
   for (int i = 10; i >= 3; i--)
      exec = exec << 8 | data[i];
   uint32_t seed =
      data[11] | (uint32_t)data[12] << 8 | (uint32_t)data[13] << 16 | (uint32_t)data[14] << 24;
   uint32_t state = seed | 1u;

   struct text t = { NULL, 0, 0 };
   append(&t, "[require]\ntarget %s\nwave %u\nvgprs %u\nsteps %u\n",
          gfx1013 ? "gfx1013" : "gfx1030", wave, vgprs, STEP_LIMIT);
   append(&t, "[buffer data]\nsize %u\n", DATA_BYTES);
   for (unsigned i = 0; i < DATA_BYTES / 4; i++)
      append(&t, "u32 0x%08x\n", next_random(&state));
   append(&t, "[program]\n");
   const uint8_t *code = data + HEADER_BYTES;
   size_t code_bytes = size - HEADER_BYTES;
   for (size_t i = 0; i < code_bytes; i += 4) {
      uint32_t word = 0;
      for (size_t k = 0; k < 4 && i + k < code_bytes; k++)
         word |= (uint32_t)code[i + k] << (8 * k);
      append(&t, ".long 0x%08x\n", word);
   }
   append(&t,
          "[init]\ns[0:1] = &data\ns[4:7] = vsharp(&data, records=%u)\nv0 = lane\n"
          "v[2:3] = &data + lane * 4\n",
          DATA_BYTES);
   for (unsigned s = 8; s < 24; s++)
      append(&t, "s%u = 0x%x\n", s, next_random(&state) >> (state & 24));
   for (unsigned v = 4; v < 8; v++)
      append(&t, "v%u = lane * 0x%x + 0x%x\n", v, next_random(&state) & 0xffff,
             next_random(&state));
   append(&t, "m0 = %u\nscc = %u\n", next_random(&state) & 0x3f, data[15] & 1u);
   if (wave == 64)
      append(&t, "exec = 0x%llx\n", (unsigned long long)exec);
   else
      append(&t, "exec = 0x%x\n", (uint32_t)exec);

   struct rdna_case *c = NULL;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   if (rdna_case_parse(t.data, t.len, NULL, &c, &diag) != RDNA_OK)
      fail("the harness's case does not parse", diag.message);
   free(t.data);

   struct rdna_diff_options options;
   memset(&options, 0, sizeof(options));
   options.timeout_ns = 1000000000ull;
   options.max_divergences = 1;
   struct rdna_diff_result r;
   enum rdna_status st = rdna_diff_case(gpu, c, wave, &options, &r, &diag);
   if (st == RDNA_OK && !r.equal) {
      const struct rdna_divergence *d = &r.divergences[0];
      char detail[256];
      snprintf(detail, sizeof(detail),
               "%zu divergences, the first: %s reg %u lane %u address 0x%llx: interpreter "
               "0x%llx, gpu 0x%llx",
               r.total_divergences, rdna_divergence_kind_name(d->kind), d->reg, d->lane,
               (unsigned long long)d->address, (unsigned long long)d->interp,
               (unsigned long long)d->gpu);
      fail("the backends diverge", detail);
   }
   if (st != RDNA_OK && st != RDNA_UNSUPPORTED)
      fail(rdna_status_name(st), diag.message);
   rdna_diff_result_free(&r);
   rdna_case_destroy(c);
   return 0;
}
