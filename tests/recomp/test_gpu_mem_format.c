/* Typed buffer accesses on the GPU: tbuffer and buffer *_format_* loads and stores, with and
 * without d16, over every unified format the interpreter converts, in wave32 and wave64. The
 * expected registers and bytes come from the manual's definitions computed here on the host
 * (RDNA2 ISA guide 8.1, "Buffer Data": components of 8, 16 or 32 bits, integers zero- or
 * sign-extended, 16-bit floats widened to f32, a missing component 0 and W 1 or 1.0; d16 holds
 * 16 bits per component, 32-bit floats narrowed to f16 rounding to nearest even). f16 <-> f32
 * here goes through frexp/ldexp/nearbyint on doubles, not through bit manipulation. */
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "gpu_harness.h"

/* GFX10 unified formats as llvm-mc names them (BUF_FMT_<bits>_..._<kind>): value, component
 * count, bits, kind (u, s, f). */
static const struct {
   unsigned value, components, bits;
   char kind;
} formats[] = {
   { 5, 1, 8, 'u' },   { 6, 1, 8, 's' },   { 11, 1, 16, 'u' }, { 12, 1, 16, 's' },
   { 13, 1, 16, 'f' }, { 18, 2, 8, 'u' },  { 19, 2, 8, 's' },  { 20, 1, 32, 'u' },
   { 21, 1, 32, 's' }, { 22, 1, 32, 'f' }, { 27, 2, 16, 'u' }, { 28, 2, 16, 's' },
   { 29, 2, 16, 'f' }, { 60, 4, 8, 'u' },  { 61, 4, 8, 's' },  { 62, 2, 32, 'u' },
   { 63, 2, 32, 's' }, { 64, 2, 32, 'f' }, { 69, 4, 16, 'u' }, { 70, 4, 16, 's' },
   { 71, 4, 16, 'f' }, { 72, 3, 32, 'u' }, { 73, 3, 32, 's' }, { 74, 3, 32, 'f' },
   { 75, 4, 32, 'u' }, { 76, 4, 32, 's' }, { 77, 4, 32, 'f' },
};
#define NUM_FORMATS (sizeof(formats) / sizeof(formats[0]))

/* ---- f16 <-> f32 by value ------------------------------------------------------------------ */

/* IEEE binary16 to binary32: exact; a NaN is quieted keeping its payload's top bits. */
static uint32_t half_to_single(uint32_t h)
{
   uint32_t sign = h >> 15, e = (h >> 10) & 31, m = h & 1023;
   if (e == 31)
      return sign << 31 | 0x7f800000u | (m ? 0x400000u | m << 13 : 0);
   double v = e ? ldexp(1024.0 + m, (int)e - 25) : ldexp((double)m, -24);
   return f32_to_bits((float)(sign ? -v : v));
}

/* binary32 to binary16, rounding to nearest even; overflow to infinity. */
static uint32_t single_to_half(uint32_t f)
{
   uint32_t sign = f >> 31 << 15;
   float x = f32_from_bits(f);
   if (isnan(x))
      return sign | 0x7c00u | 0x200u | (f & 0x7fffffu) >> 13;
   double a = fabs((double)x);
   if (isinf(x) || a >= 65520.0) /* 65520 rounds up past the largest f16, 65504 */
      return sign | 0x7c00u;
   if (a < ldexp(1.0, -14)) /* a denormal (or the smallest normal after rounding) */
      return sign | (uint32_t)nearbyint(ldexp(a, 24));
   int e;
   frexp(a, &e); /* a = f * 2^e, f in [0.5, 1): the f16 exponent is e - 1 */
   double mant = nearbyint(ldexp(a, 11 - e)); /* 11 significant bits */
   if (mant >= 2048.0) {
      mant /= 2;
      e++;
   }
   return sign | (uint32_t)(e - 1 + 15) << 10 | ((uint32_t)mant - 1024u);
}

/* ---- the host model ------------------------------------------------------------------------ */

static uint32_t raw_component(const uint8_t *p, unsigned bits)
{
   uint32_t v = 0;
   for (unsigned b = 0; b < bits / 8; b++)
      v |= (uint32_t)p[b] << (8 * b);
   return v;
}

static uint32_t sign_extend(uint32_t v, unsigned bits)
{
   return bits == 32 ? v : (uint32_t)((int32_t)(v << (32 - bits)) >> (32 - bits));
}

/* Component c's register value (32 bits, or 16 with d16) of the element at p. */
static uint32_t load_component(unsigned f, const uint8_t *p, unsigned c, bool d16)
{
   unsigned bits = formats[f].bits;
   char kind = formats[f].kind;
   if (c >= formats[f].components)
      return c == 3 ? (kind == 'f' ? (d16 ? 0x3c00u : 0x3f800000u) : 1u) : 0u;
   uint32_t raw = raw_component(p + c * bits / 8, bits);
   uint32_t v = kind == 's' ? sign_extend(raw, bits) : raw;
   if (kind == 'f' && bits == 16)
      v = d16 ? raw : half_to_single(raw);
   else if (kind == 'f' && d16)
      v = single_to_half(raw);
   return d16 ? v & 0xffffu : v;
}

/* The bits a store writes for component c from its register bits (the 16-bit half with d16). */
static uint32_t store_component(unsigned f, uint32_t reg, bool d16)
{
   unsigned bits = formats[f].bits;
   char kind = formats[f].kind;
   uint32_t v = reg;
   if (!d16 && kind == 'f' && bits == 16)
      v = single_to_half(reg);
   if (d16 && bits == 32)
      v = kind == 'f' ? half_to_single(reg) : kind == 's' ? sign_extend(reg, 16) : reg;
   return bits == 32 ? v : v & ((1u << bits) - 1);
}

/* ---- inputs -------------------------------------------------------------------------------- */

#define ELEMENT 16u /* bytes per lane */

/* A few formats per module keep lavapipe's compile short; every chunk runs in wave32, the one
 * holding the 32-bit and 16-bit float formats (formats 7-13) in wave64 as well. */
#define CHUNK 7u
#define WAVE64_CHUNK CHUNK

/* Lane data: dwords mixing raw bits (every f16 class in their halves) and f32 values near the
 * f16 range (normal, denormal, overflowing and halfway cases). */
static uint32_t input_dword(unsigned i, uint32_t *state)
{
   uint32_t r = test_random(state);
   switch (i % 4) {
   case 0:
      return r;
   case 1:
      return f32_to_bits(
         (float)(ldexp((double)(r & 0xffffff) / 0x1000000, (int)(r >> 24) % 40 - 25) *
                 ((r & 0x80) ? -1 : 1)));
   case 2:
      return single_to_half(r) | single_to_half(r * 7u) << 16; /* f16 pairs incl. NaN, inf */
   default:
      return (r & 0xffffe000u) | 0x1000u; /* f32 halfway between two f16 */
   }
}

static void add_input(struct text *t, uint8_t *bytes, unsigned size)
{
   uint32_t state = 12345;
   text_add(t, "[buffer in]\n");
   for (unsigned i = 0; i < size / 4; i++) {
      uint32_t d = input_dword(i, &state);
      for (unsigned b = 0; b < 4; b++)
         bytes[4 * i + b] = (uint8_t)(d >> (8 * b));
      text_add(t, "u32 0x%x\n", d);
   }
}

/* Formats [first, last) loaded xyzw by tbuffer (d16: two VGPRs each) at lane * 16, and the same
 * formats through the V#'s format field with buffer_load_format. */
static void check_loads(unsigned first, unsigned last, bool d16, bool from_vsharp)
{
   for (unsigned wave = 32; wave <= 64; wave *= 2) {
      if (wave == 64 && first != WAVE64_CHUNK)
         continue;
      struct text t = { 0 };
      uint8_t bytes[64 * ELEMENT];
      text_add(&t, "[require]\nwave %u\nvgprs 256\n", wave);
      add_input(&t, bytes, wave * ELEMENT);
      text_add(&t, "[program]\n  v_lshlrev_b32 v1, 4, v0\n");
      unsigned regs = d16 ? 2 : 4;
      for (unsigned f = first; f < last; f++) {
         unsigned v = 2 + regs * (f - first);
         if (from_vsharp) {
            text_add(&t, "  s_and_b32 s7, s7, 0xfff80fff\n  s_or_b32 s7, s7, 0x%x\n",
                     formats[f].value << 12);
            text_add(&t, "  buffer_load_format%s_xyzw v[%u:%u], v1, s[4:7], 0 offen\n",
                     d16 ? "_d16" : "", v, v + regs - 1);
         } else {
            text_add(&t, "  tbuffer_load_format%s_xyzw v[%u:%u], v1, s[4:7], 0 format:%u offen\n",
                     d16 ? "_d16" : "", v, v + regs - 1, formats[f].value);
         }
      }
      text_add(&t, "  s_endpgm\n[init]\nv0 = lane\ns[4:7] = vsharp(&in, records=0x%x)\n[expect]\n",
               wave * ELEMENT);
      for (unsigned f = first; f < last; f++) {
         for (unsigned r = 0; r < regs; r++) {
            uint32_t values[64];
            for (unsigned lane = 0; lane < wave; lane++) {
               const uint8_t *p = bytes + lane * ELEMENT;
               values[lane] = d16 ? load_component(f, p, 2 * r, true) |
                                       load_component(f, p, 2 * r + 1, true) << 16
                                  : load_component(f, p, r, false);
            }
            text_add_lanes(&t, 2 + regs * (f - first) + r, values, wave);
         }
      }
      text_add(&t, "fault none\n");
      harness_run_expect_pass(&t, wave);
      text_free(&t);
   }
}

static void check_all_loads(bool d16, bool from_vsharp)
{
   for (unsigned f = 0; f < NUM_FORMATS; f += CHUNK)
      check_loads(f, f + CHUNK < NUM_FORMATS ? f + CHUNK : NUM_FORMATS, d16, from_vsharp);
}

Test(gpu_mem_format, tbuffer_loads_convert_every_format, .timeout = 600)
{
   check_all_loads(false, false);
}

Test(gpu_mem_format, tbuffer_d16_loads_convert_every_format, .timeout = 600)
{
   check_all_loads(true, false);
}

Test(gpu_mem_format, buffer_loads_take_the_format_from_the_vsharp, .timeout = 600)
{
   check_all_loads(false, true);
   check_all_loads(true, true);
}

/* Formats [first, last) stored xyzw from register values (d16: the halves of two VGPRs), each
 * into its own 1 KiB block at lane * 16; bytes the format does not cover stay 0xee. */
static void check_stores(unsigned first, unsigned last, bool d16, bool from_vsharp)
{
   for (unsigned wave = 32; wave <= 64; wave *= 2) {
      if (wave == 64 && first != WAVE64_CHUNK)
         continue;
      struct text t = { 0 };
      uint32_t state = 777 + wave, regs_in[4][64];
      text_add(&t, "[require]\nwave %u\nvgprs 64\n[buffer out]\nu32 0xeeeeeeee x%u\n[program]\n",
               wave, (last - first) * 256);
      text_add(&t, "  v_lshlrev_b32 v1, 4, v0\n");
      for (unsigned f = first; f < last; f++) {
         if (from_vsharp) {
            text_add(&t, "  s_and_b32 s7, s7, 0xfff80fff\n  s_or_b32 s7, s7, 0x%x\n",
                     formats[f].value << 12);
            text_add(&t, "  buffer_store_format%s_xyzw v[2:%u], v1, s[4:7], 0 offen offset:0\n",
                     d16 ? "_d16" : "", d16 ? 3 : 5);
         } else {
            text_add(&t, "  tbuffer_store_format%s_xyzw v[2:%u], v1, s[4:7], 0 format:%u offen\n",
                     d16 ? "_d16" : "", d16 ? 3 : 5, formats[f].value);
         }
         text_add(&t, "  s_add_u32 s4, s4, 1024\n");
      }
      text_add(&t, "  s_endpgm\n[init]\nv0 = lane\ns[4:7] = vsharp(&out, records=1024)\n");
      for (unsigned r = 0; r < 4; r++) {
         for (unsigned lane = 0; lane < wave; lane++)
            regs_in[r][lane] = input_dword(r + lane, &state);
         text_add_lanes(&t, 2 + r, regs_in[r], wave);
      }
      text_add(&t, "[expect]\nfault none\n");
      static uint8_t expected[CHUNK * 1024];
      memset(expected, 0xee, sizeof(expected));
      for (unsigned f = first; f < last; f++) {
         unsigned bits = formats[f].bits;
         for (unsigned lane = 0; lane < wave; lane++) {
            uint8_t *p = expected + (f - first) * 1024 + lane * ELEMENT;
            for (unsigned c = 0; c < formats[f].components; c++) {
               uint32_t reg =
                  d16 ? regs_in[c / 2][lane] >> (16 * (c % 2)) & 0xffffu : regs_in[c][lane];
               uint32_t v = store_component(f, reg, d16);
               for (unsigned b = 0; b < bits / 8; b++)
                  p[c * bits / 8 + b] = (uint8_t)(v >> (8 * b));
            }
         }
      }
      for (unsigned i = 0; i < (last - first) * 256; i++)
         text_add(&t, "buffer out u32[%u] = 0x%x\n", i, raw_component(expected + 4 * i, 32));
      harness_run_expect_pass(&t, wave);
      text_free(&t);
   }
}

static void check_all_stores(bool d16, bool from_vsharp)
{
   for (unsigned f = 0; f < NUM_FORMATS; f += CHUNK)
      check_stores(f, f + CHUNK < NUM_FORMATS ? f + CHUNK : NUM_FORMATS, d16, from_vsharp);
}

Test(gpu_mem_format, tbuffer_stores_convert_every_format, .timeout = 600)
{
   check_all_stores(false, false);
}

Test(gpu_mem_format, d16_stores_convert_every_format, .timeout = 600)
{
   check_all_stores(true, false);
}

Test(gpu_mem_format, buffer_stores_take_the_format_from_the_vsharp, .timeout = 600)
{
   check_all_stores(false, true);
}

/* An unknown format faults UNSUPPORTED when the instruction runs (the V#'s format 1, 8_UNORM,
 * is not converted); lanes out of the V#'s range read 0 in every component, W included. */
Test(gpu_mem_format, unknown_format_faults_and_out_of_range_lanes_read_zero)
{
   struct text t = { 0 };
   text_add(&t, "[require]\nwave 32\n[buffer in]\nu32 0x11223344 x64\n[program]\n"
                "  v_lshlrev_b32 v1, 2, v0\n"
                "  tbuffer_load_format_xyzw v[2:5], v1, s[4:7], 0 format:[BUF_FMT_8_UINT] offen\n"
                "  buffer_load_format_x v6, v1, s[8:11], 0 offen\n"
                "  s_endpgm\n"
                "[init]\nv0 = lane\nv[2:6] = 0xdead\ns[4:7] = vsharp(&in, records=64)\n"
                "s[8:11] = vsharp(&in, records=256, format=1)\n[expect]\n"
                "v2 = 0x44 x16, 0 x16\nv3 = 0 x32\nv4 = 0 x32\nv5 = 1 x16, 0 x16\n"
                "v6 = 0xdead x32\nfault unsupported\n");
   struct gpu_run run;
   harness_run(t.data, 32, RDNA_RELATIVE_DEFAULT, &run);
   harness_expect_pass(&run);
   cr_expect_eq(run.wave.fault.kind, RDNA_FAULT_UNSUPPORTED);
   harness_free(&run);
   text_free(&t);
}
