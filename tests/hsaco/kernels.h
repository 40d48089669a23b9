/* The corpus/kernels/ OpenCL C and HIP kernels the hsaco tests compile and run, each with its
 * dispatch and a host-C reference of its output buffer (kernels.c), computed independently of both
 * backends. Every kernel takes (global out, global const uint *in) with in[] = kernel_input(). */
#ifndef RDNA_TESTS_HSACO_KERNELS_H
#define RDNA_TESTS_HSACO_KERNELS_H

#include <stddef.h>
#include <stdint.h>

#include "rdna/isa.h"

#define KERNEL_INPUT_WORDS 256u

struct kernel_spec {
   const char *name;
   unsigned grid[3], block[3];
   size_t out_bytes;
   /* Fills out (out_bytes, zeroed first) for input `in` and wave size `wave`. */
   void (*reference)(void *out, const uint32_t *in, unsigned wave);
};

extern const struct kernel_spec kernel_specs[];
extern const size_t kernel_spec_count;

/* The deterministic input every kernel reads: KERNEL_INPUT_WORDS words. */
void kernel_input(uint32_t *in);

/* One build of a kernel the tests run: gfx1030 in wave32 and wave64, gfx1013 in wave32. */
struct kernel_build {
   size_t index; /* into kernel_specs */
   unsigned wave;
   enum rdna_target target;
};
#define KERNEL_BUILDS_MAX (3 * 64)
/* Fills builds[] (KERNEL_BUILDS_MAX entries) with every kernel's builds; returns their count. */
size_t kernel_builds(struct kernel_build *builds);

#endif
