/* Fuzz harness: the input is a code object (include/rdna/hsaco.h). Its first byte picks the
 * kernel name ("k" or the first kernel the object lists) and the dispatch shape; the rest is the
 * ELF file. Its metadata note, when it reads, gives the kernel arguments. A failure needs a
 * status and a message; a success must yield a case that loads on the interpreter for its wave
 * size. Nothing may crash, leak or hang. Aborts on a violated
 * contract. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rdna/hsaco.h"
#include "rdna/run.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(const char *what, const char *detail)
{
   fprintf(stderr, "fuzz_hsaco: %s: %s\n", what, detail ? detail : "");
   abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   if (size < 1)
      return 0;
   unsigned shape = data[0];
   data++, size--;
   char names[256];
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   enum rdna_status st = rdna_hsaco_kernels(data, size, names, sizeof(names), &diag);
   if (st != RDNA_OK && diag.message[0] == '\0')
      fail("no message for a failed listing", rdna_status_name(st));
   char kernel[256] = "k";
   if (st == RDNA_OK && names[0] && (shape & 1)) {
      snprintf(kernel, sizeof(kernel), "%s", names);
      char *space = strchr(kernel, ' ');
      if (space)
         *space = '\0';
   }
   /* The metadata note, when it reads, gives the arguments: a buffer per pointer and a value
    * of the right size per by-value argument; otherwise (out buffer, u32 7). */
   static struct rdna_hsaco_kernel_info info;
   static struct rdna_hsaco_arg args[RDNA_HSACO_MAX_ARGS];
   size_t num_args = 0;
   memset(&diag, 0, sizeof(diag));
   st = rdna_hsaco_kernel_info(data, size, kernel, &info, &diag);
   if (st != RDNA_OK && (diag.message[0] == '\0' || diag.status != st))
      fail("no message or another status for a failed metadata read", rdna_status_name(st));
   if (st == RDNA_OK && info.num_explicit_args <= RDNA_HSACO_MAX_ARGS) {
      for (size_t i = 0; i < info.num_args; i++) {
         const struct rdna_hsaco_kernel_arg *m = &info.args[i];
         if (m->hidden)
            continue;
         struct rdna_hsaco_arg *a = &args[num_args++];
         memset(a, 0, sizeof(*a));
         bool value = m->kind == RDNA_HSACO_KIND_BY_VALUE &&
                      (m->size == 1 || m->size == 2 || m->size == 4 || m->size == 8);
         a->kind = value ? RDNA_HSACO_ARG_VALUE : RDNA_HSACO_ARG_BUFFER;
         a->size = value ? m->size : 64;
         a->value = 7;
      }
   } else {
      args[0] = (struct rdna_hsaco_arg){ RDNA_HSACO_ARG_BUFFER, "out", NULL, 64, 0 };
      args[1] = (struct rdna_hsaco_arg){ RDNA_HSACO_ARG_VALUE, NULL, NULL, 4, 7 };
      num_args = 2;
   }
   struct rdna_hsaco_dispatch dispatch = { kernel,
                                           { 1 + (shape >> 1 & 1), 1, 1 },
                                           { 1 + (shape >> 2 & 63), 1 + (shape >> 7), 1 },
                                           args,
                                           num_args };
   struct rdna_case *c = NULL;
   memset(&diag, 0, sizeof(diag));
   st = rdna_hsaco_case(data, size, &dispatch, &c, &diag);
   if (st != RDNA_OK) {
      if (c)
         fail("a case despite an error", rdna_status_name(st));
      if (diag.message[0] == '\0' || diag.status != st)
         fail("no message or another status in the diagnostic", rdna_status_name(st));
      return 0;
   }
   unsigned wave = rdna_case_waves(c) & RDNA_CASE_WAVE64 ? 64 : 32;
   struct rdna_machine *m = NULL;
   st = rdna_case_load(c, wave, NULL, &m, &diag);
   if (st != RDNA_OK && st != RDNA_NO_MEMORY)
      fail("a built case that does not load", diag.message);
   rdna_machine_destroy(m);
   rdna_case_destroy(c);
   return 0;
}
