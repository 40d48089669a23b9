/* Image instructions (MIMG): descriptors built here bit by bit from the RDNA2 ISA guide's "Image
 * Resource" and "Image Sampler" tables, expected values computed here from the guide's
 * definitions (unorm/snorm scaling, the binary16 and small-float encodings, the 2_10_10_10
 * packing), the linear layout and the filtering arithmetic docs/images.md defines, using the
 * host's IEEE float and double arithmetic rather than the interpreter's soft-float. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "harness.h"

#define IMG 0x200000ull /* the image region's address (256-byte aligned) */
#define IMG_SIZE 65536u

/* IMG_FORMAT values (GFX10 unified format numbering). */
enum {
   FMT_8_UNORM = 1,
   FMT_8_SNORM = 2,
   FMT_16_FLOAT = 13,
   FMT_32_UINT = 20,
   FMT_32_FLOAT = 22,
   FMT_10_11_11_FLOAT = 36,
   FMT_2_10_10_10_UNORM = 50,
   FMT_8_8_8_8_UNORM = 56,
   FMT_8_8_8_8_UINT = 60,
   FMT_32_32_32_32_FLOAT = 77,
};

struct tdesc {
   unsigned format, width, height, depth, type, base_level, last_level, base_array, sw_mode;
   unsigned dst_sel; /* 12 bits, 0 for X Y Z W */
};

/* The T# dwords per the guide's table: BASE_ADDRESS (>> 8) [39:0], MIN_LOD [51:40], FORMAT
 * [60:52], WIDTH-1 [75:62], HEIGHT-1 [91:78], RESOURCE_LEVEL [95], DST_SEL [107:96], BASE_LEVEL
 * [111:108], LAST_LEVEL [115:112], SW_MODE [120:116], TYPE [127:124], DEPTH [140:128],
 * BASE_ARRAY [156:144]. */
static void make_tsharp(const struct tdesc *t, uint32_t d[8])
{
   uint64_t base = IMG >> 8;
   unsigned w = t->width - 1, h = (t->height ? t->height : 1) - 1;
   memset(d, 0, 8 * sizeof(uint32_t));
   d[0] = (uint32_t)base;
   d[1] = (uint32_t)(base >> 32) | t->format << 20 | (w & 3u) << 30;
   d[2] = w >> 2 | h << 14 | 1u << 31;
   d[3] = (t->dst_sel ? t->dst_sel : 4u | 5u << 3 | 6u << 6 | 7u << 9) | t->base_level << 12 |
          t->last_level << 16 | t->sw_mode << 20 | (t->type ? t->type : 9u) << 28;
   d[4] = ((t->depth ? t->depth : 1) - 1) | t->base_array << 16;
}

struct sdesc {
   unsigned clamp, filter, mip_filter, compare, border, max_lod, z_filter;
};

/* S#: CLAMP_X/Y/Z [8:0], DEPTH_COMPARE_FUNC [14:12]; MIN_LOD [43:32], MAX_LOD [55:44];
 * XY_MAG_FILTER [85:84], XY_MIN_FILTER [87:86], Z_FILTER [89:88], MIP_FILTER [91:90];
 * BORDER_COLOR_TYPE [127:126]. */
static void make_ssharp(const struct sdesc *s, uint32_t d[4])
{
   d[0] = s->clamp | s->clamp << 3 | s->clamp << 6 | s->compare << 12;
   d[1] = (s->max_lod ? s->max_lod : 0xfffu) << 12;
   d[2] = s->filter << 20 | s->filter << 22 | s->z_filter << 24 | s->mip_filter << 26;
   d[3] = s->border << 30;
}

/* A machine with `source`, the image region holding `bytes`, the T# in s[0:7] and the S# in
 * s[8:11]. */
static struct rdna_machine *image_machine(unsigned wave, const char *source, const struct tdesc *t,
                                          const struct sdesc *s, const void *bytes, size_t size)
{
   struct rdna_machine *m = harness_machine(RDNA_TARGET_GFX1030, wave, 0, source);
   cr_assert_eq(rdna_machine_add_region(m, "img", IMG, size > IMG_SIZE ? size : IMG_SIZE, bytes,
                                        size, false, NULL, NULL),
                RDNA_OK);
   uint32_t d[8];
   make_tsharp(t, d);
   rdna_machine_set_sregs(m, 0, 0, d, 8);
   if (s) {
      uint32_t sd[4];
      make_ssharp(s, sd);
      rdna_machine_set_sregs(m, 0, 8, sd, 4);
   }
   return m;
}

static uint32_t f32_bits(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

static float bits_f32(uint32_t u)
{
   float f;
   memcpy(&f, &u, 4);
   return f;
}

static void set_lanes(struct rdna_machine *m, unsigned vgpr, unsigned wave,
                      uint32_t (*fn)(unsigned lane, unsigned arg), unsigned arg)
{
   for (unsigned l = 0; l < wave; l++)
      rdna_machine_set_vgpr(m, 0, vgpr, l, fn(l, arg));
}

static uint32_t lane_plus(unsigned lane, unsigned arg)
{
   return lane + arg;
}

static struct rdna_fault run_fault(struct rdna_machine *m)
{
   struct rdna_fault f;
   rdna_machine_run(m, NULL);
   rdna_machine_fault(m, 0, &f);
   return f;
}

/* ---- format conversions on load ------------------------------------------------------------ */

/* Every R8_UNORM value: k / 255, the f32 nearest (IEEE division of two exact floats). */
Test(mimg, load_r8_unorm_every_value)
{
   uint8_t bytes[256];
   for (unsigned k = 0; k < 256; k++)
      bytes[k] = (uint8_t)k;
   struct tdesc t = { .format = FMT_8_UNORM, .width = 256, .height = 1, .type = 8 };
   struct rdna_machine *m = image_machine(64,
                                          "image_load v0, v4, s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_1D\n"
                                          "image_load v1, v5, s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_1D\n"
                                          "image_load v2, v6, s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_1D\n"
                                          "image_load v3, v7, s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_1D\n"
                                          "s_endpgm\n",
                                          &t, NULL, bytes, sizeof(bytes));
   for (unsigned k = 0; k < 4; k++)
      set_lanes(m, 4 + k, 64, lane_plus, 64 * k);
   harness_run(m);
   harness_no_fault(m);
   for (unsigned k = 0; k < 4; k++)
      for (unsigned l = 0; l < 64; l++) {
         unsigned v = 64 * k + l;
         cr_assert_eq(harness_vgpr(m, k, l), f32_bits((float)v / 255.0f), "unorm8 %u", v);
      }
   rdna_machine_destroy(m);
}

/* Every R8_SNORM value: max(k / 127, -1) (-128 and -127 both give -1). */
Test(mimg, load_r8_snorm_every_value)
{
   uint8_t bytes[256];
   for (unsigned k = 0; k < 256; k++)
      bytes[k] = (uint8_t)k;
   struct tdesc t = { .format = FMT_8_SNORM, .width = 256, .height = 1, .type = 8 };
   struct rdna_machine *m = image_machine(64,
                                          "image_load v0, v4, s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_1D\n"
                                          "image_load v1, v5, s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_1D\n"
                                          "image_load v2, v6, s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_1D\n"
                                          "image_load v3, v7, s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_1D\n"
                                          "s_endpgm\n",
                                          &t, NULL, bytes, sizeof(bytes));
   for (unsigned k = 0; k < 4; k++)
      set_lanes(m, 4 + k, 64, lane_plus, 64 * k);
   harness_run(m);
   for (unsigned k = 0; k < 4; k++)
      for (unsigned l = 0; l < 64; l++) {
         int v = (int8_t)(uint8_t)(64 * k + l);
         float want = v <= -127 ? -1.0f : (float)v / 127.0f;
         cr_assert_eq(harness_vgpr(m, k, l), f32_bits(want), "snorm8 %d", v);
      }
   rdna_machine_destroy(m);
}

/* binary16: (-1)^s 2^(e-15) (1 + m/1024), denormals 2^-14 m/1024, e = 31 infinity or NaN. */
static uint32_t f16_reference(uint16_t h)
{
   unsigned s = h >> 15, e = h >> 10 & 31u, mant = h & 1023u;
   if (e == 31)
      return (s ? 0xff800000u : 0x7f800000u) | (mant ? 0x400000u | mant << 13 : 0);
   double v = e ? ldexp(1.0 + mant / 1024.0, (int)e - 15) : ldexp(mant / 1024.0, -14);
   return f32_bits((float)(s ? -v : v));
}

/* Every R16_FLOAT value widens exactly to f32 (NaNs stay NaN with the quiet bit set): a 256x256
 * image, one row per loop iteration, 64 lanes x 4 parts of a row, stored to a buffer. */
Test(mimg, load_r16_float_every_value)
{
   static uint16_t halves[65536];
   static uint8_t zero[65536];
   static uint32_t out[16384];
   for (unsigned k = 0; k < 65536; k++)
      halves[k] = (uint16_t)k;
   struct tdesc t = { .format = FMT_16_FLOAT, .width = 256, .height = 256 };
   for (unsigned part = 0; part < 4; part++) {
      struct rdna_machine *m = image_machine(64,
                                             "s_mov_b32 s20, 0\n"
                                             "loop:\n"
                                             "v_mov_b32 v5, s20\n"
                                             "image_load v1, v[4:5], s[0:7] dmask:0x1 "
                                             "dim:SQ_RSRC_IMG_2D\n"
                                             "v_lshlrev_b32 v2, 8, v5\n"
                                             "v_lshl_add_u32 v2, v0, 2, v2\n"
                                             "global_store_dword v2, v1, s[22:23]\n"
                                             "s_add_u32 s20, s20, 1\n"
                                             "s_cmp_lt_u32 s20, 256\n"
                                             "s_cbranch_scc1 loop\n"
                                             "s_endpgm\n",
                                             &t, NULL, halves, sizeof(halves));
      cr_assert_eq(rdna_machine_add_region(m, "out", 0x400000, 65536, zero, 0, false, NULL, NULL),
                   RDNA_OK);
      harness_set_s64(m, 22, 0x400000);
      set_lanes(m, 0, 64, lane_plus, 0);
      set_lanes(m, 4, 64, lane_plus, 64 * part);
      harness_run(m);
      harness_no_fault(m);
      cr_assert_eq(rdna_machine_read_memory(m, 0x400000, out, sizeof(out)), RDNA_OK);
      for (unsigned y = 0; y < 256; y++)
         for (unsigned l = 0; l < 64; l++) {
            uint16_t h = halves[y * 256 + 64 * part + l];
            cr_assert_eq(out[y * 64 + l], f16_reference(h), "f16 0x%04x", h);
         }
      rdna_machine_destroy(m);
   }
}

/* An unsigned small float: 2^(e-15) (1 + m/2^mb), denormals 2^-14 m/2^mb, e = 31 inf/NaN. */
static float small_float_reference(unsigned v, unsigned mantissa_bits)
{
   unsigned e = v >> mantissa_bits, mant = v & ((1u << mantissa_bits) - 1);
   double scale = (double)(1u << mantissa_bits);
   if (e == 31)
      return mant ? NAN : INFINITY;
   return (float)(e ? ldexp(1.0 + mant / scale, (int)e - 15) : ldexp(mant / scale, -14));
}

/* R11G11B10 float (10_11_11_FLOAT): red bits 10:0, green 21:11 (5-bit exponent, 6-bit mantissa),
 * blue 31:22 (5-bit mantissa); alpha reads 1. */
Test(mimg, load_r11g11b10_float)
{
   static const uint32_t reds[] = { 0, 1, 0x3f, 0x40, 0x3c0, 0x3c1, 0x7bf, 0x7c0 };
   static const uint32_t blues[] = { 0, 1, 0x1f, 0x20, 0x1e0, 0x1e1, 0x3df, 0x3e0 };
   uint32_t texels[64];
   for (unsigned k = 0; k < 64; k++) {
      uint32_t r = reds[k % 8], g = reds[k / 8], b = blues[(k * 3) % 8];
      texels[k] = r | g << 11 | b << 22;
   }
   struct tdesc t = { .format = FMT_10_11_11_FLOAT, .width = 64, .height = 1, .type = 8 };
   struct rdna_machine *m =
      image_machine(64, "image_load v[0:3], v4, s[0:7] dmask:0xf dim:SQ_RSRC_IMG_1D\ns_endpgm\n",
                    &t, NULL, texels, sizeof(texels));
   set_lanes(m, 4, 64, lane_plus, 0);
   harness_run(m);
   for (unsigned l = 0; l < 64; l++) {
      uint32_t v = texels[l];
      cr_assert_eq(harness_vgpr(m, 0, l), f32_bits(small_float_reference(v & 0x7ffu, 6)));
      cr_assert_eq(harness_vgpr(m, 1, l), f32_bits(small_float_reference(v >> 11 & 0x7ffu, 6)));
      cr_assert_eq(harness_vgpr(m, 2, l), f32_bits(small_float_reference(v >> 22, 5)));
      cr_assert_eq(harness_vgpr(m, 3, l), f32_bits(1.0f));
   }
   rdna_machine_destroy(m);
}

/* RGB10A2 unorm (2_10_10_10_UNORM): three 10-bit fields / 1023, alpha bits 31:30 / 3. */
Test(mimg, load_rgb10a2_unorm)
{
   uint32_t texels[32];
   for (unsigned k = 0; k < 32; k++)
      texels[k] =
         (k * 37u) % 1024u | ((k * 101u) % 1024u) << 10 | (1023u - k * 31u) << 20 | (k % 4u) << 30;
   struct tdesc t = { .format = FMT_2_10_10_10_UNORM, .width = 32, .height = 1, .type = 8 };
   struct rdna_machine *m =
      image_machine(32, "image_load v[0:3], v4, s[0:7] dmask:0xf dim:SQ_RSRC_IMG_1D\ns_endpgm\n",
                    &t, NULL, texels, sizeof(texels));
   set_lanes(m, 4, 32, lane_plus, 0);
   harness_run(m);
   for (unsigned l = 0; l < 32; l++)
      for (unsigned c = 0; c < 4; c++) {
         unsigned bits = c == 3 ? 2 : 10;
         unsigned v = texels[l] >> (10 * c) & ((1u << bits) - 1);
         cr_assert_eq(harness_vgpr(m, c, l), f32_bits((float)v / (float)((1u << bits) - 1)));
      }
   rdna_machine_destroy(m);
}

/* d16 packs the dmask components two per VGPR as f16; dst_sel W Z Y X swaps them first. */
Test(mimg, load_d16_and_dst_sel)
{
   uint8_t texel[4] = { 0, 51, 255, 102 }; /* 0, 0.2, 1, 0.4 */
   struct tdesc t = { .format = FMT_8_8_8_8_UNORM,
                      .width = 1,
                      .height = 1,
                      .dst_sel = 7u | 6u << 3 | 5u << 6 | 4u << 9 };
   struct rdna_machine *m =
      image_machine(32,
                    "image_load v[0:1], v[4:5], s[0:7] dmask:0xf dim:SQ_RSRC_IMG_2D d16\n"
                    "s_endpgm\n",
                    &t, NULL, texel, sizeof(texel));
   harness_run(m);
   /* f16 of 0.4f (0x3ecccccd rounds to 0x3666), 1.0 (0x3c00), 0.2f (0x3266), 0 */
   cr_assert_eq(harness_vgpr(m, 0, 0), 0x3666u | 0x3c00u << 16);
   cr_assert_eq(harness_vgpr(m, 1, 0), 0x3266u);
   rdna_machine_destroy(m);
}

/* ---- stores -------------------------------------------------------------------------------- */

/* Unorm stores: NaN 0, clamp to [0, 1], then the exact product by 255 rounded to nearest even. */
Test(mimg, store_r8_unorm_rounding)
{
   static const float in[32] = {
      0.0f,      1.0f,   0.5f,        0.25f,  -1.0f,         2.0f,          NAN,    INFINITY,
      -INFINITY, 0.001f, 0.00196078f, 0.002f, 1.0f / 510.0f, 3.0f / 510.0f, 0.998f, 0.999f,
      0.1f,      0.3f,   0.7f,        0.9f,   0.4f,          0.6f,          0.8f,   0.2f,
      0.33f,     0.66f,  0.125f,      0.375f, 0.625f,        0.875f,        1e-30f, 0.9999f
   };
   struct tdesc t = { .format = FMT_8_UNORM, .width = 32, .height = 1, .type = 8 };
   uint8_t zero[32] = { 0 };
   struct rdna_machine *m =
      image_machine(32, "image_store v0, v4, s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_1D\ns_endpgm\n", &t,
                    NULL, zero, sizeof(zero));
   for (unsigned l = 0; l < 32; l++) {
      rdna_machine_set_vgpr(m, 0, 0, l, f32_bits(in[l]));
      rdna_machine_set_vgpr(m, 0, 4, l, l);
   }
   harness_run(m);
   harness_no_fault(m);
   uint8_t out[32];
   cr_assert_eq(rdna_machine_read_memory(m, IMG, out, 32), RDNA_OK);
   for (unsigned l = 0; l < 32; l++) {
      double v = isnan(in[l]) ? 0.0 : fmin(fmax((double)in[l], 0.0), 1.0);
      cr_assert_eq(out[l], (uint8_t)nearbyint(v * 255.0), "store %.9g", (double)in[l]);
   }
   rdna_machine_destroy(m);
}

/* f16 stores round to nearest even: IEEE binary16 encodings of the inputs. */
Test(mimg, store_r16_float_and_r11g11b10)
{
   static const struct {
      float in;
      uint16_t half;
      uint32_t small11; /* the 11-bit float of the same value */
   } cases[] = {
      { 1.0f, 0x3c00, 0x3c0 },     { 65504.0f, 0x7bff, 0x7c0 },
      { 65520.0f, 0x7c00, 0x7c0 }, { 0x1p-24f, 0x0001, 0 },
      { 0.1f, 0x2e66, 0x2e6 },     { -2.0f, 0xc000, 0 },
      { 0x1p-14f, 0x0400, 0x040 }, { 1.0f + 0x1p-11f, 0x3c00, 0x3c0 },
   };
   unsigned n = sizeof(cases) / sizeof(cases[0]);
   uint8_t zero[64] = { 0 };
   struct tdesc t = { .format = FMT_16_FLOAT, .width = 8, .height = 1, .type = 8 };
   struct rdna_machine *m =
      image_machine(32, "image_store v0, v4, s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_1D\ns_endpgm\n", &t,
                    NULL, zero, sizeof(zero));
   for (unsigned l = 0; l < 32; l++) {
      rdna_machine_set_vgpr(m, 0, 0, l, f32_bits(cases[l % n].in));
      rdna_machine_set_vgpr(m, 0, 4, l, l < n ? l : 1000);
   }
   harness_run(m);
   uint16_t out[8];
   cr_assert_eq(rdna_machine_read_memory(m, IMG, out, sizeof(out)), RDNA_OK);
   for (unsigned k = 0; k < n; k++)
      cr_assert_eq(out[k], cases[k].half, "f16 of %a", (double)cases[k].in);
   rdna_machine_destroy(m);

   /* the 11-bit red of R11G11B10 (5-bit exponent, 6-bit mantissa): 0.1 = 1.6 * 2^-4 gives
    * e = 11, m = round(0.6 * 64) = 38 (0x2e6); 65504 is past the largest finite 65024 by more
    * than half an ulp: infinity; 2^-24 is below half the smallest denormal 2^-20: 0 */
   t.format = FMT_10_11_11_FLOAT;
   m = image_machine(32, "image_store v[0:2], v4, s[0:7] dmask:0x7 dim:SQ_RSRC_IMG_1D\ns_endpgm\n",
                     &t, NULL, zero, sizeof(zero));
   for (unsigned l = 0; l < 32; l++) {
      rdna_machine_set_vgpr(m, 0, 0, l, f32_bits(cases[l % n].in));
      rdna_machine_set_vgpr(m, 0, 1, l, f32_bits(0.5f));
      rdna_machine_set_vgpr(m, 0, 2, l, f32_bits(-1.0f));
      rdna_machine_set_vgpr(m, 0, 4, l, l < n ? l : 1000);
   }
   harness_run(m);
   uint32_t packed[8];
   cr_assert_eq(rdna_machine_read_memory(m, IMG, packed, sizeof(packed)), RDNA_OK);
   for (unsigned k = 0; k < n; k++) {
      uint32_t red = packed[k] & 0x7ffu;
      cr_assert_eq(red, cases[k].small11, "r11 of %a: 0x%x", (double)cases[k].in, red);
      cr_assert_eq(packed[k] >> 11 & 0x7ffu, 14u << 6, "0.5 is 2^-1: e = 14");
      cr_assert_eq(packed[k] >> 22, 0u, "negative values store 0");
   }
   rdna_machine_destroy(m);
}

/* ---- addressing --------------------------------------------------------------------------- */

/* The linear layout: level l of a W x H array of S slices starts after the levels before it
 * (max(1, W >> l) * max(1, H >> l) * S texels each); slice s at s * the level's slice size.
 * image_store_mip to (x, y, slice, mip) lands there; image_get_resinfo reports the level. */
Test(mimg, store_mip_array_texel_address_and_resinfo)
{
   const unsigned W = 7, H = 5, S = 3, bpp = 4;
   struct tdesc t = { .format = FMT_32_UINT,
                      .width = W,
                      .height = H,
                      .depth = S,
                      .type = 13,
                      .base_level = 1,
                      .last_level = 2,
                      .base_array = 1 };
   uint8_t zero[1024] = { 0 };
   struct rdna_machine *m =
      image_machine(32,
                    "image_store_mip v0, v[4:7], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_ARRAY\n"
                    "image_get_resinfo v[8:11], v7, s[0:7] dmask:0xf dim:SQ_RSRC_IMG_2D_ARRAY\n"
                    "s_endpgm\n",
                    &t, NULL, zero, sizeof(zero));
   /* lane 0: (2, 1) of view slice 1 (slice 2), view mip 1 (level 2: 1 x 1 -> out of range);
    * lane 1: (2, 1) slice 1, view mip 0 (level 1: 3 x 2); lane 2: slice 2 is past DEPTH. */
   static const uint32_t coords[3][4] = { { 0, 0, 1, 1 }, { 2, 1, 1, 0 }, { 0, 0, 2, 0 } };
   for (unsigned l = 0; l < 3; l++) {
      rdna_machine_set_vgpr(m, 0, 0, l, 0xa0 + l);
      for (unsigned k = 0; k < 4; k++)
         rdna_machine_set_vgpr(m, 0, 4 + k, l, coords[l][k]);
   }
   rdna_machine_set_exec(m, 0, 0x7);
   harness_run(m);
   harness_no_fault(m);
   uint32_t words[256];
   cr_assert_eq(rdna_machine_read_memory(m, IMG, words, sizeof(words)), RDNA_OK);
   unsigned level0 = W * H * S, level1 = 3 * 2 * S;
   unsigned lane0 = level0 + level1 + 2 * 1 * 1; /* level 2 is 1 x 1 */
   unsigned lane1 = level0 + 2 * 3 * 2 + 1 * 3 + 2;
   cr_assert_eq(words[lane0 * bpp / 4], 0xa0u);
   cr_assert_eq(words[lane1 * bpp / 4], 0xa1u);
   unsigned written = 0;
   for (unsigned k = 0; k < 256; k++)
      written += words[k] != 0;
   cr_assert_eq(written, 2, "lane 2's slice is past the view: dropped");
   /* resinfo of view mip 0 (lane 1): level 1 is 3 x 2, 2 slices in the view, 2 levels */
   cr_assert_eq(harness_vgpr(m, 8, 1), 3u);
   cr_assert_eq(harness_vgpr(m, 9, 1), 2u);
   cr_assert_eq(harness_vgpr(m, 10, 1), 2u);
   cr_assert_eq(harness_vgpr(m, 11, 1), 2u);
   cr_assert_eq(harness_vgpr(m, 8, 0), 1u); /* view mip 1 = level 2: 7 >> 2 */
   cr_assert_eq(harness_vgpr(m, 9, 0), 1u);
   rdna_machine_destroy(m);
}

/* Out-of-range loads return 0 in every component, even where dst_sel or a missing alpha would
 * give 1. */
Test(mimg, load_out_of_range_returns_zero)
{
   uint8_t texels[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
   struct tdesc t = { .format = FMT_8_8_8_8_UINT, .width = 2, .height = 1 };
   struct rdna_machine *m =
      image_machine(32,
                    "image_load v[0:3], v[4:5], s[0:7] dmask:0xf dim:SQ_RSRC_IMG_2D\n"
                    "s_endpgm\n",
                    &t, NULL, texels, sizeof(texels));
   rdna_machine_set_vgpr(m, 0, 4, 1, 1);
   rdna_machine_set_vgpr(m, 0, 4, 2, 2);          /* x past the width */
   rdna_machine_set_vgpr(m, 0, 5, 3, 1);          /* y past the height */
   rdna_machine_set_vgpr(m, 0, 4, 4, 0xffffffff); /* negative */
   harness_run(m);
   for (unsigned c = 0; c < 4; c++) {
      cr_assert_eq(harness_vgpr(m, c, 0), c + 1u);
      cr_assert_eq(harness_vgpr(m, c, 1), c + 5u);
      for (unsigned l = 2; l < 5; l++)
         cr_assert_eq(harness_vgpr(m, c, l), 0u);
   }
   rdna_machine_destroy(m);
}

/* Descriptors are checked when the instruction runs: an image outside guest memory faults
 * UNMAPPED at the texel, a tiled SW_MODE faults UNSUPPORTED naming the mode, a dim that is not
 * the T#'s type faults INVALID_OPERAND. */
Test(mimg, descriptor_faults)
{
   uint8_t texels[16] = { 0 };
   struct tdesc big = { .format = FMT_32_FLOAT, .width = 16384, .height = 16 };
   struct rdna_machine *m =
      image_machine(32, "image_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D\ns_endpgm\n",
                    &big, NULL, texels, sizeof(texels));
   rdna_machine_set_vgpr(m, 0, 5, 3, 15);
   rdna_machine_set_vgpr(m, 0, 0, 0, 0x1234);
   struct rdna_fault f = run_fault(m);
   cr_assert_eq(f.kind, RDNA_FAULT_UNMAPPED);
   cr_assert_eq(f.lane, 3);
   cr_assert_eq(f.address, IMG + 15ull * 16384 * 4);
   cr_assert_eq(harness_vgpr(m, 0, 0), 0x1234u, "a faulting load writes nothing");
   rdna_machine_destroy(m);

   struct tdesc tiled = { .format = FMT_32_FLOAT, .width = 2, .height = 2, .sw_mode = 27 };
   m = image_machine(32, "image_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D\ns_endpgm\n",
                     &tiled, NULL, texels, sizeof(texels));
   f = run_fault(m);
   cr_assert_eq(f.kind, RDNA_FAULT_UNSUPPORTED);
   cr_assert(strstr(f.message, "SW_64KB_R_X") != NULL, "%s", f.message);
   rdna_machine_destroy(m);

   struct tdesc three_d = { .format = FMT_32_FLOAT, .width = 2, .height = 2, .type = 10 };
   m = image_machine(32, "image_load v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D\ns_endpgm\n",
                     &three_d, NULL, texels, sizeof(texels));
   f = run_fault(m);
   cr_assert_eq(f.kind, RDNA_FAULT_INVALID_OPERAND);
   cr_assert(strstr(f.message, "3D") != NULL, "%s", f.message);
   rdna_machine_destroy(m);
}

/* ---- atomics ------------------------------------------------------------------------------- */

/* image_atomic_add with glc: lanes run in order, each returning the value before its add;
 * an out-of-range lane is dropped and returns 0. */
Test(mimg, atomic_add_returns_old_values_in_lane_order)
{
   uint32_t texels[2] = { 100, 7 };
   struct tdesc t = { .format = FMT_32_UINT, .width = 2, .height = 1 };
   struct rdna_machine *m = image_machine(
      32, "image_atomic_add v0, v[4:5], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D glc\ns_endpgm\n", &t,
      NULL, texels, sizeof(texels));
   for (unsigned l = 0; l < 32; l++) {
      rdna_machine_set_vgpr(m, 0, 0, l, l + 1);
      rdna_machine_set_vgpr(m, 0, 4, l, l == 31 ? 5 : l % 2);
   }
   harness_run(m);
   uint32_t sums[2] = { 100, 7 };
   for (unsigned l = 0; l < 31; l++) {
      cr_assert_eq(harness_vgpr(m, 0, l), sums[l % 2], "lane %u", l);
      sums[l % 2] += l + 1;
   }
   cr_assert_eq(harness_vgpr(m, 0, 31), 0u);
   uint32_t out[2];
   cr_assert_eq(rdna_machine_read_memory(m, IMG, out, sizeof(out)), RDNA_OK);
   cr_assert_eq(out[0], sums[0]);
   cr_assert_eq(out[1], sums[1]);
   rdna_machine_destroy(m);
}

/* ---- sampling ------------------------------------------------------------------------------ */

/* Bilinear in f32 as docs/images.md defines it: p = u * size - 0.5 per axis, F = floor(p * 256),
 * i0 = F >> 8, f = F & 255; weights (256 - fx)(256 - fy) / 65536 ... for texels (i0, j0),
 * (i0+1, j0), (i0, j0+1), (i0+1, j0+1) in that order, each product rounded, summed in order. */
static float bilinear_reference(const float *img, unsigned w, unsigned h, float u, float v)
{
   float pu = u * (float)w - 0.5f, pv = v * (float)h - 0.5f;
   long fu = (long)floorf(pu * 256.0f), fv = (long)floorf(pv * 256.0f);
   long i0 = fu >> 8, j0 = fv >> 8;
   unsigned fx = (unsigned)(fu & 255), fy = (unsigned)(fv & 255);
   float sum = 0;
   bool first = true;
   for (unsigned y = 0; y < 2; y++)
      for (unsigned x = 0; x < 2; x++) {
         unsigned weight = (x ? fx : 256 - fx) * (y ? fy : 256 - fy);
         if (!weight)
            continue;
         long i = i0 + x, j = j0 + y; /* clamp to edge */
         i = i < 0 ? 0 : i >= (long)w ? (long)w - 1 : i;
         j = j < 0 ? 0 : j >= (long)h ? (long)h - 1 : j;
         float product = img[j * (long)w + i] * ((float)weight / 65536.0f);
         sum = first ? product : sum + product;
         first = false;
      }
   return sum;
}

Test(mimg, sample_lz_bilinear_clamp_to_edge)
{
   float img[16];
   for (unsigned k = 0; k < 16; k++)
      img[k] = 1.0f / (float)(k + 3) + (float)(k * k);
   struct tdesc t = { .format = FMT_32_FLOAT, .width = 4, .height = 4 };
   struct sdesc s = { .clamp = 2, .filter = 1 };
   struct rdna_machine *m =
      image_machine(64,
                    "image_sample_lz v0, v[4:5], s[0:7], s[8:11] dmask:0x1 dim:SQ_RSRC_IMG_2D\n"
                    "s_endpgm\n",
                    &t, &s, img, sizeof(img));
   float u[64], v[64];
   for (unsigned l = 0; l < 64; l++) {
      u[l] = -0.2f + 0.0231f * (float)l;
      v[l] = 1.1f - 0.0173f * (float)l;
      rdna_machine_set_vgpr(m, 0, 4, l, f32_bits(u[l]));
      rdna_machine_set_vgpr(m, 0, 5, l, f32_bits(v[l]));
   }
   harness_run(m);
   harness_no_fault(m);
   for (unsigned l = 0; l < 64; l++)
      cr_assert_eq(harness_vgpr(m, 0, l), f32_bits(bilinear_reference(img, 4, 4, u[l], v[l])),
                   "lane %u (%g, %g): %g", l, (double)u[l], (double)v[l],
                   (double)bits_f32(harness_vgpr(m, 0, l)));
   rdna_machine_destroy(m);
}

/* Point sampling through each address mode at texel -1 and texel 4 of a 4-texel row; the border
 * modes return the border colour (opaque white here). */
Test(mimg, sample_point_address_modes)
{
   float row[4] = { 10.0f, 11.0f, 12.0f, 13.0f };
   /* expected texel index for i = -1 and i = 4, -2 for the border */
   static const int expected[8][2] = {
      { 3, 0 },   /* wrap */
      { 0, 3 },   /* mirror */
      { 0, 3 },   /* clamp last texel */
      { 0, 3 },   /* mirror once, last texel */
      { -2, -2 }, /* clamp half border */
      { 0, -2 },  /* mirror once half border */
      { -2, -2 }, /* clamp border */
      { 0, -2 },  /* mirror once border */
   };
   for (unsigned mode = 0; mode < 8; mode++) {
      struct tdesc t = { .format = FMT_32_FLOAT, .width = 4, .height = 1, .type = 8 };
      struct sdesc s = { .clamp = mode, .filter = 0, .border = 2 };
      struct rdna_machine *m = image_machine(
         32, "image_sample_lz v0, v4, s[0:7], s[8:11] dmask:0x1 dim:SQ_RSRC_IMG_1D\ns_endpgm\n", &t,
         &s, row, sizeof(row));
      rdna_machine_set_vgpr(m, 0, 4, 0, f32_bits(-0.125f)); /* texel -1 */
      rdna_machine_set_vgpr(m, 0, 4, 1, f32_bits(1.125f));  /* texel 4 */
      harness_run(m);
      for (unsigned l = 0; l < 2; l++) {
         int i = expected[mode][l];
         float want = i == -2 ? 1.0f : row[i];
         cr_assert_eq(harness_vgpr(m, 0, l), f32_bits(want), "mode %u lane %u", mode, l);
      }
      rdna_machine_destroy(m);
   }
}

/* image_sample_l with MIP_FILTER linear blends two levels by the LOD's fraction in 8 bits:
 * r = r0 * (256 - m) / 256 + r1 * m / 256. Levels 0, 1, 2 of a 4x4 R32_FLOAT image hold 1, 2
 * and 4 everywhere. */
Test(mimg, sample_l_trilinear_between_levels)
{
   float texels[16 + 4 + 1];
   for (unsigned k = 0; k < 21; k++)
      texels[k] = k < 16 ? 1.0f : k < 20 ? 2.0f : 4.0f;
   struct tdesc t = { .format = FMT_32_FLOAT, .width = 4, .height = 4, .last_level = 2 };
   struct sdesc s = { .clamp = 2, .filter = 1, .mip_filter = 2 };
   struct rdna_machine *m = image_machine(
      32, "image_sample_l v0, v[4:6], s[0:7], s[8:11] dmask:0x1 dim:SQ_RSRC_IMG_2D\ns_endpgm\n", &t,
      &s, texels, sizeof(texels));
   static const float lods[6] = { 0.0f, 0.5f, 1.0f, 1.3f, 2.0f, 7.0f };
   for (unsigned l = 0; l < 6; l++) {
      rdna_machine_set_vgpr(m, 0, 4, l, f32_bits(0.5f));
      rdna_machine_set_vgpr(m, 0, 5, l, f32_bits(0.5f));
      rdna_machine_set_vgpr(m, 0, 6, l, f32_bits(lods[l]));
   }
   rdna_machine_set_exec(m, 0, 0x3f);
   harness_run(m);
   for (unsigned l = 0; l < 6; l++) {
      float lod = lods[l] > 2.0f ? 2.0f : lods[l];
      unsigned fixed = (unsigned)floorf(lod * 256.0f), d = fixed >> 8, frac = fixed & 255;
      float level_value[3] = { 1.0f, 2.0f, 4.0f };
      float want = level_value[d];
      if (frac)
         want = level_value[d] * ((float)(256 - frac) / 256.0f) +
                level_value[d + 1] * ((float)frac / 256.0f);
      cr_assert_eq(harness_vgpr(m, 0, l), f32_bits(want), "lod %g", (double)lods[l]);
   }
   rdna_machine_destroy(m);
}

/* image_sample_c_lz compares the reference with each texel (LESS: reference < texel) before
 * filtering: the result is the weighted share of passing texels. */
Test(mimg, sample_c_lz_compare_then_filter)
{
   float row[2] = { 0.25f, 0.75f };
   struct tdesc t = { .format = FMT_32_FLOAT, .width = 2, .height = 1, .type = 8 };
   struct sdesc s = { .clamp = 2, .filter = 1, .compare = 1 };
   struct rdna_machine *m =
      image_machine(32,
                    "image_sample_c_lz v0, v[4:5], s[0:7], s[8:11] dmask:0x1 dim:SQ_RSRC_IMG_1D\n"
                    "s_endpgm\n",
                    &t, &s, row, sizeof(row));
   static const float ref[4] = { 0.1f, 0.5f, 0.9f, 0.5f };
   static const float u[4] = { 0.5f, 0.5f, 0.5f, 0.625f };
   for (unsigned l = 0; l < 4; l++) {
      rdna_machine_set_vgpr(m, 0, 4, l, f32_bits(ref[l]));
      rdna_machine_set_vgpr(m, 0, 5, l, f32_bits(u[l]));
   }
   rdna_machine_set_exec(m, 0, 0xf);
   harness_run(m);
   /* u = 0.5 sits between the texels (weights 128/128); u = 0.625: p = 0.75, f = 192 */
   cr_assert_eq(harness_vgpr(m, 0, 0), f32_bits(1.0f));
   cr_assert_eq(harness_vgpr(m, 0, 1), f32_bits(0.5f));
   cr_assert_eq(harness_vgpr(m, 0, 2), f32_bits(0.0f));
   cr_assert_eq(harness_vgpr(m, 0, 3), f32_bits(192.0f / 256.0f));
   rdna_machine_destroy(m);
}

/* ---- LOD from derivatives ------------------------------------------------------------------ */

/* An 8x8 R32_FLOAT image with levels 8, 4, 2, 1 holding 1, 2, 4, 8 everywhere; point filtering,
 * MIP_FILTER point. */
static struct rdna_machine *lod_machine(const char *source)
{
   static float texels[64 + 16 + 4 + 1];
   for (unsigned k = 0; k < 85; k++)
      texels[k] = k < 64 ? 1.0f : k < 80 ? 2.0f : k < 84 ? 4.0f : 8.0f;
   struct tdesc t = { .format = FMT_32_FLOAT, .width = 8, .height = 8, .last_level = 3 };
   struct sdesc s = { .clamp = 2, .filter = 0, .mip_filter = 1 };
   return image_machine(32, source, &t, &s, texels, sizeof(texels));
}

/* The level MIP_FILTER point picks for derivative length rho (texels per pixel), computed on the
 * host: lod = floor(256 * log2(rho)) / 256 from rho^2 as the interpreter forms it in f32,
 * clamped at 0, then ceil(lod + 0.5) - 1, clamped to the last level. */
static float level_value_for(float rho2, float bias)
{
   double lod = floor(128.0 * log2((double)rho2)) / 256.0 + bias;
   lod = lod < 0 ? 0 : lod;
   int level = (int)ceil(lod + 0.5) - 1;
   level = level > 3 ? 3 : level;
   return (float)(1 << level);
}

/* image_sample and image_sample_b take derivatives from the quad: lane 4q+1 minus lane 4q along
 * x, lane 4q+2 minus lane 4q along y, scaled by the extent. The values of rho stay away from
 * level boundaries, so the host's log2 decides the same level. */
Test(mimg, sample_implicit_derivatives_pick_levels)
{
   static const float rho[8] = { 0.5f, 1.0f, 1.41f, 1.42f, 2.0f, 3.0f, 4.0f, 6.0f };
   struct rdna_machine *m =
      lod_machine("image_sample v0, v[4:5], s[0:7], s[8:11] dmask:0x1 dim:SQ_RSRC_IMG_2D\n"
                  "image_sample_b v1, [v6, v4, v5], s[0:7], s[8:11] dmask:0x1 "
                  "dim:SQ_RSRC_IMG_2D\n"
                  "s_endpgm\n");
   float u[32], v[32];
   for (unsigned l = 0; l < 32; l++) {
      unsigned q = l / 4, corner = l % 4;
      float du = rho[q] / 8.0f, u0 = 0.25f, v0 = 0.375f;
      /* quads alternate between x and y as the longer derivative */
      float dx = q % 2 ? du * 0.5f : du, dy = q % 2 ? du : du * 0.25f;
      u[l] = corner & 1 ? u0 + dx : u0;
      v[l] = corner & 2 ? v0 + dy : v0;
      rdna_machine_set_vgpr(m, 0, 4, l, f32_bits(u[l]));
      rdna_machine_set_vgpr(m, 0, 5, l, f32_bits(v[l]));
      rdna_machine_set_vgpr(m, 0, 6, l, f32_bits(1.0f)); /* bias */
   }
   harness_run(m);
   harness_no_fault(m);
   for (unsigned l = 0; l < 32; l++) {
      unsigned q0 = l & ~3u;
      float ddx[2] = { (u[q0 + 1] - u[q0]) * 8.0f, (v[q0 + 1] - v[q0]) * 8.0f };
      float ddy[2] = { (u[q0 + 2] - u[q0]) * 8.0f, (v[q0 + 2] - v[q0]) * 8.0f };
      float rx = ddx[0] * ddx[0] + ddx[1] * ddx[1], ry = ddy[0] * ddy[0] + ddy[1] * ddy[1];
      float rho2 = rx > ry ? rx : ry;
      cr_assert_eq(harness_vgpr(m, 0, l), f32_bits(level_value_for(rho2, 0)), "lane %u", l);
      cr_assert_eq(harness_vgpr(m, 1, l), f32_bits(level_value_for(rho2, 1.0f)), "lane %u", l);
   }
   rdna_machine_destroy(m);
}

/* image_sample_d takes the derivatives {ds/dx, dt/dx, ds/dy, dt/dy} before the coordinates;
 * image_get_lod returns {the clamped LOD, the LOD from the derivatives} as floats. */
Test(mimg, sample_user_derivatives_and_get_lod)
{
   struct rdna_machine *m =
      lod_machine("image_sample_d v0, [v4, v5, v6, v7, v8, v9], s[0:7], s[8:11] dmask:0x1 "
                  "dim:SQ_RSRC_IMG_2D\n"
                  "image_get_lod v[1:2], v[10:11], s[0:7], s[8:11] dmask:0x3 dim:SQ_RSRC_IMG_2D\n"
                  "s_endpgm\n");
   static const float ds[4] = { 0.0625f, 0.25f, 0.5f, 0.01f }; /* rho 0.5, 2, 4, 0.08 */
   for (unsigned l = 0; l < 32; l++) {
      rdna_machine_set_vgpr(m, 0, 4, l, f32_bits(ds[l % 4]));
      rdna_machine_set_vgpr(m, 0, 5, l, 0);
      rdna_machine_set_vgpr(m, 0, 6, l, 0);
      rdna_machine_set_vgpr(m, 0, 7, l, f32_bits(ds[l % 4] / 2.0f));
      rdna_machine_set_vgpr(m, 0, 8, l, f32_bits(0.5f));
      rdna_machine_set_vgpr(m, 0, 9, l, f32_bits(0.5f));
      /* quads of get_lod: x steps of 2/8 (rho 2, lod 1) */
      rdna_machine_set_vgpr(m, 0, 10, l, f32_bits(l % 2 ? 0.5f : 0.25f));
      rdna_machine_set_vgpr(m, 0, 11, l, f32_bits(0.25f));
   }
   harness_run(m);
   harness_no_fault(m);
   for (unsigned l = 0; l < 32; l++) {
      float d = ds[l % 4] * 8.0f;
      cr_assert_eq(harness_vgpr(m, 0, l), f32_bits(level_value_for(d * d, 0)), "lane %u", l);
      cr_assert_eq(harness_vgpr(m, 1, l), f32_bits(1.0f));
      cr_assert_eq(harness_vgpr(m, 2, l), f32_bits(1.0f));
   }
   rdna_machine_destroy(m);
}

/* A zero derivative has no finite LOD: docs/images.md ("Filtering arithmetic", step 1) takes
 * L = -2^20 (in 1/256), so image_get_lod's second value is -4096 and its first the LOD clamped
 * to the S# MIN_LOD (0); an infinite derivative gives L = 2^20 (4096), clamped to MAX_LOD. */
Test(mimg, get_lod_of_zero_and_infinite_derivatives)
{
   struct rdna_machine *m =
      lod_machine("image_get_lod v[1:2], v[10:11], s[0:7], s[8:11] dmask:0x3 dim:SQ_RSRC_IMG_2D\n"
                  "s_endpgm\n");
   for (unsigned l = 0; l < 32; l++) {
      /* quads 0-3 all at one point; quads 4-7 step from 0 to infinity along x */
      uint32_t u = l >= 16 && l % 2 ? 0x7f800000u : f32_bits(0.25f);
      rdna_machine_set_vgpr(m, 0, 10, l, u);
      rdna_machine_set_vgpr(m, 0, 11, l, f32_bits(0.25f));
   }
   harness_run(m);
   harness_no_fault(m);
   for (unsigned l = 0; l < 32; l++) {
      bool infinite = l >= 16;
      cr_assert_eq(harness_vgpr(m, 1, l), f32_bits(infinite ? 4095.0f / 256.0f : 0.0f), "lane %u",
                   l);
      cr_assert_eq(harness_vgpr(m, 2, l), f32_bits(infinite ? 4096.0f : -4096.0f), "lane %u", l);
   }
   rdna_machine_destroy(m);
}

/* image_gather4_lz returns one component of the four bilinear-footprint texels in the order
 * (i0, j1), (i1, j1), (i1, j0), (i0, j0). */
Test(mimg, gather4_lz_footprint_order)
{
   float img[4] = { 1.0f, 2.0f, 3.0f, 4.0f };
   struct tdesc t = { .format = FMT_32_FLOAT, .width = 2, .height = 2 };
   struct sdesc s = { .clamp = 2 };
   struct rdna_machine *m = image_machine(
      32,
      "image_gather4_lz v[0:3], v[4:5], s[0:7], s[8:11] dmask:0x1 dim:SQ_RSRC_IMG_2D\n"
      "s_endpgm\n",
      &t, &s, img, sizeof(img));
   rdna_machine_set_vgpr(m, 0, 4, RDNA_ALL_LANES, f32_bits(0.5f));
   rdna_machine_set_vgpr(m, 0, 5, RDNA_ALL_LANES, f32_bits(0.5f));
   rdna_machine_set_vgpr(m, 0, 4, 1, f32_bits(0.0f)); /* clamped: i0 = i1 = 0 */
   harness_run(m);
   cr_assert_eq(harness_vgpr(m, 0, 0), f32_bits(3.0f));
   cr_assert_eq(harness_vgpr(m, 1, 0), f32_bits(4.0f));
   cr_assert_eq(harness_vgpr(m, 2, 0), f32_bits(2.0f));
   cr_assert_eq(harness_vgpr(m, 3, 0), f32_bits(1.0f));
   cr_assert_eq(harness_vgpr(m, 0, 1), f32_bits(3.0f));
   cr_assert_eq(harness_vgpr(m, 1, 1), f32_bits(3.0f));
   cr_assert_eq(harness_vgpr(m, 2, 1), f32_bits(1.0f));
   cr_assert_eq(harness_vgpr(m, 3, 1), f32_bits(1.0f));
   rdna_machine_destroy(m);
}

/* MSAA images are not implemented: image_msaa_load faults UNSUPPORTED naming itself. */
Test(mimg, msaa_load_is_unsupported)
{
   float texel = 1.0f;
   struct tdesc t = { .format = FMT_32_FLOAT, .width = 1, .height = 1, .type = 14 };
   struct rdna_machine *m = image_machine(
      32, "image_msaa_load v0, v[4:6], s[0:7] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA\ns_endpgm\n", &t,
      NULL, &texel, sizeof(texel));
   struct rdna_fault f = run_fault(m);
   cr_assert_eq(f.kind, RDNA_FAULT_UNSUPPORTED);
   cr_assert(strstr(f.message, "image_msaa_load") != NULL, "%s", f.message);
   rdna_machine_destroy(m);
}

/* ---- raw forms, 3D, a16 and mirrored filtering ------------------------------------------------
 */

/* _pck loads return the stored bits of each component without conversion (zero-extended, or
 * sign-extended by _pck_sgn); _pck stores write each VGPR's low bits. */
Test(mimg, pck_loads_and_stores_raw_components)
{
   uint8_t texels[8] = { 0x80, 0x7f, 0xff, 0x01, 0, 0, 0, 0 };
   struct tdesc t = { .format = FMT_8_8_8_8_UNORM, .width = 2, .height = 1, .type = 8 };
   struct rdna_machine *m =
      image_machine(32,
                    "image_load_pck v[0:3], v4, s[0:7] dmask:0xf dim:SQ_RSRC_IMG_1D\n"
                    "image_load_pck_sgn v[8:11], v4, s[0:7] dmask:0xf dim:SQ_RSRC_IMG_1D\n"
                    "image_store_pck v[12:15], v5, s[0:7] dmask:0xf dim:SQ_RSRC_IMG_1D\n"
                    "s_endpgm\n",
                    &t, NULL, texels, sizeof(texels));
   rdna_machine_set_exec(m, 0, 1);
   rdna_machine_set_vgpr(m, 0, 5, 0, 1);
   for (unsigned k = 0; k < 4; k++)
      rdna_machine_set_vgpr(m, 0, 12 + k, 0, 0x1234500u + 0x11u * (k + 1));
   harness_run(m);
   harness_no_fault(m);
   for (unsigned k = 0; k < 4; k++) {
      cr_assert_eq(harness_vgpr(m, k, 0), texels[k]);
      cr_assert_eq(harness_vgpr(m, 8 + k, 0), (uint32_t)(int32_t)(int8_t)texels[k]);
   }
   uint8_t out[4];
   cr_assert_eq(rdna_machine_read_memory(m, IMG + 4, out, 4), RDNA_OK);
   for (unsigned k = 0; k < 4; k++)
      cr_assert_eq(out[k], (uint8_t)(0x11u * (k + 1)));
   rdna_machine_destroy(m);
}

/* A 1x1x2 3D image with Z_FILTER linear: r = 0.5 sits between the planes (weights 128/128),
 * r = 0.375 gives p = 0.25, weights 192 and 64. With Z_FILTER point the plane holding r * 2. */
Test(mimg, sample_3d_linear_in_z)
{
   float planes[2] = { 1.0f, 3.0f };
   struct tdesc t = { .format = FMT_32_FLOAT, .width = 1, .height = 1, .depth = 2, .type = 10 };
   for (unsigned z_filter = 1; z_filter <= 2; z_filter++) {
      struct sdesc s = { .clamp = 2, .z_filter = z_filter };
      struct rdna_machine *m =
         image_machine(32,
                       "image_sample_lz v0, v[4:6], s[0:7], s[8:11] dmask:0x1 dim:SQ_RSRC_IMG_3D\n"
                       "s_endpgm\n",
                       &t, &s, planes, sizeof(planes));
      static const float r[3] = { 0.5f, 0.375f, 0.875f };
      for (unsigned l = 0; l < 3; l++)
         rdna_machine_set_vgpr(m, 0, 6, l, f32_bits(r[l]));
      rdna_machine_set_exec(m, 0, 7);
      harness_run(m);
      for (unsigned l = 0; l < 3; l++) {
         float p = r[l] * 2.0f - 0.5f;
         float want;
         if (z_filter == 2) {
            long fixed = (long)floorf(p * 256.0f), i0 = fixed >> 8;
            float f = (float)(fixed & 255) / 256.0f;
            float t0 = planes[i0 < 0 ? 0 : i0 > 1 ? 1 : i0];
            float t1 = planes[i0 + 1 > 1 ? 1 : i0 + 1];
            want = f == 0 ? t0 : t0 * (1.0f - f) + t1 * f;
         } else {
            want = planes[(int)floorf(r[l] * 2.0f)];
         }
         cr_assert_eq(harness_vgpr(m, 0, l), f32_bits(want), "z_filter %u r %g: %g", z_filter,
                      (double)r[l], (double)bits_f32(harness_vgpr(m, 0, l)));
      }
      rdna_machine_destroy(m);
   }
}

/* a16: the coordinates are f16 halves of one VGPR, x low. (0.5, 0.5) = 0x3800 each is the
 * centre of a 2x2 image: the mean of its texels under bilinear filtering. */
Test(mimg, sample_a16_coordinates)
{
   float img[4] = { 1.0f, 2.0f, 3.0f, 4.0f };
   struct tdesc t = { .format = FMT_32_FLOAT, .width = 2, .height = 2 };
   struct sdesc s = { .clamp = 2, .filter = 1 };
   struct rdna_machine *m = image_machine(
      32, "image_sample_lz v0, v4, s[0:7], s[8:11] dmask:0x1 dim:SQ_RSRC_IMG_2D a16\ns_endpgm\n",
      &t, &s, img, sizeof(img));
   rdna_machine_set_vgpr(m, 0, 4, 0, 0x38003800u);
   rdna_machine_set_vgpr(m, 0, 4, 1, 0x3a003400u); /* x 0.25 (texel 0 exactly), y 0.75 */
   rdna_machine_set_exec(m, 0, 3);
   harness_run(m);
   cr_assert_eq(harness_vgpr(m, 0, 0), f32_bits(2.5f));
   cr_assert_eq(harness_vgpr(m, 0, 1), f32_bits(3.0f)); /* (0, 1): the second row's first */
   rdna_machine_destroy(m);
}

/* Bilinear filtering through the address modes at the image's ends: u = 0 takes texels -1 and
 * 0, u = 1 texels 3 and 4, half each. Wrap reaches the other end; mirror and clamp repeat the
 * edge texel. */
Test(mimg, sample_bilinear_address_modes_at_the_ends)
{
   float row[4] = { 10.0f, 11.0f, 12.0f, 13.0f };
   static const struct {
      unsigned mode;
      float at0, at1;
   } cases[] = {
      { 0, (13.0f + 10.0f) / 2, (13.0f + 10.0f) / 2 },
      { 1, 10.0f, 13.0f },
      { 2, 10.0f, 13.0f },
      { 6, 10.0f / 2, 13.0f / 2 }, /* border: transparent black */
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      struct tdesc t = { .format = FMT_32_FLOAT, .width = 4, .height = 1, .type = 8 };
      struct sdesc s = { .clamp = cases[i].mode, .filter = 1 };
      struct rdna_machine *m = image_machine(
         32, "image_sample_lz v0, v4, s[0:7], s[8:11] dmask:0x1 dim:SQ_RSRC_IMG_1D\ns_endpgm\n", &t,
         &s, row, sizeof(row));
      rdna_machine_set_vgpr(m, 0, 4, 1, f32_bits(1.0f));
      rdna_machine_set_exec(m, 0, 3);
      harness_run(m);
      cr_assert_eq(harness_vgpr(m, 0, 0), f32_bits(cases[i].at0), "mode %u", cases[i].mode);
      cr_assert_eq(harness_vgpr(m, 0, 1), f32_bits(cases[i].at1), "mode %u", cases[i].mode);
      rdna_machine_destroy(m);
   }
}
