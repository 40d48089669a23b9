/* EXP (exports) and VINTRP (parameter interpolation) against llvm-mc-14: golden bytes <-> text
 * for every target kind, compr/done/vm, p10/p20/p0 and attrN.c; the encodings llvm-mc decodes
 * leniently or rejects, and assembly errors with their status and column. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdlib.h>
#include <string.h>

#include "golden.h"
#include "isa_internal.h"

#define GFX1013 RDNA_TARGET_GFX1013
#define GFX1030 RDNA_TARGET_GFX1030

#define ROW_IN_CLASS(f) (f == RDNA_FMT_EXP || f == RDNA_FMT_VINTRP)
#define ROWS_GFX1013 4u
#define ROWS_GFX1030 4u

/* Golden vectors, per target (-mcpu=gfx1013 or -mcpu=gfx1030 as the row says):
 *   llvm-mc -arch=amdgcn -mcpu=<target> -show-encoding (the asm text gives the bytes), then
 *   llvm-mc -arch=amdgcn -mcpu=<target> --disassemble (the bytes give the text) */
/* The tables keep one vector per line or two. */
/* clang-format off */
static struct golden_words golden_vectors[] = {
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
static struct lenient_words lenient_vectors[] = {
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
static struct invalid_words invalid_vectors[] = {
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

GOLDEN_VECTOR_TESTS(exp)

/* ---- the rows ------------------------------------------------------------------------------ */

static int in_class(unsigned f)
{
   return ROW_IN_CLASS(f);
}

/* Row counts per target, from sweeping every opcode through llvm-mc --disassemble. */
Test(exp, rows_exist_on_their_targets)
{
   row_count_check(in_class, ROWS_GFX1013, ROWS_GFX1030);
}
