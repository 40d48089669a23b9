/* `rdna hsaco`: lists the kernels of an AMDHSA code object with what its metadata note says about
 * each (include/rdna/hsaco.h, rdna_hsaco_kernel_info): segment sizes, wave size, registers and
 * the kernel arguments with their kernarg offsets, the hidden ones included. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "rdna/hsaco.h"
#include "rdna/isa.h"

static void hsaco_help(FILE *out)
{
   fputs("usage: rdna hsaco [options] FILE\n"
         "\n"
         "Lists the kernels of an AMDHSA code object (clang-14 for gfx1030/gfx1013, linked\n"
         "with ld.lld -shared) from its NT_AMDGPU_METADATA note: the code object version,\n"
         "kernarg, group and private segment sizes, wave size, registers, and every kernel\n"
         "argument (explicit ones in the order --arg gives them, then the hidden ones the\n"
         "loader fills) with its kernarg offset, size, value kind and address space.\n"
         "\n"
         "options:\n"
         "  --kernel NAME   only this kernel\n"
         "  --json          one JSON object: {\"file\", \"kernels\": [...]}\n"
         "  -h, --help      this text\n"
         "\n"
         "Exit codes: 0 success, 2 bad input (no ELF file, a malformed note, no such kernel),\n"
         "3 environment (out of memory).\n",
         out);
}

static void print_kernel(const struct rdna_hsaco_kernel_info *k)
{
   printf("kernel %s (%s)\n", k->name, k->symbol);
   printf("  code object V%u, %s, wave%u\n", k->code_object_version, rdna_target_name(k->target),
          k->wavefront_size);
   printf("  kernarg segment %u bytes (align %u), group segment %u bytes, private segment %u "
          "bytes%s\n",
          k->kernarg_segment_size, k->kernarg_segment_align, k->group_segment_fixed_size,
          k->private_segment_fixed_size, k->uses_dynamic_stack ? " + dynamic stack" : "");
   printf("  %u SGPRs, %u VGPRs, at most %u work-items per workgroup%s\n", k->sgpr_count,
          k->vgpr_count, k->max_flat_workgroup_size,
          k->uniform_work_group_size ? ", uniform work-group size" : "");
   printf("  %zu argument%s, %zu hidden:\n", k->num_explicit_args,
          k->num_explicit_args == 1 ? "" : "s", k->num_args - k->num_explicit_args);
   printf("    %-3s %6s %4s  %-26s %-9s %s\n", "#", "offset", "size", "value kind", "space",
          "type name");
   size_t explicit_index = 0;
   for (size_t i = 0; i < k->num_args; i++) {
      const struct rdna_hsaco_kernel_arg *a = &k->args[i];
      char index[8] = "-";
      if (!a->hidden)
         snprintf(index, sizeof(index), "%zu", explicit_index++);
      char line[256];
      snprintf(line, sizeof(line), "    %-3s %6u %4u  %-26s %-9s %s%s%s%s", index, a->offset,
               a->size, rdna_hsaco_value_kind_name(a->kind),
               rdna_hsaco_address_space_name(a->space), a->is_const ? "const " : "", a->type_name,
               a->name[0] ? " " : "", a->name);
      size_t end = strlen(line);
      while (end && line[end - 1] == ' ')
         line[--end] = '\0';
      puts(line);
   }
}

static json_t *kernel_json(const struct rdna_hsaco_kernel_info *k)
{
   json_t *args = json_array();
   for (size_t i = 0; args && i < k->num_args; i++) {
      const struct rdna_hsaco_kernel_arg *a = &k->args[i];
      json_t *arg =
         json_pack("{s:i, s:i, s:s, s:s, s:b, s:b, s:s, s:s}", "offset", (json_int_t)a->offset,
                   "size", (json_int_t)a->size, "value_kind", rdna_hsaco_value_kind_name(a->kind),
                   "address_space", rdna_hsaco_address_space_name(a->space), "is_const",
                   a->is_const, "hidden", a->hidden, "name", a->name, "type_name", a->type_name);
      if (json_array_append_new(args, arg) != 0) {
         json_decref(args);
         return NULL;
      }
   }
   if (!args)
      return NULL;
   return json_pack(
      "{s:s, s:s, s:i, s:s, s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:b, s:b, s:o}", "name",
      k->name, "symbol", k->symbol, "code_object_version", (json_int_t)k->code_object_version,
      "target", rdna_target_name(k->target), "wavefront_size", (json_int_t)k->wavefront_size,
      "kernarg_segment_size", (json_int_t)k->kernarg_segment_size, "kernarg_segment_align",
      (json_int_t)k->kernarg_segment_align, "group_segment_fixed_size",
      (json_int_t)k->group_segment_fixed_size, "private_segment_fixed_size",
      (json_int_t)k->private_segment_fixed_size, "sgpr_count", (json_int_t)k->sgpr_count,
      "vgpr_count", (json_int_t)k->vgpr_count, "max_flat_workgroup_size",
      (json_int_t)k->max_flat_workgroup_size, "uniform_work_group_size", k->uniform_work_group_size,
      "uses_dynamic_stack", k->uses_dynamic_stack, "args", args);
}

/* Lists `names` (space-separated) of the object, or only `only`. */
static int list_kernels(const char *input, const char *object, size_t size, const char *names,
                        const char *only, bool json)
{
   struct rdna_hsaco_kernel_info *k = malloc(sizeof(*k));
   json_t *kernels = json ? json_array() : NULL;
   if (!k || (json && !kernels)) {
      free(k);
      json_decref(kernels);
      cli_error("hsaco", "out of memory");
      return CLI_EXIT_ENVIRONMENT;
   }
   int code = CLI_EXIT_OK;
   for (const char *p = only ? only : names; *p && code == CLI_EXIT_OK;) {
      size_t length = only ? strlen(p) : strcspn(p, " ");
      char name[RDNA_HSACO_META_NAME];
      snprintf(name, sizeof(name), "%.*s", (int)length, p);
      p += length + (p[length] == ' ');
      struct rdna_diag diag;
      enum rdna_status st = rdna_hsaco_kernel_info(object, size, name, k, &diag);
      if (st != RDNA_OK) {
         fprintf(stderr, "%s: error: %s\n", cli_display_name(input), diag.message);
         code = st == RDNA_NO_MEMORY ? CLI_EXIT_ENVIRONMENT : CLI_EXIT_BAD_INPUT;
      } else if (json) {
         if (json_array_append_new(kernels, kernel_json(k)) != 0)
            code = CLI_EXIT_ENVIRONMENT;
      } else {
         print_kernel(k);
      }
   }
   free(k);
   if (json && code == CLI_EXIT_OK) {
      json_t *root = json_pack("{s:s, s:o}", "file", cli_display_name(input), "kernels", kernels);
      if (!root || json_dumpf(root, stdout, JSON_INDENT(2)) != 0)
         code = CLI_EXIT_ENVIRONMENT;
      putchar('\n');
      json_decref(root);
   } else {
      json_decref(kernels);
   }
   return code;
}

int cmd_hsaco(int argc, char **argv)
{
   const char *command = "hsaco";
   struct cli_parser p;
   cli_parser_init(&p, command, argc, argv);
   const char *input = NULL, *only = NULL;
   bool json = false;
   for (enum cli_token t; (t = cli_next(&p)) != CLI_END;) {
      if (t == CLI_POSITIONAL) {
         if (input)
            return cli_usage_error(command, "more than one code object");
         input = p.arg;
      } else if (cli_is(&p, "--help", "-h")) {
         hsaco_help(stdout);
         return CLI_EXIT_OK;
      } else if (cli_is(&p, "--kernel", NULL)) {
         if (!cli_value(&p, &only))
            return CLI_EXIT_BAD_INPUT;
      } else if (cli_is(&p, "--json", NULL)) {
         if (!cli_no_value(&p))
            return CLI_EXIT_BAD_INPUT;
         json = true;
      } else {
         return cli_unknown_option(&p);
      }
   }
   if (!input)
      return cli_usage_error(command, "no code object given");
   char *object;
   size_t size;
   int code = cli_read_file(command, input, &object, &size);
   if (code != CLI_EXIT_OK)
      return code;
   /* Room for every name a 64 MiB object could hold is not needed: a listing cut short ends
    * in "...", which the loop below reports as a missing kernel. */
   static char names[1u << 16];
   struct rdna_diag diag;
   enum rdna_status st = rdna_hsaco_kernels(object, size, names, sizeof(names), &diag);
   if (st != RDNA_OK) {
      fprintf(stderr, "%s: error: %s\n", cli_display_name(input), diag.message);
      free(object);
      return st == RDNA_NO_MEMORY ? CLI_EXIT_ENVIRONMENT : CLI_EXIT_BAD_INPUT;
   }
   if (!names[0] && !only && !json)
      printf("%s: no kernels\n", cli_display_name(input));
   code = list_kernels(input, object, size, names, only, json);
   free(object);
   return code;
}
