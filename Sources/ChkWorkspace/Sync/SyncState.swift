import ChecklistKit
import ChkPlatform

/// What `chk sync` remembers of a vdir between runs, in the state directory (never in
/// the user's files): each item's last synced fields (the base of the three-way
/// merge), which item and which `.ics` file each UID is, and which list each
/// collection is.
///
/// Stored as text, a record per line, fields separated by tabs (`\\`, `\t`, `\n` and
/// `\r` escaped), under `sync/` in the state directory, named by a hash of the vdir's
/// path.
package struct SyncState: Sendable {
  /// One synced item.
  package struct Item: Sendable, Equatable {
    /// The checklist file, its path with symbolic links resolved.
    package var file: String
    /// The item's ID in it.
    package var id: String
    /// The collection (folder of the vdir).
    package var folder: String
    /// The `.ics` file's name in it.
    package var fileName: String
    /// The `.ics` file as chk last wrote or read it (`SyncState.identityText`).
    package var identity: String
    /// The fields both sides had after the last sync.
    package var base: SyncFields
    /// The X-APPLE-SORT-ORDER and parent UID last written.
    package var sortOrder: Int
    package var parentUID: String

    package init(
      file: String, id: String, folder: String, fileName: String, identity: String,
      base: SyncFields, sortOrder: Int, parentUID: String
    ) {
      self.file = file
      self.id = id
      self.folder = folder
      self.fileName = fileName
      self.identity = identity
      self.base = base
      self.sortOrder = sortOrder
      self.parentUID = parentUID
    }
  }

  /// One collection: which list of which file it is.
  package struct Collection: Sendable, Equatable {
    package var file: String
    /// The list's key in the file (`SyncLists.key`).
    package var list: String
  }

  /// An item a run gave a UID before writing its file (an item made on the phone, the
  /// next occurrence of one completed there): it holds once the file holds every ID
  /// the run made, and is dropped when that write never happened.
  package struct Pending: Sendable, Equatable {
    package var uid: String
    package var file: String
    package var id: String
    package var folder: String
    /// Every ID the run made in the file.
    package var madeIDs: [String]
  }

  /// Items by UID.
  package var items: [String: Item] = [:]
  /// Collections by folder name.
  package var collections: [String: Collection] = [:]
  package var pending: [Pending] = []

  package init() {}

  /// Where the state of the vdir at `vdir` (an absolute path, links resolved) is kept.
  package static func path(stateDirectory: String, vdir: String) -> String {
    let hash = String(ContentHash.of(Array(vdir.utf8)), radix: 16)
    return stateDirectory + "/sync/" + String(repeating: "0", count: 16 - hash.count) + hash
  }

  /// A file's identity as the state stores it.
  package static func identityText(_ identity: ChecklistFile.Identity) -> String {
    "\(identity.device):\(identity.inode):\(identity.size):\(identity.modified.seconds)."
      + "\(identity.modified.nanoseconds)"
  }

  private static let header = "chk-sync 1"

  /// The state as stored.
  package var bytes: [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(items.count * 160)
    func record(_ fields: [String]) {
      for (index, field) in fields.enumerated() {
        if index > 0 { out.append(9) }
        Self.escape(field, into: &out)
      }
      out.append(10)
    }
    out.append(contentsOf: Self.header.utf8)
    out.append(10)
    for (folder, collection) in collections.sorted(by: { $0.key < $1.key }) {
      record(["collection", folder, collection.file, collection.list])
    }
    for (uid, item) in items.sorted(by: { $0.key < $1.key }) {
      record(
        [
          "item", uid, item.file, item.id, item.folder, item.fileName, item.identity,
          String(item.sortOrder), item.parentUID,
        ] + SyncFields.Field.allCases.map { item.base[$0] })
    }
    for entry in pending {
      record(
        ["pending", entry.uid, entry.file, entry.id, entry.folder]
          + [entry.madeIDs.joined(separator: " ")])
    }
    return out
  }

  /// Reads a stored state; `nil` when the bytes are not one (damaged, or another
  /// version's).
  package init?(_ bytes: [UInt8]) {
    var lines = bytes.split(separator: 10, omittingEmptySubsequences: false)
    guard lines.first.map({ Array($0) }) == Array(Self.header.utf8), bytes.last == 10 else {
      return nil
    }
    lines.removeFirst()
    lines.removeLast()
    let fieldCount = SyncFields.Field.allCases.count
    for line in lines {
      let fields = line.split(separator: 9, omittingEmptySubsequences: false).map(Self.unescape)
      switch (fields.first, fields.count) {
      case ("collection", 4):
        collections[fields[1]] = Collection(file: fields[2], list: fields[3])
      case ("item", 9 + fieldCount):
        guard let order = Int(fields[7]) else { return nil }
        var base = SyncFields()
        for (index, field) in SyncFields.Field.allCases.enumerated() {
          base[field] = fields[9 + index]
        }
        items[fields[1]] = Item(
          file: fields[2], id: fields[3], folder: fields[4], fileName: fields[5],
          identity: fields[6], base: base, sortOrder: order, parentUID: fields[8])
      case ("pending", 6):
        pending.append(
          Pending(
            uid: fields[1], file: fields[2], id: fields[3], folder: fields[4],
            madeIDs: fields[5].split(separator: " ").map(String.init)))
      default:
        return nil
      }
    }
  }

  private static func escape(_ text: String, into out: inout [UInt8]) {
    for byte in text.utf8 {
      switch byte {
      case 92: out += [92, 92]
      case 9: out += [92, UInt8(ascii: "t")]
      case 10: out += [92, UInt8(ascii: "n")]
      case 13: out += [92, UInt8(ascii: "r")]
      default: out.append(byte)
      }
    }
  }

  private static func unescape(_ bytes: ArraySlice<UInt8>) -> String {
    guard bytes.contains(92) else { return String(decoding: bytes, as: UTF8.self) }
    var out: [UInt8] = []
    var escaping = false
    for byte in bytes {
      if escaping {
        switch byte {
        case UInt8(ascii: "t"): out.append(9)
        case UInt8(ascii: "n"): out.append(10)
        case UInt8(ascii: "r"): out.append(13)
        default: out.append(byte)
        }
        escaping = false
      } else if byte == 92 {
        escaping = true
      } else {
        out.append(byte)
      }
    }
    return String(decoding: out, as: UTF8.self)
  }
}

/// The sync state on disk, locked for one run: a second `chk sync` of the same vdir
/// waits for the first.
package struct SyncStateFile: ~Copyable {
  /// The state as read (empty for a first run).
  package var state: SyncState
  /// Whether a state was stored (not a first run).
  package let existed: Bool
  /// The state file's path.
  package let path: String
  /// The bytes read, to tell whether a run changed the state.
  package let storedBytes: [UInt8]
  private let lock: Int32

  /// Opens and locks the state of `vdir`.
  ///
  /// - Throws: when the state directory or file cannot be made or read, or the stored
  ///   state is damaged (it says how to start afresh).
  package init(stateDirectory: String, vdir: String) throws(WorkspaceError) {
    path = SyncState.path(stateDirectory: stateDirectory, vdir: vdir)
    let made = POSIX.makeDirectories(stateDirectory + "/sync", mode: 0o700)
    let lock = SystemPath.with(path + ".lock") {
      open($0, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
    }
    guard made == 0, lock >= 0 else {
      throw WorkspaceError(
        message: "\(SystemPath.display(path)): \(POSIX.reason(made != 0 ? made : errno)) "
          + "while opening chk sync's state",
        kind: .io)
    }
    while flock(lock, LOCK_EX) != 0, errno == EINTR {}
    let read: Result<(SyncState, [UInt8])?, WorkspaceError> = Self.load(path)
    switch read {
    case .success(let stored):
      self.lock = lock
      state = stored?.0 ?? SyncState()
      storedBytes = stored?.1 ?? []
      existed = stored != nil
    case .failure(let error):
      close(lock)
      throw error
    }
  }

  /// The stored state; `nil` when there is none.
  private static func load(_ path: String) -> Result<(SyncState, [UInt8])?, WorkspaceError> {
    guard POSIX.kind(of: path) != .missing else { return .success(nil) }
    let bytes: [UInt8]
    do throws(FileError) {
      bytes = try ChecklistFile.read(path)
    } catch {
      return .failure(.file(error))
    }
    guard let stored = SyncState(bytes) else {
      return .failure(
        WorkspaceError(
          message: "\(SystemPath.display(path)) is damaged; nothing was synced. Remove it to "
            + "start afresh (the next run matches items by UID and changes nothing it need not)",
          kind: .invalidData))
    }
    return .success((stored, bytes))
  }

  deinit {
    close(lock)
  }

  /// Writes the state through the safe-write path (temporary file, fsync, rename).
  package func save(_ state: SyncState) throws(WorkspaceError) {
    let bytes = state.bytes
    do throws(FileError) {
      if POSIX.kind(of: path) == .missing {
        try ChecklistFile.create(path, contents: bytes, mode: 0o600)
      } else {
        let file = try ChecklistFile(editing: path, lockTimeout: 10)
        _ = try file.write(bytes)
        file.unlock()
      }
    } catch {
      throw .file(error)
    }
  }
}
