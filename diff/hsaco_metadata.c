/* The code object's metadata (include/rdna/hsaco.h, rdna_hsaco_kernel_info): the MessagePack map
 * of the NT_AMDGPU_METADATA note (LLVM AMDGPUUsage, "Code Object V3 Metadata" and its V4 and V5
 * successors), read by a small bounded MessagePack reader. The packaged msgpack-c allocates
 * count x 24 bytes up front for every array or map header, so a five-byte hostile note could
 * ask it for 96 GiB; this reader walks the bytes in place and allocates nothing. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hsaco_internal.h"

/* Nesting deeper than this is no AMDGPU metadata (the real maps nest four levels). */
#define MP_MAX_DEPTH 16

/* A position in the note's description and where the first error went. */
struct mp_reader {
   const uint8_t *bytes;
   size_t size, at;
   size_t file_offset; /* of bytes[0], for diagnostics */
   struct rdna_diag *diag;
   enum rdna_status st;
};

__attribute__((format(printf, 3, 4))) static bool
mp_fail(struct mp_reader *r, enum rdna_status status, const char *fmt, ...)
{
   if (r->st != RDNA_OK)
      return false;
   char message[200];
   va_list args;
   va_start(args, fmt);
   vsnprintf(message, sizeof(message), fmt, args);
   va_end(args);
   r->st = hsaco_fail(r->diag, status, "metadata note, byte %zu: %s", r->at, message);
   if (r->diag)
      r->diag->offset = r->file_offset + r->at;
   return false;
}

static bool mp_take(struct mp_reader *r, size_t count, const uint8_t **p)
{
   if (count > r->size - r->at)
      return mp_fail(r, RDNA_INVALID_ENCODING,
                     "MessagePack value needs %zu bytes, %zu are left in the note", count,
                     r->size - r->at);
   *p = r->bytes + r->at;
   r->at += count;
   return true;
}

static uint64_t be(const uint8_t *p, unsigned bytes)
{
   uint64_t v = 0;
   for (unsigned i = 0; i < bytes; i++)
      v = v << 8 | p[i];
   return v;
}

/* Reads a big-endian length of `bytes` bytes following a type byte. */
static bool mp_length(struct mp_reader *r, unsigned bytes, uint64_t *value)
{
   const uint8_t *p = NULL; /* set by mp_take when it succeeds */
   if (!mp_take(r, bytes, &p))
      return false;
   *value = be(p, bytes);
   return true;
}

/* The MessagePack format families (msgpack spec "Formats"). */
enum mp_type {
   MP_NIL,
   MP_BOOL,
   MP_UINT,
   MP_INT,
   MP_FLOAT,
   MP_STR,
   MP_BIN,
   MP_ARRAY,
   MP_MAP,
   MP_EXT
};

static const char *mp_type_name(enum mp_type t)
{
   static const char *const names[] = { "nil",         "a boolean", "an unsigned integer",
                                        "an integer",  "a float",   "a string",
                                        "binary data", "an array",  "a map",
                                        "an extension" };
   return names[t];
}

/* Reads one value's header: its type, and for integers/booleans the value, for strings, binary
 * and extensions the payload (already consumed), for arrays and maps the element count. */
struct mp_head {
   enum mp_type type;
   uint64_t value; /* MP_UINT, MP_INT (two's complement), MP_BOOL; MP_ARRAY / MP_MAP: count */
   const uint8_t *payload;
   size_t length; /* MP_STR, MP_BIN, MP_EXT */
};

static bool mp_payload(struct mp_reader *r, uint64_t length, struct mp_head *h)
{
   if (length > r->size - r->at)
      return mp_fail(r, RDNA_INVALID_ENCODING, "%s of %llu bytes runs past the note's end",
                     mp_type_name(h->type), (unsigned long long)length);
   h->payload = r->bytes + r->at;
   h->length = (size_t)length;
   r->at += (size_t)length;
   return true;
}

static bool mp_read(struct mp_reader *r, struct mp_head *h)
{
   const uint8_t *p = NULL; /* set by mp_take when it succeeds */
   memset(h, 0, sizeof(*h));
   if (!mp_take(r, 1, &p))
      return false;
   unsigned b = *p;
   uint64_t n;
   if (b <= 0x7f)
      return h->type = MP_UINT, h->value = b, true;
   if (b >= 0xe0)
      return h->type = MP_INT, h->value = (uint64_t)(int64_t)(int8_t)b, true;
   if ((b & 0xf0) == 0x80)
      return h->type = MP_MAP, h->value = b & 0x0f, true;
   if ((b & 0xf0) == 0x90)
      return h->type = MP_ARRAY, h->value = b & 0x0f, true;
   if ((b & 0xe0) == 0xa0)
      return h->type = MP_STR, mp_payload(r, b & 0x1f, h);
   switch (b) {
   case 0xc0:
      return h->type = MP_NIL, true;
   case 0xc2:
   case 0xc3:
      return h->type = MP_BOOL, h->value = b & 1, true;
   case 0xc4:
   case 0xc5:
   case 0xc6:
      h->type = MP_BIN;
      return mp_length(r, 1u << (b - 0xc4), &n) && mp_payload(r, n, h);
   case 0xc7:
   case 0xc8:
   case 0xc9:
      h->type = MP_EXT;
      return mp_length(r, 1u << (b - 0xc7), &n) && mp_payload(r, n + 1, h);
   case 0xca:
   case 0xcb:
      h->type = MP_FLOAT;
      return mp_payload(r, b == 0xca ? 4 : 8, h);
   case 0xcc:
   case 0xcd:
   case 0xce:
   case 0xcf:
      h->type = MP_UINT;
      return mp_length(r, 1u << (b - 0xcc), &h->value);
   case 0xd0:
   case 0xd1:
   case 0xd2:
   case 0xd3: {
      unsigned bytes = 1u << (b - 0xd0);
      h->type = MP_INT;
      if (!mp_length(r, bytes, &n))
         return false;
      unsigned shift = 64 - 8 * bytes;
      h->value = shift ? (uint64_t)((int64_t)(n << shift) >> shift) : n;
      return true;
   }
   case 0xd4:
   case 0xd5:
   case 0xd6:
   case 0xd7:
   case 0xd8:
      h->type = MP_EXT;
      return mp_payload(r, 1 + (1u << (b - 0xd4)), h);
   case 0xd9:
   case 0xda:
   case 0xdb:
      h->type = MP_STR;
      return mp_length(r, 1u << (b - 0xd9), &n) && mp_payload(r, n, h);
   case 0xdc:
   case 0xdd:
      h->type = MP_ARRAY;
      return mp_length(r, b == 0xdc ? 2 : 4, &h->value);
   case 0xde:
   case 0xdf:
      h->type = MP_MAP;
      return mp_length(r, b == 0xde ? 2 : 4, &h->value);
   default: /* 0xc1 is never used */
      r->at--;
      return mp_fail(r, RDNA_INVALID_ENCODING, "0x%02x is no MessagePack type byte", b);
   }
}

/* Skips one value and everything inside it. Every element takes at least one byte, so the
 * work is bounded by the note's size even for a hostile element count. */
static bool mp_skip_value(struct mp_reader *r, const struct mp_head *h, unsigned depth)
{
   if (h->type != MP_ARRAY && h->type != MP_MAP)
      return true;
   if (depth >= MP_MAX_DEPTH)
      return mp_fail(r, RDNA_INVALID_ENCODING, "MessagePack nested deeper than %u levels",
                     MP_MAX_DEPTH);
   uint64_t items = h->type == MP_MAP ? 2 * h->value : h->value;
   for (uint64_t i = 0; i < items; i++) {
      struct mp_head inner;
      if (!mp_read(r, &inner) || !mp_skip_value(r, &inner, depth + 1))
         return false;
   }
   return true;
}

/* Reads one value that must be of `type` (a non-negative MP_INT counts as MP_UINT). */
static bool mp_read_as(struct mp_reader *r, struct mp_head *h, enum mp_type type, const char *what)
{
   size_t at = r->at;
   if (!mp_read(r, h))
      return false;
   if (h->type == type || (type == MP_UINT && h->type == MP_INT && (int64_t)h->value >= 0))
      return true;
   r->at = at; /* the diagnostic points at the value, not past it */
   return mp_fail(r, RDNA_INVALID_ENCODING, "%s is %s, not %s", what, mp_type_name(h->type),
                  mp_type_name(type));
}

static bool mp_is(const struct mp_head *h, const char *text)
{
   size_t length = strlen(text);
   return h->type == MP_STR && h->length == length && memcmp(h->payload, text, length) == 0;
}

static bool mp_u32(struct mp_reader *r, const char *what, uint32_t *out)
{
   struct mp_head h;
   size_t at = r->at;
   if (!mp_read_as(r, &h, MP_UINT, what))
      return false;
   if (h.value > UINT32_MAX) {
      r->at = at;
      return mp_fail(r, RDNA_INVALID_ENCODING, "%s %llu does not fit 32 bits", what,
                     (unsigned long long)h.value);
   }
   *out = (uint32_t)h.value;
   return true;
}

static bool mp_bool(struct mp_reader *r, const char *what, bool *out)
{
   struct mp_head h;
   size_t at = r->at;
   if (!mp_read(r, &h))
      return false;
   /* LLVM writes booleans; a 0/1 integer means the same to a YAML-minded producer. */
   if (h.type == MP_BOOL || (h.type == MP_UINT && h.value <= 1)) {
      *out = h.value != 0;
      return true;
   }
   r->at = at;
   return mp_fail(r, RDNA_INVALID_ENCODING, "%s is %s, not a boolean", what, mp_type_name(h.type));
}

static void copy_text(char *to, size_t capacity, const struct mp_head *h)
{
   size_t n = h->length < capacity - 1 ? h->length : capacity - 1;
   memcpy(to, h->payload, n);
   to[n] = '\0';
}

static bool mp_text(struct mp_reader *r, const char *what, char *to, size_t capacity)
{
   struct mp_head h;
   if (!mp_read_as(r, &h, MP_STR, what))
      return false;
   copy_text(to, capacity, &h);
   return true;
}

/* ---- names -------------------------------------------------------------------------------- */

static const char *const kind_names[] = {
#define RDNA_HSACO_KIND_TEXT(name, text) text,
   RDNA_HSACO_VALUE_KINDS(RDNA_HSACO_KIND_TEXT)
#undef RDNA_HSACO_KIND_TEXT
};

static const char *const space_names[] = { "",      "private", "global", "constant",
                                           "local", "generic", "region" };

const char *rdna_hsaco_value_kind_name(enum rdna_hsaco_value_kind kind)
{
   return (unsigned)kind < RDNA_HSACO_KIND_COUNT ? kind_names[kind] : "?";
}

const char *rdna_hsaco_address_space_name(enum rdna_hsaco_address_space space)
{
   return (unsigned)space < sizeof(space_names) / sizeof(space_names[0]) ? space_names[space] : "?";
}

/* ---- the metadata map --------------------------------------------------------------------- */

static bool read_arg(struct mp_reader *r, struct rdna_hsaco_kernel_arg *a, size_t index)
{
   struct mp_head map;
   char what[48];
   snprintf(what, sizeof(what), ".args[%zu]", index);
   if (!mp_read_as(r, &map, MP_MAP, what))
      return false;
   memset(a, 0, sizeof(*a));
   bool has_offset = false, has_size = false, has_kind = false;
   size_t start = r->at;
   for (uint64_t i = 0; i < map.value; i++) {
      struct mp_head key, value;
      if (!mp_read_as(r, &key, MP_STR, "a metadata key"))
         return false;
      if (mp_is(&key, ".offset")) {
         if (!mp_u32(r, ".offset", &a->offset))
            return false;
         has_offset = true;
      } else if (mp_is(&key, ".size")) {
         if (!mp_u32(r, ".size", &a->size))
            return false;
         has_size = true;
      } else if (mp_is(&key, ".name")) {
         if (!mp_text(r, ".name", a->name, sizeof(a->name)))
            return false;
      } else if (mp_is(&key, ".type_name")) {
         if (!mp_text(r, ".type_name", a->type_name, sizeof(a->type_name)))
            return false;
      } else if (mp_is(&key, ".is_const")) {
         if (!mp_bool(r, ".is_const", &a->is_const))
            return false;
      } else if (mp_is(&key, ".value_kind") || mp_is(&key, ".address_space")) {
         bool kind = mp_is(&key, ".value_kind");
         size_t at = r->at;
         if (!mp_read_as(r, &value, MP_STR, kind ? ".value_kind" : ".address_space"))
            return false;
         const char *const *names = kind ? kind_names : space_names;
         size_t count = kind ? RDNA_HSACO_KIND_COUNT : sizeof(space_names) / sizeof(space_names[0]);
         size_t found = count;
         for (size_t k = kind ? 0 : 1; k < count && found == count; k++)
            if (mp_is(&value, names[k]))
               found = k;
         if (found == count) {
            r->at = at;
            return mp_fail(r, RDNA_INVALID_ENCODING, "unknown %s '%.*s' in %s",
                           kind ? ".value_kind" : ".address_space",
                           (int)(value.length < 40 ? value.length : 40),
                           (const char *)value.payload, what);
         }
         if (kind) {
            a->kind = (enum rdna_hsaco_value_kind)found;
            has_kind = true;
         } else {
            a->space = (enum rdna_hsaco_address_space)found;
         }
      } else {
         if (!mp_read(r, &value) || !mp_skip_value(r, &value, 3))
            return false;
      }
   }
   if (!has_offset || !has_size || !has_kind) {
      size_t end = r->at;
      r->at = start;
      mp_fail(r, RDNA_INVALID_ENCODING, "%s lacks %s", what,
              !has_offset ? ".offset"
              : !has_size ? ".size"
                          : ".value_kind");
      r->at = end;
      return false;
   }
   a->hidden = a->kind >= RDNA_HSACO_KIND_HIDDEN_GLOBAL_OFFSET_X;
   return true;
}

static bool read_args(struct mp_reader *r, struct rdna_hsaco_kernel_info *k)
{
   struct mp_head list;
   size_t at = r->at;
   if (!mp_read_as(r, &list, MP_ARRAY, ".args"))
      return false;
   if (list.value > RDNA_HSACO_MAX_META_ARGS) {
      r->at = at;
      return mp_fail(r, RDNA_OUT_OF_RANGE, "%llu kernel arguments (at most %u)",
                     (unsigned long long)list.value, RDNA_HSACO_MAX_META_ARGS);
   }
   k->num_args = (size_t)list.value;
   k->num_explicit_args = 0;
   for (size_t i = 0; i < k->num_args; i++) {
      if (!read_arg(r, &k->args[i], i))
         return false;
      k->num_explicit_args += !k->args[i].hidden;
   }
   return true;
}

static bool read_kernel(struct mp_reader *r, struct rdna_hsaco_kernel_info *k, size_t index)
{
   struct mp_head map;
   char what[40];
   snprintf(what, sizeof(what), "amdhsa.kernels[%zu]", index);
   if (!mp_read_as(r, &map, MP_MAP, what))
      return false;
   memset(k, 0, sizeof(*k));
   for (uint64_t i = 0; i < map.value; i++) {
      struct mp_head key, value;
      if (!mp_read_as(r, &key, MP_STR, "a metadata key"))
         return false;
      bool ok = true;
      if (mp_is(&key, ".args"))
         ok = read_args(r, k);
      else if (mp_is(&key, ".name"))
         ok = mp_text(r, ".name", k->name, sizeof(k->name));
      else if (mp_is(&key, ".symbol"))
         ok = mp_text(r, ".symbol", k->symbol, sizeof(k->symbol));
      else if (mp_is(&key, ".kernarg_segment_size"))
         ok = mp_u32(r, ".kernarg_segment_size", &k->kernarg_segment_size);
      else if (mp_is(&key, ".kernarg_segment_align"))
         ok = mp_u32(r, ".kernarg_segment_align", &k->kernarg_segment_align);
      else if (mp_is(&key, ".group_segment_fixed_size"))
         ok = mp_u32(r, ".group_segment_fixed_size", &k->group_segment_fixed_size);
      else if (mp_is(&key, ".private_segment_fixed_size"))
         ok = mp_u32(r, ".private_segment_fixed_size", &k->private_segment_fixed_size);
      else if (mp_is(&key, ".wavefront_size"))
         ok = mp_u32(r, ".wavefront_size", &k->wavefront_size);
      else if (mp_is(&key, ".sgpr_count"))
         ok = mp_u32(r, ".sgpr_count", &k->sgpr_count);
      else if (mp_is(&key, ".vgpr_count"))
         ok = mp_u32(r, ".vgpr_count", &k->vgpr_count);
      else if (mp_is(&key, ".max_flat_workgroup_size"))
         ok = mp_u32(r, ".max_flat_workgroup_size", &k->max_flat_workgroup_size);
      else if (mp_is(&key, ".uniform_work_group_size")) {
         uint32_t uniform = 0;
         ok = mp_u32(r, ".uniform_work_group_size", &uniform);
         k->uniform_work_group_size = uniform != 0;
      } else if (mp_is(&key, ".uses_dynamic_stack"))
         ok = mp_bool(r, ".uses_dynamic_stack", &k->uses_dynamic_stack);
      else
         ok = mp_read(r, &value) && mp_skip_value(r, &value, 2);
      if (!ok)
         return false;
   }
   return true;
}

/* AMDGPUUsage, "Code Object V3 Metadata": every argument lies inside .kernarg_segment_size. */
static bool check_kernel(struct mp_reader *r, const struct rdna_hsaco_kernel_info *k,
                         size_t kernel_at)
{
   for (size_t i = 0; i < k->num_args; i++) {
      const struct rdna_hsaco_kernel_arg *a = &k->args[i];
      if ((uint64_t)a->offset + a->size > k->kernarg_segment_size) {
         r->at = kernel_at;
         return mp_fail(r, RDNA_INVALID_ENCODING,
                        "kernel '%.60s': argument %zu (%s, %u bytes at offset %u) lies past the "
                        "%u-byte kernarg segment",
                        k->name, i, rdna_hsaco_value_kind_name(a->kind), a->size, a->offset,
                        k->kernarg_segment_size);
      }
   }
   return true;
}

static bool kernel_matches(const struct rdna_hsaco_kernel_info *k, const char *kernel)
{
   size_t length = strlen(kernel);
   return strcmp(k->name, kernel) == 0 ||
          (strncmp(k->symbol, kernel, length) == 0 && strcmp(k->symbol + length, ".kd") == 0);
}

enum rdna_status hsaco_metadata_parse(const uint8_t *bytes, size_t size, size_t file_offset,
                                      const char *kernel, struct rdna_hsaco_kernel_info *info,
                                      struct rdna_diag *diag)
{
   struct mp_reader r = { bytes, size, 0, file_offset, diag, RDNA_OK };
   struct rdna_hsaco_kernel_info *k = malloc(sizeof(*k));
   if (!k)
      return hsaco_fail(diag, RDNA_NO_MEMORY, "no memory for the metadata");
   struct mp_head top, key, value;
   bool found = false, has_version = false;
   unsigned major = 0, minor = 0;
   if (mp_read_as(&r, &top, MP_MAP, "the metadata")) {
      for (uint64_t i = 0; i < top.value && r.st == RDNA_OK; i++) {
         if (!mp_read_as(&r, &key, MP_STR, "a metadata key"))
            break;
         if (mp_is(&key, "amdhsa.kernels")) {
            if (!mp_read_as(&r, &value, MP_ARRAY, "amdhsa.kernels"))
               break;
            for (uint64_t n = 0; n < value.value; n++) {
               size_t at = r.at;
               if (!read_kernel(&r, k, (size_t)n) || !check_kernel(&r, k, at))
                  break;
               if (!found && kernel_matches(k, kernel)) {
                  memcpy(info, k, sizeof(*info));
                  found = true;
               }
            }
         } else if (mp_is(&key, "amdhsa.version")) {
            size_t at = r.at;
            uint32_t v[2];
            if (!mp_read_as(&r, &value, MP_ARRAY, "amdhsa.version"))
               break;
            if (value.value != 2) {
               r.at = at;
               mp_fail(&r, RDNA_INVALID_ENCODING, "amdhsa.version has %llu numbers, not 2",
                       (unsigned long long)value.value);
               break;
            }
            if (!mp_u32(&r, "amdhsa.version", &v[0]) || !mp_u32(&r, "amdhsa.version", &v[1]))
               break;
            major = v[0], minor = v[1], has_version = true;
         } else if (!mp_read(&r, &value) || !mp_skip_value(&r, &value, 1)) {
            break;
         }
      }
   }
   free(k);
   if (r.st != RDNA_OK)
      return r.st;
   if (!has_version)
      return hsaco_fail(diag, RDNA_INVALID_ENCODING, "the metadata note has no amdhsa.version");
   /* amdhsa.version 1.0 is code object V3, 1.1 V4, 1.2 V5 (AMDGPUUsage, "Code Object
    * Metadata"); a later minor version only adds keys, which are skipped. */
   if (major != 1)
      return hsaco_fail(diag, RDNA_UNSUPPORTED,
                        "metadata amdhsa.version %u.%u: only 1.x (code object V3 to V5) is read",
                        major, minor);
   if (!found)
      return hsaco_fail(diag, RDNA_UNDEFINED_LABEL, "the metadata note describes no kernel '%.60s'",
                        kernel);
   info->code_object_version = 3 + minor;
   return RDNA_OK;
}
