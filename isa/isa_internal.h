/* Internals of the instruction-set layer: the table's enums and rows, the per-encoding
 * decode/encode/print/build functions, and the shared helpers they use (operand decoding,
 * printing and fitting, the text buffer). Everything here expands from the .def tables. */
#ifndef RDNA_ISA_INTERNAL_H
#define RDNA_ISA_INTERNAL_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rdna/isa.h"

/* ---- the table ---------------------------------------------------------------------------- */

enum rdna_format {
#define FORMAT(name, is_row) RDNA_FMT_##name,
#include "formats.def"
#undef FORMAT
   RDNA_FMT_COUNT
};

enum rdna_role {
#define ROLE(name) RDNA_ROLE_##name,
#include "operands.def"
#undef ROLE
   RDNA_ROLE_COUNT
};

enum rdna_type {
#define TYPE(name, dwords) RDNA_TYPE_##name,
#include "operands.def"
#undef TYPE
   RDNA_TYPE_COUNT
};

/* Row flags: implicit register reads/writes and properties the formats need. */
enum rdna_op_flag {
   R_SCC = 1u << 0,
   W_SCC = 1u << 1,
   R_EXEC = 1u << 2,
   W_EXEC = 1u << 3,
   R_VCC = 1u << 4,
   W_VCC = 1u << 5,
   R_M0 = 1u << 6,
   W_M0 = 1u << 7,
   BRANCH = 1u << 8,           /* PC-relative branch through simm16 */
   JUMP = 1u << 9,             /* jumps to a register value (s_setpc, s_swappc) */
   CALL = 1u << 10,            /* writes a return address */
   ENDPGM = 1u << 11,          /* ends the wave */
   NO_VOP3 = 1u << 12,         /* a VOP1/VOP2/VOPC row without a VOP3 encoding */
   NO_DPP = 1u << 13,          /* a VOP1/VOP2/VOPC row without DPP16/DPP8 encodings */
   NO_SDWA = 1u << 14,         /* a VOP1/VOP2/VOPC row without an SDWA encoding */
   E64_ONLY_TEXT = 1u << 15,   /* VOP3 form prints without the _e64 suffix */
   TIED_SRC2 = 1u << 16,       /* src2 is the destination register (mac/fmac): not in e32 text */
   NO_OPERANDS_E32 = 1u << 17, /* prints as the bare mnemonic (v_nop, v_clrexcp) */
   RDNA_OP_FLAG_EXTRA1 = 1u << 18, /* free for the formats' own use; name them in their file */
   RDNA_OP_FLAG_EXTRA2 = 1u << 19,
   RDNA_OP_FLAG_EXTRA3 = 1u << 20,
   RDNA_OP_FLAG_EXTRA4 = 1u << 21,
};

/* Opcode of a row on a target that lacks it. */
#define NONE (-1)

/* The table: table.def includes one row file per instruction class. Each row:
 *   INST(mnemonic, FORMAT, opcode_gfx1013, opcode_gfx1030, "signature", flags) */
enum rdna_op {
#define INST(name, format, op1013, op1030, signature, flags) RDNA_OP_##name,
#include "table.def"
#undef INST
   RDNA_OP_COUNT
};

/* Slot flags, written as a third field of a signature word ("ssrc0:b64:reg"). */
enum op_slot_flag {
   SLOT_REG = 1u << 0, /* registers only: no inline constant, literal or src_* special */
};

struct op_slot {
   uint8_t role;  /* enum rdna_role */
   uint8_t type;  /* enum rdna_type */
   uint8_t flags; /* enum op_slot_flag */
};

/* A row of the table with its signature parsed. */
struct op_info {
   const char *name;
   const char *signature;             /* as written in the row */
   uint8_t format;                    /* enum rdna_format */
   int16_t opcode[RDNA_TARGET_COUNT]; /* NONE where the target lacks it */
   uint32_t flags;                    /* enum rdna_op_flag */
   uint8_t num_slots;
   struct op_slot slots[RDNA_MAX_OPERANDS];
};

/* The row of op; NULL when out of range. Parsed on first use, thread-safe. */
const struct op_info *op_info(unsigned op);
/* The row encoded as `opcode` in `format` on the target; -1 when none. */
int op_lookup_opcode(enum rdna_target target, enum rdna_format format, unsigned opcode);
/* The row named `name` (exact mnemonic, no _e32/_e64/_dpp/_sdwa suffix); -1 when none. */
int op_lookup_name(const char *name, size_t length);
/* The opcode of `op` on the target (NONE when absent). */
int op_opcode(unsigned op, enum rdna_target target);
/* Whether a row exists on the target. */
bool op_on_target(unsigned op, enum rdna_target target);

const char *role_name(unsigned role);
const char *type_name(unsigned type);
/* Register width of `type` in this wave size (mask: 1 or 2); 0 for immediate kinds. */
unsigned type_width(unsigned type, unsigned wave_size);
bool type_is_float(unsigned type);
/* Bits of one element: 16, 32 or 64 for scalar data types (b16/i16/u16/f16/v2*: 16 for inline
 * constant purposes is NOT implied: v2 types report 32); 32 for wider raw types. */
unsigned type_bits(unsigned type);

/* ---- text buffer -------------------------------------------------------------------------- */

/* An snprintf-like accumulator: writes at most size-1 characters, counts all of them. */
struct strbuf {
   char *buf;
   size_t size;
   size_t len;
};

void sb_init(struct strbuf *sb, char *buf, size_t size);
void sb_puts(struct strbuf *sb, const char *s);
void sb_putc(struct strbuf *sb, char c);
void sb_printf(struct strbuf *sb, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* ---- diagnostics -------------------------------------------------------------------------- */

/* Fills `diag` (when given) with status, line, column (0 when unknown) and the printf-style
 * message; returns status. The *_fail functions of decoding, encoding, building and lexing end
 * here. */
enum rdna_status isa_vfail(struct rdna_diag *diag, enum rdna_status status, unsigned line,
                           unsigned column, const char *fmt, va_list ap)
   __attribute__((format(printf, 5, 0)));

/* ---- decoding ----------------------------------------------------------------------------- */

struct decode_ctx {
   const struct rdna_isa_config *config;
   const uint8_t *bytes;
   size_t size;         /* bytes available */
   unsigned words_used; /* dwords consumed so far, the literal excluded */
   bool literal_used;   /* an operand fetched the literal */
   uint32_t literal;
   struct rdna_diag *diag;
};

/* Dword i of the instruction; TRUNCATED (with a message) when not in the input. */
enum rdna_status decode_word(struct decode_ctx *ctx, unsigned index, uint32_t *word);
/* Fills a source operand from a 9-bit source code (0-255 scalar/constant, 256+ VGPR) and the
 * slot's type; a literal (255) is fetched after the instruction's `words_used` dwords. */
enum rdna_status decode_source(struct decode_ctx *ctx, unsigned code, const struct op_slot *slot,
                               struct rdna_operand *operand);
/* A register operand (SGPR code 0-127 or VGPR code 256+), width from the slot's type. */
void decode_register(struct decode_ctx *ctx, unsigned code, const struct op_slot *slot,
                     struct rdna_operand *operand);
/* An immediate operand. */
void decode_immediate(uint32_t value, const struct op_slot *slot, struct rdna_operand *operand);
/* Sets status and message in diag (when given) and returns status. printf-style. */
enum rdna_status decode_fail(struct decode_ctx *ctx, enum rdna_status status, const char *fmt, ...)
   __attribute__((format(printf, 3, 4)));
/* Finishes: size = (words_used + literal) * 4; checks size fits the input. */
enum rdna_status decode_finish(struct decode_ctx *ctx, struct rdna_inst *inst);

/* Per-encoding decoders: called with the first dword known to belong to the class. */
enum rdna_status decode_sop(struct decode_ctx *ctx, uint32_t word, struct rdna_inst *inst);
enum rdna_status decode_smem(struct decode_ctx *ctx, uint32_t word, struct rdna_inst *inst);
enum rdna_status decode_vop(struct decode_ctx *ctx, uint32_t word, struct rdna_inst *inst);
enum rdna_status decode_vop3p(struct decode_ctx *ctx, uint32_t word, struct rdna_inst *inst);
enum rdna_status decode_ds(struct decode_ctx *ctx, uint32_t word, struct rdna_inst *inst);
enum rdna_status decode_mubuf(struct decode_ctx *ctx, uint32_t word, struct rdna_inst *inst);
enum rdna_status decode_flat(struct decode_ctx *ctx, uint32_t word, struct rdna_inst *inst);
enum rdna_status decode_mimg(struct decode_ctx *ctx, uint32_t word, struct rdna_inst *inst);
enum rdna_status decode_exp(struct decode_ctx *ctx, uint32_t word, struct rdna_inst *inst);

/* ---- encoding ----------------------------------------------------------------------------- */

struct encode_ctx {
   const struct rdna_isa_config *config;
   uint32_t *words;  /* RDNA_MAX_INST_WORDS */
   size_t num_words; /* dwords written so far */
   bool literal_used;
   uint32_t literal;
   struct rdna_diag *diag;
};

/* The 9-bit source code of an operand (VGPRs 256+), registering a literal; fails when two
 * different literals are needed. */
enum rdna_status encode_source(struct encode_ctx *ctx, const struct rdna_operand *operand,
                               unsigned *code);
/* The 8-bit VGPR number of an operand; fails, naming its role, when it is not a VGPR. */
enum rdna_status encode_vgpr(struct encode_ctx *ctx, const struct rdna_operand *o, unsigned *code);
enum rdna_status encode_fail(struct encode_ctx *ctx, enum rdna_status status, const char *fmt, ...)
   __attribute__((format(printf, 3, 4)));

/* Per-class encoders: write ctx->words[0..] and set num_words (literal appended by caller). */
enum rdna_status encode_sop(struct encode_ctx *ctx, const struct rdna_inst *inst);
enum rdna_status encode_smem(struct encode_ctx *ctx, const struct rdna_inst *inst);
enum rdna_status encode_vop(struct encode_ctx *ctx, const struct rdna_inst *inst);
enum rdna_status encode_vop3p(struct encode_ctx *ctx, const struct rdna_inst *inst);
enum rdna_status encode_ds(struct encode_ctx *ctx, const struct rdna_inst *inst);
enum rdna_status encode_mubuf(struct encode_ctx *ctx, const struct rdna_inst *inst);
enum rdna_status encode_flat(struct encode_ctx *ctx, const struct rdna_inst *inst);
enum rdna_status encode_mimg(struct encode_ctx *ctx, const struct rdna_inst *inst);
enum rdna_status encode_exp(struct encode_ctx *ctx, const struct rdna_inst *inst);

/* ---- printing ----------------------------------------------------------------------------- */

/* Prints operand i as llvm-mc does: registers (s5, v[2:3], vcc_lo, ttmp[4:5], exec), inline
 * constants (-4, 0.5, 0.15915494), literals by type, immediates in decimal, with neg/abs/sext
 * around it. */
void print_operand(struct strbuf *sb, const struct rdna_isa_config *config,
                   const struct rdna_inst *inst, unsigned index);
/* Prints a register range by code and width ("s[4:7]", "v1", "vcc", "exec_lo"). */
void print_register(struct strbuf *sb, unsigned reg, unsigned width);
/* Prints all operands from `first` on, separated by ", ". */
void print_operands(struct strbuf *sb, const struct rdna_isa_config *config,
                    const struct rdna_inst *inst, unsigned first);

/* Per-class printers: the whole text, mnemonic included. */
void print_sop(struct strbuf *sb, const struct rdna_isa_config *config,
               const struct rdna_inst *inst);
void print_smem(struct strbuf *sb, const struct rdna_isa_config *config,
                const struct rdna_inst *inst);
void print_vop(struct strbuf *sb, const struct rdna_isa_config *config,
               const struct rdna_inst *inst);
void print_vop3p(struct strbuf *sb, const struct rdna_isa_config *config,
                 const struct rdna_inst *inst);
void print_ds(struct strbuf *sb, const struct rdna_isa_config *config,
              const struct rdna_inst *inst);
void print_mubuf(struct strbuf *sb, const struct rdna_isa_config *config,
                 const struct rdna_inst *inst);
void print_flat(struct strbuf *sb, const struct rdna_isa_config *config,
                const struct rdna_inst *inst);
void print_mimg(struct strbuf *sb, const struct rdna_isa_config *config,
                const struct rdna_inst *inst);
void print_exp(struct strbuf *sb, const struct rdna_isa_config *config,
               const struct rdna_inst *inst);

/* ---- parsing ------------------------------------------------------------------------------ */

enum parsed_kind {
   PARSED_REG,   /* a register or range: reg + width */
   PARSED_INT,   /* an integer (ival) */
   PARSED_FLOAT, /* a floating-point number (fval); integers written with '.' or 'e' */
   PARSED_NAME,  /* an identifier (label, off, mrt0, p10, attr0.x, ...) */
   PARSED_CALL,  /* name(args...), possibly several joined by spaces or '&' (vmcnt(0) lgkmcnt(0)) */
   PARSED_LIST,  /* [a, b, ...] of registers: NSA addresses, or [s0,s1] for a range */
};

#define PARSED_MAX_ARGS 6

/* name(arg, ...): hwreg(HW_REG_MODE, 0, 4), sendmsg(MSG_GS, GS_OP_EMIT, 0), vmcnt(0),
 * swizzle(QUAD_PERM, 0, 1, 2, 3). Arguments are integers or names. */
struct parsed_call {
   char name[32];
   unsigned column;
   unsigned num_args;
   struct {
      bool is_name;
      int64_t ival;
      char name[40];
   } args[PARSED_MAX_ARGS];
};

struct parsed_operand {
   enum parsed_kind kind;
   unsigned column; /* 1-based column of the operand's first character */
   uint8_t mods;    /* RDNA_MOD_* written around it */
   uint16_t reg;    /* PARSED_REG */
   uint8_t width;
   int64_t ival;       /* PARSED_INT */
   double fval;        /* PARSED_FLOAT */
   char name[64];      /* PARSED_NAME */
   unsigned num_calls; /* PARSED_CALL */
   struct parsed_call calls[3];
   unsigned num_items; /* PARSED_LIST: registers */
   struct {
      uint16_t reg;
      uint8_t width;
   } items[16];
};

/* A trailing modifier: name, name:value, name:[v, v, ...]. */
struct parsed_modifier {
   char name[24];
   unsigned column;
   bool used; /* set by the build function that consumed it */
   bool has_value;
   bool is_list;       /* name:[...] */
   bool value_is_name; /* name:IDENT (dst_sel:WORD_1, dim:SQ_RSRC_IMG_2D) */
   char text[48];      /* value as written when value_is_name (or list of names joined by ',') */
   unsigned num_values;
   int64_t values[8]; /* integer value(s) */
   bool is_call;      /* name:func(...) (offset:swizzle(...)) */
   struct parsed_call call;
};

enum vop_suffix {
   SUFFIX_NONE,
   SUFFIX_E32,
   SUFFIX_E64,
   SUFFIX_DPP,
   SUFFIX_SDWA
};

struct parsed_stmt {
   char mnemonic[64];
   unsigned column;
   enum vop_suffix suffix; /* stripped from the mnemonic when the bare name is a row */
   unsigned num_operands;
   struct parsed_operand operands[RDNA_MAX_OPERANDS];
   unsigned num_modifiers;
   struct parsed_modifier modifiers[16];
};

/* Resolves label names of branch operands to byte offsets (the assembler's labels). */
struct label_resolver {
   bool (*lookup)(void *user, const char *name, uint32_t *byte_offset);
   void *user;
   uint32_t pc; /* byte offset of the instruction being built */
};

/* Everything a format's build function needs. */
struct build_ctx {
   const struct rdna_isa_config *config;
   const struct parsed_stmt *stmt;
   unsigned op; /* the row, found by mnemonic and on the target */
   struct rdna_inst *inst;
   struct rdna_diag *diag;
   unsigned line;                       /* for diagnostics */
   const struct label_resolver *labels; /* resolves label operands; NULL in rdna_parse */
};

/* Records an error at `column` of the current line; returns status. */
enum rdna_status build_fail(struct build_ctx *b, unsigned column, enum rdna_status status,
                            const char *fmt, ...) __attribute__((format(printf, 4, 5)));

/* What an operand slot accepts: the register files and constant kinds. */
enum fit_accept {
   ACCEPT_SGPR = 1u << 0, /* s0-s105, vcc, ttmp, m0, null, exec (scalar registers) */
   ACCEPT_VGPR = 1u << 1,
   ACCEPT_INLINE = 1u << 2,  /* inline constants and src_* specials */
   ACCEPT_LITERAL = 1u << 3, /* a 32-bit literal */
   ACCEPT_IMM = 1u << 4,     /* an immediate field value (no register) */
   ACCEPT_OFF = 1u << 5,     /* the word "off" */
   ACCEPT_MODS = 1u << 6,    /* neg/abs allowed */
   ACCEPT_SEXT = 1u << 7,    /* sext() allowed */
   ACCEPT_SCALAR_SRC = ACCEPT_SGPR | ACCEPT_INLINE | ACCEPT_LITERAL,
   ACCEPT_ANY_SRC = ACCEPT_SGPR | ACCEPT_VGPR | ACCEPT_INLINE | ACCEPT_LITERAL,
};

/* Converts parsed operand `index` into the inst's operand of the same index, for the row's slot
 * of that index: checks the register file and width, turns numbers into inline constants when
 * the slot's type has one and into a literal otherwise (f16/f32/f64/int rules of llvm-mc). */
enum rdna_status fit_operand(struct build_ctx *b, unsigned index, unsigned accept);
/* Adds operands to inst from the row's slots with the same acceptance for each; sets
 * num_operands. Fails when the count differs. */
enum rdna_status fit_all_operands(struct build_ctx *b, unsigned accept);
/* llvm-mc-14 takes a list of consecutive single registers ([v1, v2]) or a one-item list
 * ([v[1:2]]) wherever a register range goes; fit_operand does not, so the memory classes turn
 * such lists into ranges before fitting (the statement is the build's scratch copy). Operand
 * `keep_index` (-1: none) stays a list. */
void build_lists_to_ranges(struct build_ctx *b, int keep_index);
/* Checks the statement has exactly the row's number of operands. */
enum rdna_status build_expect_operands(struct build_ctx *b, unsigned count);
/* The modifier named `name`, marked used; NULL when absent. */
struct parsed_modifier *build_modifier(struct build_ctx *b, const char *name);
/* Fails on the first modifier no build step used. */
enum rdna_status build_check_modifiers(struct build_ctx *b);
/* Integer value of an int-valued modifier in [min, max]; fails otherwise. */
enum rdna_status build_modifier_int(struct build_ctx *b, const struct parsed_modifier *m,
                                    int64_t min, int64_t max, int64_t *value);
/* Inline constant code for an integer or float of the given type; -1 when it has none. */
int inline_constant_code(enum parsed_kind kind, int64_t ival, double fval, unsigned type);

/* Per-class builders: from the parsed statement and row to a complete rdna_inst (encoding,
 * operands, modifiers). */
enum rdna_status build_sop(struct build_ctx *b);
enum rdna_status build_smem(struct build_ctx *b);
enum rdna_status build_vop(struct build_ctx *b);
enum rdna_status build_vop3p(struct build_ctx *b);
enum rdna_status build_ds(struct build_ctx *b);
enum rdna_status build_mubuf(struct build_ctx *b);
enum rdna_status build_flat(struct build_ctx *b);
enum rdna_status build_mimg(struct build_ctx *b);
enum rdna_status build_exp(struct build_ctx *b);

/* Parses one statement: used by rdna_parse and the assembler. */
enum rdna_status parse_statement(const struct rdna_isa_config *config, const char *text,
                                 size_t length, unsigned line, struct parsed_stmt *stmt,
                                 struct rdna_diag *diag);
enum rdna_status build_statement(const struct rdna_isa_config *config,
                                 const struct parsed_stmt *stmt, unsigned line,
                                 const struct label_resolver *labels, struct rdna_inst *inst,
                                 struct rdna_diag *diag);

#endif
