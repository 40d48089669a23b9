/* Sampling instructions (MIMG; RDNA2 ISA guide, "Image Opcodes with Sampler"): image_sample and
 * its variants, image_gather4 and image_get_lod, with the LOD given (_l, _lz) or computed from
 * user (_d, _cd, _g16) or implicit (quad) derivatives. Address dwords: the _o offset, the _b
 * bias, the _c reference, the derivatives, then the coordinates and the lod or clamp (16-bit
 * halves with a16). Arithmetic is f32 soft-float, round to nearest even, no denormal flushing,
 * and the LOD is fixed point with 8 fraction bits; docs/images.md "Filtering" states it step by
 * step so that another implementation can match it. */
#include <string.h>

#include "interp/float.h"
#include "interp/mem.h"
#include "interp/mimg.h"

static const struct float_env nearest_even = { ROUND_NEAREST_EVEN, false, false };

enum sample_form {
   SAMPLE_OFFSET = 1u << 0,  /* _o */
   SAMPLE_BIAS = 1u << 1,    /* _b */
   SAMPLE_COMPARE = 1u << 2, /* _c */
   SAMPLE_LOD = 1u << 3,     /* _l: an lod after the coordinates */
   SAMPLE_LZ = 1u << 4,      /* _lz: lod 0 */
   SAMPLE_CLAMP = 1u << 5,   /* _cl: a lower LOD clamp after the coordinates */
   SAMPLE_GRAD = 1u << 6,    /* _d, _cd: derivatives in the address */
   SAMPLE_G16 = 1u << 7,     /* _g16: those derivatives are 16-bit */
   /* neither LOD, LZ nor GRAD: derivatives from the lane's quad */
};

/* SQ_TEX_* address modes (S# CLAMP_X/Y/Z). */
enum {
   TEX_WRAP,
   TEX_MIRROR,
   TEX_CLAMP_LAST_TEXEL,
   TEX_MIRROR_ONCE_LAST_TEXEL,
   TEX_CLAMP_HALF_BORDER,
   TEX_MIRROR_ONCE_HALF_BORDER,
   TEX_CLAMP_BORDER,
   TEX_MIRROR_ONCE_BORDER,
};

#define BORDER_TEXEL (-1)

/* Texel index `i` of an axis of `n` texels after the address mode; BORDER_TEXEL for the border
 * colour. Half-border modes are treated as their border modes. */
static int64_t address_mode(unsigned mode, int64_t i, int64_t n)
{
   switch (mode) {
   case TEX_WRAP:
      return (i % n + n) % n;
   case TEX_MIRROR: {
      int64_t m = (i % (2 * n) + 2 * n) % (2 * n);
      return m < n ? m : 2 * n - 1 - m;
   }
   case TEX_CLAMP_LAST_TEXEL:
      return i < 0 ? 0 : i >= n ? n - 1 : i;
   case TEX_MIRROR_ONCE_LAST_TEXEL:
      i = i < 0 ? -1 - i : i;
      return i >= n ? n - 1 : i;
   case TEX_CLAMP_HALF_BORDER:
   case TEX_CLAMP_BORDER:
      return i < 0 || i >= n ? BORDER_TEXEL : i;
   default: /* mirror once, then border */
      i = i < 0 ? -1 - i : i;
      return i >= n ? BORDER_TEXEL : i;
   }
}

/* floor(v * 256) of an f32 as an integer (saturated; NaN 0): the 24.8 fixed-point position the
 * filter weights come from. */
static int64_t fixed_8(uint32_t v)
{
   uint64_t scaled = float_mul(FLOAT32, v, 0x43800000u /* 256.0 */, &nearest_even);
   return float_to_int(FLOAT32, scaled, ROUND_MINUS_INF);
}

static int64_t floor_div_256(int64_t v)
{
   return v >= 0 ? v / 256 : -((-v + 255) / 256);
}

/* One axis of the footprint: texel indices and weights in 1/256. */
struct axis_taps {
   int64_t index[2];
   unsigned weight[2];
   unsigned count;
};

/* The taps of coordinate `s` (in texels) with texel offset `offset`: point takes the texel
 * holding s; linear the two around s - 0.5, weighted by its fraction in 8 bits. */
static void axis_taps(uint32_t s, int offset, bool linear, int64_t n, unsigned mode,
                      struct axis_taps *a)
{
   if (!linear) {
      int64_t i = float_to_int(FLOAT32, s, ROUND_MINUS_INF) + offset;
      a->index[0] = address_mode(mode, i, n);
      a->weight[0] = 256;
      a->count = 1;
      return;
   }
   int64_t pos = fixed_8((uint32_t)float_add(FLOAT32, s, 0xbf000000u /* -0.5 */, &nearest_even));
   int64_t i0 = floor_div_256(pos);
   unsigned frac = (unsigned)(pos - i0 * 256);
   i0 += offset;
   a->index[0] = address_mode(mode, i0, n);
   a->index[1] = address_mode(mode, i0 + 1, n);
   a->weight[0] = 256 - frac;
   a->weight[1] = frac;
   a->count = 2;
}

/* The border colour of S# BORDER_COLOR_TYPE (transparent black, opaque black, opaque white). */
static void border_color(const struct image_op *op, uint32_t out[4])
{
   uint32_t one = mimg_one(op);
   unsigned type = op->s.border_color_type;
   for (unsigned c = 0; c < 4; c++)
      out[c] = type == 2 || (type == 1 && c == 3) ? one : 0;
}

/* Depth comparison of S# DEPTH_COMPARE_FUNC: reference OP texel (never, less, equal, less or
 * equal, greater, not equal, greater or equal, always); NaN compares unordered. */
static bool depth_compare(unsigned func, uint32_t reference, uint32_t texel)
{
   enum float_order o = float_compare(FLOAT32, reference, texel);
   switch (func) {
   case 0:
      return false;
   case 1:
      return o == ORDER_LESS;
   case 2:
      return o == ORDER_EQUAL;
   case 3:
      return o == ORDER_LESS || o == ORDER_EQUAL;
   case 4:
      return o == ORDER_GREATER;
   case 5:
      return o != ORDER_EQUAL;
   case 6:
      return o == ORDER_GREATER || o == ORDER_EQUAL;
   default:
      return true;
   }
}

/* What one lane samples: coordinates, texel offsets, compare reference, bias, lod or clamp, and
 * user derivatives (all f32 bits). */
struct sample_lane {
   uint32_t coord[4];
   int offset[3];
   uint32_t reference, bias, lod;
   uint32_t dx[3], dy[3];
};

/* Axes a type filters over: 1 (1D, 1D arrays), 3 (3D) or 2. */
static unsigned type_axes(unsigned type)
{
   return type == IMAGE_3D ? 3 : type == IMAGE_1D || type == IMAGE_1D_ARRAY ? 1 : 2;
}

static uint32_t f16_to_f32(uint32_t h)
{
   return (uint32_t)float_convert(FLOAT32, FLOAT16, h & 0xffffu, &nearest_even);
}

/* Reads one lane's address words in the guide's order. */
static void read_sample_lane(struct wave *w, const struct image_op *op, unsigned form,
                             unsigned lane, struct sample_lane *sl)
{
   unsigned k = 0, axes = type_axes(op->t.type);
   memset(sl, 0, sizeof(*sl));
   if (form & SAMPLE_OFFSET) {
      uint32_t o = mimg_addr_dword(w, op, k++, lane);
      for (unsigned a = 0; a < 3; a++)
         sl->offset[a] = (int)((o >> (8 * a) & 0x3fu) ^ 0x20u) - 0x20;
   }
   if (form & SAMPLE_BIAS)
      sl->bias = mimg_addr_dword(w, op, k++, lane);
   if (form & SAMPLE_COMPARE)
      sl->reference = mimg_addr_dword(w, op, k++, lane);
   if (form & SAMPLE_GRAD) {
      if (form & SAMPLE_G16) { /* two per dword; d/dx and d/dy each start a dword */
         unsigned half = (axes + 1) / 2;
         for (unsigned a = 0; a < axes; a++) {
            sl->dx[a] = f16_to_f32(mimg_addr_dword(w, op, k + a / 2, lane) >> (16 * (a % 2)));
            sl->dy[a] =
               f16_to_f32(mimg_addr_dword(w, op, k + half + a / 2, lane) >> (16 * (a % 2)));
         }
         k += 2 * half;
      } else {
         for (unsigned a = 0; a < axes; a++) {
            sl->dx[a] = mimg_addr_dword(w, op, k + a, lane);
            sl->dy[a] = mimg_addr_dword(w, op, k + axes + a, lane);
         }
         k += 2 * axes;
      }
   }
   unsigned coords = mimg_dim_coords(op->t.type);
   for (unsigned c = 0; c <= coords; c++) {
      uint32_t v = mimg_addr_component(w, op, k, c, lane);
      if (op->a16)
         v = f16_to_f32(v);
      if (c < coords)
         sl->coord[c] = v;
      else if (form & (SAMPLE_LOD | SAMPLE_CLAMP))
         sl->lod = v;
   }
}

/* ---- level of detail ------------------------------------------------------------------------ */

#define LOD_NEG_INF (-(1ll << 20)) /* the LOD of a zero (or NaN) derivative, in 1/256 */
#define LOD_POS_INF (1ll << 20)

/* floor(512 * log2(x)) of a positive f32: the exponent, and 9 fraction bits by repeated squaring
 * of the mantissa in Q2.30 fixed point (each square truncated): squaring doubles log2, so the
 * mantissa reaching 2 gives the next bit. Zero, negative values and NaN: LOD_NEG_INF * 4;
 * infinity LOD_POS_INF * 4, so that the LOD (a quarter of this) is LOD_NEG_INF or LOD_POS_INF
 * as docs/images.md states. */
static int64_t log2_fixed_9(uint32_t x)
{
   if (float_is_nan(FLOAT32, x) || float_is_zero(FLOAT32, x) || (x >> 31))
      return 4 * LOD_NEG_INF;
   if (float_is_inf(FLOAT32, x))
      return 4 * LOD_POS_INF;
   int e = float_exponent(FLOAT32, x);
   uint64_t sig = x & 0x7fffffu;
   if (x >> 23 == 0) /* denormal: normalise the mantissa */
      while (!(sig & 0x800000u))
         sig <<= 1;
   uint64_t m = (sig | 0x800000u) << 7; /* [1, 2) in Q2.30 */
   int64_t frac = 0;
   for (unsigned b = 0; b < 9; b++) {
      m = (m * m) >> 30;
      frac <<= 1;
      if (m >= 2ull << 30) {
         frac |= 1;
         m >>= 1;
      }
   }
   return (int64_t)e * 512 + frac;
}

/* The base LOD from derivatives, in 1/256: each derivative scaled by BASE_LEVEL's extent (unless
 * unnormalized), rho^2 = sum of squares for x and for y (each product and sum rounded, axes in
 * order), the larger of the two (NaN counts as the smaller), and floor(256 * log2(rho)) =
 * floor(log2_fixed_9(rho^2) / 4). */
static int64_t lod_from_derivatives(const struct image_op *op, const uint32_t dx[3],
                                    const uint32_t dy[3], bool unnormalized)
{
   const struct tsharp *t = &op->t;
   unsigned axes = t->type == IMAGE_CUBE ? 2 : type_axes(t->type);
   unsigned extent[3] = { image_level_extent(t->width, t->base_level),
                          image_level_extent(t->height, t->base_level),
                          image_level_extent(t->depth, t->base_level) };
   uint32_t rho2[2] = { 0, 0 };
   for (unsigned a = 0; a < axes; a++) {
      uint32_t scale = (uint32_t)float_from_uint(FLOAT32, extent[a], &nearest_even);
      for (unsigned d = 0; d < 2; d++) {
         uint32_t v = d ? dy[a] : dx[a];
         if (!unnormalized)
            v = (uint32_t)float_mul(FLOAT32, v, scale, &nearest_even);
         uint64_t sq = float_mul(FLOAT32, v, v, &nearest_even);
         rho2[d] = a ? (uint32_t)float_add(FLOAT32, rho2[d], sq, &nearest_even) : (uint32_t)sq;
      }
   }
   uint32_t rho =
      float_compare(FLOAT32, rho2[1], rho2[0]) == ORDER_GREATER || float_is_nan(FLOAT32, rho2[0])
         ? rho2[1]
         : rho2[0];
   int64_t l9 = log2_fixed_9(rho); /* 512 * log2(rho^2) = 1024 * log2(rho) */
   return l9 >= 0 ? l9 / 4 : -((-l9 + 3) / 4);
}

/* The level(s) and mip weight for `lod` (1/256): plus the S# LOD_BIAS, clamped to [max(S#
 * MIN_LOD, T# MIN_LOD, the _cl clamp), S# MAX_LOD]; MIP_FILTER none: BASE_LEVEL; point: the
 * nearest level, halves rounding down (ceil(lod + 0.5) - 1); linear: the two levels around lod,
 * the second weighted by lod's 8 fraction bits. Levels clamp to [BASE_LEVEL, LAST_LEVEL].
 * *clamped receives the final lod; the result is whether lod > 0 (minification). */
static bool select_levels(const struct image_op *op, int64_t lod, int64_t clamp, unsigned level[2],
                          unsigned *mip_weight, int64_t *clamped)
{
   const struct tsharp *t = &op->t;
   const struct ssharp *s = &op->s;
   lod += s->lod_bias;
   int64_t lo = s->min_lod > t->min_lod ? s->min_lod : t->min_lod;
   if (clamp > lo)
      lo = clamp;
   if (lod < lo)
      lod = lo;
   if (lod > (int64_t)s->max_lod)
      lod = s->max_lod;
   *clamped = lod;
   int64_t top = t->last_level >= t->base_level ? t->last_level - t->base_level : 0;
   int64_t d0 = 0, frac = 0;
   switch (s->mip_filter) {
   case 1:
      d0 = floor_div_256(lod + 128 + 255) - 1;
      break;
   case 2:
      d0 = floor_div_256(lod);
      frac = lod - d0 * 256;
      break;
   default:
      break;
   }
   if (d0 >= top) {
      d0 = top;
      frac = 0;
   }
   if (d0 < 0) {
      d0 = 0;
      frac = 0;
   }
   level[0] = t->base_level + (unsigned)d0;
   level[1] = level[0] + (frac ? 1u : 0u);
   *mip_weight = (unsigned)frac;
   return lod > 0;
}

/* A lane's LOD in 1/256 before the S# bias and clamps: _lz 0, _l its lod, otherwise from user
 * derivatives or from the quad (lanes 4q .. 4q+3 as a 2x2 block, lane 4q top left: d/dx =
 * coordinate of lane 4q+1 minus lane 4q, d/dy = lane 4q+2 minus lane 4q, for every lane of the
 * quad, whatever EXEC holds), plus the _b bias. */
static int64_t lane_lod(const struct image_op *op, unsigned form, const struct sample_lane *lanes,
                        unsigned lane, bool unnormalized)
{
   const struct sample_lane *sl = &lanes[lane];
   int64_t lod;
   if (form & SAMPLE_LZ)
      return 0;
   if (form & SAMPLE_LOD)
      return fixed_8(sl->lod);
   if (form & SAMPLE_GRAD) {
      lod = lod_from_derivatives(op, sl->dx, sl->dy, unnormalized);
   } else {
      const struct sample_lane *q = &lanes[lane & ~3u];
      uint32_t dx[3], dy[3];
      for (unsigned a = 0; a < 3; a++) {
         uint32_t c0 = q[0].coord[a];
         dx[a] = (uint32_t)float_add(FLOAT32, q[1].coord[a], c0 ^ 0x80000000u, &nearest_even);
         dy[a] = (uint32_t)float_add(FLOAT32, q[2].coord[a], c0 ^ 0x80000000u, &nearest_even);
      }
      lod = lod_from_derivatives(op, dx, dy, unnormalized);
   }
   if (form & SAMPLE_BIAS)
      lod += fixed_8(sl->bias);
   return lod;
}

/* ---- texels and filtering ------------------------------------------------------------------ */

/* The slice of arrays and cubes: the coordinate rounded to the nearest integer (ties to even),
 * clamped to the view; for cubes the face v is v / 8 * 6 + min(v % 8, 5) (face plus 8 * cube
 * index, as v_cubeid and the compilers form it). -1 when the view has no slice. */
static int64_t sample_slice(const struct image_op *op, const struct sample_lane *sl)
{
   const struct tsharp *t = &op->t;
   if (!mimg_is_layered(t->type))
      return 0;
   int64_t count = mimg_view_slices(t);
   int64_t v = float_to_int(FLOAT32, sl->coord[type_axes(t->type)], ROUND_NEAREST_EVEN);
   if (t->type == IMAGE_CUBE)
      v = v < 0 ? 0 : v / 8 * 6 + (v % 8 > 5 ? 5 : v % 8);
   if (count == 0)
      return -1;
   return v < 0 ? 0 : v >= count ? count - 1 : v;
}

/* One texel of a sample: the border colour, or the texel read and decoded; with _c its red
 * replaced by the comparison's 1.0 or 0. */
static enum rdna_status fetch_texel(struct wave *w, const struct image_op *op, unsigned lane,
                                    const struct sample_lane *sl, bool compare, unsigned level,
                                    const int64_t index[3], int64_t slice, uint32_t texel[4])
{
   const struct tsharp *t = &op->t;
   if (index[0] == BORDER_TEXEL || index[1] == BORDER_TEXEL || index[2] == BORDER_TEXEL ||
       slice < 0) {
      border_color(op, texel);
   } else {
      uint64_t z = t->type == IMAGE_3D ? (uint64_t)index[2] : (uint64_t)slice, address;
      if (!mimg_texel_address(op, level - t->base_level, (uint64_t)index[0], (uint64_t)index[1], z,
                              &address))
         return wave_fault(w, RDNA_FAULT_INVALID_OPERAND, (int)lane, 0,
                           "sampled level %u is outside the T#'s levels", level);
      const uint8_t *p = mem_lane_ptr(w, MEM_GLOBAL, (int)lane, address, op->f.bytes, 1, false);
      if (!p)
         return mem_failed(w);
      texel_decode(&op->f, p, texel);
   }
   if (compare)
      texel[0] = depth_compare(op->s.depth_compare_func, sl->reference, texel[0]) ? F32_ONE : 0;
   return RDNA_OK;
}

/* The taps of each axis for `level`: the coordinate in texels (times the level's extent unless
 * unnormalized; cube face coordinates first reduced by 1.0), point or linear per axis. */
static void level_taps(const struct image_op *op, const struct sample_lane *sl, unsigned level,
                       bool linear, bool unnormalized, struct axis_taps taps[3])
{
   const struct tsharp *t = &op->t;
   bool is_float = texel_is_float(&op->f);
   unsigned axes = type_axes(t->type);
   unsigned extent[3] = { image_level_extent(t->width, level), image_level_extent(t->height, level),
                          image_level_extent(t->depth, level) };
   for (unsigned a = 0; a < 3; a++) {
      if (a >= axes) {
         taps[a].index[0] = 0;
         taps[a].weight[0] = 1; /* not an axis of this type: the scale counts `axes` only */
         taps[a].count = 1;
         continue;
      }
      uint32_t s = sl->coord[a];
      if (t->type == IMAGE_CUBE) /* cube face coordinates arrive in [1, 2] (v_cubesc/tc + 1.5) */
         s = (uint32_t)float_add(FLOAT32, s, 0xbf800000u, &nearest_even);
      if (!unnormalized) {
         uint32_t size = (uint32_t)float_from_uint(FLOAT32, extent[a], &nearest_even);
         s = (uint32_t)float_mul(FLOAT32, s, size, &nearest_even);
      }
      bool axis_linear = is_float && (a == 2 ? op->s.z_filter == 2 : linear);
      unsigned mode = t->type == IMAGE_CUBE ? TEX_CLAMP_LAST_TEXEL : op->s.clamp[a];
      axis_taps(s, sl->offset[a], axis_linear, extent[a], mode, &taps[a]);
   }
}

/* One level's filtered value: the footprint's texels (x fastest, then y, then z), each weighted
 * by the product of its axes' weights times 2^-(8 * axes) (exact in f32), each product rounded,
 * summed in that order from the first nonzero-weighted texel. Zero weights are skipped. Integer
 * formats take one texel. */
static enum rdna_status filter_level(struct wave *w, const struct image_op *op, unsigned lane,
                                     const struct sample_lane *sl, bool compare, unsigned level,
                                     bool linear, bool unnormalized, uint32_t out[4])
{
   struct axis_taps taps[3];
   level_taps(op, sl, level, linear, unnormalized, taps);
   int64_t slice = sample_slice(op, sl);
   uint32_t weight_scale = (uint32_t)((127u - 8u * type_axes(op->t.type)) << 23);
   bool first = true;
   for (unsigned z = 0; z < taps[2].count; z++)
      for (unsigned y = 0; y < taps[1].count; y++)
         for (unsigned x = 0; x < taps[0].count; x++) {
            unsigned weight = taps[0].weight[x] * taps[1].weight[y] * taps[2].weight[z];
            if (weight == 0)
               continue;
            int64_t index[3] = { taps[0].index[x], taps[1].index[y], taps[2].index[z] };
            uint32_t texel[4];
            enum rdna_status st = fetch_texel(w, op, lane, sl, compare, level, index, slice, texel);
            if (st != RDNA_OK)
               return st;
            if (!texel_is_float(&op->f)) {
               memcpy(out, texel, sizeof(texel));
               return RDNA_OK;
            }
            uint32_t wf =
               (uint32_t)float_mul(FLOAT32, float_from_uint(FLOAT32, weight, &nearest_even),
                                   weight_scale, &nearest_even);
            for (unsigned c = 0; c < 4; c++) {
               uint32_t product = (uint32_t)float_mul(FLOAT32, texel[c], wf, &nearest_even);
               out[c] =
                  first ? product : (uint32_t)float_add(FLOAT32, out[c], product, &nearest_even);
            }
            first = false;
         }
   return RDNA_OK;
}

/* u4.8 / s5.8 fixed point as f32 (exact). */
static uint32_t fixed_to_f32(int64_t v)
{
   uint64_t f = float_from_int(FLOAT32, v, &nearest_even);
   return (uint32_t)float_mul(FLOAT32, f, 0x3b800000u /* 2^-8 */, &nearest_even);
}

/* Reads every lane's address (implicit derivatives need the whole quad) after the checks every
 * sampling instruction makes. */
static enum rdna_status sample_setup(struct wave *w, const struct rdna_inst *in, unsigned form,
                                     struct image_op *op, struct sample_lane *lanes)
{
   enum rdna_status st = mimg_setup(w, in, true, op);
   if (st != RDNA_OK)
      return st;
   if (op->s.border_color_type == 3)
      for (unsigned a = 0; a < 3; a++)
         if (op->s.clamp[a] >= TEX_CLAMP_HALF_BORDER)
            return wave_fault(w, RDNA_FAULT_UNSUPPORTED, -1, 0,
                              "%s: S# BORDER_COLOR_TYPE 3 (a border colour table entry) is not "
                              "supported",
                              rdna_op_name(in->op));
   if ((form & SAMPLE_GRAD) && !(form & SAMPLE_G16) && op->a16)
      return wave_fault(w, RDNA_FAULT_UNSUPPORTED, -1, 0,
                        "%s with a16: 16-bit user derivatives are not supported",
                        rdna_op_name(in->op));
   for (unsigned lane = 0; lane < w->wave_size; lane++)
      read_sample_lane(w, op, form, lane, &lanes[lane]);
   return RDNA_OK;
}

static bool unnormalized_coords(const struct rdna_inst *in, const struct image_op *op)
{
   return (in->mod.flags & RDNA_FLAG_UNORM) || op->s.force_unnormalized;
}

static enum rdna_status image_sample(struct wave *w, const struct rdna_inst *in, unsigned form)
{
   struct image_op op;
   struct sample_lane lanes[MAX_LANES];
   enum rdna_status st = sample_setup(w, in, form, &op, lanes);
   if (st != RDNA_OK)
      return st;
   bool is_float = texel_is_float(&op.f), unnormalized = unnormalized_coords(in, &op);
   bool compare = form & SAMPLE_COMPARE;
   uint32_t value[MAX_LANES][4] = { { 0 } };
   uint64_t exec = wave_exec(w);
   for (unsigned lane = 0; lane < w->wave_size; lane++) {
      if (!(exec >> lane & 1))
         continue;
      const struct sample_lane *sl = &lanes[lane];
      int64_t lod = lane_lod(&op, form, lanes, lane, unnormalized), clamped;
      int64_t clamp = form & SAMPLE_CLAMP ? fixed_8(sl->lod) : LOD_NEG_INF;
      unsigned level[2], mip_weight;
      bool minify = select_levels(&op, lod, clamp, level, &mip_weight, &clamped);
      unsigned filter = minify ? op.s.xy_min_filter : op.s.xy_mag_filter;
      bool linear = filter == 1 || filter == 3; /* bilinear, aniso bilinear */
      uint32_t r0[4], r1[4];
      st = filter_level(w, &op, lane, sl, compare, level[0], linear, unnormalized, r0);
      if (st == RDNA_OK && mip_weight && is_float) {
         st = filter_level(w, &op, lane, sl, compare, level[1], linear, unnormalized, r1);
         /* r0 * (256 - m) / 256 + r1 * m / 256, each product rounded */
         uint32_t w0 = fixed_to_f32(256 - mip_weight), w1 = fixed_to_f32(mip_weight);
         for (unsigned c = 0; c < 4; c++)
            r0[c] =
               (uint32_t)float_add(FLOAT32, float_mul(FLOAT32, r0[c], w0, &nearest_even),
                                   float_mul(FLOAT32, r1[c], w1, &nearest_even), &nearest_even);
      }
      if (st != RDNA_OK)
         return st;
      mimg_dst_sel(&op, r0, value[lane]);
   }
   mimg_write_components(w, in, &op, in->mod.dmask, value, is_float);
   return RDNA_OK;
}

/* image_gather4*: component `dmask` (one bit) of the four texels of the bilinear footprint on
 * the first selected level, in the order (i0, j1), (i1, j1), (i1, j0), (i0, j0) (RDNA2 ISA guide,
 * IMAGE_GATHER4), after DST_SEL; with _c each texel's comparison result. 2D, 2D array and cube
 * images. */
static enum rdna_status image_gather4(struct wave *w, const struct rdna_inst *in, unsigned form)
{
   struct image_op op;
   struct sample_lane lanes[MAX_LANES];
   enum rdna_status st = sample_setup(w, in, form, &op, lanes);
   if (st != RDNA_OK)
      return st;
   if (type_axes(op.t.type) != 2)
      return wave_fault(w, RDNA_FAULT_INVALID_OPERAND, -1, 0,
                        "%s reads 2D images, not a T# of type %s", rdna_op_name(in->op),
                        image_type_name(op.t.type));
   unsigned component = 0;
   while (component < 3 && !(in->mod.dmask >> component & 1))
      component++;
   bool unnormalized = unnormalized_coords(in, &op);
   static const uint8_t order[4][2] = { { 0, 1 }, { 1, 1 }, { 1, 0 }, { 0, 0 } };
   uint32_t value[MAX_LANES][4] = { { 0 } };
   uint64_t exec = wave_exec(w);
   for (unsigned lane = 0; lane < w->wave_size; lane++) {
      if (!(exec >> lane & 1))
         continue;
      const struct sample_lane *sl = &lanes[lane];
      int64_t lod = lane_lod(&op, form, lanes, lane, unnormalized), clamped;
      int64_t clamp = form & SAMPLE_CLAMP ? fixed_8(sl->lod) : LOD_NEG_INF;
      unsigned level[2], mip_weight;
      select_levels(&op, lod, clamp, level, &mip_weight, &clamped);
      struct axis_taps taps[3];
      struct image_op linear_op = op;
      linear_op.f.number = NUMBER_FLOAT; /* the footprint is bilinear whatever the format */
      level_taps(&linear_op, sl, level[0], true, unnormalized, taps);
      int64_t slice = sample_slice(&op, sl);
      for (unsigned k = 0; k < 4; k++) {
         int64_t index[3] = { taps[0].index[order[k][0]], taps[1].index[order[k][1]], 0 };
         uint32_t texel[4], swizzled[4];
         st = fetch_texel(w, &op, lane, sl, form & SAMPLE_COMPARE, level[0], index, slice, texel);
         if (st != RDNA_OK)
            return st;
         mimg_dst_sel(&op, texel, swizzled);
         value[lane][k] = swizzled[component];
      }
   }
   mimg_write_components(w, in, &op, 0xf, value, texel_is_float(&op.f));
   return RDNA_OK;
}

/* image_get_lod: {the LOD after the S# bias and clamps, the LOD from the derivatives alone} as
 * f32, from the quad's implicit derivatives; a zero derivative gives -4096. */
enum rdna_status exec_image_get_lod(struct wave *w, const struct rdna_inst *in)
{
   struct image_op op;
   struct sample_lane lanes[MAX_LANES];
   enum rdna_status st = sample_setup(w, in, 0, &op, lanes);
   if (st != RDNA_OK)
      return st;
   bool unnormalized = unnormalized_coords(in, &op);
   uint32_t value[MAX_LANES][4] = { { 0 } };
   uint64_t exec = wave_exec(w);
   for (unsigned lane = 0; lane < w->wave_size; lane++) {
      if (!(exec >> lane & 1))
         continue;
      int64_t lod = lane_lod(&op, 0, lanes, lane, unnormalized), clamped;
      unsigned level[2], mip_weight;
      select_levels(&op, lod, LOD_NEG_INF, level, &mip_weight, &clamped);
      value[lane][0] = fixed_to_f32(clamped);
      value[lane][1] = fixed_to_f32(lod < LOD_NEG_INF ? LOD_NEG_INF : lod);
   }
   op.d16 = false;
   mimg_write_components(w, in, &op, in->mod.dmask, value, true);
   return RDNA_OK;
}

#define IMAGE_SAMPLE(name, form)                                                  \
   enum rdna_status exec_image_##name(struct wave *w, const struct rdna_inst *in) \
   {                                                                              \
      return image_sample(w, in, form);                                           \
   }

#define IMAGE_GATHER4(name, form)                                                 \
   enum rdna_status exec_image_##name(struct wave *w, const struct rdna_inst *in) \
   {                                                                              \
      return image_gather4(w, in, form);                                          \
   }

enum {
   O = SAMPLE_OFFSET,
   B = SAMPLE_BIAS,
   C = SAMPLE_COMPARE,
   L = SAMPLE_LOD,
   LZ = SAMPLE_LZ,
   CL = SAMPLE_CLAMP,
   D = SAMPLE_GRAD,
   G16 = SAMPLE_GRAD | SAMPLE_G16
};
IMAGE_SAMPLE(sample, 0)
IMAGE_SAMPLE(sample_cl, CL)
IMAGE_SAMPLE(sample_d, D)
IMAGE_SAMPLE(sample_d_cl, D | CL)
IMAGE_SAMPLE(sample_l, L)
IMAGE_SAMPLE(sample_b, B)
IMAGE_SAMPLE(sample_b_cl, B | CL)
IMAGE_SAMPLE(sample_lz, LZ)
IMAGE_SAMPLE(sample_c, C)
IMAGE_SAMPLE(sample_c_cl, C | CL)
IMAGE_SAMPLE(sample_c_d, C | D)
IMAGE_SAMPLE(sample_c_d_cl, C | D | CL)
IMAGE_SAMPLE(sample_c_l, C | L)
IMAGE_SAMPLE(sample_c_b, C | B)
IMAGE_SAMPLE(sample_c_b_cl, C | B | CL)
IMAGE_SAMPLE(sample_c_lz, C | LZ)
IMAGE_SAMPLE(sample_o, O)
IMAGE_SAMPLE(sample_cl_o, CL | O)
IMAGE_SAMPLE(sample_d_o, D | O)
IMAGE_SAMPLE(sample_d_cl_o, D | CL | O)
IMAGE_SAMPLE(sample_l_o, L | O)
IMAGE_SAMPLE(sample_b_o, B | O)
IMAGE_SAMPLE(sample_b_cl_o, B | CL | O)
IMAGE_SAMPLE(sample_lz_o, LZ | O)
IMAGE_SAMPLE(sample_c_o, C | O)
IMAGE_SAMPLE(sample_c_cl_o, C | CL | O)
IMAGE_SAMPLE(sample_c_d_o, C | D | O)
IMAGE_SAMPLE(sample_c_d_cl_o, C | D | CL | O)
IMAGE_SAMPLE(sample_c_l_o, C | L | O)
IMAGE_SAMPLE(sample_c_b_o, C | B | O)
IMAGE_SAMPLE(sample_c_b_cl_o, C | B | CL | O)
IMAGE_SAMPLE(sample_c_lz_o, C | LZ | O)
IMAGE_SAMPLE(sample_cd, D)
IMAGE_SAMPLE(sample_cd_cl, D | CL)
IMAGE_SAMPLE(sample_c_cd, C | D)
IMAGE_SAMPLE(sample_c_cd_cl, C | D | CL)
IMAGE_SAMPLE(sample_cd_o, D | O)
IMAGE_SAMPLE(sample_cd_cl_o, D | CL | O)
IMAGE_SAMPLE(sample_c_cd_o, C | D | O)
IMAGE_SAMPLE(sample_c_cd_cl_o, C | D | CL | O)
IMAGE_SAMPLE(sample_d_g16, G16)
IMAGE_SAMPLE(sample_d_cl_g16, CL | G16)
IMAGE_SAMPLE(sample_c_d_g16, C | G16)
IMAGE_SAMPLE(sample_c_d_cl_g16, C | CL | G16)
IMAGE_SAMPLE(sample_d_o_g16, O | G16)
IMAGE_SAMPLE(sample_d_cl_o_g16, CL | O | G16)
IMAGE_SAMPLE(sample_c_d_o_g16, C | O | G16)
IMAGE_SAMPLE(sample_c_d_cl_o_g16, C | CL | O | G16)
IMAGE_SAMPLE(sample_cd_g16, G16)
IMAGE_SAMPLE(sample_cd_cl_g16, CL | G16)
IMAGE_SAMPLE(sample_c_cd_g16, C | G16)
IMAGE_SAMPLE(sample_c_cd_cl_g16, C | CL | G16)
IMAGE_SAMPLE(sample_cd_o_g16, O | G16)
IMAGE_SAMPLE(sample_cd_cl_o_g16, CL | O | G16)
IMAGE_SAMPLE(sample_c_cd_o_g16, C | O | G16)
IMAGE_SAMPLE(sample_c_cd_cl_o_g16, C | CL | O | G16)
IMAGE_GATHER4(gather4, 0)
IMAGE_GATHER4(gather4_cl, CL)
IMAGE_GATHER4(gather4_l, L)
IMAGE_GATHER4(gather4_b, B)
IMAGE_GATHER4(gather4_b_cl, B | CL)
IMAGE_GATHER4(gather4_lz, LZ)
IMAGE_GATHER4(gather4_c, C)
IMAGE_GATHER4(gather4_c_cl, C | CL)
IMAGE_GATHER4(gather4_c_l, C | L)
IMAGE_GATHER4(gather4_c_b, C | B)
IMAGE_GATHER4(gather4_c_b_cl, C | B | CL)
IMAGE_GATHER4(gather4_c_lz, C | LZ)
IMAGE_GATHER4(gather4_o, O)
IMAGE_GATHER4(gather4_cl_o, CL | O)
IMAGE_GATHER4(gather4_l_o, L | O)
IMAGE_GATHER4(gather4_b_o, B | O)
IMAGE_GATHER4(gather4_b_cl_o, B | CL | O)
IMAGE_GATHER4(gather4_lz_o, LZ | O)
IMAGE_GATHER4(gather4_c_o, C | O)
IMAGE_GATHER4(gather4_c_cl_o, C | CL | O)
IMAGE_GATHER4(gather4_c_l_o, C | L | O)
IMAGE_GATHER4(gather4_c_b_o, C | B | O)
IMAGE_GATHER4(gather4_c_b_cl_o, C | B | CL | O)
IMAGE_GATHER4(gather4_c_lz_o, C | LZ | O)

/* Not implemented: MSAA loads and ray intersection fault UNSUPPORTED naming the instruction. */
UNSUPPORTED(image_msaa_load)
UNSUPPORTED(image_bvh_intersect_ray)
UNSUPPORTED(image_bvh64_intersect_ray)
