/* Whole-format stubs, expanded from the instruction table for the interpreter's handlers and the
 * recompiler's lowerings alike: a class file that implements none of a format's rows yet defines
 * UNSUPPORTED_IF_<FORMAT>(name) as its UNSUPPORTED(name), includes this header, and the table
 * expands through UNSUPPORTED_IF_##format: every row of that format (rows added later included)
 * gets an explicit UNSUPPORTED definition; the other formats expand to nothing. Only the table is
 * shared: each side's UNSUPPORTED says what a missing row does there. */
#ifndef RDNA_ISA_UNSUPPORTED_FORMAT_H
#define RDNA_ISA_UNSUPPORTED_FORMAT_H

#ifndef UNSUPPORTED_IF_SOP1
#define UNSUPPORTED_IF_SOP1(name)
#endif
#ifndef UNSUPPORTED_IF_SOP2
#define UNSUPPORTED_IF_SOP2(name)
#endif
#ifndef UNSUPPORTED_IF_SOPK
#define UNSUPPORTED_IF_SOPK(name)
#endif
#ifndef UNSUPPORTED_IF_SOPC
#define UNSUPPORTED_IF_SOPC(name)
#endif
#ifndef UNSUPPORTED_IF_SOPP
#define UNSUPPORTED_IF_SOPP(name)
#endif
#ifndef UNSUPPORTED_IF_SMEM
#define UNSUPPORTED_IF_SMEM(name)
#endif
#ifndef UNSUPPORTED_IF_VOP1
#define UNSUPPORTED_IF_VOP1(name)
#endif
#ifndef UNSUPPORTED_IF_VOP2
#define UNSUPPORTED_IF_VOP2(name)
#endif
#ifndef UNSUPPORTED_IF_VOPC
#define UNSUPPORTED_IF_VOPC(name)
#endif
#ifndef UNSUPPORTED_IF_VOP3
#define UNSUPPORTED_IF_VOP3(name)
#endif
#ifndef UNSUPPORTED_IF_VOP3P
#define UNSUPPORTED_IF_VOP3P(name)
#endif
#ifndef UNSUPPORTED_IF_DPP16
#define UNSUPPORTED_IF_DPP16(name)
#endif
#ifndef UNSUPPORTED_IF_DPP8
#define UNSUPPORTED_IF_DPP8(name)
#endif
#ifndef UNSUPPORTED_IF_SDWA
#define UNSUPPORTED_IF_SDWA(name)
#endif
#ifndef UNSUPPORTED_IF_DS
#define UNSUPPORTED_IF_DS(name)
#endif
#ifndef UNSUPPORTED_IF_MUBUF
#define UNSUPPORTED_IF_MUBUF(name)
#endif
#ifndef UNSUPPORTED_IF_MTBUF
#define UNSUPPORTED_IF_MTBUF(name)
#endif
#ifndef UNSUPPORTED_IF_FLAT
#define UNSUPPORTED_IF_FLAT(name)
#endif
#ifndef UNSUPPORTED_IF_GLOBAL
#define UNSUPPORTED_IF_GLOBAL(name)
#endif
#ifndef UNSUPPORTED_IF_SCRATCH
#define UNSUPPORTED_IF_SCRATCH(name)
#endif
#ifndef UNSUPPORTED_IF_MIMG
#define UNSUPPORTED_IF_MIMG(name)
#endif
#ifndef UNSUPPORTED_IF_EXP
#define UNSUPPORTED_IF_EXP(name)
#endif
#ifndef UNSUPPORTED_IF_VINTRP
#define UNSUPPORTED_IF_VINTRP(name)
#endif

#define INST(name, format, op1013, op1030, signature, flags) UNSUPPORTED_IF_##format(name)
#include "table.def"
#undef INST

#endif
