/* rdna status codes and diagnostics: every library entry point reports through these.
 * One X-list gives each status its enum value, its name and its message. */
#ifndef RDNA_STATUS_H
#define RDNA_STATUS_H

#include <stddef.h>

#define RDNA_STATUS_LIST(X)                                                      \
   X(OK, "success")                                                              \
   X(TRUNCATED, "instruction runs past the end of the input")                    \
   X(UNKNOWN_OPCODE, "opcode does not exist on this target")                     \
   X(INVALID_ENCODING, "a field holds a value this instruction does not accept") \
   X(SYNTAX, "syntax error")                                                     \
   X(UNKNOWN_MNEMONIC, "unknown instruction mnemonic")                           \
   X(NOT_ON_TARGET, "instruction does not exist on this target")                 \
   X(INVALID_OPERAND, "invalid operand")                                         \
   X(OUT_OF_RANGE, "value out of range")                                         \
   X(UNDEFINED_LABEL, "undefined label")                                         \
   X(DUPLICATE_LABEL, "label defined twice")                                     \
   X(BAD_ARGUMENT, "invalid argument")                                           \
   X(NO_MEMORY, "out of memory")                                                 \
   X(IO, "input/output error")                                                   \
   X(UNSUPPORTED, "not supported yet")                                           \
   X(GUEST_FAULT, "the guest program faulted")                                   \
   X(INTERNAL, "internal error (a generated module failed validation)")          \
   X(NO_DEVICE, "no usable Vulkan device")                                       \
   X(DEVICE, "Vulkan error, time-out or device loss")

enum rdna_status {
#define RDNA_STATUS_ENUM(name, message) RDNA_##name,
   RDNA_STATUS_LIST(RDNA_STATUS_ENUM)
#undef RDNA_STATUS_ENUM
   RDNA_STATUS_COUNT
};

/* The status's identifier without prefix ("TRUNCATED"); "?" for values outside the enum. */
const char *rdna_status_name(enum rdna_status status);
/* A one-line human description of the status; never NULL. */
const char *rdna_status_message(enum rdna_status status);

/* Caller-owned diagnostic: filled by a failing call when the caller passes one.
 * For byte input `offset` is the byte offset of the instruction at fault; for text input
 * `line` and `column` (1-based) locate the token at fault. `message` is a complete sentence
 * fragment such as "expected a VGPR, found 's3'". */
struct rdna_diag {
   enum rdna_status status;
   size_t offset;
   unsigned line;
   unsigned column;
   char message[256];
};

#endif
