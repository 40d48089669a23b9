/* The case-file image descriptor helpers tsharp(...) and ssharp(...): the SGPR words they give,
 * checked field by field against the bit positions of the RDNA2 ISA guide's "Image Resource" and
 * "Image Sampler" tables, and their errors at exact line:column. */
#include <criterion/criterion.h>
#include <string.h>

#include "rdna/case.h"

static struct rdna_case *parse_ok(const char *text)
{
   struct rdna_case *c = NULL;
   struct rdna_diag diag;
   enum rdna_status st = rdna_case_parse(text, strlen(text), "test", &c, &diag);
   cr_assert_eq(st, RDNA_OK, "parse failed: %u:%u: %s", diag.line, diag.column, diag.message);
   return c;
}

static uint32_t sreg(const struct rdna_case *c, unsigned code)
{
   uint32_t value = 0xbad;
   struct rdna_diag diag;
   cr_assert_eq(rdna_case_init_sreg(c, 32, code, &value, &diag), RDNA_OK, "%s", diag.message);
   return value;
}

static void parse_fails(const char *text, unsigned line, unsigned column, const char *message)
{
   struct rdna_case *c = NULL;
   struct rdna_diag diag;
   enum rdna_status st = rdna_case_parse(text, strlen(text), "test", &c, &diag);
   cr_assert_neq(st, RDNA_OK);
   cr_assert_null(c);
   cr_assert_eq(diag.line, line, "line %u (%s)", diag.line, diag.message);
   cr_assert_eq(diag.column, column, "column %u (%s)", diag.column, diag.message);
   cr_assert(strstr(diag.message, message) != NULL, "'%s' lacks '%s'", diag.message, message);
}

static void init_fails(const char *text, unsigned code, unsigned line, unsigned column,
                       const char *message)
{
   struct rdna_case *c = parse_ok(text);
   uint32_t value;
   struct rdna_diag diag;
   cr_assert_neq(rdna_case_init_sreg(c, 32, code, &value, &diag), RDNA_OK);
   cr_assert_eq(diag.line, line, "line %u (%s)", diag.line, diag.message);
   cr_assert_eq(diag.column, column, "column %u (%s)", diag.column, diag.message);
   cr_assert(strstr(diag.message, message) != NULL, "'%s' lacks '%s'", diag.message, message);
   rdna_case_destroy(c);
}

Test(case_image, tsharp_fields)
{
   struct rdna_case *c = parse_ok(
      "[buffer img @0x12345600]\nsize 16\n[program]\ns_endpgm\n[init]\n"
      "s[8:15] = tsharp(&img + 0x10000000000, format=56, width=1921, height=1080, depth=6, "
      "type=13, base_level=2, last_level=9, base_array=3, dst_sel=0x88, sw_mode=0, "
      "min_lod=0x180)\n");
   uint64_t base = (0x12345600ull + 0x10000000000ull) >> 8;
   cr_assert_eq(sreg(c, 8), (uint32_t)base);
   /* BASE_ADDRESS[39:32] | MIN_LOD << 8 | FORMAT << 20 | (WIDTH - 1)[1:0] << 30 */
   cr_assert_eq(sreg(c, 9), (uint32_t)(base >> 32) | 0x180u << 8 | 56u << 20 | (1920u & 3) << 30);
   /* (WIDTH - 1)[13:2] | (HEIGHT - 1) << 14 | RESOURCE_LEVEL << 31 */
   cr_assert_eq(sreg(c, 10), 1920u >> 2 | 1079u << 14 | 1u << 31);
   /* DST_SEL | BASE_LEVEL << 12 | LAST_LEVEL << 16 | SW_MODE << 20 | TYPE << 28 */
   cr_assert_eq(sreg(c, 11), 0x88u | 2u << 12 | 9u << 16 | 13u << 28);
   cr_assert_eq(sreg(c, 12), 5u | 3u << 16); /* DEPTH - 1 | BASE_ARRAY << 16 */
   cr_assert_eq(sreg(c, 13), 0u);
   cr_assert_eq(sreg(c, 15), 0u);
   rdna_case_destroy(c);
}

Test(case_image, tsharp_defaults_are_a_1x1_2d_32_float)
{
   struct rdna_case *c =
      parse_ok("[buffer img @0x100]\nsize 4\n[program]\ns_endpgm\n[init]\ns[0:7] = tsharp(&img)\n");
   cr_assert_eq(sreg(c, 0), 1u);
   cr_assert_eq(sreg(c, 1), 22u << 20);
   cr_assert_eq(sreg(c, 2), 1u << 31);
   cr_assert_eq(sreg(c, 3), 4u | 5u << 3 | 6u << 6 | 7u << 9 | 9u << 28);
   cr_assert_eq(sreg(c, 4), 0u);
   rdna_case_destroy(c);
}

Test(case_image, ssharp_fields)
{
   struct rdna_case *c =
      parse_ok("[program]\ns_endpgm\n[init]\n"
               "s[4:7] = ssharp(clamp_x=1, clamp_y=2, clamp_z=6, filter=1, min_filter=3, "
               "z_filter=2, mip_filter=1, compare=5, unnormalized=1, min_lod=0x40, max_lod=0x300, "
               "lod_bias=-256, border=2)\n"
               "s[8:11] = ssharp()\n");
   cr_assert_eq(sreg(c, 4), 1u | 2u << 3 | 6u << 6 | 5u << 12 | 1u << 15);
   cr_assert_eq(sreg(c, 5), 0x40u | 0x300u << 12);
   /* LOD_BIAS s5.8 in 14 bits | XY_MAG << 20 | XY_MIN << 22 | Z << 24 | MIP << 26 */
   cr_assert_eq(sreg(c, 6), (0x4000u - 256u) | 1u << 20 | 3u << 22 | 2u << 24 | 1u << 26);
   cr_assert_eq(sreg(c, 7), 2u << 30);
   cr_assert_eq(sreg(c, 8), 0u);
   cr_assert_eq(sreg(c, 9), 0xfffu << 12);
   cr_assert_eq(sreg(c, 10), 0u);
   cr_assert_eq(sreg(c, 11), 0u);
   rdna_case_destroy(c);
}

Test(case_image, descriptor_errors)
{
   parse_fails("[program]\ns_endpgm\n[init]\ns[0:3] = tsharp(&main)\n", 4, 10, "8 SGPRs");
   parse_fails("[program]\ns_endpgm\n[init]\ns[0:7] = ssharp()\n", 4, 10, "4 SGPRs");
   parse_fails("[program]\ns_endpgm\n[init]\ns[0:7] = tsharp(&main, colour=1)\n", 4, 24,
               "tsharp field");
   parse_fails("[program]\ns_endpgm\n[init]\ns[0:3] = ssharp(filter=1, filter=0)\n", 4, 27,
               "given twice");
   init_fails("[program]\ns_endpgm\n[init]\ns[0:7] = tsharp(&main, width=16385)\n", 0, 4, 30,
              "width");
   init_fails("[program]\ns_endpgm\n[init]\ns[0:7] = tsharp(&main + 4)\n", 0, 4, 23,
              "256-byte aligned");
   init_fails("[program]\ns_endpgm\n[init]\ns[0:3] = ssharp(lod_bias=-8193)\n", 0, 4, 26,
              "lod_bias");
}
