/* Packed math (VOP3P) and the packed VOP2 accumulates: v_pk_* on two 16-bit halves, v_fma_mix*,
 * the dot products of gfx1030, v_pk_fmac_f16 and v_dot2c_f32_f16. RDNA2 ISA guide 6.3 (packed
 * math: op_sel picks the half feeding the low result, op_sel_hi the half feeding the high one;
 * neg_lo / neg_hi negate float inputs of each half) and 12.13 (VOP3P opcodes). */
#include "interp/float_valu.h"

/* The 32 bits a packed source reads in `lane`. Inline constants are 16-bit values that fill both
 * halves (so op_sel_hi reads the same constant); SGPRs and literals are read as 32 bits. */
static uint32_t packed_raw(struct wave *w, const struct rdna_operand *op, unsigned lane)
{
   if (operand_is_vgpr(op))
      return wave_vgpr(w, op->reg - RDNA_REG_VGPR0)[lane];
   uint32_t v = wave_read_scalar(w, op);
   bool inline_const = (op->reg >= RDNA_REG_CONST_ZERO && op->reg <= RDNA_REG_CONST_NEG1 + 15) ||
                       (op->reg >= RDNA_REG_CONST_HALF && op->reg <= RDNA_REG_CONST_INV2PI);
   if (inline_const)
      v = (v & 0xffffu) * 0x10001u;
   return v;
}

/* The two 16-bit inputs of source `s`: [0] feeds the low result, [1] the high one. */
static void packed_halves(struct wave *w, const struct rdna_inst *in, unsigned s, unsigned lane,
                          bool is_float, uint32_t half[2])
{
   const struct rdna_operand *op = &in->operands[1 + s];
   uint32_t v = packed_raw(w, op, lane);
   half[0] = (in->mod.op_sel >> s) & 1u ? v >> 16 : v & 0xffffu;
   half[1] = (in->mod.op_sel_hi >> s) & 1u ? v >> 16 : v & 0xffffu;
   if (is_float) {
      if (op->mods & RDNA_MOD_NEG)
         half[0] ^= 0x8000u;
      if ((in->mod.neg_hi >> s) & 1u)
         half[1] ^= 0x8000u;
      struct float_env env = float_mode_env(w, FLOAT16);
      half[0] = (uint32_t)float_flush(FLOAT16, half[0], &env);
      half[1] = (uint32_t)float_flush(FLOAT16, half[1], &env);
   }
}

static bool clamped(const struct rdna_inst *in)
{
   return (in->mod.flags & RDNA_FLAG_CLAMP) != 0;
}

/* ---- packed 16-bit integers ----------------------------------------------------------------
 * The VOP3P clamp bit saturates add, sub and mad results to the type's range. */

enum pk_int_op {
   PK_MAD_I16,
   PK_MUL_LO_U16,
   PK_ADD_I16,
   PK_SUB_I16,
   PK_LSHLREV,
   PK_LSHRREV,
   PK_ASHRREV,
   PK_MAX_I16,
   PK_MIN_I16,
   PK_MAD_U16,
   PK_ADD_U16,
   PK_SUB_U16,
   PK_MAX_U16,
   PK_MIN_U16
};

static uint32_t sat16(int64_t v, bool is_signed, bool clamp)
{
   if (clamp) {
      int64_t lo = is_signed ? INT16_MIN : 0, hi = is_signed ? INT16_MAX : UINT16_MAX;
      v = v < lo ? lo : v > hi ? hi : v;
   }
   return (uint32_t)v & 0xffffu;
}

static uint32_t pk_int_half(enum pk_int_op op, uint32_t a, uint32_t b, uint32_t c, bool clamp)
{
   int32_t sa = (int16_t)(uint16_t)a, sb = (int16_t)(uint16_t)b, sc = (int16_t)(uint16_t)c;
   switch (op) {
   case PK_MAD_I16:
      return sat16((int64_t)sa * sb + sc, true, clamp);
   case PK_MUL_LO_U16:
      return (a * b) & 0xffffu;
   case PK_ADD_I16:
      return sat16((int64_t)sa + sb, true, clamp);
   case PK_SUB_I16:
      return sat16((int64_t)sa - sb, true, clamp);
   case PK_LSHLREV:
      return (b << (a & 15u)) & 0xffffu;
   case PK_LSHRREV:
      return b >> (a & 15u);
   case PK_ASHRREV:
      return (uint32_t)(sb >> (a & 15u)) & 0xffffu;
   case PK_MAX_I16:
      return (uint32_t)(sa > sb ? sa : sb) & 0xffffu;
   case PK_MIN_I16:
      return (uint32_t)(sa < sb ? sa : sb) & 0xffffu;
   case PK_MAD_U16:
      return sat16((int64_t)a * b + c, false, clamp);
   case PK_ADD_U16:
      return sat16((int64_t)a + b, false, clamp);
   case PK_SUB_U16:
      return sat16((int64_t)a - b, false, clamp);
   case PK_MAX_U16:
      return a > b ? a : b;
   default:
      return a < b ? a : b;
   }
}

static enum rdna_status pk_int(struct wave *w, const struct rdna_inst *in, enum pk_int_op op,
                               unsigned nsrc)
{
   uint32_t r[MAX_LANES];
   for (unsigned lane = 0; lane < MAX_LANES; lane++) {
      uint32_t h[3][2] = { { 0, 0 }, { 0, 0 }, { 0, 0 } };
      if (lane < w->wave_size)
         for (unsigned s = 0; s < nsrc; s++)
            packed_halves(w, in, s, lane, false, h[s]);
      r[lane] = pk_int_half(op, h[0][0], h[1][0], h[2][0], clamped(in)) |
                pk_int_half(op, h[0][1], h[1][1], h[2][1], clamped(in)) << 16;
   }
   valu_write(w, dst_vgpr(&in->operands[0]), r);
   return RDNA_OK;
}

#define PK_INT(name, op, nsrc)                                              \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in) \
   {                                                                        \
      return pk_int(w, in, op, nsrc);                                       \
   }

PK_INT(v_pk_mad_i16, PK_MAD_I16, 3)
PK_INT(v_pk_mul_lo_u16, PK_MUL_LO_U16, 2)
PK_INT(v_pk_add_i16, PK_ADD_I16, 2)
PK_INT(v_pk_sub_i16, PK_SUB_I16, 2)
PK_INT(v_pk_lshlrev_b16, PK_LSHLREV, 2)
PK_INT(v_pk_lshrrev_b16, PK_LSHRREV, 2)
PK_INT(v_pk_ashrrev_i16, PK_ASHRREV, 2)
PK_INT(v_pk_max_i16, PK_MAX_I16, 2)
PK_INT(v_pk_min_i16, PK_MIN_I16, 2)
PK_INT(v_pk_mad_u16, PK_MAD_U16, 3)
PK_INT(v_pk_add_u16, PK_ADD_U16, 2)
PK_INT(v_pk_sub_u16, PK_SUB_U16, 2)
PK_INT(v_pk_max_u16, PK_MAX_U16, 2)
PK_INT(v_pk_min_u16, PK_MIN_U16, 2)

/* ---- packed f16 ----------------------------------------------------------------------------
 * Each half as the f16 VOP2/VOP3 operation (min/max with MODE.IEEE's NaN rules), rounded by the
 * f16/f64 MODE fields; clamp applies to each half. */

enum pk_float_op {
   PK_FMA,
   PK_ADD,
   PK_MUL,
   PK_MIN,
   PK_MAX
};

static uint32_t pk_float_half(const struct float_ctx *c, enum pk_float_op op, uint32_t a,
                              uint32_t b, uint32_t x)
{
   enum float_width w = FLOAT16;
   uint64_t r;
   switch (op) {
   case PK_FMA:
      r = float_fma(w, a, b, x, &c->env);
      break;
   case PK_ADD:
      r = float_add(w, a, b, &c->env);
      break;
   case PK_MUL:
      r = float_mul(w, a, b, &c->env);
      break;
   default: {
      bool is_max = op == PK_MAX;
      if (c->ieee && float_is_snan(w, a))
         r = float_quiet(w, a);
      else if (c->ieee && float_is_snan(w, b))
         r = float_quiet(w, b);
      else if (float_is_nan(w, a))
         r = b;
      else if (float_is_nan(w, b))
         r = a;
      else {
         enum float_order o = float_compare(w, a, b);
         if (o == ORDER_EQUAL)
            r = float_is_zero(w, a) && float_sign(w, a) != float_sign(w, b) &&
                      float_sign(w, a) == is_max
                   ? b
                   : a;
         else
            r = (o == ORDER_LESS) != is_max ? a : b;
      }
      break;
   }
   }
   return (uint32_t)float_output_mods(c, w, r, false);
}

static struct float_ctx packed_ctx(struct wave *w, const struct rdna_inst *in)
{
   uint32_t mode = w->hwreg[RDNA_HWREG_MODE];
   struct float_ctx c = {
      .w = w,
      .in = in,
      .width = FLOAT16,
      .env = float_mode_env(w, FLOAT16),
      .out_env = float_mode_env(w, FLOAT16),
      .ieee = (mode & MODE_IEEE) != 0,
      .dx10_clamp = (mode & MODE_DX10_CLAMP) != 0,
   };
   return c;
}

static enum rdna_status pk_float(struct wave *w, const struct rdna_inst *in, enum pk_float_op op,
                                 unsigned nsrc)
{
   struct float_ctx c = packed_ctx(w, in);
   const uint32_t *mask = wave_lane_mask(w);
   uint32_t r[MAX_LANES];
   for (unsigned lane = 0; lane < MAX_LANES; lane++) {
      r[lane] = 0;
      if (lane >= w->wave_size || !mask[lane])
         continue;
      uint32_t h[3][2] = { { 0, 0 }, { 0, 0 }, { 0, 0 } };
      for (unsigned s = 0; s < nsrc; s++)
         packed_halves(w, in, s, lane, true, h[s]);
      c.lane = lane;
      r[lane] = pk_float_half(&c, op, h[0][0], h[1][0], h[2][0]) |
                pk_float_half(&c, op, h[0][1], h[1][1], h[2][1]) << 16;
   }
   valu_write(w, dst_vgpr(&in->operands[0]), r);
   return RDNA_OK;
}

#define PK_FLOAT(name, op, nsrc)                                            \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in) \
   {                                                                        \
      return pk_float(w, in, op, nsrc);                                     \
   }

PK_FLOAT(v_pk_fma_f16, PK_FMA, 3)
PK_FLOAT(v_pk_add_f16, PK_ADD, 2)
PK_FLOAT(v_pk_mul_f16, PK_MUL, 2)
PK_FLOAT(v_pk_min_f16, PK_MIN, 2)
PK_FLOAT(v_pk_max_f16, PK_MAX, 2)

/* v_pk_fmac_f16 (VOP2): both halves of vdst += src0 * src1, no modifiers. */
enum rdna_status exec_v_pk_fmac_f16(struct wave *w, const struct rdna_inst *in)
{
   struct float_ctx c = packed_ctx(w, in);
   const uint32_t *mask = wave_lane_mask(w);
   uint32_t b0[MAX_LANES], b1[MAX_LANES], r[MAX_LANES];
   const uint32_t *a = valu_src(w, &in->operands[1], b0);
   const uint32_t *b = valu_src(w, &in->operands[2], b1);
   const uint32_t *d = wave_vgpr(w, dst_vgpr(&in->operands[0]));
   for (unsigned lane = 0; lane < MAX_LANES; lane++) {
      r[lane] = 0;
      if (lane >= w->wave_size || !mask[lane])
         continue;
      uint32_t lo = 0, hi = 0;
      for (unsigned half = 0; half < 2; half++) {
         unsigned shift = 16 * half;
         uint64_t x = float_flush(FLOAT16, (a[lane] >> shift) & 0xffffu, &c.env);
         uint64_t y = float_flush(FLOAT16, (b[lane] >> shift) & 0xffffu, &c.env);
         uint64_t z = float_flush(FLOAT16, (d[lane] >> shift) & 0xffffu, &c.env);
         uint32_t v = (uint32_t)float_fma(FLOAT16, x, y, z, &c.env);
         if (half)
            hi = v;
         else
            lo = v;
      }
      r[lane] = lo | hi << 16;
   }
   valu_write(w, dst_vgpr(&in->operands[0]), r);
   return RDNA_OK;
}

/* ---- mixed precision ------------------------------------------------------------------------
 * v_fma_mix*: source s is f32 when op_sel_hi[s] is clear, else the f16 half op_sel[s] picks,
 * widened exactly; neg_lo negates and neg_hi takes the absolute value (as abs/neg of the
 * sources). The fma is computed in f32 by the f32 MODE fields; mixlo / mixhi round that to f16
 * (f16 MODE fields) into the low / high half of vdst, keeping the other. */

static uint64_t mix_source(struct wave *w, const struct rdna_inst *in, unsigned s, unsigned lane)
{
   const struct rdna_operand *op = &in->operands[1 + s];
   uint32_t v =
      operand_is_vgpr(op) ? wave_vgpr(w, op->reg - RDNA_REG_VGPR0)[lane] : wave_read_scalar(w, op);
   uint64_t x;
   if ((in->mod.op_sel_hi >> s) & 1u) {
      struct float_env env16 = float_mode_env(w, FLOAT16);
      const struct float_env exact = { ROUND_NEAREST_EVEN, false, false };
      uint64_t h = (in->mod.op_sel >> s) & 1u ? v >> 16 : v & 0xffffu;
      if (op->mods & RDNA_MOD_ABS)
         h &= 0x7fffu;
      if (op->mods & RDNA_MOD_NEG)
         h ^= 0x8000u;
      x = float_convert(FLOAT32, FLOAT16, float_flush(FLOAT16, h, &env16), &exact);
   } else {
      struct float_env env32 = float_mode_env(w, FLOAT32);
      x = v;
      if (op->mods & RDNA_MOD_ABS)
         x &= 0x7fffffffu;
      if (op->mods & RDNA_MOD_NEG)
         x ^= 0x80000000u;
      x = float_flush(FLOAT32, x, &env32);
   }
   return x;
}

enum mix_dst {
   MIX_F32,
   MIX_LO,
   MIX_HI
};

static enum rdna_status fma_mix(struct wave *w, const struct rdna_inst *in, enum mix_dst dst)
{
   struct float_ctx c = packed_ctx(w, in);
   c.width = FLOAT32;
   c.env = float_mode_env(w, FLOAT32);
   c.out_env = float_mode_env(w, dst == MIX_F32 ? FLOAT32 : FLOAT16);
   const uint32_t *mask = wave_lane_mask(w);
   const uint32_t *old = wave_vgpr(w, dst_vgpr(&in->operands[0]));
   uint32_t r[MAX_LANES];
   for (unsigned lane = 0; lane < MAX_LANES; lane++) {
      r[lane] = 0;
      if (lane >= w->wave_size || !mask[lane])
         continue;
      uint64_t s[3];
      for (unsigned i = 0; i < 3; i++)
         s[i] = mix_source(w, in, i, lane);
      c.lane = lane;
      uint64_t v = float_fma(FLOAT32, s[0], s[1], s[2], &c.env);
      if (dst == MIX_F32) {
         r[lane] = (uint32_t)float_output_mods(&c, FLOAT32, v, false);
         continue;
      }
      uint32_t h = (uint32_t)float_output_mods(
         &c, FLOAT16, float_convert(FLOAT16, FLOAT32, v, &c.out_env), false);
      r[lane] = dst == MIX_LO ? (old[lane] & 0xffff0000u) | h : (old[lane] & 0xffffu) | h << 16;
   }
   valu_write(w, dst_vgpr(&in->operands[0]), r);
   return RDNA_OK;
}

enum rdna_status exec_v_fma_mix_f32(struct wave *w, const struct rdna_inst *in)
{
   return fma_mix(w, in, MIX_F32);
}

enum rdna_status exec_v_fma_mixlo_f16(struct wave *w, const struct rdna_inst *in)
{
   return fma_mix(w, in, MIX_LO);
}

enum rdna_status exec_v_fma_mixhi_f16(struct wave *w, const struct rdna_inst *in)
{
   return fma_mix(w, in, MIX_HI);
}

/* ---- dot products (gfx1030) -----------------------------------------------------------------
 * Integer dots: the sum of the element products plus src2, exact; clamp saturates it to the
 * 32-bit type. v_dot2_f32_f16: two f32 fmas in element order, low pair first, each rounded by
 * the f32 MODE fields (a documented choice: the guide gives the sum, not its rounding). */

static uint32_t sat32(int64_t v, bool is_signed, bool clamp)
{
   if (clamp) {
      int64_t lo = is_signed ? INT32_MIN : 0, hi = is_signed ? INT32_MAX : UINT32_MAX;
      v = v < lo ? lo : v > hi ? hi : v;
   }
   return (uint32_t)v;
}

/* Sum of products of `count` elements of `bits` bits (signed or not) of a and b. */
static int64_t dot_elements(uint32_t a, uint32_t b, unsigned count, unsigned bits, bool is_signed)
{
   int64_t sum = 0;
   uint32_t mask = (1u << bits) - 1u;
   for (unsigned i = 0; i < count; i++) {
      uint32_t x = (a >> (i * bits)) & mask, y = (b >> (i * bits)) & mask;
      int64_t sx = x, sy = y;
      if (is_signed) {
         sx = (int64_t)(x ^ (1u << (bits - 1))) - (int64_t)(1u << (bits - 1));
         sy = (int64_t)(y ^ (1u << (bits - 1))) - (int64_t)(1u << (bits - 1));
      }
      sum += sx * sy;
   }
   return sum;
}

static enum rdna_status dot_int(struct wave *w, const struct rdna_inst *in, unsigned count,
                                unsigned bits, bool is_signed)
{
   uint32_t r[MAX_LANES];
   for (unsigned lane = 0; lane < MAX_LANES; lane++) {
      r[lane] = 0;
      if (lane >= w->wave_size)
         continue;
      uint32_t a, b;
      if (bits == 16) { /* packed sources: op_sel / op_sel_hi pick the halves */
         uint32_t ha[2], hb[2];
         packed_halves(w, in, 0, lane, false, ha);
         packed_halves(w, in, 1, lane, false, hb);
         a = ha[0] | ha[1] << 16;
         b = hb[0] | hb[1] << 16;
      } else {
         a = packed_raw(w, &in->operands[1], lane);
         b = packed_raw(w, &in->operands[2], lane);
      }
      uint32_t c = packed_raw(w, &in->operands[3], lane);
      int64_t acc = is_signed ? (int64_t)(int32_t)c : (int64_t)c;
      r[lane] = sat32(acc + dot_elements(a, b, count, bits, is_signed), is_signed, clamped(in));
   }
   valu_write(w, dst_vgpr(&in->operands[0]), r);
   return RDNA_OK;
}

enum rdna_status exec_v_dot2_i32_i16(struct wave *w, const struct rdna_inst *in)
{
   return dot_int(w, in, 2, 16, true);
}

enum rdna_status exec_v_dot2_u32_u16(struct wave *w, const struct rdna_inst *in)
{
   return dot_int(w, in, 2, 16, false);
}

enum rdna_status exec_v_dot4_i32_i8(struct wave *w, const struct rdna_inst *in)
{
   return dot_int(w, in, 4, 8, true);
}

enum rdna_status exec_v_dot4_u32_u8(struct wave *w, const struct rdna_inst *in)
{
   return dot_int(w, in, 4, 8, false);
}

enum rdna_status exec_v_dot8_i32_i4(struct wave *w, const struct rdna_inst *in)
{
   return dot_int(w, in, 8, 4, true);
}

enum rdna_status exec_v_dot8_u32_u4(struct wave *w, const struct rdna_inst *in)
{
   return dot_int(w, in, 8, 4, false);
}

static uint64_t dot2_f16(const struct float_ctx *c, const uint32_t a[2], const uint32_t b[2],
                         uint64_t acc)
{
   const struct float_env exact = { ROUND_NEAREST_EVEN, false, false };
   for (unsigned i = 0; i < 2; i++) {
      uint64_t x = float_convert(FLOAT32, FLOAT16, a[i], &exact);
      uint64_t y = float_convert(FLOAT32, FLOAT16, b[i], &exact);
      acc = float_fma(FLOAT32, x, y, acc, &c->env);
   }
   return acc;
}

enum rdna_status exec_v_dot2_f32_f16(struct wave *w, const struct rdna_inst *in)
{
   struct float_ctx c = packed_ctx(w, in);
   c.width = FLOAT32;
   c.env = c.out_env = float_mode_env(w, FLOAT32);
   const uint32_t *mask = wave_lane_mask(w);
   uint32_t r[MAX_LANES];
   for (unsigned lane = 0; lane < MAX_LANES; lane++) {
      r[lane] = 0;
      if (lane >= w->wave_size || !mask[lane])
         continue;
      uint32_t a[2], b[2];
      packed_halves(w, in, 0, lane, true, a);
      packed_halves(w, in, 1, lane, true, b);
      const struct rdna_operand *op2 = &in->operands[3];
      uint64_t acc = operand_is_vgpr(op2) ? wave_vgpr(w, op2->reg - RDNA_REG_VGPR0)[lane]
                                          : wave_read_scalar(w, op2);
      if (op2->mods & RDNA_MOD_NEG)
         acc ^= 0x80000000u;
      acc = float_flush(FLOAT32, acc, &c.env);
      c.lane = lane;
      r[lane] = (uint32_t)float_output_mods(&c, FLOAT32, dot2_f16(&c, a, b, acc), false);
   }
   valu_write(w, dst_vgpr(&in->operands[0]), r);
   return RDNA_OK;
}

/* v_dot2c_f32_f16 (VOP2): vdst = dot2(src0, src1) + vdst, as v_dot2_f32_f16. */
enum rdna_status exec_v_dot2c_f32_f16(struct wave *w, const struct rdna_inst *in)
{
   struct float_ctx c = packed_ctx(w, in);
   c.width = FLOAT32;
   c.env = c.out_env = float_mode_env(w, FLOAT32);
   struct float_env env16 = float_mode_env(w, FLOAT16);
   const uint32_t *mask = wave_lane_mask(w);
   uint32_t b0[MAX_LANES], b1[MAX_LANES], r[MAX_LANES];
   const uint32_t *x = valu_src(w, &in->operands[1], b0);
   const uint32_t *y = valu_src(w, &in->operands[2], b1);
   const uint32_t *d = wave_vgpr(w, dst_vgpr(&in->operands[0]));
   for (unsigned lane = 0; lane < MAX_LANES; lane++) {
      r[lane] = 0;
      if (lane >= w->wave_size || !mask[lane])
         continue;
      uint32_t a[2], b[2];
      for (unsigned i = 0; i < 2; i++) {
         a[i] = (uint32_t)float_flush(FLOAT16, (x[lane] >> (16 * i)) & 0xffffu, &env16);
         b[i] = (uint32_t)float_flush(FLOAT16, (y[lane] >> (16 * i)) & 0xffffu, &env16);
      }
      r[lane] = (uint32_t)dot2_f16(&c, a, b, float_flush(FLOAT32, d[lane], &c.env));
   }
   valu_write(w, dst_vgpr(&in->operands[0]), r);
   return RDNA_OK;
}
