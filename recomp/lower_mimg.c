/* Image lowering (MIMG): image_load, image_store and their _mip and _pck forms, the 32-bit
 * integer atomics and image_get_resinfo on linear images, with the T# read from SGPRs at run
 * time, so a descriptor chosen in a loop works like any other register value. The rules are the
 * interpreter's (docs/images.md): SW_LINEAR only, the T#'s TYPE must be the instruction's dim,
 * levels and slices in the linear layout, out-of-range texels load 0 and store nothing, a texel
 * outside guest memory faults UNMAPPED at the first such lane. Sampling is
 * recomp/lower_mimg_sample.c; what both share is declared in recomp/lower_mimg.h.
 *
 * Formats: integer and 32-bit float fields move unchanged; unorm, snorm, f16 and the 11/10-bit
 * floats of R11G11B10 convert exactly in integer arithmetic (the interpreter's correctly rounded
 * results); the _pck forms move every format's bits. Float and 64-bit atomics are not lowered. */
#include <spirv/unified1/GLSL.std.450.h>

#include "recomp/lower_mimg.h"

/* bits [lo, lo + n) of a u32 value */
static uint32_t field(struct lower *l, uint32_t v, unsigned lo, unsigned n)
{
   return bin(l, SpvOpBitwiseAnd, bin(l, SpvOpShiftRightLogical, v, c32(l, lo)),
              c32(l, (1u << n) - 1u));
}

static uint32_t umax1(struct lower *l, uint32_t v)
{
   return lw_select(l, T32, lw_nz(l, v), v, c32(l, 1));
}

/* ---- the T# and the format ---------------------------------------------------------------- */

void lw_img_read_tsharp(struct lower *l, const struct rdna_inst *in, struct tsharp_ids *t)
{
   unsigned srsrc = lw_role(in, RDNA_ROLE_srsrc)->reg;
   unsigned dwords = in->mod.flags & RDNA_FLAG_R128 ? 4 : 8;
   uint32_t d[5];
   for (unsigned k = 0; k < 5; k++)
      d[k] = k < dwords ? lw_sreg(l, srsrc + k) : c32(l, 0);
   uint32_t base = lw_pack64(l, d[0], field(l, d[1], 0, 8));
   t->base = bin64(l, SpvOpShiftLeftLogical, base, lw_u64(l, 8));
   t->min_lod = field(l, d[1], 8, 12);
   t->format = field(l, d[1], 20, 9);
   uint32_t width = bin(l, SpvOpBitwiseOr, field(l, d[1], 30, 2),
                        bin(l, SpvOpShiftLeftLogical, field(l, d[2], 0, 12), c32(l, 2)));
   t->width = bin(l, SpvOpIAdd, width, c32(l, 1));
   t->height = bin(l, SpvOpIAdd, field(l, d[2], 14, 14), c32(l, 1));
   t->dst_sel = field(l, d[3], 0, 12);
   t->base_level = field(l, d[3], 12, 4);
   t->last_level = field(l, d[3], 16, 4);
   t->sw_mode = field(l, d[3], 20, 5);
   t->type = field(l, d[3], 28, 4);
   t->depth = bin(l, SpvOpIAdd, field(l, d[4], 0, 13), c32(l, 1));
   t->base_array = field(l, d[4], 16, 13);
}

/* A format whose components have one width (8, 16 or 32 bits): signed or not, whether a load
 * converts its fields (unorm, snorm, f16) and whether its values are floats. */
struct format_row {
   uint8_t value, bits, components;
   bool is_signed, converts, is_float;
};

static unsigned row_number(const struct format_row *r)
{
   if (!r->converts)
      return MIMG_NUMBER_RAW;
   if (r->value == 13 || r->value == 29 || r->value == 71)
      return MIMG_NUMBER_F16;
   return r->is_signed ? MIMG_NUMBER_SNORM : MIMG_NUMBER_UNORM;
}

static const struct format_row format_rows[] = {
   { 1, 8, 1, false, true, true },     { 2, 8, 1, true, true, true },
   { 5, 8, 1, false, false, false },   { 6, 8, 1, true, false, false },
   { 7, 16, 1, false, true, true },    { 8, 16, 1, true, true, true },
   { 11, 16, 1, false, false, false }, { 12, 16, 1, true, false, false },
   { 13, 16, 1, false, true, true },   { 14, 8, 2, false, true, true },
   { 15, 8, 2, true, true, true },     { 18, 8, 2, false, false, false },
   { 19, 8, 2, true, false, false },   { 20, 32, 1, false, false, false },
   { 21, 32, 1, true, false, false },  { 22, 32, 1, false, false, true },
   { 23, 16, 2, false, true, true },   { 24, 16, 2, true, true, true },
   { 27, 16, 2, false, false, false }, { 28, 16, 2, true, false, false },
   { 29, 16, 2, false, true, true },   { 56, 8, 4, false, true, true },
   { 57, 8, 4, true, true, true },     { 60, 8, 4, false, false, false },
   { 61, 8, 4, true, false, false },   { 62, 32, 2, false, false, false },
   { 63, 32, 2, true, false, false },  { 64, 32, 2, false, false, true },
   { 65, 16, 4, false, true, true },   { 66, 16, 4, true, true, true },
   { 69, 16, 4, false, false, false }, { 70, 16, 4, true, false, false },
   { 71, 16, 4, false, true, true },   { 75, 32, 4, false, false, false },
   { 76, 32, 4, true, false, false },  { 77, 32, 4, false, false, true },
};

/* The formats whose fields differ in width, in one 32-bit texel (interp/image.c): 10_11_11_FLOAT
 * (R11G11B10, red in bits 10:0) and 2_10_10_10 UNORM, SNORM, UINT, SINT (RGB10A2). */
static const uint8_t r11g11b10_bits[4] = { 11, 11, 10, 0 }, r11g11b10_offset[4] = { 0, 11, 22, 0 };
static const uint8_t rgb10a2_bits[4] = { 10, 10, 10, 2 }, rgb10a2_offset[4] = { 0, 10, 20, 30 };

void lw_img_format_info(struct lower *l, uint32_t format, bool raw, struct format_ids *f)
{
   f->number = c32(l, MIMG_NUMBER_RAW);
   f->bits = c32(l, 32);
   f->components = c32(l, 1);
   f->is_signed = lw_bool(l, false);
   f->is_float = lw_bool(l, false);
   f->known = lw_bool(l, false);
   for (size_t i = 0; i < sizeof(format_rows) / sizeof(format_rows[0]); i++) {
      const struct format_row *r = &format_rows[i];
      uint32_t is = cmp(l, SpvOpIEqual, format, c32(l, r->value));
      f->bits = lw_select(l, T32, is, c32(l, r->bits), f->bits);
      f->components = lw_select(l, T32, is, c32(l, r->components), f->components);
      f->is_signed = lw_select(l, TB, is, lw_bool(l, r->is_signed), f->is_signed);
      f->is_float = lw_select(l, TB, is, lw_bool(l, r->is_float), f->is_float);
      if (!raw)
         f->number = lw_select(l, T32, is, c32(l, row_number(r)), f->number);
      f->known = or_b(l, f->known, is);
   }
   f->bytes = bin(l, SpvOpShiftRightLogical, bin(l, SpvOpIMul, f->bits, f->components), c32(l, 3));
   uint32_t is_r11 = cmp(l, SpvOpIEqual, format, c32(l, 36));
   uint32_t is_10 = lw_bool(l, false);
   for (unsigned v = 50; v <= 55; v++)
      if (v != 52 && v != 53)
         is_10 = or_b(l, is_10, cmp(l, SpvOpIEqual, format, c32(l, v)));
   uint32_t packed = or_b(l, is_r11, is_10);
   f->known = or_b(l, f->known, packed);
   f->bytes = lw_select(l, T32, packed, c32(l, 4), f->bytes);
   f->components =
      lw_select(l, T32, is_r11, c32(l, 3), lw_select(l, T32, is_10, c32(l, 4), f->components));
   uint32_t signed10 =
      or_b(l, cmp(l, SpvOpIEqual, format, c32(l, 51)), cmp(l, SpvOpIEqual, format, c32(l, 55)));
   f->is_signed = lw_select(l, TB, packed, and_b(l, is_10, signed10), f->is_signed);
   uint32_t float10 =
      or_b(l, cmp(l, SpvOpIEqual, format, c32(l, 50)), cmp(l, SpvOpIEqual, format, c32(l, 51)));
   f->is_float = lw_select(l, TB, packed, or_b(l, is_r11, float10), f->is_float);
   if (!raw) {
      uint32_t n10 = lw_select(
         l, T32, float10,
         lw_select(l, T32, signed10, c32(l, MIMG_NUMBER_SNORM), c32(l, MIMG_NUMBER_UNORM)),
         c32(l, MIMG_NUMBER_RAW));
      f->number = lw_select(l, T32, is_r11, c32(l, MIMG_NUMBER_SMALL_FLOAT),
                            lw_select(l, T32, is_10, n10, f->number));
   }
   for (unsigned c = 0; c < 4; c++) {
      uint32_t even_bits =
         lw_select(l, T32, cmp(l, SpvOpULessThan, c32(l, c), f->components), f->bits, c32(l, 0));
      f->cbits[c] = lw_select(l, T32, is_r11, c32(l, r11g11b10_bits[c]),
                              lw_select(l, T32, is_10, c32(l, rgb10a2_bits[c]), even_bits));
      f->coffset[c] = lw_select(l, T32, is_r11, c32(l, r11g11b10_offset[c]),
                                lw_select(l, T32, is_10, c32(l, rgb10a2_offset[c]),
                                          bin(l, SpvOpIMul, f->bits, c32(l, c))));
   }
}

/* ---- addresses ---------------------------------------------------------------------------- */

unsigned lw_img_dim_coords(unsigned dim)
{
   static const uint8_t n[8] = { 1, 2, 3, 3, 2, 3, 3, 4 };
   return n[dim & 7u];
}

unsigned lw_img_address_vgprs(const struct rdna_inst *in, unsigned regs[16])
{
   unsigned n = 0;
   for (unsigned i = 0; i < in->num_operands; i++) {
      const struct rdna_operand *o = &in->operands[i];
      if (o->role != RDNA_ROLE_vaddr)
         continue;
      for (unsigned k = 0; k < o->width && n < 16; k++)
         regs[n++] = o->reg - RDNA_REG_VGPR0 + k;
   }
   return n;
}

/* Component k of the address of slot `slot`: dwords, or u16 halves with a16. */
static uint32_t address_component(struct lower *l, const struct rdna_inst *in, unsigned k,
                                  unsigned slot)
{
   unsigned regs[16], n = lw_img_address_vgprs(in, regs);
   bool a16 = in->mod.flags & RDNA_FLAG_A16;
   unsigned dword = a16 ? k / 2 : k;
   if (dword >= n)
      return c32(l, 0);
   uint32_t v = lw_vgpr(l, regs[dword], slot);
   return a16 ? field(l, v, 16 * (k % 2), 16) : v;
}

uint32_t lw_img_level_extent(struct lower *l, uint32_t size, uint32_t level)
{
   return umax1(l, bin(l, SpvOpShiftRightLogical, size, level));
}

uint32_t lw_img_level_offset(struct lower *l, const struct tsharp_ids *t,
                             const struct format_ids *f, bool is_3d, uint32_t level)
{
   if (!l->img_level_offset) { /* (width, height, depth, bytes, level, is 3D) -> u64 */
      uint32_t types[6] = { T32, T32, T32, T32, T32, TB }, p[6];
      l->img_level_offset = spvb_begin_helper(l->b, T64, types, 6, p);
      uint32_t offset = lw_u64(l, 0);
      for (unsigned k = 0; k < 15; k++) {
         uint32_t kk = c32(l, k);
         uint32_t lw_ = lw_zext64(l, lw_img_level_extent(l, p[0], kk));
         uint32_t lh = lw_zext64(l, lw_img_level_extent(l, p[1], kk));
         uint32_t lp =
            lw_zext64(l, lw_select(l, T32, p[5], lw_img_level_extent(l, p[2], kk), p[2]));
         uint32_t size = bin64(l, SpvOpIMul, bin64(l, SpvOpIMul, lw_, lh),
                               bin64(l, SpvOpIMul, lp, lw_zext64(l, p[3])));
         offset = bin64(l, SpvOpIAdd, offset,
                        lw_select(l, T64, cmp(l, SpvOpULessThan, kk, p[4]), size, lw_u64(l, 0)));
      }
      spvb_end_helper(l->b, offset);
   }
   uint32_t args[7] = { l->img_level_offset, t->width, t->height, t->depth, f->bytes, level,
                        lw_bool(l, is_3d) };
   return spvb_op(l->b, SpvOpFunctionCall, T64, args, 7);
}

/* The lane's texel: its address (u64) and whether it is in range (bool), in the linear layout
 * of docs/images.md: levels from level 0 one after another, each its slices, each its rows. */
static void texel_place(struct lower *l, const struct rdna_inst *in, const struct tsharp_ids *t,
                        const struct format_ids *f, bool mip, unsigned slot, uint32_t *address,
                        uint32_t *in_range)
{
   unsigned dim = in->mod.dim, n = lw_img_dim_coords(dim);
   uint32_t v[4];
   for (unsigned k = 0; k < 4; k++)
      v[k] = k < n ? address_component(l, in, k, slot) : c32(l, 0);
   bool one_d_array = dim == 4, layered = dim == 3 || dim == 4 || dim == 5, is_3d = dim == 2;
   uint32_t x = v[0], y = one_d_array ? c32(l, 0) : v[1], z = one_d_array ? v[1] : v[2];
   uint32_t mip_level = mip ? address_component(l, in, n, slot) : c32(l, 0);
   uint32_t level = bin(l, SpvOpIAdd, t->base_level, mip_level);
   uint32_t ok = and_b(l, cmp(l, SpvOpULessThanEqual, level, t->last_level),
                       cmp(l, SpvOpULessThan, mip_level, c32(l, 16)));
   uint32_t w = lw_img_level_extent(l, t->width, level),
            h = lw_img_level_extent(l, t->height, level);
   ok = and_b(l, ok, and_b(l, cmp(l, SpvOpULessThan, x, w), cmp(l, SpvOpULessThan, y, h)));
   if (is_3d) {
      ok = and_b(l, ok, cmp(l, SpvOpULessThan, z, lw_img_level_extent(l, t->depth, level)));
   } else if (layered) {
      uint32_t slices = lw_select(l, T32, cmp(l, SpvOpUGreaterThan, t->depth, t->base_array),
                                  bin(l, SpvOpISub, t->depth, t->base_array), c32(l, 0));
      ok = and_b(l, ok, cmp(l, SpvOpULessThan, z, slices));
      z = bin(l, SpvOpIAdd, z, t->base_array);
   } else {
      z = c32(l, 0);
   }
   uint32_t offset = lw_img_level_offset(l, t, f, is_3d, level);
   uint32_t row =
      bin64(l, SpvOpIAdd, bin64(l, SpvOpIMul, lw_zext64(l, z), lw_zext64(l, h)), lw_zext64(l, y));
   uint32_t texel = bin64(l, SpvOpIAdd, bin64(l, SpvOpIMul, row, lw_zext64(l, w)), lw_zext64(l, x));
   offset = bin64(l, SpvOpIAdd, offset, bin64(l, SpvOpIMul, texel, lw_zext64(l, f->bytes)));
   *address = bin64(l, SpvOpIAdd, t->base, offset);
   *in_range = ok;
}

void lw_img_place_texel(struct lower *l, uint32_t address, uint32_t bytes, uint32_t *offset,
                        uint32_t *mapped)
{
   uint32_t b64 = lw_zext64(l, bytes), off = lw_u64(l, 0), any = lw_bool(l, false);
   for (size_t i = 0; i < l->num_regions; i++) {
      const struct lower_region *r = &l->regions[i];
      uint32_t rel = bin64(l, SpvOpISub, address, lw_u64(l, r->address));
      uint32_t size = lw_u64(l, r->size);
      uint32_t inside = and_b(l, cmp(l, SpvOpULessThan, rel, size),
                              cmp(l, SpvOpULessThanEqual, b64, bin64(l, SpvOpISub, size, rel)));
      off = lw_select(l, T64, inside, bin64(l, SpvOpIAdd, rel, lw_u64(l, r->offset)), off);
      any = or_b(l, any, inside);
   }
   *offset = lw_lo(l, off);
   *mapped = any;
}

/* Records UNMAPPED at the lowest lane whose texel no region holds; returns the uniform bool "no
 * lane faults". */
static uint32_t check_lanes(struct lower *l, const uint32_t bad[], const uint32_t address[])
{
   uint32_t lo_parts[LOWER_MAX_SLOTS], hi_parts[LOWER_MAX_SLOTS];
   for (unsigned k = 0; k < l->slots; k++) {
      lo_parts[k] = lw_lo(l, address[k]);
      hi_parts[k] = lw_hi(l, address[k]);
   }
   uint32_t mask = lw_ballot(l, bad);
   uint32_t any = lw_nz64(l, mask);
   uint32_t first = lw_select(l, T32, any, lw_lowest_lane(l, mask), c32(l, 0));
   uint32_t shown =
      lw_pack64(l, lw_read_lane(l, lo_parts, first), lw_read_lane(l, hi_parts, first));
   lw_fault(l, any, RDNA_FAULT_UNMAPPED, first, shown);
   return not_b(l, any);
}

uint32_t lw_img_word_ptr(struct lower *l, uint32_t word)
{
   if (l->memory_base)
      word = lw_op2(l, SpvOpIAdd, T32, word, l->memory_base);
   uint32_t indices[2] = { c32(l, 0), word };
   return spvb_access_chain(l->b, l->t_ptr_sb_u32, l->memory, indices, 2);
}

static uint32_t word_ptr(struct lower *l, uint32_t word)
{
   return lw_img_word_ptr(l, word);
}

uint32_t lw_img_check_descriptor(struct lower *l, const struct rdna_inst *in,
                                 const struct tsharp_ids *t, const struct format_ids *f)
{
   uint32_t bad_type = cmp(l, SpvOpINotEqual, t->type, c32(l, 8 + in->mod.dim));
   uint32_t tiled = and_b(l, not_b(l, bad_type), lw_nz(l, t->sw_mode));
   uint32_t fine = not_b(l, or_b(l, bad_type, tiled));
   uint32_t unknown = and_b(l, fine, not_b(l, f->known));
   lw_fault(l, bad_type, RDNA_FAULT_INVALID_OPERAND, 0, 0);
   lw_fault(l, tiled, RDNA_FAULT_UNSUPPORTED, 0, 0);
   lw_fault(l, unknown, RDNA_FAULT_UNSUPPORTED, 0, 0);
   return and_b(l, fine, not_b(l, unknown));
}

static enum rdna_status static_checks(struct lower *l, const struct rdna_inst *in, const char *name)
{
   if (in->mod.dim >= 6)
      return lower_unsupported(l, name, " (MSAA)");
   return RDNA_OK;
}

/* ---- loads -------------------------------------------------------------------------------- */

enum pack_mode {
   PACK_NONE,
   PACK_RAW,
   PACK_SIGN,
};

/* k / d as the nearest f32 (ties to even), k < 2^16, 0 < d < 2^16, with integer arithmetic:
 * Q = (k << 40) / d has at least 25 significant bits; its top 24 and the rest (with the
 * division's remainder as a sticky bit) round as the interpreter's correctly rounded division
 * does. */
static uint32_t ratio_to_f32(struct lower *l, uint32_t k, uint32_t d)
{
   uint32_t num = bin64(l, SpvOpShiftLeftLogical, lw_zext64(l, k), lw_u64(l, 40));
   uint32_t d64 = lw_zext64(l, d);
   uint32_t q = bin64(l, SpvOpUDiv, num, d64), r = bin64(l, SpvOpUMod, num, d64);
   uint32_t hi = lw_hi(l, q), lo = lw_lo(l, q);
   uint32_t msb_hi = lw_glsl(l, GLSLstd450FindUMsb, T32, &hi, 1);
   uint32_t msb_lo = lw_glsl(l, GLSLstd450FindUMsb, T32, &lo, 1);
   uint32_t m = lw_select(l, T32, lw_nz(l, hi), bin(l, SpvOpIAdd, msb_hi, c32(l, 32)), msb_lo);
   uint32_t sh = bin(l, SpvOpISub, m, c32(l, 23)); /* >= 1 */
   uint32_t sh64 = lw_zext64(l, sh);
   uint32_t mant = bin64(l, SpvOpShiftRightLogical, q, sh64);
   uint32_t rest =
      bin64(l, SpvOpBitwiseAnd, q,
            bin64(l, SpvOpISub, bin64(l, SpvOpShiftLeftLogical, lw_u64(l, 1), sh64), lw_u64(l, 1)));
   uint32_t half =
      bin64(l, SpvOpShiftLeftLogical, lw_u64(l, 1), bin64(l, SpvOpISub, sh64, lw_u64(l, 1)));
   uint32_t odd = lw_nz64(l, bin64(l, SpvOpBitwiseAnd, mant, lw_u64(l, 1)));
   uint32_t at_half = cmp(l, SpvOpIEqual, rest, half);
   uint32_t up = or_b(l, cmp(l, SpvOpUGreaterThan, rest, half),
                      and_b(l, at_half, or_b(l, lw_nz64(l, r), odd)));
   uint32_t mant32 = bin(l, SpvOpIAdd, lw_lo(l, mant), lw_b2u(l, up));
   /* (exponent field << 23) + mantissa with its implicit bit: a carry out of the mantissa rolls
    * into the exponent */
   uint32_t exp_field = bin(l, SpvOpIAdd, m, c32(l, 127 - 40 - 1)); /* the implicit bit adds 1 */
   uint32_t bits = bin(l, SpvOpIAdd, bin(l, SpvOpShiftLeftLogical, exp_field, c32(l, 23)), mant32);
   return lw_select(l, T32, lw_nz(l, k), bits, c32(l, 0));
}

/* binary16 to f32, exactly (NaN: quiet bit set, payload widened from the top). */
uint32_t lw_img_f16_to_f32(struct lower *l, uint32_t h)
{
   uint32_t sign =
      bin(l, SpvOpShiftLeftLogical, bin(l, SpvOpBitwiseAnd, h, c32(l, 0x8000)), c32(l, 16));
   uint32_t e = field(l, h, 10, 5), m = field(l, h, 0, 10);
   uint32_t normal =
      bin(l, SpvOpBitwiseOr,
          bin(l, SpvOpShiftLeftLogical, bin(l, SpvOpIAdd, e, c32(l, 112)), c32(l, 23)),
          bin(l, SpvOpShiftLeftLogical, m, c32(l, 13)));
   uint32_t special = bin(l, SpvOpBitwiseOr, c32(l, 0x7f800000u),
                          lw_select(l, T32, lw_nz(l, m),
                                    bin(l, SpvOpBitwiseOr, c32(l, 0x400000u),
                                        bin(l, SpvOpShiftLeftLogical, m, c32(l, 13))),
                                    c32(l, 0)));
   uint32_t p = lw_glsl(l, GLSLstd450FindUMsb, T32, &m, 1); /* denormal: m * 2^-24 */
   uint32_t denormal = bin(
      l, SpvOpBitwiseOr,
      bin(l, SpvOpShiftLeftLogical, bin(l, SpvOpIAdd, p, c32(l, 103)), c32(l, 23)),
      bin(l, SpvOpBitwiseAnd, bin(l, SpvOpShiftLeftLogical, m, bin(l, SpvOpISub, c32(l, 23), p)),
          c32(l, 0x7fffffu)));
   denormal = lw_select(l, T32, lw_nz(l, m), denormal, c32(l, 0));
   uint32_t v = lw_select(l, T32, cmp(l, SpvOpIEqual, e, c32(l, 31)), special,
                          lw_select(l, T32, lw_nz(l, e), normal, denormal));
   return bin(l, SpvOpBitwiseOr, sign, v);
}

/* An unsigned 11- or 10-bit float (5-bit exponent, bias 15, `bits` - 5 mantissa bits) widens
 * exactly to binary16: the same exponent, the mantissa shifted up. */
static uint32_t small_float_to_f32(struct lower *l, uint32_t raw, uint32_t bits)
{
   uint32_t mantissa_bits = bin(l, SpvOpISub, bits, c32(l, 5));
   uint32_t mantissa =
      bin(l, SpvOpBitwiseAnd, raw,
          bin(l, SpvOpISub, bin(l, SpvOpShiftLeftLogical, c32(l, 1), mantissa_bits), c32(l, 1)));
   uint32_t h = bin(
      l, SpvOpBitwiseOr,
      bin(l, SpvOpShiftLeftLogical, bin(l, SpvOpShiftRightLogical, raw, mantissa_bits), c32(l, 10)),
      bin(l, SpvOpShiftLeftLogical, mantissa, bin(l, SpvOpISub, c32(l, 10), mantissa_bits)));
   return lw_img_f16_to_f32(l, h);
}

/* A field of `bits` (zero-extended in `raw`) as a load returns it: unorm raw / (2^bits - 1),
 * snorm max(raw / (2^(bits-1) - 1), -1), f16 and the small floats widened, others unchanged
 * (`plain`). */
static uint32_t convert_field(struct lower *l, const struct format_ids *f, uint32_t bits,
                              uint32_t raw, uint32_t plain)
{
   uint32_t one = c32(l, 1);
   uint32_t unorm =
      ratio_to_f32(l, raw, bin(l, SpvOpISub, bin(l, SpvOpShiftLeftLogical, one, bits), one));
   /* snorm: the sign-extended value, -2^(bits-1) reading as -1 */
   uint32_t top = bin(l, SpvOpISub, bits, one);
   uint32_t max = bin(l, SpvOpISub, bin(l, SpvOpShiftLeftLogical, one, top), one);
   uint32_t negative = lw_nz(l, bin(l, SpvOpShiftRightLogical, raw, top));
   uint32_t magnitude = lw_select(
      l, T32, negative, bin(l, SpvOpISub, bin(l, SpvOpShiftLeftLogical, one, bits), raw), raw);
   uint32_t at_min = cmp(l, SpvOpUGreaterThanEqual, magnitude, max);
   uint32_t snorm = lw_select(l, T32, and_b(l, negative, at_min), c32(l, 0xbf800000u),
                              bin(l, SpvOpBitwiseOr, ratio_to_f32(l, magnitude, max),
                                  lw_select(l, T32, negative, c32(l, 0x80000000u), c32(l, 0))));
   uint32_t number = f->number;
   uint32_t v =
      lw_select(l, T32, cmp(l, SpvOpIEqual, number, c32(l, MIMG_NUMBER_UNORM)), unorm, plain);
   v = lw_select(l, T32, cmp(l, SpvOpIEqual, number, c32(l, MIMG_NUMBER_SNORM)), snorm, v);
   v = lw_select(l, T32, cmp(l, SpvOpIEqual, number, c32(l, MIMG_NUMBER_SMALL_FLOAT)),
                 small_float_to_f32(l, raw, bits), v);
   return lw_select(l, T32, cmp(l, SpvOpIEqual, number, c32(l, MIMG_NUMBER_F16)),
                    lw_img_f16_to_f32(l, raw), v);
}

/* The helper function behind lw_img_texel_component: (field bits from bit 0 with whatever lies
 * above them, the field's width (0: absent), MIMG_NUMBER_*, sign-extend (bool), the value of
 * an absent component) -> the component. */
static uint32_t decode_helper(struct lower *l)
{
   if (l->img_decode)
      return l->img_decode;
   uint32_t types[5] = { T32, T32, T32, TB, T32 }, p[5];
   l->img_decode = spvb_begin_helper(l->b, T32, types, 5, p);
   uint32_t v = p[0], present = lw_nz(l, p[1]);
   uint32_t bits = lw_select(l, T32, present, p[1], c32(l, 32));
   uint32_t shift = bin(l, SpvOpISub, c32(l, 32), bits);
   uint32_t top = bin(l, SpvOpShiftLeftLogical, v, shift);
   uint32_t zext = bin(l, SpvOpShiftRightLogical, top, shift);
   v = lw_select(l, T32, p[3], bin(l, SpvOpShiftRightArithmetic, top, shift), zext);
   struct format_ids number = { .number = p[2] };
   v = convert_field(l, &number, bits, zext, v);
   spvb_end_helper(l->b, lw_select(l, T32, present, v, p[4]));
   return l->img_decode;
}

uint32_t lw_img_texel_component(struct lower *l, const struct format_ids *f, uint32_t is_signed,
                                const uint32_t words[4], unsigned c)
{
   uint32_t bitpos = f->coffset[c];
   uint32_t index = bin(l, SpvOpShiftRightLogical, bitpos, c32(l, 5));
   uint32_t within = bin(l, SpvOpBitwiseAnd, bitpos, c32(l, 31));
   uint32_t raw = words[0];
   for (unsigned j = 1; j < 4; j++)
      raw = lw_select(l, T32, cmp(l, SpvOpIEqual, index, c32(l, j)), words[j], raw);
   uint32_t one = lw_select(l, T32, f->is_float, c32(l, 0x3f800000u), c32(l, 1));
   uint32_t args[6] = { decode_helper(l), bin(l, SpvOpShiftRightLogical, raw, within),
                        f->cbits[c],      f->number,
                        is_signed,        c == 3 ? one : c32(l, 0) };
   return spvb_op(l->b, SpvOpFunctionCall, T32, args, 6);
}

void lw_img_load_words(struct lower *l, const struct format_ids *f, uint32_t offset,
                       uint32_t words[4])
{
   uint32_t word = bin(l, SpvOpShiftRightLogical, offset, c32(l, 2));
   uint32_t shift =
      bin(l, SpvOpShiftLeftLogical, bin(l, SpvOpBitwiseAnd, offset, c32(l, 3)), c32(l, 3));
   uint32_t last =
      bin(l, SpvOpISub, umax1(l, bin(l, SpvOpShiftRightLogical, f->bytes, c32(l, 2))), c32(l, 1));
   for (unsigned j = 0; j < 4; j++) {
      uint32_t jj = c32(l, j);
      uint32_t at = lw_select(l, T32, cmp(l, SpvOpULessThanEqual, jj, last), jj, last);
      uint32_t w = spvb_load(l->b, T32, word_ptr(l, bin(l, SpvOpIAdd, word, at)));
      if (j == 0)
         w = bin(l, SpvOpShiftRightLogical, w, shift);
      words[j] = lw_select(l, T32, cmp(l, SpvOpULessThanEqual, jj, last), w, c32(l, 0));
   }
}

uint32_t lw_img_dst_sel(struct lower *l, const struct tsharp_ids *t, const uint32_t comp[4],
                        uint32_t one, unsigned c)
{
   uint32_t sel = field(l, t->dst_sel, 3 * c, 3);
   uint32_t v = lw_select(l, T32, cmp(l, SpvOpIEqual, sel, c32(l, 1)), one, c32(l, 0));
   for (unsigned s = 0; s < 4; s++)
      v = lw_select(l, T32, cmp(l, SpvOpIEqual, sel, c32(l, 4 + s)), comp[s], v);
   return v;
}

void lw_img_write_components(struct lower *l, const struct rdna_inst *in, unsigned k,
                             uint32_t write, unsigned dmask, const uint32_t value[4],
                             uint32_t is_float, bool d16)
{
   unsigned vdata = lw_role(in, RDNA_ROLE_vdata)->reg - RDNA_REG_VGPR0;
   uint32_t values[4];
   unsigned n = 0;
   for (unsigned c = 0; c < 4; c++)
      if (dmask >> c & 1) {
         values[n] = value[n];
         n++;
      }
   if (d16) { /* two per VGPR, low first: f16, or the low bits */
      for (unsigned i = 0; i < n; i++)
         values[i] = lw_select(l, T32, is_float, lw_img_f32_to_f16(l, values[i]),
                               bin(l, SpvOpBitwiseAnd, values[i], c32(l, 0xffff)));
      unsigned regs = (n + 1) / 2;
      for (unsigned r = 0; r < regs; r++) {
         uint32_t hi = 2 * r + 1 < n ? values[2 * r + 1] : c32(l, 0);
         values[r] =
            bin(l, SpvOpBitwiseOr, values[2 * r], bin(l, SpvOpShiftLeftLogical, hi, c32(l, 16)));
      }
      n = regs;
   }
   for (unsigned i = 0; i < n; i++) {
      uint32_t old = lw_vgpr(l, vdata + i, k);
      lw_vgpr_store(l, vdata + i, k, lw_select(l, T32, write, values[i], old));
   }
   if (in->mod.flags & RDNA_FLAG_TFE) {
      uint32_t old = lw_vgpr(l, vdata + n, k);
      lw_vgpr_store(l, vdata + n, k, lw_select(l, T32, write, c32(l, 0), old));
   }
}

static enum rdna_status image_load(struct lower *l, const struct rdna_inst *in, bool mip,
                                   enum pack_mode pack, const char *name)
{
   enum rdna_status st = static_checks(l, in, name);
   if (st != RDNA_OK)
      return st;
   struct tsharp_ids t;
   struct format_ids f;
   lw_img_read_tsharp(l, in, &t);
   lw_img_format_info(l, t.format, pack != PACK_NONE, &f);
   uint32_t go = lw_img_check_descriptor(l, in, &t, &f);
   uint32_t merge = lw_if_begin(l, go);
   uint32_t address[LOWER_MAX_SLOTS], enabled[LOWER_MAX_SLOTS], zero[LOWER_MAX_SLOTS],
      offset[LOWER_MAX_SLOTS], bad[LOWER_MAX_SLOTS];
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t in_range, mapped;
      texel_place(l, in, &t, &f, mip, k, &address[k], &in_range);
      uint32_t active = lw_active(l, k);
      enabled[k] = and_b(l, active, in_range);
      zero[k] = and_b(l, active, not_b(l, in_range));
      lw_img_place_texel(l, address[k], f.bytes, &offset[k], &mapped);
      bad[k] = and_b(l, enabled[k], not_b(l, mapped));
   }
   uint32_t ok = check_lanes(l, bad, address);
   uint32_t merge_ok = lw_if_begin(l, ok);
   uint32_t is_signed = pack == PACK_NONE ? f.is_signed : lw_bool(l, pack == PACK_SIGN);
   uint32_t one =
      pack == PACK_NONE ? lw_select(l, T32, f.is_float, c32(l, 0x3f800000u), c32(l, 1)) : c32(l, 1);
   struct format_ids fc = f;
   if (pack != PACK_NONE)
      fc.is_float = lw_bool(l, false);
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t temps[4];
      for (unsigned j = 0; j < 4; j++) {
         temps[j] = spvb_function_variable(l->b, l->t_ptr_u32);
         spvb_store(l->b, temps[j], c32(l, 0));
      }
      uint32_t lane_merge = lw_if_begin(l, enabled[k]);
      uint32_t loaded[4];
      lw_img_load_words(l, &f, offset[k], loaded);
      for (unsigned j = 0; j < 4; j++)
         spvb_store(l->b, temps[j], loaded[j]);
      lw_if_end(l, lane_merge);
      uint32_t words[4], comp[4];
      for (unsigned j = 0; j < 4; j++)
         words[j] = spvb_load(l->b, T32, temps[j]);
      for (unsigned c = 0; c < 4; c++)
         comp[c] = lw_img_texel_component(l, &fc, is_signed, words, c);
      uint32_t write = or_b(l, enabled[k], zero[k]);
      uint32_t values[4];
      unsigned n = 0;
      for (unsigned c = 0; c < 4; c++)
         if (in->mod.dmask >> c & 1)
            values[n++] =
               lw_select(l, T32, enabled[k], lw_img_dst_sel(l, &t, comp, one, c), c32(l, 0));
      lw_img_write_components(l, in, k, write, in->mod.dmask, values, fc.is_float,
                              in->mod.flags & RDNA_FLAG_D16);
   }
   lw_if_end(l, merge_ok);
   lw_if_end(l, merge);
   return RDNA_OK;
}

/* f32 to the nearest integer of v * d for v in (0, 1) (unorm and snorm magnitudes): the 24-bit
 * significand times d, shifted right by 23 - exponent, rounded to nearest even: the exact
 * product rounded, as the interpreter does it. */
static uint32_t scale_round(struct lower *l, uint32_t v, uint32_t d)
{
   uint32_t e_field = field(l, v, 23, 8);
   uint32_t mant = field(l, v, 0, 23);
   mant =
      lw_select(l, T32, lw_nz(l, e_field), bin(l, SpvOpBitwiseOr, mant, c32(l, 0x800000u)), mant);
   /* v = mant * 2^(max(e_field, 1) - 150) */
   uint32_t e1 = lw_select(l, T32, lw_nz(l, e_field), e_field, c32(l, 1));
   uint32_t sh = bin(l, SpvOpISub, c32(l, 150), e1); /* >= 24 for v < 1 */
   uint32_t product = bin64(l, SpvOpIMul, lw_zext64(l, mant), lw_zext64(l, d));
   uint32_t big = cmp(l, SpvOpUGreaterThanEqual, sh, c32(l, 64));
   uint32_t sh64 = lw_zext64(l, lw_select(l, T32, big, c32(l, 63), sh));
   uint32_t kept = bin64(l, SpvOpShiftRightLogical, product, sh64);
   uint32_t rest =
      bin64(l, SpvOpBitwiseAnd, product,
            bin64(l, SpvOpISub, bin64(l, SpvOpShiftLeftLogical, lw_u64(l, 1), sh64), lw_u64(l, 1)));
   uint32_t half =
      bin64(l, SpvOpShiftLeftLogical, lw_u64(l, 1), bin64(l, SpvOpISub, sh64, lw_u64(l, 1)));
   uint32_t odd = lw_nz64(l, bin64(l, SpvOpBitwiseAnd, kept, lw_u64(l, 1)));
   uint32_t up = or_b(l, cmp(l, SpvOpUGreaterThan, rest, half),
                      and_b(l, cmp(l, SpvOpIEqual, rest, half), odd));
   uint32_t r = bin(l, SpvOpIAdd, lw_lo(l, kept), lw_b2u(l, up));
   return lw_select(l, T32, big, c32(l, 0), r);
}

/* f32 to unorm/snorm of `bits` (docs/images.md "Formats"): NaN 0, clamped to [0, 1] or
 * [-1, 1], times 2^bits - 1 (2^(bits-1) - 1), rounded to nearest even; snorm in two's
 * complement. */
static uint32_t f32_to_norm(struct lower *l, uint32_t v, uint32_t bits, bool is_signed)
{
   uint32_t one = c32(l, 1);
   uint32_t magnitude = bin(l, SpvOpBitwiseAnd, v, c32(l, 0x7fffffffu));
   uint32_t nan = cmp(l, SpvOpUGreaterThan, magnitude, c32(l, 0x7f800000u));
   uint32_t negative = lw_nz(l, bin(l, SpvOpShiftRightLogical, v, c32(l, 31)));
   uint32_t d =
      is_signed
         ? bin(l, SpvOpISub, bin(l, SpvOpShiftLeftLogical, one, bin(l, SpvOpISub, bits, one)), one)
         : bin(l, SpvOpISub, bin(l, SpvOpShiftLeftLogical, one, bits), one);
   uint32_t at_least_one = cmp(l, SpvOpUGreaterThanEqual, magnitude, c32(l, 0x3f800000u));
   uint32_t r = lw_select(l, T32, at_least_one, d, scale_round(l, magnitude, d));
   r = lw_select(l, T32, nan, c32(l, 0), r);
   if (!is_signed)
      return lw_select(l, T32, negative, c32(l, 0), r);
   return lw_select(l, T32, negative, lw_op1(l, SpvOpSNegate, T32, r), r);
}

/* f32 to a float with a 5-bit exponent (bias 15) and `mb` mantissa bits, round to nearest
 * even, denormals kept, overflow to infinity: binary16 (mb 10, signed, NaN quieted with the top
 * payload bits, as the interpreter's float_convert) or the unsigned 11/10-bit floats of
 * R11G11B10 (`is_small`: negative values and -0 give 0, NaN the quiet NaN, interp/image.c). */
static uint32_t f32_to_minifloat(struct lower *l, uint32_t v, unsigned mb, bool is_small)
{
   uint32_t exp_all = c32(l, 0x1fu << mb);
   uint32_t sign =
      bin(l, SpvOpBitwiseAnd, bin(l, SpvOpShiftRightLogical, v, c32(l, 16)), c32(l, 0x8000));
   uint32_t e = field(l, v, 23, 8), m = field(l, v, 0, 23);
   uint32_t nan = and_b(l, cmp(l, SpvOpIEqual, e, c32(l, 255)), lw_nz(l, m));
   uint32_t nan_bits = is_small ? bin(l, SpvOpBitwiseOr, exp_all, c32(l, 1u << (mb - 1)))
                                : bin(l, SpvOpBitwiseOr, c32(l, 0x7e00),
                                      bin(l, SpvOpShiftRightLogical, m, c32(l, 13)));
   /* |v| = full * 2^(e - 150) with full the 24-bit significand; result units are 2^(-14 - mb) */
   uint32_t full = lw_select(l, T32, lw_nz(l, e), bin(l, SpvOpBitwiseOr, m, c32(l, 0x800000u)), m);
   /* normal results (e - 112 >= 1): shift 23 - mb; denormal ones shift (23 - mb) + (113 - e) */
   uint32_t normal = cmp(l, SpvOpUGreaterThanEqual, e, c32(l, 113));
   uint32_t sh = lw_select(l, T32, normal, c32(l, 23 - mb), bin(l, SpvOpISub, c32(l, 136 - mb), e));
   uint32_t too_small = cmp(l, SpvOpUGreaterThan, sh, c32(l, 31));
   uint32_t shc = lw_select(l, T32, too_small, c32(l, 31), sh);
   uint32_t kept = bin(l, SpvOpShiftRightLogical, full, shc);
   uint32_t rest = bin(l, SpvOpBitwiseAnd, full,
                       bin(l, SpvOpISub, bin(l, SpvOpShiftLeftLogical, c32(l, 1), shc), c32(l, 1)));
   uint32_t half = bin(l, SpvOpShiftLeftLogical, c32(l, 1), bin(l, SpvOpISub, shc, c32(l, 1)));
   uint32_t up = or_b(l, cmp(l, SpvOpUGreaterThan, rest, half),
                      and_b(l, cmp(l, SpvOpIEqual, rest, half),
                            lw_nz(l, bin(l, SpvOpBitwiseAnd, kept, c32(l, 1)))));
   kept = bin(l, SpvOpIAdd, kept, lw_b2u(l, up));
   kept = lw_select(l, T32, too_small, c32(l, 0), kept);
   /* normal: (e - 112) << mb plus kept with its implicit bit (a carry rolls on, to infinity) */
   uint32_t normal_bits =
      bin(l, SpvOpIAdd,
          bin(l, SpvOpShiftLeftLogical, bin(l, SpvOpISub, e, c32(l, 113)), c32(l, mb)), kept);
   uint32_t r = lw_select(l, T32, normal, normal_bits, kept);
   uint32_t overflow = cmp(l, SpvOpUGreaterThanEqual, e, c32(l, 143)); /* 2^16 and up, inf */
   r = lw_select(l, T32, or_b(l, overflow, cmp(l, SpvOpUGreaterThanEqual, r, exp_all)), exp_all, r);
   if (is_small) {
      uint32_t negative = or_b(l, lw_nz(l, sign), cmp(l, SpvOpIEqual, v, c32(l, 0)));
      r = lw_select(l, T32, negative, c32(l, 0), r);
      return lw_select(l, T32, nan, nan_bits, r);
   }
   r = lw_select(l, T32, nan, nan_bits, r);
   return bin(l, SpvOpBitwiseOr, sign, r);
}

uint32_t lw_img_f32_to_f16(struct lower *l, uint32_t v)
{
   return f32_to_minifloat(l, v, 10, false);
}

/* ---- stores ------------------------------------------------------------------------------- */

/* The helper function that converts a stored component: (f32 or integer value, field width,
 * MIMG_NUMBER_*, an 11-bit small float (bool; else 10-bit)) -> the field bits, unmasked:
 * unorm/snorm (f32_to_norm), f16, the small floats of R11G11B10, or the value itself. */
static uint32_t encode_helper(struct lower *l)
{
   if (l->img_encode)
      return l->img_encode;
   uint32_t types[4] = { T32, T32, T32, TB }, p[4];
   l->img_encode = spvb_begin_helper(l->b, T32, types, 4, p);
   uint32_t data = p[0], bits = p[1], number = p[2];
   uint32_t value = data;
   value = lw_select(l, T32, cmp(l, SpvOpIEqual, number, c32(l, MIMG_NUMBER_UNORM)),
                     f32_to_norm(l, data, bits, false), value);
   value = lw_select(l, T32, cmp(l, SpvOpIEqual, number, c32(l, MIMG_NUMBER_SNORM)),
                     f32_to_norm(l, data, bits, true), value);
   value = lw_select(l, T32, cmp(l, SpvOpIEqual, number, c32(l, MIMG_NUMBER_F16)),
                     lw_img_f32_to_f16(l, data), value);
   uint32_t small = lw_select(l, T32, p[3], f32_to_minifloat(l, data, 6, true),
                              f32_to_minifloat(l, data, 5, true));
   value =
      lw_select(l, T32, cmp(l, SpvOpIEqual, number, c32(l, MIMG_NUMBER_SMALL_FLOAT)), small, value);
   spvb_end_helper(l->b, value);
   return l->img_encode;
}

/* Stores write whole texels (1 to 16 bytes): the dmask VGPRs fill the components in order,
 * missing ones are 0, each converted (unorm, snorm, f16) or keeping its low `bits`. */
static enum rdna_status image_store(struct lower *l, const struct rdna_inst *in, bool mip, bool raw,
                                    const char *name)
{
   enum rdna_status st = static_checks(l, in, name);
   if (st != RDNA_OK)
      return st;
   struct tsharp_ids t;
   struct format_ids f;
   lw_img_read_tsharp(l, in, &t);
   lw_img_format_info(l, t.format, raw, &f);
   uint32_t small = cmp(l, SpvOpULessThan, f.bytes, c32(l, 4));
   uint32_t go = lw_img_check_descriptor(l, in, &t, &f);
   uint32_t merge = lw_if_begin(l, go);
   uint32_t address[LOWER_MAX_SLOTS], enabled[LOWER_MAX_SLOTS], offset[LOWER_MAX_SLOTS],
      bad[LOWER_MAX_SLOTS];
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t in_range, mapped;
      texel_place(l, in, &t, &f, mip, k, &address[k], &in_range);
      enabled[k] = and_b(l, lw_active(l, k), in_range);
      lw_img_place_texel(l, address[k], f.bytes, &offset[k], &mapped);
      bad[k] = and_b(l, enabled[k], not_b(l, mapped));
   }
   uint32_t ok = check_lanes(l, bad, address);
   uint32_t merge_ok = lw_if_begin(l, ok);
   unsigned vdata = lw_role(in, RDNA_ROLE_vdata)->reg - RDNA_REG_VGPR0;
   uint32_t mask[4];
   for (unsigned c = 0; c < 4; c++)
      mask[c] = lw_select(
         l, T32, cmp(l, SpvOpIEqual, f.cbits[c], c32(l, 32)), c32(l, 0xffffffffu),
         bin(l, SpvOpISub, bin(l, SpvOpShiftLeftLogical, c32(l, 1), f.cbits[c]), c32(l, 1)));
   uint32_t words_count = bin(l, SpvOpShiftRightLogical, f.bytes, c32(l, 2));
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t data[4];
      unsigned n = 0;
      for (unsigned c = 0; c < 4; c++) {
         if (!(in->mod.dmask >> c & 1)) {
            data[c] = c32(l, 0);
         } else if (in->mod.flags & RDNA_FLAG_D16) { /* halves: f16 widened for float formats */
            uint32_t h = field(l, lw_vgpr(l, vdata + n / 2, k), 16 * (n % 2), 16);
            data[c] = raw ? h : lw_select(l, T32, f.is_float, lw_img_f16_to_f32(l, h), h);
            n++;
         } else {
            data[c] = lw_vgpr(l, vdata + n++, k);
         }
      }
      uint32_t words[4] = { c32(l, 0), c32(l, 0), c32(l, 0), c32(l, 0) };
      for (unsigned c = 0; c < 4; c++) {
         uint32_t bitpos = f.coffset[c];
         uint32_t index = bin(l, SpvOpShiftRightLogical, bitpos, c32(l, 5));
         uint32_t within = bin(l, SpvOpBitwiseAnd, bitpos, c32(l, 31));
         uint32_t present = lw_nz(l, f.cbits[c]);
         uint32_t value = data[c];
         if (!raw) {
            uint32_t args[5] = { encode_helper(l), data[c], f.cbits[c], f.number,
                                 lw_bool(l, c < 2) };
            value = spvb_op(l->b, SpvOpFunctionCall, T32, args, 5);
         }
         uint32_t v =
            bin(l, SpvOpShiftLeftLogical, bin(l, SpvOpBitwiseAnd, value, mask[c]), within);
         v = lw_select(l, T32, present, v, c32(l, 0));
         for (unsigned j = 0; j < 4; j++)
            words[j] = bin(l, SpvOpBitwiseOr, words[j],
                           lw_select(l, T32, cmp(l, SpvOpIEqual, index, c32(l, j)), v, c32(l, 0)));
      }
      uint32_t lane_merge = lw_if_begin(l, enabled[k]);
      uint32_t word = bin(l, SpvOpShiftRightLogical, offset[k], c32(l, 2));
      for (unsigned j = 0; j < 4; j++) {
         uint32_t store_merge = lw_if_begin(l, cmp(l, SpvOpULessThan, c32(l, j), words_count));
         spvb_store(l->b, word_ptr(l, bin(l, SpvOpIAdd, word, c32(l, j))), words[j]);
         lw_if_end(l, store_merge);
      }
      /* a texel of 1 or 2 bytes: clear and set its bytes of the word with atomics, so that
       * lanes storing neighbouring texels do not lose each other's bytes */
      uint32_t small_merge = lw_if_begin(l, small);
      uint32_t shift =
         bin(l, SpvOpShiftLeftLogical, bin(l, SpvOpBitwiseAnd, offset[k], c32(l, 3)), c32(l, 3));
      uint32_t texel_mask =
         bin(l, SpvOpShiftLeftLogical,
             bin(l, SpvOpISub,
                 bin(l, SpvOpShiftLeftLogical, c32(l, 1), bin(l, SpvOpIMul, f.bytes, c32(l, 8))),
                 c32(l, 1)),
             shift);
      uint32_t ptr = word_ptr(l, word);
      uint32_t scope = c32(l, SpvScopeDevice), semantics = c32(l, 0);
      uint32_t clear[4] = { ptr, scope, semantics, lw_op1(l, SpvOpNot, T32, texel_mask) };
      spvb_op(l->b, SpvOpAtomicAnd, T32, clear, 4);
      uint32_t set[4] = { ptr, scope, semantics,
                          bin(l, SpvOpBitwiseAnd, bin(l, SpvOpShiftLeftLogical, words[0], shift),
                              texel_mask) };
      spvb_op(l->b, SpvOpAtomicOr, T32, set, 4);
      lw_if_end(l, small_merge);
      lw_if_end(l, lane_merge);
   }
   lw_if_end(l, merge_ok);
   lw_if_end(l, merge);
   return RDNA_OK;
}

/* ---- handlers ----------------------------------------------------------------------------- */

enum rdna_status lower_image_load(struct lower *l, const struct rdna_inst *in)
{
   return image_load(l, in, false, PACK_NONE, "image_load");
}

enum rdna_status lower_image_load_mip(struct lower *l, const struct rdna_inst *in)
{
   return image_load(l, in, true, PACK_NONE, "image_load_mip");
}

enum rdna_status lower_image_load_pck(struct lower *l, const struct rdna_inst *in)
{
   return image_load(l, in, false, PACK_RAW, "image_load_pck");
}

enum rdna_status lower_image_load_pck_sgn(struct lower *l, const struct rdna_inst *in)
{
   return image_load(l, in, false, PACK_SIGN, "image_load_pck_sgn");
}

enum rdna_status lower_image_load_mip_pck(struct lower *l, const struct rdna_inst *in)
{
   return image_load(l, in, true, PACK_RAW, "image_load_mip_pck");
}

enum rdna_status lower_image_load_mip_pck_sgn(struct lower *l, const struct rdna_inst *in)
{
   return image_load(l, in, true, PACK_SIGN, "image_load_mip_pck_sgn");
}

enum rdna_status lower_image_store(struct lower *l, const struct rdna_inst *in)
{
   return image_store(l, in, false, false, "image_store");
}

enum rdna_status lower_image_store_mip(struct lower *l, const struct rdna_inst *in)
{
   return image_store(l, in, true, false, "image_store_mip");
}

enum rdna_status lower_image_store_pck(struct lower *l, const struct rdna_inst *in)
{
   return image_store(l, in, false, true, "image_store_pck");
}

enum rdna_status lower_image_store_mip_pck(struct lower *l, const struct rdna_inst *in)
{
   return image_store(l, in, true, true, "image_store_mip_pck");
}

/* ---- atomics -------------------------------------------------------------------------------- */

enum image_atomic {
   IA_SWAP,
   IA_CMPSWAP,
   IA_ADD,
   IA_SUB,
   IA_SMIN,
   IA_UMIN,
   IA_SMAX,
   IA_UMAX,
   IA_AND,
   IA_OR,
   IA_XOR,
   IA_INC, /* old >= data ? 0 : old + 1 */
   IA_DEC, /* old == 0 || old > data ? data : old - 1 */
   IA_FCMPSWAP,
   IA_FMIN,
   IA_FMAX,
};

static uint32_t is_nan32(struct lower *l, uint32_t x)
{
   return cmp(l, SpvOpUGreaterThan, bin(l, SpvOpBitwiseAnd, x, c32(l, 0x7fffffffu)),
              c32(l, 0x7f800000u));
}

/* IEEE a < b on f32 bits (interp/mem.c float_less): false with a NaN or two zeros; otherwise
 * the order of keys whose unsigned order is the float order. */
static uint32_t float_less(struct lower *l, uint32_t a, uint32_t b)
{
   uint32_t sign = c32(l, 0x80000000u);
   uint32_t zeros =
      cmp(l, SpvOpIEqual,
          bin(l, SpvOpBitwiseAnd, bin(l, SpvOpBitwiseOr, a, b), c32(l, 0x7fffffffu)), c32(l, 0));
   uint32_t key[2];
   for (unsigned k = 0; k < 2; k++) {
      uint32_t x = k ? b : a;
      key[k] = lw_select(l, T32, lw_nz(l, bin(l, SpvOpBitwiseAnd, x, sign)),
                         lw_op1(l, SpvOpNot, T32, x), bin(l, SpvOpBitwiseOr, x, sign));
   }
   uint32_t ordered = not_b(l, or_b(l, or_b(l, is_nan32(l, a), is_nan32(l, b)), zeros));
   return and_b(l, ordered, cmp(l, SpvOpULessThan, key[0], key[1]));
}

/* The value an atomic without a SPIR-V instruction leaves for `old` (interp/mem.c,
 * atomic_apply): inc, dec, and the float ones (RDNA2 ISA guide, IMAGE_ATOMIC_FCMPSWAP, FMIN,
 * FMAX: IEEE comparisons, a NaN keeps memory, -0 equals +0). */
static uint32_t loop_value(struct lower *l, enum image_atomic op, uint32_t old, uint32_t data,
                           uint32_t compare)
{
   switch (op) {
   case IA_INC:
      return lw_select(l, T32, cmp(l, SpvOpUGreaterThanEqual, old, data), c32(l, 0),
                       bin(l, SpvOpIAdd, old, c32(l, 1)));
   case IA_DEC: {
      uint32_t reset =
         or_b(l, cmp(l, SpvOpIEqual, old, c32(l, 0)), cmp(l, SpvOpUGreaterThan, old, data));
      return lw_select(l, T32, reset, data, bin(l, SpvOpISub, old, c32(l, 1)));
   }
   case IA_FCMPSWAP: {
      uint32_t zeros =
         cmp(l, SpvOpIEqual,
             bin(l, SpvOpBitwiseAnd, bin(l, SpvOpBitwiseOr, old, compare), c32(l, 0x7fffffffu)),
             c32(l, 0));
      uint32_t equal = and_b(l, not_b(l, or_b(l, is_nan32(l, old), is_nan32(l, compare))),
                             or_b(l, cmp(l, SpvOpIEqual, old, compare), zeros));
      return lw_select(l, T32, equal, data, old);
   }
   case IA_FMIN:
      return lw_select(l, T32, float_less(l, data, old), data, old);
   default:
      return lw_select(l, T32, float_less(l, old, data), data, old);
   }
}

/* inc, dec and the float atomics, which SPIR-V lacks: read, compute, compare-exchange until no
 * other write came in between; returns the replaced value through `temp`. */
static void exchange_loop(struct lower *l, enum image_atomic op, uint32_t ptr, uint32_t data,
                          uint32_t compare, uint32_t temp)
{
   uint32_t scope = c32(l, SpvScopeDevice), semantics = c32(l, 0);
   uint32_t load[3] = { ptr, scope, semantics };
   spvb_store(l->b, temp, spvb_op(l->b, SpvOpAtomicLoad, T32, load, 3));
   uint32_t header = spvb_id(l->b), body = spvb_id(l->b), cont = spvb_id(l->b),
            merge = spvb_id(l->b);
   lw_branch(l, header);
   lw_label(l, header);
   spvb_loop_merge(l->b, merge, cont);
   spvb_branch(l->b, body);
   lw_label(l, body);
   uint32_t old = spvb_load(l->b, T32, temp);
   uint32_t next = loop_value(l, op, old, data, compare);
   uint32_t operands[6] = { ptr, scope, semantics, semantics, next, old };
   uint32_t seen = spvb_op(l->b, SpvOpAtomicCompareExchange, T32, operands, 6);
   spvb_store(l->b, temp, seen);
   spvb_branch_conditional(l->b, cmp(l, SpvOpIEqual, seen, old), merge, cont);
   lw_label(l, cont);
   spvb_branch(l->b, header);
   lw_label(l, merge);
}

/* 32-bit image atomics (dmask 0x1; cmpswap 0x3 {new, compare}) on R32 texels; with glc the old
 * value returns to vdata, 0 for out-of-range lanes. A T# without 32-bit texels faults
 * INVALID_OPERAND as in the interpreter. */
static enum rdna_status image_atomic(struct lower *l, const struct rdna_inst *in,
                                     enum image_atomic op, const char *name)
{
   if (in->mod.dim >= 6)
      return lower_unsupported(l, name, " (MSAA)");
   bool cmpswap = op == IA_CMPSWAP || op == IA_FCMPSWAP;
   if (in->mod.dmask != (cmpswap ? 0x3 : 0x1))
      return lower_unsupported(l, name, " (64-bit, or a dmask the interpreter rejects)");
   struct tsharp_ids t;
   struct format_ids f;
   lw_img_read_tsharp(l, in, &t);
   lw_img_format_info(l, t.format, true, &f);
   uint32_t go = lw_img_check_descriptor(l, in, &t, &f);
   uint32_t wrong = and_b(l, go,
                          or_b(l, cmp(l, SpvOpINotEqual, f.bits, c32(l, 32)),
                               cmp(l, SpvOpINotEqual, f.components, c32(l, 1))));
   lw_fault(l, wrong, RDNA_FAULT_INVALID_OPERAND, 0, 0);
   uint32_t merge = lw_if_begin(l, and_b(l, go, not_b(l, wrong)));
   uint32_t address[LOWER_MAX_SLOTS], enabled[LOWER_MAX_SLOTS], zero[LOWER_MAX_SLOTS],
      offset[LOWER_MAX_SLOTS], bad[LOWER_MAX_SLOTS];
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t in_range, mapped;
      texel_place(l, in, &t, &f, false, k, &address[k], &in_range);
      uint32_t active = lw_active(l, k);
      enabled[k] = and_b(l, active, in_range);
      zero[k] = and_b(l, active, not_b(l, in_range));
      lw_img_place_texel(l, address[k], c32(l, 4), &offset[k], &mapped);
      bad[k] = and_b(l, enabled[k], not_b(l, mapped));
   }
   uint32_t ok = check_lanes(l, bad, address);
   uint32_t merge_ok = lw_if_begin(l, ok);
   static const SpvOp ops[] = {
      [IA_SWAP] = SpvOpAtomicExchange, [IA_ADD] = SpvOpAtomicIAdd,  [IA_SUB] = SpvOpAtomicISub,
      [IA_SMIN] = SpvOpAtomicSMin,     [IA_UMIN] = SpvOpAtomicUMin, [IA_SMAX] = SpvOpAtomicSMax,
      [IA_UMAX] = SpvOpAtomicUMax,     [IA_AND] = SpvOpAtomicAnd,   [IA_OR] = SpvOpAtomicOr,
      [IA_XOR] = SpvOpAtomicXor,
   };
   unsigned vdata = lw_role(in, RDNA_ROLE_vdata)->reg - RDNA_REG_VGPR0;
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t data = lw_vgpr(l, vdata, k);
      uint32_t compare = cmpswap ? lw_vgpr(l, vdata + 1, k) : 0;
      uint32_t temp = spvb_function_variable(l->b, l->t_ptr_u32);
      spvb_store(l->b, temp, c32(l, 0));
      uint32_t lane_merge = lw_if_begin(l, enabled[k]);
      uint32_t ptr = word_ptr(l, bin(l, SpvOpShiftRightLogical, offset[k], c32(l, 2)));
      uint32_t scope = c32(l, SpvScopeDevice), semantics = c32(l, 0);
      if (op == IA_INC || op == IA_DEC || op >= IA_FCMPSWAP) {
         exchange_loop(l, op, ptr, data, compare, temp);
      } else if (op == IA_CMPSWAP) {
         uint32_t operands[6] = { ptr, scope, semantics, semantics, data, compare };
         spvb_store(l->b, temp, spvb_op(l->b, SpvOpAtomicCompareExchange, T32, operands, 6));
      } else {
         uint32_t operands[4] = { ptr, scope, semantics, data };
         spvb_store(l->b, temp, spvb_op(l->b, ops[op], T32, operands, 4));
      }
      lw_if_end(l, lane_merge);
      if (in->mod.flags & RDNA_FLAG_GLC) {
         uint32_t write = or_b(l, enabled[k], zero[k]);
         uint32_t old = lw_vgpr(l, vdata, k);
         lw_vgpr_store(l, vdata, k, lw_select(l, T32, write, spvb_load(l->b, T32, temp), old));
      }
   }
   lw_if_end(l, merge_ok);
   lw_if_end(l, merge);
   return RDNA_OK;
}

#define LOWER_IMAGE_ATOMIC(name, op)                                                       \
   enum rdna_status lower_image_atomic_##name(struct lower *l, const struct rdna_inst *in) \
   {                                                                                       \
      return image_atomic(l, in, op, "image_atomic_" #name);                               \
   }

LOWER_IMAGE_ATOMIC(swap, IA_SWAP)
LOWER_IMAGE_ATOMIC(cmpswap, IA_CMPSWAP)
LOWER_IMAGE_ATOMIC(add, IA_ADD)
LOWER_IMAGE_ATOMIC(sub, IA_SUB)
LOWER_IMAGE_ATOMIC(smin, IA_SMIN)
LOWER_IMAGE_ATOMIC(umin, IA_UMIN)
LOWER_IMAGE_ATOMIC(smax, IA_SMAX)
LOWER_IMAGE_ATOMIC(umax, IA_UMAX)
LOWER_IMAGE_ATOMIC(and, IA_AND)
LOWER_IMAGE_ATOMIC(or, IA_OR)
LOWER_IMAGE_ATOMIC(xor, IA_XOR)
LOWER_IMAGE_ATOMIC(inc, IA_INC)
LOWER_IMAGE_ATOMIC(dec, IA_DEC)
LOWER_IMAGE_ATOMIC(fcmpswap, IA_FCMPSWAP)
LOWER_IMAGE_ATOMIC(fmin, IA_FMIN)
LOWER_IMAGE_ATOMIC(fmax, IA_FMAX)

/* ---- resource query ------------------------------------------------------------------------ */

/* image_get_resinfo: {width, height, depth or slices, levels} of the view's mip level, as the
 * interpreter computes them (interp/exec_mimg.c): no memory is read. */
enum rdna_status lower_image_get_resinfo(struct lower *l, const struct rdna_inst *in)
{
   if (in->mod.dim >= 6)
      return lower_unsupported(l, "image_get_resinfo", " (MSAA)");
   struct tsharp_ids t;
   struct format_ids f;
   lw_img_read_tsharp(l, in, &t);
   lw_img_format_info(l, t.format, true, &f);
   uint32_t go = lw_img_check_descriptor(l, in, &t, &f);
   uint32_t merge = lw_if_begin(l, go);
   unsigned dim = in->mod.dim, vdata = lw_role(in, RDNA_ROLE_vdata)->reg - RDNA_REG_VGPR0;
   bool layered = dim == 3 || dim == 4 || dim == 5;
   uint32_t slices = lw_select(l, T32, cmp(l, SpvOpUGreaterThan, t.depth, t.base_array),
                               bin(l, SpvOpISub, t.depth, t.base_array), c32(l, 0));
   uint32_t levels = lw_select(
      l, T32, cmp(l, SpvOpUGreaterThanEqual, t.last_level, t.base_level),
      bin(l, SpvOpIAdd, bin(l, SpvOpISub, t.last_level, t.base_level), c32(l, 1)), c32(l, 0));
   for (unsigned k = 0; k < l->slots; k++) {
      uint32_t mip = address_component(l, in, 0, k);
      uint32_t level = bin(l, SpvOpIAdd, t.base_level, mip);
      level = lw_select(l, T32, cmp(l, SpvOpULessThan, level, c32(l, 31)), level, c32(l, 31));
      level = lw_select(l, T32, cmp(l, SpvOpULessThan, mip, c32(l, 32)), level, c32(l, 31));
      uint32_t value[4] = {
         lw_img_level_extent(l, t.width, level),
         dim == 0 || dim == 4 ? c32(l, 1) : lw_img_level_extent(l, t.height, level),
         dim == 2  ? lw_img_level_extent(l, t.depth, level)
         : layered ? slices
                   : c32(l, 1),
         levels,
      };
      uint32_t active = lw_active(l, k);
      unsigned n = 0;
      for (unsigned c = 0; c < 4; c++) {
         if (!(in->mod.dmask >> c & 1))
            continue;
         uint32_t old = lw_vgpr(l, vdata + n, k);
         lw_vgpr_store(l, vdata + n, k, lw_select(l, T32, active, value[c], old));
         n++;
      }
      if (in->mod.flags & RDNA_FLAG_TFE) {
         uint32_t old = lw_vgpr(l, vdata + n, k);
         lw_vgpr_store(l, vdata + n, k, lw_select(l, T32, active, c32(l, 0), old));
      }
   }
   lw_if_end(l, merge);
   return RDNA_OK;
}

/* The other image rows (MSAA loads, ray tracing) are not lowered yet: recompiling one fails
 * naming it; 64-bit atomics fail in image_atomic. */
UNSUPPORTED(image_msaa_load)
UNSUPPORTED(image_bvh_intersect_ray)
UNSUPPORTED(image_bvh64_intersect_ray)
