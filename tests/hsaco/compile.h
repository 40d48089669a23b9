/* Compiling corpus/kernels/ with clang-14 and ld.lld-14 at test time (compile.c). */
#ifndef RDNA_TESTS_HSACO_COMPILE_H
#define RDNA_TESTS_HSACO_COMPILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rdna/case.h"
#include "rdna/isa.h"

/* Whether clang-14, ld.lld-14, llvm-mc-14 and llvm-readelf-14 are on PATH. */
bool kernel_toolchain_present(void);

/* Compiles corpus/kernels/NAME.cl (or NAME.hip, HIP) for `target` and `wave` (32 or 64) and
 * links it as ld.lld -shared does for ROCm; returns the code object's bytes (free()) or NULL, with
 * the compiler's output in `log`. */
uint8_t *kernel_compile(const char *name, enum rdna_target target, unsigned wave, size_t *size,
                        char *log, size_t log_size);
/* The same with more clang flags (e.g. "-mcode-object-version=3"). */
uint8_t *kernel_compile_flags(const char *name, enum rdna_target target, unsigned wave,
                              const char *flags, size_t *size, char *log, size_t log_size);

/* Runs shell `script` in a fresh temporary folder (its working directory, $ROOT the source
 * tree) after writing `input` (input_size bytes, when not NULL) there as file "input"; returns
 * the bytes of the file `result` it leaves, NUL-terminated (free()), or NULL with the script's
 * output in `log`. */
uint8_t *kernel_script(const char *script, const void *input, size_t input_size, const char *result,
                       size_t *size, char *log, size_t log_size);

/* Builds the case of kernel `index` of kernel_specs from `object`, with the output buffer
 * "out" (zeros) and the input buffer "in" (kernel_input()). */
struct rdna_case *kernel_case(size_t index, const uint8_t *object, size_t size);

#endif
