/* The case reducer (include/rdna/reduce.h) with predicates written here: what it removes
 * (comments, [init] and [expect] lines, instructions), what it keeps (section headers, labels,
 * [require] and [buffer] lines, whatever the predicate needs), the bound on predicate runs, and
 * the differential signature. No Vulkan device is needed. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rdna/reduce.h"

static const char input[] = "# a comment line\n"
                            "[require]\n"
                            "wave 32\n"
                            "[buffer out]\n"
                            "size 64\n"
                            "[program]\n"
                            "  s_mov_b32 s1, 5      ; first\n"
                            "loop:\n"
                            "  s_add_u32 s2, s1, 3\n"
                            "  v_mul_u32_u24 v1, 3, v0  // the one that matters\n"
                            "  v_add_nc_u32 v2, v1, v0\n"
                            "  s_endpgm\n"
                            "[init]\n"
                            "v0 = lane\n"
                            "s7 = 9\n"
                            "[expect]\n"
                            "v1 = 3 * lane\n"
                            "s1 = 5\n";

struct probe {
   unsigned calls;
   const char *needle;
};

/* Holds while the text still parses as a case and contains the needle. */
static bool contains(void *user, const char *text, size_t length)
{
   struct probe *p = user;
   p->calls++;
   struct rdna_case *c = NULL;
   if (rdna_case_parse(text, length, NULL, &c, NULL) != RDNA_OK)
      return false;
   rdna_case_destroy(c);
   return strstr(text, p->needle) != NULL;
}

Test(reduce, keeps_what_the_predicate_needs_and_the_structure)
{
   struct probe p = { 0, "v_mul_u32_u24 v1, 3, v0" };
   struct rdna_reduce_options o = { contains, &p, NULL, 0 };
   char *out = NULL;
   unsigned tests = 0;
   cr_assert_eq(rdna_reduce(input, strlen(input), &o, &out, &tests), RDNA_OK);
   cr_assert_eq(tests, p.calls);
   cr_assert(strstr(out, "v_mul_u32_u24 v1, 3, v0") != NULL, "%s", out);
   static const char *const gone[] = { "#",         ";",        "//",       "s_mov_b32",
                                       "s_add_u32", "v_add_nc", "s_endpgm", "v0 = lane",
                                       "s7 = 9",    "3 * lane", "s1 = 5",   "s_nop" };
   for (size_t i = 0; i < sizeof(gone) / sizeof(gone[0]); i++)
      cr_assert(strstr(out, gone[i]) == NULL, "'%s' is still in:\n%s", gone[i], out);
   static const char *const kept[] = { "[require]", "wave 32", "[buffer out]", "size 64",
                                       "[program]", "loop:",   "[init]",       "[expect]" };
   for (size_t i = 0; i < sizeof(kept) / sizeof(kept[0]); i++)
      cr_assert(strstr(out, kept[i]) != NULL, "'%s' is gone from:\n%s", kept[i], out);
   free(out);
}

/* Holds while v_mul_u32_u24 is the third instruction line of [program] (as a program that
 * needs its address would). */
static bool third_line(void *user, const char *text, size_t length)
{
   (void)length;
   (*(unsigned *)user)++;
   const char *program = strstr(text, "[program]\n");
   const char *mul = strstr(text, "v_mul_u32_u24");
   if (!program || !mul || mul < program)
      return false;
   unsigned lines = 0;
   for (const char *p = program; p < mul; p++)
      lines += *p == '\n';
   return lines == 3;
}

Test(reduce, instructions_become_nops_when_removing_them_would_not_do)
{
   unsigned calls = 0;
   struct rdna_reduce_options o = { third_line, &calls, NULL, 0 };
   char *out = NULL;
   const char *text = "[program]\n  s_mov_b32 s1, 5\n  s_add_u32 s2, s1, 3\n"
                      "  v_mul_u32_u24 v1, 3, v0\n  s_endpgm\n";
   cr_assert_eq(rdna_reduce(text, strlen(text), &o, &out, NULL), RDNA_OK);
   cr_assert_str_eq(out, "[program]\n  s_nop 0\n  s_nop 0\n  v_mul_u32_u24 v1, 3, v0\n");
   free(out);
   /* An input the predicate rejects has nothing to keep. */
   const char *other = "[program]\n  v_mul_u32_u24 v1, 3, v0\n";
   cr_assert_eq(rdna_reduce(other, strlen(other), &o, &out, NULL), RDNA_BAD_ARGUMENT);
   cr_assert_null(out);
}

Test(reduce, the_number_of_runs_is_bounded)
{
   struct probe p = { 0, "v_mul_u32_u24 v1, 3, v0" };
   struct rdna_reduce_options o = { contains, &p, NULL, 3 };
   char *out = NULL;
   unsigned tests = 0;
   cr_assert_eq(rdna_reduce(input, strlen(input), &o, &out, &tests), RDNA_OK);
   cr_assert_leq(p.calls, 3);
   cr_assert_eq(tests, p.calls);
   cr_assert(contains(&p, out, strlen(out)), "what it returns still holds");
   free(out);
}

Test(reduce, bad_arguments)
{
   char *out = (char *)1;
   struct rdna_reduce_options none = { NULL, NULL, NULL, 0 };
   cr_assert_eq(rdna_reduce(input, strlen(input), &none, &out, NULL), RDNA_BAD_ARGUMENT);
   cr_assert_null(out);
   cr_assert_eq(rdna_reduce(input, strlen(input), NULL, &out, NULL), RDNA_BAD_ARGUMENT);
}

Test(reduce, signature_names_how_a_run_ended)
{
   char text[160];
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   strcpy(diag.message, "ds_write_b32 at 0x10008 is not lowered to SPIR-V yet");
   rdna_reduce_signature(RDNA_UNSUPPORTED, &diag, NULL, text, sizeof(text));
   cr_assert_str_eq(text, "status UNSUPPORTED ds_write_b32");

   struct rdna_diff_result r;
   memset(&r, 0, sizeof(r));
   rdna_reduce_signature(RDNA_OK, NULL, &r, text, sizeof(text));
   cr_assert_str_eq(text, "equal");

   struct rdna_divergence d[1];
   memset(d, 0, sizeof(d));
   d[0].kind = RDNA_DIVERGE_VGPR;
   d[0].reg = 3;
   d[0].lane = 7;
   r.divergences = d;
   r.num_divergences = r.total_divergences = 1;
   rdna_reduce_signature(RDNA_OK, NULL, &r, text, sizeof(text));
   cr_assert_str_eq(text, "vgpr v3");
   d[0].kind = RDNA_DIVERGE_FAULT;
   d[0].interp = RDNA_FAULT_NONE;
   d[0].gpu = RDNA_FAULT_BAD_JUMP;
   rdna_reduce_signature(RDNA_OK, NULL, &r, text, sizeof(text));
   cr_assert_str_eq(text, "fault NONE/BAD_JUMP");
}

/* ---- a real divergence: the differential driver on the default Vulkan device ---------------- */

/* The deliberately wrong lowering of test_compare.c: v_xor_b32 runs as an OR. */
static void xor_to_or(void *user, uint32_t *words, size_t num_words)
{
   (void)user;
   for (size_t i = 5; i < num_words;) {
      uint32_t opcode = words[i] & 0xffff, count = words[i] >> 16;
      if (opcode == 198 /* OpBitwiseXor */)
         words[i] = (count << 16) | 197 /* OpBitwiseOr */;
      i += count ? count : 1;
   }
}

struct diff_probe {
   struct rdna_gpu *gpu;
   struct rdna_diff_options options;
   char signature[160];
};

static bool signature(struct diff_probe *p, const char *text, size_t length, char *out, size_t size)
{
   struct rdna_case *c = NULL;
   if (rdna_case_parse(text, length, NULL, &c, NULL) != RDNA_OK)
      return false;
   struct rdna_diff_result r;
   struct rdna_diag diag;
   enum rdna_status st = rdna_diff_case(p->gpu, c, 32, &p->options, &r, &diag);
   rdna_reduce_signature(st, &diag, &r, out, size);
   rdna_diff_result_free(&r);
   rdna_case_destroy(c);
   return true;
}

static bool same_divergence(void *user, const char *text, size_t length)
{
   struct diff_probe *p = user;
   char now[160];
   return signature(p, text, length, now, sizeof(now)) && strcmp(now, p->signature) == 0;
}

Test(reduce, a_200_instruction_divergence_shrinks_below_10_instructions, .timeout = 600)
{
   struct diff_probe p;
   memset(&p, 0, sizeof(p));
   struct rdna_diag diag;
   enum rdna_status st = rdna_gpu_open(NULL, &p.gpu, &diag);
   if (st == RDNA_NO_DEVICE)
      cr_skip_test("no Vulkan device: %s", diag.message);
   cr_assert_eq(st, RDNA_OK, "%s", diag.message);
   p.options.edit_module = xor_to_or;

   /* 199 instructions that never touch v1, v2 or v15, and the v_xor_b32 among them. */
   size_t cap = 16384, n = 0;
   char *text = malloc(cap);
   cr_assert_not_null(text);
   n += (size_t)snprintf(text + n, cap - n, "[require]\nvgprs 16\n[program]\n");
   for (unsigned i = 0; i < 199; i++) {
      unsigned a = 3 + i % 12, b = 3 + (i * 7) % 12, s = 3 + i % 17;
      if (i == 120)
         n += (size_t)snprintf(text + n, cap - n, "  v_xor_b32 v15, v1, v2\n");
      else if (i % 3 == 0)
         n += (size_t)snprintf(text + n, cap - n, "  v_add_nc_u32 v%u, v%u, v0\n", a, b);
      else if (i % 3 == 1)
         n += (size_t)snprintf(text + n, cap - n, "  s_add_u32 s%u, s%u, %u\n", s, s + 1, i);
      else
         n += (size_t)snprintf(text + n, cap - n, "  v_lshlrev_b32 v%u, 1, v%u\n", a, b);
   }
   n += (size_t)snprintf(text + n, cap - n,
                         "  s_endpgm\n[init]\nv0 = lane\nv1 = 0x0f0f\nv2 = 0x00ff\ns4 = 7\n");
   cr_assert(signature(&p, text, n, p.signature, sizeof(p.signature)));
   cr_assert_str_eq(p.signature, "vgpr v15", "the wrong lowering shows in v15");

   struct rdna_reduce_options o = { same_divergence, &p, NULL, 2000 };
   char *out = NULL;
   unsigned tests = 0;
   cr_assert_eq(rdna_reduce(text, n, &o, &out, &tests), RDNA_OK);
   unsigned instructions = 0;
   const char *program = strstr(out, "[program]\n");
   cr_assert_not_null(program);
   for (const char *line = program + 10; *line && *line != '['; line = strchr(line, '\n') + 1)
      instructions += line[0] == ' ';
   cr_assert_lt(instructions, 10, "%u instructions left after %u runs:\n%s", instructions, tests,
                out);
   cr_assert(strstr(out, "v_xor_b32 v15, v1, v2") != NULL, "%s", out);
   cr_log_info("200 instructions reduced to %u in %u runs", instructions, tests);
   free(out);
   free(text);
   rdna_gpu_close(p.gpu);
}

/* Buffer data lines the predicate does not need become zeros of the same element count, so the
 * data after them keeps its offsets. */
Test(reduce, buffer_data_becomes_zeros_of_the_same_count)
{
   static const char text[] = "[buffer b]\n"
                              "u32 1, 2, 3\n"
                              "u8 0xff -1 x2\n"
                              "u32 7 x4\n"
                              "size 64\n"
                              "[program]\n"
                              "  s_endpgm\n";
   struct probe p = { 0, "u32 7 x4" };
   struct rdna_reduce_options o = { contains, &p, NULL, 0 };
   char *out = NULL;
   cr_assert_eq(rdna_reduce(text, strlen(text), &o, &out, NULL), RDNA_OK);
   cr_assert(strstr(out, "u32 0 x3\n"), "%s", out);
   cr_assert(strstr(out, "u8 0 x3\n"), "%s", out);
   cr_assert(strstr(out, "u32 7 x4\n"), "%s", out);
   cr_assert(strstr(out, "size 64\n"), "%s", out);
   free(out);
}
