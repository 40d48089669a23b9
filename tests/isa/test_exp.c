/* EXP (exports) and VINTRP (parameter interpolation) against llvm-mc-14: golden bytes <-> text
 * for every target kind, compr/done/vm, p10/p20/p0 and attrN.c; the encodings llvm-mc decodes
 * leniently or rejects, and assembly errors with their status and column. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdlib.h>
#include <string.h>

#include "isa_internal.h"

#define GFX1013 RDNA_TARGET_GFX1013
#define GFX1030 RDNA_TARGET_GFX1030

/* Parameters are copied into each test's process: strings are held, not pointed to. */
struct golden {
   uint32_t words[3];
   unsigned num_words;
   enum rdna_target target;
   char asm_text[112]; /* what was given to llvm-mc -show-encoding */
   char text[112];     /* what llvm-mc --disassemble prints for the bytes */
};

/* Encodings llvm-mc --disassemble takes although they differ from what it assembles. */
struct lenient {
   uint32_t words[3];
   unsigned num_words;
   enum rdna_target target;
   char text[80];
};

/* Encodings llvm-mc --disassemble rejects ("invalid instruction encoding"). */
struct invalid {
   uint32_t words[3];
   unsigned num_words;
   enum rdna_target target;
   enum rdna_status status;
};

/* Assembly llvm-mc rejects; the status, column and wording are ours. */
struct bad_text {
   char text[64];
   enum rdna_target target;
   enum rdna_status status;
   unsigned column;
   char mentions[16]; /* a word the message must contain, or "" */
};

/* ---- helpers ------------------------------------------------------------------------------ */

static struct rdna_isa_config config_of(enum rdna_target target, unsigned wave_size)
{
   struct rdna_isa_config config = { target, wave_size };
   return config;
}

/* Decodes from a heap block of exactly the instruction's size, so ASan sees any read past it. */
static enum rdna_status decode_exact(const struct rdna_isa_config *config, const uint32_t *words,
                                     unsigned num_words, size_t size, struct rdna_inst *inst,
                                     struct rdna_diag *diag)
{
   uint8_t *bytes = malloc(size ? size : 1);
   cr_assert_not_null(bytes);
   for (size_t i = 0; i < size; i++)
      bytes[i] = (uint8_t)(words[i / 4] >> (8 * (i % 4)));
   (void)num_words;
   enum rdna_status status = rdna_decode(config, bytes, size, inst, diag);
   free(bytes);
   return status;
}

static void assert_words(const uint32_t *got, size_t num_got, const uint32_t *want,
                         unsigned num_want, const char *what)
{
   cr_assert_eq(num_got, num_want, "%s: %zu dwords, llvm-mc: %u", what, num_got, num_want);
   for (unsigned i = 0; i < num_want; i++)
      cr_assert_eq(got[i], want[i], "%s: dword %u is 0x%08x, llvm-mc: 0x%08x", what, i, got[i],
                   want[i]);
}

#define ROW_IN_CLASS(f) (f == RDNA_FMT_EXP || f == RDNA_FMT_VINTRP)
#define ROWS_GFX1013 4u
#define ROWS_GFX1030 4u

/* Golden vectors, per target (-mcpu=gfx1013 or -mcpu=gfx1030 as the row says):
 *   llvm-mc -arch=amdgcn -mcpu=<target> -show-encoding (the asm text gives the bytes), then
 *   llvm-mc -arch=amdgcn -mcpu=<target> --disassemble (the bytes give the text) */
/* The tables keep one vector per line or two. */
/* clang-format off */
static struct golden golden_vectors[] = {
   {{0xf800000f, 0x04030201}, 2, GFX1030, "exp mrt0 v1, v2, v3, v4", "exp mrt0 v1, v2, v3, v4"},
   {{0xf800087b, 0x090000ff}, 2, GFX1030,
    "exp mrt7 v255, v0, off, v9 done", "exp mrt7 v255, v0, off, v9 done"},
   {{0xf8001c8f, 0x00000301}, 2, GFX1030,
    "exp mrtz v1, v2, v3, v4 done compr vm", "exp mrtz v1, v1, v3, v3 done compr vm"},
   {{0xf8000890, 0x00000000}, 2, GFX1030,
    "exp null off, off, off, off done", "exp null off, off, off, off done"},
   {{0xf80000c1, 0x00000001}, 2, GFX1030,
    "exp pos0 v1, off, off, off", "exp pos0 v1, off, off, off"},
   {{0xf800010f, 0x04030201}, 2, GFX1030, "exp pos4 v1, v2, v3, v4", "exp pos4 v1, v2, v3, v4"},
   {{0xf8000141, 0x00000001}, 2, GFX1030,
    "exp prim v1, off, off, off", "exp prim v1, off, off, off"},
   {{0xf800120f, 0x04030201}, 2, GFX1030,
    "exp param0 v1, v2, v3, v4 vm", "exp param0 v1, v2, v3, v4 vm"},
   {{0xf80003fa, 0x04000200}, 2, GFX1030,
    "exp param31 off, v2, off, v4", "exp param31 off, v2, off, v4"},
   {{0xf8000000, 0x00000000}, 2, GFX1030,
    "exp mrt0 off, off, off, off", "exp mrt0 off, off, off, off"},
   {{0xf800041f, 0x00000201}, 2, GFX1030,
    "exp mrt1 v1, v1, v2, v2 compr", "exp mrt1 v1, v1, v2, v2 compr"},
   {{0xf800042f, 0x00000201}, 2, GFX1030,
    "exp mrt2 v1, off, v2, off compr", "exp mrt2 v1, v1, v2, v2 compr"},
   {{0xf800043c, 0x00000700}, 2, GFX1030,
    "exp mrt3 off, off, v7, v7 compr", "exp mrt3 off, off, v7, v7 compr"},
   {{0xc8140c02}, 1, GFX1030,
    "v_interp_p1_f32 v5, v2, attr3.x", "v_interp_p1_f32_e32 v5, v2, attr3.x"},
   {{0xcbfcffff}, 1, GFX1030,
    "v_interp_p1_f32_e32 v255, v255, attr63.w", "v_interp_p1_f32_e32 v255, v255, attr63.w"},
   {{0xc8150102}, 1, GFX1030,
    "v_interp_p2_f32 v5, v2, attr0.y", "v_interp_p2_f32_e32 v5, v2, attr0.y"},
   {{0xc8017e00}, 1, GFX1030,
    "v_interp_p2_f32 v0, v0, attr31.z", "v_interp_p2_f32_e32 v0, v0, attr31.z"},
   {{0xc8160c00}, 1, GFX1030,
    "v_interp_mov_f32 v5, p10, attr3.x", "v_interp_mov_f32_e32 v5, p10, attr3.x"},
   {{0xc8168101}, 1, GFX1030,
    "v_interp_mov_f32 v5, p20, attr32.y", "v_interp_mov_f32_e32 v5, p20, attr32.y"},
   {{0xc8160702}, 1, GFX1030,
    "v_interp_mov_f32 v5, p0, attr1.w", "v_interp_mov_f32_e32 v5, p0, attr1.w"},
   {{0xc8140c02}, 1, GFX1030,
    "v_interp_p1_f32 v5, v2, attr03.x", "v_interp_p1_f32_e32 v5, v2, attr3.x"},
   {{0xf800180f, 0x04030201}, 2, GFX1013,
    "exp mrt0 v1, v2, v3, v4 done vm", "exp mrt0 v1, v2, v3, v4 done vm"},
   {{0xc8150102}, 1, GFX1013,
    "v_interp_p2_f32 v5, v2, attr0.y", "v_interp_p2_f32_e32 v5, v2, attr0.y"},
};

/* llvm-mc -arch=amdgcn -mcpu=<target> --disassemble takes these and prints the text shown. */
static struct lenient lenient_vectors[] = {
   /* invalid_target_29: printed, not assembled */
   {{0xf80001d7, 0x19999e3f}, 2, GFX1030, "exp invalid_target_29 v63, v158, v153, off"},
   /* fields of disabled sources ignored */
   {{0xf8000253, 0xf79b17ae}, 2, GFX1030, "exp param5 v174, v23, off, off"},
   /* bits 25:13 ignored */
   {{0xf8ffe00f, 0x04030201}, 2, GFX1030, "exp mrt0 v1, v2, v3, v4"},
   /* compr: vsrc2/vsrc3 ignored */
   {{0xf80004cf, 0x7204e52d}, 2, GFX1030, "exp pos0 v45, v45, v229, v229 compr"},
   /* invalid_param_3 */
   {{0xc8160c03}, 1, GFX1030, "v_interp_mov_f32_e32 v5, invalid_param_3, attr3.x"},
};

/* llvm-mc -arch=amdgcn -mcpu=<target> --disassemble: "invalid instruction encoding". */
static struct invalid invalid_vectors[] = {
   /* VINTRP opcode 3 */
   {{0xc8170c02}, 1, GFX1030, RDNA_UNKNOWN_OPCODE},
};

/* llvm-mc -arch=amdgcn -mcpu=<target> -show-encoding rejects each of these. */
static struct bad_text bad_texts[] = {
   {"exp invalid_target_10 v1, v2, v3, v4", GFX1030, RDNA_INVALID_OPERAND, 5, "target"},
   {"exp mrt8 v1, v2, v3, v4", GFX1030, RDNA_INVALID_OPERAND, 5, "target"},
   {"exp pos5 v1, v2, v3, v4", GFX1030, RDNA_INVALID_OPERAND, 5, "target"},
   {"exp param32 v1, v2, v3, v4", GFX1030, RDNA_INVALID_OPERAND, 5, "target"},
   {"exp MRT0 v1, v2, v3, v4", GFX1030, RDNA_INVALID_OPERAND, 5, "target"},
   {"exp mrt01 v1, v2, v3, v4", GFX1030, RDNA_INVALID_OPERAND, 5, "target"},
   {"exp param31 v1, v2, v3, v4 vm done", GFX1030, RDNA_SYNTAX, 31, "done"},
   {"exp mrtz v1, v2, v3, v4 done vm compr", GFX1030, RDNA_SYNTAX, 33, "compr"},
   {"exp mrt0 v1, v2, v3, v4 done done", GFX1030, RDNA_SYNTAX, 30, "done"},
   {"exp mrt0 s1, v2, v3, v4", GFX1030, RDNA_INVALID_OPERAND, 10, "s1"},
   {"exp mrt0 v1, v2, v3", GFX1030, RDNA_SYNTAX, 1, ""},
   {"exp mrt0 v[1:2], v2, v3, v4", GFX1030, RDNA_INVALID_OPERAND, 10, "v[1:2]"},
   {"exp mrt0 v1, v2, v3, v4 en:3", GFX1030, RDNA_INVALID_OPERAND, 25, "en"},
   {"v_interp_p1_f32 v5, v2, attr64.x", GFX1030, RDNA_OUT_OF_RANGE, 25, "attr64"},
   {"v_interp_p1_f32 v5, v2, attr3.q", GFX1030, RDNA_INVALID_OPERAND, 25, "channel"},
   {"v_interp_p1_f32 v5, v2, attr3.X", GFX1030, RDNA_INVALID_OPERAND, 25, "channel"},
   {"v_interp_p1_f32 v5, v2, ATTR3.x", GFX1030, RDNA_INVALID_OPERAND, 25, "attr"},
   {"v_interp_mov_f32 v5, p30, attr3.x", GFX1030, RDNA_INVALID_OPERAND, 22, "p10"},
   {"v_interp_mov_f32 v5, invalid_param_3, attr3.x", GFX1030, RDNA_INVALID_OPERAND, 22, "p10"},
   {"v_interp_p1_f32 v5, v2, attr3", GFX1030, RDNA_INVALID_OPERAND, 25, "attr"},
   {"v_interp_p1_f32 v[5:6], v2, attr3.x", GFX1030, RDNA_INVALID_OPERAND, 17, "v[5:6]"},
   {"v_interp_p1_f32 v5, v2", GFX1030, RDNA_SYNTAX, 1, ""},
   {"v_interp_p1_f32_e32 v5, v2, attr3.x high", GFX1030, RDNA_INVALID_OPERAND, 37, "high"},
};
/* clang-format on */

/* ---- golden vectors ----------------------------------------------------------------------- */

ParameterizedTestParameters(exp, golden_decodes_to_llvm_text)
{
   return cr_make_param_array(struct golden, golden_vectors,
                              sizeof(golden_vectors) / sizeof(golden_vectors[0]));
}

/* llvm-mc's bytes decode to llvm-mc's text in both wave sizes (no lane masks here) and encode
 * back to the same bytes. */
ParameterizedTest(struct golden *g, exp, golden_decodes_to_llvm_text)
{
   for (unsigned wave = 32; wave <= 64; wave += 32) {
      struct rdna_isa_config config = config_of(g->target, wave);
      struct rdna_inst inst;
      struct rdna_diag diag;
      memset(&diag, 0, sizeof(diag));
      enum rdna_status status =
         decode_exact(&config, g->words, g->num_words, g->num_words * 4u, &inst, &diag);
      cr_assert_eq(status, RDNA_OK, "0x%08x: %s (%s)", g->words[0], rdna_status_name(status),
                   diag.message);
      cr_assert_eq(inst.size, g->num_words * 4, "%s: size %u", g->text, inst.size);
      char text[160];
      rdna_print(&config, &inst, text, sizeof(text));
      cr_assert_str_eq(text, g->text, "0x%08x wave%u", g->words[0], wave);
      uint32_t words[RDNA_MAX_INST_WORDS];
      size_t num_words = 0;
      cr_assert_eq(rdna_encode(&config, &inst, words, &num_words, &diag), RDNA_OK, "%s: %s",
                   g->text, diag.message);
      assert_words(words, num_words, g->words, g->num_words, g->text);
   }
}

ParameterizedTestParameters(exp, golden_assembles_to_llvm_bytes)
{
   return cr_make_param_array(struct golden, golden_vectors,
                              sizeof(golden_vectors) / sizeof(golden_vectors[0]));
}

ParameterizedTest(struct golden *g, exp, golden_assembles_to_llvm_bytes)
{
   for (unsigned wave = 32; wave <= 64; wave += 32) {
      struct rdna_isa_config config = config_of(g->target, wave);
      struct rdna_inst inst;
      struct rdna_diag diag;
      memset(&diag, 0, sizeof(diag));
      enum rdna_status status = rdna_parse(&config, g->asm_text, &inst, &diag);
      cr_assert_eq(status, RDNA_OK, "'%s': %s at column %u (%s)", g->asm_text,
                   rdna_status_name(status), diag.column, diag.message);
      uint32_t words[RDNA_MAX_INST_WORDS];
      size_t num_words = 0;
      cr_assert_eq(rdna_encode(&config, &inst, words, &num_words, &diag), RDNA_OK, "%s: %s",
                   g->asm_text, diag.message);
      assert_words(words, num_words, g->words, g->num_words, g->asm_text);
   }
}

ParameterizedTestParameters(exp, golden_prefixes_are_truncated)
{
   return cr_make_param_array(struct golden, golden_vectors,
                              sizeof(golden_vectors) / sizeof(golden_vectors[0]));
}

/* Every proper prefix, read from a block of exactly that size, is TRUNCATED (or not this class
 * at all when less than a dword is left). */
ParameterizedTest(struct golden *g, exp, golden_prefixes_are_truncated)
{
   struct rdna_isa_config config = config_of(g->target, 32);
   for (size_t size = 0; size < g->num_words * 4u; size++) {
      struct rdna_inst inst;
      struct rdna_diag diag;
      memset(&diag, 0, sizeof(diag));
      enum rdna_status status = decode_exact(&config, g->words, g->num_words, size, &inst, &diag);
      cr_assert_eq(status, RDNA_TRUNCATED, "%s from %zu bytes: %s", g->text, size,
                   rdna_status_name(status));
      cr_assert_gt(strlen(diag.message), 0);
   }
}

/* ---- what llvm-mc decodes but would not assemble that way ----------------------------------- */

ParameterizedTestParameters(exp, lenient_decodes_and_reencodes_stably)
{
   return cr_make_param_array(struct lenient, lenient_vectors,
                              sizeof(lenient_vectors) / sizeof(lenient_vectors[0]));
}

/* The text is llvm-mc's; our re-encoding may clear ignored fields but must decode to the same
 * text again. */
ParameterizedTest(struct lenient *l, exp, lenient_decodes_and_reencodes_stably)
{
   struct rdna_isa_config config = config_of(l->target, 32);
   struct rdna_inst inst;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   enum rdna_status status =
      decode_exact(&config, l->words, l->num_words, l->num_words * 4u, &inst, &diag);
   cr_assert_eq(status, RDNA_OK, "0x%08x: %s (%s)", l->words[0], rdna_status_name(status),
                diag.message);
   char text[160];
   rdna_print(&config, &inst, text, sizeof(text));
   cr_assert_str_eq(text, l->text, "0x%08x", l->words[0]);
   uint32_t words[RDNA_MAX_INST_WORDS];
   size_t num_words = 0;
   cr_assert_eq(rdna_encode(&config, &inst, words, &num_words, &diag), RDNA_OK, "%s: %s", l->text,
                diag.message);
   struct rdna_inst again;
   status = decode_exact(&config, words, (unsigned)num_words, num_words * 4, &again, &diag);
   cr_assert_eq(status, RDNA_OK, "%s re-encoded: %s", l->text, diag.message);
   rdna_print(&config, &again, text, sizeof(text));
   cr_assert_str_eq(text, l->text, "re-encoded 0x%08x", words[0]);
}

/* ---- rejected encodings ------------------------------------------------------------------- */

ParameterizedTestParameters(exp, invalid_encodings_are_rejected)
{
   return cr_make_param_array(struct invalid, invalid_vectors,
                              sizeof(invalid_vectors) / sizeof(invalid_vectors[0]));
}

ParameterizedTest(struct invalid *v, exp, invalid_encodings_are_rejected)
{
   struct rdna_isa_config config = config_of(v->target, 32);
   struct rdna_inst inst;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   enum rdna_status status =
      decode_exact(&config, v->words, v->num_words, v->num_words * 4u, &inst, &diag);
   cr_assert_eq(status, v->status, "0x%08x 0x%08x: %s (%s), expected %s", v->words[0], v->words[1],
                rdna_status_name(status), diag.message, rdna_status_name(v->status));
   cr_assert_eq(diag.status, status);
   cr_assert_gt(strlen(diag.message), 0);
}

/* ---- assembly errors ---------------------------------------------------------------------- */

ParameterizedTestParameters(exp, bad_assembly_names_status_and_column)
{
   return cr_make_param_array(struct bad_text, bad_texts, sizeof(bad_texts) / sizeof(bad_texts[0]));
}

ParameterizedTest(struct bad_text *bad, exp, bad_assembly_names_status_and_column)
{
   struct rdna_isa_config config = config_of(bad->target, 32);
   struct rdna_inst inst;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   enum rdna_status status = rdna_parse(&config, bad->text, &inst, &diag);
   cr_assert_eq(status, bad->status, "'%s': %s (%s), expected %s", bad->text,
                rdna_status_name(status), diag.message, rdna_status_name(bad->status));
   cr_assert_eq(diag.status, status);
   cr_assert_eq(diag.line, 1);
   cr_assert_eq(diag.column, bad->column, "'%s': column %u (%s)", bad->text, diag.column,
                diag.message);
   cr_assert(strstr(diag.message, bad->mentions) != NULL, "'%s': '%s' does not mention '%s'",
             bad->text, diag.message, bad->mentions);
}

/* ---- the rows ------------------------------------------------------------------------------ */

/* Row counts per target, from sweeping every opcode through llvm-mc --disassemble. */
Test(exp, rows_exist_on_their_targets)
{
   unsigned counts[RDNA_TARGET_COUNT] = { 0 };
   for (unsigned op = 0; op < rdna_op_count(); op++) {
      const struct op_info *info = op_info(op);
      if (!ROW_IN_CLASS(info->format))
         continue;
      for (unsigned t = 0; t < RDNA_TARGET_COUNT; t++)
         if (op_on_target(op, (enum rdna_target)t))
            counts[t]++;
   }
   cr_assert_eq(counts[RDNA_TARGET_GFX1013], ROWS_GFX1013);
   cr_assert_eq(counts[RDNA_TARGET_GFX1030], ROWS_GFX1030);
}
