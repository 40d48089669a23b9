/* Scalar memory (SMEM): s_load, s_buffer_load with V# bounds, s_memtime, cache invalidations.
 * Not implemented yet: every SMEM row is an explicit UNSUPPORTED stub, expanded from the table by
 * format (interp/unsupported_format.h); the implementation replaces this file. */
#include "interp/wave.h"

#define UNSUPPORTED_IF_SMEM(name) UNSUPPORTED(name)
#include "interp/unsupported_format.h"
