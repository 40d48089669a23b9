/* Image instructions (MIMG; RDNA2 ISA guide, "Image Instructions"): loads, stores, atomics and
 * resource queries on T# descriptors read from SGPRs when the instruction runs (sampling is
 * interp/exec_mimg_sample.c). Descriptor fields, formats and the linear layout are
 * interp/image.c's; docs/images.md states every rule and what is rejected. */
#include "interp/float.h"
#include "interp/mem.h"
#include "interp/mimg.h"

static const struct float_env nearest_even = { ROUND_NEAREST_EVEN, false, false };

/* Reads the T# (and S# when `sampler`) and checks what the interpreter supports: a T# whose type
 * is the instruction's dim, SW_LINEAR, a format of interp/image.c. */
enum rdna_status mimg_setup(struct wave *w, const struct rdna_inst *in, bool sampler,
                            struct image_op *op)
{
   const char *name = rdna_op_name(in->op);
   uint32_t d[8] = { 0 };
   unsigned srsrc = inst_role(in, RDNA_ROLE_srsrc)->reg;
   unsigned dwords = in->mod.flags & RDNA_FLAG_R128 ? 4 : 8;
   if (srsrc + dwords > RDNA_REG_VCC_LO)
      return wave_fault(w, RDNA_FAULT_INVALID_OPERAND, -1, 0,
                        "%s: a T# in s[%u:%u] runs past the SGPRs", name, srsrc,
                        srsrc + dwords - 1);
   for (unsigned k = 0; k < dwords; k++)
      d[k] = w->sgpr[srsrc + k];
   tsharp_read(d, &op->t);
   unsigned dim_type = IMAGE_1D + in->mod.dim;
   if (op->t.type != dim_type)
      return wave_fault(w, RDNA_FAULT_INVALID_OPERAND, -1, 0,
                        "%s with dim:SQ_RSRC_IMG_%s reads a T# of type %s (%u)", name,
                        image_type_name(dim_type), image_type_name(op->t.type), op->t.type);
   if (op->t.type == IMAGE_2D_MSAA || op->t.type == IMAGE_2D_MSAA_ARRAY)
      return wave_fault(w, RDNA_FAULT_UNSUPPORTED, -1, 0,
                        "%s: MSAA images (T# type %s) are not supported", name,
                        image_type_name(op->t.type));
   if (op->t.sw_mode != 0)
      return wave_fault(w, RDNA_FAULT_UNSUPPORTED, -1, 0,
                        "%s: the T#'s SW_MODE %u (%s) is not supported; only SW_LINEAR (0) is",
                        name, op->t.sw_mode, image_sw_mode_name(op->t.sw_mode));
   if (!texel_format_of(op->t.format, &op->f))
      return wave_fault(w, RDNA_FAULT_UNSUPPORTED, -1, 0,
                        "%s: the T#'s FORMAT %u is not a supported image format", name,
                        op->t.format);
   if (sampler) {
      const struct rdna_operand *ssamp = inst_role(in, RDNA_ROLE_ssamp);
      if (ssamp->reg + 4u > RDNA_REG_VCC_LO)
         return wave_fault(w, RDNA_FAULT_INVALID_OPERAND, -1, 0,
                           "%s: an S# in s[%u:%u] runs past the SGPRs", name, ssamp->reg,
                           ssamp->reg + 3u);
      ssharp_read(&w->sgpr[ssamp->reg], &op->s);
   }
   op->num_addr = 0;
   for (unsigned i = 0; i < in->num_operands; i++) {
      const struct rdna_operand *o = &in->operands[i];
      if (o->role != RDNA_ROLE_vaddr)
         continue;
      for (unsigned k = 0; k < o->width && op->num_addr < 16; k++)
         op->addr[op->num_addr++] = o->reg - RDNA_REG_VGPR0 + k;
   }
   op->a16 = in->mod.flags & RDNA_FLAG_A16;
   op->d16 = in->mod.flags & RDNA_FLAG_D16;
   return RDNA_OK;
}

/* Address dword `k` of `lane` (0 past the instruction's address registers). */
uint32_t mimg_addr_dword(struct wave *w, const struct image_op *op, unsigned k, unsigned lane)
{
   return k < op->num_addr ? wave_vgpr(w, op->addr[k])[lane] : 0;
}

/* Component `k` of the address part starting at dword `first` (coordinates, mip, lod): 32 bits
 * each, or with a16 16 bits each, two per dword, the first in the low half (RDNA2 ISA guide,
 * "D16 Instructions", the A16 bit). */
uint32_t mimg_addr_component(struct wave *w, const struct image_op *op, unsigned first, unsigned k,
                             unsigned lane)
{
   if (!op->a16)
      return mimg_addr_dword(w, op, first + k, lane);
   return mimg_addr_dword(w, op, first + k / 2, lane) >> (16 * (k % 2)) & 0xffffu;
}

/* Coordinates of each dim: x, y, z (3D) or the slice (arrays) or the face (cube). */
unsigned mimg_dim_coords(unsigned type)
{
   static const uint8_t n[8] = { 1, 2, 3, 3, 2, 3, 3, 4 };
   return n[(type - IMAGE_1D) & 7u];
}

bool mimg_is_layered(unsigned type)
{
   return type == IMAGE_1D_ARRAY || type == IMAGE_2D_ARRAY || type == IMAGE_CUBE;
}

/* Slices the view covers: the descriptor's DEPTH is the last slice, BASE_ARRAY the first. */
unsigned mimg_view_slices(const struct tsharp *t)
{
   return t->depth > t->base_array ? t->depth - t->base_array : 0;
}

/* The guest address of texel (x, y, z) of the view's mip level `mip`, z the depth (3D) or the
 * view's slice; false when out of range (levels past LAST_LEVEL, coordinates past the level's
 * extent or the view's slices). */
bool mimg_texel_address(const struct image_op *op, uint64_t mip, uint64_t x, uint64_t y, uint64_t z,
                        uint64_t *address)
{
   const struct tsharp *t = &op->t;
   uint64_t level = t->base_level + mip;
   if (level > t->last_level)
      return false;
   unsigned l = (unsigned)level;
   if (x >= image_level_extent(t->width, l) || y >= image_level_extent(t->height, l))
      return false;
   if (t->type == IMAGE_3D) {
      if (z >= image_level_extent(t->depth, l))
         return false;
   } else if (mimg_is_layered(t->type)) {
      if (z >= mimg_view_slices(t))
         return false;
      z += t->base_array;
   } else if (z != 0) {
      return false;
   }
   *address = t->base_address + image_texel_offset(t, &op->f, l, x, y, z);
   return true;
}

/* Integer texel coordinates of a load, store or atomic: x, then y (1D arrays: the slice), then
 * z or the slice; `mip` after them for the _mip forms. */
static void integer_coords(struct wave *w, const struct image_op *op, bool mip, unsigned lane,
                           uint64_t c[4])
{
   unsigned n = mimg_dim_coords(op->t.type);
   uint32_t v[4] = { 0, 0, 0, 0 };
   for (unsigned k = 0; k < n; k++)
      v[k] = mimg_addr_component(w, op, 0, k, lane);
   c[0] = v[0];
   c[1] = op->t.type == IMAGE_1D_ARRAY ? 0 : v[1];
   c[2] = op->t.type == IMAGE_1D_ARRAY ? v[1] : v[2];
   c[3] = mip ? mimg_addr_component(w, op, 0, n, lane) : 0;
}

uint32_t mimg_one(const struct image_op *op)
{
   return texel_is_float(&op->f) ? F32_ONE : 1u;
}

/* dst_sel: each returned component is 0, 1 or one of the texel's components (RDNA2 ISA guide,
 * "Image Resource", DST_SEL_X..W). */
void mimg_dst_sel(const struct image_op *op, const uint32_t in[4], uint32_t out[4])
{
   for (unsigned c = 0; c < 4; c++) {
      unsigned sel = op->t.dst_sel[c];
      out[c] = sel >= SEL_X ? in[sel - SEL_X] : sel == SEL_1 ? mimg_one(op) : 0;
   }
}

/* Writes the dmask-selected components of `value` to vdata for the EXEC lanes: one VGPR per
 * component, or with d16 two per VGPR (low half first; floats as f16, integers truncated; RDNA2
 * ISA guide, "D16 Instructions"). The guide leaves the high half of a last odd one and the tfe
 * status VGPR (no partially resident textures here) without a value: they are written 0, so runs
 * repeat, and marked undefined (D16_UNUSED_HALF, TFE_STATUS). */
void mimg_write_components(struct wave *w, const struct rdna_inst *in, const struct image_op *op,
                           unsigned dmask, uint32_t (*value)[4], bool is_float)
{
   unsigned vdata = dst_vgpr(inst_role(in, RDNA_ROLE_vdata));
   unsigned n = 0;
   uint32_t out[4][MAX_LANES];
   for (unsigned c = 0; c < 4; c++) {
      if (!(dmask >> c & 1))
         continue;
      for (unsigned lane = 0; lane < w->wave_size; lane++) {
         uint32_t v = value[lane][c];
         if (op->d16) {
            uint32_t h =
               is_float ? (uint32_t)float_convert(FLOAT16, FLOAT32, v, &nearest_even) : v & 0xffffu;
            if (n % 2 == 0)
               out[n / 2][lane] = h;
            else
               out[n / 2][lane] |= h << 16;
         } else {
            out[n][lane] = v;
         }
      }
      n++;
   }
   unsigned regs = op->d16 ? (n + 1) / 2 : n;
   for (unsigned r = 0; r < regs; r++)
      valu_write(w, vdata + r, out[r]);
   if (op->d16 && n % 2)
      wave_mark_undefined(w, RDNA_REG_VGPR0 + vdata + regs - 1, wave_exec(w), 0xffff0000u,
                          RDNA_UNDEFINED_D16_UNUSED_HALF);
   if (in->mod.flags & RDNA_FLAG_TFE) {
      uint32_t zero[MAX_LANES] = { 0 };
      valu_write(w, vdata + regs, zero);
      wave_mark_undefined(w, RDNA_REG_VGPR0 + vdata + regs, wave_exec(w), ~0u,
                          RDNA_UNDEFINED_TFE_STATUS);
   }
}

/* The dmask-selected data of a store, back in component positions; missing components are 0
 * (RDNA2 ISA guide, "Image Instructions", writes: "the texture system fills in the value zero for
 * any missing components"). With d16, f16 halves widen to f32 for float formats. */
static void read_components(struct wave *w, const struct rdna_inst *in, const struct image_op *op,
                            unsigned lane, bool is_float, uint32_t value[4])
{
   unsigned vdata = dst_vgpr(inst_role(in, RDNA_ROLE_vdata));
   unsigned n = 0;
   for (unsigned c = 0; c < 4; c++) {
      value[c] = 0;
      if (!(in->mod.dmask >> c & 1))
         continue;
      if (op->d16) {
         uint32_t h = wave_vgpr(w, vdata + n / 2)[lane] >> (16 * (n % 2)) & 0xffffu;
         value[c] = is_float ? (uint32_t)float_convert(FLOAT32, FLOAT16, h, &nearest_even) : h;
      } else {
         value[c] = wave_vgpr(w, vdata + n)[lane];
      }
      n++;
   }
}

/* ---- loads and stores ---------------------------------------------------------------------- */

enum pack_mode {
   PACK_NONE, /* format conversion */
   PACK_RAW,  /* _pck: the components' bits, zero-extended */
   PACK_SIGN, /* _pck_sgn: sign-extended */
};

/* image_load*: every lane's texel is read (and its address checked) before any VGPR is written.
 * A texel out of range returns 0 in every component (a documented choice, as
 * robust buffer access gives). */
static enum rdna_status image_load(struct wave *w, const struct rdna_inst *in, bool mip,
                                   enum pack_mode pack)
{
   struct image_op op;
   enum rdna_status st = mimg_setup(w, in, false, &op);
   if (st != RDNA_OK)
      return st;
   uint32_t value[MAX_LANES][4] = { { 0 } };
   uint64_t exec = wave_exec(w);
   for (unsigned lane = 0; lane < w->wave_size; lane++) {
      if (!(exec >> lane & 1))
         continue;
      uint64_t c[4], address;
      integer_coords(w, &op, mip, lane, c);
      if (!mimg_texel_address(&op, c[3], c[0], c[1], c[2], &address))
         continue;
      const uint8_t *p = mem_lane_ptr(w, MEM_GLOBAL, (int)lane, address, op.f.bytes, 1, false);
      if (!p)
         return mem_failed(w);
      uint32_t texel[4];
      if (pack == PACK_NONE)
         texel_decode(&op.f, p, texel);
      else
         for (unsigned k = 0; k < 4; k++)
            texel[k] = texel_raw(&op.f, p, k, pack == PACK_SIGN);
      mimg_dst_sel(&op, texel, value[lane]);
   }
   mimg_write_components(w, in, &op, in->mod.dmask, value,
                         pack == PACK_NONE && texel_is_float(&op.f));
   return RDNA_OK;
}

/* image_store*: whole texels are written; lanes out of range write nothing. All addresses are
 * checked before any byte is written. */
static enum rdna_status image_store(struct wave *w, const struct rdna_inst *in, bool mip, bool raw)
{
   struct image_op op;
   enum rdna_status st = mimg_setup(w, in, false, &op);
   if (st != RDNA_OK)
      return st;
   uint8_t *texel[MAX_LANES] = { NULL };
   uint64_t exec = wave_exec(w);
   for (unsigned lane = 0; lane < w->wave_size; lane++) {
      if (!(exec >> lane & 1))
         continue;
      uint64_t c[4], address;
      integer_coords(w, &op, mip, lane, c);
      if (!mimg_texel_address(&op, c[3], c[0], c[1], c[2], &address))
         continue;
      texel[lane] = mem_lane_ptr(w, MEM_GLOBAL, (int)lane, address, op.f.bytes, 1, true);
      if (!texel[lane])
         return mem_failed(w);
   }
   for (unsigned lane = 0; lane < w->wave_size; lane++) {
      if (!texel[lane])
         continue;
      uint32_t value[4];
      read_components(w, in, &op, lane, !raw && texel_is_float(&op.f), value);
      if (raw)
         texel_encode_raw(&op.f, value, texel[lane]);
      else
         texel_encode(&op.f, value, texel[lane]);
   }
   return RDNA_OK;
}

enum rdna_status exec_image_load(struct wave *w, const struct rdna_inst *in)
{
   return image_load(w, in, false, PACK_NONE);
}

enum rdna_status exec_image_load_mip(struct wave *w, const struct rdna_inst *in)
{
   return image_load(w, in, true, PACK_NONE);
}

enum rdna_status exec_image_load_pck(struct wave *w, const struct rdna_inst *in)
{
   return image_load(w, in, false, PACK_RAW);
}

enum rdna_status exec_image_load_pck_sgn(struct wave *w, const struct rdna_inst *in)
{
   return image_load(w, in, false, PACK_SIGN);
}

enum rdna_status exec_image_load_mip_pck(struct wave *w, const struct rdna_inst *in)
{
   return image_load(w, in, true, PACK_RAW);
}

enum rdna_status exec_image_load_mip_pck_sgn(struct wave *w, const struct rdna_inst *in)
{
   return image_load(w, in, true, PACK_SIGN);
}

enum rdna_status exec_image_store(struct wave *w, const struct rdna_inst *in)
{
   return image_store(w, in, false, false);
}

enum rdna_status exec_image_store_mip(struct wave *w, const struct rdna_inst *in)
{
   return image_store(w, in, true, false);
}

enum rdna_status exec_image_store_pck(struct wave *w, const struct rdna_inst *in)
{
   return image_store(w, in, false, true);
}

enum rdna_status exec_image_store_mip_pck(struct wave *w, const struct rdna_inst *in)
{
   return image_store(w, in, true, true);
}

/* ---- resource query ---------------------------------------------------------------------- */

/* image_get_resinfo: for the view's mip level given as the address, {width, height, depth or
 * slices, level count} as integers (RDNA2 ISA guide, IMAGE_GET_RESINFO): 1D arrays give the
 * slices in the third component as 2D arrays and cubes (faces) do, as GFX9 and later return them.
 */
enum rdna_status exec_image_get_resinfo(struct wave *w, const struct rdna_inst *in)
{
   struct image_op op;
   enum rdna_status st = mimg_setup(w, in, false, &op);
   if (st != RDNA_OK)
      return st;
   const struct tsharp *t = &op.t;
   uint32_t value[MAX_LANES][4] = { { 0 } };
   uint64_t exec = wave_exec(w);
   for (unsigned lane = 0; lane < w->wave_size; lane++) {
      if (!(exec >> lane & 1))
         continue;
      uint64_t level = t->base_level + (uint64_t)mimg_addr_component(w, &op, 0, 0, lane);
      unsigned l = level > 31 ? 31 : (unsigned)level;
      value[lane][0] = image_level_extent(t->width, l);
      value[lane][1] =
         t->type == IMAGE_1D || t->type == IMAGE_1D_ARRAY ? 1 : image_level_extent(t->height, l);
      value[lane][2] = t->type == IMAGE_3D        ? image_level_extent(t->depth, l)
                       : mimg_is_layered(t->type) ? mimg_view_slices(t)
                                                  : 1;
      value[lane][3] = t->last_level >= t->base_level ? t->last_level - t->base_level + 1 : 0;
   }
   op.d16 = false;
   mimg_write_components(w, in, &op, in->mod.dmask, value, false);
   return RDNA_OK;
}

/* ---- atomics ------------------------------------------------------------------------------- */

/* Image atomics work on whole 32- or 64-bit texels (RDNA2 ISA guide, "Image Instructions",
 * atomics): dmask 0x1 is a 32-bit atomic, 0x3 a 64-bit one or a 32-bit cmpswap, 0xf a 64-bit
 * cmpswap; the texel size must match. With glc vdata receives the old value. Out-of-range texels
 * are dropped and return 0. */
static enum rdna_status image_atomic(struct wave *w, const struct rdna_inst *in, enum atomic_op aop)
{
   struct image_op op;
   enum rdna_status st = mimg_setup(w, in, false, &op);
   if (st != RDNA_OK)
      return st;
   bool cmpswap = aop == ATOMIC_CMPSWAP || aop == ATOMIC_FCMPSWAP;
   unsigned dmask = in->mod.dmask, bits;
   if (dmask == 0x1 && !cmpswap)
      bits = 32;
   else if (dmask == 0x3)
      bits = cmpswap ? 32 : 64;
   else if (dmask == 0xf && cmpswap)
      bits = 64;
   else
      return wave_fault(w, RDNA_FAULT_INVALID_OPERAND, -1, 0, "%s with dmask:0x%x is not valid",
                        rdna_op_name(in->op), dmask);
   if (op.f.bytes * 8 != bits || op.f.components > 2 || op.f.bits[0] != 32)
      return wave_fault(w, RDNA_FAULT_INVALID_OPERAND, -1, 0,
                        "%s: a %u-bit atomic on a T# of FORMAT %u (%u-byte texels)",
                        rdna_op_name(in->op), bits, op.t.format, op.f.bytes);
   struct lane_addrs la;
   la.lanes = la.zero = 0;
   uint64_t exec = wave_exec(w);
   for (unsigned lane = 0; lane < w->wave_size; lane++) {
      if (!(exec >> lane & 1))
         continue;
      uint64_t c[4];
      integer_coords(w, &op, false, lane, c);
      if (!mimg_texel_address(&op, 0, c[0], c[1], c[2], &la.addr[lane])) {
         la.zero |= 1ull << lane;
         continue;
      }
      la.lanes |= 1ull << lane;
      la.space[lane] = MEM_GLOBAL;
   }
   unsigned vdata = dst_vgpr(inst_role(in, RDNA_ROLE_vdata));
   return vmem_atomic(w, &la, aop, bits, vdata, in->mod.flags & RDNA_FLAG_GLC ? (int)vdata : -1);
}

#define IMAGE_ATOMIC(name, aop)                                                          \
   enum rdna_status exec_image_atomic_##name(struct wave *w, const struct rdna_inst *in) \
   {                                                                                     \
      return image_atomic(w, in, aop);                                                   \
   }

IMAGE_ATOMIC(swap, ATOMIC_SWAP)
IMAGE_ATOMIC(cmpswap, ATOMIC_CMPSWAP)
IMAGE_ATOMIC(add, ATOMIC_ADD)
IMAGE_ATOMIC(sub, ATOMIC_SUB)
IMAGE_ATOMIC(smin, ATOMIC_SMIN)
IMAGE_ATOMIC(umin, ATOMIC_UMIN)
IMAGE_ATOMIC(smax, ATOMIC_SMAX)
IMAGE_ATOMIC(umax, ATOMIC_UMAX)
IMAGE_ATOMIC(and, ATOMIC_AND)
IMAGE_ATOMIC(or, ATOMIC_OR)
IMAGE_ATOMIC(xor, ATOMIC_XOR)
IMAGE_ATOMIC(inc, ATOMIC_INC)
IMAGE_ATOMIC(dec, ATOMIC_DEC)
IMAGE_ATOMIC(fcmpswap, ATOMIC_FCMPSWAP)
IMAGE_ATOMIC(fmin, ATOMIC_FMIN)
IMAGE_ATOMIC(fmax, ATOMIC_FMAX)
