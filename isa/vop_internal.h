/* Shared internals of the vector ALU encodings (isa/vop.c for VOP1, VOP2, VOPC and VOP3,
 * isa/vop_dpp.c for DPP16 and DPP8, isa/vop_sdwa.c for SDWA): where each operand of a row sits,
 * which modifier bits each encoding gives a row, and operand decoding and printing with the
 * rules llvm-mc-14 follows for these encodings. */
#ifndef RDNA_VOP_INTERNAL_H
#define RDNA_VOP_INTERNAL_H

#include "isa_internal.h"

/* The source-code markers of the e32 src0 field that announce a second dword. */
enum {
   VOP_SRC_DPP8 = RDNA_REG_DPP8,
   VOP_SRC_DPP8_FI = RDNA_REG_DPP8_FI,
   VOP_SRC_SDWA = RDNA_REG_SDWA,
   VOP_SRC_DPP16 = RDNA_REG_DPP16,
};

/* Operand indexes of a row by role; -1 where the row has no such operand. */
struct vop_layout {
   int vdst, sdst, k, attr, param;
   int src[3];
};

void vop_layout(const struct op_info *info, struct vop_layout *layout);

/* What the modifier bits of one source mean in an encoding. */
enum vop_mods {
   VOP_MODS_NONE,    /* the bits must be zero */
   VOP_MODS_FLOAT,   /* neg and abs */
   VOP_MODS_INT,     /* integer modifiers: sext in SDWA, sext in the VOP3 neg bit */
   VOP_MODS_IGNORED, /* llvm-mc decodes the bits but prints nothing: we accept and drop them */
};

/* The modifier bits a row has in its VOP3 encoding (vop3_profile in vop.c says why). */
struct vop3_profile {
   uint8_t mods[3];
   bool clamp;
   bool omod;
   bool vop3b;         /* bits 14..8 hold a carry-out SGPR */
   uint8_t opsel_mask; /* valid op_sel bits: src0, src1, src2, dst */
   uint8_t opsel_count;
};
void vop3_profile(unsigned op, const struct op_info *info, struct vop3_profile *p);

bool vop_is_row(unsigned op, enum rdna_op row);
/* Lane selects of v_readlane/v_writelane/v_permlane: a scalar register or inline constant. */
bool vop_lane_select_operand(unsigned op, unsigned role);
/* The value v_writelane_b32 writes: any scalar source, no VGPR. */
bool vop_scalar_value_operand(unsigned op, unsigned role);
/* v_swap_b32/v_swaprel_b32: src0 is a VGPR from the low eight bits of the field. */
bool vop_swap_src0(unsigned op);
/* Where llvm-mc takes src_lds_direct. */
bool vop_lds_direct_allowed(unsigned op, unsigned role);
bool vop_is_interp_f16(unsigned op);
bool vop_is_interp_vop3(unsigned op);
/* Inline constant codes (integers and floats). */
bool vop_is_inline(unsigned code);
/* The bit patterns of the float inline constants 0.5 .. 1/(2*pi), and the interpolation
 * parameter names. */
extern const uint16_t vop_f16_bits[9];
extern const uint32_t vop_f32_bits[9];
extern const char *const vop_interp_params[3];

/* Whether a data type takes floating-point modifiers. */
bool vop_type_is_float(unsigned type);
/* Whether any source of the row is a float. */
bool vop_any_float_source(const struct op_info *info);
/* Whether the row's first destination (vdst or sdst) is a float. */
bool vop_float_dst(const struct op_info *info);

/* Rows whose src0 llvm-mc's assembler takes only as a VGPR or src_lds_direct (v_movrels*,
 * v_readfirstlane_b32). */
bool vop_src0_register_only(unsigned op);

/* The e32 form prints with the _e32 suffix only when the row has another encoding. */
bool vop_has_other_forms(const struct op_info *info);

/* Source printing with llvm-mc's rules for VALU operands (literal and inline constant text by
 * operand type, the k literal in hex, attributes and interpolation parameters). */
void vop_print_operand(struct strbuf *sb, const struct rdna_inst *inst, unsigned index);
/* Prints the mnemonic with `suffix` and the operands separated by ", ". */
void vop_print_mnemonic_operands(struct strbuf *sb, const struct rdna_inst *inst,
                                 const char *suffix);

/* Decodes a 9-bit VALU source into operand `index` of the row, rejecting what llvm-mc rejects
 * (and what it prints as "invalid immediate": constants in lane-mask slots). */
enum rdna_status vop_decode_source(struct decode_ctx *ctx, const struct op_info *info,
                                   unsigned index, unsigned code, struct rdna_inst *inst);
/* A VGPR operand from an 8-bit VGPR field. */
void vop_decode_vgpr(struct decode_ctx *ctx, const struct op_info *info, unsigned index,
                     unsigned vgpr, struct rdna_inst *inst);
/* The implicit VCC operand of e32/DPP/SDWA forms (vcc_lo in wave32, vcc in wave64). */
void vop_implicit_vcc(struct decode_ctx *ctx, const struct op_info *info, unsigned index,
                      struct rdna_inst *inst);
/* A scalar destination from a 7-bit SGPR field (VOPC sdst, VOP3b sdst, readlane). */
enum rdna_status vop_decode_sdst(struct decode_ctx *ctx, const struct op_info *info, unsigned index,
                                 unsigned code, struct rdna_inst *inst);

/* Checks that operand `index` is a VGPR and returns its 8-bit number. */
enum rdna_status vop_encode_vgpr(struct encode_ctx *ctx, const struct rdna_inst *inst, int index,
                                 unsigned *vgpr);
/* Checks that operand `index` is VCC (the implicit operand of the short forms). */
enum rdna_status vop_encode_vcc(struct encode_ctx *ctx, const struct rdna_inst *inst, int index);
/* The SGPR code of a scalar destination. */
enum rdna_status vop_encode_sdst(struct encode_ctx *ctx, const struct rdna_inst *inst, int index,
                                 unsigned *code);
/* Fails when operand `index` carries modifiers outside `allowed` (RDNA_MOD_* bits). */
enum rdna_status vop_check_mods(struct encode_ctx *ctx, const struct rdna_inst *inst, int index,
                                unsigned allowed);

/* Building: fits parsed operand `index` to the row's slot for the chosen encoding. `accept`
 * as for fit_operand; the implicit VCC of the short forms is checked by the caller. */
enum rdna_status vop_fit_operand(struct build_ctx *b, unsigned index, unsigned accept);
/* Accepts a boolean modifier ("clamp") or a name:0/1 modifier ("fi:1"); *set tells which. */
enum rdna_status vop_build_flag(struct build_ctx *b, const char *name, bool *set);
/* The omod modifiers mul:2, mul:4, div:2 into inst->mod.omod. */
enum rdna_status vop_build_omod(struct build_ctx *b);
/* Fails when modifier `name` is present (the row or encoding lacks it). */
enum rdna_status vop_reject_modifier(struct build_ctx *b, const char *name, const char *why);
/* Fits a lane-mask operand (an SGPR, or a pair in wave64). */
enum rdna_status vop_fit_mask(struct build_ctx *b, unsigned index);
/* Fails when trailing modifiers are out of llvm-mc's order; `order` lists names by rank, names
 * of one rank joined by '|'. */
enum rdna_status vop_check_modifier_order(struct build_ctx *b, const char *const *order,
                                          unsigned count);
/* Fails when the instruction reads more scalar values than GFX10's constant bus carries. */
enum rdna_status vop_check_constant_bus(struct build_ctx *b);
/* Whether operand `index` is VCC of the wave size (vcc_lo in wave32, vcc in wave64). */
bool vop_parsed_is_vcc(const struct build_ctx *b, unsigned index);
/* Fits operand `index`, a slot only VCC can fill in the encoding `form` names ("a DPP
 * instruction"), as VCC of the wave size; fails naming the form otherwise. */
enum rdna_status vop_fit_vcc(struct build_ctx *b, unsigned index, const char *form);

/* DPP16 and DPP8 (isa/vop_dpp.c). The first dword is that of the e32 form with the marker. */
enum rdna_status vop_decode_dpp(struct decode_ctx *ctx, uint32_t word, unsigned op,
                                struct rdna_inst *inst);
enum rdna_status vop_encode_dpp(struct encode_ctx *ctx, const struct rdna_inst *inst,
                                uint32_t word);
void vop_print_dpp(struct strbuf *sb, const struct rdna_inst *inst);
enum rdna_status vop_build_dpp(struct build_ctx *b, bool dpp8);
/* Whether the statement carries a DPP16 or DPP8 modifier (for a mnemonic without suffix). */
bool vop_stmt_has_dpp(const struct parsed_stmt *stmt, bool *dpp8);

/* SDWA (isa/vop_sdwa.c). */
enum rdna_status vop_decode_sdwa(struct decode_ctx *ctx, uint32_t word, unsigned op,
                                 struct rdna_inst *inst);
enum rdna_status vop_encode_sdwa(struct encode_ctx *ctx, const struct rdna_inst *inst,
                                 uint32_t word);
void vop_print_sdwa(struct strbuf *sb, const struct rdna_inst *inst);
enum rdna_status vop_build_sdwa(struct build_ctx *b);
bool vop_stmt_has_sdwa(const struct parsed_stmt *stmt);

/* The first dword of the e32 form of row `op` (opcode fields only) and its src0 field. */
uint32_t vop_e32_word(const struct rdna_isa_config *config, unsigned op);

#endif
