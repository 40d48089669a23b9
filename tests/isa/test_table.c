/* Invariants of the instruction table: every row parses, is reachable by name and by opcode,
 * and no two rows of a target share an encoding. */
#include <criterion/criterion.h>
#include <string.h>

#include "isa_internal.h"

static unsigned count_words(const char *s)
{
   unsigned n = 0;
   bool in_word = false;
   for (; *s; s++) {
      if (*s == ' ') {
         in_word = false;
      } else if (!in_word) {
         in_word = true;
         n++;
      }
   }
   return n;
}

Test(table, every_signature_parses)
{
   for (unsigned op = 0; op < rdna_op_count(); op++) {
      const struct op_info *info = op_info(op);
      cr_assert_not_null(info);
      cr_assert_eq(info->num_slots, count_words(info->signature),
                   "row %s: signature \"%s\" has a word that is no role:type[:reg]", info->name,
                   info->signature);
   }
}

Test(table, every_row_exists_on_a_target)
{
   for (unsigned op = 0; op < rdna_op_count(); op++) {
      bool any = false;
      for (unsigned t = 0; t < RDNA_TARGET_COUNT; t++)
         any |= op_on_target(op, (enum rdna_target)t);
      cr_assert(any, "row %s exists on no target", rdna_op_name(op));
   }
}

Test(table, names_are_unique_and_found)
{
   for (unsigned op = 0; op < rdna_op_count(); op++) {
      const char *name = rdna_op_name(op);
      cr_assert_eq(op_lookup_name(name, strlen(name)), (int)op, "row %s is not found by name",
                   name);
      for (unsigned other = op + 1; other < rdna_op_count(); other++)
         cr_assert_str_neq(name, rdna_op_name(other), "two rows are named %s", name);
   }
   cr_assert_eq(op_lookup_name("s_not_an_instruction", 20), -1);
}

Test(table, opcodes_are_unique_per_target_and_format)
{
   for (unsigned op = 0; op < rdna_op_count(); op++) {
      const struct op_info *info = op_info(op);
      for (unsigned t = 0; t < RDNA_TARGET_COUNT; t++) {
         int opcode = op_opcode(op, (enum rdna_target)t);
         if (opcode == NONE)
            continue;
         cr_assert(opcode >= 0 && opcode < 1024, "row %s: opcode %d", info->name, opcode);
         cr_assert_eq(
            op_lookup_opcode((enum rdna_target)t, (enum rdna_format)info->format, (unsigned)opcode),
            (int)op, "row %s shares %s opcode 0x%x on %s with %s", info->name,
            rdna_encoding_name(info->format), opcode, rdna_target_name((enum rdna_target)t),
            rdna_op_name((unsigned)op_lookup_opcode(
               (enum rdna_target)t, (enum rdna_format)info->format, (unsigned)opcode)));
      }
   }
}

Test(table, rows_use_row_formats)
{
   for (unsigned op = 0; op < rdna_op_count(); op++) {
      unsigned f = op_info(op)->format;
      cr_assert(f != RDNA_FMT_DPP16 && f != RDNA_FMT_DPP8 && f != RDNA_FMT_SDWA,
                "row %s names an encoding modifier as its format", rdna_op_name(op));
   }
}

/* The two targets differ: gfx1030 dropped v_mac_f32 and added v_fmac_legacy_f32 at the opcode
 * llvm-mc-14 decodes as v_mac_legacy_f32 on gfx1013 (VOP2 0x06). */
Test(table, targets_differ)
{
   int mac = op_lookup_name("v_mac_f32", 9);
   int fmac_legacy = op_lookup_name("v_fmac_legacy_f32", 17);
   cr_assert_geq(mac, 0);
   cr_assert_geq(fmac_legacy, 0);
   cr_assert(op_on_target((unsigned)mac, RDNA_TARGET_GFX1013));
   cr_assert_not(op_on_target((unsigned)mac, RDNA_TARGET_GFX1030));
   cr_assert(op_on_target((unsigned)fmac_legacy, RDNA_TARGET_GFX1030));
   cr_assert_not(op_on_target((unsigned)fmac_legacy, RDNA_TARGET_GFX1013));
}

Test(table, scalar_implicit_effects)
{
   static const struct {
      const char *name;
      uint32_t flags;
   } rows[] = {
      /* RDNA2 ISA guide, SOP2/SOP1/SOPC opcode tables: SCC and EXEC effects. */
      { "s_add_u32", W_SCC },
      { "s_addc_u32", R_SCC | W_SCC },
      { "s_cselect_b32", R_SCC },
      { "s_and_saveexec_b64", R_EXEC | W_EXEC | W_SCC },
      { "s_movrels_b32", R_M0 },
      { "s_cmp_eq_u64", W_SCC },
      { "s_cbranch_execz", BRANCH | R_EXEC },
      { "s_endpgm", ENDPGM },
   };
   for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
      int op = op_lookup_name(rows[i].name, strlen(rows[i].name));
      cr_assert_geq(op, 0, "%s missing", rows[i].name);
      cr_assert_eq(op_info((unsigned)op)->flags, rows[i].flags, "%s flags", rows[i].name);
   }
}
