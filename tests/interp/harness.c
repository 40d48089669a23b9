/* Test helpers for the interpreter (see harness.h). */
#include <criterion/criterion.h>
#include <string.h>

#include "harness.h"

struct rdna_machine *harness_machine(enum rdna_target target, unsigned wave_size, unsigned vgprs,
                                     const char *source)
{
   struct rdna_isa_config isa = { target, wave_size };
   struct rdna_code *code = NULL;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   enum rdna_status st = rdna_assemble(&isa, source, strlen(source), "test", &code, &diag);
   cr_assert_eq(st, RDNA_OK, "assembly failed at %u:%u: %s", diag.line, diag.column, diag.message);
   size_t num_words = 0;
   const uint32_t *words = rdna_code_words(code, &num_words);
   struct rdna_machine_config config = { .target = target, .wave_size = wave_size, .vgprs = vgprs };
   struct rdna_machine *m = NULL;
   st = rdna_machine_create(&config, &m, &diag);
   cr_assert_eq(st, RDNA_OK, "create failed: %s", diag.message);
   /* A little room after the code so fall-through past the last word is a decode, not a gap. */
   st = rdna_machine_add_region(m, "main", HARNESS_CODE, num_words * 4 + 64, words, num_words * 4,
                                true, NULL, &diag);
   cr_assert_eq(st, RDNA_OK, "add_region failed: %s", diag.message);
   rdna_code_destroy(code);
   return m;
}

void harness_run(struct rdna_machine *m)
{
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   enum rdna_status st = rdna_machine_run(m, &diag);
   cr_assert_eq(st, RDNA_OK, "run failed: %s", diag.message);
}

void harness_no_fault(const struct rdna_machine *m)
{
   struct rdna_fault fault;
   bool faulted = rdna_machine_fault(m, 0, &fault);
   cr_assert_not(faulted, "wave 0 faulted: %s at 0x%llx: %s", rdna_fault_kind_name(fault.kind),
                 (unsigned long long)fault.pc, fault.message);
}

struct rdna_machine *harness_run_source(unsigned wave_size, const char *source)
{
   struct rdna_machine *m = harness_machine(RDNA_TARGET_GFX1030, wave_size, 0, source);
   harness_run(m);
   harness_no_fault(m);
   return m;
}

uint32_t harness_sreg(const struct rdna_machine *m, unsigned reg)
{
   uint32_t v = 0;
   cr_assert_eq(rdna_machine_read_sreg(m, 0, reg, &v), RDNA_OK);
   return v;
}

uint32_t harness_vgpr(const struct rdna_machine *m, unsigned vgpr, unsigned lane)
{
   uint32_t v = 0;
   cr_assert_eq(rdna_machine_read_vgpr(m, 0, vgpr, lane, &v), RDNA_OK);
   return v;
}

uint64_t harness_exec(const struct rdna_machine *m)
{
   uint64_t v = 0;
   cr_assert_eq(rdna_machine_read_exec(m, 0, &v), RDNA_OK);
   return v;
}

bool harness_scc(const struct rdna_machine *m)
{
   bool v = false;
   cr_assert_eq(rdna_machine_read_scc(m, 0, &v), RDNA_OK);
   return v;
}

void harness_set_s64(struct rdna_machine *m, unsigned reg, uint64_t value)
{
   uint32_t v[2] = { (uint32_t)value, (uint32_t)(value >> 32) };
   cr_assert_eq(rdna_machine_set_sregs(m, RDNA_ALL_WAVES, reg, v, 2), RDNA_OK);
}
