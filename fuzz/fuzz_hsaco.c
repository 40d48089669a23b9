/* Fuzz harness: the input is a code object (include/rdna/hsaco.h). Its first byte picks the
 * kernel name ("k" or the first kernel the object lists) and the dispatch shape; the rest is the
 * ELF file. A failure needs a status and a message; a success must yield a case that loads on
 * the interpreter for its wave size. Nothing may crash, leak or hang. Aborts on a violated
 * contract. */
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
   struct rdna_hsaco_arg args[2] = {
      { RDNA_HSACO_ARG_BUFFER, "out", NULL, 64, 0 },
      { RDNA_HSACO_ARG_VALUE, NULL, NULL, 4, 7 },
   };
   struct rdna_hsaco_dispatch dispatch = { kernel,
                                           { 1 + (shape >> 1 & 1), 1, 1 },
                                           { 1 + (shape >> 2 & 63), 1 + (shape >> 7), 1 },
                                           args,
                                           2 };
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
