/* Internals of the code-object loader (include/rdna/hsaco.h): the ELF side (hsaco.c) reads the
 * object into loaded segments and one kernel's descriptor; the ABI side (hsaco_abi.c) turns them
 * into a case. */
#ifndef RDNA_DIFF_HSACO_INTERNAL_H
#define RDNA_DIFF_HSACO_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "rdna/hsaco.h"

/* One PT_LOAD segment, relocated, at base + p_vaddr. */
struct hsaco_segment {
   uint64_t address; /* guest address */
   uint64_t size;    /* p_memsz: bytes past p_filesz are zero */
   bool executable;  /* PF_X: the code */
   uint8_t *bytes;   /* `size` bytes, owned */
};

/* The 64-byte kernel descriptor (AMDGPUUsage, "Kernel Descriptor", code object V3 and later). */
struct hsaco_descriptor {
   uint32_t group_segment_fixed_size;
   uint32_t private_segment_fixed_size;
   uint32_t kernarg_size;
   int64_t kernel_code_entry_byte_offset; /* from the descriptor's own address */
   uint32_t compute_pgm_rsrc3;
   uint32_t compute_pgm_rsrc1;
   uint32_t compute_pgm_rsrc2;
   uint16_t kernel_code_properties;
};

struct hsaco_image {
   enum rdna_target target;
   struct hsaco_segment *segments;
   size_t num_segments;
   uint64_t descriptor_address; /* guest address of NAME.kd */
   uint64_t entry;              /* guest address of the kernel's first instruction */
   struct hsaco_descriptor descriptor;
   struct rdna_hsaco_kernel_info *info; /* the kernel's metadata; NULL: the object has no note */
};

/* Reads `object`, loads its segments at `base` + p_vaddr, applies its dynamic relocations and
 * finds kernel `kernel`'s descriptor (kernel NULL: only lists, see hsaco_list_kernels). Errors as
 * rdna_hsaco_case's; *image is zeroed first and freed on failure. */
enum rdna_status hsaco_load(const void *object, size_t size, const char *kernel, uint64_t base,
                            struct hsaco_image *image, struct rdna_diag *diag);
void hsaco_image_free(struct hsaco_image *image);

/* Adds kernel `kernel` of `object` to case `c`, which a case file's [program] section naming the
 * object produced (diff/case_parse.c): region `entry_region` becomes the kernel's entry, the
 * other segments and the ABI's regions are placed above every region of the case, and the ABI's
 * registers are appended to [init]. The dispatch is the case's `workgroup` and `grid`; `args`
 * (by-value, already evaluated) fill the kernarg segment. */
struct rdna_case;
enum rdna_status hsaco_case_apply(struct rdna_case *c, size_t entry_region, const void *object,
                                  size_t size, const char *kernel,
                                  const struct rdna_hsaco_arg *args, size_t num_args,
                                  struct rdna_diag *diag);

/* Reads kernel `kernel`'s entry of the metadata note's description (`size` bytes of MessagePack
 * at file offset `file_offset`) into *info (diff/hsaco_metadata.c). Errors as
 * rdna_hsaco_kernel_info's. */
enum rdna_status hsaco_metadata_parse(const uint8_t *bytes, size_t size, size_t file_offset,
                                      const char *kernel, struct rdna_hsaco_kernel_info *info,
                                      struct rdna_diag *diag);

/* Fills diag (when given) with status and a printf message; returns status. */
enum rdna_status hsaco_fail(struct rdna_diag *diag, enum rdna_status status, const char *fmt, ...)
   __attribute__((format(printf, 3, 4)));

#endif
