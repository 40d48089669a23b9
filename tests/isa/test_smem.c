/* SMEM (scalar memory) against llvm-mc-14: golden bytes <-> text for every group of rows on both
 * targets, the encodings llvm-mc's disassembler takes leniently or rejects, and assembly errors
 * with their status and column. Run from the repository root (RDNA_SOURCE_DIR). */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdlib.h>
#include <string.h>

#include "golden.h"
#include "isa_internal.h"

#define GFX1013 RDNA_TARGET_GFX1013
#define GFX1030 RDNA_TARGET_GFX1030

#define ROW_IN_CLASS(f) (f == RDNA_FMT_SMEM)
#define ROWS_GFX1013 84u
#define ROWS_GFX1030 16u

/* Golden vectors, per target (-mcpu=gfx1013 or -mcpu=gfx1030 as the row says):
 *   llvm-mc -arch=amdgcn -mcpu=<target> -show-encoding (the asm text gives the bytes), then
 *   llvm-mc -arch=amdgcn -mcpu=<target> --disassemble (the bytes give the text) */
/* The tables keep one vector per line or two. */
/* clang-format off */
static struct golden_words golden_vectors[] = {
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
static struct lenient_words lenient_vectors[] = {
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
static struct invalid_words invalid_vectors[] = {
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

GOLDEN_VECTOR_TESTS(smem)

/* ---- the rows ------------------------------------------------------------------------------ */

static int in_class(unsigned f)
{
   return ROW_IN_CLASS(f);
}

/* Row counts per target, from sweeping every opcode through llvm-mc --disassemble. */
Test(smem, rows_exist_on_their_targets)
{
   row_count_check(in_class, ROWS_GFX1013, ROWS_GFX1030);
}
