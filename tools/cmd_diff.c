/* `rdna diff`: runs case files on the reference interpreter and, recompiled to SPIR-V, on a
 * Vulkan device, and compares the complete final states (include/rdna/diff.h). Each divergence
 * names the register and lane or the address, both values and the interpreter's instruction
 * that last wrote it. Cases marked `todo(recomp)` whose recompilation or comparison fails are
 * reported as known gaps. */
#include <jansson.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "rdna/diff.h"

static void diff_help(FILE *out)
{
   fputs("usage: rdna diff [options] CASE...\n"
         "       rdna diff [options] --hsaco FILE --kernel NAME [--grid ...] [--arg ...]\n"
         "\n"
         "Runs each case file (corpus/README.md) on the reference interpreter and on a Vulkan\n"
         "device through the recompiler, once per wave size the case asks for, and compares\n"
         "every scalar register, SCC, MODE, the end PC and step count, every VGPR lane of every\n"
         "wave, every byte of guest memory and LDS, and the fault. Undefined state is left\n"
         "out and counted: registers and VGPR lanes that neither [init] nor an instruction\n"
         "defined, and bits the RDNA2 ISA guide leaves without a value (docs/definedness.md);\n"
         "the report names the undefined values on which the two sides differ. A CASE that\n"
         "is a directory runs every *.case file below it, with progress on a terminal and a\n"
         "closing summary.\n"
         "Each run prints 'SAME', 'DIFF' or 'UNSUPPORTED' (the recompiler lacks an instruction)\n"
         "with the file and wave size; a divergence lists the register and lane (or address),\n"
         "the interpreter's value, the GPU's, and the instruction that last wrote it on the\n"
         "interpreter. A run also fails when either side misses the case's [expect]. A case\n"
         "with a 'todo(recomp) REASON' line that fails prints 'TODO' and does not fail the\n"
         "command; one that matches says its mark can go.\n"
         "\n"
         "options:\n"
         "  --device D           the device: an index of 'rdna gpu --list-devices' or a part\n"
         "                       of its name (default: the first GPU, else lavapipe)\n"
         "  --wave 32|64         run only this wave size\n",
         out);
   cli_lowering_help(out);
   fputs("  --steps N            per-wave step limit on both sides (default: the case's)\n"
         "  --timeout MS         how long one dispatch may run (default 10000)\n"
         "  --max N              divergences listed per run (default 16; all are counted)\n"
         "  -j, --jobs N         cases run at once, each thread with its own device context\n"
         "                       (default 1); the report keeps case order\n"
         "  --json               one JSON object with every run instead of text\n"
         "  -h, --help           this text\n",
         out);
   cli_hsaco_help(out);
   fputs("\n"
         "Exit codes: 0 every run matched (or is a known gap), 1 a divergence, a failed\n"
         "expectation or an instruction the recompiler does not lower yet, 2 bad input or\n"
         "usage, 3 environment (no Vulkan device, a time-out, a lost device, out of memory).\n",
         out);
}

struct diff_cli {
   unsigned wave;
   const char *device;
   struct rdna_diff_options run;
   bool json;
   unsigned cases, runs, same, faulted_alike, differ, unsupported, todo, todo_passing, errors;
   size_t total_cases; /* for progress */
   bool progress;
   unsigned jobs;
   FILE *out;             /* where this case's report goes */
   char device_name[256]; /* of the first device opened */
   int exit_code;
   json_t *json_cases;
};

static void note_exit(struct diff_cli *d, int code)
{
   if (code > d->exit_code)
      d->exit_code = code;
}

static int exit_for_error(enum rdna_status st)
{
   if (st == RDNA_NO_DEVICE || st == RDNA_DEVICE)
      return CLI_EXIT_ENVIRONMENT;
   return cli_exit_for_status(st);
}

/* ---- reporting ------------------------------------------------------------------------------- */

/* "v5", "s3", "vcc_lo", "exec_hi", "m0", "ttmp2", "scc", "MODE". */
static void place_name(const struct rdna_divergence *d, char *out, size_t size)
{
   switch (d->kind) {
   case RDNA_DIVERGE_VGPR:
      snprintf(out, size, "v%u lane %u", d->reg, d->lane);
      return;
   case RDNA_DIVERGE_SREG:
      if (d->reg < 106)
         snprintf(out, size, "s%u", d->reg);
      else if (d->reg == RDNA_REG_VCC_LO || d->reg == RDNA_REG_VCC_HI)
         snprintf(out, size, "vcc_%s", d->reg == RDNA_REG_VCC_LO ? "lo" : "hi");
      else if (d->reg == RDNA_REG_EXEC_LO || d->reg == RDNA_REG_EXEC_HI)
         snprintf(out, size, "exec_%s", d->reg == RDNA_REG_EXEC_LO ? "lo" : "hi");
      else if (d->reg == RDNA_REG_M0)
         snprintf(out, size, "m0");
      else if (d->reg >= RDNA_REG_TTMP0 && d->reg < RDNA_REG_TTMP0 + 16)
         snprintf(out, size, "ttmp%u", d->reg - RDNA_REG_TTMP0);
      else
         snprintf(out, size, "sreg %u", d->reg);
      return;
   case RDNA_DIVERGE_MEMORY:
   case RDNA_DIVERGE_LDS:
      snprintf(out, size, "%s byte 0x%llx", d->kind == RDNA_DIVERGE_LDS ? "LDS" : "memory",
               (unsigned long long)d->address);
      return;
   case RDNA_DIVERGE_HWREG:
      snprintf(out, size, "hwreg %u (MODE)", d->reg);
      return;
   default:
      snprintf(out, size, "%s", rdna_divergence_kind_name(d->kind));
      return;
   }
}

static void format_value(const struct rdna_divergence *d, uint64_t v, char *out, size_t size)
{
   if (d->kind == RDNA_DIVERGE_FAULT && !d->address)
      snprintf(out, size, "%s", rdna_fault_kind_name((enum rdna_fault_kind)v));
   else if (d->kind == RDNA_DIVERGE_MEMORY || d->kind == RDNA_DIVERGE_LDS)
      snprintf(out, size, "0x%02llx", (unsigned long long)v);
   else if (d->kind == RDNA_DIVERGE_STEPS || d->kind == RDNA_DIVERGE_SCC)
      snprintf(out, size, "%llu", (unsigned long long)v);
   else
      snprintf(out, size, "0x%08llx", (unsigned long long)v);
}

static void print_divergence(FILE *out, const struct rdna_divergence *d, bool several_waves)
{
   char place[64], a[48], b[48];
   place_name(d, place, sizeof(place));
   format_value(d, d->interp, a, sizeof(a));
   format_value(d, d->gpu, b, sizeof(b));
   fprintf(out, "  ");
   if (several_waves && d->kind != RDNA_DIVERGE_MEMORY)
      fprintf(out, "%s %u ", d->kind == RDNA_DIVERGE_LDS ? "workgroup" : "wave", d->wave);
   fprintf(out, "%s: interp %s, gpu %s", place, a, b);
   if (d->has_writer)
      fprintf(out, "; last written at 0x%llx: %s", (unsigned long long)d->writer_pc,
              d->writer_text[0] ? d->writer_text : "(not decodable)");
   fputc('\n', out);
}

static json_t *divergence_json(const struct rdna_divergence *d)
{
   char place[64];
   place_name(d, place, sizeof(place));
   json_t *o = json_pack("{s:s, s:s, s:i, s:I, s:I}", "kind", rdna_divergence_kind_name(d->kind),
                         "where", place, "wave", (int)d->wave, "interp", (json_int_t)d->interp,
                         "gpu", (json_int_t)d->gpu);
   if (o && d->has_writer) {
      json_object_set_new(o, "writer_pc", json_integer((json_int_t)d->writer_pc));
      json_object_set_new(o, "writer", json_string(d->writer_text));
   }
   return o;
}

/* ---- what was not compared ------------------------------------------------------------------ */

/* "v3", "s5", "scc": the register of a skipped undefined value. */
static void skip_place(const struct rdna_undefined_skip *u, char *out, size_t size)
{
   struct rdna_divergence d;
   memset(&d, 0, sizeof(d));
   d.kind = u->kind;
   d.reg = u->reg;
   if (u->kind == RDNA_DIVERGE_VGPR)
      snprintf(out, size, "v%u", u->reg);
   else
      place_name(&d, out, size);
}

static json_t *not_compared_json(const struct rdna_diff_result *r)
{
   json_t *list = json_array();
   for (size_t i = 0; i < r->num_undefined_skips; i++) {
      const struct rdna_undefined_skip *u = &r->undefined_skips[i];
      char place[64], lanes[24], bits[16];
      skip_place(u, place, sizeof(place));
      snprintf(lanes, sizeof(lanes), "0x%llx", (unsigned long long)u->lanes);
      snprintf(bits, sizeof(bits), "0x%08x", u->bits);
      json_array_append_new(
         list, json_pack("{s:s, s:s, s:i, s:s, s:s, s:s, s:s, s:s, s:b}", "kind",
                         rdna_divergence_kind_name(u->kind), "where", place, "wave", (int)u->wave,
                         "lanes", lanes, "bits", bits, "reason", rdna_undefined_name(u->reason),
                         "source", rdna_undefined_source(u->reason), "what",
                         rdna_undefined_description(u->reason), "differs", u->differs));
   }
   json_t *counts = json_object();
   for (unsigned k = 1; k < RDNA_UNDEFINED_COUNT; k++)
      if (r->skipped_undefined[k])
         json_object_set_new(counts, rdna_undefined_name((enum rdna_undefined)k),
                             json_integer((json_int_t)r->skipped_undefined[k]));
   return json_pack("{s:I, s:I, s:I, s:o, s:I, s:o}", "sregs", (json_int_t)r->skipped_sregs,
                    "vgprs", (json_int_t)r->skipped_vgprs, "vgpr_lanes",
                    (json_int_t)r->skipped_vgpr_lanes, "undefined_lanes", counts,
                    "undefined_registers", (json_int_t)r->skipped_undefined_total, "undefined",
                    list);
}

/* Says what was left out: never-defined state when the run diverged (it may explain the
 * divergence), and each value the guide leaves undefined on which the backends differ (those
 * would have been divergences). */
/* Why one side's [expect] check failed: its failed lines (the single-backend command shows them)
 * or a fault no `fault` line expects. */
static void print_expect_failure(FILE *out, const char *side, const char *command,
                                 const struct rdna_case_result *r)
{
   if (r->passed)
      return;
   if (r->num_failures)
      fprintf(out, "  [expect] fails on %s (%zu lines; '%s' shows them)\n", side, r->num_failures,
              command);
   if (r->unexpected_fault)
      fprintf(out, "  unexpected fault on %s: %s at pc 0x%llx: %s\n", side,
              rdna_fault_kind_name(r->fault.kind), (unsigned long long)r->fault.pc,
              r->fault.message);
}

static void print_not_compared(FILE *out, const struct rdna_diff_result *r, bool several_waves)
{
   if (!r->equal && (r->skipped_sregs || r->skipped_vgpr_lanes))
      fprintf(out,
              "  not compared, never given a value nor written: %zu scalar registers, %zu VGPR "
              "lanes (%zu whole VGPRs)\n",
              r->skipped_sregs, r->skipped_vgpr_lanes, r->skipped_vgprs);
   if (!r->equal && r->skipped_undefined_total) {
      fprintf(out, "  compared outside their undefined bits:");
      for (unsigned k = 1; k < RDNA_UNDEFINED_COUNT; k++)
         if (r->skipped_undefined[k])
            fprintf(out, " %s %zu lanes", rdna_undefined_name((enum rdna_undefined)k),
                    r->skipped_undefined[k]);
      fputc('\n', out);
   }
   for (size_t i = 0; i < r->num_undefined_skips; i++) {
      const struct rdna_undefined_skip *u = &r->undefined_skips[i];
      if (!u->differs)
         continue;
      char place[64];
      skip_place(u, place, sizeof(place));
      fprintf(out, "  not compared, undefined: ");
      if (several_waves)
         fprintf(out, "wave %u ", u->wave);
      fprintf(out, "%s", place);
      if (u->kind == RDNA_DIVERGE_VGPR)
         fprintf(out, " lanes 0x%llx", (unsigned long long)u->lanes);
      fprintf(out, " bits 0x%08x differ: %s (%s)\n", u->bits, rdna_undefined_description(u->reason),
              rdna_undefined_source(u->reason));
   }
}

/* The code around the first divergence's last writer. */
static void print_context(FILE *out, const struct rdna_case *c, unsigned wave_size,
                          const struct rdna_diff_result *r)
{
   for (size_t i = 0; i < r->num_divergences; i++) {
      if (!r->divergences[i].has_writer)
         continue;
      struct rdna_diff_context_line lines[6];
      size_t n = rdna_diff_context(c, wave_size, r->divergences[i].writer_pc, 3, 2, lines);
      if (n)
         fprintf(out, "  code around 0x%llx:\n", (unsigned long long)r->divergences[i].writer_pc);
      for (size_t k = 0; k < n; k++)
         fprintf(out, "    %s 0x%llx  %s\n", lines[k].is_target ? "=>" : "  ",
                 (unsigned long long)lines[k].pc, lines[k].text);
      return;
   }
}

/* ---- one case ------------------------------------------------------------------------------- */

static void run_one(struct diff_cli *d, struct rdna_gpu **gpu, const struct rdna_case *c,
                    const char *name, unsigned wave_size, const char *todo, json_t *runs)
{
   FILE *out = d->out;
   struct rdna_diff_result r;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   enum rdna_status st = rdna_diff_case(*gpu, c, wave_size, &d->run, &r, &diag);
   if (st == RDNA_DEVICE) {
      rdna_gpu_close(*gpu); /* unusable after a time-out or loss: the next run reopens */
      *gpu = NULL;
   }
   bool gap = st == RDNA_UNSUPPORTED || st == RDNA_INTERNAL;
   if (st != RDNA_OK && !gap) {
      d->errors++;
      note_exit(d, exit_for_error(st));
      if (d->json)
         json_array_append_new(runs, json_pack("{s:i, s:s, s:s}", "wave", (int)wave_size, "error",
                                               rdna_status_name(st), "message", diag.message));
      else
         cli_error("diff", "%s (wave%u): %s: %s", name, wave_size, rdna_status_message(st),
                   diag.message);
      rdna_diff_result_free(&r);
      return;
   }
   d->runs++;
   bool expect_ok = st == RDNA_OK && r.interp.passed && r.gpu.passed;
   bool ok = st == RDNA_OK && r.equal && expect_ok;
   const char *verdict = ok ? "SAME" : todo ? "TODO" : gap ? "UNSUPPORTED" : "DIFF";
   if (ok) {
      d->same++;
      d->faulted_alike += r.interp.faulted;
      d->todo_passing += todo != NULL;
   } else if (todo) {
      d->todo++;
   } else {
      if (gap)
         d->unsupported++;
      else
         d->differ++;
      note_exit(d, CLI_EXIT_MISMATCH);
   }
   bool several = r.interp.waves > 1;
   if (d->json) {
      json_t *list = json_array();
      for (size_t i = 0; i < r.num_divergences; i++)
         json_array_append_new(list, divergence_json(&r.divergences[i]));
      json_t *run = json_pack("{s:i, s:s, s:b, s:I, s:o, s:b, s:b}", "wave", (int)wave_size,
                              "result", verdict, "equal", st == RDNA_OK && r.equal, "divergences",
                              (json_int_t)r.total_divergences, "listed", list, "interp_expect",
                              r.interp.passed, "gpu_expect", r.gpu.passed);
      if (st != RDNA_OK)
         json_object_set_new(run, "backend_error", json_string(diag.message));
      if (todo)
         json_object_set_new(run, "todo", json_string(todo));
      if (st == RDNA_OK)
         json_object_set_new(run, "not_compared", not_compared_json(&r));
      json_array_append_new(runs, run);
   } else if (st != RDNA_OK) {
      fprintf(out, "%s %s (wave%u): %s: %s\n", verdict, name, wave_size, rdna_status_name(st),
              diag.message);
   } else {
      fprintf(out, "%s %s (wave%u, %llu steps", verdict, name, wave_size,
              (unsigned long long)r.interp.steps);
      if (several)
         fprintf(out, ", %u waves", r.interp.waves);
      if (r.total_divergences)
         fprintf(out, ", %zu divergences", r.total_divergences);
      fprintf(out, ")\n");
      for (size_t i = 0; i < r.num_divergences; i++)
         print_divergence(out, &r.divergences[i], several);
      print_context(out, c, wave_size, &r);
      if (r.total_divergences > r.num_divergences)
         fprintf(out, "  ... %zu more\n", r.total_divergences - r.num_divergences);
      print_not_compared(out, &r, several);
      print_expect_failure(out, "the interpreter", "rdna run", &r.interp);
      print_expect_failure(out, "the GPU", "rdna gpu", &r.gpu);
   }
   if (!d->json && !ok && todo)
      fprintf(out, "  known gap, todo(recomp): %s\n", todo[0] ? todo : "(no reason given)");
   else if (!d->json && ok && todo)
      fprintf(out, "  matches although [diff] marks it todo(recomp): the mark can go\n");
   rdna_diff_result_free(&r);
}

/* Diffs parsed case `c` in each wave size it asks for. */
static void run_parsed_case(struct diff_cli *d, struct rdna_gpu **gpu, const char *name,
                            const struct rdna_case *c)
{
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   enum rdna_status st;
   json_t *runs = d->json ? json_array() : NULL;
   const char *todo = rdna_case_todo_reason(c, "recomp");
   unsigned waves = rdna_case_waves(c);
   for (unsigned wave_size = 32; wave_size <= 64; wave_size *= 2) {
      if ((d->wave && d->wave != wave_size) ||
          !(waves & (wave_size == 32 ? RDNA_CASE_WAVE32 : RDNA_CASE_WAVE64)))
         continue;
      if (!*gpu) {
         struct rdna_gpu_options options = { d->device, false };
         st = rdna_gpu_open(&options, gpu, &diag);
         if (st == RDNA_OK && !d->device_name[0])
            snprintf(d->device_name, sizeof(d->device_name), "%s", rdna_gpu_device(*gpu)->name);
         if (st != RDNA_OK) {
            cli_error("diff", "%s: %s", rdna_status_message(st), diag.message);
            d->errors++;
            note_exit(d, exit_for_error(st));
            break;
         }
      }
      run_one(d, gpu, c, name, wave_size, todo, runs);
   }
   if (d->json)
      json_array_append_new(d->json_cases, json_pack("{s:s, s:o}", "file", name, "runs", runs));
}

static void run_case(struct diff_cli *d, struct rdna_gpu **gpu, const char *path)
{
   const char *name = cli_display_name(path);
   char *source;
   size_t size;
   d->cases++;
   int code = cli_read_file("diff", path, &source, &size);
   if (code != CLI_EXIT_OK) {
      d->errors++;
      note_exit(d, code);
      return;
   }
   struct rdna_case *c = NULL;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   enum rdna_status st = rdna_case_parse(source, size, name, &c, &diag);
   if (st != RDNA_OK) {
      if (diag.status == RDNA_OK)
         diag.status = st;
      d->errors++;
      note_exit(d, cli_exit_for_status(st));
      cli_print_source_diag(stderr, name, source, size, &diag);
      free(source);
      return;
   }
   run_parsed_case(d, gpu, name, c);
   rdna_case_destroy(c);
   free(source);
}

/* ---- running every case, on several threads with --jobs ----------------------------------------
 */

/* Adds one case's counts (and JSON) to the totals. */
static void merge(struct diff_cli *total, const struct diff_cli *part)
{
   total->cases += part->cases;
   total->runs += part->runs;
   total->same += part->same;
   total->faulted_alike += part->faulted_alike;
   total->differ += part->differ;
   total->unsupported += part->unsupported;
   total->todo += part->todo;
   total->todo_passing += part->todo_passing;
   total->errors += part->errors;
   note_exit(total, part->exit_code);
   if (!total->device_name[0] && part->device_name[0])
      memcpy(total->device_name, part->device_name, sizeof(total->device_name));
   if (total->json_cases && part->json_cases)
      json_array_extend(total->json_cases, part->json_cases);
}

static void show_progress(const struct diff_cli *d, size_t done, const char *name)
{
   if (!d->progress)
      return;
   fprintf(stderr, "\r\033[K[%zu/%zu] %s", done, d->total_cases, name);
   fflush(stderr);
}

/* Each case runs into its own report (a memory stream) and counts; reports are printed in case
 * order as soon as every case before them is done, so the output does not depend on --jobs. One
 * Vulkan context per thread. */
static void run_all(struct diff_cli *d, const struct cli_paths *cases)
{
   size_t n = cases->count;
   struct diff_cli *parts = calloc(n ? n : 1, sizeof(*parts));
   char **texts = calloc(n ? n : 1, sizeof(*texts));
   size_t *lengths = calloc(n ? n : 1, sizeof(*lengths));
   bool *done = calloc(n ? n : 1, sizeof(*done));
   if (!parts || !texts || !lengths || !done) {
      cli_error("diff", "out of memory");
      note_exit(d, CLI_EXIT_ENVIRONMENT);
      free(parts);
      free(texts);
      free(lengths);
      free(done);
      return;
   }
   size_t next_to_print = 0, finished = 0;
   bool stop = false;
#pragma omp parallel num_threads(d->jobs ? d->jobs : 1)
   {
      struct rdna_gpu *gpu = NULL;
#pragma omp for schedule(dynamic, 1)
      for (size_t i = 0; i < n; i++) {
         bool skip;
#pragma omp atomic read
         skip = stop;
         struct diff_cli *part = &parts[i];
         *part = *d;
         part->cases = part->runs = part->same = part->faulted_alike = part->differ = 0;
         part->unsupported = part->todo = part->todo_passing = part->errors = 0;
         part->exit_code = CLI_EXIT_OK;
         part->device_name[0] = '\0';
         part->json_cases = d->json ? json_array() : NULL;
         part->out = open_memstream(&texts[i], &lengths[i]);
         if (!skip && part->out)
            run_case(part, &gpu, cases->paths[i]);
         else if (!part->out)
            note_exit(part, CLI_EXIT_ENVIRONMENT);
         if (part->out)
            fclose(part->out);
#pragma omp critical(diff_report)
         {
            done[i] = true;
            finished++;
            if (part->exit_code == CLI_EXIT_ENVIRONMENT)
               stop = true;
            while (next_to_print < n && done[next_to_print]) {
               if (d->progress)
                  fputs("\r\033[K", stderr);
               if (texts[next_to_print])
                  fwrite(texts[next_to_print], 1, lengths[next_to_print], stdout);
               fflush(stdout);
               merge(d, &parts[next_to_print]);
               json_decref(parts[next_to_print].json_cases);
               free(texts[next_to_print]);
               texts[next_to_print] = NULL;
               next_to_print++;
            }
            show_progress(d, finished, cli_display_name(cases->paths[i]));
         }
      }
      rdna_gpu_close(gpu);
   }
   if (d->progress)
      fputs("\r\033[K", stderr);
   free(parts);
   free(texts);
   free(lengths);
   free(done);
}

/* ---- the command ------------------------------------------------------------------------------
 */

static int parse_options(int argc, char **argv, struct diff_cli *d, struct cli_paths *inputs,
                         struct cli_hsaco *hsaco, bool *help)
{
   struct rdna_isa_config isa;
   cli_isa_unset(&isa);
   struct cli_parser parser;
   cli_parser_init(&parser, "diff", argc, argv);
   const struct cli_lowering lowering = { &d->run.relative, &d->run.cfg, &d->run.entries,
                                          &d->run.waves };
   enum cli_token token;
   int code = CLI_EXIT_OK;
   while (code == CLI_EXIT_OK && (token = cli_next(&parser)) != CLI_END) {
      const char *value;
      uint64_t number;
      if (token == CLI_POSITIONAL) {
         char *copy = strdup(parser.arg);
         if (!copy || !cli_paths_add(inputs, copy)) {
            free(copy);
            cli_error("diff", "out of memory");
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
      if (handled < 0) {
         code = CLI_EXIT_BAD_INPUT;
      } else if (handled > 0) {
         if (isa.target != RDNA_TARGET_COUNT)
            code = cli_usage_error("diff", "--target is not supported: both sides run the "
                                           "case's target");
      } else if (cli_is(&parser, "--help", "-h")) {
         *help = true;
         return CLI_EXIT_OK;
      } else if (cli_is(&parser, "--device", NULL)) {
         if (!cli_value(&parser, &d->device))
            code = CLI_EXIT_BAD_INPUT;
      } else if (cli_is(&parser, "--jobs", "-j")) {
         if (!cli_value(&parser, &value))
            code = CLI_EXIT_BAD_INPUT;
         else if (!cli_parse_uint(value, 256, &number) || number == 0)
            code = cli_usage_error("diff", "--jobs takes 1 to 256, found '%s'", value);
         else
            d->jobs = (unsigned)number;
      } else if (cli_is(&parser, "--steps", NULL) || cli_is(&parser, "--timeout", NULL) ||
                 cli_is(&parser, "--max", NULL)) {
         bool steps = cli_is(&parser, "--steps", NULL),
              timeout = cli_is(&parser, "--timeout", NULL);
         uint64_t max = steps ? RDNA_CASE_MAX_STEPS : timeout ? 3600000 : 1000000;
         if (!cli_value(&parser, &value))
            code = CLI_EXIT_BAD_INPUT;
         else if (!cli_parse_uint(value, max, &number) || number == 0)
            code = cli_usage_error("diff", "%s takes a number from 1 to %llu, found '%s'",
                                   steps     ? "--steps"
                                   : timeout ? "--timeout"
                                             : "--max",
                                   (unsigned long long)max, value);
         else if (steps)
            d->run.step_limit = number;
         else if (timeout)
            d->run.timeout_ns = number * 1000000u;
         else
            d->run.max_divergences = (size_t)number;
      } else if (cli_is(&parser, "--json", NULL)) {
         if (!cli_no_value(&parser))
            code = CLI_EXIT_BAD_INPUT;
         d->json = true;
      } else {
         code = cli_unknown_option(&parser);
      }
   }
   d->wave = isa.wave_size;
   return code;
}

int cmd_diff(int argc, char **argv)
{
   struct diff_cli d;
   memset(&d, 0, sizeof(d));
   d.run.max_divergences = 16;
   struct cli_paths inputs = { NULL, 0, 0 }, cases = { NULL, 0, 0 };
   bool help = false, any_dir = false;
   struct cli_hsaco hsaco;
   memset(&hsaco, 0, sizeof(hsaco));
   int code = parse_options(argc, argv, &d, &inputs, &hsaco, &help);
   if (code == CLI_EXIT_OK && help) {
      diff_help(stdout);
      cli_paths_free(&inputs);
      cli_hsaco_free(&hsaco);
      return CLI_EXIT_OK;
   }
   if (code == CLI_EXIT_OK && cli_hsaco_given(&hsaco) && inputs.count)
      code = cli_usage_error("diff", "give case files or --hsaco, not both");
   if (code == CLI_EXIT_OK && cli_hsaco_given(&hsaco)) {
      struct rdna_case *c = NULL;
      code = cli_hsaco_case("diff", &hsaco, &c);
      if (code == CLI_EXIT_OK) {
         struct rdna_gpu *gpu = NULL;
         d.out = stdout;
         d.cases++;
         run_parsed_case(&d, &gpu, hsaco.file, c);
         rdna_gpu_close(gpu);
         code = d.exit_code;
      }
      rdna_case_destroy(c);
      cli_hsaco_free(&hsaco);
      cli_paths_free(&inputs);
      return code;
   }
   cli_hsaco_free(&hsaco);
   if (code == CLI_EXIT_OK && inputs.count == 0)
      code = cli_usage_error("diff", "no case file");
   if (code == CLI_EXIT_OK)
      code = cli_collect_cases("diff", &inputs, &cases, &any_dir);
   cli_paths_free(&inputs);
   if (code != CLI_EXIT_OK) {
      cli_paths_free(&cases);
      return code;
   }
   d.total_cases = cases.count;
   d.progress = cases.count > 1 && isatty(2);
   if (d.json)
      d.json_cases = json_array();
   run_all(&d, &cases);
   if (d.json) {
      json_t *root = json_pack(
         "{s:o, s:{s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i, s:i}}", "cases", d.json_cases, "summary",
         "cases", (int)d.cases, "runs", (int)d.runs, "same", (int)d.same, "faulted_alike",
         (int)d.faulted_alike, "differ", (int)d.differ, "unsupported", (int)d.unsupported, "todo",
         (int)d.todo, "todo_matching", (int)d.todo_passing, "errors", (int)d.errors);
      char *text = root ? json_dumps(root, JSON_INDENT(2) | JSON_PRESERVE_ORDER) : NULL;
      if (text)
         puts(text);
      else
         note_exit(&d, CLI_EXIT_ENVIRONMENT);
      free(text);
      json_decref(root);
   } else if (any_dir || cases.count > 1) {
      printf("%u cases, %u runs: %u same (%u faulted alike), %u differ, %u unsupported, %u todo, "
             "%u errors",
             d.cases, d.runs, d.same, d.faulted_alike, d.differ, d.unsupported, d.todo, d.errors);
      if (d.todo_passing)
         printf("; %u todo(recomp) marks can go", d.todo_passing);
      if (d.device_name[0])
         printf(" (%s)", d.device_name);
      putchar('\n');
   }
   cli_paths_free(&cases);
   return d.exit_code;
}
