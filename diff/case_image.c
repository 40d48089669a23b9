/* The case-file image descriptor helpers: `tsharp(ADDR, name=EXPR, ...)` fills eight SGPRs with
 * an RDNA2 image resource (T#) and `ssharp(name=EXPR, ...)` four with a sampler (S#), in the
 * layouts of the RDNA2 ISA guide's "Image Resource" and "Image Sampler" tables that
 * interp/image.c reads (docs/images.md). Fields are named after the guide's and given as plain
 * values (sizes as sizes, not minus one). */
#include <stdio.h>
#include <string.h>

#include "case_internal.h"

struct desc_field {
   const char *name;
   unsigned bits;    /* the descriptor field's width */
   uint64_t initial; /* when not given */
   bool size;        /* stored minus one: 1 .. 2^bits */
   bool is_signed;   /* two's complement */
};

enum {
   T_ADDRESS,
   T_FORMAT,
   T_WIDTH,
   T_HEIGHT,
   T_DEPTH,
   T_TYPE,
   T_BASE_LEVEL,
   T_LAST_LEVEL,
   T_BASE_ARRAY,
   T_DST_SEL,
   T_SW_MODE,
   T_MIN_LOD,
   T_COUNT
};

/* Defaults: a 1x1 2D image (type 9) of 32_FLOAT (22), dst_sel X Y Z W, linear. */
static const struct desc_field tsharp_fields[T_COUNT] = {
   { "address", 48, 0, false, false },    { "format", 9, 22, false, false },
   { "width", 14, 1, true, false },       { "height", 14, 1, true, false },
   { "depth", 13, 1, true, false },       { "type", 4, 9, false, false },
   { "base_level", 4, 0, false, false },  { "last_level", 4, 0, false, false },
   { "base_array", 13, 0, false, false }, { "dst_sel", 12, 0xfac, false, false },
   { "sw_mode", 5, 0, false, false },     { "min_lod", 12, 0, false, false },
};

enum {
   S_CLAMP_X,
   S_CLAMP_Y,
   S_CLAMP_Z,
   S_FILTER,
   S_MAG_FILTER,
   S_MIN_FILTER,
   S_Z_FILTER,
   S_MIP_FILTER,
   S_COMPARE,
   S_UNNORMALIZED,
   S_MIN_LOD,
   S_MAX_LOD,
   S_LOD_BIAS,
   S_BORDER,
   S_COUNT
};

/* Defaults: wrap, point filtering, no mips, compare never, lods [0, MAX_LOD 0xfff]. */
static const struct desc_field ssharp_fields[S_COUNT] = {
   { "clamp_x", 3, 0, false, false },    { "clamp_y", 3, 0, false, false },
   { "clamp_z", 3, 0, false, false },    { "filter", 2, 0, false, false },
   { "mag_filter", 2, 0, false, false }, { "min_filter", 2, 0, false, false },
   { "z_filter", 2, 0, false, false },   { "mip_filter", 2, 0, false, false },
   { "compare", 3, 0, false, false },    { "unnormalized", 1, 0, false, false },
   { "min_lod", 12, 0, false, false },   { "max_lod", 12, 0xfff, false, false },
   { "lod_bias", 14, 0, false, true },   { "border", 2, 0, false, false },
};

static const struct desc_field *desc_fields(bool sampler, unsigned *count)
{
   *count = sampler ? S_COUNT : T_COUNT;
   return sampler ? ssharp_fields : tsharp_fields;
}

unsigned case_image_desc_dwords(const struct case_image_desc *d)
{
   return d->sampler ? 4 : 8;
}

enum rdna_status case_parse_image_desc(struct case_cursor *cur, bool sampler,
                                       struct case_value *value)
{
   struct rdna_case *c = cur->c;
   const char *what = sampler ? "ssharp" : "tsharp";
   if (!case_accept(cur, '('))
      return case_fail(cur, cur->pos, RDNA_SYNTAX, "expected '(' after %s", what);
   if (!case_grow((void **)&c->image_descs, &c->cap_image_descs, c->num_image_descs + 1,
                  sizeof(*c->image_descs)))
      return case_fail(cur, cur->pos, RDNA_NO_MEMORY, "out of memory");
   struct case_image_desc *d = &c->image_descs[c->num_image_descs];
   d->sampler = sampler;
   for (unsigned f = 0; f < CASE_IMAGE_FIELDS; f++)
      d->field[f] = CASE_NO_EXPR;
   unsigned count, vars = 0;
   const struct desc_field *fields = desc_fields(sampler, &count);
   enum rdna_status st = RDNA_OK;
   bool more = true;
   if (!sampler)
      st = case_parse_expr(cur, &d->field[T_ADDRESS], &vars);
   else
      more = !case_accept(cur, ')');
   while (st == RDNA_OK && more && (sampler || case_accept(cur, ','))) {
      const char *word;
      size_t length;
      case_skip_space(cur);
      size_t pos = cur->pos;
      unsigned f = sampler ? 0 : 1;
      if (case_word(cur, &word, &length))
         while (f < count && !case_word_is(word, length, fields[f].name))
            f++;
      else
         f = count;
      if (f == count) {
         cur->pos = pos;
         return case_fail(cur, pos, RDNA_SYNTAX, "expected a %s field (%s=, %s=, ...)", what,
                          fields[sampler ? 0 : 1].name, fields[sampler ? 1 : 2].name);
      }
      if (d->field[f] != CASE_NO_EXPR)
         return case_fail(cur, pos, RDNA_SYNTAX, "%s given twice", fields[f].name);
      if (!case_accept(cur, '='))
         return case_expected(cur, "'='");
      st = case_parse_expr(cur, &d->field[f], &vars);
      if (sampler && st == RDNA_OK) {
         if (case_accept(cur, ')'))
            more = false;
         else if (!case_accept(cur, ','))
            return case_expected(cur, "',' or ')'");
      }
   }
   if (st != RDNA_OK)
      return st;
   if (!sampler && !case_accept(cur, ')'))
      return case_expected(cur, "',' or ')'");
   value->image_desc = (unsigned)++c->num_image_descs;
   value->vars |= vars;
   return RDNA_OK;
}

static enum rdna_status desc_fail(const struct rdna_case *c, uint32_t node, struct rdna_diag *diag,
                                  const char *fmt, unsigned long long a, const char *name,
                                  unsigned bits)
{
   if (diag && node < c->num_nodes) {
      diag->status = RDNA_OUT_OF_RANGE;
      diag->line = c->nodes[node].line;
      diag->column = c->nodes[node].column;
      snprintf(diag->message, sizeof(diag->message), fmt, a, name, bits);
   }
   return RDNA_OUT_OF_RANGE;
}

/* The field values, checked against their widths. */
static enum rdna_status desc_values(const struct rdna_case *c, const struct case_image_desc *d,
                                    uint64_t *v, struct rdna_diag *diag)
{
   unsigned count;
   const struct desc_field *fields = desc_fields(d->sampler, &count);
   struct case_env env = { c, 0, 0, 0 };
   for (unsigned i = 0; i < count; i++) {
      const struct desc_field *f = &fields[i];
      v[i] = f->initial;
      if (d->field[i] != CASE_NO_EXPR) {
         enum rdna_status st = case_eval(&env, d->field[i], &v[i], diag);
         if (st != RDNA_OK)
            return st;
      }
      bool fits;
      if (f->size)
         fits = v[i] >= 1 && v[i] <= 1ull << f->bits;
      else if (f->is_signed)
         fits = (int64_t)v[i] >= -(1ll << (f->bits - 1)) && (int64_t)v[i] < 1ll << (f->bits - 1);
      else
         fits = v[i] >> f->bits == 0;
      if (!fits)
         return desc_fail(c, d->field[i], diag, "0x%llx does not fit the %s field (%u bits)",
                          (unsigned long long)v[i], f->name, f->bits);
      if (f->size)
         v[i] -= 1;
      v[i] &= (1ull << f->bits) - 1;
   }
   if (!d->sampler && v[T_ADDRESS] % 256)
      return desc_fail(c, d->field[T_ADDRESS], diag,
                       "0x%llx is not a %s (256-byte aligned: BASE_ADDRESS is address >> %u)",
                       (unsigned long long)v[T_ADDRESS], "T# base address", 8);
   return RDNA_OK;
}

enum rdna_status case_image_desc_dword(const struct rdna_case *c, const struct case_image_desc *d,
                                       unsigned k, uint32_t *dword, struct rdna_diag *diag)
{
   uint64_t v[CASE_IMAGE_FIELDS];
   enum rdna_status st = desc_values(c, d, v, diag);
   if (st != RDNA_OK)
      return st;
   uint32_t w[8] = { 0 };
   if (d->sampler) {
      uint64_t mag = d->field[S_MAG_FILTER] == CASE_NO_EXPR ? v[S_FILTER] : v[S_MAG_FILTER];
      uint64_t min = d->field[S_MIN_FILTER] == CASE_NO_EXPR ? v[S_FILTER] : v[S_MIN_FILTER];
      w[0] = (uint32_t)(v[S_CLAMP_X] | v[S_CLAMP_Y] << 3 | v[S_CLAMP_Z] << 6 | v[S_COMPARE] << 12 |
                        v[S_UNNORMALIZED] << 15);
      w[1] = (uint32_t)(v[S_MIN_LOD] | v[S_MAX_LOD] << 12);
      w[2] = (uint32_t)(v[S_LOD_BIAS] | mag << 20 | min << 22 | v[S_Z_FILTER] << 24 |
                        v[S_MIP_FILTER] << 26);
      w[3] = (uint32_t)(v[S_BORDER] << 30);
   } else {
      uint64_t base = v[T_ADDRESS] >> 8;
      w[0] = (uint32_t)base;
      w[1] =
         (uint32_t)((base >> 32) | v[T_MIN_LOD] << 8 | v[T_FORMAT] << 20 | (v[T_WIDTH] & 3) << 30);
      w[2] = (uint32_t)(v[T_WIDTH] >> 2 | v[T_HEIGHT] << 14 | 1ull << 31); /* RESOURCE_LEVEL */
      w[3] = (uint32_t)(v[T_DST_SEL] | v[T_BASE_LEVEL] << 12 | v[T_LAST_LEVEL] << 16 |
                        v[T_SW_MODE] << 20 | v[T_TYPE] << 28);
      w[4] = (uint32_t)(v[T_DEPTH] | v[T_BASE_ARRAY] << 16);
   }
   *dword = w[k < 8 ? k : 7];
   return RDNA_OK;
}
