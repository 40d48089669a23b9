/* The case reducer (include/rdna/reduce.h): line-level delta debugging over a case file. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rdna/reduce.h"

#define DEFAULT_MAX_TESTS 5000u
#define NOP_LINE "  s_nop 0"

enum line_role {
   LINE_KEEP,        /* headers, [require], [buffer], [diff], labels, directives, blanks */
   LINE_INSTRUCTION, /* an instruction in [program] */
   LINE_REMOVABLE,   /* an [init] or [expect] line */
   LINE_DATA,        /* a typed data line of a [buffer] */
};

struct line {
   char *text;        /* owned, without the newline */
   char *replacement; /* owned: what the line becomes when reduced in place (s_nop 0 for an
                       * instruction, zeros for buffer data); NULL when it can only go */
   enum line_role role;
   bool removed;
};

struct reducer {
   struct line *lines;
   size_t count;
   const struct rdna_reduce_options *o;
   unsigned tests, max_tests;
   bool out_of_memory;
};

/* ---- classifying lines ------------------------------------------------------------------------
 */

static const char *skip_blanks(const char *s)
{
   while (*s == ' ' || *s == '\t')
      s++;
   return s;
}

/* Cuts a comment off: `#` outside [program], `;` `//` `#` inside. */
static void strip_comment(char *text, bool program)
{
   for (char *p = text; *p; p++) {
      if (*p == '#' || (program && (*p == ';' || (p[0] == '/' && p[1] == '/')))) {
         *p = '\0';
         break;
      }
   }
   size_t n = strlen(text);
   while (n && (text[n - 1] == ' ' || text[n - 1] == '\t' || text[n - 1] == '\r'))
      text[--n] = '\0';
}

static bool is_label_or_directive(const char *s)
{
   if (*s == '.')
      return true;
   const char *p = s;
   while (isalnum((unsigned char)*p) || *p == '_' || *p == '.' || *p == '$')
      p++;
   return p != s && *skip_blanks(p) == ':' && *skip_blanks(skip_blanks(p) + 1) == '\0';
}

/* A [buffer] data line with every value 0 and the same element count ("u32 0 x12"), so the
 * bytes after it keep their offsets; NULL when the line is no data line. */
static char *zero_data(const char *text)
{
   static const char *const types[] = { "u8", "u16", "u32", "u64", "i32", "f16", "f32", "f64" };
   const char *s = skip_blanks(text);
   size_t n = strcspn(s, " \t,");
   const char *type = NULL;
   for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++)
      if (strlen(types[i]) == n && strncmp(s, types[i], n) == 0)
         type = types[i];
   if (!type)
      return NULL;
   unsigned long long count = 0, last = 0;
   for (const char *p = s + n; *p;) {
      p += strspn(p, " \t,");
      size_t k = strcspn(p, " \t,");
      if (!k)
         break;
      if (p[0] == 'x' && k > 1 && strspn(p + 1, "0123456789") == k - 1) {
         unsigned long long repeat = strtoull(p + 1, NULL, 10);
         if (!last || repeat == 0 || repeat > (1ull << 26))
            return NULL;
         count += repeat - 1;
      } else {
         count++;
         last = 1;
      }
      p += k;
   }
   if (!count)
      return NULL;
   char *out = malloc(48);
   if (out)
      snprintf(out, 48, "%s 0 x%llu", type, count);
   return out;
}

static bool split_lines(struct reducer *r, const char *text, size_t length)
{
   size_t cap = 16;
   r->lines = calloc(cap, sizeof(*r->lines));
   if (!r->lines)
      return false;
   enum {
      OTHER,
      PROGRAM,
      REMOVABLE,
      BUFFER
   } section = OTHER;
   size_t start = 0;
   while (start < length) {
      size_t end = start;
      while (end < length && text[end] != '\n')
         end++;
      if (r->count == cap) {
         cap *= 2;
         struct line *lines = realloc(r->lines, cap * sizeof(*lines));
         if (!lines)
            return false;
         r->lines = lines;
      }
      struct line *l = &r->lines[r->count];
      memset(l, 0, sizeof(*l));
      l->text = strndup(text + start, end - start);
      if (!l->text)
         return false;
      r->count++;
      const char *s = skip_blanks(l->text);
      if (*s == '[') {
         section = strncmp(s, "[program", 8) == 0                                   ? PROGRAM
                   : strncmp(s, "[init]", 6) == 0 || strncmp(s, "[expect]", 8) == 0 ? REMOVABLE
                   : strncmp(s, "[buffer", 7) == 0                                  ? BUFFER
                                                                                    : OTHER;
      } else {
         strip_comment(l->text, section == PROGRAM);
         s = skip_blanks(l->text);
         if (*s && section == PROGRAM && !is_label_or_directive(s)) {
            l->role = LINE_INSTRUCTION;
            l->replacement = strdup(NOP_LINE);
            if (!l->replacement)
               return false;
         } else if (*s && section == REMOVABLE) {
            l->role = LINE_REMOVABLE;
         } else if (*s && section == BUFFER && (l->replacement = zero_data(s)) != NULL) {
            l->role = LINE_DATA;
         }
      }
      start = end + 1;
   }
   return true;
}

/* ---- testing a candidate ------------------------------------------------------------------------
 */

/* The case with lines whose `removed` is set left out (a line marked in `replace` becomes its
 * replacement instead). */
static char *render(const struct reducer *r, const bool *replace, size_t *length)
{
   size_t size = 1;
   for (size_t i = 0; i < r->count; i++)
      if (!r->lines[i].removed)
         size += strlen(replace && replace[i] ? r->lines[i].replacement : r->lines[i].text) + 1;
   char *out = malloc(size);
   if (!out)
      return NULL;
   size_t n = 0;
   for (size_t i = 0; i < r->count; i++) {
      if (r->lines[i].removed)
         continue;
      const char *t = replace && replace[i] ? r->lines[i].replacement : r->lines[i].text;
      size_t k = strlen(t);
      memcpy(out + n, t, k);
      n += k;
      out[n++] = '\n';
   }
   out[n] = '\0';
   *length = n;
   return out;
}

static size_t live_lines(const struct reducer *r)
{
   size_t n = 0;
   for (size_t i = 0; i < r->count; i++)
      n += !r->lines[i].removed;
   return n;
}

static bool holds(struct reducer *r, const bool *replace)
{
   if (r->tests >= r->max_tests || r->out_of_memory)
      return false;
   size_t length;
   char *text = render(r, replace, &length);
   if (!text) {
      r->out_of_memory = true;
      return false;
   }
   bool ok = r->o->predicate(r->o->user, text, length);
   free(text);
   r->tests++;
   if (r->o->progress)
      r->o->progress(r->o->user, r->tests, live_lines(r));
   return ok;
}

/* ---- ddmin ------------------------------------------------------------------------------------
 */

/* Tries to take away the lines listed in `items` (indices into r->lines), chunk by chunk with
 * chunks halving down to single lines (Zeller's ddmin, complement steps only). `in_place`: a
 * line taken away becomes its replacement (s_nop 0, zero data) rather than disappearing. */
static void ddmin(struct reducer *r, size_t *items, size_t count, bool in_place)
{
   bool *nop = calloc(r->count, sizeof(*nop));
   if (!nop) {
      r->out_of_memory = true;
      return;
   }
   size_t chunks = 2;
   while (count > 0 && r->tests < r->max_tests && !r->out_of_memory) {
      if (chunks > count)
         chunks = count;
      size_t size = (count + chunks - 1) / chunks;
      bool reduced = false;
      for (size_t start = 0; start < count; start += size) {
         size_t end = start + size < count ? start + size : count;
         for (size_t k = start; k < end; k++) {
            if (in_place)
               nop[items[k]] = true;
            else
               r->lines[items[k]].removed = true;
         }
         if (holds(r, nop)) {
            if (in_place)
               for (size_t k = start; k < end; k++) {
                  struct line *l = &r->lines[items[k]];
                  free(l->text);
                  l->text = l->replacement;
                  l->replacement = NULL;
                  nop[items[k]] = false;
               }
            memmove(items + start, items + end, (count - end) * sizeof(*items));
            count -= end - start;
            reduced = true;
            break;
         }
         for (size_t k = start; k < end; k++) {
            nop[items[k]] = false;
            r->lines[items[k]].removed = false;
         }
      }
      if (reduced) {
         if (chunks > 2)
            chunks--;
      } else if (chunks >= count) {
         break;
      } else {
         chunks *= 2;
      }
   }
   free(nop);
}

static size_t collect(const struct reducer *r, size_t *items, bool (*want)(const struct line *))
{
   size_t n = 0;
   for (size_t i = 0; i < r->count; i++)
      if (!r->lines[i].removed && want(&r->lines[i]))
         items[n++] = i;
   return n;
}

static bool is_instruction(const struct line *l)
{
   return l->role == LINE_INSTRUCTION && l->replacement && strcmp(l->text, NOP_LINE) != 0;
}

static bool is_nonzero_data(const struct line *l)
{
   return l->role == LINE_DATA && l->replacement && strcmp(l->text, l->replacement) != 0;
}

static bool is_nop(const struct line *l)
{
   return l->role == LINE_INSTRUCTION && strcmp(l->text, NOP_LINE) == 0;
}

static bool is_removable(const struct line *l)
{
   return l->role == LINE_REMOVABLE;
}

static bool is_blank(const struct line *l)
{
   return *skip_blanks(l->text) == '\0';
}

enum rdna_status rdna_reduce(const char *text, size_t length,
                             const struct rdna_reduce_options *options, char **out, unsigned *tests)
{
   if (out)
      *out = NULL;
   if (tests)
      *tests = 0;
   if (!text || !options || !options->predicate || !out)
      return RDNA_BAD_ARGUMENT;
   struct reducer r;
   memset(&r, 0, sizeof(r));
   r.o = options;
   r.max_tests = options->max_tests ? options->max_tests : DEFAULT_MAX_TESTS;
   enum rdna_status st = RDNA_OK;
   size_t *items = NULL;
   if (!split_lines(&r, text, length)) {
      st = RDNA_NO_MEMORY;
      goto done;
   }
   items = calloc(r.count ? r.count : 1, sizeof(*items));
   if (!items) {
      st = RDNA_NO_MEMORY;
      goto done;
   }
   /* Comments are already gone; the input must still show the behaviour without them. */
   for (size_t i = 0; i < r.count; i++)
      if (is_blank(&r.lines[i]))
         r.lines[i].removed = true;
   if (!holds(&r, NULL)) {
      st = r.out_of_memory ? RDNA_NO_MEMORY : RDNA_BAD_ARGUMENT;
      goto done;
   }
   ddmin(&r, items, collect(&r, items, is_removable), false);
   ddmin(&r, items, collect(&r, items, is_instruction), true);
   ddmin(&r, items, collect(&r, items, is_nop), false);
   ddmin(&r, items, collect(&r, items, is_nonzero_data), true);
   ddmin(&r, items, collect(&r, items, is_removable), false);
   if (r.out_of_memory) {
      st = RDNA_NO_MEMORY;
      goto done;
   }
   size_t n;
   *out = render(&r, NULL, &n);
   if (!*out)
      st = RDNA_NO_MEMORY;
done:
   if (tests)
      *tests = r.tests;
   for (size_t i = 0; i < r.count; i++) {
      free(r.lines[i].text);
      free(r.lines[i].replacement);
   }
   free(r.lines);
   free(items);
   return st;
}

/* ---- the differential signature ------------------------------------------------------------- */

void rdna_reduce_signature(enum rdna_status status, const struct rdna_diag *diag,
                           const struct rdna_diff_result *result, char *out, size_t size)
{
   if (status != RDNA_OK) {
      /* The instruction an UNSUPPORTED message starts with, e.g. "ds_write_b32 at 0x...". */
      char mnemonic[48] = "";
      if (status == RDNA_UNSUPPORTED && diag)
         sscanf(diag->message, "%47[a-z0-9_]", mnemonic);
      snprintf(out, size, "status %s%s%s", rdna_status_name(status), mnemonic[0] ? " " : "",
               mnemonic);
      return;
   }
   if (!result || result->num_divergences == 0) {
      snprintf(out, size, "equal");
      return;
   }
   const struct rdna_divergence *d = &result->divergences[0];
   switch (d->kind) {
   case RDNA_DIVERGE_VGPR:
      snprintf(out, size, "vgpr v%u", d->reg);
      break;
   case RDNA_DIVERGE_SREG:
   case RDNA_DIVERGE_HWREG:
      snprintf(out, size, "%s %u", rdna_divergence_kind_name(d->kind), d->reg);
      break;
   case RDNA_DIVERGE_FAULT:
      if (d->address)
         snprintf(out, size, "fault pc");
      else
         snprintf(out, size, "fault %s/%s", rdna_fault_kind_name((enum rdna_fault_kind)d->interp),
                  rdna_fault_kind_name((enum rdna_fault_kind)d->gpu));
      break;
   default:
      snprintf(out, size, "%s", rdna_divergence_kind_name(d->kind));
      break;
   }
}
