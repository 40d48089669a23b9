/* Scalar memory encoding (SMEM): decode, encode, print and build. Two dwords: opcode, sdata,
 * sbase (an SGPR pair index), glc/dlc in the first; the 21-bit signed offset and the soffset
 * SGPR in the second. The register rules are llvm-mc-14's, which differ between its
 * disassembler (lenient) and its assembler (register classes), both probed per operand. */
#include <string.h>

#include "isa_internal.h"

#define SMEM_SOFFSET_NONE RDNA_REG_NULL /* soffset = null: the offset field alone applies */
#define SMEM_OFFSET_MIN (-0x100000)
#define SMEM_OFFSET_MAX 0xfffff

static int32_t sign_extend21(uint32_t v)
{
   v &= 0x1fffff;
   return (v & 0x100000) ? (int32_t)v - 0x200000 : (int32_t)v;
}

/* Slots of a row by role; -1 when the row lacks it. */
static int find_slot(const struct op_info *info, enum rdna_role role)
{
   for (unsigned i = 0; i < info->num_slots; i++)
      if (info->slots[i].role == role)
         return (int)i;
   return -1;
}

/* Only the data-moving rows (a register sdata and an sbase) carry glc/dlc; llvm-mc ignores the
 * bits elsewhere when decoding and rejects the modifiers when assembling. */
static bool has_cache_policy(const struct op_info *info)
{
   int sdata = find_slot(info, RDNA_ROLE_sdata);
   return sdata >= 0 && type_width(info->slots[sdata].type, 32) > 0 &&
          find_slot(info, RDNA_ROLE_sbase) >= 0;
}

/* ---- decoding ----------------------------------------------------------------------------- */

/* How llvm-mc-14 decodes a scalar register tuple of `width` (>= 2) dwords from a 7-bit code:
 * SGPRs and TTMPs round down to the tuple alignment (2 for pairs, 4 above) and must fit their
 * file; 106 is vcc and 126 exec for pairs and quads; 125 is null for those widths too; every
 * other code is invalid. Returns false for an invalid code. */
static bool decode_tuple(unsigned code, unsigned width, unsigned *reg)
{
   unsigned align = width == 2 ? 2 : 4;
   if (code <= 105) {
      *reg = code / align * align;
      return *reg + width <= 106;
   }
   if (code >= RDNA_REG_TTMP0 && code < RDNA_REG_TTMP0 + 16) {
      *reg = RDNA_REG_TTMP0 + (code - RDNA_REG_TTMP0) / align * align;
      return *reg + width <= RDNA_REG_TTMP0 + 16;
   }
   if (width <= 4 &&
       (code == RDNA_REG_VCC_LO || code == RDNA_REG_EXEC_LO || code == RDNA_REG_NULL)) {
      *reg = code;
      return true;
   }
   return false;
}

static enum rdna_status decode_scalar_register(struct decode_ctx *ctx, unsigned code,
                                               const struct op_slot *slot, struct rdna_operand *o)
{
   unsigned width = type_width(slot->type, ctx->config->wave_size);
   unsigned reg = code;
   if (width > 1 && !decode_tuple(code, width, &reg))
      return decode_fail(ctx, RDNA_INVALID_ENCODING, "register code %u is not a %u-dword %s", code,
                         width, role_name(slot->role));
   o->reg = (uint16_t)reg;
   o->width = (uint8_t)width;
   o->role = slot->role;
   o->type = slot->type;
   o->mods = 0;
   o->value = 0;
   return RDNA_OK;
}

enum rdna_status decode_smem(struct decode_ctx *ctx, uint32_t word, struct rdna_inst *inst)
{
   uint32_t word1;
   enum rdna_status st = decode_word(ctx, 1, &word1);
   if (st != RDNA_OK)
      return st;
   ctx->words_used = 2;
   unsigned opcode = (word >> 18) & 0xff;
   /* Bits 31:26 are 111101: bit 27 set or clear selects another encoding, so word >> 26 == 0x3d
    * already fixed everything above the opcode. */
   int op = op_lookup_opcode(ctx->config->target, RDNA_FMT_SMEM, opcode);
   if (op < 0)
      return decode_fail(ctx, RDNA_UNKNOWN_OPCODE, "SMEM opcode 0x%x does not exist on %s", opcode,
                         rdna_target_name(ctx->config->target));
   const struct op_info *info = op_info((unsigned)op);
   inst->op = (uint16_t)op;
   inst->encoding = RDNA_FMT_SMEM;
   unsigned sdata = (word >> 6) & 0x7f, sbase = (word & 0x3f) * 2;
   unsigned soffset = word1 >> 25;
   int32_t offset = sign_extend21(word1);
   for (unsigned i = 0; i < info->num_slots; i++) {
      const struct op_slot *slot = &info->slots[i];
      struct rdna_operand *o = &inst->operands[i];
      switch (slot->role) {
      case RDNA_ROLE_sdata:
         if (type_width(slot->type, 32) == 0) /* s_atc_probe: a 7-bit probe mode */
            decode_immediate(sdata, slot, o);
         else
            st = decode_scalar_register(ctx, sdata, slot, o);
         break;
      case RDNA_ROLE_sbase:
         st = decode_scalar_register(ctx, sbase, slot, o);
         break;
      case RDNA_ROLE_offset:
         /* GFX10 adds both the offset field and soffset; llvm-mc shows the offset only when
          * soffset is null. The field is kept in mod.offset either way. */
         if (soffset == SMEM_SOFFSET_NONE) {
            decode_immediate((uint32_t)offset, slot, o);
         } else {
            struct op_slot reg_slot = { .role = RDNA_ROLE_soffset, .type = RDNA_TYPE_u32 };
            decode_register(ctx, soffset, &reg_slot, o);
         }
         inst->mod.offset = offset;
         break;
      default:
         st = decode_fail(ctx, RDNA_INVALID_ENCODING, "row %s has a bad signature", info->name);
         break;
      }
      if (st != RDNA_OK)
         return st;
   }
   inst->num_operands = info->num_slots;
   if (has_cache_policy(info)) {
      if (word & (1u << 16))
         inst->mod.flags |= RDNA_FLAG_GLC;
      if (word & (1u << 14))
         inst->mod.flags |= RDNA_FLAG_DLC;
   }
   return RDNA_OK;
}

/* ---- encoding ----------------------------------------------------------------------------- */

enum rdna_status encode_smem(struct encode_ctx *ctx, const struct rdna_inst *inst)
{
   const struct op_info *info = op_info(inst->op);
   if (info->format != RDNA_FMT_SMEM)
      return encode_fail(ctx, RDNA_INVALID_ENCODING, "%s is not an SMEM instruction", info->name);
   uint32_t opcode = (uint32_t)op_opcode(inst->op, ctx->config->target);
   uint32_t word = 0xf4000000u | opcode << 18, word1 = 0;
   if (has_cache_policy(info)) {
      if (inst->mod.flags & RDNA_FLAG_GLC)
         word |= 1u << 16;
      if (inst->mod.flags & RDNA_FLAG_DLC)
         word |= 1u << 14;
   }
   for (unsigned i = 0; i < inst->num_operands && i < info->num_slots; i++) {
      const struct rdna_operand *o = &inst->operands[i];
      switch (info->slots[i].role) {
      case RDNA_ROLE_sdata:
         if (o->reg == RDNA_REG_IMM) {
            word |= (o->value & 0x7f) << 6;
         } else if (o->reg < 128) {
            word |= (uint32_t)o->reg << 6;
         } else {
            return encode_fail(ctx, RDNA_INVALID_OPERAND, "sdata must be a scalar register");
         }
         break;
      case RDNA_ROLE_sbase:
         /* An sbase of null assembles to field 62 (125 / 2) as llvm-mc-14 does, though its
          * disassembler rejects that field. */
         if (o->reg >= 128 || ((o->reg & 1) && o->reg != RDNA_REG_NULL))
            return encode_fail(ctx, RDNA_INVALID_OPERAND, "sbase must be an even scalar register");
         word |= (uint32_t)o->reg / 2;
         break;
      case RDNA_ROLE_offset:
         if (o->reg == RDNA_REG_IMM) {
            word1 = (uint32_t)SMEM_SOFFSET_NONE << 25 | (o->value & 0x1fffff);
         } else if (o->reg < 128) {
            word1 = (uint32_t)o->reg << 25 | ((uint32_t)inst->mod.offset & 0x1fffff);
         } else {
            return encode_fail(ctx, RDNA_INVALID_OPERAND,
                               "the offset must be an immediate or a scalar register");
         }
         break;
      default:
         break;
      }
   }
   ctx->words[0] = word;
   ctx->words[1] = word1;
   ctx->num_words = 2;
   return RDNA_OK;
}

/* ---- printing ----------------------------------------------------------------------------- */

/* A tuple at vcc or exec prints as the pair's name whatever its width (llvm-mc decodes
 * s_load_dwordx4 at code 106 as "vcc"). */
static void print_scalar(struct strbuf *sb, const struct rdna_operand *o)
{
   unsigned width = o->width;
   if (width > 1 && (o->reg == RDNA_REG_VCC_LO || o->reg == RDNA_REG_EXEC_LO))
      width = 2;
   print_register(sb, o->reg, width);
}

static void print_signed_hex(struct strbuf *sb, int32_t v)
{
   if (v < 0)
      sb_printf(sb, "-0x%x", (unsigned)-(int64_t)v);
   else
      sb_printf(sb, "0x%x", (unsigned)v);
}

void print_smem(struct strbuf *sb, const struct rdna_isa_config *config,
                const struct rdna_inst *inst)
{
   (void)config;
   const struct op_info *info = op_info(inst->op);
   sb_puts(sb, info->name);
   for (unsigned i = 0; i < inst->num_operands; i++) {
      const struct rdna_operand *o = &inst->operands[i];
      sb_puts(sb, i ? ", " : " ");
      if (o->role == RDNA_ROLE_offset)
         print_signed_hex(sb, (int32_t)o->value);
      else if (o->reg == RDNA_REG_IMM) /* the probe mode: llvm-mc's decimal-if-inline rule */
         sb_printf(sb, o->value <= 64 ? "%u" : "0x%x", o->value);
      else
         print_scalar(sb, o);
   }
   if (inst->mod.flags & RDNA_FLAG_GLC)
      sb_puts(sb, " glc");
   if (inst->mod.flags & RDNA_FLAG_DLC)
      sb_puts(sb, " dlc");
}

/* ---- building ----------------------------------------------------------------------------- */

/* Register classes of llvm-mc-14's SMEM assembler: sdata takes SGPRs and TTMPs, plus vcc and
 * null up to 64 bits and vcc_hi as one dword (never m0 or exec); a 64-bit sbase also takes vcc
 * and exec; a 128-bit one only SGPRs and TTMPs; soffset takes any single scalar register
 * but exec and (as a pair) anything wider. */
static bool smem_register_allowed(enum rdna_role role, unsigned reg, unsigned width)
{
   if (reg <= 105 || (reg >= RDNA_REG_TTMP0 && reg < RDNA_REG_TTMP0 + 16))
      return true;
   switch (role) {
   case RDNA_ROLE_sdata:
      if (reg == RDNA_REG_VCC_LO || reg == RDNA_REG_NULL)
         return width <= 2;
      return reg == RDNA_REG_VCC_HI && width == 1;
   case RDNA_ROLE_sbase:
      /* llvm-mc-14 also assembles a null sbase, to field 62, which its own disassembler (and
       * ours) rejects: no instruction, so refused here. */
      return width == 2 && (reg == RDNA_REG_VCC_LO || reg == RDNA_REG_EXEC_LO);
   default:
      return reg < 128;
   }
}

static enum rdna_status build_scalar_register(struct build_ctx *b, unsigned index,
                                              enum rdna_role role, unsigned width)
{
   const struct parsed_operand *p = &b->stmt->operands[index];
   const struct op_slot *slot = &op_info(b->op)->slots[index];
   struct rdna_operand *o = &b->inst->operands[index];
   char found[64];
   struct strbuf fsb;
   sb_init(&fsb, found, sizeof(found));
   if (p->kind == PARSED_REG)
      print_register(&fsb, p->reg, p->width);
   else
      sb_puts(&fsb, p->kind == PARSED_NAME ? p->name : "a non-register");
   if (p->mods)
      return build_fail(b, p->column, RDNA_INVALID_OPERAND, "%s takes no modifiers",
                        role_name(role));
   /* null is one name for any width llvm-mc accepts it at. */
   unsigned pwidth = p->kind == PARSED_REG && p->reg == RDNA_REG_NULL ? width : p->width;
   if (p->kind != PARSED_REG || p->reg >= 128 || pwidth != width ||
       !smem_register_allowed(role, p->reg, width))
      return build_fail(b, p->column, RDNA_INVALID_OPERAND,
                        "expected a %u-dword scalar register for %s, found %s", width,
                        role_name(role), found);
   if (width > 1 && p->reg != RDNA_REG_VCC_LO && p->reg != RDNA_REG_EXEC_LO &&
       p->reg != RDNA_REG_NULL) {
      unsigned base = p->reg >= RDNA_REG_TTMP0 ? RDNA_REG_TTMP0 : 0;
      unsigned align = width == 2 ? 2 : 4;
      if ((p->reg - base) % align)
         return build_fail(b, p->column, RDNA_INVALID_OPERAND,
                           "%s must start at a multiple of %u, found %s", role_name(role), align,
                           found);
   }
   o->reg = p->reg;
   o->width = (uint8_t)width;
   o->role = (uint8_t)role;
   o->type = slot->type;
   o->mods = 0;
   o->value = 0;
   return RDNA_OK;
}

static enum rdna_status build_offset(struct build_ctx *b, unsigned index)
{
   const struct parsed_operand *p = &b->stmt->operands[index];
   const struct op_slot *slot = &op_info(b->op)->slots[index];
   struct rdna_operand *o = &b->inst->operands[index];
   if (p->kind == PARSED_INT && !p->mods) {
      /* llvm-mc-14 takes a 20-bit unsigned offset for buffer rows (128-bit sbase), though its
       * disassembler shows the field signed for them too. */
      int sbase = find_slot(op_info(b->op), RDNA_ROLE_sbase);
      bool buffer = sbase >= 0 && type_width(op_info(b->op)->slots[sbase].type, 32) == 4;
      if (buffer && (p->ival < 0 || p->ival > SMEM_OFFSET_MAX))
         return build_fail(b, p->column, RDNA_OUT_OF_RANGE,
                           "expected a 20-bit unsigned offset, found %lld", (long long)p->ival);
      if (p->ival < SMEM_OFFSET_MIN || p->ival > SMEM_OFFSET_MAX)
         return build_fail(b, p->column, RDNA_OUT_OF_RANGE,
                           "expected a 21-bit signed offset, found %lld", (long long)p->ival);
      decode_immediate((uint32_t)p->ival, slot, o);
      b->inst->mod.offset = (int32_t)p->ival;
      return RDNA_OK;
   }
   /* soffset = null is the immediate 0 (the same encoding). */
   if (p->kind == PARSED_REG && p->reg == RDNA_REG_NULL && p->width == 1 && !p->mods) {
      decode_immediate(0, slot, o);
      return RDNA_OK;
   }
   enum rdna_status st = build_scalar_register(b, index, RDNA_ROLE_soffset, 1);
   if (st != RDNA_OK) {
      if (p->kind != PARSED_REG)
         return build_fail(b, p->column, RDNA_INVALID_OPERAND,
                           "expected a 21-bit signed offset or a scalar register for the offset");
      return st;
   }
   o->type = RDNA_TYPE_u32;
   return RDNA_OK;
}

enum rdna_status build_smem(struct build_ctx *b)
{
   const struct op_info *info = op_info(b->op);
   struct rdna_inst *inst = b->inst;
   inst->encoding = RDNA_FMT_SMEM;
   unsigned count = info->num_slots;
   int offset_slot = find_slot(info, RDNA_ROLE_offset);
   /* The offset operand may be left out: offset 0, no soffset. */
   unsigned given = b->stmt->num_operands;
   if (!(offset_slot >= 0 && given == count - 1)) {
      enum rdna_status st = build_expect_operands(b, count);
      if (st != RDNA_OK)
         return st;
   }
   for (unsigned i = 0; i < count; i++) {
      const struct op_slot *slot = &info->slots[i];
      enum rdna_status st;
      if (i >= given) {
         decode_immediate(0, slot, &inst->operands[i]);
         continue;
      }
      const struct parsed_operand *p = &b->stmt->operands[i];
      switch (slot->role) {
      case RDNA_ROLE_sdata:
         if (type_width(slot->type, 32) == 0) {
            /* llvm-mc keeps the low 7 bits of the probe mode. */
            if (p->kind != PARSED_INT || p->mods)
               return build_fail(b, p->column, RDNA_INVALID_OPERAND,
                                 "expected an integer probe mode for %s", info->name);
            decode_immediate((uint32_t)p->ival & 0x7f, slot, &inst->operands[i]);
            st = RDNA_OK;
         } else {
            st = build_scalar_register(b, i, RDNA_ROLE_sdata, type_width(slot->type, 32));
         }
         break;
      case RDNA_ROLE_sbase:
         st = build_scalar_register(b, i, RDNA_ROLE_sbase, type_width(slot->type, 32));
         break;
      case RDNA_ROLE_offset:
         st = build_offset(b, i);
         break;
      default:
         st = build_fail(b, p->column, RDNA_INVALID_OPERAND, "row %s has a bad signature",
                         info->name);
         break;
      }
      if (st != RDNA_OK)
         return st;
   }
   inst->num_operands = (uint8_t)count;
   if (has_cache_policy(info)) {
      static const struct {
         const char *name;
         uint32_t flag;
      } policies[] = { { "glc", RDNA_FLAG_GLC }, { "dlc", RDNA_FLAG_DLC } };
      for (unsigned k = 0; k < 2; k++) {
         struct parsed_modifier *m = build_modifier(b, policies[k].name);
         if (!m)
            continue;
         if (m->has_value)
            return build_fail(b, m->column, RDNA_SYNTAX, "%s takes no value", m->name);
         /* llvm-mc: "duplicate cache policy modifier". */
         for (unsigned j = 0; j < b->stmt->num_modifiers; j++) {
            const struct parsed_modifier *other = &b->stmt->modifiers[j];
            if (other != m && strcmp(other->name, m->name) == 0)
               return build_fail(b, other->column, RDNA_SYNTAX, "duplicate modifier %s", m->name);
         }
         inst->mod.flags |= policies[k].flag;
      }
   }
   return RDNA_OK;
}
