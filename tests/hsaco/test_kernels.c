/* Compiled kernels on the reference interpreter: every corpus/kernels/ kernel, compiled by
 * clang-14 for gfx1030 in wave32 and wave64 (and gfx1013 in wave32), loaded from its code object,
 * run, and its output buffer compared byte for byte with the host reference (kernels.c). Skips
 * when clang-14 or ld.lld-14 is missing. */
#include <criterion/criterion.h>
#include <criterion/parameterized.h>
#include <stdlib.h>
#include <string.h>

#include "compile.h"
#include "kernels.h"
#include "rdna/run.h"

ParameterizedTestParameters(kernels, interpreter)
{
   static struct kernel_build builds[KERNEL_BUILDS_MAX];
   return cr_make_param_array(struct kernel_build, builds, kernel_builds(builds));
}

ParameterizedTest(struct kernel_build *p, kernels, interpreter)
{
   if (!kernel_toolchain_present())
      cr_skip_test("clang-14 or ld.lld-14 is not installed");
   const struct kernel_spec *k = &kernel_specs[p->index];
   char log[1024];
   size_t size = 0;
   uint8_t *object = kernel_compile(k->name, p->target, p->wave, &size, log, sizeof(log));
   cr_assert_not_null(object, "%s: compile failed: %s", k->name, log);
   struct rdna_case *c = kernel_case(p->index, object, size);
   free(object);
   cr_assert_eq(rdna_case_waves(c), p->wave == 64 ? RDNA_CASE_WAVE64 : RDNA_CASE_WAVE32);
   cr_assert_eq(rdna_case_target(c), p->target);

   struct rdna_case_result result;
   struct rdna_diag diag;
   enum rdna_status st = rdna_case_run(c, p->wave, NULL, &result, &diag);
   cr_assert_eq(st, RDNA_OK, "%s: %s", k->name, diag.message);
   cr_assert(!result.faulted, "%s wave%u: fault %s at 0x%llx: %s", k->name, p->wave,
             rdna_fault_kind_name(result.fault.kind), (unsigned long long)result.fault.pc,
             result.fault.message);

   struct rdna_case_region out;
   cr_assert(rdna_case_region(c, (size_t)rdna_case_find_region(c, "out"), &out));
   uint8_t *got = calloc(1, k->out_bytes), *want = calloc(1, k->out_bytes);
   uint32_t input[KERNEL_INPUT_WORDS];
   kernel_input(input);
   k->reference(want, input, p->wave);
   cr_assert_eq(rdna_machine_read_memory(result.machine, out.address, got, k->out_bytes), RDNA_OK);
   for (size_t b = 0; b < k->out_bytes; b += 4) {
      uint32_t g, w;
      memcpy(&g, got + b, 4);
      memcpy(&w, want + b, 4);
      cr_assert_eq(g, w, "%s (%s wave%u): out word %zu is 0x%08x, the host computes 0x%08x",
                   k->name, p->target == RDNA_TARGET_GFX1013 ? "gfx1013" : "gfx1030", p->wave,
                   b / 4, g, w);
   }
   free(got);
   free(want);
   rdna_case_result_free(&result);
   rdna_case_destroy(c);
}
