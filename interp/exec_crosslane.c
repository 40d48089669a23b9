/* Lane permutes within rows of 16 lanes: v_permlane16_b32 and v_permlanex16_b32 (RDNA2 ISA guide,
 * VOP3 opcodes). The DPP forms live in interp/exec_dpp_sdwa.c, the LDS-crossbar exchanges
 * (ds_swizzle, ds_permute, ds_bpermute) in interp/exec_ds.c. */
#include "interp/wave.h"

/* Lane i of row r reads src0 of lane sel[i] of row r (permlane16) or of row r ^ 1 (permlanex16,
 * the other row of each pair of rows), where sel = {src2, src1} holds sixteen 4-bit selects, lane
 * 0's in src1[3:0]. op_sel[0] is FI and op_sel[1] BOUND_CTRL, as for DPP16: a source lane that
 * EXEC disables is read only with FI; otherwise the destination lane gets 0 with BOUND_CTRL and
 * is left alone without it. Only lanes EXEC enables are written. */
static enum rdna_status permlane(struct wave *w, const struct rdna_inst *in, unsigned row_xor)
{
   uint64_t select =
      wave_read_scalar(w, &in->operands[2]) | (uint64_t)wave_read_scalar(w, &in->operands[3]) << 32;
   bool fetch_inactive = in->mod.op_sel & 1, bound_zero = in->mod.op_sel & 2;
   uint32_t buf[MAX_LANES];
   const uint32_t *src = valu_src(w, &in->operands[1], buf);
   uint32_t result[MAX_LANES];
   uint64_t exec = wave_exec(w), writes = 0;
   for (unsigned lane = 0; lane < w->wave_size; lane++) {
      unsigned row = (lane >> 4) ^ row_xor;
      unsigned from = row * 16 + (unsigned)((select >> (4 * (lane & 15))) & 15);
      bool valid = fetch_inactive || (exec >> from & 1);
      result[lane] = valid ? src[from] : 0;
      if (valid || bound_zero)
         writes |= 1ull << lane;
   }
   uint32_t *dst = wave_vgpr(w, dst_vgpr(&in->operands[0]));
   writes &= exec;
   for (unsigned lane = 0; lane < w->wave_size; lane++)
      if (writes >> lane & 1)
         dst[lane] = result[lane];
   wave_wrote_vgpr(w, dst_vgpr(&in->operands[0]), writes);
   return RDNA_OK;
}

enum rdna_status exec_v_permlane16_b32(struct wave *w, const struct rdna_inst *in)
{
   return permlane(w, in, 0);
}

enum rdna_status exec_v_permlanex16_b32(struct wave *w, const struct rdna_inst *in)
{
   return permlane(w, in, 1);
}
