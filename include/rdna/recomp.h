/* rdna SPIR-V recompiler API: translate a case's code and dispatch into one Vulkan 1.2 compute
 * module (DESIGN.md "Recompiler model"), plus the interface that module has with whoever runs it
 * (the Vulkan backend in diff/, tests, benchmarks). The recompiler never includes the
 * interpreter: both implement the same semantics independently and diff/ compares them.
 *
 * ---- The module interface ------------------------------------------------------------------
 * Entry point "main" (GLCompute), descriptor set 0, every binding a storage buffer of 32-bit
 * words (std430, little-endian):
 *   binding 0  guest memory: every region of the case at rdna_module_region.offset (a multiple
 *              of 16 bytes), `layout.memory_bytes` in all. The host writes the initial bytes and
 *              reads the final ones back.
 *   binding 1  wave state: `layout.num_waves` records of `layout.state_words` words each, wave
 *              w at w * state_words (waves numbered workgroup by workgroup in grid order X, Y,
 *              Z, then by wave within the workgroup, as the interpreter numbers them). The host
 *              writes each wave's initial registers; the module reads them in its prologue and
 *              writes the whole record back in its epilogue (the instrumented dump), fault and
 *              all. Word offsets are the RDNA_STATE_* values below.
 *   binding 2  scratch: `layout.scratch_bytes_per_lane` bytes for every lane of every wave,
 *              lane-major within a wave (wave w, lane l at (w * wave_size + l) * per_lane),
 *              zero-filled by the host.
 *   binding 3  LDS dump: `layout.lds_bytes` per workgroup, written by the epilogue of wave 0 of
 *              each workgroup after the others (absent, and lds_bytes 0, when the case has none).
 * The local size is `layout.local_size` = subgroup_size * waves_per_group invocations; one
 * Vulkan workgroup per guest workgroup, dispatched as `layout.grid`. Each guest wave is one
 * subgroup, which must be full and exactly `subgroup_size` wide (the backend requires it through
 * VK_EXT_subgroup_size_control / Vulkan 1.3, or checks the device's fixed size): invocation i of
 * the subgroup carries the wave's lanes i + k * subgroup_size for k < lanes_per_invocation.
 */
#ifndef RDNA_RECOMP_H
#define RDNA_RECOMP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rdna/case.h"
#include "rdna/isa.h"
#include "rdna/status.h"

/* ---- wave state record (binding 1), word offsets ------------------------------------------ */

/* Scalar registers by operand code 0..127 (s0-s105, vcc_lo/hi, ttmp0-15, m0, null, exec_lo/hi). */
#define RDNA_STATE_SREG(code) (code)
#define RDNA_STATE_SCC 128u
#define RDNA_STATE_PC_LO 129u /* where the wave stopped: s_endpgm's address, or the faulting PC */
#define RDNA_STATE_PC_HI 130u
#define RDNA_STATE_STEPS_LO 131u /* instructions executed */
#define RDNA_STATE_STEPS_HI 132u
#define RDNA_STATE_FAULT_KIND 133u /* enum rdna_fault_kind of rdna/interp.h; 0 none */
#define RDNA_STATE_FAULT_LANE 134u /* the first faulting lane, or 0xffffffff */
#define RDNA_STATE_FAULT_PC_LO 135u
#define RDNA_STATE_FAULT_PC_HI 136u
#define RDNA_STATE_FAULT_ADDR_LO 137u /* memory address or jump target involved; 0 none */
#define RDNA_STATE_FAULT_ADDR_HI 138u
#define RDNA_STATE_FAULT_OP 139u /* table row of the faulting instruction, or 0xffffffff */
#define RDNA_STATE_ENDED 140u    /* 1 when the wave reached s_endpgm or faulted */
/* Hardware registers (s_getreg/s_setreg ids 0..31: MODE, STATUS, TRAPSTS, ...). */
#define RDNA_STATE_HWREG(id) (160u + (id))
/* VGPR `reg` of `lane`: wave_size words per register. */
#define RDNA_STATE_VGPR_BASE 256u
#define RDNA_STATE_VGPR(reg, lane, wave_size) (RDNA_STATE_VGPR_BASE + (reg) * (wave_size) + (lane))
#define RDNA_STATE_WORDS(vgprs, wave_size) (RDNA_STATE_VGPR_BASE + (vgprs) * (wave_size))

/* ---- options ------------------------------------------------------------------------------ */

/* How relative VGPR addressing (v_movrel*, v_swaprel) is lowered. */
enum rdna_relative_lowering {
   RDNA_RELATIVE_DEFAULT = 0, /* the one the benchmark shows best for the target driver */
   RDNA_RELATIVE_SELECT_CHAIN,
   RDNA_RELATIVE_SELECT_TREE,
   RDNA_RELATIVE_SWITCH,
   RDNA_RELATIVE_WINDOW_ARRAY,
};

/* "chain", "tree", "switch", "window", "default"; NULL outside the enum. */
const char *rdna_relative_lowering_name(enum rdna_relative_lowering lowering);
/* Parses one of those names; false when it is none. */
bool rdna_relative_lowering_parse(const char *name, enum rdna_relative_lowering *lowering);

/* How control flow is lowered (recomp/README.md, "Control flow"). Both forms give the same
 * results: registers, memory, faults with their PC and the step count. */
enum rdna_cfg_lowering {
   RDNA_CFG_DEFAULT = 0, /* structured, or dispatch for a program with an s_setpc_b64 or
                          * s_swappc_b64 whose target discovery cannot compute */
   RDNA_CFG_DISPATCH,    /* every basic block a case of the dispatcher loop's switch on the PC */
   RDNA_CFG_STRUCTURED,  /* only blocks entered by a transfer of control are dispatcher cases */
};

/* "default", "dispatch", "structured"; NULL outside the enum. */
const char *rdna_cfg_lowering_name(enum rdna_cfg_lowering lowering);
/* Parses one of those names; false when it is none. */
bool rdna_cfg_lowering_parse(const char *name, enum rdna_cfg_lowering *lowering);

/* Which addresses a jump to a run-time value (s_setpc_b64, s_swappc_b64) can reach in the module
 * (recomp/README.md, "Computed targets"). A target that is none of them faults BAD_JUMP, where
 * the interpreter would run the instruction there. */
enum rdna_entry_points {
   RDNA_ENTRIES_DEFAULT = 0, /* the block starts discovery computes; when some s_setpc_b64 or
                              * s_swappc_b64 target is not among them, also every dword-aligned
                              * code address found in the case's initial data (memory, SGPRs,
                              * VGPRs) */
   RDNA_ENTRIES_DISCOVERED,  /* the block starts discovery computes, nothing from the data */
   RDNA_ENTRIES_ALL,         /* every dword of every program region: exact for any target */
};

/* "default", "discovered", "all"; NULL outside the enum. */
const char *rdna_entry_points_name(enum rdna_entry_points entries);
/* Parses one of those names; false when it is none. */
bool rdna_entry_points_parse(const char *name, enum rdna_entry_points *entries);

/* How the waves of one workgroup take turns (recomp/README.md, "LDS and barriers"). */
enum rdna_wave_order {
   RDNA_WAVES_SERIAL = 0, /* the interpreter's order: between two s_barrier meetings each wave runs
                           * in turn, wave 0 first, until it ends or reaches s_barrier, and sees
                           * the LDS and memory its predecessors left; the default */
   RDNA_WAVES_CONCURRENT, /* every wave at once, in whatever interleaving the device gives */
};

/* "serial", "concurrent"; NULL outside the enum. */
const char *rdna_wave_order_name(enum rdna_wave_order order);
/* Parses one of those names; false when it is none. */
bool rdna_wave_order_parse(const char *name, enum rdna_wave_order *order);

struct rdna_recomp_options {
   unsigned wave_size;     /* 32 or 64: one of the case's wave sizes */
   unsigned subgroup_size; /* the driver's subgroup size (power of two, <= wave_size); 0: 32 */
   enum rdna_relative_lowering relative;
   uint64_t step_limit; /* per wave; 0: the case's `steps` */
   /* 0 for a plain case. Otherwise a power of two, for a batch of independent programs in one
    * module (include/rdna/batch.h): each program's regions lie inside its own window of guest
    * addresses [k * batch_window, (k + 1) * batch_window); an instruction sees only the regions
    * of the window its basic block starts in, as that program alone would; and every wave starts
    * at the PC its state record holds (RDNA_STATE_PC_LO/HI) rather than at the case's entry. */
   uint64_t batch_window;
   enum rdna_cfg_lowering cfg;
   enum rdna_entry_points entries;
   /* 0 or 1 for one copy of the case. Otherwise the module runs `replicas` copies of the case
    * side by side in one dispatch, for variants of one program that differ only in their initial
    * state: copy r is the workgroups r * G .. (r + 1) * G - 1 of a grid stacked along Z (G the
    * case's workgroups), its waves' state records follow copy r - 1's, and its guest memory is
    * its own memory_bytes-sized slice of binding 0 at r * memory_bytes (scratch and LDS are per
    * wave and per workgroup already). rdna_gpu_run dispatches and sizes every binding for all
    * copies; the layout describes one. */
   unsigned replicas;
   /* Waves of one workgroup; waves of different workgroups always run concurrently. A
    * workgroup of one wave runs the same module either way. */
   enum rdna_wave_order waves;
};

/* ---- the module --------------------------------------------------------------------------- */

struct rdna_module_region {
   const char *name; /* owned by the module */
   uint64_t address; /* guest address of the first byte */
   uint64_t size;    /* bytes */
   uint64_t offset;  /* byte offset in the memory buffer (binding 0) */
   bool is_program;
};

struct rdna_module_layout {
   unsigned wave_size, subgroup_size, lanes_per_invocation;
   unsigned vgprs;           /* VGPR allocation per wave */
   unsigned waves_per_group; /* guest waves (subgroups) per workgroup */
   unsigned local_size[3];   /* the module's LocalSize */
   unsigned grid[3];         /* workgroups to dispatch */
   unsigned num_waves;       /* waves_per_group * grid[0] * grid[1] * grid[2] */
   size_t state_words;       /* RDNA_STATE_WORDS(vgprs, wave_size) */
   uint64_t memory_bytes;    /* binding 0 */
   size_t num_regions;
   const struct rdna_module_region *regions; /* owned by the module, in case order */
   uint64_t scratch_bytes_per_lane;          /* binding 2 */
   uint32_t lds_bytes;                       /* per workgroup; binding 3 */
   /* The module's Workgroup variables in bytes (the LDS and its bookkeeping), which the device's
    * maxComputeSharedMemorySize must allow. */
   uint32_t workgroup_memory_bytes;
   unsigned replicas; /* copies of the case in one dispatch (rdna_recomp_options.replicas), >= 1 */
};

/* A recompiled module. Opaque. */
struct rdna_module;

/* Recompiles case `c` for options->wave_size. The module is validated in process with
 * SPIRV-Tools for Vulkan 1.2 before it is returned. On failure returns a status (UNSUPPORTED
 * for an instruction that is not lowered yet, naming it and its PC; BAD_ARGUMENT for options the
 * case does not allow; INTERNAL when validation rejects what was built), fills `diag` when given
 * and leaves *out NULL. Never prints. */
enum rdna_status rdna_recomp_case(const struct rdna_case *c,
                                  const struct rdna_recomp_options *options,
                                  struct rdna_module **out, struct rdna_diag *diag);

/* Accepts NULL. */
void rdna_module_destroy(struct rdna_module *module);
/* The SPIR-V words. */
const uint32_t *rdna_module_words(const struct rdna_module *module, size_t *num_words);
const struct rdna_module_layout *rdna_module_layout(const struct rdna_module *module);

/* The control-flow graph of raw machine code (`size` bytes placed at guest `address`, decoded
 * for `isa`) as Graphviz dot, malloc'd for the caller to free: the basic blocks the recompiler
 * discovers from the start, with fall-through, branch, call (dashed), return (dotted, from
 * s_setpc_b64 to every call's return point) and computed-target edges. Undecodable dwords show
 * as `.long`. BAD_ARGUMENT for no code, NO_MEMORY. */
enum rdna_status rdna_recomp_cfg_dot(const struct rdna_isa_config *isa, const void *bytes,
                                     size_t size, uint64_t address, char **text,
                                     struct rdna_diag *diag);

/* SPIRV-Tools' disassembly (friendly names, indented) of SPIR-V words, malloc'd and
 * NUL-terminated for the caller to free; NULL with `diag` filled when the words do not parse. */
char *rdna_spirv_disassemble(const uint32_t *words, size_t num_words, struct rdna_diag *diag);

#endif
