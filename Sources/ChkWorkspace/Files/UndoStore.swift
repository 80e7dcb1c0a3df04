import ChecklistKit
import ChkPlatform

/// What `chk undo` and `chk redo` (and the terminal UI's u and Ctrl-r) need to walk a
/// file's history: kept under `$XDG_STATE_HOME/chk/undo/` (`~/.local/state/chk/undo/`
/// when unset), a directory per file holding two stacks of records, the edits to undo
/// and the undos to redo, the last 100 of each.
///
/// A record holds only the part of the file an edit changed (the bytes between the
/// common prefix and suffix of the old and new contents), what the edit was (the
/// command that made it, or the screen's words), the file's identity right
/// after the edit, and a checksum of the whole file as the edit left it: a record
/// applies only to exactly those bytes, so it never undoes into bytes another program
/// wrote. The record has a checksum of its own; a damaged or foreign record is
/// "nothing to undo", with a warning, and every number in it is checked before use.
///
/// Each record is one file, named by its stack, its place in the history and the
/// checksum of the file after it, so that saving one is a write of its size and
/// finding the top of a stack reads one directory. Records are written to a temporary
/// file and renamed, without `fsync`: a crash right after an edit may lose that edit's
/// record, never the user's file, which is synced.
package struct UndoStore: Sendable {
  /// One step of a file's history: an edit (or an undo) and what it replaced.
  package struct Record {
    /// The resolved path of the file.
    package var path: String
    /// How many leading and trailing bytes the edit left alone.
    package var prefix: Int
    package var suffix: Int
    /// The bytes the edit replaced.
    package var removed: [UInt8]
    /// The file's identity right after the edit.
    package var identity: ChecklistFile.Identity
    /// `ContentHash` of the whole file right after the edit.
    package var afterHash: UInt64
    /// What the edit was, in words: `chk check milk`, `chk tui: checked Milk`.
    package var label = "a chk edit"

    /// A record for an edit from `before` to `after`.
    package init(path: String, before: [UInt8], after: [UInt8], identity: ChecklistFile.Identity) {
      self.path = path
      let (prefix, suffix) = LineDiff.commonEnds(before, after)
      self.prefix = prefix
      self.suffix = suffix
      removed = Array(before[prefix..<(before.count - suffix)])
      self.identity = identity
      afterHash = ContentHash.of(after)
    }

    /// A record for an edit whose changes `history` holds, given the bytes after it: the
    /// same record as from both versions, without building the bytes before it when one
    /// splice made the change (the common ends are found around the splice).
    package init(
      path: String, after: [UInt8], history: ByteHistory, identity: ChecklistFile.Identity
    ) {
      if let (offset, removed, inserted) = history.singleSplice {
        let put = after[offset..<(offset + inserted)]
        let shorter = min(removed.count, inserted)
        let samePrefix = zip(removed, put).prefix { $0 == $1 }.count
        if samePrefix < shorter {
          let sameSuffix = zip(removed.reversed(), put.reversed()).prefix { $0 == $1 }.count
          let tail = min(sameSuffix, shorter - samePrefix)
          self.init(
            path: path, prefix: offset + samePrefix,
            suffix: after.count - offset - inserted + tail,
            removed: Array(removed[samePrefix..<(removed.count - tail)]), identity: identity,
            afterHash: ContentHash.of(after))
          return
        }
      }
      // Several steps, or one side holds the other at its start (the common ends reach
      // past the splice): the record from both versions.
      self.init(
        path: path, before: history.original(from: after), after: after, identity: identity)
    }

    package init(
      path: String, prefix: Int, suffix: Int, removed: [UInt8], identity: ChecklistFile.Identity,
      afterHash: UInt64
    ) {
      self.path = path
      self.prefix = prefix
      self.suffix = suffix
      self.removed = removed
      self.identity = identity
      self.afterHash = afterHash
    }

    /// Whether `current` is exactly the file this record's edit left: the same size
    /// and bytes. (Its identity is not asked for: after an undo rewrote the file, the
    /// record below holds the bytes, not the inode and times, it must find.)
    package func matches(_ current: [UInt8]) -> Bool {
      current.count == identity.size && ContentHash.of(current) == afterHash
    }

    /// The contents before the edit, given the contents after it; `nil` when the
    /// record's lengths do not fit them.
    package func restore(_ current: [UInt8]) -> [UInt8]? {
      guard prefix >= 0, suffix >= 0 else { return nil }
      let (kept, overflow) = prefix.addingReportingOverflow(suffix)
      guard !overflow, kept <= current.count else { return nil }
      return Array(current[..<prefix]) + removed + current[(current.count - suffix)...]
    }
  }

  package let directory: String

  /// The store in a state directory (`Workspace.stateDirectory`).
  package init(directory state: String) {
    directory = state + "/undo"
  }

  /// The most records a stack keeps: older ones go.
  package static let depth = 100

  /// The stacks of a file's history.
  package enum Stack: String, Sendable {
    /// Edits, the last on top: what undo takes back.
    case undo = "u"
    /// Undos, the last on top: what redo makes again (emptied by a new edit).
    case redo = "r"
  }

  /// The directory of a file's history: named by a hash of the path.
  private func historyDirectory(for path: String) -> String {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in path.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    return directory + "/" + String(hash, radix: 16) + ".d"
  }

  /// One record file of a history: `u-000000000042-HASH`.
  private struct Entry {
    var stack: Stack
    var sequence: Int
    var name: String

    init?(_ name: String) {
      let parts = name.split(separator: "-")
      guard parts.count == 3, let stack = Stack(rawValue: String(parts[0])),
        let sequence = Int(parts[1]), sequence >= 0
      else { return nil }
      self.stack = stack
      self.sequence = sequence
      self.name = name
    }

    static func name(_ stack: Stack, _ sequence: Int, afterHash: UInt64) -> String {
      let number = String(sequence)
      return stack.rawValue + "-" + String(repeating: "0", count: max(0, 12 - number.count))
        + number + "-" + String(afterHash, radix: 16)
    }
  }

  /// A history's record files, oldest first.
  private func entries(_ history: String) -> [Entry] {
    guard case .success(let names) = DirectoryEntries.names(in: history) else { return [] }
    return names.compactMap(Entry.init).sorted { $0.sequence < $1.sequence }
  }

  /// Puts `record` on top of a stack of its file's history. A new edit (`.undo` with
  /// `startsOver`) empties the redo stack, as every editor's history does; the oldest
  /// records past `depth` go.
  package func push(_ record: Record, onto stack: Stack, startsOver: Bool = false)
    throws(WorkspaceError)
  {
    let history = historyDirectory(for: record.path)
    try makeDirectories(history)
    var all = entries(history)
    if startsOver {
      for entry in all where entry.stack == .redo { remove(history + "/" + entry.name) }
      all.removeAll { $0.stack == .redo }
    }
    let sequence = (all.last?.sequence ?? 0) + 1
    try Self.replace(
      history + "/" + Entry.name(stack, sequence, afterHash: record.afterHash),
      with: Self.encode(record))
    let same = all.filter { $0.stack == stack }
    for entry in same.prefix(max(0, same.count + 1 - Self.depth)) {
      remove(history + "/" + entry.name)
    }
  }

  /// Saves the record of a new edit: on top of the undo stack, the redo stack emptied.
  package func save(_ record: Record) throws(WorkspaceError) {
    try push(record, onto: .undo, startsOver: true)
  }

  /// The record on top of a stack of a file's history.
  package func load(path: String, from stack: Stack = .undo) -> Loaded {
    let history = historyDirectory(for: path)
    guard let top = entries(history).last(where: { $0.stack == stack }),
      let bytes = try? ChecklistFile.read(history + "/" + top.name)
    else { return .none }
    return Self.decode(bytes, path: path)
  }

  /// How many records each stack of a file's history holds.
  package func depths(path: String) -> (undo: Int, redo: Int) {
    let all = entries(historyDirectory(for: path))
    return (all.count { $0.stack == .undo }, all.count { $0.stack == .redo })
  }

  /// Removes the record on top of a stack.
  package func remove(path: String, from stack: Stack = .undo) {
    let history = historyDirectory(for: path)
    if let top = entries(history).last(where: { $0.stack == stack }) {
      remove(history + "/" + top.name)
    }
  }

  /// Removes a stack's records (an undo that found the file another program left).
  package func clear(path: String, _ stack: Stack) {
    let history = historyDirectory(for: path)
    for entry in entries(history) where entry.stack == stack { remove(history + "/" + entry.name) }
  }

  private func remove(_ file: String) {
    SystemPath.with(file) { _ = unlink($0) }
  }

  private func makeDirectories(_ path: String) throws(WorkspaceError) {
    let failure = POSIX.makeDirectories(path, mode: 0o700)
    if failure != 0 {
      throw WorkspaceError(
        message: "\(path): \(POSIX.reason(failure)) while creating the undo directory",
        kind: .io)
    }
  }

  /// A record as stored: a header line of numbers, then the path, the label (each
  /// with a line ending) and the removed bytes. The last header field is the checksum
  /// of everything else.
  package static func encode(_ record: Record) -> [UInt8] {
    let identity = record.identity
    let label = record.label.filter { $0 != "\n" && $0 != "\r" }
    let header =
      "chk-undo 3 \(record.prefix) \(record.suffix) \(identity.device) \(identity.inode) "
      + "\(identity.size) \(identity.modified) \(identity.changed) \(record.path.utf8.count) "
      + "\(label.utf8.count) " + String(record.afterHash, radix: 16)
    var body = Array(record.path.utf8)
    body.append(UInt8(ascii: "\n"))
    body += Array(label.utf8)
    body.append(UInt8(ascii: "\n"))
    body += record.removed
    let checksum = ContentHash.of(Array(header.utf8) + body)
    return Array((header + " " + String(checksum, radix: 16) + "\n").utf8) + body
  }

  /// What a stored record holds.
  package enum Loaded {
    /// No record (none was saved, or it is for another file whose name hashes alike).
    case none
    /// A record that cannot be used, and why.
    case damaged(String)
    case record(Record)
  }

  /// Decodes a stored record for `path`, checking every number before using it.
  package static func decode(_ bytes: [UInt8], path: String) -> Loaded {
    guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")), newline <= 512 else {
      return .damaged("no header line")
    }
    let fields = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: " ")
    guard fields.count >= 2, fields[0] == "chk-undo" else { return .damaged("not an undo record") }
    guard fields[1] == "3" else { return .damaged("written by another version of chk") }
    guard fields.count == 13, let prefix = Int(fields[2]), let suffix = Int(fields[3]),
      let device = UInt64(fields[4]), let inode = UInt64(fields[5]), let size = Int(fields[6]),
      let modified = FileTime(fields[7]), let changed = FileTime(fields[8]),
      let pathLength = Int(fields[9]), let labelLength = Int(fields[10]),
      let afterHash = UInt64(fields[11], radix: 16), let checksum = UInt64(fields[12], radix: 16)
    else { return .damaged("a malformed header") }
    let body = Array(bytes[(newline + 1)...])
    let header = fields[0..<12].joined(separator: " ")
    guard ContentHash.of(Array(header.utf8) + body) == checksum else {
      return .damaged("its checksum does not match")
    }
    guard prefix >= 0, suffix >= 0, size >= 0, pathLength >= 0, labelLength >= 0,
      pathLength < body.count, body[pathLength] == UInt8(ascii: "\n"),
      labelLength < body.count - pathLength - 1,
      body[pathLength + 1 + labelLength] == UInt8(ascii: "\n")
    else { return .damaged("numbers out of range") }
    let (kept, overflow) = prefix.addingReportingOverflow(suffix)
    guard !overflow, kept <= size else { return .damaged("numbers out of range") }
    guard String(decoding: body[..<pathLength], as: UTF8.self) == path else { return .none }
    let identity = ChecklistFile.Identity(
      device: device, inode: inode, size: size, modified: modified, changed: changed)
    var record = Record(
      path: path, prefix: prefix, suffix: suffix,
      removed: Array(body[(pathLength + labelLength + 2)...]), identity: identity,
      afterHash: afterHash)
    record.label = String(
      decoding: body[(pathLength + 1)..<(pathLength + 1 + labelLength)], as: UTF8.self)
    return .record(record)
  }

  /// Writes chk's own state file: a temporary file renamed over it.
  private static func replace(_ path: String, with bytes: [UInt8]) throws(WorkspaceError) {
    var random = SystemRandomNumberGenerator()
    let temporary = path + ".\(getpid())-\(String(random.next() & 0xFFFF_FFFF, radix: 16)).tmp"
    let file = SystemPath.with(temporary) {
      open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    }
    guard file >= 0 else {
      throw WorkspaceError(
        message: "\(path): \(POSIX.reason()) while saving undo information",
        kind: .io)
    }
    let failure = bytes.withUnsafeBufferPointer { POSIX.writeAll(file, $0) }
    close(file)
    let renamed = SystemPath.with(temporary) { from in SystemPath.with(path) { rename(from, $0) } }
    guard failure == 0, renamed == 0 else {
      let code = failure != 0 ? failure : errno
      SystemPath.with(temporary) { _ = unlink($0) }
      throw WorkspaceError(
        message: "\(path): \(POSIX.reason(code)) while saving undo information",
        kind: .io)
    }
  }
}
