/* Running generated case text on the default Vulkan device (lavapipe in CI) for the recompiler's
 * semantic tests: the tests build a program and its inputs, compute the expected results on the
 * host in their own C, and compare with the final wave state the module wrote back. Tests skip
 * when there is no Vulkan device. */
#ifndef RDNA_TESTS_RECOMP_GPU_HARNESS_H
#define RDNA_TESTS_RECOMP_GPU_HARNESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rdna/gpu.h"

struct gpu_run {
   struct rdna_case *c;
   struct rdna_gpu_case_result result;
   struct rdna_gpu_wave wave; /* wave 0 */
   unsigned wave_size;
};

/* A growing text buffer for case files. */
struct text {
   char *data;
   size_t len, cap;
};

void text_add(struct text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* "vN = a, b, ...": one value per lane. */
void text_add_lanes(struct text *t, unsigned reg, const uint32_t *values, unsigned wave_size);
void text_free(struct text *t);

/* Opens the device once per process; skips the test when there is none. */
struct rdna_gpu *harness_gpu(void);
/* Parses `text` and runs it on the GPU for `wave_size`; asserts that it ran. */
void harness_run(const char *text, unsigned wave_size, enum rdna_relative_lowering relative,
                 struct gpu_run *run);
void harness_free(struct gpu_run *run);
/* Parses `t` and runs it through the differential driver (the interpreter against the device)
 * for `wave_size`: asserts that both ran, logs the first divergences and expects none. `label`
 * names the run in the messages. */
void harness_diff(const struct text *t, unsigned wave_size, const char *label);
uint32_t run_vgpr(const struct gpu_run *run, unsigned reg, unsigned lane);

/* A deterministic pseudo-random sequence with edge values (0, 1, -1, INT_MIN, INT_MAX, ...) mixed
 * in, for test inputs. */
uint32_t test_value(uint32_t *state);

#endif
