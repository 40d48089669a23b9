/* The vector ALU encodings (VOP1, VOP2, VOPC, VOP3, DPP16, DPP8, SDWA) against llvm-mc-14:
 * golden vectors in both directions, disassembly that is not a round trip, encodings llvm-mc
 * rejects, and assembler errors. Every expected text and byte string comes from llvm-mc; the
 * exact command is above each table. The randomized differential check of all rows is the
 * sweep test (test_sweep.c). */
#include <criterion/criterion.h>
#include <string.h>

#include "golden.h"
#include "isa_internal.h"

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

/* gfx1030 wave32: every encoding and modifier kind.
 * Bytes: echo TEXT | llvm-mc -arch=amdgcn -mcpu=gfx1030 -show-encoding
 * Text:  the same bytes through llvm-mc -arch=amdgcn -mcpu=gfx1030 --disassemble */
static const struct golden vop_gfx1030_w32[] = {
   { "v_nop", 4, { 0x00, 0x00, 0x00, 0x7e } },
   { "v_mov_b32_e32 v1, v2", 4, { 0x02, 0x03, 0x02, 0x7e } },
   { "v_mov_b32_e32 v255, s105", 4, { 0x69, 0x02, 0xfe, 0x7f } },
   { "v_mov_b32_e32 v1, vcc_hi", 4, { 0x6b, 0x02, 0x02, 0x7e } },
   { "v_mov_b32_e32 v1, -16", 4, { 0xd0, 0x02, 0x02, 0x7e } },
   { "v_mov_b32_e32 v1, 0.15915494", 4, { 0xf8, 0x02, 0x02, 0x7e } },
   { "v_mov_b32_e32 v1, 0x12345678", 8, { 0xff, 0x02, 0x02, 0x7e, 0x78, 0x56, 0x34, 0x12 } },
   { "v_mov_b32_e32 v1, src_lds_direct", 4, { 0xfe, 0x02, 0x02, 0x7e } },
   { "v_readfirstlane_b32 s1, v2", 4, { 0x02, 0x05, 0x02, 0x7e } },
   { "v_readfirstlane_b32 m0, v255", 4, { 0xff, 0x05, 0xf8, 0x7e } },
   { "v_cvt_f32_i32_e32 v1, s3", 4, { 0x03, 0x0a, 0x02, 0x7e } },
   { "v_cvt_i32_f64_e32 v1, v[2:3]", 4, { 0x02, 0x07, 0x02, 0x7e } },
   { "v_cvt_f64_f32_e32 v[4:5], -4.0", 4, { 0xf7, 0x20, 0x08, 0x7e } },
   { "v_rcp_f64_e32 v[2:3], 0.15915494309189532", 4, { 0xf8, 0x5e, 0x04, 0x7e } },
   { "v_rcp_f64_e32 v[2:3], 0x3ff80000", 8, { 0xff, 0x5e, 0x04, 0x7e, 0x00, 0x00, 0xf8, 0x3f } },
   { "v_cvt_f16_f32_e32 v1, 0x3dcccccd", 8, { 0xff, 0x14, 0x02, 0x7e, 0xcd, 0xcc, 0xcc, 0x3d } },
   { "v_rcp_f16_e32 v1, 0.5", 4, { 0xf0, 0xa8, 0x02, 0x7e } },
   { "v_sqrt_f16_e32 v1, 0x2e66", 8, { 0xff, 0xaa, 0x02, 0x7e, 0x66, 0x2e, 0x00, 0x00 } },
   { "v_cvt_f16_u16_e32 v1, 0x3c00", 8, { 0xff, 0xa0, 0x02, 0x7e, 0x00, 0x3c, 0x00, 0x00 } },
   { "v_cvt_f16_u16_e32 v1, -1", 4, { 0xc1, 0xa0, 0x02, 0x7e } },
   { "v_swap_b32 v1, v2", 4, { 0x02, 0xcb, 0x02, 0x7e } },
   { "v_swaprel_b32 v3, v4", 4, { 0x04, 0xd1, 0x06, 0x7e } },
   { "v_movrels_b32_e32 v1, v2", 4, { 0x02, 0x87, 0x02, 0x7e } },
   { "v_movreld_b32_e32 v1, s2", 4, { 0x02, 0x84, 0x02, 0x7e } },
   { "v_movrelsd_2_b32_e32 v5, v6", 4, { 0x06, 0x91, 0x0a, 0x7e } },
   { "v_sat_pk_u8_i16_e32 v1, 1.0", 4, { 0xf2, 0xc4, 0x02, 0x7e } },
   { "v_frexp_exp_i16_f16_e32 v1, v2", 4, { 0x02, 0xb5, 0x02, 0x7e } },
   { "v_pipeflush", 4, { 0x00, 0x36, 0x00, 0x7e } },
   { "v_clrexcp", 4, { 0x00, 0x82, 0x00, 0x7e } },
   { "v_nop dpp8:[1,0,0,0,0,0,0,0] fi:1", 8, { 0xea, 0x00, 0x00, 0x7e, 0x00, 0x01, 0x00, 0x00 } },
   { "v_add_f32_e32 v1, v2, v3", 4, { 0x02, 0x07, 0x02, 0x06 } },
   { "v_add_f32_e32 v1, s2, v3", 4, { 0x02, 0x06, 0x02, 0x06 } },
   { "v_add_f32_e32 v1, 1.0, v3", 4, { 0xf2, 0x06, 0x02, 0x06 } },
   { "v_add_f32_e32 v1, -1.0, v3", 4, { 0xf3, 0x06, 0x02, 0x06 } },
   { "v_sub_f32_e32 v1, 0x40400000, v3", 8, { 0xff, 0x06, 0x02, 0x08, 0x00, 0x00, 0x40, 0x40 } },
   { "v_cndmask_b32_e32 v1, v2, v3, vcc_lo", 4, { 0x02, 0x07, 0x02, 0x02 } },
   { "v_cndmask_b32_e32 v1, 0, v3, vcc_lo", 4, { 0x80, 0x06, 0x02, 0x02 } },
   { "v_add_co_ci_u32_e32 v1, vcc_lo, v2, v3, vcc_lo", 4, { 0x02, 0x07, 0x02, 0x50 } },
   { "v_subrev_co_ci_u32_e32 v1, vcc_lo, s2, v3, vcc_lo", 4, { 0x02, 0x06, 0x02, 0x54 } },
   { "v_add_nc_u32_e32 v1, 64, v3", 4, { 0xc0, 0x06, 0x02, 0x4a } },
   { "v_lshlrev_b32_e32 v1, 4, v2", 4, { 0x84, 0x04, 0x02, 0x34 } },
   { "v_fmac_f32_e32 v1, v2, v3", 4, { 0x02, 0x07, 0x02, 0x56 } },
   { "v_fmac_legacy_f32_e32 v1, v2, v3", 4, { 0x02, 0x07, 0x02, 0x0c } },
   { "v_fmamk_f32 v1, v2, 0x42280000, v3", 8, { 0x02, 0x07, 0x02, 0x58, 0x00, 0x00, 0x28, 0x42 } },
   { "v_fmaak_f32 v1, v2, v3, 0x3f800000", 8, { 0x02, 0x07, 0x02, 0x5a, 0x00, 0x00, 0x80, 0x3f } },
   { "v_fmamk_f16 v1, v2, 0x3c00, v3", 8, { 0x02, 0x07, 0x02, 0x6e, 0x00, 0x3c, 0x00, 0x00 } },
   { "v_fmaak_f16 v1, 0.5, v3, 0x4000", 8, { 0xf0, 0x06, 0x02, 0x70, 0x00, 0x40, 0x00, 0x00 } },
   { "v_fmamk_f32 v1, 0x1234, 0x1234, v3", 8, { 0xff, 0x06, 0x02, 0x58, 0x34, 0x12, 0x00, 0x00 } },
   { "v_pk_fmac_f16 v1, v2, v3", 4, { 0x02, 0x07, 0x02, 0x78 } },
   { "v_pk_fmac_f16 v1, 1.0, v3", 4, { 0xf2, 0x06, 0x02, 0x78 } },
   { "v_dot2c_f32_f16_e32 v1, v2, v3", 4, { 0x02, 0x07, 0x02, 0x04 } },
   { "v_dot4c_i32_i8_e32 v1, v2, v3", 4, { 0x02, 0x07, 0x02, 0x1a } },
   { "v_add_f16_e32 v1, -2.0, v3", 4, { 0xf5, 0x06, 0x02, 0x64 } },
   { "v_add_f16_e32 v1, 0x1234, v3", 8, { 0xff, 0x06, 0x02, 0x64, 0x34, 0x12, 0x00, 0x00 } },
   { "v_ldexp_f16_e32 v1, v2, v3", 4, { 0x02, 0x07, 0x02, 0x76 } },
   { "v_cvt_pkrtz_f16_f32_e32 v1, v2, v3", 4, { 0x02, 0x07, 0x02, 0x5e } },
   { "v_mul_i32_i24_e32 v1, -1, v2", 4, { 0xc1, 0x04, 0x02, 0x12 } },
   { "v_xnor_b32_e32 v1, exec_lo, v2", 4, { 0x7e, 0x04, 0x02, 0x3c } },
   { "v_cmp_lt_f32_e32 vcc_lo, v1, v2", 4, { 0x01, 0x05, 0x02, 0x7c } },
   { "v_cmp_eq_u32_e32 vcc_lo, s1, v2", 4, { 0x01, 0x04, 0x84, 0x7d } },
   { "v_cmp_class_f32_e32 vcc_lo, v1, v2", 4, { 0x01, 0x05, 0x10, 0x7d } },
   { "v_cmpx_eq_u32_e32 v1, v2", 4, { 0x01, 0x05, 0xa4, 0x7d } },
   { "v_cmpx_class_f64_e32 v[1:2], v3", 4, { 0x01, 0x07, 0x70, 0x7d } },
   { "v_cmp_ge_i64_e32 vcc_lo, v[2:3], v[4:5]", 4, { 0x02, 0x09, 0x4c, 0x7d } },
   { "v_cmp_lt_u16_e32 vcc_lo, 0x1234, v2", 8, { 0xff, 0x04, 0x52, 0x7d, 0x34, 0x12, 0x00, 0x00 } },
   { "v_cmp_neq_f16_e32 vcc_lo, 1.0, v2", 4, { 0xf2, 0x04, 0xda, 0x7d } },
   { "v_cmp_tru_f64_e32 vcc_lo, 0.5, v[2:3]", 4, { 0xf0, 0x04, 0x5e, 0x7c } },
   { "v_mov_b32_e64 v1, v2", 8, { 0x01, 0x00, 0x81, 0xd5, 0x02, 0x01, 0x00, 0x00 } },
   { "v_add_f32_e64 v1, -v2, |v3|", 8, { 0x01, 0x02, 0x03, 0xd5, 0x02, 0x07, 0x02, 0x20 } },
   { "v_add_f32_e64 v1, v2, v3 clamp mul:2",
     8,
     { 0x01, 0x80, 0x03, 0xd5, 0x02, 0x07, 0x02, 0x08 } },
   { "v_mul_f32_e64 v1, -|s2|, 0.5 div:2", 8, { 0x01, 0x01, 0x08, 0xd5, 0x02, 0xe0, 0x01, 0x38 } },
   { "v_add_f32_e64 v1, s2, s3", 8, { 0x01, 0x00, 0x03, 0xd5, 0x02, 0x06, 0x00, 0x00 } },
   { "v_add_f32_e64 v1, 0x12345678, v2",
     12,
     { 0x01, 0x00, 0x03, 0xd5, 0xff, 0x04, 0x02, 0x00, 0x78, 0x56, 0x34, 0x12 } },
   { "v_add_f16_e64 v1, neg(1.0), v2", 8, { 0x01, 0x00, 0x32, 0xd5, 0xf2, 0x04, 0x02, 0x20 } },
   { "v_cvt_f32_u32_e64 v1, v2 clamp mul:4",
     8,
     { 0x01, 0x80, 0x86, 0xd5, 0x02, 0x01, 0x00, 0x10 } },
   { "v_cvt_i32_f32_e64 v1, -v2 mul:2", 8, { 0x01, 0x00, 0x88, 0xd5, 0x02, 0x01, 0x00, 0x28 } },
   { "v_cndmask_b32_e64 v1, v2, v3, s4", 8, { 0x01, 0x00, 0x01, 0xd5, 0x02, 0x07, 0x12, 0x00 } },
   { "v_cndmask_b32_e64 v1, -v2, |v3|, vcc_lo",
     8,
     { 0x01, 0x02, 0x01, 0xd5, 0x02, 0x07, 0xaa, 0x21 } },
   { "v_add_co_ci_u32_e64 v1, s1, v2, v3, s5",
     8,
     { 0x01, 0x01, 0x28, 0xd5, 0x02, 0x07, 0x16, 0x00 } },
   { "v_add_co_ci_u32_e64 v1, null, v2, v3, s5 clamp",
     8,
     { 0x01, 0xfd, 0x28, 0xd5, 0x02, 0x07, 0x16, 0x00 } },
   { "v_add_nc_u32_e64 v1, v2, v3 clamp", 8, { 0x01, 0x80, 0x25, 0xd5, 0x02, 0x07, 0x02, 0x00 } },
   { "v_fmac_f32_e64 v1, v2, v3", 8, { 0x01, 0x00, 0x2b, 0xd5, 0x02, 0x07, 0x02, 0x00 } },
   { "v_ldexp_f16_e64 v1, -v2, 0x1234",
     12,
     { 0x01, 0x00, 0x3b, 0xd5, 0x02, 0xff, 0x01, 0x20, 0x34, 0x12, 0x00, 0x00 } },
   { "v_cmp_lt_f32_e64 s1, v1, v2", 8, { 0x01, 0x00, 0x01, 0xd4, 0x01, 0x05, 0x02, 0x00 } },
   { "v_cmp_lt_f32_e64 vcc_lo, v2, s1", 8, { 0x6a, 0x00, 0x01, 0xd4, 0x02, 0x03, 0x00, 0x00 } },
   { "v_cmp_lt_f32_e64 s1, -v1, |v2| clamp",
     8,
     { 0x01, 0x82, 0x01, 0xd4, 0x01, 0x05, 0x02, 0x20 } },
   { "v_cmpx_lt_f32_e64 v2, v4", 8, { 0x00, 0x00, 0x11, 0xd4, 0x02, 0x09, 0x02, 0x00 } },
   { "v_cmp_class_f32_e64 s1, -v1, 3", 8, { 0x01, 0x00, 0x88, 0xd4, 0x01, 0x07, 0x01, 0x20 } },
   { "v_cmp_lt_u64_e64 s2, v[2:3], 64", 8, { 0x02, 0x00, 0xe1, 0xd4, 0x02, 0x81, 0x01, 0x00 } },
   { "v_movrels_b32_e64 v1, v2", 8, { 0x01, 0x00, 0xc3, 0xd5, 0x02, 0x01, 0x00, 0x00 } },
   { "v_cvt_f64_u32_e64 v[1:2], v2 clamp", 8, { 0x01, 0x80, 0x96, 0xd5, 0x02, 0x01, 0x00, 0x00 } },
   { "v_fma_f32 v1, v2, v3, v4", 8, { 0x01, 0x00, 0x4b, 0xd5, 0x02, 0x07, 0x12, 0x04 } },
   { "v_fma_f32 v1, -v2, |s3|, 0.5 clamp mul:4",
     8,
     { 0x01, 0x82, 0x4b, 0xd5, 0x02, 0x07, 0xc0, 0x33 } },
   { "v_fma_f64 v[1:2], v[2:3], v[4:5], v[6:7]",
     8,
     { 0x01, 0x00, 0x4c, 0xd5, 0x02, 0x09, 0x1a, 0x04 } },
   { "v_fma_legacy_f32 v1, v2, v3, v4", 8, { 0x01, 0x00, 0x40, 0xd5, 0x02, 0x07, 0x12, 0x04 } },
   { "v_add3_u32 v1, s1, s1, s2", 8, { 0x01, 0x00, 0x6d, 0xd7, 0x01, 0x02, 0x08, 0x00 } },
   { "v_add3_u32 v1, 0x1234, 0x1234, s2",
     12,
     { 0x01, 0x00, 0x6d, 0xd7, 0xff, 0xfe, 0x09, 0x00, 0x34, 0x12, 0x00, 0x00 } },
   { "v_perm_b32 v1, v2, v3, 0x5040100",
     12,
     { 0x01, 0x00, 0x44, 0xd7, 0x02, 0x07, 0xfe, 0x03, 0x00, 0x01, 0x04, 0x05 } },
   { "v_bfe_u32 v1, v2, 8, 8", 8, { 0x01, 0x00, 0x48, 0xd5, 0x02, 0x11, 0x21, 0x02 } },
   { "v_alignbit_b32 v1, v2, v3, 1", 8, { 0x01, 0x00, 0x4e, 0xd5, 0x02, 0x07, 0x06, 0x02 } },
   { "v_lshlrev_b64 v[1:2], 3, v[2:3]", 8, { 0x01, 0x00, 0xff, 0xd6, 0x83, 0x04, 0x02, 0x00 } },
   { "v_lshlrev_b64 v[1:2], s1, v[2:3]", 8, { 0x01, 0x00, 0xff, 0xd6, 0x01, 0x04, 0x02, 0x00 } },
   { "v_ashrrev_i64 v[1:2], v0, 0x12345678",
     12,
     { 0x01, 0x00, 0x01, 0xd7, 0x00, 0xff, 0x01, 0x00, 0x78, 0x56, 0x34, 0x12 } },
   { "v_add_f64 v[1:2], 0x12345678, v[2:3]",
     12,
     { 0x01, 0x00, 0x64, 0xd5, 0xff, 0x04, 0x02, 0x00, 0x78, 0x56, 0x34, 0x12 } },
   { "v_ldexp_f64 v[1:2], -v[2:3], v4", 8, { 0x01, 0x00, 0x68, 0xd5, 0x02, 0x09, 0x02, 0x20 } },
   { "v_ldexp_f32 v1, v2, sext(v3)", 8, { 0x01, 0x00, 0x62, 0xd7, 0x02, 0x07, 0x02, 0x40 } },
   { "v_mul_lo_u32 v1, v2, v3", 8, { 0x01, 0x00, 0x69, 0xd5, 0x02, 0x07, 0x02, 0x00 } },
   { "v_mul_hi_i32 v1, s2, v3", 8, { 0x01, 0x00, 0x6c, 0xd5, 0x02, 0x06, 0x02, 0x00 } },
   { "v_mad_u64_u32 v[1:2], s1, v2, v3, v[4:5]",
     8,
     { 0x01, 0x01, 0x76, 0xd5, 0x02, 0x07, 0x12, 0x04 } },
   { "v_mad_i64_i32 v[1:2], null, v2, v3, v[4:5] clamp",
     8,
     { 0x01, 0xfd, 0x77, 0xd5, 0x02, 0x07, 0x12, 0x04 } },
   { "v_add_co_u32 v1, vcc_lo, v2, v3", 8, { 0x01, 0x6a, 0x0f, 0xd7, 0x02, 0x07, 0x02, 0x00 } },
   { "v_sub_co_u32 v1, s5, v2, 1", 8, { 0x01, 0x05, 0x10, 0xd7, 0x02, 0x03, 0x01, 0x00 } },
   { "v_subrev_co_u32 v1, s5, v2, v3 clamp",
     8,
     { 0x01, 0x85, 0x19, 0xd7, 0x02, 0x07, 0x02, 0x00 } },
   { "v_div_scale_f32 v1, vcc_lo, v2, v3, v4",
     8,
     { 0x01, 0x6a, 0x6d, 0xd5, 0x02, 0x07, 0x12, 0x04 } },
   { "v_div_scale_f64 v[1:2], s3, -v[2:3], v[4:5], v[6:7]",
     8,
     { 0x01, 0x03, 0x6e, 0xd5, 0x02, 0x09, 0x1a, 0x24 } },
   { "v_div_fmas_f32 v1, v2, v3, v4", 8, { 0x01, 0x00, 0x6f, 0xd5, 0x02, 0x07, 0x12, 0x04 } },
   { "v_div_fixup_f16 v1, v2, v3, v4 op_sel:[1,0,1,0]",
     8,
     { 0x01, 0x28, 0x5f, 0xd7, 0x02, 0x07, 0x12, 0x04 } },
   { "v_fma_f16 v1, v2, v3, v4 op_sel:[0,0,0,1]",
     8,
     { 0x01, 0x40, 0x4b, 0xd7, 0x02, 0x07, 0x12, 0x04 } },
   { "v_add_nc_i16 v1, v2, v3 op_sel:[1,1,1]",
     8,
     { 0x01, 0x58, 0x0d, 0xd7, 0x02, 0x07, 0x02, 0x00 } },
   { "v_pack_b32_f16 v1, v2, v3 op_sel:[0,1,0]",
     8,
     { 0x01, 0x10, 0x11, 0xd7, 0x02, 0x07, 0x02, 0x00 } },
   { "v_mad_u32_u16 v1, v2, v3, v4 op_sel:[1,0,0,0] clamp",
     8,
     { 0x01, 0x88, 0x73, 0xd7, 0x02, 0x07, 0x12, 0x04 } },
   { "v_add_nc_u16 v1, v2, 0x3c00",
     12,
     { 0x01, 0x00, 0x03, 0xd7, 0x02, 0xff, 0x01, 0x00, 0x00, 0x3c, 0x00, 0x00 } },
   { "v_add_nc_u16 v1, v2, -1", 8, { 0x01, 0x00, 0x03, 0xd7, 0x02, 0x83, 0x01, 0x00 } },
   { "v_max3_f16 v1, 1.0, v2, -v3", 8, { 0x01, 0x00, 0x54, 0xd7, 0xf2, 0x04, 0x0e, 0x84 } },
   { "v_med3_i16 v1, v2, v3, v4 clamp", 8, { 0x01, 0x80, 0x58, 0xd7, 0x02, 0x07, 0x12, 0x04 } },
   { "v_cvt_pk_u8_f32 v1, -v2, v3, v4", 8, { 0x01, 0x00, 0x5e, 0xd5, 0x02, 0x07, 0x12, 0x24 } },
   { "v_cvt_pknorm_i16_f32 v1, v2, v3", 8, { 0x01, 0x00, 0x68, 0xd7, 0x02, 0x07, 0x02, 0x00 } },
   { "v_mbcnt_lo_u32_b32 v1, -1, 0", 8, { 0x01, 0x00, 0x65, 0xd7, 0xc1, 0x00, 0x01, 0x00 } },
   { "v_bcnt_u32_b32 v1, v2, 0", 8, { 0x01, 0x00, 0x64, 0xd7, 0x02, 0x01, 0x01, 0x00 } },
   { "v_qsad_pk_u16_u8 v[1:2], v[3:4], v5, v[6:7]",
     8,
     { 0x01, 0x00, 0x72, 0xd5, 0x03, 0x0b, 0x1a, 0x04 } },
   { "v_mqsad_u32_u8 v[0:3], v[4:5], v6, v[8:11]",
     8,
     { 0x00, 0x00, 0x75, 0xd5, 0x04, 0x0d, 0x22, 0x04 } },
   { "v_readlane_b32 s1, v2, s3", 8, { 0x01, 0x00, 0x60, 0xd7, 0x02, 0x07, 0x00, 0x00 } },
   { "v_readlane_b32 s1, v2, 5", 8, { 0x01, 0x00, 0x60, 0xd7, 0x02, 0x0b, 0x01, 0x00 } },
   { "v_readlane_b32 s1, src_lds_direct, m0",
     8,
     { 0x01, 0x00, 0x60, 0xd7, 0xfe, 0xf8, 0x00, 0x00 } },
   { "v_writelane_b32 v1, s2, s3", 8, { 0x01, 0x00, 0x61, 0xd7, 0x02, 0x06, 0x00, 0x00 } },
   { "v_writelane_b32 v1, 0x1234, 7",
     12,
     { 0x01, 0x00, 0x61, 0xd7, 0xff, 0x0e, 0x01, 0x00, 0x34, 0x12, 0x00, 0x00 } },
   { "v_permlane16_b32 v1, v2, s3, s4", 8, { 0x01, 0x00, 0x77, 0xd7, 0x02, 0x07, 0x10, 0x00 } },
   { "v_permlane16_b32 v1, v2, s3, s4 op_sel:[1,0]",
     8,
     { 0x01, 0x08, 0x77, 0xd7, 0x02, 0x07, 0x10, 0x00 } },
   { "v_permlanex16_b32 v1, v2, 1, s4 op_sel:[1,1]",
     8,
     { 0x01, 0x18, 0x78, 0xd7, 0x02, 0x03, 0x11, 0x00 } },
   { "v_interp_p1_f32_e64 v1, v2, attr0.x", 8, { 0x01, 0x00, 0x00, 0xd6, 0x00, 0x04, 0x02, 0x00 } },
   { "v_interp_p2_f32_e64 v1, s2, attr63.w clamp",
     8,
     { 0x01, 0x80, 0x01, 0xd6, 0xff, 0x04, 0x00, 0x00 } },
   { "v_interp_mov_f32_e64 v1, p20, attr3.y",
     8,
     { 0x01, 0x00, 0x02, 0xd6, 0x43, 0x02, 0x00, 0x00 } },
   { "v_interp_p1ll_f16 v1, v4, attr2.x high",
     8,
     { 0x01, 0x00, 0x42, 0xd7, 0x02, 0x09, 0x02, 0x00 } },
   { "v_interp_p1lv_f16 v1, -v4, attr2.z, |v6| high clamp mul:2",
     8,
     { 0x01, 0x84, 0x43, 0xd7, 0x82, 0x09, 0x1a, 0x4c } },
   { "v_interp_p2_f16 v1, v4, attr1.y, v6", 8, { 0x01, 0x00, 0x5a, 0xd7, 0x41, 0x08, 0x1a, 0x04 } },
   { "v_mullit_f32 v1, v2, v3, v4", 8, { 0x01, 0x00, 0x50, 0xd5, 0x02, 0x07, 0x12, 0x04 } },
   { "v_cubeid_f32 v1, v2, v3, v4", 8, { 0x01, 0x00, 0x44, 0xd5, 0x02, 0x07, 0x12, 0x04 } },
   { "v_xor3_b32 v1, v2, v3, v4", 8, { 0x01, 0x00, 0x78, 0xd5, 0x02, 0x07, 0x12, 0x04 } },
   { "v_sad_u8 v1, v2, v3, v4 clamp", 8, { 0x01, 0x80, 0x5a, 0xd5, 0x02, 0x07, 0x12, 0x04 } },
   { "v_mov_b32_dpp v1, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf",
     8,
     { 0xfa, 0x02, 0x02, 0x7e, 0x02, 0xe4, 0x00, 0xff } },
   { "v_mov_b32_dpp v1, v2 quad_perm:[3,2,1,0] row_mask:0x1 bank_mask:0x2 bound_ctrl:1 fi:1",
     8,
     { 0xfa, 0x02, 0x02, 0x7e, 0x02, 0x1b, 0x0c, 0x12 } },
   { "v_add_f32_dpp v1, -v2, |v3| row_shl:1 row_mask:0xf bank_mask:0xf",
     8,
     { 0xfa, 0x06, 0x02, 0x06, 0x02, 0x01, 0x91, 0xff } },
   { "v_add_f32_dpp v1, v2, v3 row_shr:15 row_mask:0xf bank_mask:0xf",
     8,
     { 0xfa, 0x06, 0x02, 0x06, 0x02, 0x1f, 0x01, 0xff } },
   { "v_add_f32_dpp v1, v2, v3 row_ror:7 row_mask:0xf bank_mask:0xf",
     8,
     { 0xfa, 0x06, 0x02, 0x06, 0x02, 0x27, 0x01, 0xff } },
   { "v_add_f32_dpp v1, v2, v3 row_mirror row_mask:0xf bank_mask:0xf",
     8,
     { 0xfa, 0x06, 0x02, 0x06, 0x02, 0x40, 0x01, 0xff } },
   { "v_add_f32_dpp v1, v2, v3 row_half_mirror row_mask:0xf bank_mask:0xf",
     8,
     { 0xfa, 0x06, 0x02, 0x06, 0x02, 0x41, 0x01, 0xff } },
   { "v_add_f32_dpp v1, v2, v3 row_share:3 row_mask:0xf bank_mask:0xf",
     8,
     { 0xfa, 0x06, 0x02, 0x06, 0x02, 0x53, 0x01, 0xff } },
   { "v_add_f32_dpp v1, v2, v3 row_xmask:15 row_mask:0xf bank_mask:0xf",
     8,
     { 0xfa, 0x06, 0x02, 0x06, 0x02, 0x6f, 0x01, 0xff } },
   { "v_cndmask_b32_dpp v1, v2, v3, vcc_lo quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf",
     8,
     { 0xfa, 0x06, 0x02, 0x02, 0x02, 0xb1, 0x00, 0xff } },
   { "v_add_co_ci_u32_dpp v1, vcc_lo, v2, v3, vcc_lo row_shl:2 row_mask:0xf bank_mask:0xf",
     8,
     { 0xfa, 0x06, 0x02, 0x50, 0x02, 0x02, 0x01, 0xff } },
   { "v_ldexp_f16_dpp v1, -v2, sext(v3) row_share:0 row_mask:0xf bank_mask:0xf",
     8,
     { 0xfa, 0x06, 0x02, 0x76, 0x02, 0x50, 0x51, 0xff } },
   { "v_cvt_f64_f32_dpp v[1:2], -|v2| quad_perm:[0,0,0,0] row_mask:0xf bank_mask:0xf",
     8,
     { 0xfa, 0x20, 0x02, 0x7e, 0x02, 0x00, 0x30, 0xff } },
   { "v_fmac_f32_dpp v1, v2, v3 row_mirror row_mask:0xf bank_mask:0xf",
     8,
     { 0xfa, 0x06, 0x02, 0x56, 0x02, 0x40, 0x01, 0xff } },
   { "v_dot2c_f32_f16_dpp v1, v2, v3 row_xmask:1 row_mask:0xf bank_mask:0xf",
     8,
     { 0xfa, 0x06, 0x02, 0x04, 0x02, 0x61, 0x01, 0xff } },
   { "v_mov_b32_dpp v1, v2 dpp8:[7,6,5,4,3,2,1,0]",
     8,
     { 0xe9, 0x02, 0x02, 0x7e, 0x02, 0x77, 0x39, 0x05 } },
   { "v_add_f32_dpp v1, v2, v3 dpp8:[0,1,2,3,4,5,6,7] fi:1",
     8,
     { 0xea, 0x06, 0x02, 0x06, 0x02, 0x88, 0xc6, 0xfa } },
   { "v_cvt_i32_f64_dpp v1, v[2:3] dpp8:[1,1,1,1,1,1,1,1]",
     8,
     { 0xe9, 0x06, 0x02, 0x7e, 0x02, 0x49, 0x92, 0x24 } },
   { "v_add_co_ci_u32_dpp v1, vcc_lo, v2, v3, vcc_lo dpp8:[0,0,0,0,0,0,0,0]",
     8,
     { 0xe9, 0x06, 0x02, 0x50, 0x02, 0x00, 0x00, 0x00 } },
   { "v_mov_b32_sdwa v1, v2 dst_sel:WORD_1 dst_unused:UNUSED_PAD src0_sel:BYTE_3",
     8,
     { 0xf9, 0x02, 0x02, 0x7e, 0x02, 0x05, 0x03, 0x00 } },
   { "v_mov_b32_sdwa v1, sext(s2) dst_sel:DWORD dst_unused:UNUSED_SEXT src0_sel:WORD_0",
     8,
     { 0xf9, 0x02, 0x02, 0x7e, 0x02, 0x0e, 0x8c, 0x00 } },
   { "v_add_f32_sdwa v1, -v2, |v3| clamp mul:2 dst_sel:BYTE_0 dst_unused:UNUSED_PRESERVE "
     "src0_sel:BYTE_1 src1_sel:WORD_1",
     8,
     { 0xf9, 0x06, 0x02, 0x06, 0x02, 0x70, 0x11, 0x25 } },
   { "v_add_f32_sdwa v1, 1.0, s3 dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:DWORD "
     "src1_sel:DWORD",
     8,
     { 0xf9, 0x06, 0x02, 0x06, 0xf2, 0x16, 0x86, 0x86 } },
   { "v_and_b32_sdwa v1, sext(v2), v3 dst_sel:WORD_0 dst_unused:UNUSED_PRESERVE src0_sel:BYTE_0 "
     "src1_sel:BYTE_2",
     8,
     { 0xf9, 0x06, 0x02, 0x36, 0x02, 0x14, 0x08, 0x02 } },
   { "v_cndmask_b32_sdwa v1, v2, sext(v3), vcc_lo dst_sel:DWORD dst_unused:UNUSED_PRESERVE "
     "src0_sel:DWORD src1_sel:DWORD",
     8,
     { 0xf9, 0x06, 0x02, 0x02, 0x02, 0x16, 0x06, 0x0e } },
   { "v_sub_co_ci_u32_sdwa v1, vcc_lo, v2, v3, vcc_lo clamp dst_sel:DWORD "
     "dst_unused:UNUSED_PRESERVE src0_sel:DWORD src1_sel:DWORD",
     8,
     { 0xf9, 0x06, 0x02, 0x52, 0x02, 0x36, 0x06, 0x06 } },
   { "v_cvt_f32_f16_sdwa v1, |v2| mul:4 dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:WORD_1",
     8,
     { 0xf9, 0x16, 0x02, 0x7e, 0x02, 0x96, 0x25, 0x00 } },
   { "v_cvt_u32_f32_sdwa v1, -v2 clamp dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:DWORD",
     8,
     { 0xf9, 0x0e, 0x02, 0x7e, 0x02, 0x36, 0x16, 0x00 } },
   { "v_cmp_lt_f32_sdwa vcc_lo, v2, v4 src0_sel:WORD_1 src1_sel:DWORD",
     8,
     { 0xf9, 0x08, 0x02, 0x7c, 0x02, 0x00, 0x05, 0x06 } },
   { "v_cmp_lt_f32_sdwa s6, -v2, |v4| src0_sel:BYTE_0 src1_sel:BYTE_1",
     8,
     { 0xf9, 0x08, 0x02, 0x7c, 0x02, 0x86, 0x10, 0x21 } },
   { "v_cmpx_eq_u16_sdwa sext(v2), v4 src0_sel:WORD_1 src1_sel:WORD_0",
     8,
     { 0xf9, 0x08, 0x74, 0x7d, 0x02, 0x00, 0x0d, 0x04 } },
   { "v_cmp_class_f16_sdwa null, v1, sext(v2) src0_sel:DWORD src1_sel:DWORD",
     8,
     { 0xf9, 0x04, 0x1e, 0x7d, 0x01, 0xfd, 0x06, 0x0e } },
   { "v_min_u32_sdwa v1, v2, v3 clamp dst_sel:DWORD dst_unused:UNUSED_PRESERVE src0_sel:DWORD "
     "src1_sel:DWORD",
     8,
     { 0xf9, 0x06, 0x02, 0x26, 0x02, 0x36, 0x06, 0x06 } },
   { "v_cmp_ge_i16_sdwa s1, sext(v2), v3 src0_sel:DWORD src1_sel:DWORD",
     8,
     { 0xf9, 0x06, 0x1c, 0x7d, 0x02, 0x81, 0x0e, 0x06 } },
   { "v_add_f32_dpp v1, v2, v3 quad_perm:[1,0,2,3] row_mask:0xf bank_mask:0xf",
     8,
     { 0xfa, 0x06, 0x02, 0x06, 0x02, 0xe1, 0x00, 0xff } },
   { "v_exp_f32_e32 v1, 0x7fffffff", 8, { 0xff, 0x4a, 0x02, 0x7e, 0xff, 0xff, 0xff, 0x7f } },
   { "v_cvt_f32_i32_e64 v1, v2 mul:2", 8, { 0x01, 0x00, 0x85, 0xd5, 0x02, 0x01, 0x00, 0x08 } },
};

/* gfx1013 wave32: the rows gfx1030 dropped (mac, madmk/madak, mad, mul_lo_i32).
 * Bytes: echo TEXT | llvm-mc -arch=amdgcn -mcpu=gfx1013 -show-encoding
 * Text:  the same bytes through llvm-mc -arch=amdgcn -mcpu=gfx1013 --disassemble */
static const struct golden vop_gfx1013_w32[] = {
   { "v_mac_f32_e32 v1, v2, v3", 4, { 0x02, 0x07, 0x02, 0x3e } },
   { "v_mac_f32_e64 v1, -v2, v3 clamp", 8, { 0x01, 0x80, 0x1f, 0xd5, 0x02, 0x07, 0x02, 0x20 } },
   { "v_mac_legacy_f32_e32 v1, s2, v3", 4, { 0x02, 0x06, 0x02, 0x0c } },
   { "v_mac_f32_dpp v1, v2, v3 row_shl:1 row_mask:0xf bank_mask:0xf",
     8,
     { 0xfa, 0x06, 0x02, 0x3e, 0x02, 0x01, 0x01, 0xff } },
   { "v_madmk_f32 v1, v2, 0x42280000, v3", 8, { 0x02, 0x07, 0x02, 0x40, 0x00, 0x00, 0x28, 0x42 } },
   { "v_madak_f32 v1, 1.0, v3, 0x42280000", 8, { 0xf2, 0x06, 0x02, 0x42, 0x00, 0x00, 0x28, 0x42 } },
   { "v_mad_f32 v1, v2, -v3, |v4| mul:2", 8, { 0x01, 0x04, 0x41, 0xd5, 0x02, 0x07, 0x12, 0x4c } },
   { "v_mad_legacy_f32 v1, v2, v3, v4", 8, { 0x01, 0x00, 0x40, 0xd5, 0x02, 0x07, 0x12, 0x04 } },
   { "v_mul_lo_i32 v1, v2, v3", 8, { 0x01, 0x00, 0x6b, 0xd5, 0x02, 0x07, 0x02, 0x00 } },
   { "v_add_f32_e32 v1, v2, v3", 4, { 0x02, 0x07, 0x02, 0x06 } },
};

/* gfx1030 wave64: lane masks are SGPR pairs and vcc.
 * Bytes: echo TEXT | llvm-mc -arch=amdgcn -mcpu=gfx1030 -mattr=+wavefrontsize64 -show-encoding
 * Text:  the same bytes through llvm-mc -arch=amdgcn -mcpu=gfx1030 -mattr=+wavefrontsize64
 * --disassemble */
static const struct golden vop_gfx1030_w64[] = {
   { "v_cndmask_b32_e32 v1, v2, v3, vcc", 4, { 0x02, 0x07, 0x02, 0x02 } },
   { "v_cndmask_b32_e64 v1, v2, v3, s[4:5]",
     8,
     { 0x01, 0x00, 0x01, 0xd5, 0x02, 0x07, 0x12, 0x00 } },
   { "v_add_co_ci_u32_e32 v1, vcc, v2, v3, vcc", 4, { 0x02, 0x07, 0x02, 0x50 } },
   { "v_add_co_ci_u32_e64 v1, s[2:3], v2, v3, s[4:5]",
     8,
     { 0x01, 0x02, 0x28, 0xd5, 0x02, 0x07, 0x12, 0x00 } },
   { "v_add_co_u32 v1, vcc, v2, v3", 8, { 0x01, 0x6a, 0x0f, 0xd7, 0x02, 0x07, 0x02, 0x00 } },
   { "v_div_scale_f32 v1, s[4:5], v2, v3, v4",
     8,
     { 0x01, 0x04, 0x6d, 0xd5, 0x02, 0x07, 0x12, 0x04 } },
   { "v_mad_u64_u32 v[1:2], s[10:11], v2, v3, v[4:5]",
     8,
     { 0x01, 0x0a, 0x76, 0xd5, 0x02, 0x07, 0x12, 0x04 } },
   { "v_cmp_lt_f32_e32 vcc, v1, v2", 4, { 0x01, 0x05, 0x02, 0x7c } },
   { "v_cmp_lt_f32_e64 s[2:3], v1, v2", 8, { 0x02, 0x00, 0x01, 0xd4, 0x01, 0x05, 0x02, 0x00 } },
   { "v_cmp_lt_f32_e64 exec, v1, v2", 8, { 0x7e, 0x00, 0x01, 0xd4, 0x01, 0x05, 0x02, 0x00 } },
   { "v_cmpx_ge_u32_e32 v1, v2", 4, { 0x01, 0x05, 0xac, 0x7d } },
   { "v_cmp_eq_f32_sdwa s[6:7], v2, v4 src0_sel:WORD_1 src1_sel:DWORD",
     8,
     { 0xf9, 0x08, 0x04, 0x7c, 0x02, 0x86, 0x05, 0x06 } },
   { "v_cmp_eq_f32_sdwa vcc, v2, v4 src0_sel:DWORD src1_sel:DWORD",
     8,
     { 0xf9, 0x08, 0x04, 0x7c, 0x02, 0x00, 0x06, 0x06 } },
   { "v_cndmask_b32_dpp v1, v2, v3, vcc row_mirror row_mask:0xf bank_mask:0xf",
     8,
     { 0xfa, 0x06, 0x02, 0x02, 0x02, 0x40, 0x01, 0xff } },
   { "v_add_co_ci_u32_sdwa v1, vcc, v2, v3, vcc dst_sel:BYTE_0 dst_unused:UNUSED_PRESERVE "
     "src0_sel:DWORD src1_sel:DWORD",
     8,
     { 0xf9, 0x06, 0x02, 0x50, 0x02, 0x10, 0x06, 0x06 } },
   { "v_readfirstlane_b32 s1, v2", 4, { 0x02, 0x05, 0x02, 0x7e } },
   { "v_cndmask_b32_e64 v1, v2, v3, vcc", 8, { 0x01, 0x00, 0x01, 0xd5, 0x02, 0x07, 0xaa, 0x01 } },
   { "v_subrev_co_ci_u32_e64 v1, null, v2, v3, vcc",
     8,
     { 0x01, 0x7d, 0x2a, 0xd5, 0x02, 0x07, 0xaa, 0x01 } },
};

/* gfx1013 wave64.
 * Bytes: echo TEXT | llvm-mc -arch=amdgcn -mcpu=gfx1013 -mattr=+wavefrontsize64 -show-encoding
 * Text:  the same bytes through llvm-mc -arch=amdgcn -mcpu=gfx1013 -mattr=+wavefrontsize64
 * --disassemble */
static const struct golden vop_gfx1013_w64[] = {
   { "v_mac_f32_e32 v1, v2, v3", 4, { 0x02, 0x07, 0x02, 0x3e } },
   { "v_add_co_ci_u32_e32 v1, vcc, v2, v3, vcc", 4, { 0x02, 0x07, 0x02, 0x50 } },
   { "v_cmp_ne_u64_e64 s[4:5], v[2:3], 0", 8, { 0x04, 0x00, 0xe5, 0xd4, 0x02, 0x01, 0x01, 0x00 } },
};

Test(vop, gfx1030_wave32_golden)
{
   struct rdna_isa_config config = { RDNA_TARGET_GFX1030, 32 };
   golden_check_all(&config, vop_gfx1030_w32, COUNT(vop_gfx1030_w32));
}

Test(vop, gfx1013_wave32_golden)
{
   struct rdna_isa_config config = { RDNA_TARGET_GFX1013, 32 };
   golden_check_all(&config, vop_gfx1013_w32, COUNT(vop_gfx1013_w32));
}

Test(vop, gfx1030_wave64_golden)
{
   struct rdna_isa_config config = { RDNA_TARGET_GFX1030, 64 };
   golden_check_all(&config, vop_gfx1030_w64, COUNT(vop_gfx1030_w64));
}

Test(vop, gfx1013_wave64_golden)
{
   struct rdna_isa_config config = { RDNA_TARGET_GFX1013, 64 };
   golden_check_all(&config, vop_gfx1013_w64, COUNT(vop_gfx1013_w64));
}

/* Bytes whose llvm-mc text assembles to other bytes (ignored fields, canonical constants) or to
 * nothing (comments for DPP controls GFX10 lacks). The decoder keeps the instruction; re-encoding
 * gives llvm-mc's canonical bytes. Text: llvm-mc -arch=amdgcn -mcpu=gfx1030 --disassemble
 * (wave64 rows: -mattr=+wavefrontsize64). */
struct canonical {
   const char *why;
   const char *text;
   unsigned wave;
   size_t size;
   uint32_t words[3];
};

static const struct canonical vop_canonical[] = {
   { "a literal equal to an inline constant prints as that constant",
     "v_mov_b32_e32 v1, 1.0",
     32,
     8,
     { 0x7e0202ff, 0x3f800000 } },
   { "an f16 operand shows the low half of its literal",
     "v_add_f16_e32 v2, 0x3c00, v1",
     32,
     8,
     { 0x640402ff, 0x00013c00 } },
   { "v_swap_b32 reads its VGPR from the low eight bits of src0",
     "v_swap_b32 v1, v2",
     32,
     4,
     { 0x7e02ca02 } },
   { "v_nop ignores src0", "v_nop", 32, 4, { 0x7e000102 } },
   { "v_cmpx e64 ignores its vdst field",
     "v_cmpx_lt_f32_e64 v2, v4",
     32,
     8,
     { 0xd4110005, 0x00020902 } },
   { "the op_sel bits of a row without op_sel are ignored",
     "v_add_f32_e64 v1, v2, v4",
     32,
     8,
     { 0xd5037801, 0x00020902 } },
   { "the abs bit of an integer source of v_ldexp_f32 is ignored",
     "v_ldexp_f32 v1, v2, v4",
     32,
     8,
     { 0xd7620201, 0x00020902 } },
   { "v_readlane_b32 ignores src2",
     "v_readlane_b32 s1, v2, v4",
     32,
     8,
     { 0xd7600001, 0x00220902 } },
   { "bit 17 of DPP16 is ignored",
     "v_mov_b32_dpp v1, v2 quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf",
     32,
     8,
     { 0x7e0202fa, 0xff02e402 } },
   { "a VOPC SDWA writing VCC ignores bits 14..8",
     "v_cmp_lt_f32_sdwa vcc_lo, v2, v4 src0_sel:DWORD src1_sel:DWORD",
     32,
     8,
     { 0x7c0208f9, 0x06067f02 } },
   { "row_shl:0 is no control: llvm-mc prints a comment",
     "v_mov_b32_dpp v1, v2 quad_perm:[0,0,0,0] row_mask:0xf bank_mask:0xf",
     32,
     8,
     { 0x7e0202fa, 0xff000002 } },
   { "wave_shl does not exist on GFX10",
     "v_mov_b32_dpp v1, v2 /* wave_shl is not supported starting from GFX10 */ row_mask:0xf "
     "bank_mask:0xf",
     32,
     8,
     { 0x7e0202fa, 0xff013002 } },
   { "row_bcast does not exist on GFX10",
     "v_mov_b32_dpp v1, v2 /* row_bcast is not supported starting from GFX10 */ row_mask:0xf "
     "bank_mask:0xf",
     32,
     8,
     { 0x7e0202fa, 0xff014202 } },
   { "a 64-bit source takes only the row_newbcast (row_share) controls",
     "v_cvt_i32_f64_dpp v1, v[2:3]  /* 64 bit dpp only supports row_newbcast */ row_mask:0xf "
     "bank_mask:0xf",
     32,
     8,
     { 0x7e0206fa, 0xff010102 } },
   { "row_share on a 64-bit source prints as usual",
     "v_cvt_i32_f64_dpp v1, v[2:3] row_share:3 row_mask:0xf bank_mask:0xf",
     32,
     8,
     { 0x7e0206fa, 0xff015302 } },
   { "v_fmamk_f16 prints a literal src0 (the k dword) as 32 bits",
     "v_fmamk_f16 v1, 1.0, 0x3f800000, v3",
     32,
     8,
     { 0x6e0206ff, 0x3f800000 } },
   { "neg of an inline constant prints as neg()",
     "v_sub_f32_e64 v1, neg(2), v2",
     32,
     8,
     { 0xd5040001, 0x20020482 } },
   { "v_nop_e64 prints as v_nop, which assembles to the e32 form",
     "v_nop",
     32,
     8,
     { 0xd5800000, 0x00000000 } },
   { "a 16-bit integer literal -16384 (written so) prints as its low half",
     "v_lshrrev_b16 v1, 0xc000, v2",
     32,
     12,
     { 0xd7070001, 0x000204ff, 0xffffc000 } },
   { "a negated f64 literal prints as neg(0x...), which llvm-mc does not assemble",
     "v_add_f64 v[1:2], neg(0x3ff80000), v[2:3]",
     32,
     12,
     { 0xd5640001, 0x200204ff, 0x3ff80000 } },
   { "bit 30 of a VOP1 SDWA is ignored",
     "v_mov_b32_sdwa v1, v2 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD",
     32,
     8,
     { 0x7e0202f9, 0x40060602 } },
   { "the reserved dst_unused 3 prints as UNUSED_PAD",
     "v_add_f32_sdwa v1, v2, v3 dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:DWORD",
     32,
     8,
     { 0x060206f9, 0x06061e02 } },
   { "the SDWA v_nop (all fields zero) prints as v_nop",
     "v_nop",
     32,
     8,
     { 0x7e0000f9, 0x00000000 } },
   { "the SDWA v_pipeflush ignores dst_sel and dst_unused",
     "v_pipeflush",
     32,
     8,
     { 0x7e0036f9, 0x00000a00 } },
   { "the DPP16 v_nop prints without _dpp",
     "v_nop quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf bound_ctrl:1",
     32,
     8,
     { 0x7e0000fa, 0xff08e400 } },
   { "a misaligned lane-mask pair decodes to the aligned pair",
     "v_cmp_lt_f32_e64 s[0:1], v2, v4",
     64,
     8,
     { 0xd4010001, 0x00020902 } },
};

Test(vop, canonical_disassembly)
{
   for (size_t i = 0; i < COUNT(vop_canonical); i++) {
      const struct canonical *c = &vop_canonical[i];
      struct rdna_isa_config config = { RDNA_TARGET_GFX1030, c->wave };
      uint8_t bytes[12];
      size_t size = c->size;
      for (unsigned b = 0; b < 12; b++)
         bytes[b] = (uint8_t)(c->words[b / 4] >> (8 * (b % 4)));
      struct rdna_inst inst;
      struct rdna_diag diag = { 0 };
      cr_assert_eq(rdna_decode(&config, bytes, size, &inst, &diag), RDNA_OK, "%s: %s", c->why,
                   diag.message);
      cr_assert_eq(inst.size, size, "%s", c->why);
      char text[256];
      rdna_print(&config, &inst, text, sizeof(text));
      cr_assert_str_eq(text, c->text, "%s", c->why);
      uint32_t words[RDNA_MAX_INST_WORDS];
      size_t num_words;
      cr_assert_eq(rdna_encode(&config, &inst, words, &num_words, &diag), RDNA_OK, "%s: %s", c->why,
                   diag.message);
      cr_assert_eq(num_words * 4, size, "%s", c->why);
   }
}

/* Encodings llvm-mc rejects ("invalid instruction encoding", llvm-mc -arch=amdgcn -mcpu=TARGET
 * --disassemble), and those it prints with an operand "invalid immediate", which cannot be
 * assembled back: we reject both. */
Test(vop, invalid_encodings)
{
   static const struct {
      enum rdna_target target;
      uint32_t words[2];
      enum rdna_status status;
      const char *why;
   } cases[] = {
      { RDNA_TARGET_GFX1030, { 0x7e021302 }, RDNA_UNKNOWN_OPCODE, "VOP1 opcode 0x09" },
      { RDNA_TARGET_GFX1030, { 0x00020702 }, RDNA_UNKNOWN_OPCODE, "VOP2 opcode 0" },
      { RDNA_TARGET_GFX1030,
        { 0x3e020702 },
        RDNA_UNKNOWN_OPCODE,
        "v_mac_f32 (VOP2 0x1f) exists only on gfx1013" },
      { RDNA_TARGET_GFX1013,
        { 0x04020702 },
        RDNA_UNKNOWN_OPCODE,
        "v_dot2c_f32_f16 (VOP2 0x02) exists only on gfx1030" },
      { RDNA_TARGET_GFX1030,
        { 0xd5020001, 0x00020902 },
        RDNA_UNKNOWN_OPCODE,
        "v_dot2c_f32_f16 has no VOP3 form" },
      { RDNA_TARGET_GFX1030, { 0xd57f0001, 0x00020902 }, RDNA_UNKNOWN_OPCODE, "VOP3 opcode 0x17f" },
      { RDNA_TARGET_GFX1030, { 0x7e020000 }, RDNA_INVALID_ENCODING, "v_nop with a vdst" },
      { RDNA_TARGET_GFX1030,
        { 0xd5250101, 0x00020902 },
        RDNA_INVALID_ENCODING,
        "abs on an integer source" },
      { RDNA_TARGET_GFX1030,
        { 0xd5118001, 0x00020902 },
        RDNA_INVALID_ENCODING,
        "clamp on v_min_i32" },
      { RDNA_TARGET_GFX1030,
        { 0xd5030001, 0x00620902 },
        RDNA_INVALID_ENCODING,
        "a src2 field in a two-source op" },
      { RDNA_TARGET_GFX1030,
        { 0xd4880001, 0x08020902 },
        RDNA_INVALID_ENCODING,
        "omod on a compare" },
      { RDNA_TARGET_GFX1030,
        { 0x7c0208fa, 0xff00e402 },
        RDNA_INVALID_ENCODING,
        "VOPC has no DPP form" },
      { RDNA_TARGET_GFX1030,
        { 0x7e0202f9, 0x00070702 },
        RDNA_INVALID_ENCODING,
        "SDWA dst_sel 7 (llvm-mc-14 crashes on it)" },
      { RDNA_TARGET_GFX1030,
        { 0x060206f9, 0x860e1202 },
        RDNA_INVALID_ENCODING,
        "sext on an f32 source" },
      { RDNA_TARGET_GFX1030,
        { 0x7e0202f9, 0x06060602 },
        RDNA_INVALID_ENCODING,
        "src1_sel in a VOP1 SDWA" },
      { RDNA_TARGET_GFX1030,
        { 0x7e0202fa, 0xff10e402 },
        RDNA_INVALID_ENCODING,
        "neg on a v_mov_b32 DPP source" },
      { RDNA_TARGET_GFX1030,
        { 0xd6000001, 0x00000102 },
        RDNA_INVALID_ENCODING,
        "high on v_interp_p1_f32_e64" },
      { RDNA_TARGET_GFX1030,
        { 0xd4010080, 0x00020902 },
        RDNA_INVALID_ENCODING,
        "compare sdst code 128 (llvm-mc prints \"invalid immediate\")" },
      { RDNA_TARGET_GFX1030,
        { 0x7f0204ff, 0x00000041 },
        RDNA_INVALID_ENCODING,
        "v_readfirstlane_b32 sdst code 129 (idem)" },
      { RDNA_TARGET_GFX1030,
        { 0x7e0286ff, 0x00000041 },
        RDNA_INVALID_ENCODING,
        "v_movrels_b32 of a literal (idem)" },
      { RDNA_TARGET_GFX1030,
        { 0xd6000001, 0x0001e400 },
        RDNA_INVALID_ENCODING,
        "v_interp_p1_f32_e64 of a constant (idem)" },
      { RDNA_TARGET_GFX1030,
        { 0xd5010001, 0x03c20902 },
        RDNA_INVALID_ENCODING,
        "v_cndmask_b32_e64 with a constant mask (idem)" },
   };
   for (size_t i = 0; i < COUNT(cases); i++) {
      struct rdna_isa_config config = { cases[i].target, 32 };
      uint8_t bytes[12] = { 0 };
      for (unsigned b = 0; b < 8; b++)
         bytes[b] = (uint8_t)(cases[i].words[b / 4] >> (8 * (b % 4)));
      struct rdna_inst inst;
      struct rdna_diag diag = { 0 };
      enum rdna_status st = rdna_decode(&config, bytes, sizeof(bytes), &inst, &diag);
      cr_assert_eq(st, cases[i].status, "%s: %s (%s)", cases[i].why, rdna_status_name(st),
                   diag.message);
      cr_assert_neq(diag.message[0], '\0', "%s", cases[i].why);
   }
}

/* Every prefix of an instruction shorter than it is TRUNCATED: the VOP3 second dword, the
 * literal, the DPP and SDWA dwords. */
Test(vop, truncated)
{
   struct rdna_isa_config config = { RDNA_TARGET_GFX1030, 32 };
   static const uint32_t cases[][3] = {
      { 0xd5030001, 0x00020902, 0 },          /* v_add_f32_e64 */
      { 0xd5030001, 0x000204ff, 0x12345678 }, /* v_add_f32_e64 with a literal */
      { 0x060206ff, 0x12345678, 0 },          /* v_add_f32_e32 with a literal */
      { 0x580206ff, 0x12345678, 0 },          /* v_fmamk_f32 */
      { 0x060206fa, 0xff00e402, 0 },          /* DPP16 */
      { 0x060206e9, 0x00fac688, 0 },          /* DPP8 */
      { 0x060206f9, 0x06060602, 0 },          /* SDWA */
   };
   for (size_t i = 0; i < COUNT(cases); i++) {
      size_t size = cases[i][2] ? 12 : 8;
      uint8_t bytes[12];
      for (unsigned b = 0; b < 12; b++)
         bytes[b] = (uint8_t)(cases[i][b / 4] >> (8 * (b % 4)));
      struct rdna_inst inst;
      cr_assert_eq(rdna_decode(&config, bytes, size, &inst, NULL), RDNA_OK, "case %zu", i);
      cr_assert_eq(inst.size, size, "case %zu", i);
      for (size_t n = 0; n < size; n++)
         cr_assert_eq(rdna_decode(&config, bytes, n, &inst, NULL), RDNA_TRUNCATED,
                      "case %zu, %zu bytes", i, n);
   }
}

/* Statements llvm-mc rejects (llvm-mc -arch=amdgcn -mcpu=gfx1030 [-mattr=+wavefrontsize64]
 * -show-encoding prints an error); we fail with the status and the column of the culprit. */
Test(vop, assembler_errors)
{
   static const struct {
      unsigned wave;
      const char *text;
      enum rdna_status status;
      unsigned column;
   } cases[] = {
      { 32, "v_add_f32_e64 v1, v2, v3 op_sel:[1,0,0]", RDNA_INVALID_OPERAND, 26 },
      { 32, "v_add3_u32 v1, s1, s2, s3", RDNA_INVALID_OPERAND, 24 },
      { 32, "v_add3_u32 v1, 0x1234, 0x1235, v2", RDNA_INVALID_OPERAND, 24 },
      { 32, "v_lshlrev_b64 v[1:2], s1, s[2:3]", RDNA_INVALID_OPERAND, 27 },
      { 32, "v_readlane_b32 s1, s2, s3", RDNA_INVALID_OPERAND, 20 },
      { 32, "v_add_f32_dpp v1, v2, v3 row_shl:16", RDNA_OUT_OF_RANGE, 26 },
      { 32, "v_add_f32_dpp v1, v2, v3 quad_perm:[0,1,2,4]", RDNA_OUT_OF_RANGE, 26 },
      { 32, "v_add_f32_sdwa v1, v1, 0x1234", RDNA_INVALID_OPERAND, 24 },
      { 32, "v_mov_b32 v1, -v2", RDNA_INVALID_OPERAND, 15 },
      { 32, "v_cvt_f32_f64_dpp v1, v[2:3] quad_perm:[0,1,2,3]", RDNA_INVALID_OPERAND, 23 },
      { 32, "v_add_f32_e64 v1, v2, v3 mul:2 clamp", RDNA_SYNTAX, 32 },
      { 32, "v_add_co_ci_u32_e32 v1, s1, v2, v3, vcc_lo", RDNA_INVALID_OPERAND, 25 },
      { 32, "v_mac_f32 v1, v2, v3", RDNA_NOT_ON_TARGET, 1 },
      { 32, "v_add_f32 v1, v2", RDNA_SYNTAX, 1 },
      { 32, "v_add_f32_dpp v1, s2, v3 quad_perm:[0,1,2,3]", RDNA_INVALID_OPERAND, 19 },
      { 32, "v_readlane_b32_e64 s1, v2, s3", RDNA_UNKNOWN_MNEMONIC, 1 },
      { 32, "v_qsad_pk_u16_u8 v[1:2], v[1:2], v3, v[4:5]", RDNA_INVALID_OPERAND, 26 },
      { 32, "v_permlane16_b32 v1, v2, s3, s4 op_sel:[1,1,1]", RDNA_SYNTAX, 33 },
      { 32, "v_add_f32_e32 v1, v2, s3", RDNA_INVALID_OPERAND, 23 },
      { 32, "v_add_f16 v1, 0x12345, v2", RDNA_OUT_OF_RANGE, 15 },
      { 32, "v_mul_lo_u16 v1, v2, v3 op_sel:[1,0,0]", RDNA_INVALID_OPERAND, 25 },
      { 32, "v_cmp_lt_f32_sdwa v1, v2, v4", RDNA_INVALID_OPERAND, 19 },
      { 32, "v_add_f32_sdwa v1, v2, v3 dst_sel:WORD_2", RDNA_INVALID_OPERAND, 27 },
      { 32, "v_div_scale_f32 v1, vcc_lo, |v2|, v3, v4", RDNA_INVALID_OPERAND, 29 },
      { 32, "v_subrev_f32_e64 v1, src_lds_direct, v2", RDNA_INVALID_OPERAND, 22 },
      { 32, "v_add_f32_e64 v1, v2, src_lds_direct", RDNA_INVALID_OPERAND, 23 },
      { 32, "v_interp_p1ll_f16 v1, v2, attr64.x", RDNA_INVALID_OPERAND, 27 },
      { 32, "v_interp_mov_f32_e64 v1, p30, attr0.x", RDNA_INVALID_OPERAND, 26 },
      { 32, "v_add_f32_e64 v1, v2, v3 mul:3", RDNA_OUT_OF_RANGE, 26 },
      { 32, "v_fma_f32_dpp v1, v2, v3, v4 quad_perm:[0,1,2,3]", RDNA_UNKNOWN_MNEMONIC, 1 },
      { 32, "v_cmp_lt_u64 vcc_lo, 0.1, v[2:3]", RDNA_INVALID_OPERAND, 22 },
      { 32, "v_cmp_lt_f32_e64 s[0:1], v1, v2", RDNA_INVALID_OPERAND, 18 },
      { 64, "v_cndmask_b32 v1, v2, v3, s[0:1] quad_perm:[0,1,2,3]", RDNA_INVALID_OPERAND, 27 },
   };
   for (size_t i = 0; i < COUNT(cases); i++) {
      struct rdna_isa_config config = { RDNA_TARGET_GFX1030, cases[i].wave };
      parse_error_check(&config, cases[i].text, cases[i].status, cases[i].column);
   }
}

/* The rows: 81 VOP1, 48/47 VOP2 (gfx1013/gfx1030), 190 VOPC and 119/117 VOP3-only rows, and
 * the VOP3 opcode a VOP1/VOP2/VOPC row derives (VOPC op, VOP2 op + 0x100, VOP1 op + 0x180). */
Test(vop, rows)
{
   unsigned counts[RDNA_TARGET_COUNT][RDNA_FMT_COUNT] = { { 0 } };
   for (unsigned op = 0; op < rdna_op_count(); op++) {
      const struct op_info *info = op_info(op);
      for (unsigned t = 0; t < RDNA_TARGET_COUNT; t++)
         if (info->opcode[t] != NONE)
            counts[t][info->format]++;
   }
   static const unsigned expected[RDNA_TARGET_COUNT][4] = { { 81, 48, 190, 119 },
                                                            { 81, 47, 190, 117 } };
   static const enum rdna_format formats[4] = { RDNA_FMT_VOP1, RDNA_FMT_VOP2, RDNA_FMT_VOPC,
                                                RDNA_FMT_VOP3 };
   for (unsigned t = 0; t < RDNA_TARGET_COUNT; t++)
      for (unsigned f = 0; f < 4; f++)
         cr_assert_eq(counts[t][formats[f]], expected[t][f], "%s %s",
                      rdna_target_name((enum rdna_target)t), rdna_encoding_name(formats[f]));

   /* llvm-mc -arch=amdgcn -mcpu=gfx1030 -show-encoding: v_add_f32_e64 is VOP3 opcode 0x103,
    * v_mov_b32_e64 0x181, v_cmp_lt_f32_e64 0x001 */
   struct rdna_isa_config config = { RDNA_TARGET_GFX1030, 32 };
   static const struct {
      const char *text;
      unsigned opcode;
   } derived[] = { { "v_add_f32_e64 v1, v2, v3", 0x103 },
                   { "v_mov_b32_e64 v1, v2", 0x181 },
                   { "v_cmp_lt_f32_e64 s1, v2, v3", 0x001 } };
   for (size_t i = 0; i < COUNT(derived); i++) {
      struct rdna_inst inst;
      uint32_t words[RDNA_MAX_INST_WORDS];
      size_t n;
      cr_assert_eq(rdna_parse(&config, derived[i].text, &inst, NULL), RDNA_OK);
      cr_assert_eq(rdna_encode(&config, &inst, words, &n, NULL), RDNA_OK);
      cr_assert_eq((words[0] >> 16) & 0x3ff, derived[i].opcode, "%s", derived[i].text);
   }
}

/* One rdna_inst per encoding round-trips through encode and decode unchanged. */
Test(vop, decode_encode_identity)
{
   struct rdna_isa_config config = { RDNA_TARGET_GFX1030, 32 };
   for (size_t i = 0; i < COUNT(vop_gfx1030_w32); i++) {
      const struct golden *g = &vop_gfx1030_w32[i];
      struct rdna_inst a, b;
      cr_assert_eq(rdna_decode(&config, g->bytes, g->size, &a, NULL), RDNA_OK);
      uint32_t words[RDNA_MAX_INST_WORDS];
      size_t n;
      cr_assert_eq(rdna_encode(&config, &a, words, &n, NULL), RDNA_OK, "%s", g->text);
      uint8_t bytes[RDNA_MAX_INST_WORDS * 4];
      for (size_t w = 0; w < n; w++)
         for (unsigned k = 0; k < 4; k++)
            bytes[w * 4 + k] = (uint8_t)(words[w] >> (8 * k));
      cr_assert_eq(rdna_decode(&config, bytes, n * 4, &b, NULL), RDNA_OK);
      cr_assert_eq(a.op, b.op, "%s", g->text);
      cr_assert_eq(a.encoding, b.encoding, "%s", g->text);
      cr_assert_eq(a.num_operands, b.num_operands, "%s", g->text);
      cr_assert_arr_eq(a.operands, b.operands, sizeof(a.operands), "%s", g->text);
   }
}
