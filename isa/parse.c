/* The assembler front end: a lexer for llvm-mc's AMDGPU syntax, the statement parser (mnemonic,
 * comma-separated operands, trailing modifiers), mnemonic lookup, the dispatch to each class's
 * build function, rdna_parse for one instruction and rdna_assemble for a source with labels. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "isa_internal.h"

/* ---- lexer -------------------------------------------------------------------------------- */

struct lexer {
   const char *text;
   size_t length;
   size_t pos;
   unsigned line;
   unsigned depth; /* expression nesting, bounded so hostile input cannot exhaust the stack */
   struct rdna_diag *diag;
};

#define MAX_EXPR_DEPTH 64

static enum rdna_status lex_fail(struct lexer *lx, size_t pos, enum rdna_status status,
                                 const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static enum rdna_status lex_fail(struct lexer *lx, size_t pos, enum rdna_status status,
                                 const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   isa_vfail(lx->diag, status, lx->line, (unsigned)pos + 1, fmt, ap);
   va_end(ap);
   return status;
}

static int lx_peek_at(const struct lexer *lx, size_t at)
{
   return at < lx->length ? (unsigned char)lx->text[at] : '\0';
}

static int lx_peek(const struct lexer *lx)
{
   return lx_peek_at(lx, lx->pos);
}

static void lx_skip_space(struct lexer *lx)
{
   while (lx->pos < lx->length && (lx->text[lx->pos] == ' ' || lx->text[lx->pos] == '\t'))
      lx->pos++;
}

static bool lx_at_end(struct lexer *lx)
{
   lx_skip_space(lx);
   return lx->pos >= lx->length;
}

static bool ident_start(int c)
{
   return isalpha(c) || c == '_' || c == '.' || c == '$';
}

static bool ident_char(int c)
{
   return isalnum(c) || c == '_' || c == '.' || c == '$';
}

/* Reads an identifier into buf; false (nothing consumed) when none starts here. */
static bool lx_ident(struct lexer *lx, char *buf, size_t size)
{
   lx_skip_space(lx);
   if (!ident_start(lx_peek(lx)))
      return false;
   size_t start = lx->pos, n = 0;
   while (ident_char(lx_peek(lx)))
      lx->pos++;
   n = lx->pos - start;
   if (n >= size)
      n = size - 1;
   memcpy(buf, lx->text + start, n);
   buf[n] = '\0';
   return true;
}

static bool lx_accept(struct lexer *lx, char c)
{
   lx_skip_space(lx);
   if (lx_peek(lx) == c) {
      lx->pos++;
      return true;
   }
   return false;
}

static const char *lx_found(const struct lexer *lx, char *buf, size_t size)
{
   size_t at = lx->pos;
   while (at < lx->length && (lx->text[at] == ' ' || lx->text[at] == '\t'))
      at++;
   if (at >= lx->length)
      return "end of line";
   size_t end = at + 1;
   if (ident_char((unsigned char)lx->text[at]))
      while (end < lx->length && ident_char((unsigned char)lx->text[end]))
         end++;
   size_t n = end - at < size - 3 ? end - at : size - 3;
   buf[0] = '\'';
   memcpy(buf + 1, lx->text + at, n);
   buf[n + 1] = '\'';
   buf[n + 2] = '\0';
   return buf;
}

static enum rdna_status lx_expect(struct lexer *lx, char c)
{
   if (lx_accept(lx, c))
      return RDNA_OK;
   char found[48];
   return lex_fail(lx, lx->pos, RDNA_SYNTAX, "expected '%c', found %s", c,
                   lx_found(lx, found, sizeof(found)));
}

/* ---- numbers and integer expressions ------------------------------------------------------ */

struct number {
   bool is_float;
   int64_t ival;
   double fval;
};

static enum rdna_status parse_expr(struct lexer *lx, struct number *out);

static enum rdna_status parse_number_token(struct lexer *lx, struct number *out)
{
   size_t start = lx->pos;
   const char *p = lx->text + start;
   size_t avail = lx->length - start;
   char buf[64];
   size_t n = 0;
   while (n < avail && n < sizeof(buf) - 1 &&
          (isalnum((unsigned char)p[n]) || p[n] == '.' ||
           ((p[n] == '-' || p[n] == '+') && n > 0 && (p[n - 1] == 'e' || p[n - 1] == 'E') &&
            !(n > 1 && (p[1] == 'x' || p[1] == 'X')))))
      n++;
   memcpy(buf, p, n);
   buf[n] = '\0';
   bool hex = n > 1 && buf[0] == '0' && (buf[1] == 'x' || buf[1] == 'X');
   bool bin = n > 1 && buf[0] == '0' && (buf[1] == 'b' || buf[1] == 'B');
   bool is_float = !hex && !bin && (strchr(buf, '.') || strchr(buf, 'e') || strchr(buf, 'E'));
   char *end;
   if (is_float) {
      out->is_float = true;
      out->fval = strtod(buf, &end);
   } else {
      out->is_float = false;
      unsigned long long v;
      if (bin)
         v = strtoull(buf + 2, &end, 2);
      else
         v = strtoull(buf, &end, hex ? 16 : (buf[0] == '0' && n > 1 ? 8 : 10));
      out->ival = (int64_t)v;
   }
   if (*end != '\0')
      return lex_fail(lx, start, RDNA_SYNTAX, "malformed number '%s'", buf);
   lx->pos = start + n;
   return RDNA_OK;
}

static enum rdna_status parse_primary_nested(struct lexer *lx, struct number *out);

static enum rdna_status parse_primary(struct lexer *lx, struct number *out)
{
   if (lx->depth >= MAX_EXPR_DEPTH)
      return lex_fail(lx, lx->pos, RDNA_SYNTAX, "expression nested deeper than %d levels",
                      MAX_EXPR_DEPTH);
   lx->depth++;
   enum rdna_status st = parse_primary_nested(lx, out);
   lx->depth--;
   return st;
}

static enum rdna_status parse_primary_nested(struct lexer *lx, struct number *out)
{
   lx_skip_space(lx);
   int c = lx_peek(lx);
   enum rdna_status st;
   if (c == '(') {
      lx->pos++;
      st = parse_expr(lx, out);
      if (st != RDNA_OK)
         return st;
      return lx_expect(lx, ')');
   }
   if (c == '-' || c == '~' || c == '+' || c == '!') {
      lx->pos++;
      st = parse_primary(lx, out);
      if (st != RDNA_OK)
         return st;
      if (c == '-') {
         if (out->is_float)
            out->fval = -out->fval;
         else
            out->ival = (int64_t)(0 - (uint64_t)out->ival);
      } else if (c == '~' || c == '!') {
         if (out->is_float)
            return lex_fail(lx, lx->pos, RDNA_SYNTAX, "'%c' needs an integer", c);
         out->ival = c == '~' ? ~out->ival : !out->ival;
      }
      return RDNA_OK;
   }
   if (isdigit(c))
      return parse_number_token(lx, out);
   char found[48];
   return lex_fail(lx, lx->pos, RDNA_SYNTAX, "expected a number, found %s",
                   lx_found(lx, found, sizeof(found)));
}

/* Binary operators by precedence level, loosest first ('|' is left to abs bars). */
static int binary_level(const struct lexer *lx, size_t at, size_t *len)
{
   int c = lx_peek_at(lx, at), d = lx_peek_at(lx, at + 1);
   *len = 1;
   if (c == '^')
      return 0;
   if (c == '&' && d != '&')
      return 1;
   if ((c == '<' && d == '<') || (c == '>' && d == '>')) {
      *len = 2;
      return 2;
   }
   if (c == '+' || c == '-')
      return 3;
   if (c == '*' || c == '/' || c == '%')
      return 4;
   return -1;
}

static enum rdna_status parse_binary(struct lexer *lx, int level, struct number *out)
{
   enum rdna_status st = level > 4 ? parse_primary(lx, out) : parse_binary(lx, level + 1, out);
   if (st != RDNA_OK || level > 4)
      return st;
   for (;;) {
      lx_skip_space(lx);
      size_t len;
      size_t at = lx->pos;
      if (binary_level(lx, at, &len) != level)
         return RDNA_OK;
      /* "-v1" after a number would be a new operand in space-separated lists; only treat it
       * as an operator when a number or parenthesis follows. */
      size_t next = at + len;
      while (lx_peek_at(lx, next) == ' ')
         next++;
      int n = lx_peek_at(lx, next);
      if (!isdigit(n) && n != '(' && n != '-' && n != '~')
         return RDNA_OK;
      char op = (char)lx_peek(lx);
      lx->pos += len;
      struct number rhs;
      st = parse_binary(lx, level + 1, &rhs);
      if (st != RDNA_OK)
         return st;
      if (out->is_float || rhs.is_float) {
         if (!out->is_float)
            out->fval = (double)out->ival;
         if (!rhs.is_float)
            rhs.fval = (double)rhs.ival;
         out->is_float = true;
         if (op == '+')
            out->fval += rhs.fval;
         else if (op == '-')
            out->fval -= rhs.fval;
         else if (op == '*')
            out->fval *= rhs.fval;
         else if (op == '/')
            out->fval /= rhs.fval;
         else
            return lex_fail(lx, at, RDNA_SYNTAX, "'%c' needs integers", op);
         continue;
      }
      uint64_t a = (uint64_t)out->ival, b = (uint64_t)rhs.ival;
      switch (op) {
      case '^':
         a ^= b;
         break;
      case '&':
         a &= b;
         break;
      case '<':
         a = b < 64 ? a << b : 0;
         break;
      case '>':
         a = b < 64 ? (uint64_t)(out->ival >> b) : 0;
         break;
      case '+':
         a += b;
         break;
      case '-':
         a -= b;
         break;
      case '*':
         a *= b;
         break;
      case '/':
      case '%':
         if (rhs.ival == 0)
            return lex_fail(lx, at, RDNA_SYNTAX, "division by zero");
         if (out->ival == INT64_MIN && rhs.ival == -1)
            a = op == '/' ? (uint64_t)INT64_MIN : 0;
         else
            a = (uint64_t)(op == '/' ? out->ival / rhs.ival : out->ival % rhs.ival);
         break;
      default:
         break;
      }
      out->ival = (int64_t)a;
   }
}

static enum rdna_status parse_expr(struct lexer *lx, struct number *out)
{
   return parse_binary(lx, 0, out);
}

/* ---- registers ---------------------------------------------------------------------------- */

struct named_register {
   const char *name;
   uint16_t reg;
   uint8_t width;
};

static const struct named_register named_registers[] = {
   { "vcc", RDNA_REG_VCC_LO, 2 },
   { "vcc_lo", RDNA_REG_VCC_LO, 1 },
   { "vcc_hi", RDNA_REG_VCC_HI, 1 },
   { "exec", RDNA_REG_EXEC_LO, 2 },
   { "exec_lo", RDNA_REG_EXEC_LO, 1 },
   { "exec_hi", RDNA_REG_EXEC_HI, 1 },
   { "m0", RDNA_REG_M0, 1 },
   { "null", RDNA_REG_NULL, 1 },
   { "src_shared_base", RDNA_REG_SHARED_BASE, 1 },
   { "shared_base", RDNA_REG_SHARED_BASE, 1 },
   { "src_shared_limit", RDNA_REG_SHARED_LIMIT, 1 },
   { "shared_limit", RDNA_REG_SHARED_LIMIT, 1 },
   { "src_private_base", RDNA_REG_PRIVATE_BASE, 1 },
   { "private_base", RDNA_REG_PRIVATE_BASE, 1 },
   { "src_private_limit", RDNA_REG_PRIVATE_LIMIT, 1 },
   { "private_limit", RDNA_REG_PRIVATE_LIMIT, 1 },
   { "src_pops_exiting_wave_id", RDNA_REG_POPS_EXITING_WAVE_ID, 1 },
   { "pops_exiting_wave_id", RDNA_REG_POPS_EXITING_WAVE_ID, 1 },
   { "src_vccz", RDNA_REG_VCCZ, 1 },
   { "vccz", RDNA_REG_VCCZ, 1 },
   { "src_execz", RDNA_REG_EXECZ, 1 },
   { "execz", RDNA_REG_EXECZ, 1 },
   { "src_scc", RDNA_REG_SCC, 1 },
   { "scc", RDNA_REG_SCC, 1 },
   { "src_lds_direct", RDNA_REG_LDS_DIRECT, 1 },
   { "lds_direct", RDNA_REG_LDS_DIRECT, 1 },
};

/* Register file of a prefix: 'v' VGPRs, 's' SGPRs, "ttmp" trap temporaries. */
static bool register_file(const char *prefix, uint16_t *base, unsigned *count)
{
   if (strcmp(prefix, "v") == 0) {
      *base = RDNA_REG_VGPR0;
      *count = 256;
   } else if (strcmp(prefix, "s") == 0) {
      *base = RDNA_REG_SGPR0;
      *count = 106;
   } else if (strcmp(prefix, "ttmp") == 0) {
      *base = RDNA_REG_TTMP0;
      *count = 16;
   } else {
      return false;
   }
   return true;
}

/* Tries to read a register at the lexer: v5, s[2:3], ttmp[4:7], v[8], vcc, exec_lo, ...
 * Returns OK with *found = false when the identifier is not a register (nothing consumed). */
static enum rdna_status parse_register(struct lexer *lx, bool *found, uint16_t *reg, uint8_t *width)
{
   *found = false;
   lx_skip_space(lx);
   size_t start = lx->pos;
   char name[64];
   if (!lx_ident(lx, name, sizeof(name)))
      return RDNA_OK;
   for (size_t i = 0; i < sizeof(named_registers) / sizeof(named_registers[0]); i++) {
      if (strcmp(name, named_registers[i].name) == 0) {
         *found = true;
         *reg = named_registers[i].reg;
         *width = named_registers[i].width;
         return RDNA_OK;
      }
   }
   uint16_t base;
   unsigned count;
   /* sN / vN / ttmpN */
   size_t digits = strlen(name);
   while (digits > 0 && isdigit((unsigned char)name[digits - 1]))
      digits--;
   if (digits < strlen(name) && digits > 0) {
      char prefix[8];
      if (digits >= sizeof(prefix)) {
         lx->pos = start;
         return RDNA_OK;
      }
      memcpy(prefix, name, digits);
      prefix[digits] = '\0';
      if (!register_file(prefix, &base, &count)) {
         lx->pos = start;
         return RDNA_OK;
      }
      unsigned long index = strtoul(name + digits, NULL, 10);
      if (index >= count)
         return lex_fail(lx, start, RDNA_INVALID_OPERAND, "register %s is out of range", name);
      *found = true;
      *reg = (uint16_t)(base + index);
      *width = 1;
      return RDNA_OK;
   }
   /* s[a:b] / v[a] */
   if (register_file(name, &base, &count) && lx_peek(lx) == '[') {
      lx->pos++;
      struct number lo, hi;
      enum rdna_status st = parse_expr(lx, &lo);
      if (st != RDNA_OK)
         return st;
      hi = lo;
      if (lx_accept(lx, ':')) {
         st = parse_expr(lx, &hi);
         if (st != RDNA_OK)
            return st;
      }
      st = lx_expect(lx, ']');
      if (st != RDNA_OK)
         return st;
      if (lo.is_float || hi.is_float || lo.ival < 0 || hi.ival < lo.ival ||
          hi.ival >= (int64_t)count || hi.ival - lo.ival >= 32)
         return lex_fail(lx, start, RDNA_INVALID_OPERAND, "invalid register range %s[%lld:%lld]",
                         name, (long long)lo.ival, (long long)hi.ival);
      *found = true;
      *reg = (uint16_t)(base + lo.ival);
      *width = (uint8_t)(hi.ival - lo.ival + 1);
      return RDNA_OK;
   }
   lx->pos = start;
   return RDNA_OK;
}

/* ---- operands and modifiers ----------------------------------------------------------------- */

static enum rdna_status parse_call_args(struct lexer *lx, struct parsed_call *call)
{
   call->num_args = 0;
   if (lx_accept(lx, ')'))
      return RDNA_OK;
   for (;;) {
      if (call->num_args >= PARSED_MAX_ARGS)
         return lex_fail(lx, lx->pos, RDNA_SYNTAX, "too many arguments to %s()", call->name);
      lx_skip_space(lx);
      char ident[40];
      size_t save = lx->pos;
      if (lx_peek(lx) == '"') {
         /* A quoted string argument (swizzle(BITMASK_PERM, "01pip")) arrives as a name. */
         size_t end = lx->pos + 1;
         while (end < lx->length && lx->text[end] != '"')
            end++;
         if (end >= lx->length)
            return lex_fail(lx, lx->pos, RDNA_SYNTAX, "unterminated string");
         size_t n = end - lx->pos - 1;
         if (n >= sizeof(call->args[0].name))
            return lex_fail(lx, lx->pos, RDNA_SYNTAX, "string too long");
         call->args[call->num_args].is_name = true;
         memcpy(call->args[call->num_args].name, lx->text + lx->pos + 1, n);
         call->args[call->num_args].name[n] = '\0';
         lx->pos = end + 1;
      } else if (lx_ident(lx, ident, sizeof(ident))) {
         call->args[call->num_args].is_name = true;
         memcpy(call->args[call->num_args].name, ident, sizeof(ident));
      } else {
         lx->pos = save;
         struct number n;
         enum rdna_status st = parse_expr(lx, &n);
         if (st != RDNA_OK)
            return st;
         if (n.is_float)
            return lex_fail(lx, save, RDNA_SYNTAX, "%s() takes integers", call->name);
         call->args[call->num_args].is_name = false;
         call->args[call->num_args].ival = n.ival;
      }
      call->num_args++;
      if (lx_accept(lx, ')'))
         return RDNA_OK;
      enum rdna_status st = lx_expect(lx, ',');
      if (st != RDNA_OK)
         return st;
   }
}

static bool next_is_call(struct lexer *lx)
{
   size_t at = lx->pos;
   while (lx_peek_at(lx, at) == ' ' || lx_peek_at(lx, at) == '\t')
      at++;
   if (!ident_start(lx_peek_at(lx, at)))
      return false;
   while (ident_char(lx_peek_at(lx, at)))
      at++;
   return lx_peek_at(lx, at) == '(';
}

static enum rdna_status parse_register_list(struct lexer *lx, struct parsed_operand *op)
{
   op->kind = PARSED_LIST;
   op->num_items = 0;
   for (;;) {
      bool found;
      uint16_t reg;
      uint8_t width;
      size_t at = lx->pos;
      enum rdna_status st = parse_register(lx, &found, &reg, &width);
      if (st != RDNA_OK)
         return st;
      if (!found) {
         char f[48];
         return lex_fail(lx, at, RDNA_SYNTAX, "expected a register, found %s",
                         lx_found(lx, f, sizeof(f)));
      }
      if (op->num_items >= sizeof(op->items) / sizeof(op->items[0]))
         return lex_fail(lx, at, RDNA_SYNTAX, "too many registers in a list");
      op->items[op->num_items].reg = reg;
      op->items[op->num_items].width = width;
      op->num_items++;
      if (lx_accept(lx, ']'))
         break;
      st = lx_expect(lx, ',');
      if (st != RDNA_OK)
         return st;
   }
   /* A list of consecutive single registers of one file is also a range: [s0,s1] = s[0:1]. */
   op->reg = op->items[0].reg;
   op->width = 0;
   bool consecutive = true;
   for (unsigned i = 0; i < op->num_items; i++) {
      if (op->items[i].width != 1 || op->items[i].reg != op->items[0].reg + i)
         consecutive = false;
   }
   if (consecutive)
      op->width = (uint8_t)op->num_items;
   return RDNA_OK;
}

static enum rdna_status parse_operand_core(struct lexer *lx, struct parsed_operand *op)
{
   lx_skip_space(lx);
   size_t start = lx->pos;
   int c = lx_peek(lx);
   if (c == '[') {
      lx->pos++;
      return parse_register_list(lx, op);
   }
   bool found;
   enum rdna_status st = parse_register(lx, &found, &op->reg, &op->width);
   if (st != RDNA_OK)
      return st;
   if (found) {
      op->kind = PARSED_REG;
      return RDNA_OK;
   }
   if (ident_start(c)) {
      if (next_is_call(lx)) {
         op->kind = PARSED_CALL;
         op->num_calls = 0;
         for (;;) {
            if (op->num_calls >= sizeof(op->calls) / sizeof(op->calls[0]))
               return lex_fail(lx, lx->pos, RDNA_SYNTAX, "too many fields");
            struct parsed_call *call = &op->calls[op->num_calls++];
            lx_skip_space(lx);
            call->column = (unsigned)lx->pos + 1;
            lx_ident(lx, call->name, sizeof(call->name));
            lx->pos++; /* '(' */
            st = parse_call_args(lx, call);
            if (st != RDNA_OK)
               return st;
            /* vmcnt(0) lgkmcnt(0), vmcnt(0) & lgkmcnt(0), vmcnt(0), lgkmcnt(0) */
            size_t save = lx->pos;
            lx_skip_space(lx);
            if (lx_peek(lx) == '&' || lx_peek(lx) == ',')
               lx->pos++;
            if (!next_is_call(lx)) {
               lx->pos = save;
               return RDNA_OK;
            }
         }
      }
      op->kind = PARSED_NAME;
      lx_ident(lx, op->name, sizeof(op->name));
      return RDNA_OK;
   }
   struct number n;
   st = parse_expr(lx, &n);
   if (st != RDNA_OK) {
      if (lx->diag && lx->pos == start) {
         char f[48];
         lex_fail(lx, start, RDNA_SYNTAX, "expected an operand, found %s",
                  lx_found(lx, f, sizeof(f)));
      }
      return st;
   }
   op->kind = n.is_float ? PARSED_FLOAT : PARSED_INT;
   op->ival = n.ival;
   op->fval = n.fval;
   return RDNA_OK;
}

/* Looks ahead: does the text at pos start a register name (for "-v1" vs "-1")? */
static bool starts_register(struct lexer *lx)
{
   size_t save = lx->pos;
   bool found;
   uint16_t reg;
   uint8_t width;
   enum rdna_status st = parse_register(lx, &found, &reg, &width);
   lx->pos = save;
   return st == RDNA_OK && found;
}

static enum rdna_status parse_operand(struct lexer *lx, struct parsed_operand *op)
{
   memset(op, 0, sizeof(*op));
   lx_skip_space(lx);
   op->column = (unsigned)lx->pos + 1;
   enum rdna_status st;
   /* -x, |x|, -|x|, neg(x), abs(x), sext(x), and combinations. */
   if (lx_peek(lx) == '-') {
      size_t save = lx->pos;
      lx->pos++;
      lx_skip_space(lx);
      if (lx_peek(lx) == '|' || starts_register(lx) ||
          (ident_start(lx_peek(lx)) && next_is_call(lx))) {
         op->mods |= RDNA_MOD_NEG;
      } else {
         lx->pos = save;
      }
   }
   static const struct {
      const char *name;
      uint8_t mod;
   } wrappers[] = { { "neg", RDNA_MOD_NEG }, { "abs", RDNA_MOD_ABS }, { "sext", RDNA_MOD_SEXT } };
   unsigned close_parens = 0;
   for (bool more = true; more;) {
      more = false;
      lx_skip_space(lx);
      for (unsigned i = 0; i < 3; i++) {
         size_t n = strlen(wrappers[i].name);
         if (lx->pos + n < lx->length && memcmp(lx->text + lx->pos, wrappers[i].name, n) == 0 &&
             lx->text[lx->pos + n] == '(') {
            lx->pos += n + 1;
            op->mods |= wrappers[i].mod;
            close_parens++;
            more = true;
         }
      }
   }
   bool bars = false;
   if (lx_accept(lx, '|')) {
      op->mods |= RDNA_MOD_ABS;
      bars = true;
   }
   st = parse_operand_core(lx, op);
   if (st != RDNA_OK)
      return st;
   if (bars && (st = lx_expect(lx, '|')) != RDNA_OK)
      return st;
   while (close_parens--)
      if ((st = lx_expect(lx, ')')) != RDNA_OK)
         return st;
   return RDNA_OK;
}

static enum rdna_status parse_modifier(struct lexer *lx, struct parsed_modifier *m)
{
   memset(m, 0, sizeof(*m));
   lx_skip_space(lx);
   m->column = (unsigned)lx->pos + 1;
   if (!lx_ident(lx, m->name, sizeof(m->name))) {
      char f[48];
      return lex_fail(lx, lx->pos, RDNA_SYNTAX, "expected a modifier, found %s",
                      lx_found(lx, f, sizeof(f)));
   }
   if (lx_peek(lx) != ':')
      return RDNA_OK;
   lx->pos++;
   m->has_value = true;
   lx_skip_space(lx);
   enum rdna_status st;
   if (lx_accept(lx, '[')) {
      m->is_list = true;
      for (;;) {
         lx_skip_space(lx);
         char ident[40];
         if (lx_ident(lx, ident, sizeof(ident))) {
            m->value_is_name = true;
            size_t have = strlen(m->text);
            if (have + strlen(ident) + 2 < sizeof(m->text)) {
               if (have)
                  strcat(m->text, ",");
               strcat(m->text, ident);
            }
         } else {
            struct number n;
            if ((st = parse_expr(lx, &n)) != RDNA_OK)
               return st;
            if (n.is_float)
               return lex_fail(lx, lx->pos, RDNA_SYNTAX, "%s takes integers", m->name);
            if (m->num_values >= 8)
               return lex_fail(lx, lx->pos, RDNA_SYNTAX, "too many values for %s", m->name);
            m->values[m->num_values++] = n.ival;
         }
         if (lx_accept(lx, ']'))
            return RDNA_OK;
         if ((st = lx_expect(lx, ',')) != RDNA_OK)
            return st;
      }
   }
   if (ident_start(lx_peek(lx))) {
      if (next_is_call(lx)) {
         m->is_call = true;
         m->call.column = (unsigned)lx->pos + 1;
         lx_ident(lx, m->call.name, sizeof(m->call.name));
         lx->pos++;
         return parse_call_args(lx, &m->call);
      }
      m->value_is_name = true;
      lx_ident(lx, m->text, sizeof(m->text));
      return RDNA_OK;
   }
   struct number n;
   if ((st = parse_expr(lx, &n)) != RDNA_OK)
      return st;
   if (n.is_float)
      return lex_fail(lx, lx->pos, RDNA_SYNTAX, "%s takes an integer", m->name);
   m->values[0] = n.ival;
   m->num_values = 1;
   return RDNA_OK;
}

/* Whether the next token starts another operand written without a comma ("exp mrt0 v0, ..."):
 * a register, a number, a sign, a bar or a bracket; anything else starts the modifiers. */
static bool starts_operand(struct lexer *lx)
{
   lx_skip_space(lx);
   int c = lx_peek(lx);
   if (c == '-' || c == '|' || c == '[' || isdigit(c))
      return true;
   if (starts_register(lx))
      return true;
   /* "off" stands for an omitted address or export source. */
   if (lx->pos + 3 <= lx->length && memcmp(lx->text + lx->pos, "off", 3) == 0 &&
       !ident_char(lx_peek_at(lx, lx->pos + 3)))
      return true;
   return false;
}

enum rdna_status parse_statement(const struct rdna_isa_config *config, const char *text,
                                 size_t length, unsigned line, struct parsed_stmt *stmt,
                                 struct rdna_diag *diag)
{
   (void)config;
   struct lexer lx = { .text = text, .length = length, .line = line, .diag = diag };
   memset(stmt, 0, sizeof(*stmt));
   lx_skip_space(&lx);
   stmt->column = (unsigned)lx.pos + 1;
   if (!lx_ident(&lx, stmt->mnemonic, sizeof(stmt->mnemonic))) {
      char f[48];
      return lex_fail(&lx, lx.pos, RDNA_SYNTAX, "expected an instruction mnemonic, found %s",
                      lx_found(&lx, f, sizeof(f)));
   }
   enum rdna_status st;
   /* Operands are comma-separated (a space also separates them where the next word is a
    * register or number: "exp mrt0 v0, ..."); the first word that is neither starts the
    * trailing modifiers. A name right after the mnemonic is an operand (a label, "off", a
    * target) unless written name:value; rows without operands turn it into a modifier. */
   bool expect_operand = false;
   if (!lx_at_end(&lx)) {
      expect_operand = true;
      if (!starts_operand(&lx)) {
         size_t save = lx.pos;
         char ident[64];
         lx_ident(&lx, ident, sizeof(ident));
         expect_operand = lx_peek(&lx) != ':';
         lx.pos = save;
      }
   }
   while (expect_operand) {
      if (stmt->num_operands >= RDNA_MAX_OPERANDS)
         return lex_fail(&lx, lx.pos, RDNA_SYNTAX, "too many operands");
      st = parse_operand(&lx, &stmt->operands[stmt->num_operands]);
      if (st != RDNA_OK)
         return st;
      stmt->num_operands++;
      if (lx_accept(&lx, ',')) {
         /* llvm-mc also accepts a comma before the first modifier (", offset:4"). */
         size_t save = lx.pos;
         char ident[64];
         lx_skip_space(&lx);
         if (!starts_operand(&lx) && lx_ident(&lx, ident, sizeof(ident)) && lx_peek(&lx) == ':') {
            lx.pos = save;
            break;
         }
         lx.pos = save;
         continue;
      }
      expect_operand = !lx_at_end(&lx) && starts_operand(&lx);
   }
   while (!lx_at_end(&lx)) {
      if (stmt->num_modifiers >= sizeof(stmt->modifiers) / sizeof(stmt->modifiers[0]))
         return lex_fail(&lx, lx.pos, RDNA_SYNTAX, "too many modifiers");
      st = parse_modifier(&lx, &stmt->modifiers[stmt->num_modifiers]);
      if (st != RDNA_OK)
         return st;
      stmt->num_modifiers++;
      lx_accept(&lx, ',');
   }
   return RDNA_OK;
}

/* ---- building ----------------------------------------------------------------------------- */

static const struct {
   const char *text;
   enum vop_suffix suffix;
} mnemonic_suffixes[] = {
   { "_e32", SUFFIX_E32 },
   { "_e64", SUFFIX_E64 },
   { "_dpp", SUFFIX_DPP },
   { "_sdwa", SUFFIX_SDWA },
};

/* Finds the row of a mnemonic, stripping an encoding suffix when the full name is no row. */
static int lookup_mnemonic(const char *mnemonic, enum vop_suffix *suffix)
{
   size_t n = strlen(mnemonic);
   int op = op_lookup_name(mnemonic, n);
   *suffix = SUFFIX_NONE;
   if (op >= 0)
      return op;
   for (unsigned i = 0; i < sizeof(mnemonic_suffixes) / sizeof(mnemonic_suffixes[0]); i++) {
      size_t s = strlen(mnemonic_suffixes[i].text);
      if (n > s && strcmp(mnemonic + n - s, mnemonic_suffixes[i].text) == 0) {
         op = op_lookup_name(mnemonic, n - s);
         if (op >= 0) {
            *suffix = mnemonic_suffixes[i].suffix;
            return op;
         }
      }
   }
   return -1;
}

enum rdna_status build_statement(const struct rdna_isa_config *config,
                                 const struct parsed_stmt *stmt, unsigned line,
                                 const struct label_resolver *labels, struct rdna_inst *inst,
                                 struct rdna_diag *diag)
{
   struct parsed_stmt *mutable_stmt = (struct parsed_stmt *)stmt;
   struct build_ctx b = {
      .config = config, .stmt = stmt, .inst = inst, .diag = diag, .line = line, .labels = labels
   };
   memset(inst, 0, sizeof(*inst));
   int op = lookup_mnemonic(stmt->mnemonic, &mutable_stmt->suffix);
   if (op < 0)
      return build_fail(&b, stmt->column, RDNA_UNKNOWN_MNEMONIC, "unknown instruction '%s'",
                        stmt->mnemonic);
   if (!op_on_target((unsigned)op, config->target))
      return build_fail(&b, stmt->column, RDNA_NOT_ON_TARGET, "%s does not exist on %s",
                        stmt->mnemonic, rdna_target_name(config->target));
   b.op = (unsigned)op;
   inst->op = (uint16_t)op;
   const struct op_info *info = op_info((unsigned)op);
   /* A statement with no operands whose only word was taken as an operand: a bare modifier
    * such as "s_endpgm" has none, but "buffer_gl0_inv" style rows with modifiers only, or a
    * row with no slots, read it as a modifier. */
   if (info->num_slots == 0 && stmt->num_operands == 1 && stmt->operands[0].kind == PARSED_NAME &&
       mutable_stmt->num_modifiers < sizeof(stmt->modifiers) / sizeof(stmt->modifiers[0])) {
      memmove(&mutable_stmt->modifiers[1], &mutable_stmt->modifiers[0],
              stmt->num_modifiers * sizeof(stmt->modifiers[0]));
      struct parsed_modifier *m = &mutable_stmt->modifiers[0];
      memset(m, 0, sizeof(*m));
      memcpy(m->name, stmt->operands[0].name, sizeof(m->name) - 1);
      m->column = stmt->operands[0].column;
      mutable_stmt->num_modifiers++;
      mutable_stmt->num_operands = 0;
   }
   enum rdna_status st;
   switch (info->format) {
   case RDNA_FMT_SOP1:
   case RDNA_FMT_SOP2:
   case RDNA_FMT_SOPK:
   case RDNA_FMT_SOPC:
   case RDNA_FMT_SOPP:
      st = build_sop(&b);
      break;
   case RDNA_FMT_SMEM:
      st = build_smem(&b);
      break;
   case RDNA_FMT_VOP1:
   case RDNA_FMT_VOP2:
   case RDNA_FMT_VOPC:
   case RDNA_FMT_VOP3:
      st = build_vop(&b);
      break;
   case RDNA_FMT_VOP3P:
      st = build_vop3p(&b);
      break;
   case RDNA_FMT_DS:
      st = build_ds(&b);
      break;
   case RDNA_FMT_MUBUF:
   case RDNA_FMT_MTBUF:
      st = build_mubuf(&b);
      break;
   case RDNA_FMT_FLAT:
   case RDNA_FMT_GLOBAL:
   case RDNA_FMT_SCRATCH:
      st = build_flat(&b);
      break;
   case RDNA_FMT_MIMG:
      st = build_mimg(&b);
      break;
   case RDNA_FMT_EXP:
   case RDNA_FMT_VINTRP:
      st = build_exp(&b);
      break;
   default:
      st = build_fail(&b, stmt->column, RDNA_UNKNOWN_MNEMONIC, "row %s has no format", info->name);
      break;
   }
   if (st != RDNA_OK)
      return st;
   if (stmt->suffix != SUFFIX_NONE && info->format != RDNA_FMT_VOP1 &&
       info->format != RDNA_FMT_VOP2 && info->format != RDNA_FMT_VOPC &&
       info->format != RDNA_FMT_VOP3)
      return build_fail(&b, stmt->column, RDNA_UNKNOWN_MNEMONIC, "unknown instruction '%s'",
                        stmt->mnemonic);
   return build_check_modifiers(&b);
}

/* ---- public entry points ------------------------------------------------------------------ */

static bool config_valid(const struct rdna_isa_config *config)
{
   return config && (unsigned)config->target < RDNA_TARGET_COUNT &&
          (config->wave_size == 32 || config->wave_size == 64);
}

static void set_diag(struct rdna_diag *diag, enum rdna_status status, unsigned line,
                     unsigned column, const char *message)
{
   if (!diag)
      return;
   diag->status = status;
   diag->offset = 0;
   diag->line = line;
   diag->column = column;
   snprintf(diag->message, sizeof(diag->message), "%s", message);
}

enum rdna_status rdna_parse(const struct rdna_isa_config *config, const char *text,
                            struct rdna_inst *inst, struct rdna_diag *diag)
{
   if (!config_valid(config) || !text || !inst) {
      set_diag(diag, RDNA_BAD_ARGUMENT, 0, 0, "parse needs text, an instruction and a config");
      return RDNA_BAD_ARGUMENT;
   }
   struct parsed_stmt *stmt = malloc(sizeof(*stmt));
   if (!stmt) {
      set_diag(diag, RDNA_NO_MEMORY, 0, 0, "out of memory");
      return RDNA_NO_MEMORY;
   }
   enum rdna_status st = parse_statement(config, text, strlen(text), 1, stmt, diag);
   if (st == RDNA_OK)
      st = build_statement(config, stmt, 1, NULL, inst, diag);
   free(stmt);
   return st;
}

/* ---- the assembler ------------------------------------------------------------------------ */

struct code_label {
   char *name;
   uint32_t offset;
};

struct rdna_code {
   uint32_t *words;
   size_t num_words, cap_words;
   struct code_label *labels;
   size_t num_labels, cap_labels;
};

void rdna_code_destroy(struct rdna_code *code)
{
   if (!code)
      return;
   for (size_t i = 0; i < code->num_labels; i++)
      free(code->labels[i].name);
   free(code->labels);
   free(code->words);
   free(code);
}

const uint32_t *rdna_code_words(const struct rdna_code *code, size_t *num_words)
{
   if (num_words)
      *num_words = code ? code->num_words : 0;
   return code ? code->words : NULL;
}

size_t rdna_code_label_count(const struct rdna_code *code)
{
   return code ? code->num_labels : 0;
}

const char *rdna_code_label(const struct rdna_code *code, size_t index, uint32_t *byte_offset)
{
   if (!code || index >= code->num_labels)
      return NULL;
   if (byte_offset)
      *byte_offset = code->labels[index].offset;
   return code->labels[index].name;
}

static bool code_push_word(struct rdna_code *code, uint32_t word)
{
   if (code->num_words == code->cap_words) {
      size_t cap = code->cap_words ? code->cap_words * 2 : 256;
      uint32_t *w = realloc(code->words, cap * sizeof(*w));
      if (!w)
         return false;
      code->words = w;
      code->cap_words = cap;
   }
   code->words[code->num_words++] = word;
   return true;
}

static int code_find_label(const struct rdna_code *code, const char *name, size_t length)
{
   for (size_t i = 0; i < code->num_labels; i++)
      if (strlen(code->labels[i].name) == length && memcmp(code->labels[i].name, name, length) == 0)
         return (int)i;
   return -1;
}

static bool code_add_label(struct rdna_code *code, const char *name, size_t length, uint32_t offset)
{
   if (code->num_labels == code->cap_labels) {
      size_t cap = code->cap_labels ? code->cap_labels * 2 : 16;
      struct code_label *l = realloc(code->labels, cap * sizeof(*l));
      if (!l)
         return false;
      code->labels = l;
      code->cap_labels = cap;
   }
   char *copy = malloc(length + 1);
   if (!copy)
      return false;
   memcpy(copy, name, length);
   copy[length] = '\0';
   code->labels[code->num_labels].name = copy;
   code->labels[code->num_labels].offset = offset;
   code->num_labels++;
   return true;
}

struct assembler {
   const struct rdna_isa_config *config;
   struct rdna_code *code;
   bool final_pass; /* labels are known; unknown ones are errors */
   uint32_t pc;     /* byte offset of the statement being built */
};

static bool assembler_lookup(void *user, const char *name, uint32_t *byte_offset)
{
   struct assembler *as = user;
   int i = code_find_label(as->code, name, strlen(name));
   if (i < 0) {
      if (as->final_pass)
         return false;
      /* First pass: sizes do not depend on label values. A forward label reads as the next
       * instruction, so no branch is out of range before its label is known. */
      *byte_offset = as->pc + 4;
      return true;
   }
   *byte_offset = as->code->labels[i].offset;
   return true;
}

/* The end of the statement part of a line: before a ';' or '//' comment. */
static size_t statement_end(const char *line, size_t length)
{
   for (size_t i = 0; i < length; i++) {
      if (line[i] == ';')
         return i;
      if (line[i] == '/' && i + 1 < length && line[i + 1] == '/')
         return i;
   }
   return length;
}

static enum rdna_status assemble_directive(struct assembler *as, struct lexer *lx, bool emit,
                                           uint32_t *pc)
{
   size_t start = lx->pos;
   char name[32];
   lx_ident(lx, name, sizeof(name));
   if (strcmp(name, ".long") == 0 || strcmp(name, ".word") == 0 || strcmp(name, ".4byte") == 0 ||
       strcmp(name, ".int") == 0) {
      do {
         struct number n;
         size_t at = lx->pos;
         enum rdna_status st = parse_expr(lx, &n);
         if (st != RDNA_OK)
            return st;
         if (n.is_float || n.ival < INT32_MIN || n.ival > (int64_t)UINT32_MAX)
            return lex_fail(lx, at, RDNA_OUT_OF_RANGE, "%s takes 32-bit integers", name);
         if (emit && !code_push_word(as->code, (uint32_t)n.ival))
            return lex_fail(lx, at, RDNA_NO_MEMORY, "out of memory");
         *pc += 4;
      } while (lx_accept(lx, ','));
      if (!lx_at_end(lx)) {
         char f[48];
         return lex_fail(lx, lx->pos, RDNA_SYNTAX, "expected ',' or end of line, found %s",
                         lx_found(lx, f, sizeof(f)));
      }
      return RDNA_OK;
   }
   /* Directives llvm-mc's output carries that change no bytes here. */
   if (strcmp(name, ".text") == 0 || strcmp(name, ".globl") == 0 || strcmp(name, ".global") == 0 ||
       strcmp(name, ".type") == 0 || strcmp(name, ".size") == 0 ||
       strcmp(name, ".amdgcn_target") == 0)
      return RDNA_OK;
   return lex_fail(lx, start, RDNA_SYNTAX, "unknown directive '%s'", name);
}

static enum rdna_status assemble_pass(struct assembler *as, const char *source, size_t length,
                                      struct parsed_stmt *stmt, struct rdna_diag *diag)
{
   uint32_t pc = 0;
   unsigned line = 0;
   size_t pos = 0;
   while (pos < length) {
      size_t eol = pos;
      while (eol < length && source[eol] != '\n')
         eol++;
      line++;
      const char *text = source + pos;
      size_t n = statement_end(text, eol - pos);
      if (n && text[n - 1] == '\r')
         n--;
      pos = eol + 1;
      struct lexer lx = { .text = text, .length = n, .line = line, .diag = diag };
      /* label: [statement] */
      for (;;) {
         size_t save = lx.pos;
         char name[128];
         if (!lx_ident(&lx, name, sizeof(name)))
            break;
         if (lx_peek(&lx) != ':' ||
             (lx_peek_at(&lx, lx.pos + 1) != '\0' && lx_peek_at(&lx, lx.pos + 1) != ' ' &&
              lx_peek_at(&lx, lx.pos + 1) != '\t')) {
            lx.pos = save;
            break;
         }
         if (!as->final_pass) {
            if (code_find_label(as->code, name, strlen(name)) >= 0)
               return lex_fail(&lx, save, RDNA_DUPLICATE_LABEL, "label '%s' is defined twice",
                               name);
            if (!code_add_label(as->code, name, strlen(name), pc))
               return lex_fail(&lx, save, RDNA_NO_MEMORY, "out of memory");
         }
         lx.pos++;
      }
      if (lx_at_end(&lx))
         continue;
      enum rdna_status st;
      if (lx_peek(&lx) == '.') {
         st = assemble_directive(as, &lx, as->final_pass, &pc);
         if (st != RDNA_OK)
            return st;
         continue;
      }
      st = parse_statement(as->config, text + lx.pos, n - lx.pos, line, stmt, diag);
      if (st != RDNA_OK) {
         if (diag)
            diag->column += (unsigned)lx.pos;
         return st;
      }
      for (unsigned i = 0; i < stmt->num_operands; i++)
         stmt->operands[i].column += (unsigned)lx.pos;
      for (unsigned i = 0; i < stmt->num_modifiers; i++)
         stmt->modifiers[i].column += (unsigned)lx.pos;
      stmt->column += (unsigned)lx.pos;
      as->pc = pc;
      struct label_resolver labels = { .lookup = assembler_lookup, .user = as, .pc = pc };
      struct rdna_inst inst;
      st = build_statement(as->config, stmt, line, &labels, &inst, diag);
      if (st != RDNA_OK)
         return st;
      uint32_t words[RDNA_MAX_INST_WORDS];
      size_t num_words;
      st = rdna_encode(as->config, &inst, words, &num_words, diag);
      if (st != RDNA_OK) {
         if (diag) {
            diag->line = line;
            diag->column = stmt->column;
         }
         return st;
      }
      if (as->final_pass)
         for (size_t i = 0; i < num_words; i++)
            if (!code_push_word(as->code, words[i]))
               return lex_fail(&lx, 0, RDNA_NO_MEMORY, "out of memory");
      pc += (uint32_t)num_words * 4;
   }
   return RDNA_OK;
}

enum rdna_status rdna_assemble(const struct rdna_isa_config *config, const char *source,
                               size_t length, const char *name, struct rdna_code **code,
                               struct rdna_diag *diag)
{
   (void)name;
   if (code)
      *code = NULL;
   if (!config_valid(config) || (!source && length) || !code) {
      set_diag(diag, RDNA_BAD_ARGUMENT, 0, 0, "assemble needs source, a config and an output");
      return RDNA_BAD_ARGUMENT;
   }
   struct rdna_code *out = calloc(1, sizeof(*out));
   struct parsed_stmt *stmt = malloc(sizeof(*stmt));
   if (!out || !stmt) {
      free(out);
      free(stmt);
      set_diag(diag, RDNA_NO_MEMORY, 0, 0, "out of memory");
      return RDNA_NO_MEMORY;
   }
   struct assembler as = { .config = config, .code = out };
   enum rdna_status st = assemble_pass(&as, source, length, stmt, diag);
   if (st == RDNA_OK) {
      as.final_pass = true;
      st = assemble_pass(&as, source, length, stmt, diag);
   }
   free(stmt);
   if (st != RDNA_OK) {
      rdna_code_destroy(out);
      return st;
   }
   *code = out;
   return RDNA_OK;
}
