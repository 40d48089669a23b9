/* Instruction classes whose implementation has not landed yet: every entry
 * point says so with a status, so their rows are known but not decoded, printed
 * or assembled. */
#include "isa_internal.h"
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
