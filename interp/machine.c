/* The machine behind include/rdna/interp.h: configuration, guest memory regions, per-wave state,
 * the fetch/decode cache and the run loop that hands each instruction to its exec_<mnemonic>
 * handler. Faults are recorded per wave (DESIGN.md "Interpreter model"). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "interp/dispatch.h"
#include "interp/wave.h"

#define DEFAULT_STEP_LIMIT 10000000ull
#define MAX_WAVES 65536u
#define AUTO_ALIGN 0x10000ull
#define AUTO_FIRST 0x100000ull

static const char *const fault_names[] = {
#define RDNA_FAULT_NAME(name, description) #name,
   RDNA_FAULT_LIST(RDNA_FAULT_NAME)
#undef RDNA_FAULT_NAME
};

const char *rdna_fault_kind_name(enum rdna_fault_kind kind)
{
   return (unsigned)kind < RDNA_FAULT_KIND_COUNT ? fault_names[kind] : "?";
}

static const char *const undefined_names[] = {
#define UNDEFINED_NAME(name, where, what) #name,
   RDNA_UNDEFINED_LIST(UNDEFINED_NAME)
#undef UNDEFINED_NAME
};
static const char *const undefined_sources[] = {
#define UNDEFINED_SOURCE(name, where, what) where,
   RDNA_UNDEFINED_LIST(UNDEFINED_SOURCE)
#undef UNDEFINED_SOURCE
};
static const char *const undefined_descriptions[] = {
#define UNDEFINED_DESCRIPTION(name, where, what) what,
   RDNA_UNDEFINED_LIST(UNDEFINED_DESCRIPTION)
#undef UNDEFINED_DESCRIPTION
};

const char *rdna_undefined_name(enum rdna_undefined reason)
{
   return (unsigned)reason < RDNA_UNDEFINED_COUNT ? undefined_names[reason] : "?";
}

const char *rdna_undefined_source(enum rdna_undefined reason)
{
   return (unsigned)reason < RDNA_UNDEFINED_COUNT ? undefined_sources[reason] : "";
}

const char *rdna_undefined_description(enum rdna_undefined reason)
{
   return reason != RDNA_UNDEFINED_NONE && (unsigned)reason < RDNA_UNDEFINED_COUNT
             ? undefined_descriptions[reason]
             : "";
}

static enum rdna_status fail(struct rdna_diag *diag, enum rdna_status status, const char *fmt, ...)
   __attribute__((format(printf, 3, 4)));

static enum rdna_status fail(struct rdna_diag *diag, enum rdna_status status, const char *fmt, ...)
{
   if (diag) {
      memset(diag, 0, sizeof(*diag));
      diag->status = status;
      va_list ap;
      va_start(ap, fmt);
      vsnprintf(diag->message, sizeof(diag->message), fmt, ap);
      va_end(ap);
   }
   return status;
}

/* ---- faults ----------------------------------------------------------------------------- */

enum rdna_status wave_fault(struct wave *w, enum rdna_fault_kind kind, int lane, uint64_t address,
                            const char *fmt, ...)
{
   if (w->fault.kind == RDNA_FAULT_NONE) {
      w->fault.kind = kind;
      w->fault.wave = w->index;
      w->fault.pc = w->pc;
      w->fault.lane = lane;
      w->fault.address = address;
      va_list ap;
      va_start(ap, fmt);
      vsnprintf(w->fault.message, sizeof(w->fault.message), fmt, ap);
      va_end(ap);
   }
   w->ended = true;
   switch (kind) {
   case RDNA_FAULT_UNMAPPED:
   case RDNA_FAULT_BAD_JUMP:
   case RDNA_FAULT_STEP_LIMIT:
      return RDNA_OUT_OF_RANGE;
   case RDNA_FAULT_ILLEGAL_INSTRUCTION:
   case RDNA_FAULT_UNSUPPORTED:
      return RDNA_UNKNOWN_OPCODE;
   default:
      return RDNA_INVALID_OPERAND;
   }
}

enum rdna_status wave_unsupported(struct wave *w, const struct rdna_inst *in, const char *name)
{
   (void)in;
   return wave_fault(w, RDNA_FAULT_UNSUPPORTED, -1, 0,
                     "%s at 0x%llx is not implemented by the interpreter yet", name,
                     (unsigned long long)w->pc);
}

/* ---- inline constants ------------------------------------------------------------------- */

/* Codes 240..248: 0.5, -0.5, 1.0, -1.0, 2.0, -2.0, 4.0, -4.0, 1/(2*pi) (RDNA2 ISA guide 3.6.2). */
uint64_t inline_float_bits(unsigned reg, enum float_width width)
{
   static const uint16_t f16[] = { 0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000,
                                   0xc000, 0x4400, 0xc400, 0x3118 };
   static const uint32_t f32[] = { 0x3f000000, 0xbf000000, 0x3f800000, 0xbf800000, 0x40000000,
                                   0xc0000000, 0x40800000, 0xc0800000, 0x3e22f983 };
   static const uint64_t f64[] = { 0x3fe0000000000000ull, 0xbfe0000000000000ull,
                                   0x3ff0000000000000ull, 0xbff0000000000000ull,
                                   0x4000000000000000ull, 0xc000000000000000ull,
                                   0x4010000000000000ull, 0xc010000000000000ull,
                                   0x3fc45f306dc9c882ull };
   unsigned i = reg - RDNA_REG_CONST_HALF;
   if (i > 8)
      return 0;
   return width == FLOAT16 ? f16[i] : width == FLOAT32 ? f32[i] : f64[i];
}

void wave_rebuild_lane_mask(struct wave *w)
{
   uint64_t exec = wave_exec(w);
   for (unsigned lane = 0; lane < MAX_LANES; lane++)
      w->lane_mask[lane] = (exec >> lane & 1) ? ~0u : 0u;
   w->exec_dirty = false;
}

/* ---- creation ---------------------------------------------------------------------------- */

static unsigned or_one(unsigned v)
{
   return v ? v : 1;
}

enum rdna_status rdna_machine_create(const struct rdna_machine_config *config,
                                     struct rdna_machine **machine, struct rdna_diag *diag)
{
   if (!machine)
      return fail(diag, RDNA_BAD_ARGUMENT, "no place for the machine");
   *machine = NULL;
   if (!config)
      return fail(diag, RDNA_BAD_ARGUMENT, "no configuration");
   struct rdna_machine_config c = *config;
   if ((unsigned)c.target >= RDNA_TARGET_COUNT)
      return fail(diag, RDNA_BAD_ARGUMENT, "unknown target %u", (unsigned)c.target);
   if (c.wave_size != 32 && c.wave_size != 64)
      return fail(diag, RDNA_BAD_ARGUMENT, "wave size %u (must be 32 or 64)", c.wave_size);
   if (c.vgprs == 0)
      c.vgprs = 256;
   if (c.vgprs > 256)
      return fail(diag, RDNA_BAD_ARGUMENT, "%u VGPRs (at most 256)", c.vgprs);
   if (c.lds_bytes > 65536)
      return fail(diag, RDNA_BAD_ARGUMENT, "%u LDS bytes (at most 65536)", c.lds_bytes);
   /* The hardware allocates LDS in granules of 512 bytes (RDNA2 ISA guide, LDS_ALLOC's
    * LDS_SIZE), and bounds LDS accesses by the allocation: the machine does the same. */
   c.lds_bytes = (c.lds_bytes + 511u) & ~511u;
   if (c.step_limit == 0)
      c.step_limit = DEFAULT_STEP_LIMIT;
   uint64_t lanes = 1, groups = 1;
   if (!c.workgroup[0] && !c.workgroup[1] && !c.workgroup[2])
      c.workgroup[0] = c.wave_size; /* default: one full wave */
   for (int i = 0; i < 3; i++) {
      c.workgroup[i] = or_one(c.workgroup[i]);
      c.grid[i] = or_one(c.grid[i]);
      lanes *= c.workgroup[i];
      groups *= c.grid[i];
   }
   if (lanes > 1024)
      return fail(diag, RDNA_BAD_ARGUMENT, "%llu lanes per workgroup (at most 1024)",
                  (unsigned long long)lanes);
   uint64_t per_group = (lanes + c.wave_size - 1) / c.wave_size;
   if (groups * per_group > MAX_WAVES)
      return fail(diag, RDNA_BAD_ARGUMENT, "%llu waves (at most %u)",
                  (unsigned long long)(groups * per_group), MAX_WAVES);

   struct machine *m = calloc(1, sizeof(*m));
   if (!m)
      return fail(diag, RDNA_NO_MEMORY, "out of memory");
   m->config = c;
   m->isa.target = c.target;
   m->isa.wave_size = c.wave_size;
   m->group_lanes = (unsigned)lanes;
   m->waves_per_group = (unsigned)per_group;
   m->num_groups = (unsigned)groups;
   m->num_waves = (unsigned)(groups * per_group);
   m->waves = calloc(m->num_waves, sizeof(*m->waves));
   m->lds = c.lds_bytes ? calloc(m->num_groups, c.lds_bytes) : NULL;
   if (!m->waves || (c.lds_bytes && !m->lds)) {
      rdna_machine_destroy((struct rdna_machine *)m);
      return fail(diag, RDNA_NO_MEMORY, "out of memory");
   }
   for (unsigned i = 0; i < m->num_waves; i++) {
      struct wave *w = &m->waves[i];
      w->m = m;
      w->index = i;
      w->wave_size = c.wave_size;
      w->num_vgprs = c.vgprs;
      w->fault.lane = -1;
      w->fault.op = UINT32_MAX;
      w->vgpr = calloc((size_t)(c.vgprs + WAVE_SCRATCH_VGPRS) * MAX_LANES, sizeof(uint32_t));
      w->vgpr_marks = calloc(c.vgprs + WAVE_SCRATCH_VGPRS, sizeof(*w->vgpr_marks));
      if (!w->vgpr || !w->vgpr_marks) {
         rdna_machine_destroy((struct rdna_machine *)m);
         return fail(diag, RDNA_NO_MEMORY, "out of memory");
      }
      unsigned first = (i % m->waves_per_group) * c.wave_size;
      unsigned n = m->group_lanes - first < c.wave_size ? m->group_lanes - first : c.wave_size;
      uint64_t exec = n == 64 ? ~0ull : (1ull << n) - 1;
      w->sgpr[RDNA_REG_EXEC_LO] = (uint32_t)exec;
      w->sgpr[RDNA_REG_EXEC_HI] = (uint32_t)(exec >> 32);
      w->exec_dirty = true;
      /* HW_ID1 (RDNA2 ISA guide 3.12, HW_REG_HW_ID1): WAVE_ID in bits 4:0. GPR_ALLOC:
       * VGPR_SIZE in bits 15:8, granules of 8 (wave32) or 4 (wave64) VGPRs, minus one. LDS_ALLOC:
       * LDS_SIZE in bits 20:12, granules of 512 bytes. */
      w->hwreg[RDNA_HWREG_MODE] = c.mode;
      w->hwreg[RDNA_HWREG_HW_ID1] = (i % m->waves_per_group) & 31u;
      unsigned granule = c.wave_size == 32 ? 8 : 4;
      w->hwreg[RDNA_HWREG_GPR_ALLOC] = ((c.vgprs + granule - 1) / granule - 1) << 8;
      w->hwreg[RDNA_HWREG_LDS_ALLOC] = ((c.lds_bytes + 511) / 512) << 12;
      /* SH_MEM_BASES: bits 15:0 the private aperture's and 31:16 the shared aperture's high
       * dword >> 16, as LLVM reads them on GFX10 to cast private and local pointers to flat
       * ones (s_getreg_b32 hwreg(HW_REG_SH_MEM_BASES, 0, 16) or (…, 16, 16), then
       * s_lshl_b32 16): the same apertures src_private_base / src_shared_base give. */
      w->hwreg[RDNA_HWREG_SH_MEM_BASES] =
         (APERTURE_SHARED_HI >> 16) << 16 | APERTURE_PRIVATE_HI >> 16;
   }
   *machine = (struct rdna_machine *)m;
   return RDNA_OK;
}

static void free_cache(struct region *r)
{
   if (!r->cache)
      return;
   for (uint64_t i = 0; i < r->size / 4; i++)
      free(r->cache[i]);
   free(r->cache);
   r->cache = NULL;
}

void rdna_machine_destroy(struct rdna_machine *machine)
{
   struct machine *m = (struct machine *)machine;
   if (!m)
      return;
   for (size_t i = 0; i < m->num_regions; i++) {
      free_cache(&m->regions[i]);
      free(m->regions[i].bytes);
      free(m->regions[i].name);
   }
   free(m->regions);
   machine_free_retired(m);
   if (m->waves) {
      for (unsigned i = 0; i < m->num_waves; i++) {
         free(m->waves[i].vgpr);
         free(m->waves[i].vgpr_marks);
         free(m->waves[i].scratch);
      }
   }
   free(m->waves);
   free(m->lds);
   free(m);
}

void rdna_machine_get_config(const struct rdna_machine *machine, struct rdna_machine_config *config)
{
   const struct machine *m = (const struct machine *)machine;
   if (m && config)
      *config = m->config;
}

/* ---- guest memory ------------------------------------------------------------------------- */

struct region *machine_find(struct machine *m, uint64_t address, uint64_t size)
{
   for (size_t i = 0; i < m->num_regions; i++) {
      struct region *r = &m->regions[i];
      if (address >= r->base && address - r->base < r->size &&
          size <= r->size - (address - r->base))
         return r;
   }
   return NULL;
}

enum rdna_status rdna_machine_add_region(struct rdna_machine *machine, const char *name,
                                         uint64_t address, uint64_t size, const void *bytes,
                                         size_t num_bytes, bool is_code, uint64_t *placed,
                                         struct rdna_diag *diag)
{
   struct machine *m = (struct machine *)machine;
   if (!m || !name || !*name)
      return fail(diag, RDNA_BAD_ARGUMENT, "a region needs a machine and a name");
   if (size == 0 || num_bytes > size || (num_bytes && !bytes))
      return fail(diag, RDNA_BAD_ARGUMENT, "region '%s': bad size or initial bytes", name);
   if (size > (1ull << 32))
      return fail(diag, RDNA_BAD_ARGUMENT, "region '%s': larger than 4 GiB", name);
   for (size_t i = 0; i < m->num_regions; i++)
      if (strcmp(m->regions[i].name, name) == 0)
         return fail(diag, RDNA_BAD_ARGUMENT, "region '%s' defined twice", name);
   if (address == RDNA_ADDRESS_AUTO) {
      address = AUTO_FIRST;
      for (size_t i = 0; i < m->num_regions; i++) {
         uint64_t end = m->regions[i].base + m->regions[i].size;
         end = (end + AUTO_ALIGN - 1) & ~(AUTO_ALIGN - 1);
         if (end > address)
            address = end;
      }
   }
   if (address + size < address || address + size > (1ull << 48))
      return fail(diag, RDNA_BAD_ARGUMENT, "region '%s' runs past the 48-bit address space", name);
   for (size_t i = 0; i < m->num_regions; i++) {
      const struct region *o = &m->regions[i];
      if (address < o->base + o->size && o->base < address + size)
         return fail(diag, RDNA_BAD_ARGUMENT, "region '%s' overlaps region '%s'", name, o->name);
   }
   if (m->num_regions == m->cap_regions) {
      size_t cap = m->cap_regions ? m->cap_regions * 2 : 8;
      struct region *grown = realloc(m->regions, cap * sizeof(*grown));
      if (!grown)
         return fail(diag, RDNA_NO_MEMORY, "out of memory");
      m->regions = grown;
      m->cap_regions = cap;
   }
   struct region r = { 0 };
   r.name = malloc(strlen(name) + 1);
   r.bytes = calloc(1, (size_t)size);
   if (is_code)
      r.cache = calloc((size_t)(size / 4) + 1, sizeof(*r.cache));
   if (!r.name || !r.bytes || (is_code && !r.cache)) {
      free(r.name);
      free(r.bytes);
      free(r.cache);
      return fail(diag, RDNA_NO_MEMORY, "out of memory");
   }
   strcpy(r.name, name);
   if (num_bytes)
      memcpy(r.bytes, bytes, num_bytes);
   r.base = address;
   r.size = size;
   r.is_code = is_code;
   m->regions[m->num_regions++] = r;
   if (is_code && !m->entry_set) {
      m->entry = address;
      m->entry_set = true;
   }
   /* Region pointers moved: forget the waves' cached code regions. */
   for (unsigned i = 0; i < m->num_waves; i++)
      m->waves[i].code = NULL;
   if (placed)
      *placed = address;
   return RDNA_OK;
}

bool rdna_machine_find_region(const struct rdna_machine *machine, const char *name,
                              uint64_t *address, uint64_t *size)
{
   const struct machine *m = (const struct machine *)machine;
   if (!m || !name)
      return false;
   for (size_t i = 0; i < m->num_regions; i++)
      if (strcmp(m->regions[i].name, name) == 0) {
         if (address)
            *address = m->regions[i].base;
         if (size)
            *size = m->regions[i].size;
         return true;
      }
   return false;
}

size_t rdna_machine_region_count(const struct rdna_machine *machine)
{
   const struct machine *m = (const struct machine *)machine;
   return m ? m->num_regions : 0;
}

bool rdna_machine_region(const struct rdna_machine *machine, size_t index, const char **name,
                         uint64_t *address, uint64_t *size, bool *is_code)
{
   const struct machine *m = (const struct machine *)machine;
   if (!m || index >= m->num_regions)
      return false;
   const struct region *r = &m->regions[index];
   if (name)
      *name = r->name;
   if (address)
      *address = r->base;
   if (size)
      *size = r->size;
   if (is_code)
      *is_code = r->is_code;
   return true;
}

enum rdna_status rdna_machine_read_memory(const struct rdna_machine *machine, uint64_t address,
                                          void *out, size_t size)
{
   struct machine *m = (struct machine *)machine;
   if (!m || (size && !out))
      return RDNA_BAD_ARGUMENT;
   if (size == 0)
      return RDNA_OK;
   struct region *r = machine_find(m, address, size);
   if (!r)
      return RDNA_OUT_OF_RANGE;
   memcpy(out, r->bytes + (address - r->base), size);
   return RDNA_OK;
}

void machine_code_written(struct machine *m, struct region *r, uint64_t address, uint64_t size)
{
   if (!r->cache)
      return;
   /* An instruction starting up to RDNA_MAX_INST_WORDS - 1 dwords earlier may cover the bytes. */
   uint64_t lo = address - r->base;
   lo = lo >= 4 * (RDNA_MAX_INST_WORDS - 1) ? lo - 4 * (RDNA_MAX_INST_WORDS - 1) : 0;
   uint64_t hi = address - r->base + size;
   for (uint64_t i = lo / 4; i * 4 < hi && i < r->size / 4 + 1; i++) {
      struct decoded *d = r->cache[i];
      if (d) {
         d->next_retired = m->retired;
         m->retired = d;
      }
      r->cache[i] = NULL;
   }
}

void machine_free_retired(struct machine *m)
{
   while (m->retired) {
      struct decoded *d = m->retired;
      m->retired = d->next_retired;
      free(d);
   }
}

enum rdna_status rdna_machine_write_memory(struct rdna_machine *machine, uint64_t address,
                                           const void *bytes, size_t size)
{
   struct machine *m = (struct machine *)machine;
   if (!m || (size && !bytes))
      return RDNA_BAD_ARGUMENT;
   if (size == 0)
      return RDNA_OK;
   struct region *r = machine_find(m, address, size);
   if (!r)
      return RDNA_OUT_OF_RANGE;
   memcpy(r->bytes + (address - r->base), bytes, size);
   machine_code_written(m, r, address, size);
   return RDNA_OK;
}

void rdna_machine_set_entry(struct rdna_machine *machine, uint64_t address)
{
   struct machine *m = (struct machine *)machine;
   if (m) {
      m->entry = address;
      m->entry_set = true;
   }
}

/* ---- waves and registers ----------------------------------------------------------------- */

unsigned rdna_machine_wave_count(const struct rdna_machine *machine)
{
   const struct machine *m = (const struct machine *)machine;
   return m ? m->num_waves : 0;
}

unsigned rdna_machine_waves_per_group(const struct rdna_machine *machine)
{
   const struct machine *m = (const struct machine *)machine;
   return m ? m->waves_per_group : 0;
}

enum rdna_status rdna_machine_wave_info(const struct rdna_machine *machine, unsigned wave,
                                        struct rdna_wave_info *info)
{
   const struct machine *m = (const struct machine *)machine;
   if (!m || !info || wave >= m->num_waves)
      return RDNA_BAD_ARGUMENT;
   unsigned group = wave / m->waves_per_group;
   info->workgroup_linear = group;
   info->workgroup[0] = group % m->config.grid[0];
   info->workgroup[1] = group / m->config.grid[0] % m->config.grid[1];
   info->workgroup[2] = group / m->config.grid[0] / m->config.grid[1];
   info->wave_in_group = wave % m->waves_per_group;
   info->first_lane = info->wave_in_group * m->config.wave_size;
   unsigned left = m->group_lanes - info->first_lane;
   info->lanes = left < m->config.wave_size ? left : m->config.wave_size;
   return RDNA_OK;
}

/* Waves [*first, *last) named by `wave` (one index or RDNA_ALL_WAVES). */
static bool wave_range(const struct machine *m, unsigned wave, unsigned *first, unsigned *last)
{
   if (!m)
      return false;
   if (wave == RDNA_ALL_WAVES) {
      *first = 0;
      *last = m->num_waves;
      return true;
   }
   if (wave >= m->num_waves)
      return false;
   *first = wave;
   *last = wave + 1;
   return true;
}

enum rdna_status rdna_machine_set_sregs(struct rdna_machine *machine, unsigned wave, unsigned reg,
                                        const uint32_t *values, unsigned count)
{
   struct machine *m = (struct machine *)machine;
   unsigned first, last;
   if (!wave_range(m, wave, &first, &last) || (count && !values) || reg >= NUM_SREGS ||
       count > NUM_SREGS - reg)
      return RDNA_BAD_ARGUMENT;
   for (unsigned i = first; i < last; i++) {
      struct wave *w = &m->waves[i];
      for (unsigned k = 0; k < count; k++)
         if (reg + k != RDNA_REG_NULL)
            w->sgpr[reg + k] = values[k];
      w->exec_dirty = true;
   }
   return RDNA_OK;
}

enum rdna_status rdna_machine_set_vgpr(struct rdna_machine *machine, unsigned wave, unsigned vgpr,
                                       unsigned lane, uint32_t value)
{
   struct machine *m = (struct machine *)machine;
   unsigned first, last;
   if (!wave_range(m, wave, &first, &last) || vgpr >= m->config.vgprs ||
       (lane != RDNA_ALL_LANES && lane >= m->config.wave_size))
      return RDNA_BAD_ARGUMENT;
   for (unsigned i = first; i < last; i++) {
      uint32_t *v = wave_vgpr(&m->waves[i], vgpr);
      for (unsigned l = 0; l < m->config.wave_size; l++)
         if (lane == RDNA_ALL_LANES || l == lane)
            v[l] = value;
   }
   return RDNA_OK;
}

enum rdna_status rdna_machine_set_vgpr_lanes(struct rdna_machine *machine, unsigned wave,
                                             unsigned vgpr, const uint32_t *values)
{
   struct machine *m = (struct machine *)machine;
   unsigned first, last;
   if (!wave_range(m, wave, &first, &last) || !values || vgpr >= m->config.vgprs)
      return RDNA_BAD_ARGUMENT;
   for (unsigned i = first; i < last; i++)
      memcpy(wave_vgpr(&m->waves[i], vgpr), values, m->config.wave_size * sizeof(uint32_t));
   return RDNA_OK;
}

enum rdna_status rdna_machine_set_exec(struct rdna_machine *machine, unsigned wave, uint64_t exec)
{
   uint32_t v[2] = { (uint32_t)exec, (uint32_t)(exec >> 32) };
   struct machine *m = (struct machine *)machine;
   return rdna_machine_set_sregs(machine, wave, RDNA_REG_EXEC_LO, v,
                                 m && m->config.wave_size == 32 ? 1 : 2);
}

enum rdna_status rdna_machine_set_scc(struct rdna_machine *machine, unsigned wave, bool scc)
{
   struct machine *m = (struct machine *)machine;
   unsigned first, last;
   if (!wave_range(m, wave, &first, &last))
      return RDNA_BAD_ARGUMENT;
   for (unsigned i = first; i < last; i++)
      m->waves[i].scc = scc;
   return RDNA_OK;
}

static const struct wave *get_wave(const struct rdna_machine *machine, unsigned wave)
{
   const struct machine *m = (const struct machine *)machine;
   return m && wave < m->num_waves ? &m->waves[wave] : NULL;
}

enum rdna_status rdna_machine_read_sreg(const struct rdna_machine *machine, unsigned wave,
                                        unsigned reg, uint32_t *value)
{
   const struct wave *w = get_wave(machine, wave);
   if (!w || !value || reg >= NUM_SREGS)
      return RDNA_BAD_ARGUMENT;
   *value = w->sgpr[reg];
   return RDNA_OK;
}

enum rdna_status rdna_machine_read_vgpr(const struct rdna_machine *machine, unsigned wave,
                                        unsigned vgpr, unsigned lane, uint32_t *value)
{
   const struct wave *w = get_wave(machine, wave);
   if (!w || !value || vgpr >= w->num_vgprs || lane >= w->wave_size)
      return RDNA_BAD_ARGUMENT;
   *value = w->vgpr[(size_t)vgpr * MAX_LANES + lane];
   return RDNA_OK;
}

enum rdna_status rdna_machine_read_definedness(const struct rdna_machine *machine, unsigned wave,
                                               unsigned reg, struct rdna_definedness *out)
{
   const struct wave *w = get_wave(machine, wave);
   if (!w || !out)
      return RDNA_BAD_ARGUMENT;
   memset(out, 0, sizeof(*out));
   if (reg >= RDNA_REG_VGPR0 && reg - RDNA_REG_VGPR0 < w->num_vgprs) {
      const struct vgpr_marks *marks = &w->vgpr_marks[reg - RDNA_REG_VGPR0];
      out->written = marks->written;
      out->undefined = marks->undefined;
      out->undefined_bits = marks->undefined ? marks->undefined_bits : 0;
      out->reason = marks->undefined ? (enum rdna_undefined)marks->reason : RDNA_UNDEFINED_NONE;
   } else if (reg == RDNA_REG_SCC) {
      out->written = w->scc_written;
      out->undefined = w->scc_undefined;
      out->undefined_bits = w->scc_undefined ? 1u : 0u;
      out->reason =
         w->scc_undefined ? (enum rdna_undefined)w->scc_undefined_reason : RDNA_UNDEFINED_NONE;
   } else if (reg < NUM_SREGS) {
      out->written = w->sgpr_written[reg / 64] >> (reg % 64) & 1;
      out->undefined = w->sgpr_undefined[reg / 64] >> (reg % 64) & 1;
      out->undefined_bits = out->undefined ? w->sgpr_undefined_bits[reg] : 0;
      out->reason =
         out->undefined ? (enum rdna_undefined)w->sgpr_undefined_reason[reg] : RDNA_UNDEFINED_NONE;
   } else {
      return RDNA_BAD_ARGUMENT;
   }
   return RDNA_OK;
}

enum rdna_status rdna_machine_read_exec(const struct rdna_machine *machine, unsigned wave,
                                        uint64_t *exec)
{
   const struct wave *w = get_wave(machine, wave);
   if (!w || !exec)
      return RDNA_BAD_ARGUMENT;
   *exec = wave_exec(w);
   return RDNA_OK;
}

enum rdna_status rdna_machine_read_scc(const struct rdna_machine *machine, unsigned wave, bool *scc)
{
   const struct wave *w = get_wave(machine, wave);
   if (!w || !scc)
      return RDNA_BAD_ARGUMENT;
   *scc = w->scc;
   return RDNA_OK;
}

enum rdna_status rdna_machine_read_pc(const struct rdna_machine *machine, unsigned wave,
                                      uint64_t *pc)
{
   const struct wave *w = get_wave(machine, wave);
   if (!w || !pc)
      return RDNA_BAD_ARGUMENT;
   *pc = w->pc;
   return RDNA_OK;
}

uint32_t wave_read_hwreg(const struct wave *w, unsigned id)
{
   uint32_t v = w->hwreg[id];
   if (id == RDNA_HWREG_STATUS) {
      /* STATUS (RDNA2 ISA guide 3.12): SCC bit 0, EXECZ bit 9, VCCZ bit 10. */
      v &= ~((1u << 0) | (1u << 9) | (1u << 10));
      v |=
         (uint32_t)w->scc | (uint32_t)(wave_exec(w) == 0) << 9 | (uint32_t)(wave_vcc(w) == 0) << 10;
   } else if (id == RDNA_HWREG_SHADER_CYCLES) {
      v = (uint32_t)w->steps & 0xfffffu; /* a deterministic 20-bit counter: the step count */
   }
   return v;
}

enum rdna_status rdna_machine_read_hwreg(const struct rdna_machine *machine, unsigned wave,
                                         unsigned id, uint32_t *value)
{
   const struct wave *w = get_wave(machine, wave);
   if (!w || !value || id >= RDNA_HWREG_COUNT)
      return RDNA_BAD_ARGUMENT;
   *value = wave_read_hwreg(w, id);
   return RDNA_OK;
}

enum rdna_status rdna_machine_read_lds(const struct rdna_machine *machine, unsigned workgroup,
                                       uint32_t offset, void *out, size_t size)
{
   const struct machine *m = (const struct machine *)machine;
   if (!m || (size && !out) || workgroup >= m->num_groups)
      return RDNA_BAD_ARGUMENT;
   if (offset > m->config.lds_bytes || size > m->config.lds_bytes - offset)
      return RDNA_OUT_OF_RANGE;
   if (size)
      memcpy(out, m->lds + (size_t)workgroup * m->config.lds_bytes + offset, size);
   return RDNA_OK;
}

bool rdna_machine_fault(const struct rdna_machine *machine, unsigned wave, struct rdna_fault *fault)
{
   const struct machine *m = (const struct machine *)machine;
   struct rdna_fault none = { .kind = RDNA_FAULT_NONE, .lane = -1, .op = UINT32_MAX };
   const struct rdna_fault *found = NULL;
   if (m && wave == RDNA_ALL_WAVES) {
      for (unsigned i = 0; i < m->num_waves && !found; i++)
         if (m->waves[i].fault.kind != RDNA_FAULT_NONE)
            found = &m->waves[i].fault;
   } else if (m && wave < m->num_waves && m->waves[wave].fault.kind != RDNA_FAULT_NONE) {
      found = &m->waves[wave].fault;
   }
   if (fault) {
      *fault = found ? *found : none;
      if (!found && m && wave < m->num_waves)
         fault->wave = wave;
   }
   return found != NULL;
}

uint64_t rdna_machine_steps(const struct rdna_machine *machine, unsigned wave)
{
   const struct wave *w = get_wave(machine, wave);
   return w ? w->steps : 0;
}

void rdna_machine_set_trace(struct rdna_machine *machine, const struct rdna_trace_hook *hook)
{
   struct machine *m = (struct machine *)machine;
   if (!m)
      return;
   m->tracing = hook && hook->event;
   if (m->tracing)
      m->trace = *hook;
}

/* ---- fetch and decode -------------------------------------------------------------------- */

/* Checks what decoding cannot: registers inside the allocation and the register files, and
 * sources the interpreter does not model. Sets d->bad so executing the instruction faults. */
static void check_operands(const struct machine *m, struct decoded *d)
{
   const struct rdna_inst *in = &d->inst;
   const char *name = rdna_op_name(in->op);
   /* DPP and SDWA forms run the row's own handler through a wrapper that prepares the source
    * lanes and finishes the destination write (interp/exec_dpp_sdwa.c). */
   if (in->encoding == RDNA_FMT_DPP16)
      d->fn = exec_dpp16;
   else if (in->encoding == RDNA_FMT_DPP8)
      d->fn = exec_dpp8;
   else if (in->encoding == RDNA_FMT_SDWA)
      d->fn = exec_sdwa;
   else if (strstr(name, "_atomic_") && in->encoding != RDNA_FMT_DS &&
            in->encoding !=
               RDNA_FMT_SCRATCH) /* global memory: buffer, flat, global, scalar, image */
      d->fn = machine_exec_serialized;
   for (unsigned i = 0; i < in->num_operands; i++) {
      const struct rdna_operand *op = &in->operands[i];
      unsigned width = op->width ? op->width : 1;
      if (op->reg >= RDNA_REG_VGPR0 && op->reg < RDNA_REG_IMM) {
         if (op->reg - RDNA_REG_VGPR0 + width > m->config.vgprs) {
            d->bad = RDNA_FAULT_INVALID_OPERAND;
            snprintf(d->bad_message, sizeof(d->bad_message),
                     "%s names v%u, outside the allocation of %u VGPRs", name,
                     op->reg - RDNA_REG_VGPR0 + width - 1, m->config.vgprs);
            return;
         }
      } else if (op->reg < NUM_SREGS) {
         if (op->reg + width > NUM_SREGS) {
            d->bad = RDNA_FAULT_INVALID_OPERAND;
            snprintf(d->bad_message, sizeof(d->bad_message),
                     "%s names a scalar register range past exec_hi", name);
            return;
         }
      } else if (op->reg == RDNA_REG_LDS_DIRECT) {
         d->fn = exec_lds_direct; /* the LDS value, read when it runs (interp/exec_ds.c) */
      }
   }
}

/* The decoded instruction at w->pc, decoding it on first use; NULL after recording a fault. */
static const struct decoded *fetch_slow(struct wave *w)
{
   struct machine *m = w->m;
   uint64_t pc = w->pc;
   struct region *r = w->code;
   if (!r || pc < r->base || pc - r->base >= r->size) {
      r = machine_find(m, pc, 4);
      if (!r || !r->is_code) {
         wave_fault(w, RDNA_FAULT_BAD_JUMP, -1, pc, "PC 0x%llx is outside every code region%s",
                    (unsigned long long)pc, r ? " (it lies in a data region)" : "");
         return NULL;
      }
      w->code = r;
   }
   if (pc & 3) {
      wave_fault(w, RDNA_FAULT_MISALIGNED, -1, pc, "PC 0x%llx is not dword aligned",
                 (unsigned long long)pc);
      return NULL;
   }
   uint64_t index = (pc - r->base) / 4;
   struct decoded *d = r->cache[index];
   if (d)
      return d;
   d = calloc(1, sizeof(*d));
   if (!d) {
      wave_fault(w, RDNA_FAULT_ILLEGAL_INSTRUCTION, -1, pc, "out of host memory decoding");
      return NULL;
   }
   struct rdna_diag diag;
   memset(&diag, 0, sizeof(diag));
   enum rdna_status st = rdna_decode(&m->isa, r->bytes + (pc - r->base),
                                     (size_t)(r->size - (pc - r->base)), &d->inst, &diag);
   if (st != RDNA_OK) {
      uint32_t word = 0;
      memcpy(&word, r->bytes + (pc - r->base),
             r->size - (pc - r->base) >= 4 ? 4 : (size_t)(r->size - (pc - r->base)));
      wave_fault(w, RDNA_FAULT_ILLEGAL_INSTRUCTION, -1, pc,
                 "0x%08x at 0x%llx is no %s instruction: %s", word, (unsigned long long)pc,
                 rdna_target_name(m->isa.target),
                 diag.message[0] ? diag.message : rdna_status_message(st));
      free(d);
      return NULL;
   }
   d->fn = dispatch_handler(d->inst.op);
   const struct op_info *info = op_info(d->inst.op);
   d->flags = info ? info->flags : 0;
   check_operands(m, d);
   r->cache[index] = d;
   return d;
}

/* The common case inline: the PC is an aligned address of the last code region, decoded
 * before. (pc - base wraps for a PC below the region, so one compare covers both ends.) */
static inline const struct decoded *fetch(struct wave *w)
{
   const struct region *r = w->code;
   uint64_t offset = w->pc - (r ? r->base : 0);
   if (r && offset < r->size && !(offset & 3)) {
      const struct decoded *d = r->cache[offset / 4];
      if (d)
         return d;
   }
   return fetch_slow(w);
}

/* ---- running ------------------------------------------------------------------------------- */

static void trace_event(struct wave *w, const struct decoded *d, uint64_t exec_before)
{
   struct rdna_trace_event ev;
   memset(&ev, 0, sizeof(ev));
   ev.wave = w->index;
   ev.pc = w->pc;
   ev.inst = &d->inst;
   ev.exec_before = exec_before;
   ev.wrote_scc = w->wrote_scc;
   ev.next_pc = w->next_pc;
   ev.jumped = w->next_pc != w->pc + d->inst.size;
   ev.num_writes = w->num_writes;
   unsigned n = w->num_writes < RDNA_TRACE_MAX_WRITES ? w->num_writes : RDNA_TRACE_MAX_WRITES;
   memcpy(ev.writes, w->writes, n * sizeof(ev.writes[0]));
   w->m->trace.event(w->m->trace.user, &ev);
}

static void run_wave(struct wave *w)
{
   struct machine *m = w->m;
   uint64_t limit = m->config.step_limit;
   w->tracing = m->tracing;
   while (!w->ended && !w->at_barrier) {
      if (w->steps >= limit) {
         wave_fault(w, RDNA_FAULT_STEP_LIMIT, -1, 0,
                    "the wave ran %llu instructions without ending (the step limit)",
                    (unsigned long long)limit);
         break;
      }
      const struct decoded *d = fetch(w);
      if (!d)
         break;
      w->steps++;
      w->next_pc = w->pc + d->inst.size;
      uint64_t exec_before = 0;
      if (w->tracing) {
         w->num_writes = 0;
         w->wrote_scc = false;
         exec_before = wave_exec(w);
      }
      enum rdna_status st;
      if (d->bad != RDNA_FAULT_NONE)
         st = wave_fault(w, d->bad, -1, 0, "%s", d->bad_message);
      else
         st = d->fn(w, &d->inst);
      if (w->fault.kind != RDNA_FAULT_NONE && w->fault.op == UINT32_MAX)
         w->fault.op = d->inst.op;
      if (w->tracing)
         trace_event(w, d, exec_before);
      if (m->retired) /* the instruction wrote code: d may be among the dropped decodes */
         machine_free_retired(m);
      if (st != RDNA_OK || w->ended)
         break;
      w->pc = w->next_pc & 0xffffffffffffull; /* PC is a 48-bit address */
   }
   if (!w->at_barrier)
      w->ended = true;
}

/* ---- scheduling ------------------------------------------------------------------------------
 * A workgroup's waves run one at a time in wave order, each until it ends or reaches s_barrier;
 * when every wave that has not ended waits at the barrier, all are released and run again in wave
 * order (RDNA2 ISA guide, S_BARRIER and the workgroup description: a wave that ends no longer holds
 * the barrier back). The interleaving is therefore fixed: the same case gives the same LDS and
 * register contents on every run. Workgroups share nothing but guest memory, so they may run on
 * several host threads (rdna_machine_set_threads); include/rdna/interp.h states what that
 * guarantees. */

static void run_group(struct machine *m, unsigned group)
{
   struct wave *first = &m->waves[(size_t)group * m->waves_per_group];
   bool live = true;
   while (live) {
      live = false;
      for (unsigned i = 0; i < m->waves_per_group; i++) {
         struct wave *w = &first[i];
         if (w->ended)
            continue;
         w->at_barrier = false;
         run_wave(w);
         live |= !w->ended;
      }
   }
}

/* Fills the decode cache of every code region before threads share it: fetch() decodes on first
 * use and would otherwise write the cache from several threads. A dword where no instruction
 * decodes stays empty and faults when a wave reaches it, as in a serial run. */
static void predecode(struct machine *m)
{
   struct wave probe;
   for (size_t i = 0; i < m->num_regions; i++) {
      struct region *r = &m->regions[i];
      if (!r->is_code)
         continue;
      for (uint64_t at = 0; at + 4 <= r->size; at += 4) {
         memset(&probe, 0, sizeof(probe));
         probe.m = m;
         probe.pc = r->base + at;
         fetch(&probe);
      }
   }
}

/* Global-memory atomics of different workgroups must not interleave their read-modify-write when
 * workgroups run on several threads: check_operands routes those rows here. */
enum rdna_status machine_exec_serialized(struct wave *w, const struct rdna_inst *in)
{
   exec_fn fn = dispatch_handler(in->op);
   enum rdna_status st;
#ifdef _OPENMP
#pragma omp critical(rdna_global_atomics)
#endif
   st = fn(w, in);
   return st;
}

void rdna_machine_set_threads(struct rdna_machine *machine, unsigned threads)
{
   struct machine *m = (struct machine *)machine;
   if (m)
      m->threads = threads;
}

enum rdna_status rdna_machine_run(struct rdna_machine *machine, struct rdna_diag *diag)
{
   struct machine *m = (struct machine *)machine;
   if (!m)
      return fail(diag, RDNA_BAD_ARGUMENT, "no machine");
   if (m->ran)
      return fail(diag, RDNA_BAD_ARGUMENT, "the machine already ran");
   if (!m->entry_set)
      return fail(diag, RDNA_BAD_ARGUMENT, "no code region to run");
   m->ran = true;
   for (unsigned i = 0; i < m->num_waves; i++)
      m->waves[i].pc = m->entry;
   unsigned threads = m->threads;
   /* A trace hook sees events in wave order, one at a time. */
   if (m->tracing || m->num_groups < 2)
      threads = 1;
#ifdef _OPENMP
   if (threads > 1) {
      predecode(m);
      int groups = (int)m->num_groups;
#pragma omp parallel for num_threads((int)threads) schedule(dynamic, 1)
      for (int g = 0; g < groups; g++)
         run_group(m, (unsigned)g);
      return RDNA_OK;
   }
#endif
   for (unsigned g = 0; g < m->num_groups; g++)
      run_group(m, g);
   return RDNA_OK;
}
