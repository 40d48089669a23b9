/* `rdna gpu` as a user runs it: the device list, exit codes (0 pass or known gap, 1 a failed
 * expectation, 2 bad input or usage, 3 no Vulkan), the report lines with their compile and run
 * times, todo(recomp) gaps, and --json. Tests that need a device skip when `--list-devices`
 * finds none. */
#include <criterion/criterion.h>
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "cli_harness.h"

TestSuite(gpu_cli, .init = cli_setup, .fini = cli_teardown);

/* Runs `ENV rdna gpu ARGS` in the work folder. */
static struct cli_output *run(const char *env, const char *args)
{
   char command[4096];
   snprintf(command, sizeof(command), "gpu %s", args);
   return cli_run_env(env, command, NULL);
}

static void skip_without_device(void)
{
   struct cli_output *r = run("", "--list-devices");
   if (r->code == 3)
      cr_skip_test("no Vulkan device: %s", r->err);
   cr_assert_eq(r->code, 0, "%s", r->err);
}

#define PASS_CASE                                                                        \
   "[require]\nwave 32 64\n[program]\ns_mov_b32 s1, 42\ns_add_u32 s2, s1, 8\ns_endpgm\n" \
   "[expect]\ns1 = 42\ns2 = 50\n"

Test(gpu_cli, list_devices_names_each_device_and_its_subgroup_size)
{
   skip_without_device();
   struct cli_output *r = run("", "--list-devices");
   cr_assert(strncmp(r->out, "0: ", 3) == 0, "%s", r->out);
   cr_assert(strstr(r->out, "subgroup size"), "%s", r->out);
   r = run("", "--list-devices --json");
   cr_assert_eq(r->code, 0);
   json_error_t error;
   json_t *list = json_loads(r->out, 0, &error);
   cr_assert_not_null(list, "%s", error.text);
   cr_assert(json_is_array(list) && json_array_size(list) > 0);
   json_t *first = json_array_get(list, 0);
   cr_assert_eq(json_integer_value(json_object_get(first, "index")), 0);
   cr_assert_gt(json_integer_value(json_object_get(first, "subgroup_size")), 0);
   json_decref(list);
}

Test(gpu_cli, no_vulkan_loader_exits_3_with_a_message)
{
   cli_write_text("pass.case", PASS_CASE);
   struct cli_output *r = run("RDNA_VULKAN_LOADER=librdna-missing-loader.so", "pass.case");
   cr_assert_eq(r->code, 3, "%s", r->err);
   cr_assert(strstr(r->err, "no Vulkan loader"), "%s", r->err);
   cr_assert_eq(r->out[0], '\0', "%s", r->out);
   r = run("RDNA_VULKAN_LOADER=librdna-missing-loader.so", "--list-devices");
   cr_assert_eq(r->code, 3, "%s", r->err);
   r = run("VK_ICD_FILENAMES=/nonexistent.json VK_DRIVER_FILES=/nonexistent.json", "pass.case");
   cr_assert_eq(r->code, 3, "%s", r->err);
   cr_assert(strstr(r->err, "driver"), "%s", r->err);
}

Test(gpu_cli, a_passing_case_prints_pass_with_times_in_each_wave_size)
{
   skip_without_device();
   cli_write_text("pass.case", PASS_CASE);
   struct cli_output *r = run("", "pass.case");
   cr_assert_eq(r->code, 0, "%s%s", r->out, r->err);
   cr_assert(strstr(r->out, "PASS pass.case (wave32, 3 steps, compile "), "%s", r->out);
   cr_assert(strstr(r->out, "PASS pass.case (wave64, 3 steps, compile "), "%s", r->out);
   cr_assert(strstr(r->out, " ms, run "), "%s", r->out);
   r = run("", "--wave 64 pass.case");
   cr_assert_eq(r->code, 0);
   cr_assert_null(strstr(r->out, "wave32"), "%s", r->out);
   r = run("", "--device 0 --validate --timeout 5000 --steps 100 pass.case");
   cr_assert_eq(r->code, 0, "%s%s", r->out, r->err);
}

Test(gpu_cli, a_failed_expectation_exits_1_and_names_its_line)
{
   skip_without_device();
   cli_write_text("fail.case",
                  "[require]\n[program]\ns_mov_b32 s1, 42\ns_endpgm\n[expect]\ns1 = 41\n");
   struct cli_output *r = run("", "fail.case");
   cr_assert_eq(r->code, 1, "%s%s", r->out, r->err);
   cr_assert(strstr(r->out, "FAIL fail.case (wave32"), "%s", r->out);
   cr_assert(strstr(r->out, "fail.case:6:1: s1"), "%s", r->out);
   cr_assert(strstr(r->out, "    s1 = 41"), "%s", r->out);
}

Test(gpu_cli, a_known_gap_is_reported_and_does_not_fail)
{
   skip_without_device();
   cli_write_text("todo.case",
                  "[require]\n[program]\ns_mov_b32 s1, 42\ns_endpgm\n[expect]\ns1 = 41\n"
                  "[diff]\ntodo(recomp) a gap under test\n");
   cli_write_text("pass.case", PASS_CASE);
   struct cli_output *r = run("", "todo.case pass.case");
   cr_assert_eq(r->code, 0, "%s%s", r->out, r->err);
   cr_assert(strstr(r->out, "TODO todo.case (wave32"), "%s", r->out);
   cr_assert(strstr(r->out, "known gap, todo(recomp): a gap under test"), "%s", r->out);
   cr_assert(strstr(r->out, "2 cases, 3 runs: 2 passed, 0 failed, 1 todo, 0 errors"), "%s", r->out);
}

Test(gpu_cli, bad_input_exits_2_with_file_line_column)
{
   skip_without_device();
   cli_write_text("bad.case", "[require]\nwave 48\n[program]\ns_endpgm\n");
   struct cli_output *r = run("", "bad.case");
   cr_assert_eq(r->code, 2, "%s%s", r->out, r->err);
   cr_assert(strstr(r->err, "bad.case:2:"), "%s", r->err);
   cli_write_text("range.case", "[require]\n[program]\ns_endpgm\n[init]\ns1 = 0x123456789\n");
   r = run("", "range.case");
   cr_assert_eq(r->code, 2, "%s%s", r->out, r->err);
   cr_assert(strstr(r->err, "range.case:5:"), "%s", r->err);
   r = run("", "missing.case");
   cr_assert_eq(r->code, 2, "%s", r->err);
}

Test(gpu_cli, usage_errors_exit_2)
{
   static const char *const args[] = {
      "",
      "--timeout 0 x.case",
      "--relative=sideways x.case",
      "--list-devices x.case",
      "--steps nine x.case",
      "--target gfx1013 x.case",
      "--frobnicate x.case",
   };
   for (size_t i = 0; i < sizeof(args) / sizeof(args[0]); i++) {
      struct cli_output *r = run("", args[i]);
      cr_assert_eq(r->code, 2, "'%s': %d %s", args[i], r->code, r->err);
      cr_assert(strstr(r->err, "rdna gpu: error:"), "'%s': %s", args[i], r->err);
   }
   struct cli_output *r = run("", "--help");
   cr_assert_eq(r->code, 0);
   cr_assert(strstr(r->out, "usage: rdna gpu"), "%s", r->out);
}

Test(gpu_cli, json_reports_every_run_with_its_times)
{
   skip_without_device();
   cli_write_text("pass.case", PASS_CASE);
   cli_write_text("fail.case",
                  "[require]\n[program]\ns_mov_b32 s1, 42\ns_endpgm\n[expect]\ns1 = 41\n");
   struct cli_output *r = run("", "--json pass.case fail.case");
   cr_assert_eq(r->code, 1, "%s", r->err);
   json_error_t error;
   json_t *root = json_loads(r->out, 0, &error);
   cr_assert_not_null(root, "%s: %s", error.text, r->out);
   json_t *summary = json_object_get(root, "summary");
   cr_assert_eq(json_integer_value(json_object_get(summary, "runs")), 3);
   cr_assert_eq(json_integer_value(json_object_get(summary, "passed")), 2);
   cr_assert_eq(json_integer_value(json_object_get(summary, "failed")), 1);
   cr_assert(json_is_string(json_object_get(json_object_get(root, "device"), "name")));
   json_t *run0 =
      json_array_get(json_object_get(json_array_get(json_object_get(root, "cases"), 0), "runs"), 0);
   cr_assert_str_eq(json_string_value(json_object_get(run0, "result")), "PASS");
   cr_assert(json_real_value(json_object_get(run0, "compile_ms")) > 0);
   cr_assert(json_real_value(json_object_get(run0, "run_ms")) > 0);
   cr_assert_gt(json_integer_value(json_object_get(run0, "spirv_words")), 5);
   json_t *fail_run =
      json_array_get(json_object_get(json_array_get(json_object_get(root, "cases"), 1), "runs"), 0);
   json_t *failure = json_array_get(json_object_get(fail_run, "failures"), 0);
   cr_assert_eq(json_integer_value(json_object_get(failure, "line")), 6);
   json_decref(root);
}

Test(gpu_cli, a_time_out_exits_3_and_the_next_case_gets_a_fresh_device)
{
   skip_without_device();
   /* 60000 iterations of 100 vector operations: tens of milliseconds on lavapipe, far beyond
    * the 1 ms limit even when the waiting thread loses the CPU for a while. */
   char text[8192];
   size_t n = (size_t)snprintf(
      text, sizeof(text), "[require]\nvgprs 2\nsteps 7000000\n[program]\ns_mov_b32 s0, 0\nloop:\n");
   for (int i = 0; i < 50; i++)
      n += (size_t)snprintf(text + n, sizeof(text) - n,
                            "v_mul_lo_u32 v1, v1, v0\nv_add_nc_u32 v1, v1, 7\n");
   snprintf(text + n, sizeof(text) - n,
            "s_add_u32 s0, s0, 1\ns_cmp_lt_u32 s0, 60000\ns_cbranch_scc1 loop\ns_endpgm\n"
            "[init]\nv0 = lane\n[expect]\ns0 = 60000\n");
   cli_write_text("slow.case", text);
   struct cli_output *r = run("", "--timeout 1 slow.case slow.case slow.case");
   cr_assert_eq(r->code, 3, "%d\n%s%s", r->code, r->out, r->err);
   cr_assert(strstr(r->err, "slow.case (wave32): Vulkan error, time-out or device loss: the "
                            "dispatch did not finish within 0.001 s"),
             "%s", r->err);
   /* A context that timed out is never reused: each case after it opens the device again. */
   cr_assert_null(strstr(r->err, "earlier dispatch"), "%s", r->err);
   cr_assert(strstr(r->out, "3 cases, "), "%s", r->out);
}
