/* Recompiler internals: the lowering context (the SPIR-V variables that hold one wave's state,
 * the per-invocation lane constants), the helpers every lowering handler uses (operand reads,
 * EXEC-predicated VGPR writes, lane masks through subgroup ballots, faults), and the handler
 * declarations expanded from isa/table.def. recomp/recomp.c builds the module around them.
 *
 * Lanes: invocation i of the subgroup carries lanes i + k * subgroup_size for slot k <
 * slots (include/rdna/recomp.h). Every per-lane value is an array of `slots` ids. */
#ifndef RDNA_RECOMP_LOWER_H
#define RDNA_RECOMP_LOWER_H

#include <stdbool.h>
#include <stdint.h>

#include "isa_internal.h"
#include "rdna/interp.h"
#include "rdna/recomp.h"
#include "recomp/cfg.h"
#include "recomp/spirv_builder.h"

#define LOWER_MAX_SLOTS 64 /* wave64 on a subgroup of 1 */
#define LOWER_SREGS 128
#define LOWER_VGPRS 256

struct lower_cached {
   uint32_t gen, id;
   bool dirty;
};

#define LOWER_TRANS_HELPERS 11 /* exp2, log2, sin cores; exp, log, sin, cos lanes in f32, f16 */

#define LOWER_DIRTY_VGPR 0x80000000u
#define LOWER_SCC_INDEX LOWER_SREGS
#define LOWER_DIRTY_CAPACITY (LOWER_SREGS + 1 + LOWER_VGPRS * LOWER_MAX_SLOTS)

/* A guest region as the module sees it: where it lives in the memory buffer. */
struct lower_region {
   uint64_t address, size, offset;
   bool is_program;
};

struct lower {
   struct spvb *b;
   struct rdna_isa_config isa;
   unsigned wave_size, subgroup_size, slots, vgprs;
   enum rdna_relative_lowering relative;
   struct rdna_diag *diag;
   unsigned grid[3], waves_per_group;
   unsigned replicas;     /* copies of the case in the dispatch (rdna_module_layout.replicas) */
   uint64_t memory_bytes; /* one replica's guest memory (rdna_module_layout.memory_bytes) */
   size_t state_words;
   uint64_t step_limit;

   /* types */
   uint32_t t_bool, t_u32, t_u64, t_uvec4, t_ptr_u32, t_ptr_u64, t_ptr_bool, t_ptr_sb_u32;
   uint32_t glsl; /* GLSL.std.450 */

   /* the wave's state: Function variables */
   uint32_t sgpr[LOWER_SREGS];
   uint32_t hwreg[RDNA_HWREG_COUNT];
   uint32_t scc, pc, steps, ended;
   uint32_t fault_kind, fault_lane, fault_pc, fault_addr, fault_op;
   /* VGPR r, slot k: vgpr_var[r][k] (0 when the program cannot touch r; a Private variable when
    * relative_private and r >= relative_lo) or, for registers in the window, element
    * r - window_base of window_var[k] */
   uint32_t (*vgpr_var)[LOWER_MAX_SLOTS];
   bool vgpr_used[LOWER_VGPRS];
   unsigned window_base; /* == vgprs when there is no window */
   uint32_t window_var[LOWER_MAX_SLOTS], t_ptr_window;
   /* ---- relative addressing (recomp/lower_movrel.c; declared by recomp/recomp.c) ---- */
   unsigned relative_lo; /* the lowest VGPR relative accesses can reach; == vgprs when none */
   /* registers [relative_lo, vgprs) are Private variables, read and written by the relative
    * access functions of the chain, tree and switch lowerings */
   bool relative_private;
   /* the functions per group of up to four slots (lower_movrel.c); 0 until first used */
   uint32_t relative_read_fn[LOWER_MAX_SLOTS], relative_write_fn[LOWER_MAX_SLOTS];

   /* per-invocation values computed in the prologue */
   uint32_t lane[LOWER_MAX_SLOTS];     /* u32 lane index */
   uint32_t lane_bit[LOWER_MAX_SLOTS]; /* u64 1 << lane */
   uint32_t invocation;                /* SubgroupLocalInvocationId */
   uint32_t wave_index;                /* u32 global wave index */

   /* guest memory */
   uint32_t memory, scratch; /* storage buffer variables (binding 0 and 2) */
   uint32_t memory_base;     /* u32: the replica's first word of `memory`; 0: no replicas */
   const struct lower_region *regions;
   size_t num_regions;
   uint64_t scratch_per_lane;

   /* Values of registers within straight-line code: a register's variable is loaded once and
    * written back when control flow is about to diverge or join (lw_flush), and every label
    * starts afresh (lw_label). Entries count only when their `gen` is the current one. */
   struct lower_cached *sgpr_cache; /* LOWER_SREGS + 1: SCC last */
   struct lower_cached (*vgpr_cache)[LOWER_MAX_SLOTS];
   uint32_t *dirty; /* keys of dirty entries: sreg index, or LOWER_DIRTY_VGPR | reg << 8 | slot */
   size_t num_dirty;
   uint32_t cache_gen;

   /* the instruction being lowered */
   uint64_t pc_value;
   uint32_t op_value; /* table row, or 0xffffffff for a fetch fault */
   uint64_t next_pc_value;
   uint32_t next_pc;                 /* u64 id of the next PC; set by control-flow handlers */
   uint32_t active[LOWER_MAX_SLOTS]; /* cached EXEC bits of the lanes; 0 when stale */
   uint32_t block_steps;             /* u64: steps when the current block started */
   unsigned inst_index;              /* the instruction's index in its block */

   /* ---- LDS, barriers and workgroups (recomp/lower_ds.c; declared by recomp/recomp.c) ---- */
   uint32_t lds_bytes;    /* the workgroup's LDS allocation */
   uint32_t lds;          /* Workgroup u32[lds_bytes / 4 + 2]: the LDS words, then two sink words */
   uint32_t t_ptr_wg_u32; /* pointer to a Workgroup u32 */
   uint32_t at_barrier;   /* Function bool: the wave waits at s_barrier */
   uint32_t subgroup_id;  /* u32: the wave's index within its workgroup */
   uint32_t group_index;  /* u32: the workgroup's linear index in the grid */
   uint32_t lds_direct;   /* u32: the current instruction's lds_direct value; 0 when none */

   /* ---- images (recomp/lower_mimg.c, recomp/lower_mimg_sample.c) ---- */
   uint32_t img_fadd, img_fmul; /* helper functions: f32 a + b, a * b, nearest even; 0: none yet */
   uint32_t img_decode;         /* helper function: one texel field as a load returns it */
   uint32_t img_level_offset;   /* helper function: the bytes of the levels before one */
   uint32_t img_encode;         /* helper function: one texel field as a store writes it */
   /* ---- control flow (recomp/recomp.c) ---- */
   bool structured; /* rdna_recomp_options.cfg: structured constructs inside dispatcher cases */
   bool backward_branches; /* a static branch goes back: the plan can have loops */
   uint32_t leave; /* Function bool: leaving structured loops for the dispatcher (0: no loops) */
   unsigned fault_sites; /* lw_fault calls so far: an instruction that made one can end the wave */
   /* ---- exp, log, sin and cos (recomp/lower_float_trans.c) ---- */
   uint32_t trans_helper[LOWER_TRANS_HELPERS]; /* helper function ids; 0 until first used */
};

/* ---- handlers ------------------------------------------------------------------------------ */

#define INST(name, format, op1013, op1030, signature, flags) \
   enum rdna_status lower_##name(struct lower *l, const struct rdna_inst *in);
#include "table.def"
#undef INST

typedef enum rdna_status (*lower_fn)(struct lower *l, const struct rdna_inst *in);
/* The handler of row `op`; NULL when out of range (recomp/lower_dispatch.c). */
lower_fn lower_handler(unsigned op);

/* A deliberately missing lowering: recompiling it fails with UNSUPPORTED naming it and its PC. */
#define UNSUPPORTED(name)                                                     \
   enum rdna_status lower_##name(struct lower *l, const struct rdna_inst *in) \
   {                                                                          \
      (void)in;                                                               \
      return lower_unsupported(l, #name, "");                                 \
   }

/* Fills l->diag with UNSUPPORTED "NAME at 0xPC is not lowered yet<detail>". */
enum rdna_status lower_unsupported(struct lower *l, const char *name, const char *detail);

/* ---- constants and arithmetic -------------------------------------------------------------- */

uint32_t lw_u32(struct lower *l, uint32_t value);
uint32_t lw_u64(struct lower *l, uint64_t value);
uint32_t lw_bool(struct lower *l, bool value);
uint32_t lw_op2(struct lower *l, SpvOp op, uint32_t type, uint32_t x, uint32_t y);
uint32_t lw_op1(struct lower *l, SpvOp op, uint32_t type, uint32_t x);
uint32_t lw_select(struct lower *l, uint32_t type, uint32_t cond, uint32_t x, uint32_t y);
/* GLSL.std.450 extended instruction on 32-bit operands. */
uint32_t lw_glsl(struct lower *l, unsigned inst, uint32_t type, const uint32_t *args, size_t n);
/* u64 <-> two u32 halves. */
uint32_t lw_lo(struct lower *l, uint32_t x64);
uint32_t lw_hi(struct lower *l, uint32_t x64);
uint32_t lw_pack64(struct lower *l, uint32_t lo, uint32_t hi);
uint32_t lw_zext64(struct lower *l, uint32_t x32);
uint32_t lw_sext64(struct lower *l, uint32_t x32);
/* u32: x clamped to [lo, hi] as signed 32-bit integers (GLSL.std.450 SClamp, one instruction a
 * driver cannot narrow to the bits a later mask keeps). */
uint32_t lw_sclamp(struct lower *l, uint32_t x, int32_t lo, int32_t hi);
/* bool -> u32 0/1 */
uint32_t lw_b2u(struct lower *l, uint32_t cond);
/* u32 -> bool (x != 0) */
uint32_t lw_nz(struct lower *l, uint32_t x);
uint32_t lw_nz64(struct lower *l, uint32_t x);

/* The SPIR-V types of bool, u32 and u64 values, in a lowering function whose context is `l`. */
#define TB (l->t_bool)
#define T32 (l->t_u32)
#define T64 (l->t_u64)

/* Shorthands the lowering files share: constants, u32/u64 arithmetic, comparisons (bool
 * results), boolean logic and selects, each one SPIR-V instruction through the helpers above. */
static inline uint32_t c32(struct lower *l, uint32_t v)
{
   return lw_u32(l, v);
}

static inline uint32_t c64(struct lower *l, uint64_t v)
{
   return lw_u64(l, v);
}

static inline uint32_t bin(struct lower *l, SpvOp op, uint32_t x, uint32_t y)
{
   return lw_op2(l, op, l->t_u32, x, y);
}

static inline uint32_t bin64(struct lower *l, SpvOp op, uint32_t x, uint32_t y)
{
   return lw_op2(l, op, l->t_u64, x, y);
}

static inline uint32_t cmp(struct lower *l, SpvOp op, uint32_t x, uint32_t y)
{
   return lw_op2(l, op, l->t_bool, x, y);
}

static inline uint32_t and_b(struct lower *l, uint32_t x, uint32_t y)
{
   return lw_op2(l, SpvOpLogicalAnd, l->t_bool, x, y);
}

static inline uint32_t or_b(struct lower *l, uint32_t x, uint32_t y)
{
   return lw_op2(l, SpvOpLogicalOr, l->t_bool, x, y);
}

static inline uint32_t not_b(struct lower *l, uint32_t x)
{
   return lw_op1(l, SpvOpLogicalNot, l->t_bool, x);
}

static inline uint32_t sel(struct lower *l, uint32_t cond, uint32_t x, uint32_t y)
{
   return lw_select(l, l->t_u32, cond, x, y);
}

static inline uint32_t sel64(struct lower *l, uint32_t cond, uint32_t x, uint32_t y)
{
   return lw_select(l, l->t_u64, cond, x, y);
}

/* ---- scalar state -------------------------------------------------------------------------- */

uint32_t lw_sreg(struct lower *l, unsigned code);
void lw_sreg_write(struct lower *l, unsigned code, uint32_t value);
uint32_t lw_sreg64(struct lower *l, unsigned code);
void lw_sreg_write64(struct lower *l, unsigned code, uint32_t value64);
/* SCC as a bool, and its write from a bool. */
uint32_t lw_scc(struct lower *l);
void lw_scc_write(struct lower *l, uint32_t cond);
/* EXEC and VCC as whole-wave u64 masks (bits above the wave size cleared). */
uint32_t lw_exec(struct lower *l);
uint32_t lw_vcc(struct lower *l);
/* Writes a lane mask: one SGPR in wave32 (the low half), a pair in wave64. */
void lw_mask_write(struct lower *l, unsigned code, uint32_t mask64);
/* A non-VGPR source as 32 bits / 64 bits (register pairs, inline constants, literals). */
uint32_t lw_scalar_src(struct lower *l, const struct rdna_operand *op);
uint32_t lw_scalar_src64(struct lower *l, const struct rdna_operand *op);
/* A lane-mask source as u64. */
uint32_t lw_mask_src(struct lower *l, const struct rdna_operand *op);
/* Writes a scalar destination operand (32 or 64 bits by its width); null discards. */
void lw_sdst(struct lower *l, const struct rdna_operand *op, uint32_t value);
void lw_sdst64(struct lower *l, const struct rdna_operand *op, uint32_t value64);

/* ---- vector state -------------------------------------------------------------------------- */

bool lw_is_vgpr(const struct rdna_operand *op);
/* Pointer to VGPR `reg` in slot k (a Function variable or a window element). */
uint32_t lw_vgpr_ptr(struct lower *l, unsigned reg, unsigned slot);
uint32_t lw_vgpr(struct lower *l, unsigned reg, unsigned slot);
/* Unpredicated store (writelane, relative writes that carry their own condition). */
void lw_vgpr_store(struct lower *l, unsigned reg, unsigned slot, uint32_t value);
/* bool: the lane of slot k is enabled in EXEC. */
uint32_t lw_active(struct lower *l, unsigned slot);
/* EXEC-predicated write of VGPR `reg` in slot k. */
void lw_vwrite(struct lower *l, unsigned reg, unsigned slot, uint32_t value);
/* A 32-bit VALU source per slot: VGPR lanes or a broadcast scalar. */
void lw_vsrc(struct lower *l, const struct rdna_operand *op, uint32_t out[]);
/* A 64-bit VALU source per slot (VGPR pair or 64-bit scalar value). */
void lw_vsrc64(struct lower *l, const struct rdna_operand *op, uint32_t out[]);
/* The whole-wave mask of a per-slot bool predicate (inactive lanes must already be false). */
uint32_t lw_ballot(struct lower *l, const uint32_t pred[]);
/* The u32 `value` of the subgroup's first active invocation, in every invocation. */
uint32_t lw_broadcast_first(struct lower *l, uint32_t value);
/* bool: bit of the lane of slot k in a u64 mask. */
uint32_t lw_mask_bit(struct lower *l, uint32_t mask64, unsigned slot);
/* u32: the lowest set bit of a u64 lane mask (meaningless when the mask is 0). */
uint32_t lw_lowest_lane(struct lower *l, uint32_t mask64);
/* A structured loop over the set bits of a u64 lane mask, lowest first: begin returns the lane
 * (u32) of this iteration; the body follows, then lw_lane_loop_end. */
struct lw_lane_loop {
   uint32_t cont, done, header;
};
uint32_t lw_lane_loop_begin(struct lower *l, uint32_t lanes64, struct lw_lane_loop *loop);
void lw_lane_loop_end(struct lower *l, const struct lw_lane_loop *loop);
/* The value of per-slot `values` at wave lane `lane` (a uniform u32), for every invocation. */
uint32_t lw_read_lane(struct lower *l, const uint32_t values[], uint32_t lane);
/* The operand with encoding role `role`; NULL when none. */
const struct rdna_operand *lw_role(const struct rdna_inst *in, unsigned role);

/* ---- faults and structure ------------------------------------------------------------------ */

/* Records a fault when `cond` (uniform bool; 0: always) holds: kind, lane (u32 id or 0 for
 * none), address (u64 id or 0), the current instruction's PC and row; the wave ends. */
void lw_fault(struct lower *l, uint32_t cond, enum rdna_fault_kind kind, uint32_t lane,
              uint32_t address);
/* As lw_fault with the kind a u32 id computed at run time. */
void lw_fault_value(struct lower *l, uint32_t cond, uint32_t kind, uint32_t lane, uint32_t address);
/* u64: the steps the wave has executed, the current instruction included. */
uint32_t lw_steps_now(struct lower *l);
/* Control flow inside lowered code goes through these, so that cached register values are
 * written back before a branch and not reused across a label: lw_flush stores every dirty
 * register; lw_selection_merge flushes, then declares the merge; lw_label opens a block with an
 * empty cache; lw_branch flushes and branches. */
void lw_flush(struct lower *l);
void lw_invalidate(struct lower *l);
/* Stores the dirty registers that relative accesses can reach, [relative_lo, vgprs) (before a
 * dynamic access reads their variables), and drops their cached values (after a dynamic store
 * may have changed any of them). */
void lw_flush_relative(struct lower *l);
void lw_forget_relative(struct lower *l);
void lw_selection_merge(struct lower *l, uint32_t merge);
void lw_label(struct lower *l, uint32_t label);
void lw_branch(struct lower *l, uint32_t label);
/* SCC as u32 0/1. */
uint32_t lw_scc_u32(struct lower *l);

/* Opens `if (cond) {` as a structured selection; lw_if_end closes it. Returns the merge label. */
uint32_t lw_if_begin(struct lower *l, uint32_t cond);
void lw_if_end(struct lower *l, uint32_t merge);

/* ---- relative VGPR addressing (recomp/lower_movrel.c) -------------------------------------- */

/* Reads VGPR `index` (a uniform u32 known to lie in [relative_lo, vgprs)) into out[slot], through
 * the chosen lowering (select chain, select tree, switch or window array). */
void lw_vgpr_read_dynamic(struct lower *l, uint32_t index, uint32_t out[]);
/* Writes value[slot] to VGPR `index` of each slot whose cond[slot] (bool) holds. */
void lw_vgpr_write_dynamic(struct lower *l, uint32_t index, const uint32_t cond[],
                           const uint32_t value[]);

/* ---- the DPP16, DPP8 and SDWA forms of the relative moves (recomp/lower_movrel.c) --------- */

/* For v_movrels, v_movreld, v_movrelsd and v_movrelsd_2 under the current M0: the value per
 * slot of the source the row reads (VGPR[S0 + offset], v0 when out of range; v_movreld's plain
 * source), the current value of the destination it writes (VGPR[D + offset]; D for v_movrels),
 * and the write of value[slot] to that destination in the slots whose lanes[slot] (bool, EXEC
 * included) holds, dropped when out of range. */
void lw_movrel_source(struct lower *l, const struct rdna_inst *in, uint32_t out[]);
void lw_movrel_destination(struct lower *l, const struct rdna_inst *in, uint32_t out[]);
void lw_movrel_write(struct lower *l, const struct rdna_inst *in, const uint32_t lanes[],
                     const uint32_t value[]);

/* ---- LDS, barriers and workgroups (recomp/lower_ds.c) -------------------------------------- */

/* The index of the first sink word: stores that must not land (inactive lanes, addresses outside
 * the LDS) go there (a 64-bit access to it and the next), so that no store needs a branch. */
uint32_t lw_lds_sink(struct lower *l);
/* Pointer to LDS word `index` (u32 id). */
uint32_t lw_lds_word(struct lower *l, uint32_t index);
/* OpControlBarrier for the workgroup, acquire-release on Workgroup memory, and on storage-buffer
 * memory with several waves per workgroup. */
void lw_workgroup_barrier(struct lower *l);
/* Reads the wave's lds_direct value into l->lds_direct (faulting on a bad M0 type or a
 * misaligned address); returns the bool under which the instruction runs. */
uint32_t lw_lds_direct_read(struct lower *l);

/* ---- cross-lane data movement (recomp/lower_crosslane.c, recomp/lower_dpp_sdwa.c) --------- */

/* A lane map: lane L reads lane ((L & ~(group - 1)) ^ group_xor) | entry(L & (group - 1)), so
 * lanes move only within aligned groups of `group` lanes (a power of two), or to the group
 * `group_xor` away. */
enum lw_map_kind {
   LW_MAP_TABLE,   /* entry i: bits [b*i, b*i + b) of a table (b = log2 group, group <= 16) */
   LW_MAP_BITMASK, /* ds_swizzle bit masks: ((i & and) | or) ^ xor from param */
   LW_MAP_ROTATE,  /* ds_swizzle rotate, param the offset */
   LW_MAP_FFT      /* ds_swizzle FFT, param the offset */
};

struct lw_lane_map {
   enum lw_map_kind kind;
   unsigned group, group_xor;
   uint32_t param;
   uint64_t param64; /* a constant table */
   uint32_t table;   /* u64 id of a run-time table (0: param64) */
   bool identity;    /* every lane reads itself */
};

/* from[k]: the source lane (u32) of slot k's lane under `map`, for lw_gather and
 * lw_gather_enabled (where a map stays within slots, only from[0] is computed). */
void lw_lane_map_sources(struct lower *l, const struct lw_lane_map *map, uint32_t from[]);
/* out[k]: values[] at lane from[k], shuffled across the slots the map can reach (all slots when
 * map is NULL). */
void lw_gather(struct lower *l, const struct lw_lane_map *map, const uint32_t values[],
               const uint32_t from[], uint32_t out[]);
/* out[k] (bool): EXEC enables the lane slot k reads (from[k] from lw_lane_map_sources under
 * `map`, NULL: any lane). */
void lw_gather_enabled(struct lower *l, const struct lw_lane_map *map, const uint32_t from[],
                       uint32_t out[]);
/* bool: bit `lane` (u32 id) of a u64 mask. */
uint32_t lw_lane_enabled(struct lower *l, uint32_t mask64, uint32_t lane);
/* bool: slot k's lane is in the constant lane set (folded when the slot is all in or all out). */
uint32_t lw_static_lanes(struct lower *l, unsigned slot, uint64_t lanes);
/* The DPP16, DPP8 or SDWA form of a VOP1/VOP2/VOPC row: prepares its sources, runs the row's
 * handler `row` on them and shapes the destination write. */
enum rdna_status lower_lane_form(struct lower *l, const struct rdna_inst *in, lower_fn row);

/* ---- loops over an invocation's lane slots (memory instructions, recomp/lower_mem*.c) ------ */

/* A structured loop running its body once per slot of the invocation, so that per-lane work is
 * emitted once instead of once per slot; with one slot the body runs straight, without a loop.
 * Inside the body `slot` (u32) is the iteration's slot and `lane` (u32) its wave lane. The trip
 * count is uniform, so subgroup operations in the body (outside its own branches) see every
 * invocation. The body reads VGPRs of its slot with lw_slot_vgpr; results go to slot arrays and
 * are written to registers after the loop. */
struct lw_slot_loop {
   uint32_t slot, lane;
   uint32_t first_lane;                   /* u32: slot * subgroup size */
   uint32_t is_slot[LOWER_MAX_SLOTS];     /* bool: slot == k (several slots only) */
   uint32_t counter, header, cont, merge; /* 0 with one slot */
};
void lw_slot_loop_begin(struct lower *l, struct lw_slot_loop *loop);
void lw_slot_loop_end(struct lower *l, struct lw_slot_loop *loop);
/* A slot array: one Function variable of `type` per slot (ids array + k), read and written at a
 * constant slot, at the loop's slot or at a uniform run-time slot through selects, so that a
 * driver keeps it in registers where an indexed array would go to memory. */
uint32_t lw_slot_array(struct lower *l, uint32_t type);
uint32_t lw_slot_get_at(struct lower *l, uint32_t array, uint32_t type, unsigned k);
void lw_slot_put_at(struct lower *l, uint32_t array, unsigned k, uint32_t value);
uint32_t lw_slot_get(struct lower *l, uint32_t array, uint32_t type,
                     const struct lw_slot_loop *loop);
void lw_slot_put(struct lower *l, uint32_t array, uint32_t type, const struct lw_slot_loop *loop,
                 uint32_t value);
/* VGPR `reg` of the loop's current slot. */
uint32_t lw_slot_vgpr(struct lower *l, unsigned reg, const struct lw_slot_loop *loop);
/* Element `slot` (a uniform u32 below the slot count). */
uint32_t lw_slot_pick(struct lower *l, uint32_t array, uint32_t type, uint32_t slot);
/* u64: the wave-mask bits of the lanes of the loop's current slot whose `pred` holds. */
uint32_t lw_slot_ballot(struct lower *l, const struct lw_slot_loop *loop, uint32_t pred);

#endif
