import ChecklistKit

/// An item, by its checklist file (links resolved) and its ID there.
struct ItemKey: Hashable, Sendable {
  var file: String
  var id: String
}

/// One run of `VdirSync`: both sides as read, and what the merge decided.
struct SyncRun {
  /// An item of a checklist file.
  struct FileItem {
    var uid: String
    var checklist: Int
    var id: String
    var folder: String
    var fields: SyncFields
    var parentID: String?
    var sortOrder: Int
    var line: Int
  }

  /// A to-do of the vdir.
  struct VdirItem {
    var uid: String
    var folder: String
    var fileName: String
    var identity: String
    var fields: SyncFields
    /// The file as read; `nil` when it is unchanged since the last run (not read).
    var file: VTodoFile?
    var parentUID: String
    var sortOrder: Int
  }

  /// A list of a checklist file, and its collection.
  struct ListInfo {
    var checklist: Int
    var key: String
    var name: String
    var folder: String
    /// Whether the state did not know its collection.
    var isNew: Bool
  }

  var sync: VdirSync
  var state: SyncState
  /// Which item each UID is.
  var mapping: [String: ItemKey] = [:]
  var uidOf: [ItemKey: String] = [:]
  var fileItems: [String: FileItem] = [:]
  var lists: [ListInfo] = []
  var listOfFolder: [String: Int] = [:]
  var vdirItems: [String: VdirItem] = [:]
  /// UIDs left alone this run (an unreadable file, a UID claimed twice).
  var held: Set<String> = []
  /// What the merge decided for each checklist file, by its index.
  var plans: [Int: FilePlan] = [:]
  /// The UIDs whose `.ics` files go (their items were removed from the files).
  var vdirRemovals: Set<String> = []
  /// Where each UID's `.ics` file is after the run, and its identity.
  var placed: [String: (folder: String, fileName: String, identity: String)] = [:]

  init(sync: VdirSync, state: SyncState) {
    self.sync = sync
    self.state = state
    for (uid, item) in state.items { setMapping(uid, ItemKey(file: item.file, id: item.id)) }
  }

  mutating func setMapping(_ uid: String, _ key: ItemKey) {
    if let old = mapping[uid], uidOf[old] == uid { uidOf[old] = nil }
    if let other = uidOf[key], other != uid, mapping[other] == key { mapping[other] = nil }
    mapping[uid] = key
    uidOf[key] = uid
  }

  func place(_ item: FileItem) -> String {
    sync.checklists[item.checklist].path.shown + ":\(item.line)"
  }

  func icsPath(folder: String, fileName: String) -> String {
    sync.vdir.path + "/" + folder + "/" + fileName
  }

  func shownICS(folder: String, fileName: String) -> String {
    sync.vdirShown + "/" + folder + "/" + fileName
  }

  // MARK: - The checklist files

  /// Reads every list and item of the checklist files (the pending UIDs of an
  /// interrupted run first: they hold when their file was written).
  mutating func indexFiles(_ report: inout VdirSync.Report) {
    var idsByFile: [String: Set<String>] = [:]
    for checklist in sync.checklists where !state.pending.isEmpty {
      idsByFile[checklist.resolvedPath] = Set(checklist.document.items.compactMap(\.id))
    }
    for entry in state.pending {
      guard let ids = idsByFile[entry.file], entry.madeIDs.allSatisfy(ids.contains) else {
        continue
      }
      setMapping(entry.uid, ItemKey(file: entry.file, id: entry.id))
    }
    state.pending = []
    fileItems = [:]
    lists = []
    listOfFolder = [:]
    var folderOf: [String: String] = [:]
    for (folder, collection) in state.collections {
      folderOf[collection.file + "\n" + collection.list] = folder
    }
    for (index, checklist) in sync.checklists.enumerated() {
      var seenNames: [String: Int] = [:]
      var seenIDs: Set<String> = []
      let outlines = checklist.document.listOutlines
      for (listIndex, list) in checklist.document.lists.enumerated() {
        // A title (`# Checklist` above its lists) holds no items: no collection.
        if ItemList.Outline.isTitle(outlines, at: listIndex) { continue }
        let name = list.name ?? SystemPath.baseName(of: checklist.path.shown)
        var key = list.name ?? ""
        let count = seenNames[key, default: 0]
        seenNames[key] = count + 1
        if count > 0 { key += "\u{1}\(count + 1)" }
        var folder = folderOf[checklist.resolvedPath + "\n" + key]
        let isNew = folder == nil
        if folder == nil {
          var candidate = Vdir.folderName(for: name, key: checklist.stablePath + "\n" + key)
          var number = 2
          while state.collections[candidate] != nil || listOfFolder[candidate] != nil {
            candidate =
              Vdir.folderName(for: name, key: checklist.stablePath + "\n" + key)
              + "-\(number)"
            number += 1
          }
          folder = candidate
        }
        guard let folder else { continue }
        listOfFolder[folder] = lists.count
        lists.append(
          ListInfo(checklist: index, key: key, name: name, folder: folder, isNew: isNew))
        var order = 0
        func visit(_ item: ChecklistItem, parent: String?) {
          order += 1
          defer { for child in item.children { visit(child, parent: item.id) } }
          guard let id = item.id else {
            report.notes.append(
              "\(checklist.path.shown):\(item.line): '\(item.name)' has no ID and is not synced "
                + "(the file could not be given one)")
            return
          }
          guard seenIDs.insert(id).inserted else {
            report.notes.append(
              "\(checklist.path.shown):\(item.line): the ID '\(id)' is in the file twice; this "
                + "item is not synced (chk lint --fix gives it a new one)")
            return
          }
          let key = ItemKey(file: checklist.resolvedPath, id: id)
          let uid = uidOf[key] ?? CalendarFeed.uid(id: id, stablePath: checklist.stablePath)
          if let other = mapping[uid], other != key {
            report.notes.append(
              "\(checklist.path.shown):\(item.line): its UID \(uid) names another item already "
                + "(the same file in two places?); this item is not synced")
            return
          }
          if uidOf[key] == nil { setMapping(uid, key) }
          var fields = SyncFields(item: item, reminders: checklist.reminders)
          // A vault's task has no note: its side of the note is the phone's (else what
          // was last synced), so that the phone's note stays there and is never taken
          // away.
          if checklist.vault != nil {
            fields[.note] = vdirItems[uid]?.fields[.note] ?? state.items[uid]?.base[.note] ?? ""
          }
          fileItems[uid] = FileItem(
            uid: uid, checklist: index, id: id, folder: folder, fields: fields, parentID: parent,
            sortOrder: order, line: item.line)
        }
        for item in list.items { visit(item, parent: nil) }
      }
    }
  }

  // MARK: - The vdir

  /// Reads the vdir's to-dos: a file unchanged since the last run is not read (its
  /// fields are the base); the others are parsed. Unreadable files are said and their
  /// items left alone.
  mutating func readVdir(_ report: inout VdirSync.Report) {
    var uidAt: [String: String] = [:]
    for (uid, item) in state.items { uidAt[item.folder + "/" + item.fileName] = uid }
    var duplicates: Set<String> = []
    for folder in sync.vdir.collections.keys.sorted() {
      guard let collection = sync.vdir.collections[folder] else { continue }
      let reminders =
        listOfFolder[folder].map { sync.checklists[lists[$0].checklist].reminders }
        ?? sync.checklists[sync.options.newListsFile].reminders
      for entry in collection.entries {
        let known = uidAt[folder + "/" + entry.name]
        if let known, let stored = state.items[known], stored.identity == entry.identity {
          vdirItems[known] = VdirItem(
            uid: known, folder: folder, fileName: entry.name, identity: entry.identity,
            fields: stored.base, file: nil, parentUID: stored.parentUID,
            sortOrder: stored.sortOrder)
          continue
        }
        let shown = shownICS(folder: folder, fileName: entry.name)
        report.filesRead += 1
        let parsed: VTodoFile
        do throws(VTodoFile.Problem) {
          let bytes: [UInt8]
          do throws(FileError) {
            bytes = try ChecklistFile.read(icsPath(folder: folder, fileName: entry.name))
          } catch {
            throw .unreadable(error.message)
          }
          parsed = try VTodoFile(bytes)
        } catch {
          if case .unreadable(let reason) = error {
            report.notes.append("\(shown): \(reason); skipped (left as it is)")
          }
          if let known { held.insert(known) }
          continue
        }
        if let other = vdirItems[parsed.uid] {
          report.notes.append(
            "\(shown): its UID \(parsed.uid) is also in "
              + "\(shownICS(folder: other.folder, fileName: other.fileName)); both are left "
              + "alone until one is removed")
          duplicates.insert(parsed.uid)
          continue
        }
        vdirItems[parsed.uid] = VdirItem(
          uid: parsed.uid, folder: folder, fileName: entry.name, identity: entry.identity,
          fields: SyncFields(todo: parsed.todo, reminders: reminders), file: parsed,
          parentUID: parsed.parentUID ?? "", sortOrder: parsed.sortOrder ?? 0)
      }
    }
    held.formUnion(duplicates)
  }
}
