/* Image sampling lowering on the GPU (recomp/lower_mimg_sample.c): image_sample with bilinear
 * filtering and every address mode, trilinear filtering between mip levels, the level user
 * derivatives pick, gather4 with depth comparison, image_get_lod from the quad's implicit
 * derivatives, the fault of a texel outside guest memory, and R11G11B10 / RGB10A2 loads and
 * stores (recomp/lower_mimg.c), in wave32 and wave64. Expected values are computed here on the host
 * from the definitions of docs/images.md and the RDNA 2 ISA guide ("Image Sampler", "Image
 * Resource"): texel decoding, the 24.8 fixed-point texel position, weights in 1/256, and each
 * product and sum rounded to f32 in the order the steps give (host float arithmetic, round to
 * nearest even). */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gpu_harness.h"

/* One rounded product and one rounded sum: never fused. */
static float mul_f32(float a, float b)
{
   volatile float p = a * b;
   return p;
}

static float add_f32(float a, float b)
{
   volatile float s = a + b;
   return s;
}

static int64_t floor_div(int64_t v, int64_t d)
{
   return v >= 0 ? v / d : -((-v + d - 1) / d);
}

/* SQ_TEX address modes on texel index i of n; -1 for the border colour. */
static int64_t address_mode(unsigned mode, int64_t i, int64_t n)
{
   switch (mode) {
   case 0: /* wrap */
      return ((i % n) + n) % n;
   case 1: { /* mirror: period 2n */
      int64_t m = ((i % (2 * n)) + 2 * n) % (2 * n);
      return m < n ? m : 2 * n - 1 - m;
   }
   case 2: /* clamp to the last texel */
      return i < 0 ? 0 : i >= n ? n - 1 : i;
   case 3: /* mirror once, then clamp */
      i = i < 0 ? -1 - i : i;
      return i >= n ? n - 1 : i;
   default: /* clamp to the border */
      return i < 0 || i >= n ? -1 : i;
   }
}

static void add_lanes_f32(struct text *t, unsigned reg, const float *v, unsigned wave)
{
   uint32_t b[64];
   for (unsigned lane = 0; lane < wave; lane++)
      b[lane] = f32_to_bits(v[lane]);
   text_add_lanes(t, reg, b, wave);
}

/* A case for `wave` lanes whose first buffer, img, follows. */
static struct text case_begin(unsigned wave)
{
   struct text t = { 0 };
   text_add(&t, "[require]\nwave %u\n[buffer img]\n", wave);
   return t;
}

/* `count` f32 texels: value(0), value(1), ... */
static void add_texels_f32(struct text *t, float (*value)(unsigned), unsigned count)
{
   for (unsigned i = 0; i < count; i++)
      text_add(t, "u32 0x%x\n", f32_to_bits(value(i)));
}

/* Runs the case on the GPU and expects its [expect] section to hold; case_end frees both. */
static void case_run(const struct text *t, unsigned wave, struct gpu_run *run)
{
   harness_run(t->data, wave, RDNA_RELATIVE_DEFAULT, run);
   harness_expect_pass(run);
}

static void case_end(struct text *t, struct gpu_run *run)
{
   harness_free(run);
   text_free(t);
}

/* case_run, then case_end: for the tests whose whole check is the [expect] section. */
static void case_check(struct text *t, unsigned wave)
{
   struct gpu_run run;
   case_run(t, wave, &run);
   case_end(t, &run);
}

/* ---- bilinear RGBA8 unorm, every address mode ----------------------------------------------- */

#define W8 5
#define H8 3

static uint8_t rgba8_byte(unsigned i)
{
   return (uint8_t)((i * 37u + 11u) & 0xffu);
}

/* One axis of the bilinear footprint: s = u * n; F = floor((s - 0.5) * 256); taps F >> 8 and
 * F >> 8 + 1 with weights 256 - (F & 255) and F & 255. */
static void bilinear_axis(float u, unsigned n, int64_t index[2], unsigned weight[2])
{
   float s = mul_f32(u, (float)n);
   int64_t f = (int64_t)floorf(mul_f32(add_f32(s, -0.5f), 256.0f));
   int64_t i0 = floor_div(f, 256);
   index[0] = i0;
   index[1] = i0 + 1;
   weight[1] = (unsigned)(f - i0 * 256);
   weight[0] = 256 - weight[1];
}

static void sample_rgba8(float u, float v, unsigned mode, float out[4])
{
   int64_t ix[2], iy[2];
   unsigned wx[2], wy[2];
   bilinear_axis(u, W8, ix, wx);
   bilinear_axis(v, H8, iy, wy);
   bool first = true;
   for (unsigned y = 0; y < 2; y++)
      for (unsigned x = 0; x < 2; x++) {
         unsigned w = wx[x] * wy[y];
         if (w == 0)
            continue;
         int64_t tx = address_mode(mode, ix[x], W8), ty = address_mode(mode, iy[y], H8);
         float texel[4];
         for (unsigned c = 0; c < 4; c++)
            texel[c] = tx < 0 || ty < 0
                          ? 1.0f /* opaque white border */
                          : (float)rgba8_byte((unsigned)((ty * W8 + tx) * 4 + c)) / 255.0f;
         float wf = (float)w / 65536.0f;
         for (unsigned c = 0; c < 4; c++)
            out[c] = first ? mul_f32(texel[c], wf) : add_f32(out[c], mul_f32(texel[c], wf));
         first = false;
      }
}

Test(gpu_mimg_sample, bilinear_rgba8_every_address_mode)
{
   static const unsigned modes[] = { 0, 1, 2, 3, 6 };
   for (unsigned wave = 32; wave <= 64; wave *= 2) {
      for (unsigned m = 0; m < sizeof(modes) / sizeof(modes[0]); m++) {
         unsigned mode = modes[m];
         struct text t = case_begin(wave);
         for (unsigned i = 0; i < W8 * H8 * 4; i++)
            text_add(&t, "u8 %u\n", rgba8_byte(i));
         text_add(&t,
                  "[program]\n"
                  "  image_sample_lz v[0:3], v[4:5], s[0:7], s[8:11] dmask:0xf "
                  "dim:SQ_RSRC_IMG_2D\n"
                  "  s_endpgm\n"
                  "[init]\n"
                  "s[0:7] = tsharp(&img, format=56, width=%u, height=%u)\n"
                  "s[8:11] = ssharp(filter=1, clamp_x=%u, clamp_y=%u, border=2)\n",
                  W8, H8, mode, mode);
         float u[64], v[64], out[4][64];
         for (unsigned lane = 0; lane < wave; lane++) {
            /* from -1.3 to 2.2 and -0.9 to 1.8: inside, on texel centres and past both edges */
            u[lane] = -1.3f + 0.11f * (float)lane * (32.0f / (float)wave);
            v[lane] = 1.8f - 0.087f * (float)lane * (32.0f / (float)wave);
            float r[4];
            sample_rgba8(u[lane], v[lane], mode, r);
            for (unsigned c = 0; c < 4; c++)
               out[c][lane] = r[c];
         }
         add_lanes_f32(&t, 4, u, wave);
         add_lanes_f32(&t, 5, v, wave);
         text_add(&t, "[expect]\nfault none\n");
         for (unsigned c = 0; c < 4; c++)
            add_lanes_f32(&t, c, out[c], wave);
         cr_log_info("wave%u address mode %u", wave, mode);
         case_check(&t, wave);
      }
   }
}

/* ---- trilinear R32_FLOAT ------------------------------------------------------------------- */

#define MIP_SIZE 8u
#define MIP_LEVELS 4

static float mip_value(unsigned i)
{
   return (float)((i * 7919u) % 1000u) / 7.0f;
}

static unsigned level_start(unsigned level)
{
   unsigned start = 0;
   for (unsigned k = 0; k < level; k++)
      start += (MIP_SIZE >> k) * (MIP_SIZE >> k);
   return start;
}

static float bilinear_r32(float u, float v, unsigned level)
{
   unsigned n = MIP_SIZE >> level;
   int64_t ix[2], iy[2];
   unsigned wx[2], wy[2];
   bilinear_axis(u, n, ix, wx);
   bilinear_axis(v, n, iy, wy);
   float out = 0;
   bool first = true;
   for (unsigned y = 0; y < 2; y++)
      for (unsigned x = 0; x < 2; x++) {
         unsigned w = wx[x] * wy[y];
         if (w == 0)
            continue;
         int64_t tx = address_mode(0, ix[x], n), ty = address_mode(0, iy[y], n);
         float texel = mip_value(level_start(level) + (unsigned)(ty * n + tx));
         float p = mul_f32(texel, (float)w / 65536.0f);
         out = first ? p : add_f32(out, p);
         first = false;
      }
   return out;
}

/* A case on the 8x8 R32_FLOAT image of MIP_LEVELS levels of mip_value texels: `inst` reads it
 * with the S# fields `ssharp`. */
static struct text mip_case_begin(unsigned wave, const char *inst, const char *ssharp)
{
   struct text t = case_begin(wave);
   add_texels_f32(&t, mip_value, level_start(MIP_LEVELS));
   text_add(&t,
            "[program]\n  %s\n  s_endpgm\n[init]\n"
            "s[0:7] = tsharp(&img, format=22, width=%u, height=%u, last_level=%u)\n"
            "s[8:11] = ssharp(%s)\n",
            inst, MIP_SIZE, MIP_SIZE, MIP_LEVELS - 1u, ssharp);
   return t;
}

/* image_sample_l, MIP_FILTER linear: L = floor(lod * 256) clamped to [0, 4095], levels L >> 8
 * and the next (the last level alone past it), blended r0 * (256 - m) / 256 + r1 * m / 256. */
static float trilinear(float u, float v, float lod)
{
   int64_t l = (int64_t)floorf(mul_f32(lod, 256.0f));
   l = l < 0 ? 0 : l > 4095 ? 4095 : l;
   int64_t d = l >> 8, m = l & 255;
   if (d >= MIP_LEVELS - 1) {
      d = MIP_LEVELS - 1;
      m = 0;
   }
   float r0 = bilinear_r32(u, v, (unsigned)d);
   if (m == 0)
      return r0;
   float r1 = bilinear_r32(u, v, (unsigned)d + 1);
   return add_f32(mul_f32(r0, (float)(256 - m) / 256.0f), mul_f32(r1, (float)m / 256.0f));
}

Test(gpu_mimg_sample, trilinear_between_levels)
{
   for (unsigned wave = 32; wave <= 64; wave *= 2) {
      struct text t = mip_case_begin(
         wave, "image_sample_l v0, v[4:6], s[0:7], s[8:11] dmask:0x1 dim:SQ_RSRC_IMG_2D",
         "filter=1, mip_filter=2");
      float u[64], v[64], lod[64], out[64];
      for (unsigned lane = 0; lane < wave; lane++) {
         float step = 32.0f / (float)wave;
         u[lane] = 0.03f + 0.029f * (float)lane * step;
         v[lane] = 0.91f - 0.023f * (float)lane * step;
         lod[lane] = -0.4f + 0.137f * (float)lane * step; /* below 0 to past the last level */
         out[lane] = trilinear(u[lane], v[lane], lod[lane]);
      }
      add_lanes_f32(&t, 4, u, wave);
      add_lanes_f32(&t, 5, v, wave);
      add_lanes_f32(&t, 6, lod, wave);
      text_add(&t, "[expect]\nfault none\n");
      add_lanes_f32(&t, 0, out, wave);
      case_check(&t, wave);
   }
}

/* ---- gather4 with depth comparison ------------------------------------------------------- */

static float depth_value(unsigned i)
{
   return (float)((i * 11u) % 16u) / 16.0f;
}

/* image_gather4_c_lz, DEPTH_COMPARE_FUNC less (1): each of the four footprint texels (i0, j1),
 * (i1, j1), (i1, j0), (i0, j0), clamped to a 4x4 image, is 1.0 when reference < texel. */
Test(gpu_mimg_sample, gather4_compare_less)
{
   for (unsigned wave = 32; wave <= 64; wave *= 2) {
      struct text t = case_begin(wave);
      add_texels_f32(&t, depth_value, 16);
      text_add(&t, "[program]\n"
                   "  image_gather4_c_lz v[0:3], v[4:6], s[0:7], s[8:11] dmask:0x1 "
                   "dim:SQ_RSRC_IMG_2D\n"
                   "  s_endpgm\n"
                   "[init]\n"
                   "s[0:7] = tsharp(&img, format=22, width=4, height=4)\n"
                   "s[8:11] = ssharp(clamp_x=2, clamp_y=2, compare=1)\n");
      float ref[64], u[64], v[64], out[4][64];
      static const uint8_t order[4][2] = { { 0, 1 }, { 1, 1 }, { 1, 0 }, { 0, 0 } };
      for (unsigned lane = 0; lane < wave; lane++) {
         float step = 32.0f / (float)wave;
         ref[lane] = (float)(lane % 9) / 8.0f;
         u[lane] = -0.1f + 0.037f * (float)lane * step;
         v[lane] = 1.05f - 0.033f * (float)lane * step;
         int64_t ix[2], iy[2];
         unsigned wx[2], wy[2];
         bilinear_axis(u[lane], 4, ix, wx);
         bilinear_axis(v[lane], 4, iy, wy);
         for (unsigned k = 0; k < 4; k++) {
            int64_t tx = address_mode(2, ix[order[k][0]], 4);
            int64_t ty = address_mode(2, iy[order[k][1]], 4);
            out[k][lane] = ref[lane] < depth_value((unsigned)(ty * 4 + tx)) ? 1.0f : 0.0f;
         }
      }
      add_lanes_f32(&t, 4, ref, wave);
      add_lanes_f32(&t, 5, u, wave);
      add_lanes_f32(&t, 6, v, wave);
      text_add(&t, "[expect]\nfault none\n");
      for (unsigned k = 0; k < 4; k++)
         add_lanes_f32(&t, k, out[k], wave);
      case_check(&t, wave);
   }
}

/* ---- image_get_lod from the quad --------------------------------------------------------------
 */

/* Quad q (lanes 4q .. 4q+3, lane 4q top left) steps du along x and du / 2 along y on a 16x16
 * image: rho = 16 du, the LOD floor(256 * log2(rho)), and the first value the LOD clamped to
 * [MIN_LOD 0, MAX_LOD]. du = 2^-k or 1.5 * 2^-k keeps log2 away from a 1/256 boundary. */
Test(gpu_mimg_sample, get_lod_from_quad_derivatives)
{
   for (unsigned wave = 32; wave <= 64; wave *= 2) {
      struct text t = case_begin(wave);
      text_add(&t, "size 1024\n");
      text_add(&t, "[program]\n"
                   "  image_get_lod v[0:1], v[4:5], s[0:7], s[8:11] dmask:0x3 dim:SQ_RSRC_IMG_2D\n"
                   "  s_endpgm\n"
                   "[init]\n"
                   "s[0:7] = tsharp(&img, format=22, width=16, height=16)\n"
                   "s[8:11] = ssharp(filter=1)\n");
      float u[64], v[64], out[2][64];
      for (unsigned lane = 0; lane < wave; lane++) {
         unsigned q = lane / 4;
         float du = ldexpf(q % 2 ? 1.5f : 1.0f, -(int)(q % 7) - 2);
         u[lane] = 0.25f + (lane & 1 ? du : 0.0f);
         v[lane] = 0.5f + (lane & 2 ? du / 2 : 0.0f);
         double lod256 = 256.0 * log2(16.0 * du);
         cr_assert(fabs(lod256 - floor(lod256 + 0.5)) > 1e-3 || lod256 == floor(lod256));
         int64_t l = (int64_t)floor(lod256);
         out[1][lane] = (float)l / 256.0f;
         out[0][lane] = (float)(l < 0 ? 0 : l) / 256.0f;
      }
      add_lanes_f32(&t, 4, u, wave);
      add_lanes_f32(&t, 5, v, wave);
      text_add(&t, "[expect]\nfault none\n");
      add_lanes_f32(&t, 0, out[0], wave);
      add_lanes_f32(&t, 1, out[1], wave);
      case_check(&t, wave);
   }
}

/* ---- R11G11B10 and RGB10A2 ---------------------------------------------------------------------
 */

/* An unsigned float of 5 exponent bits (bias 15) and `mb` mantissa bits. */
static float small_float(uint32_t v, unsigned mb)
{
   uint32_t e = v >> mb, m = v & ((1u << mb) - 1);
   if (e == 31)
      return m ? NAN : INFINITY;
   if (e == 0)
      return ldexpf((float)m, -14 - (int)mb);
   return ldexpf((float)(m + (1u << mb)), (int)e - 15 - (int)mb);
}

/* Texel i: R11G11B10 fields with exponents below 31 (no NaN or infinity, so that the value
 * stores back to the same bits), the same word read as RGB10A2 too. */
static uint32_t packed_texel(unsigned i)
{
   uint32_t r = (i * 37u + 5u) % (31u << 6), g = (i * 101u + 64u) % (31u << 6);
   uint32_t b = (i * 53u + 3u) % (31u << 5);
   return r | g << 11 | b << 22;
}

/* Loads decode each field (R11G11B10: 11, 11, 10-bit floats from bit 0; RGB10A2 unorm:
 * v / 1023 and v / 3; snorm: max(v / 511, -1) and max(v / 1, -1)); stores of those exactly
 * representable values write the same bits back. */
Test(gpu_mimg_sample, r11g11b10_rgb10a2_load_and_store)
{
   for (unsigned wave = 32; wave <= 64; wave *= 2) {
      struct text t = case_begin(wave);
      for (unsigned i = 0; i < 64; i++)
         text_add(&t, "u32 0x%x\n", packed_texel(i));
      text_add(&t, "[buffer out]\nsize 512\n");
      text_add(&t, "[program]\n"
                   "  image_load v[0:2], v4, s[0:7] dmask:0x7 dim:SQ_RSRC_IMG_1D\n"
                   "  image_load v[8:11], v4, s[12:19] dmask:0xf dim:SQ_RSRC_IMG_1D\n"
                   "  image_load v[12:15], v4, s[20:27] dmask:0xf dim:SQ_RSRC_IMG_1D\n"
                   "  image_store v[0:2], v4, s[28:35] dmask:0x7 dim:SQ_RSRC_IMG_1D\n"
                   "  image_store v[8:11], v4, s[36:43] dmask:0xf dim:SQ_RSRC_IMG_1D\n"
                   "  s_endpgm\n"
                   "[init]\n"
                   "v4 = lane\n"
                   "s[0:7] = tsharp(&img, format=36, width=64, type=8)\n"
                   "s[12:19] = tsharp(&img, format=50, width=64, type=8)\n"
                   "s[20:27] = tsharp(&img, format=51, width=64, type=8)\n"
                   "s[28:35] = tsharp(&out, format=36, width=64, type=8)\n"
                   "s[36:43] = tsharp(&out + 256, format=50, width=64, type=8)\n"
                   "[expect]\nfault none\n");
      float r11[3][64], un[4][64], sn[4][64];
      static const unsigned r11_bits[3] = { 11, 11, 10 }, r11_at[3] = { 0, 11, 22 };
      for (unsigned lane = 0; lane < wave; lane++) {
         uint32_t p = packed_texel(lane);
         for (unsigned c = 0; c < 3; c++)
            r11[c][lane] = small_float(p >> r11_at[c] & ((1u << r11_bits[c]) - 1), r11_bits[c] - 5);
         for (unsigned c = 0; c < 4; c++) {
            unsigned bits = c < 3 ? 10 : 2;
            uint32_t f = p >> (10 * c) & ((1u << bits) - 1);
            un[c][lane] = (float)f / (float)((1u << bits) - 1);
            int32_t s = (int32_t)(f << (32 - bits)) >> (32 - bits);
            float max = (float)((1 << (bits - 1)) - 1);
            sn[c][lane] = (float)s / max < -1.0f ? -1.0f : (float)s / max;
         }
         text_add(&t, "buffer out u32[%u] = 0x%x\n", lane, p);
         text_add(&t, "buffer out u32[%u] = 0x%x\n", 64 + lane, p);
      }
      for (unsigned c = 0; c < 3; c++)
         add_lanes_f32(&t, c, r11[c], wave);
      for (unsigned c = 0; c < 4; c++) {
         add_lanes_f32(&t, 8 + c, un[c], wave);
         add_lanes_f32(&t, 12 + c, sn[c], wave);
      }
      case_check(&t, wave);
   }
}

/* ---- faults ------------------------------------------------------------------------------------
 */

/* A 4x1 R32_FLOAT image whose T# reaches past its 8-byte region: lane L point-samples texel
 * L % 4; texels 2 and 3 lie outside guest memory. Lane 2 is inactive, so the lowest faulting
 * lane is 3 at texel 3 (base + 12): the fault is UNMAPPED there (docs/images.md, "Guest
 * memory") and the instruction writes no VGPR. */
Test(gpu_mimg_sample, unmapped_texel_faults_at_the_lowest_lane)
{
   for (unsigned wave = 32; wave <= 64; wave *= 2) {
      struct text t = case_begin(wave);
      text_add(&t,
               "f32 1.0 2.0\n[program]\n"
               "  image_sample_lz v0, v4, s[0:7], s[8:11] dmask:0x1 dim:SQ_RSRC_IMG_1D\n"
               "  s_endpgm\n"
               "[init]\nv0 = 0x1234\nexec = 0x%llx\n"
               "s[0:7] = tsharp(&img, format=22, width=4, type=8)\ns[8:11] = ssharp()\n",
               wave == 32 ? 0xfffffffbull : 0xfffffffffffffffbull);
      float u[64];
      for (unsigned lane = 0; lane < wave; lane++)
         u[lane] = ((float)(lane % 4) + 0.5f) / 4.0f;
      add_lanes_f32(&t, 4, u, wave);
      text_add(&t, "[expect]\nv0 = 0x1234\nfault unmapped\n");
      struct gpu_run run;
      case_run(&t, wave, &run);
      struct rdna_case_region region;
      cr_assert(rdna_case_region(run.c, 0, &region));
      cr_expect_eq(run.wave.fault.kind, RDNA_FAULT_UNMAPPED);
      cr_expect_eq(run.wave.fault.lane, 3);
      cr_expect_eq(run.wave.fault.address, region.address + 12);
      case_end(&t, &run);
   }
}

/* ---- user derivatives -------------------------------------------------------------------------
 */

/* image_sample_d on the trilinear test's image with MIP_FILTER point and point filtering: the
 * user derivatives {ds/dx, dt/dx, ds/dy, dt/dy} times the extent 8 give rho^2 per direction
 * (each product and sum rounded in f32), rho^2 the larger, L = floor(128 * log2(rho^2)) (the
 * values keep log2 away from a 1/256 boundary), clamped at 0; the level ceil(L/256 + 0.5) - 1
 * up to the last; the texel holding (u, v) on that level. */
Test(gpu_mimg_sample, user_derivatives_pick_the_level)
{
   for (unsigned wave = 32; wave <= 64; wave *= 2) {
      struct text t = mip_case_begin(
         wave, "image_sample_d v0, v[4:9], s[0:7], s[8:11] dmask:0x1 dim:SQ_RSRC_IMG_2D",
         "mip_filter=1");
      static const float scale[6] = { 0.0625f, 0.09375f, 0.1875f, 0.375f, 0.75f, 1.5f };
      float d[4][64], u[64], v[64], out[64];
      for (unsigned lane = 0; lane < wave; lane++) {
         float ds = scale[lane % 6];
         d[0][lane] = ds;                   /* ds/dx */
         d[1][lane] = lane % 4 ? 0.0f : ds; /* dt/dx */
         d[2][lane] = ds / 2.0f;            /* ds/dy */
         d[3][lane] = ds / 4.0f;            /* dt/dy */
         u[lane] = 0.07f + 0.027f * (float)(lane % 32);
         v[lane] = 0.95f - 0.029f * (float)(lane % 32);
         float rho2[2];
         for (unsigned k = 0; k < 2; k++) {
            float a = mul_f32(d[2 * k][lane], 8.0f), b = mul_f32(d[2 * k + 1][lane], 8.0f);
            rho2[k] = add_f32(mul_f32(a, a), mul_f32(b, b));
         }
         float r = rho2[1] > rho2[0] ? rho2[1] : rho2[0];
         double l256 = 128.0 * log2((double)r);
         cr_assert(fabs(l256 - floor(l256 + 0.5)) > 1e-3 || l256 == floor(l256));
         int64_t l = (int64_t)floor(l256);
         l = l < 0 ? 0 : l;
         int64_t level = (l + 128 + 255) / 256 - 1;
         level = level > MIP_LEVELS - 1 ? MIP_LEVELS - 1 : level;
         unsigned n = MIP_SIZE >> level;
         unsigned x = (unsigned)floorf(mul_f32(u[lane], (float)n));
         unsigned y = (unsigned)floorf(mul_f32(v[lane], (float)n));
         out[lane] = mip_value(level_start((unsigned)level) + y * n + x);
      }
      for (unsigned k = 0; k < 4; k++)
         add_lanes_f32(&t, 4 + k, d[k], wave);
      add_lanes_f32(&t, 8, u, wave);
      add_lanes_f32(&t, 9, v, wave);
      text_add(&t, "[expect]\nfault none\n");
      add_lanes_f32(&t, 0, out, wave);
      case_check(&t, wave);
   }
}
