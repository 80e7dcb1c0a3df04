// The C library, for every file of this package: the one place that names it per
// platform. Re-exported, so the targets above (and their tests) see the same calls
// without repeating the choice; what they call on it goes through `POSIX` and
// `SystemPath` where paths or errors are involved.
#if canImport(Glibc)
  @_exported import Glibc
#elseif canImport(Musl)
  @_exported import Musl
#elseif canImport(Darwin)
  @_exported import Darwin
#endif
