/* MUBUF and MTBUF buffer loads, stores and atomics (RDNA2 ISA guide chapter 8, "Vector Memory
 * Operations", 8.1 "Buffer Instructions"): addresses from the V# and the instruction's index and
 * offset enables, the range check by the V#'s oob_select, format conversion for the integer and
 * 32-bit formats. Lane access rules are interp/mem.h's. */
#include "interp/mem.h"

/* Index strides of a swizzled V# (dword 3 bits 22:21) and the element size: RDNA2's V# has no
 * element-size field; swizzled buffers use 4-byte elements (a documented choice, the element
 * the hardware's private-memory swizzle uses). */
static const unsigned swizzle_index_strides[4] = { 8, 16, 32, 64 };
#define SWIZZLE_ELEMENT_BYTES 4u

/* Per-lane buffer addresses (RDNA2 ISA guide 8.1, "Buffer Addressing"):
 *    index  = (idxen ? vaddr index : 0) + (add_tid ? lane id : 0)
 *    offset = (offen ? vaddr offset : 0) + instruction offset
 *    address = base + soffset + offset + index * stride
 * with idxen and offen both set vaddr is {index, offset}. A swizzled V# (swizzle_enable)
 * interleaves index_stride records element by element (8.1, "Buffer Addressing", swizzled):
 *    address = base + soffset + (index / index_stride * stride + offset / element * element)
 *              * index_stride + index % index_stride * element + offset % element
 * Range check (8.1, "Range Checking", by oob_select, on index and offset before swizzling):
 * 0 index >= num_records or offset + size > stride; 1 index >= num_records; 2 num_records == 0;
 * 3 (raw) index * stride + offset + size > num_records. soffset takes part in no check. A lane out
 * of range loads 0 and stores nothing; the whole access is checked, not each dword. */
static bool buffer_addresses(struct wave *w, const struct rdna_inst *in, unsigned size,
                             struct lane_addrs *la)
{
   struct vsharp v = vsharp_read(w, inst_role(in, RDNA_ROLE_srsrc)->reg);
   const struct rdna_operand *vaddr = inst_role(in, RDNA_ROLE_vaddr);
   const uint32_t *va = operand_is_vgpr(vaddr) ? wave_vgpr(w, vaddr->reg - RDNA_REG_VGPR0) : NULL;
   bool idxen = in->mod.flags & RDNA_FLAG_IDXEN, offen = in->mod.flags & RDNA_FLAG_OFFEN;
   uint64_t soffset = wave_read_scalar(w, inst_role(in, RDNA_ROLE_soffset));
   uint64_t exec = wave_exec(w);
   uint64_t index_stride = swizzle_index_strides[v.index_stride];
   la->lanes = la->zero = 0;
   for (unsigned lane = 0; lane < w->wave_size; lane++) {
      if (!(exec >> lane & 1))
         continue;
      uint64_t index = (idxen && va ? va[lane] : 0) + (v.add_tid ? lane : 0);
      uint64_t offset = (uint32_t)in->mod.offset;
      if (offen && va)
         offset += idxen ? va[MAX_LANES + lane] : va[lane];
      bool out;
      switch (v.oob_select) {
      case 0:
         out = index >= v.num_records || offset + size > v.stride;
         break;
      case 1:
         out = index >= v.num_records;
         break;
      case 2:
         out = v.num_records == 0;
         break;
      default:
         out = index * v.stride + offset + size > v.num_records;
         break;
      }
      if (out) {
         la->zero |= 1ull << lane;
         continue;
      }
      uint64_t buffer_offset = offset + index * v.stride;
      if (v.swizzle)
         buffer_offset = (index / index_stride * v.stride +
                          offset / SWIZZLE_ELEMENT_BYTES * SWIZZLE_ELEMENT_BYTES) *
                            index_stride +
                         index % index_stride * SWIZZLE_ELEMENT_BYTES +
                         offset % SWIZZLE_ELEMENT_BYTES;
      la->lanes |= 1ull << lane;
      la->space[lane] = MEM_GLOBAL;
      la->addr[lane] = v.base + soffset + buffer_offset;
   }
   return true;
}

static unsigned vdata_reg(const struct rdna_inst *in)
{
   return inst_role(in, RDNA_ROLE_vdata)->reg - RDNA_REG_VGPR0;
}

/* With tfe a load writes one more VGPR after its data: the fail status. The guide gives it no
 * value for a buffer (which has no partially resident pages to report), and LLVM zero-fills it
 * before the load because hardware leaves it unwritten when nothing fails: it is written 0 for
 * every lane the access covered, so runs repeat, and marked undefined (TFE_STATUS). */
static enum rdna_status write_tfe_status(struct wave *w, const struct rdna_inst *in,
                                         const struct lane_addrs *la, unsigned dwords)
{
   unsigned reg = vdata_reg(in) + dwords;
   if (reg >= w->num_vgprs)
      return wave_fault(w, RDNA_FAULT_INVALID_OPERAND, -1, 0,
                        "%s with tfe writes v%u, outside the allocation of %u VGPRs",
                        rdna_op_name(in->op), reg, w->num_vgprs);
   uint32_t *status = wave_vgpr(w, reg);
   for (unsigned lane = 0; lane < w->wave_size; lane++)
      if ((la->lanes | la->zero) >> lane & 1)
         status[lane] = 0;
   wave_wrote_vgpr(w, reg, la->lanes | la->zero);
   wave_mark_undefined(w, RDNA_REG_VGPR0 + reg, la->lanes | la->zero, ~0u,
                       RDNA_UNDEFINED_TFE_STATUS);
   return RDNA_OK;
}

/* A load with the lds bit writes each lane's dword to LDS instead of VGPRs (RDNA2 ISA guide
 * 8.1, "Memory Buffer Load to LDS"): LDS address = M0[15:0] + instruction offset + lane * 4;
 * lanes the range check rejected write 0. `values` holds the dwords of the lanes that hit. */
static enum rdna_status write_lds_dwords(struct wave *w, const struct rdna_inst *in,
                                         const struct lane_addrs *la, const uint32_t *values)
{
   uint64_t base = (w->sgpr[RDNA_REG_M0] & 0xffffu) + (uint32_t)in->mod.offset;
   for (unsigned lane = 0; lane < w->wave_size; lane++) {
      if (!((la->lanes | la->zero) >> lane & 1))
         continue;
      uint8_t *q = mem_lane_ptr(w, MEM_LDS, (int)lane, base + 4u * lane, 4, 4, true);
      if (!q)
         return mem_failed(w);
      mem_put32(q, la->lanes >> lane & 1 ? values[lane] : 0);
   }
   return RDNA_OK;
}

static enum rdna_status buffer_load_to_lds(struct wave *w, const struct rdna_inst *in,
                                           const struct lane_addrs *la, struct mem_access a)
{
   uint32_t values[MAX_LANES];
   unsigned bytes = mem_access_bytes(a);
   for (unsigned lane = 0; lane < w->wave_size; lane++) {
      values[lane] = 0;
      if (!(la->lanes >> lane & 1))
         continue;
      const uint8_t *p =
         mem_lane_ptr(w, MEM_GLOBAL, (int)lane, la->addr[lane], bytes, mem_access_align(a), false);
      if (!p)
         return mem_failed(w);
      uint32_t out[4];
      mem_load_lane(a, p, 0, out);
      values[lane] = out[0];
   }
   return write_lds_dwords(w, in, la, values);
}

static enum rdna_status buffer_load(struct wave *w, const struct rdna_inst *in,
                                    enum mem_shape shape, unsigned dwords)
{
   struct mem_access a = { shape, dwords };
   struct lane_addrs la;
   if (!buffer_addresses(w, in, mem_access_bytes(a), &la))
      return RDNA_UNKNOWN_OPCODE;
   if (in->mod.flags & RDNA_FLAG_LDS) {
      if (!(op_info(in->op)->flags & RDNA_OP_FLAG_EXTRA3)) /* VMEM_LDS in isa/mubuf.def */
         return wave_fault(w, RDNA_FAULT_INVALID_OPERAND, -1, 0, "%s cannot load to LDS",
                           rdna_op_name(in->op));
      return buffer_load_to_lds(w, in, &la, a);
   }
   enum rdna_status st = vmem_load(w, &la, a, vdata_reg(in));
   if (st == RDNA_OK && (in->mod.flags & RDNA_FLAG_TFE))
      st = write_tfe_status(w, in, &la, dwords);
   return st;
}

static enum rdna_status buffer_store(struct wave *w, const struct rdna_inst *in,
                                     enum mem_shape shape, unsigned dwords)
{
   struct mem_access a = { shape, dwords };
   struct lane_addrs la;
   if (!buffer_addresses(w, in, mem_access_bytes(a), &la))
      return RDNA_UNKNOWN_OPCODE;
   return vmem_store(w, &la, a, vdata_reg(in));
}

/* vdata is the data and, with glc, receives the old value (RDNA2 ISA guide chapter 12, the MUBUF
 * atomic opcode descriptions). */
static enum rdna_status buffer_atomic(struct wave *w, const struct rdna_inst *in, enum atomic_op op,
                                      unsigned bits)
{
   struct lane_addrs la;
   if (!buffer_addresses(w, in, bits / 8, &la))
      return RDNA_UNKNOWN_OPCODE;
   unsigned vdata = vdata_reg(in);
   return vmem_atomic(w, &la, op, bits, vdata, in->mod.flags & RDNA_FLAG_GLC ? (int)vdata : -1);
}

/* ---- formats ----------------------------------------------------------------------------- */

enum component_kind {
   COMPONENT_UINT,
   COMPONENT_SINT,
   COMPONENT_FLOAT
};

/* A GFX10 unified buffer format the interpreter converts: components of 8, 16 or 32 bits, integer
 * (UINT/SINT) or float (16_FLOAT and 32_FLOAT variants). Values as isa/mubuf.c names them.
 * Normalized, scaled and packed (10_11_11, 2_10_10_10...) formats fault UNSUPPORTED naming the
 * format. */
struct buffer_format {
   unsigned components, bits;
   enum component_kind kind;
};

static bool buffer_format(unsigned format, struct buffer_format *f)
{
   enum {
      U = COMPONENT_UINT,
      S = COMPONENT_SINT,
      F = COMPONENT_FLOAT
   };
   static const struct {
      uint8_t value, components, bits, kind;
   } formats[] = {
      { 5, 1, 8, U },   { 6, 1, 8, S },   { 11, 1, 16, U }, { 12, 1, 16, S }, { 13, 1, 16, F },
      { 18, 2, 8, U },  { 19, 2, 8, S },  { 20, 1, 32, U }, { 21, 1, 32, S }, { 22, 1, 32, F },
      { 27, 2, 16, U }, { 28, 2, 16, S }, { 29, 2, 16, F }, { 60, 4, 8, U },  { 61, 4, 8, S },
      { 62, 2, 32, U }, { 63, 2, 32, S }, { 64, 2, 32, F }, { 69, 4, 16, U }, { 70, 4, 16, S },
      { 71, 4, 16, F }, { 72, 3, 32, U }, { 73, 3, 32, S }, { 74, 3, 32, F }, { 75, 4, 32, U },
      { 76, 4, 32, S }, { 77, 4, 32, F },
   };
   for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
      if (formats[i].value == format) {
         f->components = formats[i].components;
         f->bits = formats[i].bits;
         f->kind = (enum component_kind)formats[i].kind;
         return true;
      }
   }
   return false;
}

/* IEEE binary16 <-> binary32 for the 16-bit float formats and the d16 forms of 32-bit float
 * formats: round to nearest even, denormals kept, overflow to infinity; a NaN stays a NaN with
 * the quiet bit set and the top payload bits kept (the interpreter's NaN rule, DESIGN.md
 * "Determinism"). MODE's round and denormal fields are not applied to format conversion: a
 * documented choice. */
static uint32_t f16_to_f32(uint32_t h)
{
   uint32_t sign = (h & 0x8000u) << 16, exp = (h >> 10) & 0x1fu, mant = h & 0x3ffu;
   if (exp == 0x1f)
      return sign | 0x7f800000u | (mant ? 0x400000u | mant << 13 : 0);
   if (exp == 0) {
      if (mant == 0)
         return sign;
      exp = 113; /* normalise the denormal: 2^-14 * mant/1024 */
      while (!(mant & 0x400u)) {
         mant <<= 1;
         exp--;
      }
      return sign | exp << 23 | (mant & 0x3ffu) << 13;
   }
   return sign | (exp + 112) << 23 | mant << 13;
}

static uint32_t f32_to_f16(uint32_t f)
{
   uint32_t sign = (f >> 16) & 0x8000u;
   int exp = (int)((f >> 23) & 0xffu);
   uint32_t mant = f & 0x7fffffu;
   if (exp == 0xff)
      return sign | 0x7c00u | (mant ? 0x200u | mant >> 13 : 0);
   /* value = 1.mant * 2^(exp-127); the f16 exponent field is exp - 112. */
   int e = exp - 112;
   if (e >= 0x1f)
      return sign | 0x7c00u;
   uint32_t full = exp ? mant | 0x800000u : mant;     /* 24 significant bits */
   unsigned shift = e > 0 ? 13u : (unsigned)(14 - e); /* denormal results shift further */
   if (exp == 0)
      shift = 64; /* f32 denormals are far below the f16 range */
   if (shift > 31)
      return sign; /* rounds to zero */
   uint32_t kept = full >> shift, rest = full & ((1u << shift) - 1), half = 1u << (shift - 1);
   if (rest > half || (rest == half && (kept & 1)))
      kept++;
   /* A normal result: kept carries the implicit bit, so adding the exponent above it lets a
    * mantissa overflow roll into the exponent (and into infinity). */
   if (e > 0)
      return sign | (((uint32_t)e << 10) + (kept - 0x400u));
   return sign | kept; /* a denormal, or the smallest normal after rounding up */
}

/* A component's 32-bit register value from its bytes (format loads), and back (stores). */
static uint32_t component_load32(const struct buffer_format *f, const uint8_t *p)
{
   if (f->bits == 32)
      return mem_get32(p);
   if (f->bits == 16) {
      uint32_t v = (uint32_t)(p[0] | p[1] << 8);
      if (f->kind == COMPONENT_FLOAT)
         return f16_to_f32(v);
      return f->kind == COMPONENT_SINT ? (uint32_t)(int32_t)(int16_t)v : v;
   }
   return f->kind == COMPONENT_SINT ? (uint32_t)(int32_t)(int8_t)p[0] : p[0];
}

static uint32_t component_store32(const struct buffer_format *f, uint32_t v)
{
   return f->bits == 16 && f->kind == COMPONENT_FLOAT ? f32_to_f16(v) : v;
}

/* The d16 forms hold 16 bits per component: integers are truncated to 16 bits on load (8- and
 * 16-bit ones fit, extended by their sign) and extended back on store; 32-bit floats convert to
 * and from f16. */
static uint32_t component_load16(const struct buffer_format *f, const uint8_t *p)
{
   if (f->bits == 32 && f->kind == COMPONENT_FLOAT)
      return f32_to_f16(mem_get32(p));
   if (f->bits == 16 && f->kind == COMPONENT_FLOAT)
      return (uint32_t)(p[0] | p[1] << 8);
   return component_load32(f, p) & 0xffffu;
}

static uint32_t component_store16(const struct buffer_format *f, uint32_t h)
{
   if (f->bits == 32 && f->kind == COMPONENT_FLOAT)
      return f16_to_f32(h);
   if (f->bits == 32 && f->kind == COMPONENT_SINT)
      return (uint32_t)(int32_t)(int16_t)h;
   return h;
}

/* What a component the format lacks reads: 0, except W, which reads 1 (1.0 for float
 * formats, as f32 or f16) (RDNA2 ISA guide 8.1, "Buffer Data"). */
static uint32_t missing_component(const struct buffer_format *f, unsigned c, bool d16)
{
   if (c != 3)
      return 0;
   if (f->kind == COMPONENT_FLOAT)
      return d16 ? 0x3c00u : 0x3f800000u;
   return 1;
}

/* A format load or store of `count` components. Without d16 each component is one VGPR; with
 * d16 two components share a VGPR (x in bits 15:0, y in 31:16, z and w in the next); the high
 * half of a last VGPR holding one component is written 0 and marked undefined (D16_UNUSED_HALF:
 * the guide's "D16 Instructions" packs components in pairs and says nothing of it). dst_sel is
 * not applied (a documented gap: the identity swizzle). A store writes the components the format
 * and the instruction both have. */
static enum rdna_status buffer_format_access(struct wave *w, const struct rdna_inst *in,
                                             unsigned format, unsigned count, bool store, bool d16)
{
   struct buffer_format f;
   if (!buffer_format(format, &f))
      return wave_fault(w, RDNA_FAULT_UNSUPPORTED, -1, 0,
                        "%s with buffer format %u is not implemented", rdna_op_name(in->op),
                        format);
   unsigned bytes = f.components * f.bits / 8;
   struct lane_addrs la;
   if (!buffer_addresses(w, in, bytes, &la))
      return RDNA_UNKNOWN_OPCODE;
   uint8_t *ptr[MAX_LANES];
   unsigned align = f.bits / 8;
   for (unsigned lane = 0; lane < w->wave_size; lane++) {
      if (!(la.lanes >> lane & 1))
         continue;
      ptr[lane] = mem_lane_ptr(w, MEM_GLOBAL, (int)lane, la.addr[lane], bytes, align, store);
      if (!ptr[lane])
         return mem_failed(w);
   }
   if (in->mod.flags & RDNA_FLAG_LDS) {
      /* buffer_load_format_x to LDS (the only format row with the lds bit): X as 32 bits. */
      if (store || !(op_info(in->op)->flags & RDNA_OP_FLAG_EXTRA3)) /* VMEM_LDS */
         return wave_fault(w, RDNA_FAULT_INVALID_OPERAND, -1, 0, "%s cannot load to LDS",
                           rdna_op_name(in->op));
      uint32_t values[MAX_LANES];
      for (unsigned lane = 0; lane < w->wave_size; lane++)
         values[lane] = la.lanes >> lane & 1 ? component_load32(&f, ptr[lane]) : 0;
      return write_lds_dwords(w, in, &la, values);
   }
   unsigned vdata = vdata_reg(in);
   unsigned regs = d16 ? (count + 1) / 2 : count;
   uint32_t *data = wave_vgpr(w, vdata);
   for (unsigned lane = 0; lane < w->wave_size; lane++) {
      bool hit = la.lanes >> lane & 1;
      if (!hit && !(la.zero >> lane & 1))
         continue;
      if (store) {
         if (!hit)
            continue;
         for (unsigned c = 0; c < count && c < f.components; c++) {
            uint32_t reg = data[(size_t)(d16 ? c / 2 : c) * MAX_LANES + lane];
            uint32_t v = d16 ? component_store16(&f, (reg >> (16 * (c & 1))) & 0xffffu)
                             : component_store32(&f, reg);
            uint8_t *q = ptr[lane] + c * f.bits / 8;
            for (unsigned b = 0; b < f.bits / 8; b++)
               q[b] = (uint8_t)(v >> (8 * b));
         }
         continue;
      }
      uint32_t out[4] = { 0, 0, 0, 0 };
      for (unsigned c = 0; c < count; c++) {
         uint32_t v = 0;
         if (hit)
            v = c < f.components ? (d16 ? component_load16(&f, ptr[lane] + c * f.bits / 8)
                                        : component_load32(&f, ptr[lane] + c * f.bits / 8))
                                 : missing_component(&f, c, d16);
         if (d16)
            out[c / 2] |= v << (16 * (c & 1));
         else
            out[c] = v;
      }
      for (unsigned r = 0; r < regs; r++)
         data[(size_t)r * MAX_LANES + lane] = out[r];
   }
   if (store)
      return RDNA_OK;
   for (unsigned r = 0; r < regs; r++)
      wave_wrote_vgpr(w, vdata + r, la.lanes | la.zero);
   if (d16 && count % 2)
      wave_mark_undefined(w, RDNA_REG_VGPR0 + vdata + regs - 1, la.lanes | la.zero, 0xffff0000u,
                          RDNA_UNDEFINED_D16_UNUSED_HALF);
   return in->mod.flags & RDNA_FLAG_TFE ? write_tfe_status(w, in, &la, regs) : RDNA_OK;
}

/* buffer_*_format_* take the format from the V# (dword 3 bits 18:12), tbuffer_* from the
 * instruction. */
static enum rdna_status mubuf_format(struct wave *w, const struct rdna_inst *in, unsigned count,
                                     bool store, bool d16)
{
   struct vsharp v = vsharp_read(w, inst_role(in, RDNA_ROLE_srsrc)->reg);
   return buffer_format_access(w, in, v.format, count, store, d16);
}

#define BUF_LOAD(name, shape, dwords)                                       \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in) \
   {                                                                        \
      return buffer_load(w, in, shape, dwords);                             \
   }
#define BUF_STORE(name, shape, dwords)                                      \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in) \
   {                                                                        \
      return buffer_store(w, in, shape, dwords);                            \
   }
#define BUF_ATOMIC(name, op, bits)                                          \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in) \
   {                                                                        \
      return buffer_atomic(w, in, op, bits);                                \
   }
#define BUF_FORMAT(name, count, store, d16)                                 \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in) \
   {                                                                        \
      return mubuf_format(w, in, count, store, d16);                        \
   }
#define TBUF_FORMAT(name, count, store, d16)                                 \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in)  \
   {                                                                         \
      return buffer_format_access(w, in, in->mod.format, count, store, d16); \
   }
#define BUF_NOP(name)                                                       \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in) \
   {                                                                        \
      (void)w;                                                              \
      (void)in;                                                             \
      return RDNA_OK;                                                       \
   }

BUF_LOAD(buffer_load_ubyte, SHAPE_U8, 1)
BUF_LOAD(buffer_load_sbyte, SHAPE_I8, 1)
BUF_LOAD(buffer_load_ushort, SHAPE_U16, 1)
BUF_LOAD(buffer_load_sshort, SHAPE_I16, 1)
BUF_LOAD(buffer_load_dword, SHAPE_B32, 1)
BUF_LOAD(buffer_load_dwordx2, SHAPE_B32, 2)
BUF_LOAD(buffer_load_dwordx3, SHAPE_B32, 3)
BUF_LOAD(buffer_load_dwordx4, SHAPE_B32, 4)
BUF_LOAD(buffer_load_ubyte_d16, SHAPE_U8_D16, 1)
BUF_LOAD(buffer_load_ubyte_d16_hi, SHAPE_U8_D16_HI, 1)
BUF_LOAD(buffer_load_sbyte_d16, SHAPE_I8_D16, 1)
BUF_LOAD(buffer_load_sbyte_d16_hi, SHAPE_I8_D16_HI, 1)
BUF_LOAD(buffer_load_short_d16, SHAPE_B16_D16, 1)
BUF_LOAD(buffer_load_short_d16_hi, SHAPE_B16_D16_HI, 1)
BUF_STORE(buffer_store_byte, SHAPE_U8, 1)
BUF_STORE(buffer_store_byte_d16_hi, SHAPE_U8_D16_HI, 1)
BUF_STORE(buffer_store_short, SHAPE_U16, 1)
BUF_STORE(buffer_store_short_d16_hi, SHAPE_B16_D16_HI, 1)
BUF_STORE(buffer_store_dword, SHAPE_B32, 1)
BUF_STORE(buffer_store_dwordx2, SHAPE_B32, 2)
BUF_STORE(buffer_store_dwordx3, SHAPE_B32, 3)
BUF_STORE(buffer_store_dwordx4, SHAPE_B32, 4)

BUF_ATOMIC(buffer_atomic_swap, ATOMIC_SWAP, 32)
BUF_ATOMIC(buffer_atomic_cmpswap, ATOMIC_CMPSWAP, 32)
BUF_ATOMIC(buffer_atomic_add, ATOMIC_ADD, 32)
BUF_ATOMIC(buffer_atomic_sub, ATOMIC_SUB, 32)
BUF_ATOMIC(buffer_atomic_csub, ATOMIC_CSUB, 32)
BUF_ATOMIC(buffer_atomic_smin, ATOMIC_SMIN, 32)
BUF_ATOMIC(buffer_atomic_umin, ATOMIC_UMIN, 32)
BUF_ATOMIC(buffer_atomic_smax, ATOMIC_SMAX, 32)
BUF_ATOMIC(buffer_atomic_umax, ATOMIC_UMAX, 32)
BUF_ATOMIC(buffer_atomic_and, ATOMIC_AND, 32)
BUF_ATOMIC(buffer_atomic_or, ATOMIC_OR, 32)
BUF_ATOMIC(buffer_atomic_xor, ATOMIC_XOR, 32)
BUF_ATOMIC(buffer_atomic_inc, ATOMIC_INC, 32)
BUF_ATOMIC(buffer_atomic_dec, ATOMIC_DEC, 32)
BUF_ATOMIC(buffer_atomic_swap_x2, ATOMIC_SWAP, 64)
BUF_ATOMIC(buffer_atomic_cmpswap_x2, ATOMIC_CMPSWAP, 64)
BUF_ATOMIC(buffer_atomic_add_x2, ATOMIC_ADD, 64)
BUF_ATOMIC(buffer_atomic_sub_x2, ATOMIC_SUB, 64)
BUF_ATOMIC(buffer_atomic_smin_x2, ATOMIC_SMIN, 64)
BUF_ATOMIC(buffer_atomic_umin_x2, ATOMIC_UMIN, 64)
BUF_ATOMIC(buffer_atomic_smax_x2, ATOMIC_SMAX, 64)
BUF_ATOMIC(buffer_atomic_umax_x2, ATOMIC_UMAX, 64)
BUF_ATOMIC(buffer_atomic_and_x2, ATOMIC_AND, 64)
BUF_ATOMIC(buffer_atomic_or_x2, ATOMIC_OR, 64)
BUF_ATOMIC(buffer_atomic_xor_x2, ATOMIC_XOR, 64)
BUF_ATOMIC(buffer_atomic_inc_x2, ATOMIC_INC, 64)
BUF_ATOMIC(buffer_atomic_dec_x2, ATOMIC_DEC, 64)
/* Float atomics: the compare rules are interp/mem.c's float_atomic. */
BUF_ATOMIC(buffer_atomic_fcmpswap, ATOMIC_FCMPSWAP, 32)
BUF_ATOMIC(buffer_atomic_fmin, ATOMIC_FMIN, 32)
BUF_ATOMIC(buffer_atomic_fmax, ATOMIC_FMAX, 32)
BUF_ATOMIC(buffer_atomic_fcmpswap_x2, ATOMIC_FCMPSWAP, 64)
BUF_ATOMIC(buffer_atomic_fmin_x2, ATOMIC_FMIN, 64)
BUF_ATOMIC(buffer_atomic_fmax_x2, ATOMIC_FMAX, 64)

BUF_FORMAT(buffer_load_format_x, 1, false, false)
BUF_FORMAT(buffer_load_format_xy, 2, false, false)
BUF_FORMAT(buffer_load_format_xyz, 3, false, false)
BUF_FORMAT(buffer_load_format_xyzw, 4, false, false)
BUF_FORMAT(buffer_store_format_x, 1, true, false)
BUF_FORMAT(buffer_store_format_xy, 2, true, false)
BUF_FORMAT(buffer_store_format_xyz, 3, true, false)
BUF_FORMAT(buffer_store_format_xyzw, 4, true, false)
TBUF_FORMAT(tbuffer_load_format_x, 1, false, false)
TBUF_FORMAT(tbuffer_load_format_xy, 2, false, false)
TBUF_FORMAT(tbuffer_load_format_xyz, 3, false, false)
TBUF_FORMAT(tbuffer_load_format_xyzw, 4, false, false)
TBUF_FORMAT(tbuffer_store_format_x, 1, true, false)
TBUF_FORMAT(tbuffer_store_format_xy, 2, true, false)
TBUF_FORMAT(tbuffer_store_format_xyz, 3, true, false)
TBUF_FORMAT(tbuffer_store_format_xyzw, 4, true, false)
/* d16: 16 bits per component, two components per VGPR. */
BUF_FORMAT(buffer_load_format_d16_x, 1, false, true)
BUF_FORMAT(buffer_load_format_d16_xy, 2, false, true)
BUF_FORMAT(buffer_load_format_d16_xyz, 3, false, true)
BUF_FORMAT(buffer_load_format_d16_xyzw, 4, false, true)
BUF_FORMAT(buffer_store_format_d16_x, 1, true, true)
BUF_FORMAT(buffer_store_format_d16_xy, 2, true, true)
BUF_FORMAT(buffer_store_format_d16_xyz, 3, true, true)
BUF_FORMAT(buffer_store_format_d16_xyzw, 4, true, true)
TBUF_FORMAT(tbuffer_load_format_d16_x, 1, false, true)
TBUF_FORMAT(tbuffer_load_format_d16_xy, 2, false, true)
TBUF_FORMAT(tbuffer_load_format_d16_xyz, 3, false, true)
TBUF_FORMAT(tbuffer_load_format_d16_xyzw, 4, false, true)
TBUF_FORMAT(tbuffer_store_format_d16_x, 1, true, true)
TBUF_FORMAT(tbuffer_store_format_d16_xy, 2, true, true)
TBUF_FORMAT(tbuffer_store_format_d16_xyz, 3, true, true)
TBUF_FORMAT(tbuffer_store_format_d16_xyzw, 4, true, true)

/* Cache invalidations: no caches in the interpreter. */
BUF_NOP(buffer_gl0_inv)
BUF_NOP(buffer_gl1_inv)
BUF_NOP(buffer_wbinvl1)
