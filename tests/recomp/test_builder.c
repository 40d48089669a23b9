/* The SPIR-V builder (recomp/spirv_builder.h): fresh ids, deduplicated types and constants,
 * section order, and a tiny compute module that SPIRV-Tools accepts for Vulkan 1.2 while a broken
 * one is rejected with the validator's message. */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "recomp/spirv_builder.h"

Test(builder, ids_are_fresh_and_increasing)
{
   struct spvb b;
   spvb_init(&b);
   uint32_t a = spvb_id(&b), c = spvb_id(&b);
   cr_assert_eq(a, 1u);
   cr_assert_eq(c, 2u);
   spvb_free(&b);
}

Test(builder, types_are_deduplicated)
{
   struct spvb b;
   spvb_init(&b);
   uint32_t u32 = spvb_type_int(&b, 32, false);
   cr_assert_eq(spvb_type_int(&b, 32, false), u32);
   cr_assert_neq(spvb_type_int(&b, 32, true), u32);
   cr_assert_neq(spvb_type_int(&b, 64, false), u32);
   uint32_t v4 = spvb_type_vector(&b, u32, 4);
   cr_assert_eq(spvb_type_vector(&b, u32, 4), v4);
   cr_assert_neq(spvb_type_vector(&b, u32, 3), v4);
   uint32_t p = spvb_type_pointer(&b, SpvStorageClassFunction, u32);
   cr_assert_eq(spvb_type_pointer(&b, SpvStorageClassFunction, u32), p);
   cr_assert_neq(spvb_type_pointer(&b, SpvStorageClassPrivate, u32), p);
   /* Each distinct declaration appears once in the globals section: 7 distinct types (three
    * ints, two vectors, two pointers) of 4 words each (header, result id, two operands). */
   cr_assert_eq(b.globals.len, 7u * 4, "globals hold %zu words", b.globals.len);
   spvb_free(&b);
}

Test(builder, constants_are_deduplicated_by_type_and_value)
{
   struct spvb b;
   spvb_init(&b);
   uint32_t seven = spvb_const_u32(&b, 7);
   cr_assert_eq(spvb_const_u32(&b, 7), seven);
   cr_assert_neq(spvb_const_u32(&b, 8), seven);
   cr_assert_neq(spvb_const_u64(&b, 7), seven);
   cr_assert_eq(spvb_const_u64(&b, 0x100000007ull), spvb_const_u64(&b, 0x100000007ull));
   cr_assert_neq(spvb_const_u64(&b, 0x100000007ull), spvb_const_u64(&b, 7));
   cr_assert_eq(spvb_const_bool(&b, true), spvb_const_bool(&b, true));
   cr_assert_neq(spvb_const_bool(&b, true), spvb_const_bool(&b, false));
   spvb_free(&b);
}

Test(builder, many_constants_survive_table_growth)
{
   struct spvb b;
   spvb_init(&b);
   uint32_t ids[2000];
   for (uint32_t i = 0; i < 2000; i++)
      ids[i] = spvb_const_u32(&b, i * 2654435761u);
   for (uint32_t i = 0; i < 2000; i++)
      cr_assert_eq(spvb_const_u32(&b, i * 2654435761u), ids[i], "constant %u", i);
   spvb_free(&b);
}

/* main() { uint x = 3 + 4; } with a Function variable, a Private-free interface. */
static uint32_t *tiny_module(size_t *num_words, bool break_it)
{
   struct spvb b;
   spvb_init(&b);
   spvb_capability(&b, SpvCapabilityShader);
   uint32_t u32 = spvb_type_int(&b, 32, false);
   uint32_t ptr = spvb_type_pointer(&b, SpvStorageClassFunction, u32);
   spvb_begin_function(&b);
   uint32_t var = spvb_function_variable(&b, ptr);
   uint32_t sum = spvb_binop(&b, SpvOpIAdd, u32, spvb_const_u32(&b, 3), spvb_const_u32(&b, 4));
   spvb_store(&b, var, break_it ? spvb_type_bool(&b) : sum);
   spvb_end_function(&b);
   unsigned local[3] = { 1, 1, 1 };
   spvb_entry_point(&b, NULL, 0, local);
   uint32_t *words = spvb_finish(&b, num_words);
   spvb_free(&b);
   return words;
}

Test(builder, tiny_module_validates)
{
   size_t n;
   uint32_t *words = tiny_module(&n, false);
   cr_assert_not_null(words);
   cr_assert_eq(words[0], SpvMagicNumber);
   cr_assert_eq(words[1], 0x00010500u, "SPIR-V 1.5");
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   cr_assert_eq(spvb_validate(words, n, &diag), RDNA_OK, "%s", diag.message);
   char *text = spvb_disassemble(words, n, &diag);
   cr_assert_not_null(text);
   cr_assert_not_null(strstr(text, "OpEntryPoint GLCompute"), "%s", text);
   cr_assert_not_null(strstr(text, "OpIAdd"), "%s", text);
   free(text);
   free(words);
}

Test(builder, invalid_module_is_internal_with_the_validators_message)
{
   size_t n;
   uint32_t *words = tiny_module(&n, true); /* stores a type id as a value */
   cr_assert_not_null(words);
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   cr_assert_eq(spvb_validate(words, n, &diag), RDNA_INTERNAL);
   cr_assert_eq(diag.status, RDNA_INTERNAL);
   cr_assert_not_null(strstr(diag.message, "spirv-val: "), "%s", diag.message);
   cr_assert_gt(strlen(diag.message), strlen("spirv-val: "));
   free(words);
}

Test(builder, word_count_tracks_emission)
{
   struct spvb b;
   spvb_init(&b);
   size_t before = spvb_word_count(&b);
   spvb_capability(&b, SpvCapabilityShader);
   cr_assert_eq(spvb_word_count(&b), before + 2);
   spvb_capability(&b, SpvCapabilityShader); /* declared once */
   cr_assert_eq(spvb_word_count(&b), before + 2);
   spvb_free(&b);
}

/* A helper function written in the middle of the module function lands after it, and the module
 * function goes on where it left off: main() { uint x = add(3, 4) + 1; } with
 * add(a, b) { return a + b; }. */
Test(builder, helper_functions_follow_the_module_function_and_validate)
{
   struct spvb b;
   spvb_init(&b);
   spvb_capability(&b, SpvCapabilityShader);
   uint32_t u32 = spvb_type_int(&b, 32, false);
   uint32_t ptr = spvb_type_pointer(&b, SpvStorageClassFunction, u32);
   spvb_begin_function(&b);
   uint32_t var = spvb_function_variable(&b, ptr);
   uint32_t three = spvb_const_u32(&b, 3);
   uint32_t types[2] = { u32, u32 }, params[2];
   size_t main_words = b.body.len;
   uint32_t add = spvb_begin_helper(&b, u32, types, 2, params);
   spvb_end_helper(&b, spvb_binop(&b, SpvOpIAdd, u32, params[0], params[1]));
   cr_assert_eq(b.body.len, main_words, "the helper's words went into the module function");
   uint32_t args[3] = { add, three, spvb_const_u32(&b, 4) };
   uint32_t sum = spvb_op(&b, SpvOpFunctionCall, u32, args, 3);
   spvb_store(&b, var, spvb_binop(&b, SpvOpIAdd, u32, sum, spvb_const_u32(&b, 1)));
   spvb_end_function(&b);
   unsigned local[3] = { 1, 1, 1 };
   spvb_entry_point(&b, NULL, 0, local);
   cr_assert_eq(spvb_type_function_params(&b, u32, types, 2),
                spvb_type_function_params(&b, u32, types, 2), "function types are deduplicated");
   size_t n;
   uint32_t *words = spvb_finish(&b, &n);
   cr_assert_eq(n, 5 + spvb_word_count(&b) + 3 + 5 + 2, "header, sections, memory model, main");
   spvb_free(&b);
   cr_assert_not_null(words);
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   cr_assert_eq(spvb_validate(words, n, &diag), RDNA_OK, "%s", diag.message);
   char *text = spvb_disassemble(words, n, &diag);
   cr_assert_not_null(text);
   const char *call = strstr(text, "OpFunctionCall");
   const char *end_main = strstr(text, "OpFunctionEnd");
   cr_assert(call && end_main && call < end_main, "%s", text);
   cr_assert_not_null(strstr(end_main, "OpReturnValue"), "the helper follows main: %s", text);
   free(text);
   free(words);
}
