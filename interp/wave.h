/* Interpreter internals: the machine (regions, decode cache, waves), a wave's state, and the
 * shared helpers every handler uses (operand reads of every source kind, EXEC-predicated VGPR
 * writes, lane masks, faults). Handlers exec_<mnemonic> are declared here from the table, so a
 * row without a handler fails to link; interp/dispatch.c builds the table of them. */
#ifndef RDNA_INTERP_WAVE_H
#define RDNA_INTERP_WAVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "isa_internal.h"
#include "rdna/interp.h"

#define INTERP_INLINE static inline __attribute__((always_inline))
#define MAX_LANES 64
#define NUM_SREGS 128 /* operand codes 0..127: s0-s105, vcc, ttmp, m0, null, exec */

struct wave;
typedef enum rdna_status (*exec_fn)(struct wave *w, const struct rdna_inst *in);

/* One decoded instruction of the cache: decoded once per address, reused until its bytes change. */
struct decoded {
   struct rdna_inst inst;
   exec_fn fn;
   uint32_t flags;           /* the row's enum rdna_op_flag */
   enum rdna_fault_kind bad; /* NONE, or the fault executing it raises (bad operand...) */
   char bad_message[96];
   struct decoded *next_retired; /* the machine's list of dropped decodes (see below) */
};

struct region {
   char *name;
   uint64_t base, size;
   uint8_t *bytes;
   bool is_code;
   struct decoded **cache; /* code regions: one slot per dword, NULL until decoded */
};

struct machine {
   struct rdna_machine_config config;
   struct rdna_isa_config isa;
   struct region *regions;
   size_t num_regions, cap_regions;
   uint64_t entry;
   bool entry_set, ran;
   unsigned num_waves, waves_per_group, num_groups, group_lanes;
   struct wave *waves;
   uint8_t *lds; /* num_groups * lds_bytes */
   struct rdna_trace_hook trace;
   bool tracing;
   unsigned threads; /* host threads for the grid (rdna_machine_set_threads); 0 or 1: serial */
   /* Decodes dropped because their code bytes were written. An instruction may overwrite itself
    * (a store or atomic to its own address), so they are freed between instructions, never
    * while a handler may still read its rdna_inst. */
   struct decoded *retired;
};

/* Definedness of one VGPR (rdna_machine_read_definedness): lane masks, updated with the write
 * mask of each write, never per lane. */
struct vgpr_marks {
   uint64_t written;        /* lanes an instruction wrote */
   uint64_t undefined;      /* lanes whose last write the guide leaves undefined */
   uint32_t undefined_bits; /* which bits of those lanes */
   uint32_t reason;         /* enum rdna_undefined of the last mark */
};

struct wave {
   uint32_t sgpr[NUM_SREGS];      /* indexed by operand code; sgpr[125] (null) stays 0 */
   uint32_t lane_mask[MAX_LANES]; /* ~0u for lanes EXEC enables, 0 otherwise (see exec_dirty) */
   uint32_t *vgpr;                /* vgpr[reg * 64 + lane], reg < num_vgprs */
   struct vgpr_marks *vgpr_marks; /* one per VGPR (the DPP/SDWA scratch VGPRs included) */
   /* Scalar definedness: bit `reg` of the operand code (0-127) and SCC; undefined marks with
    * the bits and reason of the last one. */
   uint64_t sgpr_written[2], sgpr_undefined[2];
   uint32_t sgpr_undefined_bits[NUM_SREGS];
   uint8_t sgpr_undefined_reason[NUM_SREGS];
   bool scc_written, scc_undefined;
   uint8_t scc_undefined_reason;
   struct machine *m;
   struct region *code; /* the code region of the last fetch */
   unsigned wave_size, num_vgprs, index;
   bool scc, exec_dirty, ended;
   uint64_t pc, next_pc, steps;
   uint32_t hwreg[RDNA_HWREG_COUNT];
   struct rdna_fault fault;
   uint8_t *scratch; /* per-lane private memory (interp/mem.h), allocated on first use */
   /* trace: registers written by the current instruction */
   bool tracing, wrote_scc;
   unsigned num_writes;
   uint16_t writes[RDNA_TRACE_MAX_WRITES];
   bool at_barrier; /* stopped at s_barrier until the workgroup's other waves arrive or end */
};

/* ---- handlers ------------------------------------------------------------------------------ */

#define INST(name, format, op1013, op1030, signature, flags) \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in);
#include "table.def"
#undef INST

/* A deliberately missing handler: executing it faults UNSUPPORTED naming the instruction. */
#define UNSUPPORTED(name)                                                   \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in) \
   {                                                                        \
      return wave_unsupported(w, in, #name);                                \
   }

/* ---- faults (interp/machine.c) ------------------------------------------------------------ */

/* Records a fault on the wave (the first one wins) and returns the status handlers return to
 * stop the wave. lane -1: none. */
enum rdna_status wave_fault(struct wave *w, enum rdna_fault_kind kind, int lane, uint64_t address,
                            const char *fmt, ...) __attribute__((format(printf, 5, 6)));
enum rdna_status wave_unsupported(struct wave *w, const struct rdna_inst *in, const char *name);

/* ---- guest memory (interp/machine.c) ------------------------------------------------------ */

/* The region holding [address, address + size); NULL when none holds all of it. */
struct region *machine_find(struct machine *m, uint64_t address, uint64_t size);
/* Drops cached decodes of code overlapping [address, address + size): they move to m->retired
 * until machine_free_retired. */
void machine_code_written(struct machine *m, struct region *r, uint64_t address, uint64_t size);
/* Frees the decodes machine_code_written dropped. */
void machine_free_retired(struct machine *m);

/* ---- scalar state --------------------------------------------------------------------------- */

INTERP_INLINE void wave_log_write(struct wave *w, unsigned reg)
{
   if (w->tracing) {
      if (w->num_writes < RDNA_TRACE_MAX_WRITES)
         w->writes[w->num_writes] = (uint16_t)reg;
      w->num_writes++;
   }
}

INTERP_INLINE void wave_write_sgpr(struct wave *w, unsigned reg, uint32_t value)
{
   if (reg == RDNA_REG_NULL || reg >= NUM_SREGS)
      return;
   if (reg >= RDNA_REG_EXEC_LO)
      w->exec_dirty = true;
   w->sgpr[reg] = value;
   w->sgpr_written[reg / 64] |= 1ull << (reg % 64);
   w->sgpr_undefined[reg / 64] &= ~(1ull << (reg % 64));
   wave_log_write(w, reg);
}

/* A destination of null discards the whole value: null names a register of any width, so its
 * second dword must not spill into exec_lo (code 126). */
INTERP_INLINE void wave_write_sgpr64(struct wave *w, unsigned reg, uint64_t value)
{
   if (reg == RDNA_REG_NULL)
      return;
   wave_write_sgpr(w, reg, (uint32_t)value);
   wave_write_sgpr(w, reg + 1, (uint32_t)(value >> 32));
}

INTERP_INLINE void wave_set_scc(struct wave *w, bool scc)
{
   w->scc = scc;
   w->wrote_scc = true;
   w->scc_written = true;
   w->scc_undefined = false;
}

/* The lanes that exist: EXEC bits above the wave size are ignored (wave32 uses the low half). */
INTERP_INLINE uint64_t wave_lanes(const struct wave *w)
{
   return w->wave_size == 64 ? ~0ull : 0xffffffffull;
}

INTERP_INLINE uint64_t wave_exec(const struct wave *w)
{
   uint64_t exec = w->sgpr[RDNA_REG_EXEC_LO] | (uint64_t)w->sgpr[RDNA_REG_EXEC_HI] << 32;
   return exec & wave_lanes(w);
}

INTERP_INLINE uint64_t wave_vcc(const struct wave *w)
{
   uint64_t vcc = w->sgpr[RDNA_REG_VCC_LO] | (uint64_t)w->sgpr[RDNA_REG_VCC_HI] << 32;
   return vcc & wave_lanes(w);
}

/* Writes a lane mask: one SGPR in wave32, a pair in wave64. */
INTERP_INLINE void wave_write_mask(struct wave *w, unsigned reg, uint64_t mask)
{
   if (reg == RDNA_REG_NULL)
      return;
   wave_write_sgpr(w, reg, (uint32_t)mask);
   if (w->wave_size == 64)
      wave_write_sgpr(w, reg + 1, (uint32_t)(mask >> 32));
}

INTERP_INLINE void wave_write_exec(struct wave *w, uint64_t exec)
{
   wave_write_mask(w, RDNA_REG_EXEC_LO, exec);
}

void wave_rebuild_lane_mask(struct wave *w);
/* Hardware register `id` as s_getreg reads it (STATUS and SHADER_CYCLES are computed). */
uint32_t wave_read_hwreg(const struct wave *w, unsigned id);

/* Per-lane ~0/0 from EXEC, rebuilt after EXEC changed: the VALU blends results through it. */
INTERP_INLINE const uint32_t *wave_lane_mask(struct wave *w)
{
   if (w->exec_dirty)
      wave_rebuild_lane_mask(w);
   return w->lane_mask;
}

/* ---- operand reads -------------------------------------------------------------------------
 * Every source kind: SGPRs and the named scalar registers, inline integers and floats, src_*
 * specials, literals, VGPRs. Operands were checked when decoded (interp/machine.c:
 * check_operands), so reads cannot fail. */

/* Aperture bases returned by src_shared_base / src_private_base (the high dword of the 64-bit
 * flat address where LDS and scratch appear): a documented choice, the values Linux's amdgpu
 * driver programs. Limits are the last address's high dword. */
#define APERTURE_SHARED_HI 0x00010000u
#define APERTURE_PRIVATE_HI 0x00020000u

enum float_width {
   FLOAT16,
   FLOAT32,
   FLOAT64
};

/* Which inline float encoding an operand of this type reads: 16-bit types read f16 bits, 64-bit
 * types f64 bits (RDNA2 ISA guide 6.2, "Instruction Inputs": inline constants), everything else
 * f32. */
INTERP_INLINE enum float_width operand_float_width(const struct rdna_operand *op)
{
   switch (op->type) {
   case RDNA_TYPE_b16:
   case RDNA_TYPE_i16:
   case RDNA_TYPE_u16:
   case RDNA_TYPE_f16:
   case RDNA_TYPE_v2i16:
   case RDNA_TYPE_v2u16:
   case RDNA_TYPE_v2f16:
      return FLOAT16;
   case RDNA_TYPE_b64:
   case RDNA_TYPE_i64:
   case RDNA_TYPE_u64:
   case RDNA_TYPE_f64:
      return FLOAT64;
   default:
      return FLOAT32;
   }
}

uint64_t inline_float_bits(unsigned reg, enum float_width width);

/* A non-VGPR source as 32 bits (the low dword for 64-bit kinds). */
INTERP_INLINE uint32_t wave_read_scalar(const struct wave *w, const struct rdna_operand *op)
{
   unsigned reg = op->reg;
   if (reg < NUM_SREGS)
      return w->sgpr[reg];
   if (reg <= 192)
      return reg - 128u;
   if (reg <= 208)
      return (uint32_t)(192 - (int)reg);
   switch (reg) {
   case RDNA_REG_LITERAL:
      return op->value;
   case RDNA_REG_VCCZ:
      return wave_vcc(w) == 0;
   case RDNA_REG_EXECZ:
      return wave_exec(w) == 0;
   case RDNA_REG_SCC:
      return w->scc;
   case RDNA_REG_SHARED_BASE:
   case RDNA_REG_SHARED_LIMIT:
      return APERTURE_SHARED_HI;
   case RDNA_REG_PRIVATE_BASE:
   case RDNA_REG_PRIVATE_LIMIT:
      return APERTURE_PRIVATE_HI;
   case RDNA_REG_IMM:
      return op->value;
   default:
      if (reg >= RDNA_REG_CONST_HALF && reg <= RDNA_REG_CONST_INV2PI)
         return (uint32_t)inline_float_bits(reg, operand_float_width(op));
      return 0; /* pops_exiting_wave_id: no POPS in a compute dispatch */
   }
}

/* A non-VGPR source as 64 bits: register pairs, inline integers sign-extended, inline floats as
 * f64, a literal zero-extended for integer types and placed in the high dword for f64 (LLVM's
 * AMDGPU disassembler semantics; RDNA2 ISA guide 6.2, "Instruction Inputs": literal constants). */
INTERP_INLINE uint64_t wave_read_scalar64(const struct wave *w, const struct rdna_operand *op)
{
   unsigned reg = op->reg;
   if (reg < NUM_SREGS - 1)
      return w->sgpr[reg] | (uint64_t)w->sgpr[reg + 1] << 32;
   if (reg >= 128 && reg <= 208)
      return (uint64_t)(int64_t)(int32_t)wave_read_scalar(w, op);
   if (reg >= RDNA_REG_CONST_HALF && reg <= RDNA_REG_CONST_INV2PI)
      return inline_float_bits(reg, FLOAT64);
   if (reg == RDNA_REG_LITERAL && op->type == RDNA_TYPE_f64)
      return (uint64_t)op->value << 32;
   if (reg == RDNA_REG_SHARED_BASE || reg == RDNA_REG_PRIVATE_BASE ||
       reg == RDNA_REG_SHARED_LIMIT || reg == RDNA_REG_PRIVATE_LIMIT)
      return wave_read_scalar(w, op);
   return wave_read_scalar(w, op);
}

/* A lane-mask source (carry-in, cndmask select): one dword in wave32, a pair in wave64. */
INTERP_INLINE uint64_t wave_read_mask(const struct wave *w, const struct rdna_operand *op)
{
   if (w->wave_size == 32)
      return wave_read_scalar(w, op);
   return wave_read_scalar64(w, op);
}

INTERP_INLINE bool operand_is_vgpr(const struct rdna_operand *op)
{
   return op->reg >= RDNA_REG_VGPR0 && op->reg < RDNA_REG_IMM;
}

INTERP_INLINE uint32_t *wave_vgpr(struct wave *w, unsigned vgpr)
{
   return &w->vgpr[(size_t)vgpr * MAX_LANES];
}

/* A 32-bit VALU source as one value per lane: a VGPR's lanes in place, any other kind broadcast
 * into `buf`. */
INTERP_INLINE const uint32_t *valu_src(struct wave *w, const struct rdna_operand *op,
                                       uint32_t buf[MAX_LANES])
{
   if (operand_is_vgpr(op))
      return wave_vgpr(w, op->reg - RDNA_REG_VGPR0);
   uint32_t value = wave_read_scalar(w, op);
   for (unsigned lane = 0; lane < MAX_LANES; lane++)
      buf[lane] = value;
   return buf;
}

/* A 64-bit VALU source of `lane`: a VGPR pair or a 64-bit scalar value. */
INTERP_INLINE uint64_t valu_src64(struct wave *w, const struct rdna_operand *op, unsigned lane)
{
   if (operand_is_vgpr(op)) {
      const uint32_t *lo = wave_vgpr(w, op->reg - RDNA_REG_VGPR0);
      return lo[lane] | (uint64_t)lo[lane + MAX_LANES] << 32;
   }
   return wave_read_scalar64(w, op);
}

/* ---- VGPR writes --------------------------------------------------------------------------- */

/* Runs `body` for lane = 0 .. wave size - 1 with a trip count the compiler knows (32 or 64),
 * so lane loops vectorize without a remainder and wave32 does half the work of wave64. */
#define FOR_EACH_LANE(w, lane, body)                       \
   do {                                                    \
      if ((w)->wave_size == 32) {                          \
         for (unsigned lane = 0; lane < 32; lane++)        \
            body                                           \
      } else {                                             \
         for (unsigned lane = 0; lane < MAX_LANES; lane++) \
            body                                           \
      }                                                    \
   } while (0)

/* Records that an instruction wrote `lanes` of VGPR `vgpr` with values the guide defines (any
 * undefined mark of those lanes goes), for the trace and rdna_machine_read_definedness. Every
 * VGPR write of a handler ends with this or valu_write. */
INTERP_INLINE void wave_wrote_vgpr(struct wave *w, unsigned vgpr, uint64_t lanes)
{
   struct vgpr_marks *marks = &w->vgpr_marks[vgpr];
   marks->written |= lanes;
   marks->undefined &= ~lanes;
   wave_log_write(w, RDNA_REG_VGPR0 + vgpr);
}

/* The one place a handler marks a result the RDNA2 ISA guide leaves undefined (the reasons and
 * their sections: RDNA_UNDEFINED_LIST in include/rdna/interp.h). Call it after the write: the
 * register (operand code 0-127, RDNA_REG_SCC or RDNA_REG_VGPR0 + n) keeps the deterministic value
 * the handler wrote, and `bits` of it in `lanes` (bit 0 for a scalar register) are undefined
 * until the next defined write. */
INTERP_INLINE void wave_mark_undefined(struct wave *w, unsigned reg, uint64_t lanes, uint32_t bits,
                                       enum rdna_undefined reason)
{
   if (!lanes || !bits)
      return;
   if (reg >= RDNA_REG_VGPR0) {
      struct vgpr_marks *marks = &w->vgpr_marks[reg - RDNA_REG_VGPR0];
      marks->undefined_bits = marks->undefined ? marks->undefined_bits | bits : bits;
      marks->undefined |= lanes;
      marks->reason = reason;
   } else if (reg == RDNA_REG_SCC) {
      w->scc_undefined = true;
      w->scc_undefined_reason = (uint8_t)reason;
   } else if (reg < NUM_SREGS) {
      w->sgpr_undefined[reg / 64] |= 1ull << (reg % 64);
      w->sgpr_undefined_bits[reg] = bits;
      w->sgpr_undefined_reason[reg] = (uint8_t)reason;
   }
}

/* Stores result[lane] into VGPR `vgpr` for every lane EXEC enables (RDNA2 ISA guide chapter 6
 * "Vector ALU Operations": "a thread only writes a result if the associated bit in the EXEC mask is
 * set"). */
INTERP_INLINE void valu_write(struct wave *w, unsigned vgpr, const uint32_t *result)
{
   const uint32_t *mask = wave_lane_mask(w);
   uint32_t *dst = wave_vgpr(w, vgpr);
   FOR_EACH_LANE(w, lane, { dst[lane] = (result[lane] & mask[lane]) | (dst[lane] & ~mask[lane]); });
   wave_wrote_vgpr(w, vgpr, wave_exec(w));
}

INTERP_INLINE unsigned dst_vgpr(const struct rdna_operand *op)
{
   return op->reg - RDNA_REG_VGPR0;
}

/* Lane-parallel binary and ternary operations on 32-bit lanes. `fn` is a static inline function:
 * inlined, the loop vectorizes. */
INTERP_INLINE enum rdna_status valu_binop_u32(struct wave *w, const struct rdna_inst *in,
                                              uint32_t (*fn)(uint32_t, uint32_t))
{
   uint32_t b0[MAX_LANES], b1[MAX_LANES], r[MAX_LANES];
   const uint32_t *a = valu_src(w, &in->operands[1], b0);
   const uint32_t *b = valu_src(w, &in->operands[2], b1);
   FOR_EACH_LANE(w, lane, { r[lane] = fn(a[lane], b[lane]); });
   valu_write(w, dst_vgpr(&in->operands[0]), r);
   return RDNA_OK;
}

INTERP_INLINE enum rdna_status valu_triop_u32(struct wave *w, const struct rdna_inst *in,
                                              uint32_t (*fn)(uint32_t, uint32_t, uint32_t))
{
   uint32_t b0[MAX_LANES], b1[MAX_LANES], b2[MAX_LANES], r[MAX_LANES];
   const uint32_t *a = valu_src(w, &in->operands[1], b0);
   const uint32_t *b = valu_src(w, &in->operands[2], b1);
   const uint32_t *c = valu_src(w, &in->operands[3], b2);
   FOR_EACH_LANE(w, lane, { r[lane] = fn(a[lane], b[lane], c[lane]); });
   valu_write(w, dst_vgpr(&in->operands[0]), r);
   return RDNA_OK;
}

INTERP_INLINE enum rdna_status valu_unop_u32(struct wave *w, const struct rdna_inst *in,
                                             uint32_t (*fn)(uint32_t))
{
   uint32_t b0[MAX_LANES], r[MAX_LANES];
   const uint32_t *a = valu_src(w, &in->operands[1], b0);
   FOR_EACH_LANE(w, lane, { r[lane] = fn(a[lane]); });
   valu_write(w, dst_vgpr(&in->operands[0]), r);
   return RDNA_OK;
}

/* ---- cross-lane forms and scheduling ------------------------------------------------------- */

/* VGPRs allocated past each wave's allocation for the DPP and SDWA wrappers, which stage a row's
 * permuted or selected sources there (interp/exec_dpp_sdwa.c); no program can name them, since
 * check_operands bounds registers by the allocation. (With 255 or 256 VGPRs the register codes
 * leave no room: the wrappers then borrow unnamed VGPRs and restore them.) */
#define WAVE_SCRATCH_VGPRS 2

/* Handlers of the DPP16, DPP8 and SDWA encodings of VOP1/VOP2/VOPC rows: they run the row's own
 * exec_<mnemonic> on prepared sources (interp/exec_dpp_sdwa.c). */
enum rdna_status exec_dpp16(struct wave *w, const struct rdna_inst *in);
enum rdna_status exec_dpp8(struct wave *w, const struct rdna_inst *in);
enum rdna_status exec_sdwa(struct wave *w, const struct rdna_inst *in);
/* Runs the row with its lds_direct source replaced by the LDS value M0 names
 * (interp/exec_ds.c). */
enum rdna_status exec_lds_direct(struct wave *w, const struct rdna_inst *in);
/* Runs the row's handler with global-memory atomics of other host threads held off
 * (interp/machine.c). */
enum rdna_status machine_exec_serialized(struct wave *w, const struct rdna_inst *in);

/* Replaces EXEC without logging a write: for the duration of one handler call (the DPP row and
 * bank masks narrow it); the caller puts the old value back. */
INTERP_INLINE void wave_set_exec_quiet(struct wave *w, uint64_t exec)
{
   w->sgpr[RDNA_REG_EXEC_LO] = (uint32_t)exec;
   if (w->wave_size == 64)
      w->sgpr[RDNA_REG_EXEC_HI] = (uint32_t)(exec >> 32);
   w->exec_dirty = true;
}

#endif
