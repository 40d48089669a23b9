/* Data share instructions (DS; RDNA2 ISA guide chapter 11 "Data Share Operations" and the DS
 * opcode descriptions of chapter 12): LDS reads, writes and atomics of every width, read2/write2
 * with their two offsets, append/consume, and the lane exchanges that use the LDS crossbar without
 * touching memory (ds_swizzle_b32, ds_permute_b32, ds_bpermute_b32), and gfx1013's src2 rows.
 * Each workgroup owns lds_bytes of LDS (interp/machine.c), shared by its waves. GDS and GWS are
 * not modeled: they fault UNSUPPORTED naming the instruction. */
#include <math.h>
#include <string.h>

#include "interp/dispatch.h"
#include "interp/mem.h"

/* ---- the LDS of the wave's workgroup ---------------------------------------------------------
 * Bounds (RDNA2 ISA guide chapter 11 "Data Share Operations", LDS access): an access outside the
 * workgroup's LDS allocation is discarded on write and reads return zero; it is not a fault. The
 * check is per dword, so a wide access straddling the end keeps its in-range dwords. Alignment
 * follows interp/mem.h (elements to their size up to 4 bytes, atomics to their full size): a
 * misaligned lane faults MISALIGNED before anything is read or written. */

static uint8_t *lds_group(const struct wave *w)
{
   const struct machine *m = w->m;
   return m->lds + (size_t)(w->index / m->waves_per_group) * m->config.lds_bytes;
}

/* The host bytes of [address, address + size) when all of them lie in the LDS; NULL otherwise. */
static uint8_t *lds_at(const struct wave *w, uint64_t address, unsigned size)
{
   uint64_t lds = w->m->config.lds_bytes;
   if (!w->m->lds || address > lds || size > lds - address)
      return NULL;
   return lds_group(w) + address;
}

/* Reads `size` bytes into out[], a dword (or a sub-dword element) at a time: out-of-range parts
 * read as zero. */
static void lds_read(const struct wave *w, uint64_t address, unsigned size, uint8_t *out)
{
   for (unsigned at = 0; at < size; at += 4) {
      unsigned n = size - at < 4 ? size - at : 4;
      const uint8_t *p = lds_at(w, address + at, n);
      if (p)
         memcpy(out + at, p, n);
      else
         memset(out + at, 0, n);
   }
}

/* Writes `size` bytes, dropping the out-of-range dwords. */
static void lds_write(const struct wave *w, uint64_t address, unsigned size, const uint8_t *in)
{
   for (unsigned at = 0; at < size; at += 4) {
      unsigned n = size - at < 4 ? size - at : 4;
      uint8_t *p = lds_at(w, address + at, n);
      if (p)
         memcpy(p, in + at, n);
   }
}

/* ---- operands and addresses -------------------------------------------------------------- */

static const uint32_t *ds_reg(struct wave *w, const struct rdna_inst *in, unsigned role)
{
   return wave_vgpr(w, inst_role(in, role)->reg - RDNA_REG_VGPR0);
}

static uint64_t ds_data(struct wave *w, const struct rdna_inst *in, unsigned role, unsigned bits,
                        unsigned lane)
{
   const uint32_t *d = ds_reg(w, in, role);
   return bits == 64 ? d[lane] | (uint64_t)d[MAX_LANES + lane] << 32 : d[lane];
}

/* Up to two element addresses per lane: addr VGPR + the instruction's byte offsets. */
struct ds_addrs {
   uint64_t exec;
   unsigned count;
   uint64_t addr[2][MAX_LANES];
};

/* Single-address rows: addr + offset (16 bits). Two-address rows: addr + offset0 * scale and
 * addr + offset1 * scale, scale = element size, times 64 for the st64 forms (RDNA2 ISA guide
 * DS_READ2_B32 / DS_READ2ST64_B32 descriptions). The sum is 32-bit and wraps: compilers address
 * tmp[63 - l] as (-4 * l) + 252. */
static void ds_addresses(struct wave *w, const struct rdna_inst *in, unsigned count, uint64_t scale,
                         struct ds_addrs *da)
{
   const uint32_t *addr = ds_reg(w, in, RDNA_ROLE_addr);
   uint64_t off[2] = { (uint64_t)(uint32_t)in->mod.offset, (uint64_t)in->mod.offset1 };
   if (count == 2) {
      off[0] *= scale;
      off[1] *= scale;
   }
   da->exec = wave_exec(w);
   da->count = count;
   for (unsigned e = 0; e < count; e++)
      for (unsigned lane = 0; lane < w->wave_size; lane++)
         da->addr[e][lane] = (uint32_t)(addr[lane] + off[e]);
}

/* Faults MISALIGNED on the first active lane whose address breaks `align`. */
static bool ds_aligned(struct wave *w, const struct ds_addrs *da, unsigned size, unsigned align)
{
   for (unsigned lane = 0; lane < w->wave_size; lane++) {
      if (!(da->exec >> lane & 1))
         continue;
      for (unsigned e = 0; e < da->count; e++)
         if (da->addr[e][lane] % align != 0) {
            wave_fault(w, RDNA_FAULT_MISALIGNED, (int)lane, da->addr[e][lane],
                       "%u-byte LDS access at 0x%llx is not %u-byte aligned", size,
                       (unsigned long long)da->addr[e][lane], align);
            return false;
         }
   }
   return true;
}

static bool ds_no_gds(struct wave *w, const struct rdna_inst *in)
{
   if (!(in->mod.flags & RDNA_FLAG_GDS))
      return true;
   wave_fault(w, RDNA_FAULT_UNSUPPORTED, -1, 0,
              "%s with gds at 0x%llx: the global data share is not modeled", rdna_op_name(in->op),
              (unsigned long long)w->pc);
   return false;
}

/* Writes result[r][lane] into `count` VGPRs from `vdst` for the active lanes. */
static void ds_write_vgprs(struct wave *w, unsigned vdst, unsigned count, uint64_t exec,
                           uint32_t result[][MAX_LANES])
{
   for (unsigned r = 0; r < count; r++) {
      uint32_t *dst = wave_vgpr(w, vdst + r);
      for (unsigned lane = 0; lane < w->wave_size; lane++)
         if (exec >> lane & 1)
            dst[lane] = result[r][lane];
      wave_wrote_vgpr(w, vdst + r, exec);
   }
}

/* ---- reads and writes -------------------------------------------------------------------- */

static enum rdna_status ds_load(struct wave *w, const struct rdna_inst *in, enum mem_shape shape,
                                unsigned dwords, unsigned count, uint64_t scale)
{
   if (!ds_no_gds(w, in))
      return RDNA_UNKNOWN_OPCODE;
   struct mem_access a = { shape, dwords };
   unsigned size = mem_access_bytes(a);
   struct ds_addrs da;
   ds_addresses(w, in, count, scale, &da);
   if (!ds_aligned(w, &da, size, mem_access_align(a)))
      return RDNA_INVALID_OPERAND;
   unsigned vdst = inst_role(in, RDNA_ROLE_vdst)->reg - RDNA_REG_VGPR0;
   unsigned per = shape == SHAPE_B32 ? dwords : 1;
   uint32_t result[8][MAX_LANES];
   const uint32_t *old = wave_vgpr(w, vdst);
   for (unsigned lane = 0; lane < w->wave_size; lane++) {
      if (!(da.exec >> lane & 1))
         continue;
      for (unsigned e = 0; e < count; e++) {
         uint8_t bytes[16];
         uint32_t out[4];
         lds_read(w, da.addr[e][lane], size, bytes);
         mem_load_lane(a, bytes, old[lane], out);
         for (unsigned k = 0; k < per; k++)
            result[e * per + k][lane] = out[k];
      }
   }
   ds_write_vgprs(w, vdst, count * per, da.exec, result);
   return RDNA_OK;
}

/* Lanes store in ascending order: where two lanes write the same bytes, the higher lane's data
 * stays (a documented order; the hardware does not specify one). */
static enum rdna_status ds_store(struct wave *w, const struct rdna_inst *in, enum mem_shape shape,
                                 unsigned dwords, unsigned count, uint64_t scale)
{
   if (!ds_no_gds(w, in))
      return RDNA_UNKNOWN_OPCODE;
   struct mem_access a = { shape, dwords };
   unsigned size = mem_access_bytes(a);
   struct ds_addrs da;
   ds_addresses(w, in, count, scale, &da);
   if (!ds_aligned(w, &da, size, mem_access_align(a)))
      return RDNA_INVALID_OPERAND;
   static const unsigned roles[2] = { RDNA_ROLE_data0, RDNA_ROLE_data1 };
   for (unsigned lane = 0; lane < w->wave_size; lane++) {
      if (!(da.exec >> lane & 1))
         continue;
      for (unsigned e = 0; e < count; e++) {
         const uint32_t *data = ds_reg(w, in, roles[e]);
         uint32_t in_dwords[4] = { 0 };
         uint8_t bytes[16];
         for (unsigned k = 0; k < dwords; k++)
            in_dwords[k] = data[(size_t)k * MAX_LANES + lane];
         mem_store_lane(a, bytes, in_dwords);
         lds_write(w, da.addr[e][lane], size, bytes);
      }
   }
   return RDNA_OK;
}

#define DS_LOAD(name, shape, dwords, count, scale)                          \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in) \
   {                                                                        \
      return ds_load(w, in, shape, dwords, count, scale);                   \
   }
#define DS_STORE(name, shape, dwords, count, scale)                         \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in) \
   {                                                                        \
      return ds_store(w, in, shape, dwords, count, scale);                  \
   }

DS_LOAD(ds_read_b32, SHAPE_B32, 1, 1, 1)
DS_LOAD(ds_read_b64, SHAPE_B32, 2, 1, 1)
DS_LOAD(ds_read_b96, SHAPE_B32, 3, 1, 1)
DS_LOAD(ds_read_b128, SHAPE_B32, 4, 1, 1)
DS_LOAD(ds_read_i8, SHAPE_I8, 1, 1, 1)
DS_LOAD(ds_read_u8, SHAPE_U8, 1, 1, 1)
DS_LOAD(ds_read_i16, SHAPE_I16, 1, 1, 1)
DS_LOAD(ds_read_u16, SHAPE_U16, 1, 1, 1)
DS_LOAD(ds_read_u8_d16, SHAPE_U8_D16, 1, 1, 1)
DS_LOAD(ds_read_u8_d16_hi, SHAPE_U8_D16_HI, 1, 1, 1)
DS_LOAD(ds_read_i8_d16, SHAPE_I8_D16, 1, 1, 1)
DS_LOAD(ds_read_i8_d16_hi, SHAPE_I8_D16_HI, 1, 1, 1)
DS_LOAD(ds_read_u16_d16, SHAPE_B16_D16, 1, 1, 1)
DS_LOAD(ds_read_u16_d16_hi, SHAPE_B16_D16_HI, 1, 1, 1)
DS_LOAD(ds_read2_b32, SHAPE_B32, 1, 2, 4)
DS_LOAD(ds_read2st64_b32, SHAPE_B32, 1, 2, 4 * 64)
DS_LOAD(ds_read2_b64, SHAPE_B32, 2, 2, 8)
DS_LOAD(ds_read2st64_b64, SHAPE_B32, 2, 2, 8 * 64)

DS_STORE(ds_write_b32, SHAPE_B32, 1, 1, 1)
DS_STORE(ds_write_b64, SHAPE_B32, 2, 1, 1)
DS_STORE(ds_write_b96, SHAPE_B32, 3, 1, 1)
DS_STORE(ds_write_b128, SHAPE_B32, 4, 1, 1)
DS_STORE(ds_write_b8, SHAPE_U8, 1, 1, 1)
DS_STORE(ds_write_b16, SHAPE_U16, 1, 1, 1)
DS_STORE(ds_write_b8_d16_hi, SHAPE_U8_D16_HI, 1, 1, 1)
DS_STORE(ds_write_b16_d16_hi, SHAPE_B16_D16_HI, 1, 1, 1)
DS_STORE(ds_write2_b32, SHAPE_B32, 1, 2, 4)
DS_STORE(ds_write2st64_b32, SHAPE_B32, 1, 2, 4 * 64)
DS_STORE(ds_write2_b64, SHAPE_B32, 2, 2, 8)
DS_STORE(ds_write2st64_b64, SHAPE_B32, 2, 2, 8 * 64)

/* ---- atomics ------------------------------------------------------------------------------
 * The DS opcode descriptions (RDNA2 ISA guide chapter 12, DS_ADD_U32 ...): MEM = op(MEM, DATA
 * [, DATA2]), the return forms give the old value. Compare-and-store takes the compare value in
 * data0 and the new value in data1 (DS_CMPST_B32 stores DATA2 where memory equals DATA), the
 * reverse of the buffer cmpswap order. */

enum ds_atomic {
   DS_ADD,
   DS_SUB,
   DS_RSUB,
   DS_INC, /* MEM >= DATA ? 0 : MEM + 1 */
   DS_DEC, /* MEM == 0 || MEM > DATA ? DATA : MEM - 1 */
   DS_MIN_I,
   DS_MAX_I,
   DS_MIN_U,
   DS_MAX_U,
   DS_AND,
   DS_OR,
   DS_XOR,
   DS_MSKOR, /* (MEM & ~DATA) | DATA2 */
   DS_WRXCHG,
   DS_CMPST,   /* integer compare */
   DS_CMPST_F, /* float compare: -0 == +0, NaN equals nothing */
   DS_MIN_F,   /* IEEE minimumNumber: a NaN loses to a number, -0 < +0 */
   DS_MAX_F,   /* IEEE maximumNumber */
   DS_WRAP,    /* MEM >= DATA ? MEM - DATA : MEM + DATA2 */
   DS_ADD_F,
};

static double float_value(unsigned bits, uint64_t v)
{
   if (bits == 64) {
      double d;
      memcpy(&d, &v, sizeof(d));
      return d;
   }
   uint32_t u = (uint32_t)v;
   float f;
   memcpy(&f, &u, sizeof(f));
   return f;
}

/* ds_add_f32: an IEEE single-precision sum rounded to nearest even with denormals kept (a
 * documented choice: LDS float atomics do not follow the wave's MODE); a NaN result is the default
 * quiet NaN 0x7fc00000, so no host NaN payload leaks in. */
static uint32_t add_f32_bits(uint32_t a, uint32_t b)
{
   float fa, fb;
   memcpy(&fa, &a, 4);
   memcpy(&fb, &b, 4);
   float sum = fa + fb;
   if (isnan(sum))
      return 0x7fc00000u;
   uint32_t r;
   memcpy(&r, &sum, 4);
   return r;
}

/* min/max of LDS floats: IEEE minimumNumber/maximumNumber, the behaviour AMD's later ISA guides
 * define for DS_MIN_NUM_F32: a NaN operand yields the other operand, two NaNs yield DATA quieted,
 * and -0 orders below +0. The RDNA2 guide only says these minimums handle NaN, infinities and
 * denormals; this makes that exact (a documented choice). */
static uint64_t float_min_max(unsigned bits, uint64_t mem, uint64_t data, bool max)
{
   double m = float_value(bits, mem), d = float_value(bits, data);
   if (isnan(m) && isnan(d))
      return data | (bits == 64 ? 1ull << 51 : 1ull << 22);
   if (isnan(d))
      return mem;
   if (isnan(m))
      return data;
   if (m == d) /* equal values, or +0 and -0: the sign decides */
      return (signbit(d) != 0) == !max ? data : mem;
   return (max ? d > m : d < m) ? data : mem;
}

static uint64_t ds_apply(enum ds_atomic op, unsigned bits, uint64_t mem, uint64_t d0, uint64_t d1)
{
   uint64_t mask = bits == 64 ? ~0ull : 0xffffffffull;
   int64_t smem = bits == 64 ? (int64_t)mem : (int32_t)(uint32_t)mem;
   int64_t sd0 = bits == 64 ? (int64_t)d0 : (int32_t)(uint32_t)d0;
   switch (op) {
   case DS_ADD:
      return (mem + d0) & mask;
   case DS_SUB:
      return (mem - d0) & mask;
   case DS_RSUB:
      return (d0 - mem) & mask;
   case DS_INC:
      return mem >= d0 ? 0 : (mem + 1) & mask;
   case DS_DEC:
      return mem == 0 || mem > d0 ? d0 : mem - 1;
   case DS_MIN_I:
      return sd0 < smem ? d0 : mem;
   case DS_MAX_I:
      return sd0 > smem ? d0 : mem;
   case DS_MIN_U:
      return d0 < mem ? d0 : mem;
   case DS_MAX_U:
      return d0 > mem ? d0 : mem;
   case DS_AND:
      return mem & d0;
   case DS_OR:
      return mem | d0;
   case DS_XOR:
      return mem ^ d0;
   case DS_MSKOR:
      return (mem & ~d0) | d1;
   case DS_WRXCHG:
      return d0;
   case DS_CMPST:
      return mem == d0 ? d1 : mem;
   case DS_CMPST_F:
      return float_value(bits, mem) == float_value(bits, d0) ? d1 : mem;
   case DS_MIN_F:
      return float_min_max(bits, mem, d0, false);
   case DS_MAX_F:
      return float_min_max(bits, mem, d0, true);
   case DS_WRAP:
      return mem >= d0 ? (mem - d0) & mask : (mem + d1) & mask;
   case DS_ADD_F:
   default:
      return add_f32_bits((uint32_t)mem, (uint32_t)d0);
   }
}

static uint64_t lds_get(const uint8_t *p, unsigned bits)
{
   uint64_t v = mem_get32(p);
   if (bits == 64)
      v |= (uint64_t)mem_get32(p + 4) << 32;
   return v;
}

static void lds_put(uint8_t *p, unsigned bits, uint64_t v)
{
   mem_put32(p, (uint32_t)v);
   if (bits == 64)
      mem_put32(p + 4, (uint32_t)(v >> 32));
}

/* One atomic per active lane, lanes in ascending order, each seeing the earlier lanes' results
 * (the order interp/mem.h documents for vector memory). Out-of-range lanes change nothing and
 * return 0. `rtn`: write the old values to vdst. */
static enum rdna_status ds_atomic(struct wave *w, const struct rdna_inst *in, enum ds_atomic op,
                                  unsigned bits, bool rtn)
{
   if (!ds_no_gds(w, in))
      return RDNA_UNKNOWN_OPCODE;
   unsigned size = bits / 8;
   struct ds_addrs da;
   ds_addresses(w, in, 1, 1, &da);
   if (!ds_aligned(w, &da, size, size))
      return RDNA_INVALID_OPERAND;
   bool two = inst_role(in, RDNA_ROLE_data1) != NULL;
   uint32_t result[2][MAX_LANES];
   for (unsigned lane = 0; lane < w->wave_size; lane++) {
      if (!(da.exec >> lane & 1))
         continue;
      uint64_t d0 = ds_data(w, in, RDNA_ROLE_data0, bits, lane);
      uint64_t d1 = two ? ds_data(w, in, RDNA_ROLE_data1, bits, lane) : 0;
      uint8_t *p = lds_at(w, da.addr[0][lane], size);
      uint64_t old = 0;
      if (p) {
         old = lds_get(p, bits);
         lds_put(p, bits, ds_apply(op, bits, old, d0, d1));
      }
      result[0][lane] = (uint32_t)old;
      result[1][lane] = (uint32_t)(old >> 32);
   }
   if (rtn)
      ds_write_vgprs(w, inst_role(in, RDNA_ROLE_vdst)->reg - RDNA_REG_VGPR0, bits / 32, da.exec,
                     result);
   return RDNA_OK;
}

/* ds_wrxchg2(st64)_rtn: exchange data0 at the first address and data1 at the second, returning
 * both old values (the first in the low half of vdst). */
static enum rdna_status ds_wrxchg2(struct wave *w, const struct rdna_inst *in, unsigned bits,
                                   uint64_t scale)
{
   if (!ds_no_gds(w, in))
      return RDNA_UNKNOWN_OPCODE;
   unsigned size = bits / 8, words = bits / 32;
   struct ds_addrs da;
   ds_addresses(w, in, 2, scale, &da);
   if (!ds_aligned(w, &da, size, size))
      return RDNA_INVALID_OPERAND;
   static const unsigned roles[2] = { RDNA_ROLE_data0, RDNA_ROLE_data1 };
   uint32_t result[4][MAX_LANES];
   for (unsigned lane = 0; lane < w->wave_size; lane++) {
      if (!(da.exec >> lane & 1))
         continue;
      for (unsigned e = 0; e < 2; e++) {
         uint64_t data = ds_data(w, in, roles[e], bits, lane);
         uint8_t *p = lds_at(w, da.addr[e][lane], size);
         uint64_t old = 0;
         if (p) {
            old = lds_get(p, bits);
            lds_put(p, bits, data);
         }
         for (unsigned k = 0; k < words; k++)
            result[e * words + k][lane] = (uint32_t)(old >> (32 * k));
      }
   }
   ds_write_vgprs(w, inst_role(in, RDNA_ROLE_vdst)->reg - RDNA_REG_VGPR0, 2 * words, da.exec,
                  result);
   return RDNA_OK;
}

/* An atomic row and its returning twin (ds_add_u32 / ds_add_rtn_u32). */
#define DS_ATOMIC(name, rtn_name, op, bits)                                     \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in)     \
   {                                                                            \
      return ds_atomic(w, in, op, bits, false);                                 \
   }                                                                            \
   enum rdna_status exec_##rtn_name(struct wave *w, const struct rdna_inst *in) \
   {                                                                            \
      return ds_atomic(w, in, op, bits, true);                                  \
   }

DS_ATOMIC(ds_add_u32, ds_add_rtn_u32, DS_ADD, 32)
DS_ATOMIC(ds_sub_u32, ds_sub_rtn_u32, DS_SUB, 32)
DS_ATOMIC(ds_rsub_u32, ds_rsub_rtn_u32, DS_RSUB, 32)
DS_ATOMIC(ds_inc_u32, ds_inc_rtn_u32, DS_INC, 32)
DS_ATOMIC(ds_dec_u32, ds_dec_rtn_u32, DS_DEC, 32)
DS_ATOMIC(ds_min_i32, ds_min_rtn_i32, DS_MIN_I, 32)
DS_ATOMIC(ds_max_i32, ds_max_rtn_i32, DS_MAX_I, 32)
DS_ATOMIC(ds_min_u32, ds_min_rtn_u32, DS_MIN_U, 32)
DS_ATOMIC(ds_max_u32, ds_max_rtn_u32, DS_MAX_U, 32)
DS_ATOMIC(ds_and_b32, ds_and_rtn_b32, DS_AND, 32)
DS_ATOMIC(ds_or_b32, ds_or_rtn_b32, DS_OR, 32)
DS_ATOMIC(ds_xor_b32, ds_xor_rtn_b32, DS_XOR, 32)
DS_ATOMIC(ds_mskor_b32, ds_mskor_rtn_b32, DS_MSKOR, 32)
DS_ATOMIC(ds_cmpst_b32, ds_cmpst_rtn_b32, DS_CMPST, 32)
DS_ATOMIC(ds_cmpst_f32, ds_cmpst_rtn_f32, DS_CMPST_F, 32)
DS_ATOMIC(ds_min_f32, ds_min_rtn_f32, DS_MIN_F, 32)
DS_ATOMIC(ds_max_f32, ds_max_rtn_f32, DS_MAX_F, 32)
DS_ATOMIC(ds_add_f32, ds_add_rtn_f32, DS_ADD_F, 32)
DS_ATOMIC(ds_add_u64, ds_add_rtn_u64, DS_ADD, 64)
DS_ATOMIC(ds_sub_u64, ds_sub_rtn_u64, DS_SUB, 64)
DS_ATOMIC(ds_rsub_u64, ds_rsub_rtn_u64, DS_RSUB, 64)
DS_ATOMIC(ds_inc_u64, ds_inc_rtn_u64, DS_INC, 64)
DS_ATOMIC(ds_dec_u64, ds_dec_rtn_u64, DS_DEC, 64)
DS_ATOMIC(ds_min_i64, ds_min_rtn_i64, DS_MIN_I, 64)
DS_ATOMIC(ds_max_i64, ds_max_rtn_i64, DS_MAX_I, 64)
DS_ATOMIC(ds_min_u64, ds_min_rtn_u64, DS_MIN_U, 64)
DS_ATOMIC(ds_max_u64, ds_max_rtn_u64, DS_MAX_U, 64)
DS_ATOMIC(ds_and_b64, ds_and_rtn_b64, DS_AND, 64)
DS_ATOMIC(ds_or_b64, ds_or_rtn_b64, DS_OR, 64)
DS_ATOMIC(ds_xor_b64, ds_xor_rtn_b64, DS_XOR, 64)
DS_ATOMIC(ds_mskor_b64, ds_mskor_rtn_b64, DS_MSKOR, 64)
DS_ATOMIC(ds_cmpst_b64, ds_cmpst_rtn_b64, DS_CMPST, 64)
DS_ATOMIC(ds_cmpst_f64, ds_cmpst_rtn_f64, DS_CMPST_F, 64)
DS_ATOMIC(ds_min_f64, ds_min_rtn_f64, DS_MIN_F, 64)
DS_ATOMIC(ds_max_f64, ds_max_rtn_f64, DS_MAX_F, 64)

/* Only returning forms exist for these. */
enum rdna_status exec_ds_wrxchg_rtn_b32(struct wave *w, const struct rdna_inst *in)
{
   return ds_atomic(w, in, DS_WRXCHG, 32, true);
}

enum rdna_status exec_ds_wrxchg_rtn_b64(struct wave *w, const struct rdna_inst *in)
{
   return ds_atomic(w, in, DS_WRXCHG, 64, true);
}

enum rdna_status exec_ds_wrap_rtn_b32(struct wave *w, const struct rdna_inst *in)
{
   return ds_atomic(w, in, DS_WRAP, 32, true);
}

enum rdna_status exec_ds_wrxchg2_rtn_b32(struct wave *w, const struct rdna_inst *in)
{
   return ds_wrxchg2(w, in, 32, 4);
}

enum rdna_status exec_ds_wrxchg2st64_rtn_b32(struct wave *w, const struct rdna_inst *in)
{
   return ds_wrxchg2(w, in, 32, 4 * 64);
}

enum rdna_status exec_ds_wrxchg2_rtn_b64(struct wave *w, const struct rdna_inst *in)
{
   return ds_wrxchg2(w, in, 64, 8);
}

enum rdna_status exec_ds_wrxchg2st64_rtn_b64(struct wave *w, const struct rdna_inst *in)
{
   return ds_wrxchg2(w, in, 64, 8 * 64);
}

/* ---- M0-addressed rows ----------------------------------------------------------------------
 * A documented choice where the RDNA2 guide leaves the field layout to M0's description: the LDS
 * base address comes from M0[15:0] (the GFX9+ layout, M0[31:16] unused without GDS). */

static uint64_t m0_base(const struct wave *w)
{
   return w->sgpr[RDNA_REG_M0] & 0xffffu;
}

/* ds_append / ds_consume (RDNA2 ISA guide DS_APPEND): one dword counter at M0 base + offset
 * grows (shrinks) by the number of active lanes; every active lane receives the value it had
 * before. EXEC = 0 leaves it alone. Out of range: nothing changes, lanes receive 0. */
static enum rdna_status ds_counter(struct wave *w, const struct rdna_inst *in, bool append)
{
   if (!ds_no_gds(w, in))
      return RDNA_UNKNOWN_OPCODE;
   uint64_t exec = wave_exec(w);
   if (!exec)
      return RDNA_OK;
   uint64_t address = (uint32_t)(m0_base(w) + (uint32_t)in->mod.offset);
   if (address % 4) {
      return wave_fault(w, RDNA_FAULT_MISALIGNED, -1, address,
                        "4-byte LDS access at 0x%llx is not 4-byte aligned",
                        (unsigned long long)address);
   }
   uint32_t count = (uint32_t)__builtin_popcountll(exec), old = 0;
   uint8_t *p = lds_at(w, address, 4);
   if (p) {
      old = mem_get32(p);
      mem_put32(p, append ? old + count : old - count);
   }
   uint32_t result[1][MAX_LANES];
   for (unsigned lane = 0; lane < MAX_LANES; lane++)
      result[0][lane] = old;
   ds_write_vgprs(w, inst_role(in, RDNA_ROLE_vdst)->reg - RDNA_REG_VGPR0, 1, exec, result);
   return RDNA_OK;
}

enum rdna_status exec_ds_append(struct wave *w, const struct rdna_inst *in)
{
   return ds_counter(w, in, true);
}

enum rdna_status exec_ds_consume(struct wave *w, const struct rdna_inst *in)
{
   return ds_counter(w, in, false);
}

/* ds_read/write_addtid_b32: address = M0 base + offset + lane * 4, no address VGPR. */
static void addtid_addresses(struct wave *w, const struct rdna_inst *in, struct ds_addrs *da)
{
   da->exec = wave_exec(w);
   da->count = 1;
   for (unsigned lane = 0; lane < w->wave_size; lane++)
      da->addr[0][lane] = (uint32_t)(m0_base(w) + (uint32_t)in->mod.offset + lane * 4u);
}

enum rdna_status exec_ds_read_addtid_b32(struct wave *w, const struct rdna_inst *in)
{
   if (!ds_no_gds(w, in))
      return RDNA_UNKNOWN_OPCODE;
   struct ds_addrs da;
   addtid_addresses(w, in, &da);
   if (!ds_aligned(w, &da, 4, 4))
      return RDNA_INVALID_OPERAND;
   uint32_t result[1][MAX_LANES];
   for (unsigned lane = 0; lane < w->wave_size; lane++) {
      uint8_t bytes[4];
      lds_read(w, da.addr[0][lane], 4, bytes);
      result[0][lane] = mem_get32(bytes);
   }
   ds_write_vgprs(w, inst_role(in, RDNA_ROLE_vdst)->reg - RDNA_REG_VGPR0, 1, da.exec, result);
   return RDNA_OK;
}

enum rdna_status exec_ds_write_addtid_b32(struct wave *w, const struct rdna_inst *in)
{
   if (!ds_no_gds(w, in))
      return RDNA_UNKNOWN_OPCODE;
   struct ds_addrs da;
   addtid_addresses(w, in, &da);
   if (!ds_aligned(w, &da, 4, 4))
      return RDNA_INVALID_OPERAND;
   const uint32_t *data = ds_reg(w, in, RDNA_ROLE_data0);
   for (unsigned lane = 0; lane < w->wave_size; lane++) {
      if (!(da.exec >> lane & 1))
         continue;
      uint8_t bytes[4];
      mem_put32(bytes, data[lane]);
      lds_write(w, da.addr[0][lane], 4, bytes);
   }
   return RDNA_OK;
}

/* ---- lane exchanges through the LDS crossbar (no memory access) ---------------------------- */

/* The lane whose data lane `lane` receives under ds_swizzle_b32 offset `offset` (DS_SWIZZLE_B32
 * pseudocode of AMD's ISA guides): every mode works within each half of 32 lanes.
 *   offset >= 0xe000, FFT: j = bit-reverse5(i) >> popcount(mask) | (i & mask), mask = offset[4:0];
 *   offset >= 0xc000, rotate: j = (i & mask) | ((i + r) & ~mask), r = offset[9:5], negated when
 *     offset[10] (rotate right), the sum taken within the 32 lanes;
 *   offset[15], quad permute: lane i of each quad reads lane offset[2i+1:2i] of its quad;
 *   otherwise, bit masks: j = ((i & and) | or) ^ xor with and, or, xor = offset[4:0], [9:5],
 *     [14:10]. */
static unsigned swizzle_source(unsigned lane, unsigned offset)
{
   unsigned i = lane & 31u, half = lane & 32u, mask = offset & 31u, j;
   if (offset >= 0xe000u) {
      unsigned reversed = 0;
      for (unsigned bit = 0; bit < 5; bit++)
         reversed |= ((i >> bit) & 1u) << (4 - bit);
      j = (reversed >> __builtin_popcount(mask)) | (i & mask);
   } else if (offset >= 0xc000u) {
      unsigned rotate = (offset >> 5) & 31u;
      if (offset & 0x400u)
         rotate = 32u - rotate;
      j = (i & mask) | (((i + rotate) & 31u) & ~mask);
   } else if (offset & 0x8000u) {
      return (lane & ~3u) + ((offset >> (2 * (lane & 3u))) & 3u);
   } else {
      j = ((i & mask) | ((offset >> 5) & 31u)) ^ ((offset >> 10) & 31u);
   }
   return half | (j & 31u);
}

/* ds_swizzle_b32: lane i receives the address VGPR's value of lane swizzle_source(i), 0 when that
 * lane is disabled; only active lanes are written. */
enum rdna_status exec_ds_swizzle_b32(struct wave *w, const struct rdna_inst *in)
{
   if (!ds_no_gds(w, in))
      return RDNA_UNKNOWN_OPCODE;
   unsigned offset = (uint32_t)in->mod.offset & 0xffffu;
   uint64_t exec = wave_exec(w);
   const uint32_t *src = ds_reg(w, in, RDNA_ROLE_addr);
   uint32_t result[1][MAX_LANES];
   for (unsigned lane = 0; lane < w->wave_size; lane++) {
      unsigned from = swizzle_source(lane, offset);
      result[0][lane] = (exec >> from & 1) ? src[from] : 0;
   }
   ds_write_vgprs(w, inst_role(in, RDNA_ROLE_vdst)->reg - RDNA_REG_VGPR0, 1, exec, result);
   return RDNA_OK;
}

/* The lane an address names: (addr + offset) / 4 modulo the wave size. */
static unsigned permute_lane(const struct wave *w, uint32_t addr, const struct rdna_inst *in)
{
   return (unsigned)((((uint64_t)addr + ((uint32_t)in->mod.offset & 0xffffu)) / 4) % w->wave_size);
}

/* ds_permute_b32 (RDNA2 ISA guide DS_PERMUTE_B32, forward permute): each active lane sends its
 * data0 to the lane its address names; lanes nobody sends to receive 0. Where several lanes send
 * to one, the guide leaves the winner open; here the highest-numbered sender wins (a documented
 * choice). Only active lanes are written. */
enum rdna_status exec_ds_permute_b32(struct wave *w, const struct rdna_inst *in)
{
   uint64_t exec = wave_exec(w);
   const uint32_t *addr = ds_reg(w, in, RDNA_ROLE_addr);
   const uint32_t *data = ds_reg(w, in, RDNA_ROLE_data0);
   uint32_t result[1][MAX_LANES] = { { 0 } };
   for (unsigned lane = 0; lane < w->wave_size; lane++)
      if (exec >> lane & 1)
         result[0][permute_lane(w, addr[lane], in)] = data[lane];
   ds_write_vgprs(w, inst_role(in, RDNA_ROLE_vdst)->reg - RDNA_REG_VGPR0, 1, exec, result);
   return RDNA_OK;
}

/* ds_bpermute_b32 (backward permute): each active lane reads data0 of the lane its address
 * names, 0 when that lane is disabled. */
enum rdna_status exec_ds_bpermute_b32(struct wave *w, const struct rdna_inst *in)
{
   uint64_t exec = wave_exec(w);
   const uint32_t *addr = ds_reg(w, in, RDNA_ROLE_addr);
   const uint32_t *data = ds_reg(w, in, RDNA_ROLE_data0);
   uint32_t result[1][MAX_LANES];
   for (unsigned lane = 0; lane < w->wave_size; lane++) {
      unsigned from = permute_lane(w, addr[lane], in);
      result[0][lane] = (exec >> from & 1) ? data[from] : 0;
   }
   ds_write_vgprs(w, inst_role(in, RDNA_ROLE_vdst)->reg - RDNA_REG_VGPR0, 1, exec, result);
   return RDNA_OK;
}

/* ---- LDS direct reads -------------------------------------------------------------------------
 * A VALU source of lds_direct (src_lds_direct) reads one LDS value for the whole wave: the byte
 * address is M0[15:0] and M0[18:16] gives the type: 0 unsigned byte, 1 unsigned short, 2 dword,
 * 4 signed byte, 5 signed short (the "LDS direct reads" section of AMD's GCN and RDNA guides).
 * The other types fault INVALID_OPERAND; an address outside the LDS reads 0. check_operands
 * (interp/machine.c) routes such instructions here; the row runs with the value as a literal. */
enum rdna_status exec_lds_direct(struct wave *w, const struct rdna_inst *in)
{
   uint32_t m0 = w->sgpr[RDNA_REG_M0], address = m0 & 0xffffu, type = (m0 >> 16) & 7u;
   static const uint8_t sizes[8] = { 1, 2, 4, 0, 1, 2, 0, 0 };
   unsigned size = sizes[type];
   if (!size)
      return wave_fault(w, RDNA_FAULT_INVALID_OPERAND, -1, 0,
                        "%s reads lds_direct with M0[18:16] = %u, which names no data type",
                        rdna_op_name(in->op), type);
   if (address % size)
      return wave_fault(w, RDNA_FAULT_MISALIGNED, -1, address,
                        "lds_direct: %u-byte LDS read at 0x%x is not %u-byte aligned", size,
                        address, size);
   uint8_t bytes[4] = { 0 };
   lds_read(w, address, size, bytes);
   uint32_t value = mem_get32(bytes);
   if (type == 4)
      value = (uint32_t)(int32_t)(int8_t)bytes[0];
   else if (type == 5)
      value = (uint32_t)(int32_t)(int16_t)(bytes[0] | bytes[1] << 8);
   struct rdna_inst copy = *in;
   for (unsigned i = 0; i < copy.num_operands; i++)
      if (copy.operands[i].reg == RDNA_REG_LDS_DIRECT) {
         copy.operands[i].reg = RDNA_REG_LITERAL;
         copy.operands[i].value = value;
      }
   /* An SDWA form may name lds_direct as a scalar source: its wrapper still shapes the row. */
   exec_fn fn = in->encoding == RDNA_FMT_SDWA ? exec_sdwa : dispatch_handler(in->op);
   if (!fn)
      return wave_unsupported(w, in, rdna_op_name(in->op));
   return fn(w, &copy);
}

/* ---- the rest ------------------------------------------------------------------------------ */

enum rdna_status exec_ds_nop(struct wave *w, const struct rdna_inst *in)
{
   (void)w;
   (void)in;
   return RDNA_OK;
}

/* ---- src2 rows (gfx1013) ----------------------------------------------------------------------
 * Both operands come from LDS (RDNA2 ISA guide, DS_ADD_SRC2_U32 and its siblings): A is the
 * address VGPR, B = A + 4 * (offset[15] ? {A[31], A[31:17]} : {offset[14], offset[14:0]}), i.e.
 * A's top 15 bits or the offset's low 15 bits, sign-extended; then DS[A] = op(DS[A], DS[B]). The
 * guide gives the same factor 4 for the 64-bit rows. Lanes run in ascending order; an
 * out-of-range B reads 0, an out-of-range A changes nothing. */

static uint64_t src2_address(uint32_t a, uint32_t offset)
{
   int64_t step = (offset & 0x8000u)
                     ? (int64_t)((int32_t)a >> 17)
                     : (int64_t)(int16_t)(uint16_t)((offset & 0x7fffu) | ((offset & 0x4000u) << 1));
   return (uint32_t)((int64_t)a + 4 * step);
}

static enum rdna_status ds_src2(struct wave *w, const struct rdna_inst *in, enum ds_atomic op,
                                unsigned bits, bool write)
{
   if (!ds_no_gds(w, in))
      return RDNA_UNKNOWN_OPCODE;
   unsigned size = bits / 8;
   const uint32_t *addr = ds_reg(w, in, RDNA_ROLE_addr);
   struct ds_addrs da;
   da.exec = wave_exec(w);
   da.count = 2;
   for (unsigned lane = 0; lane < w->wave_size; lane++) {
      da.addr[0][lane] = addr[lane];
      da.addr[1][lane] = src2_address(addr[lane], (uint32_t)in->mod.offset & 0xffffu);
   }
   if (!ds_aligned(w, &da, size, size))
      return RDNA_INVALID_OPERAND;
   for (unsigned lane = 0; lane < w->wave_size; lane++) {
      if (!(da.exec >> lane & 1))
         continue;
      uint8_t b[8];
      lds_read(w, da.addr[1][lane], size, b);
      uint64_t data = lds_get(b, bits);
      uint8_t *p = lds_at(w, da.addr[0][lane], size);
      if (p)
         lds_put(p, bits, write ? data : ds_apply(op, bits, lds_get(p, bits), data, 0));
   }
   return RDNA_OK;
}

#define DS_SRC2(name, op, bits, write)                                      \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in) \
   {                                                                        \
      return ds_src2(w, in, op, bits, write);                               \
   }

DS_SRC2(ds_add_src2_u32, DS_ADD, 32, false)
DS_SRC2(ds_sub_src2_u32, DS_SUB, 32, false)
DS_SRC2(ds_rsub_src2_u32, DS_RSUB, 32, false)
DS_SRC2(ds_inc_src2_u32, DS_INC, 32, false)
DS_SRC2(ds_dec_src2_u32, DS_DEC, 32, false)
DS_SRC2(ds_min_src2_i32, DS_MIN_I, 32, false)
DS_SRC2(ds_max_src2_i32, DS_MAX_I, 32, false)
DS_SRC2(ds_min_src2_u32, DS_MIN_U, 32, false)
DS_SRC2(ds_max_src2_u32, DS_MAX_U, 32, false)
DS_SRC2(ds_and_src2_b32, DS_AND, 32, false)
DS_SRC2(ds_or_src2_b32, DS_OR, 32, false)
DS_SRC2(ds_xor_src2_b32, DS_XOR, 32, false)
DS_SRC2(ds_write_src2_b32, DS_WRXCHG, 32, true)
DS_SRC2(ds_min_src2_f32, DS_MIN_F, 32, false)
DS_SRC2(ds_max_src2_f32, DS_MAX_F, 32, false)
DS_SRC2(ds_add_src2_f32, DS_ADD_F, 32, false)
DS_SRC2(ds_add_src2_u64, DS_ADD, 64, false)
DS_SRC2(ds_sub_src2_u64, DS_SUB, 64, false)
DS_SRC2(ds_rsub_src2_u64, DS_RSUB, 64, false)
DS_SRC2(ds_inc_src2_u64, DS_INC, 64, false)
DS_SRC2(ds_dec_src2_u64, DS_DEC, 64, false)
DS_SRC2(ds_min_src2_i64, DS_MIN_I, 64, false)
DS_SRC2(ds_max_src2_i64, DS_MAX_I, 64, false)
DS_SRC2(ds_min_src2_u64, DS_MIN_U, 64, false)
DS_SRC2(ds_max_src2_u64, DS_MAX_U, 64, false)
DS_SRC2(ds_and_src2_b64, DS_AND, 64, false)
DS_SRC2(ds_or_src2_b64, DS_OR, 64, false)
DS_SRC2(ds_xor_src2_b64, DS_XOR, 64, false)
DS_SRC2(ds_write_src2_b64, DS_WRXCHG, 64, true)
DS_SRC2(ds_min_src2_f64, DS_MIN_F, 64, false)
DS_SRC2(ds_max_src2_f64, DS_MAX_F, 64, false)

/* ds_condxchg32_rtn_b64 (DS_CONDXCHG32_RTN_B64 of AMD's ISA guides): two conditional dword
 * exchanges at A0 = (addr + offset) & 0xfff8 and A0 + 4; each old dword is returned, and dword k
 * of data0 is stored (with its bit 31 cleared) only when its bit 31 is set. */
enum rdna_status exec_ds_condxchg32_rtn_b64(struct wave *w, const struct rdna_inst *in)
{
   if (!ds_no_gds(w, in))
      return RDNA_UNKNOWN_OPCODE;
   struct ds_addrs da;
   ds_addresses(w, in, 1, 1, &da);
   uint32_t result[2][MAX_LANES];
   for (unsigned lane = 0; lane < w->wave_size; lane++) {
      if (!(da.exec >> lane & 1))
         continue;
      uint64_t data = ds_data(w, in, RDNA_ROLE_data0, 64, lane);
      uint64_t base = da.addr[0][lane] & 0xfff8u;
      for (unsigned k = 0; k < 2; k++) {
         uint32_t value = (uint32_t)(data >> (32 * k));
         uint8_t *p = lds_at(w, base + 4 * k, 4);
         result[k][lane] = p ? mem_get32(p) : 0;
         if (p && (value >> 31))
            mem_put32(p, value & 0x7fffffffu);
      }
   }
   ds_write_vgprs(w, inst_role(in, RDNA_ROLE_vdst)->reg - RDNA_REG_VGPR0, 2, da.exec, result);
   return RDNA_OK;
}

/* Not modeled: the global wave sync and ordered count need GDS/GWS. */
UNSUPPORTED(ds_gws_init)
UNSUPPORTED(ds_gws_sema_v)
UNSUPPORTED(ds_gws_sema_br)
UNSUPPORTED(ds_gws_sema_p)
UNSUPPORTED(ds_gws_barrier)
UNSUPPORTED(ds_gws_sema_release_all)
UNSUPPORTED(ds_ordered_count)
