/* Operands shared by every format: source codes to operands (decode), operands to text
 * (print, llvm-mc's rules for registers, inline constants and literals by type), and parsed
 * operands to encoded operands (fit: register files, widths, inline constants, literals). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "isa_internal.h"

/* ---- text buffer -------------------------------------------------------------------------- */

void sb_init(struct strbuf *sb, char *buf, size_t size)
{
   sb->buf = buf;
   sb->size = size;
   sb->len = 0;
   if (buf && size)
      buf[0] = '\0';
}

void sb_puts(struct strbuf *sb, const char *s)
{
   size_t n = strlen(s);
   if (sb->buf && sb->len + 1 < sb->size) {
      size_t room = sb->size - sb->len - 1;
      size_t copy = n < room ? n : room;
      memcpy(sb->buf + sb->len, s, copy);
      sb->buf[sb->len + copy] = '\0';
   }
   sb->len += n;
}

void sb_putc(struct strbuf *sb, char c)
{
   char s[2] = { c, '\0' };
   sb_puts(sb, s);
}

void sb_printf(struct strbuf *sb, const char *fmt, ...)
{
   char tmp[256];
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(tmp, sizeof(tmp), fmt, ap);
   va_end(ap);
   sb_puts(sb, tmp);
}

/* ---- constants ---------------------------------------------------------------------------- */

/* Codes 240..248 and their values in each float width. The 1/(2*pi) constant is the value
 * llvm-mc names 0.15915494 (f16/f32) and 0.15915494309189532 (f64). */
static const uint16_t inline_f16[9] = { 0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000,
                                        0xc000, 0x4400, 0xc400, 0x3118 };
static const uint32_t inline_f32[9] = { 0x3f000000, 0xbf000000, 0x3f800000, 0xbf800000, 0x40000000,
                                        0xc0000000, 0x40800000, 0xc0800000, 0x3e22f983 };
static const uint64_t inline_f64[9] = {
   0x3fe0000000000000, 0xbfe0000000000000, 0x3ff0000000000000,
   0xbff0000000000000, 0x4000000000000000, 0xc000000000000000,
   0x4010000000000000, 0xc010000000000000, 0x3fc45f306dc9c882
};
static const char *const inline_float_text[9] = { "0.5",  "-0.5", "1.0",  "-1.0",      "2.0",
                                                  "-2.0", "4.0",  "-4.0", "0.15915494" };

static const char *special_source_name(unsigned code)
{
   switch (code) {
   case RDNA_REG_SHARED_BASE:
      return "src_shared_base";
   case RDNA_REG_SHARED_LIMIT:
      return "src_shared_limit";
   case RDNA_REG_PRIVATE_BASE:
      return "src_private_base";
   case RDNA_REG_PRIVATE_LIMIT:
      return "src_private_limit";
   case RDNA_REG_POPS_EXITING_WAVE_ID:
      return "src_pops_exiting_wave_id";
   case RDNA_REG_VCCZ:
      return "src_vccz";
   case RDNA_REG_EXECZ:
      return "src_execz";
   case RDNA_REG_SCC:
      return "src_scc";
   case RDNA_REG_LDS_DIRECT:
      return "src_lds_direct";
   default:
      return NULL;
   }
}

static bool is_inline_code(unsigned code)
{
   return (code >= RDNA_REG_CONST_ZERO && code <= 208) ||
          (code >= RDNA_REG_CONST_HALF && code <= RDNA_REG_CONST_INV2PI);
}

/* ---- decoding ----------------------------------------------------------------------------- */

enum rdna_status isa_vfail(struct rdna_diag *diag, enum rdna_status status, unsigned line,
                           unsigned column, const char *fmt, va_list ap)
{
   if (diag) {
      diag->status = status;
      diag->offset = 0;
      diag->line = line;
      diag->column = column;
      vsnprintf(diag->message, sizeof(diag->message), fmt, ap);
   }
   return status;
}

enum rdna_status decode_fail(struct decode_ctx *ctx, enum rdna_status status, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   isa_vfail(ctx->diag, status, 0, 0, fmt, ap);
   va_end(ap);
   return status;
}

enum rdna_status decode_word(struct decode_ctx *ctx, unsigned index, uint32_t *word)
{
   size_t at = (size_t)index * 4;
   if (at + 4 > ctx->size)
      return decode_fail(ctx, RDNA_TRUNCATED, "instruction needs %u bytes, %zu available",
                         (index + 1) * 4, ctx->size);
   const uint8_t *p = ctx->bytes + at;
   *word = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
   return RDNA_OK;
}

void decode_register(struct decode_ctx *ctx, unsigned code, const struct op_slot *slot,
                     struct rdna_operand *operand)
{
   unsigned width = type_width(slot->type, ctx->config->wave_size);
   if (width == 0)
      width = 1;
   /* llvm-mc decodes a misaligned scalar tuple to the aligned one containing it: pairs align to
    * 2, wider tuples to 4 (SGPRs and TTMPs alike). */
   if (code < RDNA_REG_M0 && width > 1) {
      unsigned base =
         code >= RDNA_REG_TTMP0 ? RDNA_REG_TTMP0 : (code >= RDNA_REG_VCC_LO ? code : 0);
      unsigned align = width == 2 ? 2 : 4;
      if (code < RDNA_REG_VCC_LO || code >= RDNA_REG_TTMP0)
         code = base + (code - base) / align * align;
   }
   operand->reg = (uint16_t)code;
   operand->width = (uint8_t)width;
   operand->role = slot->role;
   operand->type = slot->type;
   operand->mods = 0;
   operand->value = 0;
}

void decode_immediate(uint32_t value, const struct op_slot *slot, struct rdna_operand *operand)
{
   operand->reg = RDNA_REG_IMM;
   operand->width = 0;
   operand->role = slot->role;
   operand->type = slot->type;
   operand->mods = 0;
   operand->value = value;
}

/* Whether a scalar source code is valid for an operand of `width` registers. */
static bool source_code_valid(unsigned code, unsigned width)
{
   if (code >= RDNA_REG_VGPR0)
      return code - RDNA_REG_VGPR0 + width <= 256;
   /* Scalar tuples are aligned first (see decode_register) and must end inside their file. */
   unsigned align = width <= 1 ? 1 : (width == 2 ? 2 : 4);
   if (code <= 105)
      return code / align * align + width <= 106;
   if (code == RDNA_REG_VCC_LO || code == RDNA_REG_EXEC_LO)
      return width <= 2;
   if (code == RDNA_REG_VCC_HI || code == RDNA_REG_EXEC_HI || code == RDNA_REG_M0)
      return width == 1;
   if (code >= RDNA_REG_TTMP0 && code < RDNA_REG_TTMP0 + 16)
      return (code - RDNA_REG_TTMP0) / align * align + width <= 16;
   if (code == RDNA_REG_NULL)
      return true;
   if (is_inline_code(code) || code == RDNA_REG_LITERAL)
      return true;
   if (code >= RDNA_REG_SHARED_BASE && code <= RDNA_REG_POPS_EXITING_WAVE_ID)
      return true;
   if (code >= RDNA_REG_VCCZ && code <= RDNA_REG_SCC)
      return true;
   /* llvm-mc decodes lds_direct only as a 32-bit source. */
   if (code == RDNA_REG_LDS_DIRECT)
      return width == 1;
   return false;
}

enum rdna_status decode_source(struct decode_ctx *ctx, unsigned code, const struct op_slot *slot,
                               struct rdna_operand *operand)
{
   unsigned width = type_width(slot->type, ctx->config->wave_size);
   if (!source_code_valid(code, width ? width : 1))
      return decode_fail(ctx, RDNA_INVALID_ENCODING, "source code %u is not valid for a %s %s",
                         code, type_name(slot->type), role_name(slot->role));
   /* llvm-mc prints a constant in a register-only slot as an invalid immediate; it cannot be
    * assembled back, so it is no instruction. (src_* specials do decode there.) */
   if (slot->flags & SLOT_REG && (is_inline_code(code) || code == RDNA_REG_LITERAL))
      return decode_fail(ctx, RDNA_INVALID_ENCODING, "%s of this instruction takes a register",
                         role_name(slot->role));
   decode_register(ctx, code, slot, operand);
   if (code == RDNA_REG_LITERAL) {
      if (!ctx->literal_used) {
         enum rdna_status st = decode_word(ctx, ctx->words_used, &ctx->literal);
         if (st != RDNA_OK)
            return st;
         ctx->literal_used = true;
      }
      operand->value = ctx->literal;
   }
   return RDNA_OK;
}

enum rdna_status decode_finish(struct decode_ctx *ctx, struct rdna_inst *inst)
{
   unsigned words = ctx->words_used + (ctx->literal_used ? 1u : 0u);
   if ((size_t)words * 4 > ctx->size)
      return decode_fail(ctx, RDNA_TRUNCATED, "instruction needs %u bytes, %zu available",
                         words * 4, ctx->size);
   inst->size = (uint8_t)(words * 4);
   return RDNA_OK;
}

/* ---- printing ----------------------------------------------------------------------------- */

void print_register(struct strbuf *sb, unsigned reg, unsigned width)
{
   if (width == 0)
      width = 1;
   if (reg >= RDNA_REG_VGPR0 && reg < RDNA_REG_IMM) {
      unsigned v = reg - RDNA_REG_VGPR0;
      if (width == 1)
         sb_printf(sb, "v%u", v);
      else
         sb_printf(sb, "v[%u:%u]", v, v + width - 1);
      return;
   }
   if (reg <= 105) {
      if (width == 1)
         sb_printf(sb, "s%u", reg);
      else
         sb_printf(sb, "s[%u:%u]", reg, reg + width - 1);
      return;
   }
   if (reg >= RDNA_REG_TTMP0 && reg < RDNA_REG_TTMP0 + 16) {
      unsigned t = reg - RDNA_REG_TTMP0;
      if (width == 1)
         sb_printf(sb, "ttmp%u", t);
      else
         sb_printf(sb, "ttmp[%u:%u]", t, t + width - 1);
      return;
   }
   switch (reg) {
   case RDNA_REG_VCC_LO:
      sb_puts(sb, width == 2 ? "vcc" : "vcc_lo");
      return;
   case RDNA_REG_VCC_HI:
      sb_puts(sb, "vcc_hi");
      return;
   case RDNA_REG_EXEC_LO:
      sb_puts(sb, width == 2 ? "exec" : "exec_lo");
      return;
   case RDNA_REG_EXEC_HI:
      sb_puts(sb, "exec_hi");
      return;
   case RDNA_REG_M0:
      sb_puts(sb, "m0");
      return;
   case RDNA_REG_NULL:
      sb_puts(sb, "null");
      return;
   case RDNA_REG_OFF:
      sb_puts(sb, "off");
      return;
   default:
      break;
   }
   const char *special = special_source_name(reg);
   sb_puts(sb, special ? special : "/*invalid register*/");
}

static void print_inline_constant(struct strbuf *sb, unsigned code, unsigned type)
{
   if (code <= 192) {
      sb_printf(sb, "%u", code - RDNA_REG_CONST_ZERO);
   } else if (code <= 208) {
      sb_printf(sb, "-%u", code - 192);
   } else if (code == RDNA_REG_CONST_INV2PI && type_bits(type) == 64) {
      sb_puts(sb, "0.15915494309189532");
   } else {
      sb_puts(sb, inline_float_text[code - RDNA_REG_CONST_HALF]);
   }
}

/* llvm-mc prints a literal that equals an inline constant of the operand's type as that
 * constant; 16-bit operands show only the low half of the literal dword. */
static void print_literal(struct strbuf *sb, uint32_t value, unsigned type)
{
   unsigned bits = type_bits(type);
   if (bits == 16) {
      uint16_t lo = (uint16_t)value;
      int16_t s = (int16_t)lo;
      if (s >= -16 && s <= 64) {
         sb_printf(sb, "%d", s);
         return;
      }
      for (unsigned i = 0; i < 9; i++) {
         if (value == inline_f16[i]) {
            sb_puts(sb, inline_float_text[i]);
            return;
         }
      }
      sb_printf(sb, "0x%x", lo);
      return;
   }
   if (bits == 64) {
      /* A 64-bit float operand's literal is the high dword; integers are zero-extended. */
      uint64_t v = type_is_float(type) ? (uint64_t)value << 32 : value;
      if ((int64_t)v >= -16 && (int64_t)v <= 64) {
         sb_printf(sb, "%d", (int)(int64_t)v);
         return;
      }
      for (unsigned i = 0; i < 9; i++) {
         if (v == inline_f64[i]) {
            sb_puts(sb, i == 8 ? "0.15915494309189532" : inline_float_text[i]);
            return;
         }
      }
      sb_printf(sb, "0x%x", value);
      return;
   }
   int32_t s = (int32_t)value;
   if (s >= -16 && s <= 64) {
      sb_printf(sb, "%d", s);
      return;
   }
   for (unsigned i = 0; i < 9; i++) {
      if (value == inline_f32[i]) {
         sb_puts(sb, inline_float_text[i]);
         return;
      }
   }
   sb_printf(sb, "0x%x", value);
}

static void print_operand_core(struct strbuf *sb, const struct rdna_operand *o)
{
   if (o->reg == RDNA_REG_LITERAL)
      print_literal(sb, o->value, o->type);
   else if (o->reg == RDNA_REG_IMM)
      sb_printf(sb, "%u", o->value);
   else if (is_inline_code(o->reg))
      print_inline_constant(sb, o->reg, o->type);
   else
      print_register(sb, o->reg, o->width);
}

void print_operand(struct strbuf *sb, const struct rdna_isa_config *config,
                   const struct rdna_inst *inst, unsigned index)
{
   (void)config;
   if (index >= inst->num_operands)
      return;
   const struct rdna_operand *o = &inst->operands[index];
   /* llvm-mc writes a negated constant as neg(c) so it cannot read as a negative constant;
    * with abs the bars make -|c| unambiguous. */
   bool constant = o->reg == RDNA_REG_LITERAL || is_inline_code(o->reg);
   if ((o->mods & (RDNA_MOD_NEG | RDNA_MOD_ABS)) == RDNA_MOD_NEG && constant) {
      sb_puts(sb, "neg(");
      print_operand_core(sb, o);
      sb_putc(sb, ')');
      return;
   }
   if (o->mods & RDNA_MOD_NEG)
      sb_putc(sb, '-');
   if (o->mods & RDNA_MOD_ABS)
      sb_putc(sb, '|');
   if (o->mods & RDNA_MOD_SEXT)
      sb_puts(sb, "sext(");
   print_operand_core(sb, o);
   if (o->mods & RDNA_MOD_SEXT)
      sb_putc(sb, ')');
   if (o->mods & RDNA_MOD_ABS)
      sb_putc(sb, '|');
}

void print_operands(struct strbuf *sb, const struct rdna_isa_config *config,
                    const struct rdna_inst *inst, unsigned first)
{
   for (unsigned i = first; i < inst->num_operands; i++) {
      if (i > first)
         sb_puts(sb, ", ");
      print_operand(sb, config, inst, i);
   }
}

/* ---- encoding ----------------------------------------------------------------------------- */

enum rdna_status encode_fail(struct encode_ctx *ctx, enum rdna_status status, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   isa_vfail(ctx->diag, status, 0, 0, fmt, ap);
   va_end(ap);
   return status;
}

enum rdna_status encode_source(struct encode_ctx *ctx, const struct rdna_operand *operand,
                               unsigned *code)
{
   if (operand->reg >= RDNA_REG_IMM)
      return encode_fail(ctx, RDNA_INVALID_OPERAND, "operand %s is not a register or constant",
                         role_name(operand->role));
   if (operand->reg == RDNA_REG_LITERAL) {
      if (ctx->literal_used && ctx->literal != operand->value)
         return encode_fail(ctx, RDNA_INVALID_OPERAND, "only one literal operand is allowed");
      ctx->literal_used = true;
      ctx->literal = operand->value;
   }
   *code = operand->reg;
   return RDNA_OK;
}

enum rdna_status encode_vgpr(struct encode_ctx *ctx, const struct rdna_operand *o, unsigned *code)
{
   if (o->reg < RDNA_REG_VGPR0 || o->reg >= RDNA_REG_VGPR0 + 256)
      return encode_fail(ctx, RDNA_INVALID_OPERAND, "%s must be a VGPR", role_name(o->role));
   *code = o->reg - RDNA_REG_VGPR0;
   return RDNA_OK;
}

/* ---- fitting parsed operands ---------------------------------------------------------------- */

enum rdna_status build_fail(struct build_ctx *b, unsigned column, enum rdna_status status,
                            const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   isa_vfail(b->diag, status, b->line, column, fmt, ap);
   va_end(ap);
   return status;
}

static uint16_t float_to_half(double d, bool *exact, bool *overflow)
{
   /* Round to nearest even; llvm-mc rejects values that overflow f16. */
   union {
      float f;
      uint32_t u;
   } fu = { (float)d };
   uint32_t x = fu.u;
   uint32_t sign = (x >> 16) & 0x8000;
   int exp = (int)((x >> 23) & 0xff) - 127 + 15;
   uint32_t mant = x & 0x7fffff;
   *exact = true;
   *overflow = false;
   if (((x >> 23) & 0xff) == 0xff) {
      return (uint16_t)(sign | 0x7c00 | (mant ? 0x200 : 0));
   }
   if (d == 0.0)
      return (uint16_t)sign;
   if (exp >= 31) {
      *overflow = true;
      return (uint16_t)(sign | 0x7c00);
   }
   if (exp <= 0) {
      if (exp < -10) {
         *exact = false;
         return (uint16_t)sign;
      }
      mant |= 0x800000;
      unsigned shift = (unsigned)(14 - exp);
      uint32_t half = mant >> shift;
      uint32_t rem = mant & ((1u << shift) - 1);
      uint32_t mid = 1u << (shift - 1);
      if (rem)
         *exact = false;
      if (rem > mid || (rem == mid && (half & 1)))
         half++;
      return (uint16_t)(sign | half);
   }
   uint32_t half = sign | (uint32_t)exp << 10 | mant >> 13;
   uint32_t rem = mant & 0x1fff;
   if (rem)
      *exact = false;
   if (rem > 0x1000 || (rem == 0x1000 && (half & 1)))
      half++;
   if ((half & 0x7fff) >= 0x7c00)
      *overflow = true;
   return (uint16_t)half;
}

int inline_constant_code(enum parsed_kind kind, int64_t ival, double fval, unsigned type)
{
   unsigned bits = type_bits(type);
   if (kind == PARSED_INT && bits == 16) {
      /* On a 16-bit operand an integer with an f16 constant's bits is that constant. */
      for (unsigned i = 0; i < 9; i++)
         if (ival == inline_f16[i])
            return (int)(RDNA_REG_CONST_HALF + i);
   }
   if (kind == PARSED_FLOAT && fval == 0.0 && !signbit(fval))
      return RDNA_REG_CONST_ZERO; /* llvm-mc encodes 0.0 as the integer 0 */
   if (kind == PARSED_INT) {
      int64_t v = ival;
      /* A 32-bit (or 16-bit) operand takes the value modulo its width: 0xffffffff is -1. */
      if (bits == 32 && v >= 0 && v <= 0xffffffffLL)
         v = (int32_t)(uint32_t)v;
      if (bits == 16 && v >= 0 && v <= 0xffff)
         v = (int16_t)(uint16_t)v;
      if (v >= 0 && v <= 64)
         return (int)(RDNA_REG_CONST_ZERO + v);
      if (v >= -16 && v < 0)
         return (int)(192 - v);
      return -1;
   }
   if (kind != PARSED_FLOAT)
      return -1;
   for (unsigned i = 0; i < 9; i++) {
      bool match;
      if (bits == 16) {
         bool exact, overflow;
         match = float_to_half(fval, &exact, &overflow) == inline_f16[i];
      } else if (bits == 64) {
         uint64_t u;
         memcpy(&u, &fval, sizeof(u));
         match = u == inline_f64[i];
      } else {
         float f = (float)fval;
         uint32_t u;
         memcpy(&u, &f, sizeof(u));
         match = u == inline_f32[i];
      }
      if (match)
         return (int)(RDNA_REG_CONST_HALF + i);
   }
   return -1;
}

/* The literal dword for a number in an operand of `type`, following llvm-mc: integers must fit
 * the operand (16-bit operands: 16 bits; others: 32 bits signed or unsigned); floats become the
 * type's bits (f64: the high dword; integer 32-bit operands: f32 bits). */
static bool literal_for(const struct parsed_operand *p, unsigned type, uint32_t *value)
{
   unsigned bits = type_bits(type);
   if (p->kind == PARSED_INT) {
      int64_t v = p->ival;
      if (bits == 16) {
         if (v < -32768 || v > 0xffff)
            return false;
         *value = (uint16_t)v;
         return true;
      }
      if (v < INT32_MIN || v > (int64_t)UINT32_MAX)
         return false;
      *value = (uint32_t)v;
      return true;
   }
   double d = p->fval;
   if (bits == 16) {
      bool exact, overflow;
      uint16_t h = float_to_half(d, &exact, &overflow);
      /* llvm-mc rejects values that overflow f16 and inexact ones that fall to denormals. */
      if (overflow || (!exact && (h & 0x7c00) == 0))
         return false;
      *value = h;
      return true;
   }
   if (bits == 64) {
      if (!type_is_float(type))
         return false;
      uint64_t u;
      memcpy(&u, &d, sizeof(u));
      *value = (uint32_t)(u >> 32);
      return true;
   }
   if (!isfinite(d) || fabs(d) > 3.4028234663852886e38)
      return false;
   float f = (float)d;
   memcpy(value, &f, sizeof(*value));
   return true;
}

static const char *parsed_description(const struct parsed_operand *p, char *buf, size_t size)
{
   struct strbuf sb;
   sb_init(&sb, buf, size);
   switch (p->kind) {
   case PARSED_REG:
      print_register(&sb, p->reg, p->width);
      break;
   case PARSED_INT:
      sb_printf(&sb, "%lld", (long long)p->ival);
      break;
   case PARSED_FLOAT:
      sb_printf(&sb, "%g", p->fval);
      break;
   case PARSED_NAME:
      sb_puts(&sb, p->name);
      break;
   case PARSED_CALL:
      sb_printf(&sb, "%s(...)", p->calls[0].name);
      break;
   case PARSED_LIST:
      sb_puts(&sb, "a register list");
      break;
   }
   return buf;
}

static const char *register_file_name(unsigned reg)
{
   if (reg >= RDNA_REG_VGPR0)
      return "VGPR";
   return "scalar register";
}

static void describe_accept(unsigned accept, char *buf, size_t size)
{
   struct strbuf sb;
   sb_init(&sb, buf, size);
   const char *parts[8];
   unsigned n = 0;
   if (accept & ACCEPT_VGPR)
      parts[n++] = "a VGPR";
   if (accept & ACCEPT_SGPR)
      parts[n++] = "a scalar register";
   if (accept & (ACCEPT_INLINE | ACCEPT_LITERAL))
      parts[n++] = "a constant";
   if (accept & ACCEPT_IMM)
      parts[n++] = "an immediate";
   if (accept & ACCEPT_OFF)
      parts[n++] = "off";
   for (unsigned i = 0; i < n; i++) {
      if (i)
         sb_puts(&sb, i + 1 == n ? " or " : ", ");
      sb_puts(&sb, parts[i]);
   }
}

enum rdna_status fit_operand(struct build_ctx *b, unsigned index, unsigned accept)
{
   const struct op_info *info = op_info(b->op);
   const struct parsed_operand *p = &b->stmt->operands[index];
   const struct op_slot *slot = &info->slots[index];
   struct rdna_operand *o = &b->inst->operands[index];
   unsigned width = type_width(slot->type, b->config->wave_size);
   char found[80], expected[96];
   /* A register-only slot takes no constant; llvm-mc still assembles the src_* specials there
    * when the slot is one dword (they are in its 32-bit scalar register class). */
   bool specials_only = false;
   if (slot->flags & SLOT_REG) {
      specials_only = width == 1 && (accept & ACCEPT_INLINE);
      accept &= ~(unsigned)(ACCEPT_INLINE | ACCEPT_LITERAL);
   }
   /* (Only named specials parse as registers in 235..253: src_shared_base to src_scc.) */
   if (specials_only && p->kind == PARSED_REG && p->reg >= RDNA_REG_SHARED_BASE &&
       p->reg <= RDNA_REG_SCC && !p->mods) {
      o->role = slot->role;
      o->type = slot->type;
      o->mods = 0;
      o->value = 0;
      o->width = 1;
      o->reg = p->reg;
      return RDNA_OK;
   }

   o->role = slot->role;
   o->type = slot->type;
   o->mods = p->mods;
   o->value = 0;
   o->width = (uint8_t)width;
   if (p->mods & (RDNA_MOD_NEG | RDNA_MOD_ABS) && !(accept & ACCEPT_MODS))
      return build_fail(b, p->column, RDNA_INVALID_OPERAND, "%s does not take neg/abs modifiers",
                        role_name(slot->role));
   if (p->mods & RDNA_MOD_SEXT && !(accept & ACCEPT_SEXT))
      return build_fail(b, p->column, RDNA_INVALID_OPERAND, "%s does not take sext()",
                        role_name(slot->role));

   switch (p->kind) {
   case PARSED_REG: {
      bool vgpr = p->reg >= RDNA_REG_VGPR0;
      bool special = p->reg > 127 && !vgpr;
      if (special) {
         if (!(accept & ACCEPT_INLINE) || (p->reg == RDNA_REG_LDS_DIRECT && width != 1))
            break;
         o->reg = p->reg;
         o->width = (uint8_t)width;
         return RDNA_OK;
      }
      if (vgpr ? !(accept & ACCEPT_VGPR) : !(accept & ACCEPT_SGPR))
         break;
      if (p->reg == RDNA_REG_NULL) { /* null stands for a register of any width */
         o->reg = p->reg;
         return RDNA_OK;
      }
      if (p->width != width)
         return build_fail(b, p->column, RDNA_INVALID_OPERAND,
                           "expected a %u-register %s for %s, found %s", width,
                           register_file_name(p->reg), role_name(slot->role),
                           parsed_description(p, found, sizeof(found)));
      if (!vgpr && width > 1) {
         unsigned align = width == 2 ? 2 : 4;
         unsigned base = p->reg >= RDNA_REG_TTMP0 ? RDNA_REG_TTMP0 : 0;
         bool named = p->reg == RDNA_REG_VCC_LO || p->reg == RDNA_REG_EXEC_LO;
         if (!named && (p->reg - base) % align)
            return build_fail(b, p->column, RDNA_INVALID_OPERAND, "invalid register alignment");
         if (p->reg == RDNA_REG_M0 || p->reg == RDNA_REG_VCC_HI || p->reg == RDNA_REG_EXEC_HI)
            break;
      }
      o->reg = p->reg;
      return RDNA_OK;
   }
   case PARSED_INT:
   case PARSED_FLOAT: {
      if (accept & ACCEPT_IMM && !(accept & (ACCEPT_INLINE | ACCEPT_LITERAL))) {
         if (p->kind != PARSED_INT)
            break;
         o->reg = RDNA_REG_IMM;
         o->width = 0;
         o->value = (uint32_t)p->ival;
         return RDNA_OK;
      }
      if (accept & ACCEPT_INLINE) {
         int code = inline_constant_code(p->kind, p->ival, p->fval, slot->type);
         if (code >= 0) {
            o->reg = (uint16_t)code;
            return RDNA_OK;
         }
      }
      if (!(accept & ACCEPT_LITERAL))
         break;
      uint32_t value;
      if (!literal_for(p, slot->type, &value))
         return build_fail(b, p->column, RDNA_INVALID_OPERAND, "%s does not fit a %s operand",
                           parsed_description(p, found, sizeof(found)), type_name(slot->type));
      o->reg = RDNA_REG_LITERAL;
      o->value = value;
      return RDNA_OK;
   }
   case PARSED_NAME:
      if (strcmp(p->name, "off") == 0 && accept & ACCEPT_OFF) {
         o->reg = RDNA_REG_OFF;
         o->width = 0;
         return RDNA_OK;
      }
      break;
   default:
      break;
   }
   describe_accept(accept, expected, sizeof(expected));
   return build_fail(b, p->column, RDNA_INVALID_OPERAND, "expected %s for %s, found %s", expected,
                     role_name(slot->role), parsed_description(p, found, sizeof(found)));
}

void build_lists_to_ranges(struct build_ctx *b, int keep_index)
{
   struct parsed_stmt *stmt = (struct parsed_stmt *)b->stmt;
   for (unsigned i = 0; i < stmt->num_operands; i++) {
      struct parsed_operand *p = &stmt->operands[i];
      if (p->kind != PARSED_LIST || (int)i == keep_index)
         continue;
      if (p->num_items == 1) {
         p->reg = p->items[0].reg;
         p->width = p->items[0].width;
      } else if (p->width == 0) {
         continue; /* not consecutive: left for the operand's own error */
      }
      p->kind = PARSED_REG;
   }
}

enum rdna_status build_expect_operands(struct build_ctx *b, unsigned count)
{
   if (b->stmt->num_operands == count)
      return RDNA_OK;
   unsigned column = b->stmt->column;
   if (b->stmt->num_operands > count)
      column = b->stmt->operands[count].column;
   return build_fail(b, column, RDNA_SYNTAX, "%s takes %u operand%s, found %u",
                     op_info(b->op)->name, count, count == 1 ? "" : "s", b->stmt->num_operands);
}

enum rdna_status fit_all_operands(struct build_ctx *b, unsigned accept)
{
   const struct op_info *info = op_info(b->op);
   enum rdna_status st = build_expect_operands(b, info->num_slots);
   if (st != RDNA_OK)
      return st;
   for (unsigned i = 0; i < info->num_slots; i++) {
      st = fit_operand(b, i, accept);
      if (st != RDNA_OK)
         return st;
   }
   b->inst->num_operands = info->num_slots;
   return RDNA_OK;
}

struct parsed_modifier *build_modifier(struct build_ctx *b, const char *name)
{
   struct parsed_stmt *stmt = (struct parsed_stmt *)b->stmt;
   for (unsigned i = 0; i < stmt->num_modifiers; i++) {
      if (strcmp(stmt->modifiers[i].name, name) == 0) {
         stmt->modifiers[i].used = true;
         return &stmt->modifiers[i];
      }
   }
   return NULL;
}

enum rdna_status build_check_modifiers(struct build_ctx *b)
{
   for (unsigned i = 0; i < b->stmt->num_modifiers; i++) {
      const struct parsed_modifier *m = &b->stmt->modifiers[i];
      if (!m->used)
         return build_fail(b, m->column, RDNA_INVALID_OPERAND, "modifier '%s' is not valid for %s",
                           m->name, op_info(b->op)->name);
   }
   return RDNA_OK;
}

enum rdna_status build_modifier_int(struct build_ctx *b, const struct parsed_modifier *m,
                                    int64_t min, int64_t max, int64_t *value)
{
   if (!m->has_value || m->is_list || m->value_is_name || m->num_values != 1)
      return build_fail(b, m->column, RDNA_SYNTAX, "expected %s:<integer>", m->name);
   if (m->values[0] < min || m->values[0] > max)
      return build_fail(b, m->column, RDNA_OUT_OF_RANGE, "%s:%lld is out of range [%lld, %lld]",
                        m->name, (long long)m->values[0], (long long)min, (long long)max);
   *value = m->values[0];
   return RDNA_OK;
}
