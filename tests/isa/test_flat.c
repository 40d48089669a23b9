/* FLAT, GLOBAL and SCRATCH against llvm-mc-14: golden bytes <-> text (loads, stores, d16
 * halves, atomics with and without glc, saddr/vaddr shapes, offsets, gfx1030 addtid and csub),
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
static struct golden_words golden_vectors[] = {
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
static struct lenient_words lenient_vectors[] = {
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
static struct invalid_words invalid_vectors[] = {
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

GOLDEN_VECTOR_TESTS(flat)

/* ---- the table ------------------------------------------------------------------------------ */

static int in_class(unsigned f)
{
   return ROW_IN_CLASS(f);
}

/* Rows per target, as llvm-mc-14's disassembler lists them (every opcode value probed). */
Test(flat, rows_per_target)
{
   row_count_check(in_class, ROWS_GFX1013, ROWS_GFX1030);
}

/* ---- random encodings --------------------------------------------------------------------- */

Test(flat, random_encodings_decode_safely_and_reencode_stably)
{
   random_encodings_check(random_first_word, RANDOM_SAMPLES);
}

/* ---- operand shapes ------------------------------------------------------------------------- */

/* An atomic keeps its vdst slot; without glc it holds RDNA_REG_NONE and is not printed
 * (llvm-mc -arch=amdgcn -mcpu=gfx1030 --disassemble). */
Test(flat, atomic_vdst_only_with_glc)
{
   struct rdna_isa_config config = isa_config(GFX1030, 32);
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
   struct rdna_isa_config config = isa_config(GFX1030, 64);
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
