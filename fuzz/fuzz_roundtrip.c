/* Fuzz harness: decode -> print -> parse -> encode -> decode -> print must keep the text. The
 * first byte picks the target (bit 0: gfx1013) and wave size (bit 1: wave64); the rest is code,
 * decoded instruction by instruction. Text identity, not byte identity: llvm-mc's syntax has one
 * text for encodings differing in unused bits or in a literal equal to an inline constant.
 * Aborts on a violation, the one place in the project that does. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rdna/isa.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(const struct rdna_isa_config *config, const uint8_t *bytes, size_t size,
                 const char *what, const char *text, const char *detail)
{
   fprintf(stderr, "fuzz_roundtrip: %s (%s wave%u)\n  bytes:", what,
           rdna_target_name(config->target), config->wave_size);
   for (size_t i = 0; i < size; i++)
      fprintf(stderr, " 0x%02x", bytes[i]);
   fprintf(stderr, "\n  text:  %s\n  %s\n", text ? text : "", detail ? detail : "");
   abort();
}

/* Prints inst, checking rdna_print's return value against what it wrote. */
static void print_checked(const struct rdna_isa_config *config, const struct rdna_inst *inst,
                          const uint8_t *bytes, size_t size, char *text, size_t text_size)
{
   size_t length = rdna_print(config, inst, text, text_size);
   if (length >= text_size || strlen(text) != length)
      fail(config, bytes, size, "rdna_print's length disagrees with its text", text, NULL);
}

/* Encodings llvm-mc's assembler canonicalizes, so their text changes once (llvm-mc does the
 * same) and must then stay: a compressed export enables its sources in pairs, so
 * "exp pos3 v255, off, v254, v254 compr" assembles as "v255, v255, v254, v254"; a swizzle
 * bitmask becomes the mode it equals. */
static bool llvm_canonicalizes(const struct rdna_inst *inst, const char *text)
{
   unsigned en = inst->mod.exp_en;
   if ((inst->mod.flags & RDNA_FLAG_EXP_COMPR) &&
       (((en & 3) != 0 && (en & 3) != 3) || ((en & 12) != 0 && (en & 12) != 12)))
      return true;
   /* llvm-mc assembles a ds_swizzle BITMASK_PERM mask that another mode expresses as that mode
    * ("00110" is BROADCAST,32,6), while its disassembler prints every bitmask encoding as
    * BITMASK_PERM. */
   if (strncmp(text, "ds_swizzle_b32", 14) == 0 && strstr(text, "BITMASK_PERM") != NULL)
      return true;
   /* llvm-mc-14 decodes opcode 0xf1 as buffer_wbinvl1 and assembles that text to
    * buffer_gl0_inv's bytes (isa/mubuf.def). */
   if (strcmp(text, "buffer_wbinvl1") == 0)
      return true;
   /* A 16-bit operand's literal with high bits set prints as its low half ("0x4000"), which
    * llvm-mc then reads as the integer with an f16 constant's bits: the constant 2.0. */
   for (unsigned i = 0; i < inst->num_operands; i++) {
      const struct rdna_operand *o = &inst->operands[i];
      if (o->reg == RDNA_REG_LITERAL && (o->value >> 16) != 0 && o->width == 1 &&
          strstr(text, "16") != NULL)
         return true;
   }
   return false;
}

/* Parses `text`, encodes, decodes and prints the result into `again`; aborts on a failure.
 * Returns false, without aborting, when the parser rejects an operand: llvm-mc's disassembler
 * prints encodings its assembler refuses (constant bus limits, "v_cndmask_b32_e64 v0, v1, v2,
 * v0", "s_load_dword m0, ...", a 16-bit literal with high bits), and ours mirror both; the sweep
 * (tests/isa/test_sweep.c) checks what the parser accepts against llvm-mc itself. */
static bool text_round(const struct rdna_isa_config *config, const uint8_t *bytes, size_t size,
                       const char *text, char *again, size_t again_size)
{
   char detail[600];
   struct rdna_inst parsed, decoded;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   enum rdna_status status = rdna_parse(config, text, &parsed, &diag);
   if (status == RDNA_INVALID_OPERAND || status == RDNA_OUT_OF_RANGE ||
       status == RDNA_NOT_ON_TARGET)
      return false;
   if (status != RDNA_OK) {
      snprintf(detail, sizeof(detail), "parse: %s at column %u: %s", rdna_status_name(status),
               diag.column, diag.message);
      fail(config, bytes, size, "our printed text does not parse", text, detail);
   }
   uint32_t words[RDNA_MAX_INST_WORDS];
   size_t num_words = 0;
   status = rdna_encode(config, &parsed, words, &num_words, &diag);
   if (status != RDNA_OK) {
      snprintf(detail, sizeof(detail), "encode: %s: %s", rdna_status_name(status), diag.message);
      fail(config, bytes, size, "our parsed text does not encode", text, detail);
   }
   uint8_t encoded[RDNA_MAX_INST_WORDS * 4];
   for (size_t i = 0; i < num_words * 4; i++)
      encoded[i] = (uint8_t)(words[i / 4] >> (8 * (i % 4)));
   status = rdna_decode(config, encoded, num_words * 4, &decoded, &diag);
   if (status != RDNA_OK) {
      snprintf(detail, sizeof(detail), "re-decode of %zu words (0x%08x...): %s: %s", num_words,
               words[0], rdna_status_name(status), diag.message);
      fail(config, bytes, size, "our encoding does not decode", text, detail);
   }
   if (decoded.size != num_words * 4) {
      snprintf(detail, sizeof(detail), "encoded %zu bytes, decoded %u", num_words * 4,
               decoded.size);
      fail(config, bytes, size, "re-decoded size differs", text, detail);
   }
   print_checked(config, &decoded, encoded, num_words * 4, again, again_size);
   return true;
}

static void round_trip(const struct rdna_isa_config *config, const uint8_t *bytes, size_t size,
                       const struct rdna_inst *inst)
{
   char text[512], again_text[512], third_text[512];
   print_checked(config, inst, bytes, size, text, sizeof(text));
   /* llvm-mc decodes some encodings with a field it cannot name and prints a marker or a
    * comment instead ("invalid_param_3", "Invalid dpp_ctrl value"); we print the same, and no
    * syntax reads it back. */
   bool parsable = !strstr(text, "invalid") && !strstr(text, "Invalid") && !strstr(text, "/*");

   if (parsable && text_round(config, bytes, size, text, again_text, sizeof(again_text)) &&
       strcmp(text, again_text) != 0) {
      if (!llvm_canonicalizes(inst, text))
         fail(config, bytes, size, "text changed after parse and encode", text, again_text);
      if (text_round(config, bytes, size, again_text, third_text, sizeof(third_text)) &&
          strcmp(again_text, third_text) != 0)
         fail(config, bytes, size, "canonical text changed after a second round", again_text,
              third_text);
   }

   /* Encoding the decoded instruction directly must land on the same text too. */
   uint32_t words[RDNA_MAX_INST_WORDS];
   size_t num_words = 0;
   struct rdna_inst again;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   enum rdna_status status = rdna_encode(config, inst, words, &num_words, &diag);
   if (status != RDNA_OK)
      fail(config, bytes, size, "a decoded instruction does not encode", text, diag.message);
   uint8_t encoded[RDNA_MAX_INST_WORDS * 4];
   for (size_t i = 0; i < num_words * 4; i++)
      encoded[i] = (uint8_t)(words[i / 4] >> (8 * (i % 4)));
   status = rdna_decode(config, encoded, num_words * 4, &again, &diag);
   if (status != RDNA_OK)
      fail(config, bytes, size, "the encoding of a decoded instruction does not decode", text,
           diag.message);
   print_checked(config, &again, encoded, num_words * 4, again_text, sizeof(again_text));
   if (strcmp(text, again_text) != 0)
      fail(config, bytes, size, "decode -> encode -> decode changed the text", text, again_text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   if (size < 1)
      return 0;
   struct rdna_isa_config config = {
      (data[0] & 1) ? RDNA_TARGET_GFX1013 : RDNA_TARGET_GFX1030,
      (data[0] & 2) ? 64u : 32u,
   };
   data++;
   size--;

   size_t offset = 0;
   while (offset < size) {
      struct rdna_inst inst;
      struct rdna_diag diag;
      enum rdna_status status = rdna_decode(&config, data + offset, size - offset, &inst, &diag);
      if (status != RDNA_OK) {
         if (size - offset < 4 && status != RDNA_TRUNCATED)
            fail(&config, data + offset, size - offset, "a short tail is not TRUNCATED", NULL,
                 rdna_status_name(status));
         offset += 4;
         continue;
      }
      if (inst.size < 4 || inst.size % 4 != 0 || inst.size > size - offset)
         fail(&config, data + offset, size - offset,
              "decoded size is not whole dwords within "
              "the input",
              NULL, NULL);
      round_trip(&config, data + offset, inst.size, &inst);
      offset += inst.size;
   }
   return 0;
}
