/* Vector integer and bit handlers of VOP1, VOP2 and VOP3: every write EXEC-predicated through
 * valu_write. Semantics from the RDNA2 ISA guide 12.7 (VOP2), 12.8 (VOP1) and 12.10 (VOP3) opcode
 * tables; carry-outs and lane masks write 0 for inactive lanes (guide chapter 6 "Vector ALU
 * Operations", "VCC: ... lanes not enabled by EXEC are written as zero"). */
#include "interp/wave.h"

/* ---- helpers ------------------------------------------------------------------------------- */

static inline uint32_t rd_mask_bit(uint64_t mask, unsigned lane)
{
   return (uint32_t)(mask >> lane) & 1u;
}

/* A 16-bit source of `lane`: the low half, or the high half when op_sel picks it (VOP3 rows with
 * op_sel, guide chapter 6, the VOP3 OPSEL field). Non-VGPR sources read their 16-bit value (inline
 * floats as f16). */
static inline uint32_t src16(struct wave *w, const struct rdna_inst *in, unsigned i,
                             unsigned opsel_bit, const uint32_t *v, unsigned lane)
{
   (void)w;
   uint32_t x = v[lane];
   if (operand_is_vgpr(&in->operands[i]) && ((in->mod.op_sel >> opsel_bit) & 1))
      x >>= 16;
   return x & 0xffffu;
}

/* Writes a 16-bit result. Rows with op_sel write the half op_sel[3] picks and keep the other;
 * rows without zero the high half (LLVM: GCNSubtarget::zeroesHigh16BitsOfDest on GFX10). */
static void write16(struct wave *w, const struct rdna_inst *in, const uint32_t *r16, bool has_opsel)
{
   uint32_t r[MAX_LANES];
   const uint32_t *old = wave_vgpr(w, dst_vgpr(&in->operands[0]));
   bool hi = has_opsel && ((in->mod.op_sel >> 3) & 1);
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

static inline bool clamp(const struct rdna_inst *in)
{
   return (in->mod.flags & RDNA_FLAG_CLAMP) != 0;
}

/* Integer clamp (VOP3 clamp bit on integer rows, guide chapter 13, the VOP3 CLAMP field): saturate
 * instead of wrapping. */
static inline uint32_t sat_u32(uint64_t v)
{
   return v > 0xffffffffu ? 0xffffffffu : (uint32_t)v;
}

static inline uint32_t sat_i32(int64_t v)
{
   return v > INT32_MAX ? (uint32_t)INT32_MAX : v < INT32_MIN ? 0x80000000u : (uint32_t)v;
}

/* Lane-parallel rows from an expression of a, b (and c). The VOP3 clamp bit of these rows
 * cannot change their result (logic, shifts, min/max, bit fields) or the row has no clamp field
 * in LLVM's tables (no INT_CLAMP in isa/vop.def), so it is ignored: a documented choice. */
#define BINOP(name, expr)                                                   \
   INTERP_INLINE uint32_t op_##name(uint32_t a, uint32_t b)                 \
   {                                                                        \
      return (uint32_t)(expr);                                              \
   }                                                                        \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in) \
   {                                                                        \
      return valu_binop_u32(w, in, op_##name);                              \
   }
#define TRIOP(name, expr)                                                   \
   INTERP_INLINE uint32_t op_##name(uint32_t a, uint32_t b, uint32_t c)     \
   {                                                                        \
      return (uint32_t)(expr);                                              \
   }                                                                        \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in) \
   {                                                                        \
      return valu_triop_u32(w, in, op_##name);                              \
   }

/* Rows with an integer clamp (INT_CLAMP): `expr` is the exact result as a 64-bit integer
 * (int64_t for the signed rows); without clamp its low 32 bits are written, with clamp it
 * saturates to the destination type (LLVM's IntClamp rows; the VOP3 CLAMP field, RDNA2 ISA guide
 * chapter 13). */
#define BINOP_SAT(name, sat, expr)                                             \
   INTERP_INLINE uint32_t op_##name(uint32_t a, uint32_t b)                    \
   {                                                                           \
      return (uint32_t)(expr);                                                 \
   }                                                                           \
   INTERP_INLINE uint32_t op_##name##_clamp(uint32_t a, uint32_t b)            \
   {                                                                           \
      return sat(expr);                                                        \
   }                                                                           \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in)    \
   {                                                                           \
      return valu_binop_u32(w, in, clamp(in) ? op_##name##_clamp : op_##name); \
   }
#define TRIOP_SAT(name, sat, expr)                                              \
   INTERP_INLINE uint32_t op_##name(uint32_t a, uint32_t b, uint32_t c)         \
   {                                                                            \
      return (uint32_t)(expr);                                                  \
   }                                                                            \
   INTERP_INLINE uint32_t op_##name##_clamp(uint32_t a, uint32_t b, uint32_t c) \
   {                                                                            \
      return sat(expr);                                                         \
   }                                                                            \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in)     \
   {                                                                            \
      return valu_triop_u32(w, in, clamp(in) ? op_##name##_clamp : op_##name);  \
   }
#define UNOP(name, expr)                                                    \
   INTERP_INLINE uint32_t op_##name(uint32_t a)                             \
   {                                                                        \
      return (uint32_t)(expr);                                              \
   }                                                                        \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in) \
   {                                                                        \
      return valu_unop_u32(w, in, op_##name);                               \
   }

static inline uint32_t u24(uint32_t v)
{
   return v & 0xffffffu;
}

static inline int64_t i24(uint32_t v)
{
   return (int32_t)(v << 8) >> 8;
}

/* ---- VOP1 ---------------------------------------------------------------------------------- */

enum rdna_status exec_v_nop(struct wave *w, const struct rdna_inst *in)
{
   (void)w;
   (void)in;
   return RDNA_OK;
}

enum rdna_status exec_v_pipeflush(struct wave *w, const struct rdna_inst *in)
{
   return exec_v_nop(w, in);
}

enum rdna_status exec_v_clrexcp(struct wave *w, const struct rdna_inst *in)
{
   return exec_v_nop(w, in);
}

UNOP(v_mov_b32, a)
UNOP(v_not_b32, ~a)

static inline uint32_t bfrev32(uint32_t v)
{
   v = ((v >> 1) & 0x55555555u) | ((v & 0x55555555u) << 1);
   v = ((v >> 2) & 0x33333333u) | ((v & 0x33333333u) << 2);
   v = ((v >> 4) & 0x0f0f0f0fu) | ((v & 0x0f0f0f0fu) << 4);
   v = ((v >> 8) & 0x00ff00ffu) | ((v & 0x00ff00ffu) << 8);
   return (v >> 16) | (v << 16);
}

UNOP(v_bfrev_b32, bfrev32(a))
/* First bit from the MSB (ffbh_u32), from the LSB (ffbl), or the first bit differing from the
 * sign (ffbh_i32); 0xffffffff when there is none. */
UNOP(v_ffbh_u32, a ? (uint32_t)__builtin_clz(a) : 0xffffffffu)
UNOP(v_ffbl_b32, a ? (uint32_t)__builtin_ctz(a) : 0xffffffffu)
UNOP(v_ffbh_i32,
     (a == 0 || a == 0xffffffffu) ? 0xffffffffu : (uint32_t)__builtin_clz((int32_t)a < 0 ? ~a : a))

/* v_sat_pk_u8_i16: two signed 16-bit halves saturated to u8, packed in the low 16 bits. */
static inline uint32_t sat_u8(int32_t v)
{
   return v < 0 ? 0u : v > 255 ? 255u : (uint32_t)v;
}

UNOP(v_sat_pk_u8_i16, sat_u8((int16_t)(uint16_t)a) | sat_u8((int16_t)(uint16_t)(a >> 16)) << 8)

/* v_readfirstlane_b32: the first active lane's value into an SGPR; lane 0 when EXEC is zero. */
enum rdna_status exec_v_readfirstlane_b32(struct wave *w, const struct rdna_inst *in)
{
   uint64_t exec = wave_exec(w);
   unsigned lane = exec ? (unsigned)__builtin_ctzll(exec) : 0;
   uint32_t buf[MAX_LANES];
   const uint32_t *v = valu_src(w, &in->operands[1], buf);
   wave_write_sgpr(w, in->operands[0].reg, v[lane]);
   return RDNA_OK;
}

/* v_swap_b32: exchanges vdst and src0 in active lanes. */
enum rdna_status exec_v_swap_b32(struct wave *w, const struct rdna_inst *in)
{
   uint32_t *a = wave_vgpr(w, dst_vgpr(&in->operands[0]));
   uint32_t *b = wave_vgpr(w, dst_vgpr(&in->operands[1]));
   const uint32_t *m = wave_lane_mask(w);
   for (unsigned lane = 0; lane < w->wave_size; lane++) {
      uint32_t x = a[lane], y = b[lane];
      a[lane] = (y & m[lane]) | (x & ~m[lane]);
      b[lane] = (x & m[lane]) | (y & ~m[lane]);
   }
   wave_wrote_vgpr(w, dst_vgpr(&in->operands[0]), wave_exec(w));
   wave_wrote_vgpr(w, dst_vgpr(&in->operands[1]), wave_exec(w));
   return RDNA_OK;
}

/* ---- VOP2 ---------------------------------------------------------------------------------- */

/* v_cndmask_b32: D = mask[lane] ? S1 : S0, the mask from VCC (e32) or an SGPR (pair). */
enum rdna_status exec_v_cndmask_b32(struct wave *w, const struct rdna_inst *in)
{
   uint32_t b0[MAX_LANES], b1[MAX_LANES], r[MAX_LANES];
   const uint32_t *a = valu_src(w, &in->operands[1], b0);
   const uint32_t *b = valu_src(w, &in->operands[2], b1);
   uint64_t mask = wave_read_mask(w, &in->operands[3]);
   for (unsigned lane = 0; lane < MAX_LANES; lane++)
      r[lane] = rd_mask_bit(mask, lane) ? b[lane] : a[lane];
   valu_write(w, dst_vgpr(&in->operands[0]), r);
   return RDNA_OK;
}

/* 24-bit multiplies: the low 24 bits of each source, signed or unsigned; lo or hi 32 of 48. */
BINOP_SAT(v_mul_i32_i24, sat_i32, i24(a) * i24(b))
BINOP(v_mul_hi_i32_i24, (uint64_t)(i24(a) * i24(b)) >> 32)
BINOP_SAT(v_mul_u32_u24, sat_u32, (uint64_t)u24(a) * u24(b))
BINOP(v_mul_hi_u32_u24, ((uint64_t)u24(a) * u24(b)) >> 32)
BINOP(v_min_i32, (int32_t)a < (int32_t)b ? a : b)
BINOP(v_max_i32, (int32_t)a > (int32_t)b ? a : b)
BINOP(v_min_u32, a < b ? a : b)
BINOP(v_max_u32, a > b ? a : b)
/* "rev" shifts: S1 shifted by S0[4:0]. */
BINOP(v_lshrrev_b32, b >> (a & 31u))
BINOP(v_ashrrev_i32, (uint32_t)((int32_t)b >> (a & 31u)))
BINOP(v_lshlrev_b32, b << (a & 31u))
BINOP(v_and_b32, a &b)
BINOP(v_or_b32, a | b)
BINOP(v_xor_b32, a ^ b)
BINOP(v_xnor_b32, ~(a ^ b))

/* No-carry add/sub; with clamp, unsigned saturation (guide 12.7 V_ADD_NC_U32). */
static inline uint32_t add_u32(uint32_t a, uint32_t b)
{
   return a + b;
}

static inline uint32_t add_u32_sat(uint32_t a, uint32_t b)
{
   return sat_u32((uint64_t)a + b);
}

static inline uint32_t sub_u32(uint32_t a, uint32_t b)
{
   return a - b;
}

static inline uint32_t sub_u32_sat(uint32_t a, uint32_t b)
{
   return a < b ? 0u : a - b;
}

static inline uint32_t subrev_u32(uint32_t a, uint32_t b)
{
   return b - a;
}

static inline uint32_t subrev_u32_sat(uint32_t a, uint32_t b)
{
   return b < a ? 0u : b - a;
}

enum rdna_status exec_v_add_nc_u32(struct wave *w, const struct rdna_inst *in)
{
   return clamp(in) ? valu_binop_u32(w, in, add_u32_sat) : valu_binop_u32(w, in, add_u32);
}

enum rdna_status exec_v_sub_nc_u32(struct wave *w, const struct rdna_inst *in)
{
   return clamp(in) ? valu_binop_u32(w, in, sub_u32_sat) : valu_binop_u32(w, in, sub_u32);
}

enum rdna_status exec_v_subrev_nc_u32(struct wave *w, const struct rdna_inst *in)
{
   return clamp(in) ? valu_binop_u32(w, in, subrev_u32_sat) : valu_binop_u32(w, in, subrev_u32);
}

static inline uint32_t add_i32_sat(uint32_t a, uint32_t b)
{
   return sat_i32((int64_t)(int32_t)a + (int32_t)b);
}

static inline uint32_t sub_i32_sat(uint32_t a, uint32_t b)
{
   return sat_i32((int64_t)(int32_t)a - (int32_t)b);
}

enum rdna_status exec_v_add_nc_i32(struct wave *w, const struct rdna_inst *in)
{
   return clamp(in) ? valu_binop_u32(w, in, add_i32_sat) : valu_binop_u32(w, in, add_u32);
}

enum rdna_status exec_v_sub_nc_i32(struct wave *w, const struct rdna_inst *in)
{
   return clamp(in) ? valu_binop_u32(w, in, sub_i32_sat) : valu_binop_u32(w, in, sub_u32);
}

/* Carry forms. Operands: vdst, sdst (carry-out mask), src0, src1 [, src2 carry-in mask].
 * D = S0 + S1 + cin (sub: S0 - S1 - cin; subrev: S1 - S0 - cin); carry-out = unsigned carry or
 * borrow per lane, 0 for inactive lanes. With clamp the result saturates (carry still written). */
enum carry_kind {
   CARRY_ADD,
   CARRY_SUB,
   CARRY_SUBREV
};

static enum rdna_status valu_carry(struct wave *w, const struct rdna_inst *in, enum carry_kind k,
                                   bool has_cin)
{
   uint32_t b0[MAX_LANES], b1[MAX_LANES], r[MAX_LANES];
   const uint32_t *a = valu_src(w, &in->operands[2], b0);
   const uint32_t *b = valu_src(w, &in->operands[3], b1);
   uint64_t cin = has_cin ? wave_read_mask(w, &in->operands[4]) : 0;
   uint64_t exec = wave_exec(w), cout = 0;
   bool sat = clamp(in);
   for (unsigned lane = 0; lane < w->wave_size; lane++) {
      uint64_t x = a[lane], y = b[lane], c = (cin >> lane) & 1;
      uint64_t res;
      bool carry;
      if (k == CARRY_SUBREV) {
         uint64_t t = x;
         x = y;
         y = t;
      }
      if (k == CARRY_ADD) {
         res = x + y + c;
         carry = res > 0xffffffffu;
         r[lane] = sat && carry ? 0xffffffffu : (uint32_t)res;
      } else {
         carry = y + c > x;
         res = x - y - c;
         r[lane] = sat && carry ? 0u : (uint32_t)res;
      }
      cout |= (uint64_t)carry << lane;
   }
   valu_write(w, dst_vgpr(&in->operands[0]), r);
   wave_write_mask(w, in->operands[1].reg, cout & exec);
   return RDNA_OK;
}

enum rdna_status exec_v_add_co_ci_u32(struct wave *w, const struct rdna_inst *in)
{
   return valu_carry(w, in, CARRY_ADD, true);
}

enum rdna_status exec_v_sub_co_ci_u32(struct wave *w, const struct rdna_inst *in)
{
   return valu_carry(w, in, CARRY_SUB, true);
}

enum rdna_status exec_v_subrev_co_ci_u32(struct wave *w, const struct rdna_inst *in)
{
   return valu_carry(w, in, CARRY_SUBREV, true);
}

enum rdna_status exec_v_add_co_u32(struct wave *w, const struct rdna_inst *in)
{
   return valu_carry(w, in, CARRY_ADD, false);
}

enum rdna_status exec_v_sub_co_u32(struct wave *w, const struct rdna_inst *in)
{
   return valu_carry(w, in, CARRY_SUB, false);
}

enum rdna_status exec_v_subrev_co_u32(struct wave *w, const struct rdna_inst *in)
{
   return valu_carry(w, in, CARRY_SUBREV, false);
}

/* v_dot4c_i32_i8: D = D + dot(S0 bytes, S1 bytes), signed (guide 12.7); clamp saturates to i32. */
static inline int32_t sbyte(uint32_t v, unsigned i)
{
   return (int8_t)(uint8_t)(v >> (8 * i));
}

enum rdna_status exec_v_dot4c_i32_i8(struct wave *w, const struct rdna_inst *in)
{
   uint32_t b0[MAX_LANES], b1[MAX_LANES], r[MAX_LANES];
   const uint32_t *a = valu_src(w, &in->operands[1], b0);
   const uint32_t *b = valu_src(w, &in->operands[2], b1);
   const uint32_t *d = wave_vgpr(w, dst_vgpr(&in->operands[0]));
   for (unsigned lane = 0; lane < MAX_LANES; lane++) {
      int32_t sum = 0;
      for (unsigned i = 0; i < 4; i++)
         sum += sbyte(a[lane], i) * sbyte(b[lane], i);
      r[lane] = clamp(in) ? sat_i32((int64_t)(int32_t)d[lane] + sum) : d[lane] + (uint32_t)sum;
   }
   valu_write(w, dst_vgpr(&in->operands[0]), r);
   return RDNA_OK;
}

/* ---- VOP3 three-source ---------------------------------------------------------------------- */

TRIOP_SAT(v_mad_i32_i24, sat_i32, i24(a) * i24(b) + (int32_t)c)
TRIOP_SAT(v_mad_u32_u24, sat_u32, (uint64_t)u24(a) * u24(b) + c)

/* Bit-field extract: offset S1[4:0], width S2[4:0] (guide 12.10 V_BFE_U32/I32). */
static inline uint32_t bfe_u(uint32_t v, uint32_t off, uint32_t width)
{
   off &= 31u;
   width &= 31u;
   return width == 0 ? 0u : (v >> off) & (uint32_t)((1ull << width) - 1u);
}

static inline uint32_t bfe_i(uint32_t v, uint32_t off, uint32_t width)
{
   off &= 31u;
   width &= 31u;
   if (width == 0)
      return 0;
   if (off + width < 32)
      return (uint32_t)((int32_t)(v << (32 - off - width)) >> (32 - width));
   return (uint32_t)((int32_t)v >> off);
}

TRIOP(v_bfe_u32, bfe_u(a, b, c))
TRIOP(v_bfe_i32, bfe_i(a, b, c))
TRIOP(v_bfi_b32, (a & b) | (~a & c))

/* v_lerp_u8: per byte, (S0 + S1 + S2[0] of that byte) >> 1, unsigned (guide 12.10). */
static inline uint32_t lerp_u8(uint32_t a, uint32_t b, uint32_t c)
{
   uint32_t d = 0;
   for (unsigned i = 0; i < 32; i += 8)
      d |= ((((a >> i) & 0xffu) + ((b >> i) & 0xffu) + ((c >> i) & 1u)) >> 1) << i;
   return d;
}

TRIOP(v_lerp_u8, lerp_u8(a, b, c))
/* v_alignbit: ({S0, S1} >> S2[4:0])[31:0]; v_alignbyte: the same by S2[1:0] bytes. */
TRIOP(v_alignbit_b32, (((uint64_t)a << 32) | b) >> (c & 31u))
TRIOP(v_alignbyte_b32, (((uint64_t)a << 32) | b) >> (8u * (c & 3u)))

static inline uint32_t min_i(uint32_t a, uint32_t b)
{
   return (int32_t)a < (int32_t)b ? a : b;
}

static inline uint32_t max_i(uint32_t a, uint32_t b)
{
   return (int32_t)a > (int32_t)b ? a : b;
}

static inline uint32_t min_u(uint32_t a, uint32_t b)
{
   return a < b ? a : b;
}

static inline uint32_t max_u(uint32_t a, uint32_t b)
{
   return a > b ? a : b;
}

TRIOP(v_min3_i32, min_i(min_i(a, b), c))
TRIOP(v_min3_u32, min_u(min_u(a, b), c))
TRIOP(v_max3_i32, max_i(max_i(a, b), c))
TRIOP(v_max3_u32, max_u(max_u(a, b), c))
/* med3: the middle value = max(min(a, b), min(max(a, b), c)). */
TRIOP(v_med3_i32, max_i(min_i(a, b), min_i(max_i(a, b), c)))
TRIOP(v_med3_u32, max_u(min_u(a, b), min_u(max_u(a, b), c)))
TRIOP(v_xor3_b32, a ^ b ^ c)

/* v_perm_b32: each result byte selected by a byte of S2 from the 8 bytes {S0, S1} (S1 is bytes
 * 0-3), with the constant and sign-replicating selectors of guide 12.10 V_PERM_B32. */
static inline uint32_t perm_byte(uint64_t bytes, uint32_t sel)
{
   sel &= 0xffu;
   if (sel >= 13)
      return 0xffu;
   if (sel == 12)
      return 0u;
   if (sel >= 8) {
      /* 8..11: the sign of bytes 1, 3, 5, 7 replicated */
      unsigned bit = 15 + 16 * (sel - 8);
      return ((bytes >> bit) & 1) ? 0xffu : 0u;
   }
   return (uint32_t)(bytes >> (8 * sel)) & 0xffu;
}

static inline uint32_t perm(uint32_t a, uint32_t b, uint32_t c)
{
   uint64_t bytes = ((uint64_t)a << 32) | b;
   uint32_t d = 0;
   for (unsigned i = 0; i < 4; i++)
      d |= perm_byte(bytes, c >> (8 * i)) << (8 * i);
   return d;
}

TRIOP(v_perm_b32, perm(a, b, c))
TRIOP(v_xad_u32, (a ^ b) + c)
TRIOP(v_lshl_add_u32, (a << (b & 31u)) + c)
TRIOP(v_add_lshl_u32, (a + b) << (c & 31u))
TRIOP(v_add3_u32, a + b + c)
TRIOP(v_lshl_or_b32, (a << (b & 31u)) | c)
TRIOP(v_and_or_b32, (a & b) | c)
TRIOP(v_or3_b32, a | b | c)

/* Sums of absolute differences (guide 12.10): per byte / half / word |S0 - S1| summed into S2. */
static inline uint32_t absd(uint32_t x, uint32_t y)
{
   return x > y ? x - y : y - x;
}

/* Byte sums of |S0 - S1|; the masked form skips bytes whose S1 (reference) byte is 0. */
static inline uint32_t sum_absd_u8(uint32_t a, uint32_t b, bool masked)
{
   uint32_t sum = 0;
   for (unsigned i = 0; i < 32; i += 8)
      if (!masked || ((b >> i) & 0xffu))
         sum += absd((a >> i) & 0xffu, (b >> i) & 0xffu);
   return sum;
}

/* The accumulations are exact in 64 bits: the clamp forms saturate them to u32. */
TRIOP_SAT(v_sad_u8, sat_u32, (uint64_t)sum_absd_u8(a, b, false) + c)
TRIOP_SAT(v_sad_hi_u8, sat_u32, ((uint64_t)sum_absd_u8(a, b, false) << 16) + c)
TRIOP_SAT(v_sad_u16, sat_u32, (uint64_t)absd(a & 0xffffu, b & 0xffffu) + absd(a >> 16, b >> 16) + c)
TRIOP_SAT(v_sad_u32, sat_u32, (uint64_t)absd(a, b) + c)
TRIOP_SAT(v_msad_u8, sat_u32, (uint64_t)sum_absd_u8(a, b, true) + c)

/* Quad SADs (guide 12.10, V_QSAD_PK_U16_U8 / V_MQSAD_PK_U16_U8 / V_MQSAD_U32_U8): the S1
 * reference dword against the four byte-aligned dwords of the 64-bit S0 starting at bytes 0, 1,
 * 2 and 3; result k accumulates into element k of S2: 16-bit elements of a 64-bit value (pk_u16,
 * wrapping to 16 bits or saturating with clamp) or 32-bit elements of a 128-bit value. The m
 * forms mask reference bytes of 0. */
static enum rdna_status quad_sad(struct wave *w, const struct rdna_inst *in, bool masked, bool wide)
{
   uint32_t b1[MAX_LANES], out[4][MAX_LANES];
   const uint32_t *ref = valu_src(w, &in->operands[2], b1);
   const struct rdna_operand *acc = &in->operands[3];
   bool sat = clamp(in);
   for (unsigned lane = 0; lane < MAX_LANES; lane++) {
      uint64_t s0 = valu_src64(w, &in->operands[1], lane);
      uint64_t s2 = valu_src64(w, acc, lane), s2_hi = 0;
      if (wide && operand_is_vgpr(acc)) {
         const uint32_t *hi = wave_vgpr(w, acc->reg - RDNA_REG_VGPR0 + 2);
         s2_hi = hi[lane] | (uint64_t)hi[lane + MAX_LANES] << 32;
      } else if (wide && acc->reg + 3u < NUM_SREGS) {
         s2_hi = w->sgpr[acc->reg + 2] | (uint64_t)w->sgpr[acc->reg + 3] << 32;
      } else if (wide) {
         s2_hi = (uint64_t)((int64_t)s2 >> 63); /* a constant extends its sign */
      }
      uint64_t r64 = 0;
      for (unsigned k = 0; k < 4; k++) {
         uint32_t sum = sum_absd_u8((uint32_t)(s0 >> (8 * k)), ref[lane], masked);
         if (wide) {
            uint64_t a = k < 2 ? s2 >> (32 * k) : s2_hi >> (32 * (k - 2));
            uint64_t r = (a & 0xffffffffu) + sum;
            out[k][lane] = sat ? sat_u32(r) : (uint32_t)r;
         } else {
            uint64_t r = ((s2 >> (16 * k)) & 0xffffu) + sum;
            if (sat && r > 0xffffu)
               r = 0xffffu;
            r64 |= (r & 0xffffu) << (16 * k);
         }
      }
      if (!wide) {
         out[0][lane] = (uint32_t)r64;
         out[1][lane] = (uint32_t)(r64 >> 32);
      }
   }
   unsigned d = dst_vgpr(&in->operands[0]);
   for (unsigned k = 0; k < (wide ? 4u : 2u); k++)
      valu_write(w, d + k, out[k]);
   return RDNA_OK;
}

enum rdna_status exec_v_qsad_pk_u16_u8(struct wave *w, const struct rdna_inst *in)
{
   return quad_sad(w, in, false, false);
}

enum rdna_status exec_v_mqsad_pk_u16_u8(struct wave *w, const struct rdna_inst *in)
{
   return quad_sad(w, in, true, false);
}

enum rdna_status exec_v_mqsad_u32_u8(struct wave *w, const struct rdna_inst *in)
{
   return quad_sad(w, in, true, true);
}

/* ---- VOP3 two-source ----------------------------------------------------------------------- */

BINOP(v_mul_lo_u32, (uint64_t)a *b)
BINOP(v_mul_hi_u32, ((uint64_t)a * b) >> 32)
BINOP(v_mul_lo_i32, (uint64_t)((int64_t)(int32_t)a *(int32_t)b))
BINOP(v_mul_hi_i32, (uint64_t)((int64_t)(int32_t)a *(int32_t)b) >> 32)
/* v_bfm_b32: ((1 << S0[4:0]) - 1) << S1[4:0]. */
BINOP(v_bfm_b32, ((1u << (a & 31u)) - 1u) << (b & 31u))
BINOP(v_bcnt_u32_b32, (uint32_t)__builtin_popcount(a) + b)

/* v_mbcnt_lo/hi: S1 + the set bits of S0 below this lane, among lanes 0-31 (lo) or 32-63 (hi). */
enum rdna_status exec_v_mbcnt_lo_u32_b32(struct wave *w, const struct rdna_inst *in)
{
   uint32_t b0[MAX_LANES], b1[MAX_LANES], r[MAX_LANES];
   const uint32_t *a = valu_src(w, &in->operands[1], b0);
   const uint32_t *b = valu_src(w, &in->operands[2], b1);
   for (unsigned lane = 0; lane < MAX_LANES; lane++) {
      uint32_t below = lane >= 32 ? 0xffffffffu : (uint32_t)((1ull << lane) - 1);
      r[lane] = (uint32_t)__builtin_popcount(a[lane] & below) + b[lane];
   }
   valu_write(w, dst_vgpr(&in->operands[0]), r);
   return RDNA_OK;
}

enum rdna_status exec_v_mbcnt_hi_u32_b32(struct wave *w, const struct rdna_inst *in)
{
   uint32_t b0[MAX_LANES], b1[MAX_LANES], r[MAX_LANES];
   const uint32_t *a = valu_src(w, &in->operands[1], b0);
   const uint32_t *b = valu_src(w, &in->operands[2], b1);
   for (unsigned lane = 0; lane < MAX_LANES; lane++) {
      uint32_t below = lane < 32 ? 0u : (uint32_t)((1ull << (lane - 32)) - 1);
      r[lane] = (uint32_t)__builtin_popcount(a[lane] & below) + b[lane];
   }
   valu_write(w, dst_vgpr(&in->operands[0]), r);
   return RDNA_OK;
}

/* 64-bit shifts: S1 (64-bit) by S0[5:0]. */
static enum rdna_status shift64(struct wave *w, const struct rdna_inst *in, int kind)
{
   uint32_t lo[MAX_LANES], hi[MAX_LANES], b0[MAX_LANES];
   const uint32_t *s = valu_src(w, &in->operands[1], b0);
   for (unsigned lane = 0; lane < MAX_LANES; lane++) {
      uint64_t v = valu_src64(w, &in->operands[2], lane), r;
      unsigned n = s[lane] & 63u;
      r = kind == 0 ? v << n : kind == 1 ? v >> n : (uint64_t)((int64_t)v >> n);
      lo[lane] = (uint32_t)r;
      hi[lane] = (uint32_t)(r >> 32);
   }
   unsigned d = dst_vgpr(&in->operands[0]);
   valu_write(w, d, lo);
   valu_write(w, d + 1, hi);
   return RDNA_OK;
}

enum rdna_status exec_v_lshlrev_b64(struct wave *w, const struct rdna_inst *in)
{
   return shift64(w, in, 0);
}

enum rdna_status exec_v_lshrrev_b64(struct wave *w, const struct rdna_inst *in)
{
   return shift64(w, in, 1);
}

enum rdna_status exec_v_ashrrev_i64(struct wave *w, const struct rdna_inst *in)
{
   return shift64(w, in, 2);
}

/* v_mad_u64_u32 / v_mad_i64_i32: {D1, D0} = S0 * S1 + S2 (64-bit), carry-out to sdst; with
 * clamp the 64-bit result saturates (the carry-out is still written). */
static enum rdna_status mad64(struct wave *w, const struct rdna_inst *in, bool is_signed)
{
   uint32_t lo[MAX_LANES], hi[MAX_LANES], b0[MAX_LANES], b1[MAX_LANES];
   const uint32_t *a = valu_src(w, &in->operands[2], b0);
   const uint32_t *b = valu_src(w, &in->operands[3], b1);
   uint64_t cout = 0;
   for (unsigned lane = 0; lane < MAX_LANES; lane++) {
      uint64_t c = valu_src64(w, &in->operands[4], lane), r;
      bool carry;
      if (is_signed) {
         __int128 p = (__int128)((int64_t)(int32_t)a[lane] * (int32_t)b[lane]) + (int64_t)c;
         r = (uint64_t)p;
         carry = p != (__int128)(int64_t)r;
         if (carry && clamp(in))
            r = p < 0 ? (uint64_t)INT64_MIN : (uint64_t)INT64_MAX;
      } else {
         unsigned __int128 p = (unsigned __int128)((uint64_t)a[lane] * b[lane]) + c;
         r = (uint64_t)p;
         carry = (p >> 64) != 0;
         if (carry && clamp(in))
            r = UINT64_MAX;
      }
      lo[lane] = (uint32_t)r;
      hi[lane] = (uint32_t)(r >> 32);
      cout |= (uint64_t)carry << lane;
   }
   unsigned d = dst_vgpr(&in->operands[0]);
   valu_write(w, d, lo);
   valu_write(w, d + 1, hi);
   wave_write_mask(w, in->operands[1].reg, cout & wave_exec(w));
   return RDNA_OK;
}

enum rdna_status exec_v_mad_u64_u32(struct wave *w, const struct rdna_inst *in)
{
   return mad64(w, in, false);
}

enum rdna_status exec_v_mad_i64_i32(struct wave *w, const struct rdna_inst *in)
{
   return mad64(w, in, true);
}

/* ---- 16-bit (VOP3) -------------------------------------------------------------------------- */

/* Shapes for 16-bit operations: a, b, c are the 16-bit sources (zero-extended); the expression
 * gives the result, of which the low 16 bits are written (write16). */
#define OP16_2(name, has_opsel, expr)                                                 \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in)           \
   {                                                                                  \
      uint32_t b0[MAX_LANES], b1[MAX_LANES], r[MAX_LANES];                            \
      const uint32_t *s0 = valu_src(w, &in->operands[1], b0);                         \
      const uint32_t *s1 = valu_src(w, &in->operands[2], b1);                         \
      bool sat = clamp(in);                                                           \
      (void)sat;                                                                      \
      for (unsigned lane = 0; lane < MAX_LANES; lane++) {                             \
         uint32_t a = src16(w, in, 1, 0, s0, lane), b = src16(w, in, 2, 1, s1, lane); \
         r[lane] = (uint32_t)(expr);                                                  \
      }                                                                               \
      write16(w, in, r, has_opsel);                                                   \
      return RDNA_OK;                                                                 \
   }
#define OP16_3(name, has_opsel, result32, expr)                                       \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in)           \
   {                                                                                  \
      uint32_t b0[MAX_LANES], b1[MAX_LANES], b2[MAX_LANES], r[MAX_LANES];             \
      const uint32_t *s0 = valu_src(w, &in->operands[1], b0);                         \
      const uint32_t *s1 = valu_src(w, &in->operands[2], b1);                         \
      const uint32_t *s2 = valu_src(w, &in->operands[3], b2);                         \
      bool sat = clamp(in);                                                           \
      (void)sat;                                                                      \
      for (unsigned lane = 0; lane < MAX_LANES; lane++) {                             \
         uint32_t a = src16(w, in, 1, 0, s0, lane), b = src16(w, in, 2, 1, s1, lane); \
         uint32_t c = result32 ? s2[lane] : src16(w, in, 3, 2, s2, lane);             \
         r[lane] = (uint32_t)(expr);                                                  \
      }                                                                               \
      if (result32)                                                                   \
         valu_write(w, dst_vgpr(&in->operands[0]), r);                                \
      else                                                                            \
         write16(w, in, r, has_opsel);                                                \
      return RDNA_OK;                                                                 \
   }

static inline int32_t s16(uint32_t v)
{
   return (int16_t)(uint16_t)v;
}

static inline uint32_t satu16(int64_t v, bool sat)
{
   if (!sat)
      return (uint32_t)v & 0xffffu;
   return v < 0 ? 0u : v > 0xffff ? 0xffffu : (uint32_t)v;
}

static inline uint32_t sati16(int64_t v, bool sat)
{
   if (!sat)
      return (uint32_t)v & 0xffffu;
   return (uint32_t)(v < -32768 ? -32768 : v > 32767 ? 32767 : v) & 0xffffu;
}

static inline uint32_t min16u(uint32_t a, uint32_t b)
{
   return a < b ? a : b;
}

static inline uint32_t max16u(uint32_t a, uint32_t b)
{
   return a > b ? a : b;
}

static inline uint32_t min16i(uint32_t a, uint32_t b)
{
   return s16(a) < s16(b) ? a : b;
}

static inline uint32_t max16i(uint32_t a, uint32_t b)
{
   return s16(a) > s16(b) ? a : b;
}

OP16_2(v_add_nc_u16, false, satu16((int64_t)a + b, sat))
OP16_2(v_sub_nc_u16, false, satu16((int64_t)a - b, sat))
OP16_2(v_mul_lo_u16, false, a *b)
OP16_2(v_lshrrev_b16, false, b >> (a & 15u))
OP16_2(v_ashrrev_i16, false, (uint32_t)(s16(b) >> (a & 15u)))
OP16_2(v_lshlrev_b16, false, b << (a & 15u))
OP16_2(v_max_u16, false, max16u(a, b))
OP16_2(v_max_i16, false, max16i(a, b))
OP16_2(v_min_u16, false, min16u(a, b))
OP16_2(v_min_i16, false, min16i(a, b))
OP16_2(v_add_nc_i16, true, sati16((int64_t)s16(a) + s16(b), sat))
OP16_2(v_sub_nc_i16, true, sati16((int64_t)s16(a) - s16(b), sat))
OP16_3(v_mad_u16, true, false, satu16((int64_t)a *b + c, sat))
OP16_3(v_mad_i16, true, false, sati16((int64_t)s16(a) * s16(b) + s16(c), sat))
OP16_3(v_mad_u32_u16, true, true, sat ? sat_u32((uint64_t)a *b + c) : a *b + c)
OP16_3(v_mad_i32_i16, true, true,
       sat ? sat_i32((int64_t)s16(a) * s16(b) + (int32_t)c) : (uint32_t)(s16(a) * s16(b)) + c)
OP16_3(v_min3_i16, true, false, min16i(min16i(a, b), c))
OP16_3(v_min3_u16, true, false, min16u(min16u(a, b), c))
OP16_3(v_max3_i16, true, false, max16i(max16i(a, b), c))
OP16_3(v_max3_u16, true, false, max16u(max16u(a, b), c))
OP16_3(v_med3_i16, true, false, max16i(min16i(a, b), min16i(max16i(a, b), c)))
OP16_3(v_med3_u16, true, false, max16u(min16u(a, b), min16u(max16u(a, b), c)))

/* Integer packs (guide 12.10): two 32-bit values saturated to 16 bits each, S0 in the low half. */
static inline uint32_t clamp_u16(uint32_t v)
{
   return v > 0xffffu ? 0xffffu : v;
}

static inline uint32_t clamp_i16(uint32_t v)
{
   int32_t x = (int32_t)v;
   return (uint32_t)(x < -32768 ? -32768 : x > 32767 ? 32767 : x) & 0xffffu;
}

BINOP(v_cvt_pk_u16_u32, clamp_u16(a) | clamp_u16(b) << 16)
BINOP(v_cvt_pk_i16_i32, clamp_i16(a) | clamp_i16(b) << 16)

/* ---- lane access ---------------------------------------------------------------------------- */

/* v_readlane_b32: SGPR = S0[lane S1], the lane index S1 modulo the wave size, EXEC ignored. */
enum rdna_status exec_v_readlane_b32(struct wave *w, const struct rdna_inst *in)
{
   unsigned lane = wave_read_scalar(w, &in->operands[2]) & (w->wave_size - 1);
   uint32_t buf[MAX_LANES];
   const uint32_t *v = valu_src(w, &in->operands[1], buf);
   wave_write_sgpr(w, in->operands[0].reg, v[lane]);
   return RDNA_OK;
}

/* v_writelane_b32: VGPR[lane S1] = S0 (a scalar), EXEC ignored. */
enum rdna_status exec_v_writelane_b32(struct wave *w, const struct rdna_inst *in)
{
   unsigned lane = wave_read_scalar(w, &in->operands[2]) & (w->wave_size - 1);
   wave_vgpr(w, dst_vgpr(&in->operands[0]))[lane] = wave_read_scalar(w, &in->operands[1]);
   wave_wrote_vgpr(w, dst_vgpr(&in->operands[0]), 1ull << lane);
   return RDNA_OK;
}
