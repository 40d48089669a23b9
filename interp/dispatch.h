/* The dispatch table's lookup (interp/dispatch.c). */
#ifndef RDNA_INTERP_DISPATCH_H
#define RDNA_INTERP_DISPATCH_H

#include "interp/wave.h"

/* The handler of table row `op`; NULL when out of range. */
exec_fn dispatch_handler(unsigned op);

#endif
