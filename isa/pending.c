/* Instruction classes whose implementation has not landed yet: every entry
 * point says so with a status, so their rows are known but not decoded, printed
 * or assembled. */
#include "isa_internal.h"
enum rdna_status decode_smem(struct decode_ctx *ctx, uint32_t word, struct rdna_inst *inst)
{
   (void)word;
   (void)inst;
   return decode_fail(ctx, RDNA_UNKNOWN_OPCODE, "smem encodings are not supported yet");
}
enum rdna_status encode_smem(struct encode_ctx *ctx, const struct rdna_inst *inst)
{
   (void)inst;
   return encode_fail(ctx, RDNA_UNKNOWN_OPCODE, "smem encodings are not supported yet");
}
void print_smem(struct strbuf *sb, const struct rdna_isa_config *config,
                const struct rdna_inst *inst)
{
   (void)config;
   (void)inst;
   sb_puts(sb, "<unsupported>");
}
enum rdna_status build_smem(struct build_ctx *b)
{
   return build_fail(b, b->stmt->column, RDNA_UNKNOWN_MNEMONIC,
                     "smem instructions are not supported yet");
}
enum rdna_status decode_vop(struct decode_ctx *ctx, uint32_t word, struct rdna_inst *inst)
{
   (void)word;
   (void)inst;
   return decode_fail(ctx, RDNA_UNKNOWN_OPCODE, "vop encodings are not supported yet");
}
enum rdna_status encode_vop(struct encode_ctx *ctx, const struct rdna_inst *inst)
{
   (void)inst;
   return encode_fail(ctx, RDNA_UNKNOWN_OPCODE, "vop encodings are not supported yet");
}
void print_vop(struct strbuf *sb, const struct rdna_isa_config *config,
               const struct rdna_inst *inst)
{
   (void)config;
   (void)inst;
   sb_puts(sb, "<unsupported>");
}
enum rdna_status build_vop(struct build_ctx *b)
{
   return build_fail(b, b->stmt->column, RDNA_UNKNOWN_MNEMONIC,
                     "vop instructions are not supported yet");
}
enum rdna_status decode_vop3p(struct decode_ctx *ctx, uint32_t word, struct rdna_inst *inst)
{
   (void)word;
   (void)inst;
   return decode_fail(ctx, RDNA_UNKNOWN_OPCODE, "vop3p encodings are not supported yet");
}
enum rdna_status encode_vop3p(struct encode_ctx *ctx, const struct rdna_inst *inst)
{
   (void)inst;
   return encode_fail(ctx, RDNA_UNKNOWN_OPCODE, "vop3p encodings are not supported yet");
}
void print_vop3p(struct strbuf *sb, const struct rdna_isa_config *config,
                 const struct rdna_inst *inst)
{
   (void)config;
   (void)inst;
   sb_puts(sb, "<unsupported>");
}
enum rdna_status build_vop3p(struct build_ctx *b)
{
   return build_fail(b, b->stmt->column, RDNA_UNKNOWN_MNEMONIC,
                     "vop3p instructions are not supported yet");
}
enum rdna_status decode_ds(struct decode_ctx *ctx, uint32_t word, struct rdna_inst *inst)
{
   (void)word;
   (void)inst;
   return decode_fail(ctx, RDNA_UNKNOWN_OPCODE, "ds encodings are not supported yet");
}
enum rdna_status encode_ds(struct encode_ctx *ctx, const struct rdna_inst *inst)
{
   (void)inst;
   return encode_fail(ctx, RDNA_UNKNOWN_OPCODE, "ds encodings are not supported yet");
}
void print_ds(struct strbuf *sb, const struct rdna_isa_config *config, const struct rdna_inst *inst)
{
   (void)config;
   (void)inst;
   sb_puts(sb, "<unsupported>");
}
enum rdna_status build_ds(struct build_ctx *b)
{
   return build_fail(b, b->stmt->column, RDNA_UNKNOWN_MNEMONIC,
                     "ds instructions are not supported yet");
}
enum rdna_status decode_mubuf(struct decode_ctx *ctx, uint32_t word, struct rdna_inst *inst)
{
   (void)word;
   (void)inst;
   return decode_fail(ctx, RDNA_UNKNOWN_OPCODE, "mubuf encodings are not supported yet");
}
enum rdna_status encode_mubuf(struct encode_ctx *ctx, const struct rdna_inst *inst)
{
   (void)inst;
   return encode_fail(ctx, RDNA_UNKNOWN_OPCODE, "mubuf encodings are not supported yet");
}
void print_mubuf(struct strbuf *sb, const struct rdna_isa_config *config,
                 const struct rdna_inst *inst)
{
   (void)config;
   (void)inst;
   sb_puts(sb, "<unsupported>");
}
enum rdna_status build_mubuf(struct build_ctx *b)
{
   return build_fail(b, b->stmt->column, RDNA_UNKNOWN_MNEMONIC,
                     "mubuf instructions are not supported yet");
}
enum rdna_status decode_flat(struct decode_ctx *ctx, uint32_t word, struct rdna_inst *inst)
{
   (void)word;
   (void)inst;
   return decode_fail(ctx, RDNA_UNKNOWN_OPCODE, "flat encodings are not supported yet");
}
enum rdna_status encode_flat(struct encode_ctx *ctx, const struct rdna_inst *inst)
{
   (void)inst;
   return encode_fail(ctx, RDNA_UNKNOWN_OPCODE, "flat encodings are not supported yet");
}
void print_flat(struct strbuf *sb, const struct rdna_isa_config *config,
                const struct rdna_inst *inst)
{
   (void)config;
   (void)inst;
   sb_puts(sb, "<unsupported>");
}
enum rdna_status build_flat(struct build_ctx *b)
{
   return build_fail(b, b->stmt->column, RDNA_UNKNOWN_MNEMONIC,
                     "flat instructions are not supported yet");
}
enum rdna_status decode_mimg(struct decode_ctx *ctx, uint32_t word, struct rdna_inst *inst)
{
   (void)word;
   (void)inst;
   return decode_fail(ctx, RDNA_UNKNOWN_OPCODE, "mimg encodings are not supported yet");
}
enum rdna_status encode_mimg(struct encode_ctx *ctx, const struct rdna_inst *inst)
{
   (void)inst;
   return encode_fail(ctx, RDNA_UNKNOWN_OPCODE, "mimg encodings are not supported yet");
}
void print_mimg(struct strbuf *sb, const struct rdna_isa_config *config,
                const struct rdna_inst *inst)
{
   (void)config;
   (void)inst;
   sb_puts(sb, "<unsupported>");
}
enum rdna_status build_mimg(struct build_ctx *b)
{
   return build_fail(b, b->stmt->column, RDNA_UNKNOWN_MNEMONIC,
                     "mimg instructions are not supported yet");
}
enum rdna_status decode_exp(struct decode_ctx *ctx, uint32_t word, struct rdna_inst *inst)
{
   (void)word;
   (void)inst;
   return decode_fail(ctx, RDNA_UNKNOWN_OPCODE, "exp encodings are not supported yet");
}
enum rdna_status encode_exp(struct encode_ctx *ctx, const struct rdna_inst *inst)
{
   (void)inst;
   return encode_fail(ctx, RDNA_UNKNOWN_OPCODE, "exp encodings are not supported yet");
}
void print_exp(struct strbuf *sb, const struct rdna_isa_config *config,
               const struct rdna_inst *inst)
{
   (void)config;
   (void)inst;
   sb_puts(sb, "<unsupported>");
}
enum rdna_status build_exp(struct build_ctx *b)
{
   return build_fail(b, b->stmt->column, RDNA_UNKNOWN_MNEMONIC,
                     "exp instructions are not supported yet");
}
