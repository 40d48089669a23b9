/* AMDHSA code objects (ELF files clang and ld.lld make for amdgcn-amd-amdhsa, gfx1030 and
 * gfx1013) turned into a case (include/rdna/case.h) that every backend runs unchanged: the loaded
 * segments, a kernarg segment, an hsa_kernel_dispatch_packet, the private segment, and each wave's
 * initial registers as the kernel descriptor asks for them (LLVM AMDGPUUsage, "Kernel Descriptor"
 * and "Initial Kernel Execution State"). The ELF side is diff/hsaco.c, the ABI side
 * diff/hsaco_abi.c; the layout they produce is documented in README.md ("Compiled kernels"). */
#ifndef RDNA_HSACO_H
#define RDNA_HSACO_H

#include <stddef.h>
#include <stdint.h>

#include "rdna/case.h"
#include "rdna/status.h"

/* Bounds that keep a hostile object cheap (fuzzing): exceeding one is an error. */
#define RDNA_HSACO_MAX_OBJECT (64u << 20) /* bytes of code object */
#define RDNA_HSACO_MAX_ARGS 64            /* explicit kernel arguments */
#define RDNA_HSACO_MAX_KERNARG (1u << 20) /* bytes of kernel argument segment */
#define RDNA_HSACO_DYNAMIC_STACK_BYTES \
   1024u /* per lane, added when the kernel's stack is dynamic */

/* Where the code object's first segment lands: every PT_LOAD segment sits at this base plus its
 * p_vaddr (an ld.lld -shared object starts at 0; the base keeps guest address 0 unmapped). */
#define RDNA_HSACO_LOAD_BASE 0x1000000u

enum rdna_hsaco_arg_kind {
   RDNA_HSACO_ARG_BUFFER, /* a global buffer region; the argument is its 64-bit address */
   RDNA_HSACO_ARG_VALUE,  /* a by-value argument of 1, 2, 4 or 8 bytes */
};

/* One explicit kernel argument, in the kernel's parameter order. Arguments are laid out in the
 * kernarg segment at their natural alignment (the size of the value, 8 for a buffer), as clang
 * lays out OpenCL C and HIP parameters. */
struct rdna_hsaco_arg {
   enum rdna_hsaco_arg_kind kind;
   const char *name;     /* BUFFER: the region's name; NULL: "argN" with N the argument index */
   const uint8_t *bytes; /* BUFFER: `size` initial bytes, or NULL for zeros */
   uint64_t size;        /* BUFFER: bytes (1..RDNA_CASE_MAX_BUFFER_BYTES); VALUE: 1, 2, 4, 8 */
   uint64_t value;       /* VALUE: the bits, little-endian */
};

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
 * segment) and one buffer per buffer argument. Errors, with `diag` filled when given: IO for
 * bytes that are no ELF file or are truncated, NOT_ON_TARGET for another machine or GPU,
 * UNDEFINED_LABEL for a kernel the object lacks (the message names the kernels it has),
 * INVALID_ENCODING for a descriptor the hardware would reject, UNSUPPORTED for a relocation or a
 * descriptor feature this loader does not implement, OUT_OF_RANGE for a dispatch or argument past
 * the case limits, BAD_ARGUMENT, NO_MEMORY. Never aborts or prints. */
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
