/* SMEM (scalar memory) against llvm-mc-14: golden bytes <-> text for every group of rows on both
 * targets, the encodings llvm-mc's disassembler takes leniently or rejects, and assembly errors
 * with their status and column. Run from the repository root (RDNA_SOURCE_DIR). */
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

#define ROW_IN_CLASS(f) (f == RDNA_FMT_SMEM)
#define ROWS_GFX1013 84u
#define ROWS_GFX1030 16u

/* Golden vectors, per target (-mcpu=gfx1013 or -mcpu=gfx1030 as the row says):
 *   llvm-mc -arch=amdgcn -mcpu=<target> -show-encoding (the asm text gives the bytes), then
 *   llvm-mc -arch=amdgcn -mcpu=<target> --disassemble (the bytes give the text) */
/* The tables keep one vector per line or two. */
/* clang-format off */
static struct golden golden_vectors[] = {
   {{0xf4000103, 0xfa000010}, 2, GFX1030,
    "s_load_dword s4, s[6:7], 0x10", "s_load_dword s4, s[6:7], 0x10"},
   {{0xf4040103, 0xfa100000}, 2, GFX1030,
    "s_load_dwordx2 s[4:5], s[6:7], -0x100000", "s_load_dwordx2 s[4:5], s[6:7], -0x100000"},
   {{0xf4094201, 0xfa0fffff}, 2, GFX1030,
    "s_load_dwordx4 s[8:11], s[2:3], 0xfffff glc dlc",
    "s_load_dwordx4 s[8:11], s[2:3], 0xfffff glc dlc"},
   {{0xf40c0435, 0x06000000}, 2, GFX1030,
    "s_load_dwordx8 s[16:23], vcc, s3", "s_load_dwordx8 s[16:23], vcc, s3"},
   {{0xf4110537, 0xf8000000}, 2, GFX1030,
    "s_load_dwordx16 s[20:35], ttmp[2:3], m0 glc", "s_load_dwordx16 s[20:35], ttmp[2:3], m0 glc"},
   {{0xf4200044, 0xfa000004}, 2, GFX1030,
    "s_buffer_load_dword s1, s[8:11], 0x4", "s_buffer_load_dword s1, s[8:11], 0x4"},
   {{0xf42400b8, 0xfa000000}, 2, GFX1030,
    "s_buffer_load_dwordx2 s[2:3], ttmp[4:7], null",
    "s_buffer_load_dwordx2 s[2:3], ttmp[4:7], 0x0"},
   {{0xf4284100, 0xfa0fffff}, 2, GFX1030,
    "s_buffer_load_dwordx4 s[4:7], s[0:3], 0xfffff dlc",
    "s_buffer_load_dwordx4 s[4:7], s[0:3], 0xfffff dlc"},
   {{0xf42c0230, 0xd6000000}, 2, GFX1030,
    "s_buffer_load_dwordx8 s[8:15], s[96:99], vcc_hi",
    "s_buffer_load_dwordx8 s[8:15], s[96:99], vcc_hi"},
   {{0xf4305b06, 0x0a000000}, 2, GFX1030,
    "s_buffer_load_dwordx16 ttmp[0:15], s[12:15], s5 dlc",
    "s_buffer_load_dwordx16 ttmp[0:15], s[12:15], s5 dlc"},
   {{0xf47c0000, 0x00000000}, 2, GFX1030, "s_gl1_inv", "s_gl1_inv"},
   {{0xf4800000, 0x00000000}, 2, GFX1030, "s_dcache_inv", "s_dcache_inv"},
   {{0xf4900280, 0x00000000}, 2, GFX1030, "s_memtime s[10:11]", "s_memtime s[10:11]"},
   {{0xf4941f40, 0x00000000}, 2, GFX1030, "s_memrealtime null", "s_memrealtime null"},
   {{0xf49801c3, 0xfa000040}, 2, GFX1030,
    "s_atc_probe 7, s[6:7], 0x40", "s_atc_probe 7, s[6:7], 0x40"},
   {{0xf49c1044, 0x04000000}, 2, GFX1030,
    "s_atc_probe_buffer 65, s[8:11], s2", "s_atc_probe_buffer 0x41, s[8:11], s2"},
   {{0xf4001a80, 0xfe000000}, 2, GFX1030,
    "s_load_dword vcc_lo, s[0:1], exec_hi", "s_load_dword vcc_lo, s[0:1], exec_hi"},
   {{0xf4001f7f, 0xfa000000}, 2, GFX1030,
    "s_load_dword null, exec, 0", "s_load_dword null, exec, 0x0"},
   {{0xf4041ab4, 0xf6000000}, 2, GFX1030,
    "s_load_dwordx2 vcc, s[104:105], ttmp15", "s_load_dwordx2 vcc, s[104:105], ttmp15"},
   {{0xf4000103, 0xfa000000}, 2, GFX1030,
    "s_load_dword s4, s[6:7]", "s_load_dword s4, s[6:7], 0x0"},
   {{0xf4010103, 0xfa1fffff}, 2, GFX1030,
    "s_load_dword s4, s[6:7], -1 glc", "s_load_dword s4, s[6:7], -0x1 glc"},
   {{0xf4000103, 0xfa000010}, 2, GFX1013,
    "s_load_dword s4, s[6:7], 0x10", "s_load_dword s4, s[6:7], 0x10"},
   {{0xf4410103, 0xfa000010}, 2, GFX1013,
    "s_store_dword s4, s[6:7], 0x10 glc", "s_store_dword s4, s[6:7], 0x10 glc"},
   {{0xf4480103, 0x10000000}, 2, GFX1013,
    "s_store_dwordx4 s[4:7], s[6:7], s8", "s_store_dwordx4 s[4:7], s[6:7], s8"},
   {{0xf4445a80, 0xfa000008}, 2, GFX1013,
    "s_store_dwordx2 vcc, s[0:1], 0x8 dlc", "s_store_dwordx2 vcc, s[0:1], 0x8 dlc"},
   {{0xf4184082, 0xfa000008}, 2, GFX1013,
    "s_scratch_load_dwordx2 s[2:3], s[4:5], 0x8 dlc",
    "s_scratch_load_dwordx2 s[2:3], s[4:5], 0x8 dlc"},
   {{0xf4140041, 0xfa1ffffc}, 2, GFX1013,
    "s_scratch_load_dword s1, s[2:3], -4", "s_scratch_load_dword s1, s[2:3], -0x4"},
   {{0xf41d0304, 0x02000000}, 2, GFX1013,
    "s_scratch_load_dwordx4 s[12:15], s[8:9], s1 glc",
    "s_scratch_load_dwordx4 s[12:15], s[8:9], s1 glc"},
   {{0xf4540041, 0xfa1ffffc}, 2, GFX1013,
    "s_scratch_store_dword s1, s[2:3], -4", "s_scratch_store_dword s1, s[2:3], -0x4"},
   {{0xf4580081, 0xfa000000}, 2, GFX1013,
    "s_scratch_store_dwordx2 s[2:3], s[2:3], 0x0", "s_scratch_store_dwordx2 s[2:3], s[2:3], 0x0"},
   {{0xf45c1c37, 0xfa000020}, 2, GFX1013,
    "s_scratch_store_dwordx4 ttmp[4:7], ttmp[2:3], 0x20",
    "s_scratch_store_dwordx4 ttmp[4:7], ttmp[2:3], 0x20"},
   {{0xf4600042, 0xfa000100}, 2, GFX1013,
    "s_buffer_store_dword s1, s[4:7], 0x100", "s_buffer_store_dword s1, s[4:7], 0x100"},
   {{0xf4650082, 0xfa000100}, 2, GFX1013,
    "s_buffer_store_dwordx2 s[2:3], s[4:7], 0x100 glc",
    "s_buffer_store_dwordx2 s[2:3], s[4:7], 0x100 glc"},
   {{0xf4680202, 0xf8000000}, 2, GFX1013,
    "s_buffer_store_dwordx4 s[8:11], s[4:7], m0", "s_buffer_store_dwordx4 s[8:11], s[4:7], m0"},
   {{0xf4840000, 0x00000000}, 2, GFX1013, "s_dcache_wb", "s_dcache_wb"},
   {{0xf4a00003, 0xfa000010}, 2, GFX1013,
    "s_dcache_discard s[6:7], 0x10", "s_dcache_discard s[6:7], 0x10"},
   {{0xf4a40003, 0x06000000}, 2, GFX1013,
    "s_dcache_discard_x2 s[6:7], s3", "s_dcache_discard_x2 s[6:7], s3"},
   {{0xf4a80100, 0x00000000}, 2, GFX1013,
    "s_get_waveid_in_workgroup s4", "s_get_waveid_in_workgroup s4"},
   {{0xf4a81ac0, 0x00000000}, 2, GFX1013,
    "s_get_waveid_in_workgroup vcc_hi", "s_get_waveid_in_workgroup vcc_hi"},
   {{0xf6000103, 0xfa000010}, 2, GFX1013,
    "s_atomic_swap s4, s[6:7], 0x10", "s_atomic_swap s4, s[6:7], 0x10"},
   {{0xf6850103, 0xfa000010}, 2, GFX1013,
    "s_atomic_cmpswap_x2 s[4:7], s[6:7], 0x10 glc",
    "s_atomic_cmpswap_x2 s[4:7], s[6:7], 0x10 glc"},
   {{0xf6884082, 0x0c000000}, 2, GFX1013,
    "s_atomic_add_x2 s[2:3], s[4:5], s6 dlc", "s_atomic_add_x2 s[2:3], s[4:5], s6 dlc"},
   {{0xf6b00082, 0xf8000000}, 2, GFX1013,
    "s_atomic_dec_x2 s[2:3], s[4:5], m0", "s_atomic_dec_x2 s[2:3], s[4:5], m0"},
   {{0xf61d4275, 0xfa1ffff8}, 2, GFX1013,
    "s_atomic_umax s9, vcc, -8 glc dlc", "s_atomic_umax s9, vcc, -0x8 glc dlc"},
   {{0xf5090104, 0xfa000004}, 2, GFX1013,
    "s_buffer_atomic_add s4, s[8:11], 0x4 glc", "s_buffer_atomic_add s4, s[8:11], 0x4 glc"},
   {{0xf5040104, 0xfa000000}, 2, GFX1013,
    "s_buffer_atomic_cmpswap s[4:5], s[8:11], 0x0",
    "s_buffer_atomic_cmpswap s[4:5], s[8:11], 0x0"},
   {{0xf5a9013a, 0x02000000}, 2, GFX1013,
    "s_buffer_atomic_xor_x2 s[4:5], ttmp[8:11], s1 glc",
    "s_buffer_atomic_xor_x2 s[4:5], ttmp[8:11], s1 glc"},
   {{0xf4901e80, 0x00000000}, 2, GFX1013, "s_memtime ttmp[14:15]", "s_memtime ttmp[14:15]"},
   {{0xf498003f, 0xfa000000}, 2, GFX1013, "s_atc_probe 0, exec, 0x0", "s_atc_probe 0, exec, 0x0"},
};

/* llvm-mc -arch=amdgcn -mcpu=<target> --disassemble takes these and prints the text shown. */
static struct lenient lenient_vectors[] = {
   /* s_gl1_inv ignores every field */
   {{0xf47c0fff, 0xfa000010}, 2, GFX1030, "s_gl1_inv"},
   /* bit 13 ignored, sdata s6 rounds down to s[4:7], offset 0x40 not shown beside soffset s8 */
   {{0xf4092183, 0x10000040}, 2, GFX1030, "s_load_dwordx4 s[4:7], s[6:7], s8 glc"},
   /* a quad sdata at s6 rounds down to s[4:7] */
   {{0xf4080185, 0xfa000000}, 2, GFX1030, "s_load_dwordx4 s[4:7], s[10:11], 0x0"},
   /* s_memtime ignores sbase and offset */
   {{0xf4900100, 0xfa000010}, 2, GFX1030, "s_memtime s[4:5]"},
   /* s_atc_probe ignores glc/dlc */
   {{0xf4985fc3, 0xfa1ffff0}, 2, GFX1030, "s_atc_probe 0x7f, s[6:7], -0x10"},
   /* bits 21-24 of dword 1 ignored */
   {{0xf4000103, 0xfbe00010}, 2, GFX1030, "s_load_dword s4, s[6:7], 0x10"},
};

/* llvm-mc -arch=amdgcn -mcpu=<target> --disassemble: "invalid instruction encoding". */
static struct invalid invalid_vectors[] = {
   /* sbase field 62 (m0 pair) */
   {{0xf4041f7e, 0xfa000000}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* s_memtime sdata exec_hi as a pair */
   {{0xf4901fc0, 0x00000000}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* s_buffer_load_dword sbase s[104:107] */
   {{0xf4200134, 0xfa000000}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* s_load_dwordx8 sdata at vcc */
   {{0xf40c1a83, 0xfa000000}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* s_load_dwordx16 sdata at ttmp[4:19] */
   {{0xf4101f03, 0xfa000000}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* s_load_dwordx2 sdata vcc_hi */
   {{0xf4041ac3, 0xfa000000}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* opcode 0x13 */
   {{0xf44c0103, 0xfa000000}, 2, GFX1030, RDNA_UNKNOWN_OPCODE},
   /* s_store_dword is gfx1013 only */
   {{0xf4400103, 0xfa000010}, 2, GFX1030, RDNA_UNKNOWN_OPCODE},
   /* s_get_waveid_in_workgroup is gfx1013 only */
   {{0xf4a80100, 0x00000000}, 2, GFX1030, RDNA_UNKNOWN_OPCODE},
   /* opcode 0xfc */
   {{0xf7f00103, 0xfa000000}, 2, GFX1013, RDNA_UNKNOWN_OPCODE},
};

/* llvm-mc -arch=amdgcn -mcpu=<target> -show-encoding rejects each of these. */
static struct bad_text bad_texts[] = {
   {"s_load_dword s4, s[6:7], 0x100000", GFX1030, RDNA_OUT_OF_RANGE, 26, "21-bit"},
   {"s_load_dword s4, s[6:7], -0x100001", GFX1030, RDNA_OUT_OF_RANGE, 26, "21-bit"},
   {"s_buffer_load_dword s4, s[8:11], -1", GFX1030, RDNA_OUT_OF_RANGE, 34, "20-bit"},
   {"s_load_dwordx2 s[5:6], s[6:7], 0x10", GFX1030, RDNA_INVALID_OPERAND, 16, "multiple of 2"},
   {"s_buffer_load_dword s4, s[6:9], 0", GFX1030, RDNA_INVALID_OPERAND, 25, "multiple of 4"},
   {"s_load_dword s[4:5], s[6:7], 0", GFX1030, RDNA_INVALID_OPERAND, 14, "s[4:5]"},
   {"s_load_dword v4, s[6:7], 0", GFX1030, RDNA_INVALID_OPERAND, 14, "v4"},
   {"s_load_dword m0, s[6:7], 0", GFX1030, RDNA_INVALID_OPERAND, 14, "m0"},
   {"s_load_dwordx4 vcc, s[6:7], 0", GFX1030, RDNA_INVALID_OPERAND, 16, "vcc"},
   {"s_buffer_load_dword s4, vcc, 0", GFX1030, RDNA_INVALID_OPERAND, 25, "vcc"},
   {"s_load_dword s4, s[6:7], exec", GFX1030, RDNA_INVALID_OPERAND, 26, "exec"},
   {"s_load_dword s4, s[6:7], v1", GFX1030, RDNA_INVALID_OPERAND, 26, "v1"},
   {"s_load_dword s4, s[6:7], 1.0", GFX1030, RDNA_INVALID_OPERAND, 26, "offset"},
   {"s_load_dword s4, s[6:7], 0x10 slc", GFX1030, RDNA_INVALID_OPERAND, 31, "slc"},
   {"s_load_dword s4, s[6:7], 0x10 glc glc", GFX1030, RDNA_SYNTAX, 35, "glc"},
   {"s_load_dword s4, s[6:7], 0x10 glc:1", GFX1030, RDNA_SYNTAX, 31, "glc"},
   {"s_load_dword s4, s[6:7], s3 offset:0x10", GFX1030, RDNA_INVALID_OPERAND, 29, "offset"},
   {"s_memtime s[4:5] glc", GFX1030, RDNA_INVALID_OPERAND, 18, "glc"},
   {"s_gl1_inv s4", GFX1030, RDNA_SYNTAX, 11, ""},
   {"s_atc_probe s1, s[6:7], 0", GFX1030, RDNA_INVALID_OPERAND, 13, "probe"},
   {"s_load_dword s4, s[6:7], 0, 1", GFX1030, RDNA_SYNTAX, 29, ""},
   {"s_store_dword s4, s[6:7], 0", GFX1030, RDNA_NOT_ON_TARGET, 1, "s_store_dword"},
   {"s_memtime exec", GFX1030, RDNA_INVALID_OPERAND, 11, "exec"},
};
/* clang-format on */

/* ---- golden vectors ----------------------------------------------------------------------- */

ParameterizedTestParameters(smem, golden_decodes_to_llvm_text)
{
   return cr_make_param_array(struct golden, golden_vectors,
                              sizeof(golden_vectors) / sizeof(golden_vectors[0]));
}

/* llvm-mc's bytes decode to llvm-mc's text in both wave sizes (no lane masks here) and encode
 * back to the same bytes. */
ParameterizedTest(struct golden *g, smem, golden_decodes_to_llvm_text)
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

ParameterizedTestParameters(smem, golden_assembles_to_llvm_bytes)
{
   return cr_make_param_array(struct golden, golden_vectors,
                              sizeof(golden_vectors) / sizeof(golden_vectors[0]));
}

ParameterizedTest(struct golden *g, smem, golden_assembles_to_llvm_bytes)
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

ParameterizedTestParameters(smem, golden_prefixes_are_truncated)
{
   return cr_make_param_array(struct golden, golden_vectors,
                              sizeof(golden_vectors) / sizeof(golden_vectors[0]));
}

/* Every proper prefix, read from a block of exactly that size, is TRUNCATED (or not this class
 * at all when less than a dword is left). */
ParameterizedTest(struct golden *g, smem, golden_prefixes_are_truncated)
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

ParameterizedTestParameters(smem, lenient_decodes_and_reencodes_stably)
{
   return cr_make_param_array(struct lenient, lenient_vectors,
                              sizeof(lenient_vectors) / sizeof(lenient_vectors[0]));
}

/* The text is llvm-mc's; our re-encoding may clear ignored fields but must decode to the same
 * text again. */
ParameterizedTest(struct lenient *l, smem, lenient_decodes_and_reencodes_stably)
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

ParameterizedTestParameters(smem, invalid_encodings_are_rejected)
{
   return cr_make_param_array(struct invalid, invalid_vectors,
                              sizeof(invalid_vectors) / sizeof(invalid_vectors[0]));
}

ParameterizedTest(struct invalid *v, smem, invalid_encodings_are_rejected)
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

ParameterizedTestParameters(smem, bad_assembly_names_status_and_column)
{
   return cr_make_param_array(struct bad_text, bad_texts, sizeof(bad_texts) / sizeof(bad_texts[0]));
}

ParameterizedTest(struct bad_text *bad, smem, bad_assembly_names_status_and_column)
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
Test(smem, rows_exist_on_their_targets)
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
