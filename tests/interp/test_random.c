/* Random programs (include/rdna/gen.h) through the case loader and the interpreter, in-process,
 * in wave32 and wave64 on both targets: every generated case parses and loads, every run ends in
 * a status (s_endpgm or a fault with a kind and a message, never a host crash or hang: the ASan
 * build runs this too), and the faults the generator promises to avoid (code that does not
 * decode, jumps out of the code) never happen. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "rdna/gen.h"
#include "rdna/run.h"

#define PROGRAM_LENGTH 1000

struct tally {
   unsigned runs, ended, faulted;
};

static char *generate(enum rdna_target target, unsigned wave, uint64_t seed, size_t *length)
{
   struct rdna_gen_options options = {
      .target = target, .wave_size = wave, .count = PROGRAM_LENGTH, .seed = seed
   };
   char *text = NULL;
   struct rdna_diag diag;
   cr_assert_eq(rdna_gen_case(&options, &text, length, &diag), RDNA_OK, "seed %llu: %s",
                (unsigned long long)seed, diag.message);
   cr_assert_not_null(text);
   cr_assert_eq(strlen(text), *length);
   return text;
}

static void run_seed(enum rdna_target target, unsigned wave, uint64_t seed, struct tally *tally)
{
   size_t length = 0;
   char *text = generate(target, wave, seed, &length);
   struct rdna_case *c = NULL;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   cr_assert_eq(rdna_case_parse(text, length, "random", &c, &diag), RDNA_OK,
                "seed %llu wave%u: line %u column %u: %s", (unsigned long long)seed, wave,
                diag.line, diag.column, diag.message);
   struct rdna_case_result result;
   cr_assert_eq(rdna_case_run(c, wave, NULL, &result, &diag), RDNA_OK, "seed %llu wave%u: %s",
                (unsigned long long)seed, wave, diag.message);
   cr_assert_leq(result.steps, rdna_case_steps(c) * result.waves);
   tally->runs++;
   if (result.faulted) {
      tally->faulted++;
      cr_assert_lt(result.fault.kind, RDNA_FAULT_KIND_COUNT);
      cr_assert_neq(result.fault.kind, RDNA_FAULT_NONE);
      cr_assert_neq(result.fault.message[0], '\0');
      cr_assert_neq(result.fault.kind, RDNA_FAULT_ILLEGAL_INSTRUCTION,
                    "seed %llu wave%u: the generator wrote code that does not decode: %s",
                    (unsigned long long)seed, wave, result.fault.message);
      cr_assert_neq(result.fault.kind, RDNA_FAULT_BAD_JUMP,
                    "seed %llu wave%u: a generated branch left the code: %s",
                    (unsigned long long)seed, wave, result.fault.message);
   } else {
      tally->ended++;
   }
   rdna_case_result_free(&result);
   rdna_case_destroy(c);
   free(text);
}

static void run_seeds(enum rdna_target target, unsigned wave, uint64_t first, unsigned count)
{
   struct tally tally = { 0, 0, 0 };
   for (uint64_t seed = first; seed < first + count; seed++)
      run_seed(target, wave, seed, &tally);
   cr_assert_eq(tally.runs, count);
   /* Most programs must reach s_endpgm: a generator whose programs mostly fault early tests
    * little. */
   cr_expect_geq(tally.ended * 2, count, "only %u of %u programs ended without a fault",
                 tally.ended, count);
}

Test(random, wave32_programs_end_in_a_status)
{
   run_seeds(RDNA_TARGET_GFX1030, 32, 1, 60);
}

Test(random, wave64_programs_end_in_a_status)
{
   run_seeds(RDNA_TARGET_GFX1030, 64, 1001, 60);
}

Test(random, gfx1013_programs_end_in_a_status)
{
   run_seeds(RDNA_TARGET_GFX1013, 32, 2001, 20);
   run_seeds(RDNA_TARGET_GFX1013, 64, 3001, 20);
}

Test(random, same_seed_same_case)
{
   size_t a_length, b_length, c_length;
   char *a = generate(RDNA_TARGET_GFX1030, 32, 42, &a_length);
   char *b = generate(RDNA_TARGET_GFX1030, 32, 42, &b_length);
   char *c = generate(RDNA_TARGET_GFX1030, 32, 43, &c_length);
   cr_assert_eq(a_length, b_length);
   cr_assert_str_eq(a, b);
   cr_assert_str_neq(a, c);
   free(a);
   free(b);
   free(c);
}

Test(random, program_has_the_requested_length)
{
   /* Count the instruction lines of [program]: indented lines up to the next section. */
   size_t length;
   char *text = generate(RDNA_TARGET_GFX1030, 64, 7, &length);
   const char *p = strstr(text, "[program]\n");
   cr_assert_not_null(p);
   p += strlen("[program]\n");
   unsigned instructions = 0;
   while (*p && *p != '[') {
      if (p[0] == ' ' && p[1] == ' ')
         instructions++;
      const char *nl = strchr(p, '\n');
      p = nl ? nl + 1 : p + strlen(p);
   }
   cr_expect_eq(instructions, PROGRAM_LENGTH);
   free(text);
}

Test(random, bad_options_are_refused)
{
   char *text = (char *)1;
   struct rdna_diag diag;
   struct rdna_gen_options options = {
      .target = RDNA_TARGET_GFX1030, .wave_size = 48, .count = 10, .seed = 1
   };
   cr_expect_eq(rdna_gen_case(&options, &text, NULL, &diag), RDNA_BAD_ARGUMENT);
   cr_expect_null(text);
   cr_expect_neq(diag.message[0], '\0');
   options.wave_size = 32;
   options.count = 0;
   cr_expect_eq(rdna_gen_case(&options, &text, NULL, &diag), RDNA_BAD_ARGUMENT);
   options.count = 10;
   options.classes = 1u << 30;
   cr_expect_eq(rdna_gen_case(&options, &text, NULL, &diag), RDNA_BAD_ARGUMENT);
   cr_expect_eq(rdna_gen_case(NULL, &text, NULL, &diag), RDNA_BAD_ARGUMENT);
}

Test(random, shortest_program_is_s_endpgm)
{
   struct rdna_gen_options options = {
      .target = RDNA_TARGET_GFX1013, .wave_size = 64, .count = 1, .seed = 5
   };
   char *text = NULL;
   size_t length = 0;
   struct rdna_diag diag;
   cr_assert_eq(rdna_gen_case(&options, &text, &length, &diag), RDNA_OK, "%s", diag.message);
   const char *program = strstr(text, "[program]\n");
   cr_assert_not_null(program);
   const char *want = "[program]\n  s_endpgm\n\n[init]";
   cr_expect(strncmp(program, want, strlen(want)) == 0, "%s", program);
   struct rdna_case *c = NULL;
   cr_assert_eq(rdna_case_parse(text, length, "random", &c, &diag), RDNA_OK, "%s", diag.message);
   struct rdna_case_result result;
   cr_assert_eq(rdna_case_run(c, 64, NULL, &result, &diag), RDNA_OK, "%s", diag.message);
   cr_expect(result.passed);
   cr_expect_eq(result.steps, 1);
   rdna_case_result_free(&result);
   rdna_case_destroy(c);
   free(text);
}

/* A program longer than a branch's 16-bit reach (12,000 instructions, more than 32,767 dwords):
 * every branch is short, so it assembles, and it runs to a status like the short ones. */
Test(random, long_program_assembles_and_runs)
{
   struct rdna_gen_options options = {
      .target = RDNA_TARGET_GFX1030, .wave_size = 32, .count = 12000, .seed = 77
   };
   char *text = NULL;
   size_t length = 0;
   struct rdna_diag diag;
   cr_assert_eq(rdna_gen_case(&options, &text, &length, &diag), RDNA_OK, "%s", diag.message);
   struct rdna_case *c = NULL;
   cr_assert_eq(rdna_case_parse(text, length, "random", &c, &diag), RDNA_OK,
                "line %u column %u: %s", diag.line, diag.column, diag.message);
   struct rdna_case_result result;
   cr_assert_eq(rdna_case_run(c, 32, NULL, &result, &diag), RDNA_OK, "%s", diag.message);
   cr_expect_gt(result.steps, 0);
   if (result.faulted)
      cr_expect_neq(result.fault.kind, RDNA_FAULT_ILLEGAL_INSTRUCTION, "%s", result.fault.message);
   rdna_case_result_free(&result);
   rdna_case_destroy(c);
   free(text);
}

/* ---- the generated programs against llvm-mc-14 --------------------------------------------- */

/* The program text of a generated case: the lines between [program] and [init]. */
static char *program_text(const char *text)
{
   const char *begin = strstr(text, "[program]\n");
   const char *end = strstr(text, "\n[init]");
   cr_assert(begin && end && end > begin);
   begin += strlen("[program]\n");
   size_t n = (size_t)(end - begin);
   char *program = malloc(n + 2);
   cr_assert_not_null(program);
   memcpy(program, begin, n);
   program[n] = '\n';
   program[n + 1] = '\0';
   return program;
}

/* llvm-mc (RDNA_LLVM_MC, else llvm-mc-14, else llvm-mc) assembles the generated program to the
 * same bytes as rdna_assemble: every generated instruction is one llvm-mc accepts, encoded the
 * way llvm-mc encodes it. Skipped when llvm-mc or llvm-objcopy is missing. */
Test(random, programs_assemble_as_llvm_mc_does)
{
   const char *mc = getenv("RDNA_LLVM_MC");
   if (!mc || !*mc)
      mc = system("command -v llvm-mc-14 >/dev/null 2>&1") == 0 ? "llvm-mc-14" : "llvm-mc";
   char check[256];
   snprintf(check, sizeof(check),
            "command -v %s >/dev/null 2>&1 && command -v llvm-objcopy-14 "
            ">/dev/null 2>&1",
            mc);
   if (system(check) != 0)
      cr_skip_test("llvm-mc or llvm-objcopy-14 not found");
   static const struct {
      enum rdna_target target;
      unsigned wave;
   } configs[] = { { RDNA_TARGET_GFX1030, 32 },
                   { RDNA_TARGET_GFX1030, 64 },
                   { RDNA_TARGET_GFX1013, 32 },
                   { RDNA_TARGET_GFX1013, 64 } };
   char dir[] = "/tmp/rdna_random_XXXXXX";
   cr_assert_not_null(mkdtemp(dir));
   for (size_t k = 0; k < sizeof(configs) / sizeof(configs[0]); k++) {
      size_t length;
      char *text = generate(configs[k].target, configs[k].wave, 500 + k, &length);
      char *program = program_text(text);
      char path[256], command[1024];
      snprintf(path, sizeof(path), "%s/p.s", dir);
      FILE *f = fopen(path, "w");
      cr_assert_not_null(f);
      fputs(program, f);
      fclose(f);
      snprintf(command, sizeof(command),
               "%s -arch=amdgcn -mcpu=%s%s -filetype=obj %s/p.s -o %s/p.o && "
               "llvm-objcopy-14 -O binary --only-section=.text %s/p.o %s/p.bin",
               mc, rdna_target_name(configs[k].target),
               configs[k].wave == 64 ? " -mattr=+wavefrontsize64" : "", dir, dir, dir, dir);
      cr_assert_eq(system(command), 0, "llvm-mc refused the program of seed %zu", 500 + k);
      snprintf(path, sizeof(path), "%s/p.bin", dir);
      f = fopen(path, "rb");
      cr_assert_not_null(f);
      static uint8_t bytes[1 << 16];
      size_t got = fread(bytes, 1, sizeof(bytes), f);
      fclose(f);

      struct rdna_isa_config isa = { configs[k].target, configs[k].wave };
      struct rdna_code *code = NULL;
      struct rdna_diag diag;
      cr_assert_eq(rdna_assemble(&isa, program, strlen(program), "random", &code, &diag), RDNA_OK,
                   "%s", diag.message);
      size_t num_words = 0;
      const uint32_t *words = rdna_code_words(code, &num_words);
      cr_assert_eq(got, num_words * 4, "llvm-mc: %zu bytes, rdna: %zu", got, num_words * 4);
      for (size_t i = 0; i < num_words; i++) {
         uint32_t theirs = (uint32_t)bytes[4 * i] | (uint32_t)bytes[4 * i + 1] << 8 |
                           (uint32_t)bytes[4 * i + 2] << 16 | (uint32_t)bytes[4 * i + 3] << 24;
         cr_assert_eq(words[i], theirs, "%s wave%u dword %zu: 0x%08x, llvm-mc 0x%08x",
                      rdna_target_name(configs[k].target), configs[k].wave, i, words[i], theirs);
      }
      rdna_code_destroy(code);
      free(program);
      free(text);
   }
   char command[300];
   snprintf(command, sizeof(command), "rm -rf %s", dir);
   cr_expect_eq(system(command), 0);
}

/* With a base, the buffer goes there and the program right after its 8192 bytes; the program and
 * registers are those of the same seed without one, so a batch slot changes only addresses. */
Test(random, a_base_places_the_regions_and_keeps_the_program)
{
   struct rdna_gen_options options = {
      .target = RDNA_TARGET_GFX1030, .wave_size = 32, .count = 40, .seed = 9
   };
   char *plain = NULL, *placed = NULL;
   cr_assert_eq(rdna_gen_case(&options, &plain, NULL, NULL), RDNA_OK);
   options.base = 3ull << 32;
   cr_assert_eq(rdna_gen_case(&options, &placed, NULL, NULL), RDNA_OK);
   struct rdna_case *c = NULL;
   struct rdna_diag diag;
   cr_assert_eq(rdna_case_parse(placed, strlen(placed), NULL, &c, &diag), RDNA_OK, "%s",
                diag.message);
   struct rdna_case_region data, program;
   cr_assert(rdna_case_region(c, (size_t)rdna_case_find_region(c, "data"), &data));
   cr_assert(rdna_case_region(c, (size_t)rdna_case_find_region(c, "main"), &program));
   cr_assert_eq(data.address, 3ull << 32);
   cr_assert_eq(program.address, (3ull << 32) + 8192);
   cr_assert_eq(rdna_case_entry(c), program.address);
   const char *code_plain = strstr(plain, "\n[program]\n");
   const char *code_placed = strstr(placed, "\n[program main @0x300002000]\n");
   cr_assert(code_plain && code_placed, "%s", placed);
   cr_assert_str_eq(code_plain + strlen("\n[program]\n"),
                    code_placed + strlen("\n[program main @0x300002000]\n"));
   rdna_case_destroy(c);
   free(plain);
   free(placed);
   options.base = 0x1080; /* not a multiple of 256 */
   cr_expect_eq(rdna_gen_case(&options, &placed, NULL, &diag), RDNA_BAD_ARGUMENT);
   options.base = RDNA_GEN_MAX_BASE;
   cr_expect_eq(rdna_gen_case(&options, &placed, NULL, &diag), RDNA_BAD_ARGUMENT);
}

/* The text between `from` and the next section header after it. */
static char *section(const char *text, const char *from)
{
   const char *start = strstr(text, from);
   cr_assert_not_null(start, "no '%s' in %s", from, text);
   start += strlen(from);
   const char *end = strstr(start, "\n[");
   size_t n = end ? (size_t)(end - start) : strlen(start);
   char *out = malloc(n + 1);
   cr_assert_not_null(out);
   memcpy(out, start, n);
   out[n] = '\0';
   return out;
}

/* Variants keep the program and draw the data: the [program] section is the seed's in every
 * variant, the [buffer] and [init] sections differ between variants, and variant 0 is the case
 * without a variant. */
Test(random, variants_keep_the_program_and_change_the_data)
{
   struct rdna_gen_options options = {
      .target = RDNA_TARGET_GFX1030, .wave_size = 64, .count = 60, .seed = 77, .base = 1ull << 32
   };
   char *texts[3] = { NULL, NULL, NULL }, *plain = NULL;
   cr_assert_eq(rdna_gen_case(&options, &plain, NULL, NULL), RDNA_OK);
   for (uint32_t v = 0; v < 3; v++) {
      options.variant = v;
      cr_assert_eq(rdna_gen_case(&options, &texts[v], NULL, NULL), RDNA_OK);
   }
   cr_assert_str_eq(texts[0], plain, "variant 0 is the seed's case");
   char *program0 = section(texts[0], "\n[program main @0x100002000]\n");
   char *buffer0 = section(texts[0], "\n[buffer data @0x100000000]\n");
   char *init0 = section(texts[0], "\n[init]\n");
   for (unsigned v = 1; v < 3; v++) {
      char *program = section(texts[v], "\n[program main @0x100002000]\n");
      char *buffer = section(texts[v], "\n[buffer data @0x100000000]\n");
      char *init = section(texts[v], "\n[init]\n");
      cr_assert_str_eq(program, program0, "variant %u keeps the program", v);
      cr_assert_str_neq(buffer, buffer0, "variant %u has its own buffer contents", v);
      cr_assert_str_neq(init, init0, "variant %u has its own initial registers", v);
      struct rdna_case *c = NULL;
      struct rdna_diag diag;
      cr_assert_eq(rdna_case_parse(texts[v], strlen(texts[v]), NULL, &c, &diag), RDNA_OK,
                   "variant %u: %s", v, diag.message);
      rdna_case_destroy(c);
      free(program);
      free(buffer);
      free(init);
   }
   char *again = NULL;
   options.variant = 2;
   cr_assert_eq(rdna_gen_case(&options, &again, NULL, NULL), RDNA_OK);
   cr_assert_str_eq(again, texts[2], "the same seed and variant give the same case");
   free(again);
   free(program0);
   free(buffer0);
   free(init0);
   free(plain);
   for (unsigned v = 0; v < 3; v++)
      free(texts[v]);
}

Test(random, feature_lists_name_the_classes)
{
   unsigned classes = 0;
   cr_assert(rdna_gen_parse_features("salu,vcmp,flow", &classes));
   cr_assert_eq(classes, RDNA_GEN_SALU | RDNA_GEN_VCMP_INT | RDNA_GEN_FLOW);
   char text[64];
   rdna_gen_features_text(classes, text, sizeof(text));
   cr_assert_str_eq(text, "salu,vcmp,flow");
   cr_assert(rdna_gen_parse_features("all", &classes));
   cr_assert_eq(classes, RDNA_GEN_DEFAULT_CLASSES | RDNA_GEN_VALU_FLOAT);
   cr_assert_not(rdna_gen_parse_features("salu,bogus", &classes));
   cr_assert_not(rdna_gen_parse_features("", &classes));
   rdna_gen_features_text(RDNA_GEN_SALU | RDNA_GEN_SMEM, text, 6);
   cr_assert_str_eq(text, "salu,", "truncated to the buffer");
}
