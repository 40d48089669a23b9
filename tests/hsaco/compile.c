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
   return system("command -v clang-14 >/dev/null 2>&1 && command -v ld.lld-14 >/dev/null 2>&1 && "
                 "command -v llvm-mc-14 >/dev/null 2>&1 && "
                 "command -v llvm-readelf-14 >/dev/null 2>&1") == 0;
}

static uint8_t *read_whole(const char *path, size_t *size)
{
   FILE *f = fopen(path, "rb");
   if (!f)
      return NULL;
   fseek(f, 0, SEEK_END);
   long length = ftell(f);
   fseek(f, 0, SEEK_SET);
   uint8_t *data = length >= 0 ? malloc((size_t)length + 1) : NULL;
   if (data && fread(data, 1, (size_t)length, f) == (size_t)length) {
      data[length] = '\0';
      *size = (size_t)length;
   } else {
      free(data);
      data = NULL;
   }
   fclose(f);
   return data;
}

uint8_t *kernel_script(const char *script, const void *input, size_t input_size, const char *result,
                       size_t *size, char *log, size_t log_size)
{
   char dir[] = "/tmp/rdna_hsaco_XXXXXX";
   log[0] = '\0';
   if (!mkdtemp(dir)) {
      snprintf(log, log_size, "mkdtemp failed");
      return NULL;
   }
   char path[256];
   if (input) {
      snprintf(path, sizeof(path), "%s/input", dir);
      FILE *f = fopen(path, "wb");
      if (f) {
         fwrite(input, 1, input_size, f);
         fclose(f);
      }
   }
   const char *root = getenv("RDNA_SOURCE_DIR");
   size_t length = strlen(script) + 512;
   char *command = malloc(length);
   uint8_t *bytes = NULL;
   if (command) {
      snprintf(command, length, "cd '%s' && export ROOT='%s' && (%s\n) >log 2>&1", dir,
               root ? root : ".", script);
      int status = system(command);
      snprintf(path, sizeof(path), "%s/%s", dir, status == 0 ? result : "log");
      size_t got = 0;
      uint8_t *data = read_whole(path, &got);
      if (status == 0 && data) {
         bytes = data;
         *size = got;
      } else {
         snprintf(log, log_size, "%s", data ? (const char *)data : "no output");
         free(data);
      }
      snprintf(command, length, "rm -rf '%s'", dir);
      if (system(command) != 0)
         snprintf(log, log_size, "cannot remove %s", dir);
      free(command);
   }
   return bytes;
}

uint8_t *kernel_compile_flags(const char *name, enum rdna_target target, unsigned wave,
                              const char *flags, size_t *size, char *log, size_t log_size)
{
   const char *root = getenv("RDNA_SOURCE_DIR");
   char path[512];
   snprintf(path, sizeof(path), "%s/corpus/kernels/%s.hip", root ? root : ".", name);
   char script[1024];
   /* HIP: clang links the device code itself when asked for no offload bundle. */
   if (access(path, R_OK) == 0)
      snprintf(script, sizeof(script),
               "clang-14 -x hip --cuda-device-only -nogpulib -nogpuinc --offload-arch=%s%s -O2 "
               "--no-gpu-bundle-output %s -include \"$ROOT/corpus/kernels/rdna_hip.h\" "
               "-c \"$ROOT/corpus/kernels/%s.hip\" -o k.hsaco",
               target == RDNA_TARGET_GFX1013 ? "gfx1013" : "gfx1030",
               wave == 64 ? " -mwavefrontsize64" : "", flags, name);
   else
      snprintf(
         script, sizeof(script),
         "clang-14 -x cl -cl-std=CL1.2 -target amdgcn-amd-amdhsa -mcpu=%s%s -nogpulib -O2 "
         "-cl-fp32-correctly-rounded-divide-sqrt -cl-kernel-arg-info %s "
         "-include \"$ROOT/corpus/kernels/rdna_cl.h\" -c \"$ROOT/corpus/kernels/%s.cl\" -o k.o "
         "&& ld.lld-14 -shared k.o -o k.hsaco",
         target == RDNA_TARGET_GFX1013 ? "gfx1013" : "gfx1030",
         wave == 64 ? " -mwavefrontsize64" : "", flags, name);
   return kernel_script(script, NULL, 0, "k.hsaco", size, log, log_size);
}

uint8_t *kernel_compile(const char *name, enum rdna_target target, unsigned wave, size_t *size,
                        char *log, size_t log_size)
{
   return kernel_compile_flags(name, target, wave, "", size, log, log_size);
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
