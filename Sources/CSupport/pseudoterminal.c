#define _GNU_SOURCE
#include <fcntl.h>
#include <spawn.h>
#include <stdlib.h>
#include <unistd.h>

#include "CSupport.h"

int chk_open_pseudo_terminal(char *name, size_t length) {
  int descriptor = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (descriptor < 0) return -1;
  if (grantpt(descriptor) != 0 || unlockpt(descriptor) != 0 ||
      ptsname_r(descriptor, name, length) != 0) {
    close(descriptor);
    return -1;
  }
  return descriptor;
}

short chk_spawn_new_session_flag(void) { return POSIX_SPAWN_SETSID; }
