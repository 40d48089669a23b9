/* FLAT, GLOBAL and SCRATCH against llvm-mc-14: golden bytes <-> text (loads, stores, d16
 * halves, atomics with and without glc, saddr/vaddr shapes, offsets, gfx1030 addtid and csub),
 * encodings it decodes leniently or rejects, assembly errors with status and column, operand
 * shapes, and random encodings that must decode safely and re-encode to the same text. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdlib.h>
#include <string.h>

#include "isa_internal.h"

#define GFX1013 RDNA_TARGET_GFX1013
#define GFX1030 RDNA_TARGET_GFX1030

/* Parameters are copied into each test's process: strings are held, not pointed to. */
struct golden {
   uint32_t words[5];
   unsigned num_words;
   enum rdna_target target;
   char asm_text[160]; /* what was given to llvm-mc -show-encoding */
   char text[160];     /* what llvm-mc --disassemble prints for the bytes */
};

/* Encodings llvm-mc --disassemble takes although they differ from what it assembles. */
struct lenient {
   uint32_t words[5];
   unsigned num_words;
   enum rdna_target target;
   char text[160];
};

/* Encodings llvm-mc --disassemble rejects ("invalid instruction encoding"). */
struct invalid {
   uint32_t words[5];
   unsigned num_words;
   enum rdna_target target;
   enum rdna_status status;
};

/* Assembly llvm-mc rejects (or, where noted, accepts but we reject); the status, column and
 * wording are ours. */
struct bad_text {
   char text[112];
   enum rdna_target target;
   enum rdna_status status;
   unsigned column;
   char mentions[16]; /* a word the message must contain */
};

/* ---- helpers ------------------------------------------------------------------------------ */

static struct rdna_isa_config config_of(enum rdna_target target, unsigned wave_size)
{
   struct rdna_isa_config config = { target, wave_size };
   return config;
}

/* Decodes from a heap block of exactly `size` bytes, so ASan sees any read past it. */
static enum rdna_status decode_exact(const struct rdna_isa_config *config, const uint32_t *words,
                                     size_t size, struct rdna_inst *inst, struct rdna_diag *diag)
{
   uint8_t *bytes = malloc(size ? size : 1);
   cr_assert_not_null(bytes);
   for (size_t i = 0; i < size; i++)
      bytes[i] = (uint8_t)(words[i / 4] >> (8 * (i % 4)));
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

/* Decodes, prints and returns the text; fails the test on an error. */
static void decode_text(const struct rdna_isa_config *config, const uint32_t *words, size_t size,
                        struct rdna_inst *inst, char *text, size_t text_size)
{
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   enum rdna_status status = decode_exact(config, words, size, inst, &diag);
   cr_assert_eq(status, RDNA_OK, "0x%08x 0x%08x: %s (%s)", words[0], words[1],
                rdna_status_name(status), diag.message);
   rdna_print(config, inst, text, text_size);
}

/* Parses `text`; fails the test on an error. */
static void parse_ok(const struct rdna_isa_config *config, const char *text, struct rdna_inst *inst)
{
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   enum rdna_status status = rdna_parse(config, text, inst, &diag);
   cr_assert_eq(status, RDNA_OK, "'%s': %s at column %u (%s)", text, rdna_status_name(status),
                diag.column, diag.message);
}

#define ROW_IN_CLASS(f) (f == RDNA_FMT_FLAT || f == RDNA_FMT_GLOBAL || f == RDNA_FMT_SCRATCH)
#define ROWS_GFX1013 130u
#define ROWS_GFX1030 133u
#define RANDOM_SAMPLES 20000u

/* The first word of a random sample: the class's encoding bits over random bits. */
static uint32_t random_first_word(uint32_t bits, uint32_t choice)
{
   (void)choice;
   return (bits & 0x03ffffffu) | 0xdc000000u; /* 110111 */
}

/* The tables keep one vector per entry. */
/* clang-format off */
/* Golden vectors, on the target each names (both wave sizes agree): the asm text went
 * through -show-encoding, the bytes came back as the text through --disassemble:
 *   llvm-mc -arch=amdgcn -mcpu=<target> -show-encoding / --disassemble */
static struct golden golden_vectors[] = {
   {{0xdc300000, 0x017d0002}, 2, GFX1030,
    "flat_load_dword v1, v[2:3]",
    "flat_load_dword v1, v[2:3]"},
   {{0xdc3b17ff, 0xfc7d00fe}, 2, GFX1030,
    "flat_load_dwordx4 v[252:255], v[254:255] offset:2047 glc slc dlc",
    "flat_load_dwordx4 v[252:255], v[254:255] offset:2047 glc slc dlc"},
   {{0xdc8c0001, 0x057d0006}, 2, GFX1030,
    "flat_load_sbyte_d16_hi v5, v[6:7] offset:1",
    "flat_load_sbyte_d16_hi v5, v[6:7] offset:1"},
   {{0xdc7d0004, 0x007d0402}, 2, GFX1030,
    "flat_store_dwordx3 v[2:3], v[4:6] offset:4 glc",
    "flat_store_dwordx3 v[2:3], v[4:6] offset:4 glc"},
   {{0xdc6c0000, 0x007d0402}, 2, GFX1030,
    "flat_store_short_d16_hi v[2:3], v4",
    "flat_store_short_d16_hi v[2:3], v4"},
   {{0xdcc90000, 0x017d0302}, 2, GFX1030,
    "flat_atomic_add v1, v[2:3], v3 glc",
    "flat_atomic_add v1, v[2:3], v3 glc"},
   {{0xdcca100c, 0x007d0302}, 2, GFX1030,
    "flat_atomic_add v[2:3], v3 offset:12 slc dlc",
    "flat_atomic_add v[2:3], v3 offset:12 slc dlc"},
   {{0xdcc50000, 0x017d0402}, 2, GFX1030,
    "flat_atomic_cmpswap v1, v[2:3], v[4:5] glc",
    "flat_atomic_cmpswap v1, v[2:3], v[4:5] glc"},
   {{0xdd450008, 0x017d0402}, 2, GFX1030,
    "flat_atomic_cmpswap_x2 v[1:2], v[2:3], v[4:7] offset:8 glc",
    "flat_atomic_cmpswap_x2 v[1:2], v[2:3], v[4:7] offset:8 glc"},
   {{0xdd800000, 0x007d0402}, 2, GFX1030,
    "flat_atomic_fmax_x2 v[2:3], v[4:5]",
    "flat_atomic_fmax_x2 v[2:3], v[4:5]"},
   {{0xdc308800, 0x017d0002}, 2, GFX1030,
    "global_load_dword v1, v[2:3], off offset:-2048",
    "global_load_dword v1, v[2:3], off offset:-2048"},
   {{0xdc3187ff, 0x01040002}, 2, GFX1030,
    "global_load_dword v1, v2, s[4:5] offset:2047 glc",
    "global_load_dword v1, v2, s[4:5] offset:2047 glc"},
   {{0xdc288000, 0x016a0002}, 2, GFX1030,
    "global_load_ushort v1, v2, vcc",
    "global_load_ushort v1, v2, vcc"},
   {{0xdc348000, 0x017e0002}, 2, GFX1030,
    "global_load_dwordx2 v[1:2], v2, exec",
    "global_load_dwordx2 v[1:2], v2, exec"},
   {{0xdc808000, 0x016e0002}, 2, GFX1030,
    "global_load_ubyte_d16 v1, v2, ttmp[2:3]",
    "global_load_ubyte_d16 v1, v2, ttmp[2:3]"},
   {{0xdc768fff, 0x00680402}, 2, GFX1030,
    "global_store_dwordx2 v2, v[4:5], s[104:105] offset:-1 slc",
    "global_store_dwordx2 v2, v[4:5], s[104:105] offset:-1 slc"},
   {{0xdc608000, 0x007d0402}, 2, GFX1030,
    "global_store_byte v[2:3], v4, off",
    "global_store_byte v[2:3], v4, off"},
   {{0xdcd18000, 0x01040302}, 2, GFX1030,
    "global_atomic_csub v1, v2, v3, s[4:5] glc",
    "global_atomic_csub v1, v2, v3, s[4:5] glc"},
   {{0xdd408ff8, 0x007d0402}, 2, GFX1030,
    "global_atomic_swap_x2 v[2:3], v[4:5], off offset:-8",
    "global_atomic_swap_x2 v[2:3], v[4:5], off offset:-8"},
   {{0xdcc59000, 0x05020602}, 2, GFX1030,
    "global_atomic_cmpswap v5, v2, v[6:7], s[2:3] glc dlc",
    "global_atomic_cmpswap v5, v2, v[6:7], s[2:3] glc dlc"},
   {{0xdc588000, 0x017d0000}, 2, GFX1030,
    "global_load_dword_addtid v1, off",
    "global_load_dword_addtid v1, off"},
   {{0xdc5f9ffc, 0x00040100}, 2, GFX1030,
    "global_store_dword_addtid v1, s[4:5] offset:-4 glc slc dlc",
    "global_store_dword_addtid v1, s[4:5] offset:-4 glc slc dlc"},
   {{0xdc308000, 0x017d0002}, 2, GFX1030,
    "global_load_dword v1, v2, null",
    "global_load_dword v1, v[2:3], off"},
   {{0xdc304fff, 0x017d0002}, 2, GFX1030,
    "scratch_load_dword v1, v2, off offset:-1",
    "scratch_load_dword v1, v2, off offset:-1"},
   {{0xdc3447ff, 0x01040000}, 2, GFX1030,
    "scratch_load_dwordx2 v[1:2], off, s4 offset:2047",
    "scratch_load_dwordx2 v[1:2], off, s4 offset:2047"},
   {{0xdc704000, 0x007c0100}, 2, GFX1030,
    "scratch_store_dword off, v1, m0",
    "scratch_store_dword off, v1, m0"},
   {{0xdc714000, 0x007e0100}, 2, GFX1030,
    "scratch_store_dword off, v1, exec_lo glc",
    "scratch_store_dword off, v1, exec_lo glc"},
   {{0xdc304000, 0x017f0000}, 2, GFX1030,
    "scratch_load_dword v1, off, off",
    "scratch_load_dword v1, off, off"},
   {{0xdc644000, 0x007d0302}, 2, GFX1030,
    "scratch_store_byte_d16_hi v2, v3, off",
    "scratch_store_byte_d16_hi v2, v3, off"},
   {{0xdc904000, 0x017b0000}, 2, GFX1030,
    "scratch_load_short_d16 v1, off, ttmp15",
    "scratch_load_short_d16 v1, off, ttmp15"},
   {{0xdc304000, 0x016b0000}, 2, GFX1030,
    "scratch_load_dword v1, off, vcc_hi",
    "scratch_load_dword v1, off, vcc_hi"},
   {{0xdc340000, 0x017d0002}, 2, GFX1030,
    "flat_load_dwordx2 [v1, v2], [v2, v3]",
    "flat_load_dwordx2 v[1:2], v[2:3]"},
   {{0xdc308000, 0x017d0002}, 2, GFX1030,
    "global_load_dword v1, v[2:3], off noglc",
    "global_load_dword v1, v[2:3], off"},
   {{0xdc200007, 0x017d0002}, 2, GFX1013,
    "flat_load_ubyte v1, v[2:3] offset:7",
    "flat_load_ubyte v1, v[2:3] offset:7"},
   {{0xdce88000, 0x00060302}, 2, GFX1013,
    "global_atomic_or v2, v3, s[6:7]",
    "global_atomic_or v2, v3, s[6:7]"},
   {{0xdc784800, 0x007d0402}, 2, GFX1013,
    "scratch_store_dwordx4 v2, v[4:7], off offset:-2048",
    "scratch_store_dwordx4 v2, v[4:7], off offset:-2048"},
   {{0xdc2c4000, 0x01690000}, 2, GFX1013,
    "scratch_load_sshort v1, off, s105",
    "scratch_load_sshort v1, off, s105"},
};

/* Each prints the text shown (llvm-mc would not assemble that text to these bytes):
 *   llvm-mc -arch=amdgcn -mcpu=<target> --disassemble */
static struct lenient lenient_vectors[] = {
   /* FLAT prints 12 offset bits (llvm-mc assembles 11) */
   {{0xdc300800, 0x047d0302}, 2, GFX1030, "flat_load_dword v4, v[2:3] offset:2048"},
   /* bit 25 is ignored */
   {{0xde300000, 0x047d0302}, 2, GFX1030, "flat_load_dword v4, v[2:3]"},
   /* a load ignores the data field */
   {{0xdc300000, 0x047dff02}, 2, GFX1030, "flat_load_dword v4, v[2:3]"},
   /* a store ignores the vdst field */
   {{0xdc700000, 0xff7d0302}, 2, GFX1030, "flat_store_dword v[2:3], v3"},
   /* an atomic without glc ignores the vdst field */
   {{0xdcc80000, 0xff7d0302}, 2, GFX1030, "flat_atomic_add v[2:3], v3"},
   /* GLOBAL saddr drops the low bit of an odd code: s[4:5] */
   {{0xdc308000, 0x04050302}, 2, GFX1030, "global_load_dword v4, v2, s[4:5]"},
   /* SCRATCH with an saddr ignores the vaddr field */
   {{0xdc304000, 0x04060302}, 2, GFX1030, "scratch_load_dword v4, off, s6"},
   /* gfx1013 SCRATCH saddr 0x7f prints exec_hi (not assembled) */
   {{0xdc304000, 0x047f0302}, 2, GFX1013, "scratch_load_dword v4, off, exec_hi"},
   /* GLOBAL saddr 0x7d is off: the address is v[2:3] */
   {{0xdc308000, 0x047d0302}, 2, GFX1030, "global_load_dword v4, v[2:3], off"},
};

/* Each is "invalid instruction encoding":
 *   llvm-mc -arch=amdgcn -mcpu=<target> --disassemble */
static struct invalid invalid_vectors[] = {
   /* lds bit */
   {{0xdc302000, 0x047d0302}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* nv bit */
   {{0xdc300000, 0x04fd0302}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* seg 3 */
   {{0xdc30c000, 0x047d0302}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* FLAT saddr must be 0x7d */
   {{0xdc300000, 0x047c0302}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* GLOBAL saddr 107 (vcc_hi) */
   {{0xdc308000, 0x046b0302}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* GLOBAL saddr 124 (m0) */
   {{0xdc308000, 0x047c0302}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* GLOBAL saddr 127 */
   {{0xdc308000, 0x047f0302}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* global_atomic_csub without glc */
   {{0xdcd08000, 0x047d0302}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* opcode 0x10 */
   {{0xdc400000, 0x047d0302}, 2, GFX1030, RDNA_UNKNOWN_OPCODE},
   /* global_load_dword_addtid is gfx1030 only */
   {{0xdc588000, 0x047d0302}, 2, GFX1013, RDNA_UNKNOWN_OPCODE},
   /* no FLAT addtid */
   {{0xdc580000, 0x047d0302}, 2, GFX1030, RDNA_UNKNOWN_OPCODE},
   /* scratch_load_dwordx4 v[253:256] */
   {{0xdc384000, 0xfd7d0002}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* vaddr v[255:256] */
   {{0xdc300000, 0x047d03ff}, 2, GFX1030, RDNA_INVALID_ENCODING},
};

/* Each is an error, except those marked "llvm-mc accepts" (deliberate differences):
 *   llvm-mc -arch=amdgcn -mcpu=<target> -show-encoding */
static struct bad_text bad_texts[] = {
   {"flat_load_dword v1, v[2:3] offset:2048",
    GFX1030, RDNA_OUT_OF_RANGE, 28, "11-bit"},
   {"flat_load_dword v1, v[2:3] offset:-1",
    GFX1030, RDNA_OUT_OF_RANGE, 28, "11-bit"},
   {"global_load_dword v1, v[2:3], off offset:-2049",
    GFX1030, RDNA_OUT_OF_RANGE, 35, "12-bit"},
   {"scratch_load_dword v1, v2, off offset:2048",
    GFX1030, RDNA_OUT_OF_RANGE, 32, "12-bit"},
   {"flat_load_dword v1, v2",
    GFX1030, RDNA_INVALID_OPERAND, 21, "pair"},
   {"global_load_dword v1, v2, off",
    GFX1030, RDNA_INVALID_OPERAND, 23, "pair"},
   {"global_load_dword v1, v[2:3], s[4:5]",
    GFX1030, RDNA_INVALID_OPERAND, 23, "VGPR"},
   {"global_load_dword v1, v2, s[3:4]",
    GFX1030, RDNA_INVALID_OPERAND, 27, "saddr"},
   {"global_load_dword v1, v2, m0",
    GFX1030, RDNA_INVALID_OPERAND, 27, "saddr"},
   {"scratch_load_dword v1, v2, s4",
    GFX1030, RDNA_INVALID_OPERAND, 28, "both"},
   {"scratch_load_dword v1, off, off",
    GFX1013, RDNA_INVALID_OPERAND, 24, "gfx1030"},
   {"scratch_load_dword v1, off, exec_hi",
    GFX1030, RDNA_INVALID_OPERAND, 29, "saddr"},
   {"flat_atomic_add v1, v[2:3], v3",
    GFX1030, RDNA_INVALID_OPERAND, 1, "glc"},
   {"flat_atomic_add v[2:3], v3 glc",
    GFX1030, RDNA_INVALID_OPERAND, 28, "glc"},
   {"global_atomic_csub v[2:3], v3, off",
    GFX1030, RDNA_INVALID_OPERAND, 1, "glc"},
   {"flat_load_dword v1, v[2:3] glc offset:4",
    GFX1030, RDNA_SYNTAX, 32, "offset"},
   {"flat_load_dword v1, v[2:3] glc glc",
    GFX1030, RDNA_SYNTAX, 32, "duplicate"},
   {"flat_load_dword v1, v[2:3] lds",
    GFX1030, RDNA_INVALID_OPERAND, 28, "lds"},
   {"global_load_dword v1, v[2:3], off tfe",
    GFX1030, RDNA_INVALID_OPERAND, 35, "tfe"},
   {"flat_store_dword v[2:3], s1",
    GFX1030, RDNA_INVALID_OPERAND, 26, "VGPR"},
   {"flat_load_dwordx2 v1, v[2:3]",
    GFX1030, RDNA_INVALID_OPERAND, 19, "vdst"},
   {"global_load_dword_addtid v1, off",
    GFX1013, RDNA_NOT_ON_TARGET, 1, "gfx1013"},
   {"global_load_dword v1, v[2:3]",
    GFX1030, RDNA_SYNTAX, 1, "operands"},
};
/* clang-format on */

/* ---- golden vectors ----------------------------------------------------------------------- */

ParameterizedTestParameters(flat, golden_decodes_to_llvm_text)
{
   return cr_make_param_array(struct golden, golden_vectors,
                              sizeof(golden_vectors) / sizeof(golden_vectors[0]));
}

/* llvm-mc's bytes decode to llvm-mc's text in both wave sizes (no lane masks here) and encode
 * back to the same bytes. */
ParameterizedTest(struct golden *g, flat, golden_decodes_to_llvm_text)
{
   for (unsigned wave = 32; wave <= 64; wave += 32) {
      struct rdna_isa_config config = config_of(g->target, wave);
      struct rdna_inst inst;
      char text[256];
      decode_text(&config, g->words, g->num_words * 4u, &inst, text, sizeof(text));
      cr_assert_eq(inst.size, g->num_words * 4, "%s: size %u", g->text, inst.size);
      cr_assert_str_eq(text, g->text, "0x%08x wave%u", g->words[0], wave);
      uint32_t words[RDNA_MAX_INST_WORDS];
      size_t num_words = 0;
      struct rdna_diag diag;
      cr_assert_eq(rdna_encode(&config, &inst, words, &num_words, &diag), RDNA_OK, "%s: %s",
                   g->text, diag.message);
      assert_words(words, num_words, g->words, g->num_words, g->text);
   }
}

ParameterizedTestParameters(flat, golden_assembles_to_llvm_bytes)
{
   return cr_make_param_array(struct golden, golden_vectors,
                              sizeof(golden_vectors) / sizeof(golden_vectors[0]));
}

ParameterizedTest(struct golden *g, flat, golden_assembles_to_llvm_bytes)
{
   for (unsigned wave = 32; wave <= 64; wave += 32) {
      struct rdna_isa_config config = config_of(g->target, wave);
      struct rdna_inst inst;
      parse_ok(&config, g->asm_text, &inst);
      uint32_t words[RDNA_MAX_INST_WORDS];
      size_t num_words = 0;
      struct rdna_diag diag;
      cr_assert_eq(rdna_encode(&config, &inst, words, &num_words, &diag), RDNA_OK, "%s: %s",
                   g->asm_text, diag.message);
      assert_words(words, num_words, g->words, g->num_words, g->asm_text);
   }
}

ParameterizedTestParameters(flat, golden_prefixes_are_truncated)
{
   return cr_make_param_array(struct golden, golden_vectors,
                              sizeof(golden_vectors) / sizeof(golden_vectors[0]));
}

/* Every proper prefix, read from a block of exactly that size, is TRUNCATED. */
ParameterizedTest(struct golden *g, flat, golden_prefixes_are_truncated)
{
   struct rdna_isa_config config = config_of(g->target, 32);
   for (size_t size = 0; size < g->num_words * 4u; size++) {
      struct rdna_inst inst;
      struct rdna_diag diag;
      memset(&diag, 0, sizeof(diag));
      enum rdna_status status = decode_exact(&config, g->words, size, &inst, &diag);
      cr_assert_eq(status, RDNA_TRUNCATED, "%s from %zu bytes: %s", g->text, size,
                   rdna_status_name(status));
      cr_assert_gt(strlen(diag.message), 0);
   }
}

/* ---- what llvm-mc decodes but would not assemble that way ----------------------------------- */

ParameterizedTestParameters(flat, lenient_decodes_and_reencodes_stably)
{
   return cr_make_param_array(struct lenient, lenient_vectors,
                              sizeof(lenient_vectors) / sizeof(lenient_vectors[0]));
}

/* The text is llvm-mc's; our re-encoding may clear ignored fields but must decode to the same
 * text again. */
ParameterizedTest(struct lenient *l, flat, lenient_decodes_and_reencodes_stably)
{
   struct rdna_isa_config config = config_of(l->target, 32);
   struct rdna_inst inst;
   char text[256];
   decode_text(&config, l->words, l->num_words * 4u, &inst, text, sizeof(text));
   cr_assert_eq(inst.size, l->num_words * 4, "%s: size %u", l->text, inst.size);
   cr_assert_str_eq(text, l->text, "0x%08x", l->words[0]);
   uint32_t words[RDNA_MAX_INST_WORDS];
   size_t num_words = 0;
   struct rdna_diag diag;
   cr_assert_eq(rdna_encode(&config, &inst, words, &num_words, &diag), RDNA_OK, "%s: %s", l->text,
                diag.message);
   struct rdna_inst again;
   decode_text(&config, words, num_words * 4, &again, text, sizeof(text));
   cr_assert_str_eq(text, l->text, "re-encoded 0x%08x", words[0]);
}

/* ---- rejected encodings ------------------------------------------------------------------- */

ParameterizedTestParameters(flat, invalid_encodings_are_rejected)
{
   return cr_make_param_array(struct invalid, invalid_vectors,
                              sizeof(invalid_vectors) / sizeof(invalid_vectors[0]));
}

ParameterizedTest(struct invalid *v, flat, invalid_encodings_are_rejected)
{
   struct rdna_isa_config config = config_of(v->target, 32);
   struct rdna_inst inst;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   enum rdna_status status = decode_exact(&config, v->words, v->num_words * 4u, &inst, &diag);
   cr_assert_eq(status, v->status, "0x%08x 0x%08x: %s (%s), expected %s", v->words[0], v->words[1],
                rdna_status_name(status), diag.message, rdna_status_name(v->status));
   cr_assert_eq(diag.status, status);
   cr_assert_gt(strlen(diag.message), 0);
}

/* ---- assembly errors ---------------------------------------------------------------------- */

ParameterizedTestParameters(flat, bad_assembly_names_status_and_column)
{
   return cr_make_param_array(struct bad_text, bad_texts, sizeof(bad_texts) / sizeof(bad_texts[0]));
}

ParameterizedTest(struct bad_text *bad, flat, bad_assembly_names_status_and_column)
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

/* ---- the table ------------------------------------------------------------------------------ */

/* Rows per target, as llvm-mc-14's disassembler lists them (every opcode value probed). */
Test(flat, rows_per_target)
{
   unsigned count[RDNA_TARGET_COUNT] = { 0, 0 };
   for (unsigned op = 0; op < rdna_op_count(); op++) {
      const struct op_info *info = op_info(op);
      if (!ROW_IN_CLASS(info->format))
         continue;
      for (unsigned t = 0; t < RDNA_TARGET_COUNT; t++)
         if (op_on_target(op, (enum rdna_target)t))
            count[t]++;
   }
   cr_assert_eq(count[GFX1013], ROWS_GFX1013, "gfx1013: %u rows", count[GFX1013]);
   cr_assert_eq(count[GFX1030], ROWS_GFX1030, "gfx1030: %u rows", count[GFX1030]);
}

/* ---- random encodings --------------------------------------------------------------------- */

/* A small deterministic generator (xorshift32): the test needs no llvm-mc. */
static uint32_t next_random(uint32_t *state)
{
   uint32_t x = *state;
   x ^= x << 13;
   x ^= x >> 17;
   x ^= x << 5;
   *state = x;
   return x;
}

/* Random words with the class's fixed bits: decoding reads no byte past the input (the block is
 * exactly the input), and whatever decodes re-encodes to bytes that decode to the same text. */
Test(flat, random_encodings_decode_safely_and_reencode_stably)
{
   uint32_t state = 0x9e3779b9u;
   for (unsigned t = 0; t < RDNA_TARGET_COUNT; t++) {
      struct rdna_isa_config config = config_of((enum rdna_target)t, t ? 64 : 32);
      for (unsigned i = 0; i < RANDOM_SAMPLES; i++) {
         uint32_t words[RDNA_MAX_INST_WORDS];
         for (unsigned w = 0; w < RDNA_MAX_INST_WORDS; w++)
            words[w] = next_random(&state);
         words[0] = random_first_word(words[0], next_random(&state));
         size_t size = 4 + next_random(&state) % (RDNA_MAX_INST_WORDS * 4 - 3); /* 4-20 */
         struct rdna_inst inst;
         struct rdna_diag diag;
         enum rdna_status status = decode_exact(&config, words, size, &inst, &diag);
         if (status != RDNA_OK) {
            cr_assert(status == RDNA_TRUNCATED || status == RDNA_INVALID_ENCODING ||
                         status == RDNA_UNKNOWN_OPCODE,
                      "0x%08x: %s", words[0], rdna_status_name(status));
            continue;
         }
         cr_assert_leq(inst.size, size);
         char text[256], again_text[256];
         rdna_print(&config, &inst, text, sizeof(text));
         uint32_t out[RDNA_MAX_INST_WORDS];
         size_t num_out = 0;
         cr_assert_eq(rdna_encode(&config, &inst, out, &num_out, &diag), RDNA_OK, "%s: %s", text,
                      diag.message);
         struct rdna_inst again;
         decode_text(&config, out, num_out * 4, &again, again_text, sizeof(again_text));
         cr_assert_str_eq(again_text, text, "0x%08x 0x%08x re-encoded", words[0], words[1]);
      }
   }
}

/* ---- operand shapes ------------------------------------------------------------------------- */

/* An atomic keeps its vdst slot; without glc it holds RDNA_REG_NONE and is not printed
 * (llvm-mc -arch=amdgcn -mcpu=gfx1030 --disassemble). */
Test(flat, atomic_vdst_only_with_glc)
{
   struct rdna_isa_config config = config_of(GFX1030, 32);
   uint32_t plain[2] = { 0xdcc80000u, 0x047d0302u }, returning[2] = { 0xdcc90000u, 0x047d0302u };
   struct rdna_inst inst;
   char text[128];
   decode_text(&config, plain, 8, &inst, text, sizeof(text));
   cr_assert_str_eq(text, "flat_atomic_add v[2:3], v3");
   cr_assert_eq(inst.num_operands, 3);
   cr_assert_eq(inst.operands[0].reg, RDNA_REG_NONE);
   decode_text(&config, returning, 8, &inst, text, sizeof(text));
   cr_assert_str_eq(text, "flat_atomic_add v4, v[2:3], v3 glc");
   cr_assert_eq(inst.operands[0].reg, RDNA_REG_VGPR0 + 4);
   cr_assert_eq(inst.operands[1].width, 2);
}

/* GLOBAL: a 64-bit vaddr with saddr off, a 32-bit one with an SGPR pair; SCRATCH: one address
 * (llvm-mc -arch=amdgcn -mcpu=gfx1030 --disassemble). */
Test(flat, address_widths_follow_saddr)
{
   struct rdna_isa_config config = config_of(GFX1030, 64);
   static const struct {
      uint32_t words[2];
      uint8_t vaddr_width;
      uint16_t saddr;
      uint8_t saddr_width;
   } cases[] = {
      { { 0xdc308000u, 0x047d0302u }, 2, RDNA_REG_OFF, 0 }, /* global v[2:3], off */
      { { 0xdc308000u, 0x04060302u }, 1, 6, 2 },            /* global v2, s[6:7] */
      { { 0xdc304000u, 0x047d0302u }, 1, RDNA_REG_OFF, 0 }, /* scratch v2, off */
      { { 0xdc304000u, 0x04060302u }, 0, 6, 1 },            /* scratch off, s6 */
   };
   for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      struct rdna_inst inst;
      char text[128];
      decode_text(&config, cases[i].words, 8, &inst, text, sizeof(text));
      cr_assert_eq(inst.operands[1].width, cases[i].vaddr_width, "%s", text);
      cr_assert_eq(inst.operands[2].reg, cases[i].saddr, "%s", text);
      cr_assert_eq(inst.operands[2].width, cases[i].saddr_width, "%s", text);
   }
}
