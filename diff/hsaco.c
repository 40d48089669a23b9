/* The ELF side of the code-object loader (include/rdna/hsaco.h): libelf reads the object; its
 * PT_LOAD segments are copied to guest addresses, the dynamic relocations ld.lld leaves in a
 * shared object are applied, and a kernel's descriptor (the NAME.kd symbol) is read. The file
 * format is LLVM AMDGPUUsage's "ELF Code Object" (header, "Relocation Records", "Kernel
 * Descriptor"). */
#include <gelf.h>
#include <libelf.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hsaco_internal.h"

/* AMDGPUUsage, "ELF Header": the OS ABI of HSA code objects, and e_flags' EF_AMDGPU_MACH field. */
#define HSACO_OSABI_AMDGPU_HSA 64
#define HSACO_MACH_MASK 0xffu
#define HSACO_MACH_GFX1030 0x036u
#define HSACO_MACH_GFX1013 0x042u

/* AMDGPUUsage, "Relocation Records": the types a linked object may still carry. */
enum hsaco_reloc {
   R_AMDGPU_NONE = 0,
   R_AMDGPU_ABS32_LO = 1,
   R_AMDGPU_ABS32_HI = 2,
   R_AMDGPU_ABS64 = 3,
   R_AMDGPU_ABS32 = 6,
   R_AMDGPU_RELATIVE64 = 13,
};

#define HSACO_DESCRIPTOR_BYTES 64u
/* p_vaddr + p_memsz stays below this, so base + vaddr stays below 2^48; all segments' p_memsz
 * together below HSACO_MAX_LOADED. */
#define HSACO_ADDRESS_LIMIT (1ull << 40)
#define HSACO_MAX_LOADED (2u * RDNA_CASE_MAX_BUFFER_BYTES)

enum rdna_status hsaco_fail(struct rdna_diag *diag, enum rdna_status status, const char *fmt, ...)
{
   if (diag) {
      memset(diag, 0, sizeof(*diag));
      diag->status = status;
      va_list args;
      va_start(args, fmt);
      vsnprintf(diag->message, sizeof(diag->message), fmt, args);
      va_end(args);
   }
   return status;
}

void hsaco_image_free(struct hsaco_image *image)
{
   if (!image)
      return;
   for (size_t i = 0; i < image->num_segments; i++)
      free(image->segments[i].bytes);
   free(image->segments);
   free(image->info);
   memset(image, 0, sizeof(*image));
}

/* The open object: libelf's handle over a private copy of the bytes (libelf may write to the
 * memory it reads from when it converts data, so the caller's bytes are never handed to it). */
struct hsaco_elf {
   Elf *elf;
   char *copy;
   size_t size;
   GElf_Ehdr header;
};

static void elf_close(struct hsaco_elf *e)
{
   if (e->elf)
      elf_end(e->elf);
   free(e->copy);
}

static enum rdna_status elf_open(const void *object, size_t size, struct hsaco_elf *e,
                                 enum rdna_target *target, struct rdna_diag *diag)
{
   memset(e, 0, sizeof(*e));
   if (!object || size == 0)
      return hsaco_fail(diag, RDNA_IO, "an empty code object");
   if (size > RDNA_HSACO_MAX_OBJECT)
      return hsaco_fail(diag, RDNA_OUT_OF_RANGE, "a code object holds at most %u bytes",
                        RDNA_HSACO_MAX_OBJECT);
   if (elf_version(EV_CURRENT) == EV_NONE)
      return hsaco_fail(diag, RDNA_INTERNAL, "libelf: %s", elf_errmsg(-1));
   e->copy = malloc(size);
   if (!e->copy)
      return hsaco_fail(diag, RDNA_NO_MEMORY, "no memory for the code object");
   memcpy(e->copy, object, size);
   e->size = size;
   e->elf = elf_memory(e->copy, size);
   if (!e->elf || elf_kind(e->elf) != ELF_K_ELF)
      return hsaco_fail(diag, RDNA_IO, "not an ELF file");
   if (gelf_getclass(e->elf) != ELFCLASS64 || !gelf_getehdr(e->elf, &e->header))
      return hsaco_fail(diag, RDNA_IO, "not a 64-bit ELF file or a truncated header");
   const GElf_Ehdr *h = &e->header;
   if (h->e_shoff > size || (uint64_t)h->e_shnum * h->e_shentsize > size - h->e_shoff ||
       h->e_phoff > size || (uint64_t)h->e_phnum * h->e_phentsize > size - h->e_phoff)
      return hsaco_fail(diag, RDNA_IO,
                        "the section or program headers lie past the end of the %zu-byte file "
                        "(a truncated object)",
                        size);
   if (e->header.e_machine != EM_AMDGPU)
      return hsaco_fail(diag, RDNA_NOT_ON_TARGET, "an ELF file for machine %u, not AMDGPU (%u)",
                        e->header.e_machine, EM_AMDGPU);
   if (e->header.e_ident[EI_OSABI] != HSACO_OSABI_AMDGPU_HSA)
      return hsaco_fail(diag, RDNA_NOT_ON_TARGET,
                        "OS ABI %u: not an AMDHSA code object (amdgcn-amd-amdhsa, OS ABI %u)",
                        e->header.e_ident[EI_OSABI], HSACO_OSABI_AMDGPU_HSA);
   unsigned mach = (unsigned)(e->header.e_flags & HSACO_MACH_MASK);
   if (mach == HSACO_MACH_GFX1030)
      *target = RDNA_TARGET_GFX1030;
   else if (mach == HSACO_MACH_GFX1013)
      *target = RDNA_TARGET_GFX1013;
   else
      return hsaco_fail(diag, RDNA_NOT_ON_TARGET,
                        "compiled for GPU 0x%03x (EF_AMDGPU_MACH), not gfx1030 (0x%03x) or "
                        "gfx1013 (0x%03x)",
                        mach, HSACO_MACH_GFX1030, HSACO_MACH_GFX1013);
   if (e->header.e_type == ET_REL)
      return hsaco_fail(diag, RDNA_UNSUPPORTED,
                        "a relocatable object (clang -c output): link it first with "
                        "ld.lld -shared, as the ROCm toolchain does");
   if (e->header.e_type != ET_DYN && e->header.e_type != ET_EXEC)
      return hsaco_fail(diag, RDNA_IO, "ELF type %u is no loadable code object", e->header.e_type);
   return RDNA_OK;
}

static uint32_t le32(const uint8_t *p)
{
   return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* AMDGPUUsage, "Note Records": owner "AMDGPU", type NT_AMDGPU_METADATA, name and description
 * each padded to 4 bytes. */
#define HSACO_NT_AMDGPU_METADATA 32u
#define HSACO_NOTE_OWNER "AMDGPU"

struct hsaco_note {
   const uint8_t *bytes; /* the description: MessagePack; NULL when the object has no note */
   size_t size;
   size_t file_offset;
};

/* Finds the metadata note among the SHT_NOTE sections; every note of them must be whole. */
static enum rdna_status find_metadata(struct hsaco_elf *e, struct hsaco_note *note,
                                      struct rdna_diag *diag)
{
   memset(note, 0, sizeof(*note));
   Elf_Scn *scn = NULL;
   while ((scn = elf_nextscn(e->elf, scn)) != NULL) {
      GElf_Shdr sh;
      if (!gelf_getshdr(scn, &sh))
         return hsaco_fail(diag, RDNA_IO, "a truncated section header");
      if (sh.sh_type != SHT_NOTE)
         continue;
      if (sh.sh_offset > e->size || sh.sh_size > e->size - sh.sh_offset) {
         enum rdna_status st =
            hsaco_fail(diag, RDNA_IO,
                       "a note section of %llu bytes at file offset %llu runs "
                       "past the end of the %zu-byte file",
                       (unsigned long long)sh.sh_size, (unsigned long long)sh.sh_offset, e->size);
         if (diag)
            diag->offset = e->size;
         return st;
      }
      const uint8_t *section = (const uint8_t *)e->copy + sh.sh_offset;
      uint64_t at = 0;
      while (at < sh.sh_size) {
         size_t where = (size_t)(sh.sh_offset + at);
         uint64_t left = sh.sh_size - at;
         uint32_t name_size = left >= 12 ? le32(section + at) : 0;
         uint32_t desc_size = left >= 12 ? le32(section + at + 4) : 0;
         uint64_t name_at = at + 12, desc_at = name_at + ((name_size + 3ull) & ~3ull);
         if (left < 12 || desc_at > sh.sh_size || desc_size > sh.sh_size - desc_at) {
            enum rdna_status st = hsaco_fail(
               diag, RDNA_IO,
               "a truncated note at file offset %zu: its header says %u name and %u description "
               "bytes, the section has %llu left",
               where, name_size, desc_size, (unsigned long long)left);
            if (diag)
               diag->offset = where;
            return st;
         }
         uint32_t type = le32(section + at + 8);
         if (type == HSACO_NT_AMDGPU_METADATA && name_size == sizeof(HSACO_NOTE_OWNER) &&
             memcmp(section + name_at, HSACO_NOTE_OWNER, sizeof(HSACO_NOTE_OWNER)) == 0 &&
             !note->bytes) {
            note->bytes = section + desc_at;
            note->size = desc_size;
            note->file_offset = (size_t)(sh.sh_offset + desc_at);
         }
         at = desc_at + ((desc_size + 3ull) & ~3ull);
      }
   }
   return RDNA_OK;
}

static enum rdna_status load_segments(struct hsaco_elf *e, uint64_t base, struct hsaco_image *im,
                                      struct rdna_diag *diag)
{
   size_t count = 0;
   if (elf_getphdrnum(e->elf, &count) != 0)
      return hsaco_fail(diag, RDNA_IO, "unreadable program headers: %s", elf_errmsg(-1));
   if (count > e->size / sizeof(Elf64_Phdr))
      return hsaco_fail(diag, RDNA_IO, "%zu program headers do not fit a %zu-byte file", count,
                        e->size);
   im->segments = calloc(count ? count : 1, sizeof(*im->segments));
   if (!im->segments)
      return hsaco_fail(diag, RDNA_NO_MEMORY, "no memory for the segments");
   uint64_t loaded = 0;
   for (size_t i = 0; i < count; i++) {
      GElf_Phdr ph;
      if (!gelf_getphdr(e->elf, (int)i, &ph))
         return hsaco_fail(diag, RDNA_IO, "program header %zu is truncated", i);
      if (ph.p_type != PT_LOAD || ph.p_memsz == 0)
         continue;
      if (ph.p_filesz > ph.p_memsz || ph.p_offset > e->size || ph.p_filesz > e->size - ph.p_offset)
         return hsaco_fail(diag, RDNA_IO, "segment %zu lies past the end of the file", i);
      if (ph.p_memsz > RDNA_CASE_MAX_BUFFER_BYTES || ph.p_vaddr >= HSACO_ADDRESS_LIMIT ||
          ph.p_memsz > HSACO_ADDRESS_LIMIT - ph.p_vaddr)
         return hsaco_fail(diag, RDNA_OUT_OF_RANGE,
                           "segment %zu (0x%llx bytes at 0x%llx) is too large or too high", i,
                           (unsigned long long)ph.p_memsz, (unsigned long long)ph.p_vaddr);
      loaded += ph.p_memsz;
      if (loaded > HSACO_MAX_LOADED)
         return hsaco_fail(diag, RDNA_OUT_OF_RANGE, "the segments hold more than %u bytes",
                           HSACO_MAX_LOADED);
      uint64_t address = base + ph.p_vaddr;
      for (size_t j = 0; j < im->num_segments; j++) {
         const struct hsaco_segment *o = &im->segments[j];
         if (address < o->address + o->size && o->address < address + ph.p_memsz)
            return hsaco_fail(diag, RDNA_IO, "segment %zu overlaps another PT_LOAD segment", i);
      }
      struct hsaco_segment *s = &im->segments[im->num_segments];
      s->bytes = calloc(1, ph.p_memsz);
      if (!s->bytes)
         return hsaco_fail(diag, RDNA_NO_MEMORY, "no memory for segment %zu", i);
      memcpy(s->bytes, e->copy + ph.p_offset, ph.p_filesz);
      s->address = address;
      s->size = ph.p_memsz;
      s->executable = (ph.p_flags & PF_X) != 0;
      im->num_segments++;
   }
   if (im->num_segments == 0)
      return hsaco_fail(diag, RDNA_IO, "no PT_LOAD segment: nothing to load");
   return RDNA_OK;
}

/* The loaded bytes at guest [address, address + size), or NULL when no segment holds them all. */
static uint8_t *segment_bytes(struct hsaco_image *im, uint64_t address, uint64_t size,
                              bool *executable)
{
   for (size_t i = 0; i < im->num_segments; i++) {
      struct hsaco_segment *s = &im->segments[i];
      if (address >= s->address && size <= s->size && address - s->address <= s->size - size) {
         if (executable)
            *executable = s->executable;
         return s->bytes + (address - s->address);
      }
   }
   return NULL;
}

static void put_le(uint8_t *p, uint64_t value, unsigned bytes)
{
   for (unsigned i = 0; i < bytes; i++)
      p[i] = (uint8_t)(value >> (8 * i));
}

/* Symbol `index` of the symbol table section `symtab`. */
static bool read_symbol(Elf_Scn *symtab, size_t index, GElf_Sym *sym)
{
   Elf_Data *data = elf_getdata(symtab, NULL);
   return data && gelf_getsym(data, (int)index, sym) != NULL;
}

/* Applies every relocation of the allocated (dynamic) RELA sections: what an ld.lld -shared
 * object keeps for the loader, e.g. R_AMDGPU_RELATIVE64 for a function pointer table in .data.
 * Relocations of non-allocated sections are the linker's business and were applied by it. */
static enum rdna_status apply_relocations(struct hsaco_elf *e, uint64_t base,
                                          struct hsaco_image *im, struct rdna_diag *diag)
{
   Elf_Scn *scn = NULL;
   while ((scn = elf_nextscn(e->elf, scn)) != NULL) {
      GElf_Shdr sh;
      if (!gelf_getshdr(scn, &sh))
         return hsaco_fail(diag, RDNA_IO, "a truncated section header");
      if (sh.sh_type == SHT_REL && (sh.sh_flags & SHF_ALLOC))
         return hsaco_fail(diag, RDNA_UNSUPPORTED, "REL relocations (AMDGPU objects use RELA)");
      if (sh.sh_type != SHT_RELA || !(sh.sh_flags & SHF_ALLOC))
         continue;
      Elf_Data *data = elf_getdata(scn, NULL);
      Elf_Scn *symtab = elf_getscn(e->elf, sh.sh_link);
      size_t count = sh.sh_entsize ? sh.sh_size / sh.sh_entsize : 0;
      for (size_t i = 0; i < count; i++) {
         GElf_Rela r;
         if (!data || !gelf_getrela(data, (int)i, &r))
            return hsaco_fail(diag, RDNA_IO, "relocation %zu is truncated", i);
         unsigned type = (unsigned)GELF_R_TYPE(r.r_info);
         size_t sym_index = GELF_R_SYM(r.r_info);
         uint64_t symbol = 0;
         if (type == R_AMDGPU_NONE)
            continue;
         if (sym_index != 0) {
            GElf_Sym sym;
            if (!symtab || !read_symbol(symtab, sym_index, &sym))
               return hsaco_fail(diag, RDNA_IO, "relocation %zu names a missing symbol %zu", i,
                                 sym_index);
            if (sym.st_shndx == SHN_UNDEF)
               return hsaco_fail(diag, RDNA_UNDEFINED_LABEL,
                                 "relocation %zu needs undefined symbol %zu", i, sym_index);
            symbol = base + sym.st_value;
         }
         uint64_t value;
         unsigned bytes;
         switch (type) {
         case R_AMDGPU_RELATIVE64:
            value = base + (uint64_t)r.r_addend, bytes = 8;
            break;
         case R_AMDGPU_ABS64:
            value = symbol + (uint64_t)r.r_addend, bytes = 8;
            break;
         case R_AMDGPU_ABS32:
         case R_AMDGPU_ABS32_LO:
            value = symbol + (uint64_t)r.r_addend, bytes = 4;
            break;
         case R_AMDGPU_ABS32_HI:
            value = (symbol + (uint64_t)r.r_addend) >> 32, bytes = 4;
            break;
         default:
            return hsaco_fail(diag, RDNA_UNSUPPORTED, "relocation type %u is not supported", type);
         }
         uint8_t *p = segment_bytes(im, base + r.r_offset, bytes, NULL);
         if (!p)
            return hsaco_fail(diag, RDNA_IO, "relocation %zu at 0x%llx lies outside the segments",
                              i, (unsigned long long)r.r_offset);
         put_le(p, value, bytes);
      }
   }
   return RDNA_OK;
}

/* Calls visit(user, name, value) for every defined STT_OBJECT symbol NAME.kd of the symbol
 * tables (.dynsym and .symtab may both list a kernel); stops when it returns true. */
static enum rdna_status each_descriptor(struct hsaco_elf *e,
                                        bool (*visit)(void *user, const char *name, size_t length,
                                                      uint64_t value),
                                        void *user, struct rdna_diag *diag)
{
   Elf_Scn *scn = NULL;
   while ((scn = elf_nextscn(e->elf, scn)) != NULL) {
      GElf_Shdr sh;
      if (!gelf_getshdr(scn, &sh))
         return hsaco_fail(diag, RDNA_IO, "a truncated section header");
      if (sh.sh_type != SHT_SYMTAB && sh.sh_type != SHT_DYNSYM)
         continue;
      Elf_Data *data = elf_getdata(scn, NULL);
      size_t count = sh.sh_entsize ? sh.sh_size / sh.sh_entsize : 0;
      for (size_t i = 1; data && i < count; i++) {
         GElf_Sym sym;
         if (!gelf_getsym(data, (int)i, &sym))
            break;
         if (GELF_ST_TYPE(sym.st_info) != STT_OBJECT || sym.st_shndx == SHN_UNDEF)
            continue;
         const char *name = elf_strptr(e->elf, sh.sh_link, sym.st_name);
         size_t length = name ? strlen(name) : 0;
         if (length <= 3 || strcmp(name + length - 3, ".kd") != 0)
            continue;
         if (visit(user, name, length - 3, sym.st_value))
            return RDNA_OK;
      }
   }
   return RDNA_OK;
}

struct find_kernel {
   const char *kernel;
   bool found;
   uint64_t value;
};

static bool visit_find(void *user, const char *name, size_t length, uint64_t value)
{
   struct find_kernel *f = user;
   if (strlen(f->kernel) != length || memcmp(f->kernel, name, length) != 0)
      return false;
   f->found = true;
   f->value = value;
   return true;
}

struct list_kernels {
   char *names;
   size_t capacity, used;
   bool cut;
};

static bool visit_list(void *user, const char *name, size_t length, uint64_t value)
{
   (void)value;
   struct list_kernels *l = user;
   /* .dynsym and .symtab both list exported kernels: each name once. */
   for (const char *p = l->names; p && *p;) {
      const char *end = strchr(p, ' ');
      size_t n = end ? (size_t)(end - p) : strlen(p);
      if (n == length && memcmp(p, name, n) == 0)
         return false;
      p = end ? end + 1 : p + n;
   }
   size_t need = (l->used ? 1 : 0) + length;
   if (l->cut || l->used + need + 4 > l->capacity) {
      if (!l->cut && l->used + 4 <= l->capacity) {
         memcpy(l->names + l->used, l->used ? " ..." : "...", l->used ? 5 : 4);
         l->used += l->used ? 4 : 3;
      }
      l->cut = true;
      return false;
   }
   if (l->used)
      l->names[l->used++] = ' ';
   memcpy(l->names + l->used, name, length);
   l->used += length;
   l->names[l->used] = '\0';
   return false;
}

static enum rdna_status list_into(struct hsaco_elf *e, char *names, size_t capacity,
                                  struct rdna_diag *diag)
{
   if (!names || capacity == 0)
      return hsaco_fail(diag, RDNA_BAD_ARGUMENT, "no room for the kernel names");
   names[0] = '\0';
   struct list_kernels l = { names, capacity, 0, false };
   return each_descriptor(e, visit_list, &l, diag);
}

enum rdna_status rdna_hsaco_kernels(const void *object, size_t size, char *names, size_t capacity,
                                    struct rdna_diag *diag)
{
   struct hsaco_elf e;
   enum rdna_target target;
   enum rdna_status st = elf_open(object, size, &e, &target, diag);
   if (st == RDNA_OK)
      st = list_into(&e, names, capacity, diag);
   elf_close(&e);
   return st;
}

enum rdna_status rdna_hsaco_kernel_info(const void *object, size_t size, const char *kernel,
                                        struct rdna_hsaco_kernel_info *info, struct rdna_diag *diag)
{
   if (!kernel || !info)
      return hsaco_fail(diag, RDNA_BAD_ARGUMENT, "no kernel name or output");
   struct hsaco_elf e;
   enum rdna_target target;
   struct hsaco_note note;
   enum rdna_status st = elf_open(object, size, &e, &target, diag);
   if (st == RDNA_OK)
      st = find_metadata(&e, &note, diag);
   if (st == RDNA_OK && !note.bytes)
      st = hsaco_fail(diag, RDNA_UNSUPPORTED,
                      "no NT_AMDGPU_METADATA note: a code object V2 or a stripped one");
   if (st == RDNA_OK)
      st = hsaco_metadata_parse(note.bytes, note.size, note.file_offset, kernel, info, diag);
   if (st == RDNA_OK)
      info->target = target;
   elf_close(&e);
   return st;
}

/* AMDGPUUsage, "Kernel Descriptor for GFX6-GFX11": byte offsets of the fields read here. */
static void read_descriptor(const uint8_t *p, struct hsaco_descriptor *d)
{
   d->group_segment_fixed_size = le32(p + 0);
   d->private_segment_fixed_size = le32(p + 4);
   d->kernarg_size = le32(p + 8);
   d->kernel_code_entry_byte_offset =
      (int64_t)((uint64_t)le32(p + 16) | (uint64_t)le32(p + 20) << 32);
   d->compute_pgm_rsrc3 = le32(p + 44);
   d->compute_pgm_rsrc1 = le32(p + 48);
   d->compute_pgm_rsrc2 = le32(p + 52);
   d->kernel_code_properties = (uint16_t)(p[56] | p[57] << 8);
}

enum rdna_status hsaco_load(const void *object, size_t size, const char *kernel, uint64_t base,
                            struct hsaco_image *image, struct rdna_diag *diag)
{
   memset(image, 0, sizeof(*image));
   if (!kernel)
      return hsaco_fail(diag, RDNA_BAD_ARGUMENT, "no kernel name");
   struct hsaco_elf e;
   enum rdna_status st = elf_open(object, size, &e, &image->target, diag);
   if (st == RDNA_OK)
      st = load_segments(&e, base, image, diag);
   if (st == RDNA_OK)
      st = apply_relocations(&e, base, image, diag);
   struct find_kernel f = { kernel, false, 0 };
   if (st == RDNA_OK)
      st = each_descriptor(&e, visit_find, &f, diag);
   struct hsaco_note note = { NULL, 0, 0 };
   if (st == RDNA_OK && f.found)
      st = find_metadata(&e, &note, diag);
   if (st == RDNA_OK && note.bytes) {
      image->info = malloc(sizeof(*image->info));
      st = image->info ? hsaco_metadata_parse(note.bytes, note.size, note.file_offset, kernel,
                                              image->info, diag)
                       : hsaco_fail(diag, RDNA_NO_MEMORY, "no memory for the metadata");
      if (st == RDNA_OK)
         image->info->target = image->target;
   }
   if (st == RDNA_OK && !f.found) {
      char names[160];
      st = list_into(&e, names, sizeof(names), diag);
      if (st == RDNA_OK)
         st = hsaco_fail(diag, RDNA_UNDEFINED_LABEL,
                         "no kernel '%.60s' in the code object "
                         "(kernels: %s)",
                         kernel, names[0] ? names : "none");
   }
   elf_close(&e);
   if (st != RDNA_OK) {
      hsaco_image_free(image);
      return st;
   }
   const uint8_t *kd = segment_bytes(image, base + f.value, HSACO_DESCRIPTOR_BYTES, NULL);
   if (!kd || f.value >= HSACO_ADDRESS_LIMIT) {
      hsaco_image_free(image);
      return hsaco_fail(diag, RDNA_IO, "the descriptor %s.kd at 0x%llx lies outside the segments",
                        kernel, (unsigned long long)f.value);
   }
   read_descriptor(kd, &image->descriptor);
   image->descriptor_address = base + f.value;
   image->entry =
      image->descriptor_address + (uint64_t)image->descriptor.kernel_code_entry_byte_offset;
   bool executable = false;
   if (!segment_bytes(image, image->entry, 4, &executable) || !executable) {
      hsaco_image_free(image);
      return hsaco_fail(diag, RDNA_INVALID_ENCODING,
                        "the descriptor's kernel_code_entry_byte_offset (%lld) points outside "
                        "the executable segment",
                        (long long)image->descriptor.kernel_code_entry_byte_offset);
   }
   return RDNA_OK;
}
