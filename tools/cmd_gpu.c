/* `rdna gpu`: lists Vulkan devices, and runs case files on one (include/rdna/gpu.h): each case
 * is recompiled to SPIR-V for the device's subgroup size, run, and checked against [expect] as
 * `rdna run` checks it, with the driver's compile time and the run time beside each result.
 * Cases marked `todo(recomp)` that fail are reported as known gaps, not failures. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "rdna/gpu.h"

static void gpu_help(FILE *out)
{
   fputs("usage: rdna gpu [options] CASE...\n"
         "       rdna gpu [options] --hsaco FILE --kernel NAME [--grid ...] [--arg ...]\n"
         "       rdna gpu --list-devices [--json]\n"
         "\n"
         "Recompiles case files (corpus/README.md) to SPIR-V, runs them on a Vulkan device and\n"
         "checks their [expect] section as 'rdna run' does, once per wave size the case asks\n"
         "for. A CASE that is a directory runs every *.case file below it, in sorted path order,\n"
         "and a summary line follows. Each run prints 'PASS' or 'FAIL', the file, the wave size,\n"
         "the steps, the driver's pipeline compile time and the run time; a failure lists every\n"
         "failed expectation (file:line:column) and any fault the case did not expect. A case\n"
         "with a 'todo(recomp) REASON' line in [diff] that fails prints 'TODO' and the reason\n"
         "and does not fail the command.\n"
         "\n"
         "options:\n"
         "  --list-devices       list the Vulkan devices: index, name, type, driver, subgroup\n"
         "                       size and whether a pipeline can require one\n"
         "  --device D           the device: an index of --list-devices or a part of its name\n"
         "                       (default: the first GPU, else lavapipe)\n"
         "  --wave 32|64         run only this wave size (cases that do not list it are skipped)\n",
         out);
   cli_lowering_help(out);
   fputs("  --steps N            per-wave step limit (default: the case's 'steps', 1000000)\n"
         "  --timeout MS         how long one dispatch may run (default 10000)\n"
         "  --validate           enable the Khronos validation layer where it is installed; an\n"
         "                       error it reports fails the run\n"
         "  --json               print one JSON object with every run's result instead of text\n"
         "  -h, --help           this text\n",
         out);
   cli_hsaco_help(out);
   fputs("\n"
         "The Vulkan loader is opened at run time: libvulkan.so.1, or the library the\n"
         "environment variable RDNA_VULKAN_LOADER names; the loader's own variables\n"
         "(VK_DRIVER_FILES, VK_INSTANCE_LAYERS, ...) apply.\n"
         "\n"
         "Exit codes: 0 every run passed (or is a known gap), 1 a failed expectation, an\n"
         "unexpected guest fault or an instruction the recompiler does not lower yet, 2 bad input\n"
         "or usage (case errors as file:line:column: error:), 3 environment (no Vulkan device,\n"
         "a time-out, a lost device, out of memory).\n",
         out);
}

struct gpu_options {
   unsigned wave; /* 0: the case's sizes */
   const char *device;
   struct rdna_gpu_case_options run;
   bool validate;
   bool json;
};

struct gpu_totals {
   unsigned cases, runs, passed, failed, todo, errors, skipped;
   int exit_code;
   json_t *json_cases;
};

static void note_exit(struct gpu_totals *t, int code)
{
   if (code > t->exit_code)
      t->exit_code = code;
}

static double ms(uint64_t ns)
{
   return (double)ns / 1e6;
}

/* ---- listing devices ----------------------------------------------------------------------- */

static int list_devices(bool json)
{
   struct rdna_gpu_device_info *devices = NULL;
   size_t count = 0;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   enum rdna_status st = rdna_gpu_list_devices(&devices, &count, &diag);
   if (st != RDNA_OK) {
      cli_error("gpu", "%s: %s", rdna_status_message(st), diag.message);
      return st == RDNA_BAD_ARGUMENT ? CLI_EXIT_BAD_INPUT : CLI_EXIT_ENVIRONMENT;
   }
   json_t *list = json ? json_array() : NULL;
   for (size_t i = 0; i < count; i++) {
      const struct rdna_gpu_device_info *d = &devices[i];
      char api[24];
      snprintf(api, sizeof(api), "%u.%u", d->api_major, d->api_minor);
      if (json) {
         json_array_append_new(list, json_pack("{s:i, s:s, s:s, s:s, s:s, s:i, s:b, s:i, s:i, s:b}",
                                               "index", (int)d->index, "name", d->name, "type",
                                               rdna_gpu_device_type_name(d->type), "driver",
                                               d->driver, "api", api, "subgroup_size",
                                               (int)d->subgroup_size, "subgroup_size_control",
                                               d->subgroup_size_control, "min_subgroup_size",
                                               (int)d->min_subgroup_size, "max_subgroup_size",
                                               (int)d->max_subgroup_size, "usable", d->usable));
         continue;
      }
      printf("%u: %s (%s; Vulkan %u.%u; %s)\n", d->index, d->name,
             rdna_gpu_device_type_name(d->type), d->api_major, d->api_minor, d->driver);
      printf("   subgroup size %u", d->subgroup_size);
      if (d->subgroup_size_control)
         printf(", size control %u to %u with full subgroups", d->min_subgroup_size,
                d->max_subgroup_size);
      else
         printf(", no size control");
      printf("%s\n", d->usable ? "" : "; not usable: lacks what recompiled modules need");
   }
   free(devices);
   if (json) {
      char *text = json_dumps(list, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
      json_decref(list);
      if (!text) {
         cli_error("gpu", "out of memory writing JSON");
         return CLI_EXIT_ENVIRONMENT;
      }
      puts(text);
      free(text);
   }
   return CLI_EXIT_OK;
}

/* ---- reporting ------------------------------------------------------------------------------ */

static void print_result(const char *name, const char *source, size_t size, const char *verdict,
                         const struct rdna_gpu_case_result *g)
{
   char times[96];
   snprintf(times, sizeof(times), ", compile %.3f ms, run %.3f ms", ms(g->run.compile_ns),
            ms(g->run.run_ns));
   cli_print_case_result(verdict, name, source, size, &g->check, times);
}

static json_t *result_json(const char *source, size_t size, const char *verdict,
                           const struct rdna_gpu_case_result *g)
{
   json_t *run = cli_case_result_json(source, size, &g->check);
   json_t *extra =
      json_pack("{s:s, s:i, s:I, s:f, s:f, s:f, s:f}", "result", verdict, "subgroup_size",
                (int)g->subgroup_size, "spirv_words", (json_int_t)g->spirv_words, "recompile_ms",
                ms(g->recompile_ns), "compile_ms", ms(g->run.compile_ns), "run_ms",
                ms(g->run.run_ns), "dispatch_ms", ms(g->run.dispatch_ns));
   json_object_update(run, extra);
   json_decref(extra);
   return run;
}

/* ---- running cases -------------------------------------------------------------------------- */

/* Statuses that mean the recompiled module, not the input or the machine, is at fault: the run
 * fails (or is a known gap) rather than stopping the command. */
static bool backend_gap(enum rdna_status st)
{
   return st == RDNA_UNSUPPORTED || st == RDNA_INTERNAL;
}

static int exit_for_error(enum rdna_status st)
{
   if (st == RDNA_NO_DEVICE || st == RDNA_DEVICE)
      return CLI_EXIT_ENVIRONMENT;
   return cli_exit_for_status(st);
}

/* Reports an error of one run: file:line:column when the diagnostic has a line. */
static void report_error(const struct gpu_options *o, struct gpu_totals *t, const char *name,
                         const char *source, size_t size, struct rdna_diag *diag,
                         enum rdna_status st, unsigned wave_size, json_t *runs)
{
   if (diag->status == RDNA_OK)
      diag->status = st;
   t->errors++;
   note_exit(t, exit_for_error(st));
   const char *message = diag->message[0] ? diag->message : rdna_status_message(st);
   if (o->json) {
      json_array_append_new(runs, json_pack("{s:i, s:{s:s, s:i, s:i, s:s}}", "wave", (int)wave_size,
                                            "error", "status", rdna_status_name(st), "line",
                                            (int)diag->line, "column", (int)diag->column, "message",
                                            message));
   } else if (diag->line) {
      cli_print_source_diag(stderr, name, source, size, diag);
   } else {
      cli_error("gpu", "%s (wave%u): %s: %s", name, wave_size, rdna_status_message(st), message);
   }
}

/* Opens the device, or reopens it after a time-out or device loss. */
static int ensure_device(const struct gpu_options *o, struct rdna_gpu **gpu)
{
   if (*gpu)
      return CLI_EXIT_OK;
   struct rdna_gpu_options options = { o->device, o->validate };
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   enum rdna_status st = rdna_gpu_open(&options, gpu, &diag);
   if (st != RDNA_OK) {
      cli_error("gpu", "%s: %s", rdna_status_message(st), diag.message);
      return exit_for_error(st);
   }
   return CLI_EXIT_OK;
}

/* Runs parsed case `c` (from `source`, NULL for a code object's case) in each wave size. */
static void run_parsed_case(const struct gpu_options *o, struct gpu_totals *t,
                            struct rdna_gpu **gpu, const char *name, const char *source,
                            size_t size, const struct rdna_case *c)
{
   struct rdna_diag diag;
   enum rdna_status st;
   int code;
   const char *todo = rdna_case_todo_reason(c, "recomp");
   unsigned waves = rdna_case_waves(c);
   json_t *runs = o->json ? json_array() : NULL;
   for (unsigned wave_size = 32; wave_size <= 64; wave_size *= 2) {
      if (o->wave && o->wave != wave_size)
         continue;
      if (!(waves & (wave_size == 32 ? RDNA_CASE_WAVE32 : RDNA_CASE_WAVE64))) {
         if (o->wave) {
            t->skipped++;
            if (!o->json)
               printf("SKIP %s (wave%u: the case does not run in wave%u)\n", name, wave_size,
                      wave_size);
         }
         continue;
      }
      code = ensure_device(o, gpu);
      if (code != CLI_EXIT_OK) {
         t->errors++;
         note_exit(t, code);
         break;
      }
      struct rdna_gpu_case_result result;
      memset(&diag, 0, sizeof(diag));
      unsigned validation_errors = rdna_gpu_validation_errors(*gpu, NULL);
      st = rdna_gpu_case_run(*gpu, c, wave_size, &o->run, &result, &diag);
      const char *first_validation = NULL;
      unsigned new_errors = rdna_gpu_validation_errors(*gpu, NULL) - validation_errors;
      if (st == RDNA_OK && new_errors) {
         rdna_gpu_validation_errors(*gpu, &first_validation);
         st = RDNA_INTERNAL;
         diag.line = 0;
         snprintf(diag.message, sizeof(diag.message), "%u validation layer errors; the first: %s",
                  new_errors, first_validation);
      }
      if (st == RDNA_DEVICE) {
         /* A time-out or lost device leaves the context unusable: the next run reopens it. */
         rdna_gpu_close(*gpu);
         *gpu = NULL;
      }
      if (st != RDNA_OK && !backend_gap(st)) {
         report_error(o, t, name, source, size, &diag, st, wave_size, runs);
         rdna_gpu_case_result_free(&result);
         continue;
      }
      t->runs++;
      bool passed = st == RDNA_OK && result.check.passed;
      const char *verdict = passed ? "PASS" : todo ? "TODO" : "FAIL";
      if (passed)
         t->passed++;
      else if (todo)
         t->todo++;
      else {
         t->failed++;
         note_exit(t, CLI_EXIT_MISMATCH);
      }
      if (o->json) {
         json_t *run = st == RDNA_OK
                          ? result_json(source, size, verdict, &result)
                          : json_pack("{s:i, s:s, s:b, s:{s:s, s:s}}", "wave", (int)wave_size,
                                      "result", verdict, "passed", 0, "backend_error", "status",
                                      rdna_status_name(st), "message", diag.message);
         if (todo)
            json_object_set_new(run, "todo", json_string(todo));
         json_array_append_new(runs, run);
      } else {
         if (st == RDNA_OK)
            print_result(name, source, size, verdict, &result);
         else
            printf("%s %s (wave%u): %s: %s\n", verdict, name, wave_size, rdna_status_name(st),
                   diag.message);
         if (!passed && todo)
            printf("  known gap, todo(recomp): %s\n", todo[0] ? todo : "(no reason given)");
         else if (passed && todo)
            printf("  passes although [diff] marks it todo(recomp): %s\n", todo);
      }
      rdna_gpu_case_result_free(&result);
   }
   if (o->json)
      json_array_append_new(t->json_cases, json_pack("{s:s, s:o}", "file", name, "runs", runs));
}

static void run_case(const struct gpu_options *o, struct gpu_totals *t, struct rdna_gpu **gpu,
                     const char *path)
{
   const char *name = cli_display_name(path);
   char *source;
   size_t size;
   int code = cli_read_file("gpu", path, &source, &size);
   t->cases++;
   if (code != CLI_EXIT_OK) {
      t->errors++;
      note_exit(t, code);
      return;
   }
   struct rdna_case *c = NULL;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   enum rdna_status st = rdna_case_parse(source, size, name, &c, &diag);
   if (st != RDNA_OK) {
      if (diag.status == RDNA_OK)
         diag.status = st;
      t->errors++;
      note_exit(t, cli_exit_for_status(st));
      if (o->json)
         json_array_append_new(t->json_cases,
                               json_pack("{s:s, s:{s:s, s:i, s:i, s:s}}", "file", name, "error",
                                         "status", rdna_status_name(st), "line", (int)diag.line,
                                         "column", (int)diag.column, "message", diag.message));
      else
         cli_print_source_diag(stderr, name, source, size, &diag);
      free(source);
      return;
   }
   run_parsed_case(o, t, gpu, name, source, size, c);
   rdna_case_destroy(c);
   free(source);
}

/* ---- the command ---------------------------------------------------------------------------- */

static int parse_options(int argc, char **argv, struct gpu_options *o, struct cli_paths *inputs,
                         struct cli_hsaco *hsaco, bool *list, bool *help)
{
   struct rdna_isa_config isa;
   cli_isa_unset(&isa);
   struct cli_parser parser;
   cli_parser_init(&parser, "gpu", argc, argv);
   const struct cli_lowering lowering = { &o->run.relative, &o->run.cfg, &o->run.entries,
                                          &o->run.waves };
   enum cli_token token;
   int code = CLI_EXIT_OK;
   while (code == CLI_EXIT_OK && (token = cli_next(&parser)) != CLI_END) {
      if (token == CLI_POSITIONAL) {
         char *copy = strdup(parser.arg);
         if (!copy || !cli_paths_add(inputs, copy)) {
            free(copy);
            cli_error("gpu", "out of memory");
            code = CLI_EXIT_ENVIRONMENT;
         }
         continue;
      }
      int handled = cli_hsaco_option(&parser, hsaco);
      if (handled != 0) {
         code = handled < 0 ? CLI_EXIT_BAD_INPUT : code;
         continue;
      }
      handled = cli_lowering_option(&parser, &lowering);
      if (handled != 0) {
         code = handled < 0 ? CLI_EXIT_BAD_INPUT : code;
         continue;
      }
      handled = cli_isa_option(&parser, &isa);
      const char *value;
      uint64_t number;
      if (handled < 0) {
         code = CLI_EXIT_BAD_INPUT;
      } else if (handled > 0) {
         if (isa.target != RDNA_TARGET_COUNT)
            code = cli_usage_error("gpu", "--target is not supported: the recompiler builds "
                                          "for the case's target");
      } else if (cli_is(&parser, "--help", "-h")) {
         *help = true;
         return CLI_EXIT_OK;
      } else if (cli_is(&parser, "--device", NULL)) {
         if (!cli_value(&parser, &o->device))
            code = CLI_EXIT_BAD_INPUT;
      } else if (cli_is(&parser, "--steps", NULL)) {
         if (!cli_value(&parser, &value))
            code = CLI_EXIT_BAD_INPUT;
         else if (!cli_parse_uint(value, RDNA_CASE_MAX_STEPS, &number) || number == 0)
            code =
               cli_usage_error("gpu", "--steps takes a number from 1 to 2^40, found '%s'", value);
         else
            o->run.step_limit = number;
      } else if (cli_is(&parser, "--timeout", NULL)) {
         if (!cli_value(&parser, &value))
            code = CLI_EXIT_BAD_INPUT;
         else if (!cli_parse_uint(value, 3600000, &number) || number == 0)
            code = cli_usage_error(
               "gpu", "--timeout takes milliseconds from 1 to 3600000, found '%s'", value);
         else
            o->run.timeout_ns = number * 1000000u;
      } else if (cli_is(&parser, "--list-devices", NULL) || cli_is(&parser, "--json", NULL) ||
                 cli_is(&parser, "--validate", NULL)) {
         if (!cli_no_value(&parser))
            code = CLI_EXIT_BAD_INPUT;
         else if (cli_is(&parser, "--list-devices", NULL))
            *list = true;
         else if (cli_is(&parser, "--json", NULL))
            o->json = true;
         else
            o->validate = true;
      } else {
         code = cli_unknown_option(&parser);
      }
   }
   o->wave = isa.wave_size;
   return code;
}

static void print_summary(const struct gpu_options *o, struct gpu_totals *t,
                          const struct rdna_gpu *gpu, bool several)
{
   if (o->json) {
      json_t *device = json_null();
      if (gpu) {
         const struct rdna_gpu_device_info *d = rdna_gpu_device(gpu);
         device = json_pack("{s:i, s:s, s:s}", "index", (int)d->index, "name", d->name, "driver",
                            d->driver);
      }
      json_t *root =
         json_pack("{s:o, s:o, s:{s:i, s:i, s:i, s:i, s:i, s:i, s:i}}", "device", device, "cases",
                   t->json_cases, "summary", "cases", (int)t->cases, "runs", (int)t->runs, "passed",
                   (int)t->passed, "failed", (int)t->failed, "todo", (int)t->todo, "errors",
                   (int)t->errors, "skipped", (int)t->skipped);
      char *text = root ? json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER) : NULL;
      if (text) {
         puts(text);
         free(text);
      } else {
         cli_error("gpu", "out of memory writing JSON");
         note_exit(t, CLI_EXIT_ENVIRONMENT);
      }
      json_decref(root);
   } else if (several) {
      printf("%u cases, %u runs: %u passed, %u failed, %u todo, %u errors", t->cases, t->runs,
             t->passed, t->failed, t->todo, t->errors);
      if (t->skipped)
         printf(", %u skipped", t->skipped);
      if (gpu)
         printf(" (%s)", rdna_gpu_device(gpu)->name);
      putchar('\n');
   }
}

/* --hsaco: the code object's case, run like a case file. */
static int run_hsaco(const struct gpu_options *o, struct cli_hsaco *hsaco)
{
   struct rdna_case *c = NULL;
   int code = cli_hsaco_case("gpu", hsaco, &c);
   struct gpu_totals totals;
   memset(&totals, 0, sizeof(totals));
   struct rdna_gpu *gpu = NULL;
   if (code == CLI_EXIT_OK)
      code = ensure_device(o, &gpu);
   if (code == CLI_EXIT_OK) {
      if (o->json)
         totals.json_cases = json_array();
      totals.cases++;
      run_parsed_case(o, &totals, &gpu, hsaco->file, NULL, 0, c);
      print_summary(o, &totals, gpu, false);
      code = totals.exit_code;
   }
   rdna_gpu_close(gpu);
   rdna_case_destroy(c);
   cli_hsaco_free(hsaco);
   return code;
}

int cmd_gpu(int argc, char **argv)
{
   struct gpu_options o;
   memset(&o, 0, sizeof(o));
   struct cli_paths inputs = { NULL, 0, 0 };
   bool list = false, help = false;
   struct cli_hsaco hsaco;
   memset(&hsaco, 0, sizeof(hsaco));
   int code = parse_options(argc, argv, &o, &inputs, &hsaco, &list, &help);
   if (code == CLI_EXIT_OK && help) {
      gpu_help(stdout);
      cli_paths_free(&inputs);
      cli_hsaco_free(&hsaco);
      return CLI_EXIT_OK;
   }
   if (code == CLI_EXIT_OK && !list && cli_hsaco_given(&hsaco)) {
      cli_paths_free(&inputs);
      return run_hsaco(&o, &hsaco);
   }
   cli_hsaco_free(&hsaco);
   if (code == CLI_EXIT_OK && list) {
      if (inputs.count)
         code = cli_usage_error("gpu", "--list-devices takes no case file");
      cli_paths_free(&inputs);
      return code == CLI_EXIT_OK ? list_devices(o.json) : code;
   }
   if (code == CLI_EXIT_OK && inputs.count == 0)
      code = cli_usage_error("gpu", "no case file");
   struct cli_paths cases = { NULL, 0, 0 };
   bool any_dir = false;
   if (code == CLI_EXIT_OK)
      code = cli_collect_cases("gpu", &inputs, &cases, &any_dir);
   cli_paths_free(&inputs);
   if (code != CLI_EXIT_OK) {
      cli_paths_free(&cases);
      return code;
   }

   struct gpu_totals totals;
   memset(&totals, 0, sizeof(totals));
   if (o.json)
      totals.json_cases = json_array();
   /* No device at all stops here, before any case: every run would need one. */
   struct rdna_gpu *gpu = NULL;
   code = ensure_device(&o, &gpu);
   if (code != CLI_EXIT_OK) {
      json_decref(totals.json_cases);
      cli_paths_free(&cases);
      return code;
   }
   for (size_t i = 0; i < cases.count; i++)
      run_case(&o, &totals, &gpu, cases.paths[i]);
   if (cases.count == 0 && !o.json)
      printf("no *.case files found\n");
   print_summary(&o, &totals, gpu, any_dir || cases.count > 1);
   rdna_gpu_close(gpu);
   cli_paths_free(&cases);
   return totals.exit_code;
}
