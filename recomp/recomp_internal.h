/* The recompiler's entry point without the in-process validation, for the benchmark that
 * measures the recompiler's own speed (bench/bench_recomp.c). Everything else calls
 * rdna_recomp_case, which validates every module. */
#ifndef RDNA_RECOMP_INTERNAL_H
#define RDNA_RECOMP_INTERNAL_H

#include "rdna/recomp.h"

/* rdna_recomp_case with `validate` choosing whether SPIRV-Tools checks the module. */
enum rdna_status recomp_case(const struct rdna_case *c, const struct rdna_recomp_options *options,
                             bool validate, struct rdna_module **out, struct rdna_diag *diag);

#endif
