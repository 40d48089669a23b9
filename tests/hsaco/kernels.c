/* Host-C references of the corpus/kernels/ kernels (see kernels.h): plain C with the same
 * arithmetic in host types; floats rely on the host's IEEE binary32/64 with round to nearest
 * even and no contraction (-std=c11), halves are rounded once from exact double results. */
#include "kernels.h"

#include <math.h>
#include <string.h>

void kernel_input(uint32_t *in)
{
   uint32_t x = 0x12345678u;
   for (unsigned i = 0; i < KERNEL_INPUT_WORDS; i++) {
      x ^= x << 13, x ^= x >> 17, x ^= x << 5; /* xorshift32 */
      in[i] = x;
   }
}

static uint32_t f32_bits(float f)
{
   uint32_t u;
   memcpy(&u, &f, 4);
   return u;
}

#define N 256u

static void ref_int_math(void *o, const uint32_t *in, unsigned wave)
{
   uint32_t *out = o;
   (void)wave;
   for (uint32_t i = 0; i < N; i++) {
      uint32_t a = in[i], b = in[i ^ 1] | 1u;
      out[i] = a * 2654435761u + (a >> 3) - (a << 5) + a / 7u + a % 13u + a / b + (a % b) * 3u;
   }
}

static void ref_int_signed(void *o, const uint32_t *in, unsigned wave)
{
   int32_t *out = o;
   (void)wave;
   for (uint32_t i = 0; i < N; i++) {
      int32_t a = (int32_t)in[i] >> 4, b = (int32_t)(in[i ^ 3] % 2001u) - 1000;
      if (b == 0)
         b = 7;
      out[i] = a / b + a % b * 5 - (a >> 7) + (b < 0 ? -a / 3 : a / 9) +
               (int32_t)(((int64_t)a * b) >> 32);
   }
}

static void ref_float_math(void *o, const uint32_t *in, unsigned wave)
{
   float *out = o;
   (void)wave;
   for (uint32_t i = 0; i < N; i++) {
      float x = (float)((int32_t)(in[i] % 2001u) - 1000) * 0.125f;
      float y = (float)((int32_t)(in[i ^ 5] % 301u) - 150) * 0.0625f + 0.03125f;
      float z = (float)(in[i ^ 9] & 0xffffu) * 1.5f;
      out[4 * i + 0] = x + y;
      out[4 * i + 1] = x * y;
      out[4 * i + 2] = fmaf(x, y, z);
      out[4 * i + 3] = x / y;
   }
}

static void ref_divergent_branch(void *o, const uint32_t *in, unsigned wave)
{
   uint32_t *out = o;
   (void)wave;
   for (uint32_t i = 0; i < N; i++) {
      uint32_t a = in[i], r;
      if (a & 1)
         r = a & 2 ? a * 3u : a ^ 0x5a5a5a5au;
      else if ((a >> 2) % 3 == 0)
         r = a >> 1;
      else {
         r = ~a;
         if (r & 0x100)
            r += 17u;
      }
      out[i] = r;
   }
}

static void ref_divergent_loop(void *o, const uint32_t *in, unsigned wave)
{
   uint32_t *out = o;
   (void)wave;
   for (uint32_t i = 0; i < N; i++) {
      uint32_t x = in[i] % 1000u + 1u, steps = 0;
      while (x != 1u && steps < 300u) {
         x = (x & 1u) ? 3u * x + 1u : x >> 1;
         steps++;
         if (x == 16u && (in[i] & 4u))
            break;
      }
      out[i] = steps << 16 | (x & 0xffffu);
   }
}

static void ref_private_array(void *o, const uint32_t *in, unsigned wave)
{
   uint32_t *out = o;
   (void)wave;
   for (uint32_t i = 0; i < N; i++) {
      uint32_t p[48];
      for (uint32_t j = 0; j < 48; j++)
         p[j] = in[(i + j) % 256u] ^ j;
      for (uint32_t j = 0; j < 16; j++)
         p[(in[i] + j * 7u) % 48u] += p[(in[i ^ 1] + j) % 48u];
      out[i] = p[in[i] % 48u] + p[(in[i] >> 8) % 48u];
   }
}

static void ref_noinline_call(void *o, const uint32_t *in, unsigned wave)
{
   uint32_t *out = o;
   (void)wave;
   for (uint32_t i = 0; i < N; i++) {
      uint32_t n = in[i] % 8u + 1u, s = 0;
      for (uint32_t k = 0; k < n; k++)
         s = (s * 31u + in[(i + k) % 256u]) ^ (k >> 3);
      out[i] = s;
   }
}

static void ref_function_pointer(void *o, const uint32_t *in, unsigned wave)
{
   uint32_t *out = o;
   (void)wave;
   for (uint32_t i = 0; i < N; i++) {
      uint32_t a = in[i], x = a >> 2, y = in[i ^ 1];
      uint32_t r[4] = { x + y, x ^ y, x * y, x - y };
      out[i] = r[a % 4u];
   }
}

static void ref_lds_reduce(void *o, const uint32_t *in, unsigned wave)
{
   uint32_t *out = o;
   (void)wave;
   for (uint32_t g = 0; g < 4; g++)
      for (uint32_t l = 0; l < 64; l++)
         out[g] += in[g * 64 + l];
}

static void ref_lds_atomics(void *o, const uint32_t *in, unsigned wave)
{
   uint32_t *out = o;
   (void)wave;
   for (uint32_t g = 0; g < 4; g++)
      for (uint32_t l = 0; l < 64; l++) {
         uint32_t a = in[g * 64 + l];
         out[g * 17 + a % 16u]++;
         if (a >> 4 > out[g * 17 + 16])
            out[g * 17 + 16] = a >> 4;
      }
}

static void ref_global_atomics(void *o, const uint32_t *in, unsigned wave)
{
   uint32_t *out = o;
   (void)wave;
   for (uint32_t i = 0; i < N; i++) {
      uint32_t a = in[i];
      out[a % 8u] += a >> 8;
      out[8 + a % 4u] |= 1u << (a >> 27);
      if (a > out[12])
         out[12] = a;
   }
}

static void ref_crosslane(void *o, const uint32_t *in, unsigned wave)
{
   uint32_t *out = o;
   for (uint32_t i = 0; i < N; i++) {
      uint32_t lane = i % wave, first = i - lane;
      out[3 * i + 0] = in[first];
      out[3 * i + 1] = in[first + (lane + 3u) % wave];
      out[3 * i + 2] = lane;
   }
}

static void ref_ballot(void *o, const uint32_t *in, unsigned wave)
{
   uint32_t *out = o;
   for (uint32_t i = 0; i < N; i++) {
      uint32_t first = i - i % wave, count = 0;
      for (uint32_t k = 0; k < wave; k++)
         count += in[first + k] & 1u;
      out[i] = count;
   }
}

static void ref_int64_math(void *o, const uint32_t *in, unsigned wave)
{
   uint64_t *out = o;
   (void)wave;
   for (uint32_t i = 0; i < N; i++) {
      uint64_t a = (uint64_t)in[i] << 32 | in[i ^ 1];
      uint64_t b = (uint64_t)in[i ^ 2] << 7 | 1u;
      int64_t s = (int64_t)a >> 3;
      out[2 * i + 0] = a * 0x9e3779b97f4a7c15ull + (a >> 17) + a / b;
      out[2 * i + 1] = (uint64_t)(s / (int64_t)(in[i ^ 3] % 977u + 1u)) ^ (a % b);
   }
}

/* Rounds a double to binary16 bits, nearest even (the values here are normal or zero). */
static uint16_t f16_bits(double d)
{
   _Float16 h = (_Float16)d;
   uint16_t u;
   memcpy(&u, &h, 2);
   return u;
}

static void ref_f16_math(void *o, const uint32_t *in, unsigned wave)
{
   uint16_t *out = o;
   (void)wave;
   for (uint32_t i = 0; i < N; i++) {
      double x = (double)((int32_t)(in[i] % 201u) - 100) * 0.25;
      double y = (double)((int32_t)(in[i ^ 1] % 61u) - 30) * 0.125;
      double z = (double)(in[i ^ 2] % 50u);
      out[3 * i + 0] = f16_bits(x + y); /* exact in double, one rounding to half */
      out[3 * i + 1] = f16_bits(x * y);
      out[3 * i + 2] = f16_bits(x * y + z);
   }
}

static void ref_f64_math(void *o, const uint32_t *in, unsigned wave)
{
   double *out = o;
   (void)wave;
   for (uint32_t i = 0; i < N; i++) {
      double x = (double)((int32_t)in[i] >> 8) * 0.0009765625;
      double y = (double)(in[i ^ 1] % 100000u) + 0.5;
      double z = (double)(int32_t)in[i ^ 2];
      out[4 * i + 0] = x + y;
      out[4 * i + 1] = x * y;
      out[4 * i + 2] = fma(x, y, z);
      out[4 * i + 3] = x / y;
   }
}

static void ref_matrix_2d(void *o, const uint32_t *in, unsigned wave)
{
   uint32_t *out = o;
   (void)wave;
   for (uint32_t y = 0; y < 16; y++)
      for (uint32_t x = 0; x < 16; x++) {
         uint32_t sum = 0;
         for (uint32_t k = 0; k < 16; k++)
            sum += (in[y * 16u + k] & 0xffu) * (in[(k * 16u + x) ^ 0x80u] & 0xffu);
         out[y * 16u + x] = sum;
      }
}

static void ref_conversions(void *o, const uint32_t *in, unsigned wave)
{
   uint32_t *out = o;
   (void)wave;
   for (uint32_t i = 0; i < N; i++) {
      uint32_t a = in[i];
      float g = (float)((int32_t)a >> 9) * 0.375f;
      double d = (double)(int32_t)a * 0.5;
      out[4 * i + 0] = f32_bits((float)a);
      out[4 * i + 1] = (uint32_t)(int32_t)g;
      out[4 * i + 2] = (uint32_t)(int64_t)d;
      out[4 * i + 3] = f32_bits((float)d);
   }
}

static void ref_bit_ops(void *o, const uint32_t *in, unsigned wave)
{
   uint32_t *out = o;
   (void)wave;
   for (uint32_t i = 0; i < N; i++) {
      uint32_t a = in[i] >> (i % 32u), pop = 0, clz = 32, ctz = 32, rev = 0;
      for (int b = 31; b >= 0; b--)
         if (a >> b & 1u) {
            clz = 31u - (uint32_t)b;
            break;
         }
      for (uint32_t b = 0; b < 32; b++) {
         pop += a >> b & 1u;
         rev |= (a >> b & 1u) << (31u - b);
         if ((a >> b & 1u) && ctz == 32)
            ctz = b;
      }
      uint32_t s = i % 32u, rot = s ? a << s | a >> (32u - s) : a;
      out[i] = pop | clz << 8 | ctz << 16 | (rev ^ rot) << 24;
   }
}

static void ref_switch_case(void *o, const uint32_t *in, unsigned wave)
{
   uint32_t *out = o;
   (void)wave;
   for (uint32_t i = 0; i < N; i++) {
      uint32_t a = in[i];
      uint32_t results[11] = { a + 1u, a * 5u,   a ^ 0xffu, a >> 4,      a << 3, ~a,
                               42u,    a - 100u, 42u,       a & 0xf0f0u, 42u };
      out[i] = results[a % 11u];
   }
}

static void ref_min_max_select(void *o, const uint32_t *in, unsigned wave)
{
   uint32_t *out = o;
   (void)wave;
   for (uint32_t i = 0; i < N; i++) {
      int32_t a = (int32_t)in[i], b = (int32_t)in[i ^ 1];
      float x = (float)(a >> 12) * 0.5f, y = (float)(b >> 12) * 0.25f;
      int32_t c = a >> 20 < -100 ? -100 : a >> 20 > 100 ? 100 : a >> 20;
      out[4 * i + 0] = (uint32_t)(a < b ? a : b);
      out[4 * i + 1] = (uint32_t)a > (uint32_t)b ? (uint32_t)a : (uint32_t)b;
      out[4 * i + 2] = f32_bits(fminf(x, y) + fmaxf(x, -y));
      out[4 * i + 3] = (uint32_t)c;
   }
}

static void ref_recursion(void *o, const uint32_t *in, unsigned wave)
{
   uint32_t *out = o;
   (void)wave;
   for (uint32_t i = 0; i < N; i++) {
      uint32_t a = in[i] % 10000u, b = in[i ^ 1] % 10000u, steps = 0;
      while (b) {
         uint32_t t = a % b;
         a = b, b = t, steps++;
      }
      out[i] = steps;
   }
}

#define LINEAR(name, bytes)                                 \
   {                                                        \
#name, { 4, 1, 1 }, { 64, 1, 1 }, (bytes), ref_##name \
   }

static void ref_hip_block_scan(void *o, const uint32_t *in, unsigned wave)
{
   uint32_t *out = o;
   (void)wave;
   for (uint32_t g = 0; g < 4; g++) {
      uint32_t sum = 0;
      for (uint32_t l = 0; l < 64; l++)
         out[g * 64 + l] = sum += in[g * 64 + l];
   }
}

static uint64_t rotl64(uint64_t x, unsigned s)
{
   s %= 64;
   return s ? x << s | x >> (64 - s) : x;
}

static void ref_hip_templates(void *o, const uint32_t *in, unsigned wave)
{
   uint32_t *out = o;
   (void)wave;
   for (uint32_t i = 0; i < N; i++) {
      uint32_t a = in[i], b = in[i ^ 3], s = a & 31;
      uint64_t wide = rotl64((uint64_t)a << 32 | b, b);
      out[3 * i + 0] = (s ? a << s | a >> (32 - s) : a) ^ b;
      out[3 * i + 1] = (uint32_t)wide;
      out[3 * i + 2] = (uint32_t)(wide >> 32);
   }
}

const struct kernel_spec kernel_specs[] = {
   LINEAR(int_math, 4 * N),
   LINEAR(int_signed, 4 * N),
   LINEAR(float_math, 16 * N),
   LINEAR(divergent_branch, 4 * N),
   LINEAR(divergent_loop, 4 * N),
   LINEAR(private_array, 4 * N),
   LINEAR(noinline_call, 4 * N),
   LINEAR(function_pointer, 4 * N),
   LINEAR(lds_reduce, 16),
   LINEAR(lds_atomics, 4 * 4 * 17),
   LINEAR(global_atomics, 4 * 13),
   LINEAR(crosslane, 12 * N),
   LINEAR(ballot, 4 * N),
   LINEAR(int64_math, 16 * N),
   LINEAR(f16_math, 6 * N),
   LINEAR(f64_math, 32 * N),
   { "matrix_2d", { 2, 2, 1 }, { 8, 8, 1 }, 4 * N, ref_matrix_2d },
   LINEAR(conversions, 16 * N),
   LINEAR(bit_ops, 4 * N),
   LINEAR(switch_case, 4 * N),
   LINEAR(min_max_select, 16 * N),
   LINEAR(recursion, 4 * N),
   LINEAR(hip_block_scan, 4 * N),
   LINEAR(hip_templates, 12 * N),
};
const size_t kernel_spec_count = sizeof(kernel_specs) / sizeof(kernel_specs[0]);

size_t kernel_builds(struct kernel_build *builds)
{
   size_t n = 0;
   for (size_t i = 0; i < kernel_spec_count && n + 3 <= KERNEL_BUILDS_MAX; i++) {
      builds[n++] = (struct kernel_build){ i, 32, RDNA_TARGET_GFX1030 };
      builds[n++] = (struct kernel_build){ i, 64, RDNA_TARGET_GFX1030 };
      builds[n++] = (struct kernel_build){ i, 32, RDNA_TARGET_GFX1013 };
   }
   return n;
}
