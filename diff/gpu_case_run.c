/* A case on the GPU from start to end (include/rdna/gpu.h, rdna_gpu_case_run): the recompiler's
 * module for this device's subgroup size, the initial state of diff/gpu_case.c, a run of
 * diff/vulkan.c, and the [expect] check. The one place the backend calls the recompiler. */
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "rdna/gpu.h"

static uint64_t now_ns(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

enum rdna_status rdna_gpu_case_run(struct rdna_gpu *gpu, const struct rdna_case *c,
                                   unsigned wave_size, const struct rdna_gpu_case_options *options,
                                   struct rdna_gpu_case_result *result, struct rdna_diag *diag)
{
   if (!result || !gpu || !c) {
      if (result)
         memset(result, 0, sizeof(*result));
      if (diag) {
         memset(diag, 0, sizeof(*diag));
         diag->status = RDNA_BAD_ARGUMENT;
         strcpy(diag->message, "no device, case or result");
      }
      return RDNA_BAD_ARGUMENT;
   }
   memset(result, 0, sizeof(*result));
   result->check.wave_size = wave_size;

   struct rdna_recomp_options recomp;
   memset(&recomp, 0, sizeof(recomp));
   recomp.wave_size = wave_size;
   recomp.relative = options ? options->relative : RDNA_RELATIVE_DEFAULT;
   recomp.cfg = options ? options->cfg : RDNA_CFG_DEFAULT;
   recomp.entries = options ? options->entries : RDNA_ENTRIES_DEFAULT;
   recomp.waves = options ? options->waves : RDNA_WAVES_SERIAL;
   recomp.step_limit = options ? options->step_limit : 0;
   enum rdna_status st = rdna_gpu_subgroup_size(gpu, wave_size, &recomp.subgroup_size, diag);
   result->subgroup_size = recomp.subgroup_size;

   struct rdna_module *module = NULL;
   if (st == RDNA_OK) {
      uint64_t start = now_ns();
      st = rdna_recomp_case(c, &recomp, &module, diag);
      result->recompile_ns = now_ns() - start;
   }
   const struct rdna_module_layout *layout = module ? rdna_module_layout(module) : NULL;
   uint8_t *memory = NULL;
   uint32_t *state = NULL;
   if (st == RDNA_OK)
      st = rdna_gpu_case_prepare(c, wave_size, layout, recomp.step_limit, &memory, &state, diag);
   if (st == RDNA_OK) {
      size_t num_words = 0;
      const uint32_t *words = rdna_module_words(module, &num_words);
      result->spirv_words = num_words;
      struct rdna_gpu_run_options run = { options ? options->timeout_ns : 0, 0 };
      st = rdna_gpu_run(gpu, words, num_words, layout, memory, state, &run, &result->run, diag);
   }
   if (st == RDNA_OK)
      st = rdna_gpu_case_check(c, wave_size, layout, &result->run, &result->check, diag);
   free(memory);
   free(state);
   rdna_module_destroy(module);
   return st;
}

void rdna_gpu_case_result_free(struct rdna_gpu_case_result *result)
{
   if (!result)
      return;
   rdna_case_result_free(&result->check);
   rdna_gpu_result_free(&result->run);
}
