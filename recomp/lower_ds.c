/* Data share lowering (DS; RDNA2 ISA guide chapter 11 "Data Share Operations" and the DS opcode
 * descriptions of chapter 12) over the workgroup's LDS, a Workgroup array of words that
 * recomp/recomp.c declares, zeroes and dumps; and s_barrier, whose meeting is the dispatcher's
 * workgroup loop (recomp/recomp.c).
 *
 * Bounds and faults are the interpreter's LDS rules: an address is the 32-bit sum of the address
 * VGPR and the offset (read2/write2: offset0 and offset1 times the element size, times 64 for the
 * st64 forms); each dword of an access (each element, below a dword) outside the allocation is
 * dropped on write and reads as 0, without a fault; an element must be aligned to its size up to
 * 4 bytes (atomics to their full size) or the lowest misaligned active lane faults MISALIGNED
 * with that address, before anything is read or written. A store that must not land goes to a
 * sink word past the LDS, so stores need no branch.
 *
 * Atomics run one active lane at a time in ascending lane order (a loop over the wave's ballot),
 * the interpreter's order, so lanes of one wave hitting the same address see the interpreter's
 * values. Against other waves they are the device's atomics: SPIR-V's where one exists, otherwise
 * a compare-exchange loop on the dword; the 64-bit and/or/xor/add/sub/exchange forms are two
 * dword atomics (the memory is exact, the returned pair may mix two waves' updates), and the
 * remaining 64-bit forms read and write their two dwords inside the wave's serial loop (atomic
 * within the wave, not against another wave touching the same qword between two barriers). With
 * serial waves (the default, recomp/recomp.c) no other wave of the workgroup runs meanwhile, so
 * all of them are exact across waves too.
 *
 * ds_swizzle_b32, ds_permute_b32 and ds_bpermute_b32 exchange lanes without memory and are
 * lowered with the other cross-lane rows; GDS and GWS are not modeled, as in the interpreter:
 * gds accesses and the ds_gws_* and ds_ordered_count rows fault UNSUPPORTED at run time. */

#include "recomp/lower.h"
#include "recomp/lower_float.h"

/* ---- the LDS words -------------------------------------------------------------------------- */

uint32_t lw_lds_sink(struct lower *l)
{
   return c32(l, l->lds_bytes / 4);
}

uint32_t lw_lds_word(struct lower *l, uint32_t index)
{
   return spvb_access_chain(l->b, l->t_ptr_wg_u32, l->lds, &index, 1);
}

/* Every invocation of the workgroup meets; what each wrote before, to the LDS (Workgroup memory)
 * and, with several waves, to the storage buffers (guest memory: UniformMemory), is visible to all
 * after it, as the interpreter's waves see each other's writes once they run again after
 * s_barrier. A lone wave has nobody to show its guest memory to. */
void lw_workgroup_barrier(struct lower *l)
{
   uint32_t semantics =
      SpvMemorySemanticsAcquireReleaseMask | SpvMemorySemanticsWorkgroupMemoryMask;
   if (l->waves_per_group > 1)
      semantics |= SpvMemorySemanticsUniformMemoryMask;
   uint32_t operands[3] = { c32(l, SpvScopeWorkgroup), c32(l, SpvScopeWorkgroup),
                            c32(l, semantics) };
   spvb_op_void(l->b, SpvOpControlBarrier, operands, 3);
}

/* bool: the `size` bytes at byte address `addr` (u32) lie inside the LDS. */
static uint32_t in_lds(struct lower *l, uint32_t addr, unsigned size)
{
   if (l->lds_bytes < size)
      return lw_bool(l, false);
   return cmp(l, SpvOpULessThanEqual, addr, c32(l, l->lds_bytes - size));
}

/* The word index of `addr` when `cond` holds, the sink otherwise. */
static uint32_t word_or_sink(struct lower *l, uint32_t cond, uint32_t addr)
{
   return lw_select(l, T32, cond, bin(l, SpvOpShiftRightLogical, addr, c32(l, 2)), lw_lds_sink(l));
}

static uint32_t scope(struct lower *l)
{
   return c32(l, SpvScopeWorkgroup);
}

static uint32_t relaxed(struct lower *l)
{
   return c32(l, 0);
}

/* ---- lanes and addresses -------------------------------------------------------------------- */

/* The lanes of one DS instruction: up to two element addresses (u32) per slot. */
struct ds_lanes {
   unsigned count;
   uint32_t addr[2][LOWER_MAX_SLOTS];
   uint32_t active[LOWER_MAX_SLOTS];
};

static unsigned role_vgpr(const struct rdna_inst *in, unsigned role)
{
   return lw_role(in, role)->reg - RDNA_REG_VGPR0;
}

/* Single-address rows: addr + offset. Two-address rows: addr + offset0 * scale and addr +
 * offset1 * scale (DS_READ2_B32 / DS_READ2ST64_B32). The sums wrap at 32 bits. */
static void ds_addresses(struct lower *l, const struct rdna_inst *in, unsigned count,
                         uint32_t scale, struct ds_lanes *d)
{
   unsigned reg = role_vgpr(in, RDNA_ROLE_addr);
   uint32_t off[2] = { (uint32_t)in->mod.offset, in->mod.offset1 };
   if (count == 2) {
      off[0] *= scale;
      off[1] *= scale;
   }
   d->count = count;
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t a = lw_vgpr(l, reg, k);
      for (unsigned e = 0; e < count; e++)
         d->addr[e][k] = off[e] ? bin(l, SpvOpIAdd, a, c32(l, off[e])) : a;
      d->active[k] = lw_active(l, k);
   }
}

/* Faults MISALIGNED on the lowest active lane with an element address that is not a multiple of
 * `align` (its first such element's address); returns the bool "no lane faults". */
static uint32_t ds_aligned(struct lower *l, const struct ds_lanes *d, unsigned align)
{
   if (align <= 1)
      return lw_bool(l, true);
   uint32_t bad[LOWER_MAX_SLOTS], shown[LOWER_MAX_SLOTS];
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t any = lw_nz(l, bin(l, SpvOpBitwiseAnd, d->addr[0][k], c32(l, align - 1)));
      shown[k] = d->addr[0][k];
      if (d->count == 2) {
         uint32_t first = any;
         uint32_t second = lw_nz(l, bin(l, SpvOpBitwiseAnd, d->addr[1][k], c32(l, align - 1)));
         any = or_b(l, first, second);
         shown[k] = lw_select(l, T32, first, d->addr[0][k], d->addr[1][k]);
      }
      bad[k] = lw_op2(l, SpvOpLogicalAnd, TB, d->active[k], any);
   }
   uint32_t mask = lw_ballot(l, bad);
   uint32_t faults = lw_nz64(l, mask);
   uint32_t lane = lw_select(l, T32, faults, lw_lowest_lane(l, mask), c32(l, 0));
   lw_fault(l, faults, RDNA_FAULT_MISALIGNED, lane, lw_zext64(l, lw_read_lane(l, shown, lane)));
   return lw_op1(l, SpvOpLogicalNot, TB, faults);
}

/* A gds access faults UNSUPPORTED, as in the interpreter; returns false then. */
static bool ds_lds_only(struct lower *l, const struct rdna_inst *in)
{
   if (!(in->mod.flags & RDNA_FLAG_GDS))
      return true;
   lw_fault(l, 0, RDNA_FAULT_UNSUPPORTED, 0, 0);
   return false;
}

/* ---- reads and writes ----------------------------------------------------------------------- */

/* How one lane's element maps onto its data registers (RDNA2 ISA guide, DS_READ_* and DS_WRITE_*
 * descriptions). */
enum ds_shape {
   DS_U8,
   DS_I8,
   DS_U16,
   DS_I16,
   DS_B32, /* 1..4 dwords */
   DS_U8_D16,
   DS_U8_D16_HI,
   DS_I8_D16,
   DS_I8_D16_HI,
   DS_U16_D16,
   DS_U16_D16_HI,
};

static unsigned shape_bytes(enum ds_shape shape, unsigned dwords)
{
   switch (shape) {
   case DS_B32:
      return 4 * dwords;
   case DS_U16:
   case DS_I16:
   case DS_U16_D16:
   case DS_U16_D16_HI:
      return 2;
   default:
      return 1;
   }
}

static bool shape_hi(enum ds_shape shape)
{
   return shape == DS_U8_D16_HI || shape == DS_I8_D16_HI || shape == DS_U16_D16_HI;
}

/* The register value of a sub-dword element whose bytes are the low bits of `raw`; `old` is the
 * destination's current value (the d16 forms keep its other half). */
static uint32_t element_value(struct lower *l, enum ds_shape shape, uint32_t raw, uint32_t old)
{
   unsigned bits = shape_bytes(shape, 1) * 8;
   uint32_t sign_shift = c32(l, 32 - bits);
   uint32_t zext = bin(l, SpvOpBitwiseAnd, raw, c32(l, bits == 8 ? 0xffu : 0xffffu));
   uint32_t sext =
      bin(l, SpvOpShiftRightArithmetic, bin(l, SpvOpShiftLeftLogical, raw, sign_shift), sign_shift);
   bool is_signed =
      shape == DS_I8 || shape == DS_I16 || shape == DS_I8_D16 || shape == DS_I8_D16_HI;
   uint32_t v = is_signed ? sext : zext;
   if (shape == DS_U8 || shape == DS_I8 || shape == DS_U16 || shape == DS_I16)
      return v;
   v = bin(l, SpvOpBitwiseAnd, v, c32(l, 0xffff));
   if (shape_hi(shape))
      return bin(l, SpvOpBitwiseOr, bin(l, SpvOpBitwiseAnd, old, c32(l, 0xffff)),
                 bin(l, SpvOpShiftLeftLogical, v, c32(l, 16)));
   return bin(l, SpvOpBitwiseOr, bin(l, SpvOpBitwiseAnd, old, c32(l, 0xffff0000u)), v);
}

/* Loads `count` elements per lane into consecutive VGPRs from vdst. */
static void ds_load_lanes(struct lower *l, const struct ds_lanes *d, enum ds_shape shape,
                          unsigned dwords, unsigned vdst)
{
   unsigned per = shape == DS_B32 ? dwords : 1, size = shape_bytes(shape, dwords);
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t values[8];
      for (unsigned e = 0; e < d->count; e++) {
         for (unsigned i = 0; i < per; i++) {
            uint32_t addr = i ? bin(l, SpvOpIAdd, d->addr[e][k], c32(l, 4 * i)) : d->addr[e][k];
            uint32_t inside = in_lds(l, addr, shape == DS_B32 ? 4 : size);
            uint32_t word = lw_select(l, T32, inside,
                                      bin(l, SpvOpShiftRightLogical, addr, c32(l, 2)), c32(l, 0));
            uint32_t raw = spvb_load(l->b, T32, lw_lds_word(l, word));
            if (shape != DS_B32) {
               uint32_t shift = bin(l, SpvOpShiftLeftLogical,
                                    bin(l, SpvOpBitwiseAnd, addr, c32(l, 3)), c32(l, 3));
               raw = bin(l, SpvOpShiftRightLogical, raw, shift);
            }
            raw = lw_select(l, T32, inside, raw, c32(l, 0));
            values[e * per + i] =
               shape == DS_B32 ? raw : element_value(l, shape, raw, lw_vgpr(l, vdst, k));
         }
      }
      for (unsigned r = 0; r < d->count * per; r++)
         lw_vgpr_store(l, vdst + r, k,
                       lw_select(l, T32, d->active[k], values[r], lw_vgpr(l, vdst + r, k)));
   }
}

static enum rdna_status ds_load(struct lower *l, const struct rdna_inst *in, enum ds_shape shape,
                                unsigned dwords, unsigned count, uint32_t scale)
{
   if (!ds_lds_only(l, in))
      return RDNA_OK;
   struct ds_lanes d;
   ds_addresses(l, in, count, scale, &d);
   unsigned size = shape_bytes(shape, dwords);
   uint32_t merge = lw_if_begin(l, ds_aligned(l, &d, size > 4 ? 4 : size));
   ds_load_lanes(l, &d, shape, dwords, role_vgpr(in, RDNA_ROLE_vdst));
   lw_if_end(l, merge);
   return RDNA_OK;
}

/* Stores element e of every active lane from the data VGPRs data[e]. Within an invocation slots
 * store in ascending order; lanes of different invocations storing the same bytes leave one of
 * theirs (the interpreter keeps the highest lane's). Sub-dword elements clear and set their bytes
 * with atomics, so lanes storing neighbouring bytes of one word keep each other's. */
static void ds_store_lanes(struct lower *l, const struct ds_lanes *d, enum ds_shape shape,
                           unsigned dwords, const unsigned data[2])
{
   unsigned per = shape == DS_B32 ? dwords : 1, size = shape_bytes(shape, dwords);
   for (unsigned k = 0; k < l->slots; k++) {
      for (unsigned e = 0; e < d->count; e++) {
         for (unsigned i = 0; i < per; i++) {
            uint32_t addr = i ? bin(l, SpvOpIAdd, d->addr[e][k], c32(l, 4 * i)) : d->addr[e][k];
            uint32_t lands = lw_op2(l, SpvOpLogicalAnd, TB, d->active[k],
                                    in_lds(l, addr, shape == DS_B32 ? 4 : size));
            uint32_t ptr = lw_lds_word(l, word_or_sink(l, lands, addr));
            uint32_t value = lw_vgpr(l, data[e] + i, k);
            if (shape == DS_B32) {
               spvb_store(l->b, ptr, value);
               continue;
            }
            if (shape_hi(shape))
               value = bin(l, SpvOpShiftRightLogical, value, c32(l, 16));
            uint32_t field = c32(l, size == 1 ? 0xffu : 0xffffu);
            uint32_t shift =
               bin(l, SpvOpShiftLeftLogical, bin(l, SpvOpBitwiseAnd, addr, c32(l, 3)), c32(l, 3));
            uint32_t mask = bin(l, SpvOpShiftLeftLogical, field, shift);
            uint32_t bits =
               bin(l, SpvOpShiftLeftLogical, bin(l, SpvOpBitwiseAnd, value, field), shift);
            uint32_t clear[4] = { ptr, scope(l), relaxed(l), lw_op1(l, SpvOpNot, T32, mask) };
            spvb_op(l->b, SpvOpAtomicAnd, T32, clear, 4);
            uint32_t set[4] = { ptr, scope(l), relaxed(l), bits };
            spvb_op(l->b, SpvOpAtomicOr, T32, set, 4);
         }
      }
   }
}

static enum rdna_status ds_store(struct lower *l, const struct rdna_inst *in, enum ds_shape shape,
                                 unsigned dwords, unsigned count, uint32_t scale)
{
   if (!ds_lds_only(l, in))
      return RDNA_OK;
   struct ds_lanes d;
   ds_addresses(l, in, count, scale, &d);
   unsigned size = shape_bytes(shape, dwords);
   unsigned data[2] = { role_vgpr(in, RDNA_ROLE_data0),
                        count == 2 ? role_vgpr(in, RDNA_ROLE_data1) : 0 };
   uint32_t merge = lw_if_begin(l, ds_aligned(l, &d, size > 4 ? 4 : size));
   ds_store_lanes(l, &d, shape, dwords, data);
   lw_if_end(l, merge);
   return RDNA_OK;
}

#define DS_LOAD(name, shape, dwords, count, scale)                            \
   enum rdna_status lower_##name(struct lower *l, const struct rdna_inst *in) \
   {                                                                          \
      return ds_load(l, in, shape, dwords, count, scale);                     \
   }
#define DS_STORE(name, shape, dwords, count, scale)                           \
   enum rdna_status lower_##name(struct lower *l, const struct rdna_inst *in) \
   {                                                                          \
      return ds_store(l, in, shape, dwords, count, scale);                    \
   }

DS_LOAD(ds_read_b32, DS_B32, 1, 1, 1)
DS_LOAD(ds_read_b64, DS_B32, 2, 1, 1)
DS_LOAD(ds_read_b96, DS_B32, 3, 1, 1)
DS_LOAD(ds_read_b128, DS_B32, 4, 1, 1)
DS_LOAD(ds_read_i8, DS_I8, 1, 1, 1)
DS_LOAD(ds_read_u8, DS_U8, 1, 1, 1)
DS_LOAD(ds_read_i16, DS_I16, 1, 1, 1)
DS_LOAD(ds_read_u16, DS_U16, 1, 1, 1)
DS_LOAD(ds_read_u8_d16, DS_U8_D16, 1, 1, 1)
DS_LOAD(ds_read_u8_d16_hi, DS_U8_D16_HI, 1, 1, 1)
DS_LOAD(ds_read_i8_d16, DS_I8_D16, 1, 1, 1)
DS_LOAD(ds_read_i8_d16_hi, DS_I8_D16_HI, 1, 1, 1)
DS_LOAD(ds_read_u16_d16, DS_U16_D16, 1, 1, 1)
DS_LOAD(ds_read_u16_d16_hi, DS_U16_D16_HI, 1, 1, 1)
DS_LOAD(ds_read2_b32, DS_B32, 1, 2, 4)
DS_LOAD(ds_read2st64_b32, DS_B32, 1, 2, 4 * 64)
DS_LOAD(ds_read2_b64, DS_B32, 2, 2, 8)
DS_LOAD(ds_read2st64_b64, DS_B32, 2, 2, 8 * 64)

DS_STORE(ds_write_b32, DS_B32, 1, 1, 1)
DS_STORE(ds_write_b64, DS_B32, 2, 1, 1)
DS_STORE(ds_write_b96, DS_B32, 3, 1, 1)
DS_STORE(ds_write_b128, DS_B32, 4, 1, 1)
DS_STORE(ds_write_b8, DS_U8, 1, 1, 1)
DS_STORE(ds_write_b16, DS_U16, 1, 1, 1)
DS_STORE(ds_write_b8_d16_hi, DS_U8_D16_HI, 1, 1, 1)
DS_STORE(ds_write_b16_d16_hi, DS_U16_D16_HI, 1, 1, 1)
DS_STORE(ds_write2_b32, DS_B32, 1, 2, 4)
DS_STORE(ds_write2st64_b32, DS_B32, 1, 2, 4 * 64)
DS_STORE(ds_write2_b64, DS_B32, 2, 2, 8)
DS_STORE(ds_write2st64_b64, DS_B32, 2, 2, 8 * 64)

/* ds_read/write_addtid_b32: address = M0[15:0] + offset + lane * 4, no address VGPR (the M0 field
 * layout the interpreter documents for the M0-addressed rows). */
static void addtid_addresses(struct lower *l, const struct rdna_inst *in, struct ds_lanes *d)
{
   uint32_t base = bin(l, SpvOpBitwiseAnd, lw_sreg(l, RDNA_REG_M0), c32(l, 0xffff));
   base = bin(l, SpvOpIAdd, base, c32(l, (uint32_t)in->mod.offset));
   d->count = 1;
   for (unsigned k = 0; k < l->slots; k++) {
      d->addr[0][k] = bin(l, SpvOpIAdd, base, bin(l, SpvOpShiftLeftLogical, l->lane[k], c32(l, 2)));
      d->active[k] = lw_active(l, k);
   }
}

enum rdna_status lower_ds_read_addtid_b32(struct lower *l, const struct rdna_inst *in)
{
   if (!ds_lds_only(l, in))
      return RDNA_OK;
   struct ds_lanes d;
   addtid_addresses(l, in, &d);
   uint32_t merge = lw_if_begin(l, ds_aligned(l, &d, 4));
   ds_load_lanes(l, &d, DS_B32, 1, role_vgpr(in, RDNA_ROLE_vdst));
   lw_if_end(l, merge);
   return RDNA_OK;
}

enum rdna_status lower_ds_write_addtid_b32(struct lower *l, const struct rdna_inst *in)
{
   if (!ds_lds_only(l, in))
      return RDNA_OK;
   struct ds_lanes d;
   addtid_addresses(l, in, &d);
   unsigned data[2] = { role_vgpr(in, RDNA_ROLE_data0), 0 };
   uint32_t merge = lw_if_begin(l, ds_aligned(l, &d, 4));
   ds_store_lanes(l, &d, DS_B32, 1, data);
   lw_if_end(l, merge);
   return RDNA_OK;
}

/* ---- atomics ---------------------------------------------------------------------------------
 * The DS opcode descriptions (RDNA2 ISA guide chapter 12, DS_ADD_U32 ...): MEM = op(MEM, DATA
 * [, DATA2]), the return forms give the old value. Compare-and-store takes the compare value in
 * data0 and the new value in data1. */

enum ds_op {
   OP_ADD,
   OP_SUB,
   OP_RSUB,
   OP_INC, /* MEM >= DATA ? 0 : MEM + 1 */
   OP_DEC, /* MEM == 0 || MEM > DATA ? DATA : MEM - 1 */
   OP_MIN_I,
   OP_MAX_I,
   OP_MIN_U,
   OP_MAX_U,
   OP_AND,
   OP_OR,
   OP_XOR,
   OP_MSKOR, /* (MEM & ~DATA) | DATA2 */
   OP_WRXCHG,
   OP_CMPST,   /* MEM == DATA ? DATA2 : MEM */
   OP_CMPST_F, /* the same as a float compare: -0 == +0, a NaN equals nothing */
   OP_MIN_F,   /* IEEE minimumNumber: a NaN loses to a number, -0 < +0 */
   OP_MAX_F,
   OP_WRAP, /* MEM >= DATA ? MEM - DATA : MEM + DATA2 */
   OP_ADD_F,
};

/* Float predicates on the bits of an f32 (bits 32) or f64 (bits 64). */
static uint32_t f_is_nan(struct lower *l, unsigned bits, uint32_t x)
{
   uint32_t t = bits == 64 ? T64 : T32;
   uint64_t abs_mask = bits == 64 ? 0x7fffffffffffffffull : 0x7fffffffu;
   uint64_t inf = bits == 64 ? 0x7ff0000000000000ull : 0x7f800000u;
   uint32_t mag =
      lw_op2(l, SpvOpBitwiseAnd, t, x, bits == 64 ? c64(l, abs_mask) : c32(l, (uint32_t)abs_mask));
   return cmp(l, SpvOpUGreaterThan, mag, bits == 64 ? c64(l, inf) : c32(l, (uint32_t)inf));
}

/* A key that orders non-NaN floats as unsigned integers, both zeros the same. */
static uint32_t f_key(struct lower *l, unsigned bits, uint32_t x)
{
   uint32_t t = bits == 64 ? T64 : T32;
   uint64_t sign = bits == 64 ? 1ull << 63 : 1u << 31;
   uint32_t c_sign = bits == 64 ? c64(l, sign) : c32(l, (uint32_t)sign);
   uint32_t c_zero = bits == 64 ? c64(l, 0) : c32(l, 0);
   uint32_t negative = cmp(l, SpvOpINotEqual, lw_op2(l, SpvOpBitwiseAnd, t, x, c_sign), c_zero);
   uint32_t key =
      lw_select(l, t, negative, lw_op1(l, SpvOpNot, t, x), lw_op2(l, SpvOpBitwiseOr, t, x, c_sign));
   uint32_t mag = lw_op2(l, SpvOpBitwiseAnd, t, x, lw_op1(l, SpvOpNot, t, c_sign));
   return lw_select(l, t, cmp(l, SpvOpIEqual, mag, c_zero), c_sign, key);
}

/* min/max (the interpreter's documented choice, IEEE minimumNumber/maximumNumber): two NaNs give
 * DATA quieted, one NaN gives the other operand, equal values (+0 and -0 included) let the sign
 * decide, otherwise the smaller (larger) one. */
static uint32_t f_min_max(struct lower *l, unsigned bits, uint32_t mem, uint32_t data, bool max)
{
   uint32_t t = bits == 64 ? T64 : T32;
   uint64_t quiet = bits == 64 ? 1ull << 51 : 1u << 22;
   uint64_t sign = bits == 64 ? 1ull << 63 : 1u << 31;
   uint32_t c_zero = bits == 64 ? c64(l, 0) : c32(l, 0);
   uint32_t nan_m = f_is_nan(l, bits, mem), nan_d = f_is_nan(l, bits, data);
   uint32_t km = f_key(l, bits, mem), kd = f_key(l, bits, data);
   uint32_t d_negative =
      cmp(l, SpvOpINotEqual,
          lw_op2(l, SpvOpBitwiseAnd, t, data, bits == 64 ? c64(l, sign) : c32(l, (uint32_t)sign)),
          c_zero);
   uint32_t take_equal = max ? lw_op1(l, SpvOpLogicalNot, TB, d_negative) : d_negative;
   uint32_t take = cmp(l, max ? SpvOpUGreaterThan : SpvOpULessThan, kd, km);
   take = lw_select(l, TB, cmp(l, SpvOpIEqual, kd, km), take_equal, take);
   uint32_t r = lw_select(l, t, take, data, mem);
   r = lw_select(l, t, nan_m, data, r);
   r = lw_select(l, t, nan_d, mem, r);
   uint32_t quieted =
      lw_op2(l, SpvOpBitwiseOr, t, data, bits == 64 ? c64(l, quiet) : c32(l, (uint32_t)quiet));
   return lw_select(l, t, lw_op2(l, SpvOpLogicalAnd, TB, nan_m, nan_d), quieted, r);
}

/* bool: float equality of two bit patterns (no NaN; equal bits, or both zeros). */
static uint32_t f_equal(struct lower *l, unsigned bits, uint32_t x, uint32_t y)
{
   uint32_t no_nan =
      lw_op1(l, SpvOpLogicalNot, TB,
             lw_op2(l, SpvOpLogicalOr, TB, f_is_nan(l, bits, x), f_is_nan(l, bits, y)));
   uint32_t same = cmp(l, SpvOpIEqual, f_key(l, bits, x), f_key(l, bits, y));
   return lw_op2(l, SpvOpLogicalAnd, TB, no_nan, same);
}

/* ds_add_f32: the single-precision sum rounded to nearest even with denormals kept (LDS float
 * atomics do not follow MODE), a NaN result the default quiet NaN 0x7fc00000 (the interpreter's
 * documented choice), computed in integer arithmetic (recomp/lower_float.h). */
static uint32_t f_add32(struct lower *l, uint32_t mem, uint32_t data)
{
   uint32_t sum = fl_add(l, mem, data, c32(l, 0), lw_bool(l, false), 32);
   return lw_select(l, T32, fl_is_nan(l, sum), c32(l, 0x7fc00000u), sum);
}

/* The new memory value of `op` on `bits` (32 or 64; values of that width). */
static uint32_t ds_combine(struct lower *l, enum ds_op op, unsigned bits, uint32_t mem, uint32_t d0,
                           uint32_t d1)
{
   uint32_t t = bits == 64 ? T64 : T32;
   uint32_t zero = bits == 64 ? c64(l, 0) : c32(l, 0), one = bits == 64 ? c64(l, 1) : c32(l, 1);
   switch (op) {
   case OP_ADD:
      return lw_op2(l, SpvOpIAdd, t, mem, d0);
   case OP_SUB:
      return lw_op2(l, SpvOpISub, t, mem, d0);
   case OP_RSUB:
      return lw_op2(l, SpvOpISub, t, d0, mem);
   case OP_INC:
      return lw_select(l, t, cmp(l, SpvOpUGreaterThanEqual, mem, d0), zero,
                       lw_op2(l, SpvOpIAdd, t, mem, one));
   case OP_DEC: {
      uint32_t reset = lw_op2(l, SpvOpLogicalOr, TB, cmp(l, SpvOpIEqual, mem, zero),
                              cmp(l, SpvOpUGreaterThan, mem, d0));
      return lw_select(l, t, reset, d0, lw_op2(l, SpvOpISub, t, mem, one));
   }
   case OP_MIN_I:
      return lw_select(l, t, cmp(l, SpvOpSLessThan, d0, mem), d0, mem);
   case OP_MAX_I:
      return lw_select(l, t, cmp(l, SpvOpSGreaterThan, d0, mem), d0, mem);
   case OP_MIN_U:
      return lw_select(l, t, cmp(l, SpvOpULessThan, d0, mem), d0, mem);
   case OP_MAX_U:
      return lw_select(l, t, cmp(l, SpvOpUGreaterThan, d0, mem), d0, mem);
   case OP_AND:
      return lw_op2(l, SpvOpBitwiseAnd, t, mem, d0);
   case OP_OR:
      return lw_op2(l, SpvOpBitwiseOr, t, mem, d0);
   case OP_XOR:
      return lw_op2(l, SpvOpBitwiseXor, t, mem, d0);
   case OP_MSKOR:
      return lw_op2(l, SpvOpBitwiseOr, t,
                    lw_op2(l, SpvOpBitwiseAnd, t, mem, lw_op1(l, SpvOpNot, t, d0)), d1);
   case OP_WRXCHG:
      return d0;
   case OP_CMPST:
      return lw_select(l, t, cmp(l, SpvOpIEqual, mem, d0), d1, mem);
   case OP_CMPST_F:
      return lw_select(l, t, f_equal(l, bits, mem, d0), d1, mem);
   case OP_MIN_F:
      return f_min_max(l, bits, mem, d0, false);
   case OP_MAX_F:
      return f_min_max(l, bits, mem, d0, true);
   case OP_WRAP:
      return lw_select(l, t, cmp(l, SpvOpUGreaterThanEqual, mem, d0),
                       lw_op2(l, SpvOpISub, t, mem, d0), lw_op2(l, SpvOpIAdd, t, mem, d1));
   case OP_ADD_F:
   default:
      return f_add32(l, mem, d0);
   }
}

/* A dword atomic without a SPIR-V instruction: read, compute, compare-exchange until no other
 * write came in between. Returns the value replaced. */
static uint32_t exchange_loop32(struct lower *l, enum ds_op op, uint32_t ptr, uint32_t d0,
                                uint32_t d1)
{
   struct spvb *b = l->b;
   uint32_t temp = spvb_function_variable(b, l->t_ptr_u32);
   uint32_t load[3] = { ptr, scope(l), relaxed(l) };
   spvb_store(b, temp, spvb_op(b, SpvOpAtomicLoad, T32, load, 3));
   uint32_t header = spvb_id(b), body = spvb_id(b), cont = spvb_id(b), merge = spvb_id(b);
   lw_branch(l, header);
   lw_label(l, header);
   spvb_loop_merge(b, merge, cont);
   spvb_branch(b, body);
   lw_label(l, body);
   uint32_t old = spvb_load(b, T32, temp);
   uint32_t operands[6] = {
      ptr, scope(l), relaxed(l), relaxed(l), ds_combine(l, op, 32, old, d0, d1), old
   };
   uint32_t seen = spvb_op(b, SpvOpAtomicCompareExchange, T32, operands, 6);
   spvb_store(b, temp, seen);
   spvb_branch_conditional(b, cmp(l, SpvOpIEqual, seen, old), merge, cont);
   lw_label(l, cont);
   spvb_branch(b, header);
   lw_label(l, merge);
   return spvb_load(b, T32, temp);
}

/* One lane's dword atomic at word `word`; returns the old value. */
static uint32_t atomic32(struct lower *l, enum ds_op op, uint32_t word, uint32_t d0, uint32_t d1)
{
   static const SpvOp native[] = {
      [OP_ADD] = SpvOpAtomicIAdd,        [OP_SUB] = SpvOpAtomicISub,   [OP_MIN_I] = SpvOpAtomicSMin,
      [OP_MAX_I] = SpvOpAtomicSMax,      [OP_MIN_U] = SpvOpAtomicUMin, [OP_MAX_U] = SpvOpAtomicUMax,
      [OP_AND] = SpvOpAtomicAnd,         [OP_OR] = SpvOpAtomicOr,      [OP_XOR] = SpvOpAtomicXor,
      [OP_WRXCHG] = SpvOpAtomicExchange,
   };
   uint32_t ptr = lw_lds_word(l, word);
   if (op == OP_CMPST) {
      uint32_t operands[6] = { ptr, scope(l), relaxed(l), relaxed(l), d1, d0 };
      return spvb_op(l->b, SpvOpAtomicCompareExchange, T32, operands, 6);
   }
   if ((unsigned)op < sizeof(native) / sizeof(native[0]) && native[op]) {
      uint32_t operands[4] = { ptr, scope(l), relaxed(l), d0 };
      return spvb_op(l->b, native[op], T32, operands, 4);
   }
   return exchange_loop32(l, op, ptr, d0, d1);
}

/* One lane's qword atomic at words `word`, `word` + 1; returns the old value (u64). */
static uint32_t atomic64(struct lower *l, enum ds_op op, uint32_t word, uint32_t d0, uint32_t d1)
{
   struct spvb *b = l->b;
   uint32_t next = bin(l, SpvOpIAdd, word, c32(l, 1));
   switch (op) {
   case OP_AND:
   case OP_OR:
   case OP_XOR:
   case OP_WRXCHG:
      return lw_pack64(l, atomic32(l, op, word, lw_lo(l, d0), 0),
                       atomic32(l, op, next, lw_hi(l, d0), 0));
   case OP_ADD:
   case OP_SUB: {
      /* the low dword's carry goes into the high dword's add: the sum is exact mod 2^64 */
      uint32_t add = op == OP_SUB ? lw_op2(l, SpvOpISub, T64, c64(l, 0), d0) : d0;
      uint32_t lo = lw_lo(l, add);
      uint32_t old_lo = atomic32(l, OP_ADD, word, lo, 0);
      uint32_t carry = lw_b2u(l, cmp(l, SpvOpULessThan, bin(l, SpvOpIAdd, old_lo, lo), old_lo));
      uint32_t old_hi = atomic32(l, OP_ADD, next, bin(l, SpvOpIAdd, lw_hi(l, add), carry), 0);
      return lw_pack64(l, old_lo, old_hi);
   }
   default: {
      uint32_t p_lo = lw_lds_word(l, word), p_hi = lw_lds_word(l, next);
      uint32_t old = lw_pack64(l, spvb_load(b, T32, p_lo), spvb_load(b, T32, p_hi));
      uint32_t now = ds_combine(l, op, 64, old, d0, d1);
      spvb_store(b, p_lo, lw_lo(l, now));
      spvb_store(b, p_hi, lw_hi(l, now));
      return old;
   }
   }
}

/* ---- one lane at a time ----------------------------------------------------------------------
 * `serial_begin` opens a loop over the active lanes in ascending order: per iteration `slot_is[k]`
 * says whether the current lane is slot k's, and the code up to `serial_end` runs in the one
 * invocation carrying it. Values the body needs are computed before, per slot, and picked with
 * `serial_pick`; results go to Function variables with `serial_keep`. */
struct serial {
   uint32_t mask, slot_is[LOWER_MAX_SLOTS];
   uint32_t cont, merge, if_merge, header;
};

static void serial_begin(struct lower *l, struct serial *s, const uint32_t active[])
{
   struct spvb *b = l->b;
   s->mask = spvb_function_variable(b, l->t_ptr_u64);
   spvb_store(b, s->mask, lw_ballot(l, active));
   s->header = spvb_id(b);
   uint32_t body = spvb_id(b);
   s->cont = spvb_id(b);
   s->merge = spvb_id(b);
   lw_branch(l, s->header);
   lw_label(l, s->header);
   uint32_t m = spvb_load(b, T64, s->mask);
   uint32_t more = lw_nz64(l, m);
   spvb_loop_merge(b, s->merge, s->cont);
   spvb_branch_conditional(b, more, body, s->merge);
   lw_label(l, body);
   uint32_t lane = lw_lowest_lane(l, m);
   spvb_store(b, s->mask,
              lw_op2(l, SpvOpBitwiseAnd, T64, m, lw_op2(l, SpvOpISub, T64, m, c64(l, 1))));
   uint32_t owner = bin(l, SpvOpBitwiseAnd, lane, c32(l, l->subgroup_size - 1));
   uint32_t slot =
      bin(l, SpvOpShiftRightLogical, lane, c32(l, (uint32_t)__builtin_ctz(l->subgroup_size)));
   for (unsigned k = 0; k < l->slots; k++)
      s->slot_is[k] = cmp(l, SpvOpIEqual, slot, c32(l, k));
   s->if_merge = lw_if_begin(l, cmp(l, SpvOpIEqual, owner, l->invocation));
}

static uint32_t serial_pick(struct lower *l, const struct serial *s, uint32_t type,
                            const uint32_t values[])
{
   uint32_t v = values[0];
   for (unsigned k = 1; k < l->slots; k++)
      v = lw_select(l, type, s->slot_is[k], values[k], v);
   return v;
}

/* Stores `value` into vars[slot] of the current lane's slot. */
static void serial_keep(struct lower *l, const struct serial *s, uint32_t type,
                        const uint32_t vars[], uint32_t value)
{
   for (unsigned k = 0; k < l->slots; k++)
      spvb_store(l->b, vars[k],
                 lw_select(l, type, s->slot_is[k], value, spvb_load(l->b, type, vars[k])));
}

static void serial_end(struct lower *l, struct serial *s)
{
   lw_if_end(l, s->if_merge);
   lw_branch(l, s->cont);
   lw_label(l, s->cont);
   spvb_branch(l->b, s->header);
   lw_label(l, s->merge);
}

/* Function variables per slot, zeroed, of `type` (u32 or u64). */
static void slot_vars(struct lower *l, uint32_t type, uint32_t vars[])
{
   uint32_t ptr = type == T64 ? l->t_ptr_u64 : l->t_ptr_u32;
   for (unsigned k = 0; k < l->slots; k++) {
      vars[k] = spvb_function_variable(l->b, ptr);
      spvb_store(l->b, vars[k], type == T64 ? c64(l, 0) : c32(l, 0));
   }
}

/* Per slot, the `bits`-wide value of the data VGPR(s) from `reg`. */
static void data_values(struct lower *l, unsigned reg, unsigned bits, uint32_t out[])
{
   for (unsigned k = 0; k < l->slots; k++)
      out[k] =
         bits == 64 ? lw_pack64(l, lw_vgpr(l, reg, k), lw_vgpr(l, reg + 1, k)) : lw_vgpr(l, reg, k);
}

/* Writes the old values kept in vars[] (of `bits`) to the active lanes' VGPRs from `vdst` on. */
static void write_olds(struct lower *l, const struct ds_lanes *d, unsigned vdst, unsigned bits,
                       const uint32_t vars[])
{
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t v = spvb_load(l->b, bits == 64 ? T64 : T32, vars[k]);
      uint32_t parts[2] = { bits == 64 ? lw_lo(l, v) : v, bits == 64 ? lw_hi(l, v) : 0 };
      for (unsigned i = 0; i < bits / 32; i++)
         lw_vgpr_store(l, vdst + i, k,
                       lw_select(l, T32, d->active[k], parts[i], lw_vgpr(l, vdst + i, k)));
   }
}

/* One atomic per active lane in ascending lane order; lanes outside the LDS change nothing and
 * return 0. `rtn`: the old value goes to vdst. */
static enum rdna_status ds_atomic(struct lower *l, const struct rdna_inst *in, enum ds_op op,
                                  unsigned bits, bool rtn)
{
   if (!ds_lds_only(l, in))
      return RDNA_OK;
   uint32_t t = bits == 64 ? T64 : T32;
   struct ds_lanes d;
   ds_addresses(l, in, 1, 1, &d);
   uint32_t ok = ds_aligned(l, &d, bits / 8);
   uint32_t merge = lw_if_begin(l, ok);
   uint32_t d0[LOWER_MAX_SLOTS], d1[LOWER_MAX_SLOTS], olds[LOWER_MAX_SLOTS];
   const struct rdna_operand *data1 = lw_role(in, RDNA_ROLE_data1);
   data_values(l, role_vgpr(in, RDNA_ROLE_data0), bits, d0);
   if (data1)
      data_values(l, data1->reg - RDNA_REG_VGPR0, bits, d1);
   slot_vars(l, t, olds);
   struct serial s;
   serial_begin(l, &s, d.active);
   uint32_t addr = serial_pick(l, &s, T32, d.addr[0]);
   uint32_t inside = in_lds(l, addr, bits / 8);
   uint32_t word = word_or_sink(l, inside, addr);
   uint32_t v0 = serial_pick(l, &s, t, d0), v1 = data1 ? serial_pick(l, &s, t, d1) : 0;
   uint32_t old = bits == 64 ? atomic64(l, op, word, v0, v1) : atomic32(l, op, word, v0, v1);
   serial_keep(l, &s, t, olds, lw_select(l, t, inside, old, bits == 64 ? c64(l, 0) : c32(l, 0)));
   serial_end(l, &s);
   if (rtn)
      write_olds(l, &d, role_vgpr(in, RDNA_ROLE_vdst), bits, olds);
   lw_if_end(l, merge);
   return RDNA_OK;
}

#define DS_ATOMIC(name, rtn_name, op, bits)                                       \
   enum rdna_status lower_##name(struct lower *l, const struct rdna_inst *in)     \
   {                                                                              \
      return ds_atomic(l, in, op, bits, false);                                   \
   }                                                                              \
   enum rdna_status lower_##rtn_name(struct lower *l, const struct rdna_inst *in) \
   {                                                                              \
      return ds_atomic(l, in, op, bits, true);                                    \
   }

DS_ATOMIC(ds_add_u32, ds_add_rtn_u32, OP_ADD, 32)
DS_ATOMIC(ds_sub_u32, ds_sub_rtn_u32, OP_SUB, 32)
DS_ATOMIC(ds_rsub_u32, ds_rsub_rtn_u32, OP_RSUB, 32)
DS_ATOMIC(ds_inc_u32, ds_inc_rtn_u32, OP_INC, 32)
DS_ATOMIC(ds_dec_u32, ds_dec_rtn_u32, OP_DEC, 32)
DS_ATOMIC(ds_min_i32, ds_min_rtn_i32, OP_MIN_I, 32)
DS_ATOMIC(ds_max_i32, ds_max_rtn_i32, OP_MAX_I, 32)
DS_ATOMIC(ds_min_u32, ds_min_rtn_u32, OP_MIN_U, 32)
DS_ATOMIC(ds_max_u32, ds_max_rtn_u32, OP_MAX_U, 32)
DS_ATOMIC(ds_and_b32, ds_and_rtn_b32, OP_AND, 32)
DS_ATOMIC(ds_or_b32, ds_or_rtn_b32, OP_OR, 32)
DS_ATOMIC(ds_xor_b32, ds_xor_rtn_b32, OP_XOR, 32)
DS_ATOMIC(ds_mskor_b32, ds_mskor_rtn_b32, OP_MSKOR, 32)
DS_ATOMIC(ds_cmpst_b32, ds_cmpst_rtn_b32, OP_CMPST, 32)
DS_ATOMIC(ds_cmpst_f32, ds_cmpst_rtn_f32, OP_CMPST_F, 32)
DS_ATOMIC(ds_min_f32, ds_min_rtn_f32, OP_MIN_F, 32)
DS_ATOMIC(ds_max_f32, ds_max_rtn_f32, OP_MAX_F, 32)
DS_ATOMIC(ds_add_f32, ds_add_rtn_f32, OP_ADD_F, 32)
DS_ATOMIC(ds_add_u64, ds_add_rtn_u64, OP_ADD, 64)
DS_ATOMIC(ds_sub_u64, ds_sub_rtn_u64, OP_SUB, 64)
DS_ATOMIC(ds_rsub_u64, ds_rsub_rtn_u64, OP_RSUB, 64)
DS_ATOMIC(ds_inc_u64, ds_inc_rtn_u64, OP_INC, 64)
DS_ATOMIC(ds_dec_u64, ds_dec_rtn_u64, OP_DEC, 64)
DS_ATOMIC(ds_min_i64, ds_min_rtn_i64, OP_MIN_I, 64)
DS_ATOMIC(ds_max_i64, ds_max_rtn_i64, OP_MAX_I, 64)
DS_ATOMIC(ds_min_u64, ds_min_rtn_u64, OP_MIN_U, 64)
DS_ATOMIC(ds_max_u64, ds_max_rtn_u64, OP_MAX_U, 64)
DS_ATOMIC(ds_and_b64, ds_and_rtn_b64, OP_AND, 64)
DS_ATOMIC(ds_or_b64, ds_or_rtn_b64, OP_OR, 64)
DS_ATOMIC(ds_xor_b64, ds_xor_rtn_b64, OP_XOR, 64)
DS_ATOMIC(ds_mskor_b64, ds_mskor_rtn_b64, OP_MSKOR, 64)
DS_ATOMIC(ds_cmpst_b64, ds_cmpst_rtn_b64, OP_CMPST, 64)
DS_ATOMIC(ds_cmpst_f64, ds_cmpst_rtn_f64, OP_CMPST_F, 64)
DS_ATOMIC(ds_min_f64, ds_min_rtn_f64, OP_MIN_F, 64)
DS_ATOMIC(ds_max_f64, ds_max_rtn_f64, OP_MAX_F, 64)

/* Only returning forms exist for these. */
enum rdna_status lower_ds_wrxchg_rtn_b32(struct lower *l, const struct rdna_inst *in)
{
   return ds_atomic(l, in, OP_WRXCHG, 32, true);
}

enum rdna_status lower_ds_wrxchg_rtn_b64(struct lower *l, const struct rdna_inst *in)
{
   return ds_atomic(l, in, OP_WRXCHG, 64, true);
}

enum rdna_status lower_ds_wrap_rtn_b32(struct lower *l, const struct rdna_inst *in)
{
   return ds_atomic(l, in, OP_WRAP, 32, true);
}

/* ds_wrxchg2(st64)_rtn: exchange data0 at the first address and data1 at the second, returning
 * both old values (the first in the low half of vdst). */
static enum rdna_status ds_wrxchg2(struct lower *l, const struct rdna_inst *in, unsigned bits,
                                   uint32_t scale)
{
   if (!ds_lds_only(l, in))
      return RDNA_OK;
   uint32_t t = bits == 64 ? T64 : T32;
   struct ds_lanes d;
   ds_addresses(l, in, 2, scale, &d);
   uint32_t merge = lw_if_begin(l, ds_aligned(l, &d, bits / 8));
   static const unsigned roles[2] = { RDNA_ROLE_data0, RDNA_ROLE_data1 };
   uint32_t data[2][LOWER_MAX_SLOTS], olds[2][LOWER_MAX_SLOTS];
   for (unsigned e = 0; e < 2; e++) {
      data_values(l, role_vgpr(in, roles[e]), bits, data[e]);
      slot_vars(l, t, olds[e]);
   }
   struct serial s;
   serial_begin(l, &s, d.active);
   for (unsigned e = 0; e < 2; e++) {
      uint32_t addr = serial_pick(l, &s, T32, d.addr[e]);
      uint32_t inside = in_lds(l, addr, bits / 8);
      uint32_t word = word_or_sink(l, inside, addr);
      uint32_t v = serial_pick(l, &s, t, data[e]);
      uint32_t old =
         bits == 64 ? atomic64(l, OP_WRXCHG, word, v, 0) : atomic32(l, OP_WRXCHG, word, v, 0);
      serial_keep(l, &s, t, olds[e],
                  lw_select(l, t, inside, old, bits == 64 ? c64(l, 0) : c32(l, 0)));
   }
   serial_end(l, &s);
   unsigned vdst = role_vgpr(in, RDNA_ROLE_vdst);
   write_olds(l, &d, vdst, bits, olds[0]);
   write_olds(l, &d, vdst + bits / 32, bits, olds[1]);
   lw_if_end(l, merge);
   return RDNA_OK;
}

enum rdna_status lower_ds_wrxchg2_rtn_b32(struct lower *l, const struct rdna_inst *in)
{
   return ds_wrxchg2(l, in, 32, 4);
}

enum rdna_status lower_ds_wrxchg2st64_rtn_b32(struct lower *l, const struct rdna_inst *in)
{
   return ds_wrxchg2(l, in, 32, 4 * 64);
}

enum rdna_status lower_ds_wrxchg2_rtn_b64(struct lower *l, const struct rdna_inst *in)
{
   return ds_wrxchg2(l, in, 64, 8);
}

enum rdna_status lower_ds_wrxchg2st64_rtn_b64(struct lower *l, const struct rdna_inst *in)
{
   return ds_wrxchg2(l, in, 64, 8 * 64);
}

/* ds_condxchg32_rtn_b64 (DS_CONDXCHG32_RTN_B64 of AMD's ISA guides): two conditional dword
 * exchanges at A0 = (addr + offset) & 0xfff8 and A0 + 4; each old dword is returned, and dword k
 * of data0 is stored (its bit 31 cleared) only when its bit 31 is set. */
enum rdna_status lower_ds_condxchg32_rtn_b64(struct lower *l, const struct rdna_inst *in)
{
   if (!ds_lds_only(l, in))
      return RDNA_OK;
   struct ds_lanes d;
   ds_addresses(l, in, 1, 1, &d);
   uint32_t data[LOWER_MAX_SLOTS], olds[2][LOWER_MAX_SLOTS];
   data_values(l, role_vgpr(in, RDNA_ROLE_data0), 64, data);
   slot_vars(l, T32, olds[0]);
   slot_vars(l, T32, olds[1]);
   struct serial s;
   serial_begin(l, &s, d.active);
   uint32_t base = bin(l, SpvOpBitwiseAnd, serial_pick(l, &s, T32, d.addr[0]), c32(l, 0xfff8u));
   uint32_t value = serial_pick(l, &s, T64, data);
   for (unsigned k = 0; k < 2; k++) {
      uint32_t addr = bin(l, SpvOpIAdd, base, c32(l, 4 * k));
      uint32_t inside = in_lds(l, addr, 4);
      uint32_t part = k ? lw_hi(l, value) : lw_lo(l, value);
      uint32_t store = lw_op2(l, SpvOpLogicalAnd, TB, inside,
                              lw_nz(l, bin(l, SpvOpShiftRightLogical, part, c32(l, 31))));
      /* an exchange where the dword is stored, an atomic load of the word otherwise */
      uint32_t ptr =
         lw_lds_word(l, lw_select(l, T32, inside, bin(l, SpvOpShiftRightLogical, addr, c32(l, 2)),
                                  lw_lds_sink(l)));
      uint32_t load[3] = { ptr, scope(l), relaxed(l) };
      uint32_t current = spvb_op(l->b, SpvOpAtomicLoad, T32, load, 3);
      uint32_t then = lw_if_begin(l, store);
      uint32_t xchg[4] = { ptr, scope(l), relaxed(l),
                           bin(l, SpvOpBitwiseAnd, part, c32(l, 0x7fffffffu)) };
      uint32_t swapped = spvb_op(l->b, SpvOpAtomicExchange, T32, xchg, 4);
      serial_keep(l, &s, T32, olds[k], swapped);
      lw_if_end(l, then);
      uint32_t skip = lw_if_begin(l, lw_op1(l, SpvOpLogicalNot, TB, store));
      serial_keep(l, &s, T32, olds[k], lw_select(l, T32, inside, current, c32(l, 0)));
      lw_if_end(l, skip);
   }
   serial_end(l, &s);
   unsigned vdst = role_vgpr(in, RDNA_ROLE_vdst);
   write_olds(l, &d, vdst, 32, olds[0]);
   write_olds(l, &d, vdst + 1, 32, olds[1]);
   return RDNA_OK;
}

/* ---- src2 rows (gfx1013) ---------------------------------------------------------------------
 * Both operands come from LDS (RDNA2 ISA guide, DS_ADD_SRC2_U32 and its siblings): A is the
 * address VGPR, B = A + 4 * (offset[15] ? A[31:17] sign-extended : offset[14:0] sign-extended
 * from bit 14); DS[A] = op(DS[A], DS[B]). Lanes run in ascending order; an out-of-range B reads
 * 0, an out-of-range A changes nothing. */
static enum rdna_status ds_src2(struct lower *l, const struct rdna_inst *in, enum ds_op op,
                                unsigned bits)
{
   if (!ds_lds_only(l, in))
      return RDNA_OK;
   uint32_t t = bits == 64 ? T64 : T32;
   unsigned reg = role_vgpr(in, RDNA_ROLE_addr);
   uint32_t offset = (uint32_t)in->mod.offset & 0xffffu;
   struct ds_lanes d;
   d.count = 2;
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t a = lw_vgpr(l, reg, k);
      uint32_t step;
      if (offset & 0x8000u)
         step = bin(l, SpvOpShiftRightArithmetic, a, c32(l, 17));
      else
         step = c32(l, (uint32_t)(int32_t)(int16_t)(uint16_t)((offset & 0x7fffu) |
                                                              ((offset & 0x4000u) << 1)));
      d.addr[0][k] = a;
      d.addr[1][k] = bin(l, SpvOpIAdd, a, bin(l, SpvOpShiftLeftLogical, step, c32(l, 2)));
      d.active[k] = lw_active(l, k);
   }
   uint32_t merge = lw_if_begin(l, ds_aligned(l, &d, bits / 8));
   struct serial s;
   serial_begin(l, &s, d.active);
   uint32_t b_addr = serial_pick(l, &s, T32, d.addr[1]);
   uint32_t b_inside = in_lds(l, b_addr, bits / 8);
   uint32_t b_word =
      lw_select(l, T32, b_inside, bin(l, SpvOpShiftRightLogical, b_addr, c32(l, 2)), c32(l, 0));
   uint32_t value = spvb_load(l->b, T32, lw_lds_word(l, b_word));
   if (bits == 64)
      value = lw_pack64(
         l, value,
         spvb_load(l->b, T32,
                   lw_lds_word(l, lw_select(l, T32, b_inside, bin(l, SpvOpIAdd, b_word, c32(l, 1)),
                                            c32(l, 1)))));
   value = lw_select(l, t, b_inside, value, bits == 64 ? c64(l, 0) : c32(l, 0));
   uint32_t a_addr = serial_pick(l, &s, T32, d.addr[0]);
   uint32_t word = word_or_sink(l, in_lds(l, a_addr, bits / 8), a_addr);
   if (bits == 64)
      atomic64(l, op, word, value, 0);
   else
      atomic32(l, op, word, value, 0);
   serial_end(l, &s);
   lw_if_end(l, merge);
   return RDNA_OK;
}

#define DS_SRC2(name, op, bits)                                               \
   enum rdna_status lower_##name(struct lower *l, const struct rdna_inst *in) \
   {                                                                          \
      return ds_src2(l, in, op, bits);                                        \
   }

DS_SRC2(ds_add_src2_u32, OP_ADD, 32)
DS_SRC2(ds_sub_src2_u32, OP_SUB, 32)
DS_SRC2(ds_rsub_src2_u32, OP_RSUB, 32)
DS_SRC2(ds_inc_src2_u32, OP_INC, 32)
DS_SRC2(ds_dec_src2_u32, OP_DEC, 32)
DS_SRC2(ds_min_src2_i32, OP_MIN_I, 32)
DS_SRC2(ds_max_src2_i32, OP_MAX_I, 32)
DS_SRC2(ds_min_src2_u32, OP_MIN_U, 32)
DS_SRC2(ds_max_src2_u32, OP_MAX_U, 32)
DS_SRC2(ds_and_src2_b32, OP_AND, 32)
DS_SRC2(ds_or_src2_b32, OP_OR, 32)
DS_SRC2(ds_xor_src2_b32, OP_XOR, 32)
DS_SRC2(ds_write_src2_b32, OP_WRXCHG, 32)
DS_SRC2(ds_min_src2_f32, OP_MIN_F, 32)
DS_SRC2(ds_max_src2_f32, OP_MAX_F, 32)
DS_SRC2(ds_add_src2_f32, OP_ADD_F, 32)
DS_SRC2(ds_add_src2_u64, OP_ADD, 64)
DS_SRC2(ds_sub_src2_u64, OP_SUB, 64)
DS_SRC2(ds_rsub_src2_u64, OP_RSUB, 64)
DS_SRC2(ds_inc_src2_u64, OP_INC, 64)
DS_SRC2(ds_dec_src2_u64, OP_DEC, 64)
DS_SRC2(ds_min_src2_i64, OP_MIN_I, 64)
DS_SRC2(ds_max_src2_i64, OP_MAX_I, 64)
DS_SRC2(ds_min_src2_u64, OP_MIN_U, 64)
DS_SRC2(ds_max_src2_u64, OP_MAX_U, 64)
DS_SRC2(ds_and_src2_b64, OP_AND, 64)
DS_SRC2(ds_or_src2_b64, OP_OR, 64)
DS_SRC2(ds_xor_src2_b64, OP_XOR, 64)
DS_SRC2(ds_write_src2_b64, OP_WRXCHG, 64)
DS_SRC2(ds_min_src2_f64, OP_MIN_F, 64)
DS_SRC2(ds_max_src2_f64, OP_MAX_F, 64)

/* ---- M0-addressed counters -------------------------------------------------------------------
 * ds_append / ds_consume (RDNA2 ISA guide DS_APPEND): one dword counter at M0[15:0] + offset
 * grows (shrinks) by the number of active lanes; every active lane receives the value it had
 * before. EXEC = 0 leaves it alone. Outside the LDS nothing changes and lanes receive 0. A
 * misaligned counter faults MISALIGNED without a lane. */
static enum rdna_status ds_counter(struct lower *l, const struct rdna_inst *in, bool append)
{
   if (!ds_lds_only(l, in))
      return RDNA_OK;
   struct spvb *b = l->b;
   uint32_t exec = lw_exec(l);
   uint32_t any = lw_nz64(l, exec);
   uint32_t addr = bin(l, SpvOpBitwiseAnd, lw_sreg(l, RDNA_REG_M0), c32(l, 0xffff));
   addr = bin(l, SpvOpIAdd, addr, c32(l, (uint32_t)in->mod.offset));
   uint32_t misaligned =
      lw_op2(l, SpvOpLogicalAnd, TB, any, lw_nz(l, bin(l, SpvOpBitwiseAnd, addr, c32(l, 3))));
   lw_fault(l, misaligned, RDNA_FAULT_MISALIGNED, 0, lw_zext64(l, addr));
   uint32_t merge = lw_if_begin(
      l, lw_op2(l, SpvOpLogicalAnd, TB, any, lw_op1(l, SpvOpLogicalNot, TB, misaligned)));
   uint32_t count = bin(l, SpvOpIAdd, lw_op1(l, SpvOpBitCount, T32, lw_lo(l, exec)),
                        lw_op1(l, SpvOpBitCount, T32, lw_hi(l, exec)));
   uint32_t inside = in_lds(l, addr, 4);
   uint32_t word = word_or_sink(l, inside, addr);
   uint32_t old = spvb_function_variable(b, l->t_ptr_u32);
   spvb_store(b, old, c32(l, 0));
   uint32_t first = lw_if_begin(l, cmp(l, SpvOpIEqual, l->invocation, c32(l, 0)));
   uint32_t operands[4] = { lw_lds_word(l, word), scope(l), relaxed(l), count };
   uint32_t was = spvb_op(b, append ? SpvOpAtomicIAdd : SpvOpAtomicISub, T32, operands, 4);
   spvb_store(b, old, lw_select(l, T32, inside, was, c32(l, 0)));
   lw_if_end(l, first);
   uint32_t mine[LOWER_MAX_SLOTS];
   uint32_t value = spvb_load(b, T32, old);
   for (unsigned k = 0; k < l->slots; k++)
      mine[k] = value;
   uint32_t result = lw_read_lane(l, mine, c32(l, 0));
   unsigned vdst = role_vgpr(in, RDNA_ROLE_vdst);
   for (unsigned k = 0; k < l->slots; k++)
      lw_vwrite(l, vdst, k, result);
   lw_if_end(l, merge);
   return RDNA_OK;
}

enum rdna_status lower_ds_append(struct lower *l, const struct rdna_inst *in)
{
   return ds_counter(l, in, true);
}

enum rdna_status lower_ds_consume(struct lower *l, const struct rdna_inst *in)
{
   return ds_counter(l, in, false);
}

/* ---- the rest ------------------------------------------------------------------------------- */

enum rdna_status lower_ds_nop(struct lower *l, const struct rdna_inst *in)
{
   (void)l;
   (void)in;
   return RDNA_OK;
}

/* Not modeled (as in the interpreter): the global wave sync and the ordered count need GDS/GWS.
 * Reaching one faults UNSUPPORTED. */
#define DS_NOT_MODELED(name)                                                  \
   enum rdna_status lower_##name(struct lower *l, const struct rdna_inst *in) \
   {                                                                          \
      (void)in;                                                               \
      lw_fault(l, 0, RDNA_FAULT_UNSUPPORTED, 0, 0);                           \
      return RDNA_OK;                                                         \
   }

DS_NOT_MODELED(ds_gws_init)
DS_NOT_MODELED(ds_gws_sema_v)
DS_NOT_MODELED(ds_gws_sema_br)
DS_NOT_MODELED(ds_gws_sema_p)
DS_NOT_MODELED(ds_gws_barrier)
DS_NOT_MODELED(ds_gws_sema_release_all)
DS_NOT_MODELED(ds_ordered_count)

/* ---- s_barrier -------------------------------------------------------------------------------
 * S_BARRIER (RDNA2 ISA guide, SOPP opcodes): the wave waits until every wave of its workgroup
 * that has not ended reaches a barrier. The wave marks itself waiting; the block ends here
 * (recomp/cfg.c) and the dispatcher leaves for the workgroup's meeting (recomp/recomp.c). In a
 * workgroup of one wave it does nothing. */
enum rdna_status lower_s_barrier(struct lower *l, const struct rdna_inst *in)
{
   (void)in;
   if (l->waves_per_group > 1)
      spvb_store(l->b, l->at_barrier, lw_bool(l, true));
   return RDNA_OK;
}

/* ---- LDS direct reads ------------------------------------------------------------------------
 * A VALU source of lds_direct reads one LDS value for the whole wave: the byte address is
 * M0[15:0] and M0[18:16] gives the type: 0 unsigned byte, 1 unsigned short, 2 dword, 4 signed
 * byte, 5 signed short (the "LDS direct reads" section of AMD's GCN and RDNA guides). Another
 * type faults INVALID_OPERAND, a misaligned address MISALIGNED (no lane), and an address outside
 * the LDS reads 0, as in the interpreter. */
uint32_t lw_lds_direct_read(struct lower *l)
{
   uint32_t m0 = lw_sreg(l, RDNA_REG_M0);
   uint32_t addr = bin(l, SpvOpBitwiseAnd, m0, c32(l, 0xffff));
   uint32_t type =
      bin(l, SpvOpBitwiseAnd, bin(l, SpvOpShiftRightLogical, m0, c32(l, 16)), c32(l, 7));
   static const uint32_t sizes[8] = { 1, 2, 4, 0, 1, 2, 0, 0 };
   uint32_t size = c32(l, 0);
   for (uint32_t t = 0; t < 8; t++)
      if (sizes[t])
         size = lw_select(l, T32, cmp(l, SpvOpIEqual, type, c32(l, t)), c32(l, sizes[t]), size);
   uint32_t no_type = cmp(l, SpvOpIEqual, size, c32(l, 0));
   uint32_t misaligned =
      lw_nz(l, bin(l, SpvOpBitwiseAnd, addr, bin(l, SpvOpISub, size, c32(l, 1))));
   misaligned = lw_op2(l, SpvOpLogicalAnd, TB, lw_op1(l, SpvOpLogicalNot, TB, no_type), misaligned);
   uint32_t kind = lw_select(
      l, T32, no_type, c32(l, RDNA_FAULT_INVALID_OPERAND),
      lw_select(l, T32, misaligned, c32(l, RDNA_FAULT_MISALIGNED), c32(l, RDNA_FAULT_NONE)));
   uint32_t faults = lw_nz(l, kind);
   lw_fault_value(l, faults, kind, 0, lw_select(l, T64, misaligned, lw_zext64(l, addr), c64(l, 0)));
   uint32_t inside =
      cmp(l, SpvOpULessThanEqual, bin(l, SpvOpIAdd, addr, size), c32(l, l->lds_bytes));
   uint32_t word =
      lw_select(l, T32, inside, bin(l, SpvOpShiftRightLogical, addr, c32(l, 2)), c32(l, 0));
   uint32_t shift =
      bin(l, SpvOpShiftLeftLogical, bin(l, SpvOpBitwiseAnd, addr, c32(l, 3)), c32(l, 3));
   uint32_t raw = bin(l, SpvOpShiftRightLogical, spvb_load(l->b, T32, lw_lds_word(l, word)), shift);
   raw = lw_select(l, T32, inside, raw, c32(l, 0));
   uint32_t u8 = bin(l, SpvOpBitwiseAnd, raw, c32(l, 0xff));
   uint32_t u16 = bin(l, SpvOpBitwiseAnd, raw, c32(l, 0xffff));
   uint32_t i8 =
      bin(l, SpvOpShiftRightArithmetic, bin(l, SpvOpShiftLeftLogical, raw, c32(l, 24)), c32(l, 24));
   uint32_t i16 =
      bin(l, SpvOpShiftRightArithmetic, bin(l, SpvOpShiftLeftLogical, raw, c32(l, 16)), c32(l, 16));
   uint32_t value = raw;
   const uint32_t by_type[6] = { u8, u16, raw, raw, i8, i16 };
   for (uint32_t t = 0; t < 6; t++)
      if (t != 2 && t != 3)
         value = lw_select(l, T32, cmp(l, SpvOpIEqual, type, c32(l, t)), by_type[t], value);
   l->lds_direct = value;
   return lw_op1(l, SpvOpLogicalNot, TB, faults);
}
