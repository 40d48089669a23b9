/* Scalar ALU handlers: every SOP2, SOP1, SOPK, SOPC and SOPP row. Results and SCC rules follow
 * the RDNA2 ISA guide, chapter 5 "Scalar ALU Operations" and the opcode descriptions of 12.1-12.5;
 * calls follow DESIGN.md "Reference semantics". Operands come in table-signature order. */
#include <string.h>

#include "interp/wave.h"

/* ---- helpers ------------------------------------------------------------------------------- */

static inline uint32_t src32(const struct wave *w, const struct rdna_inst *in, unsigned i)
{
   return wave_read_scalar(w, &in->operands[i]);
}

static inline uint64_t src64(const struct wave *w, const struct rdna_inst *in, unsigned i)
{
   return wave_read_scalar64(w, &in->operands[i]);
}

static inline void dst32(struct wave *w, const struct rdna_inst *in, uint32_t v)
{
   wave_write_sgpr(w, in->operands[0].reg, v);
}

static inline void dst64(struct wave *w, const struct rdna_inst *in, uint64_t v)
{
   wave_write_sgpr64(w, in->operands[0].reg, v);
}

static inline int32_t simm16(const struct rdna_inst *in, unsigned i)
{
   return (int16_t)(uint16_t)in->operands[i].value;
}

/* Operands of the ssrc1-is-a-shift-or-index kind use its low 5 (b32) or 6 (b64) bits. */
static inline unsigned sh32(uint32_t v)
{
   return v & 31u;
}

static inline unsigned sh64(uint32_t v)
{
   return v & 63u;
}

/* Shapes of the scalar handlers, each expanding to exec_<name>; `a`, `b` are the sources, `d`
 * the result, `scc` the new SCC (omitted where the row leaves SCC alone). */
#define SOP2_32(name, expr, scc_expr)                                       \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in) \
   {                                                                        \
      uint32_t a = src32(w, in, 1), b = src32(w, in, 2);                    \
      uint32_t d = (uint32_t)(expr);                                        \
      dst32(w, in, d);                                                      \
      wave_set_scc(w, (scc_expr));                                          \
      return RDNA_OK;                                                       \
   }
#define SOP2_32_NOSCC(name, expr)                                           \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in) \
   {                                                                        \
      uint32_t a = src32(w, in, 1), b = src32(w, in, 2);                    \
      dst32(w, in, (uint32_t)(expr));                                       \
      return RDNA_OK;                                                       \
   }
#define SOP2_64(name, expr)                                                 \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in) \
   {                                                                        \
      uint64_t a = src64(w, in, 1), b = src64(w, in, 2);                    \
      uint64_t d = (expr);                                                  \
      dst64(w, in, d);                                                      \
      wave_set_scc(w, d != 0);                                              \
      return RDNA_OK;                                                       \
   }
#define SOP2_SHIFT64(name, expr)                                            \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in) \
   {                                                                        \
      uint64_t a = src64(w, in, 1);                                         \
      unsigned b = sh64(src32(w, in, 2));                                   \
      uint64_t d = (expr);                                                  \
      dst64(w, in, d);                                                      \
      wave_set_scc(w, d != 0);                                              \
      return RDNA_OK;                                                       \
   }
#define SOP1_32(name, expr, scc_expr)                                       \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in) \
   {                                                                        \
      uint32_t a = src32(w, in, 1);                                         \
      uint32_t d = (uint32_t)(expr);                                        \
      dst32(w, in, d);                                                      \
      wave_set_scc(w, (scc_expr));                                          \
      return RDNA_OK;                                                       \
   }
#define SOP1_32_NOSCC(name, expr)                                           \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in) \
   {                                                                        \
      uint32_t a = src32(w, in, 1);                                         \
      dst32(w, in, (uint32_t)(expr));                                       \
      return RDNA_OK;                                                       \
   }
#define SOP1_64(name, expr, scc_expr)                                       \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in) \
   {                                                                        \
      uint64_t a = src64(w, in, 1);                                         \
      uint64_t d = (expr);                                                  \
      dst64(w, in, d);                                                      \
      wave_set_scc(w, (scc_expr));                                          \
      return RDNA_OK;                                                       \
   }
#define SOP1_64_NOSCC(name, expr)                                           \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in) \
   {                                                                        \
      uint64_t a = src64(w, in, 1);                                         \
      dst64(w, in, (expr));                                                 \
      return RDNA_OK;                                                       \
   }
/* 32-bit result from a 64-bit source (bcnt, ff, flbit of b64). */
#define SOP1_64TO32(name, expr, scc_expr)                                   \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in) \
   {                                                                        \
      uint64_t a = src64(w, in, 1);                                         \
      uint32_t d = (uint32_t)(expr);                                        \
      dst32(w, in, d);                                                      \
      wave_set_scc(w, (scc_expr));                                          \
      return RDNA_OK;                                                       \
   }
#define SOP1_64TO32_NOSCC(name, expr)                                       \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in) \
   {                                                                        \
      uint64_t a = src64(w, in, 1);                                         \
      dst32(w, in, (uint32_t)(expr));                                       \
      return RDNA_OK;                                                       \
   }
#define SOPC(name, type, src, cond)                                         \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in) \
   {                                                                        \
      type a = (type)src(w, in, 0), b = (type)src(w, in, 1);                \
      wave_set_scc(w, (cond));                                              \
      return RDNA_OK;                                                       \
   }
/* SOPK compares: the SGPR against simm16, sign-extended for _i32, zero-extended for _u32. */
#define SOPK_CMP(name, type, imm, cond)                                     \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in) \
   {                                                                        \
      type a = (type)src32(w, in, 0);                                       \
      type b = (type)(imm);                                                 \
      wave_set_scc(w, (cond));                                              \
      return RDNA_OK;                                                       \
   }
#define SIMM16 simm16(in, 1)
#define UIMM16 (uint16_t) in->operands[1].value
#define NOP(name)                                                           \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in) \
   {                                                                        \
      (void)w;                                                              \
      (void)in;                                                             \
      return RDNA_OK;                                                       \
   }

/* ---- SOP2 (RDNA2 ISA guide 12.1) ---------------------------------------------------------- */

/* Carry and borrow: SCC = unsigned carry-out / borrow; _i32: SCC = signed overflow. */
SOP2_32(s_add_u32, a + b, (uint64_t)a + b > 0xffffffffu)
SOP2_32(s_sub_u32, a - b, b > a)
SOP2_32(s_add_i32, a + b, ((~(a ^ b)) & (a ^ d)) >> 31)
SOP2_32(s_sub_i32, a - b, ((a ^ b) & (a ^ d)) >> 31)
SOP2_32(s_addc_u32, (uint64_t)a + b + w->scc, (uint64_t)a + b + w->scc > 0xffffffffu)
SOP2_32(s_subb_u32, (uint64_t)a - b - w->scc, (uint64_t)b + w->scc > a)
/* min/max: SCC = 1 when S0 is the one chosen (strict comparison). */
SOP2_32(s_min_i32, (int32_t)a < (int32_t)b ? a : b, (int32_t)a < (int32_t)b)
SOP2_32(s_min_u32, a < b ? a : b, a < b)
SOP2_32(s_max_i32, (int32_t)a > (int32_t)b ? a : b, (int32_t)a > (int32_t)b)
SOP2_32(s_max_u32, a > b ? a : b, a > b)
SOP2_32_NOSCC(s_cselect_b32, w->scc ? a : b)

enum rdna_status exec_s_cselect_b64(struct wave *w, const struct rdna_inst *in)
{
   dst64(w, in, w->scc ? src64(w, in, 1) : src64(w, in, 2));
   return RDNA_OK;
}

/* Bitwise: SCC = result != 0. */
SOP2_32(s_and_b32, a &b, d != 0)
SOP2_64(s_and_b64, a &b)
SOP2_32(s_or_b32, a | b, d != 0)
SOP2_64(s_or_b64, a | b)
SOP2_32(s_xor_b32, a ^ b, d != 0)
SOP2_64(s_xor_b64, a ^ b)
SOP2_32(s_andn2_b32, a & ~b, d != 0)
SOP2_64(s_andn2_b64, a & ~b)
SOP2_32(s_orn2_b32, a | ~b, d != 0)
SOP2_64(s_orn2_b64, a | ~b)
SOP2_32(s_nand_b32, ~(a &b), d != 0)
SOP2_64(s_nand_b64, ~(a &b))
SOP2_32(s_nor_b32, ~(a | b), d != 0)
SOP2_64(s_nor_b64, ~(a | b))
SOP2_32(s_xnor_b32, ~(a ^ b), d != 0)
SOP2_64(s_xnor_b64, ~(a ^ b))

/* Shifts by S1[4:0] (b32) or S1[5:0] (b64); SCC = result != 0. */
SOP2_32(s_lshl_b32, a << sh32(b), d != 0)
SOP2_SHIFT64(s_lshl_b64, a << b)
SOP2_32(s_lshr_b32, a >> sh32(b), d != 0)
SOP2_SHIFT64(s_lshr_b64, a >> b)
SOP2_32(s_ashr_i32, (uint32_t)((int32_t)a >> sh32(b)), d != 0)
SOP2_SHIFT64(s_ashr_i64, (uint64_t)((int64_t)a >> b))

/* s_bfm: D = ((1 << S0[4:0]) - 1) << S1[4:0]; no SCC. */
SOP2_32_NOSCC(s_bfm_b32, ((1ull << sh32(a)) - 1u) << sh32(b))

enum rdna_status exec_s_bfm_b64(struct wave *w, const struct rdna_inst *in)
{
   uint32_t a = src32(w, in, 1), b = src32(w, in, 2);
   uint64_t mask = sh64(a) ? (1ull << sh64(a)) - 1 : 0;
   dst64(w, in, mask << sh64(b));
   return RDNA_OK;
}

SOP2_32_NOSCC(s_mul_i32, (uint32_t)((int64_t)(int32_t)a *(int32_t)b))
SOP2_32_NOSCC(s_mul_hi_u32, ((uint64_t)a * b) >> 32)
SOP2_32_NOSCC(s_mul_hi_i32, (uint64_t)((int64_t)(int32_t)a *(int32_t)b) >> 32)

/* Bit-field extract: offset S1[4:0] (S1[5:0] for 64-bit), width S1[22:16]; SCC = D != 0. */
static inline uint64_t bfe_u64(uint64_t v, unsigned offset, unsigned width)
{
   v >>= offset;
   return width >= 64 ? v : v & ((1ull << width) - 1);
}

static inline int64_t bfe_i64(uint64_t v, unsigned offset, unsigned width, unsigned bits)
{
   if (width == 0)
      return 0;
   if (width > bits - offset)
      width = bits - offset;
   uint64_t field = bfe_u64(v, offset, width);
   unsigned up = 64 - width;
   return (int64_t)(field << up) >> up;
}

SOP2_32(s_bfe_u32, bfe_u64(a, sh32(b), (b >> 16) & 0x7f), d != 0)
SOP2_32(s_bfe_i32, bfe_i64(a, sh32(b), (b >> 16) & 0x7f, 32), d != 0)

enum rdna_status exec_s_bfe_u64(struct wave *w, const struct rdna_inst *in)
{
   uint64_t a = src64(w, in, 1);
   uint32_t b = src32(w, in, 2);
   uint64_t d = bfe_u64(a, sh64(b), (b >> 16) & 0x7f);
   dst64(w, in, d);
   wave_set_scc(w, d != 0);
   return RDNA_OK;
}

enum rdna_status exec_s_bfe_i64(struct wave *w, const struct rdna_inst *in)
{
   uint64_t a = src64(w, in, 1);
   uint32_t b = src32(w, in, 2);
   uint64_t d = (uint64_t)bfe_i64(a, sh64(b), (b >> 16) & 0x7f, 64);
   dst64(w, in, d);
   wave_set_scc(w, d != 0);
   return RDNA_OK;
}

/* s_absdiff_i32: D = S0 - S1 in 32-bit signed arithmetic (wrapping), negated when negative. */
static inline uint32_t absdiff(uint32_t a, uint32_t b)
{
   uint32_t d = a - b;
   return (int32_t)d < 0 ? 0u - d : d;
}

SOP2_32(s_absdiff_i32, absdiff(a, b), d != 0)
/* s_lshlN_add_u32: D = (S0 << N) + S1; SCC = unsigned overflow of the whole expression. */
SOP2_32(s_lshl1_add_u32, (a << 1) + b, ((uint64_t)a << 1) + b > 0xffffffffu)
SOP2_32(s_lshl2_add_u32, (a << 2) + b, ((uint64_t)a << 2) + b > 0xffffffffu)
SOP2_32(s_lshl3_add_u32, (a << 3) + b, ((uint64_t)a << 3) + b > 0xffffffffu)
SOP2_32(s_lshl4_add_u32, (a << 4) + b, ((uint64_t)a << 4) + b > 0xffffffffu)
SOP2_32_NOSCC(s_pack_ll_b32_b16, (a & 0xffffu) | b << 16)
SOP2_32_NOSCC(s_pack_lh_b32_b16, (a & 0xffffu) | (b & 0xffff0000u))
SOP2_32_NOSCC(s_pack_hh_b32_b16, a >> 16 | (b & 0xffff0000u))

/* ---- SOP1 (RDNA2 ISA guide 12.3) ---------------------------------------------------------- */

SOP1_32_NOSCC(s_mov_b32, a)
SOP1_64_NOSCC(s_mov_b64, a)

enum rdna_status exec_s_cmov_b32(struct wave *w, const struct rdna_inst *in)
{
   if (w->scc)
      dst32(w, in, src32(w, in, 1));
   return RDNA_OK;
}

enum rdna_status exec_s_cmov_b64(struct wave *w, const struct rdna_inst *in)
{
   if (w->scc)
      dst64(w, in, src64(w, in, 1));
   return RDNA_OK;
}

SOP1_32(s_not_b32, ~a, d != 0)
SOP1_64(s_not_b64, ~a, d != 0)

/* s_wqm: each quad of bits becomes all ones when any of its bits is set. */
static inline uint64_t wqm(uint64_t v)
{
   uint64_t d = 0;
   for (unsigned q = 0; q < 64; q += 4)
      if ((v >> q) & 0xf)
         d |= 0xfull << q;
   return d;
}

SOP1_32(s_wqm_b32, wqm(a), d != 0)
SOP1_64(s_wqm_b64, wqm(a), d != 0)

static inline uint64_t brev64(uint64_t v)
{
   uint64_t d = 0;
   for (unsigned i = 0; i < 64; i++)
      d |= ((v >> i) & 1) << (63 - i);
   return d;
}

SOP1_32_NOSCC(s_brev_b32, brev64(a) >> 32)
SOP1_64_NOSCC(s_brev_b64, brev64(a))
/* Bit counts: SCC = result != 0. */
SOP1_32(s_bcnt0_i32_b32, __builtin_popcount(~a), d != 0)
SOP1_64TO32(s_bcnt0_i32_b64, __builtin_popcountll(~a), d != 0)
SOP1_32(s_bcnt1_i32_b32, __builtin_popcount(a), d != 0)
SOP1_64TO32(s_bcnt1_i32_b64, __builtin_popcountll(a), d != 0)

/* Find first: bit index from the LSB (ff) or from the MSB (flbit); -1 when there is none. */
static inline uint32_t ff1_64(uint64_t v)
{
   return v ? (uint32_t)__builtin_ctzll(v) : 0xffffffffu;
}

static inline uint32_t flbit_64(uint64_t v)
{
   return v ? (uint32_t)__builtin_clzll(v) : 0xffffffffu;
}

SOP1_32_NOSCC(s_ff0_i32_b32, ff1_64(~a & 0xffffffffull))
SOP1_64TO32_NOSCC(s_ff0_i32_b64, ff1_64(~a))
SOP1_32_NOSCC(s_ff1_i32_b32, ff1_64(a))
SOP1_64TO32_NOSCC(s_ff1_i32_b64, ff1_64(a))
SOP1_32_NOSCC(s_flbit_i32_b32, a ? (uint32_t)__builtin_clz(a) : 0xffffffffu)
SOP1_64TO32_NOSCC(s_flbit_i32_b64, flbit_64(a))
/* s_flbit_i32: the first bit from the MSB that differs from the sign bit; -1 for 0 and -1. */
SOP1_32_NOSCC(s_flbit_i32, (a == 0 || a == 0xffffffffu)
                              ? 0xffffffffu
                              : (uint32_t)__builtin_clz((int32_t)a < 0 ? ~a : a))
SOP1_64TO32_NOSCC(s_flbit_i32_i64, (a == 0 || a == ~0ull)
                                      ? 0xffffffffu
                                      : (uint32_t)__builtin_clzll((int64_t)a < 0 ? ~a : a))
SOP1_32_NOSCC(s_sext_i32_i8, (uint32_t)(int32_t)(int8_t)(uint8_t)a)
SOP1_32_NOSCC(s_sext_i32_i16, (uint32_t)(int32_t)(int16_t)(uint16_t)a)

/* s_bitset0/1: D[S0[4:0]] = 0/1, the other bits of D kept. */
enum rdna_status exec_s_bitset0_b32(struct wave *w, const struct rdna_inst *in)
{
   uint32_t d = w->sgpr[in->operands[0].reg];
   dst32(w, in, d & ~(1u << sh32(src32(w, in, 1))));
   return RDNA_OK;
}

enum rdna_status exec_s_bitset1_b32(struct wave *w, const struct rdna_inst *in)
{
   uint32_t d = w->sgpr[in->operands[0].reg];
   dst32(w, in, d | 1u << sh32(src32(w, in, 1)));
   return RDNA_OK;
}

static inline uint64_t dst_value64(const struct wave *w, const struct rdna_inst *in)
{
   unsigned reg = in->operands[0].reg;
   return w->sgpr[reg] | (uint64_t)w->sgpr[reg + 1] << 32;
}

enum rdna_status exec_s_bitset0_b64(struct wave *w, const struct rdna_inst *in)
{
   dst64(w, in, dst_value64(w, in) & ~(1ull << sh64(src32(w, in, 1))));
   return RDNA_OK;
}

enum rdna_status exec_s_bitset1_b64(struct wave *w, const struct rdna_inst *in)
{
   dst64(w, in, dst_value64(w, in) | 1ull << sh64(src32(w, in, 1)));
   return RDNA_OK;
}

/* Calls and jumps (DESIGN.md "Reference semantics: Calls"): s_getpc writes the address of the
 * next instruction (PC + 4); s_setpc jumps; s_swappc reads its target before writing the link,
 * so source and destination may be the same pair; a null destination is a plain jump. */
enum rdna_status exec_s_getpc_b64(struct wave *w, const struct rdna_inst *in)
{
   dst64(w, in, w->pc + 4);
   return RDNA_OK;
}

enum rdna_status exec_s_setpc_b64(struct wave *w, const struct rdna_inst *in)
{
   w->next_pc = src64(w, in, 0);
   return RDNA_OK;
}

enum rdna_status exec_s_swappc_b64(struct wave *w, const struct rdna_inst *in)
{
   uint64_t target = src64(w, in, 1);
   dst64(w, in, w->pc + 4);
   w->next_pc = target;
   return RDNA_OK;
}

/* s_rfe_b64 returns from a trap handler: without trap handlers it is a jump to S0. */
enum rdna_status exec_s_rfe_b64(struct wave *w, const struct rdna_inst *in)
{
   w->next_pc = src64(w, in, 0);
   return RDNA_OK;
}

/* The saveexec family (RDNA2 ISA guide 12.3): D = EXEC (old); EXEC = op(S0, EXEC);
 * SCC = EXEC != 0. S0 is read before D is written. The _wrexec forms write the new EXEC to D.
 * _b32 forms work on EXEC_LO only (wave32). */
enum exec_op {
   EXOP_AND,
   EXOP_OR,
   EXOP_XOR,
   EXOP_ANDN2,
   EXOP_ORN2,
   EXOP_NAND,
   EXOP_NOR,
   EXOP_XNOR,
   EXOP_ANDN1,
   EXOP_ORN1,
};

static inline uint64_t exec_combine(enum exec_op op, uint64_t s, uint64_t e)
{
   switch (op) {
   case EXOP_AND:
      return s & e;
   case EXOP_OR:
      return s | e;
   case EXOP_XOR:
      return s ^ e;
   case EXOP_ANDN2:
      return s & ~e;
   case EXOP_ORN2:
      return s | ~e;
   case EXOP_NAND:
      return ~(s & e);
   case EXOP_NOR:
      return ~(s | e);
   case EXOP_XNOR:
      return ~(s ^ e);
   case EXOP_ANDN1:
      return ~s & e;
   case EXOP_ORN1:
      return ~s | e;
   }
   return 0;
}

static enum rdna_status saveexec(struct wave *w, const struct rdna_inst *in, enum exec_op op,
                                 bool is64, bool wrexec)
{
   uint64_t s, e, n;
   if (is64) {
      s = src64(w, in, 1);
      e = w->sgpr[RDNA_REG_EXEC_LO] | (uint64_t)w->sgpr[RDNA_REG_EXEC_HI] << 32;
      n = exec_combine(op, s, e);
      dst64(w, in, wrexec ? n : e);
      wave_write_sgpr64(w, RDNA_REG_EXEC_LO, n);
   } else {
      s = src32(w, in, 1);
      e = w->sgpr[RDNA_REG_EXEC_LO];
      n = exec_combine(op, s, e) & 0xffffffffu;
      dst32(w, in, (uint32_t)(wrexec ? n : e));
      wave_write_sgpr(w, RDNA_REG_EXEC_LO, (uint32_t)n);
   }
   wave_set_scc(w, n != 0);
   return RDNA_OK;
}

#define SAVEEXEC(name, op, is64, wrexec)                                    \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in) \
   {                                                                        \
      return saveexec(w, in, op, is64, wrexec);                             \
   }

SAVEEXEC(s_and_saveexec_b64, EXOP_AND, true, false)
SAVEEXEC(s_or_saveexec_b64, EXOP_OR, true, false)
SAVEEXEC(s_xor_saveexec_b64, EXOP_XOR, true, false)
SAVEEXEC(s_andn2_saveexec_b64, EXOP_ANDN2, true, false)
SAVEEXEC(s_orn2_saveexec_b64, EXOP_ORN2, true, false)
SAVEEXEC(s_nand_saveexec_b64, EXOP_NAND, true, false)
SAVEEXEC(s_nor_saveexec_b64, EXOP_NOR, true, false)
SAVEEXEC(s_xnor_saveexec_b64, EXOP_XNOR, true, false)
SAVEEXEC(s_andn1_saveexec_b64, EXOP_ANDN1, true, false)
SAVEEXEC(s_orn1_saveexec_b64, EXOP_ORN1, true, false)
SAVEEXEC(s_andn1_wrexec_b64, EXOP_ANDN1, true, true)
SAVEEXEC(s_andn2_wrexec_b64, EXOP_ANDN2, true, true)
SAVEEXEC(s_and_saveexec_b32, EXOP_AND, false, false)
SAVEEXEC(s_or_saveexec_b32, EXOP_OR, false, false)
SAVEEXEC(s_xor_saveexec_b32, EXOP_XOR, false, false)
SAVEEXEC(s_andn2_saveexec_b32, EXOP_ANDN2, false, false)
SAVEEXEC(s_orn2_saveexec_b32, EXOP_ORN2, false, false)
SAVEEXEC(s_nand_saveexec_b32, EXOP_NAND, false, false)
SAVEEXEC(s_nor_saveexec_b32, EXOP_NOR, false, false)
SAVEEXEC(s_xnor_saveexec_b32, EXOP_XNOR, false, false)
SAVEEXEC(s_andn1_saveexec_b32, EXOP_ANDN1, false, false)
SAVEEXEC(s_orn1_saveexec_b32, EXOP_ORN1, false, false)
SAVEEXEC(s_andn1_wrexec_b32, EXOP_ANDN1, false, true)
SAVEEXEC(s_andn2_wrexec_b32, EXOP_ANDN2, false, true)

/* s_quadmask: D[i] = OR of S0 bits 4i..4i+3; SCC = D != 0. */
static inline uint64_t quadmask(uint64_t v)
{
   uint64_t d = 0;
   for (unsigned q = 0; q < 16; q++)
      if ((v >> (4 * q)) & 0xf)
         d |= 1ull << q;
   return d;
}

SOP1_32(s_quadmask_b32, quadmask(a) & 0xffu, d != 0)
SOP1_64(s_quadmask_b64, quadmask(a), d != 0)
SOP1_32(s_abs_i32, (int32_t)a < 0 ? 0u - a : a, d != 0)

/* s_bitreplicate_b64_b32: each bit of S0 twice: D[2i] = D[2i+1] = S0[i]. */
static inline uint64_t bitreplicate(uint32_t v)
{
   uint64_t d = 0;
   for (unsigned i = 0; i < 32; i++)
      if ((v >> i) & 1)
         d |= 3ull << (2 * i);
   return d;
}

enum rdna_status exec_s_bitreplicate_b64_b32(struct wave *w, const struct rdna_inst *in)
{
   dst64(w, in, bitreplicate(src32(w, in, 1)));
   return RDNA_OK;
}

/* Scalar relative addressing (RDNA2 ISA guide 12.3 s_movrels/s_movreld): the register index is
 * the operand's code plus M0 (unsigned). The bound is our documented choice: base and base+M0
 * must both lie in s0-s105 (or both in the same named block: vcc, ttmp0-15); anything else
 * faults INVALID_OPERAND rather than touching M0, EXEC or a neighbouring block. */
static bool srel_index(const struct wave *w, unsigned base, unsigned width, uint32_t offset,
                       unsigned *index)
{
   unsigned lo = 0, hi = 106;
   if (base >= RDNA_REG_VCC_LO && base <= RDNA_REG_VCC_HI) {
      lo = RDNA_REG_VCC_LO;
      hi = RDNA_REG_TTMP0;
   } else if (base >= RDNA_REG_TTMP0 && base < RDNA_REG_M0) {
      lo = RDNA_REG_TTMP0;
      hi = RDNA_REG_M0;
   } else if (base >= 106) {
      return false;
   }
   (void)w;
   uint64_t i = (uint64_t)base + offset;
   if (i < lo || i + width > hi)
      return false;
   *index = (unsigned)i;
   return true;
}

static enum rdna_status srel_fault(struct wave *w, const char *what, unsigned base)
{
   return wave_fault(w, RDNA_FAULT_INVALID_OPERAND, -1, 0,
                     "%s: register %u + M0 (%u) is outside its register block", what, base,
                     w->sgpr[RDNA_REG_M0]);
}

static enum rdna_status s_movrel(struct wave *w, const struct rdna_inst *in, unsigned width,
                                 bool src_rel, bool dst_rel, uint32_t src_off, uint32_t dst_off,
                                 const char *name)
{
   unsigned s = in->operands[1].reg, d = in->operands[0].reg;
   uint32_t v[2];
   if (src_rel) {
      if (!srel_index(w, s, width, src_off, &s))
         return srel_fault(w, name, in->operands[1].reg);
      v[0] = w->sgpr[s];
      v[1] = width > 1 ? w->sgpr[s + 1] : 0;
   } else {
      uint64_t x = width > 1 ? src64(w, in, 1) : src32(w, in, 1);
      v[0] = (uint32_t)x;
      v[1] = (uint32_t)(x >> 32);
   }
   if (dst_rel && !srel_index(w, d, width, dst_off, &d))
      return srel_fault(w, name, in->operands[0].reg);
   if (width > 1)
      wave_write_sgpr64(w, d, v[0] | (uint64_t)v[1] << 32);
   else
      wave_write_sgpr(w, d, v[0]);
   return RDNA_OK;
}

enum rdna_status exec_s_movrels_b32(struct wave *w, const struct rdna_inst *in)
{
   return s_movrel(w, in, 1, true, false, w->sgpr[RDNA_REG_M0], 0, "s_movrels_b32");
}

enum rdna_status exec_s_movrels_b64(struct wave *w, const struct rdna_inst *in)
{
   return s_movrel(w, in, 2, true, false, w->sgpr[RDNA_REG_M0], 0, "s_movrels_b64");
}

enum rdna_status exec_s_movreld_b32(struct wave *w, const struct rdna_inst *in)
{
   return s_movrel(w, in, 1, false, true, 0, w->sgpr[RDNA_REG_M0], "s_movreld_b32");
}

enum rdna_status exec_s_movreld_b64(struct wave *w, const struct rdna_inst *in)
{
   return s_movrel(w, in, 2, false, true, 0, w->sgpr[RDNA_REG_M0], "s_movreld_b64");
}

/* s_movrelsd_2_b32: SGPR[D + M0[25:16]] = SGPR[S0 + M0[9:0]], as v_movrelsd_2_b32. */
enum rdna_status exec_s_movrelsd_2_b32(struct wave *w, const struct rdna_inst *in)
{
   uint32_t m0 = w->sgpr[RDNA_REG_M0];
   if (!(in->operands[1].reg < 106 ||
         (in->operands[1].reg >= RDNA_REG_VCC_LO && in->operands[1].reg < RDNA_REG_M0)))
      return srel_fault(w, "s_movrelsd_2_b32", in->operands[1].reg);
   return s_movrel(w, in, 1, true, true, m0 & 0x3ffu, (m0 >> 16) & 0x3ffu, "s_movrelsd_2_b32");
}

/* ---- SOPK (RDNA2 ISA guide 12.2) ---------------------------------------------------------- */

enum rdna_status exec_s_movk_i32(struct wave *w, const struct rdna_inst *in)
{
   dst32(w, in, (uint32_t)simm16(in, 1));
   return RDNA_OK;
}

NOP(s_version) /* a marker for tools: no effect */

enum rdna_status exec_s_cmovk_i32(struct wave *w, const struct rdna_inst *in)
{
   if (w->scc)
      dst32(w, in, (uint32_t)simm16(in, 1));
   return RDNA_OK;
}

SOPK_CMP(s_cmpk_eq_i32, int32_t, SIMM16, a == b)
SOPK_CMP(s_cmpk_lg_i32, int32_t, SIMM16, a != b)
SOPK_CMP(s_cmpk_gt_i32, int32_t, SIMM16, a > b)
SOPK_CMP(s_cmpk_ge_i32, int32_t, SIMM16, a >= b)
SOPK_CMP(s_cmpk_lt_i32, int32_t, SIMM16, a < b)
SOPK_CMP(s_cmpk_le_i32, int32_t, SIMM16, a <= b)
SOPK_CMP(s_cmpk_eq_u32, uint32_t, UIMM16, a == b)
SOPK_CMP(s_cmpk_lg_u32, uint32_t, UIMM16, a != b)
SOPK_CMP(s_cmpk_gt_u32, uint32_t, UIMM16, a > b)
SOPK_CMP(s_cmpk_ge_u32, uint32_t, UIMM16, a >= b)
SOPK_CMP(s_cmpk_lt_u32, uint32_t, UIMM16, a < b)
SOPK_CMP(s_cmpk_le_u32, uint32_t, UIMM16, a <= b)

/* s_addk_i32: D = D + sext(simm16); SCC = signed overflow. */
enum rdna_status exec_s_addk_i32(struct wave *w, const struct rdna_inst *in)
{
   uint32_t a = src32(w, in, 0), b = (uint32_t)simm16(in, 1), d = a + b;
   dst32(w, in, d);
   wave_set_scc(w, ((~(a ^ b)) & (a ^ d)) >> 31);
   return RDNA_OK;
}

enum rdna_status exec_s_mulk_i32(struct wave *w, const struct rdna_inst *in)
{
   int64_t p = (int64_t)(int32_t)src32(w, in, 0) * simm16(in, 1);
   dst32(w, in, (uint32_t)p);
   return RDNA_OK;
}

/* hwreg(id, offset, size): simm16 bits 5:0 id, 10:6 offset, 15:11 size - 1. */
static void hwreg_field(uint32_t simm, unsigned *id, unsigned *offset, uint32_t *mask)
{
   *id = simm & 63u;
   *offset = (simm >> 6) & 31u;
   unsigned size = ((simm >> 11) & 31u) + 1;
   uint64_t m = ((1ull << size) - 1) << *offset;
   *mask = (uint32_t)m;
}

enum rdna_status exec_s_getreg_b32(struct wave *w, const struct rdna_inst *in)
{
   unsigned id, offset;
   uint32_t mask;
   hwreg_field(in->operands[1].value, &id, &offset, &mask);
   uint32_t v = id < RDNA_HWREG_COUNT ? wave_read_hwreg(w, id) : 0;
   dst32(w, in, (v & mask) >> offset);
   return RDNA_OK;
}

/* s_setreg writes the field of a writable register: MODE and TRAPSTS (the others are read-only
 * to a shader and keep their value; a documented choice for registers the guide marks
 * privileged). */
static enum rdna_status setreg(struct wave *w, uint32_t simm, uint32_t value)
{
   unsigned id, offset;
   uint32_t mask;
   hwreg_field(simm, &id, &offset, &mask);
   if (id == RDNA_HWREG_MODE || id == RDNA_HWREG_TRAPSTS)
      w->hwreg[id] = (w->hwreg[id] & ~mask) | ((value << offset) & mask);
   return RDNA_OK;
}

enum rdna_status exec_s_setreg_b32(struct wave *w, const struct rdna_inst *in)
{
   return setreg(w, in->operands[0].value, src32(w, in, 1));
}

enum rdna_status exec_s_setreg_imm32_b32(struct wave *w, const struct rdna_inst *in)
{
   return setreg(w, in->operands[0].value, in->operands[1].value);
}

/* s_call_b64: D = PC + 4; PC = PC + 4 + sext(simm16) * 4. SCC and EXEC stay. */
enum rdna_status exec_s_call_b64(struct wave *w, const struct rdna_inst *in)
{
   dst64(w, in, w->pc + 4);
   w->next_pc = w->pc + 4 + (uint64_t)((int64_t)simm16(in, 1) * 4);
   return RDNA_OK;
}

/* Counter waits: the interpreter completes every access at once, so waits have nothing to do. */
NOP(s_waitcnt_vscnt)
NOP(s_waitcnt_vmcnt)
NOP(s_waitcnt_expcnt)
NOP(s_waitcnt_lgkmcnt)
/* The subvector loop runs a wave64 block once per EXEC half (RDNA2 ISA guide 12.2, SOPK). Its
 * EXEC save/restore and branch rules are not modelled: executing either row faults UNSUPPORTED
 * naming it rather than guessing. */
UNSUPPORTED(s_subvector_loop_begin)
UNSUPPORTED(s_subvector_loop_end)

/* ---- SOPC (RDNA2 ISA guide 12.4) ---------------------------------------------------------- */

SOPC(s_cmp_eq_i32, int32_t, src32, a == b)
SOPC(s_cmp_lg_i32, int32_t, src32, a != b)
SOPC(s_cmp_gt_i32, int32_t, src32, a > b)
SOPC(s_cmp_ge_i32, int32_t, src32, a >= b)
SOPC(s_cmp_lt_i32, int32_t, src32, a < b)
SOPC(s_cmp_le_i32, int32_t, src32, a <= b)
SOPC(s_cmp_eq_u32, uint32_t, src32, a == b)
SOPC(s_cmp_lg_u32, uint32_t, src32, a != b)
SOPC(s_cmp_gt_u32, uint32_t, src32, a > b)
SOPC(s_cmp_ge_u32, uint32_t, src32, a >= b)
SOPC(s_cmp_lt_u32, uint32_t, src32, a < b)
SOPC(s_cmp_le_u32, uint32_t, src32, a <= b)
SOPC(s_bitcmp0_b32, uint32_t, src32, ((a >> sh32(b)) & 1) == 0)
SOPC(s_bitcmp1_b32, uint32_t, src32, ((a >> sh32(b)) & 1) == 1)
SOPC(s_cmp_eq_u64, uint64_t, src64, a == b)
SOPC(s_cmp_lg_u64, uint64_t, src64, a != b)

enum rdna_status exec_s_bitcmp0_b64(struct wave *w, const struct rdna_inst *in)
{
   wave_set_scc(w, ((src64(w, in, 0) >> sh64(src32(w, in, 1))) & 1) == 0);
   return RDNA_OK;
}

enum rdna_status exec_s_bitcmp1_b64(struct wave *w, const struct rdna_inst *in)
{
   wave_set_scc(w, ((src64(w, in, 0) >> sh64(src32(w, in, 1))) & 1) == 1);
   return RDNA_OK;
}

/* ---- SOPP (RDNA2 ISA guide 12.5) ---------------------------------------------------------- */

/* Branches: PC = PC + 4 + sext(simm16) * 4 when taken. */
static inline enum rdna_status branch_if(struct wave *w, const struct rdna_inst *in, bool taken)
{
   if (taken)
      w->next_pc = w->pc + 4 + (uint64_t)((int64_t)simm16(in, 0) * 4);
   return RDNA_OK;
}

enum rdna_status exec_s_branch(struct wave *w, const struct rdna_inst *in)
{
   return branch_if(w, in, true);
}

enum rdna_status exec_s_cbranch_scc0(struct wave *w, const struct rdna_inst *in)
{
   return branch_if(w, in, !w->scc);
}

enum rdna_status exec_s_cbranch_scc1(struct wave *w, const struct rdna_inst *in)
{
   return branch_if(w, in, w->scc);
}

enum rdna_status exec_s_cbranch_vccz(struct wave *w, const struct rdna_inst *in)
{
   return branch_if(w, in, wave_vcc(w) == 0);
}

enum rdna_status exec_s_cbranch_vccnz(struct wave *w, const struct rdna_inst *in)
{
   return branch_if(w, in, wave_vcc(w) != 0);
}

enum rdna_status exec_s_cbranch_execz(struct wave *w, const struct rdna_inst *in)
{
   return branch_if(w, in, wave_exec(w) == 0);
}

enum rdna_status exec_s_cbranch_execnz(struct wave *w, const struct rdna_inst *in)
{
   return branch_if(w, in, wave_exec(w) != 0);
}

/* Debugger branches: no debugger is attached, so never taken. */
NOP(s_cbranch_cdbgsys)
NOP(s_cbranch_cdbguser)
NOP(s_cbranch_cdbgsys_or_user)
NOP(s_cbranch_cdbgsys_and_user)

static enum rdna_status end_wave(struct wave *w)
{
   w->ended = true;
   return RDNA_OK;
}

enum rdna_status exec_s_endpgm(struct wave *w, const struct rdna_inst *in)
{
   (void)in;
   return end_wave(w);
}

enum rdna_status exec_s_endpgm_saved(struct wave *w, const struct rdna_inst *in)
{
   (void)in;
   return end_wave(w);
}

enum rdna_status exec_s_endpgm_ordered_ps_done(struct wave *w, const struct rdna_inst *in)
{
   (void)in;
   return end_wave(w);
}

/* s_sendmsghalt sends its message and halts: the wave ends. */
enum rdna_status exec_s_sendmsghalt(struct wave *w, const struct rdna_inst *in)
{
   (void)in;
   return end_wave(w);
}

enum rdna_status exec_s_trap(struct wave *w, const struct rdna_inst *in)
{
   return wave_fault(w, RDNA_FAULT_TRAP, -1, 0, "s_trap %u", in->operands[0].value & 0xffu);
}

/* MODE (RDNA2 ISA guide chapter 3 "Kernel State", "Mode register"): FP_ROUND in bits 3:0, FP_DENORM
 * in bits 7:4. Float behaviour that depends on them comes with the float instructions. */
enum rdna_status exec_s_round_mode(struct wave *w, const struct rdna_inst *in)
{
   uint32_t *mode = &w->hwreg[RDNA_HWREG_MODE];
   *mode = (*mode & ~0xfu) | (in->operands[0].value & 0xfu);
   return RDNA_OK;
}

enum rdna_status exec_s_denorm_mode(struct wave *w, const struct rdna_inst *in)
{
   uint32_t *mode = &w->hwreg[RDNA_HWREG_MODE];
   *mode = (*mode & ~0xf0u) | (in->operands[0].value & 0xfu) << 4;
   return RDNA_OK;
}

/* No effect on a single-wave-at-a-time interpreter: scheduling hints, cache and counter waits,
 * trace data, messages to the (absent) graphics pipeline. s_barrier is in interp/exec_sync.c.
 * s_code_end pads code; executing it is a no-op (documented choice). s_sethalt and s_setkill are
 * not modelled. */
NOP(s_nop)
NOP(s_wakeup)
NOP(s_setkill)
NOP(s_waitcnt)
NOP(s_sethalt)
NOP(s_sleep)
NOP(s_setprio)
NOP(s_sendmsg)
NOP(s_icache_inv)
NOP(s_incperflevel)
NOP(s_decperflevel)
NOP(s_ttracedata)
NOP(s_code_end)
NOP(s_inst_prefetch)
NOP(s_clause)
NOP(s_wait_idle)
NOP(s_waitcnt_depctr)
NOP(s_ttracedata_imm)
