/* MUBUF and MTBUF buffer loads, stores and atomics (RDNA2 ISA guide chapter 8, "Vector Memory
 * Operations", 8.1 "Buffer Instructions"): addresses from the V# and the instruction's index and
 * offset enables, the range check by the V#'s oob_select, format conversion for the integer and
 * 32-bit formats. Lane access rules are interp/mem.h's. */
#include "interp/mem.h"

/* Per-lane buffer addresses (RDNA2 ISA guide 8.1.2 "Buffer Addressing"):
 *    index  = (idxen ? vaddr index : 0) + (add_tid ? lane id : 0)
 *    offset = (offen ? vaddr offset : 0) + instruction offset
 *    address = base + soffset + offset + index * stride
 * with idxen and offen both set vaddr is {index, offset}. Range check (8.1.6 "Range Checking",
 * by oob_select): 0 index >= num_records or offset + size > stride; 1 index >= num_records;
 * 2 num_records == 0; 3 (raw) index * stride + offset + size > num_records. soffset takes part
 * in no check. A lane out of range loads 0 and stores nothing; the whole access is checked, not
 * each dword. Swizzled buffers (swizzle_enable) fault UNSUPPORTED. Returns false after a fault. */
static bool buffer_addresses(struct wave *w, const struct rdna_inst *in, unsigned size,
                             struct lane_addrs *la)
{
   struct vsharp v = vsharp_read(w, inst_role(in, RDNA_ROLE_srsrc)->reg);
   if (v.swizzle) {
      wave_fault(w, RDNA_FAULT_UNSUPPORTED, -1, v.base,
                 "%s with a swizzled buffer (swizzle_enable) is not implemented",
                 rdna_op_name(in->op));
      return false;
   }
   if (in->mod.flags & (RDNA_FLAG_LDS | RDNA_FLAG_TFE)) {
      wave_fault(w, RDNA_FAULT_UNSUPPORTED, -1, 0, "%s with %s is not implemented",
                 rdna_op_name(in->op), in->mod.flags & RDNA_FLAG_LDS ? "lds" : "tfe");
      return false;
   }
   const struct rdna_operand *vaddr = inst_role(in, RDNA_ROLE_vaddr);
   const uint32_t *va = operand_is_vgpr(vaddr) ? wave_vgpr(w, vaddr->reg - RDNA_REG_VGPR0) : NULL;
   bool idxen = in->mod.flags & RDNA_FLAG_IDXEN, offen = in->mod.flags & RDNA_FLAG_OFFEN;
   uint64_t soffset = wave_read_scalar(w, inst_role(in, RDNA_ROLE_soffset));
   uint64_t exec = wave_exec(w);
   la->lanes = la->zero = 0;
   for (unsigned lane = 0; lane < w->wave_size; lane++) {
      if (!(exec >> lane & 1))
         continue;
      uint64_t index = (idxen ? va[lane] : 0) + (v.add_tid ? lane : 0);
      uint64_t offset = (uint32_t)in->mod.offset;
      if (offen)
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
      la->lanes |= 1ull << lane;
      la->space[lane] = MEM_GLOBAL;
      la->addr[lane] = v.base + soffset + offset + index * v.stride;
   }
   return true;
}

static unsigned vdata_reg(const struct rdna_inst *in)
{
   return inst_role(in, RDNA_ROLE_vdata)->reg - RDNA_REG_VGPR0;
}

static enum rdna_status buffer_load(struct wave *w, const struct rdna_inst *in,
                                    enum mem_shape shape, unsigned dwords)
{
   struct mem_access a = { shape, dwords };
   struct lane_addrs la;
   if (!buffer_addresses(w, in, mem_access_bytes(a), &la))
      return RDNA_UNKNOWN_OPCODE;
   return vmem_load(w, &la, a, vdata_reg(in));
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

/* vdata is the data and, with glc, receives the old value (RDNA2 ISA guide 8.1.8 "Atomics"). */
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

/* A GFX10 unified buffer format the interpreter converts: components of 8, 16 or 32 bits,
 * integer (UINT/SINT) or 32-bit (UINT/SINT/FLOAT, moved as bits). Values as isa/mubuf.c
 * names them. Normalized, scaled, 16-bit float and packed (10_11_11, 2_10_10_10...) formats
 * fault UNSUPPORTED naming the format. */
struct buffer_format {
   unsigned components, bits;
   bool is_signed;
};

static bool buffer_format(unsigned format, struct buffer_format *f)
{
   static const struct {
      uint8_t value, components, bits, is_signed;
   } formats[] = {
      { 5, 1, 8, 0 },   { 6, 1, 8, 1 },   { 11, 1, 16, 0 }, { 12, 1, 16, 1 }, { 18, 2, 8, 0 },
      { 19, 2, 8, 1 },  { 20, 1, 32, 0 }, { 21, 1, 32, 1 }, { 22, 1, 32, 0 }, { 27, 2, 16, 0 },
      { 28, 2, 16, 1 }, { 60, 4, 8, 0 },  { 61, 4, 8, 1 },  { 62, 2, 32, 0 }, { 63, 2, 32, 1 },
      { 64, 2, 32, 0 }, { 69, 4, 16, 0 }, { 70, 4, 16, 1 }, { 72, 3, 32, 0 }, { 73, 3, 32, 1 },
      { 74, 3, 32, 0 }, { 75, 4, 32, 0 }, { 76, 4, 32, 1 }, { 77, 4, 32, 0 },
   };
   for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
      if (formats[i].value == format) {
         f->components = formats[i].components;
         f->bits = formats[i].bits;
         f->is_signed = formats[i].is_signed;
         return true;
      }
   }
   return false;
}

/* The 32-bit "one" a missing W component reads: 1.0f for FLOAT formats, 1 otherwise. */
static uint32_t format_one(unsigned format)
{
   return format == 22 || format == 64 || format == 74 || format == 77 ? 0x3f800000u : 1u;
}

/* A format load of `count` components: components past the format's read 0, except W which
 * reads 1 (RDNA2 ISA guide 8.1.4 "Buffer Data Formats"); dst_sel is not applied (a documented
 * gap: the identity swizzle). A format store writes the components the format and the
 * instruction both have. */
static enum rdna_status buffer_format_access(struct wave *w, const struct rdna_inst *in,
                                             unsigned format, unsigned count, bool store)
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
   unsigned vdata = vdata_reg(in);
   uint32_t *data = wave_vgpr(w, vdata);
   for (unsigned lane = 0; lane < w->wave_size; lane++) {
      bool hit = la.lanes >> lane & 1;
      if (!hit && !(la.zero >> lane & 1))
         continue;
      for (unsigned c = 0; c < count; c++) {
         uint32_t *reg = &data[(size_t)c * MAX_LANES + lane];
         const uint8_t *p = hit ? ptr[lane] + c * f.bits / 8 : NULL;
         if (store) {
            if (!hit || c >= f.components)
               continue;
            uint8_t *q = ptr[lane] + c * f.bits / 8;
            for (unsigned b = 0; b < f.bits / 8; b++)
               q[b] = (uint8_t)(*reg >> (8 * b));
         } else if (c >= f.components || !hit) {
            *reg = c == 3 && hit ? format_one(format) : 0;
         } else if (f.bits == 32) {
            *reg = mem_get32(p);
         } else if (f.bits == 16) {
            uint16_t v = (uint16_t)(p[0] | p[1] << 8);
            *reg = f.is_signed ? (uint32_t)(int32_t)(int16_t)v : v;
         } else {
            *reg = f.is_signed ? (uint32_t)(int32_t)(int8_t)p[0] : p[0];
         }
      }
   }
   if (!store)
      for (unsigned c = 0; c < count; c++)
         wave_log_write(w, RDNA_REG_VGPR0 + vdata + c);
   return RDNA_OK;
}

/* buffer_*_format_* take the format from the V# (dword 3 bits 18:12), tbuffer_* from the
 * instruction. */
static enum rdna_status mubuf_format(struct wave *w, const struct rdna_inst *in, unsigned count,
                                     bool store)
{
   struct vsharp v = vsharp_read(w, inst_role(in, RDNA_ROLE_srsrc)->reg);
   return buffer_format_access(w, in, v.format, count, store);
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
#define BUF_FORMAT(name, count, store)                                      \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in) \
   {                                                                        \
      return mubuf_format(w, in, count, store);                             \
   }
#define TBUF_FORMAT(name, count, store)                                     \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in) \
   {                                                                        \
      return buffer_format_access(w, in, in->mod.format, count, store);     \
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
/* Float atomics wait for the interpreter's float rules (denormals, NaN, -0). */
UNSUPPORTED(buffer_atomic_fcmpswap)
UNSUPPORTED(buffer_atomic_fmin)
UNSUPPORTED(buffer_atomic_fmax)
UNSUPPORTED(buffer_atomic_fcmpswap_x2)
UNSUPPORTED(buffer_atomic_fmin_x2)
UNSUPPORTED(buffer_atomic_fmax_x2)

BUF_FORMAT(buffer_load_format_x, 1, false)
BUF_FORMAT(buffer_load_format_xy, 2, false)
BUF_FORMAT(buffer_load_format_xyz, 3, false)
BUF_FORMAT(buffer_load_format_xyzw, 4, false)
BUF_FORMAT(buffer_store_format_x, 1, true)
BUF_FORMAT(buffer_store_format_xy, 2, true)
BUF_FORMAT(buffer_store_format_xyz, 3, true)
BUF_FORMAT(buffer_store_format_xyzw, 4, true)
TBUF_FORMAT(tbuffer_load_format_x, 1, false)
TBUF_FORMAT(tbuffer_load_format_xy, 2, false)
TBUF_FORMAT(tbuffer_load_format_xyz, 3, false)
TBUF_FORMAT(tbuffer_load_format_xyzw, 4, false)
TBUF_FORMAT(tbuffer_store_format_x, 1, true)
TBUF_FORMAT(tbuffer_store_format_xy, 2, true)
TBUF_FORMAT(tbuffer_store_format_xyz, 3, true)
TBUF_FORMAT(tbuffer_store_format_xyzw, 4, true)
/* 16-bit packed format forms (d16): UNSUPPORTED until the float part (f16 conversion). */
UNSUPPORTED(buffer_load_format_d16_x)
UNSUPPORTED(buffer_load_format_d16_xy)
UNSUPPORTED(buffer_load_format_d16_xyz)
UNSUPPORTED(buffer_load_format_d16_xyzw)
UNSUPPORTED(buffer_store_format_d16_x)
UNSUPPORTED(buffer_store_format_d16_xy)
UNSUPPORTED(buffer_store_format_d16_xyz)
UNSUPPORTED(buffer_store_format_d16_xyzw)
UNSUPPORTED(tbuffer_load_format_d16_x)
UNSUPPORTED(tbuffer_load_format_d16_xy)
UNSUPPORTED(tbuffer_load_format_d16_xyz)
UNSUPPORTED(tbuffer_load_format_d16_xyzw)
UNSUPPORTED(tbuffer_store_format_d16_x)
UNSUPPORTED(tbuffer_store_format_d16_xy)
UNSUPPORTED(tbuffer_store_format_d16_xyz)
UNSUPPORTED(tbuffer_store_format_d16_xyzw)

/* Cache invalidations: no caches in the interpreter. */
BUF_NOP(buffer_gl0_inv)
BUF_NOP(buffer_gl1_inv)
BUF_NOP(buffer_wbinvl1)
