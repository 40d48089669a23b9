/* Helpers shared by the MIMG handlers: loads, stores, atomics and resinfo (interp/exec_mimg.c)
 * and sampling, gather and LOD queries (interp/exec_mimg_sample.c). Descriptors, formats and the
 * layout are interp/image.h's. */
#ifndef RDNA_INTERP_MIMG_H
#define RDNA_INTERP_MIMG_H

#include "interp/image.h"
#include "interp/wave.h"

#define F32_ONE 0x3f800000u

/* What one instruction works on: the descriptors, the texel format and its address VGPRs. */
struct image_op {
   struct tsharp t;
   struct texel_format f;
   struct ssharp s;
   unsigned addr[16]; /* address VGPR numbers in order (one range, or the NSA list) */
   unsigned num_addr;
   bool a16, d16;
};

/* The SQ_SEL_* values of the T# dst_sel fields. */
enum {
   SEL_0 = 0,
   SEL_1 = 1,
   SEL_X = 4
};

/* Reads the T# (and S# when `sampler`) and checks what the interpreter supports: a T# whose
 * type is the instruction's dim, SW_LINEAR, a format of interp/image.c. A fault otherwise. */
enum rdna_status mimg_setup(struct wave *w, const struct rdna_inst *in, bool sampler,
                            struct image_op *op);
/* Address dword `k` of `lane` (0 past the instruction's address registers). */
uint32_t mimg_addr_dword(struct wave *w, const struct image_op *op, unsigned k, unsigned lane);
/* Component `k` of the address part starting at dword `first`: 32 bits each, or with a16 16 bits
 * each, two per dword, the first in the low half. */
uint32_t mimg_addr_component(struct wave *w, const struct image_op *op, unsigned first, unsigned k,
                             unsigned lane);
/* Coordinates of each resource type: x, y, z (3D) or the slice (arrays) or the face (cube). */
unsigned mimg_dim_coords(unsigned type);
bool mimg_is_layered(unsigned type);
/* Slices the view covers: DEPTH is the last slice, BASE_ARRAY the first. */
unsigned mimg_view_slices(const struct tsharp *t);
/* The guest address of texel (x, y, z) of the view's mip level `mip`, z the 3D depth or the
 * view's slice; false when out of range. */
bool mimg_texel_address(const struct image_op *op, uint64_t mip, uint64_t x, uint64_t y, uint64_t z,
                        uint64_t *address);
/* 1 in the format's number kind: 1.0 for float formats, integer 1 otherwise. */
uint32_t mimg_one(const struct image_op *op);
/* DST_SEL: each returned component is 0, 1 or one of the texel's components. */
void mimg_dst_sel(const struct image_op *op, const uint32_t in[4], uint32_t out[4]);
/* Writes the dmask-selected components of value[lane] to vdata for the EXEC lanes (d16 packing,
 * tfe status). */
void mimg_write_components(struct wave *w, const struct rdna_inst *in, const struct image_op *op,
                           unsigned dmask, uint32_t (*value)[4], bool is_float);

#endif
