/* rdna_decode: reads the first dword, picks the instruction class from its fixed high bits
 * (formats.def pictures) and hands over to that class's decoder. */
#include <string.h>

#include "isa_internal.h"

static bool config_valid(const struct rdna_isa_config *config)
{
   return config && (unsigned)config->target < RDNA_TARGET_COUNT &&
          (config->wave_size == 32 || config->wave_size == 64);
}

enum rdna_status rdna_decode(const struct rdna_isa_config *config, const void *bytes, size_t size,
                             struct rdna_inst *inst, struct rdna_diag *diag)
{
   struct decode_ctx ctx = {
      .config = config, .bytes = bytes, .size = bytes ? size : 0, .diag = diag
   };
   if (!inst || !config_valid(config))
      return decode_fail(&ctx, RDNA_BAD_ARGUMENT, "decode needs an instruction and a valid config");
   memset(inst, 0, sizeof(*inst));
   uint32_t word;
   enum rdna_status st = decode_word(&ctx, 0, &word);
   if (st != RDNA_OK)
      return st;
   ctx.words_used = 1;

   unsigned top2 = word >> 30, top6 = word >> 26;
   if (top2 == 2) /* 10xxxxxx: SOP1, SOP2, SOPK, SOPC, SOPP */
      st = decode_sop(&ctx, word, inst);
   else if ((word >> 31) == 0) /* 0xxxxxxx: VOP2, VOP1 (0111111), VOPC (0111110) */
      st = decode_vop(&ctx, word, inst);
   else {
      switch (top6) {
      case 0x35: /* 110101 */
         st = decode_vop(&ctx, word, inst);
         break;
      case 0x33: /* 110011 */
         st = decode_vop3p(&ctx, word, inst);
         break;
      case 0x3d: /* 111101 */
         st = decode_smem(&ctx, word, inst);
         break;
      case 0x36: /* 110110 */
         st = decode_ds(&ctx, word, inst);
         break;
      case 0x38: /* 111000 */
      case 0x3a: /* 111010 */
         st = decode_mubuf(&ctx, word, inst);
         break;
      case 0x37: /* 110111 */
         st = decode_flat(&ctx, word, inst);
         break;
      case 0x3c: /* 111100 */
         st = decode_mimg(&ctx, word, inst);
         break;
      case 0x3e: /* 111110 */
      case 0x32: /* 110010 */
         st = decode_exp(&ctx, word, inst);
         break;
      default:
         st = decode_fail(&ctx, RDNA_UNKNOWN_OPCODE, "no GFX10 encoding starts with 0x%08x", word);
         break;
      }
   }
   if (st != RDNA_OK)
      return st;
   return decode_finish(&ctx, inst);
}
