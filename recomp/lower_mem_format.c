/* Typed buffer accesses: buffer_load/store_format_* (the format from the V#, dword 3 bits 18:12,
 * read when the instruction runs) and tbuffer_load/store_format_* (MTBUF, the format in the
 * instruction), with their d16 forms (RDNA2 ISA guide 8.1, "Buffer Instructions" and "Buffer
 * Data"). The formats are the ones the interpreter converts (interp/exec_mubuf.c): one to four
 * components of 8, 16 or 32 bits, integer (UINT, SINT) or float (16_FLOAT, 32_FLOAT), the GFX10
 * unified format numbers that gfx1013 and gfx1030 share. Any other format faults UNSUPPORTED when
 * the instruction runs, as in the interpreter. */
#include <spirv/unified1/GLSL.std.450.h>

#include "recomp/lower_mem.h"

#define T32 (l->t_u32)
#define T64 (l->t_u64)
#define TB (l->t_bool)

enum component_kind {
   KIND_UINT,
   KIND_SINT,
   KIND_FLOAT,
};

/* Unified format number: component count, bits per component, kind. Numbers as llvm-mc names
 * them (format:[BUF_FMT_8_UINT] is 5, ..., BUF_FMT_32_32_32_32_FLOAT is 77). */
static const struct {
   uint8_t value, components, bits, kind;
} formats[] = {
   { 5, 1, 8, KIND_UINT },    { 6, 1, 8, KIND_SINT },    { 11, 1, 16, KIND_UINT },
   { 12, 1, 16, KIND_SINT },  { 13, 1, 16, KIND_FLOAT }, { 18, 2, 8, KIND_UINT },
   { 19, 2, 8, KIND_SINT },   { 20, 1, 32, KIND_UINT },  { 21, 1, 32, KIND_SINT },
   { 22, 1, 32, KIND_FLOAT }, { 27, 2, 16, KIND_UINT },  { 28, 2, 16, KIND_SINT },
   { 29, 2, 16, KIND_FLOAT }, { 60, 4, 8, KIND_UINT },   { 61, 4, 8, KIND_SINT },
   { 62, 2, 32, KIND_UINT },  { 63, 2, 32, KIND_SINT },  { 64, 2, 32, KIND_FLOAT },
   { 69, 4, 16, KIND_UINT },  { 70, 4, 16, KIND_SINT },  { 71, 4, 16, KIND_FLOAT },
   { 72, 3, 32, KIND_UINT },  { 73, 3, 32, KIND_SINT },  { 74, 3, 32, KIND_FLOAT },
   { 75, 4, 32, KIND_UINT },  { 76, 4, 32, KIND_SINT },  { 77, 4, 32, KIND_FLOAT },
};

#define NUM_FORMATS (sizeof(formats) / sizeof(formats[0]))

/* A format as the module sees it: u32 ids for the component count, bytes per component and
 * kind, and what the lowering knows at compile time (the MTBUF format; -1 when the V# decides),
 * so that a known format emits only its own conversions. */
struct format {
   uint32_t components, bytes, kind, supported;
   int known_bytes, known_kind;
};

static bool format_lookup(unsigned value, unsigned *index)
{
   for (unsigned i = 0; i < NUM_FORMATS; i++) {
      if (formats[i].value == value) {
         *index = i;
         return true;
      }
   }
   return false;
}

/* The V#'s format through a select chain over the table: components | bytes << 4 | kind << 8,
 * 0 for a format the table lacks. */
static void format_from_vsharp(struct lower *l, const struct rdna_inst *in, struct format *f)
{
   unsigned rsrc = lw_role(in, RDNA_ROLE_srsrc)->reg;
   uint32_t value =
      bin(l, SpvOpBitwiseAnd, bin(l, SpvOpShiftRightLogical, lw_sreg(l, rsrc + 3), c32(l, 12)),
          c32(l, 0x7f));
   uint32_t packed = c32(l, 0);
   for (unsigned i = 0; i < NUM_FORMATS; i++)
      packed = sel(l, cmp(l, SpvOpIEqual, value, c32(l, formats[i].value)),
                   c32(l, formats[i].components | (formats[i].bits / 8u) << 4 |
                             (uint32_t)formats[i].kind << 8),
                   packed);
   f->components = bin(l, SpvOpBitwiseAnd, packed, c32(l, 0xf));
   f->bytes =
      bin(l, SpvOpBitwiseAnd, bin(l, SpvOpShiftRightLogical, packed, c32(l, 4)), c32(l, 0xf));
   f->kind = bin(l, SpvOpShiftRightLogical, packed, c32(l, 8));
   f->supported = lw_nz(l, packed);
   f->known_bytes = f->known_kind = -1;
}

/* ---- f16 <-> f32, as the interpreter converts formats ------------------------------------------
 * Round to nearest even, denormals kept both ways, overflow to infinity, a NaN quieted with its
 * top payload bits kept; MODE does not apply (interp/exec_mubuf.c). */

static uint32_t f16_to_f32(struct lower *l, uint32_t h)
{
   uint32_t sign =
      bin(l, SpvOpShiftLeftLogical, bin(l, SpvOpBitwiseAnd, h, c32(l, 0x8000)), c32(l, 16));
   uint32_t exp =
      bin(l, SpvOpBitwiseAnd, bin(l, SpvOpShiftRightLogical, h, c32(l, 10)), c32(l, 0x1f));
   uint32_t mant = bin(l, SpvOpBitwiseAnd, h, c32(l, 0x3ff));
   uint32_t mant_nz = lw_nz(l, mant);
   uint32_t special = bin(l, SpvOpBitwiseOr, c32(l, 0x7f800000u),
                          sel(l, mant_nz,
                              bin(l, SpvOpBitwiseOr, c32(l, 0x400000u),
                                  bin(l, SpvOpShiftLeftLogical, mant, c32(l, 13))),
                              c32(l, 0)));
   uint32_t normal =
      bin(l, SpvOpBitwiseOr,
          bin(l, SpvOpShiftLeftLogical, bin(l, SpvOpIAdd, exp, c32(l, 112)), c32(l, 23)),
          bin(l, SpvOpShiftLeftLogical, mant, c32(l, 13)));
   /* A denormal mant * 2^-24 with its top bit at msb (0-9): exponent field 103 + msb, the
    * bits below the top one shifted up into the 10-bit field. */
   uint32_t msb = lw_glsl(l, GLSLstd450FindUMsb, T32, &mant, 1);
   uint32_t safe_msb = sel(l, mant_nz, msb, c32(l, 0));
   uint32_t fraction = bin(
      l, SpvOpBitwiseAnd,
      bin(l, SpvOpShiftLeftLogical, mant, bin(l, SpvOpISub, c32(l, 10), safe_msb)), c32(l, 0x3ff));
   uint32_t denormal =
      bin(l, SpvOpBitwiseOr,
          bin(l, SpvOpShiftLeftLogical, bin(l, SpvOpIAdd, safe_msb, c32(l, 103)), c32(l, 23)),
          bin(l, SpvOpShiftLeftLogical, fraction, c32(l, 13)));
   uint32_t exp_zero = cmp(l, SpvOpIEqual, exp, c32(l, 0));
   uint32_t magnitude = sel(l, cmp(l, SpvOpIEqual, exp, c32(l, 0x1f)), special,
                            sel(l, exp_zero, sel(l, mant_nz, denormal, c32(l, 0)), normal));
   return bin(l, SpvOpBitwiseOr, sign, magnitude);
}

static uint32_t f32_to_f16(struct lower *l, uint32_t f)
{
   uint32_t sign =
      bin(l, SpvOpBitwiseAnd, bin(l, SpvOpShiftRightLogical, f, c32(l, 16)), c32(l, 0x8000));
   uint32_t exp =
      bin(l, SpvOpBitwiseAnd, bin(l, SpvOpShiftRightLogical, f, c32(l, 23)), c32(l, 0xff));
   uint32_t mant = bin(l, SpvOpBitwiseAnd, f, c32(l, 0x7fffff));
   uint32_t nan_or_inf = bin(
      l, SpvOpBitwiseOr, c32(l, 0x7c00),
      sel(l, lw_nz(l, mant),
          bin(l, SpvOpBitwiseOr, c32(l, 0x200), bin(l, SpvOpShiftRightLogical, mant, c32(l, 13))),
          c32(l, 0)));
   /* e: the f16 exponent field, exp - 112, as a signed value. */
   uint32_t e = bin(l, SpvOpISub, exp, c32(l, 112));
   uint32_t e_positive = cmp(l, SpvOpSGreaterThan, e, c32(l, 0));
   uint32_t full = bin(l, SpvOpBitwiseOr, mant, c32(l, 0x800000));
   uint32_t shift = sel(l, e_positive, c32(l, 13), bin(l, SpvOpISub, c32(l, 14), e));
   uint32_t too_small = cmp(l, SpvOpSGreaterThan, shift, c32(l, 31));
   uint32_t sh = sel(l, too_small, c32(l, 31), shift);
   uint32_t kept = bin(l, SpvOpShiftRightLogical, full, sh);
   uint32_t rest = bin(l, SpvOpBitwiseAnd, full,
                       bin(l, SpvOpISub, bin(l, SpvOpShiftLeftLogical, c32(l, 1), sh), c32(l, 1)));
   uint32_t half = bin(l, SpvOpShiftLeftLogical, c32(l, 1), bin(l, SpvOpISub, sh, c32(l, 1)));
   uint32_t up = lw_op2(l, SpvOpLogicalOr, TB, cmp(l, SpvOpUGreaterThan, rest, half),
                        and_b(l, cmp(l, SpvOpIEqual, rest, half),
                              lw_nz(l, bin(l, SpvOpBitwiseAnd, kept, c32(l, 1)))));
   kept = bin(l, SpvOpIAdd, kept, lw_b2u(l, up));
   uint32_t normal =
      bin(l, SpvOpISub, bin(l, SpvOpIAdd, bin(l, SpvOpShiftLeftLogical, e, c32(l, 10)), kept),
          c32(l, 0x400));
   uint32_t magnitude =
      sel(l, cmp(l, SpvOpIEqual, exp, c32(l, 0xff)), nan_or_inf,
          sel(l, cmp(l, SpvOpSGreaterThanEqual, e, c32(l, 0x1f)), c32(l, 0x7c00),
              sel(l, lw_op2(l, SpvOpLogicalOr, TB, cmp(l, SpvOpIEqual, exp, c32(l, 0)), too_small),
                  c32(l, 0), sel(l, e_positive, normal, kept))));
   return bin(l, SpvOpBitwiseOr, sign, magnitude);
}

/* ---- components ------------------------------------------------------------------------------ */

static uint32_t is_kind(struct lower *l, const struct format *f, enum component_kind kind)
{
   if (f->known_kind >= 0)
      return lw_bool(l, f->known_kind == (int)kind);
   return cmp(l, SpvOpIEqual, f->kind, c32(l, kind));
}

static uint32_t is_bytes(struct lower *l, const struct format *f, unsigned bytes)
{
   if (f->known_bytes >= 0)
      return lw_bool(l, f->known_bytes == (int)bytes);
   return cmp(l, SpvOpIEqual, f->bytes, c32(l, bytes));
}

static bool may_be(const struct format *f, int bytes, int kind)
{
   return (f->known_bytes < 0 || f->known_bytes == bytes) &&
          (f->known_kind < 0 || f->known_kind == kind);
}

/* A component's register value from its raw bits (`raw`, zero above the component): 32 bits per
 * component, or with d16 16 (integers truncated, 32-bit floats narrowed to f16). */
static uint32_t component_value(struct lower *l, const struct format *f, uint32_t raw, bool d16)
{
   uint32_t bits = bin(l, SpvOpShiftLeftLogical, f->bytes, c32(l, 3));
   uint32_t up = bin(l, SpvOpISub, c32(l, 32), bits);
   uint32_t sext = bin(l, SpvOpShiftRightArithmetic, bin(l, SpvOpShiftLeftLogical, raw, up), up);
   uint32_t v = sel(l, is_kind(l, f, KIND_SINT), sext, raw);
   if (!d16) {
      if (may_be(f, 2, KIND_FLOAT))
         v = sel(l, and_b(l, is_kind(l, f, KIND_FLOAT), is_bytes(l, f, 2)), f16_to_f32(l, raw), v);
      return v;
   }
   v = bin(l, SpvOpBitwiseAnd, v, c32(l, 0xffff));
   if (may_be(f, 4, KIND_FLOAT))
      v = sel(l, and_b(l, is_kind(l, f, KIND_FLOAT), is_bytes(l, f, 4)), f32_to_f16(l, raw), v);
   return v;
}

/* The bits a store writes for a component from its register bits (`reg`: the 32-bit VGPR, or
 * with d16 the 16-bit half). */
static uint32_t component_bits(struct lower *l, const struct format *f, uint32_t reg, bool d16)
{
   uint32_t is_float = is_kind(l, f, KIND_FLOAT);
   if (!d16) {
      if (may_be(f, 2, KIND_FLOAT))
         return sel(l, and_b(l, is_float, is_bytes(l, f, 2)), f32_to_f16(l, reg), reg);
      return reg;
   }
   uint32_t v = reg;
   if (may_be(f, 4, KIND_SINT)) {
      uint32_t sext = bin(l, SpvOpShiftRightArithmetic,
                          bin(l, SpvOpShiftLeftLogical, reg, c32(l, 16)), c32(l, 16));
      v = sel(l, and_b(l, is_kind(l, f, KIND_SINT), is_bytes(l, f, 4)), sext, v);
   }
   if (may_be(f, 4, KIND_FLOAT))
      v = sel(l, and_b(l, is_float, is_bytes(l, f, 4)), f16_to_f32(l, reg), v);
   return v;
}

/* What a component the format lacks reads: 0, W 1 (1.0 for float formats, f32 or f16) (guide
 * 8.1, "Buffer Data"). */
static uint32_t missing_component(struct lower *l, const struct format *f, unsigned c, bool d16)
{
   if (c != 3)
      return c32(l, 0);
   return sel(l, is_kind(l, f, KIND_FLOAT), c32(l, d16 ? 0x3c00u : 0x3f800000u), c32(l, 1));
}

/* ---- loads and stores ------------------------------------------------------------------------ */

static uint32_t component_byte(struct lower *l, const struct format *f, uint32_t offset, unsigned c)
{
   return bin(l, SpvOpIAdd, offset, bin(l, SpvOpIMul, f->bytes, c32(l, c)));
}

static void format_load(struct lower *l, const struct format *f, const struct mem_lanes *la,
                        const struct mem_place p[], unsigned count, bool d16, unsigned vdata)
{
   uint32_t bits = bin(l, SpvOpShiftLeftLogical, f->bytes, c32(l, 3));
   uint32_t field =
      sel(l, is_bytes(l, f, 4), c32(l, 0xffffffffu),
          bin(l, SpvOpISub, bin(l, SpvOpShiftLeftLogical, c32(l, 1), bits), c32(l, 1)));
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t temps[4];
      for (unsigned c = 0; c < count; c++) {
         temps[c] = spvb_function_variable(l->b, l->t_ptr_u32);
         spvb_store(l->b, temps[c], c32(l, 0));
      }
      uint32_t lane_merge = lw_if_begin(l, la->enabled[k]);
      for (unsigned c = 0; c < count; c++) {
         /* A component the format lacks reads the first one's word, which is in range. */
         uint32_t exists = cmp(l, SpvOpULessThan, c32(l, c), f->components);
         uint32_t byte = sel(l, exists, component_byte(l, f, p[k].offset, c), p[k].offset);
         uint32_t word = spvb_load(
            l->b, T32, mem_word_ptr(l, l->memory, bin(l, SpvOpShiftRightLogical, byte, c32(l, 2))));
         uint32_t shift =
            bin(l, SpvOpShiftLeftLogical, bin(l, SpvOpBitwiseAnd, byte, c32(l, 3)), c32(l, 3));
         spvb_store(l->b, temps[c],
                    bin(l, SpvOpBitwiseAnd, bin(l, SpvOpShiftRightLogical, word, shift), field));
      }
      lw_if_end(l, lane_merge);
      uint32_t out[4] = { 0, 0, 0, 0 };
      for (unsigned c = 0; c < count; c++) {
         uint32_t exists = cmp(l, SpvOpULessThan, c32(l, c), f->components);
         uint32_t v = sel(l, exists, component_value(l, f, spvb_load(l->b, T32, temps[c]), d16),
                          missing_component(l, f, c, d16));
         v = sel(l, la->enabled[k], v, c32(l, 0)); /* out of range: every component 0 */
         if (!d16)
            out[c] = v;
         else if (c % 2 == 0)
            out[c / 2] = v;
         else
            out[c / 2] =
               bin(l, SpvOpBitwiseOr, out[c / 2], bin(l, SpvOpShiftLeftLogical, v, c32(l, 16)));
      }
      uint32_t write =
         la->zero[k] ? lw_op2(l, SpvOpLogicalOr, TB, la->enabled[k], la->zero[k]) : la->enabled[k];
      unsigned regs = d16 ? (count + 1) / 2 : count;
      for (unsigned r = 0; r < regs; r++) {
         uint32_t old = lw_vgpr(l, vdata + r, k);
         lw_vgpr_store(l, vdata + r, k, sel(l, write, out[r], old));
      }
   }
}

static void format_load_to_lds(struct lower *l, const struct format *f, const struct mem_lanes *la,
                               const struct mem_place p[], const struct rdna_inst *in)
{
   uint32_t bits = bin(l, SpvOpShiftLeftLogical, f->bytes, c32(l, 3));
   uint32_t field =
      sel(l, is_bytes(l, f, 4), c32(l, 0xffffffffu),
          bin(l, SpvOpISub, bin(l, SpvOpShiftLeftLogical, c32(l, 1), bits), c32(l, 1)));
   uint32_t values[LOWER_MAX_SLOTS];
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t temp = spvb_function_variable(l->b, l->t_ptr_u32);
      spvb_store(l->b, temp, c32(l, 0));
      uint32_t lane_merge = lw_if_begin(l, la->enabled[k]);
      uint32_t word = spvb_load(
         l->b, T32,
         mem_word_ptr(l, l->memory, bin(l, SpvOpShiftRightLogical, p[k].offset, c32(l, 2))));
      uint32_t shift =
         bin(l, SpvOpShiftLeftLogical, bin(l, SpvOpBitwiseAnd, p[k].offset, c32(l, 3)), c32(l, 3));
      spvb_store(l->b, temp,
                 bin(l, SpvOpBitwiseAnd, bin(l, SpvOpShiftRightLogical, word, shift), field));
      lw_if_end(l, lane_merge);
      values[k] = component_value(l, f, spvb_load(l->b, T32, temp), false);
   }
   mem_write_lds_dwords(l, in, la, values);
}

/* One component's bits at byte `byte` of guest memory: a dword is stored; a byte or short is
 * cleared and set with atomics, so that lanes writing neighbouring bytes keep each other's. */
static void store_component(struct lower *l, const struct format *f, uint32_t byte, uint32_t v)
{
   uint32_t ptr = mem_word_ptr(l, l->memory, bin(l, SpvOpShiftRightLogical, byte, c32(l, 2)));
   if (f->known_bytes == 4) {
      spvb_store(l->b, ptr, v);
      return;
   }
   uint32_t merge = 0;
   if (f->known_bytes < 0) {
      uint32_t dword = spvb_id(l->b), narrow = spvb_id(l->b), whole = is_bytes(l, f, 4);
      merge = spvb_id(l->b);
      lw_selection_merge(l, merge);
      spvb_branch_conditional(l->b, whole, dword, narrow);
      lw_label(l, dword);
      spvb_store(l->b, ptr, v);
      lw_branch(l, merge);
      lw_label(l, narrow);
   }
   uint32_t bits = bin(l, SpvOpShiftLeftLogical, f->bytes, c32(l, 3));
   uint32_t field = bin(l, SpvOpISub, bin(l, SpvOpShiftLeftLogical, c32(l, 1), bits), c32(l, 1));
   uint32_t shift =
      bin(l, SpvOpShiftLeftLogical, bin(l, SpvOpBitwiseAnd, byte, c32(l, 3)), c32(l, 3));
   uint32_t mask = bin(l, SpvOpShiftLeftLogical, field, shift);
   uint32_t set = bin(l, SpvOpShiftLeftLogical, bin(l, SpvOpBitwiseAnd, v, field), shift);
   uint32_t scope = c32(l, SpvScopeDevice), semantics = c32(l, 0);
   uint32_t clear_ops[4] = { ptr, scope, semantics, lw_op1(l, SpvOpNot, T32, mask) };
   spvb_op(l->b, SpvOpAtomicAnd, T32, clear_ops, 4);
   uint32_t set_ops[4] = { ptr, scope, semantics, set };
   spvb_op(l->b, SpvOpAtomicOr, T32, set_ops, 4);
   if (merge)
      lw_if_end(l, merge);
}

/* A store writes the components the format and the instruction both have; where lanes write
 * the same bytes the highest lane's stay (mem_covered_by_higher_lane). */
static void format_store(struct lower *l, const struct format *f, const struct mem_lanes *la,
                         const struct mem_place p[], uint32_t total, unsigned count, bool d16,
                         unsigned vdata)
{
   uint32_t offsets[4], covered[4][LOWER_MAX_SLOTS], no_private[LOWER_MAX_SLOTS] = { 0 };
   for (unsigned c = 0; c < count; c++)
      offsets[c] = lw_zext64(l, bin(l, SpvOpIMul, f->bytes, c32(l, c)));
   mem_covered_by_higher_lane(l, la, no_private, lw_zext64(l, total), count, offsets, covered);
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t values[4];
      for (unsigned c = 0; c < count; c++) {
         uint32_t reg = lw_vgpr(l, vdata + (d16 ? c / 2 : c), k);
         if (d16)
            reg = bin(l, SpvOpBitwiseAnd, bin(l, SpvOpShiftRightLogical, reg, c32(l, 16 * (c & 1))),
                      c32(l, 0xffff));
         values[c] = component_bits(l, f, reg, d16);
      }
      uint32_t writes[4];
      for (unsigned c = 0; c < count; c++)
         writes[c] = and_b(l, and_b(l, la->enabled[k], not_b(l, covered[c][k])),
                           cmp(l, SpvOpULessThan, c32(l, c), f->components));
      for (unsigned c = 0; c < count; c++) {
         uint32_t merge = lw_if_begin(l, writes[c]);
         store_component(l, f, component_byte(l, f, p[k].offset, c), values[c]);
         lw_if_end(l, merge);
      }
   }
}

/* A format access of `count` components (guide 8.1): the format first (an unknown one faults
 * UNSUPPORTED before any address is checked, as in the interpreter), then the range check of
 * the whole element (components * bytes), the alignment to one component, the first faulting
 * lane. With d16 two components share a VGPR (x in bits 15:0, y in 31:16) and a load writes 0
 * to the high half of a last VGPR holding one component. */
static enum rdna_status format_access(struct lower *l, const struct rdna_inst *in, bool typed,
                                      unsigned count, bool store, bool d16)
{
   struct format f;
   if (typed) {
      unsigned i;
      if (!format_lookup(in->mod.format, &i)) {
         lw_fault(l, 0, RDNA_FAULT_UNSUPPORTED, 0, 0);
         return RDNA_OK;
      }
      f.components = c32(l, formats[i].components);
      f.bytes = c32(l, formats[i].bits / 8u);
      f.kind = c32(l, formats[i].kind);
      f.supported = 0;
      f.known_bytes = formats[i].bits / 8;
      f.known_kind = formats[i].kind;
   } else {
      format_from_vsharp(l, in, &f);
   }
   uint32_t total = bin(l, SpvOpIMul, f.components, f.bytes);
   struct mem_lanes la;
   uint32_t ok;
   enum rdna_status st = mem_buffer_lanes(l, in, lw_zext64(l, total), &la, &ok);
   if (st != RDNA_OK)
      return st;
   uint32_t format_merge = 0;
   if (f.supported) {
      lw_fault(l, not_b(l, f.supported), RDNA_FAULT_UNSUPPORTED, 0, 0);
      format_merge = lw_if_begin(l, f.supported);
   }
   struct mem_place p[LOWER_MAX_SLOTS];
   uint32_t placed = mem_place_global_lanes(l, &la, total, f.bytes, p);
   uint32_t merge = lw_if_begin(l, and_b(l, ok, placed));
   unsigned vdata = lw_role(in, RDNA_ROLE_vdata)->reg - RDNA_REG_VGPR0;
   if (in->mod.flags & RDNA_FLAG_LDS) {
      /* buffer_load_format_x, the only format row with the lds bit: X as 32 bits */
      if (!store && mem_lds_allowed(l, in))
         format_load_to_lds(l, &f, &la, p, in);
      else if (store)
         lw_fault(l, 0, RDNA_FAULT_INVALID_OPERAND, 0, 0);
   } else if (store)
      format_store(l, &f, &la, p, total, count, d16, vdata);
   else
      format_load(l, &f, &la, p, count, d16, vdata);
   if (!store && (in->mod.flags & RDNA_FLAG_TFE))
      mem_write_tfe_status(l, &la, vdata + (d16 ? (count + 1) / 2 : count));
   lw_if_end(l, merge);
   if (format_merge)
      lw_if_end(l, format_merge);
   return RDNA_OK;
}

#define FORMAT_ROW(name, typed, count, store, d16)                            \
   enum rdna_status lower_##name(struct lower *l, const struct rdna_inst *in) \
   {                                                                          \
      return format_access(l, in, typed, count, store, d16);                  \
   }

FORMAT_ROW(buffer_load_format_x, false, 1, false, false)
FORMAT_ROW(buffer_load_format_xy, false, 2, false, false)
FORMAT_ROW(buffer_load_format_xyz, false, 3, false, false)
FORMAT_ROW(buffer_load_format_xyzw, false, 4, false, false)
FORMAT_ROW(buffer_store_format_x, false, 1, true, false)
FORMAT_ROW(buffer_store_format_xy, false, 2, true, false)
FORMAT_ROW(buffer_store_format_xyz, false, 3, true, false)
FORMAT_ROW(buffer_store_format_xyzw, false, 4, true, false)
FORMAT_ROW(buffer_load_format_d16_x, false, 1, false, true)
FORMAT_ROW(buffer_load_format_d16_xy, false, 2, false, true)
FORMAT_ROW(buffer_load_format_d16_xyz, false, 3, false, true)
FORMAT_ROW(buffer_load_format_d16_xyzw, false, 4, false, true)
FORMAT_ROW(buffer_store_format_d16_x, false, 1, true, true)
FORMAT_ROW(buffer_store_format_d16_xy, false, 2, true, true)
FORMAT_ROW(buffer_store_format_d16_xyz, false, 3, true, true)
FORMAT_ROW(buffer_store_format_d16_xyzw, false, 4, true, true)
FORMAT_ROW(tbuffer_load_format_x, true, 1, false, false)
FORMAT_ROW(tbuffer_load_format_xy, true, 2, false, false)
FORMAT_ROW(tbuffer_load_format_xyz, true, 3, false, false)
FORMAT_ROW(tbuffer_load_format_xyzw, true, 4, false, false)
FORMAT_ROW(tbuffer_store_format_x, true, 1, true, false)
FORMAT_ROW(tbuffer_store_format_xy, true, 2, true, false)
FORMAT_ROW(tbuffer_store_format_xyz, true, 3, true, false)
FORMAT_ROW(tbuffer_store_format_xyzw, true, 4, true, false)
FORMAT_ROW(tbuffer_load_format_d16_x, true, 1, false, true)
FORMAT_ROW(tbuffer_load_format_d16_xy, true, 2, false, true)
FORMAT_ROW(tbuffer_load_format_d16_xyz, true, 3, false, true)
FORMAT_ROW(tbuffer_load_format_d16_xyzw, true, 4, false, true)
FORMAT_ROW(tbuffer_store_format_d16_x, true, 1, true, true)
FORMAT_ROW(tbuffer_store_format_d16_xy, true, 2, true, true)
FORMAT_ROW(tbuffer_store_format_d16_xyz, true, 3, true, true)
FORMAT_ROW(tbuffer_store_format_d16_xyzw, true, 4, true, true)
