/* Scalar ALU encodings against llvm-mc-14: golden vectors in both directions and assembler
 * errors. Vectors were produced with
 *   llvm-mc -arch=amdgcn -mcpu=gfx1030 -show-encoding          (gfx1030 wave32)
 *   llvm-mc -arch=amdgcn -mcpu=gfx1013 -mattr=+wavefrontsize64 -show-encoding  (gfx1013 wave64)
 * and the text is llvm-mc --disassemble (same -mcpu/-mattr) of those bytes. */
#include <criterion/criterion.h>
#include <string.h>

#include "golden.h"

static const struct golden sop_gfx1030_w32[] = {
   { "s_add_u32 s0, s1, s2", 4, { 0x01, 0x02, 0x00, 0x80 } },
   { "s_sub_i32 s5, -16, 64", 4, { 0xd0, 0xc0, 0x85, 0x81 } },
   { "s_addc_u32 vcc_lo, exec_lo, m0", 4, { 0x7e, 0x7c, 0x6a, 0x82 } },
   { "s_and_b64 s[0:1], exec, vcc", 4, { 0x7e, 0x6a, 0x80, 0x87 } },
   { "s_or_b32 null, ttmp3, 0.5", 4, { 0x6f, 0xf0, 0x7d, 0x88 } },
   { "s_xor_b64 ttmp[4:5], s[2:3], 0x12345678",
     8,
     { 0x02, 0xff, 0xf0, 0x89, 0x78, 0x56, 0x34, 0x12 } },
   { "s_lshl_b64 s[4:5], s[6:7], 3", 4, { 0x06, 0x83, 0x84, 0x8f } },
   { "s_cselect_b32 s0, 1.0, s1", 4, { 0xf2, 0x01, 0x00, 0x85 } },
   { "s_mul_hi_i32 s0, s1, 0xffff", 8, { 0x01, 0xff, 0x00, 0x9b, 0xff, 0xff, 0x00, 0x00 } },
   { "s_mov_b32 s0, src_shared_base", 4, { 0xeb, 0x03, 0x80, 0xbe } },
   { "s_mov_b64 s[0:1], src_vccz", 4, { 0xfb, 0x04, 0x80, 0xbe } },
   { "s_mov_b64 s[0:1], -1", 4, { 0xc1, 0x04, 0x80, 0xbe } },
   { "s_mov_b32 s0, 0.15915494", 4, { 0xf8, 0x03, 0x80, 0xbe } },
   { "s_not_b32 s0, s1", 4, { 0x01, 0x07, 0x80, 0xbe } },
   { "s_getpc_b64 s[4:5]", 4, { 0x00, 0x1f, 0x84, 0xbe } },
   { "s_setpc_b64 s[4:5]", 4, { 0x04, 0x20, 0x80, 0xbe } },
   { "s_swappc_b64 s[14:15], s[14:15]", 4, { 0x0e, 0x21, 0x8e, 0xbe } },
   { "s_and_saveexec_b32 s0, vcc_lo", 4, { 0x6a, 0x3c, 0x80, 0xbe } },
   { "s_or_saveexec_b64 s[0:1], s[2:3]", 4, { 0x02, 0x25, 0x80, 0xbe } },
   { "s_movrels_b32 s0, s1", 4, { 0x01, 0x2e, 0x80, 0xbe } },
   { "s_movreld_b64 s[0:1], s[2:3]", 4, { 0x02, 0x31, 0x80, 0xbe } },
   { "s_movrelsd_2_b32 s0, s1", 4, { 0x01, 0x49, 0x80, 0xbe } },
   { "s_bitreplicate_b64_b32 s[0:1], s2", 4, { 0x02, 0x3b, 0x80, 0xbe } },
   { "s_bitset0_b64 s[0:1], 5", 4, { 0x85, 0x1c, 0x80, 0xbe } },
   { "s_bcnt1_i32_b64 s0, s[2:3]", 4, { 0x02, 0x10, 0x80, 0xbe } },
   { "s_abs_i32 s0, -5", 4, { 0xc5, 0x34, 0x80, 0xbe } },
   { "s_movk_i32 s0, 0x1234", 4, { 0x34, 0x12, 0x00, 0xb0 } },
   { "s_cmpk_eq_u32 s1, 0xffff", 4, { 0xff, 0xff, 0x81, 0xb4 } },
   { "s_addk_i32 s2, 0xffff", 4, { 0xff, 0xff, 0x82, 0xb7 } },
   { "s_version 0x2006", 4, { 0x06, 0x20, 0x80, 0xb0 } },
   { "s_getreg_b32 s0, hwreg(HW_REG_MODE)", 4, { 0x01, 0xf8, 0x00, 0xb9 } },
   { "s_getreg_b32 s0, hwreg(HW_REG_STATUS, 12, 1)", 4, { 0x02, 0x03, 0x00, 0xb9 } },
   { "s_setreg_b32 hwreg(HW_REG_MODE, 0, 4), s3", 4, { 0x01, 0x18, 0x83, 0xb9 } },
   { "s_setreg_imm32_b32 hwreg(HW_REG_MODE), 0x12345678",
     8,
     { 0x01, 0xf8, 0x80, 0xba, 0x78, 0x56, 0x34, 0x12 } },
   { "s_call_b64 s[30:31], 16", 4, { 0x10, 0x00, 0x1e, 0xbb } },
   { "s_waitcnt_vscnt null, 0x0", 4, { 0x00, 0x00, 0xfd, 0xbb } },
   { "s_subvector_loop_begin s0, 4", 4, { 0x04, 0x00, 0x80, 0xbd } },
   { "s_cmp_eq_i32 s0, s1", 4, { 0x00, 0x01, 0x00, 0xbf } },
   { "s_cmp_lg_u64 s[0:1], 0", 4, { 0x00, 0x80, 0x13, 0xbf } },
   { "s_bitcmp1_b64 s[2:3], 63", 4, { 0x02, 0xbf, 0x0f, 0xbf } },
   { "s_cmp_lt_u32 s0, 0x10000", 8, { 0x00, 0xff, 0x0a, 0xbf, 0x00, 0x00, 0x01, 0x00 } },
   { "s_nop 0", 4, { 0x00, 0x00, 0x80, 0xbf } },
   { "s_nop 7", 4, { 0x07, 0x00, 0x80, 0xbf } },
   { "s_endpgm", 4, { 0x00, 0x00, 0x81, 0xbf } },
   { "s_endpgm 3", 4, { 0x03, 0x00, 0x81, 0xbf } },
   { "s_branch 5", 4, { 0x05, 0x00, 0x82, 0xbf } },
   { "s_branch 65533", 4, { 0xfd, 0xff, 0x82, 0xbf } },
   { "s_cbranch_scc0 0", 4, { 0x00, 0x00, 0x84, 0xbf } },
   { "s_cbranch_vccnz 100", 4, { 0x64, 0x00, 0x87, 0xbf } },
   { "s_cbranch_execz 65535", 4, { 0xff, 0xff, 0x88, 0xbf } },
   { "s_barrier", 4, { 0x00, 0x00, 0x8a, 0xbf } },
   { "s_waitcnt vmcnt(0) lgkmcnt(0)", 4, { 0x70, 0x00, 0x8c, 0xbf } },
   { "s_waitcnt expcnt(2)", 4, { 0x2f, 0xff, 0x8c, 0xbf } },
   { "s_waitcnt vmcnt(63) expcnt(7) lgkmcnt(63)", 4, { 0x7f, 0xff, 0x8c, 0xbf } },
   { "s_waitcnt vmcnt(40)", 4, { 0x78, 0xbf, 0x8c, 0xbf } },
   { "s_sendmsg sendmsg(MSG_INTERRUPT)", 4, { 0x01, 0x00, 0x90, 0xbf } },
   { "s_sendmsg sendmsg(MSG_GS, GS_OP_EMIT, 1)", 4, { 0x22, 0x01, 0x90, 0xbf } },
   { "s_sendmsg sendmsg(MSG_GS_DONE, GS_OP_NOP)", 4, { 0x03, 0x00, 0x90, 0xbf } },
   { "s_sendmsg sendmsg(MSG_SYSMSG, SYSMSG_OP_REG_RD)", 4, { 0x2f, 0x00, 0x90, 0xbf } },
   { "s_sendmsg sendmsg(12, 0, 0)", 4, { 0x0c, 0x00, 0x90, 0xbf } },
   { "s_trap 2", 4, { 0x02, 0x00, 0x92, 0xbf } },
   { "s_sleep 10", 4, { 0x0a, 0x00, 0x8e, 0xbf } },
   { "s_setprio 3", 4, { 0x03, 0x00, 0x8f, 0xbf } },
   { "s_code_end", 4, { 0x00, 0x00, 0x9f, 0xbf } },
   { "s_inst_prefetch 0x3", 4, { 0x03, 0x00, 0xa0, 0xbf } },
   { "s_clause 0x5", 4, { 0x05, 0x00, 0xa1, 0xbf } },
   { "s_round_mode 0xf", 4, { 0x0f, 0x00, 0xa4, 0xbf } },
   { "s_denorm_mode 15", 4, { 0x0f, 0x00, 0xa5, 0xbf } },
   { "s_waitcnt_depctr 0xffe3", 4, { 0xe3, 0xff, 0xa3, 0xbf } },
   { "s_icache_inv", 4, { 0x00, 0x00, 0x93, 0xbf } },
   { "s_wait_idle", 4, { 0x00, 0x00, 0xa2, 0xbf } },
};

Test(sop, gfx1030_wave32_golden)
{
   struct rdna_isa_config config = { RDNA_TARGET_GFX1030, 32 };
   golden_check_all(&config, sop_gfx1030_w32, sizeof(sop_gfx1030_w32) / sizeof(sop_gfx1030_w32[0]));
}

static const struct golden sop_gfx1013_w64[] = {
   { "s_mov_b64 vcc, exec", 4, { 0x7e, 0x04, 0xea, 0xbe } },
   { "s_and_saveexec_b64 s[0:1], vcc", 4, { 0x6a, 0x24, 0x80, 0xbe } },
   { "s_getreg_b32 s0, hwreg(HW_REG_XNACK_MASK)", 4, { 0x16, 0xf8, 0x00, 0xb9 } },
   { "s_cselect_b64 s[0:1], exec, 0", 4, { 0x7e, 0x80, 0x80, 0x85 } },
   { "s_call_b64 null, 4", 4, { 0x04, 0x00, 0x7d, 0xbb } },
};

Test(sop, gfx1013_wave64_golden)
{
   struct rdna_isa_config config = { RDNA_TARGET_GFX1013, 64 };
   golden_check_all(&config, sop_gfx1013_w64, sizeof(sop_gfx1013_w64) / sizeof(sop_gfx1013_w64[0]));
}

/* Encodings llvm-mc decodes to canonical text that assembles to other bytes: a misaligned
 * scalar pair decodes to the aligned pair, a literal equal to an inline constant prints as the
 * constant. Expected text from llvm-mc --disassemble -mcpu=gfx1030 on these bytes. */
static const struct {
   const char *text;
   size_t size;
   uint8_t bytes[8];
} sop_canonical[] = {
   { "s_mov_b64 s[0:1], s[0:1]", 4, { 0x01, 0x04, 0x80, 0xbe } },
   { "s_mov_b32 s0, 1.0", 8, { 0xff, 0x03, 0x80, 0xbe, 0x00, 0x00, 0x80, 0x3f } },
   { "s_mov_b64 s[0:1], 0x3f800000", 8, { 0xff, 0x04, 0x80, 0xbe, 0x00, 0x00, 0x80, 0x3f } },
   { "s_branch 1", 4, { 0x01, 0x00, 0x82, 0xbf } },
};

Test(sop, canonical_disassembly)
{
   struct rdna_isa_config config = { RDNA_TARGET_GFX1030, 32 };
   for (size_t i = 0; i < sizeof(sop_canonical) / sizeof(sop_canonical[0]); i++) {
      struct rdna_inst inst;
      cr_assert_eq(rdna_decode(&config, sop_canonical[i].bytes, sop_canonical[i].size, &inst, NULL),
                   RDNA_OK);
      cr_assert_eq(inst.size, sop_canonical[i].size);
      char text[128];
      rdna_print(&config, &inst, text, sizeof(text));
      cr_assert_str_eq(text, sop_canonical[i].text);
   }
}

/* Encodings llvm-mc rejects ("invalid instruction encoding") or prints as an invalid immediate. */
Test(sop, invalid_encodings)
{
   struct rdna_isa_config config = { RDNA_TARGET_GFX1030, 32 };
   static const struct {
      uint8_t bytes[4];
      enum rdna_status status;
   } cases[] = {
      { { 0x05, 0x00, 0x8a, 0xbf }, RDNA_INVALID_ENCODING }, /* s_barrier with an immediate */
      { { 0xc0, 0x20, 0x80, 0xbe }, RDNA_INVALID_ENCODING }, /* s_setpc_b64 of a constant */
      { { 0x7c, 0x04, 0x80, 0xbe }, RDNA_INVALID_ENCODING }, /* s_mov_b64 from m0 */
      { { 0xd1, 0x03, 0x80, 0xbe }, RDNA_INVALID_ENCODING }, /* reserved source code 209 */
      { { 0x00, 0x00, 0x80, 0xbe }, RDNA_UNKNOWN_OPCODE },   /* SOP1 opcode 0 */
      { { 0x00, 0x00, 0xa9, 0xbf }, RDNA_UNKNOWN_OPCODE },   /* SOPP opcode 0x29 */
   };
   for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      struct rdna_inst inst;
      struct rdna_diag diag = { 0 };
      enum rdna_status st = rdna_decode(&config, cases[i].bytes, 4, &inst, &diag);
      cr_assert_eq(st, cases[i].status, "case %zu: %s (%s)", i, rdna_status_name(st), diag.message);
      cr_assert_neq(diag.message[0], '\0');
   }
}

Test(sop, truncated_literal)
{
   struct rdna_isa_config config = { RDNA_TARGET_GFX1030, 32 };
   static const uint8_t bytes[] = { 0xff, 0x03, 0x80, 0xbe, 0x00, 0x00 };
   struct rdna_inst inst;
   for (size_t n = 0; n <= sizeof(bytes); n++)
      cr_assert_eq(rdna_decode(&config, bytes, n, &inst, NULL), RDNA_TRUNCATED, "size %zu", n);
}

/* Hardware register names differ by target: XNACK_MASK is gfx1013's, SHADER_CYCLES gfx1030's
 * (llvm-mc -mcpu=gfx1013 / gfx1030 on bytes 0x16,0xf8,0x00,0xb9 and 0x1d,0xf8,0x00,0xb9). */
Test(sop, hwreg_names_per_target)
{
   struct rdna_isa_config gfx1013 = { RDNA_TARGET_GFX1013, 32 };
   struct rdna_isa_config gfx1030 = { RDNA_TARGET_GFX1030, 32 };
   static const uint8_t xnack[] = { 0x16, 0xf8, 0x00, 0xb9 }, cycles[] = { 0x1d, 0xf8, 0x00, 0xb9 };
   struct rdna_inst inst;
   char text[128];
   cr_assert_eq(rdna_decode(&gfx1013, xnack, 4, &inst, NULL), RDNA_OK);
   rdna_print(&gfx1013, &inst, text, sizeof(text));
   cr_assert_str_eq(text, "s_getreg_b32 s0, hwreg(HW_REG_XNACK_MASK)");
   cr_assert_eq(rdna_decode(&gfx1030, xnack, 4, &inst, NULL), RDNA_OK);
   rdna_print(&gfx1030, &inst, text, sizeof(text));
   cr_assert_str_eq(text, "s_getreg_b32 s0, hwreg(22)");
   cr_assert_eq(rdna_decode(&gfx1013, cycles, 4, &inst, NULL), RDNA_OK);
   rdna_print(&gfx1013, &inst, text, sizeof(text));
   cr_assert_str_eq(text, "s_getreg_b32 s0, hwreg(29)");
   parse_error_check(&gfx1030, "s_getreg_b32 s0, hwreg(HW_REG_XNACK_MASK)", RDNA_INVALID_OPERAND,
                     18);
   parse_error_check(&gfx1013, "s_getreg_b32 s0, hwreg(HW_REG_SHADER_CYCLES)", RDNA_INVALID_OPERAND,
                     18);
}

Test(sop, assembler_errors)
{
   struct rdna_isa_config config = { RDNA_TARGET_GFX1030, 32 };
   parse_error_check(&config, "s_frobnicate s0, s1", RDNA_UNKNOWN_MNEMONIC, 1);
   parse_error_check(&config, "s_mov_b64 s[1:2], s[2:3]", RDNA_INVALID_OPERAND, 11);
   parse_error_check(&config, "s_mov_b64 s[0:1], s2", RDNA_INVALID_OPERAND, 19);
   parse_error_check(&config, "s_add_u32 s0, 0x12345678, 0x12345679", RDNA_INVALID_OPERAND, 27);
   parse_error_check(&config, "s_add_u32 s0, s1", RDNA_SYNTAX, 1);
   parse_error_check(&config, "s_add_u32 s0, s1, s2, s3", RDNA_SYNTAX, 23);
   parse_error_check(&config, "s_mov_b32 v0, s1", RDNA_INVALID_OPERAND, 11);
   parse_error_check(&config, "s_mov_b32 s0, 0x100000000", RDNA_INVALID_OPERAND, 15);
   parse_error_check(&config, "s_mov_b32 s106, s0", RDNA_INVALID_OPERAND, 11);
   parse_error_check(&config, "s_movk_i32 s0, 0x10000", RDNA_OUT_OF_RANGE, 16);
   parse_error_check(&config, "s_waitcnt vmcnt(64)", RDNA_OUT_OF_RANGE, 11);
   parse_error_check(&config, "s_waitcnt vmcnt(0) gdscnt(0)", RDNA_INVALID_OPERAND, 20);
   parse_error_check(&config, "s_sendmsg sendmsg(MSG_GS, SYSMSG_OP_REG_RD)", RDNA_INVALID_OPERAND,
                     11);
   parse_error_check(&config, "s_setpc_b64 0", RDNA_INVALID_OPERAND, 13);
   parse_error_check(&config, "s_branch target", RDNA_UNDEFINED_LABEL, 10);
   parse_error_check(&config, "s_nop 0 glc", RDNA_INVALID_OPERAND, 9);
   parse_error_check(&config, "s_mov_b32 s0, s1 +", RDNA_SYNTAX, 18);
}

/* A program with labels; expected dwords from llvm-mc -filetype=obj (gfx1030) and
 * llvm-objcopy -O binary of its .text. */
Test(sop, assemble_labels)
{
   struct rdna_isa_config config = { RDNA_TARGET_GFX1030, 32 };
   static const char source[] = "start:\n"
                                "  s_mov_b32 s0, 0\n"
                                "loop:\n"
                                "  s_add_u32 s0, s0, 1 ; count\n"
                                "  s_cmp_lt_u32 s0, 10 // compare\n"
                                "  s_cbranch_scc1 loop\n"
                                "  s_branch done\n"
                                "  s_nop 0\n"
                                "done: s_call_b64 s[30:31], start\n"
                                "  s_endpgm\n";
   static const uint32_t expected[] = { 0xbe800380, 0x80008100, 0xbf0a8a00, 0xbf85fffd,
                                        0xbf820001, 0xbf800000, 0xbb1efff9, 0xbf810000 };
   struct rdna_code *code = NULL;
   struct rdna_diag diag = { 0 };
   cr_assert_eq(rdna_assemble(&config, source, sizeof(source) - 1, "t.s", &code, &diag), RDNA_OK,
                "%u:%u: %s", diag.line, diag.column, diag.message);
   size_t n;
   const uint32_t *words = rdna_code_words(code, &n);
   cr_assert_eq(n, 8);
   cr_assert_arr_eq(words, expected, sizeof(expected));
   cr_assert_eq(rdna_code_label_count(code), 3);
   uint32_t offset;
   cr_assert_str_eq(rdna_code_label(code, 2, &offset), "done");
   cr_assert_eq(offset, 24);
   rdna_code_destroy(code);
}

Test(sop, assemble_errors_have_positions)
{
   struct rdna_isa_config config = { RDNA_TARGET_GFX1030, 32 };
   static const struct {
      const char *source;
      enum rdna_status status;
      unsigned line, column;
   } cases[] = {
      { "s_nop 0\n  s_branch nowhere\n", RDNA_UNDEFINED_LABEL, 2, 12 },
      { "a:\na:\n", RDNA_DUPLICATE_LABEL, 2, 1 },
      { "s_nop 0\n\n   .long 1, 2,\n", RDNA_SYNTAX, 3, 15 },
      { ".byte 1\n", RDNA_SYNTAX, 1, 1 },
      { "lbl: s_mov_b32 s0, s1, s2\n", RDNA_SYNTAX, 1, 24 },
   };
   for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      struct rdna_code *code = (struct rdna_code *)1;
      struct rdna_diag diag = { 0 };
      enum rdna_status st =
         rdna_assemble(&config, cases[i].source, strlen(cases[i].source), NULL, &code, &diag);
      cr_assert_eq(st, cases[i].status, "case %zu: %s (%s)", i, rdna_status_name(st), diag.message);
      cr_assert_null(code);
      cr_assert_eq(diag.line, cases[i].line, "case %zu: line %u (%s)", i, diag.line, diag.message);
      cr_assert_eq(diag.column, cases[i].column, "case %zu: column %u (%s)", i, diag.column,
                   diag.message);
   }
}

/* Nesting is bounded: a long run of unary minus or parentheses is a syntax error, not a stack
 * overflow (found by fuzz/fuzz_asm.c). */
Test(sop, deep_expression_is_an_error)
{
   struct rdna_isa_config config = { RDNA_TARGET_GFX1030, 32 };
   static char text[200020];
   for (int variant = 0; variant < 2; variant++) {
      size_t n = strlen(strcpy(text, "s_mov_b32 s0, "));
      for (size_t i = 0; i < 200000; i++)
         text[n++] = variant ? '(' : '-';
      text[n++] = '1';
      text[n] = '\0';
      struct rdna_inst inst;
      struct rdna_diag diag = { 0 };
      cr_assert_eq(rdna_parse(&config, text, &inst, &diag), RDNA_SYNTAX, "%s", diag.message);
   }
}
