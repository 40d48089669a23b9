/* Hand-written SPIR-V modules that follow the module interface of include/rdna/recomp.h, for
 * testing the Vulkan backend without the recompiler: SPIR-V assembly text assembled in process
 * with SPIRV-Tools, the layouts that go with them, and opening the device the tests run on. */
#ifndef RDNA_TESTS_GPU_MODULES_H
#define RDNA_TESTS_GPU_MODULES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rdna/gpu.h"

/* Opens the default device (with validation when `validation`), or skips the test when there is
 * no Vulkan device at all. */
struct rdna_gpu *open_or_skip(bool validation);
/* The device's subgroup size for `wave_size`; fails the test when it has none. */
unsigned subgroup_for(struct rdna_gpu *gpu, unsigned wave_size);

/* Assembles SPIR-V text for Vulkan 1.2; fails the test on an assembler error. free() the words. */
uint32_t *spirv_assemble(const char *text, size_t *num_words);

/* A layout of `groups` workgroups (grid X) of `waves_per_group` waves, no regions. */
void layout_init(struct rdna_module_layout *l, unsigned wave_size, unsigned subgroup_size,
                 unsigned vgprs, unsigned waves_per_group, unsigned groups, uint64_t memory_bytes,
                 uint32_t lds_bytes);

/* Word indices of guest memory the contract module uses. */
#define CONTRACT_SRC_WORD 0u /* copied ... */
#define CONTRACT_DST_WORD 4u /* ... to DST + wave, plus the wave index */

/* The contract module for `l` (lds_bytes a multiple of 4, at least 4). Per wave w (WorkgroupId.x
 * * waves_per_group + SubgroupId): s5 = 7, s6 = w, s7 = the SubgroupSize built-in, SCC = 1, PC =
 * the initial PC + 4, steps = 3, ended; VGPR 1 lane l = l and VGPR 2 lane l = initial VGPR 0 lane
 * l + 1 for every lane; memory word DST + w = word SRC + w; wave 0 of group g writes g + 0xabc0
 * to the group's first LDS word. */
char *contract_module_text(const struct rdna_module_layout *l);

/* Records a fault in wave 0: kind, lane, pc, address and op as given, and ends the wave. */
char *fault_module_text(const struct rdna_module_layout *l, uint32_t kind, uint32_t lane,
                        uint64_t pc, uint64_t address, uint32_t op);

/* Runs x = (x ^ (x >> 15)) * 0x2c1b3c6d (a step no compiler folds into fewer) from x = memory
 * word 0, LOOP_MODULE_UNROLL times in the
 * body of two nested loops of (word 1) and (word 3) iterations, stores x in word 2 and ends wave
 * 0. (Mesa's lavapipe ends every loop of an invocation once 65535 iterations have run, all loops
 * together, so a longer run there needs more work per iteration.) */
#define LOOP_MODULE_UNROLL 256
char *loop_module_text(const struct rdna_module_layout *l);

#endif
