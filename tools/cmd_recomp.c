/* `rdna recomp`: recompiles a case file to one SPIR-V compute module (include/rdna/recomp.h),
 * validated with SPIRV-Tools, and writes its binary, or its disassembly with --text. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "rdna/case.h"
#include "rdna/recomp.h"

static void recomp_help(FILE *out)
{
   fputs("usage: rdna recomp [options] CASE -o OUT.spv\n"
         "\n"
         "Recompiles the code of a case file (corpus/README.md) into one SPIR-V compute module\n"
         "for Vulkan 1.2 (the module interface is described in include/rdna/recomp.h) and\n"
         "validates it with SPIRV-Tools. An instruction that is not lowered yet fails with its\n"
         "name and PC.\n"
         "\n"
         "options:\n"
         "  -o, --output FILE    where to write the module ('-': standard output)\n"
         "  --wave 32|64         the wave size (default: the case's first)\n"
         "  --subgroup N         the driver's subgroup size, a power of two up to the wave\n"
         "                       size (default 32; lavapipe: 8)\n",
         out);
   cli_lowering_help(out);
   fputs("  --steps N            per-wave step limit (default: the case's 'steps')\n"
         "  --text               write SPIRV-Tools' disassembly instead of the binary\n"
         "  -h, --help           this text\n"
         "\n"
         "Exit codes: 0 success, 2 bad input or usage (case errors as file:line:column:,\n"
         "instructions not lowered yet, options the case does not allow), 3 environment (out of\n"
         "memory, unwritable output, a module SPIRV-Tools rejects).\n",
         out);
}

int cmd_recomp(int argc, char **argv)
{
   const char *command = "recomp";
   struct cli_parser p;
   cli_parser_init(&p, command, argc, argv);
   const char *input = NULL, *output = NULL, *value;
   struct rdna_recomp_options options;
   memset(&options, 0, sizeof(options));
   bool text = false;
   uint64_t number;
   const struct cli_lowering lowering = { &options.relative, &options.cfg, &options.entries,
                                          &options.waves };
   for (enum cli_token t; (t = cli_next(&p)) != CLI_END;) {
      int handled = t == CLI_POSITIONAL ? 0 : cli_lowering_option(&p, &lowering);
      if (handled < 0)
         return CLI_EXIT_BAD_INPUT;
      if (handled > 0)
         continue;
      if (t == CLI_POSITIONAL) {
         if (input)
            return cli_usage_error(command, "more than one case file");
         input = p.arg;
      } else if (cli_is(&p, "--help", "-h")) {
         recomp_help(stdout);
         return CLI_EXIT_OK;
      } else if (cli_is(&p, "--output", "-o")) {
         if (!cli_value(&p, &output))
            return CLI_EXIT_BAD_INPUT;
      } else if (cli_is(&p, "--wave", NULL)) {
         if (!cli_value(&p, &value))
            return CLI_EXIT_BAD_INPUT;
         if (!cli_parse_uint(value, 64, &number) || (number != 32 && number != 64))
            return cli_usage_error(command, "--wave takes 32 or 64, not '%s'", value);
         options.wave_size = (unsigned)number;
      } else if (cli_is(&p, "--subgroup", NULL)) {
         if (!cli_value(&p, &value))
            return CLI_EXIT_BAD_INPUT;
         if (!cli_parse_uint(value, 64, &number) || number == 0 || (number & (number - 1)))
            return cli_usage_error(command, "--subgroup takes a power of two up to 64, not '%s'",
                                   value);
         options.subgroup_size = (unsigned)number;
      } else if (cli_is(&p, "--steps", NULL)) {
         if (!cli_value(&p, &value))
            return CLI_EXIT_BAD_INPUT;
         if (!cli_parse_uint(value, UINT64_MAX, &number) || number == 0)
            return cli_usage_error(command, "--steps takes a positive number, not '%s'", value);
         options.step_limit = number;
      } else if (cli_is(&p, "--text", NULL)) {
         if (!cli_no_value(&p))
            return CLI_EXIT_BAD_INPUT;
         text = true;
      } else {
         return cli_unknown_option(&p);
      }
   }
   if (!input)
      return cli_usage_error(command, "no case file");
   if (!output)
      return cli_usage_error(command, "no output file (-o)");

   char *source;
   size_t size;
   int code = cli_read_file(command, input, &source, &size);
   if (code != CLI_EXIT_OK)
      return code;
   const char *name = cli_display_name(input);
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   struct rdna_case *c = NULL;
   enum rdna_status st = rdna_case_parse(source, size, name, &c, &diag);
   if (st != RDNA_OK) {
      cli_print_source_diag(stderr, name, source, size, &diag);
      free(source);
      return cli_exit_for_status(st);
   }
   if (!options.wave_size)
      options.wave_size = (rdna_case_waves(c) & RDNA_CASE_WAVE32) ? 32 : 64;
   struct rdna_module *module = NULL;
   memset(&diag, 0, sizeof(diag));
   st = rdna_recomp_case(c, &options, &module, &diag);
   if (st != RDNA_OK) {
      fprintf(stderr, "%s: error: %s: %s\n", name, rdna_status_message(st), diag.message);
      code = st == RDNA_INTERNAL ? CLI_EXIT_ENVIRONMENT : cli_exit_for_status(st);
   } else {
      size_t num_words;
      const uint32_t *words = rdna_module_words(module, &num_words);
      if (text) {
         char *dis = rdna_spirv_disassemble(words, num_words, &diag);
         if (!dis) {
            cli_error(command, "cannot disassemble the module: %s", diag.message);
            code = CLI_EXIT_ENVIRONMENT;
         } else {
            code = cli_write_file(command, output, dis, strlen(dis));
            free(dis);
         }
      } else {
         code = cli_write_file(command, output, words, num_words * sizeof(uint32_t));
      }
   }
   rdna_module_destroy(module);
   rdna_case_destroy(c);
   free(source);
   return code;
}
