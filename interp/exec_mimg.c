/* Image instructions (MIMG; RDNA2 ISA guide, "Image Instructions"): loads, stores,
 * atomics, resource queries and sampling with an explicit or zero LOD, on T# and S# descriptors
 * read from SGPRs when the instruction runs. Descriptor fields, formats and the linear layout are
 * interp/image.c's; docs/images.md states every rule and what is rejected. */
#include "interp/float.h"
#include "interp/image.h"
#include "interp/mem.h"

static const struct float_env nearest_even = { ROUND_NEAREST_EVEN, false, false };

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

/* Reads the T# (and S# when `sampler`) and checks what the interpreter supports: a T# whose type
 * is the instruction's dim, SW_LINEAR, a format of interp/image.c. */
static enum rdna_status image_setup(struct wave *w, const struct rdna_inst *in, bool sampler,
                                    struct image_op *op)
{
   const char *name = rdna_op_name(in->op);
   uint32_t d[8] = { 0 };
   unsigned srsrc = inst_role(in, RDNA_ROLE_srsrc)->reg;
   unsigned dwords = in->mod.flags & RDNA_FLAG_R128 ? 4 : 8;
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
static uint32_t addr_dword(struct wave *w, const struct image_op *op, unsigned k, unsigned lane)
{
   return k < op->num_addr ? wave_vgpr(w, op->addr[k])[lane] : 0;
}

/* Component `k` of the address part starting at dword `first` (coordinates, mip, lod): 32 bits
 * each, or with a16 16 bits each, two per dword, the first in the low half (RDNA2 ISA guide,
 * "D16 Instructions", the A16 bit). */
static uint32_t addr_component(struct wave *w, const struct image_op *op, unsigned first,
                               unsigned k, unsigned lane)
{
   if (!op->a16)
      return addr_dword(w, op, first + k, lane);
   return addr_dword(w, op, first + k / 2, lane) >> (16 * (k % 2)) & 0xffffu;
}

/* Coordinates of each dim: x, y, z (3D) or the slice (arrays) or the face (cube). */
static unsigned dim_coords(unsigned type)
{
   static const uint8_t n[8] = { 1, 2, 3, 3, 2, 3, 3, 4 };
   return n[(type - IMAGE_1D) & 7u];
}

static bool is_layered(unsigned type)
{
   return type == IMAGE_1D_ARRAY || type == IMAGE_2D_ARRAY || type == IMAGE_CUBE;
}

/* Slices the view covers: the descriptor's DEPTH is the last slice, BASE_ARRAY the first. */
static unsigned view_slices(const struct tsharp *t)
{
   return t->depth > t->base_array ? t->depth - t->base_array : 0;
}

/* The guest address of texel (x, y, z) of the view's mip level `mip`, z the depth (3D) or the
 * view's slice; false when out of range (levels past LAST_LEVEL, coordinates past the level's
 * extent or the view's slices). */
static bool texel_address(const struct image_op *op, uint64_t mip, uint64_t x, uint64_t y,
                          uint64_t z, uint64_t *address)
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
   } else if (is_layered(t->type)) {
      if (z >= view_slices(t))
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
   unsigned n = dim_coords(op->t.type);
   uint32_t v[4] = { 0, 0, 0, 0 };
   for (unsigned k = 0; k < n; k++)
      v[k] = addr_component(w, op, 0, k, lane);
   c[0] = v[0];
   c[1] = op->t.type == IMAGE_1D_ARRAY ? 0 : v[1];
   c[2] = op->t.type == IMAGE_1D_ARRAY ? v[1] : v[2];
   c[3] = mip ? addr_component(w, op, 0, n, lane) : 0;
}

static uint32_t sel_one(const struct image_op *op)
{
   return texel_is_float(&op->f) ? F32_ONE : 1u;
}

/* dst_sel: each returned component is 0, 1 or one of the texel's components (RDNA2 ISA guide,
 * "Image Resource", DST_SEL_X..W). */
static void apply_dst_sel(const struct image_op *op, const uint32_t in[4], uint32_t out[4])
{
   for (unsigned c = 0; c < 4; c++) {
      unsigned sel = op->t.dst_sel[c];
      out[c] = sel >= SEL_X ? in[sel - SEL_X] : sel == SEL_1 ? sel_one(op) : 0;
   }
}

/* Writes the dmask-selected components of `value` to vdata for the EXEC lanes: one VGPR per
 * component, or with d16 two per VGPR (low half first; floats as f16, integers truncated), the
 * high half of a last odd one 0 (RDNA2 ISA guide, "D16 Instructions"). With tfe one more
 * VGPR receives 0 (no partially resident textures). */
static void write_components(struct wave *w, const struct rdna_inst *in, const struct image_op *op,
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
   if (in->mod.flags & RDNA_FLAG_TFE) {
      uint32_t zero[MAX_LANES] = { 0 };
      valu_write(w, vdata + regs, zero);
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
   enum rdna_status st = image_setup(w, in, false, &op);
   if (st != RDNA_OK)
      return st;
   uint32_t value[MAX_LANES][4] = { { 0 } };
   uint64_t exec = wave_exec(w);
   for (unsigned lane = 0; lane < w->wave_size; lane++) {
      if (!(exec >> lane & 1))
         continue;
      uint64_t c[4], address;
      integer_coords(w, &op, mip, lane, c);
      if (!texel_address(&op, c[3], c[0], c[1], c[2], &address))
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
      apply_dst_sel(&op, texel, value[lane]);
   }
   write_components(w, in, &op, in->mod.dmask, value, pack == PACK_NONE && texel_is_float(&op.f));
   return RDNA_OK;
}

/* image_store*: whole texels are written; lanes out of range write nothing. All addresses are
 * checked before any byte is written. */
static enum rdna_status image_store(struct wave *w, const struct rdna_inst *in, bool mip, bool raw)
{
   struct image_op op;
   enum rdna_status st = image_setup(w, in, false, &op);
   if (st != RDNA_OK)
      return st;
   uint8_t *texel[MAX_LANES] = { NULL };
   uint64_t exec = wave_exec(w);
   for (unsigned lane = 0; lane < w->wave_size; lane++) {
      if (!(exec >> lane & 1))
         continue;
      uint64_t c[4], address;
      integer_coords(w, &op, mip, lane, c);
      if (!texel_address(&op, c[3], c[0], c[1], c[2], &address))
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
   enum rdna_status st = image_setup(w, in, false, &op);
   if (st != RDNA_OK)
      return st;
   const struct tsharp *t = &op.t;
   uint32_t value[MAX_LANES][4] = { { 0 } };
   uint64_t exec = wave_exec(w);
   for (unsigned lane = 0; lane < w->wave_size; lane++) {
      if (!(exec >> lane & 1))
         continue;
      uint64_t level = t->base_level + (uint64_t)addr_component(w, &op, 0, 0, lane);
      unsigned l = level > 31 ? 31 : (unsigned)level;
      value[lane][0] = image_level_extent(t->width, l);
      value[lane][1] =
         t->type == IMAGE_1D || t->type == IMAGE_1D_ARRAY ? 1 : image_level_extent(t->height, l);
      value[lane][2] = t->type == IMAGE_3D   ? image_level_extent(t->depth, l)
                       : is_layered(t->type) ? view_slices(t)
                                             : 1;
      value[lane][3] = t->last_level >= t->base_level ? t->last_level - t->base_level + 1 : 0;
   }
   op.d16 = false;
   write_components(w, in, &op, in->mod.dmask, value, false);
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
   enum rdna_status st = image_setup(w, in, false, &op);
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
      if (!texel_address(&op, 0, c[0], c[1], c[2], &la.addr[lane])) {
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

/* ---- sampling ------------------------------------------------------------------------------ */

/* Sampling (RDNA2 ISA guide, "Image Opcodes with Sampler"). Address dwords: the _o
 * offset, the _c reference, then the coordinates and the _l lod (16-bit halves with a16). The
 * arithmetic is f32 soft-float, round to nearest even, no denormal flushing; docs/images.md
 * "Filtering" states it step by step so that another implementation can match it. */

enum sample_form {
   SAMPLE_OFFSET = 1u << 0,  /* _o */
   SAMPLE_COMPARE = 1u << 1, /* _c */
   SAMPLE_LOD = 1u << 2,     /* _l: an lod after the coordinates; otherwise _lz (lod 0) */
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
   uint32_t one = sel_one(op);
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

/* What one lane samples: coordinates (f32), texel offsets, compare reference. */
struct sample_lane {
   uint32_t coord[4];
   int offset[3];
   bool compare;
   uint32_t reference;
};

/* One level's filtered value: the footprint's texels (x fastest, then y, then z), each weighted
 * by the product of its axes' weights times 2^-(8 * axes) (exact in f32), each product rounded,
 * summed in that order from the first nonzero-weighted texel. Zero weights are skipped. */
static enum rdna_status filter_level(struct wave *w, const struct image_op *op, unsigned lane,
                                     const struct sample_lane *sl, unsigned level, bool linear,
                                     bool unnormalized, uint32_t out[4])
{
   const struct tsharp *t = &op->t;
   bool is_float = texel_is_float(&op->f);
   unsigned axes = t->type == IMAGE_3D                                ? 3
                   : t->type == IMAGE_1D || t->type == IMAGE_1D_ARRAY ? 1
                                                                      : 2;
   unsigned extent[3] = { image_level_extent(t->width, level), image_level_extent(t->height, level),
                          image_level_extent(t->depth, level) };
   struct axis_taps taps[3];
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
   /* the slice of arrays and cubes: round to nearest even, clamped to the view */
   int64_t slice = 0;
   if (is_layered(t->type)) {
      int64_t count = view_slices(t);
      int64_t v = float_to_int(FLOAT32, sl->coord[axes], ROUND_NEAREST_EVEN);
      if (t->type == IMAGE_CUBE) /* face + 8 * cube index, as v_cubeid and the compilers form it */
         v = v < 0 ? 0 : v / 8 * 6 + (v % 8 > 5 ? 5 : v % 8);
      slice = v < 0 ? 0 : v >= count ? count - 1 : v;
      if (count == 0)
         slice = -1;
   }
   uint32_t weight_scale = (uint32_t)((127u - 8u * axes) << 23); /* 2^-(8 * axes) */
   bool first = true;
   for (unsigned z = 0; z < taps[2].count; z++)
      for (unsigned y = 0; y < taps[1].count; y++)
         for (unsigned x = 0; x < taps[0].count; x++) {
            unsigned weight = taps[0].weight[x] * taps[1].weight[y] * taps[2].weight[z];
            if (weight == 0)
               continue;
            uint32_t texel[4];
            int64_t ix = taps[0].index[x], iy = taps[1].index[y], iz = taps[2].index[z];
            uint64_t address;
            if (ix == BORDER_TEXEL || iy == BORDER_TEXEL || iz == BORDER_TEXEL || slice < 0) {
               border_color(op, texel);
            } else {
               uint64_t zz = t->type == IMAGE_3D ? (uint64_t)iz : (uint64_t)slice;
               if (!texel_address(op, level - t->base_level, (uint64_t)ix, (uint64_t)iy, zz,
                                  &address))
                  return wave_fault(w, RDNA_FAULT_INVALID_OPERAND, (int)lane, 0,
                                    "sampled level %u is outside the T#'s levels", level);
               const uint8_t *p =
                  mem_lane_ptr(w, MEM_GLOBAL, (int)lane, address, op->f.bytes, 1, false);
               if (!p)
                  return mem_failed(w);
               texel_decode(&op->f, p, texel);
            }
            if (sl->compare)
               texel[0] =
                  depth_compare(op->s.depth_compare_func, sl->reference, texel[0]) ? F32_ONE : 0;
            if (!is_float) {
               for (unsigned c = 0; c < 4; c++)
                  out[c] = texel[c];
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

/* u4.8 and s5.8 LOD fields as f32 (exact). */
static uint32_t lod_fixed_to_f32(int v)
{
   uint64_t f = float_from_int(FLOAT32, v, &nearest_even);
   return (uint32_t)float_mul(FLOAT32, f, 0x3b800000u /* 2^-8 */, &nearest_even);
}

/* The level(s) and mip weight for lod `lod` (f32): plus the S# LOD_BIAS, clamped to
 * [max(S# MIN_LOD, T# MIN_LOD), S# MAX_LOD] (NaN: the lower bound); MIP_FILTER none: the base
 * level; point: the nearest level, halves rounding down (ceil(lod + 0.5) - 1); linear: the two
 * levels around lod, the second weighted by the fraction in 8 bits. Levels clamp to
 * [BASE_LEVEL, LAST_LEVEL]. Returns whether lod > 0 (the minification filter applies). */
static bool select_levels(const struct image_op *op, uint32_t lod, unsigned level[2],
                          unsigned *mip_weight)
{
   const struct tsharp *t = &op->t;
   const struct ssharp *s = &op->s;
   lod = (uint32_t)float_add(FLOAT32, lod, lod_fixed_to_f32(s->lod_bias), &nearest_even);
   unsigned min = s->min_lod > t->min_lod ? s->min_lod : t->min_lod;
   uint32_t lo = lod_fixed_to_f32((int)min), hi = lod_fixed_to_f32((int)s->max_lod);
   enum float_order below = float_compare(FLOAT32, lod, lo);
   if (below == ORDER_LESS || below == ORDER_UNORDERED)
      lod = lo;
   if (float_compare(FLOAT32, lod, hi) == ORDER_GREATER)
      lod = hi;
   bool minify = float_compare(FLOAT32, lod, 0) == ORDER_GREATER;
   int64_t top = t->last_level >= t->base_level ? t->last_level - t->base_level : 0;
   int64_t pos = fixed_8(lod), d0 = 0, frac = 0;
   switch (s->mip_filter) {
   case 1:
      d0 = floor_div_256(pos + 128 + 255) - 1; /* ceil(lod + 0.5) - 1 */
      break;
   case 2:
      d0 = floor_div_256(pos);
      frac = pos - d0 * 256;
      break;
   default:
      break;
   }
   if (d0 >= top) {
      d0 = top;
      frac = 0;
   }
   if (d0 < 0)
      d0 = 0;
   level[0] = t->base_level + (unsigned)d0;
   level[1] = level[0] + (frac ? 1u : 0u);
   *mip_weight = (unsigned)frac;
   return minify;
}

static enum rdna_status image_sample(struct wave *w, const struct rdna_inst *in, unsigned form)
{
   struct image_op op;
   enum rdna_status st = image_setup(w, in, true, &op);
   if (st != RDNA_OK)
      return st;
   if (op.s.border_color_type == 3)
      for (unsigned a = 0; a < 3; a++)
         if (op.s.clamp[a] >= TEX_CLAMP_HALF_BORDER)
            return wave_fault(w, RDNA_FAULT_UNSUPPORTED, -1, 0,
                              "%s: S# BORDER_COLOR_TYPE 3 (a border colour table entry) is not "
                              "supported",
                              rdna_op_name(in->op));
   bool is_float = texel_is_float(&op.f);
   bool unnormalized = (in->mod.flags & RDNA_FLAG_UNORM) || op.s.force_unnormalized;
   unsigned coords = dim_coords(op.t.type);
   uint32_t value[MAX_LANES][4] = { { 0 } };
   uint64_t exec = wave_exec(w);
   for (unsigned lane = 0; lane < w->wave_size; lane++) {
      if (!(exec >> lane & 1))
         continue;
      struct sample_lane sl = { { 0 }, { 0 }, false, 0 };
      unsigned k = 0;
      if (form & SAMPLE_OFFSET) {
         uint32_t o = addr_dword(w, &op, k++, lane);
         for (unsigned a = 0; a < 3; a++)
            sl.offset[a] = (int)((o >> (8 * a) & 0x3fu) ^ 0x20u) - 0x20;
      }
      if (form & SAMPLE_COMPARE) {
         sl.compare = true;
         sl.reference = addr_dword(w, &op, k++, lane);
      }
      for (unsigned c = 0; c <= coords; c++) {
         uint32_t v = addr_component(w, &op, k, c, lane);
         if (op.a16)
            v = (uint32_t)float_convert(FLOAT32, FLOAT16, v, &nearest_even);
         if (c < coords)
            sl.coord[c] = v;
         else
            sl.coord[3] = form & SAMPLE_LOD ? v : 0;
      }
      unsigned level[2], mip_weight;
      bool minify = select_levels(&op, sl.coord[3], level, &mip_weight);
      unsigned filter = minify ? op.s.xy_min_filter : op.s.xy_mag_filter;
      bool linear = filter == 1 || filter == 3; /* bilinear, aniso bilinear */
      uint32_t r0[4], r1[4];
      st = filter_level(w, &op, lane, &sl, level[0], linear, unnormalized, r0);
      if (st == RDNA_OK && mip_weight && is_float) {
         st = filter_level(w, &op, lane, &sl, level[1], linear, unnormalized, r1);
         /* r0 * (256 - m) / 256 + r1 * m / 256, each product rounded */
         uint32_t w0 = lod_fixed_to_f32((int)(256 - mip_weight));
         uint32_t w1 = lod_fixed_to_f32((int)mip_weight);
         for (unsigned c = 0; c < 4; c++)
            r0[c] =
               (uint32_t)float_add(FLOAT32, float_mul(FLOAT32, r0[c], w0, &nearest_even),
                                   float_mul(FLOAT32, r1[c], w1, &nearest_even), &nearest_even);
      }
      if (st != RDNA_OK)
         return st;
      apply_dst_sel(&op, r0, value[lane]);
   }
   write_components(w, in, &op, in->mod.dmask, value, is_float);
   return RDNA_OK;
}

#define IMAGE_SAMPLE(name, form)                                                  \
   enum rdna_status exec_image_##name(struct wave *w, const struct rdna_inst *in) \
   {                                                                              \
      return image_sample(w, in, form);                                           \
   }

IMAGE_SAMPLE(sample_lz, 0)
IMAGE_SAMPLE(sample_l, SAMPLE_LOD)
IMAGE_SAMPLE(sample_c_lz, SAMPLE_COMPARE)
IMAGE_SAMPLE(sample_c_l, SAMPLE_COMPARE | SAMPLE_LOD)
IMAGE_SAMPLE(sample_lz_o, SAMPLE_OFFSET)
IMAGE_SAMPLE(sample_l_o, SAMPLE_OFFSET | SAMPLE_LOD)
IMAGE_SAMPLE(sample_c_lz_o, SAMPLE_OFFSET | SAMPLE_COMPARE)
IMAGE_SAMPLE(sample_c_l_o, SAMPLE_OFFSET | SAMPLE_COMPARE | SAMPLE_LOD)

/* Not implemented: the LOD these compute from implicit (quad) or user derivatives, and the bias
 * and clamp applied to it; gather4, get_lod, MSAA loads and ray intersection. Each faults
 * UNSUPPORTED naming the instruction. */
UNSUPPORTED(image_sample)
UNSUPPORTED(image_sample_cl)
UNSUPPORTED(image_sample_d)
UNSUPPORTED(image_sample_d_cl)
UNSUPPORTED(image_sample_b)
UNSUPPORTED(image_sample_b_cl)
UNSUPPORTED(image_sample_c)
UNSUPPORTED(image_sample_c_cl)
UNSUPPORTED(image_sample_c_d)
UNSUPPORTED(image_sample_c_d_cl)
UNSUPPORTED(image_sample_c_b)
UNSUPPORTED(image_sample_c_b_cl)
UNSUPPORTED(image_sample_o)
UNSUPPORTED(image_sample_cl_o)
UNSUPPORTED(image_sample_d_o)
UNSUPPORTED(image_sample_d_cl_o)
UNSUPPORTED(image_sample_b_o)
UNSUPPORTED(image_sample_b_cl_o)
UNSUPPORTED(image_sample_c_o)
UNSUPPORTED(image_sample_c_cl_o)
UNSUPPORTED(image_sample_c_d_o)
UNSUPPORTED(image_sample_c_d_cl_o)
UNSUPPORTED(image_sample_c_b_o)
UNSUPPORTED(image_sample_c_b_cl_o)
UNSUPPORTED(image_sample_cd)
UNSUPPORTED(image_sample_cd_cl)
UNSUPPORTED(image_sample_c_cd)
UNSUPPORTED(image_sample_c_cd_cl)
UNSUPPORTED(image_sample_cd_o)
UNSUPPORTED(image_sample_cd_cl_o)
UNSUPPORTED(image_sample_c_cd_o)
UNSUPPORTED(image_sample_c_cd_cl_o)
UNSUPPORTED(image_sample_d_g16)
UNSUPPORTED(image_sample_d_cl_g16)
UNSUPPORTED(image_sample_c_d_g16)
UNSUPPORTED(image_sample_c_d_cl_g16)
UNSUPPORTED(image_sample_d_o_g16)
UNSUPPORTED(image_sample_d_cl_o_g16)
UNSUPPORTED(image_sample_c_d_o_g16)
UNSUPPORTED(image_sample_c_d_cl_o_g16)
UNSUPPORTED(image_sample_cd_g16)
UNSUPPORTED(image_sample_cd_cl_g16)
UNSUPPORTED(image_sample_c_cd_g16)
UNSUPPORTED(image_sample_c_cd_cl_g16)
UNSUPPORTED(image_sample_cd_o_g16)
UNSUPPORTED(image_sample_cd_cl_o_g16)
UNSUPPORTED(image_sample_c_cd_o_g16)
UNSUPPORTED(image_sample_c_cd_cl_o_g16)
UNSUPPORTED(image_gather4)
UNSUPPORTED(image_gather4_cl)
UNSUPPORTED(image_gather4_l)
UNSUPPORTED(image_gather4_b)
UNSUPPORTED(image_gather4_b_cl)
UNSUPPORTED(image_gather4_lz)
UNSUPPORTED(image_gather4_c)
UNSUPPORTED(image_gather4_c_cl)
UNSUPPORTED(image_gather4_c_l)
UNSUPPORTED(image_gather4_c_b)
UNSUPPORTED(image_gather4_c_b_cl)
UNSUPPORTED(image_gather4_c_lz)
UNSUPPORTED(image_gather4_o)
UNSUPPORTED(image_gather4_cl_o)
UNSUPPORTED(image_gather4_l_o)
UNSUPPORTED(image_gather4_b_o)
UNSUPPORTED(image_gather4_b_cl_o)
UNSUPPORTED(image_gather4_lz_o)
UNSUPPORTED(image_gather4_c_o)
UNSUPPORTED(image_gather4_c_cl_o)
UNSUPPORTED(image_gather4_c_l_o)
UNSUPPORTED(image_gather4_c_b_o)
UNSUPPORTED(image_gather4_c_b_cl_o)
UNSUPPORTED(image_gather4_c_lz_o)
UNSUPPORTED(image_get_lod)
UNSUPPORTED(image_msaa_load)
UNSUPPORTED(image_bvh_intersect_ray)
UNSUPPORTED(image_bvh64_intersect_ray)
