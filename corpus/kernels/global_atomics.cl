/* Global atomics from every work-item into a few counters: the totals do not depend on order. */
kernel void global_atomics(global uint *out, global const uint *in)
{
   uint a = in[get_global_id(0)];
   __atomic_fetch_add(&out[a % 8u], a >> 8, __ATOMIC_RELAXED);
   __atomic_fetch_or(&out[8 + a % 4u], 1u << (a >> 27), __ATOMIC_RELAXED);
   __atomic_fetch_max(&out[12], a, __ATOMIC_RELAXED);
}
