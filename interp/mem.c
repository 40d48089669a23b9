/* Guest memory access for the memory instruction classes: address spaces, alignment and bounds
 * rules, lane load/store shapes and atomic operations (interp/mem.h documents the choices). */
#include <stdlib.h>
#include <string.h>

#include "interp/mem.h"

unsigned mem_access_bytes(struct mem_access a)
{
   switch (a.shape) {
   case SHAPE_U8:
   case SHAPE_I8:
   case SHAPE_U8_D16:
   case SHAPE_U8_D16_HI:
   case SHAPE_I8_D16:
   case SHAPE_I8_D16_HI:
      return 1;
   case SHAPE_U16:
   case SHAPE_I16:
   case SHAPE_B16_D16:
   case SHAPE_B16_D16_HI:
      return 2;
   case SHAPE_B32:
   default:
      return 4 * a.dwords;
   }
}

unsigned mem_access_align(struct mem_access a)
{
   unsigned bytes = mem_access_bytes(a);
   return bytes > 4 ? 4 : bytes;
}

static uint8_t *scratch_bytes(struct wave *w)
{
   if (!w->scratch)
      w->scratch = calloc(MAX_LANES, SCRATCH_LANE_BYTES);
   return w->scratch;
}

uint8_t *mem_lane_ptr(struct wave *w, enum mem_space space, int lane, uint64_t address,
                      unsigned size, unsigned align, bool write)
{
   uint64_t shown = address; /* the address a fault reports */
   if (space == MEM_SCRATCH)
      shown = (uint64_t)APERTURE_PRIVATE_HI << 32 | (address & 0xffffffffu);
   else if (space == MEM_LDS)
      shown = (uint64_t)APERTURE_SHARED_HI << 32 | (address & 0xffffffffu);
   if (align > 1 && address % align != 0) {
      wave_fault(w, RDNA_FAULT_MISALIGNED, lane, shown,
                 "%u-byte access at 0x%llx is not %u-byte aligned", size, (unsigned long long)shown,
                 align);
      return NULL;
   }
   switch (space) {
   case MEM_GLOBAL: {
      struct region *r = machine_find(w->m, address, size);
      if (!r)
         break;
      if (write)
         machine_code_written(w->m, r, address, size);
      return r->bytes + (address - r->base);
   }
   case MEM_SCRATCH: {
      if (address > SCRATCH_LANE_BYTES || size > SCRATCH_LANE_BYTES - address)
         break;
      uint8_t *bytes = scratch_bytes(w);
      if (!bytes) {
         wave_fault(w, RDNA_FAULT_UNMAPPED, lane, shown, "out of host memory for scratch");
         return NULL;
      }
      return bytes + (size_t)lane * SCRATCH_LANE_BYTES + address;
   }
   case MEM_LDS: {
      struct machine *m = w->m;
      uint64_t lds = m->config.lds_bytes;
      if (address > lds || size > lds - address)
         break;
      return m->lds + (size_t)(w->index / m->waves_per_group) * lds + address;
   }
   }
   static const char *const where[] = {
      [MEM_GLOBAL] = "every region",
      [MEM_SCRATCH] = "the lane's scratch",
      [MEM_LDS] = "the workgroup's LDS",
   };
   wave_fault(w, RDNA_FAULT_UNMAPPED, lane, shown, "%u-byte %s at 0x%llx is outside %s", size,
              write ? "write" : "read", (unsigned long long)shown, where[space]);
   return NULL;
}

static uint16_t get16(const uint8_t *p)
{
   return (uint16_t)(p[0] | p[1] << 8);
}

unsigned mem_load_lane(struct mem_access a, const uint8_t *p, uint32_t old, uint32_t out[4])
{
   switch (a.shape) {
   case SHAPE_U8:
      out[0] = p[0];
      return 1;
   case SHAPE_I8:
      out[0] = (uint32_t)(int32_t)(int8_t)p[0];
      return 1;
   case SHAPE_U16:
      out[0] = get16(p);
      return 1;
   case SHAPE_I16:
      out[0] = (uint32_t)(int32_t)(int16_t)get16(p);
      return 1;
   case SHAPE_U8_D16:
      out[0] = (old & 0xffff0000u) | p[0];
      return 1;
   case SHAPE_U8_D16_HI:
      out[0] = (old & 0xffffu) | (uint32_t)p[0] << 16;
      return 1;
   case SHAPE_I8_D16:
      out[0] = (old & 0xffff0000u) | (uint16_t)(int16_t)(int8_t)p[0];
      return 1;
   case SHAPE_I8_D16_HI:
      out[0] = (old & 0xffffu) | (uint32_t)(uint16_t)(int16_t)(int8_t)p[0] << 16;
      return 1;
   case SHAPE_B16_D16:
      out[0] = (old & 0xffff0000u) | get16(p);
      return 1;
   case SHAPE_B16_D16_HI:
      out[0] = (old & 0xffffu) | (uint32_t)get16(p) << 16;
      return 1;
   case SHAPE_B32:
   default:
      for (unsigned i = 0; i < a.dwords; i++)
         out[i] = mem_get32(p + 4 * i);
      return a.dwords;
   }
}

void mem_store_lane(struct mem_access a, uint8_t *p, const uint32_t in[4])
{
   switch (a.shape) {
   case SHAPE_U8:
   case SHAPE_I8:
   case SHAPE_U8_D16:
   case SHAPE_I8_D16:
      p[0] = (uint8_t)in[0];
      break;
   case SHAPE_U8_D16_HI:
   case SHAPE_I8_D16_HI:
      p[0] = (uint8_t)(in[0] >> 16);
      break;
   case SHAPE_U16:
   case SHAPE_I16:
   case SHAPE_B16_D16:
      p[0] = (uint8_t)in[0];
      p[1] = (uint8_t)(in[0] >> 8);
      break;
   case SHAPE_B16_D16_HI:
      p[0] = (uint8_t)(in[0] >> 16);
      p[1] = (uint8_t)(in[0] >> 24);
      break;
   case SHAPE_B32:
   default:
      for (unsigned i = 0; i < a.dwords; i++)
         mem_put32(p + 4 * i, in[i]);
      break;
   }
}

/* ---- float atomics -------------------------------------------------------------------------
 * fcmpswap, fmin and fmax on f32 (bits 32) or f64 bit patterns, compared as IEEE floats without
 * the host's float unit. The rules are the manual's pseudocode (RDNA2 ISA guide chapter 12,
 * BUFFER_ATOMIC_FCMPSWAP, FMIN, FMAX and their FLAT and GLOBAL forms): fcmpswap stores DATA when
 * MEM == CMP, fmin stores DATA when DATA < MEM, fmax when DATA > MEM, with IEEE comparisons: a
 * NaN on either side compares false (memory keeps its value) and -0 equals +0 (memory keeps
 * its zero). Denormals compare as the values they are (no flush): a documented choice. */

static bool float_is_nan(uint64_t x, unsigned bits)
{
   uint64_t exp = bits == 64 ? 0x7ff0000000000000ull : 0x7f800000ull;
   uint64_t mant = bits == 64 ? 0x000fffffffffffffull : 0x007fffffull;
   return (x & exp) == exp && (x & mant) != 0;
}

/* A key whose unsigned order is the float order of non-NaN values (-0 just below +0). */
static uint64_t float_order_key(uint64_t x, unsigned bits)
{
   uint64_t sign = 1ull << (bits - 1), mask = bits == 64 ? ~0ull : 0xffffffffull;
   return (x & sign) ? ~x & mask : x | sign;
}

/* IEEE a < b: false when either is a NaN or both are zeros. */
static bool float_less(uint64_t a, uint64_t b, unsigned bits)
{
   uint64_t sign = 1ull << (bits - 1);
   if (float_is_nan(a, bits) || float_is_nan(b, bits) || ((a | b) & ~sign) == 0)
      return false;
   return float_order_key(a, bits) < float_order_key(b, bits);
}

static uint64_t float_atomic(enum atomic_op op, unsigned bits, uint64_t old, uint64_t data,
                             uint64_t compare)
{
   if (op == ATOMIC_FCMPSWAP) {
      uint64_t sign = 1ull << (bits - 1);
      bool zeros = ((old | compare) & ~sign) == 0;
      bool equal =
         !float_is_nan(old, bits) && !float_is_nan(compare, bits) && (old == compare || zeros);
      return equal ? data : old;
   }
   if (op == ATOMIC_FMIN)
      return float_less(data, old, bits) ? data : old;
   return float_less(old, data, bits) ? data : old;
}

uint64_t atomic_apply(enum atomic_op op, unsigned bits, uint64_t old, uint64_t data,
                      uint64_t compare)
{
   uint64_t mask = bits == 64 ? ~0ull : 0xffffffffull;
   int64_t sold = bits == 64 ? (int64_t)old : (int64_t)(int32_t)(uint32_t)old;
   int64_t sdata = bits == 64 ? (int64_t)data : (int64_t)(int32_t)(uint32_t)data;
   old &= mask;
   data &= mask;
   uint64_t r;
   switch (op) {
   case ATOMIC_SWAP:
      r = data;
      break;
   case ATOMIC_CMPSWAP:
      r = old == (compare & mask) ? data : old;
      break;
   case ATOMIC_ADD:
      r = old + data;
      break;
   case ATOMIC_SUB:
      r = old - data;
      break;
   case ATOMIC_CSUB:
      r = old >= data ? old - data : 0;
      break;
   case ATOMIC_SMIN:
      r = sdata < sold ? data : old;
      break;
   case ATOMIC_UMIN:
      r = data < old ? data : old;
      break;
   case ATOMIC_SMAX:
      r = sdata > sold ? data : old;
      break;
   case ATOMIC_UMAX:
      r = data > old ? data : old;
      break;
   case ATOMIC_AND:
      r = old & data;
      break;
   case ATOMIC_OR:
      r = old | data;
      break;
   case ATOMIC_XOR:
      r = old ^ data;
      break;
   case ATOMIC_INC:
      r = old >= data ? 0 : old + 1;
      break;
   case ATOMIC_FCMPSWAP:
   case ATOMIC_FMIN:
   case ATOMIC_FMAX:
      r = float_atomic(op, bits, old, data, compare & mask);
      break;
   case ATOMIC_DEC:
   default:
      r = old == 0 || old > data ? data : old - 1;
      break;
   }
   return r & mask;
}

/* ---- vector memory over per-lane addresses ------------------------------------------------ */

static bool resolve_lanes(struct wave *w, const struct lane_addrs *la, unsigned size,
                          unsigned align, bool write, uint8_t *ptr[MAX_LANES])
{
   for (unsigned lane = 0; lane < w->wave_size; lane++) {
      if (!(la->lanes >> lane & 1))
         continue;
      ptr[lane] = mem_lane_ptr(w, (enum mem_space)la->space[lane], (int)lane, la->addr[lane], size,
                               align, write);
      if (!ptr[lane])
         return false;
   }
   return true;
}

enum rdna_status vmem_load(struct wave *w, const struct lane_addrs *la, struct mem_access a,
                           unsigned vdst)
{
   uint8_t *ptr[MAX_LANES];
   if (!resolve_lanes(w, la, mem_access_bytes(a), mem_access_align(a), false, ptr))
      return mem_failed(w);
   static const uint8_t zeros[16];
   uint32_t *dst = wave_vgpr(w, vdst);
   unsigned written = a.shape == SHAPE_B32 ? a.dwords : 1;
   for (unsigned lane = 0; lane < w->wave_size; lane++) {
      uint32_t out[4] = { 0, 0, 0, 0 };
      if (la->lanes >> lane & 1)
         mem_load_lane(a, ptr[lane], dst[lane], out);
      else if (la->zero >> lane & 1)
         mem_load_lane(a, zeros, dst[lane], out);
      else
         continue;
      for (unsigned i = 0; i < written; i++)
         dst[(size_t)i * MAX_LANES + lane] = out[i];
   }
   for (unsigned i = 0; i < written; i++)
      wave_wrote_vgpr(w, vdst + i, la->lanes | la->zero);
   return RDNA_OK;
}

enum rdna_status vmem_store(struct wave *w, const struct lane_addrs *la, struct mem_access a,
                            unsigned vdata)
{
   uint8_t *ptr[MAX_LANES];
   if (!resolve_lanes(w, la, mem_access_bytes(a), mem_access_align(a), true, ptr))
      return mem_failed(w);
   const uint32_t *src = wave_vgpr(w, vdata);
   for (unsigned lane = 0; lane < w->wave_size; lane++) {
      if (!(la->lanes >> lane & 1))
         continue;
      uint32_t in[4];
      for (unsigned i = 0; i < 4; i++)
         in[i] = i < a.dwords ? src[(size_t)i * MAX_LANES + lane] : 0;
      mem_store_lane(a, ptr[lane], in);
   }
   return RDNA_OK;
}

enum rdna_status vmem_atomic(struct wave *w, const struct lane_addrs *la, enum atomic_op op,
                             unsigned bits, unsigned vdata, int vdst)
{
   uint8_t *ptr[MAX_LANES];
   unsigned size = bits / 8, words = bits / 32;
   if (!resolve_lanes(w, la, size, size, true, ptr))
      return mem_failed(w);
   const uint32_t *src = wave_vgpr(w, vdata);
   uint64_t ret[MAX_LANES];
   for (unsigned lane = 0; lane < w->wave_size; lane++) {
      ret[lane] = 0;
      if (!(la->lanes >> lane & 1))
         continue;
      uint64_t data = src[lane], compare = 0, old = mem_get32(ptr[lane]);
      if (words == 2) {
         data |= (uint64_t)src[MAX_LANES + lane] << 32;
         old |= (uint64_t)mem_get32(ptr[lane] + 4) << 32;
      }
      if (op == ATOMIC_CMPSWAP || op == ATOMIC_FCMPSWAP) {
         compare = src[(size_t)words * MAX_LANES + lane];
         if (words == 2)
            compare |= (uint64_t)src[(size_t)(words + 1) * MAX_LANES + lane] << 32;
      }
      uint64_t next = atomic_apply(op, bits, old, data, compare);
      mem_put32(ptr[lane], (uint32_t)next);
      if (words == 2)
         mem_put32(ptr[lane] + 4, (uint32_t)(next >> 32));
      ret[lane] = old;
   }
   if (vdst < 0)
      return RDNA_OK;
   uint32_t *dst = wave_vgpr(w, (unsigned)vdst);
   for (unsigned lane = 0; lane < w->wave_size; lane++) {
      if (!((la->lanes | la->zero) >> lane & 1))
         continue;
      dst[lane] = (uint32_t)ret[lane];
      if (words == 2)
         dst[MAX_LANES + lane] = (uint32_t)(ret[lane] >> 32);
   }
   for (unsigned i = 0; i < words; i++)
      wave_wrote_vgpr(w, (unsigned)vdst + i, la->lanes | la->zero);
   return RDNA_OK;
}
