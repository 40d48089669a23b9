/* rdna_encode: hands the instruction to its class's encoder and appends the literal dword the
 * encoder registered. */
#include <string.h>

#include "isa_internal.h"

enum rdna_status rdna_encode(const struct rdna_isa_config *config, const struct rdna_inst *inst,
                             uint32_t words[RDNA_MAX_INST_WORDS], size_t *num_words,
                             struct rdna_diag *diag)
{
   uint32_t out[RDNA_MAX_INST_WORDS + 1];
   struct encode_ctx ctx = { .config = config, .words = out, .diag = diag };
   if (num_words)
      *num_words = 0;
   if (!config || (unsigned)config->target >= RDNA_TARGET_COUNT ||
       (config->wave_size != 32 && config->wave_size != 64) || !inst || !words || !num_words)
      return encode_fail(&ctx, RDNA_BAD_ARGUMENT, "encode needs an instruction, room and a config");
   const struct op_info *info = op_info(inst->op);
   if (!info)
      return encode_fail(&ctx, RDNA_BAD_ARGUMENT, "op %u is not a table row", inst->op);
   if (!op_on_target(inst->op, config->target))
      return encode_fail(&ctx, RDNA_NOT_ON_TARGET, "%s does not exist on %s", info->name,
                         rdna_target_name(config->target));
   memset(out, 0, sizeof(out));

   enum rdna_status st;
   switch (inst->encoding) {
   case RDNA_FMT_SOP1:
   case RDNA_FMT_SOP2:
   case RDNA_FMT_SOPK:
   case RDNA_FMT_SOPC:
   case RDNA_FMT_SOPP:
      st = encode_sop(&ctx, inst);
      break;
   case RDNA_FMT_SMEM:
      st = encode_smem(&ctx, inst);
      break;
   case RDNA_FMT_VOP1:
   case RDNA_FMT_VOP2:
   case RDNA_FMT_VOPC:
   case RDNA_FMT_VOP3:
   case RDNA_FMT_DPP16:
   case RDNA_FMT_DPP8:
   case RDNA_FMT_SDWA:
      st = encode_vop(&ctx, inst);
      break;
   case RDNA_FMT_VOP3P:
      st = encode_vop3p(&ctx, inst);
      break;
   case RDNA_FMT_DS:
      st = encode_ds(&ctx, inst);
      break;
   case RDNA_FMT_MUBUF:
   case RDNA_FMT_MTBUF:
      st = encode_mubuf(&ctx, inst);
      break;
   case RDNA_FMT_FLAT:
   case RDNA_FMT_GLOBAL:
   case RDNA_FMT_SCRATCH:
      st = encode_flat(&ctx, inst);
      break;
   case RDNA_FMT_MIMG:
      st = encode_mimg(&ctx, inst);
      break;
   case RDNA_FMT_EXP:
   case RDNA_FMT_VINTRP:
      st = encode_exp(&ctx, inst);
      break;
   default:
      st = encode_fail(&ctx, RDNA_BAD_ARGUMENT, "encoding %u is not valid", inst->encoding);
      break;
   }
   if (st != RDNA_OK)
      return st;
   if (ctx.literal_used)
      out[ctx.num_words++] = ctx.literal;
   if (ctx.num_words > RDNA_MAX_INST_WORDS)
      return encode_fail(&ctx, RDNA_INVALID_OPERAND, "instruction longer than %d dwords",
                         RDNA_MAX_INST_WORDS);
   memcpy(words, out, ctx.num_words * sizeof(uint32_t));
   *num_words = ctx.num_words;
   return RDNA_OK;
}
