/* The size guard: a fixed set of programs (corpus cases across instruction classes and the
 * seed-shaped relative-addressing program of bench/measure.h under each lowering) is recompiled
 * at subgroup sizes 32 and 8, and no module may have more SPIR-V words than the budget recorded
 * in tests/recomp/size_budget.txt. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "measure.h"
#include "rdna/recomp.h"
#include "recomp/recomp_internal.h"

#define SEED_PREFIX "seed:"

struct budget {
   char program[160];
   unsigned subgroup;
   unsigned long words;
   unsigned line;
};

static char *source_path(const char *relative)
{
   const char *root = getenv("RDNA_SOURCE_DIR");
   size_t len = strlen(root ? root : ".") + strlen(relative) + 2;
   char *path = malloc(len);
   cr_assert_not_null(path);
   snprintf(path, len, "%s/%s", root ? root : ".", relative);
   return path;
}

static char *read_text(const char *path)
{
   FILE *f = fopen(path, "rb");
   cr_assert_not_null(f, "cannot open %s", path);
   fseek(f, 0, SEEK_END);
   long size = ftell(f);
   fseek(f, 0, SEEK_SET);
   char *text = malloc((size_t)size + 1);
   cr_assert_not_null(text);
   cr_assert_eq(fread(text, 1, (size_t)size, f), (size_t)size);
   text[size] = '\0';
   fclose(f);
   return text;
}

/* The budget file's rows: "PROGRAM SUBGROUP WORDS", '#' starts a comment. */
static size_t read_budgets(struct budget *out, size_t max)
{
   char *path = source_path("tests/recomp/size_budget.txt");
   char *text = read_text(path);
   size_t n = 0;
   unsigned line = 0;
   for (char *save = NULL, *row = strtok_r(text, "\n", &save); row;
        row = strtok_r(NULL, "\n", &save)) {
      line++;
      if (row[0] == '#' || row[0] == '\0')
         continue;
      cr_assert_lt(n, max, "too many budget rows");
      struct budget *b = &out[n];
      cr_assert_eq(sscanf(row, "%159s %u %lu", b->program, &b->subgroup, &b->words), 3,
                   "size_budget.txt line %u: expected PROGRAM SUBGROUP WORDS", line);
      b->line = line;
      n++;
   }
   free(text);
   free(path);
   return n;
}

/* The module's word count for one budget row. */
static size_t recompiled_words(const struct budget *b)
{
   struct rdna_case *c = NULL;
   struct rdna_diag diag;
   enum rdna_relative_lowering lowering = RDNA_RELATIVE_DEFAULT;
   char *text;
   if (strncmp(b->program, SEED_PREFIX, strlen(SEED_PREFIX)) == 0) {
      cr_assert(rdna_relative_lowering_parse(b->program + strlen(SEED_PREFIX), &lowering),
                "%s: no such lowering", b->program);
      struct bench_program_shape shape = {
         32, BENCH_SEED_VGPRS, BENCH_SEED_WORDS, 0, BENCH_SEED_RELATIVE, false, false, 4
      };
      struct bench_program prog;
      cr_assert(bench_program_build(&shape, &prog));
      text = prog.text;
   } else {
      char *path = source_path(b->program);
      text = read_text(path);
      free(path);
   }
   cr_assert_eq(rdna_case_parse(text, strlen(text), b->program, &c, &diag), RDNA_OK, "%s:%u: %s",
                b->program, diag.line, diag.message);
   free(text);
   unsigned wave = rdna_case_waves(c) & RDNA_CASE_WAVE32 ? 32 : 64;
   struct rdna_recomp_options o = { .wave_size = wave,
                                    .subgroup_size = b->subgroup,
                                    .relative = lowering };
   struct rdna_module *m = NULL;
   /* Without the in-process validation: the other recompiler tests validate, this one counts. */
   enum rdna_status st = recomp_case(c, &o, false, &m, &diag);
   cr_assert_eq(st, RDNA_OK, "%s: %s", b->program, diag.message);
   size_t n = 0;
   rdna_module_words(m, &n);
   rdna_module_destroy(m);
   rdna_case_destroy(c);
   return n;
}

/* False, with the program, the count and the budget in `message`, when `words` is over budget. */
static bool within_budget(const struct budget *b, size_t words, char *message, size_t size)
{
   if (words <= b->words)
      return true;
   snprintf(message, size,
            "%s at subgroup %u: %zu SPIR-V words, over its budget of %lu (size_budget.txt line "
            "%u)",
            b->program, b->subgroup, words, b->words, b->line);
   return false;
}

Test(size_guard, every_program_within_its_budget)
{
   struct budget budgets[64];
   size_t n = read_budgets(budgets, 64);
   unsigned over = 0;
   for (size_t i = 0; i < n; i++) {
      size_t words = recompiled_words(&budgets[i]);
      char message[320];
      if (!within_budget(&budgets[i], words, message, sizeof(message))) {
         cr_log_error("%s", message);
         over++;
      }
   }
   cr_assert_eq(over, 0, "%u program(s) over their SPIR-V word budget", over);
}

/* The guard covers what it says: both subgroup sizes, the seed-shaped program under every
 * lowering and a dozen corpus cases. */
Test(size_guard, budget_covers_the_fixed_set)
{
   struct budget budgets[64];
   size_t n = read_budgets(budgets, 64);
   unsigned corpus[2] = { 0, 0 }, seed[2] = { 0, 0 };
   for (size_t i = 0; i < n; i++) {
      cr_assert(budgets[i].subgroup == 32 || budgets[i].subgroup == 8, "%s: subgroup %u",
                budgets[i].program, budgets[i].subgroup);
      unsigned s = budgets[i].subgroup == 32 ? 0 : 1;
      if (strncmp(budgets[i].program, SEED_PREFIX, strlen(SEED_PREFIX)) == 0)
         seed[s]++;
      else
         corpus[s]++;
   }
   for (unsigned s = 0; s < 2; s++) {
      cr_assert_geq(corpus[s], 12, "only %u corpus cases at subgroup %u", corpus[s], s ? 8 : 32);
      cr_assert_eq(seed[s], 4, "the seed-shaped program under %u lowerings at subgroup %u", seed[s],
                   s ? 8 : 32);
   }
}

/* A module one word over its budget fails with the program, the budget and the count named. */
Test(size_guard, over_budget_message_names_program_budget_and_count)
{
   struct budget b = { "corpus/salu/add_carry_64.case", 32, 0, 7 };
   size_t words = recompiled_words(&b);
   cr_assert_gt(words, 5, "a module has a header of five words");
   char message[320] = "";
   b.words = words;
   cr_assert(within_budget(&b, words, message, sizeof(message)));
   b.words = words - 1;
   cr_assert_not(within_budget(&b, words, message, sizeof(message)));
   char count[32], budget[48];
   snprintf(count, sizeof(count), "%zu SPIR-V words", words);
   snprintf(budget, sizeof(budget), "budget of %zu", words - 1);
   cr_assert_not_null(strstr(message, "corpus/salu/add_carry_64.case"), "%s", message);
   cr_assert_not_null(strstr(message, count), "%s", message);
   cr_assert_not_null(strstr(message, budget), "%s", message);
}
