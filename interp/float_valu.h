/* The float VALU's lane machinery, shared by the float handler files (exec_float_*.c,
 * exec_vop3p.c): MODE fields, source reads with op_sel halves, abs/neg and denormal flushing,
 * output modifiers (omod, clamp) and EXEC-predicated writes of 16-, 32- and 64-bit results. */
#ifndef RDNA_INTERP_FLOAT_VALU_H
#define RDNA_INTERP_FLOAT_VALU_H

#include "interp/float.h"
#include "interp/wave.h"

/* MODE (RDNA2 ISA guide 3.12 "MODE"): FP_ROUND [1:0] f32, [3:2] f16 and f64; FP_DENORM [5:4]
 * f32, [7:6] f16 and f64, each 0 flush inputs and outputs, 1 allow input denormals, 2 allow
 * output denormals, 3 allow both; DX10_CLAMP [8]; IEEE [9]. */
#define MODE_DX10_CLAMP (1u << 8)
#define MODE_IEEE (1u << 9)

/* The rounding and denormal behaviour of `width` under the wave's MODE. */
struct float_env float_mode_env(const struct wave *w, enum float_width width);

/* What one lane function sees: the operation's width and environment, MODE's IEEE and
 * DX10_CLAMP bits, the lane, and the instruction (for VCC reads and op-specific fields). */
struct float_ctx {
   struct wave *w;
   const struct rdna_inst *in;
   enum float_width width;   /* of the sources */
   struct float_env env;     /* of the sources' width */
   struct float_env out_env; /* of the result's width */
   bool ieee, dx10_clamp;
   unsigned lane;
};

typedef uint64_t (*float_lane_fn)(const struct float_ctx *c, const uint64_t *src);

/* Flags of a float_spec. */
enum float_spec_flag {
   FSPEC_INT_DST = 1u << 0,  /* an integer result: no omod or clamp; 16 bits when dst is FLOAT16 */
   FSPEC_INT_SRC1 = 1u << 1, /* src1 is a raw 32-bit integer (ldexp, class masks) */
   FSPEC_INT_SRC0 = 1u << 2, /* src0 is a raw integer (int-to-float conversions) */
   FSPEC_NO_FLUSH = 1u << 3, /* sources keep their denormals whatever MODE says */
};

/* The shape of a float handler: source and result widths, number of sources (operands 1.. of
 * the instruction; a TIED_SRC2 row's third source is its destination). */
struct float_spec {
   enum float_width src;
   enum float_width dst;
   unsigned num_srcs;
   unsigned flags;
};

/* Runs fn on every active lane and writes the results (omod and clamp applied to float results)
 * to operands[0]. */
enum rdna_status float_exec(struct wave *w, const struct rdna_inst *in,
                            const struct float_spec *spec, float_lane_fn fn);

/* One source of a float instruction, prepared once per instruction: where its lanes come from,
 * which 16-bit half (op_sel), its abs/neg and whether MODE flushes its denormals. */
struct float_src {
   const struct rdna_operand *op;
   const uint32_t *lanes; /* 16- and 32-bit sources: a VGPR's lanes or `buf` */
   uint32_t buf[MAX_LANES];
   enum float_width width;
   bool high, raw, flush;
};

/* Flags of float_src_init. */
enum float_src_flag {
   FSRC_RAW = 1u << 0,      /* an integer operand: bits as stored, no half, modifiers or flush */
   FSRC_NO_FLUSH = 1u << 1, /* keep denormals whatever MODE says */
};

/* Prepares operand `op`, source number `index` (0 = src0, which op_sel bit applies). */
void float_src_init(struct wave *w, const struct rdna_inst *in, const struct rdna_operand *op,
                    unsigned index, enum float_width width, unsigned flags, struct float_src *s);

/* |x| then -x on a value's bits. */
static inline uint64_t float_abs_neg(enum float_width width, uint64_t v, unsigned mods)
{
   if (mods & RDNA_MOD_ABS)
      v &= ~float_sign_bit(width);
   if (mods & RDNA_MOD_NEG)
      v ^= float_sign_bit(width);
   return v;
}

/* The source's value in `lane`: 16-bit sources in the low bits, abs/neg and flush applied. */
static inline uint64_t float_src_read(struct wave *w, const struct float_src *s, unsigned lane)
{
   if (s->raw)
      return s->lanes[lane];
   uint64_t v;
   if (s->width == FLOAT64) {
      v = valu_src64(w, s->op, lane);
   } else {
      v = s->lanes[lane];
      if (s->high)
         v >>= 16;
      v &= s->width == FLOAT16 ? 0xffffu : 0xffffffffu;
   }
   v = float_abs_neg(s->width, v, s->op->mods);
   if (s->flush && float_is_denorm(s->width, v))
      v &= float_sign_bit(s->width);
   return v;
}

/* The instruction's operand of source `index` (0 = src0); for TIED_SRC2 rows index 2 is the
 * destination. */
const struct rdna_operand *float_src_operand(const struct rdna_inst *in, unsigned index);

/* omod (unless !allow_omod: VOP3P has none) and clamp of the instruction applied to a float
 * result (RDNA2 ISA guide 6.2.2 "Output modifiers"). */
uint64_t float_output_mods(const struct float_ctx *c, enum float_width width, uint64_t r,
                           bool allow_omod);

/* Writes one 16-bit result per lane: rows with op_sel write the half op_sel[3] picks and keep
 * the other; rows without zero the high half (same rule as the integer 16-bit rows). */
void float_write16(struct wave *w, const struct rdna_inst *in, const uint32_t *r16);
/* Writes 64-bit results to a VGPR pair. */
void float_write64(struct wave *w, unsigned vgpr, const uint64_t *r);

#endif
