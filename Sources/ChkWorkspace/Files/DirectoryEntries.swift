import ChecklistKit
import ChkPlatform

/// What a directory holds, read without following symbolic links: what a directory
/// walk (`FileWalker`) and a vdir scan (`Vdir`) both need.
enum DirectoryEntries {
  enum LinkKind { case directory, regularFile, symbolicLink, other }

  /// What `lstat` says a path is.
  static func linkKind(of path: String) -> LinkKind {
    var status = stat()
    guard SystemPath.with(path, { lstat($0, &status) }) == 0 else { return .other }
    return linkKind(status)
  }

  /// What a `stat` from `lstat` says the path is.
  static func linkKind(_ status: stat) -> LinkKind {
    switch status.st_mode & S_IFMT {
    case S_IFDIR: return .directory
    case S_IFREG: return .regularFile
    case S_IFLNK: return .symbolicLink
    default: return .other
    }
  }

  /// The names in a directory (not `.` and `..`), or why it cannot be read.
  static func names(in directory: String) -> Result<[String], SystemError> {
    guard let stream = SystemPath.with(directory, { opendir($0) }) else {
      return .failure(SystemError(code: errno))
    }
    defer { closedir(stream) }
    var names: [String] = []
    while let entry = readdir(stream) {
      // Bytes, kept losslessly: a name need not be UTF-8.
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        SystemPath.string(raw.prefix { $0 != 0 })
      }
      if name != ".", name != ".." { names.append(name) }
    }
    return .success(names)
  }
}
