/* Vector relative addressing: v_movrels/v_movreld/v_movrelsd/v_movrelsd_2/v_swaprel_b32 with the
 * measured rules of DESIGN.md "Reference semantics: Relative addressing": M0 is unsigned; out of
 * range means base + offset >= the dispatch's VGPR allocation; an out-of-range read returns v0 of
 * the same lane; an out-of-range write is dropped; v_swaprel writes neither side unless both are
 * in range. The register a uniform index names is reached through one of four lowerings (the
 * benchmark, bench/bench_recomp.c, compares their size): a select chain, a balanced select tree
 * (reads; its writes select per register as the chain's do), an OpSwitch, or a window array
 * holding the registers relative accesses can reach. */
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

/* A balanced select tree over registers [lo, hi): each comparison shared by all slots. The
 * slots travel in vectors of up to four (`width` lanes, `groups` vectors), so one OpSelect with a
 * scalar condition (SPIR-V 1.4) moves four slots: a quarter of the selects of one per slot. */
struct tree_read {
   uint32_t index, vec_type;
   unsigned width, groups;
};

static void read_tree(struct lower *l, const struct tree_read *t, unsigned lo, unsigned hi,
                      uint32_t out[])
{
   if (hi - lo == 1) {
      for (unsigned g = 0; g < t->groups; g++) {
         if (t->width == 1) {
            out[g] = lw_vgpr(l, lo, g);
            continue;
         }
         uint32_t parts[4];
         for (unsigned i = 0; i < t->width; i++)
            parts[i] = lw_vgpr(l, lo, g * t->width + i);
         out[g] = spvb_op(l->b, SpvOpCompositeConstruct, t->vec_type, parts, t->width);
      }
      return;
   }
   unsigned mid = lo + (hi - lo) / 2;
   uint32_t left[LOWER_MAX_SLOTS], right[LOWER_MAX_SLOTS];
   read_tree(l, t, lo, mid, left);
   read_tree(l, t, mid, hi, right);
   uint32_t below = lw_op2(l, SpvOpULessThan, TB, t->index, lw_u32(l, mid));
   for (unsigned g = 0; g < t->groups; g++)
      out[g] = lw_select(l, t->vec_type, below, left[g], right[g]);
}

static void read_tree_slots(struct lower *l, uint32_t index, unsigned lo, uint32_t out[])
{
   struct tree_read t = { index, T32, l->slots < 4 ? l->slots : 4, 0 };
   t.groups = l->slots / t.width;
   if (t.width > 1)
      t.vec_type = spvb_type_vector(l->b, T32, t.width);
   uint32_t vec[LOWER_MAX_SLOTS];
   read_tree(l, &t, lo, l->vgprs, vec);
   for (unsigned k = 0; k < l->slots; k++) {
      if (t.width == 1) {
         out[k] = vec[k];
         continue;
      }
      uint32_t extract[2] = { vec[k / t.width], k % t.width };
      out[k] = spvb_op(l->b, SpvOpCompositeExtract, T32, extract, 2);
   }
}

/* OpSwitch over the candidate registers: case r runs `body` for register r. */
struct switch_body {
   void (*fn)(struct lower *l, unsigned reg, void *user);
   void *user;
};

static void switch_over(struct lower *l, uint32_t index, unsigned lo, struct switch_body body)
{
   unsigned n = l->vgprs - lo;
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
   lw_selection_merge(l, merge);
   spvb_op_void(l->b, SpvOpSwitch, operands, 2 + 2 * n);
   for (unsigned i = 0; i < n; i++) {
      lw_label(l, labels[i]);
      body.fn(l, lo + i, body.user);
      lw_branch(l, merge);
   }
   lw_label(l, merge);
}

struct switch_read {
   uint32_t *temps;
};

static void switch_read_case(struct lower *l, unsigned reg, void *user)
{
   struct switch_read *r = user;
   for (unsigned k = 0; k < l->slots; k++)
      spvb_store(l->b, r->temps[k], lw_vgpr(l, reg, k));
}

struct switch_write {
   const uint32_t *cond, *value;
};

static void switch_write_case(struct lower *l, unsigned reg, void *user)
{
   const struct switch_write *w = user;
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t old = lw_vgpr(l, reg, k);
      lw_vgpr_store(l, reg, k, lw_select(l, T32, w->cond[k], w->value[k], old));
   }
}

void lw_vgpr_read_dynamic(struct lower *l, uint32_t index, unsigned lo, uint32_t out[])
{
   switch (l->relative) {
   case RDNA_RELATIVE_WINDOW_ARRAY:
      /* the array must hold the registers' current values */
      lw_flush_window(l);
      for (unsigned k = 0; k < l->slots; k++)
         out[k] = spvb_load(l->b, T32, window_ptr(l, index, k));
      return;
   case RDNA_RELATIVE_SWITCH: {
      uint32_t temps[LOWER_MAX_SLOTS];
      for (unsigned k = 0; k < l->slots; k++) {
         temps[k] = spvb_function_variable(l->b, l->t_ptr_u32);
         spvb_store(l->b, temps[k], lw_u32(l, 0));
      }
      struct switch_read r = { temps };
      switch_over(l, index, lo, (struct switch_body){ switch_read_case, &r });
      for (unsigned k = 0; k < l->slots; k++)
         out[k] = spvb_load(l->b, T32, temps[k]);
      return;
   }
   case RDNA_RELATIVE_SELECT_TREE:
      read_tree_slots(l, index, lo, out);
      return;
   default:
      for (unsigned k = 0; k < l->slots; k++)
         out[k] = lw_vgpr(l, lo, k);
      for (unsigned r = lo + 1; r < l->vgprs; r++) {
         uint32_t here = is_index(l, index, r);
         for (unsigned k = 0; k < l->slots; k++)
            out[k] = lw_select(l, T32, here, lw_vgpr(l, r, k), out[k]);
      }
      return;
   }
}

void lw_vgpr_write_dynamic(struct lower *l, uint32_t index, unsigned lo, const uint32_t cond[],
                           const uint32_t value[])
{
   switch (l->relative) {
   case RDNA_RELATIVE_WINDOW_ARRAY:
      lw_flush_window(l);
      for (unsigned k = 0; k < l->slots; k++) {
         uint32_t ptr = window_ptr(l, index, k);
         uint32_t old = spvb_load(l->b, T32, ptr);
         spvb_store(l->b, ptr, lw_select(l, T32, cond[k], value[k], old));
      }
      /* cached values of window registers may be stale now */
      lw_forget_window(l);
      return;
   case RDNA_RELATIVE_SWITCH: {
      struct switch_write w = { cond, value };
      switch_over(l, index, lo, (struct switch_body){ switch_write_case, &w });
      return;
   }
   default: {
      /* The chain and the tree: an equality and a select per register and slot, on a per-slot
       * index that no register matches where the slot does not write. A binary tree of
       * branches instead gave the tree a block per register (22,320 in the seed-shaped
       * program), which drivers compile slowly: 4.1x the plain program on the NVIDIA H200
       * (bench/results/h200-run2.md). */
      uint32_t target[LOWER_MAX_SLOTS];
      for (unsigned k = 0; k < l->slots; k++)
         target[k] = lw_select(l, T32, cond[k], index, lw_u32(l, UINT32_MAX));
      for (unsigned r = lo; r < l->vgprs; r++)
         for (unsigned k = 0; k < l->slots; k++) {
            uint32_t old = lw_vgpr(l, r, k);
            lw_vgpr_store(l, r, k, lw_select(l, T32, is_index(l, target[k], r), value[k], old));
         }
      return;
   }
   }
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
   lw_vgpr_read_dynamic(l, index, r->base, out);
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
   lw_vgpr_write_dynamic(l, index, r->base, cond, value);
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
   lw_vgpr_write_dynamic(l, index, d.base, cond, value);
}
