/* AMDHSA code objects (ELF files clang and ld.lld make for amdgcn-amd-amdhsa, gfx1030 and
 * gfx1013) turned into a case (include/rdna/case.h) that every backend runs unchanged: the loaded
 * segments, a kernarg segment, an hsa_kernel_dispatch_packet, the private segment, and each wave's
 * initial registers as the kernel descriptor asks for them (LLVM AMDGPUUsage, "Kernel Descriptor"
 * and "Initial Kernel Execution State"). The ELF side is diff/hsaco.c, the ABI side
 * diff/hsaco_abi.c; the layout they produce is documented in README.md ("Compiled kernels"). */
#ifndef RDNA_HSACO_H
#define RDNA_HSACO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rdna/case.h"
#include "rdna/isa.h"
#include "rdna/status.h"

/* Bounds that keep a hostile object cheap (fuzzing): exceeding one is an error. */
#define RDNA_HSACO_MAX_OBJECT (64u << 20) /* bytes of code object */
#define RDNA_HSACO_MAX_ARGS 64            /* explicit kernel arguments */
#define RDNA_HSACO_DYNAMIC_STACK_BYTES \
   1024u /* per lane, added when the kernel's stack is dynamic */

/* Where the code object's first segment lands: every PT_LOAD segment sits at this base plus its
 * p_vaddr (an ld.lld -shared object starts at 0; the base keeps guest address 0 unmapped). */
#define RDNA_HSACO_LOAD_BASE 0x1000000u

enum rdna_hsaco_arg_kind {
   RDNA_HSACO_ARG_BUFFER, /* a global buffer region; the argument is its 64-bit address */
   RDNA_HSACO_ARG_VALUE,  /* a by-value argument of 1, 2, 4 or 8 bytes */
   RDNA_HSACO_ARG_LOCAL,  /* a `local` pointer parameter (dynamic_shared_pointer): `size` bytes
                             of LDS past the kernel's own group segment, 16-byte aligned; the
                             argument is their 32-bit LDS offset */
};

/* One explicit kernel argument, in the kernel's parameter order. Each goes to the .offset the
 * metadata note gives it, after a check against its .value_kind and .size (a pointer takes a
 * buffer or an 8-byte value, its address; a by-value argument a value of exactly its size). An
 * object without the note (code object V2) gets them at their natural alignment (the size of the
 * value, 8 for a buffer), as clang lays out OpenCL C and HIP parameters. */
struct rdna_hsaco_arg {
   enum rdna_hsaco_arg_kind kind;
   const char *name;     /* BUFFER: the region's name; NULL: "argN" with N the argument index */
   const uint8_t *bytes; /* BUFFER: `size` initial bytes, or NULL for zeros */
   uint64_t size;        /* BUFFER: bytes (1..RDNA_CASE_MAX_BUFFER_BYTES); VALUE: 1, 2, 4, 8;
                            LOCAL: bytes of LDS (1..65536) */
   uint64_t value;       /* VALUE: the bits, little-endian */
};

/* ---- the metadata note ---------------------------------------------------------------------
 * Code objects V3 to V5 carry a note NT_AMDGPU_METADATA (owner "AMDGPU") holding a MessagePack
 * map: amdhsa.version and one entry per kernel in amdhsa.kernels (LLVM AMDGPUUsage, "Code
 * Object V3 Metadata", "V4", "V5"). rdna_hsaco_kernel_info reads one kernel's entry. */

/* .value_kind of a kernel argument: the explicit kinds, then the hidden ones the runtime fills. */
#define RDNA_HSACO_VALUE_KINDS(X)                            \
   X(BY_VALUE, "by_value")                                   \
   X(GLOBAL_BUFFER, "global_buffer")                         \
   X(DYNAMIC_SHARED_POINTER, "dynamic_shared_pointer")       \
   X(SAMPLER, "sampler")                                     \
   X(IMAGE, "image")                                         \
   X(PIPE, "pipe")                                           \
   X(QUEUE, "queue")                                         \
   X(HIDDEN_GLOBAL_OFFSET_X, "hidden_global_offset_x")       \
   X(HIDDEN_GLOBAL_OFFSET_Y, "hidden_global_offset_y")       \
   X(HIDDEN_GLOBAL_OFFSET_Z, "hidden_global_offset_z")       \
   X(HIDDEN_NONE, "hidden_none")                             \
   X(HIDDEN_PRINTF_BUFFER, "hidden_printf_buffer")           \
   X(HIDDEN_HOSTCALL_BUFFER, "hidden_hostcall_buffer")       \
   X(HIDDEN_DEFAULT_QUEUE, "hidden_default_queue")           \
   X(HIDDEN_COMPLETION_ACTION, "hidden_completion_action")   \
   X(HIDDEN_MULTIGRID_SYNC_ARG, "hidden_multigrid_sync_arg") \
   X(HIDDEN_HEAP_V1, "hidden_heap_v1")                       \
   X(HIDDEN_BLOCK_COUNT_X, "hidden_block_count_x")           \
   X(HIDDEN_BLOCK_COUNT_Y, "hidden_block_count_y")           \
   X(HIDDEN_BLOCK_COUNT_Z, "hidden_block_count_z")           \
   X(HIDDEN_GROUP_SIZE_X, "hidden_group_size_x")             \
   X(HIDDEN_GROUP_SIZE_Y, "hidden_group_size_y")             \
   X(HIDDEN_GROUP_SIZE_Z, "hidden_group_size_z")             \
   X(HIDDEN_REMAINDER_X, "hidden_remainder_x")               \
   X(HIDDEN_REMAINDER_Y, "hidden_remainder_y")               \
   X(HIDDEN_REMAINDER_Z, "hidden_remainder_z")               \
   X(HIDDEN_GRID_DIMS, "hidden_grid_dims")                   \
   X(HIDDEN_PRIVATE_BASE, "hidden_private_base")             \
   X(HIDDEN_SHARED_BASE, "hidden_shared_base")               \
   X(HIDDEN_QUEUE_PTR, "hidden_queue_ptr")                   \
   X(HIDDEN_DYNAMIC_LDS_SIZE, "hidden_dynamic_lds_size")

enum rdna_hsaco_value_kind {
#define RDNA_HSACO_KIND_ENUM(name, text) RDNA_HSACO_KIND_##name,
   RDNA_HSACO_VALUE_KINDS(RDNA_HSACO_KIND_ENUM)
#undef RDNA_HSACO_KIND_ENUM
   RDNA_HSACO_KIND_COUNT
};

/* .address_space of a pointer argument (NONE: the argument is no pointer). */
enum rdna_hsaco_address_space {
   RDNA_HSACO_SPACE_NONE,
   RDNA_HSACO_SPACE_PRIVATE,
   RDNA_HSACO_SPACE_GLOBAL,
   RDNA_HSACO_SPACE_CONSTANT,
   RDNA_HSACO_SPACE_LOCAL,
   RDNA_HSACO_SPACE_GENERIC,
   RDNA_HSACO_SPACE_REGION,
};

#define RDNA_HSACO_MAX_META_ARGS 96 /* explicit and hidden arguments of one kernel */
#define RDNA_HSACO_META_TEXT 64     /* bytes of an argument's name or type name, with the NUL */
#define RDNA_HSACO_META_NAME 256    /* bytes of a kernel's name or symbol, with the NUL */

/* One entry of a kernel's .args, in order. Texts longer than their field are cut to fit. */
struct rdna_hsaco_kernel_arg {
   char name[RDNA_HSACO_META_TEXT];      /* .name ("" when absent) */
   char type_name[RDNA_HSACO_META_TEXT]; /* .type_name ("" when absent) */
   uint32_t offset;                      /* .offset in the kernarg segment */
   uint32_t size;                        /* .size in bytes */
   enum rdna_hsaco_value_kind kind;      /* .value_kind */
   enum rdna_hsaco_address_space space;  /* .address_space */
   bool is_const;                        /* .is_const */
   bool hidden;                          /* a hidden_* kind: the runtime fills it */
};

/* One kernel's metadata. Sizes absent from the note are 0 (wavefront_size: 0 too). */
struct rdna_hsaco_kernel_info {
   char name[RDNA_HSACO_META_NAME];   /* .name */
   char symbol[RDNA_HSACO_META_NAME]; /* .symbol (NAME.kd) */
   unsigned code_object_version;      /* 3, 4 or 5, from amdhsa.version 1.0, 1.1, 1.2 */
   enum rdna_target target;           /* the ELF header's EF_AMDGPU_MACH */
   uint32_t kernarg_segment_size;
   uint32_t kernarg_segment_align;
   uint32_t group_segment_fixed_size;
   uint32_t private_segment_fixed_size;
   uint32_t wavefront_size;
   uint32_t sgpr_count;
   uint32_t vgpr_count;
   uint32_t max_flat_workgroup_size;
   bool uniform_work_group_size; /* .uniform_work_group_size is 1 */
   bool uses_dynamic_stack;      /* .uses_dynamic_stack */
   size_t num_args;
   size_t num_explicit_args; /* arguments that are not hidden: the caller gives these, in order */
   struct rdna_hsaco_kernel_arg args[RDNA_HSACO_MAX_META_ARGS];
};

/* Reads kernel `kernel`'s entry (matched by .name or by .symbol "KERNEL.kd") from the metadata
 * note of `object` into *info. Errors, with diag->offset the file offset of the fault: IO for a
 * note that runs past its section, INVALID_ENCODING for MessagePack that is malformed or does
 * not have the shape AMDGPUUsage gives (a missing .offset, an argument past
 * .kernarg_segment_size, an unknown .value_kind), UNSUPPORTED for an object without the note
 * (code object V2) or an amdhsa.version other than 1.x, UNDEFINED_LABEL for a kernel the note
 * does not describe, OUT_OF_RANGE for more than RDNA_HSACO_MAX_META_ARGS arguments; the ELF
 * errors of rdna_hsaco_case. Never aborts or prints. */
enum rdna_status rdna_hsaco_kernel_info(const void *object, size_t size, const char *kernel,
                                        struct rdna_hsaco_kernel_info *info,
                                        struct rdna_diag *diag);

/* The metadata spelling of a value kind ("by_value", "hidden_group_size_x", ...) or of an
 * address space ("global", ...; "" for NONE). */
const char *rdna_hsaco_value_kind_name(enum rdna_hsaco_value_kind kind);
const char *rdna_hsaco_address_space_name(enum rdna_hsaco_address_space space);

/* A dispatch of one kernel of a code object. */
struct rdna_hsaco_dispatch {
   const char *kernel; /* the kernel's symbol name (its descriptor is NAME.kd) */
   unsigned grid[3];   /* workgroups in X, Y, Z (0 counts as 1), as the case's `grid` */
   unsigned block[3];  /* work-items per workgroup (0 counts as 1), as the case's `workgroup` */
   const struct rdna_hsaco_arg *args;
   size_t num_args;
};

/* Builds a case that runs `dispatch` of code object `object` (`size` bytes). The case has no
 * [expect] lines; its regions are the loaded segments (the executable one as programs, the kernel
 * entry first), "kernarg", "dispatch_packet", "queue", "private" (when the kernel has a private
 * segment) and one buffer per buffer argument. The kernarg segment holds the explicit arguments
 * and the hidden ones the metadata lists, filled with the dispatch's values (block counts, group
 * sizes, grid dimensions, queue pointer, apertures, dynamic LDS size; global offsets, remainders
 * and the printf, hostcall, heap, default-queue, completion-action and multigrid pointers 0).
 * Errors, with `diag` filled when given: IO for bytes that are no ELF file or are truncated (a
 * note included), NOT_ON_TARGET for another machine or GPU, UNDEFINED_LABEL for a kernel the
 * object lacks (the message names the kernels it has), INVALID_ENCODING for a descriptor the
 * hardware would reject or a malformed metadata note (as rdna_hsaco_kernel_info), UNSUPPORTED
 * for a relocation, descriptor feature or argument kind (image, sampler, pipe, queue) this
 * loader does not implement, OUT_OF_RANGE for a dispatch or argument past the case limits,
 * BAD_ARGUMENT for arguments that do not match the metadata's (count, kind, size; the message
 * lists the kernel's), NO_MEMORY. Never aborts or prints. */
enum rdna_status rdna_hsaco_case(const void *object, size_t size,
                                 const struct rdna_hsaco_dispatch *dispatch, struct rdna_case **out,
                                 struct rdna_diag *diag);

/* Names of the kernels of a code object, separated by single spaces, into `names` (at most
 * `capacity` bytes with the NUL; cut short with "..." when they do not fit). Errors as above. */
enum rdna_status rdna_hsaco_kernels(const void *object, size_t size, char *names, size_t capacity,
                                    struct rdna_diag *diag);

/* Parses one by-value argument text "TYPE:VALUE" (u8 u16 u32 u64 i8 i16 i32 i64 f16 f32 f64;
 * integers in C syntax, floats as strtod reads them, rounded to nearest even) into *arg. SYNTAX
 * or OUT_OF_RANGE with a message naming the problem. Buffer arguments are the caller's: reading
 * a file is no library business. */
enum rdna_status rdna_hsaco_parse_value_arg(const char *text, struct rdna_hsaco_arg *arg,
                                            struct rdna_diag *diag);

#endif
