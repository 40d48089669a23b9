/* The DPP16, DPP8 and SDWA forms of VOP1/VOP2/VOPC rows, for every row at once: a wrapper
 * computes the row's permuted (DPP) or byte/word-selected (SDWA) sources into scratch VGPRs past
 * the allocation, runs the row's own exec_<mnemonic> on a copy of the instruction that reads
 * them, and shapes the destination write (DPP: which lanes write; SDWA: dst_sel/dst_unused).
 * Rules from the RDNA2 ISA guide, VOP_DPP16 / VOP_DPP8 / VOP_SDWA microcode formats and the
 * DPP_CTRL enumeration; LLVM's AMDGPU modifier syntax documents the same fields. The relative
 * moves first resolve the registers M0 makes them reach (interp/movrel.h). */
#include <string.h>

#include "interp/dispatch.h"
#include "interp/movrel.h"
#include "interp/wave.h"

/* Index of the operand with `role`; -1 when the row has none. */
static int operand_index(const struct rdna_inst *in, unsigned role)
{
   for (unsigned i = 0; i < in->num_operands; i++)
      if (in->operands[i].role == role)
         return (int)i;
   return -1;
}

/* The row's own handler on `copy`: the instruction as decoded (its encoding and modifiers:
 * neg/abs, clamp, omod stay for the row to apply) with sources redirected. */
static enum rdna_status run_row(struct wave *w, struct rdna_inst *copy)
{
   exec_fn fn = dispatch_handler(copy->op);
   if (!fn)
      return wave_unsupported(w, copy, rdna_op_name(copy->op));
   return fn(w, copy);
}

/* A relative move is the plain move between the registers it reaches under the current M0
 * (interp/movrel.h): the lane permutation and the selects apply to the relatively addressed
 * source, the write shaping to the relatively addressed destination. Returns the instruction the
 * wrapper runs, or NULL when the destination is out of range and nothing is written. */
static const struct rdna_inst *resolve_relative(const struct wave *w, const struct rdna_inst *in,
                                                struct rdna_inst *move)
{
   switch (movrel_resolve(w, in, move)) {
   case MOVREL_MOVE:
      return move;
   case MOVREL_DROPPED:
      return NULL;
   case MOVREL_NOT_RELATIVE:
   default:
      return in;
   }
}

/* VGPRs holding the prepared sources while the row runs. Past the allocation when the register
 * codes allow it (v0-v255: an allocation of 255 or 256 leaves no room); otherwise VGPRs of the
 * allocation that no operand of the instruction names, saved before and restored after, so the
 * program never sees them change. */
struct scratch {
   unsigned count;
   unsigned reg[WAVE_SCRATCH_VGPRS];
   bool saved;
   uint32_t save[WAVE_SCRATCH_VGPRS][MAX_LANES];
};

static bool operand_covers(const struct rdna_inst *in, unsigned vgpr)
{
   for (unsigned i = 0; i < in->num_operands; i++) {
      const struct rdna_operand *op = &in->operands[i];
      unsigned width = op->width ? op->width : 1, first = (unsigned)op->reg - RDNA_REG_VGPR0;
      if (operand_is_vgpr(op) && vgpr >= first && vgpr < first + width)
         return true;
   }
   return false;
}

static void scratch_take(struct wave *w, const struct rdna_inst *in, unsigned count,
                         struct scratch *s)
{
   s->count = count;
   s->saved = w->num_vgprs + WAVE_SCRATCH_VGPRS > 256;
   unsigned next = 0;
   for (unsigned k = 0; k < count; k++) {
      if (!s->saved) {
         s->reg[k] = w->num_vgprs + k;
         continue;
      }
      while (operand_covers(in, next))
         next++;
      s->reg[k] = next++;
      memcpy(s->save[k], wave_vgpr(w, s->reg[k]), sizeof(s->save[k]));
   }
}

static void scratch_give_back(struct wave *w, const struct scratch *s)
{
   if (s->saved)
      for (unsigned k = 0; k < s->count; k++)
         memcpy(wave_vgpr(w, s->reg[k]), s->save[k], sizeof(s->save[k]));
}

/* ---- DPP16 ----------------------------------------------------------------------------------- */

enum {
   DPP_QUAD_PERM_LAST = 0x0ff,
   DPP_ROW_SHL = 0x100,
   DPP_ROW_SHR = 0x110,
   DPP_ROW_ROR = 0x120,
   DPP_ROW_MIRROR = 0x140,
   DPP_ROW_HALF_MIRROR = 0x141,
   DPP_ROW_SHARE = 0x150,
   DPP_ROW_XMASK = 0x160,
   DPP_NO_LANE = -1, /* the source lane lies outside the row: out of bounds */
   DPP_BAD_CTRL = -2 /* a control GFX10 does not define (the GFX9 wave shifts and broadcasts) */
};

/* The lane `lane` reads under dpp_ctrl `ctrl` (rows of 16 lanes; a wave64 has four). */
static int dpp16_source(unsigned ctrl, unsigned lane)
{
   unsigned row = lane & ~15u, i = lane & 15u, n = ctrl & 15u;
   if (ctrl <= DPP_QUAD_PERM_LAST)
      return (int)((lane & ~3u) | ((ctrl >> (2 * (lane & 3u))) & 3u));
   if (ctrl > DPP_ROW_SHL && ctrl < DPP_ROW_SHL + 16) /* row_shl:n reads lane + n */
      return i + n < 16 ? (int)(lane + n) : DPP_NO_LANE;
   if (ctrl > DPP_ROW_SHR && ctrl < DPP_ROW_SHR + 16) /* row_shr:n reads lane - n */
      return i >= n ? (int)(lane - n) : DPP_NO_LANE;
   if (ctrl > DPP_ROW_ROR && ctrl < DPP_ROW_ROR + 16) /* row_ror:n rotates right by n */
      return (int)(row | ((i - n) & 15u));
   if (ctrl == DPP_ROW_MIRROR)
      return (int)(row | (15u - i));
   if (ctrl == DPP_ROW_HALF_MIRROR)
      return (int)((lane & ~7u) | (7u - (lane & 7u)));
   if (ctrl >= DPP_ROW_SHARE && ctrl < DPP_ROW_SHARE + 16)
      return (int)(row | n);
   if (ctrl >= DPP_ROW_XMASK && ctrl < DPP_ROW_XMASK + 16)
      return (int)(row | (i ^ n));
   return DPP_BAD_CTRL;
}

/* Runs the row with src0 replaced by the permuted values (already in the scratch VGPRs) and EXEC
 * narrowed to the lanes that write. */
static enum rdna_status run_permuted(struct wave *w, const struct rdna_inst *in, int src0,
                                     uint64_t writes, const struct scratch *tmp)
{
   struct rdna_inst copy = *in;
   copy.operands[src0].reg = (uint16_t)(RDNA_REG_VGPR0 + tmp->reg[0]);
   copy.operands[src0].mods &= (uint8_t)~RDNA_MOD_SEXT; /* a 32-bit sext changes nothing */
   uint32_t exec_lo = w->sgpr[RDNA_REG_EXEC_LO], exec_hi = w->sgpr[RDNA_REG_EXEC_HI];
   wave_set_exec_quiet(w, writes);
   enum rdna_status st = run_row(w, &copy);
   /* DPP rows are VOP1/VOP2 rows: none writes EXEC, so EXEC is restored as it was. */
   w->sgpr[RDNA_REG_EXEC_LO] = exec_lo;
   w->sgpr[RDNA_REG_EXEC_HI] = exec_hi;
   w->exec_dirty = true;
   scratch_give_back(w, tmp);
   return st;
}

/* DPP16: lane l of a row reads src0 of lane dpp16_source(l). A lane writes only if its row is
 * enabled in row_mask and its bank (lanes 4b..4b+3 of the row) in bank_mask. Its source is
 * invalid when it lies outside the row, or when that lane is disabled in EXEC and FI (fetch
 * inactive) is clear; an invalid source writes 0 with BOUND_CTRL set and leaves the destination
 * lane alone otherwise. (LLVM's AMDGPU modifier syntax describes bound_ctrl as giving zero for
 * invalid lanes; Mesa's ACO sets it so that reads of inactive lanes give 0.) */
enum rdna_status exec_dpp16(struct wave *w, const struct rdna_inst *in)
{
   int src0 = operand_index(in, RDNA_ROLE_src0);
   if (src0 < 0 || !operand_is_vgpr(&in->operands[src0]))
      return wave_fault(w, RDNA_FAULT_ILLEGAL_INSTRUCTION, -1, 0, "%s: DPP needs a VGPR src0",
                        rdna_op_name(in->op));
   unsigned ctrl = in->mod.dpp_ctrl;
   if (dpp16_source(ctrl, 0) == DPP_BAD_CTRL)
      return wave_fault(w, RDNA_FAULT_ILLEGAL_INSTRUCTION, -1, 0,
                        "%s: dpp_ctrl 0x%x is not a GFX10 DPP16 control", rdna_op_name(in->op),
                        ctrl);
   struct rdna_inst move;
   if (!(in = resolve_relative(w, in, &move)))
      return RDNA_OK;
   const struct rdna_operand *s = &in->operands[src0];
   unsigned width = s->width ? s->width : 1;
   bool fetch_inactive = in->mod.flags & RDNA_FLAG_FI;
   bool bound_zero = in->mod.flags & RDNA_FLAG_BOUND_CTRL;
   uint64_t exec = wave_exec(w), writes = 0;
   struct scratch scratch;
   scratch_take(w, in, width, &scratch);
   for (unsigned k = 0; k < width; k++) {
      const uint32_t *src = wave_vgpr(w, s->reg - RDNA_REG_VGPR0 + k);
      uint32_t *tmp = wave_vgpr(w, scratch.reg[k]);
      for (unsigned lane = 0; lane < w->wave_size; lane++) {
         tmp[lane] = 0;
         if (!(exec >> lane & 1) || !(in->mod.row_mask >> (lane >> 4) & 1) ||
             !(in->mod.bank_mask >> ((lane >> 2) & 3) & 1))
            continue;
         int from = dpp16_source(ctrl, lane);
         bool valid = from >= 0 && (fetch_inactive || (exec >> from & 1));
         if (valid)
            tmp[lane] = src[from];
         if (valid || bound_zero)
            writes |= 1ull << lane;
      }
   }
   return run_permuted(w, in, src0, writes, &scratch);
}

/* DPP8: lane l reads src0 of lane (l & ~7) + sel[l & 7] (eight 3-bit selects). There are no row
 * or bank masks and no bound control; a disabled source lane reads 0 unless FI is set. */
enum rdna_status exec_dpp8(struct wave *w, const struct rdna_inst *in)
{
   int src0 = operand_index(in, RDNA_ROLE_src0);
   if (src0 < 0 || !operand_is_vgpr(&in->operands[src0]))
      return wave_fault(w, RDNA_FAULT_ILLEGAL_INSTRUCTION, -1, 0, "%s: DPP needs a VGPR src0",
                        rdna_op_name(in->op));
   struct rdna_inst move;
   if (!(in = resolve_relative(w, in, &move)))
      return RDNA_OK;
   const struct rdna_operand *s = &in->operands[src0];
   unsigned width = s->width ? s->width : 1;
   bool fetch_inactive = in->mod.flags & RDNA_FLAG_FI;
   uint64_t exec = wave_exec(w);
   struct scratch scratch;
   scratch_take(w, in, width, &scratch);
   for (unsigned k = 0; k < width; k++) {
      const uint32_t *src = wave_vgpr(w, s->reg - RDNA_REG_VGPR0 + k);
      uint32_t *tmp = wave_vgpr(w, scratch.reg[k]);
      for (unsigned lane = 0; lane < w->wave_size; lane++) {
         unsigned from = (lane & ~7u) + ((in->mod.dpp8 >> (3 * (lane & 7u))) & 7u);
         tmp[lane] = fetch_inactive || (exec >> from & 1) ? src[from] : 0;
      }
   }
   return run_permuted(w, in, src0, exec, &scratch);
}

/* ---- SDWA ------------------------------------------------------------------------------------ */

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

static unsigned sel_shift(unsigned sel)
{
   return sel <= SEL_BYTE_3 ? 8 * sel : sel <= SEL_WORD_1 ? 16 * (sel - SEL_WORD_0) : 0;
}

static uint32_t sel_mask(unsigned sel)
{
   return sel <= SEL_BYTE_3 ? 0xffu : sel <= SEL_WORD_1 ? 0xffffu : 0xffffffffu;
}

/* A source select: the byte or word moved down to bit 0, zero- or (sext) sign-extended. */
static uint32_t sdwa_select(uint32_t v, unsigned sel, bool sext)
{
   if (sel >= SEL_DWORD)
      return v;
   uint32_t field = (v >> sel_shift(sel)) & sel_mask(sel);
   if (sext) {
      uint32_t top = (sel_mask(sel) >> 1) + 1;
      field = (field ^ top) - top;
   }
   return field;
}

/* The destination write: the result's low bits placed at dst_sel, the rest per dst_unused. */
static uint32_t sdwa_place(uint32_t result, uint32_t old, unsigned sel, unsigned unused)
{
   if (sel >= SEL_DWORD)
      return result;
   unsigned shift = sel_shift(sel);
   uint32_t mask = sel_mask(sel) << shift;
   uint32_t field = (result << shift) & mask;
   switch (unused) {
   case UNUSED_PRESERVE:
      return field | (old & ~mask);
   case UNUSED_SEXT: {
      unsigned end = shift + (sel <= SEL_BYTE_3 ? 8 : 16);
      uint32_t above = end >= 32 ? 0 : ~0u << end;
      return field | ((field >> (end - 1) & 1) ? above : 0);
   }
   case UNUSED_PAD:
   default:
      return field;
   }
}

/* SDWA: each source (a VGPR, or an SGPR/constant with the S bit) is narrowed by its select and
 * sext; the row computes on those values (neg/abs, clamp and omod as the row applies them); the
 * destination VGPR receives the result through dst_sel/dst_unused in the lanes EXEC enables.
 * Compares (VOPC) have no destination select: they write VCC or their SGPR as usual. */
enum rdna_status exec_sdwa(struct wave *w, const struct rdna_inst *in)
{
   struct rdna_inst move;
   if (!(in = resolve_relative(w, in, &move)))
      return RDNA_OK;
   struct rdna_inst copy = *in;
   static const unsigned roles[2] = { RDNA_ROLE_src0, RDNA_ROLE_src1 };
   struct scratch scratch;
   scratch_take(w, in, 2, &scratch);
   for (unsigned n = 0; n < 2; n++) {
      int idx = operand_index(in, roles[n]);
      if (idx < 0)
         continue;
      const struct rdna_operand *op = &in->operands[idx];
      uint32_t buf[MAX_LANES];
      const uint32_t *src = valu_src(w, op, buf);
      uint32_t *tmp = wave_vgpr(w, scratch.reg[n]);
      bool sext = op->mods & RDNA_MOD_SEXT;
      for (unsigned lane = 0; lane < w->wave_size; lane++)
         tmp[lane] = sdwa_select(src[lane], in->mod.src_sel[n], sext);
      copy.operands[idx].reg = (uint16_t)(RDNA_REG_VGPR0 + scratch.reg[n]);
      copy.operands[idx].mods &= (uint8_t)~RDNA_MOD_SEXT;
   }
   int vdst = operand_index(in, RDNA_ROLE_vdst);
   bool vopc = op_info(in->op) && op_info(in->op)->format == RDNA_FMT_VOPC;
   if (vdst < 0 || vopc || in->mod.dst_sel >= SEL_DWORD) {
      enum rdna_status st = run_row(w, &copy);
      scratch_give_back(w, &scratch);
      return st;
   }
   uint32_t old[MAX_LANES];
   uint32_t *dst = wave_vgpr(w, dst_vgpr(&in->operands[vdst]));
   memcpy(old, dst, sizeof(old));
   enum rdna_status st = run_row(w, &copy);
   scratch_give_back(w, &scratch);
   if (st != RDNA_OK)
      return st;
   uint64_t exec = wave_exec(w);
   for (unsigned lane = 0; lane < w->wave_size; lane++)
      if (exec >> lane & 1)
         dst[lane] = sdwa_place(dst[lane], old[lane], in->mod.dst_sel, in->mod.dst_unused);
   return RDNA_OK;
}
