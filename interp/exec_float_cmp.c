/* Float compares of VOPC in f16, f32 and f64: the sixteen IEEE predicates of v_cmp_* (lane mask
 * to VCC or an SGPR / pair) and v_cmpx_* (to EXEC only, GFX10), and the class tests
 * v_cmp_class_* / v_cmpx_class_*. Lanes EXEC disables get 0 (RDNA2 ISA guide 12.8 "VOPC").
 * Sources take abs/neg (VOP3) and MODE's input flush: a flushed denormal compares equal to 0. */
#include "interp/float_valu.h"

/* The result mask of `pred` over active lanes. Sources are the instruction's src0/src1 (after
 * the sdst of v_cmp). */
static uint64_t compare_mask(struct wave *w, const struct rdna_inst *in, bool to_exec,
                             enum float_width width, bool (*pred)(enum float_order))
{
   uint64_t exec = wave_exec(w), result = 0;
   unsigned first = to_exec ? 0 : 1; /* v_cmp has its sdst first, v_cmpx none */
   struct float_src x, y;
   float_src_init(w, in, &in->operands[first], 0, width, 0, &x);
   float_src_init(w, in, &in->operands[first + 1], 1, width, 0, &y);
   for (unsigned lane = 0; lane < w->wave_size; lane++) {
      if (!((exec >> lane) & 1))
         continue;
      uint64_t a = float_src_read(w, &x, lane);
      uint64_t b = float_src_read(w, &y, lane);
      result |= (uint64_t)pred(float_compare(width, a, b)) << lane;
   }
   return result;
}

static enum rdna_status write_compare(struct wave *w, const struct rdna_inst *in, bool to_exec,
                                      uint64_t result)
{
   if (to_exec)
      wave_write_exec(w, result);
   else
      wave_write_mask(w, in->operands[0].reg, result);
   return RDNA_OK;
}

#define PREDICATE(name, expr)                  \
   static bool pred_##name(enum float_order o) \
   {                                           \
      (void)o;                                 \
      return (expr);                           \
   }

PREDICATE(f, false)
PREDICATE(lt, o == ORDER_LESS)
PREDICATE(eq, o == ORDER_EQUAL)
PREDICATE(le, o == ORDER_LESS || o == ORDER_EQUAL)
PREDICATE(gt, o == ORDER_GREATER)
PREDICATE(lg, o == ORDER_LESS || o == ORDER_GREATER)
PREDICATE(ge, o == ORDER_GREATER || o == ORDER_EQUAL)
PREDICATE(o, o != ORDER_UNORDERED)
PREDICATE(u, o == ORDER_UNORDERED)
PREDICATE(nge, !(o == ORDER_GREATER || o == ORDER_EQUAL))
PREDICATE(nlg, !(o == ORDER_LESS || o == ORDER_GREATER))
PREDICATE(ngt, o != ORDER_GREATER)
PREDICATE(nle, !(o == ORDER_LESS || o == ORDER_EQUAL))
PREDICATE(neq, o != ORDER_EQUAL)
PREDICATE(nlt, o != ORDER_LESS)
PREDICATE(tru, true)

#define FCMP(pred, type, width)                                                             \
   enum rdna_status exec_v_cmp_##pred##_##type(struct wave *w, const struct rdna_inst *in)  \
   {                                                                                        \
      return write_compare(w, in, false, compare_mask(w, in, false, width, pred_##pred));   \
   }                                                                                        \
   enum rdna_status exec_v_cmpx_##pred##_##type(struct wave *w, const struct rdna_inst *in) \
   {                                                                                        \
      return write_compare(w, in, true, compare_mask(w, in, true, width, pred_##pred));     \
   }

#define FCMP_ALL(type, width) \
   FCMP(f, type, width)       \
   FCMP(lt, type, width)      \
   FCMP(eq, type, width)      \
   FCMP(le, type, width)      \
   FCMP(gt, type, width)      \
   FCMP(lg, type, width)      \
   FCMP(ge, type, width)      \
   FCMP(o, type, width)       \
   FCMP(u, type, width)       \
   FCMP(nge, type, width)     \
   FCMP(nlg, type, width)     \
   FCMP(ngt, type, width)     \
   FCMP(nle, type, width)     \
   FCMP(neq, type, width)     \
   FCMP(nlt, type, width)     \
   FCMP(tru, type, width)

FCMP_ALL(f16, FLOAT16)
FCMP_ALL(f32, FLOAT32)
FCMP_ALL(f64, FLOAT64)

/* v_cmp_class: bit (src1 >> class(src0)) & 1 with the classes of enum float_class (guide 12.8:
 * 0 signalling NaN, 1 quiet NaN, 2 -inf, 3 -normal, 4 -denormal, 5 -0, 6 +0, 7 +denormal,
 * 8 +normal, 9 +inf). src0 is classified as written (abs/neg applied, never flushed). */
static uint64_t class_mask(struct wave *w, const struct rdna_inst *in, bool to_exec,
                           enum float_width width)
{
   uint64_t exec = wave_exec(w), result = 0;
   unsigned first = to_exec ? 0 : 1;
   struct float_src x;
   float_src_init(w, in, &in->operands[first], 0, width, FSRC_NO_FLUSH, &x);
   uint32_t buf[MAX_LANES];
   const uint32_t *masks = valu_src(w, &in->operands[first + 1], buf);
   for (unsigned lane = 0; lane < w->wave_size; lane++) {
      if (!((exec >> lane) & 1))
         continue;
      uint64_t a = float_src_read(w, &x, lane);
      result |= (uint64_t)((masks[lane] >> float_classify(width, a)) & 1u) << lane;
   }
   return result;
}

#define FCLASS(type, width)                                                              \
   enum rdna_status exec_v_cmp_class_##type(struct wave *w, const struct rdna_inst *in)  \
   {                                                                                     \
      return write_compare(w, in, false, class_mask(w, in, false, width));               \
   }                                                                                     \
   enum rdna_status exec_v_cmpx_class_##type(struct wave *w, const struct rdna_inst *in) \
   {                                                                                     \
      return write_compare(w, in, true, class_mask(w, in, true, width));                 \
   }

FCLASS(f16, FLOAT16)
FCLASS(f32, FLOAT32)
FCLASS(f64, FLOAT64)
