/* `rdna bench`: the benchmark figures of DESIGN.md's performance goals, each measured as a ratio
 * within one run so that a noisy machine does not move it: SPIR-V size against `spirv-opt -O`
 * per corpus case and relative-addressing lowering, the seed-shaped relative-addressing program,
 * recompile time against the driver's compile time, a scaling ladder with fitted exponents,
 * interpreter throughput against a native loop and differential fuzzing throughput. The
 * measurement code is bench/measure.h's; this file runs it and reports. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "cli.h"
#include "measure.h"
#include "rdna/diff.h"
#include "rdna/batch.h"
#include "rdna/gen.h"
#include "rdna/gpu.h"
#include "rdna/recomp.h"

static void bench_help(FILE *out)
{
   fputs(
      "usage: rdna bench [options]\n"
      "\n"
      "Measures the recompiler, the Vulkan driver, the interpreter and the differential\n"
      "fuzzer against the performance goals and prints a table (or, with --json, one JSON\n"
      "object; its schema is in bench/results/README.md). Every goal figure is a ratio or a\n"
      "rate measured within this run.\n"
      "\n"
      "options:\n"
      "  --device D        the Vulkan device (see 'rdna gpu --list-devices')\n"
      "  --json            print the figures as JSON instead of the table\n"
      "  --plot DIR        write SVG plots of SPIR-V size, recompile time and driver compile\n"
      "                    time against program size into DIR (created when missing)\n"
      "  --quick           small programs and few runs: under a minute on lavapipe\n"
      "  --corpus DIR      the corpus of case files (default: corpus)\n"
      "  --runs N          recompile timings are the best of N runs (default 5, quick 1)\n"
      "  --lowerings LIST  relative lowerings whose ladder programs the driver compiles:\n"
      "                    comma-separated chain, tree, switch, window, or all (default: all on\n"
      "                    a GPU, the device's default lowering alone on a CPU driver)\n"
      "  --only LIST       run only these sections: corpus, interp, fuzz, ladder, seed\n"
      "  --no-compile      measure no driver compile times (the figures that need them are\n"
      "                    left null)\n"
      "  --save FILE       also write the JSON object to FILE (after each section)\n"
      "  -j, --jobs J      the fuzzing section runs J batches at once, each worker thread on\n"
      "                    its own device context, as 'rdna fuzz --jobs' (1 to 256, default 1)\n"
      "  -h, --help        this text\n"
      "\n"
      "Exit codes: 0 measured (goals missed or not), 2 bad usage, 3 environment (no Vulkan\n"
      "device, no corpus, unwritable plot folder).\n",
      out);
}

/* The named lowerings, in enum order. */
#define NUM_LOWERINGS 4
static const enum rdna_relative_lowering lowerings[NUM_LOWERINGS] = {
   RDNA_RELATIVE_SELECT_CHAIN,
   RDNA_RELATIVE_SELECT_TREE,
   RDNA_RELATIVE_SWITCH,
   RDNA_RELATIVE_WINDOW_ARRAY,
};

struct bench {
   const char *device, *plot_dir, *corpus, *save;
   bool json, quick;
   unsigned runs;
   unsigned gpu_lowerings; /* bits: 1 << index into lowerings[]; 0: by device type */
   bool no_compile;        /* --no-compile: no driver compile times */
   const char *only;       /* --only: comma-separated section names, NULL for all */
   unsigned jobs;          /* --jobs: worker threads of the fuzzing section; 0: one */
   struct rdna_gpu_options gpu_options;
   struct rdna_gpu *gpu;
   char gpu_error[320]; /* why the last driver compile gave no time */
   char driver_name[256];
   bool cpu_device;
   unsigned subgroup32;  /* the device's subgroup size for wave32 */
   int default_lowering; /* index the default resolves to for wave32 here, -1 none */
   json_t *root, *goals;
};

/* ---- output helpers ------------------------------------------------------------------------- */

static void say(const struct bench *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The terminal table: printed unless --json. */
static void say(const struct bench *b, const char *fmt, ...)
{
   if (b->json)
      return;
   va_list ap;
   va_start(ap, fmt);
   vprintf(fmt, ap);
   va_end(ap);
}

static json_t *json_num(double v)
{
   return v == v && v < 1e300 && v > -1e300 ? json_real(v) : json_null();
}

static void goal(struct bench *b, const char *key, double value, bool at_most, double target,
                 const char *what)
{
   bool known = value == value && value < 1e300;
   json_object_set_new(
      b->goals, key,
      json_pack("{s:o, s:s, s:f, s:o, s:s}", "value", json_num(value), "op",
                at_most ? "<=" : ">=", "goal", target, "met",
                known ? json_boolean(at_most ? value <= target : value >= target) : json_null(),
                "what", what));
}

static void print_goals(const struct bench *b)
{
   say(b, "\n%-40s %12s %4s %10s  %s\n", "goal", "measured", "", "goal", "");
   const char *key;
   json_t *g;
   json_object_foreach(b->goals, key, g)
   {
      json_t *v = json_object_get(g, "value");
      json_t *met = json_object_get(g, "met");
      char value[32];
      if (json_is_number(v))
         snprintf(value, sizeof(value), "%.4g", json_number_value(v));
      else
         snprintf(value, sizeof(value), "-");
      say(b, "%-40s %12s %4s %10.4g  %s  (%s)\n", key, value,
          json_string_value(json_object_get(g, "op")),
          json_number_value(json_object_get(g, "goal")),
          json_is_true(met)    ? "met"
          : json_is_false(met) ? "MISSED"
                               : "not measured",
          json_string_value(json_object_get(g, "what")));
   }
}

static json_t *stats_json(const struct bench_spirv_stats *s)
{
   return json_pack("{s:I, s:I, s:I, s:I, s:I}", "words", (json_int_t)s->words, "selects",
                    (json_int_t)s->selects, "phis", (json_int_t)s->phis, "blocks",
                    (json_int_t)s->blocks, "switches", (json_int_t)s->switches);
}

static struct rdna_case *parse_case(const char *text, const char *name, char *message,
                                    size_t message_size)
{
   struct rdna_case *c = NULL;
   struct rdna_diag diag;
   if (rdna_case_parse(text, strlen(text), name, &c, &diag) != RDNA_OK) {
      snprintf(message, message_size, "%s:%u:%u: %s", name, diag.line, diag.column, diag.message);
      return NULL;
   }
   return c;
}

/* The driver's compile time of case `c` through the recompiler (the whole case also runs once);
 * NAN with b->gpu_error set when it fails. A compile past the backend's time-out (300 s) leaves
 * the device context unusable: it is opened again for the next measurement. */
static double driver_compile_s(struct bench *b, const struct rdna_case *c,
                               enum rdna_relative_lowering lowering)
{
   if (b->no_compile) {
      snprintf(b->gpu_error, sizeof(b->gpu_error), "not measured (--no-compile)");
      return NAN;
   }
   if (!b->gpu)
      return NAN; /* b->gpu_error says why */
   struct rdna_gpu_case_options o = { .relative = lowering, .timeout_ns = 600000000000ull };
   struct rdna_gpu_case_result result;
   struct rdna_diag diag;
   enum rdna_status st = rdna_gpu_case_run(b->gpu, c, 32, &o, &result, &diag);
   double s = st == RDNA_OK ? (double)result.run.compile_ns * 1e-9 : NAN;
   b->gpu_error[0] = '\0';
   if (st != RDNA_OK) {
      snprintf(b->gpu_error, sizeof(b->gpu_error), "%s: %s", rdna_status_name(st), diag.message);
      if (!b->json)
         fprintf(stderr, "rdna bench: GPU run (%s): %s\n", rdna_relative_lowering_name(lowering),
                 b->gpu_error);
   }
   rdna_gpu_case_result_free(&result);
   if (st == RDNA_DEVICE) {
      rdna_gpu_close(b->gpu);
      b->gpu = NULL;
      if (rdna_gpu_open(&b->gpu_options, &b->gpu, &diag) != RDNA_OK) {
         b->gpu = NULL;
         snprintf(b->gpu_error, sizeof(b->gpu_error), "reopening the device: %s", diag.message);
      }
   }
   return s;
}

/* ---- corpus: SPIR-V size against spirv-opt -O ------------------------------------------------ */

/* ISA words of the case's programs at `wave`, and whether they hold no control transfer. */
static size_t program_words(const struct rdna_case *c, unsigned wave, bool *straight)
{
   struct rdna_isa_config isa = { rdna_case_target(c), wave };
   size_t words = 0;
   *straight = true;
   for (size_t i = 0; i < rdna_case_region_count(c); i++) {
      struct rdna_case_region r;
      size_t size = 0;
      if (!rdna_case_region(c, i, &r) || !r.is_program)
         continue;
      const uint8_t *bytes = rdna_case_region_bytes(c, i, wave, &size);
      words += size / 4;
      for (size_t at = 0; bytes && at + 4 <= size;) {
         struct rdna_inst inst;
         if (rdna_decode(&isa, bytes + at, size - at, &inst, NULL) != RDNA_OK) {
            at += 4;
            continue;
         }
         const char *name = rdna_op_name(inst.op);
         static const char *const transfers[] = { "s_branch", "s_cbranch", "s_call",
                                                  "s_setpc",  "s_swappc",  "s_subvector_loop",
                                                  "s_endpgm_" };
         for (size_t k = 0; k < sizeof(transfers) / sizeof(transfers[0]); k++)
            if (strncmp(name, transfers[k], strlen(transfers[k])) == 0)
               *straight = false;
         at += inst.size ? inst.size : 4;
      }
   }
   return words;
}

struct module_figures {
   bool ok;
   char error[320];
   struct bench_spirv_stats before, after;
   bool optimized;
   uint32_t *words; /* the module's words (to find identical modules) */
};

static void module_figures(const struct rdna_case *c, const struct rdna_recomp_options *o,
                           const struct module_figures *earlier, size_t num_earlier,
                           struct module_figures *f)
{
   memset(f, 0, sizeof(*f));
   struct rdna_module *module = NULL;
   struct rdna_diag diag;
   enum rdna_status st = rdna_recomp_case(c, o, &module, &diag);
   if (st != RDNA_OK) {
      snprintf(f->error, sizeof(f->error), "%s: %s", rdna_status_name(st), diag.message);
      return;
   }
   size_t n = 0;
   const uint32_t *words = rdna_module_words(module, &n);
   f->ok = bench_spirv_count(words, n, &f->before);
   f->words = malloc(n * sizeof(uint32_t));
   if (f->words)
      memcpy(f->words, words, n * sizeof(uint32_t));
   rdna_module_destroy(module);
   for (size_t i = 0; i < num_earlier; i++)
      if (earlier[i].ok && earlier[i].optimized && f->words &&
          earlier[i].before.words == f->before.words &&
          memcmp(earlier[i].words, f->words, n * sizeof(uint32_t)) == 0) {
         f->after = earlier[i].after;
         f->optimized = true;
         return;
      }
   uint32_t *opt = NULL;
   size_t opt_n = 0;
   if (f->words && bench_spirv_optimize(f->words, n, &opt, &opt_n, f->error, sizeof(f->error)))
      f->optimized = bench_spirv_count(opt, opt_n, &f->after);
   free(opt);
}

static bool same_module(const struct module_figures *a, const struct module_figures *b)
{
   return a->ok && b->ok && a->words && b->words && a->before.words == b->before.words &&
          memcmp(a->words, b->words, a->before.words * sizeof(uint32_t)) == 0;
}

static json_t *figures_json(const struct module_figures *f, size_t isa_words)
{
   if (!f->ok)
      return json_pack("{s:s}", "error", f->error);
   json_t *j = stats_json(&f->before);
   json_object_set_new(j, "words_per_isa_word",
                       json_num(isa_words ? (double)f->before.words / (double)isa_words : NAN));
   if (f->optimized) {
      json_object_set_new(j, "optimized", stats_json(&f->after));
      json_object_set_new(j, "over_optimized",
                          json_num((double)f->before.words / (double)f->after.words));
   } else {
      json_object_set_new(j, "optimized", json_null());
      json_object_set_new(j, "optimize_error", json_string(f->error));
   }
   return j;
}

static int bench_corpus(struct bench *b)
{
   struct cli_paths inputs = { 0 }, cases = { 0 };
   char *dir = strdup(b->corpus);
   bool any_dir = false;
   if (!dir || !cli_paths_add(&inputs, dir))
      return CLI_EXIT_ENVIRONMENT;
   int code = cli_collect_cases("bench", &inputs, &cases, &any_dir);
   cli_paths_free(&inputs);
   if (code != CLI_EXIT_OK)
      return code;
   if (!any_dir || cases.count == 0) {
      cli_error("bench", "no case files in '%s' (--corpus names the corpus folder)", b->corpus);
      cli_paths_free(&cases);
      return CLI_EXIT_ENVIRONMENT;
   }
   json_t *list = json_array();
   json_object_set_new(b->root, "corpus", list);
   say(b,
       "SPIR-V per corpus case (wave32 where the case allows it, subgroup %u), before and "
       "after spirv-opt -O; other lowerings listed where their module differs\n",
       b->subgroup32);
   say(b, "%-44s %-7s %6s %7s %7s %5s %5s %5s %7s %6s\n", "case", "lower", "ISA", "words", "w/ISA",
       "sel", "phi", "blk", "opt", "ratio");
   double ours_straight = 0, opt_straight = 0, worst_straight = 0;
   unsigned straight_cases = 0, straight_over = 0;
   const char *last_folder = NULL;
   size_t last_folder_len = 0;
   for (size_t i = 0; i < cases.count; i++) {
      const char *path = cases.paths[i];
      const char *slash = strrchr(path, '/');
      size_t folder_len = slash ? (size_t)(slash - path) : 0;
      /* --quick: the first case of each folder. */
      if (b->quick && last_folder && folder_len == last_folder_len &&
          strncmp(path, last_folder, folder_len) == 0)
         continue;
      last_folder = path;
      last_folder_len = folder_len;
      char *text = NULL;
      size_t size = 0;
      char message[512];
      if (cli_read_file("bench", path, &text, &size) != CLI_EXIT_OK)
         continue;
      struct rdna_case *c = parse_case(text, path, message, sizeof(message));
      free(text);
      json_t *entry = json_pack("{s:s}", "case", path);
      json_array_append_new(list, entry);
      if (!c) {
         json_object_set_new(entry, "error", json_string(message));
         continue;
      }
      unsigned wave = rdna_case_waves(c) & RDNA_CASE_WAVE32 ? 32 : 64;
      unsigned subgroup = b->subgroup32;
      struct rdna_diag diag;
      if (wave == 64 && rdna_gpu_subgroup_size(b->gpu, 64, &subgroup, &diag) != RDNA_OK)
         subgroup = b->subgroup32;
      bool straight = false;
      size_t isa_words = program_words(c, wave, &straight);
      json_object_set_new(entry, "wave", json_integer(wave));
      json_object_set_new(entry, "subgroup", json_integer(subgroup));
      json_object_set_new(entry, "isa_words", json_integer((json_int_t)isa_words));
      json_object_set_new(entry, "straight_line", json_boolean(straight));
      /* [0] the default lowering, then the named ones. */
      struct module_figures f[1 + NUM_LOWERINGS];
      for (unsigned k = 0; k <= NUM_LOWERINGS; k++) {
         struct rdna_recomp_options o = {
            .wave_size = wave,
            .subgroup_size = subgroup,
            .relative = k ? lowerings[k - 1] : RDNA_RELATIVE_DEFAULT,
         };
         module_figures(c, &o, f, k, &f[k]);
      }
      rdna_case_destroy(c);
      json_t *per = json_object();
      json_object_set_new(entry, "lowerings", per);
      const char *default_name = NULL;
      for (unsigned k = 1; k <= NUM_LOWERINGS; k++) {
         const char *name = rdna_relative_lowering_name(lowerings[k - 1]);
         json_object_set_new(per, name, figures_json(&f[k], isa_words));
         if (!default_name && same_module(&f[0], &f[k]))
            default_name = name;
      }
      json_object_set_new(entry, "default", default_name ? json_string(default_name) : json_null());
      const char *shown = strstr(path, "corpus/") ? strstr(path, "corpus/") + 7 : path;
      if (!f[0].ok) {
         json_object_set_new(entry, "error", json_string(f[0].error));
         say(b, "%-44.44s %s\n", shown, f[0].error);
      } else {
         for (unsigned k = 0; k <= NUM_LOWERINGS; k++) {
            if (k > 0 && (same_module(&f[k], &f[0]) || !f[k].ok))
               continue;
            const struct module_figures *m = &f[k];
            say(b, "%-44.44s %-7s %6zu %7zu %7.1f %5zu %5zu %5zu ", k ? "" : shown,
                k ? rdna_relative_lowering_name(lowerings[k - 1]) : "default", isa_words,
                m->before.words, isa_words ? (double)m->before.words / (double)isa_words : 0.0,
                m->before.selects, m->before.phis, m->before.blocks);
            if (m->optimized)
               say(b, "%7zu %6.2f%s\n", m->after.words,
                   (double)m->before.words / (double)m->after.words, straight ? "  straight" : "");
            else
               say(b, "%7s %6s  %s\n", "-", "-", m->error);
         }
         if (straight && f[0].optimized) {
            double ratio = (double)f[0].before.words / (double)f[0].after.words;
            ours_straight += (double)f[0].before.words;
            opt_straight += (double)f[0].after.words;
            worst_straight = ratio > worst_straight ? ratio : worst_straight;
            straight_cases++;
            straight_over += ratio > 1.5;
         }
      }
      for (unsigned k = 0; k <= NUM_LOWERINGS; k++)
         free(f[k].words);
   }
   cli_paths_free(&cases);
   double ratio = opt_straight > 0 ? ours_straight / opt_straight : NAN;
   json_object_set_new(b->root, "straight_line",
                       json_pack("{s:i, s:o, s:o, s:i}", "cases", straight_cases, "words_ratio",
                                 json_num(ratio), "worst_ratio", json_num(worst_straight),
                                 "cases_over_1_5", straight_over));
   say(b,
       "straight-line cases: %u; our words / optimized words over all of them %.2f; worst "
       "%.2f; %u over 1.5x\n\n",
       straight_cases, ratio, worst_straight, straight_over);
   goal(b, "straight_line_words_over_optimized", ratio, true, 1.5,
        "SPIR-V words of straight-line corpus cases (default lowering) over spirv-opt -O's, "
        "summed over the cases");
   return CLI_EXIT_OK;
}

/* ---- the seed-shaped relative-addressing program --------------------------------------------- */

#define SEED_OPTIMIZE_LIMIT 400000 /* SPIR-V words */

static int bench_seed(struct bench *b)
{
   struct bench_program_shape shape = {
      32, BENCH_SEED_VGPRS, BENCH_SEED_WORDS, 0, BENCH_SEED_RELATIVE, false, false, 4
   };
   if (b->quick) {
      shape.vgprs = 32;
      shape.target_words = 200;
      shape.relative_accesses = 8;
   }
   struct bench_program prog, plain_prog;
   bool built = bench_program_build(&shape, &prog);
   shape.plain = true;
   built = bench_program_build(&shape, &plain_prog) && built;
   char message[512];
   struct rdna_case *c = built ? parse_case(prog.text, "seed", message, sizeof(message)) : NULL;
   struct rdna_case *plain =
      built ? parse_case(plain_prog.text, "seed-plain", message, sizeof(message)) : NULL;
   if (!c || !plain) {
      cli_error("bench", "the seed-shaped program: %s", built ? message : "out of memory");
      rdna_case_destroy(c);
      bench_program_free(&prog);
      bench_program_free(&plain_prog);
      return CLI_EXIT_ENVIRONMENT;
   }
   json_t *seed =
      json_pack("{s:i, s:i, s:i, s:i, s:i}", "insts", prog.insts, "isa_words", prog.words, "vgprs",
                shape.vgprs, "relative_accesses", prog.relative, "subgroup", b->subgroup32);
   json_t *rows = json_array();
   json_object_set_new(seed, "programs", rows);
   json_object_set_new(b->root, "seed_program", seed);
   say(b,
       "seed-shaped program: %u instructions, %u ISA words, %u VGPRs, %u relative accesses; "
       "wave32 on subgroup %u; recompile times best of %u\n",
       prog.insts, prog.words, shape.vgprs, prog.relative, b->subgroup32, b->runs);
   say(b, "%-8s %8s %6s %6s %6s %6s %8s %10s %10s %9s %7s %8s %8s\n", "lowering", "words", "w/ISA",
       "sel", "phi", "blk", "opt", "inst/s", "inst/s+val", "compile s", "x plain", "rc/cmp",
       "rc+v/cmp");
   bool compile_bound = false;
   double plain_compile = NAN, worst_compile_ratio = 0, worst_share = 0, worst_share_nv = 0;
   double slowest = 1e30, slowest_validated = 1e30, default_wpi = NAN;
   for (int k = -1; k < NUM_LOWERINGS; k++) {
      const struct rdna_case *which = k < 0 ? plain : c;
      enum rdna_relative_lowering lowering = k < 0 ? RDNA_RELATIVE_SELECT_CHAIN : lowerings[k];
      const char *name = k < 0 ? "plain" : rdna_relative_lowering_name(lowering);
      unsigned insts = k < 0 ? plain_prog.insts : prog.insts;
      unsigned isa = k < 0 ? plain_prog.words : prog.words;
      struct rdna_recomp_options o = { .wave_size = 32,
                                       .subgroup_size = b->subgroup32,
                                       .relative = lowering };
      struct bench_recomp_time t;
      struct rdna_module *module = NULL;
      json_t *row = json_pack("{s:s}", "lowering", name);
      json_array_append_new(rows, row);
      if (!bench_time_recompile(which, &o, b->runs, b->runs, &t, &module, message,
                                sizeof(message))) {
         json_object_set_new(row, "error", json_string(message));
         say(b, "%-8s %s\n", name, message);
         continue;
      }
      size_t n = 0;
      const uint32_t *words = rdna_module_words(module, &n);
      struct bench_spirv_stats st, opt_st = { 0 };
      bench_spirv_count(words, n, &st);
      uint32_t *opt = NULL;
      size_t opt_n = 0;
      /* spirv-opt -O takes minutes on the largest modules (the tree and switch lowerings at
       * small subgroups); those are left out. */
      bool optimized = n <= SEED_OPTIMIZE_LIMIT &&
                       bench_spirv_optimize(words, n, &opt, &opt_n, message, sizeof(message)) &&
                       bench_spirv_count(opt, opt_n, &opt_st);
      free(opt);
      rdna_module_destroy(module);
      double compile = driver_compile_s(b, which, lowering);
      if (k < 0)
         plain_compile = compile;
      double wpi = (double)st.words / isa;
      double ips = insts / t.recompile_s, ips_v = insts / t.validated_s;
      double ratio = compile / plain_compile;
      double share = t.recompile_s / compile, share_v = t.validated_s / compile;
      if (k >= 0 && ratio > worst_compile_ratio)
         worst_compile_ratio = ratio;
      if (k >= 0 && compile != compile && plain_compile == plain_compile &&
          strstr(b->gpu_error, "time")) {
         /* Past the backend's 300 s compile time-out: the ratio is at least this. */
         compile_bound = true;
         worst_compile_ratio = fmax(worst_compile_ratio, 300.0 / plain_compile);
      }
      worst_share = share_v > worst_share ? share_v : worst_share;
      worst_share_nv = share > worst_share_nv ? share : worst_share_nv;
      slowest = ips < slowest ? ips : slowest;
      slowest_validated = ips_v < slowest_validated ? ips_v : slowest_validated;
      if (k >= 0 && k == b->default_lowering)
         default_wpi = wpi;
      json_object_set_new(row, "spirv", stats_json(&st));
      json_object_set_new(row, "words_per_isa_word", json_num(wpi));
      json_object_set_new(row, "optimized", optimized ? stats_json(&opt_st) : json_null());
      json_object_set_new(row, "recompile_s", json_num(t.recompile_s));
      json_object_set_new(row, "recompile_validated_s", json_num(t.validated_s));
      json_object_set_new(row, "inst_per_s", json_num(ips));
      json_object_set_new(row, "inst_per_s_validated", json_num(ips_v));
      json_object_set_new(row, "compile_s", json_num(compile));
      if (compile != compile)
         json_object_set_new(row, "compile_error", json_string(b->gpu_error));
      json_object_set_new(row, "compile_over_plain", json_num(ratio));
      json_object_set_new(row, "recompile_share", json_num(share));
      json_object_set_new(row, "recompile_validated_share", json_num(share_v));
      char opt_text[16];
      snprintf(opt_text, sizeof(opt_text), optimized ? "%zu" : "-", opt_st.words);
      say(b, "%-8s %8zu %6.1f %6zu %6zu %6zu %8s %10.3g %10.3g %9.3f %7.2f %7.2f%% %7.2f%%\n", name,
          st.words, wpi, st.selects, st.phis, st.blocks, opt_text, ips, ips_v, compile, ratio,
          share * 100, share_v * 100);
   }
   say(b, "inst/s: the recompiler alone; +val: through rdna_recomp_case, which validates the "
          "module with SPIRV-Tools; rc/cmp: recompile time over the driver's compile time\n\n");
   json_object_set_new(seed, "default",
                       b->default_lowering >= 0
                          ? json_string(rdna_relative_lowering_name(lowerings[b->default_lowering]))
                          : json_null());
   goal(b, "seed_words_per_isa_word", default_wpi, true, 40,
        "SPIR-V words per ISA word of the seed-shaped program, the device's default lowering");
   goal(b, "seed_compile_over_plain", worst_compile_ratio > 0 ? worst_compile_ratio : NAN, true, 3,
        compile_bound ? "driver compile time of the slowest lowering over the plain program's; "
                        "a lower bound: a lowering's compile passed the 300 s time-out"
                      : "driver compile time of the slowest lowering over the plain program's");
   goal(b, "recompile_share_of_compile", worst_share > 0 ? worst_share : NAN, true, 0.05,
        "recompile time with in-process validation (rdna_recomp_case) over driver compile time, "
        "worst seed-shaped program");
   goal(b, "recompile_share_of_compile_unvalidated", worst_share_nv > 0 ? worst_share_nv : NAN,
        true, 0.05, "the same without the validation");
   goal(b, "recompile_inst_per_s", slowest < 1e30 ? slowest : NAN, false, 1e6,
        "ISA instructions recompiled per second without validation, slowest seed-shaped program");
   goal(b, "recompile_inst_per_s_validated", slowest_validated < 1e30 ? slowest_validated : NAN,
        false, 1e6, "the same with validation");
   rdna_case_destroy(c);
   rdna_case_destroy(plain);
   bench_program_free(&prog);
   bench_program_free(&plain_prog);
   return CLI_EXIT_OK;
}

/* ---- the scaling ladder ---------------------------------------------------------------------- */

#define LADDER_STEPS 4

struct ladder_series {
   double insts[LADDER_STEPS], words[LADDER_STEPS], recompile[LADDER_STEPS],
      validated[LADDER_STEPS], compile[LADDER_STEPS];
   bool gpu;
};

static void write_plots(struct bench *b, struct ladder_series *series)
{
   struct bench_series s[3][NUM_LOWERINGS];
   char names[3][NUM_LOWERINGS][160];
   size_t counts[3] = { 0, 0, 0 };
   const char *driver = b->driver_name;
   for (unsigned k = 0; k < NUM_LOWERINGS; k++) {
      const char *name = rdna_relative_lowering_name(lowerings[k]);
      snprintf(names[0][k], sizeof(names[0][k]), "%s", name);
      s[0][counts[0]++] =
         (struct bench_series){ names[0][k], LADDER_STEPS, series[k].insts, series[k].words };
      snprintf(names[1][k], sizeof(names[1][k]), "%s", name);
      s[1][counts[1]++] =
         (struct bench_series){ names[1][k], LADDER_STEPS, series[k].insts, series[k].recompile };
      if (series[k].gpu) {
         snprintf(names[2][k], sizeof(names[2][k]), "%s, %.40s", name, driver);
         s[2][counts[2]++] =
            (struct bench_series){ names[2][k], LADDER_STEPS, series[k].insts, series[k].compile };
      }
   }
   static const char *const files[3] = { "spirv-size.svg", "recompile-time.svg",
                                         "compile-time.svg" };
   static const char *const titles[3] = { "SPIR-V size against program size",
                                          "Recompile time (no validation)", "Driver compile time" };
   static const char *const ylabels[3] = { "SPIR-V words", "seconds", "seconds" };
   mkdir(b->plot_dir, 0777);
   json_t *written = json_array();
   for (int p = 0; p < 3; p++) {
      size_t len = strlen(b->plot_dir) + strlen(files[p]) + 2;
      char *path = malloc(len);
      if (!path)
         continue;
      snprintf(path, len, "%s/%s", b->plot_dir, files[p]);
      if (counts[p] && bench_svg_plot(path, titles[p], "ISA instructions (scaling ladder)",
                                      ylabels[p], s[p], counts[p]))
         json_array_append_new(written, json_string(path));
      else if (counts[p] && !b->json)
         fprintf(stderr, "rdna bench: cannot write %s: %s\n", path, strerror(errno));
      free(path);
   }
   json_object_set_new(b->root, "plots", written);
}

static int bench_ladder(struct bench *b)
{
   unsigned base = b->quick ? 100 : 2000;
   unsigned gpu_bits = b->gpu_lowerings;
   if (!gpu_bits)
      gpu_bits = b->cpu_device && b->default_lowering >= 0 ? 1u << b->default_lowering
                                                           : (1u << NUM_LOWERINGS) - 1;
   struct ladder_series series[NUM_LOWERINGS];
   memset(series, 0, sizeof(series));
   json_t *ladder = json_object(), *programs = json_array(), *per = json_object();
   json_object_set_new(ladder, "programs", programs);
   json_object_set_new(ladder, "lowerings", per);
   json_object_set_new(b->root, "ladder", ladder);
   say(b,
       "scaling ladder: generated programs with forward branches, calls and a relative "
       "access every ~100 instructions; recompile best of %u (with validation: once), driver "
       "compile once\n",
       b->runs);
   say(b, "%-8s %7s %7s %9s %10s %10s %10s\n", "lowering", "insts", "ISA", "SPIR-V", "recomp s",
       "+val s", "compile s");
   for (unsigned step = 0; step < LADDER_STEPS; step++) {
      unsigned insts = base << step;
      struct bench_program_shape shape = { 32, 64, 30000, insts, insts / 100, false, true, 9 };
      struct bench_program prog;
      char message[512];
      struct rdna_case *c = NULL;
      if (bench_program_build(&shape, &prog))
         c = parse_case(prog.text, "ladder", message, sizeof(message));
      else
         snprintf(message, sizeof(message), "out of memory");
      if (!c) {
         cli_error("bench", "ladder program of %u instructions: %s", insts, message);
         bench_program_free(&prog);
         return CLI_EXIT_ENVIRONMENT;
      }
      json_array_append_new(programs,
                            json_pack("{s:i, s:i, s:i, s:i, s:i}", "insts", prog.insts, "isa_words",
                                      prog.words, "branches", prog.branches, "calls", prog.calls,
                                      "relative_accesses", prog.relative));
      for (unsigned k = 0; k < NUM_LOWERINGS; k++) {
         struct ladder_series *s = &series[k];
         struct rdna_recomp_options o = { .wave_size = 32,
                                          .subgroup_size = b->subgroup32,
                                          .relative = lowerings[k] };
         struct bench_recomp_time t;
         struct rdna_module *module = NULL;
         s->insts[step] = prog.insts;
         s->recompile[step] = s->validated[step] = s->compile[step] = NAN;
         if (!bench_time_recompile(c, &o, b->runs, 1, &t, &module, message, sizeof(message))) {
            say(b, "%-8s %7u %s\n", rdna_relative_lowering_name(lowerings[k]), prog.insts, message);
            continue;
         }
         size_t n = 0;
         rdna_module_words(module, &n);
         rdna_module_destroy(module);
         s->words[step] = (double)n;
         s->recompile[step] = t.recompile_s;
         s->validated[step] = t.validated_s;
         s->gpu = !b->no_compile && (gpu_bits >> k & 1);
         if (s->gpu)
            s->compile[step] = driver_compile_s(b, c, lowerings[k]);
         say(b, "%-8s %7u %7u %9zu %10.4f %10.4f ", rdna_relative_lowering_name(lowerings[k]),
             prog.insts, prog.words, n, t.recompile_s, t.validated_s);
         if (s->gpu)
            say(b, "%10.3f\n", s->compile[step]);
         else
            say(b, "%10s\n", "-");
      }
      rdna_case_destroy(c);
      bench_program_free(&prog);
   }
   double worst_recompile = -INFINITY, worst_compile = -INFINITY;
   for (unsigned k = 0; k < NUM_LOWERINGS; k++) {
      const struct ladder_series *s = &series[k];
      double e_r = NAN, e_v = NAN, e_c = NAN;
      if (bench_fit_exponent(s->insts, s->recompile, LADDER_STEPS, &e_r))
         worst_recompile = e_r > worst_recompile ? e_r : worst_recompile;
      bench_fit_exponent(s->insts, s->validated, LADDER_STEPS, &e_v);
      if (s->gpu && bench_fit_exponent(s->insts, s->compile, LADDER_STEPS, &e_c))
         worst_compile = e_c > worst_compile ? e_c : worst_compile;
      json_t *points = json_array();
      for (unsigned i = 0; i < LADDER_STEPS; i++)
         json_array_append_new(points, json_pack("{s:f, s:o, s:o, s:o, s:o}", "insts", s->insts[i],
                                                 "words", json_num(s->words[i]), "recompile_s",
                                                 json_num(s->recompile[i]), "recompile_validated_s",
                                                 json_num(s->validated[i]), "compile_s",
                                                 s->gpu ? json_num(s->compile[i]) : json_null()));
      json_object_set_new(per, rdna_relative_lowering_name(lowerings[k]),
                          json_pack("{s:o, s:o, s:o, s:o}", "points", points, "recompile_exponent",
                                    json_num(e_r), "recompile_validated_exponent", json_num(e_v),
                                    "compile_exponent", json_num(e_c)));
      say(b, "%-8s fitted exponents: recompile %.3f, with validation %.3f",
          rdna_relative_lowering_name(lowerings[k]), e_r, e_v);
      if (s->gpu)
         say(b, ", driver compile %.3f", e_c);
      say(b, "\n");
   }
   say(b, "\n");
   goal(b, "ladder_recompile_exponent", worst_recompile > -INFINITY ? worst_recompile : NAN, true,
        1.15, "fitted exponent of recompile time (no validation) over the ladder, worst lowering");
   goal(b, "ladder_compile_exponent", worst_compile > -INFINITY ? worst_compile : NAN, true, 1.3,
        "fitted exponent of driver compile time over the ladder, worst lowering compiled");
   if (b->plot_dir)
      write_plots(b, series);
   return CLI_EXIT_OK;
}

/* ---- interpreter and fuzzing throughput ------------------------------------------------------ */

static int bench_interp(struct bench *b)
{
   const struct {
      unsigned wave;
      uint64_t exec;
   } cases[] = { { 32, 0x5a5affffu }, { 64, 0xf0f0ffff5a5a0ff0ull } };
   json_t *list = json_array();
   json_object_set_new(b->root, "interp", list);
   double wave32 = NAN;
   for (int i = 0; i < 2; i++) {
      struct bench_interp_result r;
      char message[256];
      if (!bench_interp_valu(cases[i].wave, cases[i].exec, b->quick ? 2000 : 20000,
                             b->quick ? 1 : 3, &r, message, sizeof(message))) {
         cli_error("bench", "interpreter: %s", message);
         return CLI_EXIT_ENVIRONMENT;
      }
      double ips = r.valu_insts / r.interp_s;
      if (i == 0)
         wave32 = r.match ? ips : NAN;
      json_array_append_new(list, json_pack("{s:i, s:o, s:o, s:b}", "wave", cases[i].wave,
                                            "valu_inst_per_s", json_num(ips), "interp_over_native",
                                            json_num(r.interp_s / r.native_s), "match", r.match));
      say(b,
          "interpreter wave%u: %.3g VALU instructions/s, %.1fx the native loop's time, results "
          "%s\n",
          cases[i].wave, ips, r.interp_s / r.native_s, r.match ? "match" : "DIFFER");
   }
   goal(b, "interp_valu_inst_per_s", wave32, false, 2e7,
        "interpreter wave32 VALU instructions/s on one core, mixed EXEC");
   return CLI_EXIT_OK;
}

/* Differential fuzzing as `rdna fuzz --batch 1 --variants V --jobs J` runs it: generated
 * programs of the default classes (everything but float rows), each compared on both backends
 * in V variants (rdna/batch.h: the variants of a program share one module, compiled once and
 * dispatched once), J programs at once on the J device contexts gpus[0..jobs). Cases per
 * second count cases (program variants) compared on both backends, over the wall time; cases
 * per pipeline are those cases over the pipeline compiles the run needed (the batch's and every
 * confirmation or fallback run alone); programs per second are reported beside them. */
static int bench_fuzz_on(struct bench *b, struct rdna_gpu *const *gpus, unsigned jobs)
{
   unsigned size = b->quick ? 20 : 40;
   struct rdna_fuzz_batch_options o = {
      .gen = { .target = RDNA_TARGET_GFX1030, .wave_size = 32, .count = size, .seed = 1 },
      .count = b->quick ? 2 : 4,
      .batch_size = 1,
      .variants = b->quick ? 64 : 1024,
   };
   struct rdna_fuzz_batch_stats st;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   enum rdna_status status = rdna_fuzz_batch_run_parallel(gpus, jobs, &o, &st, &diag);
   if (status != RDNA_OK) {
      cli_error("bench", "fuzzing: %s: %s", rdna_status_message(status), diag.message);
      json_object_set_new(b->root, "fuzz", json_pack("{s:s}", "error", diag.message));
      goal(b, "fuzz_cases_per_s", NAN, false, 100,
           "differential cases compared on both backends per second");
      goal(b, "fuzz_cases_per_pipeline", NAN, false, 64, "cases per Vulkan pipeline compile");
      return status == RDNA_DEVICE ? CLI_EXIT_ENVIRONMENT : CLI_EXIT_OK;
   }
   double per_s = st.seconds > 0 ? (double)st.compared / st.seconds : NAN;
   double per_pipeline = st.pipelines ? (double)st.compared / (double)st.pipelines : NAN;
   json_object_set_new(
      b->root, "fuzz",
      json_pack("{s:i, s:i, s:i, s:I, s:I, s:I, s:I, s:I, s:I, s:I, s:f, s:f, s:f, s:f, s:o, s:o}",
                "program_size", (int)size, "variants", (int)o.variants, "jobs", (int)jobs,
                "programs", (json_int_t)st.programs, "cases", (json_int_t)st.cases, "compared",
                (json_int_t)st.compared, "same", (json_int_t)st.same, "diverged",
                (json_int_t)st.diverged, "unsupported", (json_int_t)st.unsupported, "pipelines",
                (json_int_t)st.pipelines, "seconds", st.seconds, "compile_seconds",
                st.compile_seconds, "run_seconds", st.run_seconds, "interp_seconds",
                st.interp_seconds, "cases_per_s", json_num(per_s), "cases_per_pipeline",
                json_num(per_pipeline)));
   say(b,
       "differential fuzzing (%llu %u-instruction programs of the default classes, %u variants "
       "each, %u job%s): %llu cases in %.1f s (driver compile %.1f s, dispatch %.1f s, "
       "interpreter %.1f s%s), "
       "%llu compared on both backends (%.2f/s, %.3f programs/s), %llu diverged, %llu the "
       "recompiler cannot lower yet; %llu pipelines, %.1f cases per pipeline\n",
       (unsigned long long)st.programs, size, o.variants, jobs, jobs > 1 ? "s" : "",
       (unsigned long long)st.cases, st.seconds, st.compile_seconds, st.run_seconds,
       st.interp_seconds, jobs > 1 ? ", summed over jobs" : "", (unsigned long long)st.compared,
       per_s, st.seconds > 0 ? (double)st.programs / st.seconds : 0.0,
       (unsigned long long)st.diverged, (unsigned long long)st.unsupported,
       (unsigned long long)st.pipelines, per_pipeline);
   goal(b, "fuzz_cases_per_s", per_s, false, 100,
        "differential cases compared on both backends per second");
   goal(b, "fuzz_cases_per_pipeline", per_pipeline, false, 64, "cases per Vulkan pipeline compile");
   return CLI_EXIT_OK;
}

/* The fuzzing row, with --jobs - 1 device contexts opened beside the bench's own. */
static int bench_fuzz(struct bench *b)
{
   unsigned jobs = b->jobs ? b->jobs : 1;
#ifndef _OPENMP
   jobs = 1; /* no worker threads without OpenMP */
#endif
   struct rdna_gpu *gpus[RDNA_FUZZ_MAX_JOBS] = { b->gpu };
   for (unsigned j = 1; j < jobs; j++) {
      struct rdna_diag open_diag;
      enum rdna_status st = rdna_gpu_open(&b->gpu_options, &gpus[j], &open_diag);
      if (st != RDNA_OK) {
         cli_error("bench", "fuzzing: device context %u of %u: %s", j + 1, jobs, open_diag.message);
         for (unsigned k = 1; k < j; k++)
            rdna_gpu_close(gpus[k]);
         return CLI_EXIT_ENVIRONMENT;
      }
   }
   int code = bench_fuzz_on(b, gpus, jobs);
   for (unsigned j = 1; j < jobs; j++)
      rdna_gpu_close(gpus[j]);
   return code;
}

/* Whether comma-separated `list` holds `name`. */
static bool list_has(const char *list, const char *name)
{
   size_t len = strlen(name);
   for (const char *p = list; *p;) {
      size_t n = strcspn(p, ",");
      if (n == len && strncmp(p, name, len) == 0)
         return true;
      p += n + (p[n] == ',');
   }
   return false;
}

/* Writes the figures so far to --save's file (after each section, so that a run stopped early
 * keeps what it measured). */
static int save_json(const struct bench *b)
{
   if (!b->save)
      return CLI_EXIT_OK;
   char *text = json_dumps(b->root, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
   if (!text)
      return CLI_EXIT_ENVIRONMENT;
   size_t len = strlen(text);
   text[len] = '\n';
   int code = cli_write_file("bench", b->save, text, len + 1);
   free(text);
   return code;
}

/* ---- the command ------------------------------------------------------------------------------
 */

static int parse_lowerings(const char *list, unsigned *bits)
{
   *bits = 0;
   if (strcmp(list, "all") == 0) {
      *bits = (1u << NUM_LOWERINGS) - 1;
      return CLI_EXIT_OK;
   }
   const char *p = list;
   while (*p) {
      size_t len = strcspn(p, ",");
      unsigned k = 0;
      for (; k < NUM_LOWERINGS; k++) {
         const char *name = rdna_relative_lowering_name(lowerings[k]);
         if (strlen(name) == len && strncmp(p, name, len) == 0)
            break;
      }
      if (k == NUM_LOWERINGS)
         return cli_usage_error("bench", "--lowerings: unknown lowering '%.*s'", (int)len, p);
      *bits |= 1u << k;
      p += len + (p[len] == ',');
   }
   return *bits ? CLI_EXIT_OK : cli_usage_error("bench", "--lowerings: no lowering named");
}

static int parse_options(struct bench *b, int argc, char **argv)
{
   struct cli_parser parser;
   cli_parser_init(&parser, "bench", argc, argv);
   const char *value;
   uint64_t number;
   bool runs_given = false;
   for (enum cli_token tok; (tok = cli_next(&parser)) != CLI_END;) {
      if (tok == CLI_POSITIONAL)
         return cli_usage_error("bench", "unexpected argument '%s'", parser.arg);
      if (cli_is(&parser, "--help", "-h")) {
         bench_help(stdout);
         return -1;
      } else if (cli_is(&parser, "--json", NULL)) {
         if (!cli_no_value(&parser))
            return CLI_EXIT_BAD_INPUT;
         b->json = true;
      } else if (cli_is(&parser, "--quick", NULL)) {
         if (!cli_no_value(&parser))
            return CLI_EXIT_BAD_INPUT;
         b->quick = true;
      } else if (cli_is(&parser, "--device", NULL)) {
         if (!cli_value(&parser, &b->device))
            return CLI_EXIT_BAD_INPUT;
      } else if (cli_is(&parser, "--plot", NULL)) {
         if (!cli_value(&parser, &b->plot_dir))
            return CLI_EXIT_BAD_INPUT;
      } else if (cli_is(&parser, "--jobs", "-j")) {
         if (!cli_value(&parser, &value))
            return CLI_EXIT_BAD_INPUT;
         if (!cli_parse_uint(value, RDNA_FUZZ_MAX_JOBS, &number) || number == 0)
            return cli_usage_error("bench", "--jobs takes 1 to %u, found '%s'", RDNA_FUZZ_MAX_JOBS,
                                   value);
         b->jobs = (unsigned)number;
      } else if (cli_is(&parser, "--save", NULL)) {
         if (!cli_value(&parser, &b->save))
            return CLI_EXIT_BAD_INPUT;
      } else if (cli_is(&parser, "--corpus", NULL)) {
         if (!cli_value(&parser, &b->corpus))
            return CLI_EXIT_BAD_INPUT;
      } else if (cli_is(&parser, "--runs", NULL)) {
         if (!cli_value(&parser, &value))
            return CLI_EXIT_BAD_INPUT;
         if (!cli_parse_uint(value, 1000, &number) || number == 0)
            return cli_usage_error("bench", "--runs takes a number from 1 to 1000, found '%s'",
                                   value);
         b->runs = (unsigned)number;
         runs_given = true;
      } else if (cli_is(&parser, "--lowerings", NULL)) {
         if (!cli_value(&parser, &value))
            return CLI_EXIT_BAD_INPUT;
         int code = parse_lowerings(value, &b->gpu_lowerings);
         if (code != CLI_EXIT_OK)
            return code;
      } else if (cli_is(&parser, "--no-compile", NULL)) {
         if (!cli_no_value(&parser))
            return CLI_EXIT_BAD_INPUT;
         b->no_compile = true;
      } else if (cli_is(&parser, "--only", NULL)) {
         if (!cli_value(&parser, &b->only))
            return CLI_EXIT_BAD_INPUT;
      } else {
         return cli_unknown_option(&parser);
      }
   }
   if (b->only)
      for (const char *p = b->only; *p;) {
         size_t n = strcspn(p, ",");
         static const char *const names[] = { "corpus", "interp", "fuzz", "ladder", "seed" };
         bool known = false;
         for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
            known = known || (strlen(names[i]) == n && strncmp(p, names[i], n) == 0);
         if (!known)
            return cli_usage_error("bench", "--only: unknown section '%.*s'", (int)n, p);
         p += n + (p[n] == ',');
      }
   if (!runs_given)
      b->runs = b->quick ? 1 : 5;
   return CLI_EXIT_OK;
}

/* Which named lowering RDNA_RELATIVE_DEFAULT picks for wave32 here: the one whose module for a
 * small relative-addressing program is identical. */
static int find_default_lowering(const struct bench *b)
{
   struct bench_program_shape shape = { 32, 24, 60, 0, 2, false, false, 1 };
   struct bench_program prog;
   char message[256];
   if (!bench_program_build(&shape, &prog))
      return -1;
   struct rdna_case *c = parse_case(prog.text, "default", message, sizeof(message));
   bench_program_free(&prog);
   int found = -1;
   struct rdna_module *def = NULL;
   struct rdna_recomp_options o = { .wave_size = 32, .subgroup_size = b->subgroup32 };
   if (c && rdna_recomp_case(c, &o, &def, NULL) == RDNA_OK) {
      size_t n = 0;
      const uint32_t *words = rdna_module_words(def, &n);
      for (int k = 0; k < NUM_LOWERINGS && found < 0; k++) {
         struct rdna_module *m = NULL;
         o.relative = lowerings[k];
         size_t m_n = 0;
         if (rdna_recomp_case(c, &o, &m, NULL) == RDNA_OK) {
            const uint32_t *m_words = rdna_module_words(m, &m_n);
            if (m_n == n && memcmp(m_words, words, n * sizeof(uint32_t)) == 0)
               found = k;
         }
         rdna_module_destroy(m);
      }
   }
   rdna_module_destroy(def);
   rdna_case_destroy(c);
   return found;
}

int cmd_bench(int argc, char **argv)
{
   setvbuf(stdout, NULL, _IOLBF, 0); /* each row as soon as it is measured */
   struct bench b = { .corpus = "corpus" };
   int code = parse_options(&b, argc, argv);
   if (code != CLI_EXIT_OK)
      return code < 0 ? CLI_EXIT_OK : code;
   /* Driver compile times are of cold compiles: the drivers' on-disk shader caches (Mesa's,
    * NVIDIA's) would answer a module measured before, as the ladder and the seed-shaped
    * program are the same every run. A value the user set is kept. */
   setenv("MESA_SHADER_CACHE_DISABLE", "true", 0);
   setenv("__GL_SHADER_DISK_CACHE", "0", 0);
   b.gpu_options = (struct rdna_gpu_options){ b.device, false };
   struct rdna_diag diag;
   enum rdna_status st = rdna_gpu_open(&b.gpu_options, &b.gpu, &diag);
   if (st != RDNA_OK) {
      cli_error("bench", "no Vulkan device: %s", diag.message);
      return st == RDNA_NO_MEMORY || st == RDNA_NO_DEVICE || st == RDNA_DEVICE
                ? CLI_EXIT_ENVIRONMENT
                : cli_exit_for_status(st);
   }
   if (rdna_gpu_subgroup_size(b.gpu, 32, &b.subgroup32, &diag) != RDNA_OK) {
      cli_error("bench", "the device runs no wave32 module: %s", diag.message);
      rdna_gpu_close(b.gpu);
      return CLI_EXIT_ENVIRONMENT;
   }
   b.default_lowering = find_default_lowering(&b);
   const struct rdna_gpu_device_info *dev = rdna_gpu_device(b.gpu);
   snprintf(b.driver_name, sizeof(b.driver_name), "%s", dev->name);
   b.cpu_device = dev->type == RDNA_GPU_CPU;
   time_t now = time(NULL);
   char date[32];
   strftime(date, sizeof(date), "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
   b.root = json_object();
   b.goals = json_object();
   json_object_set_new(b.root, "schema", json_string("rdna-bench/1"));
   json_object_set_new(b.root, "date", json_string(date));
   json_object_set_new(b.root, "quick", json_boolean(b.quick));
   json_object_set_new(b.root, "runs", json_integer(b.runs));
   json_object_set_new(b.root, "device",
                       json_pack("{s:s, s:s, s:s, s:i}", "name", dev->name, "driver", dev->driver,
                                 "type", rdna_gpu_device_type_name(dev->type), "subgroup_size",
                                 b.subgroup32));
   json_object_set_new(b.root, "goals", b.goals);
   say(&b, "rdna bench%s, %s: %s (%s), wave32 on subgroup %u\n\n", b.quick ? " --quick" : "", date,
       dev->name, dev->driver, b.subgroup32);
   double t0 = bench_now();
   /* Cheapest first: the seed-shaped program's driver compiles take longest. */
   const struct {
      const char *name;
      int (*run)(struct bench *);
   } sections[] = { { "corpus", bench_corpus },
                    { "interp", bench_interp },
                    { "fuzz", bench_fuzz },
                    { "ladder", bench_ladder },
                    { "seed", bench_seed } };
   for (size_t i = 0; i < sizeof(sections) / sizeof(sections[0]) && code == CLI_EXIT_OK; i++) {
      if (b.only && !list_has(b.only, sections[i].name))
         continue;
      if (!b.gpu) {
         cli_error("bench", "the Vulkan device could not be opened again: %s", b.gpu_error);
         code = CLI_EXIT_ENVIRONMENT;
         break;
      }
      code = sections[i].run(&b);
      json_object_set_new(b.root, "seconds", json_real(bench_now() - t0));
      if (code == CLI_EXIT_OK)
         code = save_json(&b);
   }
   if (code == CLI_EXIT_OK) {
      print_goals(&b);
      if (b.json) {
         char *text = json_dumps(b.root, JSON_INDENT(1) | JSON_PRESERVE_ORDER);
         if (!text || puts(text) == EOF)
            code = CLI_EXIT_ENVIRONMENT;
         free(text);
      }
   }
   json_decref(b.root);
   rdna_gpu_close(b.gpu);
   return code;
}
