/* Export (EXP) and parameter interpolation (VINTRP) encodings: decode, encode, print and
 * build. EXP is two dwords (target, enable mask, done/compr/vm; four source VGPRs); VINTRP is
 * one (vdst, op, attribute, channel, and a VGPR or the p10/p20/p0 parameter). Both come to
 * these functions: decode_exp sees first dwords starting 111110 (EXP) or 110010 (VINTRP). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa_internal.h"

/* ---- export targets ----------------------------------------------------------------------- */

/* Target numbers (RDNA2 ISA guide, "Export" chapter): 0-7 mrt0-7, 8 mrtz, 9 null, 12-16
 * pos0-4, 20 prim, 32-63 param0-31. llvm-mc-14 prints the others as invalid_target_N and does
 * not assemble them. */
#define EXP_TARGET_MRTZ 8
#define EXP_TARGET_NULL 9
#define EXP_TARGET_POS0 12
#define EXP_TARGET_PRIM 20
#define EXP_TARGET_PARAM0 32

static void print_target(struct strbuf *sb, unsigned t)
{
   if (t < EXP_TARGET_MRTZ)
      sb_printf(sb, "mrt%u", t);
   else if (t == EXP_TARGET_MRTZ)
      sb_puts(sb, "mrtz");
   else if (t == EXP_TARGET_NULL)
      sb_puts(sb, "null");
   else if (t >= EXP_TARGET_POS0 && t <= EXP_TARGET_POS0 + 4)
      sb_printf(sb, "pos%u", t - EXP_TARGET_POS0);
   else if (t == EXP_TARGET_PRIM)
      sb_puts(sb, "prim");
   else if (t >= EXP_TARGET_PARAM0 && t < EXP_TARGET_PARAM0 + 32)
      sb_printf(sb, "param%u", t - EXP_TARGET_PARAM0);
   else
      sb_printf(sb, "invalid_target_%u", t);
}

/* The number after a name prefix: "mrt" + "3"; -1 when the rest is not all digits or has a
 * leading zero (llvm-mc-14 rejects "mrt01"). */
static long name_number(const char *name, const char *prefix)
{
   size_t n = strlen(prefix);
   if (strncmp(name, prefix, n) != 0 || name[n] == '\0' || strlen(name + n) > 3 ||
       (name[n] == '0' && name[n + 1] != '\0'))
      return -1;
   for (const char *p = name + n; *p; p++)
      if (*p < '0' || *p > '9')
         return -1;
   return strtol(name + n, NULL, 10);
}

static int parse_target(const char *name)
{
   long n;
   if (strcmp(name, "mrtz") == 0)
      return EXP_TARGET_MRTZ;
   if (strcmp(name, "null") == 0)
      return EXP_TARGET_NULL;
   if (strcmp(name, "prim") == 0)
      return EXP_TARGET_PRIM;
   if ((n = name_number(name, "mrt")) >= 0 && n < 8)
      return (int)n;
   if ((n = name_number(name, "pos")) >= 0 && n < 5)
      return EXP_TARGET_POS0 + (int)n;
   if ((n = name_number(name, "param")) >= 0 && n < 32)
      return EXP_TARGET_PARAM0 + (int)n;
   return -1;
}

/* ---- decoding ----------------------------------------------------------------------------- */

static void decode_off(const struct op_slot *slot, struct rdna_operand *o)
{
   o->reg = RDNA_REG_OFF;
   o->width = 0;
   o->role = slot->role;
   o->type = slot->type;
   o->mods = 0;
   o->value = 0;
}

/* With compr, each source dword holds two packed halves: sources 0 and 1 read vsrc0 and
 * sources 2 and 3 read vsrc1; llvm-mc-14 prints the enabled positions that way. */
static enum rdna_status decode_export(struct decode_ctx *ctx, uint32_t word, struct rdna_inst *inst)
{
   uint32_t word1;
   enum rdna_status st = decode_word(ctx, 1, &word1);
   if (st != RDNA_OK)
      return st;
   ctx->words_used = 2;
   int op = op_lookup_opcode(ctx->config->target, RDNA_FMT_EXP, 0);
   if (op < 0)
      return decode_fail(ctx, RDNA_UNKNOWN_OPCODE, "no export on %s",
                         rdna_target_name(ctx->config->target));
   const struct op_info *info = op_info((unsigned)op);
   inst->op = (uint16_t)op;
   inst->encoding = RDNA_FMT_EXP;
   unsigned en = word & 0xf, target = (word >> 4) & 0x3f;
   bool compr = (word >> 10) & 1;
   decode_immediate(target, &info->slots[0], &inst->operands[0]);
   for (unsigned i = 0; i < 4; i++) {
      const struct op_slot *slot = &info->slots[1 + i];
      struct rdna_operand *o = &inst->operands[1 + i];
      unsigned field = compr ? i / 2 : i;
      if (en & (1u << i))
         decode_register(ctx, RDNA_REG_VGPR0 + ((word1 >> (8 * field)) & 0xff), slot, o);
      else
         decode_off(slot, o);
   }
   inst->num_operands = 5;
   inst->mod.exp_target = (uint8_t)target;
   inst->mod.exp_en = (uint8_t)en;
   if (word & (1u << 11))
      inst->mod.flags |= RDNA_FLAG_EXP_DONE;
   if (compr)
      inst->mod.flags |= RDNA_FLAG_EXP_COMPR;
   if (word & (1u << 12))
      inst->mod.flags |= RDNA_FLAG_EXP_VM;
   return RDNA_OK;
}

static enum rdna_status decode_interp(struct decode_ctx *ctx, uint32_t word, struct rdna_inst *inst)
{
   unsigned opcode = (word >> 16) & 3;
   int op = op_lookup_opcode(ctx->config->target, RDNA_FMT_VINTRP, opcode);
   if (op < 0)
      return decode_fail(ctx, RDNA_UNKNOWN_OPCODE, "VINTRP opcode %u does not exist on %s", opcode,
                         rdna_target_name(ctx->config->target));
   const struct op_info *info = op_info((unsigned)op);
   inst->op = (uint16_t)op;
   inst->encoding = RDNA_FMT_VINTRP;
   unsigned attr = (word >> 10) & 0x3f, chan = (word >> 8) & 3, vsrc = word & 0xff;
   decode_register(ctx, RDNA_REG_VGPR0 + ((word >> 18) & 0xff), &info->slots[0],
                   &inst->operands[0]);
   if (info->slots[1].role == RDNA_ROLE_param)
      decode_immediate(vsrc, &info->slots[1], &inst->operands[1]);
   else
      decode_register(ctx, RDNA_REG_VGPR0 + vsrc, &info->slots[1], &inst->operands[1]);
   decode_immediate(attr << 2 | chan, &info->slots[2], &inst->operands[2]);
   inst->num_operands = 3;
   inst->mod.attr = (uint8_t)attr;
   inst->mod.attr_chan = (uint8_t)chan;
   return RDNA_OK;
}

enum rdna_status decode_exp(struct decode_ctx *ctx, uint32_t word, struct rdna_inst *inst)
{
   if ((word >> 26) == 0x3e)
      return decode_export(ctx, word, inst);
   return decode_interp(ctx, word, inst);
}

/* ---- encoding ----------------------------------------------------------------------------- */

/* The VGPR of export position i, or -1 when it is off. */
static int export_vgpr(const struct rdna_inst *inst, unsigned i)
{
   const struct rdna_operand *o = &inst->operands[1 + i];
   if (o->reg >= RDNA_REG_VGPR0 && o->reg < RDNA_REG_VGPR0 + 256)
      return o->reg - RDNA_REG_VGPR0;
   return -1;
}

enum rdna_status encode_exp(struct encode_ctx *ctx, const struct rdna_inst *inst)
{
   const struct op_info *info = op_info(inst->op);
   if (info->format != inst->encoding)
      return encode_fail(ctx, RDNA_INVALID_ENCODING, "%s is not a %s instruction", info->name,
                         rdna_encoding_name(inst->encoding));
   if (inst->num_operands != info->num_slots)
      return encode_fail(ctx, RDNA_INVALID_OPERAND, "%s takes %u operands, found %u", info->name,
                         info->num_slots, inst->num_operands);
   if (info->format == RDNA_FMT_EXP) {
      bool compr = inst->mod.flags & RDNA_FLAG_EXP_COMPR;
      uint32_t word = 0xf8000000u | (inst->mod.exp_target & 0x3fu) << 4 | (inst->mod.exp_en & 0xfu);
      if (inst->mod.flags & RDNA_FLAG_EXP_DONE)
         word |= 1u << 11;
      if (compr)
         word |= 1u << 10;
      if (inst->mod.flags & RDNA_FLAG_EXP_VM)
         word |= 1u << 12;
      uint32_t word1 = 0;
      for (unsigned field = 0; field < (compr ? 2u : 4u); field++) {
         /* With compr, field f is the first enabled of positions 2f and 2f+1. */
         int v = compr ? export_vgpr(inst, 2 * field) : export_vgpr(inst, field);
         if (compr && v < 0)
            v = export_vgpr(inst, 2 * field + 1);
         if (v >= 0)
            word1 |= (uint32_t)v << (8 * field);
      }
      ctx->words[0] = word;
      ctx->words[1] = word1;
      ctx->num_words = 2;
      return RDNA_OK;
   }
   const struct rdna_operand *vdst = &inst->operands[0], *src = &inst->operands[1];
   if (vdst->reg < RDNA_REG_VGPR0 || vdst->reg >= RDNA_REG_VGPR0 + 256)
      return encode_fail(ctx, RDNA_INVALID_OPERAND, "vdst must be a VGPR");
   uint32_t vsrc;
   if (src->reg == RDNA_REG_IMM)
      vsrc = src->value & 0xff;
   else if (src->reg >= RDNA_REG_VGPR0 && src->reg < RDNA_REG_VGPR0 + 256)
      vsrc = src->reg - RDNA_REG_VGPR0;
   else
      return encode_fail(ctx, RDNA_INVALID_OPERAND, "the interpolation source must be a VGPR");
   uint32_t opcode = (uint32_t)op_opcode(inst->op, ctx->config->target);
   ctx->words[0] = 0xc8000000u | (uint32_t)(vdst->reg - RDNA_REG_VGPR0) << 18 | opcode << 16 |
                   (inst->mod.attr & 0x3fu) << 10 | (inst->mod.attr_chan & 3u) << 8 | vsrc;
   ctx->num_words = 1;
   return RDNA_OK;
}

/* ---- printing ----------------------------------------------------------------------------- */

static const char channel_names[4] = { 'x', 'y', 'z', 'w' };
static const char *const param_names[3] = { "p10", "p20", "p0" };

void print_exp(struct strbuf *sb, const struct rdna_isa_config *config,
               const struct rdna_inst *inst)
{
   const struct op_info *info = op_info(inst->op);
   if (info->format == RDNA_FMT_EXP) {
      sb_puts(sb, "exp ");
      print_target(sb, inst->mod.exp_target);
      sb_putc(sb, ' ');
      print_operands(sb, config, inst, 1);
      if (inst->mod.flags & RDNA_FLAG_EXP_DONE)
         sb_puts(sb, " done");
      if (inst->mod.flags & RDNA_FLAG_EXP_COMPR)
         sb_puts(sb, " compr");
      if (inst->mod.flags & RDNA_FLAG_EXP_VM)
         sb_puts(sb, " vm");
      return;
   }
   /* llvm-mc-14 names the VINTRP encoding with _e32 (the VOP3 one is _e64). */
   sb_printf(sb, "%s_e32 ", info->name);
   print_operand(sb, config, inst, 0);
   sb_puts(sb, ", ");
   const struct rdna_operand *src = &inst->operands[1];
   if (src->reg == RDNA_REG_IMM) {
      if (src->value < 3)
         sb_puts(sb, param_names[src->value]);
      else
         sb_printf(sb, "invalid_param_%u", src->value);
   } else {
      print_operand(sb, config, inst, 1);
   }
   sb_printf(sb, ", attr%u.%c", inst->mod.attr & 0x3fu, channel_names[inst->mod.attr_chan & 3]);
}

/* ---- building ----------------------------------------------------------------------------- */

/* "exp mrt0 off, v1, off, off" separates the target from the first source by a space only, and
 * the statement parser starts the modifiers at a bare word such as "off", so the sources can
 * arrive as modifiers. Moves leading value-less modifiers that are "off" or a VGPR "vN" back
 * into the operand list. */
static void recover_export_sources(struct build_ctx *b)
{
   struct parsed_stmt *stmt = (struct parsed_stmt *)b->stmt;
   unsigned moved = 0;
   while (stmt->num_operands + moved < 5 && moved < stmt->num_modifiers) {
      const struct parsed_modifier *m = &stmt->modifiers[moved];
      if (m->has_value)
         break;
      struct parsed_operand op;
      memset(&op, 0, sizeof(op));
      op.column = m->column;
      long n = name_number(m->name, "v");
      if (strcmp(m->name, "off") == 0) {
         op.kind = PARSED_NAME;
         strcpy(op.name, "off");
      } else if (n >= 0 && n < 256) {
         op.kind = PARSED_REG;
         op.reg = (uint16_t)(RDNA_REG_VGPR0 + n);
         op.width = 1;
      } else {
         break;
      }
      stmt->operands[stmt->num_operands + moved] = op;
      moved++;
   }
   if (!moved)
      return;
   stmt->num_operands += moved;
   stmt->num_modifiers -= moved;
   memmove(&stmt->modifiers[0], &stmt->modifiers[moved],
           stmt->num_modifiers * sizeof(stmt->modifiers[0]));
}

static enum rdna_status build_export(struct build_ctx *b)
{
   const struct op_info *info = op_info(b->op);
   struct rdna_inst *inst = b->inst;
   inst->encoding = RDNA_FMT_EXP;
   recover_export_sources(b);
   enum rdna_status st = build_expect_operands(b, info->num_slots);
   if (st != RDNA_OK)
      return st;
   const struct parsed_operand *p = &b->stmt->operands[0];
   int target = p->kind == PARSED_NAME ? parse_target(p->name) : -1;
   if (p->kind == PARSED_REG && p->reg == RDNA_REG_NULL && p->width == 1)
      target = EXP_TARGET_NULL; /* the lexer reads "null" as the register */
   if (target < 0)
      return build_fail(b, p->column, RDNA_INVALID_OPERAND,
                        "expected an export target (mrt0-7, mrtz, null, pos0-4, prim, "
                        "param0-31)%s%s",
                        p->kind == PARSED_NAME ? ", found " : "",
                        p->kind == PARSED_NAME ? p->name : "");
   decode_immediate((uint32_t)target, &info->slots[0], &inst->operands[0]);
   for (unsigned i = 1; i < 5; i++)
      if ((st = fit_operand(b, i, ACCEPT_VGPR | ACCEPT_OFF)) != RDNA_OK)
         return st;
   inst->num_operands = 5;

   /* done, compr, vm: llvm-mc-14 takes them in this order, once each. */
   static const struct {
      const char *name;
      uint32_t flag;
   } flags[] = { { "done", RDNA_FLAG_EXP_DONE },
                 { "compr", RDNA_FLAG_EXP_COMPR },
                 { "vm", RDNA_FLAG_EXP_VM } };
   int last = -1;
   for (unsigned i = 0; i < b->stmt->num_modifiers; i++) {
      const struct parsed_modifier *m = &b->stmt->modifiers[i];
      for (int k = 0; k < 3; k++) {
         if (strcmp(m->name, flags[k].name) != 0)
            continue;
         if (k == last)
            return build_fail(b, m->column, RDNA_SYNTAX, "%s is given twice", m->name);
         if (k < last)
            return build_fail(b, m->column, RDNA_SYNTAX, "%s must come before %s", m->name,
                              flags[last].name);
         if (m->has_value)
            return build_fail(b, m->column, RDNA_SYNTAX, "%s takes no value", m->name);
         last = k;
         build_modifier(b, m->name);
         inst->mod.flags |= flags[k].flag;
      }
   }
   unsigned en = 0;
   if (inst->mod.flags & RDNA_FLAG_EXP_COMPR) {
      /* llvm-mc-14 reads positions 0 and 2 only, each enabling both halves of its dword; the
       * positions 1 and 3 then show the same VGPR, as the decoder prints them. */
      for (unsigned f = 0; f < 2; f++) {
         struct rdna_operand *first = &inst->operands[1 + 2 * f];
         if (first->reg != RDNA_REG_OFF)
            en |= 3u << (2 * f);
         inst->operands[2 + 2 * f] = *first;
         inst->operands[2 + 2 * f].role = (uint8_t)(RDNA_ROLE_vsrc0 + 2 * f + 1);
      }
   } else {
      for (unsigned i = 0; i < 4; i++)
         if (inst->operands[1 + i].reg != RDNA_REG_OFF)
            en |= 1u << i;
   }
   inst->mod.exp_target = (uint8_t)target;
   inst->mod.exp_en = (uint8_t)en;
   return RDNA_OK;
}

static enum rdna_status build_interp(struct build_ctx *b)
{
   const struct op_info *info = op_info(b->op);
   struct rdna_inst *inst = b->inst;
   struct parsed_stmt *stmt = (struct parsed_stmt *)b->stmt;
   inst->encoding = RDNA_FMT_VINTRP;
   if (stmt->suffix == SUFFIX_E64)
      return build_fail(b, stmt->column, RDNA_NOT_ON_TARGET,
                        "the VOP3 form %s is not supported; write %s for the VINTRP encoding",
                        stmt->mnemonic, info->name);
   /* llvm-mc-14 picks the VOP3 form (the row named <name>_e64) for what VINTRP cannot hold:
    * a source that is not a VGPR, or VOP3 modifiers (clamp, mul:2, ...). */
   bool vintrp_source = info->slots[1].role == RDNA_ROLE_param ||
                        (b->stmt->num_operands > 1 && b->stmt->operands[1].kind == PARSED_REG &&
                         b->stmt->operands[1].reg >= RDNA_REG_VGPR0);
   if (stmt->suffix == SUFFIX_NONE && (!vintrp_source || b->stmt->num_modifiers)) {
      char name[64];
      snprintf(name, sizeof(name), "%s_e64", info->name);
      int vop3 = op_lookup_name(name, strlen(name));
      if (vop3 >= 0 && op_on_target((unsigned)vop3, b->config->target)) {
         b->op = (unsigned)vop3;
         inst->op = (uint16_t)vop3;
         return build_vop(b);
      }
   }
   if (stmt->suffix == SUFFIX_E32) /* the VINTRP encoding's own name */
      stmt->suffix = SUFFIX_NONE;
   enum rdna_status st = build_expect_operands(b, info->num_slots);
   if (st != RDNA_OK)
      return st;
   if ((st = fit_operand(b, 0, ACCEPT_VGPR)) != RDNA_OK)
      return st;
   const struct parsed_operand *p = &b->stmt->operands[1];
   if (info->slots[1].role == RDNA_ROLE_param) {
      int param = -1;
      for (int k = 0; k < 3 && p->kind == PARSED_NAME; k++)
         if (strcmp(p->name, param_names[k]) == 0)
            param = k;
      if (param < 0)
         return build_fail(b, p->column, RDNA_INVALID_OPERAND,
                           "expected an interpolation parameter p10, p20 or p0");
      decode_immediate((uint32_t)param, &info->slots[1], &inst->operands[1]);
   } else if ((st = fit_operand(b, 1, ACCEPT_VGPR)) != RDNA_OK) {
      return st;
   }
   /* attrN.c: N in [0, 63], c one of x y z w (lower case), as llvm-mc-14 takes it. */
   p = &b->stmt->operands[2];
   const char *dot = p->kind == PARSED_NAME ? strchr(p->name, '.') : NULL;
   if (!dot || strncmp(p->name, "attr", 4) != 0 || dot == p->name + 4)
      return build_fail(b, p->column, RDNA_INVALID_OPERAND,
                        "expected an attribute attrN.c (N 0-63, c x/y/z/w)");
   long attr = 0;
   for (const char *c = p->name + 4; c < dot; c++) {
      if (*c < '0' || *c > '9')
         return build_fail(b, p->column, RDNA_INVALID_OPERAND,
                           "expected an attribute attrN.c (N 0-63, c x/y/z/w)");
      attr = attr > 63 ? attr : attr * 10 + (*c - '0'); /* leading zeros are fine */
   }
   if (attr > 63)
      return build_fail(b, p->column, RDNA_OUT_OF_RANGE,
                        "attribute number must be in [0, 63], found %s", p->name);
   const char *chan = dot[1] ? memchr(channel_names, dot[1], sizeof(channel_names)) : NULL;
   if (!chan || dot[2] != '\0')
      return build_fail(b, p->column, RDNA_INVALID_OPERAND,
                        "expected an attribute channel x, y, z or w, found %s", p->name);
   unsigned channel = (unsigned)(chan - channel_names);
   decode_immediate((uint32_t)attr << 2 | channel, &info->slots[2], &inst->operands[2]);
   inst->num_operands = 3;
   inst->mod.attr = (uint8_t)attr;
   inst->mod.attr_chan = (uint8_t)channel;
   return RDNA_OK;
}

enum rdna_status build_exp(struct build_ctx *b)
{
   if (op_info(b->op)->format == RDNA_FMT_EXP)
      return build_export(b);
   return build_interp(b);
}
