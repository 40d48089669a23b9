/* The case reducer (include/rdna/reduce.h) with predicates written here: what it removes
 * (comments, [init] and [expect] lines, instructions), what it keeps (section headers, labels,
 * [require] and [buffer] lines, whatever the predicate needs), the bound on predicate runs, and
 * the differential signature. No Vulkan device is needed. */
#include <criterion/criterion.h>
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
