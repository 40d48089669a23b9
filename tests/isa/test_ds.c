/* DS (data share) against llvm-mc-14: golden bytes <-> text (offset, offset0/offset1, gds, GWS,
 * ordered count, append/consume, addtid, permutes, ds_swizzle_b32's swizzle() forms), rejected
 * encodings and assembly errors with their status and column. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdlib.h>
#include <string.h>

#include "golden.h"
#include "isa_internal.h"

#define GFX1013 RDNA_TARGET_GFX1013
#define GFX1030 RDNA_TARGET_GFX1030

#define ROW_IN_CLASS(f) (f == RDNA_FMT_DS)
#define ROWS_GFX1013 154u
#define ROWS_GFX1030 123u

/* Golden vectors, per target (-mcpu=gfx1013 or -mcpu=gfx1030 as the row says):
 *   llvm-mc -arch=amdgcn -mcpu=<target> -show-encoding (the asm text gives the bytes), then
 *   llvm-mc -arch=amdgcn -mcpu=<target> --disassemble (the bytes give the text) */
/* The tables keep one vector per line or two. */
/* clang-format off */
static struct golden_words golden_vectors[] = {
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
static struct lenient_words lenient_vectors[] = {
   /* bit 16 ignored */
   {{0xd8d90102, 0x05000002}, 2, GFX1030, "ds_read_b32 v5, v2 offset:258"},
};

/* llvm-mc -arch=amdgcn -mcpu=<target> --disassemble: "invalid instruction encoding". */
static struct invalid_words invalid_vectors[] = {
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

GOLDEN_VECTOR_TESTS(ds)

/* ---- the rows ------------------------------------------------------------------------------ */

static int in_class(unsigned f)
{
   return ROW_IN_CLASS(f);
}

/* Row counts per target, from sweeping every opcode through llvm-mc --disassemble. */
Test(ds, rows_exist_on_their_targets)
{
   row_count_check(in_class, ROWS_GFX1013, ROWS_GFX1030);
}
