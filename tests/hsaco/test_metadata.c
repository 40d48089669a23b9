/* The code object's metadata note (include/rdna/hsaco.h, rdna_hsaco_kernel_info) against an
 * independent reader: llvm-readelf-14 --notes prints the same note as YAML, which this file
 * parses on its own. Then its use: argument checks, hidden arguments (code object V5's written
 * into a clang object's metadata with llvm-mc and read back by the kernel), and malformed notes,
 * which must be statuses with a message and a position. Skips without clang-14 and LLVM 14. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compile.h"
#include "rdna/hsaco.h"
#include "rdna/run.h"

static void need_toolchain(void)
{
   if (!kernel_toolchain_present())
      cr_skip_test("clang-14, ld.lld-14, llvm-mc-14 or llvm-readelf-14 is not installed");
}

static uint8_t *compile_cl(const char *name, enum rdna_target target, unsigned wave,
                           const char *flags, size_t *size)
{
   char log[2048];
   uint8_t *object = kernel_compile_flags(name, target, wave, flags, size, log, sizeof(log));
   cr_assert_not_null(object, "%s: %s", name, log);
   return object;
}

/* ---- llvm-readelf's YAML ------------------------------------------------------------------ */

struct yaml_arg {
   char name[64], type_name[64], kind[40], space[16];
   long offset, size;
   bool is_const;
};

struct yaml_kernel {
   char name[256], symbol[256];
   long kernarg_size, kernarg_align, group, private_size, wave, sgprs, vgprs, max_group;
   bool uniform, dynamic_stack;
   size_t num_args;
   struct yaml_arg args[RDNA_HSACO_MAX_META_ARGS];
};

struct yaml_note {
   long version[2];
   size_t num_kernels;
   struct yaml_kernel kernels[8];
};

/* "  .key:   value" -> key ".key", value "value" without quotes; false for other lines. */
static bool yaml_pair(const char *line, char *key, size_t key_size, char *value, size_t value_size)
{
   const char *dot = strchr(line, '.');
   const char *colon = dot ? strchr(dot, ':') : NULL;
   if (!colon || (size_t)(colon - dot) >= key_size)
      return false;
   memcpy(key, dot, (size_t)(colon - dot));
   key[colon - dot] = '\0';
   const char *v = colon + 1;
   while (*v == ' ')
      v++;
   size_t n = strcspn(v, "\n");
   if (n >= 2 && v[0] == '\'' && v[n - 1] == '\'')
      v++, n -= 2;
   snprintf(value, value_size, "%.*s", (int)n, v);
   return true;
}

static void yaml_kernel_key(struct yaml_kernel *k, const char *key, const char *value)
{
   struct {
      const char *key;
      long *field;
   } numbers[] = { { ".kernarg_segment_size", &k->kernarg_size },
                   { ".kernarg_segment_align", &k->kernarg_align },
                   { ".group_segment_fixed_size", &k->group },
                   { ".private_segment_fixed_size", &k->private_size },
                   { ".wavefront_size", &k->wave },
                   { ".sgpr_count", &k->sgprs },
                   { ".vgpr_count", &k->vgprs },
                   { ".max_flat_workgroup_size", &k->max_group } };
   for (size_t i = 0; i < sizeof(numbers) / sizeof(numbers[0]); i++)
      if (strcmp(key, numbers[i].key) == 0)
         *numbers[i].field = strtol(value, NULL, 0);
   if (strcmp(key, ".name") == 0)
      snprintf(k->name, sizeof(k->name), "%s", value);
   if (strcmp(key, ".symbol") == 0)
      snprintf(k->symbol, sizeof(k->symbol), "%s", value);
   if (strcmp(key, ".uniform_work_group_size") == 0)
      k->uniform = strtol(value, NULL, 0) != 0;
   if (strcmp(key, ".uses_dynamic_stack") == 0)
      k->dynamic_stack = strcmp(value, "true") == 0;
}

static void yaml_arg_key(struct yaml_arg *a, const char *key, const char *value)
{
   if (strcmp(key, ".offset") == 0)
      a->offset = strtol(value, NULL, 0);
   else if (strcmp(key, ".size") == 0)
      a->size = strtol(value, NULL, 0);
   else if (strcmp(key, ".value_kind") == 0)
      snprintf(a->kind, sizeof(a->kind), "%s", value);
   else if (strcmp(key, ".address_space") == 0)
      snprintf(a->space, sizeof(a->space), "%s", value);
   else if (strcmp(key, ".name") == 0)
      snprintf(a->name, sizeof(a->name), "%s", value);
   else if (strcmp(key, ".type_name") == 0)
      snprintf(a->type_name, sizeof(a->type_name), "%s", value);
   else if (strcmp(key, ".is_const") == 0)
      a->is_const = strcmp(value, "true") == 0;
}

/* The metadata YAML as LLVM prints it: kernels are "  - .key:" items at indent 2 with their keys
 * at indent 4, arguments "      - .key:" items at indent 6 with keys at indent 8. */
static void parse_readelf_notes(const char *text, struct yaml_note *note)
{
   memset(note, 0, sizeof(*note));
   struct yaml_kernel *k = NULL;
   bool in_args = false, in_version = false;
   size_t version_items = 0;
   for (const char *line = text; line && *line;
        line = strchr(line, '\n'), line = line ? line + 1 : NULL) {
      size_t indent = strspn(line, " ");
      const char *body = line + indent;
      char key[64], value[256];
      if (indent == 0) {
         in_version = strncmp(body, "amdhsa.version:", 15) == 0;
         continue;
      }
      if (in_version && indent == 2 && body[0] == '-') {
         if (version_items < 2)
            note->version[version_items++] = strtol(body + 1, NULL, 0);
         continue;
      }
      bool item = body[0] == '-';
      if (!yaml_pair(body, key, sizeof(key), value, sizeof(value)))
         continue;
      if (indent == 2 && item) {
         cr_assert_lt(note->num_kernels, 8);
         k = &note->kernels[note->num_kernels++];
         in_args = false;
      }
      if (!k)
         continue;
      if ((indent == 2 && item) || indent == 4) {
         in_args = strcmp(key, ".args") == 0;
         yaml_kernel_key(k, key, value);
      } else if (in_args && indent == 6 && item) {
         cr_assert_lt(k->num_args, RDNA_HSACO_MAX_META_ARGS);
         yaml_arg_key(&k->args[k->num_args++], key, value);
      } else if (in_args && indent == 8 && k->num_args) {
         yaml_arg_key(&k->args[k->num_args - 1], key, value);
      }
   }
}

static void readelf_notes(const uint8_t *object, size_t size, struct yaml_note *note)
{
   char log[2048];
   size_t length = 0;
   char *text = (char *)kernel_script("llvm-readelf-14 --notes input > notes.txt", object, size,
                                      "notes.txt", &length, log, sizeof(log));
   cr_assert_not_null(text, "llvm-readelf: %s", log);
   parse_readelf_notes(text, note);
   free(text);
   cr_assert_geq(note->num_kernels, 1, "llvm-readelf printed no kernel");
}

/* Every field llvm-readelf prints equals ours, for every kernel of the object. */
static void check_against_readelf(const uint8_t *object, size_t size)
{
   struct yaml_note *note = malloc(sizeof(*note));
   struct rdna_hsaco_kernel_info *info = malloc(sizeof(*info));
   cr_assert(note && info);
   readelf_notes(object, size, note);
   for (size_t n = 0; n < note->num_kernels; n++) {
      const struct yaml_kernel *y = &note->kernels[n];
      struct rdna_diag diag;
      cr_assert_eq(rdna_hsaco_kernel_info(object, size, y->name, info, &diag), RDNA_OK, "%s: %s",
                   y->name, diag.message);
      cr_assert_eq(note->version[0], 1);
      cr_assert_eq(info->code_object_version, 3 + note->version[1]);
      cr_assert_str_eq(info->name, y->name);
      cr_assert_str_eq(info->symbol, y->symbol);
      cr_assert_eq(info->kernarg_segment_size, y->kernarg_size, "%s", y->name);
      cr_assert_eq(info->kernarg_segment_align, y->kernarg_align);
      cr_assert_eq(info->group_segment_fixed_size, y->group, "%s", y->name);
      cr_assert_eq(info->private_segment_fixed_size, y->private_size, "%s", y->name);
      cr_assert_eq(info->wavefront_size, y->wave);
      cr_assert_eq(info->sgpr_count, y->sgprs);
      cr_assert_eq(info->vgpr_count, y->vgprs);
      cr_assert_eq(info->max_flat_workgroup_size, y->max_group);
      cr_assert_eq(info->uniform_work_group_size, y->uniform);
      cr_assert_eq(info->uses_dynamic_stack, y->dynamic_stack, "%s", y->name);
      cr_assert_eq(info->num_args, y->num_args, "%s", y->name);
      size_t explicit_args = 0;
      for (size_t i = 0; i < y->num_args; i++) {
         const struct rdna_hsaco_kernel_arg *a = &info->args[i];
         const struct yaml_arg *ya = &y->args[i];
         cr_assert_eq(a->offset, ya->offset, "%s arg %zu", y->name, i);
         cr_assert_eq(a->size, ya->size, "%s arg %zu", y->name, i);
         cr_assert_str_eq(rdna_hsaco_value_kind_name(a->kind), ya->kind);
         cr_assert_str_eq(rdna_hsaco_address_space_name(a->space), ya->space);
         cr_assert_str_eq(a->name, ya->name);
         cr_assert_str_eq(a->type_name, ya->type_name);
         cr_assert_eq(a->is_const, ya->is_const);
         cr_assert_eq(a->hidden, strncmp(ya->kind, "hidden_", 7) == 0);
         explicit_args += strncmp(ya->kind, "hidden_", 7) != 0;
      }
      cr_assert_eq(info->num_explicit_args, explicit_args);
   }
   free(note);
   free(info);
}

struct meta_param {
   char kernel[32];
   enum rdna_target target;
   unsigned wave;
   char flags[64];
};

ParameterizedTestParameters(metadata, matches_llvm_readelf)
{
   static struct meta_param params[] = {
      { "scale_offset", RDNA_TARGET_GFX1030, 32, "" },
      { "scale_offset", RDNA_TARGET_GFX1030, 64, "" },
      { "scale_offset", RDNA_TARGET_GFX1013, 32, "" },
      { "scale_offset", RDNA_TARGET_GFX1030, 32, "-mcode-object-version=3" },
      { "lds_reduce", RDNA_TARGET_GFX1030, 64, "" },
      { "private_array", RDNA_TARGET_GFX1030, 32, "" },
      { "recursion", RDNA_TARGET_GFX1030, 32, "" },
      { "function_pointer", RDNA_TARGET_GFX1030, 64, "" },
      { "f16_math", RDNA_TARGET_GFX1030, 32, "-cl-std=CL2.0 -cl-uniform-work-group-size" },
   };
   return cr_make_param_array(struct meta_param, params, sizeof(params) / sizeof(params[0]));
}

ParameterizedTest(struct meta_param *p, metadata, matches_llvm_readelf)
{
   need_toolchain();
   size_t size;
   uint8_t *object = compile_cl(p->kernel, p->target, p->wave, p->flags, &size);
   check_against_readelf(object, size);
   free(object);
}

/* clang-14's default is code object V4 (amdhsa.version 1.1); -mcode-object-version=3 is 1.0. */
Test(metadata, code_object_versions)
{
   need_toolchain();
   struct rdna_hsaco_kernel_info *info = malloc(sizeof(*info));
   const char *flags[] = { "", "-mcode-object-version=3" };
   unsigned want[] = { 4, 3 };
   for (unsigned i = 0; i < 2; i++) {
      size_t size;
      uint8_t *object = compile_cl("scale_offset", RDNA_TARGET_GFX1030, 32, flags[i], &size);
      cr_assert_eq(rdna_hsaco_kernel_info(object, size, "scale_offset", info, NULL), RDNA_OK);
      cr_assert_eq(info->code_object_version, want[i]);
      /* scale_offset(global uint *out, global const uint *in, uint scale, uint offset) */
      cr_assert_eq(info->num_explicit_args, 4);
      cr_assert_str_eq(info->args[1].name, "in");
      cr_assert(info->args[1].is_const);
      cr_assert_eq(info->args[2].kind, RDNA_HSACO_KIND_BY_VALUE);
      cr_assert_eq(info->args[2].offset, 16);
      cr_assert_eq(info->args[3].offset, 20);
      free(object);
   }
   free(info);
}

/* ---- HIP ---------------------------------------------------------------------------------- */

/* HIP for amdgcn without the HIP headers: the attributes hip_runtime.h would define. */
static const char hip_source[] =
   "#define __global__ __attribute__((global))\n"
   "__global__ void saxpy(float a, const float *x, float *y, unsigned n)\n"
   "{\n"
   "   unsigned i = __builtin_amdgcn_workgroup_id_x() * __builtin_amdgcn_workgroup_size_x() +\n"
   "                __builtin_amdgcn_workitem_id_x();\n"
   "   if (i < n)\n"
   "      y[i] = a * x[i] + y[i];\n"
   "}\n";

static uint8_t *compile_hip(unsigned wave, size_t *size)
{
   char log[2048];
   char script[1024];
   snprintf(script, sizeof(script),
            "clang-14 -x hip --cuda-device-only -nogpulib -nogpuinc --offload-arch=gfx1030 -O2 "
            "%s -S input -o k.s && llvm-mc-14 -triple=amdgcn-amd-amdhsa -mcpu=gfx1030 %s "
            "-filetype=obj k.s -o k.o && ld.lld-14 -shared k.o -o k.hsaco",
            wave == 64 ? "-mwavefrontsize64" : "", wave == 64 ? "-mattr=+wavefrontsize64" : "");
   uint8_t *object =
      kernel_script(script, hip_source, strlen(hip_source), "k.hsaco", size, log, sizeof(log));
   cr_assert_not_null(object, "HIP: %s", log);
   return object;
}

static float f32_of(uint32_t bits)
{
   float f;
   memcpy(&f, &bits, 4);
   return f;
}

Test(metadata, hip_kernel_runs_with_checked_arguments)
{
   need_toolchain();
   size_t size;
   uint8_t *object = compile_hip(32, &size);
   check_against_readelf(object, size);
   const char *mangled = "_Z5saxpyfPKfPfj"; /* saxpy(float, float const*, float*, unsigned) */
   struct rdna_hsaco_kernel_info *info = malloc(sizeof(*info));
   cr_assert_eq(rdna_hsaco_kernel_info(object, size, mangled, info, NULL), RDNA_OK);
   cr_assert_eq(info->num_explicit_args, 4);

   enum {
      N = 100
   };
   float x[128], y[128];
   for (unsigned i = 0; i < 128; i++)
      x[i] = (float)i * 0.5f, y[i] = 1000.0f - (float)i;
   struct rdna_hsaco_arg args[4] = {
      { RDNA_HSACO_ARG_VALUE, NULL, NULL, 4, 0x40400000u /* 3.0f */ },
      { RDNA_HSACO_ARG_BUFFER, "x", (const uint8_t *)x, sizeof(x), 0 },
      { RDNA_HSACO_ARG_BUFFER, "y", (const uint8_t *)y, sizeof(y), 0 },
      { RDNA_HSACO_ARG_VALUE, NULL, NULL, 4, N },
   };
   struct rdna_hsaco_dispatch d = { mangled, { 2, 1, 1 }, { 64, 1, 1 }, args, 4 };
   struct rdna_case *c = NULL;
   struct rdna_diag diag;
   cr_assert_eq(rdna_hsaco_case(object, size, &d, &c, &diag), RDNA_OK, "%s", diag.message);
   struct rdna_case_result result;
   cr_assert_eq(rdna_case_run(c, 32, NULL, &result, &diag), RDNA_OK, "%s", diag.message);
   cr_assert(!result.faulted, "%s", result.fault.message);
   struct rdna_case_region r;
   cr_assert(rdna_case_region(c, (size_t)rdna_case_find_region(c, "y"), &r));
   uint32_t got[128];
   cr_assert_eq(rdna_machine_read_memory(result.machine, r.address, got, sizeof(got)), RDNA_OK);
   for (unsigned i = 0; i < 128; i++) {
      /* One rounding of a * x then one of the sum, unless clang contracts them into an fma:
       * the host's fmaf gives that one; either must match exactly. */
      float separate = 3.0f * x[i];
      separate = separate + y[i];
      float fused = __builtin_fmaf(3.0f, x[i], y[i]);
      float want = i < N ? separate : y[i];
      float g = f32_of(got[i]);
      cr_assert(g == want || (i < N && g == fused), "y[%u] = %g, want %g", i, (double)g,
                (double)want);
   }
   rdna_case_result_free(&result);
   rdna_case_destroy(c);

   /* The by-value float is 4 bytes: an f64 is refused, as is a buffer in its place. */
   args[0].size = 8;
   cr_assert_eq(rdna_hsaco_case(object, size, &d, &c, &diag), RDNA_BAD_ARGUMENT);
   cr_assert(strstr(diag.message, "argument 0") && strstr(diag.message, "4-byte value, given 8"),
             "%s", diag.message);
   args[0].kind = RDNA_HSACO_ARG_BUFFER;
   cr_assert_eq(rdna_hsaco_case(object, size, &d, &c, &diag), RDNA_BAD_ARGUMENT);
   cr_assert(strstr(diag.message, "not a buffer"), "%s", diag.message);
   args[0] = (struct rdna_hsaco_arg){ RDNA_HSACO_ARG_VALUE, NULL, NULL, 4, 0x40400000u };
   /* A pointer takes a buffer or a 64-bit address, not a 32-bit value. */
   args[1] = (struct rdna_hsaco_arg){ RDNA_HSACO_ARG_VALUE, NULL, NULL, 4, 0 };
   cr_assert_eq(rdna_hsaco_case(object, size, &d, &c, &diag), RDNA_BAD_ARGUMENT);
   cr_assert(strstr(diag.message, "argument 1") && strstr(diag.message, "pointer to global"), "%s",
             diag.message);
   d.num_args = 3;
   cr_assert_eq(rdna_hsaco_case(object, size, &d, &c, &diag), RDNA_BAD_ARGUMENT);
   cr_assert(strstr(diag.message, "takes 4 arguments") && strstr(diag.message, "3 given"), "%s",
             diag.message);
   cr_assert_null(c);
   free(info);
   free(object);
}

/* ---- hidden arguments --------------------------------------------------------------------- */

/* Reads the hidden arguments through the implicit-argument pointer, which clang-14 puts right
 * after the explicit ones (offset 8 here), and the apertures (clang-14 reads them from
 * HW_REG_SH_MEM_BASES to make flat pointers) and queue pointer the hardware gives, to compare
 * them with their hidden copies. */
static const char hidden_source[] =
   "kernel void hidden_v5(global uint *out)\n"
   "{\n"
   "   constant uint *words = (constant uint *)__builtin_amdgcn_implicitarg_ptr();\n"
   "   constant ushort *halves = (constant ushort *)words;\n"
   "   local uint shared_word;\n"
   "   private uint private_word = 5;\n"
   "   volatile generic uint *g_shared = &shared_word, *g_private = &private_word;\n"
   "   if (__builtin_amdgcn_workgroup_id_x() != 0 || __builtin_amdgcn_workgroup_id_y() != 0 ||\n"
   "       __builtin_amdgcn_workitem_id_x() != 0 || __builtin_amdgcn_workitem_id_y() != 0)\n"
   "      return;\n"
   "   for (uint i = 0; i < 3; i++) {\n"
   "      out[i] = words[i];\n"          /* block counts */
   "      out[3 + i] = halves[6 + i];\n" /* group sizes */
   "      out[6 + i] = halves[9 + i];\n" /* remainders */
   "   }\n"
   "   out[9] = halves[32];\n" /* grid dims */
   "   out[10] = words[10] | words[11] | words[12] | words[13] | words[14] | words[15];\n"
   "   out[11] = words[48];\n" /* private base */
   "   out[12] = (uint)((ulong)g_private >> 32);\n"
   "   out[13] = words[49];\n" /* shared base */
   "   out[14] = (uint)((ulong)g_shared >> 32);\n"
   "   constant ulong *queue = (constant ulong *)(words + 50);\n"
   "   out[15] = (uint)*queue;\n"
   "   out[16] = (uint)(ulong)__builtin_amdgcn_queue_ptr();\n"
   "   out[17] = words[18] | words[19] | words[20] | words[21] | words[22] | words[23] |\n"
   "             words[26] | words[27] | words[28] | words[29];\n" /* null pointers */
   "   *g_shared = 9;\n"
   "   out[18] = shared_word;\n"
   "}\n";

/* Code object V5 metadata (amdhsa.version 1.2) for hidden_v5: the hidden arguments at their V5
 * places relative to the implicit-argument pointer (AMDGPUUsage, "Code Object V5 Metadata":
 * block counts at 0, group sizes at 12, remainders at 18, global offsets at 40, grid dims at
 * 64, printf buffer at 72, hostcall buffer at 80, multigrid sync at 88, default queue at 104,
 * completion action at 112, private and shared base at 192 and 196, queue ptr at 200; LLVM 14's
 * assembler rejects V5's hidden_heap_v1 and hidden_dynamic_lds_size, so they are left out). */
static const char hidden_metadata[] = "\t.amdgpu_metadata\n"
                                      "---\n"
                                      "amdhsa.kernels:\n"
                                      "  - .args:\n"
                                      "      - .address_space:  global\n"
                                      "        .name:           out\n"
                                      "        .offset:         0\n"
                                      "        .size:           8\n"
                                      "        .value_kind:     global_buffer\n"
                                      "%s"
                                      "    .group_segment_fixed_size: %u\n"
                                      "    .kernarg_segment_align: 8\n"
                                      "    .kernarg_segment_size: 264\n"
                                      "    .max_flat_workgroup_size: 256\n"
                                      "    .name:           hidden_v5\n"
                                      "    .private_segment_fixed_size: %u\n"
                                      "    .sgpr_count:     52428\n"
                                      "    .vgpr_count:     56797\n"
                                      "    .symbol:         hidden_v5.kd\n"
                                      "    .wavefront_size: %u\n"
                                      "amdhsa.target:   amdgcn-amd-amdhsa--gfx1030\n"
                                      "amdhsa.version:\n"
                                      "  - 1\n"
                                      "  - 2\n"
                                      "...\n"
                                      "\t.end_amdgpu_metadata\n";

static const struct {
   const char *kind;
   unsigned offset, size; /* from the implicit-argument pointer */
} v5_hidden[] = {
   { "hidden_block_count_x", 0, 4 },    { "hidden_block_count_y", 4, 4 },
   { "hidden_block_count_z", 8, 4 },    { "hidden_group_size_x", 12, 2 },
   { "hidden_group_size_y", 14, 2 },    { "hidden_group_size_z", 16, 2 },
   { "hidden_remainder_x", 18, 2 },     { "hidden_remainder_y", 20, 2 },
   { "hidden_remainder_z", 22, 2 },     { "hidden_global_offset_x", 40, 8 },
   { "hidden_global_offset_y", 48, 8 }, { "hidden_global_offset_z", 56, 8 },
   { "hidden_grid_dims", 64, 2 },       { "hidden_printf_buffer", 72, 8 },
   { "hidden_hostcall_buffer", 80, 8 }, { "hidden_multigrid_sync_arg", 88, 8 },
   { "hidden_default_queue", 104, 8 },  { "hidden_completion_action", 112, 8 },
   { "hidden_private_base", 192, 4 },   { "hidden_shared_base", 196, 4 },
   { "hidden_queue_ptr", 200, 8 },
};

/* Compiles hidden_v5 for wave `wave`, replaces clang's V4 metadata with the V5 block above and
 * assembles and links the result. The segment sizes come from clang's own .amdhsa_ directives,
 * the register counts from its metadata (the placeholders 43690, 48059, 52428, 56797). */
static uint8_t *build_hidden_v5(unsigned wave, size_t *size)
{
   char args[4096] = "";
   size_t used = 0;
   for (size_t i = 0; i < sizeof(v5_hidden) / sizeof(v5_hidden[0]); i++)
      used += (size_t)snprintf(args + used, sizeof(args) - used,
                               "      - .offset:         %u\n"
                               "        .size:           %u\n"
                               "        .value_kind:     %s\n",
                               8 + v5_hidden[i].offset, v5_hidden[i].size, v5_hidden[i].kind);
   char *yaml = malloc(8192);
   cr_assert_not_null(yaml);
   /* The group and private sizes are filled by the script from the descriptor directives. */
   snprintf(yaml, 8192, hidden_metadata, args, 0xaaaau, 0xbbbbu, wave);
   size_t script_size = 4096 + sizeof(hidden_source);
   char *script = malloc(script_size);
   cr_assert_not_null(script);
   snprintf(script, script_size,
            "cat > k.cl <<'END_OF_SOURCE'\n%sEND_OF_SOURCE\n"
            "clang-14 -x cl -cl-std=CL2.0 -target amdgcn-amd-amdhsa -mcpu=gfx1030 %s -nogpulib "
            "-O2 -S k.cl -o k.s && "
            "group=$(sed -n 's/.*\\.amdhsa_group_segment_fixed_size //p' k.s) && "
            "private=$(sed -n 's/.*\\.amdhsa_private_segment_fixed_size //p' k.s) && "
            "sgprs=$(sed -n 's/^ *\\.sgpr_count: *//p' k.s) && "
            "vgprs=$(sed -n 's/^ *\\.vgpr_count: *//p' k.s) && "
            "sed -i '/\\.amdgpu_metadata/,/\\.end_amdgpu_metadata/d' k.s && "
            "sed -e \"s/43690/$group/\" -e \"s/48059/$private/\" -e \"s/52428/$sgprs/\" "
            "-e \"s/56797/$vgprs/\" input >> k.s && "
            "llvm-mc-14 -triple=amdgcn-amd-amdhsa -mcpu=gfx1030 %s -filetype=obj k.s -o k.o && "
            "ld.lld-14 -shared k.o -o k.hsaco",
            hidden_source, wave == 64 ? "-mwavefrontsize64" : "",
            wave == 64 ? "-mattr=+wavefrontsize64" : "");
   char log[2048];
   uint8_t *object = kernel_script(script, yaml, strlen(yaml), "k.hsaco", size, log, sizeof(log));
   cr_assert_not_null(object, "hidden_v5: %s", log);
   free(script);
   free(yaml);
   return object;
}

static void check_hidden_v5(unsigned wave)
{
   need_toolchain();
   size_t size;
   uint8_t *object = build_hidden_v5(wave, &size);
   check_against_readelf(object, size);
   struct rdna_hsaco_kernel_info *info = malloc(sizeof(*info));
   cr_assert_eq(rdna_hsaco_kernel_info(object, size, "hidden_v5", info, NULL), RDNA_OK);
   cr_assert_eq(info->code_object_version, 5);
   free(info);

   struct rdna_hsaco_arg out = { RDNA_HSACO_ARG_BUFFER, "out", NULL, 128, 0 };
   struct rdna_hsaco_dispatch d = { "hidden_v5", { 3, 2, 1 }, { 16, 4, 1 }, &out, 1 };
   struct rdna_case *c = NULL;
   struct rdna_diag diag;
   cr_assert_eq(rdna_hsaco_case(object, size, &d, &c, &diag), RDNA_OK, "%s", diag.message);
   struct rdna_case_result result;
   cr_assert_eq(rdna_case_run(c, wave, NULL, &result, &diag), RDNA_OK, "%s", diag.message);
   cr_assert(!result.faulted, "%s", result.fault.message);
   struct rdna_case_region r;
   cr_assert(rdna_case_region(c, (size_t)rdna_case_find_region(c, "out"), &r));
   uint32_t got[19];
   cr_assert_eq(rdna_machine_read_memory(result.machine, r.address, got, sizeof(got)), RDNA_OK);
   const uint32_t want_counts[9] = { 3, 2, 1, 16, 4, 1, 0, 0, 0 };
   for (unsigned i = 0; i < 9; i++)
      cr_assert_eq(got[i], want_counts[i], "wave%u: word %u is %u, want %u", wave, i, got[i],
                   want_counts[i]);
   cr_assert_eq(got[9], 2, "a 2-D dispatch");
   cr_assert_eq(got[10], 0, "global offsets are 0");
   cr_assert_eq(got[11], got[12], "hidden_private_base is src_private_base");
   cr_assert_eq(got[13], got[14], "hidden_shared_base is src_shared_base");
   cr_assert_neq(got[11], got[13]);
   cr_assert_eq(got[15], got[16], "hidden_queue_ptr is the queue pointer");
   cr_assert_neq(got[15], 0);
   cr_assert_eq(got[17], 0, "printf, hostcall, multigrid, queue and completion are null");
   cr_assert_eq(got[18], 9, "a flat store through the shared aperture reaches LDS");
   rdna_case_result_free(&result);
   rdna_case_destroy(c);
   free(object);
}

Test(metadata, v5_hidden_arguments_wave32)
{
   check_hidden_v5(32);
}

Test(metadata, v5_hidden_arguments_wave64)
{
   check_hidden_v5(64);
}

/* ---- malformed notes ---------------------------------------------------------------------- */

/* File offset and size of the NT_AMDGPU_METADATA description, found with libelf. */
static void find_note(uint8_t *object, size_t size, size_t *header, size_t *desc, size_t *desc_size)
{
   cr_assert_neq(elf_version(EV_CURRENT), EV_NONE);
   Elf *elf = elf_memory((char *)object, size);
   cr_assert_not_null(elf);
   Elf_Scn *scn = NULL;
   *desc = 0;
   while ((scn = elf_nextscn(elf, scn)) != NULL && !*desc) {
      GElf_Shdr sh;
      gelf_getshdr(scn, &sh);
      if (sh.sh_type != SHT_NOTE)
         continue;
      Elf_Data *data = elf_getdata(scn, NULL);
      GElf_Nhdr nhdr;
      size_t name_offset, desc_offset;
      for (size_t at = 0; (at = gelf_getnote(data, at, &nhdr, &name_offset, &desc_offset)) != 0;) {
         if (nhdr.n_type == 32) {
            *header = (size_t)sh.sh_offset + name_offset - 12;
            *desc = (size_t)sh.sh_offset + desc_offset;
            *desc_size = nhdr.n_descsz;
            break;
         }
      }
   }
   elf_end(elf);
   cr_assert_neq(*desc, 0, "no NT_AMDGPU_METADATA note");
}

/* The position of `text` (a MessagePack string: fixstr header then bytes) in the note. */
static size_t find_key(const uint8_t *object, size_t desc, size_t desc_size, const char *text)
{
   size_t length = strlen(text);
   for (size_t i = desc; i + length + 1 <= desc + desc_size; i++)
      if (object[i] == (0xa0 | length) && memcmp(object + i + 1, text, length) == 0)
         return i;
   cr_assert_fail("no key %s in the note", text);
   return 0;
}

static void put32(uint8_t *p, uint32_t v)
{
   for (unsigned i = 0; i < 4; i++)
      p[i] = (uint8_t)(v >> (8 * i));
}

struct malformed {
   struct rdna_diag diag;
   enum rdna_status info_status, case_status;
};

static void try_both(const uint8_t *object, size_t size, struct malformed *m)
{
   struct rdna_hsaco_kernel_info *info = malloc(sizeof(*info));
   struct rdna_diag case_diag;
   m->info_status = rdna_hsaco_kernel_info(object, size, "scale_offset", info, &m->diag);
   struct rdna_hsaco_arg args[4] = {
      { RDNA_HSACO_ARG_BUFFER, "out", NULL, 256, 0 },
      { RDNA_HSACO_ARG_BUFFER, "in", NULL, 256, 0 },
      { RDNA_HSACO_ARG_VALUE, NULL, NULL, 4, 3 },
      { RDNA_HSACO_ARG_VALUE, NULL, NULL, 4, 7 },
   };
   struct rdna_hsaco_dispatch d = { "scale_offset", { 1, 1, 1 }, { 64, 1, 1 }, args, 4 };
   struct rdna_case *c = NULL;
   m->case_status = rdna_hsaco_case(object, size, &d, &c, &case_diag);
   cr_assert_eq(c == NULL, m->case_status != RDNA_OK);
   if (m->info_status != RDNA_OK && m->case_status != RDNA_OK) {
      cr_assert_eq(m->case_status, m->info_status, "the loader and the listing agree");
      cr_assert_str_eq(case_diag.message, m->diag.message);
   }
   rdna_case_destroy(c);
   free(info);
}

Test(metadata, malformed_notes_are_errors_with_positions)
{
   need_toolchain();
   size_t size, header, desc, desc_size;
   uint8_t *good = compile_cl("scale_offset", RDNA_TARGET_GFX1030, 32, "", &size);
   find_note(good, size, &header, &desc, &desc_size);
   uint8_t *o = malloc(size);
   struct malformed m;
   memcpy(o, good, size);
   try_both(o, size, &m);
   cr_assert_eq(m.info_status, RDNA_OK, "%s", m.diag.message);
   cr_assert_eq(m.case_status, RDNA_OK);

   /* A description size past the section: a truncated note, at the note's header. */
   put32(o + header + 4, (uint32_t)desc_size + 64);
   try_both(o, size, &m);
   cr_assert_eq(m.info_status, RDNA_IO);
   cr_assert(strstr(m.diag.message, "truncated note"), "%s", m.diag.message);
   cr_assert_eq(m.diag.offset, header);

   /* The first key's fixstr header made a str32: its length, read from the key's text, runs
    * past the note's end. */
   memcpy(o, good, size);
   size_t at = find_key(o, desc, desc_size, "amdhsa.kernels");
   o[at] = 0xdb;
   try_both(o, size, &m);
   cr_assert_eq(m.info_status, RDNA_INVALID_ENCODING);
   cr_assert(strstr(m.diag.message, "metadata note, byte") &&
                strstr(m.diag.message, "runs past the note's end"),
             "%s", m.diag.message);
   cr_assert_eq(m.diag.offset, at + 5);

   /* 0xc1 is no MessagePack type. */
   memcpy(o, good, size);
   o[desc] = 0xc1;
   try_both(o, size, &m);
   cr_assert_eq(m.info_status, RDNA_INVALID_ENCODING);
   cr_assert(strstr(m.diag.message, "0xc1"), "%s", m.diag.message);
   cr_assert_eq(m.diag.offset, desc);

   /* A map of 2^32 - 1 entries (map32) ends at the note's end, after bounded work. */
   memcpy(o, good, size);
   o[desc] = 0xdf;
   try_both(o, size, &m);
   cr_assert_eq(m.info_status, RDNA_INVALID_ENCODING, "%s", m.diag.message);

   /* An unknown value kind, named. */
   memcpy(o, good, size);
   at = find_key(o, desc, desc_size, "by_value");
   o[at + 6] = 'x';
   try_both(o, size, &m);
   cr_assert_eq(m.info_status, RDNA_INVALID_ENCODING);
   cr_assert(strstr(m.diag.message, "unknown .value_kind 'by_vaxue'"), "%s", m.diag.message);
   cr_assert_eq(m.diag.offset, at);

   /* .kernarg_segment_size 16 (positive fixint) leaves the arguments from offset 16 past it. */
   memcpy(o, good, size);
   at = find_key(o, desc, desc_size, ".kernarg_segment_size");
   cr_assert_eq(o[at + 22], 80, "clang's kernarg segment of scale_offset is 80 bytes");
   o[at + 22] = 16;
   try_both(o, size, &m);
   cr_assert_eq(m.info_status, RDNA_INVALID_ENCODING);
   cr_assert(strstr(m.diag.message, "argument 2 (by_value, 4 bytes at offset 16) lies past the "
                                    "16-byte kernarg segment"),
             "%s", m.diag.message);

   /* amdhsa.version 2.1 is no version this reader knows. */
   memcpy(o, good, size);
   at = find_key(o, desc, desc_size, "amdhsa.version");
   cr_assert_eq(o[at + 15], 0x92, "a fixarray of two");
   o[at + 16] = 2;
   try_both(o, size, &m);
   cr_assert_eq(m.info_status, RDNA_UNSUPPORTED);
   cr_assert(strstr(m.diag.message, "2.1"), "%s", m.diag.message);

   /* A string where .offset needs a number. */
   memcpy(o, good, size);
   at = find_key(o, desc, desc_size, ".offset");
   o[at + 8] = 0xa0; /* the empty string */
   try_both(o, size, &m);
   cr_assert_eq(m.info_status, RDNA_INVALID_ENCODING);
   cr_assert(strstr(m.diag.message, ".offset is a string, not an unsigned integer"), "%s",
             m.diag.message);
   cr_assert_eq(m.diag.offset, at + 8);

   /* The metadata says wave64 where the descriptor says wave32: only the loader objects. */
   memcpy(o, good, size);
   at = find_key(o, desc, desc_size, ".wavefront_size");
   cr_assert_eq(o[at + 16], 32);
   o[at + 16] = 64;
   try_both(o, size, &m);
   cr_assert_eq(m.info_status, RDNA_OK);
   cr_assert_eq(m.case_status, RDNA_INVALID_ENCODING);

   /* The note's owner renamed: no metadata; the listing says so, the loader lays arguments out
    * by their natural alignment as for a code object V2. */
   memcpy(o, good, size);
   o[header + 12] = 'X';
   try_both(o, size, &m);
   cr_assert_eq(m.info_status, RDNA_UNSUPPORTED);
   cr_assert(strstr(m.diag.message, "NT_AMDGPU_METADATA"), "%s", m.diag.message);
   cr_assert_eq(m.case_status, RDNA_OK);

   free(o);
   free(good);
}

/* ---- local pointer parameters ------------------------------------------------------------- */

/* Two `local` pointer parameters (dynamic_shared_pointer) next to the kernel's own LDS array:
 * each workgroup of 64 reverses its words through one and shifts halves through the other. */
static const char local_source[] =
   "kernel void local_args(global uint *out, global const uint *in, local uint *a,\n"
   "                       local ushort *b)\n"
   "{\n"
   "   local uint fixed[8];\n"
   "   uint l = __builtin_amdgcn_workitem_id_x();\n"
   "   uint g = __builtin_amdgcn_workgroup_id_x() * 64 + l;\n"
   "   if (l < 8)\n"
   "      fixed[l] = l * 3;\n"
   "   a[l] = in[g];\n"
   "   b[l] = (ushort)(in[g] >> 16);\n"
   "   __builtin_amdgcn_fence(__ATOMIC_RELEASE, \"workgroup\");\n"
   "   __builtin_amdgcn_s_barrier();\n"
   "   __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, \"workgroup\");\n"
   "   out[g] = a[63 - l] + b[(l + 1) % 64] + fixed[l % 8];\n"
   "   out[256 + g] = (uint)(ulong)a;\n"
   "   out[512 + g] = (uint)(ulong)b;\n"
   "   out[768 + g] = (uint)(ulong)fixed;\n"
   "}\n";

Test(metadata, local_pointer_arguments)
{
   need_toolchain();
   char log[2048];
   size_t size;
   uint8_t *object = kernel_script(
      "clang-14 -x cl -cl-std=CL1.2 -target amdgcn-amd-amdhsa -mcpu=gfx1030 -nogpulib -O2 "
      "-cl-kernel-arg-info -c input -o k.o && ld.lld-14 -shared k.o -o k.hsaco",
      local_source, strlen(local_source), "k.hsaco", &size, log, sizeof(log));
   cr_assert_not_null(object, "local_args: %s", log);
   check_against_readelf(object, size);

   uint32_t in[256];
   for (uint32_t i = 0; i < 256; i++)
      in[i] = i * 0x9e3779b9u;
   struct rdna_hsaco_arg args[4] = {
      { RDNA_HSACO_ARG_BUFFER, "out", NULL, 4096, 0 },
      { RDNA_HSACO_ARG_BUFFER, "in", (const uint8_t *)in, sizeof(in), 0 },
      { RDNA_HSACO_ARG_LOCAL, NULL, NULL, 64 * 4, 0 },
      { RDNA_HSACO_ARG_LOCAL, NULL, NULL, 64 * 2, 0 },
   };
   struct rdna_hsaco_dispatch d = { "local_args", { 4, 1, 1 }, { 64, 1, 1 }, args, 4 };
   struct rdna_case *c = NULL;
   struct rdna_diag diag;
   cr_assert_eq(rdna_hsaco_case(object, size, &d, &c, &diag), RDNA_OK, "%s", diag.message);
   struct rdna_case_result result;
   cr_assert_eq(rdna_case_run(c, 32, NULL, &result, &diag), RDNA_OK, "%s", diag.message);
   cr_assert(!result.faulted, "%s", result.fault.message);
   struct rdna_case_region r;
   cr_assert(rdna_case_region(c, (size_t)rdna_case_find_region(c, "out"), &r));
   uint32_t got[1024];
   cr_assert_eq(rdna_machine_read_memory(result.machine, r.address, got, sizeof(got)), RDNA_OK);
   for (uint32_t g = 0; g < 256; g++) {
      uint32_t group = g / 64, l = g % 64;
      uint32_t want = in[group * 64 + 63 - l] + (in[group * 64 + (l + 1) % 64] >> 16) + l % 8 * 3;
      cr_assert_eq(got[g], want, "out[%u] = 0x%08x, want 0x%08x", g, got[g], want);
   }
   /* The allocations lie past the kernel's own 32 bytes and apart from each other. */
   uint32_t fixed = got[768], a = got[256], b = got[512];
   cr_assert(fixed + 32 <= a && a + 256 <= b, "fixed %u, a %u, b %u", fixed, a, b);
   rdna_case_result_free(&result);
   rdna_case_destroy(c);

   /* A buffer where a local pointer goes, and an LDS allocation where a buffer goes. */
   args[2] = (struct rdna_hsaco_arg){ RDNA_HSACO_ARG_BUFFER, NULL, NULL, 256, 0 };
   cr_assert_eq(rdna_hsaco_case(object, size, &d, &c, &diag), RDNA_BAD_ARGUMENT);
   cr_assert(strstr(diag.message, "argument 2") && strstr(diag.message, "local:SIZE"), "%s",
             diag.message);
   args[2] = (struct rdna_hsaco_arg){ RDNA_HSACO_ARG_LOCAL, NULL, NULL, 256, 0 };
   args[1] = (struct rdna_hsaco_arg){ RDNA_HSACO_ARG_LOCAL, NULL, NULL, 256, 0 };
   cr_assert_eq(rdna_hsaco_case(object, size, &d, &c, &diag), RDNA_BAD_ARGUMENT);
   cr_assert(strstr(diag.message, "argument 1") && strstr(diag.message, "no local pointer"), "%s",
             diag.message);
   /* More LDS than the 64 KiB a workgroup has. */
   args[1] = (struct rdna_hsaco_arg){ RDNA_HSACO_ARG_BUFFER, "in", NULL, 1024, 0 };
   args[3] = (struct rdna_hsaco_arg){ RDNA_HSACO_ARG_LOCAL, NULL, NULL, 65536, 0 };
   cr_assert_eq(rdna_hsaco_case(object, size, &d, &c, &diag), RDNA_OUT_OF_RANGE);
   cr_assert(strstr(diag.message, "exceed 65536"), "%s", diag.message);
   cr_assert_null(c);
   free(object);
}
