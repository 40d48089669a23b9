/* `rdna asm`: assembles a source file of llvm-mc syntax with rdna_assemble and writes the words
 * as a raw little-endian binary (or as hex dwords with --hex). Errors are printed in the compiler
 * form `file:line:column: error: message` with the source line and a caret. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"

static void asm_help(FILE *out)
{
   fputs("usage: rdna asm [options] IN.s\n"
         "\n"
         "Assembles llvm-mc syntax (AMDGPU, GFX10) into raw little-endian machine code.\n"
         "IN may be '-' for standard input. Lines hold instructions, 'label:' definitions,\n"
         "'.long'/'.word' raw dwords and comments after ';' or '//'. A first line\n"
         "'; target: gfx1013 wave: 64' (as in corpus/isa) sets --target and --wave\n"
         "unless the options give them.\n"
         "\n"
         "options:\n"
         "  -o, --output FILE  where to write; '-' is standard output. Default: IN with its\n"
         "                     extension replaced by .bin, or standard output when IN is '-'\n"
         "  --hex              write the dwords as text, one 0x%08x per line, instead of bytes\n",
         out);
   cli_isa_help(out);
   fputs("  -h, --help         this text\n"
         "\n"
         "Exit codes: 0 assembled, 2 bad input or usage (errors as file:line:column: error:),\n"
         "3 out of memory or output not writable.\n",
         out);
}

/* IN with its extension (in the last path component) replaced by ".bin". */
static char *default_output(const char *input)
{
   const char *slash = strrchr(input, '/');
   const char *base = slash ? slash + 1 : input;
   const char *dot = strrchr(base, '.');
   size_t stem = dot && dot != base ? (size_t)(dot - input) : strlen(input);
   char *path = malloc(stem + sizeof(".bin"));
   if (path) {
      memcpy(path, input, stem);
      memcpy(path + stem, ".bin", sizeof(".bin"));
   }
   return path;
}

static int write_words(const char *output, const uint32_t *words, size_t count, bool hex)
{
   size_t size = hex ? count * 11 : count * 4;
   char *bytes = malloc(size ? size : 1);
   if (!bytes) {
      cli_error("asm", "out of memory");
      return CLI_EXIT_ENVIRONMENT;
   }
   for (size_t i = 0; i < count; i++) {
      if (hex) {
         /* "0x%08x\n": 11 characters; snprintf's NUL lands in the next slot or is cut. */
         char line[12];
         snprintf(line, sizeof(line), "0x%08x\n", words[i]);
         memcpy(bytes + i * 11, line, 11);
      } else {
         /* Little-endian whatever the host's byte order. */
         for (unsigned b = 0; b < 4; b++)
            bytes[i * 4 + b] = (char)(words[i] >> (8 * b));
      }
   }
   int code = cli_write_file("asm", output, bytes, size);
   free(bytes);
   return code;
}

int cmd_asm(int argc, char **argv)
{
   struct rdna_isa_config config;
   cli_isa_unset(&config);
   const char *input = NULL, *output = NULL;
   bool hex = false;

   struct cli_parser parser;
   cli_parser_init(&parser, "asm", argc, argv);
   enum cli_token token;
   while ((token = cli_next(&parser)) != CLI_END) {
      if (token == CLI_POSITIONAL) {
         if (input)
            return cli_usage_error("asm", "more than one input file ('%s' and '%s')", input,
                                   parser.arg);
         input = parser.arg;
         continue;
      }
      int isa = cli_isa_option(&parser, &config);
      if (isa < 0)
         return CLI_EXIT_BAD_INPUT;
      if (isa > 0)
         continue;
      if (cli_is(&parser, "--help", "-h")) {
         asm_help(stdout);
         return CLI_EXIT_OK;
      } else if (cli_is(&parser, "--output", "-o")) {
         if (!cli_value(&parser, &output))
            return CLI_EXIT_BAD_INPUT;
      } else if (cli_is(&parser, "--hex", NULL)) {
         if (!cli_no_value(&parser))
            return CLI_EXIT_BAD_INPUT;
         hex = true;
      } else {
         return cli_unknown_option(&parser);
      }
   }
   if (!input)
      return cli_usage_error("asm", "no input file");

   char *owned_output = NULL;
   if (!output) {
      if (strcmp(input, "-") == 0) {
         output = "-";
      } else {
         owned_output = default_output(input);
         if (!owned_output) {
            cli_error("asm", "out of memory");
            return CLI_EXIT_ENVIRONMENT;
         }
         output = owned_output;
      }
   }
   if (strcmp(output, "-") == 0 && !hex && isatty(STDOUT_FILENO)) {
      free(owned_output);
      return cli_usage_error("asm", "refusing to write binary code to a terminal; use -o FILE "
                                    "or --hex");
   }

   char *source;
   size_t length;
   int code = cli_read_file("asm", input, &source, &length);
   if (code != CLI_EXIT_OK) {
      free(owned_output);
      return code;
   }

   cli_isa_from_header(source, length, &config);
   cli_isa_defaults(&config);
   const char *name = cli_display_name(input);
   struct rdna_code *assembled = NULL;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   enum rdna_status status = rdna_assemble(&config, source, length, name, &assembled, &diag);
   if (status != RDNA_OK) {
      if (diag.status == RDNA_OK)
         diag.status = status;
      cli_print_source_diag(stderr, name, source, length, &diag);
      code = cli_exit_for_status(status);
   } else {
      size_t count = 0;
      const uint32_t *words = rdna_code_words(assembled, &count);
      code = write_words(output, words, count, hex);
   }
   rdna_code_destroy(assembled);
   free(source);
   free(owned_output);
   return code;
}
