/* rdna reference interpreter API: build a machine (dispatch shape, guest memory regions, initial
 * registers), run every wave of every workgroup, read back registers, memory and faults. The
 * interpreter is the project's ground truth (DESIGN.md "Interpreter model"). Guest faults are
 * values recorded per wave, never host crashes; the library never aborts, exits or prints. */
#ifndef RDNA_INTERP_H
#define RDNA_INTERP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rdna/isa.h"
#include "rdna/status.h"

/* The dispatch. Zero fields take the defaults named beside them. */
struct rdna_machine_config {
   enum rdna_target target;
   unsigned wave_size;    /* 32 or 64 */
   unsigned vgprs;        /* VGPR allocation per wave, 1..256; 0: 256 */
   unsigned workgroup[3]; /* lanes per workgroup in X, Y, Z; 0: 1, all three 0: one full wave.
                           * Waves per workgroup = ceil(X*Y*Z / wave_size) */
   unsigned grid[3];      /* workgroups in X, Y, Z; 0: 1 */
   uint32_t lds_bytes;    /* LDS per workgroup, at most 65536; rounded up to the hardware's
                           * 512-byte allocation granule, which bounds LDS accesses */
   uint64_t step_limit;   /* instructions per wave before a STEP_LIMIT fault; 0: 10,000,000 */
   uint32_t mode;         /* the MODE hardware register at dispatch (RDNA2 ISA guide 3.12) */
};

/* Opaque: the dispatch, its guest memory and the state of all its waves. */
struct rdna_machine;

/* Fault kinds: X(name, description). */
#define RDNA_FAULT_LIST(X)                                                                \
   X(NONE, "no fault")                                                                    \
   X(UNMAPPED, "memory access outside every region")                                      \
   X(MISALIGNED, "misaligned memory access or program counter")                           \
   X(BAD_JUMP, "jump or fall-through to an address outside code regions")                 \
   X(ILLEGAL_INSTRUCTION, "bytes that decode to no instruction of this target")           \
   X(UNSUPPORTED, "an instruction or encoding the interpreter does not implement yet")    \
   X(INVALID_OPERAND, "an operand the instruction cannot use at run time (out of range)") \
   X(TRAP, "s_trap")                                                                      \
   X(STEP_LIMIT, "the wave ran more instructions than the step limit")

enum rdna_fault_kind {
#define RDNA_FAULT_ENUM(name, description) RDNA_FAULT_##name,
   RDNA_FAULT_LIST(RDNA_FAULT_ENUM)
#undef RDNA_FAULT_ENUM
   RDNA_FAULT_KIND_COUNT
};

/* "UNMAPPED", ...; "?" outside the enum. */
const char *rdna_fault_kind_name(enum rdna_fault_kind kind);

/* What stopped a wave early. kind NONE: the wave ended normally (or never ran). */
struct rdna_fault {
   enum rdna_fault_kind kind;
   unsigned wave;     /* global wave index (see rdna_machine_wave_info) */
   uint64_t pc;       /* address of the instruction at fault */
   int lane;          /* the first faulting lane; -1 when no lane is involved */
   uint64_t address;  /* the guest address involved (memory or jump target); 0 when none */
   unsigned op;       /* table row (rdna_op_name) of the instruction; UINT32_MAX if undecoded */
   char message[192]; /* one line, names the instruction where one is involved */
};

/* Creates a machine for `config` with no regions and all registers zero except EXEC, which
 * holds the wave's existing lanes (all of them unless the workgroup size is not a multiple of
 * the wave size). On failure returns a status, fills `diag` when given, leaves *machine NULL. */
enum rdna_status rdna_machine_create(const struct rdna_machine_config *config,
                                     struct rdna_machine **machine, struct rdna_diag *diag);
/* Frees the machine; accepts NULL. */
void rdna_machine_destroy(struct rdna_machine *machine);
/* The configuration with its defaults filled in. */
void rdna_machine_get_config(const struct rdna_machine *machine,
                             struct rdna_machine_config *config);

/* ---- guest memory ------------------------------------------------------------------------- */

/* Pass as `address` to let the machine place a region (64 KiB aligned, above every region). */
#define RDNA_ADDRESS_AUTO UINT64_MAX

/* Adds a region of `size` bytes named `name` (copied; unique) at `address` or, with
 * RDNA_ADDRESS_AUTO, at a free address the machine picks. The first `num_bytes` bytes come from
 * `bytes` (may be NULL when num_bytes is 0), the rest are zero. Code regions are where
 * instructions may be fetched; the first code region added starts the program unless
 * rdna_machine_set_entry says otherwise. Overlapping regions, a zero size, an address range that
 * wraps, or a duplicate name return BAD_ARGUMENT. *placed (optional) receives the address. */
enum rdna_status rdna_machine_add_region(struct rdna_machine *machine, const char *name,
                                         uint64_t address, uint64_t size, const void *bytes,
                                         size_t num_bytes, bool is_code, uint64_t *placed,
                                         struct rdna_diag *diag);
/* Finds a region by name: its address and size. false when there is none. */
bool rdna_machine_find_region(const struct rdna_machine *machine, const char *name,
                              uint64_t *address, uint64_t *size);
/* Number of regions; region `index` (in the order added): name, address, size, is_code. */
size_t rdna_machine_region_count(const struct rdna_machine *machine);
bool rdna_machine_region(const struct rdna_machine *machine, size_t index, const char **name,
                         uint64_t *address, uint64_t *size, bool *is_code);
/* Copies `size` guest bytes at `address` into `out`. The range must lie inside one region;
 * otherwise OUT_OF_RANGE and nothing is copied. */
enum rdna_status rdna_machine_read_memory(const struct rdna_machine *machine, uint64_t address,
                                          void *out, size_t size);
/* Writes guest bytes (same range rule); cached decodes of overwritten code are dropped. */
enum rdna_status rdna_machine_write_memory(struct rdna_machine *machine, uint64_t address,
                                           const void *bytes, size_t size);
/* The program's first instruction. Default: the start of the first code region. */
void rdna_machine_set_entry(struct rdna_machine *machine, uint64_t address);

/* ---- waves and initial registers -----------------------------------------------------------
 * Waves are numbered workgroup-major: wave = workgroup_linear * waves_per_group + wave_in_group
 * with workgroup_linear = x + grid_x * (y + grid_y * z). Setters take a wave index or
 * RDNA_ALL_WAVES; call them before rdna_machine_run (after a run they modify the final state).
 * Scalar registers are named by their operand code (enum rdna_reg): 0-105 s0-s105, 106/107
 * vcc_lo/hi, 108-123 ttmp0-15, 124 m0, 126/127 exec_lo/hi; 125 (null) reads 0 and ignores
 * writes. A bad wave, register or lane returns BAD_ARGUMENT. */

#define RDNA_ALL_WAVES UINT32_MAX
#define RDNA_ALL_LANES UINT32_MAX

/* The position of wave `wave` in the dispatch. */
struct rdna_wave_info {
   unsigned workgroup[3]; /* workgroup id X, Y, Z */
   unsigned workgroup_linear;
   unsigned wave_in_group;
   unsigned first_lane; /* the wave's lane 0 as a linear index into the workgroup's lanes */
   unsigned lanes;      /* lanes of the workgroup this wave holds (wave size or fewer) */
};

/* Total waves of the dispatch and waves per workgroup. */
unsigned rdna_machine_wave_count(const struct rdna_machine *machine);
unsigned rdna_machine_waves_per_group(const struct rdna_machine *machine);
enum rdna_status rdna_machine_wave_info(const struct rdna_machine *machine, unsigned wave,
                                        struct rdna_wave_info *info);

/* Scalar registers reg .. reg+count-1 = values[0 .. count-1] (s[0:1] = &buf is two dwords). */
enum rdna_status rdna_machine_set_sregs(struct rdna_machine *machine, unsigned wave, unsigned reg,
                                        const uint32_t *values, unsigned count);
/* VGPR `vgpr` (0-based) of `lane` (or RDNA_ALL_LANES) = value. */
enum rdna_status rdna_machine_set_vgpr(struct rdna_machine *machine, unsigned wave, unsigned vgpr,
                                       unsigned lane, uint32_t value);
/* VGPR `vgpr` of lanes 0 .. wave_size-1 = values[lane] (v0 = lane: values[i] = i). */
enum rdna_status rdna_machine_set_vgpr_lanes(struct rdna_machine *machine, unsigned wave,
                                             unsigned vgpr, const uint32_t *values);
/* EXEC (the low 32 bits in wave32; the high half is kept as written), SCC. */
enum rdna_status rdna_machine_set_exec(struct rdna_machine *machine, unsigned wave, uint64_t exec);
enum rdna_status rdna_machine_set_scc(struct rdna_machine *machine, unsigned wave, bool scc);

/* ---- running -------------------------------------------------------------------------------- */

/* One executed instruction, reported after it ran. `writes` lists the registers it wrote, as
 * operand codes (scalar 0-127, VGPRs 256 + n), in write order; a register written twice appears
 * twice; more than RDNA_TRACE_MAX_WRITES writes are cut (num_writes stays exact). */
#define RDNA_TRACE_MAX_WRITES 32
struct rdna_trace_event {
   unsigned wave;
   uint64_t pc;
   const struct rdna_inst *inst;
   uint64_t exec_before; /* EXEC when the instruction started */
   bool wrote_scc;
   bool jumped; /* the next PC is not pc + size */
   uint64_t next_pc;
   unsigned num_writes;
   uint16_t writes[RDNA_TRACE_MAX_WRITES];
};

/* Called once per executed instruction; also for the instruction that faulted (after the fault
 * is recorded, so writes it made before faulting show). */
struct rdna_trace_hook {
   void (*event)(void *user, const struct rdna_trace_event *event);
   void *user;
};

/* Sets or clears (NULL) the trace hook. */
void rdna_machine_set_trace(struct rdna_machine *machine, const struct rdna_trace_hook *hook);

/* Runs the dispatch to completion. Within a workgroup the waves run one at a time in wave order,
 * each until s_endpgm, a fault or s_barrier; once every wave that has not ended waits at the
 * barrier, all continue, again in wave order (a wave that ends releases the barrier for the
 * others). This interleaving is fixed, so LDS and registers never depend on the host.
 * Guest faults are not errors: they are recorded per wave (rdna_machine_fault) and the run
 * returns OK. BAD_ARGUMENT when there is no code to run, or when the machine already ran. */
enum rdna_status rdna_machine_run(struct rdna_machine *machine, struct rdna_diag *diag);

/* Host threads that run workgroups in parallel (OpenMP); 0 or 1 (the default): one thread, in
 * linear workgroup order. With a trace hook the run is always serial. What a parallel run
 * guarantees: a workgroup that reads no guest memory another workgroup writes ends with exactly
 * the registers, LDS and fault of a serial run; guest memory written by only one workgroup, or
 * only through atomics (the buffer, global, flat, scalar and image atomics: each one
 * indivisible), ends the same for every thread count when the atomics commute (add, sub, and,
 * or, xor, min, max: the final value does not depend on their order). What atomics return, and
 * the outcome of non-commuting atomics (swap, cmpswap, inc/dec with wrap) or of plain stores to
 * the same bytes from different workgroups, depends on the order in which workgroups ran, as on
 * hardware. Code regions must not be written while workgroups run in parallel (their decode
 * cache is shared): run a dispatch that modifies its own code on one thread. */
void rdna_machine_set_threads(struct rdna_machine *machine, unsigned threads);

/* The fault of wave `wave`, or with RDNA_ALL_WAVES the first faulting wave's in wave order.
 * Returns true when there is a fault (and fills *fault either way: kind NONE otherwise). */
bool rdna_machine_fault(const struct rdna_machine *machine, unsigned wave,
                        struct rdna_fault *fault);
/* Instructions executed by a wave (the faulting one included). */
uint64_t rdna_machine_steps(const struct rdna_machine *machine, unsigned wave);

/* ---- reading state back ------------------------------------------------------------------ */

/* Scalar register `reg` (operand code, as for rdna_machine_set_sregs). */
enum rdna_status rdna_machine_read_sreg(const struct rdna_machine *machine, unsigned wave,
                                        unsigned reg, uint32_t *value);
/* VGPR `vgpr` of `lane`. */
enum rdna_status rdna_machine_read_vgpr(const struct rdna_machine *machine, unsigned wave,
                                        unsigned vgpr, unsigned lane, uint32_t *value);
enum rdna_status rdna_machine_read_exec(const struct rdna_machine *machine, unsigned wave,
                                        uint64_t *exec);
enum rdna_status rdna_machine_read_scc(const struct rdna_machine *machine, unsigned wave,
                                       bool *scc);
/* The PC where the wave stopped: its s_endpgm or faulting instruction. */
enum rdna_status rdna_machine_read_pc(const struct rdna_machine *machine, unsigned wave,
                                      uint64_t *pc);

/* ---- definedness --------------------------------------------------------------------------
 * What the program's own instructions gave a value, and which of those values the RDNA2 ISA guide
 * leaves undefined (DESIGN.md "Differential driver": undefined state is not a mismatch). The
 * interpreter records, per wave, which scalar registers and SCC an instruction wrote and, per
 * VGPR, which lanes: an EXEC-predicated write adds the lanes it enabled and leaves the others as
 * they were. Values set through the setters above (the dispatch, a case's [init]) are not
 * instruction writes; whoever set them knows they are defined.
 *
 * Some results the guide describes without giving their value. The interpreter still writes a
 * deterministic value there (so a run is reproducible), but marks it undefined with the reason
 * below; the next write the guide defines clears the mark. Results that DESIGN.md or the
 * interpreter fixes on purpose (relative addressing out of range, counters, HW_ID) are defined.
 * X(name, where the guide leaves it open, what is undefined). */
#define RDNA_UNDEFINED_LIST(X)                                                                    \
   X(NONE, "", "defined")                                                                         \
   X(D16_UNUSED_HALF, "RDNA2 ISA guide chapter 8, \"D16 Instructions\"",                          \
     "the high 16 bits of the last VGPR of a d16 format or image load with an odd number of "     \
     "components (the guide packs components in pairs and leaves the unpaired half unspecified)") \
   X(TFE_STATUS,                                                                                  \
     "RDNA2 ISA guide chapter 8, the MUBUF, MTBUF and MIMG field TFE; LLVM's AMDGPU backend "     \
     "zero-initialises it because the hardware leaves it unwritten when no fetch fails",          \
     "the texture-fail status VGPR a load with tfe appends (the guide gives no value for a "      \
     "resource without partially resident pages)")

enum rdna_undefined {
#define RDNA_UNDEFINED_ENUM(name, where, what) RDNA_UNDEFINED_##name,
   RDNA_UNDEFINED_LIST(RDNA_UNDEFINED_ENUM)
#undef RDNA_UNDEFINED_ENUM
   RDNA_UNDEFINED_COUNT
};

/* "D16_UNUSED_HALF", ...; "?" outside the enum. */
const char *rdna_undefined_name(enum rdna_undefined reason);
/* The guide's place and what is undefined, one line each; "" for NONE and outside the enum. */
const char *rdna_undefined_source(enum rdna_undefined reason);
const char *rdna_undefined_description(enum rdna_undefined reason);

/* The definedness of one register of one wave after (or during) a run. */
struct rdna_definedness {
   /* Lanes an instruction wrote: for a VGPR one bit per lane, for a scalar register or SCC bit 0
    * alone. */
   uint64_t written;
   /* Of those, the lanes whose last write the guide leaves undefined, ... */
   uint64_t undefined;
   /* ... the bits of their 32-bit value that are undefined (~0u: all of them), ... */
   uint32_t undefined_bits;
   /* ... and why (the reason of the last mark; NONE when `undefined` is 0). */
   enum rdna_undefined reason;
};

/* Register `reg` named as the trace names writes: scalar operand codes 0-127, RDNA_REG_SCC, or
 * RDNA_REG_VGPR0 + n. BAD_ARGUMENT for a bad wave, register or NULL `out`. */
enum rdna_status rdna_machine_read_definedness(const struct rdna_machine *machine, unsigned wave,
                                               unsigned reg, struct rdna_definedness *out);

/* Hardware register ids of s_getreg/s_setreg (hwreg(HW_REG_*), RDNA2 ISA guide 3.12). */
enum rdna_hwreg {
   RDNA_HWREG_MODE = 1,
   RDNA_HWREG_STATUS = 2,
   RDNA_HWREG_TRAPSTS = 3,
   RDNA_HWREG_GPR_ALLOC = 5,
   RDNA_HWREG_LDS_ALLOC = 6,
   RDNA_HWREG_IB_STS = 7,
   RDNA_HWREG_SH_MEM_BASES = 15,
   RDNA_HWREG_TBA_LO = 16,
   RDNA_HWREG_TBA_HI = 17,
   RDNA_HWREG_TMA_LO = 18,
   RDNA_HWREG_TMA_HI = 19,
   RDNA_HWREG_FLAT_SCR_LO = 20,
   RDNA_HWREG_FLAT_SCR_HI = 21,
   RDNA_HWREG_XNACK_MASK = 22,
   RDNA_HWREG_HW_ID1 = 23, /* llvm-mc -mcpu=gfx1030: hwreg(HW_REG_HW_ID1) encodes id 23 */
   RDNA_HWREG_HW_ID2 = 24,
   RDNA_HWREG_POPS_PACKER = 25,
   RDNA_HWREG_SHADER_CYCLES = 29,
   RDNA_HWREG_COUNT = 32
};

/* The full 32-bit value of hardware register `id` (< RDNA_HWREG_COUNT). */
enum rdna_status rdna_machine_read_hwreg(const struct rdna_machine *machine, unsigned wave,
                                         unsigned id, uint32_t *value);
/* Bytes of workgroup `workgroup`'s LDS (the range must lie inside lds_bytes). */
enum rdna_status rdna_machine_read_lds(const struct rdna_machine *machine, unsigned workgroup,
                                       uint32_t offset, void *out, size_t size);

#endif
