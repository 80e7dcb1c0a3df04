import ChecklistKit
import ChkPlatform

/// A vdir as `chk sync` finds it: a folder per collection, each with a `.ics` file per
/// item and a `displayname` file (the layout of vdirsyncer's filesystem storage, which
/// todoman and khal read). Names that start with a dot are not read (temporary and lock
/// files); symbolic links are not followed.
package struct Vdir: Sendable {
  /// One `.ics` file, not yet read.
  package struct Entry: Sendable {
    package var name: String
    /// Its identity (`SyncState.identityText`).
    package var identity: String
  }

  /// One collection.
  package struct Collection: Sendable {
    package var folder: String
    /// The `displayname` file's text (trimmed), if there is one.
    package var displayName: String?
    package var entries: [Entry]
  }

  /// The vdir's path, symbolic links resolved.
  package var path: String
  /// Collections by folder name.
  package var collections: [String: Collection] = [:]
  /// What was not read, and why, for messages.
  package var skipped: [String] = []

  /// Whether the vdir's directory is there.
  package var exists: Bool

  /// Looks at the vdir at `path` (absolute); a missing one is empty (`exists` false).
  ///
  /// - Throws: when it is not a directory, cannot be read, or is another user's in a
  ///   directory others can write (anyone of them could have put it there), as
  ///   `.chk.json` is refused.
  package static func scan(_ path: String, shown: String) throws(WorkspaceError) -> Vdir {
    var status = stat()
    guard SystemPath.with(path, { stat($0, &status) }) == 0 else {
      if errno == ENOENT { return Vdir(path: path, exists: false) }
      throw WorkspaceError(
        message: "\(shown): \(POSIX.reason()) while opening the vdir", kind: .io)
    }
    guard status.st_mode & S_IFMT == S_IFDIR else {
      throw WorkspaceError(
        message: "\(shown) is not a directory; --vdir names the folder vdirsyncer syncs",
        kind: .usage)
    }
    let resolved = (try? POSIX.resolvedPath(path).get()) ?? path
    let user = UInt32(geteuid())
    if status.st_uid != user, status.st_uid != 0 {
      var parent = stat()
      let parentPath = SystemPath.directory(of: resolved)
      if SystemPath.with(parentPath, { stat($0, &parent) }) != 0 || parent.st_mode & 0o022 != 0
        || status.st_mode & 0o022 != 0
      {
        throw WorkspaceError(
          message: "\(shown) belongs to another user (uid \(status.st_uid)) and others can "
            + "write where it is; chk sync will not read or write it. Use a vdir of your own",
          kind: .usage)
      }
    }
    var vdir = Vdir(path: resolved, exists: true)
    for folder in try names(in: resolved, shown: shown).sorted() where !folder.hasPrefix(".") {
      let folderPath = resolved + "/" + folder
      switch DirectoryEntries.linkKind(of: folderPath) {
      case .directory: break
      case .symbolicLink:
        vdir.skipped.append("\(shown)/\(folder): a symbolic link (not followed)")
        continue
      default: continue
      }
      var collection = Collection(folder: folder, displayName: nil, entries: [])
      for name in try names(in: folderPath, shown: shown + "/" + folder)
      where !name.hasPrefix(".") {
        let filePath = folderPath + "/" + name
        if name == "displayname" {
          if DirectoryEntries.linkKind(of: filePath) == .regularFile,
            let bytes = try? ChecklistFile.read(filePath)
          {
            let text = String(decoding: bytes, as: UTF8.self).trimmingASCIIWhitespace
            collection.displayName = text.isEmpty ? nil : text
          }
          continue
        }
        guard name.hasSuffix(".ics") else { continue }
        // One lstat: what the entry is, and its identity.
        var entry = stat()
        guard SystemPath.with(filePath, { lstat($0, &entry) }) == 0 else { continue }
        switch DirectoryEntries.linkKind(entry) {
        case .regularFile:
          collection.entries.append(Entry(name: name, identity: Self.identityText(entry)))
        case .symbolicLink:
          vdir.skipped.append("\(shown)/\(folder)/\(name): a symbolic link (not followed)")
        default: continue
        }
      }
      vdir.collections[folder] = collection
    }
    return vdir
  }

  /// A file's identity as `SyncState.identityText` gives it, from its `stat`.
  private static func identityText(_ status: stat) -> String {
    SyncState.identityText(
      ChecklistFile.Identity(
        device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int(status.st_size),
        modified: FileTime(
          seconds: Int64(status.st_mtim.tv_sec), nanoseconds: Int64(status.st_mtim.tv_nsec)),
        changed: FileTime(
          seconds: Int64(status.st_ctim.tv_sec), nanoseconds: Int64(status.st_ctim.tv_nsec))))
  }

  /// The names in a directory of the vdir.
  private static func names(in directory: String, shown: String) throws(WorkspaceError)
    -> [String]
  {
    switch DirectoryEntries.names(in: directory) {
    case .success(let names): return names
    case .failure(let error):
      throw WorkspaceError(
        message: "\(shown): \(POSIX.reason(error.code)) while reading it", kind: .io)
    }
  }

  /// A folder name for a new collection: the list's name made safe for any file system
  /// and URL (letters and digits, `-` for the rest, at most 40 bytes), and a hash that
  /// keeps two lists of one name apart.
  package static func folderName(for name: String, key: String) -> String {
    var slug = ""
    for scalar in name.lowercased().unicodeScalars {
      if slug.utf8.count >= 40 { break }
      if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
        slug.unicodeScalars.append(scalar)
      } else if !slug.isEmpty, !slug.hasSuffix("-") {
        slug += "-"
      }
    }
    while slug.hasSuffix("-") { slug.removeLast() }
    let hash = String(ContentHash.of(Array(key.utf8)) & 0xFFFF_FFFF, radix: 16)
    return (slug.isEmpty ? "list" : slug) + "-" + String(repeating: "0", count: 8 - hash.count)
      + hash
  }
}
