/* The case loader and runner (include/rdna/run.h) and `rdna run`: the contract examples pass
 * through the C API, a wrong expectation names its register and lane, a fault is reported with
 * its kind and address, `wave 32 64` runs twice, and the built `rdna` program exits 0 on
 * corpus/examples and 2 on a bad case. Tests run from the repository root (CTest sets it). */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "rdna/run.h"

/* ---- helpers ------------------------------------------------------------------------------ */

static char *read_text(const char *path, size_t *size)
{
   FILE *file = fopen(path, "rb");
   cr_assert_not_null(file, "cannot open %s (tests run from the repository root)", path);
   fseek(file, 0, SEEK_END);
   long length = ftell(file);
   fseek(file, 0, SEEK_SET);
   char *text = malloc((size_t)length + 1);
   cr_assert_not_null(text);
   cr_assert_eq(fread(text, 1, (size_t)length, file), (size_t)length);
   fclose(file);
   text[length] = '\0';
   *size = (size_t)length;
   return text;
}

static struct rdna_case *parse_text(const char *text, size_t size, const char *name)
{
   struct rdna_case *c = NULL;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   enum rdna_status st = rdna_case_parse(text, size, name, &c, &diag);
   cr_assert_eq(st, RDNA_OK, "%s:%u:%u: %s: %s", name, diag.line, diag.column, rdna_status_name(st),
                diag.message);
   return c;
}

static struct rdna_case *parse_file(const char *path)
{
   size_t size;
   char *text = read_text(path, &size);
   struct rdna_case *c = parse_text(text, size, path);
   free(text);
   return c;
}

/* Runs wave size `wave_size` of `c` and fails the test unless the run itself worked. */
static void run_ok(const struct rdna_case *c, unsigned wave_size, struct rdna_case_result *r)
{
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   enum rdna_status st = rdna_case_run(c, wave_size, NULL, r, &diag);
   cr_assert_eq(st, RDNA_OK, "run failed: %s: %s", rdna_status_name(st), diag.message);
   cr_assert_not_null(r->machine);
   cr_assert_eq(r->wave_size, wave_size);
}

static void describe(const struct rdna_case_result *r, char *buf, size_t size)
{
   size_t n = (size_t)snprintf(buf, size, "wave%u:", r->wave_size);
   for (size_t i = 0; i < r->num_failures && n < size; i++)
      n += (size_t)snprintf(buf + n, size - n, " [line %u: %s]", r->failures[i].failure.line,
                            r->failures[i].failure.message);
   if (r->faulted && n < size)
      snprintf(buf + n, size - n, " [fault %s: %s]", rdna_fault_kind_name(r->fault.kind),
               r->fault.message);
}

/* ---- the contract examples ----------------------------------------------------------------- */

/* Parameters are copied into the test's worker process: names by value, not pointers. */
struct example {
   char name[64];
};

static struct example examples[] = {
   { "call_after_endpgm.case" },    { "calls_shared_link_pair.case" }, { "exec_mask.case" },
   { "memory_global_buffer.case" }, { "movrel_out_of_range.case" },    { "wave64_lane_masks.case" },
};

ParameterizedTestParameters(run, contract_example_passes)
{
   return cr_make_param_array(struct example, examples, sizeof(examples) / sizeof(examples[0]));
}

/* Every wave size the example asks for passes. An instruction the interpreter does not implement
 * yet (an UNSUPPORTED fault) skips the test with its name: a known gap, visible, not a pass. */
ParameterizedTest(struct example *example, run, contract_example_passes)
{
   const char *name = example->name;
   char path[256];
   snprintf(path, sizeof(path), "corpus/examples/%s", name);
   struct rdna_case *c = parse_file(path);
   unsigned waves = rdna_case_waves(c);
   for (unsigned wave_size = 32; wave_size <= 64; wave_size *= 2) {
      if (!(waves & (wave_size == 32 ? RDNA_CASE_WAVE32 : RDNA_CASE_WAVE64)))
         continue;
      struct rdna_case_result r;
      run_ok(c, wave_size, &r);
      char text[2048];
      describe(&r, text, sizeof(text));
      if (!r.passed && r.faulted && r.fault.kind == RDNA_FAULT_UNSUPPORTED) {
         rdna_case_result_free(&r);
         rdna_case_destroy(c);
         cr_skip_test("%s: interpreter gap: %s", name, text);
      }
      cr_expect(r.passed, "%s %s", name, text);
      cr_expect_eq(r.num_failures, 0);
      cr_expect_not(r.unexpected_fault);
      rdna_case_result_free(&r);
   }
   rdna_case_destroy(c);
}

/* The loader puts [init] registers and regions where the case says, before anything runs. */
Test(run, load_places_regions_and_registers)
{
   struct rdna_case *c = parse_file("corpus/examples/calls_shared_link_pair.case");
   struct rdna_machine *m = NULL;
   struct rdna_diag diag;
   cr_assert_eq(rdna_case_load(c, 32, NULL, &m, &diag), RDNA_OK, "%s", diag.message);
   uint64_t address = 0, size = 0;
   cr_assert(rdna_machine_find_region(m, "add10", &address, &size));
   cr_expect_eq(address, 0x20000);
   cr_assert(rdna_machine_find_region(m, "times3", &address, &size));
   cr_expect_eq(address, 0x30000);
   uint32_t lo = 0, hi = 0;
   cr_assert_eq(rdna_machine_read_sreg(m, 0, 14, &lo), RDNA_OK);
   cr_assert_eq(rdna_machine_read_sreg(m, 0, 15, &hi), RDNA_OK);
   cr_expect_eq(lo, 0xcafef00d);
   cr_expect_eq(hi, 0xdeadbeef);
   cr_assert_eq(rdna_machine_read_sreg(m, 0, 0, &lo), RDNA_OK);
   cr_expect_eq(lo, 0x20000);
   uint64_t exec = 0;
   cr_assert_eq(rdna_machine_read_exec(m, 0, &exec), RDNA_OK);
   cr_expect_eq(exec, 0xffffffffu);
   rdna_machine_destroy(m);

   /* A wave size the case does not list is refused. */
   m = (struct rdna_machine *)1;
   cr_expect_eq(rdna_case_load(c, 64, NULL, &m, &diag), RDNA_BAD_ARGUMENT);
   cr_expect_null(m);
   rdna_case_destroy(c);
}

/* ---- failures and faults -------------------------------------------------------------------- */

static const char wrong_lane_case[] = "[require]\n"
                                      "wave 32\n"
                                      "\n"
                                      "[program]\n"
                                      "  v_mov_b32 v1, 5\n"
                                      "  s_mov_b32 s3, 9\n"
                                      "  s_endpgm\n"
                                      "\n"
                                      "[expect]\n"
                                      "s3 = 9\n"
                                      "v1 = 5 x7, 6, 5 x24\n"
                                      "fault none\n";

/* Only lane 7 of v1 is expected wrong: exactly that line, register and lane are reported. */
Test(run, wrong_expectation_names_register_and_lane)
{
   struct rdna_case *c = parse_text(wrong_lane_case, strlen(wrong_lane_case), "wrong");
   struct rdna_case_result r;
   run_ok(c, 32, &r);
   cr_expect_not(r.passed);
   cr_expect_not(r.faulted);
   cr_expect_not(r.unexpected_fault);
   cr_expect(r.fault_expected, "`fault none` is a fault line");
   cr_assert_eq(r.num_failures, 1);
   const struct rdna_case_failure *f = &r.failures[0].failure;
   cr_expect_eq(f->line, 11);
   cr_expect_eq(r.failures[0].wave, 0);
   cr_expect(strstr(f->message, "v1 lane 7: expected 0x00000006, found 0x00000005") != NULL, "%s",
             f->message);
   cr_expect(strstr(f->message, "1 of 32 lanes differ") != NULL, "%s", f->message);
   rdna_case_result_free(&r);
   rdna_case_destroy(c);
}

static const char faulting_case[] = "[require]\n"
                                    "wave 32\n"
                                    "\n"
                                    "[program]\n"
                                    "  s_getpc_b64 s[0:1]\n"
                                    "  s_add_u32 s0, s0, 6\n"
                                    "  s_addc_u32 s1, s1, 0\n"
                                    "  s_setpc_b64 s[0:1]\n"
                                    "  s_endpgm\n"
                                    "\n"
                                    "[expect]\n"
                                    "s2 = 0\n";

/* A jump to main + 10 (s_getpc_b64 gives main + 4) faults as misaligned; no [expect] line asks
 * for a fault, so the run fails with the fault even though every register line holds. */
Test(run, unexpected_fault_is_reported)
{
   struct rdna_case *c = parse_text(faulting_case, strlen(faulting_case), "fault");
   struct rdna_case_result r;
   run_ok(c, 32, &r);
   cr_expect_not(r.passed);
   cr_expect_eq(r.num_failures, 0);
   cr_assert(r.faulted);
   cr_expect(r.unexpected_fault);
   cr_expect_not(r.fault_expected);
   cr_expect_eq(r.fault.kind, RDNA_FAULT_MISALIGNED, "%s", rdna_fault_kind_name(r.fault.kind));
   cr_expect_eq(r.fault.address, rdna_case_entry(c) + 10, "address 0x%llx",
                (unsigned long long)r.fault.address);
   cr_expect_eq(r.fault.wave, 0);
   cr_expect_neq(r.fault.message[0], '\0');
   rdna_case_result_free(&r);
   rdna_case_destroy(c);
}

/* The same program with `fault misaligned` expected passes; `fault none` fails on that line. */
Test(run, expected_fault_passes)
{
   char text[1024];
   snprintf(text, sizeof(text), "%sfault misaligned\n", faulting_case);
   struct rdna_case *c = parse_text(text, strlen(text), "fault");
   struct rdna_case_result r;
   run_ok(c, 32, &r);
   cr_expect(r.passed);
   cr_expect(r.faulted);
   cr_expect(r.fault_expected);
   cr_expect_not(r.unexpected_fault);
   rdna_case_result_free(&r);
   rdna_case_destroy(c);

   snprintf(text, sizeof(text), "%sfault none\n", faulting_case);
   c = parse_text(text, strlen(text), "fault");
   run_ok(c, 32, &r);
   cr_expect_not(r.passed);
   cr_assert_eq(r.num_failures, 1);
   cr_expect_eq(r.failures[0].failure.line, 13);
   cr_expect(strstr(r.failures[0].failure.message, "MISALIGNED") != NULL, "%s",
             r.failures[0].failure.message);
   rdna_case_result_free(&r);
   rdna_case_destroy(c);
}

/* ---- wave sizes ----------------------------------------------------------------------------- */

static const char both_waves_case[] = "[require]\n"
                                      "wave 32 64\n"
                                      "\n"
                                      "[program]\n"
                                      "  s_bcnt1_i32_b64 s2, exec\n"
                                      "  v_add_nc_u32 v1, v0, 1\n"
                                      "  s_endpgm\n"
                                      "\n"
                                      "[init]\n"
                                      "v0 = lane\n"
                                      "\n"
                                      "[expect]\n"
                                      "v1 = lane + 1\n";

/* `wave 32 64` runs once per size, each with its own machine: EXEC covers 32 or 64 lanes (in
 * wave32 `exec` as an SGPR pair reads EXEC_HI = 0, RDNA2 ISA guide 3.3) and VGPR lines cover
 * every lane of the size. */
Test(run, wave_32_64_runs_twice)
{
   struct rdna_case *c = parse_text(both_waves_case, strlen(both_waves_case), "waves");
   cr_assert_eq(rdna_case_waves(c), RDNA_CASE_WAVE32 | RDNA_CASE_WAVE64);
   for (unsigned wave_size = 32; wave_size <= 64; wave_size *= 2) {
      struct rdna_case_result r;
      run_ok(c, wave_size, &r);
      char text[1024];
      describe(&r, text, sizeof(text));
      cr_expect(r.passed, "%s", text);
      struct rdna_machine_config config;
      rdna_machine_get_config(r.machine, &config);
      cr_expect_eq(config.wave_size, wave_size);
      cr_expect_eq(r.waves, 1);
      uint32_t s2 = 0, v1 = 0;
      cr_assert_eq(rdna_machine_read_sreg(r.machine, 0, 2, &s2), RDNA_OK);
      cr_expect_eq(s2, wave_size, "wave%u: s2 = %u", wave_size, s2);
      cr_assert_eq(rdna_machine_read_vgpr(r.machine, 0, 1, wave_size - 1, &v1), RDNA_OK);
      cr_expect_eq(v1, wave_size);
      rdna_case_result_free(&r);
   }
   rdna_case_destroy(c);
}

/* The contract's double-run example: both sizes pass separately. */
Test(run, movrel_example_runs_in_both_sizes)
{
   struct rdna_case *c = parse_file("corpus/examples/movrel_out_of_range.case");
   cr_assert_eq(rdna_case_waves(c), RDNA_CASE_WAVE32 | RDNA_CASE_WAVE64);
   for (unsigned wave_size = 32; wave_size <= 64; wave_size *= 2) {
      struct rdna_case_result r;
      run_ok(c, wave_size, &r);
      char text[2048];
      describe(&r, text, sizeof(text));
      cr_expect(r.passed, "%s", text);
      rdna_case_result_free(&r);
   }
   rdna_case_destroy(c);
}

/* ---- the `rdna` program --------------------------------------------------------------------- */

/* The built `rdna` sits beside the test programs, in the build folder's root (CMakeLists.txt). */
static void rdna_path(char *buf, size_t size)
{
   ssize_t n = readlink("/proc/self/exe", buf, size - 1);
   cr_assert_gt(n, 0, "cannot read /proc/self/exe");
   buf[n] = '\0';
   char *slash = strrchr(buf, '/');
   cr_assert_not_null(slash);
   snprintf(slash + 1, size - (size_t)(slash + 1 - buf), "rdna");
   if (access(buf, X_OK) != 0)
      cr_skip_test("no rdna program at %s (build the rdna target)", buf);
}

/* Runs `rdna ARGS`, capturing standard output in *out (caller frees); returns the exit code. */
static int run_rdna(const char *args, char **out)
{
   char exe[4096], command[8192];
   rdna_path(exe, sizeof(exe));
   snprintf(command, sizeof(command), "'%s' %s 2>&1", exe, args);
   FILE *pipe = popen(command, "r");
   cr_assert_not_null(pipe);
   size_t capacity = 1 << 16, length = 0;
   char *text = malloc(capacity);
   cr_assert_not_null(text);
   size_t got;
   while ((got = fread(text + length, 1, capacity - length - 1, pipe)) > 0) {
      length += got;
      if (capacity - length < 2) {
         capacity *= 2;
         text = realloc(text, capacity);
         cr_assert_not_null(text);
      }
   }
   text[length] = '\0';
   int status = pclose(pipe);
   *out = text;
   cr_assert(WIFEXITED(status), "rdna did not exit normally");
   return WEXITSTATUS(status);
}

/* `rdna run corpus/examples` exits 0: every run passes. While the interpreter lacks an
 * instruction an example uses, the only failures allowed are UNSUPPORTED faults, and the test
 * is skipped naming them. */
Test(run, cli_runs_the_examples_directory)
{
   char *out;
   int code = run_rdna("run --json corpus/examples", &out);
   json_error_t error;
   json_t *root = json_loads(out, 0, &error);
   cr_assert_not_null(root, "not JSON (%s): %s", error.text, out);
   json_t *summary = json_object_get(root, "summary");
   cr_expect_eq(json_integer_value(json_object_get(summary, "cases")), 6);
   cr_expect_eq(json_integer_value(json_object_get(summary, "runs")), 7, "movrel runs twice");
   cr_expect_eq(json_integer_value(json_object_get(summary, "errors")), 0);
   char gaps[2048] = "";
   bool only_gaps = true;
   size_t i;
   json_t *entry;
   json_array_foreach(json_object_get(root, "cases"), i, entry)
   {
      size_t j;
      json_t *run;
      json_array_foreach(json_object_get(entry, "runs"), j, run)
      {
         if (json_is_true(json_object_get(run, "passed")))
            continue;
         const char *kind =
            json_string_value(json_object_get(json_object_get(run, "fault"), "kind"));
         if (!kind || strcmp(kind, "UNSUPPORTED") != 0)
            only_gaps = false;
         size_t n = strlen(gaps);
         snprintf(gaps + n, sizeof(gaps) - n, " %s",
                  json_string_value(json_object_get(entry, "file")));
      }
   }
   json_decref(root);
   free(out);

   /* The text form: a line per run in sorted order, then the summary line. */
   char *text;
   int text_code = run_rdna("run corpus/examples", &text);
   cr_expect_eq(text_code, code);
   const char *first = strstr(text, "PASS corpus/examples/call_after_endpgm.case (wave32");
   const char *second = strstr(text, "corpus/examples/calls_shared_link_pair.case (wave32");
   cr_expect(first && second && first < second, "%s", text);
   cr_expect(strstr(text, "6 cases, 7 runs:") != NULL, "%s", text);
   free(text);

   if (code == 1 && only_gaps)
      cr_skip_test("interpreter gaps (UNSUPPORTED):%s", gaps);
   cr_expect_eq(code, 0, "exit %d; failing:%s", code, gaps);
}

/* A case that does not parse exits 2 with file:line:column, the line and a caret. */
Test(run, cli_reports_parse_errors)
{
   char path[] = "/tmp/rdna_test_run_XXXXXX.case";
   int fd = mkstemps(path, 5);
   cr_assert_geq(fd, 0);
   static const char text[] = "[require]\nwave 32\n\n[program]\n  s_mov_b32 s0, 1\n  s_bogus s1\n";
   cr_assert_eq(write(fd, text, sizeof(text) - 1), (ssize_t)(sizeof(text) - 1));
   close(fd);
   char args[256], *out;
   snprintf(args, sizeof(args), "run %s", path);
   int code = run_rdna(args, &out);
   unlink(path);
   cr_expect_eq(code, 2, "exit %d: %s", code, out);
   char want[300];
   snprintf(want, sizeof(want), "%s:6:3: error:", path);
   cr_expect(strstr(out, want) != NULL, "%s", out);
   cr_expect(strstr(out, "  s_bogus s1\n  ^\n") != NULL, "%s", out);
   free(out);

   code = run_rdna("run --wave 48 corpus/examples", &out);
   cr_expect_eq(code, 2, "%s", out);
   free(out);
}

/* A failed expectation exits 1 and prints the failing line with register and lane. */
Test(run, cli_reports_failures)
{
   char path[] = "/tmp/rdna_test_run_XXXXXX.case";
   int fd = mkstemps(path, 5);
   cr_assert_geq(fd, 0);
   cr_assert_eq(write(fd, wrong_lane_case, sizeof(wrong_lane_case) - 1),
                (ssize_t)(sizeof(wrong_lane_case) - 1));
   close(fd);
   char args[256], *out;
   snprintf(args, sizeof(args), "run %s", path);
   int code = run_rdna(args, &out);
   unlink(path);
   cr_expect_eq(code, 1, "exit %d: %s", code, out);
   cr_expect(strstr(out, "FAIL ") != NULL, "%s", out);
   cr_expect(strstr(out, ":11:1: v1 lane 7: expected 0x00000006, found 0x00000005") != NULL, "%s",
             out);
   cr_expect(strstr(out, "    v1 = 5 x7, 6, 5 x24\n") != NULL, "%s", out);
   free(out);
}
