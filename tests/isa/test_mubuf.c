/* MUBUF and MTBUF against llvm-mc-14: golden bytes <-> text (loads, stores, d16 and format
 * forms, atomics, cache invalidation, address modes, soffset kinds, lds, tfe, format:[...]),
 * encodings it decodes leniently or rejects, assembly errors with status and column, operand
 * shapes, and random encodings that must decode safely and re-encode to the same text. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdlib.h>
#include <string.h>

#include "golden.h"
#include "isa_internal.h"

#define GFX1013 RDNA_TARGET_GFX1013
#define GFX1030 RDNA_TARGET_GFX1030

#define ROW_IN_CLASS(f) (f == RDNA_FMT_MUBUF || f == RDNA_FMT_MTBUF)
#define ROWS_GFX1013 89u
#define ROWS_GFX1030 90u
#define RANDOM_SAMPLES 20000u

/* The first word of a random sample: the class's encoding bits over random bits. */
static uint32_t random_first_word(uint32_t bits, uint32_t choice)
{
   /* MUBUF (111000) or MTBUF (111010) */
   return (bits & 0x03ffffffu) | ((choice & 1) ? 0xe8000000u : 0xe0000000u);
}

/* The tables keep one vector per entry. */
/* clang-format off */
/* Golden vectors, on the target each names (both wave sizes agree): the asm text went
 * through -show-encoding, the bytes came back as the text through --disassemble:
 *   llvm-mc -arch=amdgcn -mcpu=<target> -show-encoding / --disassemble */
static struct golden_words golden_vectors[] = {
   {{0xe0000000, 0x03010100}, 2, GFX1030,
    "buffer_load_format_x v1, off, s[4:7], s3",
    "buffer_load_format_x v1, off, s[4:7], s3"},
   {{0xe00c1fff, 0x03010102}, 2, GFX1030,
    "buffer_load_format_xyzw v[1:4], v2, s[4:7], s3 offen offset:4095",
    "buffer_load_format_xyzw v[1:4], v2, s[4:7], s3 offen offset:4095"},
   {{0xe030e004, 0x03410102}, 2, GFX1030,
    "buffer_load_dword v1, v2, s[4:7], s3 idxen offset:4 glc slc dlc",
    "buffer_load_dword v1, v2, s[4:7], s3 idxen offset:4 glc slc dlc"},
   {{0xe030f000, 0x7cc20102}, 2, GFX1030,
    "buffer_load_dword v1, v[2:3], s[8:11], m0 idxen offen glc slc dlc tfe",
    "buffer_load_dword v1, v[2:3], s[8:11], m0 idxen offen glc slc dlc tfe"},
   {{0xe0310010, 0x03010100}, 2, GFX1030,
    "buffer_load_dword v1, off, s[4:7], s3 offset:16 lds",
    "buffer_load_dword v1, off, s[4:7], s3 offset:16 lds"},
   {{0xe0214000, 0x7d1cff00}, 2, GFX1030,
    "buffer_load_ubyte v255, off, ttmp[4:7], null glc lds",
    "buffer_load_ubyte v255, off, ttmp[4:7], null glc lds"},
   {{0xe02c0000, 0xd0190100}, 2, GFX1030,
    "buffer_load_sshort v1, off, s[100:103], -16",
    "buffer_load_sshort v1, off, s[100:103], -16"},
   {{0xe03c0000, 0xf001fd00}, 2, GFX1030,
    "buffer_load_dwordx3 v[253:255], off, s[4:7], 0.5",
    "buffer_load_dwordx3 v[253:255], off, s[4:7], 0.5"},
   {{0xe0340000, 0xfd010100}, 2, GFX1030,
    "buffer_load_dwordx2 v[1:2], off, s[4:7], src_scc",
    "buffer_load_dwordx2 v[1:2], off, s[4:7], src_scc"},
   {{0xe0940000, 0x7e010100}, 2, GFX1030,
    "buffer_load_short_d16_hi v1, off, s[4:7], exec_lo",
    "buffer_load_short_d16_hi v1, off, s[4:7], exec_lo"},
   {{0xe0881000, 0xf8030708}, 2, GFX1030,
    "buffer_load_sbyte_d16 v7, v8, s[12:15], 0.15915494 offen",
    "buffer_load_sbyte_d16 v7, v8, s[12:15], 0.15915494 offen"},
   {{0xe2080000, 0x03810100}, 2, GFX1030,
    "buffer_load_format_d16_xyz v[1:2], off, s[4:7], s3 tfe",
    "buffer_load_format_d16_xyz v[1:2], off, s[4:7], s3 tfe"},
   {{0xe0641000, 0x6a010102}, 2, GFX1030,
    "buffer_store_byte_d16_hi v1, v2, s[4:7], vcc_lo offen",
    "buffer_store_byte_d16_hi v1, v2, s[4:7], vcc_lo offen"},
   {{0xe078d008, 0x03c1fc02}, 2, GFX1030,
    "buffer_store_dwordx4 v[252:255], v2, s[4:7], s3 offen offset:8 glc slc dlc tfe",
    "buffer_store_dwordx4 v[252:255], v2, s[4:7], s3 offen offset:8 glc slc dlc tfe"},
   {{0xe21c3000, 0xc00101fe}, 2, GFX1030,
    "buffer_store_format_d16_xyzw v[1:2], v[254:255], s[4:7], 64 idxen offen",
    "buffer_store_format_d16_xyzw v[1:2], v[254:255], s[4:7], 64 idxen offen"},
   {{0xe0c04000, 0x03010100}, 2, GFX1030,
    "buffer_atomic_swap v1, off, s[4:7], s3 glc",
    "buffer_atomic_swap v1, off, s[4:7], s3 glc"},
   {{0xe0c45000, 0x03410102}, 2, GFX1030,
    "buffer_atomic_cmpswap v[1:2], v2, s[4:7], s3 offen glc slc",
    "buffer_atomic_cmpswap v[1:2], v2, s[4:7], s3 offen glc slc"},
   {{0xe1442064, 0x03010105}, 2, GFX1030,
    "buffer_atomic_cmpswap_x2 v[1:4], v5, s[4:7], s3 idxen offset:100",
    "buffer_atomic_cmpswap_x2 v[1:4], v5, s[4:7], s3 idxen offset:100"},
   {{0xe1800000, 0xf2010100}, 2, GFX1030,
    "buffer_atomic_fmax_x2 v[1:2], off, s[4:7], 1.0",
    "buffer_atomic_fmax_x2 v[1:2], off, s[4:7], 1.0"},
   {{0xe0d04000, 0x03010100}, 2, GFX1030,
    "buffer_atomic_csub v1, off, s[4:7], s3 glc",
    "buffer_atomic_csub v1, off, s[4:7], s3 glc"},
   {{0xe0c80000, 0x03010100}, 2, GFX1030,
    "buffer_atomic_add v1, off, s[4:7], s3 dlc",
    "buffer_atomic_add v1, off, s[4:7], s3"},
   {{0xe1c40000, 0x00000000}, 2, GFX1030,
    "buffer_gl0_inv",
    "buffer_gl0_inv"},
   {{0xe1c80000, 0x00000000}, 2, GFX1030,
    "buffer_gl1_inv",
    "buffer_gl1_inv"},
   {{0xe1c40000, 0x00000000}, 2, GFX1030,
    "buffer_wbinvl1",
    "buffer_gl0_inv"},
   {{0xe0300000, 0x03010100}, 2, GFX1030,
    "buffer_load_dword v1, off, s[4:7], s3 noglc swz",
    "buffer_load_dword v1, off, s[4:7], s3"},
   {{0xe0304000, 0x03c10100}, 2, GFX1030,
    "buffer_load_dword v1, off, s[4:7], s3 glc tfe slc",
    "buffer_load_dword v1, off, s[4:7], s3 glc slc tfe"},
   {{0xe0340000, 0x03010100}, 2, GFX1030,
    "buffer_load_dwordx2 [v1, v2], off, [s4, s5, s6, s7], s3",
    "buffer_load_dwordx2 v[1:2], off, s[4:7], s3"},
   {{0xe8b00000, 0x03010100}, 2, GFX1030,
    "tbuffer_load_format_x v1, off, s[4:7], s3 format:[BUF_FMT_32_FLOAT]",
    "tbuffer_load_format_x v1, off, s[4:7], s3 format:[BUF_FMT_32_FLOAT]"},
   {{0xe8b30000, 0x03010100}, 2, GFX1030,
    "tbuffer_load_format_xyzw v[1:4], off, s[4:7], s3 format:22",
    "tbuffer_load_format_xyzw v[1:4], off, s[4:7], s3 format:[BUF_FMT_32_FLOAT]"},
   {{0xe8ed2000, 0x03010103}, 2, GFX1030,
    "tbuffer_store_format_xy v[1:2], v3, s[4:7], s3 format:[BUF_DATA_FORMAT_16_16,"
    " BUF_NUM_FORMAT_FLOAT] idxen",
    "tbuffer_store_format_xy v[1:2], v3, s[4:7], s3 format:[BUF_FMT_16_16_FLOAT] idxen"},
   {{0xe8341000, 0x03010103}, 2, GFX1030,
    "tbuffer_store_format_x v1, v3, s[4:7], s3 format:[BUF_NUM_FORMAT_SINT] offen",
    "tbuffer_store_format_x v1, v3, s[4:7], s3 format:[BUF_FMT_8_SINT] offen"},
   {{0xebfb0000, 0x03210100}, 2, GFX1030,
    "tbuffer_load_format_d16_xyzw v[1:2], off, s[4:7], s3 format:127",
    "tbuffer_load_format_d16_xyzw v[1:2], off, s[4:7], s3 format:127"},
   {{0xe8040000, 0x03210100}, 2, GFX1030,
    "tbuffer_store_format_d16_x v1, off, s[4:7], s3 format:0",
    "tbuffer_store_format_d16_x v1, off, s[4:7], s3 format:[BUF_FMT_INVALID]"},
   {{0xe8080000, 0x03010100}, 2, GFX1030,
    "tbuffer_load_format_x v1, off, s[4:7], s3 format:[BUF_FMT_8_UNORM]",
    "tbuffer_load_format_x v1, off, s[4:7], s3"},
   {{0xe9bef00c, 0x7bc20104}, 2, GFX1030,
    "tbuffer_store_format_xyz v[1:3], v[4:5], s[8:11], ttmp15 format:[BUF_FMT_2_10_10_10_SINT]"
    " idxen offen offset:12 glc slc dlc tfe",
    "tbuffer_store_format_xyz v[1:3], v[4:5], s[8:11], ttmp15 format:[BUF_FMT_2_10_10_10_SINT]"
    " idxen offen offset:12 glc slc dlc tfe"},
   {{0xe0304000, 0x03010100}, 2, GFX1013,
    "buffer_load_dword v1, off, s[4:7], s3 glc",
    "buffer_load_dword v1, off, s[4:7], s3 glc"},
   {{0xe1705800, 0x65180a02}, 2, GFX1013,
    "buffer_atomic_inc_x2 v[10:11], v2, s[96:99], s101 offen offset:2048 glc",
    "buffer_atomic_inc_x2 v[10:11], v2, s[96:99], s101 offen offset:2048 glc"},
   {{0xe8e91000, 0x03210102}, 2, GFX1013,
    "tbuffer_load_format_d16_xy v1, v2, s[4:7], s3 format:[BUF_FMT_16_16_FLOAT] offen",
    "tbuffer_load_format_d16_xy v1, v2, s[4:7], s3 format:[BUF_FMT_16_16_FLOAT] offen"},
   {{0xe1c40000, 0x00000000}, 2, GFX1013,
    "buffer_gl0_inv",
    "buffer_gl0_inv"},
};

/* Each prints the text shown (llvm-mc would not assemble that text to these bytes):
 *   llvm-mc -arch=amdgcn -mcpu=<target> --disassemble */
static struct lenient_words lenient_vectors[] = {
   /* word 0 bit 17 is ignored */
   {{0xe0320000, 0x03010102}, 2, GFX1030, "buffer_load_dword v1, off, s[4:7], s3"},
   /* word 1 bit 21 is ignored (MUBUF) */
   {{0xe0300000, 0x03210102}, 2, GFX1030, "buffer_load_dword v1, off, s[4:7], s3"},
   /* tfe is ignored on atomics */
   {{0xe0c80000, 0x03810102}, 2, GFX1030, "buffer_atomic_add v1, off, s[4:7], s3"},
   /* tfe is ignored with lds */
   {{0xe0310000, 0x03810102}, 2, GFX1030, "buffer_load_dword v1, off, s[4:7], s3 lds"},
   /* the vaddr field without offen/idxen is ignored */
   {{0xe0300000, 0x030101f2}, 2, GFX1030, "buffer_load_dword v1, off, s[4:7], s3"},
   /* buffer_gl0_inv ignores all fields but offen/idxen/glc/dlc/lds */
   {{0xe1c60fff, 0xffffffff}, 2, GFX1030, "buffer_gl0_inv"},
   /* opcode 0xf1 decodes as buffer_wbinvl1 (assembly gives 0x71) */
   {{0xe3c40000, 0x00000000}, 2, GFX1030, "buffer_wbinvl1"},
   /* soffset 255 reads a literal dword (llvm-mc cannot assemble one) */
   {{0xe0300000, 0xff010102, 0x12345678}, 3, GFX1030,
    "buffer_load_dword v1, off, s[4:7], 0x12345678"},
   /* atomic without glc: vdata is only a source */
   {{0xe0c80000, 0x03010102}, 2, GFX1013, "buffer_atomic_add v1, off, s[4:7], s3"},
};

/* Each is "invalid instruction encoding":
 *   llvm-mc -arch=amdgcn -mcpu=<target> --disassemble */
static struct invalid_words invalid_vectors[] = {
   /* MUBUF opcode 0x10 */
   {{0xe0400000, 0x03010102}, 2, GFX1030, RDNA_UNKNOWN_OPCODE},
   /* MUBUF opcode 0x90 */
   {{0xe2400000, 0x03010102}, 2, GFX1030, RDNA_UNKNOWN_OPCODE},
   /* buffer_atomic_csub is gfx1030 only */
   {{0xe0d04000, 0x03010102}, 2, GFX1013, RDNA_UNKNOWN_OPCODE},
   /* buffer_atomic_csub without glc */
   {{0xe0d00000, 0x03010102}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* dlc on an atomic */
   {{0xe0c88000, 0x03010102}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* lds on a store */
   {{0xe0710000, 0x03010102}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* lds on buffer_load_dwordx2 */
   {{0xe0350000, 0x03010102}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* glc on buffer_gl0_inv */
   {{0xe1c44000, 0x00000000}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* offen on buffer_gl0_inv */
   {{0xe1c41000, 0x00000000}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* srsrc field 26 (s[104:107]) */
   {{0xe0300000, 0x031a0102}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* srsrc field 31 */
   {{0xe0300000, 0x031f0102}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* buffer_load_dwordx4 v[253:256] */
   {{0xe0380000, 0x0301fd02}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* vaddr pair v[255:256] */
   {{0xe0303000, 0x030101ff}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* soffset 209 */
   {{0xe0300000, 0xd1010102}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* soffset 250 (the DPP marker) */
   {{0xe0300000, 0xfa010102}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* MTBUF srsrc field 31 */
   {{0xe8080000, 0x031f0102}, 2, GFX1030, RDNA_INVALID_ENCODING},
};

/* Each is an error, except those marked "llvm-mc accepts" (deliberate differences):
 *   llvm-mc -arch=amdgcn -mcpu=<target> -show-encoding */
static struct bad_text bad_texts[] = {
   {"buffer_load_dword v1, v2, s[4:7], s3",
    GFX1030, RDNA_INVALID_OPERAND, 23, "off"},
   {"buffer_load_dword v1, off, s[4:7], s3 offen",
    GFX1030, RDNA_INVALID_OPERAND, 23, "VGPR"},
   {"buffer_load_dword v1, v2, s[4:7], s3 idxen offen",
    GFX1030, RDNA_INVALID_OPERAND, 23, "pair"},
   {"buffer_load_dword v[1:2], off, s[4:7], s3",
    GFX1030, RDNA_INVALID_OPERAND, 19, "v[1:2]"},
   {"buffer_load_dword v1, off, s[4:6], s3",
    GFX1030, RDNA_INVALID_OPERAND, 28, "s[4:6]"},
   {"buffer_load_dword v1, off, s[2:5], s3",
    GFX1030, RDNA_INVALID_OPERAND, 28, "alignment"},
   {"buffer_load_dword v1, off, s[4:7], 100",
    GFX1030, RDNA_INVALID_OPERAND, 36, "literal"},
   {"buffer_load_dword v1, off, s[4:7], src_lds_direct",
    GFX1030, RDNA_INVALID_OPERAND, 36, "lds_direct"},
   {"buffer_load_dword v1, off, s[4:7], s3 offset:-1",
    GFX1030, RDNA_OUT_OF_RANGE, 39, "offset"},
   /* llvm-mc accepts this and encodes only the low bits: we reject it */
   {"buffer_load_dword v1, off, s[4:7], s3 offset:4096",
    GFX1030, RDNA_OUT_OF_RANGE, 39, "offset"},
   {"buffer_load_dword v1, off, s[4:7], s3 tfe glc",
    GFX1030, RDNA_SYNTAX, 43, "glc"},
   {"buffer_load_dword v1, off, s[4:7], s3 glc offset:4",
    GFX1030, RDNA_SYNTAX, 43, "offset"},
   {"buffer_load_dword v1, v2, s[4:7], s3 offen idxen",
    GFX1030, RDNA_SYNTAX, 44, "idxen"},
   {"buffer_load_dword v1, off, s[4:7], s3 glc glc",
    GFX1030, RDNA_SYNTAX, 43, "duplicate"},
   {"buffer_load_dword v1, off, s[4:7], s3 lds tfe",
    GFX1030, RDNA_INVALID_OPERAND, 43, "lds"},
   {"buffer_store_dword v1, off, s[4:7], s3 lds",
    GFX1030, RDNA_INVALID_OPERAND, 40, "lds"},
   {"buffer_atomic_add v1, off, s[4:7], s3 tfe",
    GFX1030, RDNA_INVALID_OPERAND, 39, "tfe"},
   {"buffer_atomic_add v1, off, s[4:7], s3 swz",
    GFX1030, RDNA_INVALID_OPERAND, 39, "swz"},
   {"buffer_atomic_csub v1, off, s[4:7], s3",
    GFX1030, RDNA_INVALID_OPERAND, 1, "glc"},
   {"buffer_atomic_csub v1, off, s[4:7], s3 glc",
    GFX1013, RDNA_NOT_ON_TARGET, 1, "gfx1013"},
   {"buffer_gl0_inv glc",
    GFX1030, RDNA_INVALID_OPERAND, 16, "glc"},
   {"buffer_load_dword v1, off, s[4:7]",
    GFX1030, RDNA_SYNTAX, 1, "4 operands"},
   {"tbuffer_load_format_x v1, off, s[4:7], s3 format:[BUF_DATA_FORMAT_32]",
    GFX1030, RDNA_INVALID_OPERAND, 43, "unsupported"},
   {"tbuffer_load_format_x v1, off, s[4:7], s3 format:[BUF_FMT_FOO]",
    GFX1030, RDNA_INVALID_OPERAND, 43, "unsupported"},
   {"tbuffer_load_format_x v1, off, s[4:7], s3 format:128",
    GFX1030, RDNA_OUT_OF_RANGE, 43, "format"},
   {"tbuffer_load_format_x v1, off, s[4:7], s3 offset:4 format:22",
    GFX1030, RDNA_SYNTAX, 52, "format"},
   {"tbuffer_load_format_x v1, off, s[4:7], s3 lds",
    GFX1030, RDNA_INVALID_OPERAND, 43, "lds"},
};
/* clang-format on */

GOLDEN_VECTOR_TESTS(mubuf)

/* ---- the table ------------------------------------------------------------------------------ */

static int in_class(unsigned f)
{
   return ROW_IN_CLASS(f);
}

/* Rows per target, as llvm-mc-14's disassembler lists them (every opcode value probed). */
Test(mubuf, rows_per_target)
{
   row_count_check(in_class, ROWS_GFX1013, ROWS_GFX1030);
}

/* ---- random encodings --------------------------------------------------------------------- */

Test(mubuf, random_encodings_decode_safely_and_reencode_stably)
{
   random_encodings_check(random_first_word, RANDOM_SAMPLES);
}

/* ---- operand shapes ------------------------------------------------------------------------- */

/* vaddr is "off" without offen/idxen (width 0), one VGPR with either, a pair with both
 * (llvm-mc -arch=amdgcn -mcpu=gfx1030 --disassemble: buffer_load_dword v1, off / v2 / v[2:3]). */
Test(mubuf, vaddr_shape_follows_offen_idxen)
{
   struct rdna_isa_config config = isa_config(GFX1030, 32);
   static const struct {
      uint32_t word0;
      uint16_t reg;
      uint8_t width;
   } cases[] = {
      { 0xe0300000u, RDNA_REG_OFF, 0 },
      { 0xe0301000u, RDNA_REG_VGPR0 + 2, 1 },
      { 0xe0302000u, RDNA_REG_VGPR0 + 2, 1 },
      { 0xe0303000u, RDNA_REG_VGPR0 + 2, 2 },
   };
   for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      uint32_t words[2] = { cases[i].word0, 0x03010102u };
      struct rdna_inst inst;
      char text[128];
      decode_text(&config, words, 8, &inst, text, sizeof(text));
      cr_assert_eq(inst.num_operands, 4, "%s", text);
      cr_assert_eq(inst.operands[1].reg, cases[i].reg, "%s", text);
      cr_assert_eq(inst.operands[1].width, cases[i].width, "%s", text);
      cr_assert_eq(inst.operands[0].width, 1, "%s", text);
      cr_assert_eq(inst.operands[2].width, 4, "%s", text);
   }
}

/* Every 7-bit unified format prints (a BUF_FMT_ name for 0-77, its number above, nothing for
 * the default 1) and assembles back to its bytes. */
Test(mubuf, every_unified_format_round_trips)
{
   struct rdna_isa_config config = isa_config(GFX1030, 32);
   for (uint32_t format = 0; format < 128; format++) {
      uint32_t words[2] = { 0xe8000000u | format << 19, 0x03010100u };
      struct rdna_inst inst;
      char text[160];
      decode_text(&config, words, 8, &inst, text, sizeof(text));
      cr_assert_eq(inst.mod.format, format, "%s", text);
      cr_assert(format == 1 ? strstr(text, "format:") == NULL : strstr(text, "format:") != NULL,
                "format %u: %s", format, text);
      parse_ok(&config, text, &inst);
      uint32_t out[RDNA_MAX_INST_WORDS];
      size_t num_out = 0;
      struct rdna_diag diag;
      cr_assert_eq(rdna_encode(&config, &inst, out, &num_out, &diag), RDNA_OK);
      assert_words(out, num_out, words, 2, text);
   }
}
