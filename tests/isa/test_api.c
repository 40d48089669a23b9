/* The public ISA API's contract (include/rdna/isa.h, include/rdna/status.h): statuses with names
 * and messages, bad arguments and short input reported (never a crash or a read past the input:
 * run under ASan), rdna_print's snprintf semantics, the rdna_code accessors, target names, and
 * assembler diagnostics that locate the error. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdlib.h>
#include <string.h>

#include "rdna/isa.h"

static const struct rdna_isa_config gfx1030_w32 = { RDNA_TARGET_GFX1030, 32 };

/* A copy of `bytes` in a heap block of exactly `size` bytes, so ASan sees a read past it. */
static uint8_t *exact_copy(const void *bytes, size_t size)
{
   uint8_t *copy = malloc(size ? size : 1);
   cr_assert_not_null(copy);
   if (size)
      memcpy(copy, bytes, size);
   return copy;
}

static void words_to_bytes(const uint32_t *words, size_t count, uint8_t *bytes)
{
   for (size_t i = 0; i < count * 4; i++)
      bytes[i] = (uint8_t)(words[i / 4] >> (8 * (i % 4)));
}

/* ---- statuses ----------------------------------------------------------------------------- */

Test(api_status, every_status_has_a_unique_name_and_a_message)
{
   for (int i = 0; i < RDNA_STATUS_COUNT; i++) {
      const char *name = rdna_status_name((enum rdna_status)i);
      const char *message = rdna_status_message((enum rdna_status)i);
      cr_assert_not_null(name);
      cr_assert_str_neq(name, "?", "status %d has no name", i);
      cr_assert_not_null(message);
      cr_assert_gt(strlen(message), 0, "status %s has an empty message", name);
      for (int j = 0; j < i; j++)
         cr_assert_str_neq(name, rdna_status_name((enum rdna_status)j));
   }
   cr_assert_str_eq(rdna_status_name(RDNA_OK), "OK");
   cr_assert_str_eq(rdna_status_name(RDNA_TRUNCATED), "TRUNCATED");
}

Test(api_status, out_of_range_status_is_named_question_mark)
{
   cr_assert_str_eq(rdna_status_name(RDNA_STATUS_COUNT), "?");
   cr_assert_str_eq(rdna_status_name((enum rdna_status)(-1)), "?");
   cr_assert_not_null(rdna_status_message(RDNA_STATUS_COUNT));
   cr_assert_not_null(rdna_status_message((enum rdna_status)1000));
}

/* ---- names ------------------------------------------------------------------------------- */

Test(api_names, targets_round_trip)
{
   enum rdna_target target = RDNA_TARGET_COUNT;
   cr_assert(rdna_target_from_name("gfx1013", &target));
   cr_assert_eq(target, RDNA_TARGET_GFX1013);
   cr_assert(rdna_target_from_name("gfx1030", &target));
   cr_assert_eq(target, RDNA_TARGET_GFX1030);
   for (int t = 0; t < RDNA_TARGET_COUNT; t++) {
      cr_assert(rdna_target_from_name(rdna_target_name((enum rdna_target)t), &target));
      cr_assert_eq(target, (enum rdna_target)t);
   }
}

Test(api_names, unknown_targets_are_rejected_and_leave_the_output)
{
   static const char *const names[] = { "gfx1031", "GFX1030", "gfx103", "gfx10300", "", "?" };
   for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
      enum rdna_target target = RDNA_TARGET_COUNT;
      cr_assert_not(rdna_target_from_name(names[i], &target), "'%s' named a target", names[i]);
      cr_assert_eq(target, RDNA_TARGET_COUNT);
   }
   enum rdna_target target = RDNA_TARGET_COUNT;
   cr_assert_not(rdna_target_from_name(NULL, &target));
   cr_assert_str_eq(rdna_target_name(RDNA_TARGET_COUNT), "?");
}

Test(api_names, ops_and_encodings_have_names)
{
   unsigned count = rdna_op_count();
   cr_assert_gt(count, 0);
   for (unsigned op = 0; op < count; op++) {
      const char *name = rdna_op_name(op);
      cr_assert_not_null(name);
      cr_assert_str_neq(name, "?", "row %u has no name", op);
   }
   cr_assert_str_eq(rdna_op_name(count), "?");
   cr_assert_str_eq(rdna_op_name(~0u), "?");
   cr_assert_str_eq(rdna_encoding_name(1000), "?");
   cr_assert_str_neq(rdna_encoding_name(0), "?");
}

/* ---- decoding: bad arguments and short input ---------------------------------------------- */

Test(api_decode, null_input_is_truncated)
{
   struct rdna_inst inst;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   cr_assert_eq(rdna_decode(&gfx1030_w32, NULL, 0, &inst, &diag), RDNA_TRUNCATED);
   cr_assert_eq(diag.status, RDNA_TRUNCATED);
   cr_assert_gt(strlen(diag.message), 0);
   cr_assert_eq(rdna_decode(&gfx1030_w32, NULL, 0, &inst, NULL), RDNA_TRUNCATED);
}

Test(api_decode, bad_arguments_are_reported)
{
   uint8_t endpgm[4] = { 0x00, 0x00, 0x81, 0xbf };
   struct rdna_inst inst;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   cr_assert_eq(rdna_decode(&gfx1030_w32, endpgm, 4, NULL, &diag), RDNA_BAD_ARGUMENT);
   cr_assert_eq(diag.status, RDNA_BAD_ARGUMENT);
   cr_assert_eq(rdna_decode(NULL, endpgm, 4, &inst, NULL), RDNA_BAD_ARGUMENT);
   struct rdna_isa_config bad_wave = { RDNA_TARGET_GFX1030, 16 };
   cr_assert_eq(rdna_decode(&bad_wave, endpgm, 4, &inst, NULL), RDNA_BAD_ARGUMENT);
   struct rdna_isa_config bad_target = { RDNA_TARGET_COUNT, 32 };
   cr_assert_eq(rdna_decode(&bad_target, endpgm, 4, &inst, NULL), RDNA_BAD_ARGUMENT);
}

/* Instructions whose full length is known from llvm-mc:
 *   llvm-mc -arch=amdgcn -mcpu=gfx1030 -show-encoding */
struct sized {
   uint32_t words[5];
   size_t size; /* bytes */
};

static struct sized sized_instructions[] = {
   { { 0xbf810000 }, 4 },             /* s_endpgm */
   { { 0x8000ff01, 0x00012345 }, 8 }, /* s_add_u32 s0, s1, 0x12345 */
   { { 0xbe8003ff, 0x5eed1234 }, 8 }, /* s_mov_b32 s0, 0x5eed1234 */
   { { 0xf4000000, 0xfa000000 }, 8 }, /* s_load_dword s0, s[0:1], 0x0 */
   { { 0xd5030000, 0x00020501 }, 8 }, /* v_add_f32_e64 v0, v1, v2 */
   { { 0x7e0002ff, 0x3fc00000 }, 8 }, /* v_mov_b32_e32 v0, 0x3fc00000 */
   { { 0xf0800f08, 0x00400004 }, 8 }, /* image_sample v[0:3], v[4:5], s[0:7], s[8:11] ... 2D */
   /* image_sample v[0:3], [v4, v5, v6], s[0:7], s[8:11] dmask:0xf dim:SQ_RSRC_IMG_3D */
   { { 0xf0800f12, 0x00400004, 0x00000605 }, 12 },
};

ParameterizedTestParameters(api_decode, every_prefix_is_truncated)
{
   return cr_make_param_array(struct sized, sized_instructions,
                              sizeof(sized_instructions) / sizeof(sized_instructions[0]));
}

/* Every proper prefix of an instruction (including the missing literal) is TRUNCATED, read from
 * a block of exactly that size. Rows not in the table yet may report UNKNOWN_OPCODE instead for
 * the full instruction; a prefix must still never decode. */
ParameterizedTest(struct sized *sized, api_decode, every_prefix_is_truncated)
{
   uint8_t bytes[20];
   words_to_bytes(sized->words, sized->size / 4, bytes);
   struct rdna_inst inst;
   struct rdna_diag diag;
   for (size_t size = 0; size < sized->size; size++) {
      uint8_t *copy = exact_copy(bytes, size);
      memset(&diag, 0, sizeof(diag));
      enum rdna_status status = rdna_decode(&gfx1030_w32, copy, size, &inst, &diag);
      free(copy);
      cr_assert_neq(status, RDNA_OK, "0x%08x decoded from %zu of its %zu bytes", sized->words[0],
                    size, sized->size);
      if (status == RDNA_TRUNCATED) {
         cr_assert_eq(diag.status, RDNA_TRUNCATED);
         cr_assert_eq(diag.offset, 0);
         cr_assert_gt(strlen(diag.message), 0);
      } else {
         cr_assert(status == RDNA_UNKNOWN_OPCODE && size >= 4,
                   "0x%08x from %zu bytes: %s (%s), expected TRUNCATED", sized->words[0], size,
                   rdna_status_name(status), diag.message);
      }
   }
   uint8_t *copy = exact_copy(bytes, sized->size);
   enum rdna_status status = rdna_decode(&gfx1030_w32, copy, sized->size, &inst, NULL);
   free(copy);
   if (status == RDNA_OK)
      cr_assert_eq(inst.size, sized->size, "0x%08x: size %u, llvm-mc: %zu", sized->words[0],
                   inst.size, sized->size);
   else
      cr_assert_eq(status, RDNA_UNKNOWN_OPCODE, "0x%08x: %s", sized->words[0],
                   rdna_status_name(status));
}

Test(api_decode, extra_bytes_are_not_consumed)
{
   /* s_nop 0 followed by s_endpgm: the first decode takes 4 bytes. */
   uint8_t bytes[8] = { 0x00, 0x00, 0x80, 0xbf, 0x00, 0x00, 0x81, 0xbf };
   struct rdna_inst inst;
   cr_assert_eq(rdna_decode(&gfx1030_w32, bytes, sizeof(bytes), &inst, NULL), RDNA_OK);
   cr_assert_eq(inst.size, 4);
   cr_assert_str_eq(rdna_op_name(inst.op), "s_nop");
}

Test(api_decode, unknown_opcodes_and_fields_are_statuses)
{
   /* 0xffffffff: no GFX10 encoding starts with 111111. */
   uint8_t bytes[8] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
   struct rdna_inst inst;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   enum rdna_status status = rdna_decode(&gfx1030_w32, bytes, sizeof(bytes), &inst, &diag);
   cr_assert(status == RDNA_UNKNOWN_OPCODE || status == RDNA_INVALID_ENCODING, "%s",
             rdna_status_name(status));
   cr_assert_eq(diag.status, status);
   cr_assert_gt(strlen(diag.message), 0);
}

/* Random words never crash the decoder nor make it read past the input; a success has a size
 * within the input, prints, and the printed length matches rdna_print's return value. */
Test(api_decode, random_words_decode_or_fail_cleanly)
{
   uint64_t state = 12345;
   for (unsigned round = 0; round < 20000; round++) {
      uint32_t words[6];
      for (unsigned i = 0; i < 6; i++) {
         state = state * 6364136223846793005u + 1442695040888963407u;
         words[i] = (uint32_t)(state >> 32);
      }
      size_t size = 4 + (round % 21);
      uint8_t bytes[24];
      words_to_bytes(words, 6, bytes);
      uint8_t *copy = exact_copy(bytes, size);
      for (unsigned cfg = 0; cfg < 4; cfg++) {
         struct rdna_isa_config config = { (enum rdna_target)(cfg / 2), cfg % 2 ? 64u : 32u };
         struct rdna_inst inst;
         if (rdna_decode(&config, copy, size, &inst, NULL) != RDNA_OK)
            continue;
         cr_assert(inst.size >= 4 && inst.size <= size && inst.size % 4 == 0,
                   "0x%08x: size %u from %zu bytes", words[0], inst.size, size);
         char text[256];
         size_t length = rdna_print(&config, &inst, text, sizeof(text));
         cr_assert_eq(length, strlen(text), "0x%08x: %s", words[0], text);
      }
      free(copy);
   }
}

/* ---- printing ---------------------------------------------------------------------------- */

static struct rdna_inst decode_words(const uint32_t *words, size_t count)
{
   uint8_t bytes[20];
   words_to_bytes(words, count, bytes);
   struct rdna_inst inst;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   enum rdna_status status = rdna_decode(&gfx1030_w32, bytes, count * 4, &inst, &diag);
   cr_assert_eq(status, RDNA_OK, "0x%08x: %s", words[0], diag.message);
   return inst;
}

/* llvm-mc -arch=amdgcn -mcpu=gfx1030 --disassemble: [0x01,0x03,0x80,0xbe] s_mov_b32 s0, s1 */
Test(api_print, follows_snprintf)
{
   static const uint32_t mov[] = { 0xbe800301 };
   struct rdna_inst inst = decode_words(mov, 1);
   const char *expected = "s_mov_b32 s0, s1";
   size_t length = strlen(expected);

   cr_assert_eq(rdna_print(&gfx1030_w32, &inst, NULL, 0), length);
   char buffer[64];
   memset(buffer, 'x', sizeof(buffer));
   cr_assert_eq(rdna_print(&gfx1030_w32, &inst, buffer, 0), length);
   cr_assert_eq(buffer[0], 'x', "size 0 wrote into the buffer");
   cr_assert_eq(rdna_print(&gfx1030_w32, &inst, buffer, 1), length);
   cr_assert_str_eq(buffer, "");
   cr_assert_eq(rdna_print(&gfx1030_w32, &inst, buffer, 5), length);
   cr_assert_str_eq(buffer, "s_mo");
   cr_assert_eq(buffer[5], 'x', "wrote past the given size");
   cr_assert_eq(rdna_print(&gfx1030_w32, &inst, buffer, length), length);
   cr_assert_eq(strlen(buffer), length - 1);
   cr_assert_eq(rdna_print(&gfx1030_w32, &inst, buffer, length + 1), length);
   cr_assert_str_eq(buffer, expected);
}

/* Every truncation of a long text stays NUL-terminated within the size. */
Test(api_print, every_small_size_is_terminated)
{
   /* llvm-mc: s_add_u32 s0, s1, 0x12345 */
   static const uint32_t add[] = { 0x8000ff01, 0x00012345 };
   struct rdna_inst inst = decode_words(add, 2);
   char full[64];
   size_t length = rdna_print(&gfx1030_w32, &inst, full, sizeof(full));
   cr_assert_str_eq(full, "s_add_u32 s0, s1, 0x12345");
   for (size_t size = 1; size <= length + 1; size++) {
      char *buffer = malloc(size);
      cr_assert_not_null(buffer);
      cr_assert_eq(rdna_print(&gfx1030_w32, &inst, buffer, size), length);
      cr_assert_eq(strlen(buffer), size - 1 < length ? size - 1 : length);
      cr_assert(strncmp(buffer, full, strlen(buffer)) == 0);
      free(buffer);
   }
}

/* ---- encoding ---------------------------------------------------------------------------- */

Test(api_encode, bad_arguments_are_reported)
{
   static const uint32_t mov[] = { 0xbe800301 };
   struct rdna_inst inst = decode_words(mov, 1);
   uint32_t words[RDNA_MAX_INST_WORDS];
   size_t count = 99;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   cr_assert_eq(rdna_encode(&gfx1030_w32, NULL, words, &count, &diag), RDNA_BAD_ARGUMENT);
   cr_assert_eq(diag.status, RDNA_BAD_ARGUMENT);
   cr_assert_eq(count, 0);
   cr_assert_eq(rdna_encode(NULL, &inst, words, &count, NULL), RDNA_BAD_ARGUMENT);
   cr_assert_eq(rdna_encode(&gfx1030_w32, &inst, NULL, &count, NULL), RDNA_BAD_ARGUMENT);
   cr_assert_eq(rdna_encode(&gfx1030_w32, &inst, words, NULL, NULL), RDNA_BAD_ARGUMENT);
   struct rdna_inst bogus = inst;
   bogus.op = (uint16_t)rdna_op_count();
   cr_assert_eq(rdna_encode(&gfx1030_w32, &bogus, words, &count, NULL), RDNA_BAD_ARGUMENT);

   cr_assert_eq(rdna_encode(&gfx1030_w32, &inst, words, &count, NULL), RDNA_OK);
   cr_assert_eq(count, 1);
   cr_assert_eq(words[0], 0xbe800301);
}

/* ---- parsing and assembling: diagnostics -------------------------------------------------- */

Test(api_parse, bad_arguments_are_reported)
{
   struct rdna_inst inst;
   cr_assert_eq(rdna_parse(&gfx1030_w32, NULL, &inst, NULL), RDNA_BAD_ARGUMENT);
   cr_assert_eq(rdna_parse(&gfx1030_w32, "s_nop 0", NULL, NULL), RDNA_BAD_ARGUMENT);
   cr_assert_eq(rdna_parse(NULL, "s_nop 0", &inst, NULL), RDNA_BAD_ARGUMENT);
}

/* Parameters are copied into each test's process: strings are held, not pointed to. */
struct bad_text {
   char text[48];
   enum rdna_status status;
   unsigned column;
   char mentions[16]; /* a word the message must contain, or "" */
};

/* Errors llvm-mc also reports (llvm-mc -arch=amdgcn -mcpu=gfx1030 -show-encoding); the status,
 * column and wording are ours. */
static struct bad_text bad_texts[] = {
   { "s_bogus s0, s1", RDNA_UNKNOWN_MNEMONIC, 1, "s_bogus" },
   { "s_mov_b32 s0, v1", RDNA_INVALID_OPERAND, 15, "v1" },
   { "s_mov_b32 s0", RDNA_INVALID_OPERAND, 0, "" },
   { "s_mov_b32 s0, s1, s2", RDNA_INVALID_OPERAND, 19, "" },
   { "s_mov_b32 s0, s1 glc", RDNA_INVALID_OPERAND, 18, "glc" },
   { "s_mov_b32 s0, s106", RDNA_INVALID_OPERAND, 15, "" },
   { "s_mov_b64 s[1:2], s[2:3]", RDNA_INVALID_OPERAND, 11, "" },
   { "s_mov_b32 s0, (", RDNA_SYNTAX, 0, "" },
};

ParameterizedTestParameters(api_parse, errors_name_status_and_column)
{
   return cr_make_param_array(struct bad_text, bad_texts, sizeof(bad_texts) / sizeof(bad_texts[0]));
}

/* A column of 0 in the table means "anywhere on the line": only the status is checked. An
 * out-of-range register may be INVALID_OPERAND or OUT_OF_RANGE; both name the operand. */
ParameterizedTest(struct bad_text *bad, api_parse, errors_name_status_and_column)
{
   struct rdna_inst inst;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   enum rdna_status status = rdna_parse(&gfx1030_w32, bad->text, &inst, &diag);
   cr_assert_neq(status, RDNA_OK, "'%s' parsed", bad->text);
   if (bad->status == RDNA_INVALID_OPERAND)
      cr_assert(status == RDNA_INVALID_OPERAND || status == RDNA_OUT_OF_RANGE ||
                   status == RDNA_SYNTAX,
                "'%s': %s (%s)", bad->text, rdna_status_name(status), diag.message);
   else
      cr_assert_eq(status, bad->status, "'%s': %s (%s)", bad->text, rdna_status_name(status),
                   diag.message);
   cr_assert_eq(diag.status, status);
   cr_assert_gt(strlen(diag.message), 0, "'%s': no message", bad->text);
   cr_assert_eq(diag.line, 1, "'%s': line %u", bad->text, diag.line);
   if (bad->column)
      cr_assert_eq(diag.column, bad->column, "'%s': column %u (%s), expected %u", bad->text,
                   diag.column, diag.message, bad->column);
   else
      cr_assert(diag.column >= 1 && diag.column <= strlen(bad->text) + 1, "'%s': column %u",
                bad->text, diag.column);
   if (bad->mentions[0])
      cr_assert(strstr(diag.message, bad->mentions), "'%s': message '%s' does not name '%s'",
                bad->text, diag.message, bad->mentions);
}

Test(api_assemble, code_accessors)
{
   const char *source = "start:\n"
                        "   s_nop 0\n"
                        "loop: s_sub_u32 s0, s0, 1 ; a comment\n"
                        "   s_cbranch_scc1 loop // another\n"
                        "   .long 0x12345678, 7\n"
                        "end:\n";
   struct rdna_code *code = NULL;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   enum rdna_status status =
      rdna_assemble(&gfx1030_w32, source, strlen(source), "test.s", &code, &diag);
   cr_assert_eq(status, RDNA_OK, "%u:%u: %s", diag.line, diag.column, diag.message);
   cr_assert_not_null(code);

   /* llvm-mc -arch=amdgcn -mcpu=gfx1030 -show-encoding (labels resolved by -filetype=obj) */
   static const uint32_t expected[] = { 0xbf800000, 0x80808100, 0xbf85fffe, 0x12345678, 7 };
   size_t count = 0;
   const uint32_t *words = rdna_code_words(code, &count);
   cr_assert_eq(count, 5);
   for (size_t i = 0; i < count; i++)
      cr_assert_eq(words[i], expected[i], "word %zu: 0x%08x, expected 0x%08x", i, words[i],
                   expected[i]);

   cr_assert_eq(rdna_code_label_count(code), 3);
   static const struct {
      const char *name;
      uint32_t offset;
   } labels[] = { { "start", 0 }, { "loop", 4 }, { "end", 20 } };
   for (size_t i = 0; i < 3; i++) {
      uint32_t offset = 99;
      const char *name = rdna_code_label(code, i, &offset);
      cr_assert_not_null(name);
      cr_assert_str_eq(name, labels[i].name);
      cr_assert_eq(offset, labels[i].offset, "%s at %u", name, offset);
   }
   uint32_t offset = 99;
   cr_assert_null(rdna_code_label(code, 3, &offset));
   rdna_code_destroy(code);
}

Test(api_assemble, destroy_accepts_null_and_empty_source_assembles)
{
   rdna_code_destroy(NULL);
   struct rdna_code *code = NULL;
   cr_assert_eq(rdna_assemble(&gfx1030_w32, "", 0, NULL, &code, NULL), RDNA_OK);
   cr_assert_not_null(code);
   size_t count = 99;
   rdna_code_words(code, &count);
   cr_assert_eq(count, 0);
   cr_assert_eq(rdna_code_label_count(code), 0);
   rdna_code_destroy(code);
}

Test(api_assemble, source_needs_no_terminating_nul)
{
   /* The length bounds the source: what follows must not be read. */
   const char text[] = "s_endpgm\ns_bogus";
   struct rdna_code *code = NULL;
   cr_assert_eq(rdna_assemble(&gfx1030_w32, text, 8, NULL, &code, NULL), RDNA_OK);
   size_t count = 0;
   const uint32_t *words = rdna_code_words(code, &count);
   cr_assert_eq(count, 1);
   cr_assert_eq(words[0], 0xbf810000);
   rdna_code_destroy(code);
}

struct bad_source {
   char source[48];
   enum rdna_status status;
   unsigned line;
   unsigned column;
};

static struct bad_source bad_sources[] = {
   { "s_nop 0\n  s_bogus s0\n", RDNA_UNKNOWN_MNEMONIC, 2, 3 },
   { "a:\ns_nop 0\na:\n", RDNA_DUPLICATE_LABEL, 3, 1 },
   { "s_branch nowhere\n", RDNA_UNDEFINED_LABEL, 1, 10 },
   { "s_nop 0\n\n\ts_mov_b32 s0, v1\n", RDNA_INVALID_OPERAND, 3, 16 },
   { ".bogus 1\n", RDNA_SYNTAX, 1, 1 },
   { "s_nop 0 ; fine\ns_nop 0 s1\n", RDNA_SYNTAX, 2, 0 },
};

ParameterizedTestParameters(api_assemble, errors_have_line_and_column)
{
   return cr_make_param_array(struct bad_source, bad_sources,
                              sizeof(bad_sources) / sizeof(bad_sources[0]));
}

ParameterizedTest(struct bad_source *bad, api_assemble, errors_have_line_and_column)
{
   struct rdna_code *code = (struct rdna_code *)bad; /* must be reset to NULL */
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   enum rdna_status status =
      rdna_assemble(&gfx1030_w32, bad->source, strlen(bad->source), "bad.s", &code, &diag);
   cr_assert_eq(status, bad->status, "%s: %s (%u:%u %s)", bad->source, rdna_status_name(status),
                diag.line, diag.column, diag.message);
   cr_assert_null(code);
   cr_assert_eq(diag.status, status);
   cr_assert_eq(diag.line, bad->line, "%s: line %u", bad->source, diag.line);
   if (bad->column)
      cr_assert_eq(diag.column, bad->column, "%s: column %u (%s)", bad->source, diag.column,
                   diag.message);
   cr_assert_gt(strlen(diag.message), 0);
}

Test(api_assemble, bad_arguments_are_reported)
{
   struct rdna_code *code = NULL;
   cr_assert_eq(rdna_assemble(&gfx1030_w32, NULL, 5, NULL, &code, NULL), RDNA_BAD_ARGUMENT);
   cr_assert_eq(rdna_assemble(&gfx1030_w32, "s_nop 0", 7, NULL, NULL, NULL), RDNA_BAD_ARGUMENT);
   cr_assert_eq(rdna_assemble(NULL, "s_nop 0", 7, NULL, &code, NULL), RDNA_BAD_ARGUMENT);
   cr_assert_null(code);
}
