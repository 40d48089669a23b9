/* FLAT, GLOBAL and SCRATCH encodings: decode, encode, print and build. Two dwords; the seg field
 * picks the row format (FLAT, SCRATCH, GLOBAL) of one opcode space. Operand shapes follow
 * llvm-mc-14: "vdst, vaddr, vdata, saddr" in the rows' order, an atomic's vdst only with glc, a
 * GLOBAL vaddr of one VGPR when saddr is an SGPR pair, a SCRATCH address from a VGPR or an SGPR.
 * Field rules were probed bit by bit on both targets (rows and flags in isa/flat.def). */
#include <string.h>

#include "isa_internal.h"

#define FLAT_OFFSET_MASK 0xfffu
#define BIT_DLC (1u << 12)
#define BIT_LDS (1u << 13)
#define BIT_GLC (1u << 16)
#define BIT_SLC (1u << 17)
#define BIT1_NV (1u << 23)
#define SADDR_OFF 0x7du    /* null: no scalar address */
#define SADDR_OFF_ST 0x7fu /* SCRATCH with neither address ("off, off", gfx1030) */

/* The seg field (bits 15:14) names the row format; 3 is reserved. */
enum flat_seg {
   SEG_FLAT = 0,
   SEG_SCRATCH = 1,
   SEG_GLOBAL = 2
};

static const uint8_t seg_formats[3] = { RDNA_FMT_FLAT, RDNA_FMT_SCRATCH, RDNA_FMT_GLOBAL };

static unsigned format_seg(unsigned format)
{
   for (unsigned seg = 0; seg < 3; seg++)
      if (seg_formats[seg] == format)
         return seg;
   return SEG_FLAT;
}

/* The slot of a role in the row; -1 when the row has none. */
static int slot_of(const struct op_info *info, enum rdna_role role)
{
   for (unsigned i = 0; i < info->num_slots; i++)
      if (info->slots[i].role == role)
         return (int)i;
   return -1;
}

/* An atomic without glc does not return: its vdst slot holds RDNA_REG_NONE. */
static bool returns_nothing(const struct op_info *info, uint32_t flags)
{
   return (info->flags & VMEM_ATOMIC) && !(flags & RDNA_FLAG_GLC);
}

static void set_absent(const struct op_slot *slot, uint16_t reg, struct rdna_operand *o)
{
   o->reg = reg;
   o->width = 0;
   o->role = slot->role;
   o->type = slot->type;
   o->mods = 0;
   o->value = 0;
}

/* ---- decoding ----------------------------------------------------------------------------- */

/* GLOBAL saddr as llvm-mc-14 decodes it: an SGPR pair with the low bit of the code dropped
 * (s[0:1] for 0 and 1), vcc, ttmp pairs and exec; 0x7d is "off"; 107, 124 and 127 are
 * invalid. */
static bool global_saddr_ok(unsigned code, uint16_t *reg)
{
   if (code <= 105 || (code >= RDNA_REG_TTMP0 && code < RDNA_REG_TTMP0 + 16)) {
      *reg = (uint16_t)(code & ~1u);
      return true;
   }
   if (code == RDNA_REG_VCC_LO || code == RDNA_REG_EXEC_LO) {
      *reg = (uint16_t)code;
      return true;
   }
   return false;
}

static enum rdna_status decode_vgpr(struct decode_ctx *ctx, unsigned code, unsigned width,
                                    const struct op_slot *slot, struct rdna_operand *o)
{
   if (code + width > 256)
      return decode_fail(ctx, RDNA_INVALID_ENCODING, "%s v%u needs %u registers past v255",
                         role_name(slot->role), code, width);
   decode_register(ctx, RDNA_REG_VGPR0 + code, slot, o);
   o->width = (uint8_t)width;
   return RDNA_OK;
}

enum rdna_status decode_flat(struct decode_ctx *ctx, uint32_t word, struct rdna_inst *inst)
{
   uint32_t word1;
   enum rdna_status st = decode_word(ctx, 1, &word1);
   if (st != RDNA_OK)
      return st;
   ctx->words_used = 2;
   unsigned seg = (word >> 14) & 3, opcode = (word >> 18) & 0x7f;
   if (seg == 3)
      return decode_fail(ctx, RDNA_INVALID_ENCODING, "FLAT seg field 3 is reserved");
   enum rdna_format format = (enum rdna_format)seg_formats[seg];
   int op = op_lookup_opcode(ctx->config->target, format, opcode);
   if (op < 0)
      return decode_fail(ctx, RDNA_UNKNOWN_OPCODE, "%s opcode 0x%x does not exist on %s",
                         rdna_encoding_name(format), opcode, rdna_target_name(ctx->config->target));
   const struct op_info *info = op_info((unsigned)op);
   inst->op = (uint16_t)op;
   inst->encoding = (uint8_t)format;
   if (word & BIT_LDS)
      return decode_fail(ctx, RDNA_INVALID_ENCODING, "GFX10 FLAT has no lds bit");
   if (word1 & BIT1_NV)
      return decode_fail(ctx, RDNA_INVALID_ENCODING, "GFX10 FLAT has no nv bit");

   uint32_t flags = (word & BIT_GLC ? RDNA_FLAG_GLC : 0) | (word & BIT_SLC ? RDNA_FLAG_SLC : 0) |
                    (word & BIT_DLC ? RDNA_FLAG_DLC : 0);
   if ((info->flags & VMEM_GLC) && !(flags & RDNA_FLAG_GLC))
      return decode_fail(ctx, RDNA_INVALID_ENCODING, "%s requires glc", info->name);
   unsigned saddr = (word1 >> 16) & 0x7f;
   unsigned vaddr_code = word1 & 0xff, vdata_code = (word1 >> 8) & 0xff, vdst_code = word1 >> 24;

   /* Which addresses the instruction has. */
   bool has_vaddr = true, has_saddr = false;
   uint16_t saddr_reg = RDNA_REG_OFF;
   unsigned vaddr_width = 2;
   switch (seg) {
   case SEG_FLAT:
      if (saddr != SADDR_OFF)
         return decode_fail(ctx, RDNA_INVALID_ENCODING, "FLAT saddr must be 0x7d, found 0x%x",
                            saddr);
      break;
   case SEG_GLOBAL:
      if (saddr != SADDR_OFF) {
         if (!global_saddr_ok(saddr, &saddr_reg))
            return decode_fail(ctx, RDNA_INVALID_ENCODING, "GLOBAL saddr 0x%x is not an SGPR pair",
                               saddr);
         has_saddr = true;
         vaddr_width = 1;
      }
      break;
   default: /* SCRATCH */
      vaddr_width = 1;
      if (saddr == SADDR_OFF) {
         break;
      } else if (saddr == SADDR_OFF_ST && ctx->config->target == RDNA_TARGET_GFX1030) {
         has_vaddr = false; /* gfx1030: neither address */
      } else {
         has_vaddr = false;
         has_saddr = true;
         saddr_reg = (uint16_t)saddr;
      }
      break;
   }
   if (slot_of(info, RDNA_ROLE_vaddr) < 0)
      has_vaddr = false; /* addtid rows */

   for (unsigned i = 0; i < info->num_slots; i++) {
      const struct op_slot *slot = &info->slots[i];
      struct rdna_operand *o = &inst->operands[i];
      unsigned width = type_width(slot->type, ctx->config->wave_size);
      switch (slot->role) {
      case RDNA_ROLE_vdst:
         if (returns_nothing(info, flags))
            set_absent(slot, RDNA_REG_NONE, o);
         else
            st = decode_vgpr(ctx, vdst_code, width, slot, o);
         break;
      case RDNA_ROLE_vdata:
         st = decode_vgpr(ctx, vdata_code, width, slot, o);
         break;
      case RDNA_ROLE_vaddr:
         if (has_vaddr)
            st = decode_vgpr(ctx, vaddr_code, vaddr_width, slot, o);
         else
            set_absent(slot, RDNA_REG_OFF, o);
         break;
      default: /* saddr */
         if (has_saddr) {
            decode_register(ctx, saddr_reg, slot, o);
         } else {
            set_absent(slot, RDNA_REG_OFF, o);
         }
         break;
      }
      if (st != RDNA_OK)
         return st;
   }
   inst->num_operands = info->num_slots;
   unsigned offset = word & FLAT_OFFSET_MASK;
   /* GLOBAL and SCRATCH offsets are signed; llvm-mc-14 prints FLAT's 12 bits unsigned. */
   inst->mod.offset = seg == SEG_FLAT ? (int32_t)offset : (int32_t)(offset ^ 0x800u) - 0x800;
   inst->mod.flags = flags;
   /* Bit 25, a load's vdata field and a store's vdst field are ignored and not kept. */
   return RDNA_OK;
}

/* ---- encoding ----------------------------------------------------------------------------- */

enum rdna_status encode_flat(struct encode_ctx *ctx, const struct rdna_inst *inst)
{
   const struct op_info *info = op_info(inst->op);
   enum rdna_format format = (enum rdna_format)info->format;
   if ((format != RDNA_FMT_FLAT && format != RDNA_FMT_GLOBAL && format != RDNA_FMT_SCRATCH) ||
       inst->encoding != format)
      return encode_fail(ctx, RDNA_INVALID_ENCODING, "%s is not a %s instruction", info->name,
                         rdna_encoding_name(inst->encoding));
   if (inst->num_operands != info->num_slots)
      return encode_fail(ctx, RDNA_INVALID_OPERAND, "%s takes %u operands, found %u", info->name,
                         info->num_slots, inst->num_operands);
   unsigned seg = format_seg(format);
   int32_t offset = inst->mod.offset;
   bool fits = seg == SEG_FLAT ? offset >= 0 && offset <= (int32_t)FLAT_OFFSET_MASK
                               : offset >= -2048 && offset <= 2047;
   if (!fits)
      return encode_fail(ctx, RDNA_OUT_OF_RANGE, "offset %d does not fit %s", (int)offset,
                         seg == SEG_FLAT ? "12 unsigned bits" : "12 signed bits");
   uint32_t flags = inst->mod.flags;
   uint32_t opcode = (uint32_t)op_opcode(inst->op, ctx->config->target);
   uint32_t word = 0xdc000000u | ((uint32_t)offset & FLAT_OFFSET_MASK) | seg << 14 | opcode << 18 |
                   (flags & RDNA_FLAG_DLC ? BIT_DLC : 0) | (flags & RDNA_FLAG_GLC ? BIT_GLC : 0) |
                   (flags & RDNA_FLAG_SLC ? BIT_SLC : 0);
   uint32_t word1 = 0, saddr = SADDR_OFF, code = 0;
   bool vaddr_off = false, saddr_off = true;
   enum rdna_status st = RDNA_OK;
   for (unsigned i = 0; i < info->num_slots; i++) {
      const struct rdna_operand *o = &inst->operands[i];
      switch (info->slots[i].role) {
      case RDNA_ROLE_vdst:
         if (o->reg == RDNA_REG_NONE)
            break;
         if ((st = encode_vgpr(ctx, o, &code)) == RDNA_OK)
            word1 |= code << 24;
         break;
      case RDNA_ROLE_vdata:
         if ((st = encode_vgpr(ctx, o, &code)) == RDNA_OK)
            word1 |= code << 8;
         break;
      case RDNA_ROLE_vaddr:
         if (o->reg == RDNA_REG_OFF)
            vaddr_off = true;
         else if ((st = encode_vgpr(ctx, o, &code)) == RDNA_OK)
            word1 |= code;
         break;
      default: /* saddr */
         if (o->reg == RDNA_REG_OFF)
            break;
         if (o->reg > RDNA_REG_EXEC_HI)
            return encode_fail(ctx, RDNA_INVALID_OPERAND, "saddr must be a scalar register");
         saddr = o->reg;
         saddr_off = false;
         break;
      }
      if (st != RDNA_OK)
         return st;
   }
   /* SCRATCH with neither address: llvm-mc-14 (gfx1030) encodes saddr 0x7f. */
   if (seg == SEG_SCRATCH && vaddr_off && saddr_off)
      saddr = SADDR_OFF_ST;
   word1 |= saddr << 16;
   ctx->words[0] = word;
   ctx->words[1] = word1;
   ctx->num_words = 2;
   return RDNA_OK;
}

/* ---- printing ----------------------------------------------------------------------------- */

void print_flat(struct strbuf *sb, const struct rdna_isa_config *config,
                const struct rdna_inst *inst)
{
   const struct op_info *info = op_info(inst->op);
   sb_puts(sb, info->name);
   const char *sep = " ";
   for (unsigned i = 0; i < inst->num_operands; i++) {
      if (inst->operands[i].reg == RDNA_REG_NONE)
         continue;
      sb_puts(sb, sep);
      print_operand(sb, config, inst, i);
      sep = ", ";
   }
   if (inst->mod.offset)
      sb_printf(sb, " offset:%d", (int)inst->mod.offset);
   if (inst->mod.flags & RDNA_FLAG_GLC)
      sb_puts(sb, " glc");
   if (inst->mod.flags & RDNA_FLAG_SLC)
      sb_puts(sb, " slc");
   if (inst->mod.flags & RDNA_FLAG_DLC)
      sb_puts(sb, " dlc");
}

/* ---- building ----------------------------------------------------------------------------- */

/* Parsed operand `p` as a VGPR range of `width` for slot `slot` of inst operand `o`. */
static enum rdna_status fit_vgpr(struct build_ctx *b, const struct parsed_operand *p,
                                 const struct op_slot *slot, unsigned width, struct rdna_operand *o)
{
   o->role = slot->role;
   o->type = slot->type;
   o->mods = 0;
   o->value = 0;
   if (p->mods)
      return build_fail(b, p->column, RDNA_INVALID_OPERAND, "%s takes no modifiers",
                        role_name(slot->role));
   if (p->kind != PARSED_REG || p->reg < RDNA_REG_VGPR0 || p->width != width) {
      char found[64];
      struct strbuf sb;
      sb_init(&sb, found, sizeof(found));
      if (p->kind == PARSED_REG)
         print_register(&sb, p->reg, p->width);
      else
         sb_puts(&sb, p->kind == PARSED_NAME ? p->name : "a non-register");
      return build_fail(b, p->column, RDNA_INVALID_OPERAND, "expected %s for %s, found %s",
                        width == 1   ? "a VGPR"
                        : width == 2 ? "a VGPR pair"
                                     : "a VGPR range",
                        role_name(slot->role), found);
   }
   o->reg = p->reg;
   o->width = (uint8_t)width;
   return RDNA_OK;
}

static bool parsed_is_off(const struct parsed_operand *p)
{
   return p->kind == PARSED_NAME && strcmp(p->name, "off") == 0 && !p->mods;
}

/* saddr: "off", an SGPR pair (GLOBAL) or one SGPR (SCRATCH), as llvm-mc-14 accepts them. */
static enum rdna_status fit_saddr(struct build_ctx *b, const struct parsed_operand *p,
                                  const struct op_slot *slot, bool pair, struct rdna_operand *o)
{
   o->role = slot->role;
   o->type = slot->type;
   o->mods = 0;
   o->value = 0;
   o->width = 0;
   if (parsed_is_off(p)) {
      o->reg = RDNA_REG_OFF;
      return RDNA_OK;
   }
   unsigned width = pair ? 2 : 1;
   /* null (0x7d) is taken as a register: the address is then the 32-bit vaddr alone. llvm-mc-14
    * prints SCRATCH saddr 0x7f as exec_hi on gfx1013 but does not assemble it. */
   if (p->kind == PARSED_REG && !p->mods && p->reg == RDNA_REG_NULL) {
      o->reg = RDNA_REG_NULL;
      o->width = (uint8_t)width;
      return RDNA_OK;
   }
   bool ok = p->kind == PARSED_REG && !p->mods && p->reg < RDNA_REG_EXEC_HI && p->width == width;
   if (ok && pair) /* even SGPR or ttmp pairs, vcc, exec */
      ok =
         p->reg == RDNA_REG_VCC_LO || p->reg == RDNA_REG_EXEC_LO ||
         ((p->reg <= 105 || (p->reg >= RDNA_REG_TTMP0 && p->reg < RDNA_REG_M0)) && p->reg % 2 == 0);
   if (!ok)
      return build_fail(b, p->column, RDNA_INVALID_OPERAND, "expected off or %s for saddr",
                        pair ? "an aligned SGPR pair" : "one SGPR");
   o->reg = p->reg;
   o->width = (uint8_t)width;
   return RDNA_OK;
}

/* Modifiers in llvm-mc-14's order: offset, then glc/slc/dlc (and their no- forms) in any
 * order, each at most once. */
static enum rdna_status build_flat_modifiers(struct build_ctx *b, unsigned seg, uint32_t *flags,
                                             int32_t *offset)
{
   for (unsigned i = 0; i < b->stmt->num_modifiers; i++) {
      const struct parsed_modifier *m = &b->stmt->modifiers[i];
      const char *base = strncmp(m->name, "no", 2) == 0 ? m->name + 2 : m->name;
      bool cache = strcmp(base, "glc") == 0 || strcmp(base, "slc") == 0 || strcmp(base, "dlc") == 0;
      if (strcmp(m->name, "offset") == 0) {
         if (i > 0)
            return build_fail(b, m->column, RDNA_SYNTAX, "offset must come first");
      } else if (cache) {
         if (m->has_value)
            return build_fail(b, m->column, RDNA_SYNTAX, "%s takes no value", m->name);
         for (unsigned j = 0; j < i; j++) {
            const char *other = b->stmt->modifiers[j].name;
            if (strcmp(strncmp(other, "no", 2) == 0 ? other + 2 : other, base) == 0)
               return build_fail(b, m->column, RDNA_SYNTAX, "duplicate cache policy modifier %s",
                                 m->name);
         }
      }
   }
   /* FLAT: llvm-mc-14 assembles 11 unsigned bits (it prints all 12); GLOBAL and SCRATCH: 12
    * signed bits. */
   struct parsed_modifier *m = build_modifier(b, "offset");
   if (m) {
      int64_t lo = seg == SEG_FLAT ? 0 : -2048, hi = 2047;
      if (!m->has_value || m->is_list || m->value_is_name || m->is_call || m->num_values != 1)
         return build_fail(b, m->column, RDNA_SYNTAX, "expected offset:<integer>");
      int64_t v = m->values[0];
      if (v < lo || v > hi)
         return build_fail(b, m->column, RDNA_OUT_OF_RANGE, "expected a %s offset, found %lld",
                           seg == SEG_FLAT ? "11-bit unsigned" : "12-bit signed", (long long)v);
      *offset = (int32_t)v;
   }
   if (build_modifier(b, "glc"))
      *flags |= RDNA_FLAG_GLC;
   if (build_modifier(b, "slc"))
      *flags |= RDNA_FLAG_SLC;
   if (build_modifier(b, "dlc"))
      *flags |= RDNA_FLAG_DLC;
   build_modifier(b, "noglc");
   build_modifier(b, "noslc");
   build_modifier(b, "nodlc");
   return RDNA_OK;
}

enum rdna_status build_flat(struct build_ctx *b)
{
   const struct op_info *info = op_info(b->op);
   struct rdna_inst *inst = b->inst;
   const struct parsed_stmt *stmt = b->stmt;
   unsigned seg = format_seg(info->format);
   inst->encoding = info->format;
   uint32_t flags = 0;
   int32_t offset = 0;
   build_lists_to_ranges(b, -1);
   enum rdna_status st = build_flat_modifiers(b, seg, &flags, &offset);
   if (st != RDNA_OK)
      return st;
   inst->mod.flags = flags;
   inst->mod.offset = offset;

   /* An atomic is written with vdst (returning, glc) or without it (no glc): `skip` is 1 when
    * the text leaves the vdst slot out. */
   unsigned skip = 0;
   if ((info->flags & VMEM_GLC) && !(flags & RDNA_FLAG_GLC))
      return build_fail(b, stmt->column, RDNA_INVALID_OPERAND, "%s must use glc and a vdst",
                        info->name);
   if (info->flags & VMEM_ATOMIC) {
      bool returning = stmt->num_operands == info->num_slots;
      if (returning != ((flags & RDNA_FLAG_GLC) != 0)) {
         if (stmt->num_operands != info->num_slots && stmt->num_operands != info->num_slots - 1u)
            return build_expect_operands(b, info->num_slots);
         const struct parsed_modifier *glc = build_modifier(b, "glc");
         return build_fail(b, glc ? glc->column : stmt->column, RDNA_INVALID_OPERAND,
                           returning ? "%s with a vdst must use glc"
                                     : "%s without a vdst must not use glc",
                           info->name);
      }
      skip = returning ? 0 : 1;
   }
   if (stmt->num_operands + skip != info->num_slots)
      return build_fail(b,
                        stmt->num_operands > info->num_slots - skip
                           ? stmt->operands[info->num_slots - skip].column
                           : stmt->column,
                        RDNA_SYNTAX, "%s takes %u operands, found %u", info->name,
                        info->num_slots - skip, stmt->num_operands);

   /* The address operands decide each other's shape: find saddr and vaddr first. */
   int vaddr_slot = slot_of(info, RDNA_ROLE_vaddr), saddr_slot = slot_of(info, RDNA_ROLE_saddr);
   const struct parsed_operand *saddr_p =
      saddr_slot >= 0 ? &stmt->operands[(unsigned)saddr_slot - skip] : NULL;
   const struct parsed_operand *vaddr_p =
      vaddr_slot >= 0 ? &stmt->operands[(unsigned)vaddr_slot - skip] : NULL;
   bool saddr_off = !saddr_p || parsed_is_off(saddr_p);
   unsigned vaddr_width = seg == SEG_FLAT || (seg == SEG_GLOBAL && saddr_off) ? 2 : 1;
   if (seg == SEG_SCRATCH && vaddr_p) {
      bool vaddr_off = parsed_is_off(vaddr_p);
      if (!vaddr_off && !saddr_off)
         return build_fail(b, saddr_p->column, RDNA_INVALID_OPERAND,
                           "scratch takes a VGPR or an SGPR address, not both");
      if (vaddr_off && saddr_off && b->config->target != RDNA_TARGET_GFX1030)
         return build_fail(b, vaddr_p->column, RDNA_INVALID_OPERAND,
                           "scratch without an address needs gfx1030");
   }

   for (unsigned i = 0; i < info->num_slots; i++) {
      const struct op_slot *slot = &info->slots[i];
      struct rdna_operand *o = &inst->operands[i];
      if (i < skip) {
         set_absent(slot, RDNA_REG_NONE, o);
         continue;
      }
      const struct parsed_operand *p = &stmt->operands[i - skip];
      switch (slot->role) {
      case RDNA_ROLE_vaddr:
         if (seg == SEG_SCRATCH && parsed_is_off(p)) {
            set_absent(slot, RDNA_REG_OFF, o);
            st = RDNA_OK;
         } else {
            st = fit_vgpr(b, p, slot, vaddr_width, o);
         }
         break;
      case RDNA_ROLE_saddr:
         st = fit_saddr(b, p, slot, seg == SEG_GLOBAL, o);
         break;
      default:
         st = fit_vgpr(b, p, slot, type_width(slot->type, b->config->wave_size), o);
         break;
      }
      if (st != RDNA_OK)
         return st;
   }
   inst->num_operands = info->num_slots;
   return RDNA_OK;
}
