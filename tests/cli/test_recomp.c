/* `rdna recomp` and `rdna dis --cfg` as a user runs them: the module written (binary or text),
 * exit code 2 with file:line:column for a bad case, 2 naming the instruction for one not lowered
 * yet, 2 for bad options. */
#include <criterion/criterion.h>
#include <stdint.h>
#include <string.h>

#include "cli_harness.h"

TestSuite(recomp_cli, .init = cli_setup, .fini = cli_teardown);

/* Runs `rdna ARGS` in the work folder; the exit code (stdout and stderr are in files). */
static int run(const char *args)
{
   return cli_run(args)->code;
}

static const char good[] = "[require]\nwave 32 64\n[program]\n  s_mov_b32 s0, 5\n"
                           "  v_add_nc_u32 v1, s0, v0\n  s_endpgm\n";

Test(recomp_cli, writes_a_spirv_binary)
{
   cli_write_text("a.case", good);
   cr_assert_eq(run("recomp a.case -o out.spv --wave 64 --subgroup 8"), 0);
   char buffer[1 << 16];
   size_t n = cli_read("out.spv", buffer, sizeof(buffer));
   cr_assert_gt(n, 20u);
   uint32_t magic;
   memcpy(&magic, buffer, 4);
   cr_assert_eq(magic, 0x07230203u, "SPIR-V magic number");
   cr_assert_eq(n % 4, 0u);
}

Test(recomp_cli, text_is_spirv_tools_disassembly)
{
   cli_write_text("a.case", good);
   cr_assert_eq(run("recomp a.case --text -o out.txt --relative=window"), 0);
   char buffer[1 << 20];
   cli_read("out.txt", buffer, sizeof(buffer));
   cr_assert_not_null(strstr(buffer, "OpEntryPoint GLCompute"), "%.400s", buffer);
   cr_assert_not_null(strstr(buffer, "OpCapability GroupNonUniformBallot"));
   cr_assert_not_null(strstr(buffer, "LocalSize 32 1 1"), "default subgroup 32, one wave");
}

Test(recomp_cli, bad_case_is_exit_2_with_its_position)
{
   static const char bad[] = "[program]\n  s_mov_b32 s0, 5\n  v_frobnicate v1\n";
   cli_write_text("a.case", bad);
   cr_assert_eq(run("recomp a.case -o out.spv"), 2);
   char err[4096];
   cli_read("stderr", err, sizeof(err));
   cr_assert_not_null(strstr(err, "a.case:3:"), "%s", err);
}

Test(recomp_cli, instruction_not_lowered_is_exit_2_naming_it)
{
   static const char text[] = "[program]\n  v_interp_p1_f32 v1, v0, attr0.x\n  s_endpgm\n";
   cli_write_text("a.case", text);
   cr_assert_eq(run("recomp a.case -o out.spv"), 2);
   char err[4096];
   cli_read("stderr", err, sizeof(err));
   cr_assert_not_null(strstr(err, "v_interp_p1_f32 at 0x10000"), "%s", err);
}

Test(recomp_cli, bad_options_are_exit_2)
{
   cli_write_text("a.case", good);
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
   cli_write("code.bin", words, sizeof(words));
   cr_assert_eq(run("dis --cfg code.bin"), 0);
   char out[8192];
   cli_read("stdout", out, sizeof(out));
   cr_assert_not_null(strstr(out, "digraph cfg {"), "%s", out);
   cr_assert_not_null(strstr(out, "b0 -> b8"), "%s", out);
   cr_assert_not_null(strstr(out, "b4 -> b8;"), "the s_nop block falls through: %s", out);
}
