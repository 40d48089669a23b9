/* The benchmarks' measurement code (bench/measure.h): the power-law fit, SPIR-V opcode counts,
 * the generated programs and the SVG plots. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "measure.h"
#include "rdna/case.h"

Test(fit, recovers_the_exponent_of_a_power_law)
{
   double x[4] = { 2000, 4000, 8000, 16000 }, y[4];
   for (int i = 0; i < 4; i++)
      y[i] = 3e-6 * pow(x[i], 1.23);
   double slope = 0;
   cr_assert(bench_fit_exponent(x, y, 4, &slope));
   cr_assert_float_eq(slope, 1.23, 1e-9);
}

Test(fit, least_squares_over_noisy_points)
{
   /* log2 y = 0, 1.5, 1.5, 3 over log2 x = 0..3: the least-squares slope is
    * sum((i - 1.5) * (v - 1.5)) / sum((i - 1.5)^2) = (2.25 + 0 + 0 + 2.25) / 5 = 0.9. */
   double x[4] = { 1, 2, 4, 8 }, y[4] = { 1, pow(2, 1.5), pow(2, 1.5), 8 };
   double slope = 0;
   cr_assert(bench_fit_exponent(x, y, 4, &slope));
   cr_assert_float_eq(slope, 0.9, 1e-9);
}

Test(fit, rejects_what_has_no_slope)
{
   double x[3] = { 1, 2, 4 }, y[3] = { 1, 0, 3 }, same[3] = { 5, 5, 5 }, slope = 0;
   cr_assert_not(bench_fit_exponent(x, y, 1, &slope), "one point");
   cr_assert_not(bench_fit_exponent(x, y, 3, &slope), "a zero time has no logarithm");
   cr_assert_not(bench_fit_exponent(same, x, 3, &slope), "every x equal");
   y[1] = NAN;
   cr_assert_not(bench_fit_exponent(x, y, 3, &slope), "a missing measurement");
}

/* SPIR-V instruction words: word count in the high half, opcode in the low (SPIR-V spec 2.3);
 * opcodes from the spec's instruction table: OpFunction 54, OpSelect 169, OpPhi 245, OpLabel
 * 248, OpSwitch 251, OpReturn 253. */
#define INST(count, opcode) (((uint32_t)(count) << 16) | (opcode))

Test(spirv_count, counts_selects_phis_blocks_and_switches)
{
   const uint32_t words[] = {
      0x07230203,   0x00010500, 0,  100, 0,     /* header */
      INST(5, 54),  1,          2,  0,   3,     /* OpFunction */
      INST(2, 248), 4,                          /* OpLabel */
      INST(6, 169), 1,          5,  6,   7,  8, /* OpSelect */
      INST(5, 251), 9,          10, 0,   11,    /* OpSwitch with one case */
      INST(2, 248), 10,                         /* OpLabel */
      INST(5, 245), 1,          12, 7,   4,     /* OpPhi */
      INST(6, 169), 1,          13, 6,   7,  8, /* OpSelect */
      INST(1, 253),                             /* OpReturn */
   };
   struct bench_spirv_stats s;
   cr_assert(bench_spirv_count(words, sizeof(words) / sizeof(words[0]), &s));
   cr_assert_eq(s.words, sizeof(words) / sizeof(words[0]));
   cr_assert_eq(s.instructions, 8);
   cr_assert_eq(s.functions, 1);
   cr_assert_eq(s.blocks, 2);
   cr_assert_eq(s.selects, 2);
   cr_assert_eq(s.phis, 1);
   cr_assert_eq(s.switches, 1);
}

Test(spirv_count, rejects_words_that_are_no_module)
{
   uint32_t words[8] = { 0x07230203, 0x00010500, 0, 100, 0, INST(2, 248), 4, 0 };
   struct bench_spirv_stats s;
   cr_assert(bench_spirv_count(words, 7, &s));
   cr_assert_not(bench_spirv_count(words, 4, &s), "shorter than the header");
   cr_assert_not(bench_spirv_count(words, 8, &s), "an instruction of word count 0");
   words[5] = INST(3, 248);
   cr_assert_not(bench_spirv_count(words, 7, &s), "an instruction running past the end");
   words[5] = INST(2, 248);
   words[0] = 0x03022307;
   cr_assert_not(bench_spirv_count(words, 7, &s), "the magic number byte-swapped");
}

/* The program's own count of ISA words against the assembler's bytes. */
static size_t assembled_words(const char *text, unsigned wave)
{
   struct rdna_case *c = NULL;
   struct rdna_diag diag;
   cr_assert_eq(rdna_case_parse(text, strlen(text), "bench", &c, &diag), RDNA_OK, "line %u: %s",
                diag.line, diag.message);
   size_t size = 0;
   cr_assert_not_null(rdna_case_region_bytes(c, 0, wave, &size));
   rdna_case_destroy(c);
   return size / 4;
}

static unsigned occurrences(const char *text, const char *what)
{
   unsigned n = 0;
   for (const char *p = strstr(text, what); p; p = strstr(p + 1, what))
      n++;
   return n;
}

Test(program, seed_shape_has_its_words_and_relative_accesses)
{
   struct bench_program_shape shape = {
      32, BENCH_SEED_VGPRS, BENCH_SEED_WORDS, 0, BENCH_SEED_RELATIVE, false, false, 4
   };
   struct bench_program p;
   cr_assert(bench_program_build(&shape, &p));
   cr_assert_eq(assembled_words(p.text, 32), p.words);
   cr_assert_geq(p.words, BENCH_SEED_WORDS - 1);
   cr_assert_leq(p.words, BENCH_SEED_WORDS + 1);
   cr_assert_eq(p.relative, BENCH_SEED_RELATIVE);
   cr_assert_eq(occurrences(p.text, "v_movrels_b32") + occurrences(p.text, "v_movreld_b32"),
                BENCH_SEED_RELATIVE);
   cr_assert_eq(occurrences(p.text, "\n  "), p.insts, "one instruction per indented line");
   bench_program_free(&p);

   shape.plain = true;
   cr_assert(bench_program_build(&shape, &p));
   cr_assert_eq(occurrences(p.text, "v_movrel"), 0);
   cr_assert_eq(assembled_words(p.text, 32), p.words);
   bench_program_free(&p);
}

Test(program, ladder_shape_has_branches_calls_and_its_size)
{
   struct bench_program_shape shape = { 32, 64, 30000, 2000, 20, false, true, 9 };
   struct bench_program p;
   cr_assert(bench_program_build(&shape, &p));
   cr_assert_eq(assembled_words(p.text, 32), p.words);
   /* The main body stops at 2,000 instructions (a branch over up to four may end past it);
    * four leaf functions of four instructions follow. */
   cr_assert_geq(p.insts, 2000 + 16);
   cr_assert_leq(p.insts, 2000 + 16 + 5);
   cr_assert_eq(occurrences(p.text, "\n  "), p.insts, "one instruction per indented line");
   cr_assert_gt(p.branches, 10);
   cr_assert_gt(p.calls, 10);
   cr_assert_eq(occurrences(p.text, "s_cbranch_scc1"), p.branches);
   cr_assert_eq(occurrences(p.text, "s_call_b64"), p.calls);
   cr_assert_eq(occurrences(p.text, "s_setpc_b64"), 4);
   cr_assert_geq(p.relative, 15);
   cr_assert_leq(p.relative, 20);
   cr_assert_eq(occurrences(p.text, "v_movrel"), p.relative);
   bench_program_free(&p);
}

Test(program, rejects_shapes_out_of_range)
{
   struct bench_program p;
   struct bench_program_shape shape = { 48, 64, 1000, 0, 0, false, false, 1 };
   cr_assert_not(bench_program_build(&shape, &p), "wave 48");
   shape.wave = 32;
   shape.vgprs = 257;
   cr_assert_not(bench_program_build(&shape, &p), "257 VGPRs");
   shape.vgprs = 64;
   shape.target_words = 40000;
   cr_assert_not(bench_program_build(&shape, &p), "past s_call_b64's reach");
}

Test(svg, writes_axes_series_and_legend)
{
   char path[] = "/tmp/rdna_svg_XXXXXX";
   int fd = mkstemp(path);
   cr_assert_geq(fd, 0);
   const double x[4] = { 2000, 4000, 8000, 16000 }, a[4] = { 0.1, 0.2, 0.4, 0.8 },
                b[4] = { 1, 3, 9, 27 };
   const struct bench_series series[2] = { { "chain & co", 4, x, a }, { "tree", 4, x, b } };
   cr_assert(bench_svg_plot(path, "Compile <time>", "ISA instructions", "seconds", series, 2));
   FILE *f = fopen(path, "rb");
   cr_assert_not_null(f);
   char text[65536];
   size_t n = fread(text, 1, sizeof(text) - 1, f);
   text[n] = '\0';
   fclose(f);
   remove(path);
   cr_assert_not_null(strstr(text, "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\""));
   cr_assert_not_null(strstr(text, "</svg>\n"));
   cr_assert_eq(occurrences(text, "<polyline"), 2);
   cr_assert_eq(occurrences(text, "<circle"), 8);
   cr_assert_not_null(strstr(text, ">chain &amp; co<"), "legend text escaped");
   cr_assert_not_null(strstr(text, ">Compile &lt;time&gt;<"), "title escaped");
   /* Decade ticks of both axes: 1000 to 100000 on x (labelled 1e+05), 0.1 to 100 on y. */
   cr_assert_not_null(strstr(text, ">2000<"));
   cr_assert_not_null(strstr(text, ">0.1<"));
   cr_assert_not_null(strstr(text, ">50<"));
}

Test(svg, refuses_a_plot_without_positive_points)
{
   const double x[2] = { 0, -1 }, y[2] = { 1, 2 };
   const struct bench_series s = { "none", 2, x, y };
   cr_assert_not(bench_svg_plot("/tmp/rdna_svg_unused.svg", "t", "x", "y", &s, 1));
}
