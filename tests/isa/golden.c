/* Golden-vector checks for the ISA tests (see golden.h). */
#include <criterion/criterion.h>
#include <string.h>

#include "golden.h"

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
