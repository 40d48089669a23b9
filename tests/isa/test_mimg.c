/* MIMG against llvm-mc-14: golden bytes <-> text (loads, stores, atomics, samples, gather4, BVH,
 * NSA), encodings it decodes leniently or rejects, assembly errors with status and column, the
 * vdata/vaddr widths llvm-mc prints for every row, dim and a16, and random encodings that must
 * decode safely and re-encode to the same text. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdlib.h>
#include <string.h>

#include "golden.h"
#include "isa_internal.h"

#define GFX1013 RDNA_TARGET_GFX1013
#define GFX1030 RDNA_TARGET_GFX1030

#define ROW_IN_CLASS(f) (f == RDNA_FMT_MIMG)
#define ROWS_GFX1013 111u
#define ROWS_GFX1030 111u
#define RANDOM_SAMPLES 20000u

/* The first word of a random sample: the class's encoding bits over random bits. */
static uint32_t random_first_word(uint32_t bits, uint32_t choice)
{
   (void)choice;
   return (bits & 0x03ffffffu) | 0xf0000000u; /* 111100 */
}

/* The tables keep one vector per entry. */
/* clang-format off */
/* Golden vectors, on the target each names (both wave sizes agree): the asm text went
 * through -show-encoding, the bytes came back as the text through --disassemble:
 *   llvm-mc -arch=amdgcn -mcpu=<target> -show-encoding / --disassemble */
static struct golden_words golden_vectors[] = {
   {{0xf0000100, 0x00020102}, 2, GFX1030,
    "image_load v1, v2, s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_1D",
    "image_load v1, v2, s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_1D"},
   {{0xf2003f88, 0x00020105}, 2, GFX1030,
    "image_load v[1:4], v[5:6], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D unorm glc slc dlc",
    "image_load v[1:4], v[5:6], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D unorm glc slc dlc"},
   {{0xf0010100, 0x00020102}, 2, GFX1030,
    "image_load v[1:2], v2, s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_1D tfe",
    "image_load v[1:2], v2, s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_1D tfe"},
   {{0xf0000720, 0x80020102}, 2, GFX1030,
    "image_load v[1:2], v[2:3], s[8:15] dmask:0x7 dim:SQ_RSRC_IMG_1D_ARRAY d16",
    "image_load v[1:2], v[2:3], s[8:15] dmask:0x7 dim:SQ_RSRC_IMG_1D_ARRAY d16"},
   {{0xf0000508, 0x40020102}, 2, GFX1030,
    "image_load v[1:2], v2, s[8:15] dmask:0x5 dim:SQ_RSRC_IMG_2D a16",
    "image_load v[1:2], v2, s[8:15] dmask:0x5 dim:SQ_RSRC_IMG_2D a16"},
   {{0xf0028f38, 0x001dfcfc}, 2, GFX1030,
    "image_load v[252:255], v[252:255], ttmp[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D_MSAA_ARRAY r128"
    " lwe",
    "image_load v[252:255], v[252:255], ttmp[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D_MSAA_ARRAY r128"
    " lwe"},
   {{0xf0040f18, 0x00020102}, 2, GFX1030,
    "image_load_mip v[1:4], v[2:5], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_CUBE",
    "image_load_mip v[1:4], v[2:5], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_CUBE"},
   {{0xf00d0b08, 0x00020102}, 2, GFX1030,
    "image_load_pck_sgn v[1:4], v[2:3], s[8:15] dmask:0xb dim:SQ_RSRC_IMG_2D tfe",
    "image_load_pck_sgn v[1:4], v[2:3], s[8:15] dmask:0xb dim:SQ_RSRC_IMG_2D tfe"},
   {{0xf0200f12, 0x00020105, 0x00000209}, 3, GFX1030,
    "image_store v[1:4], [v5, v9, v2], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_3D",
    "image_store v[1:4], [v5, v9, v2], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_3D"},
   {{0xf02c2808, 0x00020102}, 2, GFX1030,
    "image_store_mip_pck v1, v[2:4], s[8:15] dmask:0x8 dim:SQ_RSRC_IMG_2D glc",
    "image_store_mip_pck v1, v[2:4], s[8:15] dmask:0x8 dim:SQ_RSRC_IMG_2D glc"},
   {{0xf0000131, 0x00020105}, 2, GFX1030,
    "image_msaa_load v1, v[5:7], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA",
    "image_msaa_load v1, v[5:7], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA"},
   {{0xf0000f3b, 0x00020105, 0x00080706}, 3, GFX1030,
    "image_msaa_load v[1:4], [v5, v6, v7, v8], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D_MSAA_ARRAY",
    "image_msaa_load v[1:4], [v5, v6, v7, v8], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D_MSAA_ARRAY"},
   {{0xf0380f08, 0x00020105}, 2, GFX1030,
    "image_get_resinfo v[1:4], v5, s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D",
    "image_get_resinfo v[1:4], v5, s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D"},
   {{0xf0442100, 0x00020102}, 2, GFX1030,
    "image_atomic_add v1, v2, s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_1D glc",
    "image_atomic_add v1, v2, s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_1D glc"},
   {{0xf0580300, 0x00020102}, 2, GFX1030,
    "image_atomic_smax v[1:2], v2, s[8:15] dmask:0x3 dim:SQ_RSRC_IMG_1D",
    "image_atomic_smax v[1:2], v2, s[8:15] dmask:0x3 dim:SQ_RSRC_IMG_1D"},
   {{0xf0402308, 0x00020102}, 2, GFX1030,
    "image_atomic_cmpswap v[1:2], v[2:3], s[8:15] dmask:0x3 dim:SQ_RSRC_IMG_2D glc",
    "image_atomic_cmpswap v[1:2], v[2:3], s[8:15] dmask:0x3 dim:SQ_RSRC_IMG_2D glc"},
   {{0xf0402f0a, 0x00020102, 0x00000003}, 3, GFX1030,
    "image_atomic_cmpswap v[1:4], [v2, v3], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D glc",
    "image_atomic_cmpswap v[1:4], [v2, v3], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D glc"},
   {{0xf2740300, 0x00020102}, 2, GFX1030,
    "image_atomic_fcmpswap v[1:2], v2, s[8:15] dmask:0x3 dim:SQ_RSRC_IMG_1D slc",
    "image_atomic_fcmpswap v[1:2], v2, s[8:15] dmask:0x3 dim:SQ_RSRC_IMG_1D slc"},
   {{0xf0452100, 0x00020102}, 2, GFX1030,
    "image_atomic_add v[1:2], v2, s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_1D glc tfe",
    "image_atomic_add v[1:2], v2, s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_1D glc tfe"},
   {{0xf0800f08, 0x00820105}, 2, GFX1030,
    "image_sample v[1:4], v[5:6], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_2D",
    "image_sample v[1:4], v[5:6], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_2D"},
   {{0xf0dc022a, 0x00820102, 0x00050403}, 3, GFX1030,
    "image_sample_lz_o v1, [v2, v3, v4, v5], s[8:15], s[16:19] dmask:0x2 dim:SQ_RSRC_IMG_2D_ARRAY",
    "image_sample_lz_o v1, [v2, v3, v4, v5], s[8:15], s[16:19] dmask:0x2 dim:SQ_RSRC_IMG_2D_ARRAY"},
   {{0xf0940308, 0x43c20102}, 2, GFX1030,
    "image_sample_b v[1:2], v[2:3], s[8:15], ttmp[12:15] dmask:0x3 dim:SQ_RSRC_IMG_2D a16",
    "image_sample_b v[1:2], v[2:3], s[8:15], ttmp[12:15] dmask:0x3 dim:SQ_RSRC_IMG_2D a16"},
   {{0xf0ec0f10, 0x00820105}, 2, GFX1030,
    "image_sample_c_d_cl_o v[1:4], v[5:20], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_3D",
    "image_sample_c_d_cl_o v[1:4], v[5:20], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_3D"},
   {{0xf0ec0f16, 0x00820105, 0x09080706, 0x0d0c0b0a, 0x00100f0e}, 5, GFX1030,
    "image_sample_c_d_cl_o v[1:4], [v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15, v16],"
    " s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_3D",
    "image_sample_c_d_cl_o v[1:4], [v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15, v16],"
    " s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_3D"},
   {{0xf0880f08, 0x00820105}, 2, GFX1030,
    "image_sample_d v[1:4], v[5:10], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_2D",
    "image_sample_d v[1:4], v[5:10], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_2D"},
   {{0xf0880f08, 0x00820105}, 2, GFX1030,
    "image_sample_d v[1:4], v[5:12], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_2D",
    "image_sample_d v[1:4], v[5:10], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_2D"},
   {{0xf1a40408, 0x40820102}, 2, GFX1030,
    "image_sample_cd_cl v1, v[2:7], s[8:15], s[16:19] dmask:0x4 dim:SQ_RSRC_IMG_2D a16",
    "image_sample_cd_cl v1, v[2:7], s[8:15], s[16:19] dmask:0x4 dim:SQ_RSRC_IMG_2D a16"},
   {{0xf0880f11, 0x80820105}, 2, GFX1030,
    "image_sample_d_g16 v[1:2], v[5:11], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_3D d16",
    "image_sample_d_g16 v[1:2], v[5:11], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_3D d16"},
   {{0xf1bc011d, 0x00820102, 0x06050403, 0x00090807}, 4, GFX1030,
    "image_sample_c_cd_cl_o_g16 v1, [v2, v3, v4, v5, v6, v7, v8, v9], s[8:15], s[16:19] dmask:0x1"
    " dim:SQ_RSRC_IMG_CUBE",
    "image_sample_c_cd_cl_o_g16 v1, [v2, v3, v4, v5, v6, v7, v8, v9], s[8:15], s[16:19] dmask:0x1"
    " dim:SQ_RSRC_IMG_CUBE"},
   {{0xf1000108, 0x00820105}, 2, GFX1030,
    "image_gather4 v[1:4], v[5:6], s[8:15], s[16:19] dmask:0x1 dim:SQ_RSRC_IMG_2D",
    "image_gather4 v[1:4], v[5:6], s[8:15], s[16:19] dmask:0x1 dim:SQ_RSRC_IMG_2D"},
   {{0xf13c0808, 0x80820105}, 2, GFX1030,
    "image_gather4_c_lz v[1:2], v[5:7], s[8:15], s[16:19] dmask:0x8 dim:SQ_RSRC_IMG_2D d16",
    "image_gather4_c_lz v[1:2], v[5:7], s[8:15], s[16:19] dmask:0x8 dim:SQ_RSRC_IMG_2D d16"},
   {{0xf159020a, 0x00820106, 0x0a090807}, 3, GFX1030,
    "image_gather4_b_cl_o v[1:5], [v6, v7, v8, v9, v10], s[8:15], s[16:19] dmask:0x2"
    " dim:SQ_RSRC_IMG_2D tfe",
    "image_gather4_b_cl_o v[1:5], [v6, v7, v8, v9, v10], s[8:15], s[16:19] dmask:0x2"
    " dim:SQ_RSRC_IMG_2D tfe"},
   {{0xf1800308, 0x00820103}, 2, GFX1030,
    "image_get_lod v[1:2], v[3:4], s[8:15], s[16:19] dmask:0x3 dim:SQ_RSRC_IMG_2D",
    "image_get_lod v[1:2], v[3:4], s[8:15], s[16:19] dmask:0x3 dim:SQ_RSRC_IMG_2D"},
   {{0xf0000100, 0x00020102}, 2, GFX1030,
    "image_load v1, [v2], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_1D noglc",
    "image_load v1, v2, s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_1D"},
   {{0xf0000000, 0x00020102}, 2, GFX1030,
    "image_load v1, v2, s[8:15] dim:SQ_RSRC_IMG_1D",
    "image_load v1, v2, s[8:15] dim:SQ_RSRC_IMG_1D"},
   {{0xf2002100, 0x80020102}, 2, GFX1030,
    "image_load v1, v2, s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_1D glc d16 slc",
    "image_load v1, v2, s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_1D glc slc d16"},
   {{0xf1989f01, 0x00010409}, 2, GFX1030,
    "image_bvh_intersect_ray v[4:7], v[9:24], s[4:7]",
    "image_bvh_intersect_ray v[4:7], v[9:24], s[4:7]"},
   {{0xf1989f01, 0x40010409}, 2, GFX1030,
    "image_bvh_intersect_ray v[4:7], v[9:16], s[4:7] a16",
    "image_bvh_intersect_ray v[4:7], v[9:16], s[4:7] a16"},
   {{0xf1989f07, 0x00010409, 0x0d0c0b0a, 0x11100f0e, 0x00001312}, 5, GFX1030,
    "image_bvh_intersect_ray v[4:7], [v9, v10, v11, v12, v13, v14, v15, v16, v17, v18, v19],"
    " s[4:7]",
    "image_bvh_intersect_ray v[4:7], [v9, v10, v11, v12, v13, v14, v15, v16, v17, v18, v19],"
    " s[4:7]"},
   {{0xf19c9f07, 0x00010409, 0x0d0c0b0a, 0x11100f0e, 0x00141312}, 5, GFX1030,
    "image_bvh64_intersect_ray v[4:7], [v9, v10, v11, v12, v13, v14, v15, v16, v17, v18, v19,"
    " v20], s[4:7]",
    "image_bvh64_intersect_ray v[4:7], [v9, v10, v11, v12, v13, v14, v15, v16, v17, v18, v19,"
    " v20], s[4:7]"},
   {{0xf19c9f05, 0x40010409, 0x0d0c0b0a, 0x11100f0e}, 4, GFX1030,
    "image_bvh64_intersect_ray v[4:7], [v9, v10, v11, v12, v13, v14, v15, v16, v17], s[4:7] a16",
    "image_bvh64_intersect_ray v[4:7], [v9, v10, v11, v12, v13, v14, v15, v16, v17], s[4:7] a16"},
   {{0xf19c9f01, 0x401efcf0}, 2, GFX1030,
    "image_bvh64_intersect_ray v[252:255], v[240:255], ttmp[12:15] a16",
    "image_bvh64_intersect_ray v[252:255], v[240:255], ttmp[12:15] a16"},
   {{0xf1989f05, 0x40010409, 0x04030201, 0x00000605}, 4, GFX1013,
    "image_bvh_intersect_ray v[4:7], [v9, v1, v2, v3, v4, v5, v6, v0], s[4:7] a16",
    "image_bvh_intersect_ray v[4:7], [v9, v1, v2, v3, v4, v5, v6, v0], s[4:7] a16"},
   {{0xf0901d08, 0x00820104}, 2, GFX1013,
    "image_sample_l v[1:3], v[4:6], s[8:15], s[16:19] dmask:0xd dim:SQ_RSRC_IMG_2D unorm",
    "image_sample_l v[1:3], v[4:6], s[8:15], s[16:19] dmask:0xd dim:SQ_RSRC_IMG_2D unorm"},
   {{0xf0540100, 0x00180102}, 2, GFX1013,
    "image_atomic_umin v1, v2, s[96:103] dmask:0x1 dim:SQ_RSRC_IMG_1D",
    "image_atomic_umin v1, v2, s[96:103] dmask:0x1 dim:SQ_RSRC_IMG_1D"},
   {{0xf0000131, 0x00020105}, 2, GFX1013,
    "image_msaa_load v1, v[5:7], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA",
    "image_msaa_load v1, v[5:7], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA"},
};

/* Each prints the text shown (llvm-mc would not assemble that text to these bytes):
 *   llvm-mc -arch=amdgcn -mcpu=<target> --disassemble */
static struct lenient_words lenient_vectors[] = {
   /* image_load 1D in NSA form: no 1-address NSA variant, 4 addresses print */
   {{0xf0000102, 0x00020201, 0x00030201}, 3, GFX1030,
    "image_load v2, [v1, v1, v2, v3], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_1D"},
   /* image_atomic_add dmask 0x7: no 3-VGPR variant, the 1-VGPR one prints */
   {{0xf0440f00, 0x00020201}, 2, GFX1030,
    "image_atomic_add v2, v1, s[8:15] dmask:0xf dim:SQ_RSRC_IMG_1D"},
   /* image_sample_c_b_cl 2D_MSAA_ARRAY: no 7-address variant */
   {{0xf0b80f38, 0x00420201}, 2, GFX1030,
    "image_sample_c_b_cl v2, v[1:3], s[8:15], s[8:11] dmask:0xf dim:SQ_RSRC_IMG_2D_MSAA_ARRAY"},
   /* vdata v[254:256] does not fit: the 1-VGPR variant prints */
   {{0xf0000f00, 0x0002fe01}, 2, GFX1030,
    "image_load v254, v1, s[8:15] dmask:0xf dim:SQ_RSRC_IMG_1D"},
   /* bits 6, 14 and 58-61 are ignored */
   {{0xf0004140, 0x3c020201}, 2, GFX1030,
    "image_load v2, v1, s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_1D"},
   /* image_load 2D NSA: bytes past the second address are ignored */
   {{0xf000010a, 0x00020201, 0xfffffe03}, 3, GFX1030,
    "image_load v2, [v1, v3], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D"},
   /* BVH ignores bit 6 */
   {{0xf1989f41, 0x40010409}, 2, GFX1030, "image_bvh_intersect_ray v[4:7], v[9:16], s[4:7] a16"},
   /* image_sample_d 2D_MSAA_ARRAY a16=0 in 1 NSA dword: the 5-address variant prints */
   {{0xf0880f3a, 0x00210201, 0x08070603}, 3, GFX1030,
    "image_sample_d v2, [v1, v3, v6, v7, v8], s[4:11], s[4:7] dmask:0xf"
    " dim:SQ_RSRC_IMG_2D_MSAA_ARRAY"},
};

/* Each is "invalid instruction encoding":
 *   llvm-mc -arch=amdgcn -mcpu=<target> --disassemble */
static struct invalid_words invalid_vectors[] = {
   /* a sampler field on image_load */
   {{0xf0000100, 0x00220201}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* d16 on an atomic */
   {{0xf0440100, 0x80020201}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* srsrc field 25 (s[100:107]) */
   {{0xf0000100, 0x00190201}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* srsrc field 30 (ttmp[12:19]) */
   {{0xf0000100, 0x001e0201}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* ssamp field 26 */
   {{0xf0800100, 0x035a0201}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* image_load has no 3-dword NSA form */
   {{0xf0000106, 0x00020201, 0x00000000, 0x00000000, 0x00000000}, 5, GFX1030,
    RDNA_INVALID_ENCODING},
   /* image_sample_b at v255: its first variant needs 2 addresses */
   {{0xf0940100, 0x002101ff}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* glc on BVH */
   {{0xf198bf01, 0x40010409}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* BVH a16 with 1 NSA dword */
   {{0xf1989f03, 0x40010409, 0x00000000}, 3, GFX1030, RDNA_INVALID_ENCODING},
   /* BVH vdata v[253:256] */
   {{0xf1989f01, 0x4001fd09}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* BVH vaddr v[241:256] */
   {{0xf1989f01, 0x000104f1}, 2, GFX1030, RDNA_INVALID_ENCODING},
   /* MIMG opcode 6 */
   {{0xf0180100, 0x00020201}, 2, GFX1030, RDNA_UNKNOWN_OPCODE},
   /* MIMG opcode 0xe5 */
   {{0xf1940101, 0x00020201}, 2, GFX1030, RDNA_UNKNOWN_OPCODE},
};

/* Each is an error, except those marked "llvm-mc accepts" (deliberate differences):
 *   llvm-mc -arch=amdgcn -mcpu=<target> -show-encoding */
static struct bad_text bad_texts[] = {
   {"image_load v1, v2, s[8:15] dmask:0x1",
    GFX1030, RDNA_SYNTAX, 1, "dim"},
   {"image_load v1, v2, s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_4D",
    GFX1030, RDNA_INVALID_OPERAND, 38, "dim"},
   /* llvm-mc accepts this and encodes only the low bits: we reject it */
   {"image_load v1, v2, s[8:15] dmask:0x10 dim:SQ_RSRC_IMG_1D",
    GFX1030, RDNA_OUT_OF_RANGE, 28, "dmask"},
   {"image_load v[1:2], v2, s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_1D",
    GFX1030, RDNA_INVALID_OPERAND, 1, "data size"},
   {"image_load v1, v[2:3], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_1D",
    GFX1030, RDNA_INVALID_OPERAND, 1, "address size"},
   {"image_load v1, [v2, v3, v4, v5], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_1D",
    GFX1030, RDNA_INVALID_OPERAND, 1, "address size"},
   {"image_load v1, [v2, v3, v4, v5, v6], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_3D",
    GFX1030, RDNA_INVALID_OPERAND, 16, "no form"},
   {"image_load v1, [v2, s3], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D",
    GFX1030, RDNA_INVALID_OPERAND, 16, "VGPR"},
   {"image_load_mip v1, v[2:6], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA_ARRAY",
    GFX1030, RDNA_INVALID_OPERAND, 20, "no form"},
   {"image_sample_d v[1:4], v[5:11], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_2D",
    GFX1030, RDNA_INVALID_OPERAND, 1, "address size"},
   {"image_load v1, v2, s[8:11] dmask:0x1 dim:SQ_RSRC_IMG_1D",
    GFX1030, RDNA_INVALID_OPERAND, 20, "srsrc"},
   {"image_sample v1, v2, s[8:15], s[16:23] dmask:0x1 dim:SQ_RSRC_IMG_1D",
    GFX1030, RDNA_INVALID_OPERAND, 31, "ssamp"},
   {"image_atomic_add v1, v2, s[8:15] dmask:0x2 dim:SQ_RSRC_IMG_1D",
    GFX1030, RDNA_INVALID_OPERAND, 34, "atomic"},
   {"image_atomic_add v1, v2, s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_1D d16",
    GFX1030, RDNA_INVALID_OPERAND, 63, "d16"},
   {"image_atomic_cmpswap v[1:2], v2, s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_1D",
    GFX1030, RDNA_INVALID_OPERAND, 1, "data size"},
   {"image_gather4 v[1:4], v[5:6], s[8:15], s[16:19] dmask:0x3 dim:SQ_RSRC_IMG_2D",
    GFX1030, RDNA_INVALID_OPERAND, 49, "gather"},
   {"image_msaa_load v1, v[5:6], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D",
    GFX1030, RDNA_INVALID_OPERAND, 47, "MSAA"},
   {"image_load v1, v2, s[8:15] dim:SQ_RSRC_IMG_1D dmask:0x1",
    GFX1030, RDNA_SYNTAX, 47, "order"},
   {"image_load v1, v2, s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_1D r128 unorm",
    GFX1030, RDNA_SYNTAX, 62, "order"},
   {"image_load v1, v2, s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_1D glc glc",
    GFX1030, RDNA_SYNTAX, 61, "duplicate"},
   {"image_load v1, v2, s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_1D offset:4",
    GFX1030, RDNA_INVALID_OPERAND, 57, "offset"},
   {"image_bvh_intersect_ray v[4:7], v[9:19], s[4:7]",
    GFX1030, RDNA_INVALID_OPERAND, 33, "address"},
   {"image_bvh_intersect_ray v[4:7], v[9:24], s[4:7] glc",
    GFX1030, RDNA_INVALID_OPERAND, 49, "glc"},
   {"image_bvh_intersect_ray v[4:7], v[9:24], s[4:11]",
    GFX1030, RDNA_INVALID_OPERAND, 42, "srsrc"},
   {"image_bvh_intersect_ray v[4:6], v[9:24], s[4:7]",
    GFX1030, RDNA_INVALID_OPERAND, 25, "4 VGPRs"},
   {"image_sample v1, v2, s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_1D",
    GFX1030, RDNA_SYNTAX, 1, "operands"},
};
/* clang-format on */

GOLDEN_VECTOR_TESTS(mimg)

/* ---- the table ------------------------------------------------------------------------------ */

static int in_class(unsigned f)
{
   return ROW_IN_CLASS(f);
}

/* Rows per target, as llvm-mc-14's disassembler lists them (every opcode value probed). */
Test(mimg, rows_per_target)
{
   row_count_check(in_class, ROWS_GFX1013, ROWS_GFX1030);
}

/* ---- random encodings --------------------------------------------------------------------- */

Test(mimg, random_encodings_decode_safely_and_reencode_stably)
{
   random_encodings_check(random_first_word, RANDOM_SAMPLES);
}

/* ---- operand widths ------------------------------------------------------------------------- */

/* vdata follows dmask, d16 and tfe; an NSA address list gives one operand per address; srsrc is
 * 8 SGPRs (4 for BVH), ssamp 4 (llvm-mc -arch=amdgcn -mcpu=gfx1030 --disassemble). */
Test(mimg, operand_widths)
{
   struct rdna_isa_config config = isa_config(GFX1030, 32);
   struct rdna_inst inst;
   char text[256];
   /* image_load v[1:2], v[2:3], s[8:15] dmask:0x7 dim:SQ_RSRC_IMG_1D_ARRAY d16 */
   uint32_t d16[2] = { 0xf0000720u, 0x80020102u };
   decode_text(&config, d16, 8, &inst, text, sizeof(text));
   cr_assert_eq(inst.operands[0].width, 2, "%s", text);
   cr_assert_eq(inst.operands[1].width, 2, "%s", text);
   cr_assert_eq(inst.operands[2].width, 8, "%s", text);
   /* image_sample_lz_o v1, [v2, v3, v4, v5], s[8:15], s[16:19] dmask:0x2 dim:2D_ARRAY */
   uint32_t nsa[3] = { 0xf0dc022au, 0x00820102u, 0x00050403u };
   decode_text(&config, nsa, 12, &inst, text, sizeof(text));
   cr_assert_eq(inst.num_operands, 7, "%s", text);
   cr_assert(inst.mod.flags & RDNA_FLAG_NSA);
   for (unsigned i = 1; i <= 4; i++) {
      cr_assert_eq(inst.operands[i].role, RDNA_ROLE_vaddr, "%s", text);
      cr_assert_eq(inst.operands[i].reg, RDNA_REG_VGPR0 + 1 + i, "%s", text);
      cr_assert_eq(inst.operands[i].width, 1, "%s", text);
   }
   cr_assert_eq(inst.operands[6].role, RDNA_ROLE_ssamp, "%s", text);
   cr_assert_eq(inst.operands[6].width, 4, "%s", text);
   /* image_bvh_intersect_ray v[4:7], v[9:24], s[4:7] */
   uint32_t bvh[2] = { 0xf1989f01u, 0x00010409u };
   decode_text(&config, bvh, 8, &inst, text, sizeof(text));
   cr_assert_eq(inst.operands[0].width, 4, "%s", text);
   cr_assert_eq(inst.operands[1].width, 16, "%s", text);
   cr_assert_eq(inst.operands[2].width, 4, "%s", text);
}

/* The vaddr width llvm-mc prints for every row, dim (SQ_RSRC_IMG_1D .. 2D_MSAA_ARRAY) and a16
 * (0, then 1), in hex with 0 for 16, from
 *   llvm-mc -arch=amdgcn -mcpu=gfx1030 --disassemble
 * of the row with vaddr v100, vdata v2, s[4:11], s[4:7] and dmask 0xf (atomics 0x1, cmpswap
 * 0x3). Where llvm-mc lacks the instruction of the wanted size it prints its first variant. */
struct address_widths {
   char name[32];
   char widths[17];
};

static struct address_widths address_widths[] = {
   { "image_load", "1233233411221222" },
   { "image_load_mip", "2344344112222223" },
   { "image_load_pck", "1233233411221222" },
   { "image_load_pck_sgn", "1233233411221222" },
   { "image_load_mip_pck", "2344344112222223" },
   { "image_load_mip_pck_sgn", "2344344112222223" },
   { "image_store", "1233233411221222" },
   { "image_store_mip", "2344344112222223" },
   { "image_store_pck", "1233233411221222" },
   { "image_store_mip_pck", "2344344112222223" },
   { "image_get_resinfo", "1111111111111111" },
   { "image_atomic_swap", "1233233411221222" },
   { "image_atomic_cmpswap", "1233233411221222" },
   { "image_atomic_add", "1233233411221222" },
   { "image_atomic_sub", "1233233411221222" },
   { "image_atomic_smin", "1233233411221222" },
   { "image_atomic_umin", "1233233411221222" },
   { "image_atomic_smax", "1233233411221222" },
   { "image_atomic_umax", "1233233411221222" },
   { "image_atomic_and", "1233233411221222" },
   { "image_atomic_or", "1233233411221222" },
   { "image_atomic_xor", "1233233411221222" },
   { "image_atomic_inc", "1233233411221222" },
   { "image_atomic_dec", "1233233411221222" },
   { "image_atomic_fcmpswap", "1233233411221222" },
   { "image_atomic_fmin", "1233233411221222" },
   { "image_atomic_fmax", "1233233411221222" },
   { "image_sample", "1233233411221222" },
   { "image_sample_cl", "2344344112222223" },
   { "image_sample_d", "3607477835863666" },
   { "image_sample_d_cl", "4708588036864667" },
   { "image_sample_l", "2344344112222223" },
   { "image_sample_b", "2344344222332333" },
   { "image_sample_b_cl", "3455455223333334" },
   { "image_sample_lz", "1233233411221222" },
   { "image_sample_c", "2344344222332333" },
   { "image_sample_c_cl", "3455455223333334" },
   { "image_sample_c_d", "4708588046074777" },
   { "image_sample_c_d_cl", "5800600047075778" },
   { "image_sample_c_l", "3455455223333334" },
   { "image_sample_c_b", "3455455333443444" },
   { "image_sample_c_b_cl", "4566566334444445" },
   { "image_sample_c_lz", "2344344222332333" },
   { "image_sample_o", "2344344222332333" },
   { "image_sample_cl_o", "3455455223333334" },
   { "image_sample_d_o", "4708588046074777" },
   { "image_sample_d_cl_o", "5800600047075778" },
   { "image_sample_l_o", "3455455223333334" },
   { "image_sample_b_o", "3455455333443444" },
   { "image_sample_b_cl_o", "4566566334444445" },
   { "image_sample_lz_o", "2344344222332333" },
   { "image_sample_c_o", "3455455333443444" },
   { "image_sample_c_cl_o", "4566566334444445" },
   { "image_sample_c_d_o", "5800600057085888" },
   { "image_sample_c_d_cl_o", "6000700058086880" },
   { "image_sample_c_l_o", "4566566334444445" },
   { "image_sample_c_b_o", "4566566444554555" },
   { "image_sample_c_b_cl_o", "5677677845555556" },
   { "image_sample_c_lz_o", "3455455333443444" },
   { "image_gather4", "1233233411221222" },
   { "image_gather4_cl", "2344344112222223" },
   { "image_gather4_l", "2344344112222223" },
   { "image_gather4_b", "2344344222332333" },
   { "image_gather4_b_cl", "3455455223333334" },
   { "image_gather4_lz", "1233233411221222" },
   { "image_gather4_c", "2344344222332333" },
   { "image_gather4_c_cl", "3455455223333334" },
   { "image_gather4_c_l", "3455455223333334" },
   { "image_gather4_c_b", "3455455333443444" },
   { "image_gather4_c_b_cl", "4566566334444445" },
   { "image_gather4_c_lz", "2344344222332333" },
   { "image_gather4_o", "2344344222332333" },
   { "image_gather4_cl_o", "3455455223333334" },
   { "image_gather4_l_o", "3455455223333334" },
   { "image_gather4_b_o", "3455455333443444" },
   { "image_gather4_b_cl_o", "4566566334444445" },
   { "image_gather4_lz_o", "2344344222332333" },
   { "image_gather4_c_o", "3455455333443444" },
   { "image_gather4_c_cl_o", "4566566334444445" },
   { "image_gather4_c_l_o", "4566566334444445" },
   { "image_gather4_c_b_o", "4566566444554555" },
   { "image_gather4_c_b_cl_o", "5677677845555556" },
   { "image_gather4_c_lz_o", "3455455333443444" },
   { "image_get_lod", "1233233411221222" },
   { "image_sample_cd", "3607477835863666" },
   { "image_sample_cd_cl", "4708588036864667" },
   { "image_sample_c_cd", "4708588046074777" },
   { "image_sample_c_cd_cl", "5800600047075778" },
   { "image_sample_cd_o", "4708588046074777" },
   { "image_sample_cd_cl_o", "5800600047075778" },
   { "image_sample_c_cd_o", "5800600057085888" },
   { "image_sample_c_cd_cl_o", "6000700058086880" },
   { "image_msaa_load", "1233233411221222" },
   { "image_sample_d_g16", "3475455633643444" },
   { "image_sample_d_cl_g16", "4586566734644445" },
   { "image_sample_c_d_g16", "4586566744754555" },
   { "image_sample_c_d_cl_g16", "5607677845755556" },
   { "image_sample_d_o_g16", "4586566744754555" },
   { "image_sample_d_cl_o_g16", "5607677845755556" },
   { "image_sample_c_d_o_g16", "5607677855865666" },
   { "image_sample_c_d_cl_o_g16", "6708788056866667" },
   { "image_sample_cd_g16", "3475455633643444" },
   { "image_sample_cd_cl_g16", "4586566734644445" },
   { "image_sample_c_cd_g16", "4586566744754555" },
   { "image_sample_c_cd_cl_g16", "5607677845755556" },
   { "image_sample_cd_o_g16", "4586566744754555" },
   { "image_sample_cd_cl_o_g16", "5607677845755556" },
   { "image_sample_c_cd_o_g16", "5607677855865666" },
   { "image_sample_c_cd_cl_o_g16", "6708788056866667" },
};

ParameterizedTestParameters(mimg, address_widths_match_llvm)
{
   return cr_make_param_array(struct address_widths, address_widths,
                              sizeof(address_widths) / sizeof(address_widths[0]));
}

ParameterizedTest(struct address_widths *w, mimg, address_widths_match_llvm)
{
   int op = op_lookup_name(w->name, strlen(w->name));
   cr_assert_geq(op, 0, "%s is no row", w->name);
   const struct op_info *info = op_info((unsigned)op);
   uint32_t opcode = (uint32_t)op_opcode((unsigned)op, GFX1030);
   bool atomic = (info->flags & VMEM_ATOMIC) != 0;
   uint32_t dmask = atomic ? (strstr(w->name, "cmpswap") ? 3u : 1u) : 15u;
   uint32_t ssamp = info->num_slots == 4 ? 1u : 0u;
   struct rdna_isa_config config = isa_config(GFX1030, 32);
   for (unsigned i = 0; i < 16; i++) {
      uint32_t dim = i % 8, a16 = i / 8;
      uint32_t words[2] = { 0xf0000000u | (opcode & 0x7f) << 18 | opcode >> 7 | dim << 3 |
                               dmask << 8,
                            100u | 2u << 8 | 1u << 16 | ssamp << 21 | a16 << 30 };
      struct rdna_inst inst;
      char text[256];
      decode_text(&config, words, 8, &inst, text, sizeof(text));
      char c = w->widths[i];
      unsigned want = c == '0' ? 16u : (unsigned)(c <= '9' ? c - '0' : c - 'a' + 10);
      cr_assert_eq(inst.operands[1].width, want, "%s dim %u a16 %u: %s", w->name, dim, a16, text);
   }
}
