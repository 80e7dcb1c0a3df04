import ChecklistKit
import ChkPlatform

/// The vdir's side of a sync, and the state it leaves.
extension SyncRun {
  /// Writes each `.ics` file whose to-do differs from its item (new, changed, moved to
  /// another collection), removes those of removed items, and makes the folders of new
  /// lists. Nothing is written in a dry run; the changes are reported all the same.
  mutating func writeVdir(_ report: inout VdirSync.Report) throws(WorkspaceError) {
    let isDryRun = sync.options.isDryRun
    let stamp = ICalendarWriter.utc(secondsSince1970: Int(time(nil)))
    for list in lists {
      let collection = sync.vdir.collections[list.folder]
      if collection == nil, !isDryRun {
        let folderPath = sync.vdir.path + "/" + list.folder
        let made = POSIX.makeDirectories(folderPath, mode: 0o755)
        guard made == 0 else {
          throw WorkspaceError(
            message: "\(sync.vdirShown)/\(list.folder): \(POSIX.reason(made)) while making the "
              + "collection of '\(list.name)'",
            kind: .cannotCreate)
        }
      }
      if collection?.displayName != list.name, !isDryRun {
        try writeFile(
          sync.vdir.path + "/" + list.folder + "/displayname", Array(list.name.utf8),
          shown: sync.vdirShown + "/" + list.folder + "/displayname")
      }
    }
    for (uid, item) in fileItems where !held.contains(uid) {
      let checklist = sync.checklists[item.checklist]
      let parentUID =
        item.parentID.flatMap { uidOf[ItemKey(file: checklist.resolvedPath, id: $0)] } ?? ""
      let content = VTodoWriter.Content(
        uid: uid, fields: item.fields, parentUID: parentUID.isEmpty ? nil : parentUID,
        sortOrder: item.sortOrder)
      let existing = vdirItems[uid]
      if let existing, existing.folder == item.folder, existing.fields == item.fields,
        existing.parentUID == parentUID, existing.sortOrder == item.sortOrder,
        existing.file?.completedOccurrences.isEmpty ?? true
      {
        placed[uid] = (existing.folder, existing.fileName, existing.identity)
        continue
      }
      var file = existing?.file
      if let existing, file == nil {
        report.filesRead += 1
        file = try? VTodoFile(
          ChecklistFile.read(icsPath(folder: existing.folder, fileName: existing.fileName)))
      }
      let bytes = VTodoWriter.bytes(
        content, existing: file, reminders: checklist.reminders, stamp: stamp)
      let fileName =
        existing.flatMap { $0.folder == item.folder ? $0.fileName : nil } ?? Self.fileName(for: uid)
      let path = icsPath(folder: item.folder, fileName: fileName)
      let shown = shownICS(folder: item.folder, fileName: fileName)
      var change = VdirSync.Report.Change(
        side: .vdir, action: existing == nil ? .added : .updated, uid: uid, place: shown,
        name: item.fields[.name])
      if let existing {
        change.fields = SyncFields.Field.allCases.filter { existing.fields[$0] != item.fields[$0] }
        if existing.folder != item.folder { change.action = .moved }
      }
      report.changes.append(change)
      if isDryRun { continue }
      try writeFile(path, bytes, shown: shown)
      if let existing, existing.folder != item.folder {
        _ = POSIX.remove(icsPath(folder: existing.folder, fileName: existing.fileName))
      }
      let identity = ChecklistFile.identity(of: path).map(SyncState.identityText) ?? ""
      placed[uid] = (item.folder, fileName, identity)
    }
    // Removed from a file: by the merge's plan, or with a parent the phone removed.
    for uid in vdirItems.keys
    where fileItems[uid] == nil && state.items[uid] != nil && !held.contains(uid) {
      vdirRemovals.insert(uid)
    }
    for uid in vdirRemovals.sorted() {
      guard let todo = vdirItems[uid] else { continue }
      report.changes.append(
        VdirSync.Report.Change(
          side: .vdir, action: .removed, uid: uid,
          place: shownICS(folder: todo.folder, fileName: todo.fileName), name: todo.fields[.name]))
      if !isDryRun { _ = POSIX.remove(icsPath(folder: todo.folder, fileName: todo.fileName)) }
    }
    // Collections of lists that are gone: removed once they hold no to-do.
    var stillHolding: Set<String> = []
    for todo in vdirItems.values where !vdirRemovals.contains(todo.uid) {
      stillHolding.insert(todo.folder)
    }
    for folder in state.collections.keys.sorted() where listOfFolder[folder] == nil {
      guard !stillHolding.contains(folder), !isDryRun, sync.vdir.collections[folder] != nil
      else { continue }
      let path = sync.vdir.path + "/" + folder
      for name in ["displayname", "color"] { _ = POSIX.remove(path + "/" + name) }
      if SystemPath.with(path, { rmdir($0) }) == 0 {
        report.notes.append(
          "the collection \(sync.vdirShown)/\(folder) was removed: its list is gone from the files "
            + "(run vdirsyncer discover)")
      }
    }
  }

  /// The name of a new `.ics` file: the UID, when it is a safe file name, as
  /// vdirsyncer names them; else a hash of it.
  static func fileName(for uid: String) -> String {
    let isSafe =
      !uid.isEmpty && uid.utf8.count <= 200 && !uid.hasPrefix(".")
      && uid.utf8.allSatisfy { byte in
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A)
          || (byte >= 0x61 && byte <= 0x7A) || byte == 0x2D || byte == 0x5F || byte == 0x2E
          || byte == 0x40
      }
    if isSafe { return uid + ".ics" }
    let hash = String(ContentHash.of(Array(uid.utf8)), radix: 16)
    return String(repeating: "0", count: 16 - hash.count) + hash + ".ics"
  }

  /// Writes a file of the vdir through the safe-write path: an existing one replaced
  /// (temporary file, fsync, rename; mode and owner kept; a change made meanwhile by
  /// another program detected), a new one made whole under a temporary name and linked
  /// into place, so that vdirsyncer never reads half a file.
  private func writeFile(_ path: String, _ bytes: [UInt8], shown: String) throws(WorkspaceError) {
    do throws(FileError) {
      if POSIX.kind(of: path) != .missing {
        let file = try ChecklistFile(editing: path, displayName: shown, lockTimeout: 10)
        _ = try file.write(bytes)
        file.unlock()
        return
      }
      let temporary =
        SystemPath.directory(of: path) + "/." + SystemPath.baseName(of: path) + ".chk-new"
      _ = POSIX.remove(temporary)
      try ChecklistFile.create(temporary, contents: bytes, displayName: shown, mode: 0o644)
      let linked = SystemPath.with(temporary) { from in SystemPath.with(path) { link(from, $0) } }
      let failure = errno
      _ = POSIX.remove(temporary)
      guard linked == 0 else {
        throw FileError.io(
          path: shown, operation: "creating it",
          reason: failure == EEXIST ? "another program made it meanwhile" : POSIX.reason(failure))
      }
    } catch {
      throw .file(error)
    }
  }

  /// The state after the run: every item on both sides with its fields as the files now
  /// say them, the items held back as they were, and every list's collection.
  func finalState() -> SyncState {
    var result = SyncState()
    for (uid, item) in fileItems {
      guard let location = placed[uid] else { continue }
      let checklist = sync.checklists[item.checklist]
      let parentUID =
        item.parentID.flatMap { uidOf[ItemKey(file: checklist.resolvedPath, id: $0)] } ?? ""
      result.items[uid] = SyncState.Item(
        file: checklist.resolvedPath, id: item.id, folder: location.folder,
        fileName: location.fileName, identity: location.identity, base: item.fields,
        sortOrder: item.sortOrder, parentUID: parentUID)
    }
    for uid in held { if let stored = state.items[uid] { result.items[uid] = stored } }
    for list in lists {
      result.collections[list.folder] = SyncState.Collection(
        file: sync.checklists[list.checklist].resolvedPath, list: list.key)
    }
    return result
  }
}
