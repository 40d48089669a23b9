/* Image resources for the MIMG handlers (interp/exec_mimg.c): the T# and S# descriptors read from
 * SGPRs at run time, the texel formats and their conversions, the linear memory layout of levels
 * and slices, and the filtering arithmetic. docs/images.md describes every rule and choice made
 * here; the implementation is interp/image.c. */
#ifndef RDNA_INTERP_IMAGE_H
#define RDNA_INTERP_IMAGE_H

#include <stdbool.h>
#include <stdint.h>

/* SQ_RSRC_IMG_* resource types (T# dword 3 TYPE; the MIMG dim field numbers them from 8). */
enum image_type {
   IMAGE_1D = 8,
   IMAGE_2D = 9,
   IMAGE_3D = 10,
   IMAGE_CUBE = 11,
   IMAGE_1D_ARRAY = 12,
   IMAGE_2D_ARRAY = 13,
   IMAGE_2D_MSAA = 14,
   IMAGE_2D_MSAA_ARRAY = 15,
};

/* The fields of the 256-bit image resource (RDNA2 ISA guide, "Image Resource") the
 * interpreter uses, with the guide's names. */
struct tsharp {
   uint64_t base_address;         /* bytes (the descriptor holds address >> 8) */
   unsigned min_lod;              /* u4.8 */
   unsigned format;               /* the GFX10 unified IMG_FORMAT */
   unsigned width, height, depth; /* the descriptor's fields plus one (level 0) */
   unsigned dst_sel[4];           /* SQ_SEL_0, SQ_SEL_1, SQ_SEL_X .. SQ_SEL_W */
   unsigned base_level, last_level;
   unsigned sw_mode, type;
   unsigned base_array;
};

/* The 128-bit sampler (RDNA2 ISA guide, "Image Sampler"). */
struct ssharp {
   unsigned clamp[3]; /* SQ_TEX_WRAP .. SQ_TEX_MIRROR_ONCE_BORDER for x, y, z */
   unsigned depth_compare_func;
   bool force_unnormalized;
   unsigned min_lod, max_lod; /* u4.8 */
   int lod_bias;              /* s5.8 */
   unsigned xy_mag_filter, xy_min_filter, z_filter, mip_filter;
   unsigned border_color_type;
};

void tsharp_read(const uint32_t d[8], struct tsharp *t);
void ssharp_read(const uint32_t d[4], struct ssharp *s);
/* "SW_LINEAR", "SW_64KB_R_X", ...: the swizzle mode's name for messages. */
const char *image_sw_mode_name(unsigned sw_mode);
const char *image_type_name(unsigned type);

/* How a component's bits map to its value. */
enum component_number {
   NUMBER_UNORM,
   NUMBER_SNORM,
   NUMBER_UINT,
   NUMBER_SINT,
   NUMBER_FLOAT,
};

/* A texel format: `components` fields at bit offsets of a little-endian texel of `bytes`. Float
 * fields of 10 and 11 bits are the unsigned small floats of R11G11B10 (5-bit exponent). */
struct texel_format {
   unsigned bytes, components;
   enum component_number number;
   uint8_t offset[4], bits[4];
};

/* The format of IMG_FORMAT `format`; false for formats the interpreter does not convert. */
bool texel_format_of(unsigned format, struct texel_format *f);
/* Whether values of the format are read as floats (unorm, snorm, float) or integers. */
bool texel_is_float(const struct texel_format *f);

/* A texel's components as 32-bit values (f32 bits for float numbers, integers sign- or
 * zero-extended otherwise); missing components are 0 and alpha 1 (1.0 or integer 1). */
void texel_decode(const struct texel_format *f, const uint8_t *texel, uint32_t out[4]);
/* Component k's raw field bits, zero- or sign-extended (the _pck loads). */
uint32_t texel_raw(const struct texel_format *f, const uint8_t *texel, unsigned k, bool sign);
/* Encodes components into the texel's bytes (all of them: image stores write whole texels). */
void texel_encode(const struct texel_format *f, const uint32_t in[4], uint8_t *texel);
/* Raw field bits (the _pck stores). */
void texel_encode_raw(const struct texel_format *f, const uint32_t in[4], uint8_t *texel);

/* A level's extent: max(1, size >> level) for width and height, and depth for 3D. */
unsigned image_level_extent(unsigned size, unsigned level);
/* The number of slices of every level: depth for 3D, DEPTH - ... for arrays (the descriptor's
 * depth is the last slice index), 1 otherwise. */
unsigned image_slices(const struct tsharp *t);
/* The byte offset of texel (x, y, z_or_slice) of level `level` from the base address, in the
 * linear layout of docs/images.md: levels one after another from level 0, each holding its
 * slices one after another, each slice its rows without padding. */
uint64_t image_texel_offset(const struct tsharp *t, const struct texel_format *f, unsigned level,
                            uint64_t x, uint64_t y, uint64_t z);

#endif
