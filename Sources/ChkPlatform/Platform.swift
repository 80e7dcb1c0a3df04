// The C library, named once per platform: a file of this package that calls it imports
// this module instead of choosing between Glibc, Musl and Darwin itself. ChecklistKit
// imports it `internal`ly, so the library's clients do not see libc through it (as
// swift-system keeps its own); LayoutTests checks that no public product re-exports it.
#if canImport(Glibc)
  @_exported import Glibc
#elseif canImport(Musl)
  @_exported import Musl
#elseif canImport(Darwin)
  @_exported import Darwin
#endif
