/* VOP3P (packed math) against llvm-mc-14: golden bytes <-> text with op_sel, op_sel_hi, neg_lo,
 * neg_hi, clamp, v_fma_mix* neg/abs, packed constants and literals, the dot products gfx1030
 * has; rejected encodings and assembly errors with their status and column. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdlib.h>
#include <string.h>

#include "golden.h"
#include "isa_internal.h"

#define GFX1013 RDNA_TARGET_GFX1013
#define GFX1030 RDNA_TARGET_GFX1030

#define ROW_IN_CLASS(f) (f == RDNA_FMT_VOP3P)
#define ROWS_GFX1013 22u
#define ROWS_GFX1030 29u

/* Golden vectors, per target (-mcpu=gfx1013 or -mcpu=gfx1030 as the row says):
 *   llvm-mc -arch=amdgcn -mcpu=<target> -show-encoding (the asm text gives the bytes), then
 *   llvm-mc -arch=amdgcn -mcpu=<target> --disassemble (the bytes give the text) */
/* The tables keep one vector per line or two. */
/* clang-format off */
static struct golden_words golden_vectors[] = {
   {{0xcc004005, 0x1c0e0501}, 2, GFX1030,
    "v_pk_mad_i16 v5, v1, v2, v3", "v_pk_mad_i16 v5, v1, v2, v3"},
   {{0xcc014005, 0x18020501}, 2, GFX1030,
    "v_pk_mul_lo_u16 v5, v1, v2", "v_pk_mul_lo_u16 v5, v1, v2"},
   {{0xcc02c005, 0x18020401}, 2, GFX1030,
    "v_pk_add_i16 v5, s1, v2 clamp", "v_pk_add_i16 v5, s1, v2 clamp"},
   {{0xcc034005, 0x18018301}, 2, GFX1030, "v_pk_sub_i16 v5, v1, -1", "v_pk_sub_i16 v5, v1, -1"},
   {{0xcc044005, 0x1802048f}, 2, GFX1030,
    "v_pk_lshlrev_b16 v5, 15, v2", "v_pk_lshlrev_b16 v5, 15, v2"},
   {{0xcc054805, 0x18020501}, 2, GFX1030,
    "v_pk_lshrrev_b16 v5, v1, v2 op_sel:[1,0]", "v_pk_lshrrev_b16 v5, v1, v2 op_sel:[1,0]"},
   {{0xcc064005, 0x10020501}, 2, GFX1030,
    "v_pk_ashrrev_i16 v5, v1, v2 op_sel_hi:[0,1]", "v_pk_ashrrev_i16 v5, v1, v2 op_sel_hi:[0,1]"},
   {{0xcc074005, 0x38020501}, 2, GFX1030,
    "v_pk_max_i16 v5, v1, v2 neg_lo:[1,0]", "v_pk_max_i16 v5, v1, v2 neg_lo:[1,0]"},
   {{0xcc084005, 0x18020501}, 2, GFX1030, "v_pk_min_i16 v5, v1, v2", "v_pk_min_i16 v5, v1, v2"},
   {{0xcc093805, 0x040e0501}, 2, GFX1030,
    "v_pk_mad_u16 v5, v1, v2, v3 op_sel:[1,1,1] op_sel_hi:[0,0,0]",
    "v_pk_mad_u16 v5, v1, v2, v3 op_sel:[1,1,1] op_sel_hi:[0,0,0]"},
   {{0xcc0a4005, 0x180204ff, 0x00012345}, 3, GFX1030,
    "v_pk_add_u16 v5, 0x12345, v2", "v_pk_add_u16 v5, 0x12345, v2"},
   {{0xcc0b4005, 0x18018301}, 2, GFX1030, "v_pk_sub_u16 v5, v1, 0xffff", "v_pk_sub_u16 v5, v1, -1"},
   {{0xcc0c4005, 0x18020501}, 2, GFX1030, "v_pk_max_u16 v5, v1, v2", "v_pk_max_u16 v5, v1, v2"},
   {{0xcc0d4005, 0x18020501}, 2, GFX1030, "v_pk_min_u16 v5, v1, v2", "v_pk_min_u16 v5, v1, v2"},
   {{0xcc0ebf05, 0xe40e0501}, 2, GFX1030,
    "v_pk_fma_f16 v5, v1, v2, v3 op_sel:[1,1,1] op_sel_hi:[0,0,0] neg_lo:[1,1,1]"
    " neg_hi:[1,1,1] clamp",
    "v_pk_fma_f16 v5, v1, v2, v3 op_sel:[1,1,1] op_sel_hi:[0,0,0] neg_lo:[1,1,1]"
    " neg_hi:[1,1,1] clamp"},
   {{0xcc0f4005, 0x180204f0}, 2, GFX1030, "v_pk_add_f16 v5, 0.5, v2", "v_pk_add_f16 v5, 0.5, v2"},
   {{0xcc0f4005, 0x180204ff, 0x00004100}, 3, GFX1030,
    "v_pk_add_f16 v5, 2.5, v2", "v_pk_add_f16 v5, 0x4100, v2"},
   {{0xcc0f4005, 0x180204ff, 0x3c003c00}, 3, GFX1030,
    "v_pk_add_f16 v5, 0x3c003c00, v2", "v_pk_add_f16 v5, 0x3c003c00, v2"},
   {{0xcc104005, 0x18000401}, 2, GFX1030, "v_pk_mul_f16 v5, s1, s2", "v_pk_mul_f16 v5, s1, s2"},
   {{0xcc114005, 0x1800fe6a}, 2, GFX1030,
    "v_pk_min_f16 v5, vcc_lo, exec_hi", "v_pk_min_f16 v5, vcc_lo, exec_hi"},
   {{0xcc124005, 0x180204fe}, 2, GFX1030,
    "v_pk_max_f16 v5, lds_direct, v2", "v_pk_max_f16 v5, src_lds_direct, v2"},
   {{0xcc0e4005, 0x1805fe01, 0x00001234}, 3, GFX1030,
    "v_pk_fma_f16 v5, s1, 0x1234, s1", "v_pk_fma_f16 v5, s1, 0x1234, s1"},
   {{0xcc0a4005, 0x180204ff, 0x00003c00}, 3, GFX1030,
    "v_pk_add_u16 v5, 1.0, v2", "v_pk_add_u16 v5, 0x3c00, v2"},
   {{0xcc0a4005, 0x180204f2}, 2, GFX1030,
    "v_pk_add_u16 v5, 0x3f800000, v2", "v_pk_add_u16 v5, 0x3c00, v2"},
   {{0xcc13c505, 0xfc0e0501}, 2, GFX1030,
    "v_dot2_f32_f16 v5, v1, v2, v3 neg_lo:[1,1,1] neg_hi:[1,0,1] clamp",
    "v_dot2_f32_f16 v5, v1, v2, v3 neg_lo:[1,1,1] neg_hi:[1,0,1] clamp"},
   {{0xcc134005, 0x1bca0501}, 2, GFX1030,
    "v_dot2_f32_f16 v5, v1, v2, 1.0", "v_dot2_f32_f16 v5, v1, v2, 1.0"},
   {{0xcc144005, 0xbc0e0501}, 2, GFX1030,
    "v_dot2_i32_i16 v5, v1, v2, v3 neg_lo:[1,0,1]",
    "v_dot2_i32_i16 v5, v1, v2, v3 neg_lo:[1,0,1]"},
   {{0xcc154005, 0x1bfe0501, 0x12345678}, 3, GFX1030,
    "v_dot2_u32_u16 v5, v1, v2, 0x12345678", "v_dot2_u32_u16 v5, v1, v2, 0x12345678"},
   {{0xcc164005, 0xfc0e0501}, 2, GFX1030,
    "v_dot4_i32_i8 v5, v1, v2, v3 neg_lo:[1,1,1]", "v_dot4_i32_i8 v5, v1, v2, v3 neg_lo:[1,1,1]"},
   {{0xcc174005, 0x1c0e04f2}, 2, GFX1030,
    "v_dot4_u32_u8 v5, 0x3f800000, v2, v3", "v_dot4_u32_u8 v5, 1.0, v2, v3"},
   {{0xcc18c005, 0x1c0e0501}, 2, GFX1030,
    "v_dot8_i32_i4 v5, v1, v2, v3 clamp", "v_dot8_i32_i4 v5, v1, v2, v3 clamp"},
   {{0xcc195005, 0x1c0e0501}, 2, GFX1030,
    "v_dot8_u32_u4 v5, v1, v2, v3 op_sel:[0,1,0]", "v_dot8_u32_u4 v5, v1, v2, v3 op_sel:[0,1,0]"},
   {{0xcc200005, 0x040e0501}, 2, GFX1030,
    "v_fma_mix_f32 v5, v1, v2, v3", "v_fma_mix_f32 v5, v1, v2, v3"},
   {{0xcc20ab05, 0xbc0c0501}, 2, GFX1030,
    "v_fma_mix_f32 v5, -|v1|, |s2|, -v3 op_sel:[1,0,1] op_sel_hi:[1,1,0] clamp",
    "v_fma_mix_f32 v5, -|v1|, |s2|, -v3 op_sel:[1,0,1] op_sel_hi:[1,1,0] clamp"},
   {{0xcc200005, 0x040e04ff, 0x00004100}, 3, GFX1030,
    "v_fma_mix_f32 v5, 2.5, v2, v3", "v_fma_mix_f32 v5, 0x4100, v2, v3"},
   {{0xcc200005, 0x240a0282}, 2, GFX1030,
    "v_fma_mix_f32 v5, neg(2), v1, v2", "v_fma_mix_f32 v5, neg(2), v1, v2"},
   {{0xcc214005, 0x1c0e0501}, 2, GFX1030,
    "v_fma_mixlo_f16 v5, v1, v2, v3 op_sel_hi:[1,1,1]",
    "v_fma_mixlo_f16 v5, v1, v2, v3 op_sel_hi:[1,1,1]"},
   {{0xcc2220ff, 0x07ffffff}, 2, GFX1030,
    "v_fma_mixhi_f16 v255, v255, v255, v255 op_sel:[0,0,1]",
    "v_fma_mixhi_f16 v255, v255, v255, v255 op_sel:[0,0,1]"},
   {{0xcc0fd905, 0x70020501}, 2, GFX1030,
    "v_pk_add_f16 v5, v1, v2 op_sel:[1,1] op_sel_hi:[0,1] neg_lo:[1,1] neg_hi:[1,0] clamp",
    "v_pk_add_f16 v5, v1, v2 op_sel:[1,1] op_sel_hi:[0,1] neg_lo:[1,1] neg_hi:[1,0] clamp"},
   {{0xcc0f4005, 0x180204fd}, 2, GFX1030,
    "v_pk_add_f16 v5, src_scc, v2", "v_pk_add_f16 v5, src_scc, v2"},
   {{0xcc0f4005, 0x1801f07d}, 2, GFX1030,
    "v_pk_add_f16 v5, null, 0.15915494", "v_pk_add_f16 v5, null, 0.15915494"},
   {{0xcc0e4005, 0x1c0e0501}, 2, GFX1013,
    "v_pk_fma_f16 v5, v1, v2, v3", "v_pk_fma_f16 v5, v1, v2, v3"},
   {{0xcc204005, 0x1c0e0501}, 2, GFX1013,
    "v_fma_mix_f32 v5, v1, v2, v3 op_sel_hi:[1,1,1]",
    "v_fma_mix_f32 v5, v1, v2, v3 op_sel_hi:[1,1,1]"},
   {{0xcc0f4005, 0x180204f3}, 2, GFX1013, "v_pk_add_f16 v5, -1.0, v2", "v_pk_add_f16 v5, -1.0, v2"},
};

/* llvm-mc -arch=amdgcn -mcpu=<target> --disassemble takes these and prints the text shown. */
static struct lenient_words lenient_vectors[] = {
   /* two-source row: op_sel_hi bit of src2 ignored */
   {{0xcc0f0005, 0x18020501}, 2, GFX1030, "v_pk_add_f16 v5, v1, v2"},
   /* a literal equal to an inline constant */
   {{0xcc0f4005, 0x180204ff, 0x3e22f983}, 3, GFX1030, "v_pk_add_f16 v5, 0.15915494, v2"},
};

/* llvm-mc -arch=amdgcn -mcpu=<target> --disassemble: "invalid instruction encoding". */
static struct invalid_words invalid_vectors[] = {
   /* v_pk_add_f16 with a src2 field */
   {{0xcc0f4005, 0x1c0c0501}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* v_pk_add_f16 with op_sel of src2 */
   {{0xcc0f6005, 0x18000501}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* v_pk_add_u16 with neg_lo on src1 */
   {{0xcc0a4005, 0x58020501}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* v_pk_mad_i16 with neg_hi on src1 */
   {{0xcc004205, 0x1c0e0501}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* v_dot2_i32_i16 with neg_hi on src1 */
   {{0xcc144205, 0x1c0e0501}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* bits 25:23 set */
   {{0xcc8f4005, 0x18020501}, 2, GFX1030, RDNA_UNKNOWN_OPCODE},
   /* opcode 0x1a */
   {{0xcc1a4005, 0x1c0e0501}, 2, GFX1030, RDNA_UNKNOWN_OPCODE},
   /* v_dot2_f32_f16 is gfx1030 only */
   {{0xcc134005, 0x1c0e0501}, 2, GFX1013, RDNA_UNKNOWN_OPCODE},
   /* src0 250 (DPP16 marker) */
   {{0xcc0f4005, 0x180204fa}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* src0 233 (DPP8 marker) */
   {{0xcc0f4005, 0x180204e9}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* src0 249 (SDWA marker) */
   {{0xcc0f4005, 0x180204f9}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* src0 209 (reserved) */
   {{0xcc0f4005, 0x180204d1}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* literal missing */
   {{0xcc0f4005, 0x180204ff}, 2, GFX1030, RDNA_TRUNCATED},
};

/* llvm-mc -arch=amdgcn -mcpu=<target> -show-encoding rejects each of these. */
static struct bad_text bad_texts[] = {
   {"v_pk_fma_f16 v5, 0x1234, v2, 0x1235", GFX1030, RDNA_INVALID_OPERAND, 30, "literal"},
   {"v_pk_fma_f16 v5, s1, s2, s3", GFX1030, RDNA_INVALID_OPERAND, 26, "constant bus"},
   {"v_pk_fma_f16 v5, s1, 0x1234, s2", GFX1030, RDNA_INVALID_OPERAND, 30, "constant bus"},
   {"v_pk_add_f16 v5, -v1, v2", GFX1030, RDNA_INVALID_OPERAND, 18, "neg_lo"},
   {"v_pk_add_f16 v5, |v1|, v2", GFX1030, RDNA_INVALID_OPERAND, 18, "neg_lo"},
   {"v_pk_add_f16 v5, v1, v2 op_sel:[2,0]", GFX1030, RDNA_OUT_OF_RANGE, 25, "op_sel"},
   {"v_pk_add_f16 v5, v1, v2 clamp:1", GFX1030, RDNA_SYNTAX, 25, "clamp"},
   {"v_pk_add_f16 v[5:6], v1, v2", GFX1030, RDNA_INVALID_OPERAND, 14, "v[5:6]"},
   {"v_pk_fma_f16 v5, v1, v2, v3 clamp op_sel:[1,1,1]", GFX1030, RDNA_SYNTAX, 35, "op_sel"},
   {"v_pk_fma_f16 v5, v1, v2, v3 op_sel:[1,0,0] op_sel:[0,1,0]",
    GFX1030, RDNA_SYNTAX, 44, "op_sel"},
   {"v_pk_fma_f16 v5, v1, v2", GFX1030, RDNA_SYNTAX, 1, ""},
   {"v_pk_add_f16 v5, v1, v2, v3", GFX1030, RDNA_SYNTAX, 26, ""},
   {"v_fma_mix_f32 v5, v1, v2, v3 neg_lo:[1,0,0]", GFX1030, RDNA_INVALID_OPERAND, 30, "neg_lo"},
   {"v_fma_mix_f32 v5, v1, v2, v3 neg_hi:[1,0,0]", GFX1030, RDNA_INVALID_OPERAND, 30, "neg_hi"},
   {"v_fma_mix_f32 v5, 0x12345678, v2, v3", GFX1030, RDNA_INVALID_OPERAND, 19, "f16"},
   {"v_pk_add_f16 v5, 1e10, v2", GFX1030, RDNA_INVALID_OPERAND, 18, "v2f16"},
   {"v_pk_add_f16 v5, v1, lds_direct", GFX1030, RDNA_INVALID_OPERAND, 22, "lds_direct"},
   {"v_pk_lshrrev_b16 v5, lds_direct, v1", GFX1030, RDNA_INVALID_OPERAND, 22, "lds_direct"},
   {"v_pk_fma_f16 v5, v1, v2, v3 op_sel:[0,0,0,0,0]", GFX1030, RDNA_SYNTAX, 29, "op_sel"},
   {"v_pk_fma_f16 v5, v1, v2, v3 op_sel:0", GFX1030, RDNA_SYNTAX, 29, "op_sel"},
   {"v_pk_add_f16 v5, v1, v2 mul:2", GFX1030, RDNA_INVALID_OPERAND, 25, "mul"},
   {"v_pk_add_f16 v5, s[1:2], v1", GFX1030, RDNA_INVALID_OPERAND, 18, "s[1:2]"},
   {"v_dot2_f32_f16 v5, v1, v2, v3", GFX1013, RDNA_NOT_ON_TARGET, 1, "v_dot2_f32_f16"},
};
/* clang-format on */

GOLDEN_VECTOR_TESTS(vop3p)

/* ---- the rows ------------------------------------------------------------------------------ */

static int in_class(unsigned f)
{
   return ROW_IN_CLASS(f);
}

/* Row counts per target, from sweeping every opcode through llvm-mc --disassemble. */
Test(vop3p, rows_exist_on_their_targets)
{
   row_count_check(in_class, ROWS_GFX1013, ROWS_GFX1030);
}
