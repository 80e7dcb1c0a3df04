#ifndef CHK_CSUPPORT_H
#define CHK_CSUPPORT_H

#include <stddef.h>

/// memmem(3): the first occurrence of `needle` in `haystack`, or NULL. glibc declares it
/// only under _GNU_SOURCE, which the Swift overlay does not define, so it comes through
/// this one-line wrapper (compiled with _GNU_SOURCE).
const void *_Nullable chk_memmem(const void *_Nonnull haystack, size_t haystack_length,
                                 const void *_Nonnull needle, size_t needle_length);

#endif
