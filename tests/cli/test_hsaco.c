/* `rdna hsaco` and the code-object options of `rdna run` as a user runs them, on the committed
 * corpus/kernels/scale_offset.gfx1030.hsaco (clang-14 from scale_offset.cl): the listing of the
 * metadata note (the values llvm-readelf-14 --notes prints for that object), --json, and exit 2
 * with a message for a malformed object or arguments that do not match the kernel's. */
#include <criterion/criterion.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_harness.h"

TestSuite(hsaco_cli, .init = cli_setup, .fini = cli_teardown);

static const char *object_path(void)
{
   static char path[512];
   const char *root = getenv("RDNA_SOURCE_DIR");
   snprintf(path, sizeof(path), "%s/corpus/kernels/scale_offset.gfx1030.hsaco", root ? root : ".");
   return path;
}

Test(hsaco_cli, lists_the_arguments)
{
   char args[600];
   snprintf(args, sizeof(args), "hsaco '%s'", object_path());
   struct cli_output *r = cli_run(args);
   cr_assert_eq(r->code, 0, "%s", r->err);
   cr_assert(strstr(r->out, "kernel scale_offset (scale_offset.kd)"), "%s", r->out);
   cr_assert(strstr(r->out, "code object V4, gfx1030, wave32"), "%s", r->out);
   cr_assert(strstr(r->out, "kernarg segment 80 bytes (align 8)"), "%s", r->out);
   cr_assert(strstr(r->out, "4 arguments, 7 hidden"), "%s", r->out);
   cr_assert(strstr(r->out, "1        8    8  global_buffer              global    const uint* in"),
             "%s", r->out);
   cr_assert(strstr(r->out, "-       72    8  hidden_multigrid_sync_arg  global"), "%s", r->out);
}

Test(hsaco_cli, json_has_every_argument)
{
   char args[600];
   snprintf(args, sizeof(args), "hsaco --json --kernel scale_offset '%s'", object_path());
   struct cli_output *r = cli_run(args);
   cr_assert_eq(r->code, 0, "%s", r->err);
   json_error_t error;
   json_t *root = json_loads(r->out, 0, &error);
   cr_assert_not_null(root, "%s", error.text);
   json_t *kernel = json_array_get(json_object_get(root, "kernels"), 0);
   cr_assert_str_eq(json_string_value(json_object_get(kernel, "name")), "scale_offset");
   cr_assert_eq(json_integer_value(json_object_get(kernel, "kernarg_segment_size")), 80);
   cr_assert_eq(json_integer_value(json_object_get(kernel, "code_object_version")), 4);
   json_t *list = json_object_get(kernel, "args");
   cr_assert_eq(json_array_size(list), 11);
   static const int offsets[] = { 0, 8, 16, 20, 24, 32, 40, 48, 56, 64, 72 };
   for (size_t i = 0; i < 11; i++) {
      json_t *a = json_array_get(list, i);
      cr_assert_eq(json_integer_value(json_object_get(a, "offset")), offsets[i]);
      cr_assert_eq(json_is_true(json_object_get(a, "hidden")), i >= 4);
   }
   cr_assert_str_eq(json_string_value(json_object_get(json_array_get(list, 2), "value_kind")),
                    "by_value");
   cr_assert_str_eq(json_string_value(json_object_get(json_array_get(list, 3), "name")), "offset");
   json_decref(root);
}

Test(hsaco_cli, errors_exit_2_with_a_message)
{
   char args[800];
   snprintf(args, sizeof(args), "hsaco --kernel nope '%s'", object_path());
   struct cli_output *r = cli_run(args);
   cr_assert_eq(r->code, 2);
   cr_assert(strstr(r->err, "describes no kernel 'nope'"), "%s", r->err);

   /* The object cut inside its note section. */
   FILE *f = fopen(object_path(), "rb");
   cr_assert_not_null(f);
   char bytes[700];
   cr_assert_eq(fread(bytes, 1, sizeof(bytes), f), sizeof(bytes));
   fclose(f);
   cli_write("cut.hsaco", bytes, sizeof(bytes));
   r = cli_run("hsaco cut.hsaco");
   cr_assert_eq(r->code, 2);
   cr_assert(strstr(r->err, "cut.hsaco: error:"), "%s", r->err);

   snprintf(args, sizeof(args),
            "run --hsaco '%s' --kernel scale_offset --grid 1 --block 64 --arg buffer:256 "
            "--arg u32:1 --arg u32:2",
            object_path());
   r = cli_run(args);
   cr_assert_eq(r->code, 2);
   cr_assert(strstr(r->err, "takes 4 arguments (uint* out (global_buffer), const uint* in "
                            "(global_buffer), uint scale (by_value), uint offset (by_value)), 3 "
                            "given"),
             "%s", r->err);
   snprintf(args, sizeof(args),
            "run --hsaco '%s' --kernel scale_offset --grid 1 --block 64 --arg buffer:256 "
            "--arg buffer:256 --arg u32:1 --arg f64:2",
            object_path());
   r = cli_run(args);
   cr_assert_eq(r->code, 2);
   cr_assert(strstr(r->err, "argument 3, uint offset (by_value): a 4-byte value, given 8 bytes"),
             "%s", r->err);
}
