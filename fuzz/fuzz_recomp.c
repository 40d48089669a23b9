/* Fuzz harness for the recompiler: any bytes are machine code. A 16-byte header (the layout of
 * fuzz_interp's, so its corpus seeds this one) picks the target, wave size, subgroup size,
 * relative-addressing lowering, VGPR allocation and dispatch, the order of a workgroup's waves,
 * and whether the code is split into two programs of a batch (rdna_recomp_options.batch_window);
 * the rest is the code, placed as raw
 * words in a case beside a data buffer. Every module the recompiler returns must pass SPIRV-Tools'
 * validator for Vulkan 1.2, checked here again independently of the recompiler's own check, and
 * describe the case's dispatch; the only failure allowed is UNSUPPORTED (an instruction not
 * lowered yet). Aborts on a violated contract; the sanitizers catch the rest. */
/* libspirv.h defines (not declares) the constant kDefaultMaxIdBound in C, as the library's own
 * SPIR-V builder, which includes it too, does: renamed here so the two definitions can link. */
#define kDefaultMaxIdBound fuzz_recomp_default_max_id_bound
#include <spirv-tools/libspirv.h>
#undef kDefaultMaxIdBound
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rdna/case.h"
#include "rdna/recomp.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define HEADER_BYTES 16
#define MAX_CODE_BYTES 2048
#define CODE_OFFSET 0x10000ull
#define DATA_OFFSET 0x40000ull
#define DATA_BYTES 4096
#define WINDOW (1ull << 32)

static void fail(const char *what, const char *detail)
{
   fprintf(stderr, "fuzz_recomp: %s: %s\n", what, detail ? detail : "");
   abort();
}

struct text {
   char *data;
   size_t len, cap;
};

static void append(struct text *t, const char *s)
{
   size_t n = strlen(s);
   if (t->len + n + 1 > t->cap) {
      size_t cap = (t->len + n + 1) * 2;
      char *grown = realloc(t->data, cap);
      if (!grown)
         fail("out of memory", NULL);
      t->data = grown;
      t->cap = cap;
   }
   memcpy(t->data + t->len, s, n + 1);
   t->len += n;
}

/* A buffer and a program of `count` bytes of `code` (padded with zero bytes to whole words) at
 * `base`. */
static void append_program(struct text *t, const char *name, uint64_t base, const uint8_t *code,
                           size_t count)
{
   char line[96];
   snprintf(line, sizeof(line), "[buffer data_%s @0x%llx]\nsize %u\n", name,
            (unsigned long long)(base + DATA_OFFSET), DATA_BYTES);
   append(t, line);
   snprintf(line, sizeof(line), "[program %s @0x%llx]\n", name,
            (unsigned long long)(base + CODE_OFFSET));
   append(t, line);
   for (size_t i = 0; i < count; i += 4) {
      uint32_t word = 0;
      for (size_t k = 0; k < 4 && i + k < count; k++)
         word |= (uint32_t)code[i + k] << (8 * k);
      snprintf(line, sizeof(line), ".long 0x%08x\n", word);
      append(t, line);
   }
}

/* SPIRV-Tools' validator on the words, for Vulkan 1.2 as the backend runs them. */
static void validate(const uint32_t *words, size_t num_words)
{
   spv_context context = spvContextCreate(SPV_ENV_VULKAN_1_2);
   if (!context)
      fail("no SPIRV-Tools context", NULL);
   spv_const_binary_t binary = { words, num_words };
   spv_diagnostic diagnostic = NULL;
   spv_result_t result = spvValidate(context, &binary, &diagnostic);
   if (result != SPV_SUCCESS)
      fail("the recompiler returned a module that spirv-val rejects",
           diagnostic ? diagnostic->error : "no diagnostic");
   spvDiagnosticDestroy(diagnostic);
   spvContextDestroy(context);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   if (size <= HEADER_BYTES || size > HEADER_BYTES + MAX_CODE_BYTES)
      return 0;
   bool gfx1013 = data[0] & 1;
   unsigned wave = data[0] & 2 ? 64 : 32;
   unsigned subgroup = 8u << ((data[0] >> 2) & 3);
   if (subgroup > wave)
      subgroup = wave;
   enum rdna_relative_lowering relative = (enum rdna_relative_lowering)((data[0] >> 4) % 5);
   bool batch = data[0] & 0x80;
   unsigned vgprs = 1u + data[1];
   unsigned workgroup = data[2] & 1 ? wave * 2 : 1;
   unsigned grid = data[2] & 2 ? 2 : 1;
   enum rdna_wave_order waves = data[2] & 4 ? RDNA_WAVES_CONCURRENT : RDNA_WAVES_SERIAL;

   struct text t = { NULL, 0, 0 };
   char line[160];
   snprintf(line, sizeof(line), "[require]\ntarget %s\nwave %u\nvgprs %u\nworkgroup %u\ngrid %u\n",
            gfx1013 ? "gfx1013" : "gfx1030", wave, vgprs, workgroup, grid);
   append(&t, line);
   const uint8_t *code = data + HEADER_BYTES;
   size_t code_bytes = size - HEADER_BYTES;
   if (batch) {
      /* Two programs in windows 1 and 2: the first half of the code and the rest. */
      size_t half = (code_bytes / 2 + 3) & ~(size_t)3;
      if (half == 0 || half >= code_bytes)
         half = code_bytes;
      append_program(&t, "p1", WINDOW, code, half);
      if (half < code_bytes)
         append_program(&t, "p2", 2 * WINDOW, code + half, code_bytes - half);
   } else {
      append_program(&t, "main", 0, code, code_bytes);
   }

   struct rdna_case *c = NULL;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   if (rdna_case_parse(t.data, t.len, NULL, &c, &diag) != RDNA_OK)
      fail("the harness's case does not parse", diag.message);
   free(t.data);

   struct rdna_recomp_options options;
   memset(&options, 0, sizeof(options));
   options.wave_size = wave;
   options.subgroup_size = subgroup;
   options.relative = relative;
   options.step_limit = 1000;
   options.batch_window = batch ? WINDOW : 0;
   options.waves = waves;
   struct rdna_module *module = NULL;
   enum rdna_status st = rdna_recomp_case(c, &options, &module, &diag);
   if (st == RDNA_UNSUPPORTED) {
      if (module || diag.message[0] == '\0')
         fail("UNSUPPORTED without a message or with a module", diag.message);
   } else if (st != RDNA_OK) {
      fail(rdna_status_name(st), diag.message);
   } else {
      size_t num_words = 0;
      const uint32_t *words = rdna_module_words(module, &num_words);
      validate(words, num_words);
      const struct rdna_module_layout *layout = rdna_module_layout(module);
      unsigned waves_per_group = (workgroup + wave - 1) / wave;
      if (layout->wave_size != wave || layout->subgroup_size != subgroup ||
          layout->vgprs != vgprs || layout->waves_per_group != waves_per_group ||
          layout->num_waves != waves_per_group * grid ||
          layout->state_words != RDNA_STATE_WORDS(vgprs, wave) ||
          layout->num_regions != rdna_case_region_count(c))
         fail("the module's layout does not describe the case's dispatch", NULL);
   }
   rdna_module_destroy(module);
   rdna_case_destroy(c);
   return 0;
}
