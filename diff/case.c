/* The case model's accessors (include/rdna/case.h), the initial register values a loader puts in
 * a machine, and the check of [expect] against a final state read through callbacks. The parser
 * is case_parse.c, expressions case_expr.c. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "case_internal.h"

void rdna_case_destroy(struct rdna_case *c)
{
   if (!c)
      return;
   for (size_t i = 0; i < c->num_regions; i++) {
      free(c->regions[i].name);
      free(c->regions[i].bytes);
      free(c->regions[i].code[0]);
      free(c->regions[i].code[1]);
   }
   for (size_t i = 0; i < c->num_todos; i++) {
      free(c->todos[i].backend);
      free(c->todos[i].reason);
   }
   free(c->regions);
   free(c->nodes);
   free(c->items);
   free(c->vsharps);
   free(c->image_descs);
   free(c->inits);
   free(c->expects);
   free(c->data);
   free(c->todos);
   free(c);
}

/* ---- accessors ---------------------------------------------------------------------------- */

enum rdna_target rdna_case_target(const struct rdna_case *c)
{
   return c->target;
}

unsigned rdna_case_waves(const struct rdna_case *c)
{
   return c->waves;
}

unsigned rdna_case_vgprs(const struct rdna_case *c)
{
   return c->vgprs;
}

void rdna_case_workgroup(const struct rdna_case *c, unsigned size[3])
{
   memcpy(size, c->workgroup, sizeof(c->workgroup));
}

void rdna_case_grid(const struct rdna_case *c, unsigned size[3])
{
   memcpy(size, c->grid, sizeof(c->grid));
}

unsigned rdna_case_lds(const struct rdna_case *c)
{
   return (c->lds + 511u) & ~511u; /* whole 512-byte allocation granules */
}

uint64_t rdna_case_steps(const struct rdna_case *c)
{
   return c->steps;
}

uint32_t rdna_case_mode(const struct rdna_case *c)
{
   return c->mode;
}

size_t rdna_case_region_count(const struct rdna_case *c)
{
   return c->num_regions;
}

bool rdna_case_region(const struct rdna_case *c, size_t index, struct rdna_case_region *region)
{
   if (index >= c->num_regions)
      return false;
   const struct case_region *r = &c->regions[index];
   region->name = r->name;
   region->address = r->address;
   region->size = r->size;
   region->is_program = r->is_program;
   region->fixed = r->fixed;
   region->line = r->line;
   return true;
}

long rdna_case_find_region(const struct rdna_case *c, const char *name)
{
   for (size_t i = 0; name && i < c->num_regions; i++)
      if (strcmp(c->regions[i].name, name) == 0)
         return (long)i;
   return -1;
}

static int wave_index(const struct rdna_case *c, unsigned wave_size)
{
   int w = wave_size == 32 ? 0 : wave_size == 64 ? 1 : -1;
   return w >= 0 && (c->waves & (1u << w)) ? w : -1;
}

const uint8_t *rdna_case_region_bytes(const struct rdna_case *c, size_t index, unsigned wave_size,
                                      size_t *size)
{
   int w = wave_index(c, wave_size);
   *size = 0;
   if (index >= c->num_regions || w < 0)
      return NULL;
   const struct case_region *r = &c->regions[index];
   if (r->is_program) {
      *size = r->code_size[w];
      return r->code[w];
   }
   *size = (size_t)r->size;
   return r->bytes;
}

uint64_t rdna_case_entry(const struct rdna_case *c)
{
   for (size_t i = 0; i < c->num_regions; i++)
      if (c->regions[i].is_program)
         return c->regions[i].address;
   return 0;
}

size_t rdna_case_expect_count(const struct rdna_case *c)
{
   return c->num_expects;
}

size_t rdna_case_todo_count(const struct rdna_case *c)
{
   return c->num_todos;
}

bool rdna_case_todo(const struct rdna_case *c, size_t index, const char **backend,
                    const char **reason)
{
   if (index >= c->num_todos)
      return false;
   *backend = c->todos[index].backend;
   *reason = c->todos[index].reason;
   return true;
}

bool rdna_case_has_todo(const struct rdna_case *c, const char *backend)
{
   return rdna_case_todo_reason(c, backend) != NULL;
}

const char *rdna_case_todo_reason(const struct rdna_case *c, const char *backend)
{
   for (size_t i = 0; backend && i < c->num_todos; i++)
      if (strcmp(c->todos[i].backend, backend) == 0)
         return c->todos[i].reason;
   return NULL;
}

/* ---- values ------------------------------------------------------------------------------- */

unsigned case_type_size(unsigned type)
{
   static const unsigned sizes[] = { 1, 2, 4, 8, 4, 2, 4, 8 };
   return type < sizeof(sizes) / sizeof(sizes[0]) ? sizes[type] : 1;
}

bool case_fits(uint64_t value, unsigned bits)
{
   if (bits >= 64)
      return true;
   uint64_t high = value >> bits;
   uint64_t signed_high = value >> (bits - 1);
   return high == 0 || signed_high == (UINT64_MAX >> (bits - 1));
}

static enum rdna_status fail_node(const struct rdna_case *c, uint32_t node, enum rdna_status st,
                                  struct rdna_diag *diag, const char *fmt, unsigned long long a,
                                  unsigned b)
{
   if (diag && node < c->num_nodes) {
      diag->status = st;
      diag->line = c->nodes[node].line;
      diag->column = c->nodes[node].column;
      snprintf(diag->message, sizeof(diag->message), fmt, a, b);
   }
   return st;
}

enum rdna_status case_eval_typed(const struct case_env *env, uint32_t node, unsigned type,
                                 uint64_t *value, struct rdna_diag *diag)
{
   const struct rdna_case *c = env->c;
   if (node < c->num_nodes && c->nodes[node].op == EXPR_FLOAT) {
      double f = c->nodes[node].fvalue;
      if (type == TYPE_F16)
         *value = case_f16_bits(f);
      else if (type == TYPE_F32)
         *value = case_f32_bits(f);
      else if (type == TYPE_F64)
         *value = case_f64_bits(f);
      else
         return fail_node(c, node, RDNA_SYNTAX, diag,
                          "a float literal needs an f16, f32 or f64 element%.0llu%.0u", 0, 0);
      return RDNA_OK;
   }
   enum rdna_status st = case_eval(env, node, value, diag);
   if (st != RDNA_OK)
      return st;
   unsigned bits = case_type_size(type) * 8;
   if (!case_fits(*value, bits))
      return fail_node(c, node, RDNA_OUT_OF_RANGE, diag, "value 0x%llx does not fit in %u bits",
                       (unsigned long long)*value, bits);
   if (bits < 64)
      *value &= (1ull << bits) - 1;
   return RDNA_OK;
}

/* Registers a target covers for this wave size: exec and vcc are pairs only in wave64. */
static unsigned reg_count(const struct case_reg *reg, unsigned wave_size)
{
   return reg->wave_pair ? (wave_size == 64 ? 2 : 1) : reg->count;
}

/* The register number `reg` names: s/v/ttmp number, or the code of a named register. */
static unsigned reg_number(const struct case_reg *reg, unsigned k)
{
   unsigned code = reg->first + k;
   if (reg->file == FILE_SREG && code >= RDNA_REG_TTMP0 && code < RDNA_REG_TTMP0 + 16)
      return code - RDNA_REG_TTMP0;
   return code;
}

static bool pair_mode(const struct case_reg *reg, const struct case_value *value,
                      unsigned wave_size)
{
   return reg_count(reg, wave_size) == 2 && value->vsharp < 0 && !(value->vars & VAR_REG);
}

/* The expression a value gives `lane` (CASE_NO_EXPR for `?`). */
static uint32_t value_expr(const struct rdna_case *c, const struct case_value *value, unsigned lane)
{
   if (!value->num_items)
      return value->expr;
   uint64_t at = 0;
   for (uint32_t i = 0; i < value->num_items; i++) {
      const struct case_item *item = &c->items[value->first + i];
      if (lane < at + item->count)
         return item->expr;
      at += item->count;
   }
   return CASE_NO_EXPR;
}

static enum rdna_status vsharp_dword(const struct rdna_case *c, const struct case_vsharp *v,
                                     unsigned k, uint32_t *dword, struct rdna_diag *diag)
{
   uint64_t f[VSHARP_FIELD_COUNT];
   /* Defaults: a raw buffer (stride 0, records in bytes, OOB_SELECT raw = 3), all of the 48-bit
    * address space, format 32_FLOAT (22), dst_sel X Y Z W, resource level 1 (RDNA2 ISA guide,
    * "Buffer Resource"; Mesa's gfx10 raw-buffer descriptor). */
   static const uint64_t defaults[VSHARP_FIELD_COUNT] = { 0, 0, 0xffffffffu, 22, 3, 0, 0, 0 };
   static const unsigned widths[VSHARP_FIELD_COUNT] = { 48, 14, 32, 7, 2, 1, 1, 2 };
   struct case_env env = { c, 0, 0, 0 };
   for (unsigned i = 0; i < VSHARP_FIELD_COUNT; i++) {
      f[i] = defaults[i];
      if (v->field[i] == CASE_NO_EXPR)
         continue;
      enum rdna_status st = case_eval(&env, v->field[i], &f[i], diag);
      if (st != RDNA_OK)
         return st;
      if (widths[i] < 64 && f[i] >> widths[i])
         return fail_node(c, v->field[i], RDNA_OUT_OF_RANGE, diag,
                          "0x%llx does not fit this vsharp field (%u bits)",
                          (unsigned long long)f[i], widths[i]);
   }
   if (v->field[VSHARP_OOB] == CASE_NO_EXPR && f[VSHARP_STRIDE] != 0)
      f[VSHARP_OOB] = 1; /* structured: records count elements of `stride` bytes */
   switch (k) {
   case 0:
      *dword = (uint32_t)f[VSHARP_ADDR];
      break;
   case 1:
      *dword = (uint32_t)(f[VSHARP_ADDR] >> 32) | (uint32_t)(f[VSHARP_STRIDE] << 16) |
               (uint32_t)(f[VSHARP_SWIZZLE] << 31);
      break;
   case 2:
      *dword = (uint32_t)f[VSHARP_RECORDS];
      break;
   default:
      *dword = 4u | 5u << 3 | 6u << 6 | 7u << 9 | (uint32_t)f[VSHARP_FORMAT] << 12 |
               (uint32_t)f[VSHARP_INDEX_STRIDE] << 21 | (uint32_t)f[VSHARP_ADD_TID] << 23 |
               1u << 24 | (uint32_t)f[VSHARP_OOB] << 28;
      break;
   }
   return RDNA_OK;
}

/* The 32-bit value `value` gives register k of `reg` in `lane`. *skip is set for `?`. */
static enum rdna_status reg_value(const struct rdna_case *c, unsigned wave_size,
                                  const struct case_reg *reg, const struct case_value *value,
                                  unsigned k, unsigned lane, uint32_t *out, bool *skip,
                                  struct rdna_diag *diag)
{
   *skip = false;
   if (value->vsharp >= 0)
      return vsharp_dword(c, &c->vsharps[value->vsharp], k, out, diag);
   if (value->image_desc)
      return case_image_desc_dword(c, &c->image_descs[value->image_desc - 1], k, out, diag);
   uint32_t node = value_expr(c, value, lane);
   if (node == CASE_NO_EXPR) {
      *skip = true;
      return RDNA_OK;
   }
   bool pair = pair_mode(reg, value, wave_size);
   struct case_env env = { c, lane, reg_number(reg, pair ? 0 : k), 0 };
   uint64_t v;
   enum rdna_status st = case_eval_typed(&env, node, pair ? TYPE_F64 : TYPE_F32, &v, diag);
   if (st == RDNA_OK && c->nodes[node].op != EXPR_FLOAT && reg->file == FILE_SREG &&
       reg->first == RDNA_REG_SCC && v > 1)
      return fail_node(c, node, RDNA_OUT_OF_RANGE, diag, "scc is 0 or 1, not %llu%.0u",
                       (unsigned long long)v, 0);
   if (st != RDNA_OK)
      return st;
   *out = pair && k == 1 ? (uint32_t)(v >> 32) : (uint32_t)v;
   return RDNA_OK;
}

static bool valid_wave(const struct rdna_case *c, unsigned wave_size)
{
   return wave_index(c, wave_size) >= 0;
}

enum rdna_status rdna_case_init_sreg(const struct rdna_case *c, unsigned wave_size, unsigned code,
                                     uint32_t *value, struct rdna_diag *diag)
{
   if (!c || !value || !valid_wave(c, wave_size) ||
       (code > RDNA_REG_EXEC_HI && code != RDNA_REG_SCC))
      return RDNA_BAD_ARGUMENT;
   *value =
      code == RDNA_REG_EXEC_LO || (code == RDNA_REG_EXEC_HI && wave_size == 64) ? UINT32_MAX : 0;
   for (size_t i = 0; i < c->num_inits; i++) {
      const struct case_assign *a = &c->inits[i];
      unsigned count = reg_count(&a->reg, wave_size);
      if (a->id || a->reg.file != FILE_SREG || code < a->reg.first || code >= a->reg.first + count)
         continue;
      bool skip;
      enum rdna_status st =
         reg_value(c, wave_size, &a->reg, &a->value, code - a->reg.first, 0, value, &skip, diag);
      if (st != RDNA_OK)
         return st;
   }
   return RDNA_OK;
}

enum rdna_status rdna_case_init_vgpr(const struct rdna_case *c, unsigned wave_size, unsigned reg,
                                     unsigned lane, uint32_t *value, struct rdna_diag *diag)
{
   if (!c || !value || !valid_wave(c, wave_size) || reg >= c->vgprs || lane >= wave_size)
      return RDNA_BAD_ARGUMENT;
   *value = 0;
   for (size_t i = 0; i < c->num_inits; i++) {
      const struct case_assign *a = &c->inits[i];
      if (a->id || a->reg.file != FILE_VGPR || reg < a->reg.first ||
          reg >= a->reg.first + a->reg.count)
         continue;
      bool skip;
      uint32_t v;
      enum rdna_status st =
         reg_value(c, wave_size, &a->reg, &a->value, reg - a->reg.first, lane, &v, &skip, diag);
      if (st != RDNA_OK)
         return st;
      if (!skip)
         *value = v;
   }
   return RDNA_OK;
}

bool rdna_case_init_writes_vgpr(const struct rdna_case *c, unsigned reg)
{
   for (size_t i = 0; i < c->num_inits; i++)
      if (c->inits[i].reg.file == FILE_VGPR && reg >= c->inits[i].reg.first &&
          reg < c->inits[i].reg.first + c->inits[i].reg.count)
         return true;
   return false;
}

bool rdna_case_init_writes_sreg(const struct rdna_case *c, unsigned wave_size, unsigned code)
{
   for (size_t i = 0; c && i < c->num_inits; i++) {
      const struct case_reg *reg = &c->inits[i].reg;
      if (reg->file == FILE_SREG && code >= reg->first &&
          code < reg->first + reg_count(reg, wave_size))
         return true;
   }
   return false;
}

/* The last id line naming register `reg` of `file`. */
static bool init_id(const struct rdna_case *c, unsigned file, unsigned reg, enum rdna_case_id *kind,
                    unsigned *component)
{
   bool found = false;
   for (size_t i = 0; c && i < c->num_inits; i++) {
      const struct case_assign *a = &c->inits[i];
      if (!a->id || a->reg.file != file || reg < a->reg.first || reg >= a->reg.first + a->reg.count)
         continue;
      found = true;
      if (kind)
         *kind = (enum rdna_case_id)a->id;
      if (component)
         *component = a->id_component == CASE_ID_XYZ ? reg - a->reg.first : a->id_component;
   }
   return found;
}

bool rdna_case_init_sreg_id(const struct rdna_case *c, unsigned code, enum rdna_case_id *kind,
                            unsigned *component)
{
   return init_id(c, FILE_SREG, code, kind, component);
}

bool rdna_case_init_vgpr_id(const struct rdna_case *c, unsigned reg, enum rdna_case_id *kind,
                            unsigned *component)
{
   return init_id(c, FILE_VGPR, reg, kind, component);
}

uint32_t rdna_case_init_sreg_id_scale(const struct rdna_case *c, unsigned code)
{
   uint32_t scale = 0;
   for (size_t i = 0; c && i < c->num_inits; i++) {
      const struct case_assign *a = &c->inits[i];
      if (a->id && a->reg.file == FILE_SREG && code >= a->reg.first &&
          code < a->reg.first + a->reg.count)
         scale = a->id == RDNA_CASE_WAVE_ID ? a->id_scale : 0;
   }
   return scale;
}

/* rdna_case_eval's &name: resolved at once against the regions. */
static bool resolve_now(void *user, uint32_t node, const char *name, size_t length)
{
   struct rdna_case *scratch = user;
   scratch->nodes[node].value = UINT64_MAX;
   for (size_t i = 0; i < scratch->num_regions; i++)
      if (case_word_is(name, length, scratch->regions[i].name))
         scratch->nodes[node].value = i;
   return true;
}

enum rdna_status rdna_case_eval(const struct rdna_case *c, const char *text, uint64_t lane,
                                uint64_t reg, uint64_t i, uint64_t *value, struct rdna_diag *diag)
{
   /* Parsed into a scratch case that shares nothing with `c` but the regions. */
   struct rdna_case scratch;
   memset(&scratch, 0, sizeof(scratch));
   if (c) {
      scratch.regions = c->regions;
      scratch.num_regions = c->num_regions;
   }
   struct rdna_diag local;
   memset(&local, 0, sizeof(local));
   struct case_cursor cur;
   memset(&cur, 0, sizeof(cur));
   cur.text = text ? text : "";
   cur.end = strlen(cur.text);
   cur.line = 1;
   cur.allowed_vars = VAR_LANE | VAR_REG | VAR_INDEX;
   cur.c = &scratch;
   cur.diag = &local;
   cur.on_ref = resolve_now;
   cur.ref_user = &scratch;
   uint32_t node;
   unsigned vars = 0;
   enum rdna_status st = case_parse_expr(&cur, &node, &vars);
   if (st == RDNA_OK && !case_at_end(&cur))
      st = case_expected(&cur, "an operator or end of expression");
   if (st == RDNA_OK) {
      struct case_env env = { &scratch, lane, reg, i };
      st = case_eval(&env, node, value, &local);
   }
   free(scratch.nodes);
   if (diag)
      *diag = local;
   return st;
}

/* ---- [expect] ----------------------------------------------------------------------------- */

struct checker {
   const struct rdna_case *c;
   unsigned wave_size;
   const struct rdna_case_state *state;
   void (*report)(void *user, const struct rdna_case_failure *failure);
   void *report_user;
   unsigned failures;
   enum rdna_status status;
};

static void report(struct checker *k, unsigned line, unsigned column, const char *fmt, ...)
   __attribute__((format(printf, 4, 5)));

static void report(struct checker *k, unsigned line, unsigned column, const char *fmt, ...)
{
   struct rdna_case_failure failure;
   failure.line = line;
   failure.column = column;
   va_list ap;
   va_start(ap, fmt);
   vsnprintf(failure.message, sizeof(failure.message), fmt, ap);
   va_end(ap);
   k->failures++;
   if (k->report)
      k->report(k->report_user, &failure);
}

static void report_eval(struct checker *k, const struct case_expect *e, enum rdna_status st,
                        const struct rdna_diag *diag)
{
   report(k, diag->line ? diag->line : e->line, diag->line ? diag->column : e->column, "%s",
          diag->message);
   if (k->status == RDNA_OK)
      k->status = st;
}

static uint64_t exec_mask(const struct rdna_case *c, unsigned wave_size)
{
   uint32_t lo = 0, hi = 0;
   rdna_case_init_sreg(c, wave_size, RDNA_REG_EXEC_LO, &lo, NULL);
   if (wave_size == 64)
      rdna_case_init_sreg(c, wave_size, RDNA_REG_EXEC_HI, &hi, NULL);
   return (uint64_t)hi << 32 | lo;
}

static void check_sreg(struct checker *k, const struct case_expect *e)
{
   const struct rdna_case *c = k->c;
   unsigned count = reg_count(&e->reg, k->wave_size);
   bool pair = pair_mode(&e->reg, &e->value, k->wave_size);
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   uint64_t want = 0, got = 0;
   for (unsigned r = 0; r < count; r++) {
      uint32_t expected;
      bool skip;
      enum rdna_status st =
         reg_value(c, k->wave_size, &e->reg, &e->value, r, 0, &expected, &skip, &diag);
      if (st != RDNA_OK) {
         report_eval(k, e, st, &diag);
         return;
      }
      uint32_t actual = k->state->read_sreg(k->state->user, e->reg.first + r);
      if (pair) {
         want |= (uint64_t)expected << (32 * r);
         got |= (uint64_t)actual << (32 * r);
      } else if (!skip && expected != actual) {
         if (count == 1)
            report(k, e->line, e->column, "%s: expected 0x%08x, found 0x%08x", e->reg.text,
                   expected, actual);
         else
            report(k, e->line, e->column,
                   "%s: register %u of the range: expected 0x%08x, "
                   "found 0x%08x",
                   e->reg.text, r, expected, actual);
         return;
      }
   }
   if (pair && want != got)
      report(k, e->line, e->column, "%s: expected 0x%016llx, found 0x%016llx", e->reg.text,
             (unsigned long long)want, (unsigned long long)got);
}

static void check_vgpr(struct checker *k, const struct case_expect *e)
{
   const struct rdna_case *c = k->c;
   uint64_t lanes = exec_mask(c, k->wave_size);
   if (k->state->lanes)
      lanes &= k->state->lanes;
   bool pair = pair_mode(&e->reg, &e->value, k->wave_size);
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   unsigned step = pair ? 2 : 1;
   for (unsigned r = 0; r < e->reg.count; r += step) {
      unsigned differ = 0, checked = 0, first_lane = 0;
      uint64_t first_want = 0, first_got = 0;
      for (unsigned lane = 0; lane < k->wave_size; lane++) {
         if (!(lanes >> lane & 1))
            continue;
         uint64_t want = 0, got = 0;
         bool skip = false;
         for (unsigned h = 0; h < step && !skip; h++) {
            uint32_t expected;
            enum rdna_status st =
               reg_value(c, k->wave_size, &e->reg, &e->value, r + h, lane, &expected, &skip, &diag);
            if (st != RDNA_OK) {
               report_eval(k, e, st, &diag);
               return;
            }
            want |= (uint64_t)expected << (32 * h);
            got |= (uint64_t)k->state->read_vgpr(k->state->user, e->reg.first + r + h, lane)
                   << (32 * h);
         }
         if (skip)
            continue;
         checked++;
         if (want != got && differ++ == 0) {
            first_lane = lane;
            first_want = want;
            first_got = got;
         }
      }
      if (differ) {
         char name[32];
         if (e->reg.count == step)
            snprintf(name, sizeof(name), "%s", e->reg.text);
         else if (pair)
            snprintf(name, sizeof(name), "v[%u:%u]", e->reg.first + r, e->reg.first + r + 1);
         else
            snprintf(name, sizeof(name), "v%u", e->reg.first + r);
         int digits = pair ? 16 : 8;
         report(k, e->line, e->column,
                "%s lane %u: expected 0x%0*llx, found 0x%0*llx (%u of %u "
                "lanes differ)",
                name, first_lane, digits, (unsigned long long)first_want, digits,
                (unsigned long long)first_got, differ, checked);
         return;
      }
   }
}

static void check_buffer(struct checker *k, const struct case_expect *e)
{
   const struct rdna_case *c = k->c;
   const struct case_region *r = &c->regions[e->region];
   static const char *const type_names[] = {
      "u8", "u16", "u32", "u64", "i32", "f16", "f32", "f64"
   };
   unsigned size = case_type_size(e->type);
   uint64_t differ = 0, checked = 0, first = 0, first_want = 0, first_got = 0;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   for (uint64_t i = e->first_elem; i <= e->last_elem; i++) {
      uint32_t node = value_expr(c, &e->value, (unsigned)(i - e->first_elem));
      if (node == CASE_NO_EXPR)
         continue;
      struct case_env env = { c, 0, 0, i };
      uint64_t want;
      enum rdna_status st = case_eval_typed(&env, node, e->type, &want, &diag);
      if (st != RDNA_OK) {
         report_eval(k, e, st, &diag);
         return;
      }
      uint8_t bytes[8] = { 0 };
      if (!k->state->read_memory(k->state->user, r->address + i * size, bytes, size)) {
         report(k, e->line, e->column, "buffer %s %s[%llu]: memory at 0x%llx cannot be read",
                r->name, type_names[e->type], (unsigned long long)i,
                (unsigned long long)(r->address + i * size));
         return;
      }
      uint64_t got = 0;
      for (unsigned b = 0; b < size; b++)
         got |= (uint64_t)bytes[b] << (8 * b);
      checked++;
      if (want != got && differ++ == 0) {
         first = i;
         first_want = want;
         first_got = got;
      }
   }
   if (differ)
      report(k, e->line, e->column,
             "buffer %s %s[%llu]: expected 0x%0*llx, found 0x%0*llx "
             "(%llu of %llu elements differ)",
             r->name, type_names[e->type], (unsigned long long)first, (int)size * 2,
             (unsigned long long)first_want, (int)size * 2, (unsigned long long)first_got,
             (unsigned long long)differ, (unsigned long long)checked);
}

static void check_fault(struct checker *k, const struct case_expect *e)
{
   uint64_t pc = 0;
   const char *kind = k->state->fault ? k->state->fault(k->state->user, &pc) : "none";
   if (!kind)
      kind = "none";
   if (strcasecmp(kind, e->fault) != 0) { /* the interpreter names kinds in capitals */
      report(k, e->line, e->column, "fault: expected %s, found %s", e->fault, kind);
      return;
   }
   if (e->fault_pc == CASE_NO_EXPR)
      return;
   struct case_env env = { k->c, 0, 0, 0 };
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   uint64_t want;
   enum rdna_status st = case_eval(&env, e->fault_pc, &want, &diag);
   if (st != RDNA_OK)
      report_eval(k, e, st, &diag);
   else if (want != pc)
      report(k, e->line, e->column, "fault %s: expected at 0x%llx, found at 0x%llx", kind,
             (unsigned long long)want, (unsigned long long)pc);
}

enum rdna_status rdna_case_check(const struct rdna_case *c, unsigned wave_size,
                                 const struct rdna_case_state *state,
                                 void (*report_fn)(void *user, const struct rdna_case_failure *),
                                 void *report_user, unsigned *failures)
{
   if (failures)
      *failures = 0;
   if (!c || !state || !state->read_sreg || !state->read_vgpr || !state->read_memory ||
       !valid_wave(c, wave_size))
      return RDNA_BAD_ARGUMENT;
   struct checker k = { c, wave_size, state, report_fn, report_user, 0, RDNA_OK };
   for (size_t i = 0; i < c->num_expects; i++) {
      const struct case_expect *e = &c->expects[i];
      if (e->kind == EXPECT_FAULT)
         check_fault(&k, e);
      else if (e->kind == EXPECT_BUFFER)
         check_buffer(&k, e);
      else if (e->reg.file == FILE_VGPR)
         check_vgpr(&k, e);
      else
         check_sreg(&k, e);
   }
   if (failures)
      *failures = k.failures;
   return k.status;
}
