/* The case-file parser (include/rdna/case.h, format in README.md): splits the text into lines and
 * sections, parses [require], [buffer], [init], [expect] and [diff] lines, hands [program] text
 * to rdna_assemble, places the regions, resolves &name references and validates what needs the
 * whole file (VGPR allocation, list lengths, ranges), then fills the buffers' bytes. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "case_internal.h"
#include "hsaco_internal.h"

enum section {
   SECTION_NONE,
   SECTION_REQUIRE,
   SECTION_BUFFER,
   SECTION_PROGRAM,
   SECTION_INIT,
   SECTION_EXPECT,
   SECTION_DIFF,
   SECTION_KERNARGS,
};

struct ref {
   uint32_t node;
   char *name;
};

struct program_text {
   size_t region;
   size_t start, end; /* byte range of the source in the text */
   unsigned header_line;
};

/* One [kernargs] line: a value of `type` (or a 64-bit pointer) in parameter order. */
struct kernarg_line {
   uint8_t type;
   uint32_t expr;
};

/* A [program] section that names a code object instead of holding assembly (diff/hsaco.c). */
struct hsaco_program {
   size_t region;
   char *path, *kernel;
   unsigned line;
};

struct parser {
   struct rdna_case *c;
   const char *name; /* the case file's path: code objects are found beside it */
   const char *text;
   size_t length;
   struct rdna_diag diag;
   struct ref *refs;
   size_t num_refs, cap_refs;
   struct program_text *programs;
   size_t num_programs, cap_programs;

   struct kernarg_line *kernargs;
   size_t num_kernargs, cap_kernargs;
   struct hsaco_program hsaco; /* path NULL: none */

   enum section section;
   size_t region;        /* the current [buffer] */
   uint64_t data_cursor; /* its next data byte */
   bool size_given;
   uint64_t size_value;
   unsigned size_line, size_column;
};

static bool add_ref(void *user, uint32_t node, const char *name, size_t length)
{
   struct parser *p = user;
   if (!case_grow((void **)&p->refs, &p->cap_refs, p->num_refs + 1, sizeof(*p->refs)))
      return false;
   char *copy = malloc(length + 1);
   if (!copy)
      return false;
   memcpy(copy, name, length);
   copy[length] = '\0';
   p->refs[p->num_refs].node = node;
   p->refs[p->num_refs].name = copy;
   p->num_refs++;
   return true;
}

static void cursor_init(struct parser *p, struct case_cursor *cur, const char *line, size_t end,
                        unsigned lineno)
{
   memset(cur, 0, sizeof(*cur));
   cur->text = line;
   cur->end = end;
   cur->line = lineno;
   cur->c = p->c;
   cur->diag = &p->diag;
   cur->on_ref = add_ref;
   cur->ref_user = p;
}

/* A failure at a known line and column (outside a cursor). */
static enum rdna_status fail_at(struct parser *p, unsigned line, unsigned column,
                                enum rdna_status status, const char *fmt, ...)
   __attribute__((format(printf, 5, 6)));

static enum rdna_status fail_at(struct parser *p, unsigned line, unsigned column,
                                enum rdna_status status, const char *fmt, ...)
{
   if (p->diag.status == RDNA_OK) {
      p->diag.status = status;
      p->diag.line = line;
      p->diag.column = column;
      va_list ap;
      va_start(ap, fmt);
      vsnprintf(p->diag.message, sizeof(p->diag.message), fmt, ap);
      va_end(ap);
   }
   return status;
}

static enum rdna_status no_memory(struct parser *p)
{
   return fail_at(p, 0, 0, RDNA_NO_MEMORY, "out of memory");
}

static enum rdna_status expect_end(struct case_cursor *cur)
{
   return case_at_end(cur) ? RDNA_OK : case_expected(cur, "end of line");
}

/* A constant expression (no variables, no &name), evaluated now. */
static enum rdna_status parse_constant(struct case_cursor *cur, uint64_t *value)
{
   struct case_cursor constant = *cur;
   constant.on_ref = NULL;
   constant.allowed_vars = 0;
   uint32_t node;
   unsigned vars = 0;
   enum rdna_status st = case_parse_expr(&constant, &node, &vars);
   cur->pos = constant.pos;
   if (st != RDNA_OK)
      return st;
   struct case_env env = { cur->c, 0, 0, 0 };
   return case_eval(&env, node, value, cur->diag);
}

static enum rdna_status parse_bounded(struct case_cursor *cur, uint64_t min, uint64_t max,
                                      const char *what, uint64_t *value)
{
   case_skip_space(cur);
   size_t pos = cur->pos;
   enum rdna_status st = parse_constant(cur, value);
   if (st == RDNA_OK && (*value < min || *value > max))
      return case_fail(cur, pos, RDNA_OUT_OF_RANGE, "%s must be %llu to %llu, found %llu", what,
                       (unsigned long long)min, (unsigned long long)max,
                       (unsigned long long)*value);
   return st;
}

/* ---- [require] ---------------------------------------------------------------------------- */

static enum rdna_status parse_dims(struct case_cursor *cur, uint64_t max, unsigned dims[3])
{
   for (unsigned d = 0; d < 3; d++) {
      if (d > 0 && case_at_end(cur)) {
         dims[d] = 1;
         continue;
      }
      uint64_t value;
      enum rdna_status st = parse_bounded(cur, 1, max, "a size", &value);
      if (st != RDNA_OK)
         return st;
      dims[d] = (unsigned)value;
   }
   return RDNA_OK;
}

static enum rdna_status parse_require(struct parser *p, struct case_cursor *cur)
{
   struct rdna_case *c = p->c;
   const char *word;
   size_t length;
   size_t pos = (case_skip_space(cur), cur->pos);
   if (!case_word(cur, &word, &length))
      return case_expected(cur, "target, wave, vgprs, workgroup, grid, lds, steps or mode");
   uint64_t value;
   enum rdna_status st = RDNA_OK;
   if (case_word_is(word, length, "target")) {
      const char *name;
      size_t name_length;
      pos = (case_skip_space(cur), cur->pos);
      if (!case_word(cur, &name, &name_length))
         return case_expected(cur, "gfx1030 or gfx1013");
      if (case_word_is(name, name_length, "gfx1030"))
         c->target = RDNA_TARGET_GFX1030;
      else if (case_word_is(name, name_length, "gfx1013"))
         c->target = RDNA_TARGET_GFX1013;
      else
         return cur->pos = pos, case_expected(cur, "gfx1030 or gfx1013");
   } else if (case_word_is(word, length, "wave")) {
      unsigned waves = 0;
      do {
         case_skip_space(cur);
         size_t at = cur->pos;
         st = parse_constant(cur, &value);
         if (st != RDNA_OK)
            return st;
         if (value != 32 && value != 64)
            return case_fail(cur, at, RDNA_OUT_OF_RANGE, "a wave size is 32 or 64, found %llu",
                             (unsigned long long)value);
         waves |= value == 32 ? RDNA_CASE_WAVE32 : RDNA_CASE_WAVE64;
      } while (!case_at_end(cur));
      c->waves = waves;
   } else if (case_word_is(word, length, "vgprs")) {
      st = parse_bounded(cur, 1, RDNA_CASE_MAX_VGPRS, "vgprs", &value);
      c->vgprs = (unsigned)value;
   } else if (case_word_is(word, length, "workgroup")) {
      st = parse_dims(cur, 1024, c->workgroup);
      if (st == RDNA_OK && (uint64_t)c->workgroup[0] * c->workgroup[1] * c->workgroup[2] > 1024)
         return case_fail(cur, pos, RDNA_OUT_OF_RANGE, "a workgroup holds at most 1024 lanes");
   } else if (case_word_is(word, length, "grid")) {
      st = parse_dims(cur, 65536, c->grid);
      if (st == RDNA_OK && (uint64_t)c->grid[0] * c->grid[1] * c->grid[2] > 65536)
         return case_fail(cur, pos, RDNA_OUT_OF_RANGE, "a grid holds at most 65536 workgroups");
   } else if (case_word_is(word, length, "lds")) {
      st = parse_bounded(cur, 0, 65536, "lds", &value);
      c->lds = (unsigned)value;
   } else if (case_word_is(word, length, "steps")) {
      st = parse_bounded(cur, 1, RDNA_CASE_MAX_STEPS, "steps", &value);
      c->steps = value;
   } else if (case_word_is(word, length, "mode")) {
      st = parse_bounded(cur, 0, UINT32_MAX, "mode", &value);
      c->mode = (uint32_t)value;
   } else {
      cur->pos = pos;
      return case_expected(cur, "target, wave, vgprs, workgroup, grid, lds, steps or mode");
   }
   return st != RDNA_OK ? st : expect_end(cur);
}

/* ---- types, registers and values ---------------------------------------------------------- */

static bool parse_type_word(const char *word, size_t length, uint8_t *type)
{
   static const char *const names[] = { "u8", "u16", "u32", "u64", "i32", "f16", "f32", "f64" };
   for (unsigned t = 0; t < sizeof(names) / sizeof(names[0]); t++)
      if (case_word_is(word, length, names[t])) {
         *type = (uint8_t)t;
         return true;
      }
   return false;
}

static bool parse_uint_text(const char *text, size_t length, unsigned max, unsigned *value)
{
   if (length == 0)
      return false;
   uint64_t v = 0;
   for (size_t i = 0; i < length; i++) {
      if (text[i] < '0' || text[i] > '9')
         return false;
      v = v * 10 + (unsigned)(text[i] - '0');
      if (v > max)
         return false;
   }
   *value = (unsigned)v;
   return true;
}

/* s4, s[0:1], v7, v[1:39], ttmp3, ttmp[0:1], vcc, vcc_lo, vcc_hi, exec, exec_lo, exec_hi, m0,
 * scc. VGPR numbers are checked against the allocation once the whole file is read. */
static enum rdna_status parse_reg(struct case_cursor *cur, struct case_reg *reg)
{
   static const struct {
      const char *name;
      unsigned code;
      bool wave_pair;
   } named[] = {
      { "vcc", RDNA_REG_VCC_LO, true },       { "vcc_lo", RDNA_REG_VCC_LO, false },
      { "vcc_hi", RDNA_REG_VCC_HI, false },   { "exec", RDNA_REG_EXEC_LO, true },
      { "exec_lo", RDNA_REG_EXEC_LO, false }, { "exec_hi", RDNA_REG_EXEC_HI, false },
      { "m0", RDNA_REG_M0, false },           { "scc", RDNA_REG_SCC, false },
   };
   const char *what = "a register (s4, s[0:1], v[1:39], exec, vcc, m0, scc, ...)";
   memset(reg, 0, sizeof(*reg));
   case_skip_space(cur);
   size_t pos = cur->pos;
   const char *word;
   size_t length;
   if (!case_word(cur, &word, &length))
      return case_expected(cur, what);
   snprintf(reg->text, sizeof(reg->text), "%.*s", (int)(length < 20 ? length : 20), word);
   for (size_t i = 0; i < sizeof(named) / sizeof(named[0]); i++)
      if (case_word_is(word, length, named[i].name)) {
         reg->file = FILE_SREG;
         reg->first = named[i].code;
         reg->count = named[i].wave_pair ? 2 : 1;
         reg->wave_pair = named[i].wave_pair;
         return RDNA_OK;
      }
   unsigned prefix = word[0] == 's'                            ? 1
                     : word[0] == 'v'                          ? 1
                     : length >= 4 && !memcmp(word, "ttmp", 4) ? 4
                                                               : 0;
   unsigned limit = word[0] == 's' ? 106 : word[0] == 'v' ? RDNA_CASE_MAX_VGPRS : 16;
   if (prefix == 0) {
      cur->pos = pos;
      return case_expected(cur, what);
   }
   unsigned first, last;
   if (length > prefix) {
      if (!parse_uint_text(word + prefix, length - prefix, limit - 1, &first)) {
         cur->pos = pos;
         return case_fail(cur, pos, RDNA_OUT_OF_RANGE, "no register '%.*s' (%.*s0 to %.*s%u)",
                          (int)(length < 20 ? length : 20), word, (int)prefix, word, (int)prefix,
                          word, limit - 1);
      }
      last = first;
   } else {
      /* s[first:last] */
      if (!case_accept(cur, '['))
         return cur->pos = pos, case_expected(cur, what);
      uint64_t a, b;
      case_skip_space(cur);
      size_t at = cur->pos;
      enum rdna_status st = parse_constant(cur, &a);
      if (st != RDNA_OK)
         return st;
      b = a;
      if (case_accept(cur, ':')) {
         st = parse_constant(cur, &b);
         if (st != RDNA_OK)
            return st;
      }
      if (!case_accept(cur, ']'))
         return case_expected(cur, "']'");
      if (a >= limit || b >= limit || b < a)
         return case_fail(cur, at, RDNA_OUT_OF_RANGE,
                          "a register range is %.*s[first:last] with first <= last <= %u",
                          (int)prefix, word, limit - 1);
      first = (unsigned)a;
      last = (unsigned)b;
      snprintf(reg->text, sizeof(reg->text), "%.*s[%u:%u]", (int)prefix, word, first, last);
   }
   reg->file = word[0] == 'v' ? FILE_VGPR : FILE_SREG;
   reg->first = first + (word[0] == 't' ? RDNA_REG_TTMP0 : 0);
   reg->count = last - first + 1;
   return RDNA_OK;
}

static const char *const vsharp_names[VSHARP_FIELD_COUNT] = {
   "address", "stride", "records", "format", "oob", "swizzle", "add_tid", "index_stride",
};

/* vsharp(ADDR, name=EXPR, ...) after the word "vsharp". */
static enum rdna_status parse_vsharp(struct case_cursor *cur, struct case_value *value)
{
   struct rdna_case *c = cur->c;
   if (!case_accept(cur, '('))
      return case_expected(cur, "'(' after vsharp");
   if (!case_grow((void **)&c->vsharps, &c->cap_vsharps, c->num_vsharps + 1, sizeof(*c->vsharps)))
      return case_fail(cur, cur->pos, RDNA_NO_MEMORY, "out of memory");
   struct case_vsharp *v = &c->vsharps[c->num_vsharps];
   for (unsigned f = 0; f < VSHARP_FIELD_COUNT; f++)
      v->field[f] = CASE_NO_EXPR;
   unsigned vars = 0;
   enum rdna_status st = case_parse_expr(cur, &v->field[VSHARP_ADDR], &vars);
   while (st == RDNA_OK && case_accept(cur, ',')) {
      const char *word;
      size_t length;
      case_skip_space(cur);
      size_t pos = cur->pos;
      if (!case_word(cur, &word, &length))
         return case_expected(cur, "stride=, records=, format=, oob=, swizzle=, add_tid= or "
                                   "index_stride=");
      unsigned f = 1;
      while (f < VSHARP_FIELD_COUNT && !case_word_is(word, length, vsharp_names[f]))
         f++;
      if (f == VSHARP_FIELD_COUNT) {
         cur->pos = pos;
         return case_expected(cur, "stride=, records=, format=, oob=, swizzle=, add_tid= or "
                                   "index_stride=");
      }
      if (v->field[f] != CASE_NO_EXPR)
         return case_fail(cur, pos, RDNA_SYNTAX, "%s given twice", vsharp_names[f]);
      if (!case_accept(cur, '='))
         return case_expected(cur, "'='");
      st = case_parse_expr(cur, &v->field[f], &vars);
   }
   if (st != RDNA_OK)
      return st;
   if (!case_accept(cur, ')'))
      return case_expected(cur, "',' or ')'");
   value->vsharp = (int)c->num_vsharps++;
   value->vars |= vars;
   return RDNA_OK;
}

/* A value: vsharp(...), an expression, or a list of items `expr`, `expr xN`, `?` (when
 * dont_care) separated by commas. */
static enum rdna_status parse_value(struct case_cursor *cur, bool dont_care,
                                    struct case_value *value)
{
   struct rdna_case *c = cur->c;
   memset(value, 0, sizeof(*value));
   value->expr = CASE_NO_EXPR;
   value->vsharp = -1;
   case_skip_space(cur);
   value->line = cur->line;
   value->column = (unsigned)cur->pos + 1;

   size_t save = cur->pos;
   const char *word;
   size_t length;
   bool is_word = case_word(cur, &word, &length);
   if (is_word && case_word_is(word, length, "vsharp"))
      return parse_vsharp(cur, value);
   if (is_word && (case_word_is(word, length, "tsharp") || case_word_is(word, length, "ssharp")))
      return case_parse_image_desc(cur, word[0] == 's', value);
   cur->pos = save;

   size_t first_item = c->num_items;
   bool explicit_count = false;
   do {
      struct case_item item = { CASE_NO_EXPR, 1 };
      case_skip_space(cur);
      size_t pos = cur->pos;
      if (dont_care && case_accept(cur, '?')) {
         item.expr = CASE_NO_EXPR;
      } else {
         if (!dont_care && cur->pos < cur->end && cur->text[cur->pos] == '?')
            return case_fail(cur, pos, RDNA_SYNTAX, "'?' (not checked) is for [expect] only");
         enum rdna_status st = case_parse_expr(cur, &item.expr, &value->vars);
         if (st != RDNA_OK)
            return st;
      }
      /* `xN` repeats the item. */
      save = cur->pos;
      if (case_word(cur, &word, &length) && length > 1 && word[0] == 'x') {
         unsigned count;
         if (!parse_uint_text(word + 1, length - 1, 4096, &count) || count == 0)
            return case_fail(cur, save + 1, RDNA_OUT_OF_RANGE,
                             "a repeat count is x1 to x4096, found '%.*s'",
                             (int)(length < 20 ? length : 20), word);
         item.count = count;
         explicit_count = true;
      } else {
         cur->pos = save;
      }
      if (item.expr == CASE_NO_EXPR && dont_care && !explicit_count && c->num_items == first_item &&
          case_at_end(cur))
         return case_fail(cur, pos, RDNA_SYNTAX, "'?' alone checks nothing");
      if (!case_grow((void **)&c->items, &c->cap_items, c->num_items + 1, sizeof(*c->items)))
         return case_fail(cur, pos, RDNA_NO_MEMORY, "out of memory");
      if (c->num_items - first_item >= 65536)
         return case_fail(cur, pos, RDNA_OUT_OF_RANGE, "a list holds at most 65536 items");
      c->items[c->num_items++] = item;
      value->list_length += item.count;
   } while (case_accept(cur, ','));

   if (c->num_items - first_item == 1 && !explicit_count) {
      value->expr = c->items[first_item].expr;
      c->num_items = first_item;
      value->list_length = 0;
   } else {
      value->first = (uint32_t)first_item;
      value->num_items = (uint32_t)(c->num_items - first_item);
   }
   return RDNA_OK;
}

/* reg = value, for [init] and [expect]. */
static enum rdna_status parse_assignment(struct case_cursor *cur, bool expect, struct case_reg *reg,
                                         struct case_value *value)
{
   enum rdna_status st = parse_reg(cur, reg);
   if (st != RDNA_OK)
      return st;
   if (!case_accept(cur, '='))
      return case_expected(cur, "'='");
   cur->allowed_vars = VAR_REG | (reg->file == FILE_VGPR ? VAR_LANE : 0);
   case_skip_space(cur);
   size_t pos = cur->pos;
   st = parse_value(cur, expect, value);
   if (st != RDNA_OK)
      return st;
   if (value->num_items && reg->file != FILE_VGPR)
      return case_fail(cur, pos, RDNA_SYNTAX, "a list of lane values needs a VGPR, not %s",
                       reg->text);
   if (value->vsharp >= 0 && (reg->file != FILE_SREG || reg->count != 4 || reg->wave_pair))
      return case_fail(cur, pos, RDNA_SYNTAX, "a vsharp fills four SGPRs (s[N:N+3]), not %s",
                       reg->text);
   if (value->image_desc) {
      unsigned n = case_image_desc_dwords(&cur->c->image_descs[value->image_desc - 1]);
      if (reg->file != FILE_SREG || reg->count != n || reg->wave_pair)
         return case_fail(cur, pos, RDNA_SYNTAX, "a %s fills %u SGPRs (s[N:N+%u]), not %s",
                          n == 8 ? "tsharp" : "ssharp", n, n - 1, reg->text);
   }
   return expect_end(cur);
}

/* `REG = local_id[.x|.y|.z]` or `REG = group_id[.x|.y|.z]`: the dispatch places a work-item id
 * (VGPRs) or workgroup id (SGPRs) there, per lane and per wave. Without a component the register
 * range takes x, y, z in turn (at most three registers). Leaves a->id 0 and the cursor where it
 * was when the value is not an id. */
static enum rdna_status parse_id(struct case_cursor *cur, struct case_assign *a)
{
   size_t start = cur->pos;
   struct case_reg reg;
   enum rdna_status st = parse_reg(cur, &reg);
   if (st != RDNA_OK || !case_accept(cur, '=')) {
      cur->pos = start;
      return RDNA_OK;
   }
   case_skip_space(cur);
   size_t pos = cur->pos;
   const char *word;
   size_t length;
   if (!case_word(cur, &word, &length)) {
      cur->pos = start;
      return RDNA_OK;
   }
   static const char *const names[] = { "local_id", "group_id", "wave_id" };
   static const enum rdna_case_id kinds[] = { RDNA_CASE_LOCAL_ID, RDNA_CASE_GROUP_ID,
                                              RDNA_CASE_WAVE_ID };
   unsigned kind = 0, component = CASE_ID_XYZ;
   uint64_t scale = 1;
   for (unsigned k = 0; k < 3; k++) {
      size_t n = strlen(names[k]);
      if (length < n || memcmp(word, names[k], n) != 0)
         continue;
      if (length == n + 2 && word[n] == '.' && word[n + 1] >= 'x' && word[n + 1] <= 'z')
         component = (unsigned)(word[n + 1] - 'x');
      else if (length > n && word[n] == '.')
         return case_fail(cur, pos, RDNA_SYNTAX, "%s takes the component .x, .y or .z, not '%.*s'",
                          names[k], (int)(length - n < 16 ? length - n : 16), word + n);
      else if (length != n)
         continue;
      kind = kinds[k];
   }
   if (kind == RDNA_CASE_WAVE_ID && component != CASE_ID_XYZ)
      return case_fail(cur, pos, RDNA_SYNTAX, "wave_id has no component");
   if (kind == RDNA_CASE_WAVE_ID && case_accept(cur, '*')) {
      st = parse_constant(cur, &scale);
      if (st != RDNA_OK)
         return st;
      if (scale == 0 || scale > UINT32_MAX)
         return case_fail(cur, pos, RDNA_OUT_OF_RANGE, "the wave_id factor must be 1..2^32-1");
   }
   if (!kind || !case_at_end(cur)) {
      cur->pos = start;
      return RDNA_OK;
   }
   if (kind == RDNA_CASE_LOCAL_ID && reg.file != FILE_VGPR)
      return case_fail(cur, pos, RDNA_SYNTAX, "local_id is per lane: it goes into VGPRs, not %s",
                       reg.text);
   if (kind != RDNA_CASE_LOCAL_ID && (reg.file != FILE_SREG || reg.wave_pair ||
                                      reg.first > RDNA_REG_M0 || reg.first == RDNA_REG_NULL))
      return case_fail(cur, pos, RDNA_SYNTAX, "%.*s goes into SGPRs (s0-s105, ttmp, m0), not %s",
                       (int)length, word, reg.text);
   unsigned want = kind == RDNA_CASE_WAVE_ID ? 1 : component == CASE_ID_XYZ ? 3 : 1;
   if (reg.count > want)
      return case_fail(cur, pos, RDNA_SYNTAX, "%.*s fills %u register%s, %s names %u", (int)length,
                       word, want, want == 1 ? "" : "s", reg.text, reg.count);
   a->reg = reg;
   a->id = (uint8_t)kind;
   a->id_component = (uint8_t)component;
   a->id_scale = (uint32_t)scale;
   a->value.expr = CASE_NO_EXPR;
   a->value.vsharp = -1;
   return RDNA_OK;
}

static enum rdna_status parse_init(struct parser *p, struct case_cursor *cur)
{
   struct rdna_case *c = p->c;
   if (!case_grow((void **)&c->inits, &c->cap_inits, c->num_inits + 1, sizeof(*c->inits)))
      return no_memory(p);
   struct case_assign *a = &c->inits[c->num_inits];
   memset(a, 0, sizeof(*a));
   case_skip_space(cur);
   a->line = cur->line;
   a->column = (unsigned)cur->pos + 1;
   enum rdna_status st = parse_id(cur, a);
   if (st == RDNA_OK && !a->id)
      st = parse_assignment(cur, false, &a->reg, &a->value);
   if (st == RDNA_OK)
      c->num_inits++;
   return st;
}

/* ---- [expect] ----------------------------------------------------------------------------- */

static enum rdna_status parse_expect(struct parser *p, struct case_cursor *cur)
{
   struct rdna_case *c = p->c;
   if (!case_grow((void **)&c->expects, &c->cap_expects, c->num_expects + 1, sizeof(*c->expects)))
      return no_memory(p);
   struct case_expect *e = &c->expects[c->num_expects];
   memset(e, 0, sizeof(*e));
   e->fault_pc = CASE_NO_EXPR;
   e->value.expr = CASE_NO_EXPR;
   e->value.vsharp = -1;
   case_skip_space(cur);
   e->line = cur->line;
   e->column = (unsigned)cur->pos + 1;
   size_t save = cur->pos;
   const char *word;
   size_t length;
   enum rdna_status st;
   bool is_word = case_word(cur, &word, &length);
   if (is_word && case_word_is(word, length, "fault")) {
      e->kind = EXPECT_FAULT;
      if (!case_word(cur, &word, &length))
         return case_expected(cur, "a fault kind ('none', ...)");
      if (length >= sizeof(e->fault))
         return case_fail(cur, cur->pos - length, RDNA_OUT_OF_RANGE, "fault kind too long");
      memcpy(e->fault, word, length);
      e->fault[length] = '\0';
      case_skip_space(cur);
      save = cur->pos;
      if (case_word(cur, &word, &length) && case_word_is(word, length, "at")) {
         if (strcmp(e->fault, "none") == 0)
            return case_fail(cur, save, RDNA_SYNTAX, "'fault none' has no address");
         st = case_parse_expr(cur, &e->fault_pc, &(unsigned){ 0 });
         if (st != RDNA_OK)
            return st;
      } else {
         cur->pos = save;
      }
      st = expect_end(cur);
   } else if (is_word && case_word_is(word, length, "buffer")) {
      e->kind = EXPECT_BUFFER;
      case_skip_space(cur);
      size_t at = cur->pos;
      if (!case_word(cur, &word, &length))
         return case_expected(cur, "a buffer name");
      /* The name resolves like &name: through a reference node. */
      uint32_t node;
      if (c->num_nodes >= CASE_MAX_EXPR_NODES ||
          !case_grow((void **)&c->nodes, &c->cap_nodes, c->num_nodes + 1, sizeof(*c->nodes)))
         return case_fail(cur, at, RDNA_NO_MEMORY, "out of memory");
      node = (uint32_t)c->num_nodes++;
      memset(&c->nodes[node], 0, sizeof(c->nodes[node]));
      c->nodes[node].op = EXPR_ADDR;
      c->nodes[node].a = c->nodes[node].b = CASE_NO_EXPR;
      c->nodes[node].line = cur->line;
      c->nodes[node].column = (unsigned)at + 1;
      if (!add_ref(p, node, word, length))
         return no_memory(p);
      e->region = node; /* a node until resolved: see resolve_refs */
      case_skip_space(cur);
      size_t type_pos = cur->pos;
      if (!case_word(cur, &word, &length) || !parse_type_word(word, length, &e->type))
         return cur->pos = type_pos, case_expected(cur, "an element type (u8 u16 u32 u64 i32 f16 "
                                                        "f32 f64)");
      e->first_elem = 0;
      e->last_elem = UINT64_MAX; /* the whole buffer */
      if (case_accept(cur, '[')) {
         st = parse_constant(cur, &e->first_elem);
         e->last_elem = e->first_elem;
         if (st == RDNA_OK && case_accept(cur, ':'))
            st = parse_constant(cur, &e->last_elem);
         if (st != RDNA_OK)
            return st;
         if (!case_accept(cur, ']'))
            return case_expected(cur, "']'");
         if (e->last_elem < e->first_elem)
            return case_fail(cur, at, RDNA_OUT_OF_RANGE, "an element range is [first:last]");
      }
      if (!case_accept(cur, '='))
         return case_expected(cur, "'='");
      cur->allowed_vars = VAR_INDEX;
      case_skip_space(cur);
      size_t pos = cur->pos;
      st = parse_value(cur, true, &e->value);
      if (st == RDNA_OK && e->value.vsharp >= 0)
         return case_fail(cur, pos, RDNA_SYNTAX, "a vsharp fills four SGPRs, not buffer elements");
      if (st == RDNA_OK && e->value.image_desc)
         return case_fail(cur, pos, RDNA_SYNTAX, "a descriptor fills SGPRs, not buffer elements");
      if (st == RDNA_OK)
         st = expect_end(cur);
   } else {
      cur->pos = save;
      e->kind = EXPECT_REG;
      st = parse_assignment(cur, true, &e->reg, &e->value);
   }
   if (st == RDNA_OK)
      c->num_expects++;
   return st;
}

/* ---- [diff] ------------------------------------------------------------------------------- */

static enum rdna_status parse_diff(struct parser *p, struct case_cursor *cur)
{
   struct rdna_case *c = p->c;
   const char *word;
   size_t length;
   case_skip_space(cur);
   size_t pos = cur->pos;
   if (!case_word(cur, &word, &length) || !case_word_is(word, length, "todo"))
      return cur->pos = pos, case_expected(cur, "todo(BACKEND) reason");
   if (!case_accept(cur, '('))
      return case_expected(cur, "'('");
   if (!case_word(cur, &word, &length))
      return case_expected(cur, "a backend name");
   if (!case_accept(cur, ')'))
      return case_expected(cur, "')'");
   case_skip_space(cur);
   size_t start = cur->pos, end = start;
   while (end < cur->end && cur->text[end] != '#')
      end++;
   while (end > start &&
          (cur->text[end - 1] == ' ' || cur->text[end - 1] == '\t' || cur->text[end - 1] == '\r'))
      end--;
   if (!case_grow((void **)&c->todos, &c->cap_todos, c->num_todos + 1, sizeof(*c->todos)))
      return no_memory(p);
   char *backend = malloc(length + 1), *reason = malloc(end - start + 1);
   if (!backend || !reason) {
      free(backend);
      free(reason);
      return no_memory(p);
   }
   memcpy(backend, word, length);
   backend[length] = '\0';
   memcpy(reason, cur->text + start, end - start);
   reason[end - start] = '\0';
   c->todos[c->num_todos].backend = backend;
   c->todos[c->num_todos].reason = reason;
   c->num_todos++;
   return RDNA_OK;
}

/* ---- [buffer] ----------------------------------------------------------------------------- */

static enum rdna_status add_data(struct parser *p, struct case_cursor *cur, size_t pos,
                                 uint8_t type, uint32_t expr, uint64_t count)
{
   struct rdna_case *c = p->c;
   uint64_t bytes = count * case_type_size(type);
   if (p->data_cursor + bytes > RDNA_CASE_MAX_BUFFER_BYTES)
      return case_fail(cur, pos, RDNA_OUT_OF_RANGE, "a buffer holds at most %u bytes",
                       RDNA_CASE_MAX_BUFFER_BYTES);
   if (!case_grow((void **)&c->data, &c->cap_data, c->num_data + 1, sizeof(*c->data)))
      return no_memory(p);
   struct case_data *d = &c->data[c->num_data++];
   d->region = (uint32_t)p->region;
   d->type = type;
   d->expr = expr;
   d->offset = p->data_cursor;
   d->count = count;
   p->data_cursor += bytes;
   return RDNA_OK;
}

/* `size N`, or TYPE followed by values separated by blanks or commas, each maybe followed by
 * `xN` (a repeat). A value is an expression written without blanks outside parentheses. */
static enum rdna_status parse_buffer_line(struct parser *p, struct case_cursor *cur)
{
   const char *word;
   size_t length;
   case_skip_space(cur);
   size_t pos = cur->pos;
   uint8_t type;
   if (case_word(cur, &word, &length) && case_word_is(word, length, "size")) {
      if (p->size_given)
         return case_fail(cur, pos, RDNA_SYNTAX, "size given twice");
      enum rdna_status st =
         parse_bounded(cur, 0, RDNA_CASE_MAX_BUFFER_BYTES, "size", &p->size_value);
      if (st != RDNA_OK)
         return st;
      p->size_given = true;
      p->size_line = cur->line;
      p->size_column = (unsigned)pos + 1;
      return expect_end(cur);
   }
   if (cur->pos == pos || !parse_type_word(word, length, &type)) {
      cur->pos = pos;
      return case_expected(cur, "size or an element type (u8 u16 u32 u64 i32 f16 f32 f64)");
   }
   bool any = false, last_repeatable = false;
   cur->allowed_vars = 0;
   for (;;) {
      case_skip_space(cur);
      if (cur->pos < cur->end && cur->text[cur->pos] == ',' && any)
         cur->pos++, case_skip_space(cur);
      if (case_at_end(cur))
         break;
      size_t start = cur->pos, end = start;
      int depth = 0;
      while (end < cur->end) {
         char ch = cur->text[end];
         if (depth == 0 && (ch == ' ' || ch == '\t' || ch == ',' || ch == '#' || ch == '\r'))
            break;
         depth += ch == '(' ? 1 : ch == ')' ? -1 : 0;
         end++;
      }
      if (cur->text[start] == 'x' && end > start + 1 && cur->text[start + 1] >= '0' &&
          cur->text[start + 1] <= '9') {
         unsigned count;
         if (!last_repeatable)
            return case_fail(cur, start, RDNA_SYNTAX, "a repeat 'xN' follows a value");
         if (!parse_uint_text(cur->text + start + 1, end - start - 1, 1u << 24, &count) ||
             count == 0)
            return case_fail(cur, start, RDNA_OUT_OF_RANGE, "a repeat count is x1 to x16777216");
         struct case_data *d = &p->c->data[p->c->num_data - 1];
         p->data_cursor -= case_type_size(type);
         p->c->num_data--;
         enum rdna_status st = add_data(p, cur, start, type, d->expr, count);
         if (st != RDNA_OK)
            return st;
         cur->pos = end;
         last_repeatable = false;
         continue;
      }
      struct case_cursor atom = *cur;
      struct rdna_diag atom_diag;
      memset(&atom_diag, 0, sizeof(atom_diag));
      atom.end = end;
      atom.diag = &atom_diag;
      uint32_t node;
      unsigned vars = 0;
      enum rdna_status st = case_parse_expr(&atom, &node, &vars);
      if (st == RDNA_OK && !case_at_end(&atom))
         st = case_expected(&atom, "end of value");
      if (st != RDNA_OK) {
         /* Running out at the value's end means a blank split an expression. */
         if (atom_diag.column == end + 1 && end < cur->end && cur->text[end] != '#')
            return case_fail(cur, start, RDNA_SYNTAX,
                             "a value is written without blanks (or "
                             "with blanks only inside parentheses)");
         if (cur->diag && cur->diag->status == RDNA_OK)
            *cur->diag = atom_diag;
         return st;
      }
      st = add_data(p, cur, start, type, node, 1);
      if (st != RDNA_OK)
         return st;
      cur->pos = end;
      any = true;
      last_repeatable = true;
   }
   if (!any)
      return case_expected(cur, "a value");
   return RDNA_OK;
}

static enum rdna_status end_buffer(struct parser *p)
{
   struct case_region *r = &p->c->regions[p->region];
   if (p->size_given && p->data_cursor > p->size_value)
      return fail_at(p, p->size_line, p->size_column, RDNA_OUT_OF_RANGE,
                     "the data holds %llu bytes, more than size %llu",
                     (unsigned long long)p->data_cursor, (unsigned long long)p->size_value);
   r->size = p->size_given ? p->size_value : p->data_cursor;
   return RDNA_OK;
}

/* ---- section headers ---------------------------------------------------------------------- */

static bool valid_region_name(struct parser *p, const char *name)
{
   for (size_t i = 0; i < p->c->num_regions; i++)
      if (strcmp(p->c->regions[i].name, name) == 0)
         return false;
   return true;
}

static enum rdna_status parse_header(struct parser *p, struct case_cursor *cur, size_t next_line)
{
   struct rdna_case *c = p->c;
   case_accept(cur, '[');
   const char *word;
   size_t length;
   case_skip_space(cur);
   size_t pos = cur->pos;
   if (!case_word(cur, &word, &length))
      return case_expected(
         cur, "a section name (require, buffer, program, init, expect, diff, kernargs)");
   enum section section;
   if (case_word_is(word, length, "require"))
      section = SECTION_REQUIRE;
   else if (case_word_is(word, length, "buffer"))
      section = SECTION_BUFFER;
   else if (case_word_is(word, length, "program"))
      section = SECTION_PROGRAM;
   else if (case_word_is(word, length, "init"))
      section = SECTION_INIT;
   else if (case_word_is(word, length, "expect"))
      section = SECTION_EXPECT;
   else if (case_word_is(word, length, "diff"))
      section = SECTION_DIFF;
   else if (case_word_is(word, length, "kernargs"))
      section = SECTION_KERNARGS;
   else {
      cur->pos = pos;
      return case_expected(
         cur, "a section name (require, buffer, program, init, expect, diff, kernargs)");
   }
   p->section = section;
   if (section != SECTION_BUFFER && section != SECTION_PROGRAM) {
      if (!case_accept(cur, ']'))
         return case_expected(cur, "']'");
      return expect_end(cur);
   }

   /* [buffer NAME @ADDR], [program NAME @ADDR]: the first program's name defaults to main. */
   bool has_program = false;
   for (size_t i = 0; i < c->num_regions; i++)
      has_program |= c->regions[i].is_program;
   case_skip_space(cur);
   size_t name_pos = cur->pos;
   char name[64];
   if (case_word(cur, &word, &length)) {
      if (length >= sizeof(name))
         return case_fail(cur, name_pos, RDNA_OUT_OF_RANGE,
                          "a region name has at most %u "
                          "characters",
                          (unsigned)sizeof(name) - 1);
      memcpy(name, word, length);
      name[length] = '\0';
   } else if (section == SECTION_PROGRAM && !has_program) {
      strcpy(name, "main");
   } else {
      return case_expected(cur, section == SECTION_BUFFER ? "a buffer name"
                                                          : "a program name (only the first "
                                                            "program defaults to main)");
   }
   if (!valid_region_name(p, name))
      return case_fail(cur, name_pos, RDNA_DUPLICATE_LABEL, "a region named '%s' already exists",
                       name);
   if (c->num_regions >= RDNA_CASE_MAX_REGIONS)
      return case_fail(cur, name_pos, RDNA_OUT_OF_RANGE, "a case holds at most %u regions",
                       RDNA_CASE_MAX_REGIONS);
   struct case_region region;
   memset(&region, 0, sizeof(region));
   region.is_program = section == SECTION_PROGRAM;
   region.line = cur->line;
   if (case_accept(cur, '@')) {
      case_skip_space(cur);
      size_t at = cur->pos;
      enum rdna_status st = parse_constant(cur, &region.address);
      if (st != RDNA_OK)
         return st;
      if (region.address >= 1ull << 48)
         return case_fail(cur, at, RDNA_OUT_OF_RANGE, "an address lies below 2^48");
      region.fixed = true;
   }
   if (!case_accept(cur, ']'))
      return case_expected(cur, region.fixed ? "']'" : "'@ADDRESS' or ']'");
   enum rdna_status st = expect_end(cur);
   if (st != RDNA_OK)
      return st;
   region.name = malloc(strlen(name) + 1);
   struct case_region *grown = realloc(c->regions, (c->num_regions + 1) * sizeof(*c->regions));
   if (!region.name || !grown) {
      free(region.name);
      if (grown)
         c->regions = grown;
      return no_memory(p);
   }
   strcpy(region.name, name);
   c->regions = grown;
   p->region = c->num_regions;
   c->regions[c->num_regions++] = region;
   if (section == SECTION_BUFFER) {
      p->data_cursor = 0;
      p->size_given = false;
   } else {
      if (!case_grow((void **)&p->programs, &p->cap_programs, p->num_programs + 1,
                     sizeof(*p->programs)))
         return no_memory(p);
      struct program_text *t = &p->programs[p->num_programs++];
      t->region = p->region;
      t->start = t->end = next_line;
      t->header_line = cur->line;
   }
   return RDNA_OK;
}

/* ---- [kernargs] and code objects ---------------------------------------------------------- */

/* `TYPE EXPR` (u8 u16 u32 u64 i32 f16 f32 f64) or `ptr EXPR` (a 64-bit address such as &out):
 * the kernel's explicit arguments in parameter order. */
static enum rdna_status parse_kernarg(struct parser *p, struct case_cursor *cur)
{
   case_skip_space(cur);
   const char *word;
   size_t length;
   uint8_t type;
   if (!case_word(cur, &word, &length))
      return case_expected(cur, "an argument type (ptr u8 u16 u32 u64 i32 f16 f32 f64)");
   if (case_word_is(word, length, "ptr"))
      type = TYPE_U64;
   else if (!parse_type_word(word, length, &type))
      return case_fail(cur, cur->pos - length, RDNA_SYNTAX,
                       "expected an argument type (ptr u8 u16 u32 u64 i32 f16 f32 f64), found "
                       "'%.*s'",
                       (int)(length < 32 ? length : 32), word);
   if (p->num_kernargs == RDNA_HSACO_MAX_ARGS)
      return case_fail(cur, 0, RDNA_OUT_OF_RANGE, "at most %u kernel arguments",
                       RDNA_HSACO_MAX_ARGS);
   cur->allowed_vars = 0;
   uint32_t node;
   unsigned vars = 0;
   enum rdna_status st = case_parse_expr(cur, &node, &vars);
   if (st != RDNA_OK)
      return st;
   st = expect_end(cur);
   if (st != RDNA_OK)
      return st;
   if (!case_grow((void **)&p->kernargs, &p->cap_kernargs, p->num_kernargs + 1,
                  sizeof(*p->kernargs)))
      return no_memory(p);
   p->kernargs[p->num_kernargs++] = (struct kernarg_line){ type, node };
   return RDNA_OK;
}

/* A program whose first line (blanks and '#' or ';' comments aside) is
 * `hsaco PATH kernel NAME` names a code object: nothing else may follow. Returns OK with
 * *is_hsaco false for assembly. */
static enum rdna_status parse_hsaco_program(struct parser *p, const struct program_text *t,
                                            bool *is_hsaco)
{
   *is_hsaco = false;
   unsigned line = t->header_line;
   bool seen = false;
   for (size_t at = t->start; at < t->end;) {
      size_t end = at;
      while (end < t->end && p->text[end] != '\n')
         end++;
      line++;
      struct case_cursor cur;
      cursor_init(p, &cur, p->text + at, end - at, line);
      case_skip_space(&cur);
      bool blank = cur.pos == cur.end || cur.text[cur.pos] == '#' || cur.text[cur.pos] == ';';
      at = end < t->end ? end + 1 : end;
      if (blank)
         continue;
      const char *word;
      size_t length;
      size_t pos = cur.pos;
      if (!case_word(&cur, &word, &length) || !case_word_is(word, length, "hsaco")) {
         if (seen)
            return case_fail(&cur, pos, RDNA_SYNTAX,
                             "a program that names a code object holds nothing else");
         return RDNA_OK;
      }
      if (seen)
         return case_fail(&cur, pos, RDNA_SYNTAX, "one code object per program");
      if (p->hsaco.path)
         return case_fail(&cur, pos, RDNA_SYNTAX, "a case runs one code object");
      if (t != &p->programs[0])
         return case_fail(&cur, pos, RDNA_SYNTAX,
                          "the code object's program must be the first [program] (the entry)");
      seen = true;
      case_skip_space(&cur);
      size_t path_start = cur.pos;
      while (cur.pos < cur.end && cur.text[cur.pos] != ' ' && cur.text[cur.pos] != '\t')
         cur.pos++;
      size_t path_end = cur.pos;
      if (path_end == path_start)
         return case_expected(&cur, "a code object's path");
      case_skip_space(&cur);
      const char *kernel;
      size_t kernel_length;
      pos = cur.pos;
      if (!case_word(&cur, &word, &length) || !case_word_is(word, length, "kernel")) {
         cur.pos = pos;
         return case_expected(&cur, "'kernel NAME'");
      }
      case_skip_space(&cur);
      if (!case_word(&cur, &kernel, &kernel_length))
         return case_expected(&cur, "a kernel name");
      enum rdna_status st = expect_end(&cur);
      if (st != RDNA_OK)
         return st;
      p->hsaco.path = malloc(path_end - path_start + 1);
      p->hsaco.kernel = malloc(kernel_length + 1);
      if (!p->hsaco.path || !p->hsaco.kernel)
         return no_memory(p);
      memcpy(p->hsaco.path, cur.text + path_start, path_end - path_start);
      p->hsaco.path[path_end - path_start] = '\0';
      memcpy(p->hsaco.kernel, kernel, kernel_length);
      p->hsaco.kernel[kernel_length] = '\0';
      p->hsaco.region = t->region;
      p->hsaco.line = line;
      *is_hsaco = true;
   }
   return RDNA_OK;
}

/* Loads the code object a program names, beside the case file, into the case. */
static enum rdna_status apply_hsaco(struct parser *p)
{
   struct rdna_case *c = p->c;
   if (!p->hsaco.path) {
      if (p->num_kernargs)
         return fail_at(p, 1, 1, RDNA_SYNTAX,
                        "[kernargs] needs a program that names a code "
                        "object ('hsaco PATH kernel NAME')");
      return RDNA_OK;
   }
   struct rdna_hsaco_arg args[RDNA_HSACO_MAX_ARGS];
   for (size_t i = 0; i < p->num_kernargs; i++) {
      struct case_env env = { c, 0, 0, 0 };
      uint64_t value;
      enum rdna_status st =
         case_eval_typed(&env, p->kernargs[i].expr, p->kernargs[i].type, &value, &p->diag);
      if (st != RDNA_OK)
         return st;
      memset(&args[i], 0, sizeof(args[i]));
      args[i].kind = RDNA_HSACO_ARG_VALUE;
      args[i].size = case_type_size(p->kernargs[i].type);
      args[i].value = value;
   }
   const char *slash = p->name ? strrchr(p->name, '/') : NULL;
   size_t dir = slash && p->hsaco.path[0] != '/' ? (size_t)(slash - p->name) + 1 : 0;
   char *path = malloc(dir + strlen(p->hsaco.path) + 1);
   if (!path)
      return no_memory(p);
   memcpy(path, p->name, dir);
   strcpy(path + dir, p->hsaco.path);
   FILE *file = fopen(path, "rb");
   uint8_t *object = NULL;
   size_t size = 0;
   if (file) {
      object = malloc(RDNA_HSACO_MAX_OBJECT + 1u);
      size = object ? fread(object, 1, RDNA_HSACO_MAX_OBJECT + 1u, file) : 0;
      fclose(file);
   }
   enum rdna_status st = RDNA_OK;
   if (!file)
      st = fail_at(p, p->hsaco.line, 1, RDNA_IO, "cannot open code object '%s'", path);
   else if (!object)
      st = no_memory(p);
   else if (size > RDNA_HSACO_MAX_OBJECT)
      st = fail_at(p, p->hsaco.line, 1, RDNA_OUT_OF_RANGE, "'%s' is larger than %u bytes", path,
                   RDNA_HSACO_MAX_OBJECT);
   struct rdna_diag diag;
   if (st == RDNA_OK) {
      st = hsaco_case_apply(c, p->hsaco.region, object, size, p->hsaco.kernel, args,
                            p->num_kernargs, &diag);
      if (st != RDNA_OK)
         fail_at(p, p->hsaco.line, 1, st, "%s: %s", p->hsaco.path, diag.message);
   }
   free(object);
   free(path);
   return st;
}

/* ---- whole-file steps --------------------------------------------------------------------- */

static enum rdna_status assemble_programs(struct parser *p)
{
   struct rdna_case *c = p->c;
   for (size_t i = 0; i < p->num_programs; i++) {
      const struct program_text *t = &p->programs[i];
      struct case_region *r = &c->regions[t->region];
      bool is_hsaco = false;
      enum rdna_status hsaco_st = parse_hsaco_program(p, t, &is_hsaco);
      if (hsaco_st != RDNA_OK)
         return hsaco_st;
      if (is_hsaco)
         continue;
      for (unsigned w = 0; w < 2; w++) {
         if (!(c->waves & (1u << w)))
            continue;
         struct rdna_isa_config config = { c->target, w ? 64u : 32u };
         struct rdna_code *code = NULL;
         struct rdna_diag diag;
         memset(&diag, 0, sizeof(diag));
         enum rdna_status st =
            rdna_assemble(&config, p->text + t->start, t->end - t->start, r->name, &code, &diag);
         if (st != RDNA_OK) {
            const char *mode = c->waves == 3 ? (w ? " (wave64)" : " (wave32)") : "";
            return fail_at(p, diag.line ? t->header_line + diag.line : t->header_line,
                           diag.line ? diag.column : 1, st, "%s%s", diag.message, mode);
         }
         size_t num_words = 0;
         const uint32_t *words = rdna_code_words(code, &num_words);
         r->code[w] = malloc(num_words * 4 + 1);
         if (!r->code[w]) {
            rdna_code_destroy(code);
            return no_memory(p);
         }
         for (size_t b = 0; b < num_words * 4; b++)
            r->code[w][b] = (uint8_t)(words[b / 4] >> (8 * (b % 4)));
         r->code_size[w] = num_words * 4;
         if (r->code_size[w] > r->size)
            r->size = r->code_size[w];
         rdna_code_destroy(code);
      }
   }
   return RDNA_OK;
}

static uint64_t span(const struct case_region *r)
{
   return r->size ? r->size : 1;
}

static bool overlaps(uint64_t a, uint64_t a_size, uint64_t b, uint64_t b_size)
{
   return a < b + b_size && b < a + a_size;
}

/* Places the regions (the rule is in include/rdna/case.h). */
static enum rdna_status place_regions(struct parser *p)
{
   struct rdna_case *c = p->c;
   const uint64_t limit = 1ull << 48;
   for (size_t i = 0; i < c->num_regions; i++) {
      struct case_region *r = &c->regions[i];
      if (!r->fixed)
         continue;
      if (r->address + span(r) > limit)
         return fail_at(p, r->line, 1, RDNA_OUT_OF_RANGE, "region '%s' runs past 2^48", r->name);
      for (size_t j = 0; j < i; j++)
         if (c->regions[j].fixed &&
             overlaps(r->address, span(r), c->regions[j].address, span(&c->regions[j])))
            return fail_at(p, r->line, 1, RDNA_OUT_OF_RANGE, "region '%s' overlaps region '%s'",
                           r->name, c->regions[j].name);
   }
   uint64_t cursor = RDNA_CASE_AUTO_BASE;
   for (size_t i = 0; i < c->num_regions; i++) {
      struct case_region *r = &c->regions[i];
      if (r->fixed)
         continue;
      uint64_t address =
         (cursor + RDNA_CASE_AUTO_ALIGN - 1) & ~(uint64_t)(RDNA_CASE_AUTO_ALIGN - 1);
      bool moved = true;
      while (moved && address < limit) {
         moved = false;
         for (size_t j = 0; j < c->num_regions; j++) {
            const struct case_region *f = &c->regions[j];
            if (f->fixed && overlaps(address, span(r), f->address, span(f))) {
               address = (f->address + span(f) + RDNA_CASE_AUTO_ALIGN - 1) &
                         ~(uint64_t)(RDNA_CASE_AUTO_ALIGN - 1);
               moved = true;
            }
         }
      }
      if (address + span(r) > limit)
         return fail_at(p, r->line, 1, RDNA_OUT_OF_RANGE, "no room below 2^48 for region '%s'",
                        r->name);
      r->address = address;
      cursor = address + span(r);
   }
   return RDNA_OK;
}

static enum rdna_status resolve_refs(struct parser *p)
{
   struct rdna_case *c = p->c;
   for (size_t i = 0; i < p->num_refs; i++) {
      struct case_expr *e = &c->nodes[p->refs[i].node];
      long index = rdna_case_find_region(c, p->refs[i].name);
      if (index < 0)
         return fail_at(p, e->line, e->column, RDNA_UNDEFINED_LABEL, "no region named '%s'",
                        p->refs[i].name);
      e->value = (uint64_t)index;
   }
   /* Buffer expectations hold their name's node: turn it into the region index. */
   for (size_t i = 0; i < c->num_expects; i++)
      if (c->expects[i].kind == EXPECT_BUFFER)
         c->expects[i].region = (uint32_t)c->nodes[c->expects[i].region].value;
   return RDNA_OK;
}

static enum rdna_status check_reg(struct parser *p, const struct case_reg *reg,
                                  const struct case_value *value, unsigned line, unsigned column)
{
   struct rdna_case *c = p->c;
   if (reg->file == FILE_VGPR && reg->first + reg->count > c->vgprs)
      return fail_at(p, line, column, RDNA_OUT_OF_RANGE,
                     "%s lies past the VGPR allocation (vgprs %u)", reg->text, c->vgprs);
   if (value->num_items)
      for (unsigned w = 0; w < 2; w++)
         if ((c->waves & (1u << w)) && value->list_length != (w ? 64u : 32u))
            return fail_at(p, value->line, value->column, RDNA_OUT_OF_RANGE,
                           "the list gives %llu lanes, the case runs wave%u",
                           (unsigned long long)value->list_length, w ? 64 : 32);
   return RDNA_OK;
}

static enum rdna_status validate(struct parser *p)
{
   struct rdna_case *c = p->c;
   enum rdna_status st = RDNA_OK;
   for (size_t i = 0; st == RDNA_OK && i < c->num_inits; i++)
      st = check_reg(p, &c->inits[i].reg, &c->inits[i].value, c->inits[i].line, c->inits[i].column);
   for (size_t i = 0; st == RDNA_OK && i < c->num_expects; i++) {
      struct case_expect *e = &c->expects[i];
      if (e->kind == EXPECT_REG) {
         st = check_reg(p, &e->reg, &e->value, e->line, e->column);
      } else if (e->kind == EXPECT_BUFFER) {
         const struct case_region *r = &c->regions[e->region];
         uint64_t elements = r->size / case_type_size(e->type);
         if (e->last_elem == UINT64_MAX) {
            if (elements == 0)
               return fail_at(p, e->line, e->column, RDNA_OUT_OF_RANGE,
                              "region '%s' holds no whole element", r->name);
            e->last_elem = elements - 1;
         }
         if (e->last_elem >= elements)
            return fail_at(p, e->line, e->column, RDNA_OUT_OF_RANGE,
                           "element %llu lies past the end of '%s' (%llu elements)",
                           (unsigned long long)e->last_elem, r->name, (unsigned long long)elements);
         if (e->value.num_items && e->value.list_length != e->last_elem - e->first_elem + 1)
            return fail_at(p, e->value.line, e->value.column, RDNA_OUT_OF_RANGE,
                           "the list gives %llu elements, the range holds %llu",
                           (unsigned long long)e->value.list_length,
                           (unsigned long long)(e->last_elem - e->first_elem + 1));
      }
   }
   return st;
}

static enum rdna_status fill_buffers(struct parser *p)
{
   struct rdna_case *c = p->c;
   for (size_t i = 0; i < c->num_regions; i++) {
      struct case_region *r = &c->regions[i];
      if (r->is_program)
         continue;
      r->bytes = calloc(r->size ? r->size : 1, 1);
      if (!r->bytes)
         return no_memory(p);
   }
   for (size_t i = 0; i < c->num_data; i++) {
      const struct case_data *d = &c->data[i];
      struct case_region *r = &c->regions[d->region];
      struct case_env env = { c, 0, 0, 0 };
      uint64_t value;
      enum rdna_status st = case_eval_typed(&env, d->expr, d->type, &value, &p->diag);
      if (st != RDNA_OK)
         return st;
      unsigned size = case_type_size(d->type);
      for (uint64_t k = 0; k < d->count; k++)
         for (unsigned b = 0; b < size; b++)
            r->bytes[d->offset + k * size + b] = (uint8_t)(value >> (8 * b));
   }
   return RDNA_OK;
}

/* ---- the line loop ------------------------------------------------------------------------ */

static enum rdna_status parse_lines(struct parser *p)
{
   unsigned lineno = 0;
   size_t start = 0;
   while (start < p->length) {
      size_t end = start;
      while (end < p->length && p->text[end] != '\n')
         end++;
      size_t next = end < p->length ? end + 1 : end;
      lineno++;
      struct case_cursor cur;
      cursor_init(p, &cur, p->text + start, end - start, lineno);
      case_skip_space(&cur);
      bool header = cur.pos < cur.end && cur.text[cur.pos] == '[';
      enum rdna_status st = RDNA_OK;
      if (header) {
         if (p->section == SECTION_BUFFER)
            st = end_buffer(p);
         if (p->section == SECTION_PROGRAM)
            p->programs[p->num_programs - 1].end = start;
         if (st == RDNA_OK)
            st = parse_header(p, &cur, next);
      } else if (p->section == SECTION_PROGRAM) {
         /* Assembly, passed to rdna_assemble as it is. */
      } else if (!case_at_end(&cur)) {
         switch (p->section) {
         case SECTION_NONE:
            st = case_expected(&cur, "a section header such as '[program]'");
            break;
         case SECTION_REQUIRE:
            st = parse_require(p, &cur);
            break;
         case SECTION_BUFFER:
            st = parse_buffer_line(p, &cur);
            break;
         case SECTION_INIT:
            st = parse_init(p, &cur);
            break;
         case SECTION_EXPECT:
            st = parse_expect(p, &cur);
            break;
         case SECTION_DIFF:
            st = parse_diff(p, &cur);
            break;
         case SECTION_KERNARGS:
            st = parse_kernarg(p, &cur);
            break;
         case SECTION_PROGRAM:
            break;
         }
      }
      if (st != RDNA_OK)
         return st;
      start = next;
   }
   if (p->section == SECTION_BUFFER)
      return end_buffer(p);
   if (p->section == SECTION_PROGRAM)
      p->programs[p->num_programs - 1].end = p->length;
   return RDNA_OK;
}

enum rdna_status rdna_case_parse(const char *text, size_t length, const char *name,
                                 struct rdna_case **out, struct rdna_diag *diag)
{
   struct parser p;
   memset(&p, 0, sizeof(p));
   p.name = name;
   if (out)
      *out = NULL;
   enum rdna_status st = RDNA_OK;
   if (!out || (!text && length)) {
      st = fail_at(&p, 0, 0, RDNA_BAD_ARGUMENT, "no case text or no output");
   } else if (length > RDNA_CASE_MAX_INPUT) {
      st = fail_at(&p, 0, 0, RDNA_OUT_OF_RANGE, "a case file holds at most %u bytes",
                   RDNA_CASE_MAX_INPUT);
   } else {
      const char *nul = length ? memchr(text, '\0', length) : NULL;
      if (nul) {
         unsigned line = 1, column = 1;
         for (const char *s = text; s < nul; s++, column++)
            if (*s == '\n')
               line++, column = 0;
         st = fail_at(&p, line, column, RDNA_SYNTAX, "a NUL byte in the case text");
      }
   }
   struct rdna_case *c = NULL;
   if (st == RDNA_OK) {
      c = calloc(1, sizeof(*c));
      if (!c)
         st = no_memory(&p);
   }
   if (st == RDNA_OK) {
      c->target = RDNA_TARGET_GFX1030;
      c->waves = RDNA_CASE_WAVE32;
      c->vgprs = RDNA_CASE_MAX_VGPRS;
      for (unsigned d = 0; d < 3; d++)
         c->workgroup[d] = c->grid[d] = 1;
      c->steps = 1000000;
      p.c = c;
      p.text = text;
      p.length = length;
      st = parse_lines(&p);
      bool has_program = false;
      for (size_t i = 0; st == RDNA_OK && i < c->num_regions; i++)
         has_program |= c->regions[i].is_program;
      if (st == RDNA_OK && !has_program)
         st = fail_at(&p, 1, 1, RDNA_SYNTAX, "expected a [program] section, found none");
      if (st == RDNA_OK)
         st = assemble_programs(&p);
      if (st == RDNA_OK)
         st = place_regions(&p);
      if (st == RDNA_OK)
         st = resolve_refs(&p);
      if (st == RDNA_OK)
         st = validate(&p);
      if (st == RDNA_OK)
         st = fill_buffers(&p);
      if (st == RDNA_OK)
         st = apply_hsaco(&p);
   }
   free(p.kernargs);
   free(p.hsaco.path);
   free(p.hsaco.kernel);
   for (size_t i = 0; i < p.num_refs; i++)
      free(p.refs[i].name);
   free(p.refs);
   free(p.programs);
   if (st != RDNA_OK) {
      rdna_case_destroy(c);
      if (p.diag.status == RDNA_OK)
         fail_at(&p, 0, 0, st, "%s", rdna_status_message(st));
      p.diag.status = st;
      if (diag)
         *diag = p.diag;
      return st;
   }
   *out = c;
   if (diag)
      memset(diag, 0, sizeof(*diag));
   return RDNA_OK;
}
