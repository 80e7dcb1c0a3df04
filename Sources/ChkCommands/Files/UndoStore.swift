import ChecklistKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `chk undo` needs to restore a file: kept under `$XDG_STATE_HOME/chk/undo/`
/// (`~/.local/state/chk/undo/` when unset), one record per file.
///
/// A record holds only the part of the file an edit changed (the bytes between the
/// common prefix and suffix of the old and new contents), and the file's identity
/// (inode, size, times) right after the edit, so undo can refuse when anything else
/// touched the file since.
struct UndoStore: Sendable {
  /// One file's last edit.
  struct Record {
    /// The resolved path of the file.
    var path: String
    /// How many leading and trailing bytes the edit left alone.
    var prefix: Int
    var suffix: Int
    /// The bytes the edit replaced.
    var removed: [UInt8]
    /// The file's identity right after the edit.
    var identity: ChecklistFile.Identity

    /// A record for an edit from `before` to `after`.
    init(path: String, before: [UInt8], after: [UInt8], identity: ChecklistFile.Identity) {
      self.path = path
      let prefix = Self.commonPrefix(before, after)
      let suffix = Self.commonSuffix(before, after, excluding: prefix)
      self.prefix = prefix
      self.suffix = suffix
      removed = Array(before[prefix..<(before.count - suffix)])
      self.identity = identity
    }

    init(path: String, prefix: Int, suffix: Int, removed: [UInt8], identity: ChecklistFile.Identity)
    {
      self.path = path
      self.prefix = prefix
      self.suffix = suffix
      self.removed = removed
      self.identity = identity
    }

    /// The contents before the edit, given the contents after it.
    func restore(_ current: [UInt8]) -> [UInt8]? {
      guard prefix + suffix <= current.count else { return nil }
      return Array(current[..<prefix]) + removed + current[(current.count - suffix)...]
    }

    static func commonPrefix(_ a: [UInt8], _ b: [UInt8]) -> Int {
      a.withUnsafeBufferPointer { x in
        b.withUnsafeBufferPointer { y in
          guard let xBase = x.baseAddress, let yBase = y.baseAddress else { return 0 }
          let limit = min(x.count, y.count)
          // Whole blocks with memcmp, then the block that differs byte by byte.
          var index = 0
          let block = 4_096
          while index + block <= limit, memcmp(xBase + index, yBase + index, block) == 0 {
            index += block
          }
          while index < limit, x[index] == y[index] { index += 1 }
          return index
        }
      }
    }

    static func commonSuffix(_ a: [UInt8], _ b: [UInt8], excluding prefix: Int) -> Int {
      a.withUnsafeBufferPointer { x in
        b.withUnsafeBufferPointer { y in
          guard let xBase = x.baseAddress, let yBase = y.baseAddress else { return 0 }
          let limit = min(x.count, y.count) - prefix
          var count = 0
          let block = 4_096
          while count + block <= limit,
            memcmp(xBase + x.count - count - block, yBase + y.count - count - block, block) == 0
          {
            count += block
          }
          while count < limit, x[x.count - 1 - count] == y[y.count - 1 - count] { count += 1 }
          return count
        }
      }
    }
  }

  let directory: String

  /// The store for this environment, or `nil` when neither `XDG_STATE_HOME` nor `HOME`
  /// is set.
  init?(environment: [String: String]) {
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      directory = state + "/chk/undo"
    } else if let home = environment["HOME"], !home.isEmpty {
      directory = home + "/.local/state/chk/undo"
    } else {
      return nil
    }
  }

  /// The record file for a path: named by a hash of the path.
  private func recordPath(for path: String) -> String {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in path.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    return directory + "/" + String(hash, radix: 16)
  }

  func save(_ record: Record) throws(CommandError) {
    try makeDirectories()
    let identity = record.identity
    let header =
      "chk-undo 1 \(record.prefix) \(record.suffix) \(identity.device) \(identity.inode) "
      + "\(identity.size) \(identity.modified) \(identity.changed) \(record.path.utf8.count)\n"
    var bytes = Array(header.utf8)
    bytes += record.path.utf8
    bytes.append(UInt8(ascii: "\n"))
    bytes += record.removed
    try Self.replace(recordPath(for: record.path), with: bytes)
  }

  /// The record for a file, or `nil` when there is none (or it is unreadable).
  func load(path: String) -> Record? {
    guard let bytes = try? ChecklistFile.read(recordPath(for: path)),
      let newline = bytes.firstIndex(of: UInt8(ascii: "\n"))
    else { return nil }
    let fields = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: " ")
    guard fields.count == 10, fields[0] == "chk-undo", fields[1] == "1",
      let prefix = Int(fields[2]), let suffix = Int(fields[3]),
      let device = UInt64(fields[4]), let inode = UInt64(fields[5]), let size = Int(fields[6]),
      let modified = Int64(fields[7]), let changed = Int64(fields[8]),
      let pathLength = Int(fields[9]), newline + 2 + pathLength <= bytes.count
    else { return nil }
    let pathStart = newline + 1
    let storedPath = String(decoding: bytes[pathStart..<(pathStart + pathLength)], as: UTF8.self)
    guard storedPath == path else { return nil }
    let identity = ChecklistFile.Identity(
      device: device, inode: inode, size: size, modified: modified, changed: changed)
    return Record(
      path: path, prefix: prefix, suffix: suffix,
      removed: Array(bytes[(pathStart + pathLength + 1)...]), identity: identity)
  }

  func remove(path: String) {
    unlink(recordPath(for: path))
  }

  private func makeDirectories() throws(CommandError) {
    let failure = FileSystem.makeDirectories(directory, mode: 0o700)
    if failure != 0 {
      throw CommandError(
        message: "\(directory): \(FileSystem.reason(failure)) while creating the undo directory",
        status: .ioError)
    }
  }

  /// Writes chk's own state file: a temporary file renamed over it.
  private static func replace(_ path: String, with bytes: [UInt8]) throws(CommandError) {
    var random = SystemRandomNumberGenerator()
    let temporary = path + ".\(getpid())-\(String(random.next() & 0xFFFF_FFFF, radix: 16)).tmp"
    let file = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard file >= 0 else {
      throw CommandError(
        message: "\(path): \(FileSystem.reason()) while saving undo information",
        status: .ioError)
    }
    let failure = bytes.withUnsafeBufferPointer { FileSystem.writeAll(file, $0) }
    close(file)
    guard failure == 0, rename(temporary, path) == 0 else {
      let code = failure != 0 ? failure : errno
      unlink(temporary)
      throw CommandError(
        message: "\(path): \(FileSystem.reason(code)) while saving undo information",
        status: .ioError)
    }
  }
}
