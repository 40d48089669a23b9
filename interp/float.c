/* Soft-float core (interp/float.h): values are unpacked into sign, exponent and an integer
 * significand, combined exactly in 128-bit integers (lost low bits are OR-ed into a sticky bit),
 * and rounded once by float_round_pack. */
#include "interp/float.h"

#define U128 unsigned __int128

/* ---- classification ------------------------------------------------------------------------ */

enum float_class float_classify(enum float_width w, uint64_t a)
{
   bool neg = float_sign(w, a);
   if (float_is_nan(w, a))
      return float_is_snan(w, a) ? CLASS_SNAN : CLASS_QNAN;
   if (float_is_inf(w, a))
      return neg ? CLASS_NEG_INF : CLASS_POS_INF;
   if (float_is_zero(w, a))
      return neg ? CLASS_NEG_ZERO : CLASS_POS_ZERO;
   if (float_is_denorm(w, a))
      return neg ? CLASS_NEG_DENORM : CLASS_POS_DENORM;
   return neg ? CLASS_NEG_NORMAL : CLASS_POS_NORMAL;
}

/* ---- unpacking ------------------------------------------------------------------------------ */

/* A finite nonzero value as sig * 2^exp (sig holds the implicit bit of normal values). */
struct unpacked {
   bool sign;
   int exp;
   uint64_t sig;
};

static struct unpacked unpack(enum float_width w, uint64_t a)
{
   struct unpacked u;
   unsigned m = float_man_bits(w);
   int biased = (int)((a & float_exp_mask(w)) >> m);
   u.sign = float_sign(w, a);
   u.sig = a & float_man_mask(w);
   if (biased == 0) {
      u.exp = 1 - float_bias(w) - (int)m;
   } else {
      u.sig |= 1ull << m;
      u.exp = biased - float_bias(w) - (int)m;
   }
   return u;
}

static int bit_length128(U128 v)
{
   uint64_t hi = (uint64_t)(v >> 64);
   if (hi)
      return 128 - __builtin_clzll(hi);
   uint64_t lo = (uint64_t)v;
   return lo ? 64 - __builtin_clzll(lo) : 0;
}

int float_exponent(enum float_width w, uint64_t a)
{
   struct unpacked u = unpack(w, a);
   return u.exp + bit_length128(u.sig) - 1;
}

/* v >> n with the bits shifted out OR-ed into bit 0 (n may exceed 127). */
static U128 shift_right_jam(U128 v, int n)
{
   if (n <= 0)
      return v;
   if (n >= 128)
      return v != 0;
   U128 lost = v & (((U128)1 << n) - 1);
   return (v >> n) | (lost != 0);
}

/* ---- rounding ------------------------------------------------------------------------------- */

static bool round_up(enum float_round round, bool sign, bool odd, int half_cmp, bool inexact)
{
   switch (round) {
   case ROUND_NEAREST_EVEN:
      return half_cmp > 0 || (half_cmp == 0 && odd);
   case ROUND_PLUS_INF:
      return inexact && !sign;
   case ROUND_MINUS_INF:
      return inexact && sign;
   default:
      return false;
   }
}

uint64_t float_round_pack(enum float_width w, bool sign, int exp, U128 sig,
                          const struct float_env *env)
{
   uint64_t sign_bits = sign ? float_sign_bit(w) : 0;
   if (sig == 0)
      return sign_bits;
   int m = (int)float_man_bits(w);
   int emin = 1 - float_bias(w);
   int top = exp + bit_length128(sig) - 1; /* exponent of the leading bit */
   int quantum = (top > emin ? top : emin) - m;
   int shift = quantum - exp;
   U128 kept;
   bool inexact = false;
   if (shift <= 0) {
      kept = sig << -shift; /* exact: fewer than m + 1 significant bits */
   } else {
      U128 rem;
      if (shift >= 128) {
         kept = 0;
         rem = sig;
      } else {
         kept = sig >> shift;
         rem = sig & (((U128)1 << shift) - 1);
      }
      inexact = rem != 0;
      int half_cmp;
      if (shift > 128) {
         half_cmp = -1; /* below half of the quantum */
      } else {
         U128 half = (U128)1 << (shift - 1);
         half_cmp = rem > half ? 1 : rem == half ? 0 : -1;
      }
      if (round_up(env->round, sign, (kept & 1) != 0, half_cmp, inexact))
         kept++;
   }
   if (kept >> (m + 1)) { /* rounding carried into a new bit */
      kept >>= 1;
      quantum++;
   }
   uint64_t bits;
   if (kept >> m) {
      int biased = quantum + m + float_bias(w);
      if (biased >= (1 << float_exp_bits(w)) - 1) {
         bool to_inf = env->round == ROUND_NEAREST_EVEN ||
                       (env->round == ROUND_PLUS_INF && !sign) ||
                       (env->round == ROUND_MINUS_INF && sign);
         return to_inf ? float_inf(w, sign) : float_max_finite(w, sign);
      }
      bits = ((uint64_t)biased << m) | ((uint64_t)kept & float_man_mask(w));
   } else {
      bits = (uint64_t)kept; /* denormal or zero */
      if (env->flush_out)
         bits = 0;
   }
   return bits | sign_bits;
}

/* ---- arithmetic ------------------------------------------------------------------------------ */

/* The first NaN of the sources, quieted; 0 when none (no NaN has zero bits). */
static uint64_t first_nan(enum float_width w, const uint64_t *s, unsigned n)
{
   for (unsigned i = 0; i < n; i++)
      if (float_is_nan(w, s[i]))
         return float_quiet(w, s[i]);
   return 0;
}

/* Sum of two exact terms (-1)^s * sig * 2^e (sig < 2^107), aligned so the larger leading bit
 * sits at bit 125 and the smaller loses only bits far below the rounding point (sticky). An
 * exact zero sum is +0, or -0 when rounding toward -inf (IEEE 754 6.3). */
static uint64_t add_terms(enum float_width w, bool sa, int ea, U128 siga, bool sb, int eb,
                          U128 sigb, const struct float_env *env)
{
   if (siga == 0 && sigb == 0)
      return (sa && sb) || (sa != sb && env->round == ROUND_MINUS_INF) ? float_sign_bit(w) : 0;
   if (siga == 0)
      return float_round_pack(w, sb, eb, sigb, env);
   if (sigb == 0)
      return float_round_pack(w, sa, ea, siga, env);
   int ta = ea + bit_length128(siga), tb = eb + bit_length128(sigb);
   int base = (ta > tb ? ta : tb) - 126;
   U128 xa = ea >= base ? siga << (ea - base) : shift_right_jam(siga, base - ea);
   U128 xb = eb >= base ? sigb << (eb - base) : shift_right_jam(sigb, base - eb);
   if (sa == sb)
      return float_round_pack(w, sa, base, xa + xb, env);
   if (xa == xb)
      return env->round == ROUND_MINUS_INF ? float_sign_bit(w) : 0;
   if (xa > xb)
      return float_round_pack(w, sa, base, xa - xb, env);
   return float_round_pack(w, sb, base, xb - xa, env);
}

uint64_t float_add(enum float_width w, uint64_t a, uint64_t b, const struct float_env *env)
{
   uint64_t s[2] = { a, b };
   uint64_t nan = first_nan(w, s, 2);
   if (nan)
      return nan;
   if (float_is_inf(w, a) && float_is_inf(w, b) && float_sign(w, a) != float_sign(w, b))
      return float_default_nan(w);
   if (float_is_inf(w, a))
      return a;
   if (float_is_inf(w, b))
      return b;
   struct unpacked ua = unpack(w, a), ub = unpack(w, b);
   return add_terms(w, ua.sign, ua.exp, ua.sig, ub.sign, ub.exp, ub.sig, env);
}

uint64_t float_mul(enum float_width w, uint64_t a, uint64_t b, const struct float_env *env)
{
   uint64_t s[2] = { a, b };
   uint64_t nan = first_nan(w, s, 2);
   if (nan)
      return nan;
   bool sign = float_sign(w, a) != float_sign(w, b);
   if (float_is_inf(w, a) || float_is_inf(w, b)) {
      if (float_is_zero(w, a) || float_is_zero(w, b))
         return float_default_nan(w);
      return float_inf(w, sign);
   }
   struct unpacked ua = unpack(w, a), ub = unpack(w, b);
   return float_round_pack(w, sign, ua.exp + ub.exp, (U128)ua.sig * ub.sig, env);
}

uint64_t float_fma(enum float_width w, uint64_t a, uint64_t b, uint64_t c,
                   const struct float_env *env)
{
   uint64_t s[3] = { a, b, c };
   uint64_t nan = first_nan(w, s, 3);
   if (nan)
      return nan;
   bool psign = float_sign(w, a) != float_sign(w, b);
   if (float_is_inf(w, a) || float_is_inf(w, b)) {
      if (float_is_zero(w, a) || float_is_zero(w, b))
         return float_default_nan(w);
      if (float_is_inf(w, c) && float_sign(w, c) != psign)
         return float_default_nan(w);
      return float_inf(w, psign);
   }
   if (float_is_inf(w, c))
      return c;
   struct unpacked ua = unpack(w, a), ub = unpack(w, b), uc = unpack(w, c);
   return add_terms(w, psign, ua.exp + ub.exp, (U128)ua.sig * ub.sig, uc.sign, uc.exp, uc.sig, env);
}

/* Shifts sig left until its leading bit is bit `to`, lowering exp to keep the value. */
static void normalize(uint64_t *sig, int *exp, int to)
{
   int n = 63 - __builtin_clzll(*sig);
   *sig <<= to - n;
   *exp -= to - n;
}

uint64_t float_div(enum float_width w, uint64_t a, uint64_t b, const struct float_env *env)
{
   uint64_t s[2] = { a, b };
   uint64_t nan = first_nan(w, s, 2);
   if (nan)
      return nan;
   bool sign = float_sign(w, a) != float_sign(w, b);
   if (float_is_inf(w, a))
      return float_is_inf(w, b) ? float_default_nan(w) : float_inf(w, sign);
   if (float_is_inf(w, b))
      return sign ? float_sign_bit(w) : 0;
   if (float_is_zero(w, b))
      return float_is_zero(w, a) ? float_default_nan(w) : float_inf(w, sign);
   if (float_is_zero(w, a))
      return sign ? float_sign_bit(w) : 0;
   struct unpacked ua = unpack(w, a), ub = unpack(w, b);
   normalize(&ua.sig, &ua.exp, 63);
   normalize(&ub.sig, &ub.exp, 63);
   U128 num = (U128)ua.sig << 64;
   U128 q = num / ub.sig, r = num % ub.sig;
   return float_round_pack(w, sign, ua.exp - ub.exp - 65, (q << 1) | (r != 0), env);
}

/* floor(sqrt(v)) by the digit-by-digit method. */
static uint64_t isqrt128(U128 v, bool *exact)
{
   U128 rem = 0, root = 0;
   for (int i = 63; i >= 0; i--) {
      rem = (rem << 2) | ((v >> (2 * i)) & 3);
      U128 trial = (root << 2) | 1;
      root <<= 1;
      if (rem >= trial) {
         rem -= trial;
         root |= 1;
      }
   }
   *exact = rem == 0;
   return (uint64_t)root;
}

/* sqrt of a positive finite value as sig * 2^exp with a 62- or 63-bit root and a sticky bit. */
static void sqrt_parts(enum float_width w, uint64_t a, uint64_t *sig, int *exp)
{
   struct unpacked u = unpack(w, a);
   normalize(&u.sig, &u.exp, 62);
   U128 v = (U128)u.sig << 62;
   int e = u.exp - 62;
   if (e & 1) {
      v <<= 1;
      e--;
   }
   bool exact;
   uint64_t root = isqrt128(v, &exact); /* v < 2^126: root < 2^63 */
   *sig = (root << 1) | !exact;
   *exp = e / 2 - 1;
}

uint64_t float_sqrt(enum float_width w, uint64_t a, const struct float_env *env)
{
   if (float_is_nan(w, a))
      return float_quiet(w, a);
   if (float_is_zero(w, a))
      return a;
   if (float_sign(w, a))
      return float_default_nan(w);
   if (float_is_inf(w, a))
      return a;
   uint64_t sig;
   int exp;
   sqrt_parts(w, a, &sig, &exp);
   return float_round_pack(w, false, exp, sig, env);
}

uint64_t float_rsq(enum float_width w, uint64_t a, const struct float_env *env)
{
   if (float_is_nan(w, a))
      return float_quiet(w, a);
   if (float_is_zero(w, a))
      return float_inf(w, float_sign(w, a));
   if (float_sign(w, a))
      return float_default_nan(w);
   if (float_is_inf(w, a))
      return 0;
   uint64_t sig;
   int exp;
   sqrt_parts(w, a, &sig, &exp);
   U128 num = (U128)1 << 127;
   U128 q = num / sig, r = num % sig;
   return float_round_pack(w, false, -127 - exp - 1, (q << 1) | (r != 0), env);
}

uint64_t float_ldexp(enum float_width w, uint64_t a, int n, const struct float_env *env)
{
   if (float_is_nan(w, a))
      return float_quiet(w, a);
   if (float_is_inf(w, a) || float_is_zero(w, a))
      return a;
   /* Beyond +-4096 every width has overflowed or underflowed past its last denormal. */
   n = n > 4096 ? 4096 : n < -4096 ? -4096 : n;
   struct unpacked u = unpack(w, a);
   return float_round_pack(w, u.sign, u.exp + n, u.sig, env);
}

uint64_t float_convert(enum float_width to, enum float_width from, uint64_t a,
                       const struct float_env *env)
{
   bool sign = float_sign(from, a);
   if (float_is_nan(from, a)) {
      int shift = (int)float_man_bits(to) - (int)float_man_bits(from);
      uint64_t payload = a & float_man_mask(from);
      payload = shift >= 0 ? payload << shift : payload >> -shift;
      return float_quiet(to, float_inf(to, sign) | payload);
   }
   if (float_is_inf(from, a))
      return float_inf(to, sign);
   if (float_is_zero(from, a))
      return sign ? float_sign_bit(to) : 0;
   struct unpacked u = unpack(from, a);
   return float_round_pack(to, sign, u.exp, u.sig, env);
}

uint64_t float_from_int(enum float_width w, int64_t v, const struct float_env *env)
{
   uint64_t mag = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
   return float_round_pack(w, v < 0, 0, mag, env);
}

uint64_t float_from_uint(enum float_width w, uint64_t v, const struct float_env *env)
{
   return float_round_pack(w, false, 0, v, env);
}

/* |a| as an integer part and the rounding decision, for finite a with exponent < 0 scale. */
static uint64_t integral_magnitude(enum float_width w, uint64_t a, enum float_round round)
{
   struct unpacked u = unpack(w, a);
   if (u.exp >= 0) /* saturates at 2^64 - 1 */
      return bit_length128(u.sig) + u.exp > 64 ? UINT64_MAX : u.sig << u.exp;
   int shift = -u.exp;
   uint64_t ip = shift >= 64 ? 0 : u.sig >> shift;
   uint64_t rem = shift >= 64 ? u.sig : u.sig & ((1ull << shift) - 1);
   int half_cmp = -1;
   if (shift <= 64) {
      uint64_t half = 1ull << (shift - 1);
      half_cmp = rem > half ? 1 : rem == half ? 0 : -1;
   }
   if (round_up(round, u.sign, (ip & 1) != 0, half_cmp, rem != 0))
      ip++;
   return ip;
}

uint64_t float_round_int(enum float_width w, uint64_t a, enum float_round round)
{
   if (float_is_nan(w, a))
      return float_quiet(w, a);
   if (float_is_inf(w, a) || float_is_zero(w, a))
      return a;
   struct unpacked u = unpack(w, a);
   if (u.exp >= 0)
      return a; /* already integral */
   uint64_t ip = integral_magnitude(w, a, round);
   struct float_env exact = { ROUND_ZERO, false, false };
   return float_round_pack(w, u.sign, 0, ip, &exact);
}

int64_t float_to_int(enum float_width w, uint64_t a, enum float_round round)
{
   if (float_is_nan(w, a))
      return 0;
   bool sign = float_sign(w, a);
   if (float_is_inf(w, a))
      return sign ? INT64_MIN : INT64_MAX;
   if (float_is_zero(w, a))
      return 0;
   uint64_t ip = integral_magnitude(w, a, round);
   if (!sign)
      return ip > (uint64_t)INT64_MAX ? INT64_MAX : (int64_t)ip;
   return ip >= (1ull << 63) ? INT64_MIN : -(int64_t)ip;
}

enum float_order float_compare(enum float_width w, uint64_t a, uint64_t b)
{
   if (float_is_nan(w, a) || float_is_nan(w, b))
      return ORDER_UNORDERED;
   if (float_is_zero(w, a) && float_is_zero(w, b))
      return ORDER_EQUAL;
   bool sa = float_sign(w, a), sb = float_sign(w, b);
   uint64_t ma = a & ~float_sign_bit(w), mb = b & ~float_sign_bit(w);
   if (sa != sb)
      return sa ? ORDER_LESS : ORDER_GREATER;
   if (ma == mb)
      return ORDER_EQUAL;
   bool less = sa ? ma > mb : ma < mb;
   return less ? ORDER_LESS : ORDER_GREATER;
}
