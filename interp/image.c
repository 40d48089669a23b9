/* Image descriptors, texel formats and the linear layout for the MIMG handlers (interp/image.h,
 * docs/images.md). Conversions are integer and soft-float (interp/float.h): never the host's
 * float unit, so results are the same on every host. */
#include "interp/image.h"

#include "interp/float.h"

static const struct float_env nearest_even = { ROUND_NEAREST_EVEN, false, false };

/* ---- descriptors ------------------------------------------------------------------------- */

static unsigned field(uint32_t dword, unsigned lo, unsigned bits)
{
   return (dword >> lo) & ((1u << bits) - 1u);
}

/* RDNA2 ISA guide, "Image Resource" (T#, GFX10 layout): BASE_ADDRESS is address >> 8 in
 * dword 0 and dword 1 [7:0]; MIN_LOD [19:8], FORMAT [28:20] and WIDTH [1:0] in [31:30] of dword
 * 1; WIDTH [13:2] in dword 2 [11:0], HEIGHT [27:14]; DST_SEL_X/Y/Z/W, BASE_LEVEL [15:12],
 * LAST_LEVEL [19:16], SW_MODE [24:20], TYPE [31:28] in dword 3; DEPTH [12:0] and BASE_ARRAY
 * [28:16] in dword 4. Sizes are stored minus one. */
void tsharp_read(const uint32_t d[8], struct tsharp *t)
{
   t->base_address = (d[0] | (uint64_t)(d[1] & 0xffu) << 32) << 8;
   t->min_lod = field(d[1], 8, 12);
   t->format = field(d[1], 20, 9);
   t->width = (field(d[1], 30, 2) | field(d[2], 0, 12) << 2) + 1;
   t->height = field(d[2], 14, 14) + 1;
   for (unsigned c = 0; c < 4; c++)
      t->dst_sel[c] = field(d[3], 3 * c, 3);
   t->base_level = field(d[3], 12, 4);
   t->last_level = field(d[3], 16, 4);
   t->sw_mode = field(d[3], 20, 5);
   t->type = field(d[3], 28, 4);
   t->depth = field(d[4], 0, 13) + 1;
   t->base_array = field(d[4], 16, 13);
}

/* RDNA2 ISA guide, "Image Sampler" (S#): CLAMP_X/Y/Z [8:0], DEPTH_COMPARE_FUNC [14:12],
 * FORCE_UNNORMALIZED [15] in dword 0; MIN_LOD [11:0], MAX_LOD [23:12] in dword 1; LOD_BIAS
 * [13:0], XY_MAG_FILTER [21:20], XY_MIN_FILTER [23:22], Z_FILTER [25:24], MIP_FILTER [27:26] in
 * dword 2; BORDER_COLOR_TYPE [31:30] in dword 3. */
void ssharp_read(const uint32_t d[4], struct ssharp *s)
{
   for (unsigned c = 0; c < 3; c++)
      s->clamp[c] = field(d[0], 3 * c, 3);
   s->depth_compare_func = field(d[0], 12, 3);
   s->force_unnormalized = field(d[0], 15, 1);
   s->min_lod = field(d[1], 0, 12);
   s->max_lod = field(d[1], 12, 12);
   s->lod_bias = (int)(field(d[2], 0, 14) ^ 0x2000u) - 0x2000;
   s->xy_mag_filter = field(d[2], 20, 2);
   s->xy_min_filter = field(d[2], 22, 2);
   s->z_filter = field(d[2], 24, 2);
   s->mip_filter = field(d[2], 26, 2);
   s->border_color_type = field(d[3], 30, 2);
}

const char *image_sw_mode_name(unsigned sw_mode)
{
   static const char *const names[32] = {
      "SW_LINEAR",   "SW_256B_S",   "SW_256B_D",   "SW_256B_R",   "SW_4KB_Z",    "SW_4KB_S",
      "SW_4KB_D",    "SW_4KB_R",    "SW_64KB_Z",   "SW_64KB_S",   "SW_64KB_D",   "SW_64KB_R",
      "SW_RESERVED", "SW_RESERVED", "SW_RESERVED", "SW_RESERVED", "SW_64KB_Z_T", "SW_64KB_S_T",
      "SW_64KB_D_T", "SW_64KB_R_T", "SW_4KB_Z_X",  "SW_4KB_S_X",  "SW_4KB_D_X",  "SW_4KB_R_X",
      "SW_64KB_Z_X", "SW_64KB_S_X", "SW_64KB_D_X", "SW_64KB_R_X", "SW_VAR_Z_X",  "SW_RESERVED",
      "SW_RESERVED", "SW_VAR_R_X",
   };
   return names[sw_mode & 31u];
}

const char *image_type_name(unsigned type)
{
   static const char *const names[8] = { "1D",       "2D",       "3D",      "CUBE",
                                         "1D_ARRAY", "2D_ARRAY", "2D_MSAA", "2D_MSAA_ARRAY" };
   return type >= 8 && type < 16 ? names[type - 8] : "BUFFER";
}

/* ---- formats ----------------------------------------------------------------------------- */

/* The GFX10 unified formats the interpreter converts (the numbering of LLVM's and Mesa's GFX10
 * format tables, the same as the MTBUF unified format). Components are listed from bit 0:
 * 10_11_11_FLOAT is R11G11B10 (red in the low 11 bits), 2_10_10_10 is RGB10A2. */
bool texel_format_of(unsigned format, struct texel_format *f)
{
   enum {
      UN = NUMBER_UNORM,
      SN = NUMBER_SNORM,
      UI = NUMBER_UINT,
      SI = NUMBER_SINT,
      FL = NUMBER_FLOAT
   };
   static const struct {
      uint16_t value;
      uint8_t components, bits, number;
   } uniform[] = {
      { 1, 1, 8, UN },   { 2, 1, 8, SN },   { 5, 1, 8, UI },   { 6, 1, 8, SI },   { 7, 1, 16, UN },
      { 8, 1, 16, SN },  { 11, 1, 16, UI }, { 12, 1, 16, SI }, { 13, 1, 16, FL }, { 14, 2, 8, UN },
      { 15, 2, 8, SN },  { 18, 2, 8, UI },  { 19, 2, 8, SI },  { 20, 1, 32, UI }, { 21, 1, 32, SI },
      { 22, 1, 32, FL }, { 23, 2, 16, UN }, { 24, 2, 16, SN }, { 27, 2, 16, UI }, { 28, 2, 16, SI },
      { 29, 2, 16, FL }, { 56, 4, 8, UN },  { 57, 4, 8, SN },  { 60, 4, 8, UI },  { 61, 4, 8, SI },
      { 62, 2, 32, UI }, { 63, 2, 32, SI }, { 64, 2, 32, FL }, { 65, 4, 16, UN }, { 66, 4, 16, SN },
      { 69, 4, 16, UI }, { 70, 4, 16, SI }, { 71, 4, 16, FL }, { 75, 4, 32, UI }, { 76, 4, 32, SI },
      { 77, 4, 32, FL },
   };
   for (unsigned i = 0; i < sizeof(uniform) / sizeof(uniform[0]); i++) {
      if (uniform[i].value != format)
         continue;
      f->components = uniform[i].components;
      f->number = (enum component_number)uniform[i].number;
      f->bytes = f->components * uniform[i].bits / 8u;
      for (unsigned c = 0; c < 4; c++) {
         f->offset[c] = (uint8_t)(c * uniform[i].bits);
         f->bits[c] = c < f->components ? uniform[i].bits : 0;
      }
      return true;
   }
   static const uint8_t r11g11b10[4] = { 11, 11, 10, 0 }, rgb10a2[4] = { 10, 10, 10, 2 };
   const uint8_t *bits;
   switch (format) {
   case 36: /* 10_11_11_FLOAT */
      f->number = NUMBER_FLOAT;
      bits = r11g11b10;
      f->components = 3;
      break;
   case 50: /* 2_10_10_10_UNORM */
   case 51: /* _SNORM */
   case 54: /* _UINT */
   case 55: /* _SINT */
      f->number = format == 50   ? NUMBER_UNORM
                  : format == 51 ? NUMBER_SNORM
                  : format == 54 ? NUMBER_UINT
                                 : NUMBER_SINT;
      bits = rgb10a2;
      f->components = 4;
      break;
   default:
      return false;
   }
   f->bytes = 4;
   unsigned at = 0;
   for (unsigned c = 0; c < 4; c++) {
      f->offset[c] = (uint8_t)at;
      f->bits[c] = bits[c];
      at += bits[c];
   }
   return true;
}

bool texel_is_float(const struct texel_format *f)
{
   return f->number == NUMBER_UNORM || f->number == NUMBER_SNORM || f->number == NUMBER_FLOAT;
}

static uint64_t get_bits(const uint8_t *p, unsigned offset, unsigned bits)
{
   uint64_t v = 0;
   for (unsigned b = 0; b < bits; b++)
      v |= (uint64_t)((unsigned)p[(offset + b) / 8] >> ((offset + b) % 8) & 1u) << b;
   return v;
}

static void put_bits(uint8_t *p, unsigned offset, unsigned bits, uint64_t v)
{
   for (unsigned b = 0; b < bits; b++) {
      unsigned at = offset + b;
      p[at / 8] =
         (uint8_t)(((unsigned)p[at / 8] & ~(1u << at % 8)) | (unsigned)(v >> b & 1u) << at % 8);
   }
}

/* An unsigned 10- or 11-bit float (5-bit exponent, bias 15, 5 or 6 mantissa bits) as f32: it
 * widens exactly to binary16 (same exponent, mantissa shifted up) and from there to f32. */
static uint32_t small_float_to_f32(uint32_t v, unsigned bits)
{
   unsigned mantissa_bits = bits - 5;
   uint32_t h = (v >> mantissa_bits) << 10 | (v & ((1u << mantissa_bits) - 1u))
                                                << (10 - mantissa_bits);
   return (uint32_t)float_convert(FLOAT32, FLOAT16, h, &nearest_even);
}

/* f32 to an unsigned 10/11-bit float, round to nearest even: negative values and -0 become 0,
 * NaN the quiet NaN, values past the largest finite one infinity, tiny ones denormals. */
static uint32_t f32_to_small_float(uint32_t f, unsigned bits)
{
   unsigned mantissa_bits = bits - 5;
   uint32_t exp_all = 0x1fu << mantissa_bits;
   if (float_is_nan(FLOAT32, f))
      return exp_all | 1u << (mantissa_bits - 1);
   if (f >> 31 || f == 0)
      return 0;
   int exp = (int)(f >> 23 & 0xffu);
   uint64_t sig = f & 0x7fffffu;
   if (exp == 0xff)
      return exp_all;
   if (exp == 0)
      exp = 1; /* f32 denormal */
   else
      sig |= 0x800000u;
   /* value = sig * 2^(exp - 150); result units are 2^(e - 15 - mantissa_bits), e >= 1 */
   int e = exp - 127 + 15;
   int shift = 23 - (int)mantissa_bits;
   if (e < 1) {
      shift += 1 - e;
      e = 0;
   }
   if (shift > 40)
      return 0;
   uint64_t kept = sig >> shift, rest = sig & ((1ull << shift) - 1), half = 1ull << (shift - 1);
   if (rest > half || (rest == half && (kept & 1)))
      kept++;
   /* kept holds the implicit bit for a normal result; adding the exponent lets a carry roll on */
   uint64_t out = e > 0 ? ((uint64_t)(e - 1) << mantissa_bits) + kept : kept;
   return out >= exp_all ? exp_all : (uint32_t)out;
}

/* value / (2^bits - 1) (unorm) or max(value / (2^(bits-1) - 1), -1) (snorm), one rounding
 * (RDNA2 ISA guide and the D3D conversion rules the texture unit follows). */
static uint32_t norm_to_f32(uint64_t raw, unsigned bits, bool is_signed)
{
   if (!is_signed) {
      uint64_t num = float_from_uint(FLOAT32, raw, &nearest_even);
      uint64_t den = float_from_uint(FLOAT32, (1ull << bits) - 1, &nearest_even);
      return (uint32_t)float_div(FLOAT32, num, den, &nearest_even);
   }
   int64_t v = (int64_t)(raw << (64 - bits)) >> (64 - bits);
   int64_t max = (1ll << (bits - 1)) - 1;
   if (v < -max)
      v = -max;
   uint64_t num = float_from_int(FLOAT32, v, &nearest_even);
   uint64_t den = float_from_int(FLOAT32, max, &nearest_even);
   return (uint32_t)float_div(FLOAT32, num, den, &nearest_even);
}

/* f32 to unorm/snorm: NaN 0, clamped to [0, 1] or [-1, 1], times 2^bits - 1 (2^(bits-1) - 1),
 * the exact product rounded to the nearest integer, ties to even. */
static uint64_t f32_to_norm(uint32_t f, unsigned bits, bool is_signed)
{
   if (float_is_nan(FLOAT32, f))
      return 0;
   uint64_t d = float_convert(FLOAT64, FLOAT32, f, &nearest_even);
   int64_t max = is_signed ? (1ll << (bits - 1)) - 1 : (1ll << bits) - 1;
   uint64_t scale = float_from_int(FLOAT64, max, &nearest_even);
   uint64_t product = float_mul(FLOAT64, d, scale, &nearest_even); /* exact: 24 + 16 bits */
   int64_t v = float_to_int(FLOAT64, product, ROUND_NEAREST_EVEN);
   int64_t lo = is_signed ? -max : 0;
   v = v < lo ? lo : v > max ? max : v;
   return (uint64_t)v & ((1ull << bits) - 1);
}

static uint32_t one_of(const struct texel_format *f)
{
   return texel_is_float(f) ? 0x3f800000u : 1u;
}

uint32_t texel_raw(const struct texel_format *f, const uint8_t *texel, unsigned k, bool sign)
{
   unsigned bits = f->bits[k];
   if (bits == 0)
      return 0;
   uint64_t v = get_bits(texel, f->offset[k], bits);
   if (sign && bits < 32)
      v = (uint64_t)((int64_t)(v << (64 - bits)) >> (64 - bits));
   return (uint32_t)v;
}

void texel_decode(const struct texel_format *f, const uint8_t *texel, uint32_t out[4])
{
   for (unsigned k = 0; k < 4; k++) {
      unsigned bits = f->bits[k];
      if (k >= f->components) {
         out[k] = k == 3 ? one_of(f) : 0;
         continue;
      }
      uint64_t raw = get_bits(texel, f->offset[k], bits);
      switch (f->number) {
      case NUMBER_UNORM:
         out[k] = norm_to_f32(raw, bits, false);
         break;
      case NUMBER_SNORM:
         out[k] = norm_to_f32(raw, bits, true);
         break;
      case NUMBER_UINT:
         out[k] = (uint32_t)raw;
         break;
      case NUMBER_SINT:
         out[k] = texel_raw(f, texel, k, true);
         break;
      case NUMBER_FLOAT:
         out[k] = bits == 32   ? (uint32_t)raw
                  : bits == 16 ? (uint32_t)float_convert(FLOAT32, FLOAT16, raw, &nearest_even)
                               : small_float_to_f32((uint32_t)raw, bits);
         break;
      }
   }
}

void texel_encode(const struct texel_format *f, const uint32_t in[4], uint8_t *texel)
{
   for (unsigned k = 0; k < f->components; k++) {
      unsigned bits = f->bits[k];
      uint64_t v;
      switch (f->number) {
      case NUMBER_UNORM:
         v = f32_to_norm(in[k], bits, false);
         break;
      case NUMBER_SNORM:
         v = f32_to_norm(in[k], bits, true);
         break;
      case NUMBER_FLOAT:
         v = bits == 32   ? in[k]
             : bits == 16 ? float_convert(FLOAT16, FLOAT32, in[k], &nearest_even)
                          : f32_to_small_float(in[k], bits);
         break;
      default: /* integers keep their low bits, as the buffer format stores do */
         v = in[k];
         break;
      }
      put_bits(texel, f->offset[k], bits, v);
   }
}

void texel_encode_raw(const struct texel_format *f, const uint32_t in[4], uint8_t *texel)
{
   for (unsigned k = 0; k < f->components; k++)
      put_bits(texel, f->offset[k], f->bits[k], in[k]);
}

/* ---- layout ------------------------------------------------------------------------------ */

unsigned image_level_extent(unsigned size, unsigned level)
{
   unsigned v = level < 32 ? size >> level : 0;
   return v ? v : 1;
}

unsigned image_slices(const struct tsharp *t)
{
   return t->type == IMAGE_3D ? 1 : t->depth;
}

static uint64_t level_bytes(const struct tsharp *t, const struct texel_format *f, unsigned level)
{
   uint64_t planes = t->type == IMAGE_3D ? image_level_extent(t->depth, level) : image_slices(t);
   return (uint64_t)image_level_extent(t->width, level) * image_level_extent(t->height, level) *
          planes * f->bytes;
}

uint64_t image_texel_offset(const struct tsharp *t, const struct texel_format *f, unsigned level,
                            uint64_t x, uint64_t y, uint64_t z)
{
   uint64_t offset = 0;
   for (unsigned l = 0; l < level; l++)
      offset += level_bytes(t, f, l);
   uint64_t width = image_level_extent(t->width, level);
   uint64_t height = image_level_extent(t->height, level);
   return offset + ((z * height + y) * width + x) * f->bytes;
}
