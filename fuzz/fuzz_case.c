/* Fuzz harness: the input is a case file (include/rdna/case.h). A failure needs a status, a
 * message and a line; a success is exercised: region bytes for each wave size, every initial
 * scalar register, a sample of VGPR lanes, and the [expect] check against an all-zero state.
 * Nothing may crash, leak or hang. Aborts on a violated contract. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rdna/case.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(const char *what, const char *detail)
{
   fprintf(stderr, "fuzz_case: %s: %s\n", what, detail ? detail : "");
   abort();
}

static uint32_t zero_sreg(void *user, unsigned code)
{
   (void)user;
   return code == 126 ? 0xffffffffu : 0;
}

static uint32_t zero_vgpr(void *user, unsigned reg, unsigned lane)
{
   (void)user;
   return reg ^ lane;
}

static bool zero_memory(void *user, uint64_t address, void *bytes, size_t size)
{
   (void)user;
   memset(bytes, 0, size);
   return (address & 0xfff) != 0x123;
}

static const char *no_fault(void *user, uint64_t *pc)
{
   (void)user;
   *pc = 0;
   return "none";
}

static void count_report(void *user, const struct rdna_case_failure *failure)
{
   if (failure->line == 0 || failure->message[0] == '\0')
      fail("a failed expectation without a line or message", failure->message);
   (*(unsigned *)user)++;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   if (size > 1 << 15)
      return 0;
   struct rdna_case *c = NULL;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   enum rdna_status st = rdna_case_parse((const char *)data, size, "fuzz", &c, &diag);
   if (st != RDNA_OK) {
      if (c)
         fail("rdna_case_parse failed but set its output", diag.message);
      if (diag.status != st || diag.message[0] == '\0')
         fail("a parse error without its status or message", diag.message);
      if (st != RDNA_NO_MEMORY && diag.line == 0)
         fail("a parse error without a line", diag.message);
      return 0;
   }
   if (!c)
      fail("rdna_case_parse succeeded without output", NULL);
   for (unsigned wave = 32; wave <= 64; wave += 32) {
      if (!(rdna_case_waves(c) & (wave == 32 ? RDNA_CASE_WAVE32 : RDNA_CASE_WAVE64)))
         continue;
      for (size_t r = 0; r < rdna_case_region_count(c); r++) {
         size_t bytes = 0;
         struct rdna_case_region region;
         if (!rdna_case_region(c, r, &region))
            fail("a region index below the count is refused", NULL);
         const uint8_t *b = rdna_case_region_bytes(c, r, wave, &bytes);
         if (bytes > region.size || (bytes && !b))
            fail("region bytes larger than the region", region.name);
         if (bytes)
            (void)b[bytes - 1];
      }
      uint32_t value;
      for (unsigned code = 0; code < 128; code++)
         rdna_case_init_sreg(c, wave, code, &value, &diag);
      rdna_case_init_sreg(c, wave, 253, &value, &diag);
      for (unsigned reg = 0; reg < rdna_case_vgprs(c); reg += 7)
         for (unsigned lane = 0; lane < wave; lane += 13)
            rdna_case_init_vgpr(c, wave, reg, lane, &value, &diag);
      struct rdna_case_state state = { NULL, zero_sreg, zero_vgpr, zero_memory, no_fault, 0 };
      unsigned reported = 0, failures = 0;
      rdna_case_check(c, wave, &state, count_report, &reported, &failures);
      if (reported != failures)
         fail("the failure count differs from the reports", NULL);
   }
   rdna_case_destroy(c);
   return 0;
}
