/* Test helpers for the interpreter: assemble a program with rdna_assemble, place it in a code
 * region at HARNESS_CODE, run, and read registers back with Criterion assertions on failure. */
#ifndef RDNA_TESTS_INTERP_HARNESS_H
#define RDNA_TESTS_INTERP_HARNESS_H

#include <stdbool.h>
#include <stdint.h>

#include "rdna/interp.h"

#define HARNESS_CODE 0x10000ull

/* A machine (gfx1030 unless target says otherwise) with `source` assembled into region "main"
 * at HARNESS_CODE. vgprs 0: 256. Fails the test when assembly or creation fails. */
struct rdna_machine *harness_machine(enum rdna_target target, unsigned wave_size, unsigned vgprs,
                                     const char *source);
/* Runs and fails the test unless the run returns OK. */
void harness_run(struct rdna_machine *m);
/* Assembles, runs with EXEC all ones, and fails the test on any fault. */
struct rdna_machine *harness_run_source(unsigned wave_size, const char *source);
/* Register reads of wave 0 that fail the test on a bad argument. */
uint32_t harness_sreg(const struct rdna_machine *m, unsigned reg);
uint32_t harness_vgpr(const struct rdna_machine *m, unsigned vgpr, unsigned lane);
uint64_t harness_exec(const struct rdna_machine *m);
bool harness_scc(const struct rdna_machine *m);
/* Fails the test when wave 0 faulted. */
void harness_no_fault(const struct rdna_machine *m);
/* Sets s[reg], s[reg+1] of every wave to a 64-bit value. */
void harness_set_s64(struct rdna_machine *m, unsigned reg, uint64_t value);

#endif
