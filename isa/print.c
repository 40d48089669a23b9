/* rdna_print: hands the instruction to its class's printer, which writes llvm-mc's text. */
#include "isa_internal.h"

size_t rdna_print(const struct rdna_isa_config *config, const struct rdna_inst *inst, char *buf,
                  size_t size)
{
   struct strbuf sb;
   sb_init(&sb, buf, size);
   if (!config || !inst || !op_info(inst->op)) {
      sb_puts(&sb, "<invalid>");
      return sb.len;
   }
   switch (inst->encoding) {
   case RDNA_FMT_SOP1:
   case RDNA_FMT_SOP2:
   case RDNA_FMT_SOPK:
   case RDNA_FMT_SOPC:
   case RDNA_FMT_SOPP:
      print_sop(&sb, config, inst);
      break;
   case RDNA_FMT_SMEM:
      print_smem(&sb, config, inst);
      break;
   case RDNA_FMT_VOP1:
   case RDNA_FMT_VOP2:
   case RDNA_FMT_VOPC:
   case RDNA_FMT_VOP3:
   case RDNA_FMT_DPP16:
   case RDNA_FMT_DPP8:
   case RDNA_FMT_SDWA:
      print_vop(&sb, config, inst);
      break;
   case RDNA_FMT_VOP3P:
      print_vop3p(&sb, config, inst);
      break;
   case RDNA_FMT_DS:
      print_ds(&sb, config, inst);
      break;
   case RDNA_FMT_MUBUF:
   case RDNA_FMT_MTBUF:
      print_mubuf(&sb, config, inst);
      break;
   case RDNA_FMT_FLAT:
   case RDNA_FMT_GLOBAL:
   case RDNA_FMT_SCRATCH:
      print_flat(&sb, config, inst);
      break;
   case RDNA_FMT_MIMG:
      print_mimg(&sb, config, inst);
      break;
   case RDNA_FMT_EXP:
   case RDNA_FMT_VINTRP:
      print_exp(&sb, config, inst);
      break;
   default:
      sb_puts(&sb, "<invalid>");
      break;
   }
   return sb.len;
}
