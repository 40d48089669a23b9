/* `rdna recomp` and `rdna dis --cfg` as a user runs them: the module written (binary or text),
 * exit code 2 with file:line:column for a bad case, 2 naming the instruction for one not lowered
 * yet, 2 for bad options. The program is found beside this test's executable, or at $RDNA_CLI. */
#include <criterion/criterion.h>
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static char program[PATH_MAX];
static char workdir[PATH_MAX];

static void setup(void)
{
   const char *env = getenv("RDNA_CLI");
   if (env && *env) {
      snprintf(program, sizeof(program), "%s", env);
   } else {
      char self[PATH_MAX];
      ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
      cr_assert(n > 0, "readlink: %s", strerror(errno));
      self[n] = '\0';
      char *slash = strrchr(self, '/');
      cr_assert_not_null(slash);
      *slash = '\0';
      snprintf(program, sizeof(program), "%.*s/rdna", (int)(sizeof(program) - 6), self);
   }
   if (access(program, X_OK) != 0)
      cr_skip_test("the rdna program is not at %s (set RDNA_CLI)", program);
   const char *tmp = getenv("TMPDIR");
   snprintf(workdir, sizeof(workdir), "%s/rdna-recomp-cli-XXXXXX", tmp && *tmp ? tmp : P_tmpdir);
   cr_assert_not_null(mkdtemp(workdir));
}

static void teardown(void)
{
   static const char *const names[] = { "out", "err", "a.case", "out.spv", "out.txt", "code.bin" };
   char path[PATH_MAX + 16];
   for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
      snprintf(path, sizeof(path), "%s/%s", workdir, names[i]);
      unlink(path);
   }
   rmdir(workdir);
}

TestSuite(recomp_cli, .init = setup, .fini = teardown);

static void write_file(const char *name, const void *data, size_t size)
{
   char path[PATH_MAX + 16];
   snprintf(path, sizeof(path), "%s/%s", workdir, name);
   FILE *f = fopen(path, "wb");
   cr_assert_not_null(f);
   cr_assert_eq(fwrite(data, 1, size, f), size);
   fclose(f);
}

static size_t read_file(const char *name, char *buffer, size_t size)
{
   char path[PATH_MAX + 16];
   snprintf(path, sizeof(path), "%s/%s", workdir, name);
   FILE *f = fopen(path, "rb");
   if (!f) {
      buffer[0] = '\0';
      return 0;
   }
   size_t n = fread(buffer, 1, size - 1, f);
   buffer[n] = '\0';
   fclose(f);
   return n;
}

/* Runs `rdna ARGS` in the work directory; returns the exit code, stdout and stderr in files. */
static int run(const char *args)
{
   char command[PATH_MAX * 3];
   snprintf(command, sizeof(command), "cd '%s' && '%s' %s > out 2> err", workdir, program, args);
   int status = system(command);
   cr_assert(WIFEXITED(status));
   return WEXITSTATUS(status);
}

static const char good[] = "[require]\nwave 32 64\n[program]\n  s_mov_b32 s0, 5\n"
                           "  v_add_nc_u32 v1, s0, v0\n  s_endpgm\n";

Test(recomp_cli, writes_a_spirv_binary)
{
   write_file("a.case", good, strlen(good));
   cr_assert_eq(run("recomp a.case -o out.spv --wave 64 --subgroup 8"), 0);
   char buffer[1 << 16];
   size_t n = read_file("out.spv", buffer, sizeof(buffer));
   cr_assert_gt(n, 20u);
   uint32_t magic;
   memcpy(&magic, buffer, 4);
   cr_assert_eq(magic, 0x07230203u, "SPIR-V magic number");
   cr_assert_eq(n % 4, 0u);
}

Test(recomp_cli, text_is_spirv_tools_disassembly)
{
   write_file("a.case", good, strlen(good));
   cr_assert_eq(run("recomp a.case --text -o out.txt --relative=window"), 0);
   char buffer[1 << 20];
   read_file("out.txt", buffer, sizeof(buffer));
   cr_assert_not_null(strstr(buffer, "OpEntryPoint GLCompute"), "%.400s", buffer);
   cr_assert_not_null(strstr(buffer, "OpCapability GroupNonUniformBallot"));
   cr_assert_not_null(strstr(buffer, "LocalSize 32 1 1"), "default subgroup 32, one wave");
}

Test(recomp_cli, bad_case_is_exit_2_with_its_position)
{
   static const char bad[] = "[program]\n  s_mov_b32 s0, 5\n  v_frobnicate v1\n";
   write_file("a.case", bad, strlen(bad));
   cr_assert_eq(run("recomp a.case -o out.spv"), 2);
   char err[4096];
   read_file("err", err, sizeof(err));
   cr_assert_not_null(strstr(err, "a.case:3:"), "%s", err);
}

Test(recomp_cli, instruction_not_lowered_is_exit_2_naming_it)
{
   static const char text[] = "[program]\n  v_exp_f32 v1, v2\n  s_endpgm\n";
   write_file("a.case", text, strlen(text));
   cr_assert_eq(run("recomp a.case -o out.spv"), 2);
   char err[4096];
   read_file("err", err, sizeof(err));
   cr_assert_not_null(strstr(err, "v_exp_f32 at 0x10000"), "%s", err);
}

Test(recomp_cli, bad_options_are_exit_2)
{
   write_file("a.case", good, strlen(good));
   cr_assert_eq(run("recomp a.case"), 2, "no -o");
   cr_assert_eq(run("recomp a.case -o out.spv --relative=spiral"), 2);
   cr_assert_eq(run("recomp a.case -o out.spv --subgroup 12"), 2);
   cr_assert_eq(run("recomp a.case -o out.spv --wave 48"), 2);
   cr_assert_eq(run("recomp a.case -o out.spv --subgroup 64 --wave 32"), 2);
   cr_assert_eq(run("recomp -o out.spv"), 2, "no case");
   cr_assert_eq(run("recomp missing.case -o out.spv"), 2, "a missing file is bad input");
}

Test(recomp_cli, dis_cfg_prints_dot)
{
   /* s_branch 1 (jump over one dword), s_nop 0, s_endpgm: llvm-mc -arch=amdgcn -mcpu=gfx1030
    * -show-encoding gives 0xbf820001, 0xbf800000, 0xbf810000. */
   static const uint32_t words[] = { 0xbf820001u, 0xbf800000u, 0xbf810000u };
   write_file("code.bin", words, sizeof(words));
   cr_assert_eq(run("dis --cfg code.bin"), 0);
   char out[8192];
   read_file("out", out, sizeof(out));
   cr_assert_not_null(strstr(out, "digraph cfg {"), "%s", out);
   cr_assert_not_null(strstr(out, "b0 -> b8"), "%s", out);
   cr_assert_not_null(strstr(out, "b4 -> b8;"), "the s_nop block falls through: %s", out);
}
