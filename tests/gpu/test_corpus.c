/* The case corpus on the default Vulkan device (lavapipe in CI) through the recompiler: every
 * case the interpreter passes, and that no `todo(recomp)` line marks as a known gap, passes on
 * the GPU too; and beyond [expect], both backends leave the same scalar registers, SCC, VGPR
 * lanes, buffer bytes and fault kind (they start from the same state, so a register neither
 * writes is equal on both). Tests run from the repository root (CTest sets it). */
#include <criterion/criterion.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "rdna/gpu.h"

struct case_list {
   char **paths;
   size_t count;
};

static void collect(const char *dir, struct case_list *list)
{
   DIR *d = opendir(dir);
   cr_assert_not_null(d, "cannot open %s (tests run from the repository root)", dir);
   struct dirent *entry;
   while ((entry = readdir(d)) != NULL) {
      if (entry->d_name[0] == '.')
         continue;
      char path[1024];
      snprintf(path, sizeof(path), "%s/%s", dir, entry->d_name);
      struct stat st;
      if (stat(path, &st) != 0)
         continue;
      size_t n = strlen(entry->d_name);
      if (S_ISDIR(st.st_mode)) {
         collect(path, list);
      } else if (n > 5 && strcmp(entry->d_name + n - 5, ".case") == 0) {
         list->paths = realloc(list->paths, (list->count + 1) * sizeof(char *));
         cr_assert_not_null(list->paths);
         list->paths[list->count++] = strdup(path);
      }
   }
   closedir(d);
}

static char *read_file(const char *path, size_t *size)
{
   FILE *f = fopen(path, "rb");
   cr_assert_not_null(f, "%s", path);
   fseek(f, 0, SEEK_END);
   long length = ftell(f);
   fseek(f, 0, SEEK_SET);
   char *text = malloc((size_t)length + 1);
   cr_assert_not_null(text);
   cr_assert_eq(fread(text, 1, (size_t)length, f), (size_t)length);
   fclose(f);
   *size = (size_t)length;
   return text;
}

/* Compares the GPU's final state with the interpreter's; returns the number of differences and
 * logs the first few. */
static unsigned compare_states(const char *path, const struct rdna_case *c, unsigned wave_size,
                               const struct rdna_machine *m, const struct rdna_gpu_result *run)
{
   unsigned differences = 0;
#define DIFFER(...)                 \
   do {                             \
      if (differences++ < 8)        \
         cr_log_error(__VA_ARGS__); \
   } while (0)
   for (unsigned w = 0; w < run->num_waves; w++) {
      struct rdna_gpu_wave g;
      rdna_gpu_result_wave(run, w, &g);
      for (unsigned code = 0; code < 128; code++) {
         uint32_t value = 0;
         if (code == RDNA_REG_NULL || (wave_size == 32 && code == RDNA_REG_EXEC_HI))
            continue;
         rdna_machine_read_sreg(m, w, code, &value);
         if (value != g.sregs[code])
            DIFFER("%s wave%u, wave %u: scalar register %u is 0x%x on the GPU, 0x%x in the "
                   "interpreter",
                   path, wave_size, w, code, g.sregs[code], value);
      }
      bool scc = false;
      rdna_machine_read_scc(m, w, &scc);
      if (scc != g.scc)
         DIFFER("%s wave%u, wave %u: SCC %d on the GPU, %d in the interpreter", path, wave_size, w,
                g.scc, scc);
      for (unsigned reg = 0; reg < run->vgprs; reg++)
         for (unsigned lane = 0; lane < wave_size; lane++) {
            uint32_t value = 0;
            rdna_machine_read_vgpr(m, w, reg, lane, &value);
            uint32_t gpu = g.vgprs[(size_t)reg * wave_size + lane];
            if (value != gpu)
               DIFFER("%s wave%u, wave %u: v%u lane %u is 0x%x on the GPU, 0x%x in the "
                      "interpreter",
                      path, wave_size, w, reg, lane, gpu, value);
         }
      struct rdna_fault fault;
      rdna_machine_fault(m, w, &fault);
      if (fault.kind != g.fault.kind)
         DIFFER("%s wave%u, wave %u: fault %s on the GPU, %s in the interpreter", path, wave_size,
                w, rdna_fault_kind_name(g.fault.kind), rdna_fault_kind_name(fault.kind));
   }
   (void)c;
#undef DIFFER
   return differences;
}

Test(corpus, every_case_the_interpreter_passes_passes_on_the_gpu, .timeout = 600)
{
   struct rdna_gpu *gpu = NULL;
   struct rdna_diag diag;
   enum rdna_status st = rdna_gpu_open(NULL, &gpu, &diag);
   if (st == RDNA_NO_DEVICE)
      cr_skip_test("no Vulkan device: %s", diag.message);
   cr_assert_eq(st, RDNA_OK, "%s", diag.message);

   struct case_list list = { NULL, 0 };
   collect("corpus", &list);
   cr_assert_gt(list.count, 0);
   unsigned runs = 0, failures = 0, gaps = 0;
   for (size_t i = 0; i < list.count; i++) {
      const char *path = list.paths[i];
      size_t size;
      char *text = read_file(path, &size);
      struct rdna_case *c = NULL;
      st = rdna_case_parse(text, size, path, &c, &diag);
      cr_assert_eq(st, RDNA_OK, "%s:%u: %s", path, diag.line, diag.message);
      bool todo = rdna_case_has_todo(c, "recomp");
      for (unsigned wave = 32; wave <= 64; wave *= 2) {
         if (!(rdna_case_waves(c) & (wave == 32 ? RDNA_CASE_WAVE32 : RDNA_CASE_WAVE64)))
            continue;
         struct rdna_case_result interp;
         st = rdna_case_run(c, wave, NULL, &interp, &diag);
         cr_assert_eq(st, RDNA_OK, "%s: %s", path, diag.message);
         struct rdna_gpu_case_result g;
         st = rdna_gpu_case_run(gpu, c, wave, NULL, &g, &diag);
         runs++;
         if (todo) {
            gaps++;
         } else if (interp.passed) {
            if (st != RDNA_OK) {
               cr_log_error("%s wave%u: %s: %s", path, wave, rdna_status_name(st), diag.message);
               failures++;
            } else if (!g.check.passed) {
               for (size_t f = 0; f < g.check.num_failures; f++)
                  cr_log_error("%s:%u: wave%u: %s", path, g.check.failures[f].failure.line, wave,
                               g.check.failures[f].failure.message);
               if (g.check.unexpected_fault)
                  cr_log_error("%s wave%u: unexpected fault %s at 0x%llx", path, wave,
                               rdna_fault_kind_name(g.check.fault.kind),
                               (unsigned long long)g.check.fault.pc);
               failures++;
            } else {
               failures += compare_states(path, c, wave, interp.machine, &g.run) != 0;
            }
         }
         rdna_gpu_case_result_free(&g);
         rdna_case_result_free(&interp);
      }
      rdna_case_destroy(c);
      free(text);
      free(list.paths[i]);
   }
   free(list.paths);
   rdna_gpu_close(gpu);
   cr_log_info("%u runs, %u known gaps (todo(recomp))", runs, gaps);
   cr_assert_eq(failures, 0, "%u of %u runs fail on the GPU without a todo(recomp) line", failures,
                runs);
}
