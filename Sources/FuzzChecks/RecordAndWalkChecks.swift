import ChecklistKit
import ChkCommands
import ChkPlatform
import ChkWorkspace

/// The fuzz targets besides documents: undo records and directory walks (the language
/// server's message reader is in `LanguageServerChecks.swift`).
extension FuzzChecks {
  /// The fuzz targets, chosen by `CHK_FUZZ_TARGET` (`document` when unset).
  package enum Target: String, CaseIterable, Sendable {
    case document, undo, walk, lsp, config, tui, export, remind

    /// The first property `bytes` breaks for this target.
    package func violation(in bytes: [UInt8], scratch: String?) -> String? {
      switch self {
      case .document: return FuzzChecks.violation(in: bytes, scratch: scratch)
      case .undo: return FuzzChecks.undoViolation(in: bytes)
      case .walk: return FuzzChecks.walkViolation(in: bytes, scratch: scratch)
      case .lsp: return FuzzChecks.languageServerViolation(in: bytes)
      case .config: return FuzzChecks.configurationViolation(in: bytes, scratch: scratch)
      case .tui: return FuzzChecks.terminalUIViolation(in: bytes, scratch: scratch)
      case .export: return FuzzChecks.exportViolation(in: bytes, scratch: scratch)
      case .remind: return FuzzChecks.remindViolation(in: bytes, scratch: scratch)
      }
    }
  }

  // MARK: - Undo records

  /// Any bytes as an undo record: decoding never crashes, and a record it accepts
  /// restores exactly `prefix + removed + suffix` of any file long enough for it, and
  /// refuses a shorter one. An input that starts `chk-undo` gets its checksum repaired
  /// first, so the fuzzer reaches the checks of the numbers behind it.
  package static func undoViolation(in bytes: [UInt8]) -> String? {
    let path = "/fuzz/list.md"
    var record = bytes
    if bytes.starts(with: Array("chk-undo".utf8)),
      let newline = bytes.firstIndex(of: UInt8(ascii: "\n"))
    {
      let header = Array(bytes[..<newline])
      let body = Array(bytes[(newline + 1)...])
      let checksum = String(ContentHash.of(header + body), radix: 16)
      record = header + Array((" " + checksum + "\n").utf8) + body
    }
    guard case .record(let decoded) = UndoStore.decode(record, path: path) else { return nil }
    guard decoded.prefix >= 0, decoded.suffix >= 0 else { return "a negative length decoded" }
    for length in [0, 1, 7, decoded.prefix, decoded.prefix &+ decoded.suffix, bytes.count] {
      guard length >= 0, length <= 1 << 16 else { continue }
      let current = (0..<length).map { UInt8(truncatingIfNeeded: $0) }
      let restored = decoded.restore(current)
      let fits = decoded.prefix + decoded.suffix <= length
      guard let restored else {
        if fits { return "restore refused a file it fits" }
        continue
      }
      guard fits else { return "restore accepted a file too short for it" }
      let expected =
        Array(current[..<decoded.prefix]) + decoded.removed
        + current[(length - decoded.suffix)...]
      guard restored == expected else { return "restore gave other bytes" }
    }
    guard case .record = UndoStore.decode(UndoStore.encode(decoded), path: path) else {
      return "a decoded record does not decode again"
    }
    return nil
  }

  // MARK: - Directory walks

  /// Bytes as a tree to walk, built under `scratch`: directories (some hidden, some
  /// `node_modules`), `.md` and other files, and symbolic links to `.`, `..`, the
  /// root, other directories and files, a file outside the tree, themselves and
  /// nowhere. The walk (without git) must end, report each file once, stay inside the
  /// tree, and find exactly the `.md` files a plain recursive walk finds that enters
  /// neither hidden directories, `node_modules` nor links to directories, and takes no
  /// link to a file outside the tree.
  package static func walkViolation(in bytes: [UInt8], scratch: String?) -> String? {
    guard let scratch else { return nil }
    let root = scratch + "/walk"
    removeTree(root)
    let outside = open(scratch + "/outside.md", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    if outside >= 0 { close(outside) }
    guard mkdir(root, 0o755) == 0 else { return nil }
    defer { removeTree(root) }
    var directories = [""]
    var entries: [String] = []
    var index = 0
    var serial = 0
    while index + 1 < bytes.count, serial < 48 {
      let operation = bytes[index] % 4
      let argument = Int(bytes[index + 1])
      index += 2
      serial += 1
      let parent = directories[argument % directories.count]
      let prefix = parent.isEmpty ? "" : parent + "/"
      switch operation {
      case 0:
        let names = ["d\(serial)", ".h\(serial)", "node_modules", "e\(serial).md"]
        let name = prefix + names[(argument / 7) % names.count]
        if mkdir(root + "/" + name, 0o755) == 0, name.split(separator: "/").count < 6 {
          directories.append(name)
          entries.append(name)
        }
      case 1:
        let names = ["f\(serial).md", ".g\(serial).md", "t\(serial).txt", "F\(serial).MD"]
        let name = prefix + names[(argument / 7) % names.count]
        let file = open(root + "/" + name, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        if file >= 0 {
          close(file)
          entries.append(name)
        }
      default:
        let targets =
          [".", "..", root, "/nonexistent", "l\(serial).md", scratch + "/outside.md"]
          + entries.suffix(4).map { root + "/" + $0 }
        let target = targets[(argument / 5) % targets.count]
        let name = prefix + (operation == 2 ? "l\(serial).md" : "k\(serial)")
        if symlink(target, root + "/" + name) == 0 { entries.append(name) }
      }
    }
    var configurations = ConfigurationCache()
    let expansion = FileWalker.expand(
      [root], relativeTo: "/", options: FileWalker.Options(environment: [:], usesGit: false),
      configurations: &configurations)
    let found = expansion.files.map(\.path.absolute)
    guard Set(found).count == found.count else { return "a file was reported twice" }
    guard found.allSatisfy({ $0.hasPrefix(root + "/") }) else { return "a file outside the tree" }
    let expected = plainWalk(root, "")
    guard found == expected.map({ root + "/" + $0 }) else {
      return "the walk found \(found.count) files, a plain walk \(expected.count)"
    }
    return nil
  }

  /// The `.md` files under `directory` (relative paths, in byte order), entering no
  /// hidden directory, no `node_modules` and no link to a directory.
  private static func plainWalk(_ root: String, _ directory: String) -> [String] {
    var found: [String] = []
    guard let stream = opendir(directory.isEmpty ? root : root + "/" + directory) else {
      return []
    }
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if !name.hasPrefix(".") { names.append(name) }
    }
    closedir(stream)
    for name in names {
      let relative = directory.isEmpty ? name : directory + "/" + name
      var link = stat()
      var target = stat()
      guard lstat(root + "/" + relative, &link) == 0 else { continue }
      let isLink = link.st_mode & S_IFMT == S_IFLNK
      var resolves = stat(root + "/" + relative, &target) == 0
      if isLink, resolves, let real = realpath(root + "/" + relative, nil) {
        // A link to a file outside the tree is left out.
        resolves = String(cString: real).hasPrefix(root + "/")
        free(real)
      }
      if !isLink, link.st_mode & S_IFMT == S_IFDIR {
        if name != "node_modules" { found += plainWalk(root, relative) }
      } else if name.hasSuffix(".md"), resolves, target.st_mode & S_IFMT == S_IFREG {
        found.append(relative)
      }
    }
    return found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  }

  /// Removes a tree without following links.
  static func removeTree(_ path: String) {
    var status = stat()
    guard lstat(path, &status) == 0 else { return }
    if status.st_mode & S_IFMT == S_IFDIR, let stream = opendir(path) {
      var names: [String] = []
      while let entry = readdir(stream) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
          String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        if name != ".", name != ".." { names.append(name) }
      }
      closedir(stream)
      for name in names { removeTree(path + "/" + name) }
      rmdir(path)
    } else {
      unlink(path)
    }
  }
}
