/* Compiled kernels on the Vulkan device (lavapipe here) through the recompiler: each
 * corpus/kernels/ kernel for gfx1030 in wave32 and wave64, and for gfx1013 in wave32, runs on both
 * backends; the two final states must be equal and the output must match the kernel's host-C
 * reference (test_kernels.c checks the interpreter's alone). Every kernel runs, so an
 * instruction the recompiler stops lowering, a GPU fault or a module grown past what lavapipe
 * compiles in test time fails. Skips without clang-14 or a device. */
#include <criterion/criterion.h>
#include <criterion/logging.h>
#include <criterion/parameterized.h>
#include <stdlib.h>
#include <string.h>

#include "compile.h"
#include "kernels.h"
#include "rdna/diff.h"

/* A guard against modules lavapipe would compile for minutes (bench/results/hsaco-lavapipe.md):
 * every corpus kernel is below it; the largest, int64_math in wave64 (296k words), compiles in
 * about 13 s. Lavapipe's compile time grows with the square of a module's memory instructions,
 * which is why private_array keeps its loops: unrolled (98 scratch accesses, 366k words in
 * wave32) it compiled in 282 s. */
#define MAX_TEST_WORDS 300000u

ParameterizedTestParameters(kernels, gpu)
{
   static struct kernel_build builds[KERNEL_BUILDS_MAX];
   return cr_make_param_array(struct kernel_build, builds, kernel_builds(builds));
}

ParameterizedTest(struct kernel_build *p, kernels, gpu, .timeout = 600)
{
   if (!kernel_toolchain_present())
      cr_skip_test("clang-14 or ld.lld-14 is not installed");
   struct rdna_gpu *gpu = NULL;
   struct rdna_diag diag;
   if (rdna_gpu_open(NULL, &gpu, &diag) != RDNA_OK)
      cr_skip_test("no Vulkan device: %s", diag.message);
   const struct kernel_spec *k = &kernel_specs[p->index];
   const char *cpu = p->target == RDNA_TARGET_GFX1013 ? "gfx1013" : "gfx1030";
   char log[1024];
   size_t size = 0;
   uint8_t *object = kernel_compile(k->name, p->target, p->wave, &size, log, sizeof(log));
   cr_assert_not_null(object, "%s: compile failed: %s", k->name, log);
   struct rdna_case *c = kernel_case(p->index, object, size);
   free(object);

   unsigned subgroup = 0;
   cr_assert_eq(rdna_gpu_subgroup_size(gpu, p->wave, &subgroup, &diag), RDNA_OK);
   struct rdna_recomp_options options = { .wave_size = p->wave, .subgroup_size = subgroup };
   struct rdna_module *module = NULL;
   enum rdna_status st = rdna_recomp_case(c, &options, &module, &diag);
   cr_assert_eq(st, RDNA_OK, "%s %s wave%u: %s", k->name, cpu, p->wave, diag.message);
   size_t words = 0;
   rdna_module_words(module, &words);
   rdna_module_destroy(module);
   cr_assert_leq(words, MAX_TEST_WORDS, "%s %s wave%u: %zu SPIR-V words, too large for lavapipe",
                 k->name, cpu, p->wave, words);

   struct rdna_diff_result r;
   st = rdna_diff_case(gpu, c, p->wave, NULL, &r, &diag);
   cr_assert_eq(st, RDNA_OK, "%s %s wave%u: %s", k->name, cpu, p->wave, diag.message);
   cr_assert(!r.interp.faulted, "%s: the interpreter faulted", k->name);
   cr_assert(r.equal, "%s %s wave%u: %zu divergences between the interpreter and the GPU", k->name,
             cpu, p->wave, r.total_divergences);
   uint8_t *want = calloc(1, k->out_bytes), *got = calloc(1, k->out_bytes);
   uint32_t input[KERNEL_INPUT_WORDS];
   kernel_input(input);
   k->reference(want, input, p->wave);
   struct rdna_case_region out;
   cr_assert(rdna_case_region(c, (size_t)rdna_case_find_region(c, "out"), &out));
   cr_assert_eq(rdna_machine_read_memory(r.interp.machine, out.address, got, k->out_bytes),
                RDNA_OK);
   cr_assert_arr_eq(got, want, k->out_bytes, "%s %s wave%u: output differs from the host reference",
                    k->name, cpu, p->wave);
   free(want);
   free(got);
   rdna_diff_result_free(&r);
   rdna_case_destroy(c);
   rdna_gpu_close(gpu);
}
