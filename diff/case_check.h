/* Collecting [expect] failures wave by wave into a struct rdna_case_result, shared by the
 * interpreter's check (diff/case_load.c, rdna_case_check_machine) and the GPU's
 * (diff/gpu_case.c, rdna_gpu_case_check): each failed line is kept once, with the first wave
 * where it fails. */
#ifndef RDNA_DIFF_CASE_CHECK_H
#define RDNA_DIFF_CASE_CHECK_H

#include <stdbool.h>
#include <stddef.h>

#include "rdna/run.h"

struct case_collector {
   struct rdna_case_result *result;
   unsigned wave;
   size_t first_of_wave; /* failures before this index come from earlier waves */
   bool out_of_memory;
};

/* The `report` callback of rdna_case_check; `user` is a struct case_collector. */
void case_collect_failure(void *user, const struct rdna_case_failure *failure);

#endif
