/* The DPP16, DPP8 and SDWA forms of VOP1/VOP2/VOPC rows, for every row at once: the wrapper
 * computes the permuted (DPP) or byte/word-selected (SDWA) sources into scratch VGPRs, runs the
 * row's own lower_<mnemonic> on a copy of the instruction that reads them, and shapes the
 * destination write (DPP: which lanes write; SDWA: dst_sel/dst_unused). Rules from the RDNA2 ISA
 * guide: the VOP_DPP16, VOP_DPP8 and VOP_SDWA microcode formats and the DPP_CTRL enumeration
 * (section 6.2.1 "DPP", 6.2.2 "SDWA" of the VALU chapter). The relative moves take their own
 * path (lower_relative_form): their source and destination are reached through M0. */
#include <stdio.h>
#include <string.h>

#include "recomp/lower.h"

static int operand_index(const struct rdna_inst *in, unsigned role)
{
   for (unsigned i = 0; i < in->num_operands; i++)
      if (in->operands[i].role == role)
         return (int)i;
   return -1;
}

/* ---- folded booleans ------------------------------------------------------------------------ */

static bool is_true(struct lower *l, uint32_t id)
{
   return id == lw_bool(l, true);
}

static bool is_false(struct lower *l, uint32_t id)
{
   return id == lw_bool(l, false);
}

static uint32_t and_bool(struct lower *l, uint32_t x, uint32_t y)
{
   if (is_true(l, x) || is_false(l, y))
      return y;
   if (is_true(l, y) || is_false(l, x))
      return x;
   return lw_op2(l, SpvOpLogicalAnd, TB, x, y);
}

/* ---- scratch VGPRs -------------------------------------------------------------------------- */

/* VGPRs holding the prepared sources while the row runs: past the allocation where the register
 * file has room, otherwise registers no operand of the instruction names (their values saved
 * and restored around the row when the program can see them). Their variables are declared on
 * first use; the values are never written back to the wave state. */
struct scratch {
   unsigned count;
   unsigned reg[2];
   bool restore[2];
   uint32_t saved[2][LOWER_MAX_SLOTS];
};

static bool named_by(const struct rdna_inst *in, unsigned vgpr)
{
   for (unsigned i = 0; i < in->num_operands; i++) {
      const struct rdna_operand *op = &in->operands[i];
      unsigned first = (unsigned)op->reg - RDNA_REG_VGPR0, width = op->width ? op->width : 1;
      if (lw_is_vgpr(op) && vgpr >= first && vgpr < first + width)
         return true;
   }
   return false;
}

static void scratch_take(struct lower *l, const struct rdna_inst *in, unsigned count,
                         struct scratch *s)
{
   s->count = count;
   unsigned next = 0;
   for (unsigned i = 0; i < count; i++) {
      unsigned reg;
      if (l->vgprs + count <= LOWER_VGPRS) {
         reg = l->vgprs + i;
      } else {
         while (named_by(in, next))
            next++;
         reg = next++;
      }
      s->reg[i] = reg;
      s->restore[i] = reg < l->vgprs && (l->vgpr_used[reg] || reg >= l->window_base);
      if (s->restore[i]) {
         for (unsigned k = 0; k < l->slots; k++)
            s->saved[i][k] = lw_vgpr(l, reg, k);
      } else if (!l->vgpr_var[reg][0]) {
         for (unsigned k = 0; k < l->slots; k++)
            l->vgpr_var[reg][k] = spvb_function_variable(l->b, l->t_ptr_u32);
      }
   }
}

/* Puts value[k] into scratch register i. */
static void scratch_fill(struct lower *l, const struct scratch *s, unsigned i, const uint32_t v[])
{
   for (unsigned k = 0; k < l->slots; k++)
      lw_vgpr_store(l, s->reg[i], k, v[k]);
}

/* After the row: saved registers get their values back; the others' pending stores are dropped
 * (nothing reads them after the instruction). */
static void scratch_give_back(struct lower *l, const struct scratch *s)
{
   for (unsigned i = 0; i < s->count; i++) {
      for (unsigned k = 0; k < l->slots; k++) {
         if (s->restore[i]) {
            lw_vgpr_store(l, s->reg[i], k, s->saved[i][k]);
            continue;
         }
         struct lower_cached *e = &l->vgpr_cache[s->reg[i]][k];
         if (e->gen == l->cache_gen)
            e->dirty = false;
      }
   }
}

/* Runs the row on `copy` with the lanes that write narrowed to writes[k] (NULL: EXEC as it is). */
static enum rdna_status run_row(struct lower *l, const struct rdna_inst *in,
                                const struct rdna_inst *copy, lower_fn row, const uint32_t writes[])
{
   uint32_t gen = l->cache_gen;
   if (writes)
      for (unsigned k = 0; k < l->slots; k++)
         l->active[k] = writes[k];
   enum rdna_status st = row(l, copy);
   if (st == RDNA_OK && writes && gen != l->cache_gen)
      st = lower_unsupported(l, rdna_op_name(in->op),
                             " (its DPP16 form: the row's lowering branches, so the narrowed "
                             "lane set cannot be kept)");
   memset(l->active, 0, sizeof(l->active));
   return st;
}

/* ---- DPP16 ---------------------------------------------------------------------------------- */

enum {
   DPP_QUAD_PERM_LAST = 0x0ff,
   DPP_ROW_SHL = 0x100,
   DPP_ROW_SHR = 0x110,
   DPP_ROW_ROR = 0x120,
   DPP_ROW_MIRROR = 0x140,
   DPP_ROW_HALF_MIRROR = 0x141,
   DPP_ROW_SHARE = 0x150,
   DPP_ROW_XMASK = 0x160
};

static void table_put(uint64_t *table, unsigned bits, unsigned pos, unsigned entry)
{
   *table |= (uint64_t)entry << (bits * pos);
}

/* The lane map of a DPP16 control and the lanes (of a row of 16, repeated) whose source lies in
 * their row. False for controls GFX10 does not define (GFX9's wave shifts, rotates and row
 * broadcasts, 0x130-0x13f and 0x142-0x14f). */
static bool dpp16_map(unsigned ctrl, struct lw_lane_map *m, uint16_t *sourced)
{
   memset(m, 0, sizeof(*m));
   m->kind = LW_MAP_TABLE;
   *sourced = 0xffff;
   unsigned n = ctrl & 15u;
   if (ctrl <= DPP_QUAD_PERM_LAST) { /* lane i of a quad reads lane ctrl[2i+1:2i] */
      m->group = 4;
      m->param64 = ctrl;
      m->identity = ctrl == 0xe4; /* [0,1,2,3] */
      return true;
   }
   if (ctrl == DPP_ROW_HALF_MIRROR) { /* lane i of 8 reads 7 - i */
      m->group = 8;
      for (unsigned p = 0; p < 8; p++)
         table_put(&m->param64, 3, p, 7 - p);
      return true;
   }
   m->group = 16;
   bool shl = ctrl > DPP_ROW_SHL && ctrl < DPP_ROW_SHL + 16;
   bool shr = ctrl > DPP_ROW_SHR && ctrl < DPP_ROW_SHR + 16;
   bool ror = ctrl > DPP_ROW_ROR && ctrl < DPP_ROW_ROR + 16;
   bool share = ctrl >= DPP_ROW_SHARE && ctrl < DPP_ROW_SHARE + 16;
   bool xmask = ctrl >= DPP_ROW_XMASK && ctrl < DPP_ROW_XMASK + 16;
   if (!shl && !shr && !ror && !share && !xmask && ctrl != DPP_ROW_MIRROR)
      return false;
   *sourced = 0;
   for (unsigned p = 0; p < 16; p++) {
      int from = (int)p; /* row_shl:n reads lane + n, row_shr:n lane - n, within the row */
      if (shl)
         from = (int)(p + n);
      else if (shr)
         from = (int)p - (int)n;
      else if (ror)
         from = (int)((p + 16 - n) & 15u);
      else if (share)
         from = (int)n;
      else if (xmask)
         from = (int)(p ^ n);
      else
         from = (int)(15 - p);
      if (from < 0 || from > 15)
         continue;
      *sourced |= (uint16_t)(1u << p);
      table_put(&m->param64, 4, p, (unsigned)from);
   }
   m->identity = xmask && n == 0;
   return true;
}

static uint64_t repeat16(uint16_t row)
{
   return row * 0x0001000100010001ull;
}

/* The lanes row_mask and bank_mask enable: row r = lanes 16r..16r+15, bank b = lanes 4b..4b+3 of
 * every row. */
static uint64_t enabled_lanes(const struct rdna_inst *in)
{
   uint64_t lanes = 0;
   for (unsigned lane = 0; lane < 64; lane++)
      if ((in->mod.row_mask >> (lane >> 4) & 1) && (in->mod.bank_mask >> ((lane >> 2) & 3) & 1))
         lanes |= 1ull << lane;
   return lanes;
}

/* from[k]: the lane slot k reads under `map`; valid[k]: whether that lane is a source (the map's
 * `sourced` lanes, and with !fetch_inactive a source lane EXEC enables). */
static void dpp_sources(struct lower *l, const struct lw_lane_map *map, uint64_t sourced,
                        bool fetch_inactive, uint32_t from[], uint32_t valid[])
{
   lw_lane_map_sources(l, map, from);
   uint32_t enabled[LOWER_MAX_SLOTS];
   if (!fetch_inactive)
      lw_gather_enabled(l, map, from, enabled);
   for (unsigned k = 0; k < l->slots; k++) {
      valid[k] = lw_static_lanes(l, k, sourced);
      if (!fetch_inactive && !is_false(l, valid[k]))
         valid[k] = and_bool(l, valid[k], enabled[k]);
   }
}

/* moved[k]: values[] at the lane from[k]; with zero_invalid, 0 where valid[k] is false. */
static void dpp_move(struct lower *l, const struct lw_lane_map *map, const uint32_t from[],
                     const uint32_t valid[], bool zero_invalid, const uint32_t values[],
                     uint32_t moved[])
{
   lw_gather(l, map, values, from, moved);
   for (unsigned k = 0; k < l->slots; k++)
      if (zero_invalid && !is_true(l, valid[k]))
         moved[k] = lw_select(l, T32, valid[k], moved[k], lw_u32(l, 0));
}

/* Permutes src0 (every register of it) through `map` into the scratch registers. */
static void permute_src0(struct lower *l, const struct rdna_operand *s,
                         const struct lw_lane_map *map, uint64_t sourced, bool fetch_inactive,
                         bool zero_invalid, const struct scratch *tmp, uint32_t valid[])
{
   uint32_t from[LOWER_MAX_SLOTS];
   dpp_sources(l, map, sourced, fetch_inactive, from, valid);
   unsigned width = s->width ? s->width : 1;
   for (unsigned r = 0; r < width; r++) {
      uint32_t values[LOWER_MAX_SLOTS], moved[LOWER_MAX_SLOTS];
      for (unsigned k = 0; k < l->slots; k++)
         values[k] = lw_vgpr(l, s->reg - RDNA_REG_VGPR0 + r, k);
      dpp_move(l, map, from, valid, zero_invalid, values, moved);
      scratch_fill(l, tmp, r, moved);
   }
}

/* Runs the row with src0 replaced by the permuted values. DPP rows are VOP1/VOP2 rows and write
 * no EXEC; a VOPC row in a DPP encoding (which llvm-mc rejects on GFX10) gets its EXEC back, as
 * the interpreter restores EXEC after the row. */
static enum rdna_status run_permuted(struct lower *l, const struct rdna_inst *in, int src0,
                                     lower_fn row, const struct scratch *tmp,
                                     const uint32_t writes[])
{
   struct rdna_inst copy = *in;
   copy.operands[src0].reg = (uint16_t)(RDNA_REG_VGPR0 + tmp->reg[0]);
   copy.operands[src0].mods &= (uint8_t)~RDNA_MOD_SEXT;
   const struct op_info *info = op_info(in->op);
   bool vopc = info && info->format == RDNA_FMT_VOPC;
   uint32_t exec_lo = vopc ? lw_sreg(l, RDNA_REG_EXEC_LO) : 0;
   uint32_t exec_hi = vopc ? lw_sreg(l, RDNA_REG_EXEC_HI) : 0;
   enum rdna_status st = run_row(l, in, &copy, row, writes);
   scratch_give_back(l, tmp);
   if (vopc && st == RDNA_OK) {
      lw_sreg_write(l, RDNA_REG_EXEC_LO, exec_lo);
      lw_sreg_write(l, RDNA_REG_EXEC_HI, exec_hi);
   }
   return st;
}

static int dpp_src0(struct lower *l, const struct rdna_inst *in)
{
   int src0 = operand_index(in, RDNA_ROLE_src0);
   if (src0 < 0 || !lw_is_vgpr(&in->operands[src0]) || in->operands[src0].width > 2)
      return -1;
   (void)l;
   return src0;
}

/* writes[k]: slot k's lane writes under DPP16: EXEC enables it, row_mask and bank_mask enable its
 * row and bank, and its source is valid or BOUND_CTRL writes 0 for it. False when every lane EXEC
 * enables writes. */
static bool dpp16_writes(struct lower *l, const struct rdna_inst *in, const uint32_t valid[],
                         uint32_t writes[])
{
   bool bound_zero = in->mod.flags & RDNA_FLAG_BOUND_CTRL;
   uint64_t enabled = enabled_lanes(in);
   bool narrowed = false;
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t may = bound_zero ? lw_bool(l, true) : valid[k];
      may = and_bool(l, may, lw_static_lanes(l, k, enabled));
      narrowed |= !is_true(l, may);
      writes[k] = and_bool(l, lw_active(l, k), may);
   }
   return narrowed;
}

/* DPP16: lane l of a row reads src0 of the lane the control names. A lane writes only if its row
 * is enabled in row_mask and its bank in bank_mask. Its source is invalid when it lies outside
 * the row (row_shl/row_shr past the edge) or, without FI (fetch inactive), when EXEC disables
 * it; an invalid source writes 0 with BOUND_CTRL and leaves the destination lane alone without
 * it. A control GFX10 does not define faults ILLEGAL_INSTRUCTION. */
static enum rdna_status lower_dpp16(struct lower *l, const struct rdna_inst *in, lower_fn row)
{
   int src0 = dpp_src0(l, in);
   struct lw_lane_map map;
   uint16_t sourced;
   if (src0 < 0 || !dpp16_map(in->mod.dpp_ctrl, &map, &sourced)) {
      lw_fault(l, 0, RDNA_FAULT_ILLEGAL_INSTRUCTION, 0, 0);
      return RDNA_OK;
   }
   const struct rdna_operand *s = &in->operands[src0];
   bool fetch_inactive = in->mod.flags & RDNA_FLAG_FI;
   bool bound_zero = in->mod.flags & RDNA_FLAG_BOUND_CTRL;
   struct scratch tmp;
   scratch_take(l, in, s->width ? s->width : 1, &tmp);
   uint32_t valid[LOWER_MAX_SLOTS], writes[LOWER_MAX_SLOTS];
   permute_src0(l, s, &map, repeat16(sourced), fetch_inactive, bound_zero, &tmp, valid);
   bool narrowed = dpp16_writes(l, in, valid, writes);
   return run_permuted(l, in, src0, row, &tmp, narrowed ? writes : NULL);
}

/* The lane map of DPP8's eight 3-bit selects. */
static struct lw_lane_map dpp8_map(const struct rdna_inst *in)
{
   struct lw_lane_map map = { LW_MAP_TABLE, 8, 0, 0, in->mod.dpp8 & 0xffffffu, 0, false };
   uint64_t identity = 0;
   for (unsigned p = 0; p < 8; p++)
      table_put(&identity, 3, p, p);
   map.identity = map.param64 == identity;
   return map;
}

/* DPP8: lane l reads src0 of lane (l & ~7) + sel[l & 7] (eight 3-bit selects). There are no row
 * or bank masks and no bound control; a source lane EXEC disables reads 0 unless FI is set. */
static enum rdna_status lower_dpp8(struct lower *l, const struct rdna_inst *in, lower_fn row)
{
   int src0 = dpp_src0(l, in);
   if (src0 < 0) {
      lw_fault(l, 0, RDNA_FAULT_ILLEGAL_INSTRUCTION, 0, 0);
      return RDNA_OK;
   }
   const struct rdna_operand *s = &in->operands[src0];
   struct lw_lane_map map = dpp8_map(in);
   struct scratch tmp;
   scratch_take(l, in, s->width ? s->width : 1, &tmp);
   uint32_t valid[LOWER_MAX_SLOTS];
   permute_src0(l, s, &map, ~0ull, in->mod.flags & RDNA_FLAG_FI, true, &tmp, valid);
   return run_permuted(l, in, src0, row, &tmp, NULL);
}

/* ---- SDWA ----------------------------------------------------------------------------------- */

enum sdwa_sel {
   SEL_BYTE_0,
   SEL_BYTE_1,
   SEL_BYTE_2,
   SEL_BYTE_3,
   SEL_WORD_0,
   SEL_WORD_1,
   SEL_DWORD
};

enum sdwa_unused {
   UNUSED_PAD,     /* bits outside dst_sel are 0 */
   UNUSED_SEXT,    /* bits above dst_sel copy its top bit, bits below are 0 */
   UNUSED_PRESERVE /* bits outside dst_sel keep the destination's value */
};

/* The field a select names: its first bit and its width. */
static void sel_field(unsigned sel, unsigned *offset, unsigned *count)
{
   *offset = sel <= SEL_BYTE_3 ? 8 * sel : 16 * (sel - SEL_WORD_0);
   *count = sel <= SEL_BYTE_3 ? 8 : 16;
}

/* A source select: the byte or word moved down to bit 0, zero- or (sext) sign-extended. */
static uint32_t sdwa_select(struct lower *l, uint32_t v, unsigned sel, bool sext)
{
   unsigned offset, count;
   sel_field(sel, &offset, &count);
   uint32_t operands[3] = { v, lw_u32(l, offset), lw_u32(l, count) };
   return spvb_op(l->b, sext ? SpvOpBitFieldSExtract : SpvOpBitFieldUExtract, T32, operands, 3);
}

/* The destination write: the result's low bits placed at dst_sel, the rest per dst_unused. */
static uint32_t sdwa_place(struct lower *l, uint32_t result, uint32_t old, unsigned sel,
                           unsigned unused)
{
   unsigned offset, count;
   sel_field(sel, &offset, &count);
   if (unused == UNUSED_SEXT) {
      uint32_t operands[3] = { result, lw_u32(l, 0), lw_u32(l, count) };
      uint32_t extended = spvb_op(l->b, SpvOpBitFieldSExtract, T32, operands, 3);
      return lw_op2(l, SpvOpShiftLeftLogical, T32, extended, lw_u32(l, offset));
   }
   uint32_t base = unused == UNUSED_PRESERVE ? old : lw_u32(l, 0);
   uint32_t operands[4] = { base, result, lw_u32(l, offset), lw_u32(l, count) };
   return spvb_op(l->b, SpvOpBitFieldInsert, T32, operands, 4);
}

/* SDWA: each source (a VGPR, or an SGPR or constant) is narrowed by its select and sext; the row
 * computes on those values (neg/abs, clamp and omod as the row applies them); the destination
 * VGPR receives the result through dst_sel/dst_unused in the lanes EXEC enables. Compares (VOPC)
 * have no destination select: they write VCC or their SGPR as usual. */
static enum rdna_status lower_sdwa(struct lower *l, const struct rdna_inst *in, lower_fn row)
{
   struct rdna_inst copy = *in;
   static const unsigned roles[2] = { RDNA_ROLE_src0, RDNA_ROLE_src1 };
   struct scratch tmp;
   scratch_take(l, in, 2, &tmp);
   for (unsigned n = 0; n < 2; n++) {
      int idx = operand_index(in, roles[n]);
      if (idx < 0)
         continue;
      const struct rdna_operand *op = &in->operands[idx];
      bool sext = op->mods & RDNA_MOD_SEXT;
      copy.operands[idx].mods &= (uint8_t)~RDNA_MOD_SEXT;
      if (in->mod.src_sel[n] >= SEL_DWORD)
         continue; /* the whole dword, sext or not */
      uint32_t v[LOWER_MAX_SLOTS];
      lw_vsrc(l, op, v);
      for (unsigned k = 0; k < l->slots; k++)
         v[k] = sdwa_select(l, v[k], in->mod.src_sel[n], sext);
      scratch_fill(l, &tmp, n, v);
      copy.operands[idx].reg = (uint16_t)(RDNA_REG_VGPR0 + tmp.reg[n]);
      copy.operands[idx].width = 1;
   }
   int vdst = operand_index(in, RDNA_ROLE_vdst);
   const struct op_info *info = op_info(in->op);
   bool vopc = info && info->format == RDNA_FMT_VOPC;
   if (vdst < 0 || vopc || in->mod.dst_sel >= SEL_DWORD || !lw_is_vgpr(&in->operands[vdst])) {
      enum rdna_status st = run_row(l, in, &copy, row, NULL);
      scratch_give_back(l, &tmp);
      return st;
   }
   unsigned dst = in->operands[vdst].reg - RDNA_REG_VGPR0;
   uint32_t old[LOWER_MAX_SLOTS];
   for (unsigned k = 0; k < l->slots; k++)
      old[k] = lw_vgpr(l, dst, k);
   enum rdna_status st = run_row(l, in, &copy, row, NULL);
   scratch_give_back(l, &tmp);
   if (st != RDNA_OK)
      return st;
   for (unsigned k = 0; k < l->slots; k++)
      lw_vwrite(l, dst, k,
                sdwa_place(l, lw_vgpr(l, dst, k), old[k], in->mod.dst_sel, in->mod.dst_unused));
   return RDNA_OK;
}

/* ---- relative moves ------------------------------------------------------------------------ */

/* The DPP16, DPP8 and SDWA forms of v_movrels, v_movreld, v_movrelsd and v_movrelsd_2
 * (docs/relative.md): the source the row reads under M0 (VGPR[S0 + offset], v0 out of range, or
 * v_movreld's plain source) goes through the lane permutation or the source select, and the
 * result reaches the destination the row writes (VGPR[D + offset], dropped out of range) in the
 * lanes the form lets write, SDWA's dst_sel placing it into that register's current value. The
 * same rules as the rows' plain forms and the other rows' lane forms, composed. */
static enum rdna_status lower_relative_form(struct lower *l, const struct rdna_inst *in)
{
   uint32_t source[LOWER_MAX_SLOTS], value[LOWER_MAX_SLOTS], lanes[LOWER_MAX_SLOTS];
   uint32_t from[LOWER_MAX_SLOTS], valid[LOWER_MAX_SLOTS];
   bool fetch_inactive = in->mod.flags & RDNA_FLAG_FI;
   switch (in->encoding) {
   case RDNA_FMT_DPP16: {
      struct lw_lane_map map;
      uint16_t sourced;
      if (dpp_src0(l, in) < 0 || !dpp16_map(in->mod.dpp_ctrl, &map, &sourced)) {
         lw_fault(l, 0, RDNA_FAULT_ILLEGAL_INSTRUCTION, 0, 0);
         return RDNA_OK;
      }
      lw_movrel_source(l, in, source);
      dpp_sources(l, &map, repeat16(sourced), fetch_inactive, from, valid);
      dpp_move(l, &map, from, valid, in->mod.flags & RDNA_FLAG_BOUND_CTRL, source, value);
      dpp16_writes(l, in, valid, lanes);
      break;
   }
   case RDNA_FMT_DPP8: {
      if (dpp_src0(l, in) < 0) {
         lw_fault(l, 0, RDNA_FAULT_ILLEGAL_INSTRUCTION, 0, 0);
         return RDNA_OK;
      }
      struct lw_lane_map map = dpp8_map(in);
      lw_movrel_source(l, in, source);
      dpp_sources(l, &map, ~0ull, fetch_inactive, from, valid);
      dpp_move(l, &map, from, valid, true, source, value);
      for (unsigned k = 0; k < l->slots; k++)
         lanes[k] = lw_active(l, k);
      break;
   }
   case RDNA_FMT_SDWA:
   default: {
      lw_movrel_source(l, in, source);
      unsigned src_sel = in->mod.src_sel[0], dst_sel = in->mod.dst_sel;
      bool sext = in->operands[1].mods & RDNA_MOD_SEXT;
      for (unsigned k = 0; k < l->slots; k++)
         value[k] = src_sel >= SEL_DWORD ? source[k] : sdwa_select(l, source[k], src_sel, sext);
      if (dst_sel < SEL_DWORD) {
         uint32_t old[LOWER_MAX_SLOTS];
         lw_movrel_destination(l, in, old);
         for (unsigned k = 0; k < l->slots; k++)
            value[k] = sdwa_place(l, value[k], old[k], dst_sel, in->mod.dst_unused);
      }
      for (unsigned k = 0; k < l->slots; k++)
         lanes[k] = lw_active(l, k);
      break;
   }
   }
   lw_movrel_write(l, in, lanes, value);
   return RDNA_OK;
}

/* ---- the wrapper ---------------------------------------------------------------------------- */

static bool is_relative(unsigned op)
{
   return op == RDNA_OP_v_movrels_b32 || op == RDNA_OP_v_movreld_b32 ||
          op == RDNA_OP_v_movrelsd_b32 || op == RDNA_OP_v_movrelsd_2_b32;
}

enum rdna_status lower_lane_form(struct lower *l, const struct rdna_inst *in, lower_fn row)
{
   const char *name = rdna_op_name(in->op);
   char detail[64];
   snprintf(detail, sizeof(detail), " (its %s form)", rdna_encoding_name(in->encoding));
   if (is_relative(in->op))
      return lower_relative_form(l, in);
   if (!row)
      return lower_unsupported(l, name, detail);
   switch (in->encoding) {
   case RDNA_FMT_DPP16:
      return lower_dpp16(l, in, row);
   case RDNA_FMT_DPP8:
      return lower_dpp8(l, in, row);
   case RDNA_FMT_SDWA:
      return lower_sdwa(l, in, row);
   default:
      return lower_unsupported(l, name, detail);
   }
}
