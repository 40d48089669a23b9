/* The float lowering's core (recomp/lower_float.c): f32 and f16 values are carried as their bits
 * (f16 widened exactly to f32 bits), widened exactly to f64 in integer arithmetic, combined in
 * f64 where the combination is exact or its error is recovered exactly (TwoSum), and rounded back
 * to f32 or f16 in integer arithmetic by MODE's rounding mode and denormal flags read at run
 * time. Neither the driver's f32/f16 denormal handling nor its rounding mode can change a result;
 * NaN results are built explicitly as docs/float.md "NaN rules" state them. Modules using these
 * declare the Float64 capability. */
#ifndef RDNA_RECOMP_LOWER_FLOAT_H
#define RDNA_RECOMP_LOWER_FLOAT_H

#include "recomp/lower.h"

/* MODE's f32 fields and the IEEE / DX10_CLAMP bits of the current instruction, as run-time
 * values: round a u32 0-3, the others bools. */
struct fl_mode {
   uint32_t round, flush_in, flush_out, ieee, dx10_clamp;
};

void fl_mode_f32(struct lower *l, struct fl_mode *m);
/* The fields of an operation with sources of `src_width` (flush_in) and a result of `dst_width`
 * (round, flush_out): 32 reads MODE's f32 fields, 16 and 64 its f16/f64 fields. */
void fl_mode(struct lower *l, struct fl_mode *m, unsigned src_width, unsigned dst_width);

/* The f64 type (declared once per module, with the Float64 capability). */
uint32_t fl_type_f64(struct lower *l);
/* u64 bits <-> f64 value. */
uint32_t fl_as_f64(struct lower *l, uint32_t bits64);
uint32_t fl_as_u64(struct lower *l, uint32_t value_f64);
/* An f64 arithmetic instruction decorated NoContraction. */
uint32_t fl_f64_op(struct lower *l, SpvOp op, uint32_t x, uint32_t y);

/* ---- f32 bit predicates (u32 bits in, bool out) ------------------------------------------- */

uint32_t fl_is_nan(struct lower *l, uint32_t x);
uint32_t fl_is_snan(struct lower *l, uint32_t x);
uint32_t fl_is_inf(struct lower *l, uint32_t x);
uint32_t fl_is_zero(struct lower *l, uint32_t x); /* +0 or -0 */
uint32_t fl_is_denorm(struct lower *l, uint32_t x);
uint32_t fl_quiet(struct lower *l, uint32_t x);
/* The sign bit of x (u32 0 or 0x80000000). */
uint32_t fl_sign(struct lower *l, uint32_t x);

/* ---- widening and rounding ---------------------------------------------------------------- */

/* The f64 bits (u64) of the f32 bits x, exactly (denormals normalized, NaN payload kept). */
uint32_t fl_widen(struct lower *l, uint32_t x);
/* The f32 bits nearest (by `round`, a u32 0-3 in MODE's encoding) to the finite or infinite f64
 * whose bits are `v` (never NaN). When the f64 stands for an inexact value it must have been
 * rounded to odd (its last bit set), which makes this single rounding equal to rounding the exact
 * value. Overflow per rounding mode; a result denormal after rounding becomes a signed zero when
 * `flush_out` (bool). */
uint32_t fl_narrow(struct lower *l, uint32_t v, uint32_t round, uint32_t flush_out);
/* As fl_narrow to f32 (width 32) or f16 (width 16: the bits in the low half). */
uint32_t fl_narrow_to(struct lower *l, uint32_t v, uint32_t round, uint32_t flush_out,
                      unsigned width);
/* The f32 bits of the f16 bits x (low half), exactly (NaN payload moved to the top). */
uint32_t fl_widen16(struct lower *l, uint32_t x);
/* The bits in `width` (16 or 32) of f32 bits x holding a value of that width exactly (an f16
 * source widened, inf, zero) or a NaN (payload truncated from the top). */
uint32_t fl_from_f32(struct lower *l, uint32_t x, unsigned width);

/* ---- correctly rounded f32 operations on bits (NaN rules of docs/float.md) ----------------- */

/* a + b, a * b, a * b + c rounded once by `round` to `width` bits (32, or 16 for f16 results),
 * flushing a denormal result when `flush_out`. Sources are f32 bits (f16 sources widened
 * exactly by fl_widen16), already modified (abs/neg) and flushed. */
uint32_t fl_add(struct lower *l, uint32_t a, uint32_t b, uint32_t round, uint32_t flush_out,
                unsigned width);
uint32_t fl_mul(struct lower *l, uint32_t a, uint32_t b, uint32_t round, uint32_t flush_out,
                unsigned width);
uint32_t fl_fma(struct lower *l, uint32_t a, uint32_t b, uint32_t c, uint32_t round,
                uint32_t flush_out, unsigned width);
/* V_MIN_F32 / V_MAX_F32 on f32 bits (f16 sources widened): MODE.IEEE quiets a signalling NaN
 * source, otherwise a NaN source gives the other one; -0 is below +0 (recomp/lower_valu_float.c).
 */
uint32_t fl_min_max(struct lower *l, const struct fl_mode *m, uint32_t a, uint32_t b, bool is_max);
/* a * 2^n for a signed i32 n (u32 bits). */
uint32_t fl_ldexp(struct lower *l, uint32_t a, uint32_t n, uint32_t round, uint32_t flush_out,
                  unsigned width);

/* 1 / a, sqrt(a) and 1 / sqrt(a) of f32 bits a (f16 sources widened) correctly rounded by
 * `round` to `width` (32 or 16) bits, flushing a denormal result when `flush_out`; special
 * values as docs/float.md "Transcendentals" lists them (recomp/lower_float_trans.c). */
uint32_t fl_rcp(struct lower *l, uint32_t a, uint32_t round, uint32_t flush_out, unsigned width);
uint32_t fl_sqrt(struct lower *l, uint32_t a, uint32_t round, uint32_t flush_out, unsigned width);
uint32_t fl_rsq(struct lower *l, uint32_t a, uint32_t round, uint32_t flush_out, unsigned width);
/* 2^a, log2(a), sin(2 pi a) and cos(2 pi a) of f32 bits a (f16 sources widened) as the
 * interpreter computes them (an f64 value rounded to nearest even whatever MODE says, then
 * flushed when `flush_out`; special values of docs/float.md "Transcendentals"), through helper
 * functions emitted once per module (recomp/lower_float_trans.c). */
uint32_t fl_exp(struct lower *l, uint32_t a, uint32_t flush_out, unsigned width);
uint32_t fl_log(struct lower *l, uint32_t a, uint32_t flush_out, unsigned width);
uint32_t fl_sin(struct lower *l, uint32_t a, uint32_t flush_out, unsigned width);
uint32_t fl_cos(struct lower *l, uint32_t a, uint32_t flush_out, unsigned width);

/* ---- f64 arithmetic on u64 bits (recomp/lower_float64_arith.c) --------------------------- */

/* a + b, a * b, a * b + c and a * 2^n (n a signed i32 in u32 bits) on f64 bits, rounded once by
 * `round` (MODE encoding), a denormal result flushed to a signed zero when `flush_out`; sources
 * already modified and flushed; NaN rules of docs/float.md. */
uint32_t fl64_add(struct lower *l, uint32_t a, uint32_t b, uint32_t round, uint32_t flush_out);
uint32_t fl64_mul(struct lower *l, uint32_t a, uint32_t b, uint32_t round, uint32_t flush_out);
uint32_t fl64_fma(struct lower *l, uint32_t a, uint32_t b, uint32_t c, uint32_t round,
                  uint32_t flush_out);
uint32_t fl64_ldexp(struct lower *l, uint32_t a, uint32_t n, uint32_t round, uint32_t flush_out);
/* 1 / a and sqrt(a) correctly rounded likewise. */
uint32_t fl64_rcp(struct lower *l, uint32_t a, uint32_t round, uint32_t flush_out);
uint32_t fl64_sqrt(struct lower *l, uint32_t a, uint32_t round, uint32_t flush_out);
/* 1 / sqrt(a) by the interpreter's algorithm (faithful to 2^-62, rounded once), bit for bit. */
uint32_t fl64_rsq(struct lower *l, uint32_t a, uint32_t round, uint32_t flush_out);

/* ---- comparison --------------------------------------------------------------------------- */

/* A u32 key that orders non-NaN f32 bits as their values (both zeros give the same key). */
uint32_t fl_order_key(struct lower *l, uint32_t x);

/* ---- operands ----------------------------------------------------------------------------- */

/* Source `op` of an f32 instruction per slot: abs then neg on the bits (RDNA_MOD_ABS /
 * RDNA_MOD_NEG), then flushed to a signed zero where `flush` (bool id, 0: never) holds. */
void fl_src(struct lower *l, const struct rdna_operand *op, uint32_t flush, uint32_t out[]);
/* An f16 source `op`, source number `index` (its op_sel bit picks the high half of a VGPR), per
 * slot: abs/neg on the 16 bits, flushed where `flush` holds, returned as f32 bits (exact). */
void fl_src16(struct lower *l, const struct rdna_inst *in, const struct rdna_operand *op,
              unsigned index, uint32_t flush, uint32_t out[]);
/* The instruction's output modifiers on a result of `width` bits (RDNA2 ISA guide 6.2.2,
 * docs/float.md): omod unless output denormals are kept or MODE.IEEE is set, then clamp. */
uint32_t fl_output_mods(struct lower *l, const struct rdna_inst *in, const struct fl_mode *m,
                        uint32_t r, unsigned width);

#endif
