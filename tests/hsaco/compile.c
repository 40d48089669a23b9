/* Compiling corpus/kernels/ at test time (compile.h): clang-14 -target amdgcn-amd-amdhsa
 * -nogpulib with the corpus's rdna_cl.h, then ld.lld-14 -shared, in a fresh temporary folder. */
#include "compile.h"

#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kernels.h"
#include "rdna/hsaco.h"

bool kernel_toolchain_present(void)
{
   return system("command -v clang-14 >/dev/null 2>&1 && command -v ld.lld-14 >/dev/null 2>&1") ==
          0;
}

uint8_t *kernel_compile(const char *name, enum rdna_target target, unsigned wave, size_t *size,
                        char *log, size_t log_size)
{
   const char *root = getenv("RDNA_SOURCE_DIR");
   char dir[] = "/tmp/rdna_hsaco_XXXXXX";
   log[0] = '\0';
   if (!mkdtemp(dir)) {
      snprintf(log, log_size, "mkdtemp failed");
      return NULL;
   }
   char command[2048];
   snprintf(command, sizeof(command),
            "clang-14 -x cl -cl-std=CL1.2 -target amdgcn-amd-amdhsa -mcpu=%s%s -nogpulib -O2 "
            "-cl-fp32-correctly-rounded-divide-sqrt -include '%s/corpus/kernels/rdna_cl.h' "
            "-c '%s/corpus/kernels/%s.cl' -o %s/k.o >%s/log 2>&1 && "
            "ld.lld-14 -shared %s/k.o -o %s/k.hsaco >>%s/log 2>&1",
            target == RDNA_TARGET_GFX1013 ? "gfx1013" : "gfx1030",
            wave == 64 ? " -mwavefrontsize64" : "", root ? root : ".", root ? root : ".", name, dir,
            dir, dir, dir, dir);
   int status = system(command);
   char path[256];
   uint8_t *bytes = NULL;
   snprintf(path, sizeof(path), "%s/%s", dir, status == 0 ? "k.hsaco" : "log");
   FILE *f = fopen(path, "rb");
   if (f) {
      fseek(f, 0, SEEK_END);
      long length = ftell(f);
      fseek(f, 0, SEEK_SET);
      uint8_t *data = malloc((size_t)length + 1);
      if (data && fread(data, 1, (size_t)length, f) == (size_t)length) {
         if (status == 0) {
            bytes = data;
            *size = (size_t)length;
            data = NULL;
         } else {
            snprintf(log, log_size, "%.*s", (int)length, (const char *)data);
         }
      }
      free(data);
      fclose(f);
   }
   snprintf(command, sizeof(command), "rm -rf %s", dir);
   if (system(command) != 0)
      snprintf(log, log_size, "cannot remove %s", dir);
   return bytes;
}

struct rdna_case *kernel_case(size_t index, const uint8_t *object, size_t size)
{
   const struct kernel_spec *k = &kernel_specs[index];
   static uint32_t input[KERNEL_INPUT_WORDS];
   kernel_input(input);
   struct rdna_hsaco_arg args[2] = {
      { RDNA_HSACO_ARG_BUFFER, "out", NULL, k->out_bytes, 0 },
      { RDNA_HSACO_ARG_BUFFER, "in", (const uint8_t *)input, sizeof(input), 0 },
   };
   struct rdna_hsaco_dispatch dispatch = { k->name, { 0 }, { 0 }, args, 2 };
   memcpy(dispatch.grid, k->grid, sizeof(dispatch.grid));
   memcpy(dispatch.block, k->block, sizeof(dispatch.block));
   struct rdna_case *c = NULL;
   struct rdna_diag diag;
   enum rdna_status st = rdna_hsaco_case(object, size, &dispatch, &c, &diag);
   cr_assert_eq(st, RDNA_OK, "%s: %s", k->name, diag.message);
   return c;
}
