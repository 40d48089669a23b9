/* `--waves` on `rdna recomp`, `rdna gpu` and `rdna diff` as a user runs them: serial (the
 * default) and concurrent build different modules for a workgroup of several waves and the same
 * one for a workgroup of one wave; both give the interpreter's answer where the waves exchange
 * data only through s_barrier; an unknown order is a usage error (exit 2) naming the option. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "cli_harness.h"

TestSuite(waves_cli, .init = cli_setup, .fini = cli_teardown);

/* Work-item n stores n to LDS word n and, after s_barrier, reads word 127 - n, which another wave
 * of the workgroup wrote. */
static const char reverse[] = "[require]\nwave 32\nworkgroup %u\nlds 512\n"
                              "[program]\n"
                              "  v_lshlrev_b32 v1, 2, v0\n"
                              "  ds_write_b32 v1, v0\n"
                              "  s_waitcnt lgkmcnt(0)\n"
                              "  s_barrier\n"
                              "  v_sub_nc_u32 v2, 127, v0\n"
                              "  v_lshlrev_b32 v2, 2, v2\n"
                              "  ds_read_b32 v3, v2\n"
                              "  s_waitcnt lgkmcnt(0)\n"
                              "  s_endpgm\n"
                              "[init]\nv0 = local_id.x\n";

static void write_case(const char *name, unsigned workgroup)
{
   char text[1024];
   snprintf(text, sizeof(text), reverse, workgroup);
   cli_write_text(name, text);
}

Test(waves_cli, serial_is_the_default_and_concurrent_differs_with_several_waves)
{
   write_case("four.case", 128);
   cr_assert_eq(cli_run("recomp four.case -o default.spv --subgroup 8")->code, 0);
   cr_assert_eq(cli_run("recomp four.case -o serial.spv --subgroup 8 --waves=serial")->code, 0);
   cr_assert_eq(cli_run("recomp four.case -o concurrent.spv --subgroup 8 --waves=concurrent")->code,
                0);
   cr_expect(cli_same_files("default.spv", "serial.spv"));
   cr_expect_not(cli_same_files("serial.spv", "concurrent.spv"));
}

Test(waves_cli, one_wave_per_workgroup_gets_the_same_module)
{
   write_case("one.case", 32);
   cr_assert_eq(cli_run("recomp one.case -o serial.spv --subgroup 8 --waves=serial")->code, 0);
   cr_assert_eq(cli_run("recomp one.case -o concurrent.spv --subgroup 8 --waves=concurrent")->code,
                0);
   cr_expect(cli_same_files("serial.spv", "concurrent.spv"));
}

Test(waves_cli, both_orders_match_the_interpreter_across_a_barrier)
{
   write_case("four.case", 128);
   static const char *const commands[] = { "diff four.case --waves=serial",
                                           "diff four.case --waves=concurrent" };
   for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++) {
      struct cli_output *r = cli_run(commands[i]);
      if (r->code == 3)
         cr_skip_test("no Vulkan device: %s", r->err);
      cr_expect_eq(r->code, 0, "%s: exit %d\n%s%s", commands[i], r->code, r->out, r->err);
      cr_expect_not_null(strstr(r->out, "SAME four.case"), "%s: %s", commands[i], r->out);
   }
}

Test(waves_cli, an_unknown_order_is_a_usage_error)
{
   write_case("four.case", 128);
   static const char *const commands[] = { "recomp four.case -o out.spv --waves=parallel",
                                           "gpu four.case --waves=parallel",
                                           "diff four.case --waves=parallel" };
   for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++) {
      struct cli_output *r = cli_run(commands[i]);
      cr_expect_eq(r->code, 2, "%s: exit %d", commands[i], r->code);
      cr_expect_not_null(strstr(r->err, "--waves takes serial or concurrent"), "%s: %s",
                         commands[i], r->err);
   }
}
