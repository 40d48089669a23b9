/* Shared helpers of the `rdna` command-line program: the command table, option parsing, reading
 * input files, writing output, and printing diagnostics in the `file:line:column: error:` form.
 * Every command is a function `int cmd_<name>(int argc, char **argv)` that returns an exit code
 * (enum cli_exit); tools/rdna.c dispatches to it. */
#ifndef RDNA_TOOLS_CLI_H
#define RDNA_TOOLS_CLI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include <jansson.h>

#include "rdna/hsaco.h"
#include "rdna/isa.h"
#include "rdna/recomp.h"
#include "rdna/run.h"

/* Exit codes (DESIGN.md, "Command line"). */
enum cli_exit {
   CLI_EXIT_OK = 0,          /* success */
   CLI_EXIT_MISMATCH = 1,    /* a mismatch, failed expectation or guest fault */
   CLI_EXIT_BAD_INPUT = 2,   /* bad input or usage */
   CLI_EXIT_ENVIRONMENT = 3, /* out of memory, unwritable output, missing device */
};

/* The commands; tools/rdna.c lists them in its dispatch table. A later command (run, recomp,
 * diff, ...) adds a cmd_<name>.c file, a declaration here and a row there. argv[0] is the
 * command's name. */
int cmd_asm(int argc, char **argv);
int cmd_dis(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_gen(int argc, char **argv);
int cmd_recomp(int argc, char **argv);
int cmd_gpu(int argc, char **argv);
int cmd_diff(int argc, char **argv);
int cmd_reduce(int argc, char **argv);
int cmd_fuzz(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_hsaco(int argc, char **argv);

/* ---- option parsing ----------------------------------------------------------------------- */

/* Walks argv[1..] of a command. Options are `--name value`, `--name=value` or a short `-x value`;
 * `--` ends the options; a lone `-` is a positional argument (standard input/output). */
struct cli_parser {
   const char *command; /* "asm": used in messages */
   int argc;
   char **argv;
   int next;                 /* index of the next argument to look at */
   const char *arg;          /* the current argument */
   size_t name_length;       /* length of the option's name in arg (before any '=') */
   const char *inline_value; /* the text after '=', or NULL */
   bool options_done;        /* after `--` */
};

enum cli_token {
   CLI_END,        /* no arguments left */
   CLI_OPTION,     /* arg is an option: test it with cli_is() */
   CLI_POSITIONAL, /* arg is a positional argument */
};

void cli_parser_init(struct cli_parser *parser, const char *command, int argc, char **argv);
enum cli_token cli_next(struct cli_parser *parser);
/* Whether the current option is `long_name` (e.g. "--target") or `short_name` (e.g. "-o", may be
 * NULL). */
bool cli_is(const struct cli_parser *parser, const char *long_name, const char *short_name);
/* The current option's value (after '=' or the next argument). Prints an error and returns false
 * when there is none. */
bool cli_value(struct cli_parser *parser, const char **value);
/* Whether the next argument exists and does not look like an option (a lone '-' or a negative
 * number counts as a value). */
bool cli_peek_value(const struct cli_parser *parser);
/* Rejects an option that takes no value but was given one with '='; prints the error. */
bool cli_no_value(const struct cli_parser *parser);
/* Prints "unknown option" and returns CLI_EXIT_BAD_INPUT. */
int cli_unknown_option(const struct cli_parser *parser);

/* Parses an unsigned integer written in decimal or with 0x (hex); false when the text is not
 * exactly one such number or it exceeds `max`. */
bool cli_parse_uint(const char *text, uint64_t max, uint64_t *value);

/* The ISA options every command shares: --target gfx1030|gfx1013 and --wave 32|64. A command
 * starts from cli_isa_unset(), lets the options (and maybe a source header) set fields, then
 * fills the rest with cli_isa_defaults(): gfx1030, wave32. */
void cli_isa_unset(struct rdna_isa_config *config);
void cli_isa_defaults(struct rdna_isa_config *config);
/* Reads a first line "; target: NAME wave: N" (the corpus/isa convention) into the fields of
 * `config` still unset. */
void cli_isa_from_header(const char *source, size_t length, struct rdna_isa_config *config);
/* Handles the current option when it is --target or --wave: returns 1 when handled, 0 when it
 * is another option, -1 after printing an error. */
int cli_isa_option(struct cli_parser *parser, struct rdna_isa_config *config);
/* The --help lines of those options. */
void cli_isa_help(FILE *out);

/* The recompiler's lowering choices that `recomp`, `gpu`, `diff` and `reduce` accept, as pointers
 * to the fields of the command's options; NULL for an option the command does not take. */
struct cli_lowering {
   enum rdna_relative_lowering *relative;
   enum rdna_cfg_lowering *cfg;
   enum rdna_entry_points *entries;
   enum rdna_wave_order *waves;
};
/* Handles the current option when it is --relative, --cfg, --entries or --waves (and the command
 * takes it): returns 1 when handled, 0 when it is another option, -1 after printing an error. */
int cli_lowering_option(struct cli_parser *parser, const struct cli_lowering *lowering);
/* The --help lines of the four. */
void cli_lowering_help(FILE *out);

/* ---- code objects (tools/cli_hsaco.c) ----------------------------------------------------- */

/* --hsaco FILE --kernel NAME --grid X,Y,Z --block X,Y,Z --arg ...: a dispatch of a compiled
 * kernel that `run`, `gpu` and `diff` accept in place of case files. Zero-initialise. */
struct cli_hsaco {
   const char *file, *kernel;
   unsigned grid[3], block[3];
   bool dims_given;
   struct rdna_hsaco_arg args[RDNA_HSACO_MAX_ARGS];
   uint8_t *data[RDNA_HSACO_MAX_ARGS]; /* buffer files read, owned */
   size_t num_args;
};

/* Handles the current option when it is one of these: 1 handled, 0 another option, -1 after
 * printing an error. */
int cli_hsaco_option(struct cli_parser *parser, struct cli_hsaco *h);
/* Whether any of these options was given. */
bool cli_hsaco_given(const struct cli_hsaco *h);
/* Reads the code object and builds the case; prints the error and returns an exit code. */
int cli_hsaco_case(const char *command, const struct cli_hsaco *h, struct rdna_case **out);
void cli_hsaco_free(struct cli_hsaco *h);
void cli_hsaco_help(FILE *out);

/* ---- input, output, messages -------------------------------------------------------------- */

/* Prints "rdna <command>: error: <message>" on stderr. */
void cli_error(const char *command, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* cli_error followed by a hint to run --help; returns CLI_EXIT_BAD_INPUT. */
int cli_usage_error(const char *command, const char *fmt, ...)
   __attribute__((format(printf, 2, 3)));

/* Reads a whole file (or standard input when path is "-") into a NUL-terminated buffer the
 * caller frees. Returns CLI_EXIT_OK, or an exit code after printing the reason. */
int cli_read_file(const char *command, const char *path, char **data, size_t *size);
/* Writes `size` bytes to `path` (standard output when "-"). Returns an exit code. */
int cli_write_file(const char *command, const char *path, const void *data, size_t size);
/* The name diagnostics use for a path: "<stdin>" for "-". */
const char *cli_display_name(const char *path);

/* Prints a diagnostic about source text in the compiler form:
 *   file:line:column: error: message
 *   the source line
 *       ^
 * The line and caret are left out when diag->line is 0 or past the end of the source. */
void cli_print_source_diag(FILE *out, const char *file, const char *source, size_t length,
                           const struct rdna_diag *diag);

/* The text of line `line` (1-based) of `source`, without its newline; length in *length. NULL
 * when the source has fewer lines. */
const char *cli_source_line(const char *source, size_t size, unsigned line, int *length);

/* Exit code for a library status: 3 for NO_MEMORY and IO, 2 otherwise. */
int cli_exit_for_status(enum rdna_status status);

/* ---- case files --------------------------------------------------------------------------- */

/* A growing list of owned path strings. */
struct cli_paths {
   char **paths;
   size_t count, capacity;
};

/* Appends `path` (the list owns it from then on); false when out of memory. */
bool cli_paths_add(struct cli_paths *list, char *path);
/* Frees every path and the list. */
void cli_paths_free(struct cli_paths *list);
/* Whether a file name ends in ".case". */
bool cli_has_case_suffix(const char *name);
/* Expands command-line inputs into case files, in argument order: a directory becomes every
 * *.case file below it (hidden entries skipped), sorted by path; anything else is kept as given.
 * *any_dir tells whether a directory was named. Returns an exit code after printing the reason
 * (an unreadable directory: 2; out of memory: 3). */
int cli_collect_cases(const char *command, const struct cli_paths *inputs, struct cli_paths *cases,
                      bool *any_dir);

/* ---- case results ------------------------------------------------------------------------- */

/* Prints one run of a case: "VERDICT NAME (waveN, S steps[, W waves][, expected fault KIND]EXTRA)"
 * (`extra` may be NULL), then each failed expectation as name:line:column with its source line,
 * and the fault when it was unexpected or the run failed. */
void cli_print_case_result(const char *verdict, const char *name, const char *source, size_t size,
                           const struct rdna_case_result *r, const char *extra);
/* The same as a JSON object: wave, passed, steps, waves, fault (or null), unexpected_fault,
 * failures (wave, line, column, message, source). */
json_t *cli_case_result_json(const char *source, size_t size, const struct rdna_case_result *r);

#endif
