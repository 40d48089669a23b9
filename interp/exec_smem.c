/* Scalar memory (SMEM, RDNA2 ISA guide chapter 7 "Scalar Memory Operations"): s_load and
 * s_buffer_load of 1-16 dwords, gfx1013's scalar stores and atomics, s_memtime/s_memrealtime as
 * deterministic counters, cache controls as no-ops. Memory completes at once, so s_waitcnt
 * lgkmcnt has nothing to wait for. */
#include "interp/mem.h"

/* The byte offset: the immediate, or soffset's SGPR plus the 21-bit field (GFX10 adds both;
 * isa/smem.c keeps the field in mod.offset). */
static uint64_t smem_offset(const struct wave *w, const struct rdna_inst *in)
{
   const struct rdna_operand *op = &in->operands[2];
   if (op->reg == RDNA_REG_IMM)
      return (uint64_t)(int64_t)(int32_t)op->value;
   return wave_read_scalar(w, op) + (uint64_t)(int64_t)in->mod.offset;
}

/* The dword-aligned address of an access: the hardware ignores the two low address bits of
 * scalar memory accesses (RDNA2 ISA guide chapter 7, "Alignment and Bounds Checking": the two LSBs
 * are ignored). */
static uint64_t smem_address(const struct wave *w, const struct rdna_inst *in, bool buffer,
                             struct vsharp *v)
{
   uint64_t base;
   if (buffer) {
      *v = vsharp_read(w, in->operands[1].reg);
      base = v->base;
   } else {
      base = wave_read_scalar64(w, &in->operands[1]);
   }
   return (base + smem_offset(w, in)) & ~3ull;
}

/* s_buffer_load's range: a dword whose byte offset from the base is at or past num_records
 * (num_records * stride when stride is not 0) reads 0 (RDNA2 ISA guide chapter 7, "Alignment and
 * Bounds Checking"; "Scalar Memory Buffer Loads": out-of-range dwords return zero). */
static bool smem_in_range(const struct vsharp *v, uint64_t offset)
{
   uint64_t limit = v->stride ? (uint64_t)v->num_records * v->stride : v->num_records;
   return offset + 4 <= limit;
}

static enum rdna_status smem_load(struct wave *w, const struct rdna_inst *in, unsigned dwords,
                                  bool buffer)
{
   struct vsharp v;
   uint64_t address = smem_address(w, in, buffer, &v);
   uint32_t data[16];
   for (unsigned i = 0; i < dwords; i++) {
      uint64_t a = address + 4 * i;
      data[i] = 0;
      if (buffer && !smem_in_range(&v, a - v.base))
         continue;
      const uint8_t *p = mem_lane_ptr(w, MEM_GLOBAL, -1, a, 4, 4, false);
      if (!p)
         return mem_failed(w);
      data[i] = mem_get32(p);
   }
   for (unsigned i = 0; i < dwords; i++)
      wave_write_sgpr(w, in->operands[0].reg + i, data[i]);
   return RDNA_OK;
}

/* gfx1013's scalar stores: the same address rules; out-of-range buffer dwords are dropped. */
static enum rdna_status smem_store(struct wave *w, const struct rdna_inst *in, unsigned dwords,
                                   bool buffer)
{
   struct vsharp v;
   uint64_t address = smem_address(w, in, buffer, &v);
   uint8_t *p[4];
   for (unsigned i = 0; i < dwords; i++) {
      uint64_t a = address + 4 * i;
      p[i] = NULL;
      if (buffer && !smem_in_range(&v, a - v.base))
         continue;
      p[i] = mem_lane_ptr(w, MEM_GLOBAL, -1, a, 4, 4, true);
      if (!p[i])
         return mem_failed(w);
   }
   for (unsigned i = 0; i < dwords; i++)
      if (p[i])
         mem_put32(p[i], w->sgpr[in->operands[0].reg + i]);
   return RDNA_OK;
}

/* gfx1013's scalar atomics: sdata holds the data (cmpswap: {new, compare}); with glc the old
 * value replaces sdata's first 32 or 64 bits. An out-of-range buffer atomic does nothing and
 * returns 0. The address is aligned down to the operand size like every scalar access. */
static enum rdna_status smem_atomic(struct wave *w, const struct rdna_inst *in, enum atomic_op op,
                                    unsigned bits, bool buffer)
{
   struct vsharp v;
   unsigned words = bits / 32, sdata = in->operands[0].reg;
   uint64_t address = smem_address(w, in, buffer, &v) & ~(uint64_t)(bits / 8 - 1);
   uint64_t old = 0;
   if (!buffer || smem_in_range(&v, address - v.base + 4 * (words - 1))) {
      uint8_t *p = mem_lane_ptr(w, MEM_GLOBAL, -1, address, bits / 8, bits / 8, true);
      if (!p)
         return mem_failed(w);
      uint64_t data = w->sgpr[sdata], compare = 0;
      old = mem_get32(p);
      if (words == 2) {
         data |= (uint64_t)w->sgpr[sdata + 1] << 32;
         old |= (uint64_t)mem_get32(p + 4) << 32;
      }
      if (op == ATOMIC_CMPSWAP) {
         compare = w->sgpr[sdata + words];
         if (words == 2)
            compare |= (uint64_t)w->sgpr[sdata + 3] << 32;
      }
      uint64_t next = atomic_apply(op, bits, old, data, compare);
      mem_put32(p, (uint32_t)next);
      if (words == 2)
         mem_put32(p + 4, (uint32_t)(next >> 32));
   }
   if (in->mod.flags & RDNA_FLAG_GLC) {
      wave_write_sgpr(w, sdata, (uint32_t)old);
      if (words == 2)
         wave_write_sgpr(w, sdata + 1, (uint32_t)(old >> 32));
   }
   return RDNA_OK;
}

#define SMEM_LOAD(name, dwords, buffer)                                     \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in) \
   {                                                                        \
      return smem_load(w, in, dwords, buffer);                              \
   }
#define SMEM_STORE(name, dwords, buffer)                                    \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in) \
   {                                                                        \
      return smem_store(w, in, dwords, buffer);                             \
   }
#define SMEM_ATOMIC(name, op, bits, buffer)                                 \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in) \
   {                                                                        \
      return smem_atomic(w, in, op, bits, buffer);                          \
   }
#define SMEM_NOP(name)                                                      \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in) \
   {                                                                        \
      (void)w;                                                              \
      (void)in;                                                             \
      return RDNA_OK;                                                       \
   }

SMEM_LOAD(s_load_dword, 1, false)
SMEM_LOAD(s_load_dwordx2, 2, false)
SMEM_LOAD(s_load_dwordx4, 4, false)
SMEM_LOAD(s_load_dwordx8, 8, false)
SMEM_LOAD(s_load_dwordx16, 16, false)
SMEM_LOAD(s_buffer_load_dword, 1, true)
SMEM_LOAD(s_buffer_load_dwordx2, 2, true)
SMEM_LOAD(s_buffer_load_dwordx4, 4, true)
SMEM_LOAD(s_buffer_load_dwordx8, 8, true)
SMEM_LOAD(s_buffer_load_dwordx16, 16, true)
SMEM_STORE(s_store_dword, 1, false)
SMEM_STORE(s_store_dwordx2, 2, false)
SMEM_STORE(s_store_dwordx4, 4, false)
SMEM_STORE(s_buffer_store_dword, 1, true)
SMEM_STORE(s_buffer_store_dwordx2, 2, true)
SMEM_STORE(s_buffer_store_dwordx4, 4, true)

/* Scalar scratch (gfx1013): the wave's private memory seen as one space, laid out as the
 * hardware's swizzled scratch buffer (4-byte elements interleaved across the wave's lanes, index
 * stride = wave size, as LLVM's private-memory V# programs it): byte address A is dword
 * (A / 4) / wave_size of lane (A / 4) % wave_size, so scalar and per-lane (SCRATCH, FLAT) accesses
 * see the same bytes. A = sbase's low dword + offset, aligned down to 4 like every scalar access
 * (a documented choice). */
static uint8_t *scalar_scratch_ptr(struct wave *w, uint64_t address, bool write)
{
   uint64_t dword = address / 4;
   unsigned lane = (unsigned)(dword % w->wave_size);
   uint64_t lane_offset = dword / w->wave_size * 4;
   return mem_lane_ptr(w, MEM_SCRATCH, (int)lane, lane_offset, 4, 4, write);
}

static enum rdna_status smem_scratch(struct wave *w, const struct rdna_inst *in, unsigned dwords,
                                     bool store)
{
   uint64_t address = ((uint64_t)w->sgpr[in->operands[1].reg] + smem_offset(w, in)) & ~3ull;
   address &= 0xffffffffu;
   uint8_t *p[4];
   for (unsigned i = 0; i < dwords; i++) {
      p[i] = scalar_scratch_ptr(w, address + 4 * i, store);
      if (!p[i])
         return mem_failed(w);
   }
   for (unsigned i = 0; i < dwords; i++) {
      if (store)
         mem_put32(p[i], w->sgpr[in->operands[0].reg + i]);
      else
         wave_write_sgpr(w, in->operands[0].reg + i, mem_get32(p[i]));
   }
   return RDNA_OK;
}

#define SMEM_SCRATCH(name, dwords, store)                                   \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in) \
   {                                                                        \
      return smem_scratch(w, in, dwords, store);                            \
   }

SMEM_SCRATCH(s_scratch_load_dword, 1, false)
SMEM_SCRATCH(s_scratch_load_dwordx2, 2, false)
SMEM_SCRATCH(s_scratch_load_dwordx4, 4, false)
SMEM_SCRATCH(s_scratch_store_dword, 1, true)
SMEM_SCRATCH(s_scratch_store_dwordx2, 2, true)
SMEM_SCRATCH(s_scratch_store_dwordx4, 4, true)

/* Caches do not exist in the interpreter: invalidations, write-backs, discards and address
 * translation probes change nothing. */
SMEM_NOP(s_gl1_inv)
SMEM_NOP(s_dcache_inv)
SMEM_NOP(s_dcache_wb)
SMEM_NOP(s_dcache_discard)
SMEM_NOP(s_dcache_discard_x2)
SMEM_NOP(s_atc_probe)
SMEM_NOP(s_atc_probe_buffer)

/* s_memtime and s_memrealtime: deterministic counters, both the number of instructions the wave
 * executed before this one (the step count, which s_getreg's SHADER_CYCLES also reads), so a
 * later read is never smaller and every run gives the same values. */
enum rdna_status exec_s_memtime(struct wave *w, const struct rdna_inst *in)
{
   wave_write_sgpr64(w, in->operands[0].reg, w->steps - 1); /* steps counts this one */
   return RDNA_OK;
}

enum rdna_status exec_s_memrealtime(struct wave *w, const struct rdna_inst *in)
{
   wave_write_sgpr64(w, in->operands[0].reg, w->steps - 1); /* steps counts this one */
   return RDNA_OK;
}

/* The wave's index within its workgroup (gfx1013). */
enum rdna_status exec_s_get_waveid_in_workgroup(struct wave *w, const struct rdna_inst *in)
{
   wave_write_sgpr(w, in->operands[0].reg, w->index % w->m->waves_per_group);
   return RDNA_OK;
}

#define SMEM_ATOMICS(p, buffer)                            \
   SMEM_ATOMIC(p##_swap, ATOMIC_SWAP, 32, buffer)          \
   SMEM_ATOMIC(p##_cmpswap, ATOMIC_CMPSWAP, 32, buffer)    \
   SMEM_ATOMIC(p##_add, ATOMIC_ADD, 32, buffer)            \
   SMEM_ATOMIC(p##_sub, ATOMIC_SUB, 32, buffer)            \
   SMEM_ATOMIC(p##_smin, ATOMIC_SMIN, 32, buffer)          \
   SMEM_ATOMIC(p##_umin, ATOMIC_UMIN, 32, buffer)          \
   SMEM_ATOMIC(p##_smax, ATOMIC_SMAX, 32, buffer)          \
   SMEM_ATOMIC(p##_umax, ATOMIC_UMAX, 32, buffer)          \
   SMEM_ATOMIC(p##_and, ATOMIC_AND, 32, buffer)            \
   SMEM_ATOMIC(p##_or, ATOMIC_OR, 32, buffer)              \
   SMEM_ATOMIC(p##_xor, ATOMIC_XOR, 32, buffer)            \
   SMEM_ATOMIC(p##_inc, ATOMIC_INC, 32, buffer)            \
   SMEM_ATOMIC(p##_dec, ATOMIC_DEC, 32, buffer)            \
   SMEM_ATOMIC(p##_swap_x2, ATOMIC_SWAP, 64, buffer)       \
   SMEM_ATOMIC(p##_cmpswap_x2, ATOMIC_CMPSWAP, 64, buffer) \
   SMEM_ATOMIC(p##_add_x2, ATOMIC_ADD, 64, buffer)         \
   SMEM_ATOMIC(p##_sub_x2, ATOMIC_SUB, 64, buffer)         \
   SMEM_ATOMIC(p##_smin_x2, ATOMIC_SMIN, 64, buffer)       \
   SMEM_ATOMIC(p##_umin_x2, ATOMIC_UMIN, 64, buffer)       \
   SMEM_ATOMIC(p##_smax_x2, ATOMIC_SMAX, 64, buffer)       \
   SMEM_ATOMIC(p##_umax_x2, ATOMIC_UMAX, 64, buffer)       \
   SMEM_ATOMIC(p##_and_x2, ATOMIC_AND, 64, buffer)         \
   SMEM_ATOMIC(p##_or_x2, ATOMIC_OR, 64, buffer)           \
   SMEM_ATOMIC(p##_xor_x2, ATOMIC_XOR, 64, buffer)         \
   SMEM_ATOMIC(p##_inc_x2, ATOMIC_INC, 64, buffer)         \
   SMEM_ATOMIC(p##_dec_x2, ATOMIC_DEC, 64, buffer)

SMEM_ATOMICS(s_atomic, false)
SMEM_ATOMICS(s_buffer_atomic, true)
