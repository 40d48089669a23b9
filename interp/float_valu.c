/* The float VALU's lane machinery (interp/float_valu.h). */
#include "interp/float_valu.h"

/* A row whose VOP3 op_sel picks 16-bit halves (vop.def's OP_SEL flag). */
#define ROW_HAS_OP_SEL RDNA_OP_FLAG_EXTRA1

struct float_env float_mode_env(const struct wave *w, enum float_width width)
{
   uint32_t mode = w->hwreg[RDNA_HWREG_MODE];
   unsigned shift = width == FLOAT32 ? 0 : 2;
   unsigned denorm = (mode >> (4 + shift)) & 3u;
   struct float_env env = { (enum float_round)((mode >> shift) & 3u), !(denorm & 1u),
                            !(denorm & 2u) };
   return env;
}

const struct rdna_operand *float_src_operand(const struct rdna_inst *in, unsigned index)
{
   const struct op_info *info = op_info(in->op);
   if (index == 2 && info && (info->flags & TIED_SRC2))
      return &in->operands[0];
   /* VOP3b rows (v_div_scale) have their lane-mask destination before the sources. */
   unsigned first = in->operands[1].role == RDNA_ROLE_sdst ? 2 : 1;
   return &in->operands[first + index];
}

void float_src_init(struct wave *w, const struct rdna_inst *in, const struct rdna_operand *op,
                    unsigned index, enum float_width width, unsigned flags, struct float_src *s)
{
   s->op = op;
   s->width = width;
   s->raw = (flags & FSRC_RAW) != 0;
   s->high = width == FLOAT16 && !s->raw && operand_is_vgpr(op) && ((in->mod.op_sel >> index) & 1u);
   struct float_env env = float_mode_env(w, width);
   s->flush = !s->raw && !(flags & FSRC_NO_FLUSH) && env.flush_in;
   s->lanes = width == FLOAT64 && !s->raw ? NULL : valu_src(w, op, s->buf);
}

uint64_t float_output_mods(const struct float_ctx *c, enum float_width width, uint64_t r,
                           bool allow_omod)
{
   const struct rdna_inst *in = c->in;
   /* omod is ignored when output denormals are enabled or in IEEE mode, and turns -0 into +0
    * (RDNA2 ISA guide 6.2.2). The scaling itself is rounded like the operation. */
   if (allow_omod && in->mod.omod && c->out_env.flush_out && !c->ieee && !float_is_nan(width, r)) {
      int n = in->mod.omod == 1 ? 1 : in->mod.omod == 2 ? 2 : -1;
      r = float_ldexp(width, r, n, &c->out_env);
      if (float_is_zero(width, r))
         r = 0;
   }
   /* clamp to [0, 1]; NaN becomes +0 under DX10_CLAMP and stays NaN otherwise (guide 3.12). */
   if (in->mod.flags & RDNA_FLAG_CLAMP) {
      if (float_is_nan(width, r))
         r = c->dx10_clamp ? 0 : r;
      else if (float_sign(width, r))
         r = 0;
      else if (float_compare(width, r, float_one(width, false)) == ORDER_GREATER)
         r = float_one(width, false);
   }
   return r;
}

void float_write16(struct wave *w, const struct rdna_inst *in, const uint32_t *r16)
{
   uint32_t r[MAX_LANES];
   const struct op_info *info = op_info(in->op);
   bool has_opsel = info && (info->flags & ROW_HAS_OP_SEL);
   bool hi = has_opsel && ((in->mod.op_sel >> 3) & 1u);
   const uint32_t *old = wave_vgpr(w, dst_vgpr(&in->operands[0]));
   for (unsigned lane = 0; lane < MAX_LANES; lane++) {
      if (!has_opsel)
         r[lane] = r16[lane] & 0xffffu;
      else if (hi)
         r[lane] = (old[lane] & 0xffffu) | r16[lane] << 16;
      else
         r[lane] = (old[lane] & 0xffff0000u) | (r16[lane] & 0xffffu);
   }
   valu_write(w, dst_vgpr(&in->operands[0]), r);
}

void float_write64(struct wave *w, unsigned vgpr, const uint64_t *r)
{
   uint32_t lo[MAX_LANES], hi[MAX_LANES];
   for (unsigned lane = 0; lane < MAX_LANES; lane++) {
      lo[lane] = (uint32_t)r[lane];
      hi[lane] = (uint32_t)(r[lane] >> 32);
   }
   valu_write(w, vgpr, lo);
   valu_write(w, vgpr + 1, hi);
}

enum rdna_status float_exec(struct wave *w, const struct rdna_inst *in,
                            const struct float_spec *spec, float_lane_fn fn)
{
   uint32_t mode = w->hwreg[RDNA_HWREG_MODE];
   struct float_ctx c = {
      .w = w,
      .in = in,
      .width = spec->src,
      .env = float_mode_env(w, spec->src),
      .out_env = float_mode_env(w, spec->dst),
      .ieee = (mode & MODE_IEEE) != 0,
      .dx10_clamp = (mode & MODE_DX10_CLAMP) != 0,
   };
   uint64_t r[MAX_LANES];
   const uint32_t *mask = wave_lane_mask(w);
   bool int_dst = (spec->flags & FSPEC_INT_DST) != 0;
   bool output_mods = !int_dst && (in->mod.omod || (in->mod.flags & RDNA_FLAG_CLAMP));
   struct float_src src[3];
   for (unsigned i = 0; i < spec->num_srcs; i++) {
      bool raw =
         (i == 0 && (spec->flags & FSPEC_INT_SRC0)) || (i == 1 && (spec->flags & FSPEC_INT_SRC1));
      unsigned flags = (raw ? FSRC_RAW : 0) | (spec->flags & FSPEC_NO_FLUSH ? FSRC_NO_FLUSH : 0);
      float_src_init(w, in, float_src_operand(in, i), i, spec->src, flags, &src[i]);
   }
   for (unsigned lane = 0; lane < MAX_LANES; lane++) {
      r[lane] = 0;
      if (lane >= w->wave_size || !mask[lane])
         continue;
      uint64_t s[3] = { 0, 0, 0 };
      for (unsigned i = 0; i < spec->num_srcs; i++)
         s[i] = float_src_read(w, &src[i], lane);
      c.lane = lane;
      uint64_t v = fn(&c, s);
      if (output_mods)
         v = float_output_mods(&c, spec->dst, v, true);
      r[lane] = v;
   }
   unsigned vgpr = dst_vgpr(&in->operands[0]);
   if (spec->dst == FLOAT64 && !int_dst) {
      float_write64(w, vgpr, r);
   } else {
      uint32_t r32[MAX_LANES];
      for (unsigned lane = 0; lane < MAX_LANES; lane++)
         r32[lane] = (uint32_t)r[lane];
      if (spec->dst == FLOAT16)
         float_write16(w, in, r32);
      else
         valu_write(w, vgpr, r32);
   }
   return RDNA_OK;
}
