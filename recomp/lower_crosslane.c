/* Cross-lane data movement: lane maps and the gather that reads another lane's value across
 * subgroup slots (recomp/lower.h, "Lanes"), and the rows built on them: v_permlane16_b32,
 * v_permlanex16_b32 (RDNA2 ISA guide, VOP3 opcodes), ds_swizzle_b32, ds_permute_b32 and
 * ds_bpermute_b32 (RDNA2 ISA guide, chapter 11 "Data Share Operations" and the DS opcode list).
 * The DPP16, DPP8 and SDWA forms that use the same maps are in lower_dpp_sdwa.c.
 *
 * A lane of slot k lives in invocation lane % S of slot lane / S (S the subgroup size). Reading
 * lane `from` is an OpGroupNonUniformShuffle of slot from / S at invocation from % S; where the
 * source can lie in several slots, each candidate slot is shuffled and the right one selected.
 * Maps that move lanes only within aligned groups of G lanes need one slot when S >= G. */
#include "recomp/lower.h"

static unsigned log2u(unsigned x)
{
   return (unsigned)__builtin_ctz(x);
}

static uint32_t and32(struct lower *l, uint32_t x, uint32_t mask)
{
   return lw_op2(l, SpvOpBitwiseAnd, T32, x, lw_u32(l, mask));
}

static uint32_t shuffle(struct lower *l, uint32_t value, uint32_t invocation)
{
   uint32_t operands[3] = { lw_u32(l, SpvScopeSubgroup), value, invocation };
   return spvb_op(l->b, SpvOpGroupNonUniformShuffle, T32, operands, 3);
}

/* ---- lane maps ----------------------------------------------------------------------------- */

/* The source position within its group of position `pos` (u32 id). */
static uint32_t map_entry(struct lower *l, const struct lw_lane_map *m, uint32_t pos)
{
   switch (m->kind) {
   case LW_MAP_TABLE: {
      /* entry i of the table is bits [b*i, b*i + b) with b = log2(group) */
      unsigned bits = log2u(m->group);
      uint32_t shift = lw_op2(l, SpvOpIMul, T32, pos, lw_u32(l, bits));
      uint32_t table = m->table ? m->table : lw_u64(l, m->param64);
      uint32_t moved = lw_lo(l, lw_op2(l, SpvOpShiftRightLogical, T64, table, shift));
      return and32(l, moved, m->group - 1);
   }
   case LW_MAP_BITMASK: /* ((i & and) | or) ^ xor */
      return lw_op2(l, SpvOpBitwiseXor, T32,
                    lw_op2(l, SpvOpBitwiseOr, T32, and32(l, pos, m->param & 31u),
                           lw_u32(l, (m->param >> 5) & 31u)),
                    lw_u32(l, (m->param >> 10) & 31u));
   case LW_MAP_ROTATE: { /* (i & mask) | ((i + r) & ~mask), within 32 lanes */
      unsigned mask = m->param & 31u, r = (m->param >> 5) & 31u;
      if (m->param & 0x400u)
         r = (32u - r) & 31u;
      uint32_t moved = lw_op2(l, SpvOpIAdd, T32, pos, lw_u32(l, r));
      return lw_op2(l, SpvOpBitwiseOr, T32, and32(l, pos, mask), and32(l, moved, ~mask & 31u));
   }
   case LW_MAP_FFT: { /* bitreverse5(i) >> popcount(mask) | (i & mask) */
      unsigned mask = m->param & 31u;
      uint32_t reversed = lw_op2(l, SpvOpShiftRightLogical, T32,
                                 lw_op1(l, SpvOpBitReverse, T32, pos), lw_u32(l, 27));
      uint32_t shifted = lw_op2(l, SpvOpShiftRightLogical, T32, reversed,
                                lw_u32(l, (uint32_t)__builtin_popcount(mask)));
      return lw_op2(l, SpvOpBitwiseOr, T32, shifted, and32(l, pos, mask));
   }
   }
   return pos;
}

/* Whether every lane reads within its own slot at the same invocation offset in every slot: a
 * group fits in a slot and the group xor stays inside it, so from[k] = from[0] + k * S. */
static bool within_slot(const struct lower *l, const struct lw_lane_map *m)
{
   return m && !m->identity && l->subgroup_size >= m->group && m->group_xor < l->subgroup_size;
}

/* The lowest and highest slot that the sources of slot k's lanes can lie in. */
static void candidate_slots(const struct lower *l, const struct lw_lane_map *m, unsigned k,
                            unsigned *lo, unsigned *hi)
{
   unsigned s = l->subgroup_size, g = m->group;
   *lo = l->slots;
   *hi = 0;
   for (unsigned lane = k * s; lane < (k + 1) * s; lane++) {
      unsigned base = ((lane & ~(g - 1)) ^ m->group_xor) % l->wave_size;
      unsigned first = base / s, last = (base + g - 1) / s;
      *lo = first < *lo ? first : *lo;
      *hi = last > *hi ? last : *hi;
   }
}

void lw_lane_map_sources(struct lower *l, const struct lw_lane_map *m, uint32_t from[])
{
   unsigned g = m->group;
   uint32_t shared = 0; /* the entry every slot shares when a group fits in a slot */
   for (unsigned k = 0; k < l->slots; k++) {
      if (m->identity) {
         from[k] = l->lane[k];
         continue;
      }
      if (k && within_slot(l, m)) {
         from[k] = from[0]; /* the gathers use its offset in the slot only */
         continue;
      }
      uint32_t entry;
      if (l->subgroup_size >= g) {
         if (!shared)
            shared = map_entry(l, m, and32(l, l->invocation, g - 1));
         entry = shared;
      } else {
         entry = map_entry(l, m, and32(l, l->lane[k], g - 1));
      }
      uint32_t base = and32(l, l->lane[k], ~(g - 1));
      if (m->group_xor)
         base = lw_op2(l, SpvOpBitwiseXor, T32, base, lw_u32(l, m->group_xor));
      from[k] = lw_op2(l, SpvOpBitwiseOr, T32, base, entry);
   }
}

void lw_gather(struct lower *l, const struct lw_lane_map *m, const uint32_t values[],
               const uint32_t from[], uint32_t out[])
{
   unsigned s = l->subgroup_size;
   if (within_slot(l, m)) {
      uint32_t index = and32(l, from[0], s - 1);
      for (unsigned k = 0; k < l->slots; k++)
         out[k] = shuffle(l, values[k], index);
      return;
   }
   for (unsigned k = 0; k < l->slots; k++) {
      if (m && m->identity) {
         out[k] = values[k];
         continue;
      }
      unsigned lo = 0, hi = l->slots - 1;
      if (m)
         candidate_slots(l, m, k, &lo, &hi);
      uint32_t index = and32(l, from[k], s - 1);
      uint32_t result = shuffle(l, values[lo], index);
      if (hi > lo) {
         uint32_t slot = lw_op2(l, SpvOpShiftRightLogical, T32, from[k], lw_u32(l, log2u(s)));
         for (unsigned j = lo + 1; j <= hi; j++)
            result = lw_select(l, T32, lw_op2(l, SpvOpIEqual, TB, slot, lw_u32(l, j)),
                               shuffle(l, values[j], index), result);
      }
      out[k] = result;
   }
}

uint32_t lw_lane_enabled(struct lower *l, uint32_t mask64, uint32_t lane)
{
   uint32_t bit = lw_op2(l, SpvOpShiftLeftLogical, T64, lw_u64(l, 1), lane);
   return lw_nz64(l, lw_op2(l, SpvOpBitwiseAnd, T64, mask64, bit));
}

void lw_gather_enabled(struct lower *l, const struct lw_lane_map *map, const uint32_t from[],
                       uint32_t out[])
{
   if (within_slot(l, map)) {
      uint32_t index = and32(l, from[0], l->subgroup_size - 1);
      for (unsigned k = 0; k < l->slots; k++) {
         uint32_t operands[3] = { lw_u32(l, SpvScopeSubgroup), lw_active(l, k), index };
         out[k] = spvb_op(l->b, SpvOpGroupNonUniformShuffle, TB, operands, 3);
      }
      return;
   }
   if (map && map->identity) {
      for (unsigned k = 0; k < l->slots; k++)
         out[k] = lw_active(l, k);
      return;
   }
   uint32_t exec = lw_exec(l);
   for (unsigned k = 0; k < l->slots; k++)
      out[k] = lw_lane_enabled(l, exec, from[k]);
}

uint32_t lw_static_lanes(struct lower *l, unsigned slot, uint64_t lanes)
{
   unsigned s = l->subgroup_size;
   uint64_t part = s == 64 ? lanes : (lanes >> (slot * s)) & ((1ull << s) - 1);
   if (part == 0)
      return lw_bool(l, false);
   if (s == 64 ? part == ~0ull : part == (1ull << s) - 1)
      return lw_bool(l, true);
   return lw_mask_bit(l, lw_u64(l, lanes), slot);
}

/* ---- v_permlane16_b32, v_permlanex16_b32 ----------------------------------------------------- */

/* Lane i of row r reads src0 of lane sel[i] of row r (permlane16) or of row r ^ 1 (permlanex16);
 * sel = {src2, src1} holds sixteen 4-bit selects, lane 0's in src1[3:0]. op_sel[0] is FI (read a
 * source lane EXEC disables) and op_sel[1] BOUND_CTRL (an unread source gives 0 rather than
 * leaving the destination lane alone). Only lanes EXEC enables are written. */
static enum rdna_status permlane(struct lower *l, const struct rdna_inst *in, unsigned row_xor)
{
   const struct rdna_operand *sel_lo = &in->operands[2], *sel_hi = &in->operands[3];
   if (lw_is_vgpr(sel_lo) || lw_is_vgpr(sel_hi))
      return lower_unsupported(l, rdna_op_name(in->op), " (with a VGPR lane select)");
   bool fetch_inactive = in->mod.op_sel & 1, bound_zero = in->mod.op_sel & 2;
   struct lw_lane_map map = { LW_MAP_TABLE, 16, row_xor, 0, 0, 0, false };
   map.table = lw_pack64(l, lw_scalar_src(l, sel_lo), lw_scalar_src(l, sel_hi));
   uint32_t src[LOWER_MAX_SLOTS], from[LOWER_MAX_SLOTS], value[LOWER_MAX_SLOTS];
   lw_vsrc(l, &in->operands[1], src);
   lw_lane_map_sources(l, &map, from);
   lw_gather(l, &map, src, from, value);
   uint32_t enabled[LOWER_MAX_SLOTS];
   if (!fetch_inactive)
      lw_gather_enabled(l, &map, from, enabled);
   unsigned dst = in->operands[0].reg - RDNA_REG_VGPR0;
   for (unsigned k = 0; k < l->slots; k++) {
      if (fetch_inactive) {
         lw_vwrite(l, dst, k, value[k]);
         continue;
      }
      uint32_t valid = enabled[k];
      if (bound_zero) {
         lw_vwrite(l, dst, k, lw_select(l, T32, valid, value[k], lw_u32(l, 0)));
         continue;
      }
      uint32_t old = lw_vgpr(l, dst, k);
      uint32_t write = lw_op2(l, SpvOpLogicalAnd, TB, valid, lw_active(l, k));
      lw_vgpr_store(l, dst, k, lw_select(l, T32, write, value[k], old));
   }
   return RDNA_OK;
}

enum rdna_status lower_v_permlane16_b32(struct lower *l, const struct rdna_inst *in)
{
   return permlane(l, in, 0);
}

enum rdna_status lower_v_permlanex16_b32(struct lower *l, const struct rdna_inst *in)
{
   return permlane(l, in, 16);
}

/* ---- ds_swizzle_b32, ds_permute_b32, ds_bpermute_b32 --------------------------------------- */

static unsigned role_vgpr(const struct rdna_inst *in, unsigned role)
{
   return lw_role(in, role)->reg - RDNA_REG_VGPR0;
}

/* Writes gathered values to vdst in the lanes EXEC enables: a source lane EXEC disables gives 0. */
static void write_gathered(struct lower *l, const struct rdna_inst *in,
                           const struct lw_lane_map *map, const uint32_t value[],
                           const uint32_t from[])
{
   uint32_t enabled[LOWER_MAX_SLOTS];
   lw_gather_enabled(l, map, from, enabled);
   unsigned dst = role_vgpr(in, RDNA_ROLE_vdst);
   for (unsigned k = 0; k < l->slots; k++)
      lw_vwrite(l, dst, k, lw_select(l, T32, enabled[k], value[k], lw_u32(l, 0)));
}

/* ds_swizzle_b32 (DS_SWIZZLE_B32 in the guide's DS opcode list): lane i receives the addr VGPR of
 * the lane the offset's pattern names, 0 when that lane is disabled. Every mode works within
 * each half of 32 lanes:
 *   offset >= 0xe000, FFT: j = bit-reverse5(i) >> popcount(mask) | (i & mask), mask = offset[4:0];
 *   offset >= 0xc000, rotate: j = (i & mask) | ((i + r) & ~mask), r = offset[9:5], rotating
 *     right (r negated) when offset[10] is set;
 *   offset[15], quad permute: lane i of each quad reads lane offset[2i+1:2i] of its quad;
 *   otherwise, bit masks: j = ((i & and) | or) ^ xor, with and, or, xor = offset[4:0], [9:5],
 *     [14:10]. */
enum rdna_status lower_ds_swizzle_b32(struct lower *l, const struct rdna_inst *in)
{
   if (in->mod.flags & RDNA_FLAG_GDS) {
      lw_fault(l, 0, RDNA_FAULT_UNSUPPORTED, 0, 0);
      return RDNA_OK;
   }
   unsigned offset = (uint32_t)in->mod.offset & 0xffffu;
   struct lw_lane_map map = { LW_MAP_BITMASK, 32, 0, offset, 0, 0, false };
   if (offset >= 0xe000u) {
      map.kind = LW_MAP_FFT;
   } else if (offset >= 0xc000u) {
      map.kind = LW_MAP_ROTATE;
      map.identity = ((offset >> 5) & 31u) == 0;
   } else if (offset & 0x8000u) {
      map.kind = LW_MAP_TABLE;
      map.group = 4;
      map.param64 = offset & 0xffu;
      map.identity = (offset & 0xffu) == 0xe4u; /* quad_perm [0,1,2,3] */
   } else {
      map.identity = (offset & 0x7fffu) == 31u; /* and 31, or 0, xor 0 */
   }
   uint32_t src[LOWER_MAX_SLOTS], from[LOWER_MAX_SLOTS], value[LOWER_MAX_SLOTS];
   lw_vsrc(l, lw_role(in, RDNA_ROLE_addr), src);
   lw_lane_map_sources(l, &map, from);
   lw_gather(l, &map, src, from, value);
   write_gathered(l, in, &map, value, from);
   return RDNA_OK;
}

/* The lane an address names: (addr + offset) / 4 modulo the wave size. */
static void address_lanes(struct lower *l, const struct rdna_inst *in, uint32_t lanes[])
{
   uint32_t addr[LOWER_MAX_SLOTS];
   lw_vsrc(l, lw_role(in, RDNA_ROLE_addr), addr);
   uint64_t offset = (uint32_t)in->mod.offset & 0xffffu;
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t sum = lw_op2(l, SpvOpIAdd, T64, lw_zext64(l, addr[k]), lw_u64(l, offset));
      uint32_t lane = lw_lo(l, lw_op2(l, SpvOpShiftRightLogical, T64, sum, lw_u32(l, 2)));
      lanes[k] = and32(l, lane, l->wave_size - 1);
   }
}

/* ds_bpermute_b32 (backward permute): each active lane reads data0 of the lane its address
 * names, 0 when that lane is disabled. */
enum rdna_status lower_ds_bpermute_b32(struct lower *l, const struct rdna_inst *in)
{
   uint32_t data[LOWER_MAX_SLOTS], from[LOWER_MAX_SLOTS], value[LOWER_MAX_SLOTS];
   lw_vsrc(l, lw_role(in, RDNA_ROLE_data0), data);
   address_lanes(l, in, from);
   lw_gather(l, NULL, data, from, value);
   write_gathered(l, in, NULL, value, from);
   return RDNA_OK;
}

/* ds_permute_b32 (forward permute): each active lane sends data0 to the lane its address names;
 * a lane nobody sends to receives 0, and where several send to one the highest-numbered sender
 * wins (the guide leaves the winner open; this is the interpreter's documented choice). Only
 * active lanes are written. Lowered as a pull: a uniform loop over the sending lanes in
 * ascending order, each receiver keeping the last value addressed to it. */
enum rdna_status lower_ds_permute_b32(struct lower *l, const struct rdna_inst *in)
{
   struct spvb *b = l->b;
   uint32_t data[LOWER_MAX_SLOTS], target[LOWER_MAX_SLOTS];
   lw_vsrc(l, lw_role(in, RDNA_ROLE_data0), data);
   address_lanes(l, in, target);
   uint32_t exec = lw_exec(l);
   uint32_t result[LOWER_MAX_SLOTS];
   for (unsigned k = 0; k < l->slots; k++) {
      result[k] = spvb_function_variable(b, l->t_ptr_u32);
      spvb_store(b, result[k], lw_u32(l, 0));
   }
   uint32_t counter = spvb_function_variable(b, l->t_ptr_u32);
   spvb_store(b, counter, lw_u32(l, 0));

   uint32_t header = spvb_id(b), body = spvb_id(b), cont = spvb_id(b), merge = spvb_id(b);
   lw_branch(l, header);
   lw_label(l, header);
   uint32_t sender = spvb_load(b, T32, counter);
   uint32_t more = lw_op2(l, SpvOpULessThan, TB, sender, lw_u32(l, l->wave_size));
   spvb_loop_merge(b, merge, cont);
   spvb_branch_conditional(b, more, body, merge);
   lw_label(l, body);
   /* the sender's target and data, read by every invocation (the index is uniform) */
   uint32_t index = and32(l, sender, l->subgroup_size - 1);
   uint32_t slot =
      lw_op2(l, SpvOpShiftRightLogical, T32, sender, lw_u32(l, log2u(l->subgroup_size)));
   uint32_t to = 0, value = 0;
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t t = shuffle(l, target[k], index), v = shuffle(l, data[k], index);
      if (!k) {
         to = t;
         value = v;
         continue;
      }
      uint32_t here = lw_op2(l, SpvOpIEqual, TB, slot, lw_u32(l, k));
      to = lw_select(l, T32, here, t, to);
      value = lw_select(l, T32, here, v, value);
   }
   uint32_t sends = lw_lane_enabled(l, exec, sender);
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t mine =
         lw_op2(l, SpvOpLogicalAnd, TB, sends, lw_op2(l, SpvOpIEqual, TB, to, l->lane[k]));
      uint32_t old = spvb_load(b, T32, result[k]);
      spvb_store(b, result[k], lw_select(l, T32, mine, value, old));
   }
   lw_branch(l, cont);
   lw_label(l, cont);
   spvb_store(b, counter, lw_op2(l, SpvOpIAdd, T32, sender, lw_u32(l, 1)));
   spvb_branch(b, header);
   lw_label(l, merge);
   unsigned dst = role_vgpr(in, RDNA_ROLE_vdst);
   for (unsigned k = 0; k < l->slots; k++)
      lw_vwrite(l, dst, k, spvb_load(b, T32, result[k]));
   return RDNA_OK;
}
