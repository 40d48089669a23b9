/* `rdna reduce`: shrinks a case on which the interpreter and the GPU diverge (or on which the
 * recompiler fails) to a smaller case that still does so the same way (include/rdna/reduce.h,
 * rdna_reduce_signature). */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "rdna/reduce.h"

static void reduce_help(FILE *out)
{
   fputs("usage: rdna reduce [options] CASE [-o OUT]\n"
         "\n"
         "Runs CASE as 'rdna diff' does and, when the two backends diverge (or the recompiler\n"
         "fails), removes comments, [init] and [expect] lines and program instructions while\n"
         "the run still ends the same way: the same failing status and instruction, or the\n"
         "same kind of first divergence in the same register. Instructions are first replaced\n"
         "by s_nop 0 (addresses stay put), then the no-ops are removed where they can be;\n"
         "buffer data lines become zeros of the same length. The\n"
         "reduced case goes to OUT (default: standard output); progress goes to standard error\n"
         "on a terminal.\n"
         "\n"
         "options:\n"
         "  -o OUT               where to write the reduced case ('-': standard output)\n"
         "  --device D           the Vulkan device (see 'rdna gpu --list-devices')\n"
         "  --wave 32|64         the wave size to reduce at (default: the case's first)\n"
         "  --relative=LOWERING  relative VGPR addressing as chain, tree, switch, window or\n"
         "                       default\n"
         "  --max-tests N        runs at most (default 5000)\n"
         "  -h, --help           this text\n"
         "\n"
         "Exit codes: 0 reduced, 1 the case does not diverge (nothing to reduce), 2 bad input\n"
         "or usage, 3 environment (no Vulkan device, out of memory, unwritable output).\n",
         out);
}

struct reduce_run {
   struct rdna_gpu *gpu;
   unsigned wave_size;
   struct rdna_diff_options options;
   char signature[160]; /* of the original case */
   bool tty;
};

/* How a run of `text` ends, as rdna_reduce_signature words it; false when the text is no case
 * or a step before the comparison failed for another reason (input errors, the device). */
static bool signature_of(struct reduce_run *run, const char *text, size_t length, char *out,
                         size_t size)
{
   struct rdna_case *c = NULL;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   if (rdna_case_parse(text, length, NULL, &c, &diag) != RDNA_OK)
      return false;
   bool ok = false;
   if (rdna_case_waves(c) & (run->wave_size == 32 ? RDNA_CASE_WAVE32 : RDNA_CASE_WAVE64)) {
      struct rdna_diff_result r;
      enum rdna_status st = rdna_diff_case(run->gpu, c, run->wave_size, &run->options, &r, &diag);
      if (st == RDNA_OK || st == RDNA_UNSUPPORTED || st == RDNA_INTERNAL) {
         rdna_reduce_signature(st, &diag, &r, out, size);
         ok = true;
      }
      rdna_diff_result_free(&r);
   }
   rdna_case_destroy(c);
   return ok;
}

static bool same_way(void *user, const char *text, size_t length)
{
   struct reduce_run *run = user;
   char signature[sizeof(run->signature)];
   return signature_of(run, text, length, signature, sizeof(signature)) &&
          strcmp(signature, run->signature) == 0;
}

static void progress(void *user, unsigned tests, size_t lines)
{
   const struct reduce_run *run = user;
   if (run->tty)
      fprintf(stderr, "\rrdna reduce: %u runs, %zu lines", tests, lines);
}

static int parse_options(int argc, char **argv, struct reduce_run *run, const char **device,
                         const char **input, const char **output, unsigned *max_tests, bool *help)
{
   struct rdna_isa_config isa;
   cli_isa_unset(&isa);
   struct cli_parser parser;
   cli_parser_init(&parser, "reduce", argc, argv);
   const struct cli_lowering lowering = { &run->options.relative, NULL, NULL, NULL };
   enum cli_token token;
   int code = CLI_EXIT_OK;
   while (code == CLI_EXIT_OK && (token = cli_next(&parser)) != CLI_END) {
      const char *value;
      uint64_t number;
      if (token == CLI_POSITIONAL) {
         if (*input)
            code = cli_usage_error("reduce", "one case file at a time");
         *input = parser.arg;
         continue;
      }
      int handled = cli_lowering_option(&parser, &lowering);
      if (handled != 0) {
         code = handled < 0 ? CLI_EXIT_BAD_INPUT : code;
         continue;
      }
      handled = cli_isa_option(&parser, &isa);
      if (handled < 0) {
         code = CLI_EXIT_BAD_INPUT;
      } else if (handled > 0) {
         if (isa.target != RDNA_TARGET_COUNT)
            code = cli_usage_error("reduce", "--target is not supported");
      } else if (cli_is(&parser, "--help", "-h")) {
         *help = true;
         return CLI_EXIT_OK;
      } else if (cli_is(&parser, "--output", "-o")) {
         if (!cli_value(&parser, output))
            code = CLI_EXIT_BAD_INPUT;
      } else if (cli_is(&parser, "--device", NULL)) {
         if (!cli_value(&parser, device))
            code = CLI_EXIT_BAD_INPUT;
      } else if (cli_is(&parser, "--max-tests", NULL)) {
         if (!cli_value(&parser, &value))
            code = CLI_EXIT_BAD_INPUT;
         else if (!cli_parse_uint(value, 1000000, &number) || number == 0)
            code = cli_usage_error("reduce", "--max-tests takes 1 to 1000000, found '%s'", value);
         else
            *max_tests = (unsigned)number;
      } else {
         code = cli_unknown_option(&parser);
      }
   }
   run->wave_size = isa.wave_size;
   if (code == CLI_EXIT_OK && !*input)
      code = cli_usage_error("reduce", "no case file");
   return code;
}

int cmd_reduce(int argc, char **argv)
{
   struct reduce_run run;
   memset(&run, 0, sizeof(run));
   const char *device = NULL, *input = NULL, *output = "-";
   unsigned max_tests = 0;
   bool help = false;
   int code = parse_options(argc, argv, &run, &device, &input, &output, &max_tests, &help);
   if (code != CLI_EXIT_OK || help) {
      if (help)
         reduce_help(stdout);
      return code;
   }
   char *source;
   size_t size;
   code = cli_read_file("reduce", input, &source, &size);
   if (code != CLI_EXIT_OK)
      return code;
   const char *name = cli_display_name(input);
   struct rdna_case *c = NULL;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   enum rdna_status st = rdna_case_parse(source, size, name, &c, &diag);
   if (st != RDNA_OK) {
      if (diag.status == RDNA_OK)
         diag.status = st;
      cli_print_source_diag(stderr, name, source, size, &diag);
      free(source);
      return cli_exit_for_status(st);
   }
   if (!run.wave_size)
      run.wave_size = rdna_case_waves(c) & RDNA_CASE_WAVE32 ? 32 : 64;
   bool has_wave = rdna_case_waves(c) & (run.wave_size == 32 ? RDNA_CASE_WAVE32 : RDNA_CASE_WAVE64);
   rdna_case_destroy(c);
   if (!has_wave) {
      free(source);
      return cli_usage_error("reduce", "%s does not run in wave%u", name, run.wave_size);
   }
   struct rdna_gpu_options gpu_options = { device, false };
   st = rdna_gpu_open(&gpu_options, &run.gpu, &diag);
   if (st != RDNA_OK) {
      cli_error("reduce", "%s: %s", rdna_status_message(st), diag.message);
      free(source);
      return CLI_EXIT_ENVIRONMENT;
   }
   if (!signature_of(&run, source, size, run.signature, sizeof(run.signature))) {
      cli_error("reduce", "%s: the case cannot be run on both backends", name);
      code = CLI_EXIT_BAD_INPUT;
   } else if (strcmp(run.signature, "equal") == 0) {
      fprintf(stderr, "rdna reduce: %s (wave%u): the two backends agree: nothing to reduce\n", name,
              run.wave_size);
      code = CLI_EXIT_MISMATCH;
   } else {
      run.tty = isatty(2);
      struct rdna_reduce_options options = { same_way, &run, progress, max_tests };
      char *reduced = NULL;
      unsigned tests = 0;
      st = rdna_reduce(source, size, &options, &reduced, &tests);
      if (run.tty)
         fputc('\n', stderr);
      if (st != RDNA_OK) {
         cli_error("reduce", "%s: %s", name, rdna_status_message(st));
         code = st == RDNA_NO_MEMORY ? CLI_EXIT_ENVIRONMENT : CLI_EXIT_BAD_INPUT;
      } else {
         fprintf(stderr, "rdna reduce: %s (wave%u): %s; %u runs\n", name, run.wave_size,
                 run.signature, tests);
         code = strcmp(output, "-") == 0
                   ? (fputs(reduced, stdout) < 0 ? CLI_EXIT_ENVIRONMENT : CLI_EXIT_OK)
                   : cli_write_file("reduce", output, reduced, strlen(reduced));
      }
      free(reduced);
   }
   rdna_gpu_close(run.gpu);
   free(source);
   return code;
}
