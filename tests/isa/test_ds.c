/* DS (data share) against llvm-mc-14: golden bytes <-> text (offset, offset0/offset1, gds, GWS,
 * ordered count, append/consume, addtid, permutes, ds_swizzle_b32's swizzle() forms), rejected
 * encodings and assembly errors with their status and column. */
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

#define ROW_IN_CLASS(f) (f == RDNA_FMT_DS)
#define ROWS_GFX1013 154u
#define ROWS_GFX1030 123u

/* Golden vectors, per target (-mcpu=gfx1013 or -mcpu=gfx1030 as the row says):
 *   llvm-mc -arch=amdgcn -mcpu=<target> -show-encoding (the asm text gives the bytes), then
 *   llvm-mc -arch=amdgcn -mcpu=<target> --disassemble (the bytes give the text) */
/* The tables keep one vector per line or two. */
/* clang-format off */
static struct golden golden_vectors[] = {
   {{0xd8000000, 0x00000302}, 2, GFX1030, "ds_add_u32 v2, v3", "ds_add_u32 v2, v3"},
   {{0xd802ffff, 0x00000302}, 2, GFX1030,
    "ds_add_u32 v2, v3 offset:65535 gds", "ds_add_u32 v2, v3 offset:65535 gds"},
   {{0xd8840004, 0x05000302}, 2, GFX1030,
    "ds_sub_rtn_u32 v5, v2, v3 offset:4", "ds_sub_rtn_u32 v5, v2, v3 offset:4"},
   {{0xd8300008, 0x00040302}, 2, GFX1030,
    "ds_mskor_b32 v2, v3, v4 offset:8", "ds_mskor_b32 v2, v3, v4 offset:8"},
   {{0xd838ff01, 0x00040302}, 2, GFX1030,
    "ds_write2_b32 v2, v3, v4 offset0:1 offset1:255",
    "ds_write2_b32 v2, v3, v4 offset0:1 offset1:255"},
   {{0xd93c0700, 0x00050302}, 2, GFX1030,
    "ds_write2st64_b64 v2, v[3:4], v[5:6] offset1:7",
    "ds_write2st64_b64 v2, v[3:4], v[5:6] offset1:7"},
   {{0xd8dc0003, 0x05000002}, 2, GFX1030,
    "ds_read2_b32 v[5:6], v2 offset0:3", "ds_read2_b32 v[5:6], v2 offset0:3"},
   {{0xd9e2ffff, 0xfc0000ff}, 2, GFX1030,
    "ds_read2st64_b64 v[252:255], v255 offset0:255 offset1:255 gds",
    "ds_read2st64_b64 v[252:255], v255 offset0:255 offset1:255 gds"},
   {{0xd9b80201, 0x05040302}, 2, GFX1030,
    "ds_wrxchg2_rtn_b64 v[5:8], v2, v[3:4], v[4:5] offset0:1 offset1:2",
    "ds_wrxchg2_rtn_b64 v[5:8], v2, v[3:4], v[4:5] offset0:1 offset1:2"},
   {{0xd9c40010, 0x05070302}, 2, GFX1030,
    "ds_cmpst_rtn_f64 v[5:6], v2, v[3:4], v[7:8] offset:16",
    "ds_cmpst_rtn_f64 v[5:6], v2, v[3:4], v[7:8] offset:16"},
   {{0xdbfc0000, 0xfc000000}, 2, GFX1030,
    "ds_read_b128 v[252:255], v0", "ds_read_b128 v[252:255], v0"},
   {{0xdb7a0000, 0x0000fd02}, 2, GFX1030,
    "ds_write_b96 v2, v[253:255] gds", "ds_write_b96 v2, v[253:255] gds"},
   {{0xda8c0001, 0x05000002}, 2, GFX1030,
    "ds_read_u8_d16_hi v5, v2 offset:1", "ds_read_u8_d16_hi v5, v2 offset:1"},
   {{0xda840000, 0x00000302}, 2, GFX1030,
    "ds_write_b16_d16_hi v2, v3", "ds_write_b16_d16_hi v2, v3"},
   {{0xd9540000, 0x05000302}, 2, GFX1030, "ds_add_rtn_f32 v5, v2, v3", "ds_add_rtn_f32 v5, v2, v3"},
   {{0xd9f80000, 0x05000302}, 2, GFX1030,
    "ds_condxchg32_rtn_b64 v[5:6], v2, v[3:4]", "ds_condxchg32_rtn_b64 v[5:6], v2, v[3:4]"},
   {{0xd8500000, 0x00000000}, 2, GFX1030, "ds_nop", "ds_nop"},
   {{0xd8660000, 0x00000002}, 2, GFX1030, "ds_gws_init v2 gds", "ds_gws_init v2 gds"},
   {{0xd8660010, 0x00000007}, 2, GFX1030,
    "ds_gws_init v7 offset:16 gds", "ds_gws_init v7 offset:16 gds"},
   {{0xd86a0000, 0x00000000}, 2, GFX1030, "ds_gws_sema_v gds", "ds_gws_sema_v gds"},
   {{0xd86effff, 0x00000002}, 2, GFX1030,
    "ds_gws_sema_br v2 offset:65535 gds", "ds_gws_sema_br v2 offset:65535 gds"},
   {{0xd8720000, 0x00000000}, 2, GFX1030, "ds_gws_sema_p gds", "ds_gws_sema_p gds"},
   {{0xd8760000, 0x00000007}, 2, GFX1030, "ds_gws_barrier v7 gds", "ds_gws_barrier v7 gds"},
   {{0xd8620000, 0x00000000}, 2, GFX1030,
    "ds_gws_sema_release_all gds", "ds_gws_sema_release_all gds"},
   {{0xd8fe0304, 0x05000002}, 2, GFX1030,
    "ds_ordered_count v5, v2 offset:772 gds", "ds_ordered_count v5, v2 offset:772 gds"},
   {{0xd8f80000, 0x05000000}, 2, GFX1030, "ds_append v5", "ds_append v5"},
   {{0xd8f60008, 0x05000000}, 2, GFX1030,
    "ds_consume v5 offset:8 gds", "ds_consume v5 offset:8 gds"},
   {{0xdac60004, 0x05000000}, 2, GFX1030,
    "ds_read_addtid_b32 v5 offset:4 gds", "ds_read_addtid_b32 v5 offset:4 gds"},
   {{0xdac00004, 0x00000500}, 2, GFX1030,
    "ds_write_addtid_b32 v5 offset:4", "ds_write_addtid_b32 v5 offset:4"},
   {{0xdac80004, 0x05000302}, 2, GFX1030,
    "ds_permute_b32 v5, v2, v3 offset:4", "ds_permute_b32 v5, v2, v3 offset:4"},
   {{0xdacc0000, 0x05000302}, 2, GFX1030,
    "ds_bpermute_b32 v5, v2, v3", "ds_bpermute_b32 v5, v2, v3"},
   {{0xd8d40000, 0x05000002}, 2, GFX1030, "ds_swizzle_b32 v5, v2", "ds_swizzle_b32 v5, v2"},
   {{0xd8d480e4, 0x05000002}, 2, GFX1030,
    "ds_swizzle_b32 v5, v2 offset:swizzle(QUAD_PERM,0,1,2,3)",
    "ds_swizzle_b32 v5, v2 offset:swizzle(QUAD_PERM,0,1,2,3)"},
   {{0xd8d4401f, 0x05000002}, 2, GFX1030,
    "ds_swizzle_b32 v5, v2 offset:swizzle(SWAP,16)",
    "ds_swizzle_b32 v5, v2 offset:swizzle(SWAP,16)"},
   {{0xd8d41c1f, 0x05000002}, 2, GFX1030,
    "ds_swizzle_b32 v5, v2 offset:swizzle(REVERSE,8)",
    "ds_swizzle_b32 v5, v2 offset:swizzle(REVERSE,8)"},
   {{0xd8d60078, 0x05000002}, 2, GFX1030,
    "ds_swizzle_b32 v5, v2 offset:swizzle(BROADCAST,8,3) gds",
    "ds_swizzle_b32 v5, v2 offset:swizzle(BROADCAST,8,3) gds"},
   {{0xd8d40064, 0x05000002}, 2, GFX1030,
    "ds_swizzle_b32 v5, v2 offset:100",
    "ds_swizzle_b32 v5, v2 offset:swizzle(BITMASK_PERM,\"00p11\")"},
   {{0xd8d4ffff, 0x05000002}, 2, GFX1030,
    "ds_swizzle_b32 v5, v2 offset:0xffff", "ds_swizzle_b32 v5, v2 offset:65535"},
   {{0xd94c0000, 0x00000302}, 2, GFX1030, "ds_max_f64 v2, v[3:4]", "ds_max_f64 v2, v[3:4]"},
   {{0xd9d80000, 0x06000002}, 2, GFX1030, "ds_read_b64 v[6:7], v2", "ds_read_b64 v[6:7], v2"},
   {{0xda000004, 0x00000002}, 2, GFX1013,
    "ds_add_src2_u32 v2 offset:4", "ds_add_src2_u32 v2 offset:4"},
   {{0xdb4e0000, 0x00000002}, 2, GFX1013, "ds_max_src2_f64 v2 gds", "ds_max_src2_f64 v2 gds"},
   {{0xdb34ffff, 0x000000ff}, 2, GFX1013,
    "ds_write_src2_b64 v255 offset:65535", "ds_write_src2_b64 v255 offset:65535"},
   {{0xd8d8ffff, 0x05000002}, 2, GFX1013,
    "ds_read_b32 v5, v2 offset:65535", "ds_read_b32 v5, v2 offset:65535"},
};

/* llvm-mc -arch=amdgcn -mcpu=<target> --disassemble takes these and prints the text shown. */
static struct lenient lenient_vectors[] = {
   /* bit 16 ignored */
   {{0xd8d90102, 0x05000002}, 2, GFX1030, "ds_read_b32 v5, v2 offset:258"},
};

/* llvm-mc -arch=amdgcn -mcpu=<target> --disassemble: "invalid instruction encoding". */
static struct invalid invalid_vectors[] = {
   /* ds_add_u32 with a vdst field */
   {{0xd8000000, 0x05000302}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* ds_read_b32 with a data0 field */
   {{0xd8d80000, 0x05000302}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* ds_gws_init without gds */
   {{0xd8640000, 0x00000002}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* ds_ordered_count without gds */
   {{0xd8fc0000, 0x05000002}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* ds_nop with an offset */
   {{0xd8500004, 0x00000000}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* ds_nop with gds */
   {{0xd8520000, 0x00000000}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* ds_permute_b32 with gds */
   {{0xdaca0000, 0x05000302}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* ds_read_b128 past v255 */
   {{0xdbfc0000, 0xfd000002}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* ds_write_b64 data past v255 */
   {{0xd9340000, 0x0000ff02}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* opcode 0x16 */
   {{0xd8580000, 0x00000302}, 2, GFX1030, RDNA_UNKNOWN_OPCODE},
   /* ds_add_src2_u32 is gfx1013 only */
   {{0xda000004, 0x00000002}, 2, GFX1030, RDNA_UNKNOWN_OPCODE},
   /* ds_gws_init data0 belongs in the addr byte */
   {{0xd8660000, 0x00000302}, 2, GFX1030, RDNA_INVALID_ENCODING},
};

/* llvm-mc -arch=amdgcn -mcpu=<target> -show-encoding rejects each of these. */
static struct bad_text bad_texts[] = {
   {"ds_read_b32 v5, v2 offset:65536", GFX1030, RDNA_OUT_OF_RANGE, 20, "offset"},
   {"ds_read_b32 v5, v2 offset:-1", GFX1030, RDNA_OUT_OF_RANGE, 20, "offset"},
   {"ds_read2_b32 v[5:6], v2 offset0:256", GFX1030, RDNA_OUT_OF_RANGE, 25, "offset0"},
   {"ds_read2_b32 v[5:6], v2 offset1:255 offset0:3", GFX1030, RDNA_SYNTAX, 37, "offset0"},
   {"ds_read2_b32 v[5:6], v2 offset:4", GFX1030, RDNA_INVALID_OPERAND, 25, "offset"},
   {"ds_read_b32 v5, v2 offset0:4", GFX1030, RDNA_INVALID_OPERAND, 20, "offset0"},
   {"ds_read_b32 v5, v2 gds offset:4", GFX1030, RDNA_SYNTAX, 24, "offset"},
   {"ds_read_b32 v5, v2 offset:4 offset:8", GFX1030, RDNA_SYNTAX, 29, "offset"},
   {"ds_write_b32 v2, s3", GFX1030, RDNA_INVALID_OPERAND, 18, "s3"},
   {"ds_write_b32 v2, 1", GFX1030, RDNA_INVALID_OPERAND, 18, "1"},
   {"ds_read_b64 v[5:7], v2", GFX1030, RDNA_INVALID_OPERAND, 13, "v[5:7]"},
   {"ds_read_b32 v5, v[2:3]", GFX1030, RDNA_INVALID_OPERAND, 17, "v[2:3]"},
   {"ds_nop gds", GFX1030, RDNA_INVALID_OPERAND, 8, "gds"},
   {"ds_nop offset:4", GFX1030, RDNA_INVALID_OPERAND, 8, "offset"},
   {"ds_permute_b32 v5, v2, v3 gds", GFX1030, RDNA_INVALID_OPERAND, 27, "gds"},
   {"ds_read_b32 v5, v2 offset:4 glc", GFX1030, RDNA_INVALID_OPERAND, 29, "glc"},
   {"ds_gws_init v2 offset:16", GFX1030, RDNA_SYNTAX, 16, "gds"},
   {"ds_swizzle_b32 v5, v2 offset:swizzle(SWAP,3)", GFX1030, RDNA_OUT_OF_RANGE, 30, "power of two"},
   {"ds_swizzle_b32 v5, v2 offset:swizzle(BROADCAST,3,1)",
    GFX1030, RDNA_OUT_OF_RANGE, 30, "power of two"},
   {"ds_swizzle_b32 v5, v2 offset:swizzle(BROADCAST,4,4)", GFX1030, RDNA_OUT_OF_RANGE, 30, "lane"},
   {"ds_swizzle_b32 v5, v2 offset:swizzle(QUAD_PERM,0,1,2,4)",
    GFX1030, RDNA_OUT_OF_RANGE, 30, "lane"},
   {"ds_swizzle_b32 v5, v2 offset:swizzle(QUAD_PERM,0,1,2)", GFX1030, RDNA_SYNTAX, 30, "QUAD_PERM"},
   {"ds_swizzle_b32 v5, v2 offset:swizzle(FOO,1)", GFX1030, RDNA_INVALID_OPERAND, 30, "FOO"},
   {"ds_add_src2_u32 v2", GFX1030, RDNA_NOT_ON_TARGET, 1, "ds_add_src2_u32"},
};
/* clang-format on */

/* ---- golden vectors ----------------------------------------------------------------------- */

ParameterizedTestParameters(ds, golden_decodes_to_llvm_text)
{
   return cr_make_param_array(struct golden, golden_vectors,
                              sizeof(golden_vectors) / sizeof(golden_vectors[0]));
}

/* llvm-mc's bytes decode to llvm-mc's text in both wave sizes (no lane masks here) and encode
 * back to the same bytes. */
ParameterizedTest(struct golden *g, ds, golden_decodes_to_llvm_text)
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

ParameterizedTestParameters(ds, golden_assembles_to_llvm_bytes)
{
   return cr_make_param_array(struct golden, golden_vectors,
                              sizeof(golden_vectors) / sizeof(golden_vectors[0]));
}

ParameterizedTest(struct golden *g, ds, golden_assembles_to_llvm_bytes)
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

ParameterizedTestParameters(ds, golden_prefixes_are_truncated)
{
   return cr_make_param_array(struct golden, golden_vectors,
                              sizeof(golden_vectors) / sizeof(golden_vectors[0]));
}

/* Every proper prefix, read from a block of exactly that size, is TRUNCATED (or not this class
 * at all when less than a dword is left). */
ParameterizedTest(struct golden *g, ds, golden_prefixes_are_truncated)
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

ParameterizedTestParameters(ds, lenient_decodes_and_reencodes_stably)
{
   return cr_make_param_array(struct lenient, lenient_vectors,
                              sizeof(lenient_vectors) / sizeof(lenient_vectors[0]));
}

/* The text is llvm-mc's; our re-encoding may clear ignored fields but must decode to the same
 * text again. */
ParameterizedTest(struct lenient *l, ds, lenient_decodes_and_reencodes_stably)
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

ParameterizedTestParameters(ds, invalid_encodings_are_rejected)
{
   return cr_make_param_array(struct invalid, invalid_vectors,
                              sizeof(invalid_vectors) / sizeof(invalid_vectors[0]));
}

ParameterizedTest(struct invalid *v, ds, invalid_encodings_are_rejected)
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

ParameterizedTestParameters(ds, bad_assembly_names_status_and_column)
{
   return cr_make_param_array(struct bad_text, bad_texts, sizeof(bad_texts) / sizeof(bad_texts[0]));
}

ParameterizedTest(struct bad_text *bad, ds, bad_assembly_names_status_and_column)
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
Test(ds, rows_exist_on_their_targets)
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
