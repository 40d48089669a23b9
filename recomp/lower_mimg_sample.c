/* Sampling lowering (MIMG; RDNA2 ISA guide, "Image Opcodes with Sampler"): image_sample and
 * every variant, image_gather4 and its variants, image_get_lod, computed in the shader from the
 * T# and S# read at run time and the texels in guest memory, with the interpreter's arithmetic
 * step by step (interp/exec_mimg_sample.c, docs/images.md "Filtering arithmetic"): the LOD in
 * fixed point, address modes on 64-bit texel indices, weights in 1/256, every f32 product and
 * sum rounded by the soft-float helpers of recomp/lower_float.c. Results match bit for bit.
 *
 * Size: one copy of the per-lane work per instruction, whatever the wave and subgroup sizes. A
 * uniform loop runs over the invocation's slots (the lane's inputs picked by the slot index),
 * and inside it a loop over the footprint's texels (two levels of up to 8 texels) fetches,
 * decodes and accumulates one texel per iteration. */
#include <spirv/unified1/GLSL.std.450.h>

#include "recomp/lower_float.h"
#include "recomp/lower_mimg.h"

static uint32_t eq(struct lower *l, uint32_t x, uint32_t v)
{
   return cmp(l, SpvOpIEqual, x, c32(l, v));
}

static uint32_t field(struct lower *l, uint32_t v, unsigned lo, unsigned n)
{
   return bin(l, SpvOpBitwiseAnd, bin(l, SpvOpShiftRightLogical, v, c32(l, lo)),
              c32(l, (1u << n) - 1u));
}

static uint32_t smax(struct lower *l, uint32_t x, uint32_t y)
{
   return sel(l, cmp(l, SpvOpSGreaterThan, x, y), x, y);
}

static uint32_t smin(struct lower *l, uint32_t x, uint32_t y)
{
   return sel(l, cmp(l, SpvOpSLessThan, x, y), x, y);
}

static uint32_t var32(struct lower *l, uint32_t init)
{
   uint32_t v = spvb_function_variable(l->b, l->t_ptr_u32);
   spvb_store(l->b, v, init);
   return v;
}

static uint32_t load32(struct lower *l, uint32_t var)
{
   return spvb_load(l->b, T32, var);
}

/* f32 arithmetic of the filter: round to nearest even, denormals kept (the interpreter's
 * float_env for sampling), by recomp/lower_float.c's soft-float. Each is a helper function
 * emitted once per module and called per use: a sample holds some fifty of them. */
static uint32_t float_call(struct lower *l, uint32_t *fn, bool is_mul, uint32_t a, uint32_t b)
{
   if (!*fn) {
      uint32_t types[2] = { T32, T32 }, p[2];
      *fn = spvb_begin_helper(l->b, T32, types, 2, p);
      uint32_t round = c32(l, 0), flush = lw_bool(l, false);
      spvb_end_helper(l->b, is_mul ? fl_mul(l, p[0], p[1], round, flush, 32)
                                   : fl_add(l, p[0], p[1], round, flush, 32));
   }
   uint32_t args[3] = { *fn, a, b };
   return spvb_op(l->b, SpvOpFunctionCall, T32, args, 3);
}

static uint32_t fadd(struct lower *l, uint32_t a, uint32_t b)
{
   return float_call(l, &l->img_fadd, false, a, b);
}

static uint32_t fmul(struct lower *l, uint32_t a, uint32_t b)
{
   return float_call(l, &l->img_fmul, true, a, b);
}

/* ---- the forms and the S# ------------------------------------------------------------------ */

enum sample_form {
   SAMPLE_OFFSET = 1u << 0,  /* _o */
   SAMPLE_BIAS = 1u << 1,    /* _b */
   SAMPLE_COMPARE = 1u << 2, /* _c */
   SAMPLE_LOD = 1u << 3,     /* _l */
   SAMPLE_LZ = 1u << 4,      /* _lz */
   SAMPLE_CLAMP = 1u << 5,   /* _cl */
   SAMPLE_GRAD = 1u << 6,    /* _d, _cd */
   SAMPLE_G16 = 1u << 7,     /* _g16 */
};

enum sample_kind {
   KIND_SAMPLE,
   KIND_GATHER4,
   KIND_GET_LOD,
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

/* S# fields (RDNA2 ISA guide, "Image Sampler"), as interp/image.c reads them. */
struct ssharp_ids {
   uint32_t clamp[3], compare_func, force_unnormalized; /* u32, u32, bool */
   uint32_t min_lod, max_lod, lod_bias;                 /* u4.8, u4.8, s5.8 as i32 */
   uint32_t mag_filter, min_filter, z_filter, mip_filter, border_color_type;
};

static void read_ssharp(struct lower *l, const struct rdna_inst *in, struct ssharp_ids *s)
{
   unsigned reg = lw_role(in, RDNA_ROLE_ssamp)->reg;
   uint32_t d[4];
   for (unsigned k = 0; k < 4; k++)
      d[k] = lw_sreg(l, reg + k);
   for (unsigned a = 0; a < 3; a++)
      s->clamp[a] = field(l, d[0], 3 * a, 3);
   s->compare_func = field(l, d[0], 12, 3);
   s->force_unnormalized = lw_nz(l, field(l, d[0], 15, 1));
   s->min_lod = field(l, d[1], 0, 12);
   s->max_lod = field(l, d[1], 12, 12);
   s->lod_bias = bin(l, SpvOpShiftRightArithmetic, bin(l, SpvOpShiftLeftLogical, d[2], c32(l, 18)),
                     c32(l, 18));
   s->mag_filter = field(l, d[2], 20, 2);
   s->min_filter = field(l, d[2], 22, 2);
   s->z_filter = field(l, d[2], 24, 2);
   s->mip_filter = field(l, d[2], 26, 2);
   s->border_color_type = field(l, d[3], 30, 2);
}

/* ---- f32 bits to integers ------------------------------------------------------------------ */

/* The f32 bits of a u32 below 2^24 (exact). */
static uint32_t u32_to_f32(struct lower *l, uint32_t n)
{
   uint32_t msb = lw_glsl(l, GLSLstd450FindUMsb, T32, &n, 1);
   uint32_t mant =
      bin(l, SpvOpBitwiseAnd, bin(l, SpvOpShiftLeftLogical, n, bin(l, SpvOpISub, c32(l, 23), msb)),
          c32(l, 0x7fffffu));
   uint32_t bits =
      bin(l, SpvOpBitwiseOr,
          bin(l, SpvOpShiftLeftLogical, bin(l, SpvOpIAdd, msb, c32(l, 127)), c32(l, 23)), mant);
   return sel(l, lw_nz(l, n), bits, c32(l, 0));
}

/* v * 2^-8 as f32 for a signed v with |v| < 2^24 (u4.8 and s5.8 fixed point; exact). */
static uint32_t fixed_to_f32(struct lower *l, uint32_t v)
{
   uint32_t negative = cmp(l, SpvOpSLessThan, v, c32(l, 0));
   uint32_t magnitude = sel(l, negative, lw_op1(l, SpvOpSNegate, T32, v), v);
   uint32_t f = u32_to_f32(l, magnitude);
   f = sel(l, lw_nz(l, magnitude), bin(l, SpvOpISub, f, c32(l, 8u << 23)), c32(l, 0));
   return bin(l, SpvOpBitwiseOr, f, sel(l, negative, c32(l, 0x80000000u), c32(l, 0)));
}

/* x * 2^extra rounded to an integer (floor, or nearest with ties to even), saturated to the
 * int64 range, NaN 0: the interpreter's float_to_int of an f32 (the scaling by 256 is exact).
 * Returns an i64 in a u64 id. */
static uint32_t f32_to_i64(struct lower *l, uint32_t x, int extra, bool nearest)
{
   uint32_t e = field(l, x, 23, 8), mant = field(l, x, 0, 23);
   uint32_t negative = lw_nz(l, bin(l, SpvOpShiftRightLogical, x, c32(l, 31)));
   uint32_t m =
      lw_zext64(l, sel(l, lw_nz(l, e), bin(l, SpvOpBitwiseOr, mant, c32(l, 0x800000u)), mant));
   uint32_t e1 = sel(l, lw_nz(l, e), e, c32(l, 1));
   /* |x| * 2^extra = m * 2^sh */
   uint32_t sh = bin(l, SpvOpISub, e1, c32(l, (uint32_t)(150 - extra)));
   uint32_t big = cmp(l, SpvOpSGreaterThanEqual, sh, c32(l, 40)); /* 2^63 and up */
   uint32_t up_shift = cmp(l, SpvOpSGreaterThanEqual, sh, c32(l, 0));
   uint32_t left = lw_zext64(l, smin(l, smax(l, sh, c32(l, 0)), c32(l, 39)));
   uint32_t n =
      lw_zext64(l, smin(l, smax(l, lw_op1(l, SpvOpSNegate, T32, sh), c32(l, 1)), c32(l, 40)));
   uint32_t q = bin64(l, SpvOpShiftRightLogical, m, n);
   uint32_t rest =
      bin64(l, SpvOpBitwiseAnd, m,
            bin64(l, SpvOpISub, bin64(l, SpvOpShiftLeftLogical, c64(l, 1), n), c64(l, 1)));
   uint32_t magnitude;
   uint32_t inexact = lw_nz64(l, rest);
   if (nearest) {
      uint32_t half = bin64(l, SpvOpShiftLeftLogical, c64(l, 1), bin64(l, SpvOpISub, n, c64(l, 1)));
      uint32_t odd = lw_nz64(l, bin64(l, SpvOpBitwiseAnd, q, c64(l, 1)));
      uint32_t up = or_b(l, cmp(l, SpvOpUGreaterThan, rest, half),
                         and_b(l, cmp(l, SpvOpIEqual, rest, half), odd));
      q = bin64(l, SpvOpIAdd, q, lw_zext64(l, lw_b2u(l, up)));
      inexact = lw_bool(l, false);
   }
   magnitude = sel64(l, up_shift, bin64(l, SpvOpShiftLeftLogical, m, left), q);
   /* floor of a negative value: one further down when bits were lost */
   uint32_t down = and_b(l, negative, and_b(l, not_b(l, up_shift), inexact));
   uint32_t value = sel64(l, negative, lw_op1(l, SpvOpSNegate, T64, magnitude), magnitude);
   value = bin64(l, SpvOpISub, value, lw_zext64(l, lw_b2u(l, down)));
   value = sel64(l, big, sel64(l, negative, c64(l, (uint64_t)INT64_MIN), c64(l, INT64_MAX)), value);
   uint32_t nan = and_b(l, eq(l, e, 255), lw_nz(l, mant));
   return sel64(l, nan, c64(l, 0), value);
}

/* An i64 saturated to [-2^28, 2^28] as i32: LODs in 1/256 only meet sums of a few terms below
 * 2^22 and the clamps to [0, 4095], which the saturation leaves unchanged. */
static uint32_t lod_i32(struct lower *l, uint32_t v64)
{
   uint32_t lo = c64(l, (uint64_t) - (1ll << 28)), hi = c64(l, 1ll << 28);
   v64 = sel64(l, cmp(l, SpvOpSLessThan, v64, lo), lo, v64);
   v64 = sel64(l, cmp(l, SpvOpSGreaterThan, v64, hi), hi, v64);
   return lw_lo(l, v64);
}

/* floor(256 * v) of an f32 (the _l lod, the _b bias, the _cl clamp) as a saturated i32. */
static uint32_t fixed_8(struct lower *l, uint32_t v)
{
   return lod_i32(l, f32_to_i64(l, v, 8, false));
}

/* ---- level of detail ------------------------------------------------------------------------ */

#define LOD_NEG_INF (-(1 << 20))

/* floor(512 * log2(x)) of an f32 x >= 0 that is not NaN, or +-2^22 for zero and infinity, as
 * the interpreter computes it: the exponent, and 9 fraction bits by squaring the mantissa in
 * Q2.30 fixed point 9 times (each square truncated; reaching 2 gives a 1 bit and halves). */
static uint32_t log2_fixed_9(struct lower *l, uint32_t x)
{
   uint32_t e = field(l, x, 23, 8), mant = field(l, x, 0, 23);
   uint32_t p = lw_glsl(l, GLSLstd450FindUMsb, T32, &mant, 1);
   /* a denormal's exponent is that of its top bit; its mantissa shifts up to bit 23 */
   uint32_t denormal = cmp(l, SpvOpIEqual, e, c32(l, 0));
   uint32_t exponent =
      sel(l, denormal, bin(l, SpvOpISub, p, c32(l, 149)), bin(l, SpvOpISub, e, c32(l, 127)));
   uint32_t sig =
      sel(l, denormal, bin(l, SpvOpShiftLeftLogical, mant, bin(l, SpvOpISub, c32(l, 23), p)), mant);
   uint32_t m = bin64(l, SpvOpShiftLeftLogical,
                      lw_zext64(l, bin(l, SpvOpBitwiseOr, sig, c32(l, 0x800000u))), c64(l, 7));
   uint32_t frac = c32(l, 0);
   for (unsigned b = 0; b < 9; b++) {
      m = bin64(l, SpvOpShiftRightLogical, bin64(l, SpvOpIMul, m, m), c64(l, 30));
      uint32_t bit = cmp(l, SpvOpUGreaterThanEqual, m, c64(l, 2ll << 30));
      frac = bin(l, SpvOpBitwiseOr, bin(l, SpvOpShiftLeftLogical, frac, c32(l, 1)), lw_b2u(l, bit));
      m = sel64(l, bit, bin64(l, SpvOpShiftRightLogical, m, c64(l, 1)), m);
   }
   uint32_t l9 = bin(l, SpvOpIAdd, bin(l, SpvOpIMul, exponent, c32(l, 512)), frac);
   l9 = sel(l, lw_nz(l, bin(l, SpvOpBitwiseAnd, x, c32(l, 0x7fffffffu))), l9,
            c32(l, (uint32_t)(4 * LOD_NEG_INF)));
   return sel(l, eq(l, x, 0x7f800000u), c32(l, 4u << 20), l9);
}

/* The LOD (1/256, i32) from derivatives dx[], dy[] (f32 bits): each scaled by BASE_LEVEL's
 * extent unless unnormalized, rho^2 the larger of the sums of squares (NaN the smaller), then
 * floor(log2_fixed_9(rho^2) / 4). */
static uint32_t lod_from_derivatives(struct lower *l, unsigned axes, const uint32_t extent[3],
                                     uint32_t unnormalized, const uint32_t dx[3],
                                     const uint32_t dy[3])
{
   uint32_t rho2[2] = { 0, 0 };
   for (unsigned a = 0; a < axes; a++) {
      uint32_t scale = u32_to_f32(l, extent[a]);
      for (unsigned d = 0; d < 2; d++) {
         uint32_t v = d ? dy[a] : dx[a];
         v = sel(l, unnormalized, v, fmul(l, v, scale));
         uint32_t sq = fmul(l, v, v);
         rho2[d] = a ? fadd(l, rho2[d], sq) : sq;
      }
   }
   /* both are >= 0 or NaN: as unsigned bits they order like their values */
   uint32_t x_nan = cmp(l, SpvOpUGreaterThan, bin(l, SpvOpBitwiseAnd, rho2[0], c32(l, 0x7fffffffu)),
                        c32(l, 0x7f800000u));
   uint32_t y_nan = cmp(l, SpvOpUGreaterThan, bin(l, SpvOpBitwiseAnd, rho2[1], c32(l, 0x7fffffffu)),
                        c32(l, 0x7f800000u));
   uint32_t y_greater = and_b(l, and_b(l, not_b(l, x_nan), not_b(l, y_nan)),
                              cmp(l, SpvOpUGreaterThan, rho2[1], rho2[0]));
   uint32_t rho = sel(l, or_b(l, y_greater, x_nan), rho2[1], rho2[0]);
   uint32_t l9 = log2_fixed_9(l, rho);
   /* negative values (signed zero aside) and NaN: the LOD of a zero derivative */
   uint32_t bad = or_b(l, cmp(l, SpvOpUGreaterThan, rho, c32(l, 0x7f800000u)),
                       cmp(l, SpvOpUGreaterThan, rho, c32(l, 0x80000000u)));
   l9 = sel(l, bad, c32(l, (uint32_t)(4 * LOD_NEG_INF)), l9);
   return bin(l, SpvOpShiftRightArithmetic, l9, c32(l, 2));
}

/* ---- one lane's inputs ------------------------------------------------------------------------
 */

/* Axes a type filters over: 1 (1D, 1D arrays), 3 (3D) or 2. */
static unsigned dim_axes(unsigned dim)
{
   return dim == DIM_3D ? 3 : dim == DIM_1D || dim == DIM_1D_ARRAY ? 1 : 2;
}

/* What one lane samples (f32 bits unless said): the coordinates (the slice or face last), the
 * offset word, bias, reference, the lod or clamp, user derivatives. */
struct sample_inputs {
   uint32_t coord[4], offset, bias, reference, lod, dx[3], dy[3];
};

static uint32_t addr_dword(struct lower *l, const struct rdna_inst *in, unsigned j, unsigned slot)
{
   unsigned regs[16], n = lw_img_address_vgprs(in, regs);
   return j < n ? lw_vgpr(l, regs[j], slot) : c32(l, 0);
}

/* The address words of slot `slot` in the guide's order: _o offset, _b bias, _c reference,
 * derivatives (16-bit with _g16: the d/dx and the d/dy group each start a dword), coordinates
 * and the lod or clamp (16-bit halves with a16). */
static void read_inputs(struct lower *l, const struct rdna_inst *in, unsigned form, unsigned slot,
                        struct sample_inputs *s)
{
   unsigned dim = in->mod.dim, axes = dim_axes(dim), k = 0;
   bool a16 = in->mod.flags & RDNA_FLAG_A16;
   uint32_t zero = c32(l, 0);
   s->offset = s->bias = s->reference = s->lod = zero;
   for (unsigned a = 0; a < 3; a++)
      s->dx[a] = s->dy[a] = zero;
   if (form & SAMPLE_OFFSET)
      s->offset = addr_dword(l, in, k++, slot);
   if (form & SAMPLE_BIAS)
      s->bias = addr_dword(l, in, k++, slot);
   if (form & SAMPLE_COMPARE)
      s->reference = addr_dword(l, in, k++, slot);
   if (form & SAMPLE_GRAD) {
      if (form & SAMPLE_G16) {
         unsigned half = (axes + 1) / 2;
         for (unsigned a = 0; a < axes; a++) {
            s->dx[a] =
               lw_img_f16_to_f32(l, field(l, addr_dword(l, in, k + a / 2, slot), 16 * (a % 2), 16));
            s->dy[a] = lw_img_f16_to_f32(
               l, field(l, addr_dword(l, in, k + half + a / 2, slot), 16 * (a % 2), 16));
         }
         k += 2 * half;
      } else {
         for (unsigned a = 0; a < axes; a++) {
            s->dx[a] = addr_dword(l, in, k + a, slot);
            s->dy[a] = addr_dword(l, in, k + axes + a, slot);
         }
         k += 2 * axes;
      }
   }
   unsigned coords = lw_img_dim_coords(dim);
   for (unsigned c = 0; c < 4; c++)
      s->coord[c] = zero;
   for (unsigned c = 0; c <= coords; c++) {
      uint32_t v =
         a16 ? lw_img_f16_to_f32(l, field(l, addr_dword(l, in, k + c / 2, slot), 16 * (c % 2), 16))
             : addr_dword(l, in, k + c, slot);
      if (c < coords)
         s->coord[c] = v;
      else if (form & (SAMPLE_LOD | SAMPLE_CLAMP))
         s->lod = v;
   }
}

/* ---- loops ----------------------------------------------------------------------------------- */

struct loop {
   uint32_t counter, header, body, cont, merge;
};

/* for (counter = 0; counter < count; counter++) { ... }: a structured loop; loop_end closes it. */
static uint32_t loop_begin(struct lower *l, struct loop *lp, uint32_t count)
{
   lp->counter = var32(l, c32(l, 0));
   lp->header = spvb_id(l->b);
   lp->body = spvb_id(l->b);
   lp->cont = spvb_id(l->b);
   lp->merge = spvb_id(l->b);
   lw_branch(l, lp->header);
   lw_label(l, lp->header);
   uint32_t i = load32(l, lp->counter);
   uint32_t more = cmp(l, SpvOpULessThan, i, count);
   spvb_loop_merge(l->b, lp->merge, lp->cont);
   spvb_branch_conditional(l->b, more, lp->body, lp->merge);
   lw_label(l, lp->body);
   return load32(l, lp->counter);
}

static void loop_end(struct lower *l, struct loop *lp)
{
   lw_branch(l, lp->cont);
   lw_label(l, lp->cont);
   spvb_store(l->b, lp->counter, bin(l, SpvOpIAdd, load32(l, lp->counter), c32(l, 1)));
   lw_branch(l, lp->header);
   lw_label(l, lp->merge);
}

/* ---- texels -----------------------------------------------------------------------------------
 */

/* Everything the per-lane work reads. */
struct sampler_ctx {
   const struct rdna_inst *in;
   unsigned form, dim, axes;
   enum sample_kind kind;
   struct tsharp_ids t;
   struct ssharp_ids s;
   struct format_ids f;
   uint32_t unnormalized, is_float, one; /* bool, bool, u32 */
};

/* i mod n, in [0, n) for n > 0 (i64 ids): OpSRem, whose sign is the dividend's, corrected. */
static uint32_t floor_mod(struct lower *l, uint32_t i, uint32_t n)
{
   uint32_t r = lw_op2(l, SpvOpSRem, T64, i, n);
   return sel64(l, cmp(l, SpvOpSLessThan, r, c64(l, 0)), bin64(l, SpvOpIAdd, r, n), r);
}

/* Texel index i (i64) of an axis of n texels (u32) after address mode `mode`: the index (u32)
 * and whether it is the border colour (bool). Half-border modes act as their border modes. */
static void address_mode(struct lower *l, uint32_t mode, uint32_t i, uint32_t n, uint32_t *index,
                         uint32_t *border)
{
   uint32_t n64 = lw_zext64(l, n), two_n = bin64(l, SpvOpIMul, n64, c64(l, 2));
   uint32_t last = bin64(l, SpvOpISub, n64, c64(l, 1));
   uint32_t wrap = floor_mod(l, i, n64);
   uint32_t m = floor_mod(l, i, two_n);
   uint32_t mirror = sel64(l, cmp(l, SpvOpSLessThan, m, n64), m,
                           bin64(l, SpvOpISub, bin64(l, SpvOpISub, two_n, c64(l, 1)), m));
   uint32_t below = cmp(l, SpvOpSLessThan, i, c64(l, 0));
   uint32_t clamped =
      sel64(l, below, c64(l, 0), sel64(l, cmp(l, SpvOpSGreaterThanEqual, i, n64), last, i));
   uint32_t once = sel64(l, below, bin64(l, SpvOpISub, c64(l, UINT64_MAX), i), i);
   uint32_t once_past = cmp(l, SpvOpSGreaterThanEqual, once, n64);
   uint32_t once_clamped = sel64(l, once_past, last, once);
   uint32_t outside = or_b(l, below, cmp(l, SpvOpSGreaterThanEqual, i, n64));
   uint32_t v = sel64(l, eq(l, mode, TEX_WRAP), wrap, once);
   v = sel64(l, eq(l, mode, TEX_MIRROR), mirror, v);
   v = sel64(l, eq(l, mode, TEX_CLAMP_LAST_TEXEL), clamped, v);
   v = sel64(l, eq(l, mode, TEX_MIRROR_ONCE_LAST_TEXEL), once_clamped, v);
   uint32_t clamp_border =
      or_b(l, eq(l, mode, TEX_CLAMP_HALF_BORDER), eq(l, mode, TEX_CLAMP_BORDER));
   uint32_t once_border = cmp(l, SpvOpUGreaterThanEqual, mode, c32(l, TEX_CLAMP_HALF_BORDER));
   *border = lw_select(l, TB, clamp_border, outside,
                       lw_select(l, TB, once_border, once_past, lw_bool(l, false)));
   *index = lw_lo(l, sel64(l, *border, c64(l, 0), v));
}

/* Depth comparison of S# DEPTH_COMPARE_FUNC, reference OP texel (never, less, equal, less or
 * equal, greater, not equal, greater or equal, always); a NaN makes every order false, so "not
 * equal" holds. */
static uint32_t depth_compare(struct lower *l, uint32_t func, uint32_t reference, uint32_t texel)
{
   uint32_t nan = or_b(l, fl_is_nan(l, reference), fl_is_nan(l, texel));
   uint32_t kr = fl_order_key(l, reference), kt = fl_order_key(l, texel);
   uint32_t less = and_b(l, not_b(l, nan), cmp(l, SpvOpULessThan, kr, kt));
   uint32_t equal = and_b(l, not_b(l, nan), cmp(l, SpvOpIEqual, kr, kt));
   uint32_t greater = and_b(l, not_b(l, nan), cmp(l, SpvOpUGreaterThan, kr, kt));
   uint32_t results[8] = { lw_bool(l, false),
                           less,
                           equal,
                           or_b(l, less, equal),
                           greater,
                           not_b(l, equal),
                           or_b(l, greater, equal),
                           lw_bool(l, true) };
   uint32_t r = results[0];
   for (unsigned k = 1; k < 8; k++)
      r = lw_select(l, TB, eq(l, func, k), results[k], r);
   return r;
}

/* One axis of one texel of the footprint: its index (u32), whether it is the border colour
 * (bool), its weight in 1/256 (u32; 1 past the type's axes) and whether the footprint has this
 * texel on this axis (bool). */
struct axis_tap {
   uint32_t index, border, weight, valid;
};

/* Tap `bit` (u32 0 or 1) of axis a on level `level`: the coordinate in texels (times the level's
 * extent unless unnormalized; cube face coordinates first reduced by 1.0); point: the texel
 * holding it; linear: the two around it minus 0.5, weighted by its 8 fraction bits. The _o
 * offset is added, then the address mode applies (cubes clamp to the face). */
static void axis_tap(struct lower *l, const struct sampler_ctx *x, const struct sample_inputs *in,
                     unsigned a, uint32_t level, uint32_t linear, uint32_t bit,
                     struct axis_tap *tap)
{
   if (a >= x->axes) {
      tap->index = c32(l, 0);
      tap->border = lw_bool(l, false);
      tap->weight = c32(l, 1);
      tap->valid = eq(l, bit, 0);
      return;
   }
   uint32_t size = a == 0 ? x->t.width : a == 1 ? x->t.height : x->t.depth;
   uint32_t n = lw_img_level_extent(l, size, level);
   uint32_t s = in->coord[a];
   if (x->dim == DIM_CUBE)
      s = fadd(l, s, c32(l, 0xbf800000u));
   s = sel(l, x->unnormalized, s, fmul(l, s, u32_to_f32(l, n)));
   uint32_t offset = c64(l, 0);
   if (x->form & SAMPLE_OFFSET) /* 6-bit signed fields at bits 5:0, 13:8, 21:16 */
      offset = lw_sext64(l, bin(l, SpvOpShiftRightArithmetic,
                                bin(l, SpvOpShiftLeftLogical, in->offset, c32(l, 26 - 8 * a)),
                                c32(l, 26)));
   uint32_t point = f32_to_i64(l, s, 0, false);
   uint32_t pos = f32_to_i64(l, fadd(l, s, c32(l, 0xbf000000u)), 8, false);
   uint32_t i0 = lw_op2(l, SpvOpShiftRightArithmetic, T64, pos, c64(l, 8));
   uint32_t frac = lw_lo(l, bin64(l, SpvOpBitwiseAnd, pos, c64(l, 255)));
   uint32_t i = sel64(l, linear, bin64(l, SpvOpIAdd, i0, lw_zext64(l, bit)), point);
   i = bin64(l, SpvOpIAdd, i, offset);
   tap->weight = sel(l, linear, sel(l, lw_nz(l, bit), frac, bin(l, SpvOpISub, c32(l, 256), frac)),
                     c32(l, 256));
   tap->valid = or_b(l, linear, eq(l, bit, 0));
   uint32_t mode = x->dim == DIM_CUBE ? c32(l, TEX_CLAMP_LAST_TEXEL) : x->s.clamp[a];
   address_mode(l, mode, i, n, &tap->index, &tap->border);
}

/* The slice of arrays and cubes (u32) and whether the view has none (bool): the coordinate
 * rounded to the nearest integer, ties to even; for cubes the face v as v / 8 * 6 +
 * min(v % 8, 5); clamped to the view's slices. */
static void sample_slice(struct lower *l, const struct sampler_ctx *x,
                         const struct sample_inputs *in, uint32_t *slice, uint32_t *none)
{
   if (x->dim != DIM_CUBE && x->dim != DIM_1D_ARRAY && x->dim != DIM_2D_ARRAY) {
      *slice = c32(l, 0);
      *none = lw_bool(l, false);
      return;
   }
   uint32_t v = f32_to_i64(l, in->coord[x->axes], 0, true);
   if (x->dim == DIM_CUBE) {
      uint32_t rem = bin64(l, SpvOpUMod, v, c64(l, 8));
      uint32_t face =
         bin64(l, SpvOpIAdd, bin64(l, SpvOpIMul, bin64(l, SpvOpUDiv, v, c64(l, 8)), c64(l, 6)),
               sel64(l, cmp(l, SpvOpUGreaterThan, rem, c64(l, 5)), c64(l, 5), rem));
      v = sel64(l, cmp(l, SpvOpSLessThan, v, c64(l, 0)), c64(l, 0), face);
   }
   const struct tsharp_ids *t = &x->t;
   uint32_t count = sel(l, cmp(l, SpvOpUGreaterThan, t->depth, t->base_array),
                        bin(l, SpvOpISub, t->depth, t->base_array), c32(l, 0));
   uint32_t count64 = lw_zext64(l, count);
   v = sel64(l, cmp(l, SpvOpSLessThan, v, c64(l, 0)), c64(l, 0), v);
   v = sel64(l, cmp(l, SpvOpSGreaterThanEqual, v, count64), bin64(l, SpvOpISub, count64, c64(l, 1)),
             v);
   *slice = lw_lo(l, v);
   *none = eq(l, count, 0);
}

/* Reads and decodes one texel (level, x, y, z as u32, z the 3D depth or the slice with
 * BASE_ARRAY added) into texel[4]; records a fault instead (INVALID_OPERAND for a level past
 * LAST_LEVEL, UNMAPPED with the address outside guest memory) in the lane's fault variables. */
static void fetch_texel(struct lower *l, const struct sampler_ctx *x, uint32_t level,
                        const uint32_t index[3], uint32_t z, uint32_t fault_kind,
                        uint32_t fault_addr, uint32_t texel_vars[4])
{
   const struct tsharp_ids *t = &x->t;
   uint32_t w = lw_img_level_extent(l, t->width, level);
   uint32_t h = lw_img_level_extent(l, t->height, level);
   uint32_t offset = lw_img_level_offset(l, t, &x->f, x->dim == DIM_3D, level);
   uint32_t row = bin64(l, SpvOpIAdd, bin64(l, SpvOpIMul, lw_zext64(l, z), lw_zext64(l, h)),
                        lw_zext64(l, index[1]));
   uint32_t texel =
      bin64(l, SpvOpIAdd, bin64(l, SpvOpIMul, row, lw_zext64(l, w)), lw_zext64(l, index[0]));
   offset = bin64(l, SpvOpIAdd, offset, bin64(l, SpvOpIMul, texel, lw_zext64(l, x->f.bytes)));
   uint32_t address = bin64(l, SpvOpIAdd, t->base, offset);
   uint32_t place, mapped;
   lw_img_place_texel(l, address, x->f.bytes, &place, &mapped);
   uint32_t level_ok = cmp(l, SpvOpULessThanEqual, level, t->last_level);
   uint32_t kind = sel(l, level_ok, sel(l, mapped, c32(l, 0), c32(l, RDNA_FAULT_UNMAPPED)),
                       c32(l, RDNA_FAULT_INVALID_OPERAND));
   spvb_store(l->b, fault_kind, kind);
   spvb_store(l->b, fault_addr, sel64(l, level_ok, address, c64(l, 0)));
   uint32_t merge = lw_if_begin(l, and_b(l, level_ok, mapped));
   uint32_t words[4];
   lw_img_load_words(l, &x->f, place, words);
   for (unsigned c = 0; c < 4; c++)
      spvb_store(l->b, texel_vars[c], lw_img_texel_component(l, &x->f, x->f.is_signed, words, c));
   lw_if_end(l, merge);
}

/* The per-lane work: out_vars[4] receive the result components before the dmask (samples after
 * DST_SEL, gather4 its four texels, get_lod its two values); a fault goes to fault_kind (0
 * none) and fault_addr. */
static void lane_work(struct lower *l, const struct sampler_ctx *x, const struct sample_inputs *in,
                      const uint32_t quad[3][3], uint32_t out_vars[4], uint32_t fault_kind,
                      uint32_t fault_addr)
{
   const struct tsharp_ids *t = &x->t;
   const struct ssharp_ids *s = &x->s;
   unsigned form = x->form;
   /* 1. the LOD in 1/256 */
   uint32_t lod;
   if (form & SAMPLE_LZ) {
      lod = c32(l, 0);
   } else if (form & SAMPLE_LOD) {
      lod = fixed_8(l, in->lod);
   } else {
      uint32_t extent[3] = { lw_img_level_extent(l, t->width, t->base_level),
                             lw_img_level_extent(l, t->height, t->base_level),
                             lw_img_level_extent(l, t->depth, t->base_level) };
      uint32_t dx[3], dy[3];
      for (unsigned a = 0; a < 3; a++) {
         if (form & SAMPLE_GRAD) {
            dx[a] = in->dx[a];
            dy[a] = in->dy[a];
         } else if (a < x->axes) { /* the quad: lane 4q+1 minus 4q, lane 4q+2 minus 4q */
            uint32_t minus = bin(l, SpvOpBitwiseXor, quad[0][a], c32(l, 0x80000000u));
            dx[a] = fadd(l, quad[1][a], minus);
            dy[a] = fadd(l, quad[2][a], minus);
         } else {
            dx[a] = dy[a] = c32(l, 0);
         }
      }
      lod = lod_from_derivatives(l, x->axes, extent, x->unnormalized, dx, dy);
   }
   if (form & SAMPLE_BIAS)
      lod = bin(l, SpvOpIAdd, lod, fixed_8(l, in->bias));
   /* 2. S# bias and clamps, levels */
   uint32_t clamp = form & SAMPLE_CLAMP ? fixed_8(l, in->lod) : c32(l, (uint32_t)LOD_NEG_INF);
   uint32_t lo = smax(l, smax(l, s->min_lod, t->min_lod), clamp);
   uint32_t clamped = bin(l, SpvOpIAdd, lod, s->lod_bias);
   clamped = smin(l, smax(l, clamped, lo), s->max_lod);
   if (x->kind == KIND_GET_LOD) {
      spvb_store(l->b, out_vars[0], fixed_to_f32(l, clamped));
      spvb_store(l->b, out_vars[1], fixed_to_f32(l, smax(l, lod, c32(l, (uint32_t)LOD_NEG_INF))));
      spvb_store(l->b, out_vars[2], c32(l, 0));
      spvb_store(l->b, out_vars[3], c32(l, 0));
      return;
   }
   uint32_t top = sel(l, cmp(l, SpvOpUGreaterThanEqual, t->last_level, t->base_level),
                      bin(l, SpvOpISub, t->last_level, t->base_level), c32(l, 0));
   uint32_t point_level =
      bin(l, SpvOpISub,
          bin(l, SpvOpShiftRightArithmetic, bin(l, SpvOpIAdd, clamped, c32(l, 383)), c32(l, 8)),
          c32(l, 1));
   uint32_t linear_level = bin(l, SpvOpShiftRightArithmetic, clamped, c32(l, 8));
   uint32_t d0 = sel(l, eq(l, s->mip_filter, 1), point_level,
                     sel(l, eq(l, s->mip_filter, 2), linear_level, c32(l, 0)));
   uint32_t frac =
      sel(l, eq(l, s->mip_filter, 2), bin(l, SpvOpBitwiseAnd, clamped, c32(l, 255)), c32(l, 0));
   uint32_t at_top = cmp(l, SpvOpSGreaterThanEqual, d0, top);
   d0 = sel(l, at_top, top, d0);
   frac = sel(l, at_top, c32(l, 0), frac);
   uint32_t below = cmp(l, SpvOpSLessThan, d0, c32(l, 0));
   d0 = sel(l, below, c32(l, 0), d0);
   uint32_t mip_weight = sel(l, below, c32(l, 0), frac);
   uint32_t level0 = bin(l, SpvOpIAdd, t->base_level, d0);
   uint32_t level1 = bin(l, SpvOpIAdd, level0, lw_b2u(l, lw_nz(l, mip_weight)));
   uint32_t minify = cmp(l, SpvOpSGreaterThan, clamped, c32(l, 0));
   uint32_t filter = sel(l, minify, s->min_filter, s->mag_filter);
   bool gather = x->kind == KIND_GATHER4;
   /* bilinear and aniso bilinear; gather4 takes the bilinear footprint whatever the format */
   uint32_t linear_xy = gather ? lw_bool(l, true)
                               : and_b(l, x->is_float, or_b(l, eq(l, filter, 1), eq(l, filter, 3)));
   uint32_t linear_z = and_b(l, x->is_float, eq(l, s->z_filter, 2));
   uint32_t blend = and_b(l, x->is_float, lw_nz(l, mip_weight));
   uint32_t slice, no_slice;
   sample_slice(l, x, in, &slice, &no_slice);
   /* 3. the footprint: sample: two levels of up to 8 texels, x fastest; gather4: its 4 texels
    * in the order (i0, j1), (i1, j1), (i1, j0), (i0, j0) */
   uint32_t acc[2][4], first[2], texel_vars[4], failed = var32(l, c32(l, 0));
   for (unsigned li = 0; li < 2; li++) {
      first[li] = var32(l, c32(l, 1));
      for (unsigned c = 0; c < 4; c++)
         acc[li][c] = var32(l, c32(l, 0));
   }
   for (unsigned c = 0; c < 4; c++)
      texel_vars[c] = var32(l, c32(l, 0));
   struct loop lp;
   uint32_t it = loop_begin(l, &lp, c32(l, gather ? 4 : 16));
   uint32_t li, bits[3];
   if (gather) {
      li = c32(l, 0);
      bits[0] = bin(l, SpvOpBitwiseAnd,
                    bin(l, SpvOpShiftRightLogical, bin(l, SpvOpIAdd, it, c32(l, 1)), c32(l, 1)),
                    c32(l, 1));
      bits[1] = lw_b2u(l, cmp(l, SpvOpULessThan, it, c32(l, 2)));
      bits[2] = c32(l, 0);
   } else {
      li = bin(l, SpvOpShiftRightLogical, it, c32(l, 3));
      for (unsigned a = 0; a < 3; a++)
         bits[a] = field(l, it, a, 1);
   }
   uint32_t second = lw_nz(l, li);
   uint32_t level = sel(l, second, level1, level0);
   struct axis_tap taps[3];
   for (unsigned a = 0; a < 3; a++)
      axis_tap(l, x, in, a, level, a == 2 ? linear_z : linear_xy, bits[a], &taps[a]);
   uint32_t weight =
      bin(l, SpvOpIMul, bin(l, SpvOpIMul, taps[0].weight, taps[1].weight), taps[2].weight);
   uint32_t go = and_b(l, and_b(l, taps[0].valid, taps[1].valid), taps[2].valid);
   go = and_b(l, go, or_b(l, not_b(l, second), blend));
   go = and_b(l, go, and_b(l, lw_nz(l, weight), eq(l, load32(l, failed), 0)));
   uint32_t merge = lw_if_begin(l, go);
   uint32_t border =
      or_b(l, or_b(l, taps[0].border, taps[1].border), or_b(l, taps[2].border, no_slice));
   /* the border colour: transparent black, opaque black, opaque white (interp's order) */
   for (unsigned c = 0; c < 4; c++) {
      uint32_t white = eq(l, s->border_color_type, 2);
      uint32_t on = c == 3 ? or_b(l, white, eq(l, s->border_color_type, 1)) : white;
      spvb_store(l->b, texel_vars[c], sel(l, on, x->one, c32(l, 0)));
   }
   uint32_t fetch_merge = lw_if_begin(l, not_b(l, border));
   uint32_t index[3] = { taps[0].index, taps[1].index, taps[2].index };
   uint32_t z = x->dim == DIM_3D ? taps[2].index : bin(l, SpvOpIAdd, slice, t->base_array);
   if (x->dim == DIM_1D || x->dim == DIM_2D) /* no slice */
      z = c32(l, 0);
   fetch_texel(l, x, level, index, z, fault_kind, fault_addr, texel_vars);
   lw_if_end(l, fetch_merge);
   uint32_t fault_now = lw_nz(l, load32(l, fault_kind));
   spvb_store(l->b, failed, lw_b2u(l, fault_now));
   uint32_t texel[4];
   for (unsigned c = 0; c < 4; c++)
      texel[c] = load32(l, texel_vars[c]);
   if (form & SAMPLE_COMPARE)
      texel[0] = sel(l, depth_compare(l, s->compare_func, in->reference, texel[0]),
                     c32(l, 0x3f800000u), c32(l, 0));
   if (gather) {
      unsigned component = 0;
      while (component < 3 && !(x->in->mod.dmask >> component & 1))
         component++;
      uint32_t v = lw_img_dst_sel(l, t, texel, x->one, component);
      for (unsigned k = 0; k < 4; k++)
         spvb_store(l->b, acc[0][k], sel(l, eq(l, it, k), v, load32(l, acc[0][k])));
   } else {
      /* weight * 2^-(8 * axes), exact */
      uint32_t wf = bin(l, SpvOpISub, u32_to_f32(l, weight), c32(l, (8u * x->axes) << 23));
      uint32_t is_first = lw_nz(l, sel(l, second, load32(l, first[1]), load32(l, first[0])));
      for (unsigned c = 0; c < 4; c++) {
         uint32_t old = sel(l, second, load32(l, acc[1][c]), load32(l, acc[0][c]));
         uint32_t product = fmul(l, texel[c], wf);
         uint32_t sum = sel(l, is_first, product, fadd(l, old, product));
         sum = sel(l, x->is_float, sum, texel[c]); /* integers: the one texel, unfiltered */
         for (unsigned k = 0; k < 2; k++) {
            uint32_t mine = k ? second : not_b(l, second);
            spvb_store(l->b, acc[k][c], sel(l, mine, sum, load32(l, acc[k][c])));
         }
      }
      for (unsigned k = 0; k < 2; k++) {
         uint32_t mine = k ? second : not_b(l, second);
         spvb_store(l->b, first[k], sel(l, mine, c32(l, 0), load32(l, first[k])));
      }
   }
   lw_if_end(l, merge);
   loop_end(l, &lp);
   if (gather) {
      for (unsigned c = 0; c < 4; c++)
         spvb_store(l->b, out_vars[c], load32(l, acc[0][c]));
      return;
   }
   /* 4. between levels: r0 * ((256 - m) / 256) + r1 * (m / 256), each product rounded */
   uint32_t w0 = fixed_to_f32(l, bin(l, SpvOpISub, c32(l, 256), mip_weight));
   uint32_t w1 = fixed_to_f32(l, mip_weight);
   uint32_t r[4];
   for (unsigned c = 0; c < 4; c++) {
      uint32_t r0 = load32(l, acc[0][c]), r1 = load32(l, acc[1][c]);
      uint32_t mixed = fadd(l, fmul(l, r0, w0), fmul(l, r1, w1));
      r[c] = sel(l, blend, mixed, r0);
   }
   for (unsigned c = 0; c < 4; c++)
      spvb_store(l->b, out_vars[c], lw_img_dst_sel(l, t, r, x->one, c));
}

/* ---- the instruction ----------------------------------------------------------------------- */

/* The value of per-slot values[] for the slot `slot` (u32) the loop is at. */
static uint32_t pick(struct lower *l, uint32_t type, const uint32_t values[], uint32_t slot)
{
   uint32_t v = values[0];
   for (unsigned k = 1; k < l->slots; k++)
      v = lw_select(l, type, eq(l, slot, k), values[k], v);
   return v;
}

static enum rdna_status lower_sampling(struct lower *l, const struct rdna_inst *in, unsigned form,
                                       enum sample_kind kind, const char *name)
{
   if (in->mod.dim >= DIM_2D_MSAA)
      return lower_unsupported(l, name, " (MSAA)");
   struct sampler_ctx x;
   x.in = in;
   x.form = form;
   x.kind = kind;
   x.dim = in->mod.dim;
   x.axes = dim_axes(x.dim);
   lw_img_read_tsharp(l, in, &x.t);
   lw_img_format_info(l, x.t.format, false, &x.f);
   uint32_t go = lw_img_check_descriptor(l, in, &x.t, &x.f);
   read_ssharp(l, in, &x.s);
   /* interp/exec_mimg_sample.c: border colour tables, then a16 with 32-bit derivatives, then
    * gather4 on a type that is not 2D */
   uint32_t any_border = lw_bool(l, false);
   for (unsigned a = 0; a < 3; a++)
      any_border =
         or_b(l, any_border,
              cmp(l, SpvOpUGreaterThanEqual, x.s.clamp[a], c32(l, TEX_CLAMP_HALF_BORDER)));
   uint32_t table = and_b(l, go, and_b(l, eq(l, x.s.border_color_type, 3), any_border));
   lw_fault(l, table, RDNA_FAULT_UNSUPPORTED, 0, 0);
   go = and_b(l, go, not_b(l, table));
   if ((form & SAMPLE_GRAD) && !(form & SAMPLE_G16) && (in->mod.flags & RDNA_FLAG_A16)) {
      lw_fault(l, go, RDNA_FAULT_UNSUPPORTED, 0, 0);
      go = lw_bool(l, false);
   }
   if (kind == KIND_GATHER4 && x.axes != 2) {
      lw_fault(l, go, RDNA_FAULT_INVALID_OPERAND, 0, 0);
      go = lw_bool(l, false);
   }
   uint32_t merge = lw_if_begin(l, go);
   x.unnormalized = or_b(l, lw_bool(l, in->mod.flags & RDNA_FLAG_UNORM), x.s.force_unnormalized);
   x.is_float = x.f.is_float;
   x.one = sel(l, x.is_float, c32(l, 0x3f800000u), c32(l, 1));
   unsigned slots = l->slots;
   struct sample_inputs inputs[LOWER_MAX_SLOTS];
   uint32_t active[LOWER_MAX_SLOTS];
   for (unsigned k = 0; k < slots; k++) {
      read_inputs(l, in, form, k, &inputs[k]);
      active[k] = lw_active(l, k);
   }
   /* implicit derivatives: the coordinates of lanes 4q, 4q+1 and 4q+2 of each lane's quad */
   uint32_t quad[3][3][LOWER_MAX_SLOTS];
   bool implicit = kind == KIND_GET_LOD || !(form & (SAMPLE_LOD | SAMPLE_LZ | SAMPLE_GRAD));
   if (implicit) {
      for (unsigned j = 0; j < 3; j++) {
         struct lw_lane_map map = { LW_MAP_TABLE, 4, 0, 0, j * 0x55u, 0, false };
         uint32_t from[LOWER_MAX_SLOTS];
         lw_lane_map_sources(l, &map, from);
         for (unsigned a = 0; a < x.axes; a++) {
            uint32_t values[LOWER_MAX_SLOTS], out[LOWER_MAX_SLOTS];
            for (unsigned k = 0; k < slots; k++)
               values[k] = inputs[k].coord[a];
            lw_gather(l, &map, values, from, out);
            for (unsigned k = 0; k < slots; k++)
               quad[j][a][k] = out[k];
         }
      }
   }
   uint32_t res[LOWER_MAX_SLOTS][4], fkind[LOWER_MAX_SLOTS], faddr[LOWER_MAX_SLOTS];
   for (unsigned k = 0; k < slots; k++) {
      for (unsigned c = 0; c < 4; c++)
         res[k][c] = var32(l, c32(l, 0));
      fkind[k] = var32(l, c32(l, 0));
      faddr[k] = spvb_function_variable(l->b, l->t_ptr_u64);
      spvb_store(l->b, faddr[k], c64(l, 0));
   }
   uint32_t out_vars[4], lane_kind = var32(l, c32(l, 0));
   uint32_t lane_addr = spvb_function_variable(l->b, l->t_ptr_u64);
   for (unsigned c = 0; c < 4; c++)
      out_vars[c] = var32(l, c32(l, 0));
   /* one copy of the lane's work, run for each slot */
   struct loop lp;
   uint32_t slot = loop_begin(l, &lp, c32(l, slots));
   uint32_t lane_merge = lw_if_begin(l, pick(l, TB, active, slot));
   struct sample_inputs s;
   uint32_t values[LOWER_MAX_SLOTS];
#define PICK(member)                         \
   do {                                      \
      for (unsigned k = 0; k < slots; k++)   \
         values[k] = inputs[k].member;       \
      s.member = pick(l, T32, values, slot); \
   } while (0)
   for (unsigned a = 0; a < 4; a++)
      PICK(coord[a]);
   PICK(offset);
   PICK(bias);
   PICK(reference);
   PICK(lod);
   for (unsigned a = 0; a < 3; a++) {
      PICK(dx[a]);
      PICK(dy[a]);
   }
#undef PICK
   uint32_t q[3][3];
   for (unsigned j = 0; j < 3; j++)
      for (unsigned a = 0; a < 3; a++)
         q[j][a] = implicit && a < x.axes ? pick(l, T32, quad[j][a], slot) : c32(l, 0);
   spvb_store(l->b, lane_kind, c32(l, 0));
   spvb_store(l->b, lane_addr, c64(l, 0));
   lane_work(l, &x, &s, q, out_vars, lane_kind, lane_addr);
   for (unsigned k = 0; k < slots; k++) {
      uint32_t mine = eq(l, slot, k);
      for (unsigned c = 0; c < 4; c++)
         spvb_store(l->b, res[k][c], sel(l, mine, load32(l, out_vars[c]), load32(l, res[k][c])));
      spvb_store(l->b, fkind[k], sel(l, mine, load32(l, lane_kind), load32(l, fkind[k])));
      spvb_store(l->b, faddr[k],
                 sel64(l, mine, spvb_load(l->b, T64, lane_addr), spvb_load(l->b, T64, faddr[k])));
   }
   lw_if_end(l, lane_merge);
   loop_end(l, &lp);
   /* the lowest faulting lane's fault, as the interpreter's lane order gives it */
   uint32_t bad[LOWER_MAX_SLOTS], kinds[LOWER_MAX_SLOTS], lo[LOWER_MAX_SLOTS], hi[LOWER_MAX_SLOTS];
   for (unsigned k = 0; k < slots; k++) {
      kinds[k] = load32(l, fkind[k]);
      bad[k] = and_b(l, active[k], lw_nz(l, kinds[k]));
      uint32_t a = spvb_load(l->b, T64, faddr[k]);
      lo[k] = lw_lo(l, a);
      hi[k] = lw_hi(l, a);
   }
   uint32_t mask = lw_ballot(l, bad);
   uint32_t any = lw_nz64(l, mask);
   uint32_t first = sel(l, any, lw_lowest_lane(l, mask), c32(l, 0));
   uint32_t shown = lw_pack64(l, lw_read_lane(l, lo, first), lw_read_lane(l, hi, first));
   lw_fault_value(l, any, lw_read_lane(l, kinds, first), first, shown);
   uint32_t write_merge = lw_if_begin(l, not_b(l, any));
   unsigned dmask = kind == KIND_GATHER4 ? 0xf : in->mod.dmask;
   uint32_t is_float = kind == KIND_GET_LOD ? lw_bool(l, true) : x.is_float;
   bool d16 = kind != KIND_GET_LOD && (in->mod.flags & RDNA_FLAG_D16);
   for (unsigned k = 0; k < slots; k++) {
      uint32_t v[4];
      unsigned n = 0;
      for (unsigned c = 0; c < 4; c++)
         if (dmask >> c & 1)
            v[n++] = load32(l, res[k][c]);
      lw_img_write_components(l, in, k, active[k], dmask, v, is_float, d16);
   }
   lw_if_end(l, write_merge);
   lw_if_end(l, merge);
   return RDNA_OK;
}

/* ---- handlers -----------------------------------------------------------------------------------
 */

#define LOWER_SAMPLE(name, form)                                                    \
   enum rdna_status lower_image_##name(struct lower *l, const struct rdna_inst *in) \
   {                                                                                \
      return lower_sampling(l, in, form, KIND_SAMPLE, "image_" #name);              \
   }

#define LOWER_GATHER4(name, form)                                                   \
   enum rdna_status lower_image_##name(struct lower *l, const struct rdna_inst *in) \
   {                                                                                \
      return lower_sampling(l, in, form, KIND_GATHER4, "image_" #name);             \
   }

enum rdna_status lower_image_get_lod(struct lower *l, const struct rdna_inst *in)
{
   return lower_sampling(l, in, 0, KIND_GET_LOD, "image_get_lod");
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
LOWER_SAMPLE(sample, 0)
LOWER_SAMPLE(sample_cl, CL)
LOWER_SAMPLE(sample_d, D)
LOWER_SAMPLE(sample_d_cl, D | CL)
LOWER_SAMPLE(sample_l, L)
LOWER_SAMPLE(sample_b, B)
LOWER_SAMPLE(sample_b_cl, B | CL)
LOWER_SAMPLE(sample_lz, LZ)
LOWER_SAMPLE(sample_c, C)
LOWER_SAMPLE(sample_c_cl, C | CL)
LOWER_SAMPLE(sample_c_d, C | D)
LOWER_SAMPLE(sample_c_d_cl, C | D | CL)
LOWER_SAMPLE(sample_c_l, C | L)
LOWER_SAMPLE(sample_c_b, C | B)
LOWER_SAMPLE(sample_c_b_cl, C | B | CL)
LOWER_SAMPLE(sample_c_lz, C | LZ)
LOWER_SAMPLE(sample_o, O)
LOWER_SAMPLE(sample_cl_o, CL | O)
LOWER_SAMPLE(sample_d_o, D | O)
LOWER_SAMPLE(sample_d_cl_o, D | CL | O)
LOWER_SAMPLE(sample_l_o, L | O)
LOWER_SAMPLE(sample_b_o, B | O)
LOWER_SAMPLE(sample_b_cl_o, B | CL | O)
LOWER_SAMPLE(sample_lz_o, LZ | O)
LOWER_SAMPLE(sample_c_o, C | O)
LOWER_SAMPLE(sample_c_cl_o, C | CL | O)
LOWER_SAMPLE(sample_c_d_o, C | D | O)
LOWER_SAMPLE(sample_c_d_cl_o, C | D | CL | O)
LOWER_SAMPLE(sample_c_l_o, C | L | O)
LOWER_SAMPLE(sample_c_b_o, C | B | O)
LOWER_SAMPLE(sample_c_b_cl_o, C | B | CL | O)
LOWER_SAMPLE(sample_c_lz_o, C | LZ | O)
LOWER_SAMPLE(sample_cd, D)
LOWER_SAMPLE(sample_cd_cl, D | CL)
LOWER_SAMPLE(sample_c_cd, C | D)
LOWER_SAMPLE(sample_c_cd_cl, C | D | CL)
LOWER_SAMPLE(sample_cd_o, D | O)
LOWER_SAMPLE(sample_cd_cl_o, D | CL | O)
LOWER_SAMPLE(sample_c_cd_o, C | D | O)
LOWER_SAMPLE(sample_c_cd_cl_o, C | D | CL | O)
LOWER_SAMPLE(sample_d_g16, G16)
LOWER_SAMPLE(sample_d_cl_g16, CL | G16)
LOWER_SAMPLE(sample_c_d_g16, C | G16)
LOWER_SAMPLE(sample_c_d_cl_g16, C | CL | G16)
LOWER_SAMPLE(sample_d_o_g16, O | G16)
LOWER_SAMPLE(sample_d_cl_o_g16, CL | O | G16)
LOWER_SAMPLE(sample_c_d_o_g16, C | O | G16)
LOWER_SAMPLE(sample_c_d_cl_o_g16, C | CL | O | G16)
LOWER_SAMPLE(sample_cd_g16, G16)
LOWER_SAMPLE(sample_cd_cl_g16, CL | G16)
LOWER_SAMPLE(sample_c_cd_g16, C | G16)
LOWER_SAMPLE(sample_c_cd_cl_g16, C | CL | G16)
LOWER_SAMPLE(sample_cd_o_g16, O | G16)
LOWER_SAMPLE(sample_cd_cl_o_g16, CL | O | G16)
LOWER_SAMPLE(sample_c_cd_o_g16, C | O | G16)
LOWER_SAMPLE(sample_c_cd_cl_o_g16, C | CL | O | G16)
LOWER_GATHER4(gather4, 0)
LOWER_GATHER4(gather4_cl, CL)
LOWER_GATHER4(gather4_l, L)
LOWER_GATHER4(gather4_b, B)
LOWER_GATHER4(gather4_b_cl, B | CL)
LOWER_GATHER4(gather4_lz, LZ)
LOWER_GATHER4(gather4_c, C)
LOWER_GATHER4(gather4_c_cl, C | CL)
LOWER_GATHER4(gather4_c_l, C | L)
LOWER_GATHER4(gather4_c_b, C | B)
LOWER_GATHER4(gather4_c_b_cl, C | B | CL)
LOWER_GATHER4(gather4_c_lz, C | LZ)
LOWER_GATHER4(gather4_o, O)
LOWER_GATHER4(gather4_cl_o, CL | O)
LOWER_GATHER4(gather4_l_o, L | O)
LOWER_GATHER4(gather4_b_o, B | O)
LOWER_GATHER4(gather4_b_cl_o, B | CL | O)
LOWER_GATHER4(gather4_lz_o, LZ | O)
LOWER_GATHER4(gather4_c_o, C | O)
LOWER_GATHER4(gather4_c_cl_o, C | CL | O)
LOWER_GATHER4(gather4_c_l_o, C | L | O)
LOWER_GATHER4(gather4_c_b_o, C | B | O)
LOWER_GATHER4(gather4_c_b_cl_o, C | B | CL | O)
LOWER_GATHER4(gather4_c_lz_o, C | LZ | O)
