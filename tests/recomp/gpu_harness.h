/* Running generated case text on the default Vulkan device (lavapipe in CI) for the recompiler's
 * semantic tests: the tests build a program and its inputs, compute the expected results on the
 * host in their own C, and compare with the final wave state the module wrote back. Tests skip
 * when there is no Vulkan device. Also the helpers every test of the folder shares: case
 * parsing, input sequences, float bit casts. */
#ifndef RDNA_TESTS_RECOMP_GPU_HARNESS_H
#define RDNA_TESTS_RECOMP_GPU_HARNESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rdna/diff.h"
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
/* "[require]" for `wave_size` and a "[program]" that starts by setting MODE[9:0] (FP_ROUND,
 * FP_DENORM, DX10_CLAMP, IEEE) to `mode`. */
void text_add_mode_program(struct text *t, unsigned wave_size, unsigned mode);

/* Parses `text` as a case named "generated"; fails the test when it does not parse.
 * rdna_case_destroy() the result. */
struct rdna_case *harness_parse(const char *text);

/* Opens the device once per process; skips the test when there is none. */
struct rdna_gpu *harness_gpu(void);
/* Parses `text` and runs it on the GPU for `wave_size` with `options` (a zero timeout_ns gets
 * the harness's generous one); asserts that it ran. */
void harness_run_options(const char *text, unsigned wave_size,
                         const struct rdna_gpu_case_options *options, struct gpu_run *run);
/* harness_run_options with only the relative-addressing lowering chosen. */
void harness_run(const char *text, unsigned wave_size, enum rdna_relative_lowering relative,
                 struct gpu_run *run);
void harness_free(struct gpu_run *run);
/* Expects the case's [expect] section to hold, logging each failed line and the fault. */
void harness_expect_pass(const struct gpu_run *run);
/* harness_run (default lowering), harness_expect_pass and harness_free in one. */
void harness_run_expect_pass(const struct text *t, unsigned wave_size);
/* Parses `text` and runs it through the differential driver (the interpreter against the device)
 * for `wave_size` with `options` (a zero timeout_ns gets the harness's): asserts that both ran,
 * logs the first divergences and expects none. `label` names the run in the messages. */
void harness_diff_options(const char *text, unsigned wave_size,
                          const struct rdna_diff_options *options, const char *label);
/* harness_diff_options with the default options. */
void harness_diff(const struct text *t, unsigned wave_size, const char *label);
/* harness_diff labelled with the wave size, MODE and EXEC of the run. */
void harness_diff_mode(const struct text *t, unsigned wave_size, unsigned mode, uint64_t exec);
uint32_t run_vgpr(const struct gpu_run *run, unsigned reg, unsigned lane);
/* The lane mask a VOPC or carry-out wrote to s`s` (wave32) or s[`s`:`s`+1] (wave64). */
uint64_t run_lane_mask(const struct gpu_run *run, unsigned s);
/* The assembler text of that mask register, in `buf`. */
const char *lane_mask_reg(char *buf, size_t size, unsigned wave_size, unsigned s);

/* A deterministic pseudo-random sequence with edge values (0, 1, -1, INT_MIN, INT_MAX, ...) mixed
 * in, for test inputs. */
uint32_t test_value(uint32_t *state);
/* The next value of a plain pseudo-random sequence (a Numerical Recipes LCG step, its high bits
 * folded into the low ones). */
uint32_t test_random(uint32_t *state);

/* An EXEC with lanes off in every group of eight, for the float tests. */
uint64_t mixed_exec(unsigned wave_size);

/* Bit casts between floats and their IEEE encodings. */
float f32_from_bits(uint32_t bits);
uint32_t f32_to_bits(float f);
double f64_from_bits(uint64_t bits);
uint64_t f64_to_bits(double d);
bool f32_is_nan(uint32_t bits);
bool f32_is_denorm(uint32_t bits);

#endif
