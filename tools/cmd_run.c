/* `rdna run`: runs case files on the reference interpreter (include/rdna/run.h) once per wave
 * size they ask for, checks [expect], and prints PASS/FAIL per case and wave size with each failed
 * expectation and fault; --trace, --json and --dump add an instruction trace, a machine-readable
 * result and the buffers' final bytes. Directories run every *.case below them, sorted. */
#include <errno.h>
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli.h"
#include "rdna/run.h"

static void run_help(FILE *out)
{
   fputs("usage: rdna run [options] CASE...\n"
         "       rdna run [options] --hsaco FILE --kernel NAME [--grid ...] [--arg ...]\n"
         "\n"
         "Runs case files (corpus/README.md) on the reference interpreter and checks their\n"
         "[expect] section, once per wave size the case's 'wave' line asks for. A CASE that is\n"
         "a directory runs every *.case file below it, in sorted path order, and a summary line\n"
         "follows. Each run prints 'PASS' or 'FAIL', the file and the wave size; a failure\n"
         "lists every failed expectation (file:line:column: register, lane, expected, found,\n"
         "and the case line) and any fault the case did not expect (kind, PC, wave, lane,\n"
         "address, message).\n"
         "\n"
         "options:\n"
         "  --wave 32|64       run only this wave size (cases that do not list it are skipped)\n"
         "  --target NAME      run the code, assembled for the case's target, on gfx1030 or\n"
         "                     gfx1013 instead\n"
         "  --steps N          per-wave step limit (default: the case's 'steps', 1000000)\n"
         "  --trace            print each executed instruction (wave, PC, text) and the values\n"
         "                     of the registers it wrote (to standard error with --json)\n"
         "  --json             print one JSON object with every run's result instead of text\n"
         "  --dump DIR         write each [buffer]'s final bytes to DIR/NAME.bin (in\n"
         "                     DIR/CASE/ when several cases run, DIR/.../waveN/ when a case\n"
         "                     runs in both wave sizes); DIR is created\n"
         "  -h, --help         this text\n",
         out);
   cli_hsaco_help(out);
   fputs("\n"
         "Exit codes: 0 every run passed, 1 a failed expectation or an unexpected guest fault,\n"
         "2 bad input or usage (case errors as file:line:column: error:), 3 environment (out of\n"
         "memory, unwritable --dump directory).\n",
         out);
}

struct run_options {
   unsigned wave; /* 0: the case's sizes */
   bool override_target;
   enum rdna_target target;
   uint64_t steps;
   bool trace;
   bool json;
   const char *dump;
};

struct run_totals {
   unsigned cases, runs, passed, failed, errors, skipped;
   int exit_code; /* the most severe so far */
   json_t *json_cases;
};

static void note_exit(struct run_totals *t, int code)
{
   if (code > t->exit_code)
      t->exit_code = code;
}

/* ---- printing ------------------------------------------------------------------------------ */

/* ---- tracing -------------------------------------------------------------------------------- */

struct tracer {
   FILE *out;
   const struct rdna_machine *machine;
   struct rdna_isa_config isa;
};

static void reg_name(unsigned code, char *buf, size_t size)
{
   if (code >= RDNA_REG_VGPR0)
      snprintf(buf, size, "v%u", code - RDNA_REG_VGPR0);
   else if (code < RDNA_REG_VCC_LO)
      snprintf(buf, size, "s%u", code);
   else if (code == RDNA_REG_VCC_LO)
      snprintf(buf, size, "vcc_lo");
   else if (code == RDNA_REG_VCC_HI)
      snprintf(buf, size, "vcc_hi");
   else if (code < RDNA_REG_M0)
      snprintf(buf, size, "ttmp%u", code - RDNA_REG_TTMP0);
   else if (code == RDNA_REG_M0)
      snprintf(buf, size, "m0");
   else if (code == RDNA_REG_EXEC_LO)
      snprintf(buf, size, "exec_lo");
   else if (code == RDNA_REG_EXEC_HI)
      snprintf(buf, size, "exec_hi");
   else
      snprintf(buf, size, "reg%u", code);
}

/* A VGPR's lanes as runs: "[0x00000001 x16, 0x00000000 x16]". */
static void print_lanes(FILE *out, const struct tracer *t, unsigned wave, unsigned vgpr)
{
   fputc('[', out);
   unsigned lane = 0;
   while (lane < t->isa.wave_size) {
      uint32_t value = 0, next = 0;
      rdna_machine_read_vgpr(t->machine, wave, vgpr, lane, &value);
      unsigned run = 1;
      while (lane + run < t->isa.wave_size &&
             rdna_machine_read_vgpr(t->machine, wave, vgpr, lane + run, &next) == RDNA_OK &&
             next == value)
         run++;
      fprintf(out, "%s0x%08x", lane ? ", " : "", value);
      if (run > 1)
         fprintf(out, " x%u", run);
      lane += run;
   }
   fputc(']', out);
}

static void trace_event(void *user, const struct rdna_trace_event *ev)
{
   const struct tracer *t = user;
   char text[160];
   rdna_print(&t->isa, ev->inst, text, sizeof(text));
   unsigned n = ev->num_writes < RDNA_TRACE_MAX_WRITES ? ev->num_writes : RDNA_TRACE_MAX_WRITES;
   bool more = n > 0 || ev->wrote_scc || ev->jumped;
   fprintf(t->out, "  [wave %u] 0x%012llx: %-*s", ev->wave, (unsigned long long)ev->pc,
           more ? 40 : 0, text);
   for (unsigned i = 0; i < n; i++) {
      /* A register written twice shows once, with its final value. */
      bool repeated = false;
      for (unsigned j = i + 1; j < n && !repeated; j++)
         repeated = ev->writes[j] == ev->writes[i];
      if (repeated)
         continue;
      char name[16];
      reg_name(ev->writes[i], name, sizeof(name));
      fprintf(t->out, " %s=", name);
      if (ev->writes[i] >= RDNA_REG_VGPR0) {
         print_lanes(t->out, t, ev->wave, ev->writes[i] - RDNA_REG_VGPR0);
      } else {
         uint32_t value = 0;
         rdna_machine_read_sreg(t->machine, ev->wave, ev->writes[i], &value);
         fprintf(t->out, "0x%08x", value);
      }
   }
   if (ev->num_writes > n)
      fprintf(t->out, " (%u writes, %u shown)", ev->num_writes, n);
   if (ev->wrote_scc) {
      bool scc = false;
      rdna_machine_read_scc(t->machine, ev->wave, &scc);
      fprintf(t->out, " scc=%d", scc);
   }
   if (ev->jumped)
      fprintf(t->out, " -> 0x%llx", (unsigned long long)ev->next_pc);
   fputc('\n', t->out);
}

/* ---- dumping buffers ----------------------------------------------------------------------- */

/* mkdir -p. */
static bool make_dirs(const char *path)
{
   char *copy = strdup(path);
   if (!copy)
      return false;
   bool ok = true;
   for (char *p = copy + 1; ok; p++) {
      bool end = *p == '\0';
      if (*p == '/' || end) {
         *p = '\0';
         if (mkdir(copy, 0777) != 0 && errno != EEXIST)
            ok = false;
         if (end)
            break;
         *p = '/';
      }
   }
   free(copy);
   return ok;
}

/* The file name of a case without folders and extension. */
static void case_stem(const char *path, char *buf, size_t size)
{
   const char *slash = strrchr(path, '/');
   const char *base = slash ? slash + 1 : path;
   size_t n = strlen(base);
   if (cli_has_case_suffix(base))
      n -= 5;
   snprintf(buf, size, "%.*s", (int)n, base);
}

static int dump_buffers(const struct run_options *o, const char *case_path, bool several_cases,
                        bool several_waves, const struct rdna_case *c,
                        const struct rdna_case_result *r)
{
   char dir[4096], stem[256];
   case_stem(case_path, stem, sizeof(stem));
   snprintf(dir, sizeof(dir), "%s%s%s", o->dump, several_cases ? "/" : "",
            several_cases ? stem : "");
   if (several_waves) {
      size_t n = strlen(dir);
      snprintf(dir + n, sizeof(dir) - n, "/wave%u", r->wave_size);
   }
   size_t count = rdna_case_region_count(c), buffers = 0;
   for (size_t i = 0; i < count; i++) {
      struct rdna_case_region region;
      buffers += rdna_case_region(c, i, &region) && !region.is_program;
   }
   if (buffers == 0)
      return CLI_EXIT_OK;
   if (!make_dirs(dir)) {
      cli_error("run", "cannot create directory '%s': %s", dir, strerror(errno));
      return CLI_EXIT_ENVIRONMENT;
   }
   for (size_t i = 0; i < count; i++) {
      struct rdna_case_region region;
      if (!rdna_case_region(c, i, &region) || region.is_program)
         continue;
      void *bytes = malloc(region.size ? region.size : 1);
      if (!bytes) {
         cli_error("run", "out of memory dumping buffer '%s'", region.name);
         return CLI_EXIT_ENVIRONMENT;
      }
      char path[4608];
      snprintf(path, sizeof(path), "%s/%s.bin", dir, region.name);
      int code = rdna_machine_read_memory(r->machine, region.address, bytes, region.size) == RDNA_OK
                    ? cli_write_file("run", path, bytes, region.size)
                    : CLI_EXIT_ENVIRONMENT;
      free(bytes);
      if (code != CLI_EXIT_OK)
         return code;
   }
   return CLI_EXIT_OK;
}

/* ---- running one case ---------------------------------------------------------------------- */

static json_t *error_json(const char *name, const struct rdna_diag *diag)
{
   return json_pack("{s:s, s:{s:s, s:i, s:i, s:s}}", "file", name, "error", "status",
                    rdna_status_name(diag->status), "line", (int)diag->line, "column",
                    (int)diag->column, "message",
                    diag->message[0] ? diag->message : rdna_status_message(diag->status));
}

/* Reports a load error: file:line:column with the source line when the diagnostic has one. */
static void report_error(const struct run_options *o, struct run_totals *t, const char *name,
                         const char *source, size_t size, struct rdna_diag *diag,
                         enum rdna_status st)
{
   if (diag->status == RDNA_OK)
      diag->status = st;
   t->errors++;
   note_exit(t, cli_exit_for_status(st));
   if (o->json)
      json_array_append_new(t->json_cases, error_json(name, diag));
   else
      cli_print_source_diag(stderr, name, source, size, diag);
}

/* Runs parsed case `c` (from `source`, which may be NULL for a code object's case) in each wave
 * size it asks for. */
static void run_parsed_case(const struct run_options *o, struct run_totals *t, const char *path,
                            bool several_cases, const char *source, size_t size,
                            const struct rdna_case *c)
{
   const char *name = cli_display_name(path);
   struct rdna_diag diag;
   enum rdna_status st;
   unsigned waves = rdna_case_waves(c);
   bool several_waves = (waves & RDNA_CASE_WAVE32) && (waves & RDNA_CASE_WAVE64) && !o->wave;
   json_t *runs = o->json ? json_array() : NULL;
   for (unsigned size_index = 0; size_index < 2; size_index++) {
      unsigned wave_size = size_index ? 64 : 32;
      if (o->wave && o->wave != wave_size)
         continue;
      if (!(waves & (size_index ? RDNA_CASE_WAVE64 : RDNA_CASE_WAVE32))) {
         if (o->wave) {
            t->skipped++;
            if (!o->json)
               printf("SKIP %s (wave%u: the case does not run in wave%u)\n", name, wave_size,
                      wave_size);
         }
         continue;
      }
      struct rdna_case_run_options options;
      memset(&options, 0, sizeof(options));
      options.override_target = o->override_target;
      options.target = o->target;
      options.step_limit = o->steps;
      struct rdna_case_result result;
      memset(&result, 0, sizeof(result));
      result.wave_size = wave_size;
      memset(&diag, 0, sizeof(diag));
      st = rdna_case_load(c, wave_size, &options, &result.machine, &diag);
      struct tracer tracer = { o->json ? stderr : stdout,
                               result.machine,
                               { o->override_target ? o->target : rdna_case_target(c),
                                 wave_size } };
      if (st == RDNA_OK && o->trace) {
         struct rdna_trace_hook hook = { trace_event, &tracer };
         rdna_machine_set_trace(result.machine, &hook);
         fprintf(tracer.out, "trace %s (wave%u):\n", name, wave_size);
      }
      if (st == RDNA_OK)
         st = rdna_machine_run(result.machine, &diag);
      if (st == RDNA_OK) {
         /* Any status but NO_MEMORY is an [expect] value that could not be evaluated: it is
          * recorded as a failure of the run. */
         st = rdna_case_check_machine(c, wave_size, result.machine, &result);
         if (st == RDNA_NO_MEMORY)
            diag.line = 0;
         else
            st = RDNA_OK;
      }
      if (st != RDNA_OK) {
         report_error(o, t, name, source, size, &diag, st);
         rdna_case_result_free(&result);
         break;
      }
      t->runs++;
      if (result.passed) {
         t->passed++;
      } else {
         t->failed++;
         note_exit(t, CLI_EXIT_MISMATCH);
      }
      if (o->json)
         json_array_append_new(runs, cli_case_result_json(source, size, &result));
      else
         cli_print_case_result(result.passed ? "PASS" : "FAIL", name, source, size, &result, NULL);
      if (o->dump)
         note_exit(t, dump_buffers(o, path, several_cases, several_waves, c, &result));
      rdna_case_result_free(&result);
   }
   if (o->json)
      json_array_append_new(t->json_cases, json_pack("{s:s, s:o}", "file", name, "runs", runs));
}

static void run_case(const struct run_options *o, struct run_totals *t, const char *path,
                     bool several_cases)
{
   const char *name = cli_display_name(path);
   char *source;
   size_t size;
   int code = cli_read_file("run", path, &source, &size);
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
   if (st != RDNA_OK)
      report_error(o, t, name, source, size, &diag, st);
   else
      run_parsed_case(o, t, path, several_cases, source, size, c);
   rdna_case_destroy(c);
   free(source);
}

/* ---- the command --------------------------------------------------------------------------- */

int cmd_run(int argc, char **argv)
{
   struct run_options o;
   memset(&o, 0, sizeof(o));
   struct rdna_isa_config isa;
   cli_isa_unset(&isa);
   struct cli_paths inputs = { NULL, 0, 0 };
   int code = CLI_EXIT_OK;
   struct cli_hsaco hsaco;
   memset(&hsaco, 0, sizeof(hsaco));

   struct cli_parser parser;
   cli_parser_init(&parser, "run", argc, argv);
   enum cli_token token;
   while (code == CLI_EXIT_OK && (token = cli_next(&parser)) != CLI_END) {
      if (token == CLI_POSITIONAL) {
         char *copy = strdup(parser.arg);
         if (!copy || !cli_paths_add(&inputs, copy)) {
            free(copy);
            cli_error("run", "out of memory");
            code = CLI_EXIT_ENVIRONMENT;
         }
         continue;
      }
      int handled = cli_isa_option(&parser, &isa);
      if (handled == 0)
         handled = cli_hsaco_option(&parser, &hsaco);
      const char *value;
      uint64_t number;
      if (handled < 0) {
         code = CLI_EXIT_BAD_INPUT;
      } else if (handled > 0) {
         continue;
      } else if (cli_is(&parser, "--help", "-h")) {
         run_help(stdout);
         cli_paths_free(&inputs);
         return CLI_EXIT_OK;
      } else if (cli_is(&parser, "--steps", NULL)) {
         if (!cli_value(&parser, &value))
            code = CLI_EXIT_BAD_INPUT;
         else if (!cli_parse_uint(value, RDNA_CASE_MAX_STEPS, &number) || number == 0)
            code =
               cli_usage_error("run", "--steps takes a number from 1 to 2^40, found '%s'", value);
         else
            o.steps = number;
      } else if (cli_is(&parser, "--dump", NULL)) {
         if (!cli_value(&parser, &o.dump))
            code = CLI_EXIT_BAD_INPUT;
      } else if (cli_is(&parser, "--trace", NULL) || cli_is(&parser, "--json", NULL)) {
         if (!cli_no_value(&parser))
            code = CLI_EXIT_BAD_INPUT;
         else if (cli_is(&parser, "--trace", NULL))
            o.trace = true;
         else
            o.json = true;
      } else {
         code = cli_unknown_option(&parser);
      }
   }
   if (code == CLI_EXIT_OK && cli_hsaco_given(&hsaco) && inputs.count)
      code = cli_usage_error("run", "give case files or --hsaco, not both");
   if (code == CLI_EXIT_OK && inputs.count == 0 && !cli_hsaco_given(&hsaco))
      code = cli_usage_error("run", "no case file");
   if (code != CLI_EXIT_OK) {
      cli_paths_free(&inputs);
      cli_hsaco_free(&hsaco);
      return code;
   }
   o.wave = isa.wave_size;
   o.override_target = isa.target != RDNA_TARGET_COUNT;
   o.target = isa.target;

   if (cli_hsaco_given(&hsaco)) {
      struct rdna_case *c = NULL;
      code = cli_hsaco_case("run", &hsaco, &c);
      struct run_totals totals;
      memset(&totals, 0, sizeof(totals));
      totals.exit_code = code;
      if (o.json)
         totals.json_cases = json_array();
      if (c)
         run_parsed_case(&o, &totals, hsaco.file, false, NULL, 0, c);
      if (o.json) {
         char *text = json_dumps(totals.json_cases, JSON_INDENT(2));
         if (text)
            puts(text);
         free(text);
         json_decref(totals.json_cases);
      }
      rdna_case_destroy(c);
      cli_hsaco_free(&hsaco);
      return totals.exit_code;
   }

   /* Expand directories (each sorted) in argument order. */
   struct cli_paths cases = { NULL, 0, 0 };
   bool any_dir = false;
   code = cli_collect_cases("run", &inputs, &cases, &any_dir);
   cli_paths_free(&inputs);
   if (code != CLI_EXIT_OK) {
      cli_paths_free(&cases);
      return code;
   }

   struct run_totals totals;
   memset(&totals, 0, sizeof(totals));
   if (o.json)
      totals.json_cases = json_array();
   for (size_t i = 0; i < cases.count; i++)
      run_case(&o, &totals, cases.paths[i], cases.count > 1);
   if (cases.count == 0 && !o.json)
      printf("no *.case files found\n");

   if (o.json) {
      json_t *root = json_pack(
         "{s:o, s:{s:i, s:i, s:i, s:i, s:i, s:i}}", "cases", totals.json_cases, "summary", "cases",
         (int)totals.cases, "runs", (int)totals.runs, "passed", (int)totals.passed, "failed",
         (int)totals.failed, "errors", (int)totals.errors, "skipped", (int)totals.skipped);
      char *text = root ? json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER) : NULL;
      if (text) {
         puts(text);
         free(text);
      } else {
         cli_error("run", "out of memory writing JSON");
         note_exit(&totals, CLI_EXIT_ENVIRONMENT);
      }
      json_decref(root);
   } else if (any_dir || cases.count > 1) {
      printf("%u cases, %u runs: %u passed, %u failed, %u errors", totals.cases, totals.runs,
             totals.passed, totals.failed, totals.errors);
      if (totals.skipped)
         printf(", %u skipped", totals.skipped);
      putchar('\n');
   }
   cli_paths_free(&cases);
   return totals.exit_code;
}
