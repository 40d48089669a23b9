/* Vector relative addressing: v_movrels/v_movreld/v_movrelsd/v_movrelsd_2/v_swaprel_b32 with the
 * measured rules of DESIGN.md "Reference semantics: Relative addressing": M0 is unsigned; out of
 * range means base + offset >= the dispatch's VGPR allocation; an out-of-range read returns v0 of
 * the same lane; an out-of-range write is dropped; v_swaprel writes neither side unless both are
 * in range. The register a uniform index names is reached through one of four lowerings (the
 * benchmark, bench/bench_recomp.c, compares their size): a select chain, a balanced select tree
 * (reads; its writes select per register as the chain's do), an OpSwitch, or a window array
 * holding the registers relative accesses can reach. The chain, the tree and the switch select
 * once per module, in a read and a write function per group of slots that every relative access
 * calls; the registers they reach are Private variables (recomp/recomp.c, declare_state). */
#include <string.h>

#include "recomp/lower.h"

#define T32 (l->t_u32)
#define TB (l->t_bool)

static uint32_t is_index(struct lower *l, uint32_t index, unsigned reg)
{
   return lw_op2(l, SpvOpIEqual, TB, index, lw_u32(l, reg));
}

static uint32_t window_ptr(struct lower *l, uint32_t index, unsigned slot)
{
   uint32_t i = lw_op2(l, SpvOpISub, T32, index, lw_u32(l, l->window_base));
   return spvb_access_chain(l->b, l->t_ptr_u32, l->window_var[slot], &i, 1);
}

/* ---- the relative-access functions (chain, tree, switch) ------------------------------------
 * The slots travel in vectors of up to four: one function call, and in the tree one OpSelect with
 * a scalar condition (SPIR-V 1.4), moves a group of slots. The functions see the registers'
 * Private variables only, never the register cache of the module's function: the caller stores
 * the dirty registers first and, after a write, forgets their cached values. */

struct slot_group {
   unsigned first, width;
   uint32_t type, bool_type; /* u32 and bool, or vectors of `width` */
};

static unsigned group_width(const struct lower *l)
{
   return l->slots < 4 ? l->slots : 4;
}

static struct slot_group slot_group(struct lower *l, unsigned g)
{
   unsigned width = group_width(l);
   struct slot_group s = { g * width, width, T32, TB };
   if (width > 1) {
      s.type = spvb_type_vector(l->b, T32, width);
      s.bool_type = spvb_type_vector(l->b, TB, width);
   }
   return s;
}

/* Component i of a group value (the value itself when the group is one slot). */
static uint32_t component(struct lower *l, const struct slot_group *s, uint32_t type,
                          uint32_t value, unsigned i)
{
   if (s->width == 1)
      return value;
   uint32_t extract[2] = { value, i };
   return spvb_op(l->b, SpvOpCompositeExtract, type, extract, 2);
}

static uint32_t group_of(struct lower *l, const struct slot_group *s, uint32_t type,
                         const uint32_t parts[])
{
   if (s->width == 1)
      return parts[0];
   return spvb_op(l->b, SpvOpCompositeConstruct, type, parts, s->width);
}

/* Register `reg` of the group's slots, loaded from its Private variables. */
static uint32_t register_value(struct lower *l, const struct slot_group *s, unsigned reg)
{
   uint32_t parts[4];
   for (unsigned i = 0; i < s->width; i++)
      parts[i] = spvb_load(l->b, T32, l->vgpr_var[reg][s->first + i]);
   return group_of(l, s, s->type, parts);
}

/* A balanced select tree over registers [lo, hi): depth log2 of the candidates. */
static uint32_t read_tree(struct lower *l, const struct slot_group *s, uint32_t index, unsigned lo,
                          unsigned hi)
{
   if (hi - lo == 1)
      return register_value(l, s, lo);
   unsigned mid = lo + (hi - lo) / 2;
   uint32_t left = read_tree(l, s, index, lo, mid);
   uint32_t right = read_tree(l, s, index, mid, hi);
   uint32_t below = lw_op2(l, SpvOpULessThan, TB, index, lw_u32(l, mid));
   return lw_select(l, s->type, below, left, right);
}

static uint32_t read_chain(struct lower *l, const struct slot_group *s, uint32_t index)
{
   uint32_t value = register_value(l, s, l->relative_lo);
   for (unsigned r = l->relative_lo + 1; r < l->vgprs; r++)
      value = lw_select(l, s->type, is_index(l, index, r), register_value(l, s, r), value);
   return value;
}

/* OpSwitch on the index over the candidate registers; case r runs `body` for register r and
 * ends its block (returns, or branches to `merge`, the block left open). */
typedef void (*switch_body)(struct lower *l, const struct slot_group *s, unsigned reg,
                            uint32_t merge, const uint32_t *args);

static void switch_over(struct lower *l, const struct slot_group *s, uint32_t index,
                        switch_body body, const uint32_t *args)
{
   unsigned lo = l->relative_lo, n = l->vgprs - lo;
   uint32_t merge = spvb_id(l->b);
   uint32_t operands[2 + 2 * LOWER_VGPRS];
   uint32_t labels[LOWER_VGPRS];
   operands[0] = index;
   operands[1] = merge;
   for (unsigned i = 0; i < n; i++) {
      labels[i] = spvb_id(l->b);
      operands[2 + 2 * i] = lo + i;
      operands[3 + 2 * i] = labels[i];
   }
   spvb_selection_merge(l->b, merge);
   spvb_op_void(l->b, SpvOpSwitch, operands, 2 + 2 * n);
   for (unsigned i = 0; i < n; i++) {
      spvb_label(l->b, labels[i]);
      body(l, s, lo + i, merge, args);
   }
   spvb_label(l->b, merge);
}

static void switch_read_case(struct lower *l, const struct slot_group *s, unsigned reg,
                             uint32_t merge, const uint32_t *args)
{
   (void)merge;
   (void)args;
   uint32_t value = register_value(l, s, reg);
   spvb_op_void(l->b, SpvOpReturnValue, &value, 1);
}

/* The read function of group g: register `index` (in [relative_lo, vgprs)) of its slots. */
static uint32_t read_function(struct lower *l, unsigned g)
{
   if (l->relative_read_fn[g])
      return l->relative_read_fn[g];
   struct slot_group s = slot_group(l, g);
   uint32_t index;
   uint32_t fn = spvb_begin_helper(l->b, s.type, &l->t_u32, 1, &index);
   uint32_t value;
   switch (l->relative) {
   case RDNA_RELATIVE_SWITCH:
      switch_over(l, &s, index, switch_read_case, NULL);
      /* the default: not reached, the index is a candidate */
      value = register_value(l, &s, l->relative_lo);
      break;
   case RDNA_RELATIVE_SELECT_TREE:
      value = read_tree(l, &s, index, l->relative_lo, l->vgprs);
      break;
   default:
      value = read_chain(l, &s, index);
      break;
   }
   spvb_end_helper(l->b, value);
   return l->relative_read_fn[g] = fn;
}

/* args: value[0..width), then cond[0..width) */
static void switch_write_case(struct lower *l, const struct slot_group *s, unsigned reg,
                              uint32_t merge, const uint32_t *args)
{
   for (unsigned i = 0; i < s->width; i++) {
      uint32_t var = l->vgpr_var[reg][s->first + i];
      uint32_t old = spvb_load(l->b, T32, var);
      spvb_store(l->b, var, lw_select(l, T32, args[s->width + i], args[i], old));
   }
   spvb_branch(l->b, merge);
}

/* The write function of group g: (index, value, cond) stores value's slot i to register `index`
 * where cond's slot i holds. The chain and the tree write alike, with straight-line code: an
 * equality and a select per register and slot, on a per-slot target that no register matches
 * where the slot does not write. (A binary tree of branches gave the tree a block per register,
 * 22,320 in the seed-shaped program, which the NVIDIA H200's driver compiled in 4.1x the plain
 * program's time: bench/results/h200-run2.md.) */
static uint32_t write_function(struct lower *l, unsigned g)
{
   if (l->relative_write_fn[g])
      return l->relative_write_fn[g];
   struct slot_group s = slot_group(l, g);
   uint32_t types[3] = { T32, s.type, s.bool_type }, p[3];
   uint32_t fn = spvb_begin_helper(l->b, spvb_type_void(l->b), types, 3, p);
   uint32_t args[8]; /* value[width], cond[width] */
   for (unsigned i = 0; i < s.width; i++) {
      args[i] = component(l, &s, T32, p[1], i);
      args[s.width + i] = component(l, &s, TB, p[2], i);
   }
   if (l->relative == RDNA_RELATIVE_SWITCH) {
      switch_over(l, &s, p[0], switch_write_case, args);
   } else {
      uint32_t target[4];
      for (unsigned i = 0; i < s.width; i++)
         target[i] = lw_select(l, T32, args[s.width + i], p[0], lw_u32(l, UINT32_MAX));
      for (unsigned r = l->relative_lo; r < l->vgprs; r++)
         for (unsigned i = 0; i < s.width; i++) {
            uint32_t var = l->vgpr_var[r][s.first + i];
            uint32_t old = spvb_load(l->b, T32, var);
            spvb_store(l->b, var, lw_select(l, T32, is_index(l, target[i], r), args[i], old));
         }
   }
   spvb_end_helper(l->b, 0);
   return l->relative_write_fn[g] = fn;
}

void lw_vgpr_read_dynamic(struct lower *l, uint32_t index, uint32_t out[])
{
   /* the variables must hold the registers' current values */
   lw_flush_relative(l);
   if (l->relative == RDNA_RELATIVE_WINDOW_ARRAY) {
      for (unsigned k = 0; k < l->slots; k++)
         out[k] = spvb_load(l->b, T32, window_ptr(l, index, k));
      return;
   }
   for (unsigned g = 0; g < l->slots / group_width(l); g++) {
      struct slot_group s = slot_group(l, g);
      uint32_t call[2] = { read_function(l, g), index };
      uint32_t value = spvb_op(l->b, SpvOpFunctionCall, s.type, call, 2);
      for (unsigned i = 0; i < s.width; i++)
         out[s.first + i] = component(l, &s, T32, value, i);
   }
}

void lw_vgpr_write_dynamic(struct lower *l, uint32_t index, const uint32_t cond[],
                           const uint32_t value[])
{
   lw_flush_relative(l);
   if (l->relative == RDNA_RELATIVE_WINDOW_ARRAY) {
      for (unsigned k = 0; k < l->slots; k++) {
         uint32_t ptr = window_ptr(l, index, k);
         uint32_t old = spvb_load(l->b, T32, ptr);
         spvb_store(l->b, ptr, lw_select(l, T32, cond[k], value[k], old));
      }
   } else {
      for (unsigned g = 0; g < l->slots / group_width(l); g++) {
         struct slot_group s = slot_group(l, g);
         uint32_t call[4] = { write_function(l, g), index, group_of(l, &s, s.type, &value[s.first]),
                              group_of(l, &s, s.bool_type, &cond[s.first]) };
         spvb_op(l->b, SpvOpFunctionCall, spvb_type_void(l->b), call, 4);
      }
   }
   /* cached values of the registers may be stale now */
   lw_forget_relative(l);
}

/* ---- the instructions ----------------------------------------------------------------------- */

struct rel {
   unsigned base;
   uint32_t index;    /* u32 base + offset */
   uint32_t in_range; /* bool */
   bool none;         /* the operand is no VGPR: never in range */
};

static struct rel relative(struct lower *l, const struct rdna_operand *op, uint32_t offset)
{
   struct rel r = { 0 };
   if (!lw_is_vgpr(op)) {
      /* a source field naming an SGPR or constant (raw words or SDWA's S bit; llvm-mc refuses
       * both): out of range, as the interpreter counts it */
      r.in_range = lw_bool(l, false);
      r.none = true;
      return r;
   }
   r.base = op->reg - RDNA_REG_VGPR0;
   uint32_t wide = lw_op2(l, SpvOpIAdd, l->t_u64, lw_zext64(l, offset), lw_u64(l, r.base));
   r.in_range = lw_op2(l, SpvOpULessThan, TB, wide, lw_u64(l, l->vgprs));
   r.index = lw_op2(l, SpvOpIAdd, T32, offset, lw_u32(l, r.base));
   return r;
}

/* Reads VGPR base + offset per slot; v0 when out of range. */
static void read_relative(struct lower *l, const struct rel *r, uint32_t out[])
{
   if (r->none) {
      for (unsigned k = 0; k < l->slots; k++)
         out[k] = lw_vgpr(l, 0, k);
      return;
   }
   /* Clamp the index into the candidates so every lowering sees a valid register. */
   uint32_t index = lw_select(l, T32, r->in_range, r->index, lw_u32(l, r->base));
   lw_vgpr_read_dynamic(l, index, out);
   for (unsigned k = 0; k < l->slots; k++)
      out[k] = lw_select(l, T32, r->in_range, out[k], lw_vgpr(l, 0, k));
}

static void write_relative(struct lower *l, const struct rel *r, uint32_t extra,
                           const uint32_t value[])
{
   if (r->none)
      return;
   uint32_t cond[LOWER_MAX_SLOTS];
   uint32_t ok = extra ? lw_op2(l, SpvOpLogicalAnd, TB, r->in_range, extra) : r->in_range;
   uint32_t index = lw_select(l, T32, ok, r->index, lw_u32(l, r->base));
   for (unsigned k = 0; k < l->slots; k++)
      cond[k] = lw_op2(l, SpvOpLogicalAnd, TB, ok, lw_active(l, k));
   lw_vgpr_write_dynamic(l, index, cond, value);
}

static uint32_t m0(struct lower *l)
{
   return lw_sreg(l, RDNA_REG_M0);
}

static uint32_t m0_src(struct lower *l)
{
   return lw_op2(l, SpvOpBitwiseAnd, T32, m0(l), lw_u32(l, 0x3ff));
}

static uint32_t m0_dst(struct lower *l)
{
   return lw_op2(l, SpvOpBitwiseAnd, T32,
                 lw_op2(l, SpvOpShiftRightLogical, T32, m0(l), lw_u32(l, 16)), lw_u32(l, 0x3ff));
}

/* v_movrels_b32: D = VGPR[S0 + M0]. */
enum rdna_status lower_v_movrels_b32(struct lower *l, const struct rdna_inst *in)
{
   struct rel s = relative(l, &in->operands[1], m0(l));
   uint32_t v[LOWER_MAX_SLOTS];
   read_relative(l, &s, v);
   for (unsigned k = 0; k < l->slots; k++)
      lw_vwrite(l, in->operands[0].reg - RDNA_REG_VGPR0, k, v[k]);
   return RDNA_OK;
}

/* v_movreld_b32: VGPR[D + M0] = S0 (any source kind); dropped when out of range. */
enum rdna_status lower_v_movreld_b32(struct lower *l, const struct rdna_inst *in)
{
   uint32_t v[LOWER_MAX_SLOTS];
   lw_vsrc(l, &in->operands[1], v);
   struct rel d = relative(l, &in->operands[0], m0(l));
   write_relative(l, &d, 0, v);
   return RDNA_OK;
}

/* VGPR[D + dst_off] = VGPR[S0 + src_off]: a destination out of range drops the write; a source
 * out of range alone writes v0 to the in-range destination. */
static enum rdna_status movrelsd(struct lower *l, const struct rdna_inst *in, uint32_t src_off,
                                 uint32_t dst_off)
{
   struct rel s = relative(l, &in->operands[1], src_off);
   struct rel d = relative(l, &in->operands[0], dst_off);
   uint32_t v[LOWER_MAX_SLOTS];
   read_relative(l, &s, v);
   write_relative(l, &d, 0, v);
   return RDNA_OK;
}

enum rdna_status lower_v_movrelsd_b32(struct lower *l, const struct rdna_inst *in)
{
   uint32_t off = m0(l);
   return movrelsd(l, in, off, off);
}

/* v_movrelsd_2_b32: source offset M0[9:0], destination offset M0[25:16]. */
enum rdna_status lower_v_movrelsd_2_b32(struct lower *l, const struct rdna_inst *in)
{
   return movrelsd(l, in, m0_src(l), m0_dst(l));
}

/* v_swaprel_b32: swaps VGPR[D + M0[25:16]] and VGPR[S0 + M0[9:0]] in active lanes; neither is
 * written unless both are in range. */
enum rdna_status lower_v_swaprel_b32(struct lower *l, const struct rdna_inst *in)
{
   struct rel s = relative(l, &in->operands[1], m0_src(l));
   struct rel d = relative(l, &in->operands[0], m0_dst(l));
   uint32_t both = lw_op2(l, SpvOpLogicalAnd, TB, s.in_range, d.in_range);
   uint32_t x[LOWER_MAX_SLOTS], y[LOWER_MAX_SLOTS];
   read_relative(l, &d, x);
   read_relative(l, &s, y);
   write_relative(l, &d, both, y);
   write_relative(l, &s, both, x);
   return RDNA_OK;
}

/* ---- the DPP16, DPP8 and SDWA forms (recomp/lower_dpp_sdwa.c) ------------------------------ */

/* The offsets a relative move applies to its source and destination; 0 ids where the row
 * addresses that side plainly. */
static void movrel_offsets(struct lower *l, unsigned op, uint32_t *src_off, uint32_t *dst_off)
{
   *src_off = *dst_off = 0;
   switch (op) {
   case RDNA_OP_v_movrels_b32:
      *src_off = m0(l);
      break;
   case RDNA_OP_v_movreld_b32:
      *dst_off = m0(l);
      break;
   case RDNA_OP_v_movrelsd_b32:
      *src_off = *dst_off = m0(l);
      break;
   case RDNA_OP_v_movrelsd_2_b32:
      *src_off = m0_src(l);
      *dst_off = m0_dst(l);
      break;
   default:
      break;
   }
}

void lw_movrel_source(struct lower *l, const struct rdna_inst *in, uint32_t out[])
{
   uint32_t src_off, dst_off;
   movrel_offsets(l, in->op, &src_off, &dst_off);
   if (!src_off) {
      lw_vsrc(l, &in->operands[1], out);
      return;
   }
   struct rel s = relative(l, &in->operands[1], src_off);
   read_relative(l, &s, out);
}

void lw_movrel_destination(struct lower *l, const struct rdna_inst *in, uint32_t out[])
{
   uint32_t src_off, dst_off;
   movrel_offsets(l, in->op, &src_off, &dst_off);
   if (!dst_off) {
      for (unsigned k = 0; k < l->slots; k++)
         out[k] = lw_vgpr(l, in->operands[0].reg - RDNA_REG_VGPR0, k);
      return;
   }
   /* out of range, the write is dropped: any value serves */
   struct rel d = relative(l, &in->operands[0], dst_off);
   read_relative(l, &d, out);
}

void lw_movrel_write(struct lower *l, const struct rdna_inst *in, const uint32_t lanes[],
                     const uint32_t value[])
{
   uint32_t src_off, dst_off;
   movrel_offsets(l, in->op, &src_off, &dst_off);
   unsigned dst = in->operands[0].reg - RDNA_REG_VGPR0;
   if (!dst_off) {
      for (unsigned k = 0; k < l->slots; k++)
         lw_vgpr_store(l, dst, k, lw_select(l, T32, lanes[k], value[k], lw_vgpr(l, dst, k)));
      return;
   }
   struct rel d = relative(l, &in->operands[0], dst_off);
   uint32_t index = lw_select(l, T32, d.in_range, d.index, lw_u32(l, d.base));
   uint32_t cond[LOWER_MAX_SLOTS];
   for (unsigned k = 0; k < l->slots; k++)
      cond[k] = lw_op2(l, SpvOpLogicalAnd, TB, d.in_range, lanes[k]);
   lw_vgpr_write_dynamic(l, index, cond, value);
}
