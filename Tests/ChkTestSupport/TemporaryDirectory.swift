import ChecklistKit
import Foundation

/// A fresh temporary directory, removed when the test ends.
public final class TemporaryDirectory {
  /// The directory's absolute path.
  public let path: String

  /// Creates the directory.
  public init() throws {
    let base = FileManager.default.temporaryDirectory.appendingPathComponent(
      "chk-tests-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    path = base.path
  }

  deinit {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// Writes a file in the directory (making the directories on its way); returns its
  /// path.
  public func file(_ name: String, _ contents: String) throws -> String {
    let target = path + "/" + name
    if let slash = name.lastIndex(of: "/") {
      try FileManager.default.createDirectory(
        atPath: path + "/" + name[..<slash], withIntermediateDirectories: true)
    }
    try Data(contents.utf8).write(to: URL(fileURLWithPath: target))
    return target
  }

  /// Reads a file in the directory as text.
  public func read(_ name: String) throws -> String {
    String(decoding: try Data(contentsOf: URL(fileURLWithPath: path + "/" + name)), as: UTF8.self)
  }

  /// Every file name in the directory, hidden ones included.
  public var names: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
  }
}

/// `lstat` of a path.
public func fileStatus(_ path: String) -> stat {
  var buffer = stat()
  lstat(path, &buffer)
  return buffer
}

/// Sets a path's access and modification times to `seconds` since 1970 and 5 ns (any
/// time the file system holds, as `touch -d` does).
public func setFileTimes(_ path: String, seconds: Int) {
  var times = [timespec(tv_sec: seconds, tv_nsec: 5), timespec(tv_sec: seconds, tv_nsec: 5)]
  _ = utimensat(AT_FDCWD, path, &times, 0)
}
