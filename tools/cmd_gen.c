/* `rdna gen`: prints the case file of a random program (include/rdna/gen.h) for a seed, so a
 * program the random-program test or a fuzzer reports can be reproduced and run with `rdna run`. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "rdna/gen.h"

static void gen_help(FILE *out)
{
   fputs("usage: rdna gen [options]\n"
         "\n"
         "Writes a case file holding a random valid program: integer scalar and vector ALU\n"
         "instructions, compares, scalar and vector memory instructions addressing the case's\n"
         "buffer, forward branches, counted loops and calls of leaf functions, random\n"
         "initial registers and EXEC. The\n"
         "same options give the same file. The case expects nothing but a status:\n"
         "'rdna run' reports a fault when one stops the program.\n"
         "\n"
         "options:\n"
         "  --seed N           the random seed (decimal or 0x hex; default 1)\n"
         "  --count N          instructions in the program, s_endpgm included (default 1000)\n"
         "  --float            also use VALU and compare rows with float operands\n"
         "  --features LIST    comma-separated classes: salu, smem, valu, vcmp, vmem, flow,\n"
         "                     float, or all (default: all but float)\n"
         "  --base ADDR        place the buffer at ADDR and the program after it (a multiple\n"
         "                     of 256 below 2^47; default: automatic placement)\n"
         "  --variant N        the same program with its buffer contents and initial\n"
         "                     registers drawn from (seed, N) (default 0: the seed's own)\n"
         "  -o, --output FILE  where to write; '-' (the default) is standard output\n",
         out);
   cli_isa_help(out);
   fputs("  -h, --help         this text\n"
         "\n"
         "Exit codes: 0 written, 2 bad usage, 3 out of memory or output not writable.\n",
         out);
}

int cmd_gen(int argc, char **argv)
{
   struct rdna_isa_config config;
   cli_isa_unset(&config);
   struct rdna_gen_options options;
   memset(&options, 0, sizeof(options));
   options.seed = 1;
   options.count = 1000;
   const char *output = "-";

   struct cli_parser parser;
   cli_parser_init(&parser, "gen", argc, argv);
   enum cli_token token;
   while ((token = cli_next(&parser)) != CLI_END) {
      if (token == CLI_POSITIONAL)
         return cli_usage_error("gen", "unexpected argument '%s'", parser.arg);
      int isa = cli_isa_option(&parser, &config);
      if (isa < 0)
         return CLI_EXIT_BAD_INPUT;
      if (isa > 0)
         continue;
      const char *value;
      uint64_t number;
      if (cli_is(&parser, "--help", "-h")) {
         gen_help(stdout);
         return CLI_EXIT_OK;
      } else if (cli_is(&parser, "--seed", NULL)) {
         if (!cli_value(&parser, &value))
            return CLI_EXIT_BAD_INPUT;
         if (!cli_parse_uint(value, UINT64_MAX, &number))
            return cli_usage_error("gen", "--seed takes an unsigned integer, not '%s'", value);
         options.seed = number;
      } else if (cli_is(&parser, "--count", NULL)) {
         if (!cli_value(&parser, &value))
            return CLI_EXIT_BAD_INPUT;
         if (!cli_parse_uint(value, 1000000, &number) || number == 0)
            return cli_usage_error("gen", "--count takes a number from 1 to 1000000, not '%s'",
                                   value);
         options.count = (unsigned)number;
      } else if (cli_is(&parser, "--float", NULL)) {
         if (!cli_no_value(&parser))
            return CLI_EXIT_BAD_INPUT;
         options.classes = RDNA_GEN_DEFAULT_CLASSES | RDNA_GEN_VALU_FLOAT;
      } else if (cli_is(&parser, "--features", NULL)) {
         if (!cli_value(&parser, &value))
            return CLI_EXIT_BAD_INPUT;
         if (!rdna_gen_parse_features(value, &options.classes))
            return cli_usage_error("gen",
                                   "--features takes salu, smem, valu, vcmp, vmem, flow, float "
                                   "or all, comma-separated; found '%s'",
                                   value);
      } else if (cli_is(&parser, "--base", NULL)) {
         if (!cli_value(&parser, &value))
            return CLI_EXIT_BAD_INPUT;
         if (!cli_parse_uint(value, RDNA_GEN_MAX_BASE - 1, &number) || number % 256 != 0)
            return cli_usage_error("gen", "--base takes a multiple of 256 below 2^47, not '%s'",
                                   value);
         options.base = number;
      } else if (cli_is(&parser, "--variant", NULL)) {
         if (!cli_value(&parser, &value))
            return CLI_EXIT_BAD_INPUT;
         if (!cli_parse_uint(value, UINT32_MAX, &number))
            return cli_usage_error("gen", "--variant takes a number from 0 to 2^32-1, not '%s'",
                                   value);
         options.variant = (uint32_t)number;
      } else if (cli_is(&parser, "--output", "-o")) {
         if (!cli_value(&parser, &output))
            return CLI_EXIT_BAD_INPUT;
      } else {
         return cli_unknown_option(&parser);
      }
   }
   cli_isa_defaults(&config);
   options.target = config.target;
   options.wave_size = config.wave_size;

   char *text = NULL;
   size_t length = 0;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   enum rdna_status status = rdna_gen_case(&options, &text, &length, &diag);
   if (status != RDNA_OK) {
      cli_error("gen", "%s", diag.message[0] ? diag.message : rdna_status_message(status));
      return cli_exit_for_status(status);
   }
   int code = cli_write_file("gen", output, text, length);
   free(text);
   return code;
}
