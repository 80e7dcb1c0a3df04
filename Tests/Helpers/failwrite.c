// An LD_PRELOAD shim that makes chk's temporary-file writes fail, to test how chk
// handles a full disk and I/O errors. Built by the tests with the system C compiler:
//
//   cc -shared -fPIC -o failwrite.so Tests/Helpers/failwrite.c -ldl
//
// CHK_FAULT selects the failure: ENOSPC or EIO (write fails; with ENOSPC the file system
// also reports no free blocks, and reserving space fails), FALLOCATE_PARTIAL (reserving
// space extends the file half way, then fails with ENOSPC), FSYNC_EIO (fsync fails),
// PLANT_LINK (an attacker wins the race for the temporary name: a symbolic link to
// CHK_FAULT_VICTIM appears at the temporary copy's path just before chk creates it),
// KILL_AT_CREATE (the process is killed with SIGKILL as it creates a file whose path
// contains CHK_FAULT_MATCH: an install or edit stopped at that point), CREATE_ENOSPC
// (creating a file whose path contains CHK_FAULT_MATCH fails with ENOSPC: no inodes
// left).
// Only files whose path contains ".chk-" and ends in ".tmp" (chk's temporary copies)
// are affected, so standard output, the undo store and the original file behave.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

static int is_temporary_copy(int fd) {
  char link[64];
  char target[4096];
  snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
  ssize_t length = readlink(link, target, sizeof target - 1);
  if (length < 4) return 0;
  target[length] = 0;
  return strstr(target, ".chk-") != NULL && strcmp(target + length - 4, ".tmp") == 0;
}

static const char *fault(void) {
  const char *value = getenv("CHK_FAULT");
  return value ? value : "";
}

static int is_temporary_path(const char *path) {
  size_t length = strlen(path);
  return length >= 4 && strstr(path, ".chk-") != NULL && strcmp(path + length - 4, ".tmp") == 0;
}

static void kill_at_create(const char *path, int flags) {
  const char *match = getenv("CHK_FAULT_MATCH");
  if (strcmp(fault(), "KILL_AT_CREATE") == 0 && match && (flags & O_CREAT) && strstr(path, match))
    raise(SIGKILL);
}

static void plant_link(const char *path, int flags) {
  const char *victim = getenv("CHK_FAULT_VICTIM");
  if (strcmp(fault(), "PLANT_LINK") == 0 && victim && (flags & O_CREAT) && is_temporary_path(path))
    symlink(victim, path);
}

typedef int (*open_function)(const char *, int, ...);

// open and open64 (whichever the caller's libc reaches): plant the link, then open.
static int planted_open(open_function *real, const char *name, const char *path, int flags,
                        va_list arguments) {
  if (!*real) *real = (open_function)dlsym(RTLD_NEXT, name);
  mode_t mode = (flags & O_CREAT) ? (mode_t)va_arg(arguments, unsigned int) : 0;
  kill_at_create(path, flags);
  plant_link(path, flags);
  const char *match = getenv("CHK_FAULT_MATCH");
  if (strcmp(fault(), "CREATE_ENOSPC") == 0 && match && (flags & O_CREAT) && strstr(path, match)) {
    errno = ENOSPC;
    return -1;
  }
  return (*real)(path, flags, mode);
}

int open(const char *path, int flags, ...) {
  static open_function real_open;
  va_list arguments;
  va_start(arguments, flags);
  int result = planted_open(&real_open, "open", path, flags, arguments);
  va_end(arguments);
  return result;
}

int open64(const char *path, int flags, ...) {
  static open_function real_open64;
  va_list arguments;
  va_start(arguments, flags);
  int result = planted_open(&real_open64, "open64", path, flags, arguments);
  va_end(arguments);
  return result;
}

ssize_t write(int fd, const void *buffer, size_t count) {
  static ssize_t (*real_write)(int, const void *, size_t);
  if (!real_write) real_write = (ssize_t(*)(int, const void *, size_t))dlsym(RTLD_NEXT, "write");
  const char *mode = fault();
  if ((strcmp(mode, "ENOSPC") == 0 || strcmp(mode, "EIO") == 0) && is_temporary_copy(fd)) {
    // Half the bytes go through first, as on a disk that fills up mid-write.
    if (count > 1) return real_write(fd, buffer, count / 2) > 0 ? (errno = 0, (ssize_t)(count / 2)) : -1;
    errno = strcmp(mode, "EIO") == 0 ? EIO : ENOSPC;
    return -1;
  }
  return real_write(fd, buffer, count);
}

int fsync(int fd) {
  static int (*real_fsync)(int);
  if (!real_fsync) real_fsync = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
  if (strcmp(fault(), "FSYNC_EIO") == 0 && is_temporary_copy(fd)) {
    errno = EIO;
    return -1;
  }
  return real_fsync(fd);
}

static int fallocate_fault(int (*real)(int, off_t, off_t), int fd, off_t offset, off_t length) {
  const char *mode = fault();
  if (strcmp(mode, "ENOSPC") == 0) return ENOSPC;
  if (strcmp(mode, "FALLOCATE_PARTIAL") == 0) {
    // A disk that fills up part way: the file grows, then the call fails.
    struct stat status;
    if (fstat(fd, &status) == 0 && offset + length > status.st_size)
      real(fd, status.st_size, (offset + length - status.st_size) / 2 + 1);
    return ENOSPC;
  }
  return real(fd, offset, length);
}

int posix_fallocate(int fd, off_t offset, off_t length) {
  static int (*real)(int, off_t, off_t);
  if (!real) real = (int (*)(int, off_t, off_t))dlsym(RTLD_NEXT, "posix_fallocate");
  return fallocate_fault(real, fd, offset, length);
}

int posix_fallocate64(int fd, off_t offset, off_t length) {
  static int (*real)(int, off_t, off_t);
  if (!real) real = (int (*)(int, off_t, off_t))dlsym(RTLD_NEXT, "posix_fallocate64");
  return fallocate_fault(real, fd, offset, length);
}

// A full disk reports no free blocks.
static int statvfs_fault(int (*real)(int, struct statvfs *), int fd, struct statvfs *volume) {
  int result = real(fd, volume);
  if (result == 0 && strcmp(fault(), "ENOSPC") == 0) volume->f_bavail = volume->f_bfree = 0;
  return result;
}

int fstatvfs(int fd, struct statvfs *volume) {
  static int (*real)(int, struct statvfs *);
  if (!real) real = (int (*)(int, struct statvfs *))dlsym(RTLD_NEXT, "fstatvfs");
  return statvfs_fault(real, fd, volume);
}

int fstatvfs64(int fd, struct statvfs64 *volume) {
  static int (*real)(int, struct statvfs64 *);
  if (!real) real = (int (*)(int, struct statvfs64 *))dlsym(RTLD_NEXT, "fstatvfs64");
  int result = real(fd, volume);
  if (result == 0 && strcmp(fault(), "ENOSPC") == 0) volume->f_bavail = volume->f_bfree = 0;
  return result;
}
