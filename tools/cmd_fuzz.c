/* `rdna fuzz`: a differential campaign. Random programs from the generator (include/rdna/gen.h)
 * run on the interpreter and on a Vulkan device, many per pipeline (include/rdna/batch.h); a
 * program that diverges is run again alone (include/rdna/diff.h), and each new way of diverging
 * is reduced (include/rdna/reduce.h) and saved, once per signature, as a case file. Programs the
 * recompiler cannot lower yet are counted per instruction, not saved. With --jobs, worker threads
 * run batches at once, each on a device context of its own; their outcomes are tallied, and
 * findings reduced and saved, in batch order, so that nothing printed or saved depends on the
 * number of jobs. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "rdna/batch.h"
#include "rdna/gen.h"
#include "rdna/reduce.h"

static void fuzz_help(FILE *out)
{
   fputs(
      "usage: rdna fuzz [options]\n"
      "\n"
      "Generates random programs ('rdna gen'), runs each on the interpreter and on a Vulkan\n"
      "device and reports the programs on which they diverge. Programs run in batches: one\n"
      "module and one dispatch for up to --batch programs, each at its own guest addresses\n"
      "(program k of a batch at (k + 1) * 2^32, 'rdna gen --base'); a program that diverges\n"
      "in a batch is run again alone ('rdna diff') and counts only if it diverges there too.\n"
      "The first program\n"
      "that diverges in a new way (rdna reduce's signature: the kind of first divergence and\n"
      "its register) is reduced and written to OUT/SIGNATURE.case, with the unreduced program\n"
      "beside it as SIGNATURE.orig.case. Programs the recompiler cannot lower yet are counted\n"
      "per instruction and listed at the end. Progress goes to standard error: rewritten in place\n"
      "on a terminal, otherwise a line at most once a minute.\n"
      "\n"
      "options:\n"
      "  --count N            programs to run (default 100, unless --time is given)\n"
      "  --time SECONDS       run until this much time has passed (no batch starts after it;\n"
      "                       those running finish)\n"
      "  --seed S             the first seed (default 1); program k uses seed S + k * n + i\n"
      "  --shard i/n          this machine's share of the seeds (default 0/1)\n"
      "  --size N             instructions per program (default 100)\n"
      "  --batch N            programs per module, 1 to 128 (default 64; 1: each alone)\n"
      "  --variants V         run each program with V initial states ('rdna gen --variant'\n"
      "                       0 to V-1), all in its batch's module: one compile serves\n"
      "                       batch * V cases (default 1)\n"
      "  --features LIST      comma-separated classes: salu, smem, valu, vcmp, vmem, flow,\n"
      "                       float, or all (default: all but float)\n"
      "  --wave 32|64         wave size (default 32)\n"
      "  --target NAME        gfx1030 (default) or gfx1013\n"
      "  --device D           the Vulkan device (see 'rdna gpu --list-devices')\n"
      "  -j, --jobs J         batches run at once, 1 to 256 (default 1): J threads, each\n"
      "                       with its own device context and interpreter runs; the cases,\n"
      "                       tallies, findings and printed lines are those of --jobs 1\n"
      "                       (a finding is reduced and saved while the others wait)\n"
      "  --out DIR            where findings go (default fuzz-findings)\n"
      "  --no-reduce          save findings unreduced\n"
      "  -h, --help           this text\n"
      "\n"
      "Exit codes: 0 no divergence, 1 divergences found, 2 bad usage, 3 environment (no\n"
      "Vulkan device, out of memory, unwritable output).\n",
      out);
}

struct unsupported_count {
   char mnemonic[48];
   unsigned count;
};

struct campaign {
   struct rdna_gen_options gen;
   uint64_t count, first_seed, shard, shards;
   unsigned batch, variants, jobs;
   uint64_t pipelines, batch_only, programs;
   uint64_t recompile_ns, compile_ns, run_ns, interp_ns, alone_ns;
   double seconds;
   const char *device, *out;
   bool reduce, tty;
   uint64_t runs, same, diverged, unsupported, errors;
   char (*signatures)[160];
   size_t num_signatures;
   struct unsupported_count *gaps;
   size_t num_gaps;
};

static double now_seconds(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* ---- options -------------------------------------------------------------------------------- */

static int parse_options(int argc, char **argv, struct campaign *f, bool *help)
{
   struct rdna_isa_config isa;
   cli_isa_unset(&isa);
   struct cli_parser parser;
   cli_parser_init(&parser, "fuzz", argc, argv);
   enum cli_token token;
   int code = CLI_EXIT_OK;
   bool count_given = false, time_given = false;
   while (code == CLI_EXIT_OK && (token = cli_next(&parser)) != CLI_END) {
      const char *value = NULL;
      uint64_t number;
      if (token == CLI_POSITIONAL) {
         code = cli_usage_error("fuzz", "unexpected argument '%s'", parser.arg);
         continue;
      }
      int handled = cli_isa_option(&parser, &isa);
      if (handled < 0) {
         code = CLI_EXIT_BAD_INPUT;
      } else if (handled > 0) {
         continue;
      } else if (cli_is(&parser, "--help", "-h")) {
         *help = true;
         return CLI_EXIT_OK;
      } else if (cli_is(&parser, "--no-reduce", NULL)) {
         if (!cli_no_value(&parser))
            code = CLI_EXIT_BAD_INPUT;
         f->reduce = false;
      } else if (!cli_value(&parser, &value)) {
         code = cli_is(&parser, "--count", NULL) || cli_is(&parser, "--time", NULL) ||
                      cli_is(&parser, "--seed", NULL) || cli_is(&parser, "--shard", NULL) ||
                      cli_is(&parser, "--size", NULL) || cli_is(&parser, "--features", NULL) ||
                      cli_is(&parser, "--batch", NULL) || cli_is(&parser, "--device", NULL) ||
                      cli_is(&parser, "--variants", NULL) || cli_is(&parser, "--out", NULL) ||
                      cli_is(&parser, "--jobs", "-j")
                   ? CLI_EXIT_BAD_INPUT
                   : cli_unknown_option(&parser);
      } else if (cli_is(&parser, "--count", NULL)) {
         if (!cli_parse_uint(value, UINT64_MAX, &number) || number == 0)
            code = cli_usage_error("fuzz", "--count takes a positive number, found '%s'", value);
         f->count = number;
         count_given = true;
      } else if (cli_is(&parser, "--time", NULL)) {
         if (!cli_parse_uint(value, 365u * 86400u, &number) || number == 0)
            code = cli_usage_error("fuzz", "--time takes seconds, found '%s'", value);
         f->seconds = (double)number;
         time_given = true;
      } else if (cli_is(&parser, "--seed", NULL)) {
         if (!cli_parse_uint(value, UINT64_MAX, &f->first_seed))
            code = cli_usage_error("fuzz", "--seed takes a number, found '%s'", value);
      } else if (cli_is(&parser, "--size", NULL)) {
         if (!cli_parse_uint(value, 1000000, &number) || number == 0)
            code = cli_usage_error("fuzz", "--size takes 1 to 1000000, found '%s'", value);
         f->gen.count = (unsigned)number;
      } else if (cli_is(&parser, "--batch", NULL)) {
         if (!cli_parse_uint(value, RDNA_FUZZ_MAX_BATCH, &number) || number == 0)
            code = cli_usage_error("fuzz", "--batch takes 1 to %u, found '%s'", RDNA_FUZZ_MAX_BATCH,
                                   value);
         f->batch = (unsigned)number;
      } else if (cli_is(&parser, "--variants", NULL)) {
         if (!cli_parse_uint(value, RDNA_BATCH_MAX_REPLICAS, &number) || number == 0)
            code = cli_usage_error("fuzz", "--variants takes 1 to %u, found '%s'",
                                   RDNA_BATCH_MAX_REPLICAS, value);
         f->variants = (unsigned)number;
      } else if (cli_is(&parser, "--jobs", "-j")) {
         if (!cli_parse_uint(value, 256, &number) || number == 0)
            code = cli_usage_error("fuzz", "--jobs takes 1 to 256, found '%s'", value);
         f->jobs = (unsigned)number;
      } else if (cli_is(&parser, "--shard", NULL)) {
         unsigned long long i, n;
         char end;
         if (sscanf(value, "%llu/%llu%c", &i, &n, &end) != 2 || n == 0 || i >= n)
            code = cli_usage_error("fuzz", "--shard takes i/n with i < n, found '%s'", value);
         f->shard = i;
         f->shards = n;
      } else if (cli_is(&parser, "--features", NULL)) {
         if (!rdna_gen_parse_features(value, &f->gen.classes))
            code = cli_usage_error("fuzz",
                                   "--features takes salu, smem, valu, vcmp, vmem, flow, float "
                                   "or all, comma-separated; found '%s'",
                                   value);
      } else if (cli_is(&parser, "--device", NULL)) {
         f->device = value;
      } else if (cli_is(&parser, "--out", NULL)) {
         f->out = value;
      } else {
         code = cli_unknown_option(&parser);
      }
   }
   if (isa.target != RDNA_TARGET_COUNT)
      f->gen.target = isa.target;
   if (isa.wave_size)
      f->gen.wave_size = isa.wave_size;
   if (time_given && !count_given)
      f->count = UINT64_MAX;
   return code;
}

/* ---- findings ---------------------------------------------------------------------------------
 */

/* A signature as a file name: letters, digits and '-'. */
static void slug(const char *signature, char *out, size_t size)
{
   size_t n = 0;
   for (const char *p = signature; *p && n + 1 < size; p++)
      out[n++] =
         (char)((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9')
                   ? *p
                   : '-');
   out[n] = '\0';
}

static bool seen_before(struct campaign *f, const char *signature)
{
   for (size_t i = 0; i < f->num_signatures; i++)
      if (strcmp(f->signatures[i], signature) == 0)
         return true;
   char(*grown)[160] = realloc(f->signatures, (f->num_signatures + 1) * sizeof(*grown));
   if (!grown)
      return true; /* out of memory: do not save more */
   f->signatures = grown;
   snprintf(f->signatures[f->num_signatures++], sizeof(*grown), "%s", signature);
   return false;
}

static void count_gap(struct campaign *f, const char *mnemonic)
{
   for (size_t i = 0; i < f->num_gaps; i++)
      if (strcmp(f->gaps[i].mnemonic, mnemonic) == 0) {
         f->gaps[i].count++;
         return;
      }
   struct unsupported_count *grown = realloc(f->gaps, (f->num_gaps + 1) * sizeof(*grown));
   if (!grown)
      return;
   f->gaps = grown;
   snprintf(f->gaps[f->num_gaps].mnemonic, sizeof(grown->mnemonic), "%.47s", mnemonic);
   f->gaps[f->num_gaps++].count = 1;
}

struct reduce_probe {
   const struct campaign *f;
   struct rdna_gpu *gpu;
   const char *signature;
};

static bool signature_of(const struct campaign *f, struct rdna_gpu *gpu, const char *text,
                         size_t length, char *out, size_t size, enum rdna_status *status,
                         struct rdna_diag *diag)
{
   struct rdna_case *c = NULL;
   if (rdna_case_parse(text, length, NULL, &c, diag) != RDNA_OK)
      return false;
   struct rdna_diff_result r;
   *status = rdna_diff_case(gpu, c, f->gen.wave_size, NULL, &r, diag);
   bool ran = *status == RDNA_OK || *status == RDNA_UNSUPPORTED || *status == RDNA_INTERNAL;
   if (ran) {
      rdna_reduce_signature(*status, diag, &r, out, size);
      if (*status == RDNA_OK && (!r.interp.passed || !r.gpu.passed) && r.equal)
         snprintf(out, size, "equal");
   }
   rdna_diff_result_free(&r);
   rdna_case_destroy(c);
   return ran;
}

static bool same_way(void *user, const char *text, size_t length)
{
   struct reduce_probe *p = user;
   char now[160];
   enum rdna_status st;
   struct rdna_diag diag;
   return signature_of(p->f, p->gpu, text, length, now, sizeof(now), &st, &diag) &&
          strcmp(now, p->signature) == 0;
}

static int save_finding(struct campaign *f, struct rdna_gpu *gpu, const char *text, size_t length,
                        const char *signature, uint64_t seed, uint32_t variant)
{
   char name[160], path[4096];
   slug(signature, name, sizeof(name));
   snprintf(path, sizeof(path), "%s/%s.orig.case", f->out, name);
   char header[512];
   int n = snprintf(header, sizeof(header),
                    "# rdna fuzz: seed %llu, variant %u, size %u, wave %u, target %s; diverges: "
                    "%s\n",
                    (unsigned long long)seed, variant, f->gen.count, f->gen.wave_size,
                    f->gen.target == RDNA_TARGET_GFX1013 ? "gfx1013" : "gfx1030", signature);
   size_t total = (size_t)n + length;
   char *file = malloc(total + 1);
   if (!file)
      return CLI_EXIT_ENVIRONMENT;
   memcpy(file, header, (size_t)n);
   memcpy(file + n, text, length);
   int code = cli_write_file("fuzz", path, file, total);
   free(file);
   if (code != CLI_EXIT_OK || !f->reduce)
      return code;
   struct reduce_probe probe = { f, gpu, signature };
   struct rdna_reduce_options options = { same_way, &probe, NULL, 2000 };
   char *reduced = NULL;
   if (rdna_reduce(text, length, &options, &reduced, NULL) == RDNA_OK) {
      size_t k = strlen(reduced);
      file = malloc((size_t)n + k + 1);
      if (file) {
         memcpy(file, header, (size_t)n);
         memcpy(file + n, reduced, k);
         snprintf(path, sizeof(path), "%s/%s.case", f->out, name);
         code = cli_write_file("fuzz", path, file, (size_t)n + k);
         free(file);
      }
   }
   free(reduced);
   return code;
}

/* ---- the campaign ------------------------------------------------------------------------------
 */

/* The running counts: rewritten in place on a terminal, else a line of its own (at most one a
 * minute, for logs of long campaigns). */
static void progress(const struct campaign *f, double elapsed)
{
   fprintf(stderr, "%s%llu cases, %.1f/s: %llu same, %llu diverged (%zu kinds), %llu unsupported",
           f->tty ? "\r\033[K" : "", (unsigned long long)f->runs,
           elapsed > 0 ? (double)f->runs / elapsed : 0.0, (unsigned long long)f->same,
           (unsigned long long)f->diverged, f->num_signatures, (unsigned long long)f->unsupported);
   if (!f->tty)
      fprintf(stderr, " after %.0f s\n", elapsed);
   fflush(stderr);
}

static int compare_gaps(const void *a, const void *b)
{
   const struct unsupported_count *x = a, *y = b;
   return x->count < y->count ? 1 : x->count > y->count ? -1 : strcmp(x->mnemonic, y->mnemonic);
}

/* What one program's run came to: its signature ("equal", "status UNSUPPORTED mnemonic", or how
 * it diverges), counted, and the finding saved (reduced on `gpu`) when the way is new. */
static int tally(struct campaign *f, struct rdna_gpu *gpu, uint64_t seed, uint32_t variant,
                 const char *text, size_t length, enum rdna_status st, const struct rdna_diag *diag,
                 const char *signature)
{
   if (st == RDNA_DEVICE || st == RDNA_NO_DEVICE || st == RDNA_NO_MEMORY) {
      f->errors++;
      cli_error("fuzz", "seed %llu: %s: %s", (unsigned long long)seed, rdna_status_message(st),
                diag->message);
      return CLI_EXIT_ENVIRONMENT;
   }
   if (st == RDNA_UNSUPPORTED) {
      f->unsupported++;
      count_gap(f, signature + strlen("status UNSUPPORTED "));
   } else if (st != RDNA_OK && st != RDNA_INTERNAL) {
      f->errors++;
   } else if (strcmp(signature, "equal") == 0) {
      f->same++;
   } else {
      f->diverged++;
      if (!seen_before(f, signature)) {
         if (f->tty)
            fputs("\r\033[K", stderr);
         printf("seed %llu variant %u diverges: %s\n", (unsigned long long)seed, variant,
                signature);
         fflush(stdout);
         return save_finding(f, gpu, text, length, signature, seed, variant);
      }
   }
   return CLI_EXIT_OK;
}

/* A case of a unit that did not compare equal (or a program the generator failed on), kept for
 * the tally in seed order. */
struct outcome {
   uint64_t seed;
   uint32_t variant;
   bool generation_failed; /* the generator failed on it: the campaign stops */
   bool batch_failed;      /* its batch failed as a whole: the campaign stops */
   enum rdna_status status;
   struct rdna_diag diag;
   char signature[160];
   char *text; /* the case file of a divergence, to save and reduce; NULL otherwise */
   size_t length;
};

/* One unit of work: programs [first, first + programs) in their variants, run as one batch (or
 * one by one with --batch 1 and no variants) by one worker on its own device context. Counted
 * there; its outcomes are tallied in unit order (commit_unit). */
struct unit {
   uint64_t first, programs;
   uint64_t runs, same, pipelines, batch_only;
   uint64_t recompile_ns, compile_ns, run_ns, interp_ns, alone_ns;
   struct outcome *outcomes;
   size_t num_outcomes, cap_outcomes;
   bool out_of_memory; /* an outcome could not be kept: the campaign stops */
};

static void unit_free(struct unit *u)
{
   if (!u)
      return;
   for (size_t i = 0; i < u->num_outcomes; i++)
      free(u->outcomes[i].text);
   free(u->outcomes);
   free(u);
}

/* Counts a case's result in `u`: an equal case only as a number, anything else as an outcome
 * (with a copy of its text when it diverged), which it returns (NULL for an equal case or when
 * out of memory). */
static struct outcome *unit_add(struct unit *u, uint64_t seed, uint32_t variant,
                                enum rdna_status st, const struct rdna_diag *diag,
                                const char *signature, const char *text, size_t length)
{
   bool compared = st == RDNA_OK || st == RDNA_INTERNAL;
   if (compared && strcmp(signature, "equal") == 0) {
      u->same++;
      return NULL;
   }
   if (u->num_outcomes == u->cap_outcomes) {
      size_t cap = u->cap_outcomes ? 2 * u->cap_outcomes : 8;
      struct outcome *grown = realloc(u->outcomes, cap * sizeof(*grown));
      if (!grown) {
         u->out_of_memory = true;
         return NULL;
      }
      u->outcomes = grown;
      u->cap_outcomes = cap;
   }
   struct outcome *o = &u->outcomes[u->num_outcomes++];
   memset(o, 0, sizeof(*o));
   o->seed = seed;
   o->variant = variant;
   o->status = st;
   if (diag)
      o->diag = *diag;
   snprintf(o->signature, sizeof(o->signature), "%s", signature);
   if (compared && text) {
      o->text = malloc(length + 1);
      if (!o->text) {
         u->out_of_memory = true;
         return NULL;
      }
      memcpy(o->text, text, length);
      o->text[length] = '\0';
      o->length = length;
   }
   return o;
}

/* One program alone through rdna_diff_case: the campaign of --batch 1. */
static void run_alone(const struct campaign *f, struct rdna_gpu *gpu, struct unit *u, uint64_t seed,
                      const char *text, size_t length)
{
   char signature[160] = "";
   enum rdna_status st = RDNA_OK;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   if (!signature_of(f, gpu, text, length, signature, sizeof(signature), &st, &diag) &&
       st == RDNA_OK)
      st = RDNA_BAD_ARGUMENT;
   if (st == RDNA_OK || st == RDNA_UNSUPPORTED || st == RDNA_INTERNAL)
      u->pipelines += st == RDNA_OK;
   u->runs++;
   unit_add(u, seed, 0, st, &diag, signature, text, length);
}

/* Cases `seeds[0..n)` with their variants (texts and parsed cases) as one batch. */
static void run_batch(const struct campaign *f, struct rdna_gpu *gpu, struct unit *u,
                      const uint64_t *seeds, const uint32_t *variants, char *const *texts,
                      const size_t *lengths, struct rdna_case *const *cases, size_t n)
{
   struct rdna_batch_result r;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   enum rdna_status st = rdna_diff_batch(gpu, (const struct rdna_case *const *)cases, n,
                                         f->gen.wave_size, NULL, &r, &diag);
   u->pipelines += r.pipelines;
   u->recompile_ns += r.recompile_ns;
   u->compile_ns += r.compile_ns;
   u->run_ns += r.run_ns;
   u->interp_ns += r.interp_ns;
   u->alone_ns += r.alone_ns;
   if (st != RDNA_OK) {
      /* the batch as a whole failed (the device, most likely): the campaign ends */
      struct outcome *o = unit_add(u, seeds[0], variants[0], st, &diag, "", NULL, 0);
      if (o)
         o->batch_failed = true;
      rdna_batch_result_free(&r);
      return;
   }
   for (size_t i = 0; i < n; i++) {
      const struct rdna_batch_case *bc = &r.cases[i];
      char signature[160];
      enum rdna_status case_st = bc->ran_alone ? bc->alone_status : bc->status;
      const struct rdna_diag *case_diag = bc->ran_alone ? &bc->alone_diag : &bc->diag;
      rdna_reduce_signature(case_st, case_diag, bc->ran_alone ? &bc->alone : NULL, signature,
                            sizeof(signature));
      if (bc->batched && bc->ran_alone && bc->alone_status == RDNA_OK && bc->alone.equal)
         u->batch_only++;
      u->runs++;
      unit_add(u, seeds[i], variants[i], case_st, case_diag, signature, texts[i], lengths[i]);
   }
   rdna_batch_result_free(&r);
}

/* Generates and runs unit `u` on `gpu`. Reads only the campaign's options, so workers run units
 * at once. */
static void run_unit(const struct campaign *f, struct rdna_gpu *gpu, struct unit *u)
{
   unsigned variants = f->variants ? f->variants : 1;
   size_t slots = (size_t)u->programs * variants;
   bool batched = slots > 1;
   uint64_t *seeds = calloc(slots, sizeof(*seeds));
   uint32_t *variant = calloc(slots, sizeof(*variant));
   char **texts = calloc(slots, sizeof(*texts));
   size_t *lengths = calloc(slots, sizeof(*lengths));
   struct rdna_case **cases = calloc(slots, sizeof(*cases));
   bool ok = seeds && variant && texts && lengths && cases;
   if (!ok)
      u->out_of_memory = true;
   struct rdna_gen_options gen = f->gen;
   size_t n = 0;
   for (uint64_t p = 0; p < u->programs && ok; p++) {
      uint64_t k = u->first + p;
      for (unsigned v = 0; v < variants && ok; v++, n++) {
         seeds[n] = f->first_seed + k * f->shards + f->shard;
         variant[n] = v;
         gen.seed = seeds[n];
         gen.variant = v;
         gen.base = batched ? (p + 1) * RDNA_BATCH_WINDOW : 0;
         struct rdna_diag diag;
         memset(&diag, 0, sizeof(diag));
         enum rdna_status st = rdna_gen_case(&gen, &texts[n], &lengths[n], &diag);
         if (st == RDNA_OK && batched)
            st = rdna_case_parse(texts[n], lengths[n], NULL, &cases[n], &diag);
         if (st != RDNA_OK) {
            struct outcome *o = unit_add(u, seeds[n], v, st, &diag, "", NULL, 0);
            if (o)
               o->generation_failed = true;
            ok = false;
         }
      }
   }
   if (ok && batched)
      run_batch(f, gpu, u, seeds, variant, texts, lengths, cases, n);
   for (size_t i = 0; ok && !batched && i < n; i++)
      run_alone(f, gpu, u, seeds[i], texts[i], lengths[i]);
   for (size_t i = 0; i < n; i++) {
      free(texts[i]);
      rdna_case_destroy(cases[i]);
   }
   free(seeds);
   free(variant);
   free(texts);
   free(lengths);
   free(cases);
}

/* Adds unit `u` to the campaign's counts and tallies its outcomes in order (a new divergence is
 * reduced on `gpu`, the committing worker's). Returns the code that stops the campaign, if any. */
static int commit_unit(struct campaign *f, struct rdna_gpu *gpu, const struct unit *u)
{
   if (!u || u->out_of_memory) {
      cli_error("fuzz", "out of memory");
      return CLI_EXIT_ENVIRONMENT;
   }
   f->programs += u->programs;
   f->runs += u->runs;
   f->same += u->same;
   f->pipelines += u->pipelines;
   f->batch_only += u->batch_only;
   f->recompile_ns += u->recompile_ns;
   f->compile_ns += u->compile_ns;
   f->run_ns += u->run_ns;
   f->interp_ns += u->interp_ns;
   f->alone_ns += u->alone_ns;
   int code = CLI_EXIT_OK;
   for (size_t i = 0; i < u->num_outcomes && code == CLI_EXIT_OK; i++) {
      const struct outcome *o = &u->outcomes[i];
      if (o->generation_failed) {
         cli_error("fuzz", "seed %llu: %s", (unsigned long long)o->seed, o->diag.message);
         code = o->status == RDNA_NO_MEMORY ? CLI_EXIT_ENVIRONMENT : CLI_EXIT_BAD_INPUT;
      } else {
         code = tally(f, gpu, o->seed, o->variant, o->text, o->length, o->status, &o->diag,
                      o->signature);
         if (code == CLI_EXIT_OK && o->batch_failed)
            code = CLI_EXIT_ENVIRONMENT;
      }
   }
   return code;
}

/* The work the workers share: units handed out in order, finished ones waiting (by index) until
 * every unit before them is committed. Touched only inside critical(fuzz_campaign). */
struct schedule {
   uint64_t num_units, next_unit, next_commit;
   struct unit **finished; /* by unit index; NULL until the unit is done */
   bool *done;
   size_t capacity;
   double start, last_progress;
   int code;
   bool stop;
   struct rdna_gpu **gpus;
   unsigned gpus_taken;
};

/* Hands out the next unit, or returns false when the campaign is over: every unit handed out,
 * a stop, or --time passed (no unit starts after it). */
static bool claim_unit(struct campaign *f, struct schedule *s, struct unit **out)
{
   *out = NULL;
   if (s->stop || s->next_unit >= s->num_units ||
       (f->seconds > 0 && now_seconds() - s->start >= f->seconds))
      return false;
   if (s->next_unit >= s->capacity) {
      size_t capacity = s->capacity ? 2 * s->capacity : 64;
      struct unit **units = realloc(s->finished, capacity * sizeof(*units));
      bool *done = units ? realloc(s->done, capacity * sizeof(*done)) : NULL;
      if (units)
         s->finished = units;
      if (!units || !done) {
         s->stop = true;
         s->code = CLI_EXIT_ENVIRONMENT;
         cli_error("fuzz", "out of memory");
         return false;
      }
      s->done = done;
      memset(units + s->capacity, 0, (capacity - s->capacity) * sizeof(*units));
      memset(done + s->capacity, 0, (capacity - s->capacity) * sizeof(*done));
      s->capacity = capacity;
   }
   struct unit *u = calloc(1, sizeof(*u));
   uint64_t batch = f->batch ? f->batch : 64;
   if (u) {
      u->first = s->next_unit * batch;
      u->programs = f->count - u->first < batch ? f->count - u->first : batch;
   }
   s->next_unit++;
   *out = u;
   return true;
}

/* Files the finished unit `index` and commits, in order, every unit that is then ready. */
static void finish_unit(struct campaign *f, struct schedule *s, struct rdna_gpu *gpu,
                        uint64_t index, struct unit *u)
{
   s->finished[index] = u;
   s->done[index] = true;
   while (s->next_commit < s->next_unit && s->done[s->next_commit]) {
      struct unit *next = s->finished[s->next_commit];
      if (s->code == CLI_EXIT_OK)
         s->code = commit_unit(f, gpu, next);
      if (s->code != CLI_EXIT_OK)
         s->stop = true;
      unit_free(next);
      s->finished[s->next_commit++] = NULL;
      double elapsed = now_seconds() - s->start;
      if (f->tty || elapsed - s->last_progress >= 60) {
         progress(f, elapsed);
         s->last_progress = elapsed;
      }
   }
}

/* The workers: each takes a device context of its own, then units until none is left. One
 * context and no threads beyond the first without OpenMP. */
static void run_workers(struct campaign *f, struct schedule *s)
{
#pragma omp parallel num_threads((int)f->jobs)
   {
      struct rdna_gpu *gpu = NULL;
#pragma omp critical(fuzz_campaign)
      gpu = s->gpus[s->gpus_taken++];
      for (;;) {
         struct unit *u = NULL;
         uint64_t index = 0;
         bool claimed;
#pragma omp critical(fuzz_campaign)
         {
            index = s->next_unit;
            claimed = claim_unit(f, s, &u);
         }
         if (!claimed)
            break;
         if (u)
            run_unit(f, gpu, u);
#pragma omp critical(fuzz_campaign)
         finish_unit(f, s, gpu, index, u);
      }
   }
}

static int run_campaign(struct campaign *f, struct rdna_gpu **gpus)
{
   unsigned batch = f->batch ? f->batch : 64;
   unsigned variants = f->variants ? f->variants : 1;
   bool batched = (size_t)batch * variants > 1;
   struct schedule s;
   memset(&s, 0, sizeof(s));
   s.num_units = f->count / batch + (f->count % batch != 0);
   s.gpus = gpus;
   s.start = now_seconds();
   run_workers(f, &s);
   for (uint64_t i = s.next_commit; i < s.next_unit; i++)
      unit_free(s.finished[i]); /* finished after a stop */
   free(s.finished);
   free(s.done);
   int code = s.code;
   double elapsed = now_seconds() - s.start;
   if (f->tty)
      fputs("\r\033[K", stderr);
   if (variants > 1)
      printf("%llu programs x %u variants: ", (unsigned long long)f->programs, variants);
   char jobs[32] = "";
   if (f->jobs > 1)
      snprintf(jobs, sizeof(jobs), " with %u jobs", f->jobs);
   printf("%llu %s in %.1f s%s (%.2f/s): %llu same, %llu diverged in %zu ways, %llu "
          "unsupported, %llu errors\n",
          (unsigned long long)f->runs, variants > 1 ? "cases" : "programs", elapsed, jobs,
          elapsed > 0 ? (double)f->runs / elapsed : 0.0, (unsigned long long)f->same,
          (unsigned long long)f->diverged, f->num_signatures, (unsigned long long)f->unsupported,
          (unsigned long long)f->errors);
   uint64_t compared = f->same + f->diverged;
   printf("%llu pipeline compiles, %.1f compared %s per pipeline; %llu diverged only in "
          "a batch\n",
          (unsigned long long)f->pipelines,
          f->pipelines ? (double)compared / (double)f->pipelines : 0.0,
          variants > 1 ? "cases" : "programs", (unsigned long long)f->batch_only);
   if (batched)
      printf("time in batches%s: recompile %.2f s, driver compile %.2f s, dispatch %.2f s, "
             "interpreter %.2f s, runs alone %.2f s\n",
             f->jobs > 1 ? " (summed over jobs)" : "", (double)f->recompile_ns / 1e9,
             (double)f->compile_ns / 1e9, (double)f->run_ns / 1e9, (double)f->interp_ns / 1e9,
             (double)f->alone_ns / 1e9);
   if (f->num_gaps) {
      qsort(f->gaps, f->num_gaps, sizeof(*f->gaps), compare_gaps);
      printf("instructions the recompiler does not lower yet (programs):");
      for (size_t i = 0; i < f->num_gaps && i < 12; i++)
         printf(" %s (%u)", f->gaps[i].mnemonic, f->gaps[i].count);
      putchar('\n');
   }
   if (code == CLI_EXIT_OK && f->diverged)
      code = CLI_EXIT_MISMATCH;
   return code;
}

int cmd_fuzz(int argc, char **argv)
{
   struct campaign f;
   memset(&f, 0, sizeof(f));
   f.gen.target = RDNA_TARGET_GFX1030;
   f.gen.wave_size = 32;
   f.gen.count = 100;
   f.count = 100;
   f.first_seed = 1;
   f.shards = 1;
   f.batch = 64;
   f.jobs = 1;
   f.out = "fuzz-findings";
   f.reduce = true;
   bool help = false;
   int code = parse_options(argc, argv, &f, &help);
   if (code != CLI_EXIT_OK || help) {
      if (help)
         fuzz_help(stdout);
      return code;
   }
   if (mkdir(f.out, 0777) != 0 && errno != EEXIST) {
      cli_error("fuzz", "cannot create '%s': %s", f.out, strerror(errno));
      return CLI_EXIT_ENVIRONMENT;
   }
#ifndef _OPENMP
   f.jobs = 1; /* no worker threads without OpenMP */
#endif
   /* A device context per job, all opened before the campaign starts. */
   struct rdna_gpu **gpus = calloc(f.jobs, sizeof(*gpus));
   if (!gpus) {
      cli_error("fuzz", "out of memory");
      return CLI_EXIT_ENVIRONMENT;
   }
   struct rdna_gpu_options options = { f.device, false };
   for (unsigned j = 0; j < f.jobs && code == CLI_EXIT_OK; j++) {
      struct rdna_diag diag;
      enum rdna_status st = rdna_gpu_open(&options, &gpus[j], &diag);
      if (st != RDNA_OK) {
         cli_error("fuzz", "%s: %s", rdna_status_message(st), diag.message);
         code = CLI_EXIT_ENVIRONMENT;
      }
   }
   f.tty = isatty(2);
   if (code == CLI_EXIT_OK)
      code = run_campaign(&f, gpus);
   for (unsigned j = 0; j < f.jobs; j++)
      rdna_gpu_close(gpus[j]);
   free(gpus);
   free(f.signatures);
   free(f.gaps);
   return code;
}
