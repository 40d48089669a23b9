/* Case-file expressions (include/rdna/case.h): the line cursor and its diagnostics, a
 * precedence-climbing parser into the case's node array (depth bounded: hostile input cannot
 * exhaust the stack), the 64-bit evaluator, and double-to-f16/f32 conversions for data values. */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "case_internal.h"

/* ---- cursor ------------------------------------------------------------------------------- */

enum rdna_status case_fail(struct case_cursor *cur, size_t pos, enum rdna_status status,
                           const char *fmt, ...)
{
   if (cur->diag && cur->diag->status == RDNA_OK) {
      cur->diag->status = status;
      cur->diag->offset = 0;
      cur->diag->line = cur->line;
      cur->diag->column = (unsigned)pos + 1;
      va_list ap;
      va_start(ap, fmt);
      vsnprintf(cur->diag->message, sizeof(cur->diag->message), fmt, ap);
      va_end(ap);
   }
   return status;
}

void case_skip_space(struct case_cursor *cur)
{
   while (cur->pos < cur->end && (cur->text[cur->pos] == ' ' || cur->text[cur->pos] == '\t' ||
                                  cur->text[cur->pos] == '\r' || cur->text[cur->pos] == '\v' ||
                                  cur->text[cur->pos] == '\f'))
      cur->pos++;
}

bool case_at_end(struct case_cursor *cur)
{
   case_skip_space(cur);
   return cur->pos >= cur->end || cur->text[cur->pos] == '#';
}

bool case_accept(struct case_cursor *cur, char ch)
{
   case_skip_space(cur);
   if (cur->pos < cur->end && cur->text[cur->pos] == ch) {
      cur->pos++;
      return true;
   }
   return false;
}

static bool word_start(char ch)
{
   return isalpha((unsigned char)ch) || ch == '_';
}

static bool word_char(char ch)
{
   return isalnum((unsigned char)ch) || ch == '_' || ch == '.';
}

bool case_word(struct case_cursor *cur, const char **word, size_t *length)
{
   case_skip_space(cur);
   if (cur->pos >= cur->end || !word_start(cur->text[cur->pos]))
      return false;
   size_t start = cur->pos;
   while (cur->pos < cur->end && word_char(cur->text[cur->pos]))
      cur->pos++;
   *word = cur->text + start;
   *length = cur->pos - start;
   return true;
}

bool case_word_is(const char *word, size_t length, const char *literal)
{
   return strlen(literal) == length && memcmp(word, literal, length) == 0;
}

enum rdna_status case_expected(struct case_cursor *cur, const char *what)
{
   case_skip_space(cur);
   if (cur->pos >= cur->end || cur->text[cur->pos] == '#')
      return case_fail(cur, cur->pos, RDNA_SYNTAX, "expected %s, found end of line", what);
   /* The token: a word or number, else one character. */
   size_t n = 1;
   if (word_char(cur->text[cur->pos]))
      while (cur->pos + n < cur->end && n < 32 && word_char(cur->text[cur->pos + n]))
         n++;
   char token[40];
   size_t k = 0;
   for (size_t i = 0; i < n && k + 4 < sizeof(token); i++) {
      unsigned char ch = (unsigned char)cur->text[cur->pos + i];
      if (isprint(ch)) {
         token[k++] = (char)ch;
      } else {
         snprintf(token + k, sizeof(token) - k, "\\x%02x", ch);
         k += 4;
      }
   }
   token[k] = '\0';
   return case_fail(cur, cur->pos, RDNA_SYNTAX, "expected %s, found '%s'", what, token);
}

bool case_grow(void **array, size_t *cap, size_t need, size_t size)
{
   if (need <= *cap)
      return true;
   size_t next = *cap ? *cap * 2 : 16;
   while (next < need)
      next *= 2;
   void *grown = realloc(*array, next * size);
   if (!grown)
      return false;
   *array = grown;
   *cap = next;
   return true;
}

/* ---- parser ------------------------------------------------------------------------------- */

static enum rdna_status new_node(struct case_cursor *cur, size_t pos, enum case_expr_op op,
                                 uint32_t a, uint32_t b, uint64_t value, uint32_t *node)
{
   struct rdna_case *c = cur->c;
   if (c->num_nodes >= CASE_MAX_EXPR_NODES)
      return case_fail(cur, pos, RDNA_OUT_OF_RANGE, "too many expressions in one case (%u)",
                       (unsigned)CASE_MAX_EXPR_NODES);
   if (!case_grow((void **)&c->nodes, &c->cap_nodes, c->num_nodes + 1, sizeof(*c->nodes)))
      return case_fail(cur, pos, RDNA_NO_MEMORY, "out of memory");
   struct case_expr *e = &c->nodes[c->num_nodes];
   memset(e, 0, sizeof(*e));
   e->op = (uint8_t)op;
   e->a = a;
   e->b = b;
   e->value = value;
   e->line = cur->line;
   e->column = (unsigned)pos + 1;
   *node = (uint32_t)c->num_nodes++;
   return RDNA_OK;
}

/* A numeric literal: decimal, 0x hex or 0b binary integers (64 bits), or a decimal float with a
 * '.' or an exponent. */
static enum rdna_status parse_number(struct case_cursor *cur, bool negate, uint32_t *node)
{
   size_t start = cur->pos;
   const char *s = cur->text;
   size_t end = cur->pos;
   while (end < cur->end &&
          (isalnum((unsigned char)s[end]) || s[end] == '.' || s[end] == '_' ||
           ((s[end] == '+' || s[end] == '-') && end > start &&
            (s[end - 1] == 'e' || s[end - 1] == 'E') &&
            !(s[start] == '0' && end > start + 1 && (s[start + 1] == 'x' || s[start + 1] == 'X')))))
      end++;
   char buffer[64];
   size_t n = end - start;
   if (n >= sizeof(buffer))
      return case_fail(cur, start, RDNA_SYNTAX, "number too long");
   memcpy(buffer, s + start, n);
   buffer[n] = '\0';

   bool is_hex = n > 1 && buffer[0] == '0' && (buffer[1] == 'x' || buffer[1] == 'X');
   bool is_bin = n > 1 && buffer[0] == '0' && (buffer[1] == 'b' || buffer[1] == 'B');
   if (!is_hex && !is_bin && strpbrk(buffer, ".eE")) {
      char *stop = NULL;
      double value = strtod(buffer, &stop);
      if (*stop != '\0')
         return case_fail(cur, start, RDNA_SYNTAX, "invalid number '%s'", buffer);
      cur->pos = end;
      enum rdna_status st = new_node(cur, start, EXPR_FLOAT, CASE_NO_EXPR, CASE_NO_EXPR, 0, node);
      if (st == RDNA_OK)
         cur->c->nodes[*node].fvalue = negate ? -value : value;
      return st;
   }
   unsigned base = is_hex ? 16 : is_bin ? 2 : 10;
   size_t i = is_hex || is_bin ? 2 : 0;
   if (i == n)
      return case_fail(cur, start, RDNA_SYNTAX, "invalid number '%s'", buffer);
   uint64_t value = 0;
   for (; i < n; i++) {
      int ch = tolower((unsigned char)buffer[i]);
      unsigned digit = isdigit(ch)              ? (unsigned)(ch - '0')
                       : ch >= 'a' && ch <= 'f' ? (unsigned)(ch - 'a' + 10)
                                                : 99;
      if (digit >= base)
         return case_fail(cur, start, RDNA_SYNTAX, "invalid number '%s'", buffer);
      if (value > (UINT64_MAX - digit) / base)
         return case_fail(cur, start, RDNA_OUT_OF_RANGE, "number '%s' does not fit in 64 bits",
                          buffer);
      value = value * base + digit;
   }
   cur->pos = end;
   return new_node(cur, start, EXPR_CONST, CASE_NO_EXPR, CASE_NO_EXPR, negate ? 0 - value : value,
                   node);
}

static enum rdna_status parse_binary(struct case_cursor *cur, int level, unsigned depth,
                                     uint32_t *node, unsigned *vars);

/* A float literal has no integer value to compute with: it only stands alone. */
static bool is_float(const struct case_cursor *cur, uint32_t node)
{
   return cur->c->nodes[node].op == EXPR_FLOAT;
}

static enum rdna_status float_alone(struct case_cursor *cur, size_t pos)
{
   return case_fail(cur, pos, RDNA_SYNTAX,
                    "a float literal cannot be computed with; write it alone");
}

static enum rdna_status parse_unary(struct case_cursor *cur, unsigned depth, uint32_t *node,
                                    unsigned *vars)
{
   case_skip_space(cur);
   size_t pos = cur->pos;
   if (depth > CASE_MAX_EXPR_DEPTH)
      return case_fail(cur, pos, RDNA_OUT_OF_RANGE, "expression nested too deeply (over %u)",
                       CASE_MAX_EXPR_DEPTH);
   if (pos >= cur->end)
      return case_expected(cur, "an expression");
   char ch = cur->text[pos];
   if (ch == '-' || ch == '~' || ch == '+') {
      cur->pos++;
      case_skip_space(cur);
      /* -1.5 is one float literal, so that it may stand alone as a float value. */
      if (ch == '-' && cur->pos < cur->end && isdigit((unsigned char)cur->text[cur->pos])) {
         size_t save = cur->pos;
         uint32_t literal;
         enum rdna_status st = parse_number(cur, true, &literal);
         if (st != RDNA_OK)
            return st;
         if (cur->c->nodes[literal].op == EXPR_FLOAT) {
            *node = literal;
            return RDNA_OK;
         }
         cur->c->num_nodes--;
         cur->pos = save;
      }
      uint32_t operand;
      enum rdna_status st = parse_unary(cur, depth + 1, &operand, vars);
      if (st != RDNA_OK)
         return st;
      if (is_float(cur, operand))
         return float_alone(cur, pos);
      if (ch == '+') {
         *node = operand;
         return RDNA_OK;
      }
      return new_node(cur, pos, ch == '-' ? EXPR_NEG : EXPR_NOT, operand, CASE_NO_EXPR, 0, node);
   }
   if (ch == '(') {
      cur->pos++;
      enum rdna_status st = parse_binary(cur, 0, depth + 1, node, vars);
      if (st != RDNA_OK)
         return st;
      if (!case_accept(cur, ')'))
         return case_expected(cur, "')'");
      return RDNA_OK;
   }
   if (isdigit((unsigned char)ch))
      return parse_number(cur, false, node);
   if (ch == '&') {
      cur->pos++;
      const char *word;
      size_t length;
      if (!case_word(cur, &word, &length))
         return case_expected(cur, "a region name after '&'");
      enum rdna_status st = new_node(cur, pos, EXPR_ADDR, CASE_NO_EXPR, CASE_NO_EXPR, 0, node);
      if (st != RDNA_OK)
         return st;
      if (!cur->on_ref)
         return case_fail(cur, pos, RDNA_SYNTAX,
                          "'&%.*s' has no meaning here (a constant is needed)", (int)length, word);
      if (!cur->on_ref(cur->ref_user, *node, word, length))
         return case_fail(cur, pos, RDNA_NO_MEMORY, "out of memory");
      return RDNA_OK;
   }
   const char *word;
   size_t length;
   if (case_word(cur, &word, &length)) {
      static const struct {
         const char *name;
         enum case_expr_op op;
         unsigned var;
      } variables[] = {
         { "lane", EXPR_LANE, VAR_LANE },
         { "reg", EXPR_REG, VAR_REG },
         { "i", EXPR_INDEX, VAR_INDEX },
      };
      for (size_t v = 0; v < sizeof(variables) / sizeof(variables[0]); v++) {
         if (!case_word_is(word, length, variables[v].name))
            continue;
         if (!(cur->allowed_vars & variables[v].var))
            return case_fail(cur, pos, RDNA_SYNTAX, "'%s' has no meaning here%s", variables[v].name,
                             variables[v].var == VAR_LANE  ? " (lane: VGPR values only)"
                             : variables[v].var == VAR_REG ? " (reg: register ranges only)"
                                                           : " (i: buffer expectations only)");
         *vars |= variables[v].var;
         return new_node(cur, pos, variables[v].op, CASE_NO_EXPR, CASE_NO_EXPR, 0, node);
      }
      cur->pos = pos;
   }
   return case_expected(cur, "an expression");
}

/* Binary operators by level, loosest first (C's precedence). */
static int binary_op(struct case_cursor *cur, int level, enum case_expr_op *op)
{
   case_skip_space(cur);
   if (cur->pos >= cur->end)
      return 0;
   const char *s = cur->text + cur->pos;
   bool two = cur->pos + 1 < cur->end;
   switch (level) {
   case 0:
      *op = EXPR_OR;
      return s[0] == '|' ? 1 : 0;
   case 1:
      *op = EXPR_XOR;
      return s[0] == '^' ? 1 : 0;
   case 2:
      *op = EXPR_AND;
      return s[0] == '&' ? 1 : 0;
   case 3:
      if (two && s[0] == '<' && s[1] == '<') {
         *op = EXPR_SHL;
         return 2;
      }
      if (two && s[0] == '>' && s[1] == '>') {
         *op = EXPR_SHR;
         return 2;
      }
      return 0;
   case 4:
      *op = s[0] == '+' ? EXPR_ADD : EXPR_SUB;
      return s[0] == '+' || s[0] == '-' ? 1 : 0;
   case 5:
      *op = s[0] == '*' ? EXPR_MUL : s[0] == '/' ? EXPR_DIV : EXPR_MOD;
      return s[0] == '*' || s[0] == '/' || s[0] == '%' ? 1 : 0;
   }
   return 0;
}

static enum rdna_status parse_binary(struct case_cursor *cur, int level, unsigned depth,
                                     uint32_t *node, unsigned *vars)
{
   if (level > 5)
      return parse_unary(cur, depth, node, vars);
   enum rdna_status st = parse_binary(cur, level + 1, depth, node, vars);
   enum case_expr_op op;
   int width;
   while (st == RDNA_OK && (width = binary_op(cur, level, &op)) != 0) {
      size_t pos = cur->pos;
      cur->pos += (size_t)width;
      uint32_t right;
      st = parse_binary(cur, level + 1, depth, &right, vars);
      if (st == RDNA_OK && (is_float(cur, *node) || is_float(cur, right)))
         st = float_alone(cur, pos);
      if (st == RDNA_OK)
         st = new_node(cur, pos, op, *node, right, 0, node);
   }
   return st;
}

enum rdna_status case_parse_expr(struct case_cursor *cur, uint32_t *node, unsigned *vars)
{
   return parse_binary(cur, 0, 0, node, vars);
}

/* ---- evaluation --------------------------------------------------------------------------- */

static enum rdna_status eval_fail(const struct case_expr *e, enum rdna_status status,
                                  struct rdna_diag *diag, const char *message)
{
   if (diag) {
      diag->status = status;
      diag->offset = 0;
      diag->line = e->line;
      diag->column = e->column;
      snprintf(diag->message, sizeof(diag->message), "%s", message);
   }
   return status;
}

enum rdna_status case_eval(const struct case_env *env, uint32_t node, uint64_t *value,
                           struct rdna_diag *diag)
{
   const struct rdna_case *c = env->c;
   if (node >= c->num_nodes)
      return RDNA_BAD_ARGUMENT;
   const struct case_expr *e = &c->nodes[node];
   uint64_t a = 0, b = 0;
   enum rdna_status st = RDNA_OK;
   if (e->a != CASE_NO_EXPR)
      st = case_eval(env, e->a, &a, diag);
   if (st == RDNA_OK && e->b != CASE_NO_EXPR)
      st = case_eval(env, e->b, &b, diag);
   if (st != RDNA_OK)
      return st;
   switch ((enum case_expr_op)e->op) {
   case EXPR_CONST:
      *value = e->value;
      return RDNA_OK;
   case EXPR_FLOAT:
      return eval_fail(e, RDNA_SYNTAX, diag,
                       "a float literal stands alone, as an f16/f32/f64 value or a register's");
   case EXPR_LANE:
      *value = env->lane;
      return RDNA_OK;
   case EXPR_REG:
      *value = env->reg;
      return RDNA_OK;
   case EXPR_INDEX:
      *value = env->index;
      return RDNA_OK;
   case EXPR_ADDR:
      if (e->value >= c->num_regions)
         return eval_fail(e, RDNA_UNDEFINED_LABEL, diag, "no region by that name");
      *value = c->regions[e->value].address;
      return RDNA_OK;
   case EXPR_NEG:
      *value = 0 - a;
      return RDNA_OK;
   case EXPR_NOT:
      *value = ~a;
      return RDNA_OK;
   case EXPR_MUL:
      *value = a * b;
      return RDNA_OK;
   case EXPR_DIV:
   case EXPR_MOD:
      if (b == 0)
         return eval_fail(e, RDNA_OUT_OF_RANGE, diag, "division by zero");
      *value = e->op == EXPR_DIV ? a / b : a % b;
      return RDNA_OK;
   case EXPR_ADD:
      *value = a + b;
      return RDNA_OK;
   case EXPR_SUB:
      *value = a - b;
      return RDNA_OK;
   case EXPR_SHL:
      *value = b >= 64 ? 0 : a << b;
      return RDNA_OK;
   case EXPR_SHR:
      *value = b >= 64 ? 0 : a >> b;
      return RDNA_OK;
   case EXPR_AND:
      *value = a & b;
      return RDNA_OK;
   case EXPR_XOR:
      *value = a ^ b;
      return RDNA_OK;
   case EXPR_OR:
      *value = a | b;
      return RDNA_OK;
   }
   return RDNA_BAD_ARGUMENT;
}

/* ---- float conversions -------------------------------------------------------------------- */

uint64_t case_f64_bits(double value)
{
   uint64_t bits;
   memcpy(&bits, &value, sizeof(bits));
   return bits;
}

uint32_t case_f32_bits(double value)
{
   /* C's conversion rounds to nearest even under the default rounding mode. */
   float f = (float)value;
   uint32_t bits;
   memcpy(&bits, &f, sizeof(bits));
   return bits;
}

uint16_t case_f16_bits(double value)
{
   uint64_t d = case_f64_bits(value);
   uint16_t sign = (uint16_t)((d >> 48) & 0x8000u);
   if (isnan(value))
      return (uint16_t)(sign | 0x7e00u);
   double magnitude = fabs(value);
   if (isinf(value) || magnitude >= 65520.0) /* 65520 rounds up past the largest half */
      return (uint16_t)(sign | 0x7c00u);
   if (magnitude < ldexp(1.0, -14)) {
      /* Subnormal: units of 2^-24, rounded to nearest even by rint's default mode. */
      double units = rint(magnitude * ldexp(1.0, 24));
      return (uint16_t)(sign | (uint16_t)units);
   }
   int exponent;
   double mantissa = frexp(magnitude, &exponent); /* magnitude = mantissa * 2^exponent, [0.5,1) */
   /* 11 significant bits: scale to [1024, 2048) and round to nearest even. */
   double scaled = rint(mantissa * 2048.0);
   if (scaled >= 2048.0) {
      scaled /= 2.0;
      exponent++;
   }
   unsigned biased = (unsigned)(exponent - 1 + 15);
   if (biased >= 31)
      return (uint16_t)(sign | 0x7c00u);
   return (uint16_t)(sign | (biased << 10) | ((unsigned)scaled & 0x3ffu));
}
