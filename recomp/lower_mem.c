/* Memory lowering: GLOBAL/FLAT/SCRATCH and MUBUF loads, stores and 32-bit atomics (RDNA2 ISA
 * guide chapters 8 and 10) over the module's guest memory (binding 0: every region of the case,
 * their addresses baked in as constants) and per-lane scratch (binding 2), and the placement
 * and lane-order helpers that lower_mem_format.c, lower_mem_atomic.c and lower_mem_scalar.c share
 * (lower_mem.h). The rules are the interpreter's (interp/mem.h): an access is aligned to its
 * element size (at most 4; atomics to their size) or faults MISALIGNED; it lies inside one
 * region (or the lane's 4096 scratch bytes) or faults UNMAPPED; every lane is checked before
 * anything is written, the first faulting lane (lowest) is recorded with its address, and a
 * faulting instruction changes nothing. Buffer range checks follow the V#'s oob_select; an
 * out-of-range lane loads 0 and stores nothing. Where lanes of one store write the same bytes the
 * highest lane's stay, as in the interpreter's ascending order. The per-lane work of loads,
 * stores and 32-bit atomics is emitted once, in loops over the invocation's lane slots
 * (lw_slot_loop_begin): a placement pass, then the access pass (recomp/README.md, "Slot loops").
 *
 * 32-bit atomics use the device's atomics; lanes of one wave that hit the same address see each
 * other's results in the device's order, where the interpreter runs lanes in ascending order:
 * the final memory agrees for the commutative operations, the returned values may not. */
#include <string.h>

#include "recomp/lower_mem.h"

#define T32 (l->t_u32)
#define T64 (l->t_u64)
#define TB (l->t_bool)

/* The interpreter's aperture of per-lane scratch (the high dword of its flat addresses). */
#define APERTURE_PRIVATE_HI 0x00020000u
#define APERTURE_SHARED_HI 0x00010000u

/* ---- address translation -------------------------------------------------------------------- */

void mem_place_global(struct lower *l, uint32_t addr, unsigned bytes, unsigned align,
                      struct mem_place *p)
{
   uint32_t mapped = lw_bool(l, false), offset = c64(l, 0);
   for (size_t i = 0; i < l->num_regions; i++) {
      const struct lower_region *r = &l->regions[i];
      if (r->size < bytes)
         continue;
      uint32_t rel = bin64(l, SpvOpISub, addr, c64(l, r->address));
      uint32_t inside = cmp(l, SpvOpULessThanEqual, rel, c64(l, r->size - bytes));
      uint32_t at = r->offset ? bin64(l, SpvOpIAdd, rel, c64(l, r->offset)) : rel;
      offset = lw_select(l, T64, inside, at, offset);
      mapped = mapped == lw_bool(l, false) ? inside : or_b(l, mapped, inside);
   }
   uint32_t misaligned = lw_bool(l, false);
   if (align > 1)
      misaligned = lw_nz64(l, bin64(l, SpvOpBitwiseAnd, addr, c64(l, align - 1)));
   p->fault =
      lw_select(l, T32, misaligned, c32(l, RDNA_FAULT_MISALIGNED),
                lw_select(l, T32, mapped, c32(l, RDNA_FAULT_NONE), c32(l, RDNA_FAULT_UNMAPPED)));
   p->shown = addr;
   p->scratch = lw_bool(l, false);
   p->lds = 0;
   p->offset = lw_lo(l, offset);
}

/* A scratch offset (the low 32 bits of `addr`) of wave lane `lane` (u32): inside its 4096
 * bytes. */
static void place_scratch(struct lower *l, uint32_t addr, unsigned bytes, unsigned align,
                          uint32_t lane, struct mem_place *p)
{
   uint32_t off = lw_zext64(l, lw_lo(l, addr));
   uint32_t end = bin64(l, SpvOpIAdd, off, c64(l, bytes));
   uint32_t unmapped = cmp(l, SpvOpUGreaterThan, end, c64(l, l->scratch_per_lane));
   uint32_t misaligned = lw_bool(l, false);
   if (align > 1)
      misaligned = lw_nz64(l, bin64(l, SpvOpBitwiseAnd, off, c64(l, align - 1)));
   p->fault =
      lw_select(l, T32, misaligned, c32(l, RDNA_FAULT_MISALIGNED),
                lw_select(l, T32, unmapped, c32(l, RDNA_FAULT_UNMAPPED), c32(l, RDNA_FAULT_NONE)));
   p->shown = bin64(l, SpvOpBitwiseOr, off, c64(l, (uint64_t)APERTURE_PRIVATE_HI << 32));
   p->scratch = lw_bool(l, true);
   p->lds = 0;
   uint32_t wave_lane =
      bin(l, SpvOpIAdd, bin(l, SpvOpIMul, l->wave_index, c32(l, l->wave_size)), lane);
   uint32_t base = bin(l, SpvOpIMul, wave_lane, c32(l, (uint32_t)l->scratch_per_lane));
   p->offset = bin(l, SpvOpIAdd, base, lw_lo(l, off));
}

/* A FLAT address picks its space by aperture (guide 10.1): the high dword equal to
 * src_private_base's value is the lane's scratch; src_shared_base's is the workgroup's LDS at the
 * low dword, where (unlike a DS access) a misaligned element faults MISALIGNED and one outside
 * the allocation faults UNMAPPED, with the aperture address, as the interpreter's FLAT does;
 * anything else is global memory. */
static void place_flat(struct lower *l, uint32_t addr, unsigned bytes, unsigned align,
                       uint32_t lane, struct mem_place *p)
{
   struct mem_place g, s;
   mem_place_global(l, addr, bytes, align, &g);
   place_scratch(l, addr, bytes, align, lane, &s);
   uint32_t hi = lw_hi(l, addr);
   uint32_t is_scratch = cmp(l, SpvOpIEqual, hi, c32(l, APERTURE_PRIVATE_HI));
   uint32_t is_lds = cmp(l, SpvOpIEqual, hi, c32(l, APERTURE_SHARED_HI));
   uint32_t lds_shown =
      bin64(l, SpvOpBitwiseOr, bin64(l, SpvOpBitwiseAnd, addr, c64(l, 0xffffffffu)),
            c64(l, (uint64_t)APERTURE_SHARED_HI << 32));
   uint32_t lds_misaligned = align > 1
                                ? lw_nz64(l, bin64(l, SpvOpBitwiseAnd, addr, c64(l, align - 1)))
                                : lw_bool(l, false);
   uint32_t lds_offset = lw_lo(l, addr);
   uint32_t lds_inside = l->lds_bytes >= bytes
                            ? cmp(l, SpvOpULessThanEqual, lds_offset, c32(l, l->lds_bytes - bytes))
                            : lw_bool(l, false);
   uint32_t lds_kind = lw_select(
      l, T32, lds_misaligned, c32(l, RDNA_FAULT_MISALIGNED),
      lw_select(l, T32, lds_inside, c32(l, RDNA_FAULT_NONE), c32(l, RDNA_FAULT_UNMAPPED)));
   p->fault = lw_select(l, T32, is_scratch, s.fault, lw_select(l, T32, is_lds, lds_kind, g.fault));
   p->shown = lw_select(l, T64, is_scratch, s.shown, lw_select(l, T64, is_lds, lds_shown, g.shown));
   p->scratch = is_scratch;
   p->lds = is_lds;
   p->offset =
      lw_select(l, T32, is_scratch, s.offset, lw_select(l, T32, is_lds, lds_offset, g.offset));
}

/* ---- word access ---------------------------------------------------------------------------- */

uint32_t mem_word_ptr(struct lower *l, uint32_t buffer, uint32_t word)
{
   if (buffer == l->lds)
      return lw_lds_word(l, word);
   if (buffer == l->memory && l->memory_base)
      word = bin(l, SpvOpIAdd, word, l->memory_base);
   uint32_t indices[2] = { c32(l, 0), word };
   return spvb_access_chain(l->b, l->t_ptr_sb_u32, buffer, indices, 2);
}

/* Runs `op` on the lane's buffer: memory, scratch or the LDS by the run-time flags. */
void mem_with_buffer(struct lower *l, const struct mem_place *p, struct mem_word_op op)
{
   uint32_t word = bin(l, SpvOpShiftRightLogical, p->offset, c32(l, 2));
   uint32_t shift =
      bin(l, SpvOpShiftLeftLogical, bin(l, SpvOpBitwiseAnd, p->offset, c32(l, 3)), c32(l, 3));
   /* A segment known when lowering (GLOBAL, SCRATCH) needs no branch. */
   if (p->scratch == lw_bool(l, true)) {
      op.fn(l, l->scratch, word, shift, op.user);
      return;
   }
   if (p->scratch == lw_bool(l, false) && !p->lds) {
      op.fn(l, l->memory, word, shift, op.user);
      return;
   }
   uint32_t then_label = spvb_id(l->b), else_label = spvb_id(l->b), merge = spvb_id(l->b);
   lw_selection_merge(l, merge);
   spvb_branch_conditional(l->b, p->scratch, then_label, else_label);
   lw_label(l, then_label);
   op.fn(l, l->scratch, word, shift, op.user);
   lw_branch(l, merge);
   lw_label(l, else_label);
   if (p->lds) {
      uint32_t lds_label = spvb_id(l->b), memory_label = spvb_id(l->b), inner = spvb_id(l->b);
      lw_selection_merge(l, inner);
      spvb_branch_conditional(l->b, p->lds, lds_label, memory_label);
      lw_label(l, lds_label);
      op.fn(l, l->lds, word, shift, op.user);
      lw_branch(l, inner);
      lw_label(l, memory_label);
      op.fn(l, l->memory, word, shift, op.user);
      lw_branch(l, inner);
      lw_label(l, inner);
   } else {
      op.fn(l, l->memory, word, shift, op.user);
   }
   lw_branch(l, merge);
   lw_label(l, merge);
}

/* ---- vector memory -------------------------------------------------------------------------- */

enum shape {
   SHAPE_U8,
   SHAPE_I8,
   SHAPE_U16,
   SHAPE_I16,
   SHAPE_B32, /* 1..4 dwords */
   SHAPE_U8_D16,
   SHAPE_U8_D16_HI,
   SHAPE_I8_D16,
   SHAPE_I8_D16_HI,
   SHAPE_B16_D16,
   SHAPE_B16_D16_HI,
};

static unsigned shape_bytes(enum shape shape, unsigned dwords)
{
   switch (shape) {
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
   default:
      return 4 * dwords;
   }
}

uint32_t mem_place_lanes(struct lower *l, const struct mem_lanes *la, enum mem_segment seg,
                         unsigned bytes, unsigned align, struct mem_place p[])
{
   for (unsigned k = 0; k < l->slots; k++) {
      if (seg == SEG_GLOBAL)
         mem_place_global(l, la->addr[k], bytes, align, &p[k]);
      else if (seg == SEG_SCRATCH)
         place_scratch(l, la->addr[k], bytes, align, l->lane[k], &p[k]);
      else
         place_flat(l, la->addr[k], bytes, align, l->lane[k], &p[k]);
   }
   return mem_first_fault(l, la, p);
}

uint32_t mem_first_fault(struct lower *l, const struct mem_lanes *la, const struct mem_place p[])
{
   uint32_t bad[LOWER_MAX_SLOTS], kind[LOWER_MAX_SLOTS], shown_lo[LOWER_MAX_SLOTS],
      shown_hi[LOWER_MAX_SLOTS];
   for (unsigned k = 0; k < l->slots; k++) {
      bad[k] = and_b(l, la->enabled[k], lw_nz(l, p[k].fault));
      kind[k] = p[k].fault;
      shown_lo[k] = lw_lo(l, p[k].shown);
      shown_hi[k] = lw_hi(l, p[k].shown);
   }
   uint32_t mask = lw_ballot(l, bad);
   uint32_t any = lw_nz64(l, mask);
   uint32_t first = lw_select(l, T32, any, lw_lowest_lane(l, mask), c32(l, 0));
   uint32_t fault_kind = lw_read_lane(l, kind, first);
   uint32_t address =
      lw_pack64(l, lw_read_lane(l, shown_lo, first), lw_read_lane(l, shown_hi, first));
   lw_fault_value(l, any, fault_kind, first, address);
   return not_b(l, any);
}

/* A global address with a run-time size and alignment: place_global's rule. */
static void place_global_sized(struct lower *l, uint32_t addr, uint32_t bytes, uint32_t align,
                               struct mem_place *p)
{
   uint32_t mapped = lw_bool(l, false), offset = c64(l, 0);
   uint32_t bytes64 = lw_zext64(l, bytes);
   for (size_t i = 0; i < l->num_regions; i++) {
      const struct lower_region *r = &l->regions[i];
      uint32_t size = c64(l, r->size);
      uint32_t rel = bin64(l, SpvOpISub, addr, c64(l, r->address));
      uint32_t inside = and_b(l, cmp(l, SpvOpULessThanEqual, bytes64, size),
                              cmp(l, SpvOpULessThanEqual, rel, bin64(l, SpvOpISub, size, bytes64)));
      offset = lw_select(l, T64, inside, bin64(l, SpvOpIAdd, rel, c64(l, r->offset)), offset);
      mapped = or_b(l, mapped, inside);
   }
   uint32_t misaligned =
      lw_nz(l, bin(l, SpvOpBitwiseAnd, lw_lo(l, addr), bin(l, SpvOpISub, align, c32(l, 1))));
   p->fault =
      lw_select(l, T32, misaligned, c32(l, RDNA_FAULT_MISALIGNED),
                lw_select(l, T32, mapped, c32(l, RDNA_FAULT_NONE), c32(l, RDNA_FAULT_UNMAPPED)));
   p->shown = addr;
   p->scratch = lw_bool(l, false);
   p->lds = 0;
   p->offset = lw_lo(l, offset);
}

uint32_t mem_place_global_lanes(struct lower *l, const struct mem_lanes *la, uint32_t bytes,
                                uint32_t align, struct mem_place p[])
{
   for (unsigned k = 0; k < l->slots; k++)
      place_global_sized(l, la->addr[k], bytes, align, &p[k]);
   return mem_first_fault(l, la, p);
}

/* ---- same-address order of one store's lanes ------------------------------------------------ */

static uint32_t shuffle32(struct lower *l, uint32_t value, uint32_t invocation)
{
   uint32_t operands[3] = { c32(l, SpvScopeSubgroup), value, invocation };
   return spvb_op(l->b, SpvOpGroupNonUniformShuffle, T32, operands, 3);
}

/* bool, uniform: every lane's range ends at or before the next lane's address (lanes of every
 * EXEC state, with no wrap), so no two lanes' ranges meet and no lane is covered. The common
 * shape (base + lane * stride, stride >= size) passes with two shuffles per slot. */
static uint32_t lanes_ascend_apart(struct lower *l, const struct mem_lanes *la, uint32_t bytes)
{
   uint32_t last = c32(l, l->subgroup_size - 1);
   uint32_t next_inv = bin(l, SpvOpBitwiseAnd, bin(l, SpvOpIAdd, l->invocation, c32(l, 1)), last);
   uint32_t wraps = cmp(l, SpvOpIEqual, l->invocation, last);
   uint32_t apart_not[LOWER_MAX_SLOTS];
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t here = la->addr[k];
      uint32_t same_lo = shuffle32(l, lw_lo(l, here), next_inv);
      uint32_t same_hi = shuffle32(l, lw_hi(l, here), next_inv);
      uint32_t next = lw_pack64(l, same_lo, same_hi);
      uint32_t end = bin64(l, SpvOpIAdd, here, bytes);
      uint32_t ok =
         and_b(l, cmp(l, SpvOpUGreaterThan, end, here), cmp(l, SpvOpUGreaterThanEqual, next, end));
      if (k + 1 < l->slots) {
         uint32_t zero = c32(l, 0);
         uint32_t next_slot = lw_pack64(l, shuffle32(l, lw_lo(l, la->addr[k + 1]), zero),
                                        shuffle32(l, lw_hi(l, la->addr[k + 1]), zero));
         uint32_t ok_wrap = and_b(l, cmp(l, SpvOpUGreaterThan, end, here),
                                  cmp(l, SpvOpUGreaterThanEqual, next_slot, end));
         ok = lw_select(l, TB, wraps, ok_wrap, ok);
      } else {
         ok = or_b(l, wraps, ok); /* the wave's last lane has no successor */
      }
      apart_not[k] = not_b(l, ok);
   }
   return not_b(l, lw_nz64(l, lw_ballot(l, apart_not)));
}

/* When the lanes do not plainly ascend, a uniform loop over the enabled lanes j (lowest first)
 * reads lane j's address (shuffles across the slots) and marks every element of a lower lane
 * that starts inside lane j's range: elements are aligned to their size and every lane writes
 * whole elements of one size, so an element starting inside the range lies inside it. */
void mem_covered_by_higher_lane(struct lower *l, const struct mem_lanes *la,
                                const uint32_t private_lane[], uint32_t bytes_per_lane,
                                unsigned elements, const uint32_t element_offset[],
                                uint32_t covered[][LOWER_MAX_SLOTS])
{
   uint32_t vars[4][LOWER_MAX_SLOTS];
   uint32_t sharing[LOWER_MAX_SLOTS], addr_lo[LOWER_MAX_SLOTS], addr_hi[LOWER_MAX_SLOTS];
   for (unsigned k = 0; k < l->slots; k++) {
      for (unsigned e = 0; e < elements; e++) {
         vars[e][k] = spvb_function_variable(l->b, l->t_ptr_bool);
         spvb_store(l->b, vars[e][k], lw_bool(l, false));
      }
      sharing[k] =
         private_lane[k] ? and_b(l, la->enabled[k], not_b(l, private_lane[k])) : la->enabled[k];
      addr_lo[k] = lw_lo(l, la->addr[k]);
      addr_hi[k] = lw_hi(l, la->addr[k]);
   }
   uint32_t writers = lw_ballot(l, sharing);
   uint32_t merge = lw_if_begin(l, not_b(l, lanes_ascend_apart(l, la, bytes_per_lane)));
   struct lw_lane_loop lanes;
   uint32_t j = lw_lane_loop_begin(l, writers, &lanes);
   uint32_t start = lw_pack64(l, lw_read_lane(l, addr_lo, j), lw_read_lane(l, addr_hi, j));
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t below = and_b(l, sharing[k], cmp(l, SpvOpULessThan, l->lane[k], j));
      for (unsigned e = 0; e < elements; e++) {
         uint32_t at = bin64(l, SpvOpIAdd, la->addr[k], element_offset[e]);
         uint32_t inside = cmp(l, SpvOpULessThan, bin64(l, SpvOpISub, at, start), bytes_per_lane);
         uint32_t was = spvb_load(l->b, TB, vars[e][k]);
         spvb_store(l->b, vars[e][k], or_b(l, was, and_b(l, below, inside)));
      }
   }
   lw_lane_loop_end(l, &lanes);
   lw_if_end(l, merge);
   for (unsigned k = 0; k < l->slots; k++)
      for (unsigned e = 0; e < elements; e++)
         covered[e][k] = spvb_load(l->b, TB, vars[e][k]);
}

/* A load's value of one lane from the words at `word`: `out` receives the data dwords through
 * Function temporaries. */
struct load_user {
   enum shape shape;
   unsigned dwords;
   uint32_t temps[4];
};

static void load_words(struct lower *l, uint32_t buffer, uint32_t word, uint32_t shift, void *user)
{
   struct load_user *u = user;
   if (u->shape == SHAPE_B32) {
      for (unsigned i = 0; i < u->dwords; i++) {
         uint32_t w = bin(l, SpvOpIAdd, word, c32(l, i));
         spvb_store(l->b, u->temps[i], spvb_load(l->b, T32, mem_word_ptr(l, buffer, w)));
      }
      return;
   }
   uint32_t w = spvb_load(l->b, T32, mem_word_ptr(l, buffer, word));
   spvb_store(l->b, u->temps[0], bin(l, SpvOpShiftRightLogical, w, shift));
}

/* The register value of a sub-dword load from the bytes `raw` (low bits), `old` the
 * destination's current value (the kept half of the d16 shapes; unused by the others). */
static uint32_t shape_value(struct lower *l, enum shape shape, uint32_t raw, uint32_t old)
{
   uint32_t value = raw;
   switch (shape) {
   case SHAPE_U8:
   case SHAPE_U8_D16:
   case SHAPE_U8_D16_HI:
      value = bin(l, SpvOpBitwiseAnd, raw, c32(l, 0xff));
      break;
   case SHAPE_I8:
   case SHAPE_I8_D16:
   case SHAPE_I8_D16_HI:
      value = bin(l, SpvOpShiftRightArithmetic, bin(l, SpvOpShiftLeftLogical, raw, c32(l, 24)),
                  c32(l, 24));
      break;
   case SHAPE_U16:
   case SHAPE_B16_D16:
   case SHAPE_B16_D16_HI:
      value = bin(l, SpvOpBitwiseAnd, raw, c32(l, 0xffff));
      break;
   case SHAPE_I16:
      value = bin(l, SpvOpShiftRightArithmetic, bin(l, SpvOpShiftLeftLogical, raw, c32(l, 16)),
                  c32(l, 16));
      break;
   default:
      return raw;
   }
   switch (shape) {
   case SHAPE_U8_D16:
   case SHAPE_I8_D16:
   case SHAPE_B16_D16:
      return bin(l, SpvOpBitwiseOr, bin(l, SpvOpBitwiseAnd, old, c32(l, 0xffff0000u)),
                 bin(l, SpvOpBitwiseAnd, value, c32(l, 0xffff)));
   case SHAPE_U8_D16_HI:
   case SHAPE_I8_D16_HI:
   case SHAPE_B16_D16_HI:
      return bin(l, SpvOpBitwiseOr, bin(l, SpvOpBitwiseAnd, old, c32(l, 0xffff)),
                 bin(l, SpvOpShiftLeftLogical, value, c32(l, 16)));
   default:
      return value;
   }
}

/* ---- lane sources: each lane's address, computed inside a slot loop ------------------------- */

/* How one instruction's lanes address memory (guide 10.3 "Addressing" for FLAT, GLOBAL and
 * SCRATCH; 8.1.2 for MUBUF): the VGPRs it reads (each slot's, inside the loop) and the uniform
 * values around them. */
enum lane_form {
   FORM_VADDR64,     /* FLAT, GLOBAL with saddr off: the 64-bit vaddr */
   FORM_SADDR_TID,   /* GLOBAL _addtid: saddr + lane * 4 */
   FORM_SADDR_VADDR, /* GLOBAL: saddr + the zero-extended 32-bit vaddr */
   FORM_SCRATCH,     /* SCRATCH: the VGPR, the SGPR or 0 as a 32-bit per-lane offset */
   FORM_BUFFER,      /* MUBUF/MTBUF: a V#, index and offset */
};

struct lane_source {
   enum lane_form form;
   uint32_t exec;   /* u64 */
   int v[2];        /* the address VGPRs (buffers: index, offset); -1: none */
   uint32_t base;   /* u64: saddr (FLAT forms) or the V#'s base plus soffset (buffers) */
   uint32_t offset; /* u64: the instruction's offset (FLAT forms: 0 when it is 0) */
   /* buffers (guide 8.1.2, 8.1.6) */
   uint32_t stride, records, index_stride, size; /* u64 */
   uint32_t index_shift;                         /* u32: log2 index_stride */
   uint32_t swizzle, add_tid;                    /* bool */
   uint32_t oob;                                 /* u32: oob_select */
};

/* Buffer addressing of one lane (guide 8.1.2), the range check by oob_select (8.1.6), and the
 * swizzled layout; see mem_buffer_lanes. `out` receives whether the lane is out of range. */
static uint32_t buffer_lane_address(struct lower *l, const struct lane_source *s,
                                    const struct lw_slot_loop *loop, uint32_t *out)
{
   uint32_t index =
      s->v[0] >= 0 ? lw_zext64(l, lw_slot_vgpr(l, (unsigned)s->v[0], loop)) : c64(l, 0);
   index = bin64(l, SpvOpIAdd, index,
                 lw_select(l, T64, s->add_tid, lw_zext64(l, loop->lane), c64(l, 0)));
   uint32_t offset = s->offset;
   if (s->v[1] >= 0)
      offset = bin64(l, SpvOpIAdd, offset, lw_zext64(l, lw_slot_vgpr(l, (unsigned)s->v[1], loop)));
   uint32_t end = bin64(l, SpvOpIAdd, offset, s->size);
   uint32_t past_records = cmp(l, SpvOpUGreaterThanEqual, index, s->records);
   uint32_t linear = bin64(l, SpvOpIAdd, bin64(l, SpvOpIMul, index, s->stride), offset);
   /* index_stride is 8 << n: index / index_stride and index % index_stride are a shift and a
    * mask. */
   uint32_t swizzled = bin64(
      l, SpvOpIAdd,
      bin64(l, SpvOpShiftLeftLogical,
            bin64(l, SpvOpIAdd,
                  bin64(l, SpvOpIMul, bin64(l, SpvOpShiftRightLogical, index, s->index_shift),
                        s->stride),
                  bin64(l, SpvOpBitwiseAnd, offset, c64(l, ~(uint64_t)3))),
            s->index_shift),
      bin64(l, SpvOpIAdd,
            bin64(l, SpvOpShiftLeftLogical,
                  bin64(l, SpvOpBitwiseAnd, index, bin64(l, SpvOpISub, s->index_stride, c64(l, 1))),
                  c32(l, 2)),
            bin64(l, SpvOpBitwiseAnd, offset, c64(l, 3))));
   uint32_t out0 = or_b(l, past_records, cmp(l, SpvOpUGreaterThan, end, s->stride));
   uint32_t out2 = cmp(l, SpvOpIEqual, s->records, c64(l, 0));
   uint32_t out3 = cmp(l, SpvOpUGreaterThan, bin64(l, SpvOpIAdd, linear, s->size), s->records);
   *out =
      lw_select(l, TB, cmp(l, SpvOpIEqual, s->oob, c32(l, 0)), out0,
                lw_select(l, TB, cmp(l, SpvOpIEqual, s->oob, c32(l, 1)), past_records,
                          lw_select(l, TB, cmp(l, SpvOpIEqual, s->oob, c32(l, 2)), out2, out3)));
   return bin64(l, SpvOpIAdd, s->base, lw_select(l, T64, s->swizzle, swizzled, linear));
}

/* The address (u64) of the lane of slot `slot` (u32), whether it accesses memory (bool) and
 * whether it is a buffer lane out of range (bool; loads give it 0). */
static void lane_address(struct lower *l, const struct lane_source *s,
                         const struct lw_slot_loop *loop, uint32_t *addr, uint32_t *enabled,
                         uint32_t *zero)
{
   uint32_t lane = loop->lane;
   uint32_t active = lw_lane_enabled(l, s->exec, lane), a;
   *zero = lw_bool(l, false);
   switch (s->form) {
   case FORM_VADDR64:
      a = lw_pack64(l, lw_slot_vgpr(l, (unsigned)s->v[0], loop),
                    lw_slot_vgpr(l, (unsigned)s->v[1], loop));
      break;
   case FORM_SADDR_TID:
      a =
         bin64(l, SpvOpIAdd, s->base, lw_zext64(l, bin(l, SpvOpShiftLeftLogical, lane, c32(l, 2))));
      break;
   case FORM_SADDR_VADDR:
      a = bin64(l, SpvOpIAdd, s->base, lw_zext64(l, lw_slot_vgpr(l, (unsigned)s->v[0], loop)));
      break;
   case FORM_SCRATCH:
      a = s->v[0] >= 0 ? lw_zext64(l, lw_slot_vgpr(l, (unsigned)s->v[0], loop)) : s->base;
      break;
   default: {
      uint32_t out;
      *addr = buffer_lane_address(l, s, loop, &out);
      *enabled = and_b(l, active, not_b(l, out));
      *zero = and_b(l, active, out);
      return;
   }
   }
   if (s->offset)
      a = bin64(l, SpvOpIAdd, a, s->offset);
   if (s->form == FORM_SCRATCH)
      a = lw_zext64(l, lw_lo(l, a));
   *addr = a;
   *enabled = active;
}

/* The lanes of a source as per-slot values (for the lowerings that place them slot by slot:
 * 64-bit atomics, typed buffer accesses, loads to the LDS): the addresses are computed in one
 * slot loop and read back. */
static void lanes_from_source(struct lower *l, const struct lane_source *s, struct mem_lanes *la)
{
   uint32_t addr = lw_slot_array(l, T64), enabled = lw_slot_array(l, TB),
            zero = lw_slot_array(l, TB);
   struct lw_slot_loop loop;
   lw_slot_loop_begin(l, &loop);
   uint32_t a, e, z;
   lane_address(l, s, &loop, &a, &e, &z);
   lw_slot_put(l, addr, T64, &loop, a);
   lw_slot_put(l, enabled, TB, &loop, e);
   lw_slot_put(l, zero, TB, &loop, z);
   lw_slot_loop_end(l, &loop);
   for (unsigned k = 0; k < l->slots; k++) {
      la->addr[k] = lw_slot_get_at(l, addr, T64, k);
      la->enabled[k] = lw_slot_get_at(l, enabled, TB, k);
      la->zero[k] = s->form == FORM_BUFFER ? lw_slot_get_at(l, zero, TB, k) : 0;
   }
}

/* ---- the placement pass --------------------------------------------------------------------- */

/* What the placement pass of one instruction leaves for its access pass, per slot. */
struct lane_places {
   enum mem_segment seg;
   uint32_t addr;         /* slot array of u64 */
   uint32_t enabled;      /* slot array of bool: the lane accesses memory */
   uint32_t write;        /* slot array of bool: the lane's result is written (enabled or out of
                           * range); 0 when the access has no result */
   uint32_t offset;       /* slot array of u32: mem_place.offset */
   uint32_t scratch, lds; /* FLAT: slot arrays of bool */
};

/* The placement of the loop's slot as mem_with_buffer takes it. */
static struct mem_place lane_place_at(struct lower *l, const struct lane_places *pl,
                                      const struct lw_slot_loop *loop)
{
   struct mem_place p = { 0 };
   p.offset = lw_slot_get(l, pl->offset, T32, loop);
   if (pl->seg == SEG_FLAT) {
      p.scratch = lw_slot_get(l, pl->scratch, TB, loop);
      p.lds = lw_slot_get(l, pl->lds, TB, loop);
   } else {
      p.scratch = lw_bool(l, pl->seg == SEG_SCRATCH);
   }
   return p;
}

/* A load's per-lane results in slot arrays (u32, one per written dword). */
struct load_pass {
   enum shape shape;
   unsigned dwords;
   uint32_t result[4];
};

/* The d16 shapes keep the other half of their destination. */
static bool shape_keeps_half(enum shape shape)
{
   return shape >= SHAPE_U8_D16;
}

/* The same-address order of a store's lanes (mem_covered_by_higher_lane's rule), checked in the
 * placement pass: whether every lane's range ends at or before the next lane's address (lanes
 * of every EXEC state, no wrap), so that no lane is covered, which the usual base + lane * stride
 * passes; and which lanes write memory others can share (scratch lanes share nothing). */
struct store_order {
   unsigned bytes, elements, element_bytes;
   uint32_t sharing;  /* slot array of bool */
   uint32_t writers;  /* u64 variable: the wave mask of the sharing lanes */
   uint32_t crowded;  /* u64 variable: lanes whose range does not plainly follow the previous */
   uint32_t prev_end; /* u64 variable: the end of the previous slot's last lane */
   /* slot arrays of bool per element, covered_by_higher_lanes's result (false until then) */
   uint32_t covered[4];
};

/* u64 `value` of `invocation` (u32, per invocation). */
static uint32_t shuffle64(struct lower *l, uint32_t value, uint32_t invocation)
{
   return lw_pack64(l, shuffle32(l, lw_lo(l, value), invocation),
                    shuffle32(l, lw_hi(l, value), invocation));
}

/* u64 `value` of `invocation` (a uniform u32) in every invocation (SPIR-V 1.5 allows a
 * dynamically uniform id). */
static uint32_t broadcast64(struct lower *l, uint32_t value, uint32_t invocation)
{
   uint32_t half[2] = { lw_lo(l, value), lw_hi(l, value) };
   for (unsigned i = 0; i < 2; i++) {
      uint32_t operands[3] = { c32(l, SpvScopeSubgroup), half[i], invocation };
      half[i] = spvb_op(l->b, SpvOpGroupNonUniformBroadcast, T32, operands, 3);
   }
   return lw_pack64(l, half[0], half[1]);
}

/* ORs a slot's part into a u64 mask variable (with one slot: the whole mask). */
static void accumulate_mask(struct lower *l, uint32_t var, uint32_t part)
{
   if (l->slots > 1)
      part = bin64(l, SpvOpBitwiseOr, spvb_load(l->b, T64, var), part);
   spvb_store(l->b, var, part);
}

static void order_begin(struct lower *l, enum mem_segment seg, struct lane_places *pl,
                        struct store_order *o)
{
   o->sharing = seg == SEG_FLAT ? lw_slot_array(l, TB) : pl->enabled;
   o->writers = spvb_function_variable(l->b, l->t_ptr_u64);
   o->crowded = spvb_function_variable(l->b, l->t_ptr_u64);
   if (l->slots > 1) { /* with one slot the order pass writes both masks once */
      o->prev_end = spvb_function_variable(l->b, l->t_ptr_u64);
      spvb_store(l->b, o->writers, c64(l, 0));
      spvb_store(l->b, o->crowded, c64(l, 0));
      spvb_store(l->b, o->prev_end, c64(l, 0));
   }
   for (unsigned e = 0; e < o->elements; e++) {
      o->covered[e] = lw_slot_array(l, TB);
      for (unsigned k = 0; k < l->slots; k++)
         lw_slot_put_at(l, o->covered[e], k, lw_bool(l, false));
   }
}

/* One slot's part of the order check: its lanes' ranges against their predecessors' (the
 * subgroup's first invocation follows the previous slot's last one). */
static void order_slot(struct lower *l, const struct store_order *o, bool flat,
                       const struct lw_slot_loop *loop, uint32_t addr, uint32_t sharing)
{
   if (flat)
      lw_slot_put(l, o->sharing, TB, loop, sharing);
   accumulate_mask(l, o->writers, lw_slot_ballot(l, loop, sharing));
   uint32_t last_inv = c32(l, l->subgroup_size - 1);
   uint32_t end = bin64(l, SpvOpIAdd, addr, c64(l, o->bytes));
   uint32_t prev = shuffle64(
      l, end, bin(l, SpvOpBitwiseAnd, bin(l, SpvOpISub, l->invocation, c32(l, 1)), last_inv));
   prev = lw_select(l, T64, cmp(l, SpvOpIEqual, l->invocation, c32(l, 0)),
                    l->slots > 1 ? spvb_load(l->b, T64, o->prev_end) : c64(l, 0), prev);
   uint32_t ok =
      and_b(l, cmp(l, SpvOpUGreaterThan, end, addr), cmp(l, SpvOpUGreaterThanEqual, addr, prev));
   accumulate_mask(l, o->crowded, lw_slot_ballot(l, loop, not_b(l, ok)));
   if (l->slots > 1)
      spvb_store(l->b, o->prev_end, shuffle64(l, end, last_inv));
}

/* One slot loop places every lane's access of `bytes` aligned to `align`, records what the
 * access pass needs in `pl`, and collects the lanes that fault in a wave mask; afterwards the
 * lowest of them is recorded with its fault and address (interp/mem.h). A load (`load` not
 * NULL) reads its words in the same loop: a read changes nothing, and the results are written
 * to VGPRs only when no lane faults. `results`: keep which lanes' results are written (loads,
 * atomics that return). Returns the bool "no lane faults" (uniform). */
static uint32_t place_pass(struct lower *l, const struct lane_source *s, enum mem_segment seg,
                           unsigned bytes, unsigned align, struct lane_places *pl, bool results,
                           struct load_pass *load, struct store_order *order)
{
   pl->seg = seg;
   pl->addr = lw_slot_array(l, T64);
   pl->enabled = lw_slot_array(l, TB);
   pl->write = results ? lw_slot_array(l, TB) : 0;
   pl->offset = lw_slot_array(l, T32);
   pl->scratch = seg == SEG_FLAT ? lw_slot_array(l, TB) : 0;
   pl->lds = seg == SEG_FLAT ? lw_slot_array(l, TB) : 0;
   /* The invocation's lowest faulting lane's fault kind (0: none yet) and address. */
   uint32_t kind = spvb_function_variable(l->b, l->t_ptr_u32);
   uint32_t shown = spvb_function_variable(l->b, l->t_ptr_u64);
   uint32_t faulting = spvb_function_variable(l->b, l->t_ptr_u64);
   if (l->slots > 1) {
      spvb_store(l->b, kind, c32(l, RDNA_FAULT_NONE));
      spvb_store(l->b, shown, c64(l, 0));
      spvb_store(l->b, faulting, c64(l, 0));
   }
   if (order)
      order_begin(l, seg, pl, order);

   struct lw_slot_loop loop;
   lw_slot_loop_begin(l, &loop);
   uint32_t addr, enabled, zero;
   lane_address(l, s, &loop, &addr, &enabled, &zero);
   struct mem_place p;
   if (seg == SEG_GLOBAL)
      mem_place_global(l, addr, bytes, align, &p);
   else if (seg == SEG_SCRATCH)
      place_scratch(l, addr, bytes, align, loop.lane, &p);
   else
      place_flat(l, addr, bytes, align, loop.lane, &p);
   uint32_t fault_free = cmp(l, SpvOpIEqual, p.fault, c32(l, RDNA_FAULT_NONE));
   uint32_t bad = and_b(l, enabled, not_b(l, fault_free));
   accumulate_mask(l, faulting, lw_slot_ballot(l, &loop, bad));
   if (l->slots > 1) {
      uint32_t kind_now = spvb_load(l->b, T32, kind);
      uint32_t first_here = and_b(l, bad, cmp(l, SpvOpIEqual, kind_now, c32(l, RDNA_FAULT_NONE)));
      spvb_store(l->b, kind, lw_select(l, T32, first_here, p.fault, kind_now));
      spvb_store(l->b, shown, lw_select(l, T64, first_here, p.shown, spvb_load(l->b, T64, shown)));
   } else { /* a faulting lane's own fault is the one reported */
      spvb_store(l->b, kind, p.fault);
      spvb_store(l->b, shown, p.shown);
   }
   lw_slot_put(l, pl->addr, T64, &loop, addr);
   lw_slot_put(l, pl->enabled, TB, &loop, enabled);
   if (results)
      lw_slot_put(l, pl->write, TB, &loop, or_b(l, enabled, zero));
   lw_slot_put(l, pl->offset, T32, &loop, p.offset);
   if (seg == SEG_FLAT) {
      lw_slot_put(l, pl->scratch, TB, &loop, p.scratch);
      lw_slot_put(l, pl->lds, TB, &loop, p.lds);
   }
   if (order)
      order_slot(l, order, seg == SEG_FLAT, &loop, addr,
                 seg == SEG_FLAT ? and_b(l, enabled, not_b(l, p.scratch)) : enabled);
   if (load) {
      struct load_user u = { load->shape, load->dwords, { 0 } };
      unsigned written = load->shape == SHAPE_B32 ? load->dwords : 1;
      for (unsigned i = 0; i < written; i++) {
         u.temps[i] = spvb_function_variable(l->b, l->t_ptr_u32);
         spvb_store(l->b, u.temps[i], c32(l, 0));
      }
      uint32_t merge = lw_if_begin(l, and_b(l, enabled, fault_free));
      mem_with_buffer(l, &p, (struct mem_word_op){ load_words, &u });
      lw_if_end(l, merge);
      for (unsigned i = 0; i < written; i++) {
         uint32_t value = spvb_load(l->b, T32, u.temps[i]);
         if (load->shape != SHAPE_B32 && !shape_keeps_half(load->shape))
            value = shape_value(l, load->shape, value, 0);
         lw_slot_put(l, load->result[i], T32, &loop, value);
      }
   }
   lw_slot_loop_end(l, &loop);

   uint32_t mask = spvb_load(l->b, T64, faulting);
   uint32_t any = lw_nz64(l, mask);
   uint32_t first = lw_select(l, T32, any, lw_lowest_lane(l, mask), c32(l, 0));
   /* The wave's lowest faulting lane is its invocation's lowest one. */
   uint32_t owner = bin(l, SpvOpBitwiseAnd, first, c32(l, l->subgroup_size - 1));
   uint32_t operands[3] = { c32(l, SpvScopeSubgroup), spvb_load(l->b, T32, kind), owner };
   uint32_t fault_kind = spvb_op(l->b, SpvOpGroupNonUniformBroadcast, T32, operands, 3);
   lw_fault_value(l, any, fault_kind, first, broadcast64(l, spvb_load(l->b, T64, shown), owner));
   return not_b(l, any);
}

/* Where the order check found lanes out of line, a uniform loop over the writing lanes j
 * (lowest first) reads lane j's address and marks every element of a lower lane that starts
 * inside lane j's range: elements are aligned to their size and every lane writes whole
 * elements of one size, so an element starting inside the range lies inside it.
 * o->covered[e] receives whether a higher enabled lane also writes element e (of
 * `element_bytes` at addr + e * element_bytes) of the slot's lane. */
static void covered_by_higher_lanes(struct lower *l, const struct lane_places *pl,
                                    const struct store_order *o)
{
   const uint32_t *covered = o->covered;
   uint32_t size = c64(l, o->bytes);
   uint32_t merge = lw_if_begin(l, lw_nz64(l, spvb_load(l->b, T64, o->crowded)));
   struct lw_lane_loop lanes;
   uint32_t j = lw_lane_loop_begin(l, spvb_load(l->b, T64, o->writers), &lanes);
   uint32_t j_slot = l->slots == 1 ? c32(l, 0)
                                   : bin(l, SpvOpShiftRightLogical, j,
                                         c32(l, (uint32_t)__builtin_ctz(l->subgroup_size)));
   uint32_t start = broadcast64(l, lw_slot_pick(l, pl->addr, T64, j_slot),
                                bin(l, SpvOpBitwiseAnd, j, c32(l, l->subgroup_size - 1)));
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t below =
         and_b(l, lw_slot_get_at(l, o->sharing, TB, k), cmp(l, SpvOpULessThan, l->lane[k], j));
      uint32_t at = lw_slot_get_at(l, pl->addr, T64, k);
      for (unsigned e = 0; e < o->elements; e++) {
         uint32_t element = e ? bin64(l, SpvOpIAdd, at, c64(l, e * o->element_bytes)) : at;
         uint32_t inside = cmp(l, SpvOpULessThan, bin64(l, SpvOpISub, element, start), size);
         uint32_t was = lw_slot_get_at(l, covered[e], TB, k);
         lw_slot_put_at(l, covered[e], k, or_b(l, was, and_b(l, below, inside)));
      }
   }
   lw_lane_loop_end(l, &lanes);
   lw_if_end(l, merge);
}

/* Writes a load's or atomic's per-lane results (slot arrays) to VGPRs vdst.. in the lanes the
 * placement pass marks written, each through shape_value for the d16 shapes. */
static void write_results(struct lower *l, const struct lane_places *pl, const uint32_t result[],
                          unsigned count, enum shape shape, unsigned vdst)
{
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t write = lw_slot_get_at(l, pl->write, TB, k);
      for (unsigned i = 0; i < count; i++) {
         uint32_t value = lw_slot_get_at(l, result[i], T32, k);
         uint32_t old = lw_vgpr(l, vdst + i, k);
         if (shape_keeps_half(shape))
            value = shape_value(l, shape, value, old);
         lw_vgpr_store(l, vdst + i, k, lw_select(l, T32, write, value, old));
      }
   }
}

/* A load: placed and read in one slot loop, written to VGPRs when no lane faults. `written`
 * (optional) receives the slot array of the lanes it covered (tfe). */
static enum rdna_status vmem_load(struct lower *l, const struct lane_source *s,
                                  enum mem_segment seg, enum shape shape, unsigned dwords,
                                  unsigned vdst, uint32_t *written)
{
   unsigned bytes = shape_bytes(shape, dwords);
   struct load_pass load = { shape, dwords, { 0 } };
   unsigned count = shape == SHAPE_B32 ? dwords : 1;
   for (unsigned i = 0; i < count; i++)
      load.result[i] = lw_slot_array(l, T32);
   struct lane_places pl;
   uint32_t ok = place_pass(l, s, seg, bytes, bytes > 4 ? 4 : bytes, &pl, true, &load, NULL);
   uint32_t merge = lw_if_begin(l, ok);
   write_results(l, &pl, load.result, count, shape, vdst);
   lw_if_end(l, merge);
   if (written)
      *written = pl.write;
   return RDNA_OK;
}

struct store_user {
   enum shape shape;
   unsigned dwords;
   uint32_t data[4];
   uint32_t covered[4]; /* bool: a higher lane writes dword i; 0: none can */
};

/* Sub-dword stores clear and set their bytes with atomics, so that lanes writing neighbouring
 * bytes of one word do not lose each other's bytes. */
static void store_words(struct lower *l, uint32_t buffer, uint32_t word, uint32_t shift, void *user)
{
   struct store_user *u = user;
   if (u->shape == SHAPE_B32) {
      for (unsigned i = 0; i < u->dwords; i++) {
         uint32_t merge = u->covered[i] ? lw_if_begin(l, not_b(l, u->covered[i])) : 0;
         spvb_store(l->b, mem_word_ptr(l, buffer, bin(l, SpvOpIAdd, word, c32(l, i))), u->data[i]);
         if (merge)
            lw_if_end(l, merge);
      }
      return;
   }
   unsigned bits = shape_bytes(u->shape, 1) * 8;
   uint32_t value = u->data[0];
   if (u->shape == SHAPE_U8_D16_HI || u->shape == SHAPE_I8_D16_HI || u->shape == SHAPE_B16_D16_HI)
      value = bin(l, SpvOpShiftRightLogical, value, c32(l, 16));
   uint32_t field = c32(l, bits == 8 ? 0xffu : 0xffffu);
   uint32_t mask = bin(l, SpvOpShiftLeftLogical, field, shift);
   uint32_t bits_in = bin(l, SpvOpShiftLeftLogical, bin(l, SpvOpBitwiseAnd, value, field), shift);
   uint32_t ptr = mem_word_ptr(l, buffer, word);
   uint32_t scope = c32(l, SpvScopeDevice), semantics = c32(l, 0);
   uint32_t clear[4] = { ptr, scope, semantics, lw_op1(l, SpvOpNot, T32, mask) };
   spvb_op(l->b, SpvOpAtomicAnd, T32, clear, 4);
   uint32_t set[4] = { ptr, scope, semantics, bits_in };
   spvb_op(l->b, SpvOpAtomicOr, T32, set, 4);
}

/* A store: placed in one slot loop (with the same-address order check); when no lane faults,
 * the order's slow path where lanes are out of line, and the writes in a second loop. */
static enum rdna_status vmem_store(struct lower *l, const struct lane_source *s,
                                   enum mem_segment seg, enum shape shape, unsigned dwords,
                                   unsigned vdata)
{
   unsigned bytes = shape_bytes(shape, dwords);
   /* Elements: the dwords of a B32 store, else its one byte or short. */
   unsigned elements = shape == SHAPE_B32 ? dwords : 1;
   struct store_order order = {
      bytes, elements, shape == SHAPE_B32 ? 4 : bytes, 0, 0, 0, 0, { 0 }
   };
   struct store_order *o = seg == SEG_SCRATCH ? NULL : &order;
   struct lane_places pl;
   uint32_t ok = place_pass(l, s, seg, bytes, bytes > 4 ? 4 : bytes, &pl, false, NULL, o);
   uint32_t merge = lw_if_begin(l, ok);
   const uint32_t *covered = order.covered;
   if (o)
      covered_by_higher_lanes(l, &pl, o);
   struct lw_slot_loop loop;
   lw_slot_loop_begin(l, &loop);
   struct store_user u = { shape, dwords, { 0 }, { 0 } };
   for (unsigned i = 0; i < elements; i++)
      u.data[i] = lw_slot_vgpr(l, vdata + i, &loop);
   uint32_t write = lw_slot_get(l, pl.enabled, TB, &loop);
   if (shape == SHAPE_B32) {
      for (unsigned i = 0; i < elements && covered[i]; i++)
         u.covered[i] = lw_slot_get(l, covered[i], TB, &loop);
   } else if (covered[0]) {
      write = and_b(l, write, not_b(l, lw_slot_get(l, covered[0], TB, &loop)));
   }
   struct mem_place p = lane_place_at(l, &pl, &loop);
   uint32_t lane_merge = lw_if_begin(l, write);
   mem_with_buffer(l, &p, (struct mem_word_op){ store_words, &u });
   lw_if_end(l, lane_merge);
   lw_slot_loop_end(l, &loop);
   lw_if_end(l, merge);
   return RDNA_OK;
}

/* Atomic operations (guide 8.1.8 and 10.x; memory = op(old, data), returning old), 32-bit forms:
 * SPIR-V's atomics where one exists; inc, dec, csub and the float rows as a compare-exchange
 * loop. The 64-bit forms are lower_mem_atomic.c's. */
struct atomic_user {
   enum mem_atomic_op op;
   uint32_t data, compare, temp;
};

/* The new value of inc, dec, csub and the float rows from the old one. */
static uint32_t loop_op(struct lower *l, enum mem_atomic_op op, uint32_t old, uint32_t data,
                        uint32_t compare)
{
   if (op == ATOMIC_FCMPSWAP || op == ATOMIC_FMIN || op == ATOMIC_FMAX)
      return lw_lo(l, mem_atomic_value(l, op, 32, lw_zext64(l, old), lw_zext64(l, data),
                                       compare ? lw_zext64(l, compare) : c64(l, 0)));
   uint32_t at_least = cmp(l, SpvOpUGreaterThanEqual, old, data);
   switch (op) {
   case ATOMIC_INC:
      return lw_select(l, T32, at_least, c32(l, 0), bin(l, SpvOpIAdd, old, c32(l, 1)));
   case ATOMIC_DEC: {
      uint32_t reset =
         or_b(l, cmp(l, SpvOpIEqual, old, c32(l, 0)), cmp(l, SpvOpUGreaterThan, old, data));
      return lw_select(l, T32, reset, data, bin(l, SpvOpISub, old, c32(l, 1)));
   }
   default:
      return lw_select(l, T32, at_least, bin(l, SpvOpISub, old, data), c32(l, 0));
   }
}

/* An atomic with no SPIR-V instruction: read, compute, compare-exchange until no other write
 * came in between; u->temp ends holding the value replaced. */
static void compare_exchange_loop(struct lower *l, uint32_t ptr, struct atomic_user *u)
{
   uint32_t scope = c32(l, SpvScopeDevice), semantics = c32(l, 0);
   uint32_t load[3] = { ptr, scope, semantics };
   spvb_store(l->b, u->temp, spvb_op(l->b, SpvOpAtomicLoad, T32, load, 3));
   uint32_t header = spvb_id(l->b), body = spvb_id(l->b), cont = spvb_id(l->b),
            merge = spvb_id(l->b);
   lw_branch(l, header);
   lw_label(l, header);
   spvb_loop_merge(l->b, merge, cont);
   spvb_branch(l->b, body);
   lw_label(l, body);
   uint32_t old = spvb_load(l->b, T32, u->temp);
   uint32_t operands[6] = {
      ptr, scope, semantics, semantics, loop_op(l, u->op, old, u->data, u->compare), old
   };
   uint32_t seen = spvb_op(l->b, SpvOpAtomicCompareExchange, T32, operands, 6);
   spvb_store(l->b, u->temp, seen);
   spvb_branch_conditional(l->b, cmp(l, SpvOpIEqual, seen, old), merge, cont);
   lw_label(l, cont);
   spvb_branch(l->b, header);
   lw_label(l, merge);
}

static void atomic_word(struct lower *l, uint32_t buffer, uint32_t word, uint32_t shift, void *user)
{
   (void)shift;
   static const SpvOp ops[] = {
      [ATOMIC_SWAP] = SpvOpAtomicExchange, [ATOMIC_ADD] = SpvOpAtomicIAdd,
      [ATOMIC_SUB] = SpvOpAtomicISub,      [ATOMIC_SMIN] = SpvOpAtomicSMin,
      [ATOMIC_UMIN] = SpvOpAtomicUMin,     [ATOMIC_SMAX] = SpvOpAtomicSMax,
      [ATOMIC_UMAX] = SpvOpAtomicUMax,     [ATOMIC_AND] = SpvOpAtomicAnd,
      [ATOMIC_OR] = SpvOpAtomicOr,         [ATOMIC_XOR] = SpvOpAtomicXor,
   };
   struct atomic_user *u = user;
   uint32_t ptr = mem_word_ptr(l, buffer, word);
   uint32_t scope = c32(l, SpvScopeDevice), semantics = c32(l, 0), old;
   if (u->op == ATOMIC_INC || u->op == ATOMIC_DEC || u->op == ATOMIC_CSUB ||
       u->op == ATOMIC_FCMPSWAP || u->op == ATOMIC_FMIN || u->op == ATOMIC_FMAX) {
      compare_exchange_loop(l, ptr, u);
      return;
   }
   if (u->op == ATOMIC_CMPSWAP) {
      uint32_t operands[6] = { ptr, scope, semantics, semantics, u->data, u->compare };
      old = spvb_op(l->b, SpvOpAtomicCompareExchange, T32, operands, 6);
   } else {
      uint32_t operands[4] = { ptr, scope, semantics, u->data };
      old = spvb_op(l->b, ops[u->op], T32, operands, 4);
   }
   spvb_store(l->b, u->temp, old);
}

/* data from `vdata` (cmpswap: {new, compare}); the old value to `vdst` (-1: none) for the lanes
 * that access memory or are out of a buffer's range (0 for those). */
static enum rdna_status vmem_atomic(struct lower *l, const struct lane_source *s,
                                    enum mem_segment seg, enum mem_atomic_op op, unsigned bits,
                                    unsigned vdata, int vdst)
{
   if (bits == 64) {
      struct mem_lanes la;
      lanes_from_source(l, s, &la);
      return mem_atomic64(l, &la, seg, op, vdata, vdst);
   }
   struct lane_places pl;
   uint32_t ok = place_pass(l, s, seg, 4, 4, &pl, vdst >= 0, NULL, NULL);
   uint32_t merge = lw_if_begin(l, ok);
   uint32_t result = lw_slot_array(l, T32);
   struct lw_slot_loop loop;
   lw_slot_loop_begin(l, &loop);
   struct atomic_user u = { op, lw_slot_vgpr(l, vdata, &loop), 0,
                            spvb_function_variable(l->b, l->t_ptr_u32) };
   if (op == ATOMIC_CMPSWAP || op == ATOMIC_FCMPSWAP)
      u.compare = lw_slot_vgpr(l, vdata + 1, &loop);
   spvb_store(l->b, u.temp, c32(l, 0));
   struct mem_place p = lane_place_at(l, &pl, &loop);
   uint32_t lane_merge = lw_if_begin(l, lw_slot_get(l, pl.enabled, TB, &loop));
   mem_with_buffer(l, &p, (struct mem_word_op){ atomic_word, &u });
   lw_if_end(l, lane_merge);
   lw_slot_put(l, result, T32, &loop, spvb_load(l->b, T32, u.temp));
   lw_slot_loop_end(l, &loop);
   if (vdst >= 0)
      write_results(l, &pl, &result, 1, SHAPE_B32, (unsigned)vdst);
   lw_if_end(l, merge);
   return RDNA_OK;
}

/* ---- FLAT, GLOBAL, SCRATCH ------------------------------------------------------------------ */

/* The addresses of every EXEC lane (guide 10.3 "Addressing"). GLOBAL: the saddr pair plus the
 * zero-extended 32-bit vaddr, or the 64-bit vaddr when saddr is off, or saddr + lane * 4 for the
 * _addtid forms; SCRATCH: the VGPR, the SGPR or 0 as a per-lane offset (32 bits); FLAT: the 64-bit
 * vaddr. Plus the signed immediate offset. */
static void flat_source(struct lower *l, const struct rdna_inst *in, enum mem_segment seg,
                        struct lane_source *s)
{
   const struct rdna_operand *vaddr = lw_role(in, RDNA_ROLE_vaddr);
   const struct rdna_operand *saddr = lw_role(in, RDNA_ROLE_saddr);
   bool has_v = vaddr && lw_is_vgpr(vaddr);
   bool has_s = saddr && saddr->reg < LOWER_SREGS;
   unsigned v = has_v ? vaddr->reg - RDNA_REG_VGPR0 : 0;
   memset(s, 0, sizeof *s);
   s->v[0] = s->v[1] = -1;
   s->exec = lw_exec(l);
   s->offset = in->mod.offset ? c64(l, (uint64_t)(int64_t)in->mod.offset) : 0;
   s->base = c64(l, 0);
   if (has_s)
      s->base =
         seg == SEG_SCRATCH ? lw_zext64(l, lw_scalar_src(l, saddr)) : lw_scalar_src64(l, saddr);
   if (seg == SEG_FLAT || (seg == SEG_GLOBAL && has_v && !has_s)) {
      s->form = FORM_VADDR64;
      s->v[0] = (int)v;
      s->v[1] = (int)v + 1;
   } else if (seg == SEG_GLOBAL && !has_v) {
      s->form = FORM_SADDR_TID;
   } else if (seg == SEG_GLOBAL) {
      s->form = FORM_SADDR_VADDR;
      s->v[0] = (int)v;
   } else {
      s->form = FORM_SCRATCH;
      s->v[0] = has_v ? (int)v : -1;
   }
}

static unsigned role_vgpr(const struct rdna_inst *in, unsigned role)
{
   return lw_role(in, role)->reg - RDNA_REG_VGPR0;
}

static enum rdna_status flat_load(struct lower *l, const struct rdna_inst *in, enum mem_segment seg,
                                  enum shape shape, unsigned dwords)
{
   struct lane_source s;
   flat_source(l, in, seg, &s);
   return vmem_load(l, &s, seg, shape, dwords, role_vgpr(in, RDNA_ROLE_vdst), NULL);
}

static enum rdna_status flat_store(struct lower *l, const struct rdna_inst *in,
                                   enum mem_segment seg, enum shape shape, unsigned dwords)
{
   struct lane_source s;
   flat_source(l, in, seg, &s);
   return vmem_store(l, &s, seg, shape, dwords, role_vgpr(in, RDNA_ROLE_vdata));
}

/* Atomics return the old value only with glc: without it vdst is RDNA_REG_NONE. */
static enum rdna_status flat_atomic(struct lower *l, const struct rdna_inst *in,
                                    enum mem_segment seg, enum mem_atomic_op op, unsigned bits)
{
   struct lane_source s;
   flat_source(l, in, seg, &s);
   const struct rdna_operand *vdst = lw_role(in, RDNA_ROLE_vdst);
   int dst = vdst && lw_is_vgpr(vdst) ? (int)(vdst->reg - RDNA_REG_VGPR0) : -1;
   return vmem_atomic(l, &s, seg, op, bits, role_vgpr(in, RDNA_ROLE_vdata), dst);
}

#define LOAD(name, seg, shape, dwords)                                        \
   enum rdna_status lower_##name(struct lower *l, const struct rdna_inst *in) \
   {                                                                          \
      return flat_load(l, in, seg, shape, dwords);                            \
   }
#define STORE(name, seg, shape, dwords)                                       \
   enum rdna_status lower_##name(struct lower *l, const struct rdna_inst *in) \
   {                                                                          \
      return flat_store(l, in, seg, shape, dwords);                           \
   }
#define ATOMIC(name, seg, op)                                                 \
   enum rdna_status lower_##name(struct lower *l, const struct rdna_inst *in) \
   {                                                                          \
      return flat_atomic(l, in, seg, op, 32);                                 \
   }
#define ATOMIC64(name, seg, op)                                               \
   enum rdna_status lower_##name(struct lower *l, const struct rdna_inst *in) \
   {                                                                          \
      return flat_atomic(l, in, seg, op, 64);                                 \
   }

/* The rows every segment has: loads, d16 loads and stores. */
#define LOADS_AND_STORES(p, seg)                           \
   LOAD(p##_load_ubyte, seg, SHAPE_U8, 1)                  \
   LOAD(p##_load_sbyte, seg, SHAPE_I8, 1)                  \
   LOAD(p##_load_ushort, seg, SHAPE_U16, 1)                \
   LOAD(p##_load_sshort, seg, SHAPE_I16, 1)                \
   LOAD(p##_load_dword, seg, SHAPE_B32, 1)                 \
   LOAD(p##_load_dwordx2, seg, SHAPE_B32, 2)               \
   LOAD(p##_load_dwordx3, seg, SHAPE_B32, 3)               \
   LOAD(p##_load_dwordx4, seg, SHAPE_B32, 4)               \
   LOAD(p##_load_ubyte_d16, seg, SHAPE_U8_D16, 1)          \
   LOAD(p##_load_ubyte_d16_hi, seg, SHAPE_U8_D16_HI, 1)    \
   LOAD(p##_load_sbyte_d16, seg, SHAPE_I8_D16, 1)          \
   LOAD(p##_load_sbyte_d16_hi, seg, SHAPE_I8_D16_HI, 1)    \
   LOAD(p##_load_short_d16, seg, SHAPE_B16_D16, 1)         \
   LOAD(p##_load_short_d16_hi, seg, SHAPE_B16_D16_HI, 1)   \
   STORE(p##_store_byte, seg, SHAPE_U8, 1)                 \
   STORE(p##_store_byte_d16_hi, seg, SHAPE_U8_D16_HI, 1)   \
   STORE(p##_store_short, seg, SHAPE_U16, 1)               \
   STORE(p##_store_short_d16_hi, seg, SHAPE_B16_D16_HI, 1) \
   STORE(p##_store_dword, seg, SHAPE_B32, 1)               \
   STORE(p##_store_dwordx2, seg, SHAPE_B32, 2)             \
   STORE(p##_store_dwordx3, seg, SHAPE_B32, 3)             \
   STORE(p##_store_dwordx4, seg, SHAPE_B32, 4)

/* The 32-bit, 64-bit and float atomics. */
#define ATOMICS(p, seg)                                   \
   ATOMIC(p##_atomic_swap, seg, ATOMIC_SWAP)              \
   ATOMIC(p##_atomic_cmpswap, seg, ATOMIC_CMPSWAP)        \
   ATOMIC(p##_atomic_add, seg, ATOMIC_ADD)                \
   ATOMIC(p##_atomic_sub, seg, ATOMIC_SUB)                \
   ATOMIC(p##_atomic_smin, seg, ATOMIC_SMIN)              \
   ATOMIC(p##_atomic_umin, seg, ATOMIC_UMIN)              \
   ATOMIC(p##_atomic_smax, seg, ATOMIC_SMAX)              \
   ATOMIC(p##_atomic_umax, seg, ATOMIC_UMAX)              \
   ATOMIC(p##_atomic_and, seg, ATOMIC_AND)                \
   ATOMIC(p##_atomic_or, seg, ATOMIC_OR)                  \
   ATOMIC(p##_atomic_xor, seg, ATOMIC_XOR)                \
   ATOMIC(p##_atomic_inc, seg, ATOMIC_INC)                \
   ATOMIC(p##_atomic_dec, seg, ATOMIC_DEC)                \
   ATOMIC64(p##_atomic_swap_x2, seg, ATOMIC_SWAP)         \
   ATOMIC64(p##_atomic_cmpswap_x2, seg, ATOMIC_CMPSWAP)   \
   ATOMIC64(p##_atomic_add_x2, seg, ATOMIC_ADD)           \
   ATOMIC64(p##_atomic_sub_x2, seg, ATOMIC_SUB)           \
   ATOMIC64(p##_atomic_smin_x2, seg, ATOMIC_SMIN)         \
   ATOMIC64(p##_atomic_umin_x2, seg, ATOMIC_UMIN)         \
   ATOMIC64(p##_atomic_smax_x2, seg, ATOMIC_SMAX)         \
   ATOMIC64(p##_atomic_umax_x2, seg, ATOMIC_UMAX)         \
   ATOMIC64(p##_atomic_and_x2, seg, ATOMIC_AND)           \
   ATOMIC64(p##_atomic_or_x2, seg, ATOMIC_OR)             \
   ATOMIC64(p##_atomic_xor_x2, seg, ATOMIC_XOR)           \
   ATOMIC64(p##_atomic_inc_x2, seg, ATOMIC_INC)           \
   ATOMIC64(p##_atomic_dec_x2, seg, ATOMIC_DEC)           \
   ATOMIC(p##_atomic_fcmpswap, seg, ATOMIC_FCMPSWAP)      \
   ATOMIC(p##_atomic_fmin, seg, ATOMIC_FMIN)              \
   ATOMIC(p##_atomic_fmax, seg, ATOMIC_FMAX)              \
   ATOMIC64(p##_atomic_fcmpswap_x2, seg, ATOMIC_FCMPSWAP) \
   ATOMIC64(p##_atomic_fmin_x2, seg, ATOMIC_FMIN)         \
   ATOMIC64(p##_atomic_fmax_x2, seg, ATOMIC_FMAX)

LOADS_AND_STORES(flat, SEG_FLAT)
LOADS_AND_STORES(global, SEG_GLOBAL)
LOADS_AND_STORES(scratch, SEG_SCRATCH)
ATOMICS(flat, SEG_FLAT)
ATOMICS(global, SEG_GLOBAL)
ATOMIC(global_atomic_csub, SEG_GLOBAL, ATOMIC_CSUB)
LOAD(global_load_dword_addtid, SEG_GLOBAL, SHAPE_B32, 1)
STORE(global_store_dword_addtid, SEG_GLOBAL, SHAPE_B32, 1)

/* ---- MUBUF ---------------------------------------------------------------------------------- */

/* Per-lane buffer addresses (guide 8.1.2 "Buffer Addressing"):
 *    index  = (idxen ? vaddr index : 0) + (add_tid ? lane id : 0)
 *    offset = (offen ? vaddr offset : 0) + instruction offset
 *    address = base + soffset + offset + index * stride
 * with idxen and offen both set vaddr is {index, offset}. Range check (8.1.6, by oob_select):
 * 0 index >= num_records or offset + size > stride; 1 index >= num_records; 2 num_records == 0;
 * 3 (raw) index * stride + offset + size > num_records. A swizzled V# (swizzle_enable, dword 1
 * bit 31) interleaves index_stride records (8 << dword 3 bits 22:21) in 4-byte elements, as the
 * interpreter does (interp/exec_mubuf.c; 8.1.2, swizzled buffer addressing):
 *    (index / index_stride * stride + offset / 4 * 4) * index_stride
 *       + index % index_stride * 4 + offset % 4
 * which is how compiled kernels address their private segment. The per-lane part is
 * buffer_lane_address's. */
static void buffer_source(struct lower *l, const struct rdna_inst *in, uint32_t size,
                          struct lane_source *s)
{
   unsigned rsrc = lw_role(in, RDNA_ROLE_srsrc)->reg;
   uint32_t d[4];
   for (unsigned i = 0; i < 4; i++)
      d[i] = lw_sreg(l, rsrc + i);
   memset(s, 0, sizeof *s);
   s->v[0] = s->v[1] = -1;
   s->form = FORM_BUFFER;
   s->exec = lw_exec(l);
   uint32_t base = lw_pack64(l, d[0], bin(l, SpvOpBitwiseAnd, d[1], c32(l, 0xffff)));
   uint32_t soffset = lw_zext64(l, lw_scalar_src(l, lw_role(in, RDNA_ROLE_soffset)));
   s->base = bin64(l, SpvOpIAdd, base, soffset);
   s->stride = lw_zext64(
      l, bin(l, SpvOpBitwiseAnd, bin(l, SpvOpShiftRightLogical, d[1], c32(l, 16)), c32(l, 0x3fff)));
   s->swizzle = lw_nz(l, bin(l, SpvOpShiftRightLogical, d[1], c32(l, 31)));
   s->records = lw_zext64(l, d[2]);
   s->add_tid = lw_nz(l, bin(l, SpvOpBitwiseAnd, d[3], c32(l, 1u << 23)));
   s->oob = bin(l, SpvOpBitwiseAnd, bin(l, SpvOpShiftRightLogical, d[3], c32(l, 28)), c32(l, 3));
   s->index_shift =
      bin(l, SpvOpIAdd,
          bin(l, SpvOpBitwiseAnd, bin(l, SpvOpShiftRightLogical, d[3], c32(l, 21)), c32(l, 3)),
          c32(l, 3));
   s->index_stride = lw_zext64(l, bin(l, SpvOpShiftLeftLogical, c32(l, 1), s->index_shift));
   s->offset = c64(l, (uint32_t)in->mod.offset);
   s->size = size;
   const struct rdna_operand *vaddr = lw_role(in, RDNA_ROLE_vaddr);
   bool has_v = vaddr && lw_is_vgpr(vaddr);
   unsigned v = has_v ? vaddr->reg - RDNA_REG_VGPR0 : 0;
   bool idxen = in->mod.flags & RDNA_FLAG_IDXEN, offen = in->mod.flags & RDNA_FLAG_OFFEN;
   if (idxen && has_v)
      s->v[0] = (int)v;
   if (offen && has_v)
      s->v[1] = (int)(idxen ? v + 1 : v);
}

enum rdna_status mem_buffer_lanes(struct lower *l, const struct rdna_inst *in, uint32_t size,
                                  struct mem_lanes *la, uint32_t *ok)
{
   struct lane_source s;
   buffer_source(l, in, size, &s);
   lanes_from_source(l, &s, la);
   *ok = lw_bool(l, true);
   return RDNA_OK;
}

bool mem_lds_allowed(struct lower *l, const struct rdna_inst *in)
{
   if (op_info(in->op)->flags & RDNA_OP_FLAG_EXTRA3) /* VMEM_LDS in isa/mubuf.def */
      return true;
   lw_fault(l, 0, RDNA_FAULT_INVALID_OPERAND, 0, 0);
   return false;
}

void mem_write_lds_dwords(struct lower *l, const struct rdna_inst *in, const struct mem_lanes *la,
                          const uint32_t values[])
{
   uint32_t base =
      bin(l, SpvOpIAdd, bin(l, SpvOpBitwiseAnd, lw_sreg(l, RDNA_REG_M0), c32(l, 0xffff)),
          c32(l, (uint32_t)in->mod.offset));
   uint32_t misaligned = lw_nz(l, bin(l, SpvOpBitwiseAnd, base, c32(l, 3)));
   uint32_t covered[LOWER_MAX_SLOTS], outside[LOWER_MAX_SLOTS], addr[LOWER_MAX_SLOTS];
   for (unsigned k = 0; k < l->slots; k++) {
      covered[k] = la->zero[k] ? or_b(l, la->enabled[k], la->zero[k]) : la->enabled[k];
      addr[k] = bin(l, SpvOpIAdd, base, bin(l, SpvOpShiftLeftLogical, l->lane[k], c32(l, 2)));
      uint32_t inside = l->lds_bytes >= 4
                           ? cmp(l, SpvOpULessThanEqual, addr[k], c32(l, l->lds_bytes - 4))
                           : lw_bool(l, false);
      outside[k] = and_b(l, covered[k], not_b(l, inside));
      /* Lanes in range write (a misaligned base writes nothing); the others hit the sink. */
      uint32_t write = and_b(l, and_b(l, covered[k], inside), not_b(l, misaligned));
      uint32_t word = lw_select(l, T32, write, bin(l, SpvOpShiftRightLogical, addr[k], c32(l, 2)),
                                lw_lds_sink(l));
      spvb_store(l->b, lw_lds_word(l, word),
                 lw_select(l, T32, la->enabled[k], values[k], c32(l, 0)));
   }
   /* The lowest covered lane faults MISALIGNED; or the lowest one outside the LDS UNMAPPED (the
    * lanes below it have written, as in the interpreter's lane loop). */
   uint32_t any_covered = lw_ballot(l, covered), any_outside = lw_ballot(l, outside);
   uint32_t bad = lw_select(l, T64, misaligned, any_covered, any_outside);
   uint32_t first = lw_lowest_lane(l, bad);
   uint32_t shown =
      lw_pack64(l, bin(l, SpvOpIAdd, base, bin(l, SpvOpShiftLeftLogical, first, c32(l, 2))),
                c32(l, APERTURE_SHARED_HI));
   uint32_t kind =
      lw_select(l, T32, misaligned, c32(l, RDNA_FAULT_MISALIGNED), c32(l, RDNA_FAULT_UNMAPPED));
   lw_fault_value(l, lw_nz64(l, bad), kind, first, shown);
}

void mem_write_tfe_status(struct lower *l, const struct mem_lanes *la, unsigned reg)
{
   if (reg >= l->vgprs) {
      lw_fault(l, 0, RDNA_FAULT_INVALID_OPERAND, 0, 0);
      return;
   }
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t write = la->zero[k] ? or_b(l, la->enabled[k], la->zero[k]) : la->enabled[k];
      lw_vgpr_store(l, reg, k, lw_select(l, T32, write, c32(l, 0), lw_vgpr(l, reg, k)));
   }
}

/* A load with the lds bit writes each lane's dword to the LDS instead of VGPRs (guide 8.1,
 * "Memory Buffer Load to LDS"): the global access is placed and checked first, then the LDS
 * dword at M0[15:0] + offset + lane * 4 receives the value (0 for lanes out of the V#'s range). */
static void buffer_load_to_lds(struct lower *l, const struct rdna_inst *in,
                               const struct mem_lanes *la, enum shape shape)
{
   unsigned bytes = shape_bytes(shape, 1);
   struct mem_place p[LOWER_MAX_SLOTS];
   uint32_t ok = mem_place_lanes(l, la, SEG_GLOBAL, bytes, bytes, p);
   uint32_t merge = lw_if_begin(l, ok);
   uint32_t values[LOWER_MAX_SLOTS];
   for (unsigned k = 0; k < l->slots; k++) {
      struct load_user u = { shape, 1, { 0 } };
      u.temps[0] = spvb_function_variable(l->b, l->t_ptr_u32);
      spvb_store(l->b, u.temps[0], c32(l, 0));
      uint32_t lane_merge = lw_if_begin(l, la->enabled[k]);
      mem_with_buffer(l, &p[k], (struct mem_word_op){ load_words, &u });
      lw_if_end(l, lane_merge);
      values[k] = shape_value(l, shape, spvb_load(l->b, T32, u.temps[0]), c32(l, 0));
   }
   mem_write_lds_dwords(l, in, la, values);
   lw_if_end(l, merge);
}

static enum rdna_status buffer_op(struct lower *l, const struct rdna_inst *in, enum shape shape,
                                  unsigned dwords, int kind, enum mem_atomic_op op)
{
   unsigned size = kind == 2 ? 4 * dwords : shape_bytes(shape, dwords);
   struct lane_source s;
   buffer_source(l, in, c64(l, size), &s);
   unsigned vdata = role_vgpr(in, RDNA_ROLE_vdata);
   if (kind == 0 && (in->mod.flags & RDNA_FLAG_LDS)) {
      if (mem_lds_allowed(l, in)) {
         struct mem_lanes la;
         lanes_from_source(l, &s, &la);
         buffer_load_to_lds(l, in, &la, shape);
      }
      return RDNA_OK;
   }
   if (kind == 0) {
      uint32_t written;
      enum rdna_status st = vmem_load(l, &s, SEG_GLOBAL, shape, dwords, vdata, &written);
      if (in->mod.flags & RDNA_FLAG_TFE) {
         struct mem_lanes la = { { 0 }, { 0 }, { 0 } };
         for (unsigned k = 0; k < l->slots; k++)
            la.enabled[k] = lw_slot_get_at(l, written, TB, k);
         mem_write_tfe_status(l, &la, vdata + (shape == SHAPE_B32 ? dwords : 1));
      }
      return st;
   }
   if (kind == 1)
      return vmem_store(l, &s, SEG_GLOBAL, shape, dwords, vdata);
   /* vdata is the data and, with glc, receives the old value (guide 8.1.8) */
   return vmem_atomic(l, &s, SEG_GLOBAL, op, 32 * dwords, vdata,
                      in->mod.flags & RDNA_FLAG_GLC ? (int)vdata : -1);
}

#define BUF_LOAD(name, shape, dwords)                                         \
   enum rdna_status lower_##name(struct lower *l, const struct rdna_inst *in) \
   {                                                                          \
      return buffer_op(l, in, shape, dwords, 0, ATOMIC_SWAP);                 \
   }
#define BUF_STORE(name, shape, dwords)                                        \
   enum rdna_status lower_##name(struct lower *l, const struct rdna_inst *in) \
   {                                                                          \
      return buffer_op(l, in, shape, dwords, 1, ATOMIC_SWAP);                 \
   }
#define BUF_ATOMIC(name, op)                                                  \
   enum rdna_status lower_##name(struct lower *l, const struct rdna_inst *in) \
   {                                                                          \
      return buffer_op(l, in, SHAPE_B32, 1, 2, op);                           \
   }
#define BUF_ATOMIC64(name, op)                                                \
   enum rdna_status lower_##name(struct lower *l, const struct rdna_inst *in) \
   {                                                                          \
      return buffer_op(l, in, SHAPE_B32, 2, 2, op);                           \
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
BUF_ATOMIC(buffer_atomic_swap, ATOMIC_SWAP)
BUF_ATOMIC(buffer_atomic_cmpswap, ATOMIC_CMPSWAP)
BUF_ATOMIC(buffer_atomic_add, ATOMIC_ADD)
BUF_ATOMIC(buffer_atomic_sub, ATOMIC_SUB)
BUF_ATOMIC(buffer_atomic_smin, ATOMIC_SMIN)
BUF_ATOMIC(buffer_atomic_umin, ATOMIC_UMIN)
BUF_ATOMIC(buffer_atomic_smax, ATOMIC_SMAX)
BUF_ATOMIC(buffer_atomic_umax, ATOMIC_UMAX)
BUF_ATOMIC(buffer_atomic_and, ATOMIC_AND)
BUF_ATOMIC(buffer_atomic_or, ATOMIC_OR)
BUF_ATOMIC(buffer_atomic_xor, ATOMIC_XOR)
BUF_ATOMIC(buffer_atomic_csub, ATOMIC_CSUB)
BUF_ATOMIC(buffer_atomic_inc, ATOMIC_INC)
BUF_ATOMIC(buffer_atomic_dec, ATOMIC_DEC)
BUF_ATOMIC64(buffer_atomic_swap_x2, ATOMIC_SWAP)
BUF_ATOMIC64(buffer_atomic_cmpswap_x2, ATOMIC_CMPSWAP)
BUF_ATOMIC64(buffer_atomic_add_x2, ATOMIC_ADD)
BUF_ATOMIC64(buffer_atomic_sub_x2, ATOMIC_SUB)
BUF_ATOMIC64(buffer_atomic_smin_x2, ATOMIC_SMIN)
BUF_ATOMIC64(buffer_atomic_umin_x2, ATOMIC_UMIN)
BUF_ATOMIC64(buffer_atomic_smax_x2, ATOMIC_SMAX)
BUF_ATOMIC64(buffer_atomic_umax_x2, ATOMIC_UMAX)
BUF_ATOMIC64(buffer_atomic_and_x2, ATOMIC_AND)
BUF_ATOMIC64(buffer_atomic_or_x2, ATOMIC_OR)
BUF_ATOMIC64(buffer_atomic_xor_x2, ATOMIC_XOR)
BUF_ATOMIC64(buffer_atomic_inc_x2, ATOMIC_INC)
BUF_ATOMIC64(buffer_atomic_dec_x2, ATOMIC_DEC)
BUF_ATOMIC(buffer_atomic_fcmpswap, ATOMIC_FCMPSWAP)
BUF_ATOMIC(buffer_atomic_fmin, ATOMIC_FMIN)
BUF_ATOMIC(buffer_atomic_fmax, ATOMIC_FMAX)
BUF_ATOMIC64(buffer_atomic_fcmpswap_x2, ATOMIC_FCMPSWAP)
BUF_ATOMIC64(buffer_atomic_fmin_x2, ATOMIC_FMIN)
BUF_ATOMIC64(buffer_atomic_fmax_x2, ATOMIC_FMAX)

/* Cache controls: every access completes at once. */
#define MEM_NOP(name)                                                         \
   enum rdna_status lower_##name(struct lower *l, const struct rdna_inst *in) \
   {                                                                          \
      (void)l;                                                                \
      (void)in;                                                               \
      return RDNA_OK;                                                         \
   }

MEM_NOP(buffer_gl0_inv)
MEM_NOP(buffer_gl1_inv)
MEM_NOP(buffer_wbinvl1)
