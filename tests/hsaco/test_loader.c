/* The code-object loader (include/rdna/hsaco.h) on objects clang-14 compiles here: the initial
 * state it builds, checked against the ABI (LLVM AMDGPUUsage, "Initial Kernel Execution State",
 * "Kernel Descriptor") with the descriptor read independently through libelf, and malformed
 * objects, which must be statuses with messages. Skips when clang-14 or ld.lld-14 is missing. */
#include <criterion/criterion.h>
#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>

#include "compile.h"
#include "kernels.h"
#include "rdna/hsaco.h"
#include "rdna/run.h"

/* File offset of symbol `name`'s bytes, found through the section headers (not the loader). */
static size_t symbol_offset(uint8_t *object, size_t size, const char *name)
{
   cr_assert_neq(elf_version(EV_CURRENT), EV_NONE);
   Elf *elf = elf_memory((char *)object, size);
   cr_assert_not_null(elf);
   Elf_Scn *scn = NULL;
   size_t found = 0;
   while ((scn = elf_nextscn(elf, scn)) != NULL && !found) {
      GElf_Shdr sh;
      gelf_getshdr(scn, &sh);
      if (sh.sh_type != SHT_SYMTAB)
         continue;
      Elf_Data *data = elf_getdata(scn, NULL);
      for (size_t i = 0; i < sh.sh_size / sh.sh_entsize; i++) {
         GElf_Sym sym;
         gelf_getsym(data, (int)i, &sym);
         const char *n = elf_strptr(elf, sh.sh_link, sym.st_name);
         if (!n || strcmp(n, name) != 0)
            continue;
         Elf_Scn *home = elf_getscn(elf, sym.st_shndx);
         GElf_Shdr hs;
         gelf_getshdr(home, &hs);
         found = (size_t)(sym.st_value - hs.sh_addr + hs.sh_offset);
         break;
      }
   }
   elf_end(elf);
   cr_assert_neq(found, 0, "no symbol %s", name);
   return found;
}

static uint32_t le32(const uint8_t *p)
{
   return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint8_t *compile_or_skip(const char *name, unsigned wave, size_t *size)
{
   if (!kernel_toolchain_present())
      cr_skip_test("clang-14 or ld.lld-14 is not installed");
   char log[1024];
   uint8_t *object = kernel_compile(name, RDNA_TARGET_GFX1030, wave, size, log, sizeof(log));
   cr_assert_not_null(object, "%s: %s", name, log);
   return object;
}

static size_t kernel_index(const char *name)
{
   for (size_t i = 0; i < kernel_spec_count; i++)
      if (strcmp(kernel_specs[i].name, name) == 0)
         return i;
   cr_assert_fail("no kernel %s", name);
   return 0;
}

static uint64_t region_address(const struct rdna_case *c, const char *name)
{
   long index = rdna_case_find_region(c, name);
   cr_assert_geq(index, 0, "no region %s", name);
   struct rdna_case_region r;
   cr_assert(rdna_case_region(c, (size_t)index, &r));
   return r.address;
}

static uint32_t sreg(const struct rdna_machine *m, unsigned wave, unsigned reg)
{
   uint32_t value = 0;
   cr_assert_eq(rdna_machine_read_sreg(m, wave, reg, &value), RDNA_OK);
   return value;
}

/* private_array uses every user SGPR clang enables for a kernel with scratch: the private
 * segment buffer, dispatch and kernarg pointers, flat scratch init; then workgroup id X and the
 * private segment wave offset. */
static void check_initial_state(unsigned wave)
{
   size_t size;
   uint8_t *object = compile_or_skip("private_array", wave, &size);
   const uint8_t *kd = object + symbol_offset(object, size, "private_array.kd");
   uint32_t private_bytes = le32(kd + 4), rsrc1 = le32(kd + 48), rsrc2 = le32(kd + 52);
   unsigned props = kd[56] | kd[57] << 8;
   cr_assert_eq(props & 0x2b, 0x2b, "clang enables buffer, dispatch, kernarg, flat scratch");
   cr_assert_eq(rsrc2 & 1, 1, "the kernel uses its private segment");
   cr_assert_eq(!!(props & (1u << 10)), wave == 32);

   struct rdna_case *c = kernel_case(kernel_index("private_array"), object, size);
   /* GFX10 VGPR granules: 8 registers in wave32, 4 in wave64. */
   cr_assert_eq(rdna_case_vgprs(c), ((rsrc1 & 0x3f) + 1) * (wave == 32 ? 8 : 4));
   cr_assert_eq(rdna_case_mode(c) & 0xff, (rsrc1 >> 12) & 0xff);

   struct rdna_machine *m = NULL;
   struct rdna_diag diag;
   cr_assert_eq(rdna_case_load(c, wave, NULL, &m, &diag), RDNA_OK, "%s", diag.message);
   uint64_t packet = region_address(c, "dispatch_packet"), kernarg = region_address(c, "kernarg");
   uint64_t private_base = region_address(c, "private");
   unsigned waves = rdna_machine_wave_count(m);
   cr_assert_eq(waves, 4 * (64 / wave));
   uint32_t lane_bytes = (private_bytes + 15) / 16 * 16;
   for (unsigned w = 0; w < waves; w++) {
      struct rdna_wave_info info;
      cr_assert_eq(rdna_machine_wave_info(m, w, &info), RDNA_OK);
      /* s[0:3]: base, stride 0 with swizzle (bit 31 of dword 1), add_tid (bit 23 of dword 3). */
      cr_assert_eq(sreg(m, w, 0), (uint32_t)private_base);
      cr_assert_eq(sreg(m, w, 1), (uint32_t)(private_base >> 32) | 1u << 31);
      cr_assert_eq(sreg(m, w, 3) >> 23 & 1, 1);
      cr_assert_eq(sreg(m, w, 4), (uint32_t)packet);
      cr_assert_eq(sreg(m, w, 5), (uint32_t)(packet >> 32));
      cr_assert_eq(sreg(m, w, 6), (uint32_t)kernarg);
      cr_assert_eq(sreg(m, w, 7), (uint32_t)(kernarg >> 32));
      cr_assert_eq(sreg(m, w, 8), (uint32_t)private_base); /* flat scratch init */
      unsigned user = rsrc2 >> 1 & 31;
      cr_assert_eq(user, 10);
      cr_assert_eq(sreg(m, w, user), info.workgroup[0]);
      cr_assert_eq(sreg(m, w, user + 1), w * lane_bytes * wave, "wave %u's scratch offset", w);
      for (unsigned lane = 0; lane < wave; lane++) {
         uint32_t id = 0;
         cr_assert_eq(rdna_machine_read_vgpr(m, w, 0, lane, &id), RDNA_OK);
         cr_assert_eq(id, info.first_lane + lane);
      }
   }
   /* The dispatch packet: setup dimensions, workgroup and grid sizes in work-items, kernarg. */
   uint8_t p[64];
   cr_assert_eq(rdna_machine_read_memory(m, packet, p, 64), RDNA_OK);
   cr_assert_eq(p[2], 1);
   cr_assert_eq(p[4] | p[5] << 8, 64);
   cr_assert_eq(le32(p + 12), 4 * 64);
   cr_assert_eq(le32(p + 16), 1);
   cr_assert_eq(le32(p + 24), lane_bytes);
   cr_assert_eq(le32(p + 40), (uint32_t)kernarg);
   /* Kernarg: the two buffer pointers at 0 and 8, the hidden global offsets zero after them. */
   uint8_t k[40];
   cr_assert_eq(rdna_machine_read_memory(m, kernarg, k, sizeof(k)), RDNA_OK);
   cr_assert_eq(le32(k + 0), (uint32_t)region_address(c, "out"));
   cr_assert_eq(le32(k + 8), (uint32_t)region_address(c, "in"));
   for (unsigned b = 16; b < 40; b++)
      cr_assert_eq(k[b], 0);
   rdna_machine_destroy(m);
   rdna_case_destroy(c);
   free(object);
}

Test(loader, initial_state_wave32)
{
   check_initial_state(32);
}

Test(loader, initial_state_wave64)
{
   check_initial_state(64);
}

/* 2-D dispatch: the packet says 2 dimensions and the work-item id VGPRs v0, v1 hold X and Y. */
Test(loader, two_dimensional_ids)
{
   size_t size;
   uint8_t *object = compile_or_skip("matrix_2d", 32, &size);
   struct rdna_case *c = kernel_case(kernel_index("matrix_2d"), object, size);
   struct rdna_machine *m = NULL;
   cr_assert_eq(rdna_case_load(c, 32, NULL, &m, NULL), RDNA_OK);
   uint8_t p[16];
   cr_assert_eq(rdna_machine_read_memory(m, region_address(c, "dispatch_packet"), p, 16), RDNA_OK);
   cr_assert_eq(p[2], 2);
   cr_assert_eq(p[6] | p[7] << 8, 8);
   uint32_t x = 0, y = 0;
   cr_assert_eq(rdna_machine_read_vgpr(m, 1, 0, 5, &x), RDNA_OK);
   cr_assert_eq(rdna_machine_read_vgpr(m, 1, 1, 5, &y), RDNA_OK);
   cr_assert_eq(x, (32 + 5) % 8);
   cr_assert_eq(y, (32 + 5) / 8);
   rdna_machine_destroy(m);
   rdna_case_destroy(c);
   free(object);
}

/* ---- malformed objects ------------------------------------------------------------------- */

/* A dispatch of `kernel` with the (global out, global const in) arguments every corpus kernel
 * takes. */
static enum rdna_status load(const uint8_t *object, size_t size, const char *kernel,
                             struct rdna_diag *diag)
{
   static const struct rdna_hsaco_arg args[2] = {
      { RDNA_HSACO_ARG_BUFFER, "out", NULL, 256, 0 },
      { RDNA_HSACO_ARG_BUFFER, "in", NULL, 256, 0 },
   };
   struct rdna_hsaco_dispatch d = { kernel, { 1, 1, 1 }, { 64, 1, 1 }, args, 2 };
   struct rdna_case *c = NULL;
   enum rdna_status st = rdna_hsaco_case(object, size, &d, &c, diag);
   cr_assert_eq(c == NULL, st != RDNA_OK);
   rdna_case_destroy(c);
   return st;
}

Test(loader, truncated_objects_are_errors)
{
   size_t size;
   uint8_t *object = compile_or_skip("int_math", 32, &size);
   struct rdna_diag diag;
   cr_assert_eq(load(object, size, "int_math", &diag), RDNA_OK, "%s", diag.message);
   size_t cuts[] = { 0, 3, 16, 63, 64, 200, size / 2, size - 1 };
   for (size_t i = 0; i < sizeof(cuts) / sizeof(cuts[0]); i++) {
      enum rdna_status st = load(object, cuts[i], "int_math", &diag);
      cr_assert_neq(st, RDNA_OK, "%zu of %zu bytes loaded", cuts[i], size);
      cr_assert_neq(diag.message[0], '\0');
   }
   free(object);
}

Test(loader, wrong_machine_and_gpu)
{
   size_t size;
   uint8_t *object = compile_or_skip("int_math", 32, &size);
   struct rdna_diag diag;
   object[18] = 62; /* e_machine: EM_X86_64 */
   cr_assert_eq(load(object, size, "int_math", &diag), RDNA_NOT_ON_TARGET);
   cr_assert(strstr(diag.message, "machine 62"), "%s", diag.message);
   object[18] = 224;
   object[48] = 0x3f; /* e_flags' EF_AMDGPU_MACH: gfx90a */
   cr_assert_eq(load(object, size, "int_math", &diag), RDNA_NOT_ON_TARGET);
   cr_assert(strstr(diag.message, "0x03f"), "%s", diag.message);
   free(object);
}

Test(loader, missing_kernel_lists_the_kernels)
{
   size_t size;
   uint8_t *object = compile_or_skip("int_math", 32, &size);
   struct rdna_diag diag;
   cr_assert_eq(load(object, size, "int_mat", &diag), RDNA_UNDEFINED_LABEL);
   cr_assert(strstr(diag.message, "'int_mat'") && strstr(diag.message, "kernels: int_math"), "%s",
             diag.message);
   char names[64];
   cr_assert_eq(rdna_hsaco_kernels(object, size, names, sizeof(names), NULL), RDNA_OK);
   cr_assert_str_eq(names, "int_math");
   free(object);
}

Test(loader, bad_descriptors_are_errors)
{
   size_t size;
   uint8_t *object = compile_or_skip("int_math", 32, &size);
   size_t kd = symbol_offset(object, size, "int_math.kd");
   uint8_t saved[64];
   memcpy(saved, object + kd, 64);
   struct rdna_diag diag;

   object[kd + 52 + 2] |= 0x80; /* COMPUTE_PGM_RSRC2.GRANULATED_LDS_SIZE */
   cr_assert_eq(load(object, size, "int_math", &diag), RDNA_INVALID_ENCODING);
   memcpy(object + kd, saved, 64);

   object[kd + 52] &= (uint8_t)~0x3e; /* USER_SGPR_COUNT 0 below the enabled user SGPRs */
   cr_assert_eq(load(object, size, "int_math", &diag), RDNA_INVALID_ENCODING);
   cr_assert(strstr(diag.message, "USER_SGPR_COUNT"), "%s", diag.message);
   memcpy(object + kd, saved, 64);

   object[kd + 16 + 7] = 0x40; /* kernel_code_entry_byte_offset far away */
   cr_assert_eq(load(object, size, "int_math", &diag), RDNA_INVALID_ENCODING);
   memcpy(object + kd, saved, 64);

   object[kd + 48] |= 0x3f; /* 512 VGPRs in wave32 */
   cr_assert_eq(load(object, size, "int_math", &diag), RDNA_INVALID_ENCODING);
   memcpy(object + kd, saved, 64);

   object[kd + 57] |= 0x80; /* a reserved kernel_code_properties bit */
   cr_assert_eq(load(object, size, "int_math", &diag), RDNA_UNSUPPORTED);
   free(object);
}

Test(loader, bad_dispatches_and_arguments)
{
   size_t size;
   uint8_t *object = compile_or_skip("int_math", 32, &size);
   struct rdna_case *c = NULL;
   struct rdna_diag diag;
   struct rdna_hsaco_dispatch d = { "int_math", { 1, 1, 1 }, { 2048, 1, 1 }, NULL, 0 };
   cr_assert_eq(rdna_hsaco_case(object, size, &d, &c, &diag), RDNA_OUT_OF_RANGE);
   struct rdna_hsaco_arg args[12];
   memset(args, 0, sizeof(args));
   for (unsigned i = 0; i < 12; i++)
      args[i].kind = RDNA_HSACO_ARG_BUFFER, args[i].size = 4;
   struct rdna_hsaco_dispatch many = { "int_math", { 1, 1, 1 }, { 64, 1, 1 }, args, 12 };
   cr_assert_eq(rdna_hsaco_case(object, size, &many, &c, &diag), RDNA_BAD_ARGUMENT);
   cr_assert(strstr(diag.message, "takes 2 arguments"), "%s", diag.message);
   cr_assert_null(c);
   free(object);
}

Test(loader, value_arguments)
{
   struct rdna_hsaco_arg a;
   cr_assert_eq(rdna_hsaco_parse_value_arg("i32:-5", &a, NULL), RDNA_OK);
   cr_assert_eq(a.value, 0xfffffffbu);
   cr_assert_eq(a.size, 4);
   cr_assert_eq(rdna_hsaco_parse_value_arg("f32:1.5", &a, NULL), RDNA_OK);
   cr_assert_eq(a.value, 0x3fc00000u); /* 1.5 = 1.1b x 2^0 */
   cr_assert_eq(rdna_hsaco_parse_value_arg("f16:-2", &a, NULL), RDNA_OK);
   cr_assert_eq(a.value, 0xc000u);
   cr_assert_eq(rdna_hsaco_parse_value_arg("u64:0xffffffffffffffff", &a, NULL), RDNA_OK);
   cr_assert_eq(a.value, UINT64_MAX);
   cr_assert_eq(rdna_hsaco_parse_value_arg("u8:256", &a, NULL), RDNA_OUT_OF_RANGE);
   cr_assert_eq(rdna_hsaco_parse_value_arg("i8:-129", &a, NULL), RDNA_OUT_OF_RANGE);
   cr_assert_eq(rdna_hsaco_parse_value_arg("i8:-128", &a, NULL), RDNA_OK);
   cr_assert_eq(a.value, 0x80u);
   cr_assert_eq(rdna_hsaco_parse_value_arg("u32:12x", &a, NULL), RDNA_SYNTAX);
   cr_assert_eq(rdna_hsaco_parse_value_arg("q32:1", &a, NULL), RDNA_SYNTAX);
   cr_assert_eq(rdna_hsaco_parse_value_arg("u32:-1", &a, NULL), RDNA_SYNTAX);
}
