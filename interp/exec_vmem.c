/* Vector memory: MUBUF/MTBUF with V# rules, GLOBAL, FLAT and SCRATCH. Not implemented yet: every
 * row of these formats is an explicit UNSUPPORTED stub expanded from the table by format
 * (interp/unsupported_format.h); the implementation replaces this file. */
#include "interp/wave.h"

#define UNSUPPORTED_IF_MUBUF(name) UNSUPPORTED(name)
#define UNSUPPORTED_IF_MTBUF(name) UNSUPPORTED(name)
#define UNSUPPORTED_IF_FLAT(name) UNSUPPORTED(name)
#define UNSUPPORTED_IF_GLOBAL(name) UNSUPPORTED(name)
#define UNSUPPORTED_IF_SCRATCH(name) UNSUPPORTED(name)
#include "interp/unsupported_format.h"
