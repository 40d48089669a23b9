/* What the image lowerings share (recomp/lower_mimg.c: loads, stores, atomics, resinfo;
 * recomp/lower_mimg_sample.c: sampling, gather4, get_lod): the T# and its format read at run
 * time, the descriptor checks, the linear layout, texel decoding and the VGPR writes. The rules
 * are the interpreter's (docs/images.md). */
#ifndef RDNA_RECOMP_LOWER_MIMG_H
#define RDNA_RECOMP_LOWER_MIMG_H

#include "recomp/lower.h"

/* The MIMG dim field (SQ_RSRC_IMG_* minus 8). */
enum mimg_dim {
   DIM_1D,
   DIM_2D,
   DIM_3D,
   DIM_CUBE,
   DIM_1D_ARRAY,
   DIM_2D_ARRAY,
   DIM_2D_MSAA,
};

/* T# fields (RDNA2 ISA guide, "Image Resource"), as interp/image.c reads them. */
struct tsharp_ids {
   uint32_t base;                  /* u64 bytes */
   uint32_t format, type, sw_mode; /* u32 */
   uint32_t width, height, depth;  /* sizes (field + 1) */
   uint32_t min_lod;               /* u4.8 */
   uint32_t dst_sel, base_level, last_level, base_array;
};

/* The address components a dim takes (coordinates, slice or face). */
unsigned lw_img_dim_coords(unsigned dim);
/* The address VGPRs in order: one range, or the NSA list; returns how many (at most 16). */
unsigned lw_img_address_vgprs(const struct rdna_inst *in, unsigned regs[16]);

void lw_img_read_tsharp(struct lower *l, const struct rdna_inst *in, struct tsharp_ids *t);

/* How a load converts a field (zero- or sign-extended integers and f32 move unchanged). */
enum {
   MIMG_NUMBER_RAW,
   MIMG_NUMBER_UNORM,
   MIMG_NUMBER_SNORM,
   MIMG_NUMBER_F16,
   MIMG_NUMBER_SMALL_FLOAT, /* the unsigned 11/10-bit floats of R11G11B10 */
};

/* The format's fields at run time (select chains over the formats of interp/image.c). */
struct format_ids {
   uint32_t bits;                 /* u32: bits per component of the even formats (32 otherwise) */
   uint32_t cbits[4], coffset[4]; /* u32: each component's width (0: absent) and bit offset */
   uint32_t components, is_signed, is_float, bytes; /* u32, bool, bool, u32 */
   uint32_t number;                                 /* u32: MIMG_NUMBER_* of loads */
   uint32_t known;                                  /* bool: the interpreter supports it */
};

/* `raw`: the _pck forms, which move every field's bits (number RAW). */
void lw_img_format_info(struct lower *l, uint32_t format, bool raw, struct format_ids *f);

/* The interpreter's descriptor checks in its order (wrong TYPE, tiled SW_MODE, unknown FORMAT),
 * each recording its fault; returns the uniform bool "the instruction goes on". */
uint32_t lw_img_check_descriptor(struct lower *l, const struct rdna_inst *in,
                                 const struct tsharp_ids *t, const struct format_ids *f);

/* max(1, size >> level) (u32 ids). */
uint32_t lw_img_level_extent(struct lower *l, uint32_t size, uint32_t level);
/* The byte offset (u64) of level `level` (u32 < 16) from the T#'s base: the levels before it,
 * each width * height * planes * bytes (planes: 3D depth, or every slice). */
uint32_t lw_img_level_offset(struct lower *l, const struct tsharp_ids *t,
                             const struct format_ids *f, bool is_3d, uint32_t level);
/* Where a texel of `bytes` (u32) at guest `address` (u64) lands in the memory buffer: the byte
 * offset (u32) and whether one region holds it (bool). */
void lw_img_place_texel(struct lower *l, uint32_t address, uint32_t bytes, uint32_t *offset,
                        uint32_t *mapped);
/* Pointer to word `word` (u32 id) of the memory buffer. */
uint32_t lw_img_word_ptr(struct lower *l, uint32_t word);
/* The texel's (up to 4) words at byte `offset` (u32): words past its size read 0; the first is
 * shifted so that the texel starts at bit 0. */
void lw_img_load_words(struct lower *l, const struct format_ids *f, uint32_t offset,
                       uint32_t words[4]);
/* Component c of a texel from its words: the field zero- or sign-extended (`is_signed`) and
 * converted by f->number; missing components 0, a missing alpha 1 (1.0 for float formats). */
uint32_t lw_img_texel_component(struct lower *l, const struct format_ids *f, uint32_t is_signed,
                                const uint32_t words[4], unsigned c);
/* DST_SEL of component c (the T#'s field): 0, `one` or one of comp[]. */
uint32_t lw_img_dst_sel(struct lower *l, const struct tsharp_ids *t, const uint32_t comp[4],
                        uint32_t one, unsigned c);

/* binary16 (low half) to f32 and back, exactly as interp/float.c converts (round to nearest
 * even, denormals kept). */
uint32_t lw_img_f16_to_f32(struct lower *l, uint32_t h);
uint32_t lw_img_f32_to_f16(struct lower *l, uint32_t v);

/* Writes the dmask components value[0..] (already compacted: the n-th dmask component in
 * value[n]) to vdata of slot k where `write` holds: one VGPR each, or with d16 two per VGPR
 * (floats as f16 where `is_float`, integers truncated), then 0 to one more VGPR with tfe. */
void lw_img_write_components(struct lower *l, const struct rdna_inst *in, unsigned k,
                             uint32_t write, unsigned dmask, const uint32_t value[4],
                             uint32_t is_float, bool d16);

#endif
