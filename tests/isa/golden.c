/* Golden-vector checks for the ISA tests (see golden.h). */
#include <criterion/criterion.h>
#include <stdlib.h>
#include <string.h>

#include "golden.h"
#include "isa_internal.h"

void golden_check(const struct rdna_isa_config *config, const struct golden *g)
{
   struct rdna_inst inst;
   struct rdna_diag diag = { 0 };
   enum rdna_status st = rdna_decode(config, g->bytes, g->size, &inst, &diag);
   cr_assert_eq(st, RDNA_OK, "decode of '%s' failed: %s", g->text, diag.message);
   cr_assert_eq(inst.size, g->size, "'%s' decoded %u bytes, expected %zu", g->text, inst.size,
                g->size);
   char text[256];
   rdna_print(config, &inst, text, sizeof(text));
   cr_assert_str_eq(text, g->text, "printed '%s', llvm-mc prints '%s'", text, g->text);

   st = rdna_parse(config, g->text, &inst, &diag);
   cr_assert_eq(st, RDNA_OK, "parse of '%s' failed at column %u: %s", g->text, diag.column,
                diag.message);
   uint32_t words[RDNA_MAX_INST_WORDS];
   size_t num_words;
   st = rdna_encode(config, &inst, words, &num_words, &diag);
   cr_assert_eq(st, RDNA_OK, "encode of '%s' failed: %s", g->text, diag.message);
   cr_assert_eq(num_words * 4, g->size, "'%s' encoded to %zu bytes, expected %zu", g->text,
                num_words * 4, g->size);
   uint8_t bytes[RDNA_MAX_INST_WORDS * 4];
   for (size_t i = 0; i < num_words; i++)
      for (unsigned b = 0; b < 4; b++)
         bytes[i * 4 + b] = (uint8_t)(words[i] >> (8 * b));
   cr_assert_arr_eq(bytes, g->bytes, g->size, "'%s' encoded to other bytes", g->text);
}

void golden_check_all(const struct rdna_isa_config *config, const struct golden *g, size_t count)
{
   for (size_t i = 0; i < count; i++)
      golden_check(config, &g[i]);
}

void parse_error_check(const struct rdna_isa_config *config, const char *text,
                       enum rdna_status status, unsigned column)
{
   struct rdna_inst inst;
   struct rdna_diag diag = { 0 };
   enum rdna_status st = rdna_parse(config, text, &inst, &diag);
   cr_assert_eq(st, status, "'%s': status %s, expected %s (%s)", text, rdna_status_name(st),
                rdna_status_name(status), diag.message);
   cr_assert_eq(diag.column, column, "'%s': error at column %u, expected %u (%s)", text,
                diag.column, column, diag.message);
   cr_assert_neq(diag.message[0], '\0', "'%s': no message", text);
}

/* ---- word vectors ------------------------------------------------------------------------- */

struct rdna_isa_config isa_config(enum rdna_target target, unsigned wave_size)
{
   struct rdna_isa_config config = { target, wave_size };
   return config;
}

enum rdna_status decode_exact(const struct rdna_isa_config *config, const uint32_t *words,
                              size_t size, struct rdna_inst *inst, struct rdna_diag *diag)
{
   uint8_t *bytes = malloc(size ? size : 1);
   cr_assert_not_null(bytes);
   for (size_t i = 0; i < size; i++)
      bytes[i] = (uint8_t)(words[i / 4] >> (8 * (i % 4)));
   enum rdna_status status = rdna_decode(config, bytes, size, inst, diag);
   free(bytes);
   return status;
}

void decode_text(const struct rdna_isa_config *config, const uint32_t *words, size_t size,
                 struct rdna_inst *inst, char *text, size_t text_size)
{
   struct rdna_diag diag = { 0 };
   enum rdna_status status = decode_exact(config, words, size, inst, &diag);
   cr_assert_eq(status, RDNA_OK, "0x%08x 0x%08x: %s (%s)", words[0], size > 4 ? words[1] : 0,
                rdna_status_name(status), diag.message);
   rdna_print(config, inst, text, text_size);
}

void parse_ok(const struct rdna_isa_config *config, const char *text, struct rdna_inst *inst)
{
   struct rdna_diag diag = { 0 };
   enum rdna_status status = rdna_parse(config, text, inst, &diag);
   cr_assert_eq(status, RDNA_OK, "'%s': %s at column %u (%s)", text, rdna_status_name(status),
                diag.column, diag.message);
}

void assert_words(const uint32_t *got, size_t num_got, const uint32_t *want, unsigned num_want,
                  const char *what)
{
   cr_assert_eq(num_got, num_want, "%s: %zu dwords, llvm-mc: %u", what, num_got, num_want);
   for (unsigned i = 0; i < num_want; i++)
      cr_assert_eq(got[i], want[i], "%s: dword %u is 0x%08x, llvm-mc: 0x%08x", what, i, got[i],
                   want[i]);
}

static void encode_ok(const struct rdna_isa_config *config, const struct rdna_inst *inst,
                      uint32_t words[RDNA_MAX_INST_WORDS], size_t *num_words, const char *what)
{
   struct rdna_diag diag = { 0 };
   enum rdna_status status = rdna_encode(config, inst, words, num_words, &diag);
   cr_assert_eq(status, RDNA_OK, "%s: %s (%s)", what, rdna_status_name(status), diag.message);
}

void golden_words_decode_check(const struct golden_words *g)
{
   for (unsigned wave = 32; wave <= 64; wave += 32) {
      struct rdna_isa_config config = isa_config(g->target, wave);
      struct rdna_inst inst;
      char text[256];
      decode_text(&config, g->words, g->num_words * 4u, &inst, text, sizeof(text));
      cr_assert_eq(inst.size, g->num_words * 4, "%s: size %u", g->text, inst.size);
      cr_assert_str_eq(text, g->text, "0x%08x wave%u", g->words[0], wave);
      uint32_t words[RDNA_MAX_INST_WORDS];
      size_t num_words = 0;
      encode_ok(&config, &inst, words, &num_words, g->text);
      assert_words(words, num_words, g->words, g->num_words, g->text);
   }
}

void golden_words_assemble_check(const struct golden_words *g)
{
   for (unsigned wave = 32; wave <= 64; wave += 32) {
      struct rdna_isa_config config = isa_config(g->target, wave);
      struct rdna_inst inst;
      parse_ok(&config, g->asm_text, &inst);
      uint32_t words[RDNA_MAX_INST_WORDS];
      size_t num_words = 0;
      encode_ok(&config, &inst, words, &num_words, g->asm_text);
      assert_words(words, num_words, g->words, g->num_words, g->asm_text);
   }
}

void golden_words_prefix_check(const struct golden_words *g)
{
   struct rdna_isa_config config = isa_config(g->target, 32);
   for (size_t size = 0; size < g->num_words * 4u; size++) {
      struct rdna_inst inst;
      struct rdna_diag diag = { 0 };
      enum rdna_status status = decode_exact(&config, g->words, size, &inst, &diag);
      cr_assert_eq(status, RDNA_TRUNCATED, "%s from %zu bytes: %s", g->text, size,
                   rdna_status_name(status));
      cr_assert_gt(strlen(diag.message), 0);
   }
}

void lenient_words_check(const struct lenient_words *l)
{
   struct rdna_isa_config config = isa_config(l->target, 32);
   struct rdna_inst inst;
   char text[256];
   decode_text(&config, l->words, l->num_words * 4u, &inst, text, sizeof(text));
   cr_assert_eq(inst.size, l->num_words * 4, "%s: size %u", l->text, inst.size);
   cr_assert_str_eq(text, l->text, "0x%08x", l->words[0]);
   uint32_t words[RDNA_MAX_INST_WORDS];
   size_t num_words = 0;
   encode_ok(&config, &inst, words, &num_words, l->text);
   struct rdna_inst again;
   decode_text(&config, words, num_words * 4, &again, text, sizeof(text));
   cr_assert_str_eq(text, l->text, "re-encoded 0x%08x", words[0]);
}

void invalid_words_check(const struct invalid_words *v)
{
   struct rdna_isa_config config = isa_config(v->target, 32);
   struct rdna_inst inst;
   struct rdna_diag diag = { 0 };
   enum rdna_status status = decode_exact(&config, v->words, v->num_words * 4u, &inst, &diag);
   cr_assert_eq(status, v->status, "0x%08x 0x%08x: %s (%s), expected %s", v->words[0], v->words[1],
                rdna_status_name(status), diag.message, rdna_status_name(v->status));
   cr_assert_eq(diag.status, status);
   cr_assert_gt(strlen(diag.message), 0);
}

void bad_text_check(const struct bad_text *bad)
{
   struct rdna_isa_config config = isa_config(bad->target, 32);
   struct rdna_inst inst;
   struct rdna_diag diag = { 0 };
   enum rdna_status status = rdna_parse(&config, bad->text, &inst, &diag);
   cr_assert_eq(status, bad->status, "'%s': %s (%s), expected %s", bad->text,
                rdna_status_name(status), diag.message, rdna_status_name(bad->status));
   cr_assert_eq(diag.status, status);
   cr_assert_eq(diag.line, 1);
   cr_assert_eq(diag.column, bad->column, "'%s': column %u (%s)", bad->text, diag.column,
                diag.message);
   cr_assert(strstr(diag.message, bad->mentions) != NULL, "'%s': '%s' does not mention '%s'",
             bad->text, diag.message, bad->mentions);
}

void row_count_check(int (*in_class)(unsigned format), unsigned gfx1013, unsigned gfx1030)
{
   unsigned counts[RDNA_TARGET_COUNT] = { 0 };
   for (unsigned op = 0; op < rdna_op_count(); op++) {
      if (!in_class(op_info(op)->format))
         continue;
      for (unsigned t = 0; t < RDNA_TARGET_COUNT; t++)
         if (op_on_target(op, (enum rdna_target)t))
            counts[t]++;
   }
   cr_assert_eq(counts[RDNA_TARGET_GFX1013], gfx1013);
   cr_assert_eq(counts[RDNA_TARGET_GFX1030], gfx1030);
}

/* A small deterministic generator (xorshift32): the tests need no llvm-mc. */
static uint32_t next_random(uint32_t *state)
{
   uint32_t x = *state;
   x ^= x << 13;
   x ^= x >> 17;
   x ^= x << 5;
   *state = x;
   return x;
}

void random_encodings_check(uint32_t (*first_word)(uint32_t bits, uint32_t choice),
                            unsigned samples)
{
   uint32_t state = 0x9e3779b9u;
   for (unsigned t = 0; t < RDNA_TARGET_COUNT; t++) {
      struct rdna_isa_config config = isa_config((enum rdna_target)t, t ? 64 : 32);
      for (unsigned i = 0; i < samples; i++) {
         uint32_t words[RDNA_MAX_INST_WORDS];
         for (unsigned w = 0; w < RDNA_MAX_INST_WORDS; w++)
            words[w] = next_random(&state);
         words[0] = first_word(words[0], next_random(&state));
         size_t size = 4 + next_random(&state) % (RDNA_MAX_INST_WORDS * 4 - 3); /* 4-20 */
         struct rdna_inst inst;
         struct rdna_diag diag;
         enum rdna_status status = decode_exact(&config, words, size, &inst, &diag);
         if (status != RDNA_OK) {
            cr_assert(status == RDNA_TRUNCATED || status == RDNA_INVALID_ENCODING ||
                         status == RDNA_UNKNOWN_OPCODE,
                      "0x%08x: %s", words[0], rdna_status_name(status));
            continue;
         }
         cr_assert_leq(inst.size, size);
         char text[256], again_text[256];
         rdna_print(&config, &inst, text, sizeof(text));
         uint32_t out[RDNA_MAX_INST_WORDS];
         size_t num_out = 0;
         encode_ok(&config, &inst, out, &num_out, text);
         struct rdna_inst again;
         decode_text(&config, out, num_out * 4, &again, again_text, sizeof(again_text));
         cr_assert_str_eq(again_text, text, "0x%08x 0x%08x re-encoded", words[0], words[1]);
      }
   }
}
