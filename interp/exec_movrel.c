/* Vector relative addressing: v_movrels/v_movreld/v_movrelsd/v_movrelsd_2/v_swaprel_b32 with the
 * measured rules of DESIGN.md "Reference semantics: Relative addressing" (gfx1035 rows of seed
 * 004): M0 is unsigned; out of range means base + offset >= the dispatch's VGPR allocation; an
 * out-of-range read returns v0 of the same lane; an out-of-range write is dropped. */
#include "interp/movrel.h"

/* The VGPR index base + offset, or -1 when it lies outside the allocation. */
static inline int64_t rel_index(const struct wave *w, unsigned base, uint32_t offset)
{
   uint64_t i = (uint64_t)base + offset;
   return i < w->num_vgprs ? (int64_t)i : -1;
}

/* The VGPR a relative source operand reaches: v0 when out of range. A source that is not a
 * VGPR (the VOP1 src0 field and SDWA's S bit can name one; llvm-mc refuses to assemble it) is
 * out of range (docs/relative.md). */
static unsigned rel_source(const struct wave *w, const struct rdna_operand *op, uint32_t offset)
{
   int64_t i = operand_is_vgpr(op) ? rel_index(w, dst_vgpr(op), offset) : -1;
   return i < 0 ? 0u : (unsigned)i;
}

/* v_movrels_b32: D = VGPR[S0 + M0]. */
enum rdna_status exec_v_movrels_b32(struct wave *w, const struct rdna_inst *in)
{
   uint32_t r[MAX_LANES];
   const uint32_t *src = wave_vgpr(w, rel_source(w, &in->operands[1], w->sgpr[RDNA_REG_M0]));
   for (unsigned lane = 0; lane < MAX_LANES; lane++)
      r[lane] = src[lane];
   valu_write(w, dst_vgpr(&in->operands[0]), r);
   return RDNA_OK;
}

/* v_movreld_b32: VGPR[D + M0] = S0 (any source kind); dropped when out of range. */
enum rdna_status exec_v_movreld_b32(struct wave *w, const struct rdna_inst *in)
{
   int64_t d = rel_index(w, dst_vgpr(&in->operands[0]), w->sgpr[RDNA_REG_M0]);
   if (d < 0)
      return RDNA_OK;
   uint32_t buf[MAX_LANES], r[MAX_LANES];
   const uint32_t *src = valu_src(w, &in->operands[1], buf);
   for (unsigned lane = 0; lane < MAX_LANES; lane++)
      r[lane] = src[lane];
   valu_write(w, (unsigned)d, r);
   return RDNA_OK;
}

/* VGPR[D + dst_off] = VGPR[S0 + src_off]: a destination out of range drops the write; a source
 * out of range alone writes v0 to the in-range destination. */
static enum rdna_status movrelsd(struct wave *w, const struct rdna_inst *in, uint32_t src_off,
                                 uint32_t dst_off)
{
   int64_t d = rel_index(w, dst_vgpr(&in->operands[0]), dst_off);
   if (d < 0)
      return RDNA_OK;
   uint32_t r[MAX_LANES];
   const uint32_t *src = wave_vgpr(w, rel_source(w, &in->operands[1], src_off));
   for (unsigned lane = 0; lane < MAX_LANES; lane++)
      r[lane] = src[lane];
   valu_write(w, (unsigned)d, r);
   return RDNA_OK;
}

enum rdna_status exec_v_movrelsd_b32(struct wave *w, const struct rdna_inst *in)
{
   uint32_t m0 = w->sgpr[RDNA_REG_M0];
   return movrelsd(w, in, m0, m0);
}

/* v_movrelsd_2_b32: source offset M0[9:0], destination offset M0[25:16]. */
enum rdna_status exec_v_movrelsd_2_b32(struct wave *w, const struct rdna_inst *in)
{
   uint32_t m0 = w->sgpr[RDNA_REG_M0];
   return movrelsd(w, in, m0 & 0x3ffu, (m0 >> 16) & 0x3ffu);
}

/* v_swaprel_b32: swaps VGPR[D + M0[25:16]] and VGPR[S0 + M0[9:0]] in active lanes; writes
 * neither unless both are in range. */
enum rdna_status exec_v_swaprel_b32(struct wave *w, const struct rdna_inst *in)
{
   uint32_t m0 = w->sgpr[RDNA_REG_M0];
   int64_t d = rel_index(w, dst_vgpr(&in->operands[0]), (m0 >> 16) & 0x3ffu);
   int64_t s = rel_index(w, dst_vgpr(&in->operands[1]), m0 & 0x3ffu);
   if (d < 0 || s < 0)
      return RDNA_OK;
   uint32_t *a = wave_vgpr(w, (unsigned)d), *b = wave_vgpr(w, (unsigned)s);
   const uint32_t *m = wave_lane_mask(w);
   for (unsigned lane = 0; lane < w->wave_size; lane++) {
      uint32_t x = a[lane], y = b[lane];
      a[lane] = (y & m[lane]) | (x & ~m[lane]);
      b[lane] = (x & m[lane]) | (y & ~m[lane]);
   }
   wave_wrote_vgpr(w, (unsigned)d, wave_exec(w));
   wave_wrote_vgpr(w, (unsigned)s, wave_exec(w));
   return RDNA_OK;
}

/* The DPP16, DPP8 and SDWA forms (llvm-mc-14 encodes them for v_movrels, v_movrelsd,
 * v_movrelsd_2 and v_movreld; v_swaprel_b32 has none, which isa/vop.def records): the row's
 * relative registers are resolved first, as the plain forms resolve them, and the form then
 * shapes a plain move between them. The RDNA2 ISA guide's VOP1 descriptions read the data from
 * VGPR[S0 + M0] and write VGPR[D + M0]; the DPP16/DPP8 microcode formats permute the lanes of
 * the source the instruction reads, the SDWA format selects from that source and places the
 * result into the destination it writes (docs/relative.md). */
enum movrel_form movrel_resolve(const struct wave *w, const struct rdna_inst *in,
                                struct rdna_inst *move)
{
   uint32_t m0 = w->sgpr[RDNA_REG_M0];
   uint32_t src_off = m0, dst_off = m0;
   bool relative_src = true, relative_dst = true;
   switch (in->op) {
   case RDNA_OP_v_movrels_b32:
      relative_dst = false;
      break;
   case RDNA_OP_v_movreld_b32:
      relative_src = false;
      break;
   case RDNA_OP_v_movrelsd_b32:
      break;
   case RDNA_OP_v_movrelsd_2_b32:
      src_off = m0 & 0x3ffu;
      dst_off = (m0 >> 16) & 0x3ffu;
      break;
   default:
      return MOVREL_NOT_RELATIVE;
   }
   *move = *in;
   move->op = RDNA_OP_v_mov_b32;
   if (relative_dst) {
      int64_t d = rel_index(w, dst_vgpr(&in->operands[0]), dst_off);
      if (d < 0)
         return MOVREL_DROPPED;
      move->operands[0].reg = (uint16_t)(RDNA_REG_VGPR0 + d);
   }
   if (relative_src) {
      move->operands[1].reg = (uint16_t)(RDNA_REG_VGPR0 + rel_source(w, &in->operands[1], src_off));
   }
   return MOVREL_MOVE;
}
