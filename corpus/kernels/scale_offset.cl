/* The kernel of the case files scale_offset*.case: by-value arguments next to buffers. */
kernel void scale_offset(global uint *out, global const uint *in, uint scale, uint offset)
{
   uint i = get_global_id(0);
   out[i] = scale * i + offset + in[i];
}
