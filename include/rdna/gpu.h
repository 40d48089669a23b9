/* rdna Vulkan backend: runs recompiled modules (include/rdna/recomp.h, "The module interface")
 * on a Vulkan 1.2 device and reads back every wave's registers, the guest memory and the LDS,
 * and runs case files that way with the same [expect] check as the interpreter. The Vulkan
 * loader is opened at run time, so a machine without one gets RDNA_NO_DEVICE, not a failure to
 * start. A device context is opened once and reused across many runs. The library never prints;
 * a GPU time-out or a lost device is RDNA_DEVICE, never a hang. */
#ifndef RDNA_GPU_H
#define RDNA_GPU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rdna/case.h"
#include "rdna/interp.h"
#include "rdna/recomp.h"
#include "rdna/run.h"
#include "rdna/status.h"

/* ---- devices ------------------------------------------------------------------------------ */

enum rdna_gpu_device_type {
   RDNA_GPU_OTHER = 0,
   RDNA_GPU_INTEGRATED,
   RDNA_GPU_DISCRETE,
   RDNA_GPU_VIRTUAL,
   RDNA_GPU_CPU, /* a software rasteriser such as Mesa's lavapipe */
};

/* "other", "integrated", "discrete", "virtual", "cpu"; "?" outside the enum. */
const char *rdna_gpu_device_type_name(enum rdna_gpu_device_type type);

struct rdna_gpu_device_info {
   unsigned index; /* position in the loader's enumeration: what --device INDEX names */
   char name[256];
   char driver[256]; /* driver name and version information, e.g. "llvmpipe Mesa 22.3.6" */
   enum rdna_gpu_device_type type;
   unsigned api_major, api_minor;
   unsigned subgroup_size; /* the default subgroup size (VkPhysicalDeviceSubgroupProperties) */
   /* VK_EXT_subgroup_size_control for compute with full subgroups: a pipeline can require any
    * power of two in [min_subgroup_size, max_subgroup_size]. Without it the subgroup size is
    * fixed at subgroup_size and min = max = subgroup_size. */
   bool subgroup_size_control;
   unsigned min_subgroup_size, max_subgroup_size;
   unsigned max_invocations; /* maxComputeWorkGroupInvocations */
   /* What a recompiled module needs: Vulkan 1.2, a compute queue, 64-bit integers, and the
    * subgroup ballot and shuffle operations in compute shaders. */
   bool usable;
};

/* Lists the physical devices the Vulkan loader reports, in its order. *devices (free with
 * free()) and *count receive the list. NO_DEVICE when there is no loader or no driver (the
 * diagnostic says which), NO_MEMORY. */
enum rdna_status rdna_gpu_list_devices(struct rdna_gpu_device_info **devices, size_t *count,
                                       struct rdna_diag *diag);

/* ---- a device context --------------------------------------------------------------------- */

/* An open device: instance, logical device, queue, command pool. Opaque; not thread-safe (one
 * run at a time). */
struct rdna_gpu;

struct rdna_gpu_options {
   /* A device index ("1") or a case-insensitive substring of its name ("llvmpipe"); NULL or ""
    * picks the first usable discrete or integrated GPU, else the first usable CPU device
    * (lavapipe), else the first usable one. */
   const char *device;
   /* Enables VK_LAYER_KHRONOS_validation when it is installed; the messages it reports are
    * counted (rdna_gpu_validation_errors), never printed. */
   bool validation;
};

/* Opens a device. NO_DEVICE when there is no loader, no driver, no usable device, or none that
 * `device` names (the diagnostic says which); DEVICE for a Vulkan error; NO_MEMORY. Sets *gpu
 * on success, NULL otherwise. The environment variable RDNA_VULKAN_LOADER, when set, names the
 * loader library to open instead of libvulkan.so.1. */
enum rdna_status rdna_gpu_open(const struct rdna_gpu_options *options, struct rdna_gpu **gpu,
                               struct rdna_diag *diag);
/* Waits (bounded) for work still running and frees everything; accepts NULL. After a time-out
 * whose dispatch never finished, the Vulkan objects are abandoned rather than waited for. */
void rdna_gpu_close(struct rdna_gpu *gpu);
/* Whether a close in this process abandoned a dispatch or a pipeline compile that a driver
 * thread still runs. That thread may still use the driver's global state and its compiler's
 * (lavapipe: LLVM), which the process's normal exit (atexit handlers, the shared libraries'
 * destructors) tears down under it: a program should then flush its output and leave with
 * _exit. Thread-safe. */
bool rdna_gpu_abandoned_work(void);
const struct rdna_gpu_device_info *rdna_gpu_device(const struct rdna_gpu *gpu);

/* The subgroup size a module for `wave_size` (32 or 64) must be recompiled with to run here:
 * with subgroup size control the largest size the device allows that is at most wave_size,
 * otherwise the device's fixed size. UNSUPPORTED when no size fits (a fixed size above the wave
 * size), BAD_ARGUMENT for another wave size. */
enum rdna_status rdna_gpu_subgroup_size(const struct rdna_gpu *gpu, unsigned wave_size,
                                        unsigned *subgroup_size, struct rdna_diag *diag);

/* Messages of severity error the validation layer reported since the device was opened, and
 * the first of them (NULL when none). 0 when validation is off. */
unsigned rdna_gpu_validation_errors(const struct rdna_gpu *gpu, const char **first);

/* ---- running a module --------------------------------------------------------------------- */

struct rdna_gpu_run_options {
   uint64_t timeout_ns;         /* how long to wait for the dispatch; 0: 10 seconds */
   uint64_t compile_timeout_ns; /* how long to wait for the driver's compile; 0: 300 seconds */
};

/* What a run left, in the module interface's layout. Free with rdna_gpu_result_free. */
struct rdna_gpu_result {
   uint8_t *memory; /* binding 0: layout.memory_bytes */
   uint64_t memory_bytes;
   uint32_t *state; /* binding 1: num_waves records of state_words */
   unsigned num_waves, wave_size, vgprs;
   size_t state_words;
   uint8_t *lds; /* binding 3: lds_bytes_per_group per workgroup, workgroup-linear order */
   uint32_t lds_bytes_per_group;
   unsigned workgroups;
   /* Driver compile time: vkCreateShaderModule, vkCreateComputePipelines and a first dispatch
    * of no workgroups, where drivers that compile lazily (lavapipe) compile. */
   uint64_t compile_ns;
   /* Submission to completion: uploads, dispatch and read-back copies, on the host clock. */
   uint64_t run_ns;
   /* The dispatch alone on the GPU clock (timestamp queries); 0 where the queue has none. */
   uint64_t dispatch_ns;
};

/* Runs module `words` (num_words SPIR-V words, built for `layout`) once: binding 0 starts as
 * `memory` (layout->memory_bytes bytes), binding 1 as `state` (num_waves * state_words words),
 * scratch zero. A layout of several replicas (rdna_recomp_options.replicas) runs them all: every
 * size here is then `replicas` times the layout's, in replica order, and so is the result's. The
 * module is validated with SPIRV-Tools for Vulkan 1.2 before the driver sees it (INTERNAL with the
 * validator's message when it fails). BAD_ARGUMENT when the layout is inconsistent or its subgroup
 * size is not one this device runs (rdna_gpu_subgroup_size); UNSUPPORTED when it exceeds a device
 * limit; DEVICE for a Vulkan error, a time-out or device loss (after the last two the context is
 * unusable: every later run returns DEVICE and the caller opens the device again); NO_MEMORY.
 * *result is zeroed first and filled on success. */
enum rdna_status rdna_gpu_run(struct rdna_gpu *gpu, const uint32_t *words, size_t num_words,
                              const struct rdna_module_layout *layout, const void *memory,
                              const uint32_t *state, const struct rdna_gpu_run_options *options,
                              struct rdna_gpu_result *result, struct rdna_diag *diag);

/* Accepts NULL and a zeroed result. */
void rdna_gpu_result_free(struct rdna_gpu_result *result);

/* One wave's final state decoded from its record (RDNA_STATE_*). */
struct rdna_gpu_wave {
   uint32_t sregs[128]; /* by operand code */
   bool scc;
   bool ended; /* reached s_endpgm or faulted */
   uint64_t pc, steps;
   struct rdna_fault fault; /* kind NONE when it did not fault; message: instruction, kind */
   uint32_t hwregs[RDNA_HWREG_COUNT];
   const uint32_t *vgprs; /* vgpr[reg * wave_size + lane], into the result */
};

/* Decodes wave `wave`. BAD_ARGUMENT for a wave out of range; INTERNAL when the record holds a
 * fault kind that is no enum rdna_fault_kind (the module is wrong), with *out filled anyway. */
enum rdna_status rdna_gpu_result_wave(const struct rdna_gpu_result *result, unsigned wave,
                                      struct rdna_gpu_wave *out);

/* Copies `size` guest bytes at `address` from the final memory; the range must lie inside one
 * region of `layout`. False otherwise. */
bool rdna_gpu_result_read_memory(const struct rdna_gpu_result *result,
                                 const struct rdna_module_layout *layout, uint64_t address,
                                 void *out, size_t size);

/* ---- running a case ----------------------------------------------------------------------- */

struct rdna_gpu_case_options {
   enum rdna_relative_lowering relative;
   uint64_t step_limit; /* per wave; 0: the case's `steps` */
   uint64_t timeout_ns; /* the dispatch's (the driver's compile gets its default); 0: 10 s */
   enum rdna_cfg_lowering cfg;
   enum rdna_entry_points entries;
   enum rdna_wave_order waves; /* rdna_recomp_options.waves */
};

/* A case run on the GPU. Free with rdna_gpu_case_result_free. */
struct rdna_gpu_case_result {
   /* The [expect] check, filled as rdna_case_check_machine fills it (check.machine is NULL:
    * the final state is `run`). */
   struct rdna_case_result check;
   struct rdna_gpu_result run;
   unsigned subgroup_size;
   size_t spirv_words;
   uint64_t recompile_ns; /* rdna_recomp_case, validation included */
};

/* The initial state of case `c` for `wave_size`, for a module built for it with `layout`:
 * *memory (layout->memory_bytes bytes) holds every region of the case at its layout offset, and
 * *state (num_waves records) every wave's registers exactly as rdna_case_load sets them (it is
 * used: [init] registers, EXEC of partial waves, the interpreter's initial hardware registers),
 * PC at the entry and no fault. Free both with free(). A load error of rdna_case_load with its
 * diagnostic; INTERNAL when the layout does not match the case (wave size, VGPRs, waves,
 * regions); NO_MEMORY. */
enum rdna_status rdna_gpu_case_prepare(const struct rdna_case *c, unsigned wave_size,
                                       const struct rdna_module_layout *layout, uint64_t step_limit,
                                       uint8_t **memory, uint32_t **state, struct rdna_diag *diag);

/* Checks [expect] of case `c` against every wave of `run` (a run of a module built with
 * `layout`), filling *check as rdna_case_check_machine does (check->machine stays NULL; free
 * with rdna_case_result_free). Returns OK when the check ran (see check->passed); INTERNAL when a
 * wave's record is not one a correct module leaves (a fault kind outside the enum, a wave not
 * marked ended, a wave without a fault whose PC is not at an s_endpgm); NO_MEMORY. */
enum rdna_status rdna_gpu_case_check(const struct rdna_case *c, unsigned wave_size,
                                     const struct rdna_module_layout *layout,
                                     const struct rdna_gpu_result *run,
                                     struct rdna_case_result *check, struct rdna_diag *diag);

/* Recompiles case `c` for `wave_size` and this device's subgroup size (rdna_recomp_case), runs
 * it from the state of rdna_gpu_case_prepare and checks it with rdna_gpu_case_check. Returns OK
 * when the case ran and was checked (see result->check.passed); otherwise the status of the step
 * that failed (a load error, the recompiler's UNSUPPORTED or INTERNAL, a run's DEVICE, ...) with
 * `diag` filled. Free the result either way. */
enum rdna_status rdna_gpu_case_run(struct rdna_gpu *gpu, const struct rdna_case *c,
                                   unsigned wave_size, const struct rdna_gpu_case_options *options,
                                   struct rdna_gpu_case_result *result, struct rdna_diag *diag);

/* Accepts NULL and a zeroed result. */
void rdna_gpu_case_result_free(struct rdna_gpu_case_result *result);

#endif
