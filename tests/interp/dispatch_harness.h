/* Test helpers for whole dispatches (several waves, workgroups, LDS): build a machine from a
 * configuration and assembly, read any wave's registers and any workgroup's LDS. */
#ifndef RDNA_TESTS_INTERP_DISPATCH_HARNESS_H
#define RDNA_TESTS_INTERP_DISPATCH_HARNESS_H

#include <stdint.h>

#include "rdna/interp.h"

/* A machine for `config` (target and VGPR defaults as rdna_machine_create) with `source`
 * assembled for its target and wave size into code region "main". Fails the test on error. */
struct rdna_machine *harness_dispatch(const struct rdna_machine_config *config, const char *source);
/* VGPR `vgpr` of `lane` in wave `wave`; fails the test on a bad argument. */
uint32_t harness_wave_vgpr(const struct rdna_machine *m, unsigned wave, unsigned vgpr,
                           unsigned lane);
/* The dword of workgroup `group`'s LDS at byte `offset`. */
uint32_t harness_lds32(const struct rdna_machine *m, unsigned group, uint32_t offset);
/* Fails the test when any wave faulted. */
void harness_no_fault_any(const struct rdna_machine *m);

#endif
