/* The case-file parser and model (include/rdna/case.h): the six contract examples in
 * corpus/examples/ parse with their meaning (targets, regions, initial registers per lane,
 * expectations checked against a mock final state computed here independently), the format's
 * features (buffers, lists, vsharp, placement), and errors located at exact line:column. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rdna/case.h"

/* ---- helpers ------------------------------------------------------------------------------ */

static char *read_text(const char *path, size_t *size)
{
   FILE *file = fopen(path, "rb");
   cr_assert_not_null(file, "cannot open %s (tests run from the repository root)", path);
   fseek(file, 0, SEEK_END);
   long length = ftell(file);
   fseek(file, 0, SEEK_SET);
   char *text = malloc((size_t)length + 1);
   cr_assert_not_null(text);
   cr_assert_eq(fread(text, 1, (size_t)length, file), (size_t)length);
   fclose(file);
   text[length] = '\0';
   *size = (size_t)length;
   return text;
}

static struct rdna_case *parse_ok(const char *text)
{
   struct rdna_case *c = NULL;
   struct rdna_diag diag;
   enum rdna_status st = rdna_case_parse(text, strlen(text), "test", &c, &diag);
   cr_assert_eq(st, RDNA_OK, "parse failed: %u:%u: %s: %s", diag.line, diag.column,
                rdna_status_name(st), diag.message);
   cr_assert_not_null(c);
   return c;
}

static struct rdna_case *parse_example(const char *name)
{
   char path[256];
   snprintf(path, sizeof(path), "corpus/examples/%s", name);
   size_t size;
   char *text = read_text(path, &size);
   struct rdna_case *c = NULL;
   struct rdna_diag diag;
   enum rdna_status st = rdna_case_parse(text, size, path, &c, &diag);
   free(text);
   cr_assert_eq(st, RDNA_OK, "%s:%u:%u: %s: %s", path, diag.line, diag.column, rdna_status_name(st),
                diag.message);
   return c;
}

static void parse_fails(const char *text, enum rdna_status status, unsigned line, unsigned column,
                        const char *message)
{
   struct rdna_case *c = (struct rdna_case *)1;
   struct rdna_diag diag;
   enum rdna_status st = rdna_case_parse(text, strlen(text), "test", &c, &diag);
   cr_assert_eq(st, status, "status %s, want %s (%u:%u: %s)", rdna_status_name(st),
                rdna_status_name(status), diag.line, diag.column, diag.message);
   cr_assert_null(c);
   cr_assert_eq(diag.status, status);
   cr_assert_eq(diag.line, line, "line %u, want %u (%s)", diag.line, line, diag.message);
   cr_assert_eq(diag.column, column, "column %u, want %u (%s)", diag.column, column, diag.message);
   cr_assert(strstr(diag.message, message) != NULL, "message '%s' lacks '%s'", diag.message,
             message);
}

static uint32_t sreg(const struct rdna_case *c, unsigned wave, unsigned code)
{
   uint32_t value = 0xbad;
   struct rdna_diag diag;
   cr_assert_eq(rdna_case_init_sreg(c, wave, code, &value, &diag), RDNA_OK, "%s", diag.message);
   return value;
}

static uint32_t vgpr(const struct rdna_case *c, unsigned wave, unsigned reg, unsigned lane)
{
   uint32_t value = 0xbad;
   struct rdna_diag diag;
   cr_assert_eq(rdna_case_init_vgpr(c, wave, reg, lane, &value, &diag), RDNA_OK, "%s",
                diag.message);
   return value;
}

static uint64_t region_address(const struct rdna_case *c, const char *name)
{
   long index = rdna_case_find_region(c, name);
   cr_assert_geq(index, 0, "no region %s", name);
   struct rdna_case_region region;
   cr_assert(rdna_case_region(c, (size_t)index, &region));
   return region.address;
}

/* A final state the tests fill in by hand. */
struct mock {
   uint32_t sregs[256];
   uint32_t vgprs[256][64];
   uint64_t memory_base;
   uint8_t memory[4096];
   const char *fault;
   uint64_t fault_pc;
   unsigned failures;
   unsigned failure_lines[16];
   char last_message[256];
};

static uint32_t mock_sreg(void *user, unsigned code)
{
   return ((struct mock *)user)->sregs[code & 255];
}

static uint32_t mock_vgpr(void *user, unsigned reg, unsigned lane)
{
   return ((struct mock *)user)->vgprs[reg & 255][lane & 63];
}

static bool mock_memory(void *user, uint64_t address, void *bytes, size_t size)
{
   struct mock *m = user;
   if (address < m->memory_base || address + size > m->memory_base + sizeof(m->memory))
      return false;
   memcpy(bytes, m->memory + (address - m->memory_base), size);
   return true;
}

static const char *mock_fault(void *user, uint64_t *pc)
{
   struct mock *m = user;
   *pc = m->fault_pc;
   return m->fault ? m->fault : "none";
}

static void mock_report(void *user, const struct rdna_case_failure *failure)
{
   struct mock *m = user;
   if (m->failures < 16)
      m->failure_lines[m->failures] = failure->line;
   m->failures++;
   snprintf(m->last_message, sizeof(m->last_message), "%s", failure->message);
}

/* Runs the check; returns the number of failures (the report count must agree). */
static unsigned check(const struct rdna_case *c, unsigned wave, struct mock *m)
{
   struct rdna_case_state state = { m, mock_sreg, mock_vgpr, mock_memory, mock_fault, 0 };
   unsigned failures = 99;
   m->failures = 0;
   m->last_message[0] = '\0';
   cr_assert_eq(rdna_case_check(c, wave, &state, mock_report, m, &failures), RDNA_OK, "%s",
                m->last_message);
   cr_assert_eq(failures, m->failures);
   return failures;
}

/* ---- the contract examples ---------------------------------------------------------------- */

Test(case_examples, call_after_endpgm)
{
   struct rdna_case *c = parse_example("call_after_endpgm.case");
   cr_assert_eq(rdna_case_target(c), RDNA_TARGET_GFX1030);
   cr_assert_eq(rdna_case_waves(c), RDNA_CASE_WAVE32);
   cr_assert_eq(rdna_case_region_count(c), 1);
   struct rdna_case_region main;
   cr_assert(rdna_case_region(c, 0, &main));
   cr_assert_str_eq(main.name, "main");
   cr_assert(main.is_program);
   cr_assert_eq(main.address, RDNA_CASE_AUTO_BASE);
   cr_assert_eq(rdna_case_entry(c), main.address);
   size_t size;
   const uint8_t *code = rdna_case_region_bytes(c, 0, 32, &size);
   cr_assert_not_null(code);
   cr_assert_eq(size, 12 * 4, "12 one-dword instructions, found %zu bytes", size);
   /* s_endpgm = 0xbf810000 at main + 0x1c, little-endian. */
   uint32_t endpgm = (uint32_t)code[0x1c] | (uint32_t)code[0x1d] << 8 | (uint32_t)code[0x1e] << 16 |
                     (uint32_t)code[0x1f] << 24;
   cr_assert_eq(endpgm, 0xbf810000u);
   cr_assert_null(rdna_case_region_bytes(c, 0, 64, &size), "the case runs wave32 only");
   cr_assert_eq(sreg(c, 32, 126), 0xffffffffu); /* exec_lo: all lanes */
   cr_assert_eq(sreg(c, 32, 127), 0);

   struct mock *m = calloc(1, sizeof(*m));
   m->sregs[6] = 44;
   m->sregs[4] = (uint32_t)(main.address + 0x20);
   m->sregs[5] = (uint32_t)((main.address + 0x20) >> 32);
   m->sregs[30] = (uint32_t)(main.address + 0x1c);
   m->sregs[253] = 1;
   cr_assert_eq(check(c, 32, m), 0, "%s", m->last_message);
   m->sregs[6] = 43;
   m->sregs[30] += 4;
   cr_assert_eq(check(c, 32, m), 2);
   cr_assert_eq(m->failure_lines[0], 24);
   cr_assert_eq(m->failure_lines[1], 26);
   cr_assert(strstr(m->last_message, "s[30:31]: expected 0x000000000001001c"), "%s",
             m->last_message);
   free(m);
   rdna_case_destroy(c);
}

Test(case_examples, calls_shared_link_pair)
{
   struct rdna_case *c = parse_example("calls_shared_link_pair.case");
   cr_assert_eq(rdna_case_region_count(c), 3);
   cr_assert_eq(region_address(c, "add10"), 0x20000);
   cr_assert_eq(region_address(c, "times3"), 0x30000);
   cr_assert_eq(region_address(c, "main"), RDNA_CASE_AUTO_BASE);
   cr_assert_eq(rdna_case_entry(c), RDNA_CASE_AUTO_BASE);
   struct rdna_case_region r;
   cr_assert(rdna_case_region(c, 1, &r));
   cr_assert(r.fixed && r.is_program);
   cr_assert_eq(r.size, 8);
   cr_assert_eq(sreg(c, 32, 0), 0x20000);
   cr_assert_eq(sreg(c, 32, 1), 0);
   cr_assert_eq(sreg(c, 32, 2), 0x30000);
   cr_assert_eq(sreg(c, 32, 14), 0xcafef00d);
   cr_assert_eq(sreg(c, 32, 15), 0xdeadbeef);
   cr_assert_eq(sreg(c, 32, 16), 0);

   struct mock *m = calloc(1, sizeof(*m));
   m->sregs[20] = 33;
   for (unsigned lane = 0; lane < 32; lane++)
      m->vgprs[1][lane] = 33;
   m->sregs[84] = 0xcafef00d;
   m->sregs[85] = 0xdeadbeef;
   m->sregs[14] = RDNA_CASE_AUTO_BASE + 0x20;
   cr_assert_eq(check(c, 32, m), 0, "%s", m->last_message);
   m->vgprs[1][31] = 0;
   cr_assert_eq(check(c, 32, m), 1);
   cr_assert_eq(m->failure_lines[0], 34);
   cr_assert(strstr(m->last_message, "v1 lane 31"), "%s", m->last_message);
   free(m);
   rdna_case_destroy(c);
}

Test(case_examples, exec_mask)
{
   struct rdna_case *c = parse_example("exec_mask.case");
   for (unsigned lane = 0; lane < 32; lane++)
      cr_assert_eq(vgpr(c, 32, 0, lane), lane);
   cr_assert_eq(vgpr(c, 32, 1, 5), 0);
   struct mock *m = calloc(1, sizeof(*m));
   for (unsigned lane = 0; lane < 32; lane++)
      m->vgprs[1][lane] = lane < 16 ? 1 : 0;
   m->sregs[106] = 0x0000ffff;
   m->sregs[126] = 0xffffffff;
   m->sregs[0] = 0xffffffff;
   cr_assert_eq(check(c, 32, m), 0, "%s", m->last_message);
   m->vgprs[1][16] = 1;
   m->vgprs[1][17] = 1;
   cr_assert_eq(check(c, 32, m), 1);
   cr_assert_eq(m->failure_lines[0], 21);
   cr_assert(strstr(m->last_message, "lane 16") && strstr(m->last_message, "2 of 32"), "%s",
             m->last_message);
   free(m);
   rdna_case_destroy(c);
}

Test(case_examples, memory_global_buffer)
{
   /* The example needs the assembler's FLAT/GLOBAL class. */
   struct rdna_isa_config config = { RDNA_TARGET_GFX1030, 32 };
   struct rdna_code *probe = NULL;
   const char *global = "global_load_dword v1, v2, s[0:1]";
   if (rdna_assemble(&config, global, strlen(global), NULL, &probe, NULL) != RDNA_OK)
      cr_skip_test("the assembler lacks global_load_dword yet");
   rdna_code_destroy(probe);

   struct rdna_case *c = parse_example("memory_global_buffer.case");
   cr_assert_eq(rdna_case_region_count(c), 3);
   struct rdna_case_region in, out;
   cr_assert(rdna_case_region(c, 0, &in));
   cr_assert(rdna_case_region(c, 1, &out));
   cr_assert_str_eq(in.name, "in");
   cr_assert_eq(in.size, 128);
   cr_assert_eq(out.size, 128);
   cr_assert(!in.is_program && !out.is_program);
   /* File order, 256-byte aligned from the base: in, out, then main. */
   cr_assert_eq(in.address, RDNA_CASE_AUTO_BASE);
   cr_assert_eq(out.address, RDNA_CASE_AUTO_BASE + 0x100);
   cr_assert_eq(rdna_case_entry(c), RDNA_CASE_AUTO_BASE + 0x200);
   size_t size;
   const uint8_t *bytes = rdna_case_region_bytes(c, 0, 32, &size);
   cr_assert_eq(size, 128);
   for (unsigned i = 0; i < 32; i++)
      cr_assert_eq((unsigned)bytes[i * 4] | (unsigned)bytes[i * 4 + 1] << 8, i + 1);
   bytes = rdna_case_region_bytes(c, 1, 32, &size);
   for (unsigned i = 0; i < 128; i++)
      cr_assert_eq(bytes[i], 0);
   cr_assert_eq(sreg(c, 32, 0), in.address);
   cr_assert_eq(sreg(c, 32, 1), 0);
   cr_assert_eq(sreg(c, 32, 4), out.address);
   cr_assert_eq(sreg(c, 32, 5), 0); /* base[47:32] 0, stride 0 */
   cr_assert_eq(sreg(c, 32, 6), 128);
   cr_assert_eq(sreg(c, 32, 7), 0x31016fac); /* xyzw, 32_FLOAT, level 1, OOB raw */

   struct mock *m = calloc(1, sizeof(*m));
   m->memory_base = out.address;
   for (unsigned i = 0; i < 32; i++)
      m->memory[i * 4] = (uint8_t)(3 * (i + 1));
   cr_assert_eq(check(c, 32, m), 0, "%s", m->last_message);
   m->memory[31 * 4] = 0;
   cr_assert_eq(check(c, 32, m), 1);
   cr_assert_eq(m->failure_lines[0], 27);
   cr_assert(strstr(m->last_message, "buffer out u32[31]: expected 0x00000060, found 0x00000000"),
             "%s", m->last_message);
   free(m);
   rdna_case_destroy(c);
}

/* v_movrel* on the allocation of 40: the independent model of DESIGN.md's rules. */
static void movrel_final_state(struct mock *m, unsigned wave)
{
   for (unsigned lane = 0; lane < wave; lane++) {
      m->vgprs[0][lane] = lane;
      for (unsigned reg = 1; reg < 40; reg++)
         m->vgprs[reg][lane] = 0x1000 * (lane + 1) + reg;
      m->vgprs[21][lane] = lane;
      m->vgprs[10][lane] = lane;
      m->vgprs[11][lane] = 0x1000 * (lane + 1) + 39;
      m->vgprs[7][lane] = lane;
      m->vgprs[32][lane] = 0x1000 * (lane + 1) + 35;
      m->vgprs[35][lane] = 0x1000 * (lane + 1) + 32;
   }
}

Test(case_examples, movrel_out_of_range_both_wave_sizes)
{
   struct rdna_case *c = parse_example("movrel_out_of_range.case");
   cr_assert_eq(rdna_case_waves(c), RDNA_CASE_WAVE32 | RDNA_CASE_WAVE64);
   cr_assert_eq(rdna_case_vgprs(c), 40);
   size_t size32, size64;
   cr_assert_not_null(rdna_case_region_bytes(c, 0, 32, &size32));
   cr_assert_not_null(rdna_case_region_bytes(c, 0, 64, &size64));
   cr_assert_eq(size32, size64);
   for (unsigned wave = 32; wave <= 64; wave += 32) {
      for (unsigned lane = 0; lane < wave; lane++) {
         cr_assert_eq(vgpr(c, wave, 0, lane), lane);
         for (unsigned reg = 1; reg < 40; reg++)
            cr_assert_eq(vgpr(c, wave, reg, lane), 0x1000 * (lane + 1) + reg);
      }
      uint32_t value;
      cr_assert_eq(rdna_case_init_vgpr(c, wave, 40, 0, &value, NULL), RDNA_BAD_ARGUMENT);
      cr_assert_eq(sreg(c, wave, 127), wave == 64 ? 0xffffffffu : 0);
      struct mock *m = calloc(1, sizeof(*m));
      movrel_final_state(m, wave);
      cr_assert_eq(check(c, wave, m), 0, "wave%u: %s", wave, m->last_message);
      m->vgprs[35][wave - 1] = 0;
      cr_assert_eq(check(c, wave, m), 1);
      cr_assert_eq(m->failure_lines[0], 38);
      free(m);
   }
   rdna_case_destroy(c);
}

Test(case_examples, wave64_lane_masks)
{
   struct rdna_case *c = parse_example("wave64_lane_masks.case");
   cr_assert_eq(rdna_case_waves(c), RDNA_CASE_WAVE64);
   for (unsigned lane = 0; lane < 64; lane++) {
      cr_assert_eq(vgpr(c, 64, 1, lane), lane + 100);
      cr_assert_eq(vgpr(c, 64, 2, lane), 1);
   }
   struct mock *m = calloc(1, sizeof(*m));
   m->sregs[0] = 0xffffffff;
   m->sregs[1] = 0xff;
   m->sregs[2] = 63;
   m->sregs[3] = 100;
   m->sregs[4] = 40;
   m->sregs[5] = 132;
   m->sregs[6] = 0;
   m->sregs[7] = 0xff;
   m->sregs[126] = 0;
   m->sregs[127] = 0xffffffff;
   for (unsigned lane = 0; lane < 64; lane++)
      m->vgprs[2][lane] = lane < 32 ? 1 : 7;
   cr_assert_eq(check(c, 64, m), 0, "%s", m->last_message);
   m->sregs[126] = 1;
   cr_assert_eq(check(c, 64, m), 1);
   cr_assert(strstr(m->last_message, "exec: expected 0xffffffff00000000, found "
                                     "0xffffffff00000001"),
             "%s", m->last_message);
   free(m);
   rdna_case_destroy(c);
}

Test(case_examples, every_example_parses_with_crlf_line_ends)
{
   static const char *const names[] = { "call_after_endpgm.case", "calls_shared_link_pair.case",
                                        "exec_mask.case", "movrel_out_of_range.case",
                                        "wave64_lane_masks.case" };
   for (size_t n = 0; n < sizeof(names) / sizeof(names[0]); n++) {
      char path[256];
      snprintf(path, sizeof(path), "corpus/examples/%s", names[n]);
      size_t size;
      char *text = read_text(path, &size);
      char *crlf = malloc(size * 2 + 1);
      size_t k = 0;
      for (size_t i = 0; i < size; i++) {
         if (text[i] == '\n')
            crlf[k++] = '\r';
         crlf[k++] = text[i];
      }
      struct rdna_case *c = NULL;
      struct rdna_diag diag;
      cr_assert_eq(rdna_case_parse(crlf, k, path, &c, &diag), RDNA_OK, "%s:%u:%u: %s", path,
                   diag.line, diag.column, diag.message);
      rdna_case_destroy(c);
      free(crlf);
      free(text);
   }
}

/* ---- format features ---------------------------------------------------------------------- */

Test(case_format, require_fields_and_defaults)
{
   struct rdna_case *c = parse_ok("[program]\ns_endpgm\n");
   unsigned dims[3];
   cr_assert_eq(rdna_case_target(c), RDNA_TARGET_GFX1030);
   cr_assert_eq(rdna_case_waves(c), RDNA_CASE_WAVE32);
   cr_assert_eq(rdna_case_vgprs(c), 256);
   rdna_case_workgroup(c, dims);
   cr_assert(dims[0] == 1 && dims[1] == 1 && dims[2] == 1);
   cr_assert_eq(rdna_case_lds(c), 0);
   cr_assert_eq(rdna_case_steps(c), 1000000);
   cr_assert_eq(rdna_case_mode(c), 0);
   rdna_case_destroy(c);

   c = parse_ok("[require]\ntarget gfx1013\nwave 64 32\nvgprs 0x20\nworkgroup 64 2\n"
                "grid 3 4 5\nlds 65536\nsteps 1 << 20\nmode 0x3f0\n[program]\ns_endpgm\n");
   cr_assert_eq(rdna_case_target(c), RDNA_TARGET_GFX1013);
   cr_assert_eq(rdna_case_waves(c), 3);
   cr_assert_eq(rdna_case_vgprs(c), 32);
   rdna_case_workgroup(c, dims);
   cr_assert(dims[0] == 64 && dims[1] == 2 && dims[2] == 1);
   rdna_case_grid(c, dims);
   cr_assert(dims[0] == 3 && dims[1] == 4 && dims[2] == 5);
   cr_assert_eq(rdna_case_lds(c), 65536);
   cr_assert_eq(rdna_case_steps(c), 1u << 20);
   cr_assert_eq(rdna_case_mode(c), 0x3f0);
   rdna_case_destroy(c);
}

Test(case_format, buffer_data_types_repeats_and_floats)
{
   struct rdna_case *c = parse_ok("[buffer b]\n"
                                  "u8 1 0xff -1 x2\n"             /* 4 bytes */
                                  "u16 0x1234, 2\n"               /* 4 bytes */
                                  "i32 -2\n"                      /* 4 bytes */
                                  "f32 1.5 -2.0\n"                /* 8 bytes */
                                  "f16 1.0 0x3c00 65504.0 1e-7\n" /* 8 bytes */
                                  "f64 0.1\n"                     /* 8 bytes */
                                  "u64 (1<<40)+3\n"               /* 8 bytes */
                                  "u32 &main x2 # pointer table\n"
                                  "size 64\n"
                                  "[program]\ns_endpgm\n");
   size_t size;
   const uint8_t *b = rdna_case_region_bytes(c, 0, 32, &size);
   cr_assert_eq(size, 64);
   static const uint8_t head[] = { 1, 0xff, 0xff, 0xff, 0x34, 0x12, 2, 0, 0xfe, 0xff, 0xff, 0xff };
   cr_assert_arr_eq(b, head, sizeof(head));
   uint32_t f32a, f32b;
   memcpy(&f32a, b + 12, 4);
   memcpy(&f32b, b + 16, 4);
   cr_assert_eq(f32a, 0x3fc00000u);
   cr_assert_eq(f32b, 0xc0000000u);
   uint16_t h[4];
   memcpy(h, b + 20, 8);
   cr_assert_eq(h[0], 0x3c00);
   cr_assert_eq(h[1], 0x3c00);
   cr_assert_eq(h[2], 0x7bff);
   cr_assert_eq(h[3], 0x0002, "1e-7 is about 1.68 units of 2^-24: rounds to 2, found %#x", h[3]);
   double d;
   memcpy(&d, b + 28, 8);
   cr_assert_eq(d, 0.1);
   uint64_t big;
   memcpy(&big, b + 36, 8);
   cr_assert_eq(big, (1ull << 40) + 3);
   uint32_t p0, p1;
   memcpy(&p0, b + 44, 4);
   memcpy(&p1, b + 48, 4);
   cr_assert_eq(p0, region_address(c, "main"));
   cr_assert_eq(p1, p0);
   for (size_t i = 52; i < 64; i++)
      cr_assert_eq(b[i], 0);
   rdna_case_destroy(c);
}

/* A repeat reaches x16777216 (2^24), as its error message states, whatever its digit count. */
Test(case_format, buffer_repeat_counts_up_to_two_to_the_24)
{
   struct rdna_case *c =
      parse_ok("[buffer b]\nu8 0xee x16384\nu32 7 x100000\n[program]\ns_endpgm\n");
   size_t size;
   const uint8_t *b = rdna_case_region_bytes(c, 0, 32, &size);
   cr_assert_eq(size, 16384 + 400000);
   cr_assert(b[0] == 0xee && b[16383] == 0xee);
   uint32_t last;
   memcpy(&last, b + size - 4, 4);
   cr_assert_eq(last, 7);
   rdna_case_destroy(c);
   parse_fails("[buffer b]\nu8 1 x16777217\n[program]\ns_endpgm\n", RDNA_OUT_OF_RANGE, 2, 6,
               "a repeat count is x1 to x16777216");
   parse_fails("[buffer b]\nu8 1 x99999999999999999999\n[program]\ns_endpgm\n", RDNA_OUT_OF_RANGE,
               2, 6, "a repeat count is x1 to x16777216");
}

Test(case_format, placement_skips_fixed_regions_and_aligns)
{
   struct rdna_case *c = parse_ok("[buffer a]\nsize 1\n"
                                  "[buffer fixed @0x10100]\nsize 0x200\n"
                                  "[buffer b]\nsize 0x100\n"
                                  "[program]\ns_endpgm\n"
                                  "[buffer empty]\n");
   cr_assert_eq(region_address(c, "a"), 0x10000);
   cr_assert_eq(region_address(c, "fixed"), 0x10100);
   cr_assert_eq(region_address(c, "b"), 0x10300);
   cr_assert_eq(region_address(c, "main"), 0x10400);
   cr_assert_eq(rdna_case_entry(c), 0x10400);
   cr_assert_eq(region_address(c, "empty"), 0x10500);
   rdna_case_destroy(c);
}

Test(case_format, init_values)
{
   struct rdna_case *c = parse_ok("[require]\nwave 32 64\n[program]\ns_endpgm\n"
                                  "[init]\n"
                                  "s[0:1] = 0x1122334455667788\n"
                                  "s[2:5] = reg * 2\n"
                                  "s[6:7] = -1\n"
                                  "v[2:3] = &main + lane * 8\n"
                                  "v5 = 1.5\n"
                                  "v[6:7] = -0.5\n"
                                  "ttmp[2:3] = 7\n"
                                  "m0 = -1\n"
                                  "scc = 1\n"
                                  "vcc = 0x0000ffff\n"
                                  "exec = 0x5\n"
                                  "s2 = 9\n");
   uint64_t main = region_address(c, "main");
   for (unsigned wave = 32; wave <= 64; wave += 32) {
      cr_assert_eq(sreg(c, wave, 0), 0x55667788);
      cr_assert_eq(sreg(c, wave, 1), 0x11223344);
      cr_assert_eq(sreg(c, wave, 2), 9);
      cr_assert_eq(sreg(c, wave, 3), 6);
      cr_assert_eq(sreg(c, wave, 5), 10);
      cr_assert_eq(sreg(c, wave, 6), 0xffffffff);
      cr_assert_eq(sreg(c, wave, 7), 0xffffffff);
      cr_assert_eq(sreg(c, wave, 108 + 2), 7);
      cr_assert_eq(sreg(c, wave, 108 + 3), 0);
      cr_assert_eq(sreg(c, wave, 124), 0xffffffff);
      cr_assert_eq(sreg(c, wave, 253), 1);
      cr_assert_eq(sreg(c, wave, 106), 0xffff);
      cr_assert_eq(sreg(c, wave, 107), 0);
      cr_assert_eq(sreg(c, wave, 126), 5);
      cr_assert_eq(sreg(c, wave, 127), 0, "exec = 5 clears the high half in wave64 too");
      for (unsigned lane = 0; lane < wave; lane++) {
         cr_assert_eq(vgpr(c, wave, 2, lane), (uint32_t)(main + lane * 8));
         cr_assert_eq(vgpr(c, wave, 3, lane), (uint32_t)((main + lane * 8) >> 32));
         cr_assert_eq(vgpr(c, wave, 5, lane), 0x3fc00000u);
         cr_assert_eq(vgpr(c, wave, 6, lane), 0);
         cr_assert_eq(vgpr(c, wave, 7, lane), 0xbfe00000u);
      }
   }
   cr_assert(rdna_case_init_writes_vgpr(c, 3));
   cr_assert(!rdna_case_init_writes_vgpr(c, 4));
   uint32_t value;
   cr_assert_eq(rdna_case_init_sreg(c, 48, 0, &value, NULL), RDNA_BAD_ARGUMENT);
   cr_assert_eq(rdna_case_init_sreg(c, 32, 200, &value, NULL), RDNA_BAD_ARGUMENT);
   rdna_case_destroy(c);
}

Test(case_format, init_value_that_does_not_fit_is_located)
{
   struct rdna_case *c = parse_ok("[program]\ns_endpgm\n[init]\ns1 = 2\ns3 = 0x100000000\n"
                                  "scc = 2\n");
   uint32_t value;
   struct rdna_diag diag;
   cr_assert_eq(rdna_case_init_sreg(c, 32, 3, &value, &diag), RDNA_OUT_OF_RANGE);
   cr_assert_eq(diag.line, 5);
   cr_assert_eq(diag.column, 6);
   cr_assert(strstr(diag.message, "does not fit in 32 bits"), "%s", diag.message);
   cr_assert_eq(rdna_case_init_sreg(c, 32, 253, &value, &diag), RDNA_OUT_OF_RANGE);
   cr_assert_eq(diag.line, 6);
   cr_assert_eq(rdna_case_init_sreg(c, 32, 1, &value, &diag), RDNA_OK);
   cr_assert_eq(value, 2);
   rdna_case_destroy(c);
}

Test(case_format, wave_sized_lists_and_dont_care)
{
   struct rdna_case *c = parse_ok("[program]\ns_endpgm\n[init]\nv4 = 1 x8, 2 x8, 3 x16\n"
                                  "exec = 0xfffff0ff\n"
                                  "[expect]\nv4 = ? x8, 2 x8, ? x16\nv9 = lane\n");
   cr_assert_eq(vgpr(c, 32, 4, 7), 1);
   cr_assert_eq(vgpr(c, 32, 4, 8), 2);
   cr_assert_eq(vgpr(c, 32, 4, 31), 3);
   struct mock *m = calloc(1, sizeof(*m));
   for (unsigned lane = 0; lane < 32; lane++) {
      m->vgprs[4][lane] = lane < 16 ? 2 : 0;
      /* Lanes 8-11 are off in the initial EXEC: their v9 is not checked. */
      m->vgprs[9][lane] = lane >= 8 && lane < 12 ? 1234 : lane;
   }
   cr_assert_eq(check(c, 32, m), 0, "%s", m->last_message);
   m->vgprs[4][15] = 3;
   m->vgprs[9][16] = 0;
   cr_assert_eq(check(c, 32, m), 2);
   cr_assert_eq(m->failure_lines[0], 7);
   cr_assert_eq(m->failure_lines[1], 8);
   free(m);
   rdna_case_destroy(c);
}

Test(case_format, expect_buffers_faults_and_vsharp)
{
   struct rdna_case *c = parse_ok("[buffer out @0x100000]\nsize 16\n[program]\ns_endpgm\n"
                                  "[init]\ns[8:11] = vsharp(&out, stride=16, records=4, "
                                  "add_tid=1, swizzle=1, index_stride=3)\n"
                                  "[expect]\n"
                                  "buffer out u16[2:3] = 7, 0xffff\n"
                                  "buffer out u8 = i + 1\n"
                                  "buffer out f32[3] = -1.0\n"
                                  "fault illegal_instruction at &main + 4\n"
                                  "s[8:11] = vsharp(&out, stride=16, records=4, add_tid=1, "
                                  "swizzle=1, index_stride=3)\n");
   cr_assert_eq(sreg(c, 32, 8), 0x100000);
   cr_assert_eq(sreg(c, 32, 9), 16u << 16 | 1u << 31);
   cr_assert_eq(sreg(c, 32, 10), 4);
   cr_assert_eq(sreg(c, 32, 11), 0x4fac | 22u << 12 | 3u << 21 | 1u << 23 | 1u << 24 | 1u << 28);
   struct mock *m = calloc(1, sizeof(*m));
   m->memory_base = 0x100000;
   for (unsigned i = 0; i < 16; i++)
      m->memory[i] = (uint8_t)(i + 1);
   cr_assert_eq(check(c, 32, m), 4, "%s", m->last_message);
   cr_assert_eq(m->failure_lines[0], 8); /* u16[2] is 0x0605 */
   cr_assert_eq(m->failure_lines[1], 10);
   cr_assert_eq(m->failure_lines[2], 11); /* no fault */
   cr_assert_eq(m->failure_lines[3], 12); /* s[8:11] all 0 */
   m->memory[4] = 7, m->memory[5] = 0, m->memory[6] = 0xff, m->memory[7] = 0xff;
   m->memory[12] = 0, m->memory[13] = 0, m->memory[14] = 0x80, m->memory[15] = 0xbf;
   m->fault = "illegal_instruction";
   m->fault_pc = region_address(c, "main") + 4;
   for (unsigned k = 0; k < 4; k++)
      m->sregs[8 + k] = sreg(c, 32, 8 + k);
   cr_assert_eq(check(c, 32, m), 1); /* buffer out u8 now differs at elements 4-7, 12-15 */
   cr_assert(strstr(m->last_message, "buffer out u8[4]: expected 0x05, found 0x07 (8 of 16"), "%s",
             m->last_message);
   m->fault_pc += 4;
   cr_assert_eq(check(c, 32, m), 2);
   rdna_case_destroy(c);
   free(m);
}

Test(case_format, diff_todos)
{
   struct rdna_case *c = parse_ok("[program]\ns_endpgm\n[diff]\ntodo(recomp) no s_setpc yet  # x\n"
                                  "todo(interp)\n");
   cr_assert_eq(rdna_case_todo_count(c), 2);
   const char *backend, *reason;
   cr_assert(rdna_case_todo(c, 0, &backend, &reason));
   cr_assert_str_eq(backend, "recomp");
   cr_assert_str_eq(reason, "no s_setpc yet");
   cr_assert(rdna_case_todo(c, 1, &backend, &reason));
   cr_assert_str_eq(reason, "");
   cr_assert(rdna_case_has_todo(c, "interp"));
   cr_assert(!rdna_case_has_todo(c, "vulkan"));
   cr_assert_str_eq(rdna_case_todo_reason(c, "recomp"), "no s_setpc yet");
   cr_assert_str_eq(rdna_case_todo_reason(c, "interp"), "");
   cr_assert_null(rdna_case_todo_reason(c, "vulkan"));
   cr_assert(!rdna_case_todo(c, 2, &backend, &reason));
   rdna_case_destroy(c);
}

/* ---- expressions -------------------------------------------------------------------------- */

struct eval_vector {
   const char *text;
   uint64_t value;
};

Test(case_expr, evaluates_with_c_precedence_and_64_bit_wrapping)
{
   static const struct eval_vector vectors[] = {
      { "1 + 2 * 3", 7 },
      { "(1 + 2) * 3", 9 },
      { "0x10 | 0x01 ^ 0x11 & 0x10", 0x10 | (0x01 ^ (0x11 & 0x10)) },
      { "1 << 4 + 1", 32 },
      { "~0", UINT64_MAX },
      { "-1", UINT64_MAX },
      { "- -5", 5 },
      { "17 / 5", 3 },
      { "17 % 5", 2 },
      { "0b1011", 11 },
      { "0xdeadbeefcafef00d", 0xdeadbeefcafef00dull },
      { "18446744073709551615 + 2", 1 },
      { "1 << 64", 0 },
      { "0x8000000000000000 >> 63", 1 },
      { "0x1000 * (lane + 1) + reg", 0x1000 * 4 + 39 },
      { "3 * (i + 1)", 3 * 8 },
      { "+~-+1", 0 },
   };
   for (size_t v = 0; v < sizeof(vectors) / sizeof(vectors[0]); v++) {
      uint64_t value = 0;
      struct rdna_diag diag;
      enum rdna_status st = rdna_case_eval(NULL, vectors[v].text, 3, 39, 7, &value, &diag);
      cr_assert_eq(st, RDNA_OK, "'%s': %s", vectors[v].text, diag.message);
      cr_assert_eq(value, vectors[v].value, "'%s' = %#llx, want %#llx", vectors[v].text,
                   (unsigned long long)value, (unsigned long long)vectors[v].value);
   }
}

Test(case_expr, region_addresses)
{
   struct rdna_case *c = parse_ok("[program]\ns_endpgm\n[buffer x @0x123400]\n");
   uint64_t value;
   cr_assert_eq(rdna_case_eval(c, "&main + 0x20", 0, 0, 0, &value, NULL), RDNA_OK);
   cr_assert_eq(value, RDNA_CASE_AUTO_BASE + 0x20);
   cr_assert_eq(rdna_case_eval(c, "&x - &main", 0, 0, 0, &value, NULL), RDNA_OK);
   cr_assert_eq(value, 0x123400 - RDNA_CASE_AUTO_BASE);
   struct rdna_diag diag;
   cr_assert_eq(rdna_case_eval(c, "&nope", 0, 0, 0, &value, &diag), RDNA_UNDEFINED_LABEL);
   rdna_case_destroy(c);
}

Test(case_expr, errors_are_located)
{
   static const struct {
      const char *text;
      enum rdna_status status;
      unsigned column;
   } vectors[] = {
      { "1 +", RDNA_SYNTAX, 4 },
      { "(1 + 2", RDNA_SYNTAX, 7 },
      { "1 / (2 - 2)", RDNA_OUT_OF_RANGE, 3 },
      { "0x", RDNA_SYNTAX, 1 },
      { "12a", RDNA_SYNTAX, 1 },
      { "99999999999999999999", RDNA_OUT_OF_RANGE, 1 },
      { "1 2", RDNA_SYNTAX, 3 },
      { "1.5 + 1", RDNA_SYNTAX, 5 },
      { "foo", RDNA_SYNTAX, 1 },
   };
   for (size_t v = 0; v < sizeof(vectors) / sizeof(vectors[0]); v++) {
      uint64_t value;
      struct rdna_diag diag;
      enum rdna_status st = rdna_case_eval(NULL, vectors[v].text, 0, 0, 0, &value, &diag);
      cr_assert_eq(st, vectors[v].status, "'%s': %s", vectors[v].text, diag.message);
      cr_assert_eq(diag.column, vectors[v].column, "'%s': column %u: %s", vectors[v].text,
                   diag.column, diag.message);
   }
   /* Deep nesting is an error, not a stack overflow. */
   char deep[4096];
   memset(deep, '(', 2000);
   strcpy(deep + 2000, "1");
   uint64_t value;
   struct rdna_diag diag;
   cr_assert_eq(rdna_case_eval(NULL, deep, 0, 0, 0, &value, &diag), RDNA_OUT_OF_RANGE);
   memset(deep, '~', 3000);
   strcpy(deep + 3000, "1");
   cr_assert_eq(rdna_case_eval(NULL, deep, 0, 0, 0, &value, &diag), RDNA_OUT_OF_RANGE);
}

/* ---- errors ------------------------------------------------------------------------------- */

Test(case_errors, located_at_line_and_column)
{
   static const struct {
      const char *text;
      enum rdna_status status;
      unsigned line, column;
      const char *message;
   } vectors[] = {
      { "hello\n[program]\n", RDNA_SYNTAX, 1, 1, "expected a section header" },
      { "# only\n\n", RDNA_SYNTAX, 1, 1, "expected a [program] section" },
      { "[programme]\n", RDNA_SYNTAX, 1, 2, "expected a section name" },
      { "[require]\nwave 48\n[program]\n", RDNA_OUT_OF_RANGE, 2, 6, "32 or 64" },
      { "[require]\ntarget gfx900\n", RDNA_SYNTAX, 2, 8, "found 'gfx900'" },
      { "[require]\n  vgprs 0\n", RDNA_OUT_OF_RANGE, 2, 9, "vgprs must be 1 to 256" },
      { "[require]\nmode 0x100000000\n", RDNA_OUT_OF_RANGE, 2, 6, "mode must be 0 to 4294967295" },
      { "[require]\ncolour blue\n", RDNA_SYNTAX, 2, 1, "found 'colour'" },
      { "[require]\nlds 4 4\n", RDNA_SYNTAX, 2, 7, "expected end of line" },
      { "[program]\n  s_mov_b32 s0, 1\n  s_bogus s1\n", RDNA_UNKNOWN_MNEMONIC, 3, 3, "s_bogus" },
      { "[program]\ns_endpgm\n[program]\n", RDNA_SYNTAX, 3, 9, "program name" },
      { "[program]\n[buffer main]\n", RDNA_DUPLICATE_LABEL, 2, 9, "already exists" },
      { "[program a @0x1000]\n[buffer b @0x1000]\nsize 4\n", RDNA_OUT_OF_RANGE, 2, 1, "overlaps" },
      { "[program @0x1000000000000]\n", RDNA_OUT_OF_RANGE, 1, 11, "2^48" },
      { "[program]\n[init]\ns0 = &nowhere + 4\n", RDNA_UNDEFINED_LABEL, 3, 6, "nowhere" },
      { "[program]\n[init]\ns0 == 1\n", RDNA_SYNTAX, 3, 5, "expected an expression" },
      { "[program]\n[init]\ns0 1\n", RDNA_SYNTAX, 3, 4, "expected '='" },
      { "[program]\n[init]\ns106 = 1\n", RDNA_OUT_OF_RANGE, 3, 1, "no register 's106'" },
      { "[program]\n[init]\ns[2:1] = 1\n", RDNA_OUT_OF_RANGE, 3, 3, "first <= last" },
      { "[program]\n[init]\ns0 = lane\n", RDNA_SYNTAX, 3, 6, "'lane' has no meaning here" },
      { "[program]\n[init]\nv0 = i\n", RDNA_SYNTAX, 3, 6, "'i' has no meaning here" },
      { "[program]\n[init]\ns0 = 1 x32\n", RDNA_SYNTAX, 3, 6, "needs a VGPR" },
      { "[program]\n[init]\nv0 = 1 x16\n", RDNA_OUT_OF_RANGE, 3, 6, "gives 16 lanes" },
      { "[require]\nwave 32 64\n[program]\n[init]\nv0 = 1 x32\n", RDNA_OUT_OF_RANGE, 5, 6,
        "wave64" },
      { "[program]\n[init]\nv0 = ? x32\n", RDNA_SYNTAX, 3, 6, "[expect] only" },
      { "[require]\nvgprs 8\n[program]\n[expect]\nv[7:8] = 0\n", RDNA_OUT_OF_RANGE, 5, 1,
        "past the VGPR allocation" },
      { "[program]\n[init]\ns[0:2] = vsharp(&main)\n", RDNA_SYNTAX, 3, 10, "four SGPRs" },
      { "[program]\n[init]\ns[0:3] = vsharp(&main, colour=1)\n", RDNA_SYNTAX, 3, 24,
        "expected stride=" },
      { "[program]\n[init]\nv1 = 1.5 * 2\n", RDNA_SYNTAX, 3, 10, "float literal" },
      { "[buffer b]\nsize 4\nu32 1 2\n[program]\n", RDNA_OUT_OF_RANGE, 2, 1, "more than size" },
      { "[buffer b]\nu32 1 + 2\n[program]\n", RDNA_SYNTAX, 2, 7, "without blanks" },
      { "[buffer b]\nu32 (1 +\n[program]\n", RDNA_SYNTAX, 2, 9, "expected an expression" },
      { "[buffer b]\nu32 x4\n[program]\n", RDNA_SYNTAX, 2, 5, "follows a value" },
      { "[buffer b]\nu24 1\n[program]\n", RDNA_SYNTAX, 2, 1, "element type" },
      { "[buffer b]\nu8 256\n[program]\n", RDNA_OUT_OF_RANGE, 2, 4, "does not fit in 8 bits" },
      { "[buffer b]\nu32 1.5\n[program]\n", RDNA_SYNTAX, 2, 5, "f16, f32 or f64" },
      { "[buffer b]\nsize 8\n[program]\n[expect]\nbuffer b u32[2] = 0\n", RDNA_OUT_OF_RANGE, 5, 1,
        "past the end of 'b'" },
      { "[buffer b]\nsize 8\n[program]\n[expect]\nbuffer c u32 = 0\n", RDNA_UNDEFINED_LABEL, 5, 8,
        "no region named 'c'" },
      { "[buffer b]\nsize 8\n[program]\n[expect]\nbuffer b u32 = 1, 2, 3\n", RDNA_OUT_OF_RANGE, 5,
        16, "gives 3 elements" },
      { "[program]\n[expect]\nfault none at 4\n", RDNA_SYNTAX, 3, 12, "no address" },
      { "[program]\n[diff]\ntodo recomp\n", RDNA_SYNTAX, 3, 6, "expected '('" },
   };
   for (size_t v = 0; v < sizeof(vectors) / sizeof(vectors[0]); v++)
      parse_fails(vectors[v].text, vectors[v].status, vectors[v].line, vectors[v].column,
                  vectors[v].message);
}

Test(case_errors, nul_byte_and_bad_arguments)
{
   static const char text[] = "[program]\ns_e\0ndpgm\n";
   struct rdna_case *c = NULL;
   struct rdna_diag diag;
   cr_assert_eq(rdna_case_parse(text, sizeof(text) - 1, NULL, &c, &diag), RDNA_SYNTAX);
   cr_assert_eq(diag.line, 2);
   cr_assert_eq(diag.column, 4);
   cr_assert_eq(rdna_case_parse(NULL, 4, NULL, &c, &diag), RDNA_BAD_ARGUMENT);
   cr_assert_eq(rdna_case_parse("x", 1, NULL, NULL, NULL), RDNA_BAD_ARGUMENT);
   rdna_case_destroy(NULL);
}

Test(case_errors, check_reports_evaluation_errors)
{
   struct rdna_case *c = parse_ok("[program]\ns_endpgm\n[expect]\ns0 = 1 / reg\ns1 = 5\n");
   struct mock *m = calloc(1, sizeof(*m));
   struct rdna_case_state state = { m, mock_sreg, mock_vgpr, mock_memory, mock_fault, 0 };
   unsigned failures = 0;
   cr_assert_eq(rdna_case_check(c, 32, &state, mock_report, m, &failures), RDNA_OUT_OF_RANGE);
   cr_assert_eq(failures, 2);
   cr_assert_eq(m->failure_lines[0], 4);
   cr_assert_eq(m->failure_lines[1], 5);
   cr_assert(strstr(m->last_message, "s1: expected 0x00000005, found 0x00000000"), "%s",
             m->last_message);
   cr_assert_eq(rdna_case_check(c, 64, &state, NULL, NULL, &failures), RDNA_BAD_ARGUMENT);
   rdna_case_destroy(c);
   free(m);
}
