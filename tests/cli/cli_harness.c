#define _XOPEN_SOURCE 700 /* nftw */
#include "cli_harness.h"

#include <criterion/criterion.h>
#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static char program[PATH_MAX];
static char workdir[PATH_MAX];

void cli_setup(void)
{
   const char *env = getenv("RDNA_CLI");
   if (env && *env) {
      snprintf(program, sizeof(program), "%s", env);
   } else {
      char self[PATH_MAX];
      ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
      cr_assert(n > 0, "readlink /proc/self/exe: %s", strerror(errno));
      self[n] = '\0';
      char *slash = strrchr(self, '/');
      cr_assert_not_null(slash);
      *slash = '\0';
      snprintf(program, sizeof(program), "%.*s/rdna", (int)(sizeof(program) - 6), self);
   }
   if (access(program, X_OK) != 0)
      cr_skip_test("the rdna program is not at %s (set RDNA_CLI)", program);
   const char *tmp = getenv("TMPDIR");
   snprintf(workdir, sizeof(workdir), "%s/rdna-cli-XXXXXX", tmp && *tmp ? tmp : P_tmpdir);
   cr_assert_not_null(mkdtemp(workdir), "mkdtemp: %s", strerror(errno));
}

static int remove_entry(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
   (void)st;
   (void)type;
   (void)ftw;
   remove(path);
   return 0;
}

void cli_teardown(void)
{
   if (workdir[0])
      nftw(workdir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
}

const char *cli_workdir(void)
{
   return workdir;
}

static void path_of(const char *name, char *path, size_t size)
{
   snprintf(path, size, "%s/%s", workdir, name);
}

size_t cli_read(const char *name, char *buffer, size_t size)
{
   char path[PATH_MAX + 64];
   path_of(name, path, sizeof(path));
   buffer[0] = '\0';
   FILE *file = fopen(path, "rb");
   if (!file)
      return 0;
   size_t n = fread(buffer, 1, size - 1, file);
   buffer[n] = '\0';
   fclose(file);
   return n;
}

void cli_write(const char *name, const void *data, size_t size)
{
   char path[PATH_MAX + 64];
   path_of(name, path, sizeof(path));
   FILE *file = fopen(path, "wb");
   cr_assert_not_null(file, "%s: %s", path, strerror(errno));
   cr_assert_eq(fwrite(data, 1, size, file), size);
   fclose(file);
}

void cli_write_text(const char *name, const char *text)
{
   cli_write(name, text, strlen(text));
}

struct cli_output *cli_run_env(const char *env, const char *args, const char *input)
{
   static struct cli_output result;
   if (input)
      cli_write_text("stdin", input);
   char command[3 * PATH_MAX + 8192];
   snprintf(command, sizeof(command), "cd '%s' && W='%s' %s '%s' %s <%s >stdout 2>stderr", workdir,
            workdir, env, program, args, input ? "stdin" : "/dev/null");
   int status = system(command);
   cr_assert(status != -1 && WIFEXITED(status), "could not run: %s", command);
   result.code = WEXITSTATUS(status);
   cli_read("stdout", result.out, sizeof(result.out));
   cli_read("stderr", result.err, sizeof(result.err));
   return &result;
}

struct cli_output *cli_run(const char *args)
{
   return cli_run_env("", args, NULL);
}

bool cli_same_files(const char *a, const char *b)
{
   static char first[1 << 20], second[1 << 20];
   size_t n1 = cli_read(a, first, sizeof(first));
   size_t n2 = cli_read(b, second, sizeof(second));
   return n1 == n2 && memcmp(first, second, n1) == 0;
}
