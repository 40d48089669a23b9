/* Indirect calls through a function pointer picked per lane (a clang extension of OpenCL C). */
#pragma OPENCL EXTENSION __cl_clang_function_pointers : enable

__attribute__((noinline)) static uint op_add(uint a, uint b) { return a + b; }
__attribute__((noinline)) static uint op_xor(uint a, uint b) { return a ^ b; }
__attribute__((noinline)) static uint op_mul(uint a, uint b) { return a * b; }
__attribute__((noinline)) static uint op_sub(uint a, uint b) { return a - b; }

kernel void function_pointer(global uint *out, global const uint *in)
{
   uint i = get_global_id(0);
   uint a = in[i];
   __auto_type op = a % 4u == 0 ? op_add : a % 4u == 1 ? op_xor : a % 4u == 2 ? op_mul : op_sub;
   out[i] = op(a >> 2, in[i ^ 1]);
}
