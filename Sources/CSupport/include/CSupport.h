#ifndef CHK_CSUPPORT_H
#define CHK_CSUPPORT_H

#include <stddef.h>

/// memmem(3): the first occurrence of `needle` in `haystack`, or NULL. glibc declares it
/// only under _GNU_SOURCE, which the Swift overlay does not define, so it comes through
/// this one-line wrapper (compiled with _GNU_SOURCE).
const void *_Nullable chk_memmem(const void *_Nonnull haystack, size_t haystack_length,
                                 const void *_Nonnull needle, size_t needle_length);

/// Opens a new pseudo-terminal and returns its controlling side (close-on-exec), with
/// the path of the other side in `name` (at most `length` bytes); -1 on failure.
/// posix_openpt, grantpt, unlockpt and ptsname_r are declared only under _XOPEN_SOURCE
/// or _GNU_SOURCE. For the benchmark, which times `chk tui` on a terminal.
int chk_open_pseudo_terminal(char *_Nonnull name, size_t length);

/// posix_spawn's flag for a new session (POSIX_SPAWN_SETSID, a _GNU_SOURCE name).
short chk_spawn_new_session_flag(void);

/// The commit this build was made from (`git rev-parse --short HEAD`, set by the release
/// script with -DCHK_COMMIT), or "" for a build that did not say.
const char *_Nonnull chk_build_commit(void);

#endif
