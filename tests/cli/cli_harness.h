/* Running the `rdna` program as a user runs it, for the command-line tests: the program is found
 * beside the test's executable (CMake puts every program in the build folder's root) or at
 * $RDNA_CLI; each test suite gets a fresh work folder, removed with everything in it at the end. */
#ifndef RDNA_TESTS_CLI_HARNESS_H
#define RDNA_TESTS_CLI_HARNESS_H

#include <stdbool.h>
#include <stddef.h>

struct cli_output {
   int code; /* the exit status */
   char out[65536];
   char err[8192];
};

/* Suite set-up and tear-down (TestSuite(name, .init = cli_setup, .fini = cli_teardown)). The
 * set-up skips the test when the program is missing. */
void cli_setup(void);
void cli_teardown(void);

/* The work folder. */
const char *cli_workdir(void);

/* Runs `ENV rdna ARGS` in the work folder (ARGS is a shell fragment in which $W names the work
 * folder; ENV a list of VAR=value, or ""), standard input from `input` (written to a file
 * first) or /dev/null. The result is overwritten by the next run. */
struct cli_output *cli_run_env(const char *env, const char *args, const char *input);
struct cli_output *cli_run(const char *args);

/* Files in the work folder. */
void cli_write(const char *name, const void *data, size_t size);
void cli_write_text(const char *name, const char *text);
/* Reads up to size - 1 bytes and NUL-terminates; 0 (and "") when the file is missing. */
size_t cli_read(const char *name, char *buffer, size_t size);
bool cli_same_files(const char *a, const char *b);

#endif
