/* The memory lowering's shared pieces (recomp/lower_mem.c, lower_mem_format.c,
 * lower_mem_atomic.c, lower_mem_scalar.c): where each lane's access lands, the first-faulting-lane
 * rule of interp/mem.h, buffer addressing from a V#, and the same-address order of one store's
 * lanes. */
#ifndef RDNA_RECOMP_LOWER_MEM_H
#define RDNA_RECOMP_LOWER_MEM_H

#include "recomp/lower.h"

/* Where one lane's access lands: a fault kind (u32, 0 none), the address a fault reports (u64),
 * whether it is scratch (bool), whether it is the LDS (bool; 0 where it cannot be), the byte
 * offset in its buffer (u32). */
struct mem_place {
   uint32_t fault, shown, scratch, lds, offset;
};

/* The lanes of one vector memory instruction: per slot the address (u64), whether the lane
 * accesses memory, and whether it is a buffer lane out of range (loads give 0; 0: none). */
struct mem_lanes {
   uint32_t addr[LOWER_MAX_SLOTS];
   uint32_t enabled[LOWER_MAX_SLOTS];
   uint32_t zero[LOWER_MAX_SLOTS];
};

enum mem_segment {
   SEG_GLOBAL,
   SEG_SCRATCH,
   SEG_FLAT,
};

/* Places every lane's access of `bytes` aligned to `align`; records the first faulting lane's
 * fault and returns the bool "no lane faults" (uniform), under which the caller performs the
 * access. */
uint32_t mem_place_lanes(struct lower *l, const struct mem_lanes *la, enum mem_segment seg,
                         unsigned bytes, unsigned align, struct mem_place p[]);
/* One global address (u64): inside one region (all `bytes` of it) and aligned, or a fault. */
void mem_place_global(struct lower *l, uint32_t addr, unsigned bytes, unsigned align,
                      struct mem_place *p);
/* As mem_place_lanes for global memory, with the size (u32, at most 16) and alignment (u32, a
 * power of two) run-time values. */
uint32_t mem_place_global_lanes(struct lower *l, const struct mem_lanes *la, uint32_t bytes,
                                uint32_t align, struct mem_place p[]);
/* Records the fault of the lowest enabled lane whose p[].fault is not 0; returns "no lane
 * faults". */
uint32_t mem_first_fault(struct lower *l, const struct mem_lanes *la, const struct mem_place p[]);

/* Pointer to word `word` (u32) of a storage buffer variable or of the LDS. */
uint32_t mem_word_ptr(struct lower *l, uint32_t buffer, uint32_t word);

/* What to do with the words of one lane's access, given a buffer variable: `word` the first
 * word's index (u32), `shift` the access's bit offset within it. */
struct mem_word_op {
   void (*fn)(struct lower *l, uint32_t buffer, uint32_t word, uint32_t shift, void *user);
   void *user;
};

/* Runs `op` on the lane's buffer: memory, scratch or the LDS by the place's run-time flags. */
void mem_with_buffer(struct lower *l, const struct mem_place *p, struct mem_word_op op);

/* Atomic operations (interp/mem.h's list; memory = op(old, data), returning old). */
enum mem_atomic_op {
   ATOMIC_INC,  /* old >= data ? 0 : old + 1 */
   ATOMIC_DEC,  /* old == 0 || old > data ? data : old - 1 */
   ATOMIC_CSUB, /* old >= data ? old - data : 0 (gfx1030) */
   ATOMIC_SWAP,
   ATOMIC_CMPSWAP, /* data is {new, compare} */
   ATOMIC_ADD,
   ATOMIC_SUB,
   ATOMIC_SMIN,
   ATOMIC_UMIN,
   ATOMIC_SMAX,
   ATOMIC_UMAX,
   ATOMIC_AND,
   ATOMIC_OR,
   ATOMIC_XOR,
   ATOMIC_FCMPSWAP, /* old == compare as floats (+0 == -0, a NaN equals nothing) ? data : old */
   ATOMIC_FMIN,     /* data < old as IEEE floats ? data : old */
   ATOMIC_FMAX,     /* data > old as IEEE floats ? data : old */
};

/* The new memory value (u64) of `op` on `bits` (32: the values zero-extended) from old, data and
 * compare (u64 ids). */
uint32_t mem_atomic_value(struct lower *l, enum mem_atomic_op op, unsigned bits, uint32_t old,
                          uint32_t data, uint32_t compare);
/* A 64-bit atomic of every enabled lane (lower_mem_atomic.c): data in vdata, vdata + 1 (cmpswap:
 * the compare value in the next two), the old value to vdst, vdst + 1 (-1: none). */
enum rdna_status mem_atomic64(struct lower *l, const struct mem_lanes *la, enum mem_segment seg,
                              enum mem_atomic_op op, unsigned vdata, int vdst);

/* A MUBUF/MTBUF instruction's per-lane addresses and range check (guide 8.1.2, 8.1.6) for an
 * access of `size` bytes (u64 id). Fails with UNSUPPORTED for the lds and tfe forms. */
enum rdna_status mem_buffer_lanes(struct lower *l, const struct rdna_inst *in, uint32_t size,
                                  struct mem_lanes *la, uint32_t *ok);

/* The lds bit is allowed on this row (the VMEM_LDS rows of isa/mubuf.def); otherwise records the
 * interpreter's INVALID_OPERAND fault and returns false. */
bool mem_lds_allowed(struct lower *l, const struct rdna_inst *in);
/* A buffer load with the lds bit (guide 8.1, "Memory Buffer Load to LDS"): values[k] (u32) of
 * the lanes that hit, 0 for the lanes out of the V#'s range, go to the LDS dword at M0[15:0] +
 * offset + lane * 4; a misaligned base faults MISALIGNED at the lowest lane, a dword past the
 * LDS UNMAPPED at the lowest such lane, with the shared-aperture address, as in the
 * interpreter. */
void mem_write_lds_dwords(struct lower *l, const struct rdna_inst *in, const struct mem_lanes *la,
                          const uint32_t values[]);

/* A load with tfe writes one more VGPR, `reg`, after its data: the fail status, 0 for every lane
 * the access covered (in range or not), as the interpreter chooses; past the VGPR allocation it
 * faults INVALID_OPERAND after the data is written. */
void mem_write_tfe_status(struct lower *l, const struct mem_lanes *la, unsigned reg);

/* The interpreter stores the lanes of one instruction in ascending order, so where two lanes
 * write the same bytes the highest one's value stays. covered[e][k] (bool) receives whether a
 * higher enabled lane of the instruction also writes element e of slot k's lane: the `bytes`
 * (u64) at addr + element_offset[e] (u64), each lane writing `bytes_per_lane` (u64) from its
 * address. `private_lane[k]` (bool or 0) marks lanes whose address is in their own scratch,
 * which no other lane shares. */
void mem_covered_by_higher_lane(struct lower *l, const struct mem_lanes *la,
                                const uint32_t private_lane[], uint32_t bytes_per_lane,
                                unsigned elements, const uint32_t element_offset[],
                                uint32_t covered[][LOWER_MAX_SLOTS]);

#endif
