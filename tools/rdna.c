/* The `rdna` program: `rdna <command> [options]`. This file only dispatches; each command lives
 * in tools/cmd_<name>.c and the shared option and file helpers in tools/cli.c. A new command
 * adds one row to `commands` below. */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "rdna/gpu.h"

static const struct {
   const char *name;
   const char *summary;
   int (*run)(int argc, char **argv);
} commands[] = {
   { "asm", "assemble llvm-mc syntax into a raw binary", cmd_asm },
   { "dis", "disassemble a raw binary into llvm-mc syntax", cmd_dis },
   { "run", "run case files on the reference interpreter and check them", cmd_run },
   { "recomp", "recompile a case file to a SPIR-V compute module", cmd_recomp },
   { "gpu", "run case files on a Vulkan device through the recompiler", cmd_gpu },
   { "diff", "compare the interpreter and the GPU on case files, state by state", cmd_diff },
   { "reduce", "shrink a case on which the backends diverge, keeping the divergence", cmd_reduce },
   { "gen", "write the case file of a random program for a seed", cmd_gen },
   { "fuzz", "differential campaign: random programs on both backends, findings reduced",
     cmd_fuzz },
   { "bench", "measure SPIR-V size, compile times and throughput against the goals", cmd_bench },
   { "hsaco", "list the kernels and arguments of an AMDHSA code object", cmd_hsaco },
};

static void print_help(FILE *out)
{
   fputs("usage: rdna <command> [options]\n"
         "\n"
         "Tools for the AMD RDNA2 (GFX10) shader ISA, gfx1030 and gfx1013.\n"
         "\n"
         "commands:\n",
         out);
   for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
      fprintf(out, "  %-8s %s\n", commands[i].name, commands[i].summary);
   fputs("\n"
         "Run 'rdna <command> --help' for a command's options.\n"
         "Exit codes: 0 success, 1 mismatch or failed expectation, 2 bad input or usage,\n"
         "3 environment (out of memory, unwritable output).\n",
         out);
}

int main(int argc, char **argv)
{
   if (argc < 2) {
      print_help(stderr);
      return CLI_EXIT_BAD_INPUT;
   }
   const char *name = argv[1];
   /* `rdna help dis` is `rdna dis --help`. */
   static char help_option[] = "--help";
   char *help_argv[] = { argc > 2 ? argv[2] : NULL, help_option, NULL };
   if (strcmp(name, "help") == 0 && argc > 2) {
      name = argv[2];
      argc = 2;
      argv = help_argv;
   } else if (strcmp(name, "--help") == 0 || strcmp(name, "-h") == 0 || strcmp(name, "help") == 0) {
      print_help(stdout);
      return CLI_EXIT_OK;
   } else {
      argc--;
      argv++;
   }
   for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
      if (strcmp(name, commands[i].name) == 0) {
         int code = commands[i].run(argc, argv);
         if (rdna_gpu_abandoned_work()) {
            /* a driver thread still runs a timed-out dispatch or compile: exit()'s destructors
             * would pull the driver's state from under it */
            fflush(NULL);
            _exit(code);
         }
         return code;
      }

   if (name[0] == '-')
      fprintf(stderr, "rdna: error: unknown option '%s'\n", name);
   else
      fprintf(stderr, "rdna: error: unknown command '%s'\n", name);
   fputs("Try 'rdna --help'.\n", stderr);
   return CLI_EXIT_BAD_INPUT;
}
