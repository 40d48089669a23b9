/* Vector integer compares: every v_cmp_* (lane mask to VCC or an SGPR / pair) and v_cmpx_*
 * (lane mask to EXEC; on GFX10 cmpx writes EXEC only) of the 16-, 32- and 64-bit integer types.
 * Lanes EXEC disables get 0 in the result (RDNA2 ISA guide 12.9 "VOPC Instructions": "the result
 * bit of inactive lanes is zero"), so a cmpx can only narrow EXEC. Float compares:
 * exec_valu_float.c.
 */
#include "interp/wave.h"

/* The lane mask of `cond` over active lanes: a, b are the lane's sources as `type`. */
#define VCMP(name, type, bits, cond, to_exec)                               \
   enum rdna_status exec_##name(struct wave *w, const struct rdna_inst *in) \
   {                                                                        \
      unsigned first = to_exec ? 0 : 1;                                     \
      const struct rdna_operand *x = &in->operands[first];                  \
      const struct rdna_operand *y = &in->operands[first + 1];              \
      uint32_t b0[MAX_LANES], b1[MAX_LANES];                                \
      const uint32_t *p0 = bits == 64 ? NULL : valu_src(w, x, b0);          \
      const uint32_t *p1 = bits == 64 ? NULL : valu_src(w, y, b1);          \
      uint64_t exec = wave_exec(w), result = 0;                             \
      for (unsigned lane = 0; lane < w->wave_size; lane++) {                \
         type a, b;                                                         \
         if (bits == 64) {                                                  \
            a = (type)valu_src64(w, x, lane);                               \
            b = (type)valu_src64(w, y, lane);                               \
         } else {                                                           \
            a = (type)p0[lane];                                             \
            b = (type)p1[lane];                                             \
         }                                                                  \
         (void)a;                                                           \
         (void)b;                                                           \
         result |= (uint64_t)(cond) << lane;                                \
      }                                                                     \
      result &= exec;                                                       \
      if (to_exec)                                                          \
         wave_write_exec(w, result);                                        \
      else                                                                  \
         wave_write_mask(w, in->operands[0].reg, result);                   \
      return RDNA_OK;                                                       \
   }

VCMP(v_cmp_f_i32, int32_t, 32, false, false)
VCMP(v_cmpx_f_i32, int32_t, 32, false, true)
VCMP(v_cmp_lt_i32, int32_t, 32, a < b, false)
VCMP(v_cmpx_lt_i32, int32_t, 32, a < b, true)
VCMP(v_cmp_eq_i32, int32_t, 32, a == b, false)
VCMP(v_cmpx_eq_i32, int32_t, 32, a == b, true)
VCMP(v_cmp_le_i32, int32_t, 32, a <= b, false)
VCMP(v_cmpx_le_i32, int32_t, 32, a <= b, true)
VCMP(v_cmp_gt_i32, int32_t, 32, a > b, false)
VCMP(v_cmpx_gt_i32, int32_t, 32, a > b, true)
VCMP(v_cmp_ne_i32, int32_t, 32, a != b, false)
VCMP(v_cmpx_ne_i32, int32_t, 32, a != b, true)
VCMP(v_cmp_ge_i32, int32_t, 32, a >= b, false)
VCMP(v_cmpx_ge_i32, int32_t, 32, a >= b, true)
VCMP(v_cmp_t_i32, int32_t, 32, true, false)
VCMP(v_cmpx_t_i32, int32_t, 32, true, true)
VCMP(v_cmp_f_u32, uint32_t, 32, false, false)
VCMP(v_cmpx_f_u32, uint32_t, 32, false, true)
VCMP(v_cmp_lt_u32, uint32_t, 32, a < b, false)
VCMP(v_cmpx_lt_u32, uint32_t, 32, a < b, true)
VCMP(v_cmp_eq_u32, uint32_t, 32, a == b, false)
VCMP(v_cmpx_eq_u32, uint32_t, 32, a == b, true)
VCMP(v_cmp_le_u32, uint32_t, 32, a <= b, false)
VCMP(v_cmpx_le_u32, uint32_t, 32, a <= b, true)
VCMP(v_cmp_gt_u32, uint32_t, 32, a > b, false)
VCMP(v_cmpx_gt_u32, uint32_t, 32, a > b, true)
VCMP(v_cmp_ne_u32, uint32_t, 32, a != b, false)
VCMP(v_cmpx_ne_u32, uint32_t, 32, a != b, true)
VCMP(v_cmp_ge_u32, uint32_t, 32, a >= b, false)
VCMP(v_cmpx_ge_u32, uint32_t, 32, a >= b, true)
VCMP(v_cmp_t_u32, uint32_t, 32, true, false)
VCMP(v_cmpx_t_u32, uint32_t, 32, true, true)
VCMP(v_cmp_f_i64, int64_t, 64, false, false)
VCMP(v_cmpx_f_i64, int64_t, 64, false, true)
VCMP(v_cmp_lt_i64, int64_t, 64, a < b, false)
VCMP(v_cmpx_lt_i64, int64_t, 64, a < b, true)
VCMP(v_cmp_eq_i64, int64_t, 64, a == b, false)
VCMP(v_cmpx_eq_i64, int64_t, 64, a == b, true)
VCMP(v_cmp_le_i64, int64_t, 64, a <= b, false)
VCMP(v_cmpx_le_i64, int64_t, 64, a <= b, true)
VCMP(v_cmp_gt_i64, int64_t, 64, a > b, false)
VCMP(v_cmpx_gt_i64, int64_t, 64, a > b, true)
VCMP(v_cmp_ne_i64, int64_t, 64, a != b, false)
VCMP(v_cmpx_ne_i64, int64_t, 64, a != b, true)
VCMP(v_cmp_ge_i64, int64_t, 64, a >= b, false)
VCMP(v_cmpx_ge_i64, int64_t, 64, a >= b, true)
VCMP(v_cmp_t_i64, int64_t, 64, true, false)
VCMP(v_cmpx_t_i64, int64_t, 64, true, true)
VCMP(v_cmp_f_u64, uint64_t, 64, false, false)
VCMP(v_cmpx_f_u64, uint64_t, 64, false, true)
VCMP(v_cmp_lt_u64, uint64_t, 64, a < b, false)
VCMP(v_cmpx_lt_u64, uint64_t, 64, a < b, true)
VCMP(v_cmp_eq_u64, uint64_t, 64, a == b, false)
VCMP(v_cmpx_eq_u64, uint64_t, 64, a == b, true)
VCMP(v_cmp_le_u64, uint64_t, 64, a <= b, false)
VCMP(v_cmpx_le_u64, uint64_t, 64, a <= b, true)
VCMP(v_cmp_gt_u64, uint64_t, 64, a > b, false)
VCMP(v_cmpx_gt_u64, uint64_t, 64, a > b, true)
VCMP(v_cmp_ne_u64, uint64_t, 64, a != b, false)
VCMP(v_cmpx_ne_u64, uint64_t, 64, a != b, true)
VCMP(v_cmp_ge_u64, uint64_t, 64, a >= b, false)
VCMP(v_cmpx_ge_u64, uint64_t, 64, a >= b, true)
VCMP(v_cmp_t_u64, uint64_t, 64, true, false)
VCMP(v_cmpx_t_u64, uint64_t, 64, true, true)
VCMP(v_cmp_lt_i16, int16_t, 16, a < b, false)
VCMP(v_cmpx_lt_i16, int16_t, 16, a < b, true)
VCMP(v_cmp_eq_i16, int16_t, 16, a == b, false)
VCMP(v_cmpx_eq_i16, int16_t, 16, a == b, true)
VCMP(v_cmp_le_i16, int16_t, 16, a <= b, false)
VCMP(v_cmpx_le_i16, int16_t, 16, a <= b, true)
VCMP(v_cmp_gt_i16, int16_t, 16, a > b, false)
VCMP(v_cmpx_gt_i16, int16_t, 16, a > b, true)
VCMP(v_cmp_ne_i16, int16_t, 16, a != b, false)
VCMP(v_cmpx_ne_i16, int16_t, 16, a != b, true)
VCMP(v_cmp_ge_i16, int16_t, 16, a >= b, false)
VCMP(v_cmpx_ge_i16, int16_t, 16, a >= b, true)
VCMP(v_cmp_lt_u16, uint16_t, 16, a < b, false)
VCMP(v_cmpx_lt_u16, uint16_t, 16, a < b, true)
VCMP(v_cmp_eq_u16, uint16_t, 16, a == b, false)
VCMP(v_cmpx_eq_u16, uint16_t, 16, a == b, true)
VCMP(v_cmp_le_u16, uint16_t, 16, a <= b, false)
VCMP(v_cmpx_le_u16, uint16_t, 16, a <= b, true)
VCMP(v_cmp_gt_u16, uint16_t, 16, a > b, false)
VCMP(v_cmpx_gt_u16, uint16_t, 16, a > b, true)
VCMP(v_cmp_ne_u16, uint16_t, 16, a != b, false)
VCMP(v_cmpx_ne_u16, uint16_t, 16, a != b, true)
VCMP(v_cmp_ge_u16, uint16_t, 16, a >= b, false)
VCMP(v_cmpx_ge_u16, uint16_t, 16, a >= b, true)
