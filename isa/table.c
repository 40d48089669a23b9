/* The instruction table expanded into rows, with each signature parsed once and the lookups
 * every other part uses: opcode to row per target and format, mnemonic to row. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "isa_internal.h"

struct table_row {
   const char *name;
   uint8_t format;
   int16_t opcode[RDNA_TARGET_COUNT];
   const char *signature;
   uint32_t flags;
};

static const struct table_row table_rows[] = {
#define INST(name, format, op1013, op1030, signature, flags) \
   { #name, RDNA_FMT_##format, { op1013, op1030 }, signature, flags },
#include "table.def"
#undef INST
};

static const char *const role_names[] = {
#define ROLE(name) #name,
#include "operands.def"
#undef ROLE
};

static const struct {
   const char *name;
   unsigned dwords;
} type_infos[] = {
#define TYPE(name, dwords) { #name, dwords },
#include "operands.def"
#undef TYPE
};

static const char *const format_names[] = {
#define FORMAT(name, is_row) #name,
#include "formats.def"
#undef FORMAT
};

/* VOP3 opcodes are 10 bits; every other format's fit below that. */
#define OPCODE_SPACE 1024

static struct op_info op_infos[RDNA_OP_COUNT > 0 ? RDNA_OP_COUNT : 1];
static int16_t opcode_map[RDNA_TARGET_COUNT][RDNA_FMT_COUNT][OPCODE_SPACE];
static uint16_t names_sorted[RDNA_OP_COUNT > 0 ? RDNA_OP_COUNT : 1];
static pthread_once_t table_once = PTHREAD_ONCE_INIT;

static int find_role(const char *s, size_t n)
{
   for (unsigned i = 0; i < RDNA_ROLE_COUNT; i++)
      if (strlen(role_names[i]) == n && memcmp(role_names[i], s, n) == 0)
         return (int)i;
   return -1;
}

static int find_type(const char *s, size_t n)
{
   for (unsigned i = 0; i < RDNA_TYPE_COUNT; i++)
      if (strlen(type_infos[i].name) == n && memcmp(type_infos[i].name, s, n) == 0)
         return (int)i;
   return -1;
}

/* Signatures are checked by the table tests (tests/isa/test_table.c): a bad word here leaves the
 * slot list short, which those tests report with the row name. A word is role:type or
 * role:type:reg. */
static void parse_signature(const char *sig, struct op_info *info)
{
   const char *p = sig;
   info->num_slots = 0;
   while (*p) {
      while (*p == ' ')
         p++;
      if (!*p)
         break;
      const char *word = p;
      while (*p && *p != ' ')
         p++;
      const char *colon = memchr(word, ':', (size_t)(p - word));
      if (!colon || info->num_slots >= RDNA_MAX_OPERANDS)
         return;
      const char *type_end = memchr(colon + 1, ':', (size_t)(p - colon - 1));
      uint8_t flags = 0;
      if (type_end) {
         if ((size_t)(p - type_end - 1) != 3 || memcmp(type_end + 1, "reg", 3) != 0)
            return;
         flags |= SLOT_REG;
      } else {
         type_end = p;
      }
      int role = find_role(word, (size_t)(colon - word));
      int type = find_type(colon + 1, (size_t)(type_end - colon - 1));
      if (role < 0 || type < 0)
         return;
      info->slots[info->num_slots].role = (uint8_t)role;
      info->slots[info->num_slots].type = (uint8_t)type;
      info->slots[info->num_slots].flags = flags;
      info->num_slots++;
   }
}

static int compare_names(const void *a, const void *b)
{
   return strcmp(table_rows[*(const uint16_t *)a].name, table_rows[*(const uint16_t *)b].name);
}

static void table_init(void)
{
   memset(opcode_map, 0xff, sizeof(opcode_map));
   for (unsigned i = 0; i < RDNA_OP_COUNT; i++) {
      const struct table_row *row = &table_rows[i];
      struct op_info *info = &op_infos[i];
      info->name = row->name;
      info->signature = row->signature;
      info->format = row->format;
      info->flags = row->flags;
      for (unsigned t = 0; t < RDNA_TARGET_COUNT; t++) {
         info->opcode[t] = row->opcode[t];
         if (row->opcode[t] >= 0 && row->opcode[t] < OPCODE_SPACE &&
             opcode_map[t][row->format][row->opcode[t]] < 0)
            opcode_map[t][row->format][row->opcode[t]] = (int16_t)i;
      }
      parse_signature(row->signature, info);
      names_sorted[i] = (uint16_t)i;
   }
   qsort(names_sorted, RDNA_OP_COUNT, sizeof(names_sorted[0]), compare_names);
}

static void table_ready(void)
{
   pthread_once(&table_once, table_init);
}

const struct op_info *op_info(unsigned op)
{
   if (op >= RDNA_OP_COUNT)
      return NULL;
   table_ready();
   return &op_infos[op];
}

int op_lookup_opcode(enum rdna_target target, enum rdna_format format, unsigned opcode)
{
   if ((unsigned)target >= RDNA_TARGET_COUNT || (unsigned)format >= RDNA_FMT_COUNT ||
       opcode >= OPCODE_SPACE)
      return -1;
   table_ready();
   return opcode_map[target][format][opcode];
}

int op_lookup_name(const char *name, size_t length)
{
   table_ready();
   size_t lo = 0, hi = RDNA_OP_COUNT;
   while (lo < hi) {
      size_t mid = (lo + hi) / 2;
      const char *row = table_rows[names_sorted[mid]].name;
      int c = strncmp(row, name, length);
      if (c == 0 && row[length] != '\0')
         c = 1;
      if (c == 0)
         return names_sorted[mid];
      if (c < 0)
         lo = mid + 1;
      else
         hi = mid;
   }
   return -1;
}

int op_opcode(unsigned op, enum rdna_target target)
{
   if (op >= RDNA_OP_COUNT || (unsigned)target >= RDNA_TARGET_COUNT)
      return NONE;
   return table_rows[op].opcode[target];
}

bool op_on_target(unsigned op, enum rdna_target target)
{
   return op_opcode(op, target) != NONE;
}

const char *role_name(unsigned role)
{
   return role < RDNA_ROLE_COUNT ? role_names[role] : "?";
}

const char *type_name(unsigned type)
{
   return type < RDNA_TYPE_COUNT ? type_infos[type].name : "?";
}

unsigned type_width(unsigned type, unsigned wave_size)
{
   if (type == RDNA_TYPE_mask)
      return wave_size == 64 ? 2 : 1;
   return type < RDNA_TYPE_COUNT ? type_infos[type].dwords : 0;
}

bool type_is_float(unsigned type)
{
   return type == RDNA_TYPE_f16 || type == RDNA_TYPE_f32 || type == RDNA_TYPE_f64 ||
          type == RDNA_TYPE_v2f16;
}

unsigned type_bits(unsigned type)
{
   switch (type) {
   case RDNA_TYPE_b16:
   case RDNA_TYPE_i16:
   case RDNA_TYPE_u16:
   case RDNA_TYPE_f16:
      return 16;
   case RDNA_TYPE_b64:
   case RDNA_TYPE_i64:
   case RDNA_TYPE_u64:
   case RDNA_TYPE_f64:
      return 64;
   default:
      return 32;
   }
}

/* ---- public names ------------------------------------------------------------------------- */

const char *rdna_op_name(unsigned op)
{
   return op < RDNA_OP_COUNT ? table_rows[op].name : "?";
}

unsigned rdna_op_count(void)
{
   return RDNA_OP_COUNT;
}

const char *rdna_encoding_name(unsigned encoding)
{
   return encoding < RDNA_FMT_COUNT ? format_names[encoding] : "?";
}

const char *rdna_target_name(enum rdna_target target)
{
   switch (target) {
   case RDNA_TARGET_GFX1013:
      return "gfx1013";
   case RDNA_TARGET_GFX1030:
      return "gfx1030";
   default:
      return "?";
   }
}

bool rdna_target_from_name(const char *name, enum rdna_target *target)
{
   for (unsigned t = 0; t < RDNA_TARGET_COUNT; t++) {
      if (name && strcmp(name, rdna_target_name((enum rdna_target)t)) == 0) {
         *target = (enum rdna_target)t;
         return true;
      }
   }
   return false;
}

static const char *const status_names[] = {
#define STATUS_NAME(name, message) #name,
   RDNA_STATUS_LIST(STATUS_NAME)
#undef STATUS_NAME
};

static const char *const status_messages[] = {
#define STATUS_MESSAGE(name, message) message,
   RDNA_STATUS_LIST(STATUS_MESSAGE)
#undef STATUS_MESSAGE
};

const char *rdna_status_name(enum rdna_status status)
{
   return (unsigned)status < RDNA_STATUS_COUNT ? status_names[status] : "?";
}

const char *rdna_status_message(enum rdna_status status)
{
   return (unsigned)status < RDNA_STATUS_COUNT ? status_messages[status] : "unknown status";
}
