/* rdna instruction-set API: decode, encode, print and assemble GFX10 (RDNA2) machine code for
 * gfx1013 and gfx1030, in wave32 or wave64. Text follows llvm-mc-14's AMDGPU syntax, bytes its
 * encodings. Every function reports through enum rdna_status and never aborts on bad input. */
#ifndef RDNA_ISA_H
#define RDNA_ISA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rdna/status.h"

enum rdna_target {
   RDNA_TARGET_GFX1013, /* GFX10.1 with ray tracing: the PS5's GPU */
   RDNA_TARGET_GFX1030, /* GFX10.3 */
   RDNA_TARGET_COUNT
};

/* "gfx1013" or "gfx1030"; "?" outside the enum. */
const char *rdna_target_name(enum rdna_target target);
/* Parses a target name; false when it names no target. */
bool rdna_target_from_name(const char *name, enum rdna_target *target);

/* What every call needs to know about the code: the target and the wave size (32 or 64), which
 * decides lane-mask operands (vcc_lo vs vcc, s0 vs s[0:1]). */
struct rdna_isa_config {
   enum rdna_target target;
   unsigned wave_size;
};

/* The longest instruction: MIMG with NSA holds 5 dwords, a 64-bit VOP3 with a literal 3. */
#define RDNA_MAX_INST_WORDS 5
#define RDNA_MAX_OPERANDS 16

/* Operand register codes: the 9-bit source space of the VALU encodings, extended.
 * 0-105 SGPRs, then the named registers, inline constants 128-248, 256+ VGPRs. */
enum rdna_reg {
   RDNA_REG_SGPR0 = 0,
   RDNA_REG_VCC_LO = 106,
   RDNA_REG_VCC_HI = 107,
   RDNA_REG_TTMP0 = 108,
   RDNA_REG_M0 = 124,
   RDNA_REG_NULL = 125,
   RDNA_REG_EXEC_LO = 126,
   RDNA_REG_EXEC_HI = 127,
   RDNA_REG_CONST_ZERO = 128,   /* 128..192: integers 0..64 */
   RDNA_REG_CONST_NEG1 = 193,   /* 193..208: integers -1..-16 */
   RDNA_REG_DPP8 = 233,         /* src0 marker: DPP8, fi=0 */
   RDNA_REG_DPP8_FI = 234,      /* src0 marker: DPP8, fi=1 */
   RDNA_REG_SHARED_BASE = 235,  /* src_shared_base */
   RDNA_REG_SHARED_LIMIT = 236, /* src_shared_limit */
   RDNA_REG_PRIVATE_BASE = 237, /* src_private_base */
   RDNA_REG_PRIVATE_LIMIT = 238,
   RDNA_REG_POPS_EXITING_WAVE_ID = 239,
   RDNA_REG_CONST_HALF = 240, /* 240..248: 0.5 -0.5 1.0 -1.0 2.0 -2.0 4.0 -4.0 1/(2*pi) */
   RDNA_REG_CONST_INV2PI = 248,
   RDNA_REG_SDWA = 249,  /* src0 marker: SDWA */
   RDNA_REG_DPP16 = 250, /* src0 marker: DPP16 */
   RDNA_REG_VCCZ = 251,
   RDNA_REG_EXECZ = 252,
   RDNA_REG_SCC = 253,
   RDNA_REG_LDS_DIRECT = 254,
   RDNA_REG_LITERAL = 255, /* the operand's value is a 32-bit literal dword */
   RDNA_REG_VGPR0 = 256,
   RDNA_REG_IMM = 512,  /* an immediate field (simm16, offset, ...): value holds it */
   RDNA_REG_OFF = 513,  /* "off": an omitted address or export source */
   RDNA_REG_NONE = 514, /* an optional operand the instruction does not use */
};

/* Per-operand modifiers. */
enum rdna_operand_mod {
   RDNA_MOD_NEG = 1u << 0,  /* -x (floating-point negate) */
   RDNA_MOD_ABS = 1u << 1,  /* |x| */
   RDNA_MOD_SEXT = 1u << 2, /* sext(x): SDWA integer sign extension */
};

/* One logical operand, in the order the assembly text lists them. */
struct rdna_operand {
   uint32_t value; /* literal dword (reg == LITERAL) or immediate (reg == IMM) */
   uint16_t reg;   /* enum rdna_reg code of the first register, or a constant/marker */
   uint8_t width;  /* registers covered: 1 for 32-bit, 2 for 64-bit, ... */
   uint8_t role;   /* which encoding field: internal enum, see rdna_role_name() */
   uint8_t type;   /* data type: internal enum, see rdna_type_name() */
   uint8_t mods;   /* enum rdna_operand_mod bits */
};

/* Boolean modifiers of memory, export and VALU encodings. */
enum rdna_inst_flag {
   RDNA_FLAG_GLC = 1u << 0,
   RDNA_FLAG_SLC = 1u << 1,
   RDNA_FLAG_DLC = 1u << 2,
   RDNA_FLAG_GDS = 1u << 3,
   RDNA_FLAG_OFFEN = 1u << 4,
   RDNA_FLAG_IDXEN = 1u << 5,
   RDNA_FLAG_LDS = 1u << 6,
   RDNA_FLAG_TFE = 1u << 7,
   RDNA_FLAG_SWZ = 1u << 8,
   RDNA_FLAG_UNORM = 1u << 9,
   RDNA_FLAG_R128 = 1u << 10,
   RDNA_FLAG_A16 = 1u << 11,
   RDNA_FLAG_D16 = 1u << 12,
   RDNA_FLAG_LWE = 1u << 13,
   RDNA_FLAG_NSA = 1u << 14,
   RDNA_FLAG_CLAMP = 1u << 15,
   RDNA_FLAG_BOUND_CTRL = 1u << 16,
   RDNA_FLAG_FI = 1u << 17,
   RDNA_FLAG_EXP_DONE = 1u << 18,
   RDNA_FLAG_EXP_COMPR = 1u << 19,
   RDNA_FLAG_EXP_VM = 1u << 20,
   RDNA_FLAG_HIGH = 1u << 21,       /* VINTRP high (f16 interpolation of the high half) */
   RDNA_FLAG_OFFSET_SET = 1u << 22, /* an offset field is present in the text or bytes */
};

/* Modifiers that are not per-operand. Fields an encoding lacks stay zero. */
struct rdna_modifiers {
   uint32_t flags;     /* enum rdna_inst_flag bits */
   int32_t offset;     /* memory offset (SMEM, MUBUF, MTBUF, FLAT, DS offset0) */
   uint16_t offset1;   /* DS offset1 */
   uint8_t omod;       /* VOP3/SDWA output modifier: 0 none, 1 mul:2, 2 mul:4, 3 div:2 */
   uint8_t op_sel;     /* VOP3 op_sel bits (src0..src2, dst) / VOP3P op_sel */
   uint8_t op_sel_hi;  /* VOP3P op_sel_hi */
   uint8_t neg_hi;     /* VOP3P neg_hi (neg_lo is RDNA_MOD_NEG on the sources) */
   uint16_t dpp_ctrl;  /* DPP16 control */
   uint8_t row_mask;   /* DPP16 */
   uint8_t bank_mask;  /* DPP16 */
   uint32_t dpp8;      /* DPP8 lane selects, 8 x 3 bits */
   uint8_t dst_sel;    /* SDWA */
   uint8_t dst_unused; /* SDWA */
   uint8_t src_sel[2]; /* SDWA src0/src1 selects */
   uint8_t dmask;      /* MIMG */
   uint8_t dim;        /* MIMG */
   uint8_t format;     /* MTBUF unified format */
   uint8_t exp_target; /* EXP target */
   uint8_t exp_en;     /* EXP enable mask */
   uint8_t attr;       /* VINTRP attribute */
   uint8_t attr_chan;  /* VINTRP channel */
};

/* A decoded instruction. `op` indexes the instruction table (rdna_op_name() names it);
 * `encoding` is the encoding actually used (a VOP2 row may be encoded as VOP3, DPP16, ...). */
struct rdna_inst {
   uint16_t op;
   uint8_t encoding;
   uint8_t size; /* bytes, literal included */
   uint8_t num_operands;
   struct rdna_operand operands[RDNA_MAX_OPERANDS];
   struct rdna_modifiers mod;
};

/* The mnemonic of table row `op` ("v_add_f32"); "?" when out of range. */
const char *rdna_op_name(unsigned op);
/* Number of rows in the instruction table. */
unsigned rdna_op_count(void);
/* "SOP2", "VOP3", "DPP16", ...; "?" when out of range. */
const char *rdna_encoding_name(unsigned encoding);

/* Decodes the instruction at the start of `bytes`. On success fills *inst (inst->size bytes
 * consumed). Truncated input, opcodes the target lacks and invalid fields return a status and,
 * when `diag` is given, a message; offset is left 0 (callers add their own base). */
enum rdna_status rdna_decode(const struct rdna_isa_config *config, const void *bytes, size_t size,
                             struct rdna_inst *inst, struct rdna_diag *diag);

/* Encodes *inst into `words` (room for RDNA_MAX_INST_WORDS); sets *num_words. */
enum rdna_status rdna_encode(const struct rdna_isa_config *config, const struct rdna_inst *inst,
                             uint32_t words[RDNA_MAX_INST_WORDS], size_t *num_words,
                             struct rdna_diag *diag);

/* Prints *inst as llvm-mc-14 disassembles it, without leading tab or trailing newline.
 * Returns the length of the full text; writes at most size-1 characters plus a NUL (snprintf
 * semantics). Branch targets print as the raw simm16, as llvm-mc does. */
size_t rdna_print(const struct rdna_isa_config *config, const struct rdna_inst *inst, char *buf,
                  size_t size);

/* Parses one instruction of llvm-mc syntax (no label definitions; a branch target must be a
 * number). On failure the diag's column points into `text`. */
enum rdna_status rdna_parse(const struct rdna_isa_config *config, const char *text,
                            struct rdna_inst *inst, struct rdna_diag *diag);

/* Assembled code: words, the byte offset of each instruction, and the labels. Opaque. */
struct rdna_code;

/* Assembles a whole source text: one instruction or directive per line, `label:` definitions,
 * `.long`/`.word` raw dwords, comments after ';' or '//' (llvm-mc's AMDGPU syntax has no '#'
 * comment). `name` is used in diagnostics (may be NULL). On failure returns the status of the first
 * error and fills `diag` with its line and column; *code is set only on success. */
enum rdna_status rdna_assemble(const struct rdna_isa_config *config, const char *source,
                               size_t length, const char *name, struct rdna_code **code,
                               struct rdna_diag *diag);

/* Accepts NULL. */
void rdna_code_destroy(struct rdna_code *code);
/* The assembled dwords (little-endian in memory order when written out). */
const uint32_t *rdna_code_words(const struct rdna_code *code, size_t *num_words);
/* Number of labels, and the name and byte offset of label i. */
size_t rdna_code_label_count(const struct rdna_code *code);
const char *rdna_code_label(const struct rdna_code *code, size_t index, uint32_t *byte_offset);

#endif
