/* Fuzz harness: the input is assembly source. A failure needs a status, a message and a line;
 * a success is disassembled, and each printed instruction must assemble to the same words, or,
 * where the source named a non-canonical encoding, to words that print the same text. A first line
 * "; target: gfx1013 wave: 64" (the corpus/isa convention) picks the configuration; default
 * gfx1030 wave32. Aborts on a violation. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "rdna/isa.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(const char *what, const char *text, const char *detail)
{
   fprintf(stderr, "fuzz_asm: %s\n  text: %s\n  %s\n", what, text ? text : "",
           detail ? detail : "");
   abort();
}

/* Reads the "; target: NAME wave: N" header when the source starts with one. */
static void read_header(const char *source, size_t length, struct rdna_isa_config *config)
{
   config->target = RDNA_TARGET_GFX1030;
   config->wave_size = 32;
   char line[96];
   size_t n = 0;
   while (n < length && n + 1 < sizeof(line) && source[n] != '\n' && source[n] != '\0') {
      line[n] = source[n];
      n++;
   }
   line[n] = '\0';
   const char *target = strstr(line, "target:");
   const char *wave = strstr(line, "wave:");
   if (line[0] != ';')
      return;
   char name[16];
   if (target && sscanf(target, "target: %15s", name) == 1)
      rdna_target_from_name(name, &config->target);
   unsigned size;
   if (wave && sscanf(wave, "wave: %u", &size) == 1 && (size == 32 || size == 64))
      config->wave_size = size;
}

static bool has_raw_data(const char *source, size_t length)
{
   static const char *const directives[] = { ".long", ".word", ".int", ".4byte" };
   for (size_t i = 0; i < length; i++) {
      if (source[i] != '.')
         continue;
      for (size_t d = 0; d < sizeof(directives) / sizeof(directives[0]); d++) {
         size_t n = strlen(directives[d]);
         if (i + n <= length && strncasecmp(source + i, directives[d], n) == 0)
            return true;
      }
   }
   return false;
}

static void check_failure(enum rdna_status status, const struct rdna_diag *diag, const char *source)
{
   if (diag->status != status)
      fail("the diagnostic's status differs from the returned one", source, diag->message);
   if (diag->message[0] == '\0')
      fail("an assembly error without a message", source, rdna_status_name(status));
   if (status != RDNA_NO_MEMORY && status != RDNA_BAD_ARGUMENT && diag->line == 0)
      fail("an assembly error without a line", source, diag->message);
}

/* Appends "label 0x... 0x..." to a NUL-terminated buffer, cutting at its size. */
static void append_words(char *buffer, size_t size, const char *label, const uint32_t *words,
                         size_t count)
{
   size_t length = strlen(buffer);
   snprintf(buffer + length, size - length, "%s", label);
   for (size_t i = 0; i < count; i++) {
      length = strlen(buffer);
      snprintf(buffer + length, size - length, " 0x%08x", words[i]);
   }
}

/* Decodes the instruction at `offset`, prints it, assembles the text again; requires the same
 * words (or, with raw data around, the same text after the round). */
static size_t check_instruction(const struct rdna_isa_config *config, const uint32_t *words,
                                size_t num_words, size_t index, bool raw_data)
{
   uint8_t bytes[RDNA_MAX_INST_WORDS * 4];
   size_t avail = num_words - index < RDNA_MAX_INST_WORDS ? num_words - index : RDNA_MAX_INST_WORDS;
   for (size_t i = 0; i < avail * 4; i++)
      bytes[i] = (uint8_t)(words[index + i / 4] >> (8 * (i % 4)));
   struct rdna_inst inst;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   enum rdna_status status = rdna_decode(config, bytes, avail * 4, &inst, &diag);
   char detail[400];
   if (status != RDNA_OK) {
      if (raw_data)
         return 1;
      snprintf(detail, sizeof(detail), "word %zu (0x%08x): %s: %s", index, words[index],
               rdna_status_name(status), diag.message);
      fail("our assembler's output does not decode", NULL, detail);
   }
   char text[512];
   rdna_print(config, &inst, text, sizeof(text));

   struct rdna_code *again = NULL;
   status = rdna_assemble(config, text, strlen(text), "printed", &again, &diag);
   /* Raw words can hold encodings llvm-mc prints as text its assembler refuses (a 16-bit
    * fmamk/fmaak constant with high bits: "v_fmamk_f16 v200, s0, 0x21341677, v0"); ours refuses
    * the same text, as fuzz_roundtrip.c and the sweep check. */
   if (raw_data && (status == RDNA_INVALID_OPERAND || status == RDNA_OUT_OF_RANGE))
      return inst.size / 4;
   /* ... or with a marker or comment for a field no syntax names ("invalid_param_3",
    * "Invalid dpp_ctrl value"), as fuzz_roundtrip.c skips them too. */
   if (raw_data && (strstr(text, "invalid") || strstr(text, "Invalid") || strstr(text, "/*"))) {
      rdna_code_destroy(again);
      return inst.size / 4;
   }
   if (status != RDNA_OK) {
      snprintf(detail, sizeof(detail), "%s at column %u: %s", rdna_status_name(status), diag.column,
               diag.message);
      fail("a printed instruction does not assemble", text, detail);
   }
   size_t again_words = 0;
   const uint32_t *reassembled = rdna_code_words(again, &again_words);
   size_t inst_words = inst.size / 4;
   bool same = again_words == inst_words;
   for (size_t i = 0; same && i < inst_words; i++)
      same = reassembled[i] == words[index + i];
   if (!same) {
      /* Raw words may hold bits no field does, and source text may name a non-canonical
       * encoding llvm-mc also accepts (a single SGPR as a wave64 lane mask: "s3" encodes 3,
       * which decodes as s[2:3]): compare the text after one more round. */
      uint8_t again_bytes[RDNA_MAX_INST_WORDS * 4];
      size_t n = again_words < RDNA_MAX_INST_WORDS ? again_words : RDNA_MAX_INST_WORDS;
      for (size_t i = 0; i < n * 4; i++)
         again_bytes[i] = (uint8_t)(reassembled[i / 4] >> (8 * (i % 4)));
      struct rdna_inst round;
      char round_text[512];
      same = rdna_decode(config, again_bytes, n * 4, &round, &diag) == RDNA_OK &&
             round.size == n * 4 &&
             rdna_print(config, &round, round_text, sizeof(round_text)) < sizeof(round_text) &&
             strcmp(round_text, text) == 0;
   }
   /* A compressed export enables its sources in pairs when llvm-mc (and we) assemble it, so
    * raw words with one source of a pair enabled print as text that assembles to the pair
    * (fuzz_roundtrip.c checks that this text is then stable). */
   unsigned en = inst.mod.exp_en;
   if (!same && raw_data && (inst.mod.flags & RDNA_FLAG_EXP_COMPR) &&
       (((en & 3) != 0 && (en & 3) != 3) || ((en & 12) != 0 && (en & 12) != 12)))
      same = true;
   if (!same) {
      detail[0] = '\0';
      append_words(detail, sizeof(detail), "words:", words + index, inst_words);
      append_words(detail, sizeof(detail), ", again:", reassembled, again_words);
      fail("a printed instruction assembles to other words", text, detail);
   }
   rdna_code_destroy(again);
   return inst_words;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
   /* Long inputs add nothing a short one cannot reach, and slow the search down. */
   if (size > 1 << 14)
      return 0;
   const char *source = (const char *)data;
   struct rdna_isa_config config;
   read_header(source, size, &config);

   struct rdna_code *code = NULL;
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   enum rdna_status status = rdna_assemble(&config, source, size, "fuzz", &code, &diag);
   if (status != RDNA_OK) {
      if (code)
         fail("rdna_assemble failed but set its output", NULL, diag.message);
      /* The source is not NUL-terminated: the message is printed, not the source. */
      check_failure(status, &diag, NULL);
      return 0;
   }
   if (!code)
      fail("rdna_assemble succeeded without output", NULL, NULL);

   bool raw_data = has_raw_data(source, size);
   size_t num_words = 0;
   const uint32_t *words = rdna_code_words(code, &num_words);
   for (size_t index = 0; index < num_words;)
      index += check_instruction(&config, words, num_words, index, raw_data);
   rdna_code_destroy(code);
   return 0;
}
