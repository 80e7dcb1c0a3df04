import ChecklistKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few file-system calls the commands make themselves (user files are read and
/// written only through ChecklistKit's `ChecklistFile`).
package enum FileSystem {
  /// What is at a path, following symbolic links.
  package enum Kind {
    case missing, directory, regularFile, other
  }

  package static func kind(of path: String) -> Kind {
    var status = stat()
    guard SystemPath.with(path, { stat($0, &status) }) == 0 else { return .missing }
    switch status.st_mode & S_IFMT {
    case S_IFDIR: return .directory
    case S_IFREG: return .regularFile
    default: return .other
    }
  }

  /// A file's device and inode (following symbolic links), which name it whatever
  /// path reaches it; `nil` when it cannot be read.
  package static func identity(of path: String) -> [UInt64]? {
    var status = stat()
    guard SystemPath.with(path, { stat($0, &status) }) == 0 else { return nil }
    return [UInt64(status.st_dev), UInt64(status.st_ino)]
  }

  /// The directory part of a path (`.` for a bare name, `/` for a file at the root).
  package static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// The last component of a path.
  package static func baseName(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }

  /// Creates a directory and its missing parents with `mode`.
  ///
  /// - Returns: 0, or the `errno` of the first failure.
  @discardableResult
  package static func makeDirectories(_ path: String, mode: mode_t = 0o755) -> Int32 {
    var current = path.hasPrefix("/") ? "" : "."
    for component in path.split(separator: "/") {
      current += "/" + component
      if SystemPath.with(current, { mkdir($0, mode) }) != 0, errno != EEXIST { return errno }
    }
    return 0
  }

  /// The text of an `errno`, lower-cased at the start (`no space left on device`).
  package static func reason(_ code: Int32 = errno) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    let message = String(cString: text)
    guard let first = message.first else { return message }
    return first.lowercased() + message.dropFirst()
  }

  /// Writes all of `buffer`, retrying short writes and interruptions.
  ///
  /// - Returns: 0, or the `errno` of the failure.
  @discardableResult
  package static func writeAll(_ descriptor: Int32, _ buffer: UnsafeBufferPointer<UInt8>) -> Int32 {
    guard var pointer = buffer.baseAddress else { return 0 }
    var remaining = buffer.count
    while remaining > 0 {
      let written = write(descriptor, pointer, remaining)
      if written < 0 {
        if errno == EINTR { continue }
        return errno
      }
      if written == 0 { return EIO }
      pointer += written
      remaining -= written
    }
    return 0
  }
}
