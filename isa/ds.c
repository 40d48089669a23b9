/* Data share encoding (DS): decode, encode, print and build, including ds_swizzle_b32's
 * swizzle() offset syntax. Two dwords: opcode, gds and the 16-bit offset (or offset0/offset1)
 * in the first; vdst, data1, data0 and addr VGPRs in the second. Field rules are llvm-mc-14's:
 * a VGPR field the row does not use must be zero, and register ranges must end below v256. */
#include <string.h>

#include "isa_internal.h"

/* ---- per-row properties --------------------------------------------------------------------- */

/* Rows with two 8-bit offsets instead of one 16-bit offset. */
static bool has_two_offsets(unsigned op)
{
   switch (op) {
   case RDNA_OP_ds_write2_b32:
   case RDNA_OP_ds_write2st64_b32:
   case RDNA_OP_ds_write2_b64:
   case RDNA_OP_ds_write2st64_b64:
   case RDNA_OP_ds_read2_b32:
   case RDNA_OP_ds_read2st64_b32:
   case RDNA_OP_ds_read2_b64:
   case RDNA_OP_ds_read2st64_b64:
   case RDNA_OP_ds_wrxchg2_rtn_b32:
   case RDNA_OP_ds_wrxchg2st64_rtn_b32:
   case RDNA_OP_ds_wrxchg2_rtn_b64:
   case RDNA_OP_ds_wrxchg2st64_rtn_b64:
      return true;
   default:
      return false;
   }
}

enum gds_rule {
   GDS_OPTIONAL, /* the gds bit is free */
   GDS_ALWAYS,   /* GWS and ordered count: llvm-mc requires the bit and always prints gds */
   GDS_NEVER,    /* ds_nop and the permutes: the bit must be clear */
};

static enum gds_rule gds_rule(unsigned op)
{
   switch (op) {
   case RDNA_OP_ds_gws_init:
   case RDNA_OP_ds_gws_sema_v:
   case RDNA_OP_ds_gws_sema_br:
   case RDNA_OP_ds_gws_sema_p:
   case RDNA_OP_ds_gws_barrier:
   case RDNA_OP_ds_gws_sema_release_all:
   case RDNA_OP_ds_ordered_count:
      return GDS_ALWAYS;
   case RDNA_OP_ds_nop:
   case RDNA_OP_ds_permute_b32:
   case RDNA_OP_ds_bpermute_b32:
      return GDS_NEVER;
   default:
      return GDS_OPTIONAL;
   }
}

/* The dword-1 bit position of an operand. GWS rows encode their data0 VGPR in the addr byte,
 * as llvm-mc-14 does (the hardware reads the GWS value from there). */
static unsigned field_shift(const struct op_info *info, enum rdna_role role)
{
   switch (role) {
   case RDNA_ROLE_vdst:
      return 24;
   case RDNA_ROLE_data1:
      return 16;
   case RDNA_ROLE_data0:
      for (unsigned i = 0; i < info->num_slots; i++)
         if (info->slots[i].role == RDNA_ROLE_addr)
            return 8;
      return strncmp(info->name, "ds_gws_", 7) == 0 ? 0 : 8;
   default: /* addr */
      return 0;
   }
}

/* ---- swizzle offsets ---------------------------------------------------------------------- */

/* ds_swizzle_b32's offset (RDNA2 ISA guide, DS_SWIZZLE_B32): 0x80 in bits 15:8 selects
 * quad-permute mode (four 2-bit lane selects in bits 7:0); bit 15 clear selects bit-mask mode,
 * lane = ((lane & and) | or) ^ xor over 5 bits with and in 4:0, or in 9:5, xor in 14:10. */
#define SWIZZLE_QUAD_PERM 0x8000u
#define SWIZZLE_MASK5 0x1fu

static bool is_power_of_two(unsigned v)
{
   return v && !(v & (v - 1));
}

static unsigned popcount(unsigned v)
{
   unsigned n = 0;
   for (; v; v &= v - 1)
      n++;
   return n;
}

/* llvm-mc names the bit-mask patterns it recognises: SWAP (flip one lane bit), REVERSE
 * (flip the low bits), BROADCAST (one lane of each group) and the general per-bit string
 * MSB first: 0/1 constant bit, p keep, i invert. */
static void print_swizzle(struct strbuf *sb, unsigned imm)
{
   if ((imm & 0xff00u) == SWIZZLE_QUAD_PERM) {
      sb_printf(sb, "swizzle(QUAD_PERM,%u,%u,%u,%u)", imm & 3, (imm >> 2) & 3, (imm >> 4) & 3,
                (imm >> 6) & 3);
      return;
   }
   if (imm & 0x8000u) {
      sb_printf(sb, "%u", imm);
      return;
   }
   unsigned and_mask = imm & SWIZZLE_MASK5, or_mask = (imm >> 5) & SWIZZLE_MASK5,
            xor_mask = (imm >> 10) & SWIZZLE_MASK5;
   if (and_mask == SWIZZLE_MASK5 && or_mask == 0 && popcount(xor_mask) == 1) {
      sb_printf(sb, "swizzle(SWAP,%u)", xor_mask);
      return;
   }
   if (and_mask == SWIZZLE_MASK5 && or_mask == 0 && xor_mask && is_power_of_two(xor_mask + 1)) {
      sb_printf(sb, "swizzle(REVERSE,%u)", xor_mask + 1);
      return;
   }
   unsigned group = SWIZZLE_MASK5 - and_mask + 1;
   if (group > 1 && is_power_of_two(group) && or_mask < group && xor_mask == 0) {
      sb_printf(sb, "swizzle(BROADCAST,%u,%u)", group, or_mask);
      return;
   }
   char bits[6];
   for (unsigned i = 0; i < 5; i++) {
      unsigned bit = 1u << (4 - i);
      if ((and_mask & bit) && !(or_mask & bit))
         bits[i] = (xor_mask & bit) ? 'i' : 'p';
      else
         bits[i] = ((or_mask & bit) != 0) != ((xor_mask & bit) != 0) ? '1' : '0';
   }
   bits[5] = '\0';
   sb_printf(sb, "swizzle(BITMASK_PERM,\"%s\")", bits);
}

/* ---- decoding ----------------------------------------------------------------------------- */

enum rdna_status decode_ds(struct decode_ctx *ctx, uint32_t word, struct rdna_inst *inst)
{
   uint32_t word1;
   enum rdna_status st = decode_word(ctx, 1, &word1);
   if (st != RDNA_OK)
      return st;
   ctx->words_used = 2;
   unsigned opcode = (word >> 18) & 0xff;
   int op = op_lookup_opcode(ctx->config->target, RDNA_FMT_DS, opcode);
   if (op < 0)
      return decode_fail(ctx, RDNA_UNKNOWN_OPCODE, "DS opcode 0x%x does not exist on %s", opcode,
                         rdna_target_name(ctx->config->target));
   const struct op_info *info = op_info((unsigned)op);
   inst->op = (uint16_t)op;
   inst->encoding = RDNA_FMT_DS;

   uint32_t used = 0; /* dword-1 bytes the row's operands occupy */
   for (unsigned i = 0; i < info->num_slots; i++) {
      const struct op_slot *slot = &info->slots[i];
      unsigned shift = field_shift(info, slot->role);
      unsigned code = (word1 >> shift) & 0xff;
      unsigned width = type_width(slot->type, ctx->config->wave_size);
      if (code + width > 256)
         return decode_fail(ctx, RDNA_INVALID_ENCODING, "%s v%u needs %u registers past v255",
                            role_name(slot->role), code, width);
      decode_register(ctx, RDNA_REG_VGPR0 + code, slot, &inst->operands[i]);
      used |= 0xffu << shift;
   }
   inst->num_operands = info->num_slots;
   if (word1 & ~used)
      return decode_fail(ctx, RDNA_INVALID_ENCODING, "%s leaves a VGPR field nonzero", info->name);

   bool gds = (word >> 17) & 1;
   enum gds_rule rule = gds_rule((unsigned)op);
   if ((rule == GDS_ALWAYS && !gds) || (rule == GDS_NEVER && gds))
      return decode_fail(ctx, RDNA_INVALID_ENCODING, "%s %s the gds bit", info->name,
                         rule == GDS_ALWAYS ? "requires" : "does not take");
   if (gds)
      inst->mod.flags |= RDNA_FLAG_GDS;
   unsigned offset = word & 0xffff;
   if (op == RDNA_OP_ds_nop && offset)
      return decode_fail(ctx, RDNA_INVALID_ENCODING, "ds_nop takes no offset");
   if (has_two_offsets((unsigned)op)) {
      inst->mod.offset = (int32_t)(offset & 0xff);
      inst->mod.offset1 = (uint16_t)(offset >> 8);
   } else {
      inst->mod.offset = (int32_t)offset;
   }
   /* Bit 16 is ignored by llvm-mc-14 and not kept. */
   return RDNA_OK;
}

/* ---- encoding ----------------------------------------------------------------------------- */

enum rdna_status encode_ds(struct encode_ctx *ctx, const struct rdna_inst *inst)
{
   const struct op_info *info = op_info(inst->op);
   if (info->format != RDNA_FMT_DS)
      return encode_fail(ctx, RDNA_INVALID_ENCODING, "%s is not a DS instruction", info->name);
   uint32_t opcode = (uint32_t)op_opcode(inst->op, ctx->config->target);
   uint32_t word = 0xd8000000u | opcode << 18, word1 = 0;
   enum gds_rule rule = gds_rule(inst->op);
   if (rule == GDS_ALWAYS || (rule == GDS_OPTIONAL && (inst->mod.flags & RDNA_FLAG_GDS)))
      word |= 1u << 17;
   if (has_two_offsets(inst->op))
      word |= ((uint32_t)inst->mod.offset & 0xff) | ((uint32_t)inst->mod.offset1 & 0xff) << 8;
   else if (inst->op != RDNA_OP_ds_nop)
      word |= (uint32_t)inst->mod.offset & 0xffff;
   for (unsigned i = 0; i < inst->num_operands && i < info->num_slots; i++) {
      const struct rdna_operand *o = &inst->operands[i];
      if (o->reg < RDNA_REG_VGPR0 || o->reg >= RDNA_REG_VGPR0 + 256)
         return encode_fail(ctx, RDNA_INVALID_OPERAND, "%s must be a VGPR",
                            role_name(info->slots[i].role));
      word1 |= (uint32_t)(o->reg - RDNA_REG_VGPR0) << field_shift(info, info->slots[i].role);
   }
   ctx->words[0] = word;
   ctx->words[1] = word1;
   ctx->num_words = 2;
   return RDNA_OK;
}

/* ---- printing ----------------------------------------------------------------------------- */

void print_ds(struct strbuf *sb, const struct rdna_isa_config *config, const struct rdna_inst *inst)
{
   const struct op_info *info = op_info(inst->op);
   sb_puts(sb, info->name);
   if (inst->num_operands) {
      sb_putc(sb, ' ');
      print_operands(sb, config, inst, 0);
   }
   if (has_two_offsets(inst->op)) {
      if (inst->mod.offset & 0xff)
         sb_printf(sb, " offset0:%u", (unsigned)inst->mod.offset & 0xff);
      if (inst->mod.offset1 & 0xff)
         sb_printf(sb, " offset1:%u", (unsigned)inst->mod.offset1 & 0xff);
   } else if (inst->mod.offset & 0xffff) {
      sb_puts(sb, " offset:");
      if (inst->op == RDNA_OP_ds_swizzle_b32)
         print_swizzle(sb, (unsigned)inst->mod.offset & 0xffff);
      else
         sb_printf(sb, "%u", (unsigned)inst->mod.offset & 0xffff);
   }
   if (gds_rule(inst->op) == GDS_ALWAYS || (inst->mod.flags & RDNA_FLAG_GDS))
      sb_puts(sb, " gds");
}

/* ---- building ----------------------------------------------------------------------------- */

/* offset:swizzle(MODE, ...) as llvm-mc-14 takes it, with its range rules. */
static enum rdna_status build_swizzle(struct build_ctx *b, const struct parsed_modifier *m,
                                      uint32_t *value)
{
   const struct parsed_call *c = &m->call;
   if (strcmp(c->name, "swizzle") != 0)
      return build_fail(b, c->column, RDNA_INVALID_OPERAND, "expected swizzle(...), found %s()",
                        c->name);
   if (c->num_args < 1 || !c->args[0].is_name)
      return build_fail(b, c->column, RDNA_SYNTAX,
                        "expected a swizzle mode: QUAD_PERM, BITMASK_PERM, BROADCAST, SWAP or "
                        "REVERSE");
   const char *mode = c->args[0].name;
   unsigned nargs = c->num_args - 1;
   for (unsigned i = 1; i < c->num_args; i++)
      if (c->args[i].is_name && strcmp(mode, "BITMASK_PERM") != 0)
         return build_fail(b, c->column, RDNA_SYNTAX, "swizzle(%s) takes integers", mode);
   if (strcmp(mode, "QUAD_PERM") == 0) {
      if (nargs != 4)
         return build_fail(b, c->column, RDNA_SYNTAX, "QUAD_PERM takes four lane ids");
      uint32_t v = SWIZZLE_QUAD_PERM;
      for (unsigned i = 0; i < 4; i++) {
         int64_t lane = c->args[1 + i].ival;
         if (lane < 0 || lane > 3)
            return build_fail(b, c->column, RDNA_OUT_OF_RANGE,
                              "expected a 2-bit lane id, found %lld", (long long)lane);
         v |= (uint32_t)lane << (2 * i);
      }
      *value = v;
      return RDNA_OK;
   }
   if (strcmp(mode, "SWAP") == 0 || strcmp(mode, "REVERSE") == 0) {
      bool swap = mode[0] == 'S';
      if (nargs != 1)
         return build_fail(b, c->column, RDNA_SYNTAX, "%s takes a group size", mode);
      int64_t size = c->args[1].ival;
      if (size < (swap ? 1 : 2) || size > (swap ? 16 : 32) || !is_power_of_two((unsigned)size))
         return build_fail(b, c->column, RDNA_OUT_OF_RANGE,
                           "group size must be a power of two in [%d, %d], found %lld",
                           swap ? 1 : 2, swap ? 16 : 32, (long long)size);
      uint32_t xor_mask = swap ? (uint32_t)size : (uint32_t)size - 1;
      *value = SWIZZLE_MASK5 | xor_mask << 10;
      return RDNA_OK;
   }
   if (strcmp(mode, "BROADCAST") == 0) {
      if (nargs != 2)
         return build_fail(b, c->column, RDNA_SYNTAX, "BROADCAST takes a group size and a lane");
      int64_t size = c->args[1].ival, lane = c->args[2].ival;
      if (size < 2 || size > 32 || !is_power_of_two((unsigned)size))
         return build_fail(b, c->column, RDNA_OUT_OF_RANGE,
                           "group size must be a power of two in [2, 32], found %lld",
                           (long long)size);
      if (lane < 0 || lane >= size)
         return build_fail(b, c->column, RDNA_OUT_OF_RANGE,
                           "lane id must be in [0, %lld], found %lld", (long long)size - 1,
                           (long long)lane);
      *value = (SWIZZLE_MASK5 & ~((uint32_t)size - 1)) | (uint32_t)lane << 5;
      return RDNA_OK;
   }
   if (strcmp(mode, "BITMASK_PERM") == 0) {
      if (nargs != 1 || !c->args[1].is_name || strlen(c->args[1].name) != 5)
         return build_fail(b, c->column, RDNA_SYNTAX,
                           "BITMASK_PERM takes a 5-character mask of 0, 1, p and i");
      uint32_t and_mask = 0, or_mask = 0, xor_mask = 0;
      for (unsigned i = 0; i < 5; i++) {
         uint32_t bit = 1u << (4 - i);
         switch (c->args[1].name[i]) {
         case '0':
            break;
         case '1':
            or_mask |= bit;
            break;
         case 'p':
            and_mask |= bit;
            break;
         case 'i':
            and_mask |= bit;
            xor_mask |= bit;
            break;
         default:
            return build_fail(b, c->column, RDNA_SYNTAX,
                              "BITMASK_PERM mask characters are 0, 1, p and i, found '%c'",
                              c->args[1].name[i]);
         }
      }
      *value = and_mask | or_mask << 5 | xor_mask << 10;
      return RDNA_OK;
   }
   return build_fail(b, c->column, RDNA_INVALID_OPERAND, "unknown swizzle mode '%s'", mode);
}

/* The modifiers llvm-mc-14 takes after DS operands, in the order it requires them. */
static int modifier_rank(const char *name)
{
   if (strcmp(name, "offset") == 0 || strcmp(name, "offset0") == 0)
      return 0;
   if (strcmp(name, "offset1") == 0)
      return 1;
   if (strcmp(name, "gds") == 0)
      return 2;
   return -1;
}

static enum rdna_status build_offset_modifier(struct build_ctx *b, const char *name, int64_t max,
                                              int64_t *value)
{
   struct parsed_modifier *m = build_modifier(b, name);
   *value = 0;
   if (!m)
      return RDNA_OK;
   if (m->is_call && b->op == RDNA_OP_ds_swizzle_b32 && strcmp(name, "offset") == 0) {
      uint32_t v = 0;
      enum rdna_status st = build_swizzle(b, m, &v);
      *value = v;
      return st;
   }
   return build_modifier_int(b, m, 0, max, value);
}

enum rdna_status build_ds(struct build_ctx *b)
{
   struct rdna_inst *inst = b->inst;
   inst->encoding = RDNA_FMT_DS;
   enum rdna_status st = fit_all_operands(b, ACCEPT_VGPR);
   if (st != RDNA_OK)
      return st;

   /* Order and uniqueness first, so a misplaced modifier is named as such. */
   int last_rank = -1;
   const char *last_name = NULL;
   for (unsigned i = 0; i < b->stmt->num_modifiers; i++) {
      const struct parsed_modifier *m = &b->stmt->modifiers[i];
      int rank = modifier_rank(m->name);
      if (rank < 0)
         continue; /* reported as not valid by build_check_modifiers */
      if (rank == last_rank && strcmp(m->name, last_name) == 0)
         return build_fail(b, m->column, RDNA_SYNTAX, "%s is given twice", m->name);
      if (rank <= last_rank)
         return build_fail(b, m->column, RDNA_SYNTAX, "%s cannot follow %s", m->name, last_name);
      last_rank = rank;
      last_name = m->name;
   }

   bool two = has_two_offsets(b->op);
   int64_t v0 = 0, v1 = 0;
   if (two) {
      if ((st = build_offset_modifier(b, "offset0", 255, &v0)) != RDNA_OK ||
          (st = build_offset_modifier(b, "offset1", 255, &v1)) != RDNA_OK)
         return st;
      inst->mod.offset = (int32_t)v0;
      inst->mod.offset1 = (uint16_t)v1;
   } else if (b->op != RDNA_OP_ds_nop) {
      if ((st = build_offset_modifier(b, "offset", 0xffff, &v0)) != RDNA_OK)
         return st;
      inst->mod.offset = (int32_t)v0;
   }
   enum gds_rule rule = gds_rule(b->op);
   if (rule != GDS_NEVER) {
      struct parsed_modifier *m = build_modifier(b, "gds");
      if (m && m->has_value)
         return build_fail(b, m->column, RDNA_SYNTAX, "gds takes no value");
      /* gds is implied for GWS and ordered count, but llvm-mc-14 wants it written after an
       * offset ("too few operands" otherwise). */
      const struct parsed_modifier *offset = NULL;
      for (unsigned i = 0; i < b->stmt->num_modifiers; i++)
         if (strcmp(b->stmt->modifiers[i].name, "offset") == 0)
            offset = &b->stmt->modifiers[i];
      if (rule == GDS_ALWAYS && offset && !m)
         return build_fail(b, offset->column, RDNA_SYNTAX, "expected gds after the offset of %s",
                           op_info(b->op)->name);
      if (m || rule == GDS_ALWAYS)
         inst->mod.flags |= RDNA_FLAG_GDS;
   }
   return RDNA_OK;
}
