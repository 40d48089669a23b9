/* The ABI side of the code-object loader (include/rdna/hsaco.h): a loaded kernel and a dispatch
 * become a case. The initial state follows LLVM AMDGPUUsage, "Initial Kernel Execution State"
 * (user SGPRs by kernel_code_properties, system SGPRs and work-item VGPRs by COMPUTE_PGM_RSRC2),
 * "Kernel Descriptor" (the VGPR granule, the float mode of COMPUTE_PGM_RSRC1) and "Kernel
 * Dispatch" (the hsa_kernel_dispatch_packet and kernarg segment). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "case_internal.h"
#include "hsaco_internal.h"

/* kernel_code_properties bits (AMDGPUUsage, "Kernel Descriptor"). */
#define KCP_PRIVATE_SEGMENT_BUFFER (1u << 0)
#define KCP_DISPATCH_PTR (1u << 1)
#define KCP_QUEUE_PTR (1u << 2)
#define KCP_KERNARG_SEGMENT_PTR (1u << 3)
#define KCP_DISPATCH_ID (1u << 4)
#define KCP_FLAT_SCRATCH_INIT (1u << 5)
#define KCP_PRIVATE_SEGMENT_SIZE (1u << 6)
#define KCP_WAVEFRONT_SIZE32 (1u << 10)
#define KCP_USES_DYNAMIC_STACK (1u << 11)

/* COMPUTE_PGM_RSRC2 fields. */
#define RSRC2_ENABLE_PRIVATE_SEGMENT(r) ((r)&1u)
#define RSRC2_USER_SGPR_COUNT(r) ((r) >> 1 & 0x1fu)
#define RSRC2_ENABLE_SGPR_WORKGROUP_ID(r, d) ((r) >> (7 + (d)) & 1u)
#define RSRC2_ENABLE_SGPR_WORKGROUP_INFO(r) ((r) >> 10 & 1u)
#define RSRC2_ENABLE_VGPR_WORKITEM_ID(r) ((r) >> 11 & 3u)
#define RSRC2_GRANULATED_LDS_SIZE(r) ((r) >> 15 & 0x1ffu)

/* COMPUTE_PGM_RSRC1 fields. */
#define RSRC1_GRANULATED_WORKITEM_VGPR_COUNT(r) ((r)&0x3fu)
#define RSRC1_FLOAT_MODE(r) ((r) >> 12 & 0xffu) /* round 32, round 16/64, denorm 32, 16/64 */
#define RSRC1_ENABLE_DX10_CLAMP(r) ((r) >> 21 & 1u)
#define RSRC1_ENABLE_IEEE_MODE(r) ((r) >> 23 & 1u)

/* hsa_kernel_dispatch_packet_t (HSA runtime, hsa.h; AMDGPUUsage "Kernel Dispatch"). */
#define PACKET_BYTES 64u
#define PACKET_TYPE_KERNEL_DISPATCH 2u
#define QUEUE_BYTES 256u /* a zeroed amd_queue_t stand-in: no field of it is modelled */

#define PRIVATE_LANE_ALIGN 16u
#define LDS_LIMIT 65536u

struct builder {
   struct rdna_case *c;
   struct rdna_diag *diag;
   enum rdna_status st;
};

static bool ok(struct builder *b)
{
   return b->st == RDNA_OK;
}

static void no_memory(struct builder *b)
{
   if (ok(b))
      b->st = hsaco_fail(b->diag, RDNA_NO_MEMORY, "no memory for the case");
}

static uint32_t const_node(struct builder *b, uint64_t value)
{
   struct rdna_case *c = b->c;
   if (!ok(b) ||
       !case_grow((void **)&c->nodes, &c->cap_nodes, c->num_nodes + 1, sizeof(*c->nodes))) {
      no_memory(b);
      return CASE_NO_EXPR;
   }
   struct case_expr *e = &c->nodes[c->num_nodes];
   memset(e, 0, sizeof(*e));
   e->op = EXPR_CONST;
   e->a = e->b = CASE_NO_EXPR;
   e->value = value;
   return (uint32_t)c->num_nodes++;
}

static struct case_assign *new_init(struct builder *b, unsigned file, unsigned reg, unsigned count)
{
   struct rdna_case *c = b->c;
   if (!ok(b) ||
       !case_grow((void **)&c->inits, &c->cap_inits, c->num_inits + 1, sizeof(*c->inits))) {
      no_memory(b);
      return NULL;
   }
   struct case_assign *a = &c->inits[c->num_inits++];
   memset(a, 0, sizeof(*a));
   a->reg.file = (uint8_t)file;
   a->reg.first = reg;
   a->reg.count = count;
   snprintf(a->reg.text, sizeof(a->reg.text), "%c%u", file == FILE_SREG ? 's' : 'v', reg);
   a->value.expr = CASE_NO_EXPR;
   a->value.vsharp = -1;
   return a;
}

static void init_sgpr(struct builder *b, unsigned reg, uint32_t value)
{
   uint32_t node = const_node(b, value);
   struct case_assign *a = new_init(b, FILE_SREG, reg, 1);
   if (a)
      a->value.expr = node;
}

static void init_sgpr64(struct builder *b, unsigned reg, uint64_t value)
{
   init_sgpr(b, reg, (uint32_t)value);
   init_sgpr(b, reg + 1, (uint32_t)(value >> 32));
}

static void init_id(struct builder *b, unsigned file, unsigned reg, enum rdna_case_id kind,
                    unsigned component, uint32_t scale)
{
   struct case_assign *a = new_init(b, file, reg, 1);
   if (!a)
      return;
   a->id = (uint8_t)kind;
   a->id_component = (uint8_t)component;
   a->id_scale = scale;
}

/* The private segment buffer: a swizzled V# whose lane id picks the 4-byte column of each lane
 * (AMDGPUUsage, "Private Segment Buffer"; RDNA2 ISA guide 8.1.6, swizzled buffer addressing) and
 * whose range check (OOB_SELECT 3 with stride 0: offset + size > num_records) keeps each lane
 * inside its own `lane_bytes`. */
static void init_private_vsharp(struct builder *b, unsigned reg, uint64_t base, uint32_t lane_bytes,
                                unsigned wave_size)
{
   struct rdna_case *c = b->c;
   if (!ok(b) ||
       !case_grow((void **)&c->vsharps, &c->cap_vsharps, c->num_vsharps + 1, sizeof(*c->vsharps))) {
      no_memory(b);
      return;
   }
   struct case_vsharp *v = &c->vsharps[c->num_vsharps];
   for (unsigned i = 0; i < VSHARP_FIELD_COUNT; i++)
      v->field[i] = CASE_NO_EXPR;
   v->field[VSHARP_ADDR] = const_node(b, base);
   v->field[VSHARP_STRIDE] = const_node(b, 0);
   v->field[VSHARP_RECORDS] = const_node(b, lane_bytes);
   v->field[VSHARP_OOB] = const_node(b, 3);
   v->field[VSHARP_SWIZZLE] = const_node(b, 1);
   v->field[VSHARP_ADD_TID] = const_node(b, 1);
   v->field[VSHARP_INDEX_STRIDE] = const_node(b, wave_size == 64 ? 3 : 2); /* 64 / 32 lanes */
   struct case_assign *a = new_init(b, FILE_SREG, reg, 4);
   if (a) {
      a->value.vsharp = (int)c->num_vsharps;
      snprintf(a->reg.text, sizeof(a->reg.text), "s[%u:%u]", reg, reg + 3);
   }
   if (ok(b))
      c->num_vsharps++;
}

/* Adds a fixed region that takes ownership of `bytes` (size bytes, NULL: zeros). */
static void add_region(struct builder *b, const char *name, uint64_t address, uint64_t size,
                       uint8_t *bytes, bool is_program)
{
   struct rdna_case *c = b->c;
   if (ok(b) && !bytes && !is_program)
      bytes = calloc(1, size ? size : 1);
   char *copy = ok(b) ? malloc(strlen(name) + 1) : NULL;
   struct case_region *grown = copy && (is_program || bytes)
                                  ? realloc(c->regions, (c->num_regions + 1) * sizeof(*grown))
                                  : NULL;
   if (!grown) {
      free(copy);
      free(bytes);
      no_memory(b);
      return;
   }
   c->regions = grown;
   strcpy(copy, name);
   struct case_region *r = &c->regions[c->num_regions++];
   memset(r, 0, sizeof(*r));
   r->name = copy;
   r->address = address;
   r->size = size;
   r->fixed = true;
   r->is_program = is_program;
   if (!is_program) {
      r->bytes = bytes;
      return;
   }
   /* A program region holds the same code for both wave sizes (the object was compiled for
    * one; the case runs only that one). */
   r->code[0] = bytes;
   r->code[1] = malloc(size ? size : 1);
   if (!r->code[1]) {
      no_memory(b);
      return;
   }
   memcpy(r->code[1], bytes, size);
   r->code_size[0] = r->code_size[1] = size;
}

static uint8_t *copy_bytes(struct builder *b, const uint8_t *from, uint64_t size)
{
   uint8_t *p = ok(b) ? malloc(size ? size : 1) : NULL;
   if (!p) {
      no_memory(b);
      return NULL;
   }
   if (size)
      memcpy(p, from, size);
   return p;
}

/* The case file's own [program] region that names the code object becomes the entry. */
static void fill_entry_slot(struct builder *b, size_t slot, uint64_t address, const uint8_t *bytes,
                            uint64_t size)
{
   struct case_region *r = &b->c->regions[slot];
   for (unsigned w = 0; w < 2 && ok(b); w++) {
      free(r->code[w]);
      r->code[w] = malloc(size ? size : 1);
      if (!r->code[w]) {
         no_memory(b);
         return;
      }
      memcpy(r->code[w], bytes, size);
      r->code_size[w] = size;
   }
   r->address = address;
   r->size = size;
   r->fixed = true;
}

static void put_le(uint8_t *p, uint64_t value, unsigned bytes)
{
   for (unsigned i = 0; i < bytes; i++)
      p[i] = (uint8_t)(value >> (8 * i));
}

static uint64_t align_up(uint64_t value, uint64_t alignment)
{
   return (value + alignment - 1) / alignment * alignment;
}

/* The loaded segments as regions: the executable one split at the kernel's entry so that the
 * entry is the case's first program (rdna_case_entry), code before it a second program. */
static void add_segments(struct builder *b, struct hsaco_image *im, const char *kernel,
                         size_t entry_slot)
{
   for (size_t i = 0; i < im->num_segments; i++) {
      struct hsaco_segment *s = &im->segments[i];
      if (!s->executable || im->entry < s->address || im->entry >= s->address + s->size)
         continue;
      uint64_t head = im->entry - s->address;
      if (entry_slot < b->c->num_regions)
         fill_entry_slot(b, entry_slot, im->entry, s->bytes + head, s->size - head);
      else
         add_region(b, kernel, im->entry, s->size - head,
                    copy_bytes(b, s->bytes + head, s->size - head), true);
      if (head)
         add_region(b, "text", s->address, head, copy_bytes(b, s->bytes, head), true);
   }
   unsigned other = 0;
   for (size_t i = 0; i < im->num_segments; i++) {
      struct hsaco_segment *s = &im->segments[i];
      bool has_entry = im->entry >= s->address && im->entry < s->address + s->size;
      if (s->executable && has_entry)
         continue;
      char name[32];
      snprintf(name, sizeof(name), "segment%u", other++);
      add_region(b, name, s->address, s->size, copy_bytes(b, s->bytes, s->size), s->executable);
   }
}

/* Where the kernarg segment puts each explicit argument when the object has no metadata note:
 * natural alignment, in order. */
static void kernarg_layout_natural(const struct rdna_hsaco_dispatch *d, uint64_t *offsets,
                                   uint64_t *end)
{
   uint64_t at = 0;
   for (size_t i = 0; i < d->num_args; i++) {
      const struct rdna_hsaco_arg *a = &d->args[i];
      uint64_t size = a->kind == RDNA_HSACO_ARG_BUFFER  ? 8
                      : a->kind == RDNA_HSACO_ARG_LOCAL ? 4
                                                        : a->size;
      at = align_up(at, size);
      offsets[i] = at;
      at += size;
   }
   *end = at;
}

/* "uint* out (global_buffer)": an argument as messages name it. */
static void describe_arg(char *text, size_t capacity, const struct rdna_hsaco_kernel_arg *m)
{
   const char *kind = rdna_hsaco_value_kind_name(m->kind);
   const char *type = m->type_name[0] ? m->type_name : kind;
   const char *qualifier = m->is_const && m->type_name[0] ? "const " : "";
   if (m->name[0])
      snprintf(text, capacity, "%s%.40s %.40s (%s)", qualifier, type, m->name, kind);
   else if (m->type_name[0])
      snprintf(text, capacity, "%s%.40s (%s)", qualifier, type, kind);
   else
      snprintf(text, capacity, "%s", kind);
}

/* The kernel's explicit arguments, described, into `text` ("..." when they do not fit). */
static void describe_args(char *text, size_t capacity, const struct rdna_hsaco_kernel_info *info)
{
   size_t used = 0;
   text[0] = '\0';
   for (size_t i = 0; i < info->num_args; i++) {
      const struct rdna_hsaco_kernel_arg *m = &info->args[i];
      if (m->hidden)
         continue;
      char one[100];
      describe_arg(one, sizeof(one), m);
      size_t need = strlen(one) + (used ? 2 : 0);
      if (used + need + 5 > capacity) {
         snprintf(text + used, capacity - used, "%s...", used ? ", " : "");
         return;
      }
      used += (size_t)snprintf(text + used, capacity - used, "%s%s", used ? ", " : "", one);
   }
}

/* Checks the given arguments against the metadata's explicit ones (AMDGPUUsage, "Code Object V3
 * Metadata", .args) and places each at its .offset. A pointer takes a buffer or an 8-byte value
 * (an address, e.g. `ptr &buf` of a case file or u64:0 for null); a by-value argument a value of
 * exactly its size. */
static enum rdna_status kernarg_layout_metadata(const struct rdna_hsaco_dispatch *d,
                                                const struct rdna_hsaco_kernel_info *info,
                                                uint64_t *offsets, struct rdna_diag *diag)
{
   if (d->num_args != info->num_explicit_args) {
      char list[160];
      describe_args(list, sizeof(list), info);
      return hsaco_fail(diag, RDNA_BAD_ARGUMENT,
                        "kernel '%.40s' takes %zu argument%s%s%s%s, %zu given", d->kernel,
                        info->num_explicit_args, info->num_explicit_args == 1 ? "" : "s",
                        list[0] ? " (" : "", list, list[0] ? ")" : "", d->num_args);
   }
   size_t next = 0;
   for (size_t i = 0; i < d->num_args; i++) {
      while (info->args[next].hidden)
         next++;
      const struct rdna_hsaco_kernel_arg *m = &info->args[next++];
      const struct rdna_hsaco_arg *a = &d->args[i];
      char what[100];
      describe_arg(what, sizeof(what), m);
      offsets[i] = m->offset;
      if (a->kind == RDNA_HSACO_ARG_LOCAL && m->kind != RDNA_HSACO_KIND_DYNAMIC_SHARED_POINTER)
         return hsaco_fail(diag, RDNA_BAD_ARGUMENT,
                           "argument %zu, %s: an LDS allocation where the kernel takes no local "
                           "pointer",
                           i, what);
      switch (m->kind) {
      case RDNA_HSACO_KIND_GLOBAL_BUFFER:
         if (m->size != 8)
            return hsaco_fail(diag, RDNA_UNSUPPORTED, "argument %zu, %s: a %u-byte pointer", i,
                              what, m->size);
         if (a->kind == RDNA_HSACO_ARG_VALUE && a->size != 8)
            return hsaco_fail(diag, RDNA_BAD_ARGUMENT,
                              "argument %zu, %s: a pointer to %s memory takes a buffer or a "
                              "64-bit address, not a %llu-byte value",
                              i, what, rdna_hsaco_address_space_name(m->space),
                              (unsigned long long)a->size);
         break;
      case RDNA_HSACO_KIND_BY_VALUE:
         if (a->kind == RDNA_HSACO_ARG_BUFFER)
            return hsaco_fail(diag, RDNA_BAD_ARGUMENT,
                              "argument %zu, %s: a %u-byte value, not a buffer", i, what, m->size);
         if (a->size != m->size)
            return hsaco_fail(diag, RDNA_BAD_ARGUMENT,
                              "argument %zu, %s: a %u-byte value, given %llu bytes%s", i, what,
                              m->size, (unsigned long long)a->size,
                              m->size > 8 ? " (values of more than 8 bytes cannot be given)" : "");
         break;
      case RDNA_HSACO_KIND_DYNAMIC_SHARED_POINTER:
         if (a->kind != RDNA_HSACO_ARG_LOCAL || m->size != 4)
            return hsaco_fail(diag, RDNA_BAD_ARGUMENT,
                              "argument %zu, %s: a pointer to local memory takes an LDS "
                              "allocation (local:SIZE)",
                              i, what);
         break;
      default:
         return hsaco_fail(diag, RDNA_UNSUPPORTED,
                           "argument %zu, %s: %s arguments are not supported", i, what,
                           rdna_hsaco_value_kind_name(m->kind));
      }
   }
   return RDNA_OK;
}

static enum rdna_status check_given_args(const struct rdna_hsaco_dispatch *d,
                                         struct rdna_diag *diag)
{
   if (d->num_args > RDNA_HSACO_MAX_ARGS)
      return hsaco_fail(diag, RDNA_OUT_OF_RANGE, "%zu kernel arguments (at most %u)", d->num_args,
                        RDNA_HSACO_MAX_ARGS);
   for (size_t i = 0; i < d->num_args; i++) {
      const struct rdna_hsaco_arg *a = &d->args[i];
      if (a->kind != RDNA_HSACO_ARG_BUFFER && a->kind != RDNA_HSACO_ARG_VALUE &&
          a->kind != RDNA_HSACO_ARG_LOCAL)
         return hsaco_fail(diag, RDNA_BAD_ARGUMENT, "argument %zu: unknown kind %d", i,
                           (int)a->kind);
      if (a->kind == RDNA_HSACO_ARG_VALUE && a->size != 1 && a->size != 2 && a->size != 4 &&
          a->size != 8)
         return hsaco_fail(diag, RDNA_BAD_ARGUMENT, "argument %zu: a value of %llu bytes", i,
                           (unsigned long long)a->size);
      if (a->kind == RDNA_HSACO_ARG_LOCAL && (a->size == 0 || a->size > LDS_LIMIT))
         return hsaco_fail(diag, RDNA_OUT_OF_RANGE, "argument %zu: %llu bytes of LDS (1..%u)", i,
                           (unsigned long long)a->size, LDS_LIMIT);
      if (a->kind == RDNA_HSACO_ARG_BUFFER &&
          (a->size == 0 || a->size > RDNA_CASE_MAX_BUFFER_BYTES))
         return hsaco_fail(diag, RDNA_OUT_OF_RANGE, "argument %zu: a buffer of %llu bytes (1..%u)",
                           i, (unsigned long long)a->size, RDNA_CASE_MAX_BUFFER_BYTES);
   }
   return RDNA_OK;
}

/* The ABI's check of a descriptor before anything is built from it. */
static enum rdna_status check_descriptor(const struct hsaco_descriptor *kd, const char *kernel,
                                         struct rdna_diag *diag)
{
   if (RSRC2_GRANULATED_LDS_SIZE(kd->compute_pgm_rsrc2))
      return hsaco_fail(diag, RDNA_INVALID_ENCODING,
                        "%s: COMPUTE_PGM_RSRC2.GRANULATED_LDS_SIZE must be 0 in a code object "
                        "(the LDS size is group_segment_fixed_size)",
                        kernel);
   if (kd->group_segment_fixed_size > LDS_LIMIT)
      return hsaco_fail(diag, RDNA_INVALID_ENCODING, "%s: %u bytes of LDS (at most %u)", kernel,
                        kd->group_segment_fixed_size, LDS_LIMIT);
   if (kd->kernel_code_properties & 0xf380u)
      return hsaco_fail(diag, RDNA_UNSUPPORTED,
                        "%s: kernel_code_properties 0x%04x sets reserved or unknown bits", kernel,
                        kd->kernel_code_properties);
   return RDNA_OK;
}

struct layout {
   unsigned wave_size, waves;
   uint32_t lane_bytes; /* private segment per lane */
   uint64_t kernarg, packet, queue, private_base, next;
   uint32_t dynamic_lds; /* bytes of LDS the local:SIZE arguments add to the group segment */
};

static void add_user_sgprs(struct builder *b, const struct hsaco_image *im, const struct layout *l,
                           unsigned *sgpr)
{
   unsigned props = im->descriptor.kernel_code_properties;
   if (props & KCP_PRIVATE_SEGMENT_BUFFER) {
      init_private_vsharp(b, *sgpr, l->private_base, l->lane_bytes, l->wave_size);
      *sgpr += 4;
   }
   if (props & KCP_DISPATCH_PTR)
      init_sgpr64(b, *sgpr, l->packet), *sgpr += 2;
   if (props & KCP_QUEUE_PTR)
      init_sgpr64(b, *sgpr, l->queue), *sgpr += 2;
   if (props & KCP_KERNARG_SEGMENT_PTR)
      init_sgpr64(b, *sgpr, l->kernarg), *sgpr += 2;
   if (props & KCP_DISPATCH_ID)
      init_sgpr64(b, *sgpr, 0), *sgpr += 2;
   /* The flat scratch base before the kernel adds its wave offset. The interpreter and the
    * recompiler keep SCRATCH and private FLAT accesses in their own per-lane memory, so the
    * value only has to be consistent. */
   if (props & KCP_FLAT_SCRATCH_INIT)
      init_sgpr64(b, *sgpr, l->private_base), *sgpr += 2;
   if (props & KCP_PRIVATE_SEGMENT_SIZE)
      init_sgpr(b, *sgpr, l->lane_bytes), *sgpr += 1;
}

/* The dispatch's dimensions: 3 when Z is used, 2 when Y is, else 1. */
static unsigned dispatch_dims(const struct rdna_case *c)
{
   return c->workgroup[2] > 1 || c->grid[2] > 1 ? 3 : c->workgroup[1] > 1 || c->grid[1] > 1 ? 2 : 1;
}

/* Aperture bases both backends give src_shared_base / src_private_base (the Linux amdgpu
 * driver's values): what code object V5's hidden_shared_base / hidden_private_base hold. */
#define APERTURE_SHARED_HI 0x00010000u
#define APERTURE_PRIVATE_HI 0x00020000u

/* The runtime's values of the hidden arguments (AMDGPUUsage, "Code Object V3 Metadata" and "Code
 * Object V5 Metadata", hidden_* value kinds). The grid always holds whole workgroups, so the
 * remainders are 0; no printf buffer, hostcall buffer, default queue, completion action,
 * multigrid synchronisation or heap exists, so those are null. */
static uint64_t hidden_value(enum rdna_hsaco_value_kind kind, const struct rdna_case *c,
                             const struct layout *l)
{
   switch (kind) {
   case RDNA_HSACO_KIND_HIDDEN_BLOCK_COUNT_X:
   case RDNA_HSACO_KIND_HIDDEN_BLOCK_COUNT_Y:
   case RDNA_HSACO_KIND_HIDDEN_BLOCK_COUNT_Z:
      return c->grid[kind - RDNA_HSACO_KIND_HIDDEN_BLOCK_COUNT_X];
   case RDNA_HSACO_KIND_HIDDEN_GROUP_SIZE_X:
   case RDNA_HSACO_KIND_HIDDEN_GROUP_SIZE_Y:
   case RDNA_HSACO_KIND_HIDDEN_GROUP_SIZE_Z:
      return c->workgroup[kind - RDNA_HSACO_KIND_HIDDEN_GROUP_SIZE_X];
   case RDNA_HSACO_KIND_HIDDEN_GRID_DIMS:
      return dispatch_dims(c);
   case RDNA_HSACO_KIND_HIDDEN_QUEUE_PTR:
      return l->queue;
   case RDNA_HSACO_KIND_HIDDEN_SHARED_BASE:
      return APERTURE_SHARED_HI;
   case RDNA_HSACO_KIND_HIDDEN_PRIVATE_BASE:
      return APERTURE_PRIVATE_HI;
   case RDNA_HSACO_KIND_HIDDEN_DYNAMIC_LDS_SIZE:
      return l->dynamic_lds;
   default: /* global offsets, remainders, null pointers, hidden_none */
      return 0;
   }
}

static void fill_hidden_args(uint8_t *kernarg, const struct rdna_hsaco_kernel_info *info,
                             const struct rdna_case *c, const struct layout *l)
{
   for (size_t i = 0; i < info->num_args; i++) {
      const struct rdna_hsaco_kernel_arg *m = &info->args[i];
      if (m->hidden)
         put_le(kernarg + m->offset, hidden_value(m->kind, c, l), m->size < 8 ? m->size : 8);
   }
}

static enum rdna_status build(struct builder *b, struct hsaco_image *im,
                              const struct rdna_hsaco_dispatch *d, uint64_t base, size_t entry_slot)
{
   struct rdna_case *c = b->c;
   const struct hsaco_descriptor *kd = &im->descriptor;
   const struct rdna_hsaco_kernel_info *info = im->info;
   enum rdna_status st = check_descriptor(kd, d->kernel, b->diag);
   if (st != RDNA_OK)
      return st;
   struct layout l;
   memset(&l, 0, sizeof(l));
   l.wave_size = kd->kernel_code_properties & KCP_WAVEFRONT_SIZE32 ? 32 : 64;
   if (info && info->wavefront_size && info->wavefront_size != l.wave_size)
      return hsaco_fail(b->diag, RDNA_INVALID_ENCODING,
                        "%s: the metadata's .wavefront_size %u disagrees with the descriptor "
                        "(wave%u)",
                        d->kernel, info->wavefront_size, l.wave_size);
   /* The descriptor and the metadata both give the segment sizes; the larger one is used. */
   uint32_t group_bytes = kd->group_segment_fixed_size,
            private_fixed = kd->private_segment_fixed_size;
   if (info && info->group_segment_fixed_size > group_bytes)
      group_bytes = info->group_segment_fixed_size;
   if (info && info->private_segment_fixed_size > private_fixed)
      private_fixed = info->private_segment_fixed_size;
   if (group_bytes > LDS_LIMIT)
      return hsaco_fail(b->diag, RDNA_INVALID_ENCODING, "%s: %u bytes of LDS (at most %u)",
                        d->kernel, group_bytes, LDS_LIMIT);

   /* VGPRs are allocated in granules of 8 (wave32) or 4 (wave64) on GFX10 (AMDGPUUsage,
    * COMPUTE_PGM_RSRC1.GRANULATED_WORKITEM_VGPR_COUNT). */
   unsigned vgprs = (RSRC1_GRANULATED_WORKITEM_VGPR_COUNT(kd->compute_pgm_rsrc1) + 1) *
                    (l.wave_size == 32 ? 8 : 4);
   if (vgprs > RDNA_CASE_MAX_VGPRS)
      return hsaco_fail(b->diag, RDNA_INVALID_ENCODING, "%s: %u VGPRs (at most %u)", d->kernel,
                        vgprs, RDNA_CASE_MAX_VGPRS);
   unsigned id_vgprs = RSRC2_ENABLE_VGPR_WORKITEM_ID(kd->compute_pgm_rsrc2) + 1;
   if (id_vgprs > 3 || id_vgprs > vgprs)
      return hsaco_fail(b->diag, RDNA_INVALID_ENCODING,
                        "%s: ENABLE_VGPR_WORKITEM_ID %u with %u VGPRs", d->kernel, id_vgprs - 1,
                        vgprs);

   uint64_t lanes = 1;
   uint64_t groups = 1;
   for (unsigned i = 0; i < 3; i++) {
      c->workgroup[i] = d->block[i] ? d->block[i] : 1;
      c->grid[i] = d->grid[i] ? d->grid[i] : 1;
      lanes *= c->workgroup[i];
      groups *= c->grid[i];
      if ((uint64_t)c->workgroup[i] * c->grid[i] > UINT32_MAX)
         return hsaco_fail(b->diag, RDNA_OUT_OF_RANGE,
                           "grid %c: %u workgroups of %u work-items exceed 2^32 work-items",
                           'x' + i, c->grid[i], c->workgroup[i]);
   }
   if (lanes > 1024)
      return hsaco_fail(b->diag, RDNA_OUT_OF_RANGE, "a workgroup of %llu work-items (at most 1024)",
                        (unsigned long long)lanes);
   uint64_t total_waves = groups * ((lanes + l.wave_size - 1) / l.wave_size);

   uint64_t private_lane =
      (uint64_t)private_fixed +
      (kd->kernel_code_properties & KCP_USES_DYNAMIC_STACK ? RDNA_HSACO_DYNAMIC_STACK_BYTES : 0);
   private_lane = align_up(private_lane, PRIVATE_LANE_ALIGN);
   uint64_t private_wave = private_lane * l.wave_size;
   if (private_lane > UINT32_MAX || private_wave * total_waves > RDNA_CASE_MAX_BUFFER_BYTES)
      return hsaco_fail(b->diag, RDNA_OUT_OF_RANGE,
                        "%s: %llu waves of %llu private bytes per lane exceed the %u-byte limit "
                        "of a region",
                        d->kernel, (unsigned long long)total_waves,
                        (unsigned long long)private_lane, RDNA_CASE_MAX_BUFFER_BYTES);
   l.lane_bytes = (uint32_t)private_lane;

   c->target = im->target;
   c->waves = l.wave_size == 32 ? RDNA_CASE_WAVE32 : RDNA_CASE_WAVE64;
   c->vgprs = vgprs;
   if (c->lds < align_up(group_bytes, 512))
      c->lds = (uint32_t)align_up(group_bytes, 512);
   c->mode = RSRC1_FLOAT_MODE(kd->compute_pgm_rsrc1) |
             RSRC1_ENABLE_DX10_CLAMP(kd->compute_pgm_rsrc1) << 8 |
             RSRC1_ENABLE_IEEE_MODE(kd->compute_pgm_rsrc1) << 9;

   /* Regions: the segments, then kernarg, packet, queue, private and buffers above them. */
   add_segments(b, im, d->kernel, entry_slot);
   uint64_t top = base;
   for (size_t i = 0; i < im->num_segments; i++)
      if (im->segments[i].address + im->segments[i].size > top)
         top = im->segments[i].address + im->segments[i].size;

   uint64_t offsets[RDNA_HSACO_MAX_ARGS], explicit_end = 0;
   st = check_given_args(d, b->diag);
   if (st == RDNA_OK && info)
      st = kernarg_layout_metadata(d, info, offsets, b->diag);
   else if (st == RDNA_OK)
      kernarg_layout_natural(d, offsets, &explicit_end);
   if (st != RDNA_OK)
      return st;
   if (!info && kd->kernarg_size && explicit_end > kd->kernarg_size)
      return hsaco_fail(b->diag, RDNA_OUT_OF_RANGE,
                        "%s takes %u bytes of kernel arguments; the %zu given need %llu", d->kernel,
                        kd->kernarg_size, d->num_args, (unsigned long long)explicit_end);
   uint64_t segment = kd->kernarg_size;
   if (info && info->kernarg_segment_size > segment)
      segment = info->kernarg_segment_size;
   uint64_t kernarg_bytes = align_up(explicit_end > segment ? explicit_end : segment, 8);
   if (kernarg_bytes > RDNA_CASE_MAX_BUFFER_BYTES)
      return hsaco_fail(b->diag, RDNA_OUT_OF_RANGE,
                        "%s: a kernarg segment of %llu bytes (at most %u)", d->kernel,
                        (unsigned long long)kernarg_bytes, RDNA_CASE_MAX_BUFFER_BYTES);
   /* Dynamic LDS (AMDGPUUsage, "Code Object V3 Metadata", dynamic_shared_pointer): each
    * local:SIZE argument past the group segment, 16-byte aligned; the runtime's group segment
    * size is the total. */
   uint64_t lds_offsets[RDNA_HSACO_MAX_ARGS], lds_end = group_bytes;
   for (size_t i = 0; i < d->num_args; i++) {
      if (d->args[i].kind != RDNA_HSACO_ARG_LOCAL)
         continue;
      lds_offsets[i] = lds_end = align_up(lds_end, 16);
      lds_end += d->args[i].size;
   }
   if (lds_end > LDS_LIMIT)
      return hsaco_fail(b->diag, RDNA_OUT_OF_RANGE,
                        "%s: %u bytes of LDS and %llu of local arguments exceed %u", d->kernel,
                        group_bytes, (unsigned long long)(lds_end - group_bytes), LDS_LIMIT);
   l.dynamic_lds = (uint32_t)(lds_end - group_bytes);
   if (c->lds < align_up(lds_end, 512))
      c->lds = (uint32_t)align_up(lds_end, 512);
   l.kernarg = align_up(top, 4096);
   l.packet = align_up(l.kernarg + (kernarg_bytes ? kernarg_bytes : 1), 256);
   l.queue = l.packet + PACKET_BYTES;
   l.private_base = align_up(l.queue + QUEUE_BYTES, 256);
   uint64_t private_bytes = private_wave * total_waves;
   uint64_t next = align_up(l.private_base + (private_bytes ? private_bytes : 1), 4096);

   /* Kernarg: the explicit arguments, then the hidden ones the metadata lists (all zero for an
    * object without the note). */
   uint8_t *kernarg = calloc(1, kernarg_bytes ? kernarg_bytes : 1);
   if (!kernarg) {
      no_memory(b);
      return b->st;
   }
   for (size_t i = 0; i < d->num_args && ok(b); i++) {
      const struct rdna_hsaco_arg *a = &d->args[i];
      if (a->kind == RDNA_HSACO_ARG_VALUE || a->kind == RDNA_HSACO_ARG_LOCAL) {
         put_le(kernarg + offsets[i], a->kind == RDNA_HSACO_ARG_VALUE ? a->value : lds_offsets[i],
                a->kind == RDNA_HSACO_ARG_VALUE ? (unsigned)a->size : 4);
         continue;
      }
      char name[32];
      if (!a->name)
         snprintf(name, sizeof(name), "arg%zu", i);
      uint8_t *bytes = a->bytes ? copy_bytes(b, a->bytes, a->size) : NULL;
      add_region(b, a->name ? a->name : name, next, a->size, bytes, false);
      put_le(kernarg + offsets[i], next, 8);
      next = align_up(next + a->size, 4096);
   }
   if (info)
      fill_hidden_args(kernarg, info, c, &l);
   add_region(b, "kernarg", l.kernarg, kernarg_bytes ? kernarg_bytes : 1, kernarg, false);

   uint8_t *packet = calloc(1, PACKET_BYTES);
   if (!packet) {
      no_memory(b);
      return b->st;
   }
   put_le(packet + 0, PACKET_TYPE_KERNEL_DISPATCH, 2);
   put_le(packet + 2, dispatch_dims(c), 2);
   for (unsigned i = 0; i < 3; i++) {
      put_le(packet + 4 + 2 * i, c->workgroup[i], 2);
      put_le(packet + 12 + 4 * i, (uint64_t)c->workgroup[i] * c->grid[i], 4);
   }
   put_le(packet + 24, l.lane_bytes, 4);
   put_le(packet + 28, group_bytes + l.dynamic_lds, 4);
   put_le(packet + 32, im->descriptor_address, 8);
   put_le(packet + 40, l.kernarg, 8);
   add_region(b, "dispatch_packet", l.packet, PACKET_BYTES, packet, false);
   add_region(b, "queue", l.queue, QUEUE_BYTES, NULL, false);
   if (private_bytes)
      add_region(b, "private", l.private_base, private_bytes, NULL, false);
   if (!ok(b))
      return b->st;

   /* User SGPRs from s0, system SGPRs from USER_SGPR_COUNT, work-item ids in v0..v2. */
   unsigned sgpr = 0;
   add_user_sgprs(b, im, &l, &sgpr);
   unsigned user = RSRC2_USER_SGPR_COUNT(kd->compute_pgm_rsrc2);
   if (sgpr > user)
      return hsaco_fail(b->diag, RDNA_INVALID_ENCODING,
                        "%s: kernel_code_properties enable %u user SGPRs, USER_SGPR_COUNT is %u",
                        d->kernel, sgpr, user);
   sgpr = user;
   for (unsigned dim = 0; dim < 3; dim++)
      if (RSRC2_ENABLE_SGPR_WORKGROUP_ID(kd->compute_pgm_rsrc2, dim))
         init_id(b, FILE_SREG, sgpr++, RDNA_CASE_GROUP_ID, dim, 0);
   if (RSRC2_ENABLE_SGPR_WORKGROUP_INFO(kd->compute_pgm_rsrc2))
      init_sgpr(b, sgpr++, 0);
   if (RSRC2_ENABLE_PRIVATE_SEGMENT(kd->compute_pgm_rsrc2)) {
      if (private_wave)
         init_id(b, FILE_SREG, sgpr++, RDNA_CASE_WAVE_ID, 0, (uint32_t)private_wave);
      else
         init_sgpr(b, sgpr++, 0);
   }
   for (unsigned dim = 0; dim < id_vgprs; dim++)
      init_id(b, FILE_VGPR, dim, RDNA_CASE_LOCAL_ID, dim, 0);
   return b->st;
}

/* A case with the parser's defaults and nothing in it. */
static struct rdna_case *empty_case(void)
{
   struct rdna_case *c = calloc(1, sizeof(*c));
   if (!c)
      return NULL;
   c->target = RDNA_TARGET_GFX1030;
   c->waves = RDNA_CASE_WAVE32;
   c->vgprs = RDNA_CASE_MAX_VGPRS;
   for (unsigned d = 0; d < 3; d++)
      c->workgroup[d] = c->grid[d] = 1;
   c->steps = 1000000;
   return c;
}

enum rdna_status rdna_hsaco_case(const void *object, size_t size,
                                 const struct rdna_hsaco_dispatch *dispatch, struct rdna_case **out,
                                 struct rdna_diag *diag)
{
   if (out)
      *out = NULL;
   if (!object || !dispatch || !out || !dispatch->kernel || (dispatch->num_args && !dispatch->args))
      return hsaco_fail(diag, RDNA_BAD_ARGUMENT, "no code object, dispatch or output");
   struct hsaco_image image;
   enum rdna_status st =
      hsaco_load(object, size, dispatch->kernel, RDNA_HSACO_LOAD_BASE, &image, diag);
   if (st != RDNA_OK)
      return st;
   struct builder b = { empty_case(), diag, RDNA_OK };
   if (!b.c)
      st = hsaco_fail(diag, RDNA_NO_MEMORY, "no memory for the case");
   else
      st = build(&b, &image, dispatch, RDNA_HSACO_LOAD_BASE, SIZE_MAX);
   hsaco_image_free(&image);
   if (st != RDNA_OK) {
      rdna_case_destroy(b.c);
      return st;
   }
   *out = b.c;
   if (diag)
      memset(diag, 0, sizeof(*diag));
   return RDNA_OK;
}

enum rdna_status hsaco_case_apply(struct rdna_case *c, size_t entry_region, const void *object,
                                  size_t size, const char *kernel,
                                  const struct rdna_hsaco_arg *args, size_t num_args,
                                  struct rdna_diag *diag)
{
   /* Above every region the case file placed, on a 1 MiB boundary. */
   uint64_t base = RDNA_HSACO_LOAD_BASE;
   for (size_t i = 0; i < c->num_regions; i++) {
      const struct case_region *r = &c->regions[i];
      if (i != entry_region && r->address + r->size > base)
         base = align_up(r->address + r->size, 1u << 20);
   }
   struct rdna_hsaco_dispatch d = { kernel, { 0 }, { 0 }, args, num_args };
   memcpy(d.grid, c->grid, sizeof(d.grid));
   memcpy(d.block, c->workgroup, sizeof(d.block));
   struct hsaco_image image;
   enum rdna_status st = hsaco_load(object, size, kernel, base, &image, diag);
   if (st != RDNA_OK)
      return st;
   struct builder b = { c, diag, RDNA_OK };
   st = build(&b, &image, &d, base, entry_region);
   hsaco_image_free(&image);
   return st;
}

/* ---- by-value arguments ------------------------------------------------------------------- */

enum rdna_status rdna_hsaco_parse_value_arg(const char *text, struct rdna_hsaco_arg *arg,
                                            struct rdna_diag *diag)
{
   if (!text || !arg)
      return hsaco_fail(diag, RDNA_BAD_ARGUMENT, "no argument text");
   static const struct {
      const char *name;
      unsigned bytes;
      char kind; /* u unsigned, i signed, f float */
   } types[] = { { "u8", 1, 'u' },  { "u16", 2, 'u' }, { "u32", 4, 'u' }, { "u64", 8, 'u' },
                 { "i8", 1, 'i' },  { "i16", 2, 'i' }, { "i32", 4, 'i' }, { "i64", 8, 'i' },
                 { "f16", 2, 'f' }, { "f32", 4, 'f' }, { "f64", 8, 'f' } };
   const char *colon = strchr(text, ':');
   size_t length = colon ? (size_t)(colon - text) : 0;
   for (size_t t = 0; colon && t < sizeof(types) / sizeof(types[0]); t++) {
      if (strlen(types[t].name) != length || memcmp(types[t].name, text, length) != 0)
         continue;
      const char *value = colon + 1;
      char *end = NULL;
      memset(arg, 0, sizeof(*arg));
      arg->kind = RDNA_HSACO_ARG_VALUE;
      arg->size = types[t].bytes;
      unsigned bits = 8 * types[t].bytes;
      if (types[t].kind == 'f') {
         double d = strtod(value, &end);
         if (end == value || *end)
            return hsaco_fail(diag, RDNA_SYNTAX, "'%.40s' is no floating-point number", value);
         arg->value = bits == 16   ? case_f16_bits(d)
                      : bits == 32 ? case_f32_bits(d)
                                   : case_f64_bits(d);
         return RDNA_OK;
      }
      bool negative = types[t].kind == 'i' && value[0] == '-';
      errno = 0;
      unsigned long long v = strtoull(negative ? value + 1 : value, &end, 0);
      if (errno == ERANGE)
         return hsaco_fail(diag, RDNA_OUT_OF_RANGE, "%s does not fit %s", value, types[t].name);
      if (end == value || (negative && end == value + 1) || *end || value[negative] == '-' ||
          value[negative] == '+' || value[negative] == ' ')
         return hsaco_fail(diag, RDNA_SYNTAX, "'%.40s' is no integer", value);
      uint64_t limit = types[t].kind == 'u' ? (bits == 64 ? UINT64_MAX : (1ull << bits) - 1)
                       : negative           ? 1ull << (bits - 1)
                                            : (1ull << (bits - 1)) - 1;
      if (v > limit)
         return hsaco_fail(diag, RDNA_OUT_OF_RANGE, "%s does not fit %s", value, types[t].name);
      uint64_t bits_value = negative ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
      arg->value = bits == 64 ? bits_value : bits_value & ((1ull << bits) - 1);
      return RDNA_OK;
   }
   return hsaco_fail(diag, RDNA_SYNTAX,
                     "expected TYPE:VALUE with TYPE one of u8 u16 u32 u64 i8 i16 i32 i64 f16 f32 "
                     "f64, found '%.40s'",
                     text);
}
