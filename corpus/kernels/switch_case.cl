/* A switch with many cases and a default: divergent multi-way branching. */
kernel void switch_case(global uint *out, global const uint *in)
{
   uint i = get_global_id(0);
   uint a = in[i], r;
   switch (a % 11u) {
   case 0: r = a + 1u; break;
   case 1: r = a * 5u; break;
   case 2: r = a ^ 0xffu; break;
   case 3: r = a >> 4; break;
   case 4: r = a << 3; break;
   case 5: r = ~a; break;
   case 7: r = a - 100u; break;
   case 9: r = a & 0xf0f0u; break;
   default: r = 42u; break;
   }
   out[i] = r;
}
