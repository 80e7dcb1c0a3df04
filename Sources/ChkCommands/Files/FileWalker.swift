#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds the Markdown files named on a command line: files as given, directories walked
/// for `*.md` files (skipping hidden files and directories such as `.git`), in sorted
/// order.
enum FileWalker {
  /// A file to process, and whether it was named explicitly (not found by walking).
  struct Entry: Sendable, Hashable {
    var path: UserPath
    var isExplicit: Bool
    /// Standard input (`-`), shown as `path`.
    var isStandardInput = false
  }

  /// Expands `paths` (relative to `directory`).
  ///
  /// - Returns: the files, and the paths that do not exist.
  static func expand(_ paths: [String], relativeTo directory: String) -> (
    files: [Entry], missing: [String]
  ) {
    var files: [Entry] = []
    var missing: [String] = []
    for path in paths {
      let userPath = UserPath(path, in: directory)
      switch FileSystem.kind(of: userPath.absolute) {
      case .missing: missing.append(path)
      case .directory: walk(userPath, into: &files)
      default: files.append(Entry(path: userPath, isExplicit: true))
      }
    }
    return (files, missing)
  }

  private static func walk(_ directory: UserPath, into files: inout [Entry]) {
    guard let stream = opendir(directory.absolute) else { return }
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafePointer(to: entry.pointee.d_name) {
        $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
      }
      if name.hasPrefix(".") { continue }
      names.append(name)
    }
    closedir(stream)
    let shown = directory.shown
    for name in names.sorted() {
      let childShown =
        shown == "." ? name : (shown.hasSuffix("/") ? shown + name : shown + "/" + name)
      let absolute = directory.absolute + "/" + name
      switch FileSystem.kind(of: absolute) {
      case .directory:
        walk(UserPath(shown: childShown, absolute: absolute), into: &files)
      case .regularFile where name.hasSuffix(".md"):
        files.append(
          Entry(path: UserPath(shown: childShown, absolute: absolute), isExplicit: false))
      default:
        break
      }
    }
  }
}
