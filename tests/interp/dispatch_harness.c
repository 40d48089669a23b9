/* Test helpers for whole dispatches (see dispatch_harness.h). */
#include <criterion/criterion.h>
#include <string.h>

#include "dispatch_harness.h"
#include "harness.h"

struct rdna_machine *harness_dispatch(const struct rdna_machine_config *config, const char *source)
{
   struct rdna_isa_config isa = { config->target, config->wave_size };
   struct rdna_code *code = NULL;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   enum rdna_status st = rdna_assemble(&isa, source, strlen(source), "test", &code, &diag);
   cr_assert_eq(st, RDNA_OK, "assembly failed at %u:%u: %s", diag.line, diag.column, diag.message);
   size_t num_words = 0;
   const uint32_t *words = rdna_code_words(code, &num_words);
   struct rdna_machine *m = NULL;
   st = rdna_machine_create(config, &m, &diag);
   cr_assert_eq(st, RDNA_OK, "create failed: %s", diag.message);
   st = rdna_machine_add_region(m, "main", HARNESS_CODE, num_words * 4 + 64, words, num_words * 4,
                                true, NULL, &diag);
   cr_assert_eq(st, RDNA_OK, "add_region failed: %s", diag.message);
   rdna_code_destroy(code);
   return m;
}

uint32_t harness_wave_vgpr(const struct rdna_machine *m, unsigned wave, unsigned vgpr,
                           unsigned lane)
{
   uint32_t v = 0;
   cr_assert_eq(rdna_machine_read_vgpr(m, wave, vgpr, lane, &v), RDNA_OK);
   return v;
}

uint32_t harness_lds32(const struct rdna_machine *m, unsigned group, uint32_t offset)
{
   uint32_t v = 0;
   cr_assert_eq(rdna_machine_read_lds(m, group, offset, &v, 4), RDNA_OK, "LDS 0x%x", offset);
   return v;
}

void harness_no_fault_any(const struct rdna_machine *m)
{
   struct rdna_fault fault;
   bool faulted = rdna_machine_fault(m, RDNA_ALL_WAVES, &fault);
   cr_assert_not(faulted, "wave %u faulted: %s at 0x%llx: %s", fault.wave,
                 rdna_fault_kind_name(fault.kind), (unsigned long long)fault.pc, fault.message);
}
