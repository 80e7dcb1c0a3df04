import ChecklistKit

/// The checklist files' side of a sync: each file changed once, through the edit path.
extension SyncRun {
  /// Applies each file's plan through the edit path (one lock, one safe write and one
  /// undo record per file; nothing in a dry run), then reads the files' items again.
  ///
  /// The UIDs given to items the run makes (new on the phone, next occurrences) are
  /// saved in the state as pending before the file is written: a run stopped after the
  /// write leaves the next run knowing them, so nothing is made twice.
  mutating func applyToFiles(_ report: inout VdirSync.Report, stateFile: borrowing SyncStateFile)
    throws(WorkspaceError)
  {
    var withTodos: Set<String> = []
    for todo in vdirItems.values where !held.contains(todo.uid) { withTodos.insert(todo.folder) }
    let newFolders = sync.vdir.collections.keys.filter { folder in
      listOfFolder[folder] == nil && state.collections[folder] == nil && withTodos.contains(folder)
    }.sorted()
    if !newFolders.isEmpty, plans[sync.options.newListsFile] == nil {
      plans[sync.options.newListsFile] = FilePlan()
    }
    guard !plans.isEmpty else { return }
    let edit = sync.fileEdit
    // The pending UIDs of every file written so far: each save holds them all.
    var pendingSoFar: [SyncState.Pending] = []
    for index in plans.keys.sorted() {
      guard let plan = plans[index] else { continue }
      let checklist = sync.checklists[index]
      var outcome = FileOutcome()
      let run = self
      let folders = index == sync.options.newListsFile ? newFolders : []
      let isDryRun = sync.options.isDryRun
      func change(_ document: inout ChecklistDocument) throws(WorkspaceError) {
        run.apply(plan, newFolders: folders, to: &document, checklist: index, &outcome)
        guard !isDryRun, !outcome.made.isEmpty else { return }
        var pending = run.state
        let madeIDs = outcome.made.map(\.id)
        pendingSoFar += outcome.made.map {
          SyncState.Pending(
            uid: $0.uid, file: checklist.resolvedPath, id: $0.id, folder: $0.folder,
            madeIDs: madeIDs)
        }
        pending.pending = pendingSoFar
        try stateFile.save(pending)
      }
      let result: (warnings: [String], after: [UInt8])
      if let settings = checklist.vault {
        // A vault's file: the phone's changes written as the plugin writes tasks, the
        // IDs of the tasks it made kept (`🆔`).
        let written = try edit.applyToVaultDocument(
          at: checklist.path, settings: settings, idGenerator: sync.workspace.idGenerator,
          today: sync.workspace.today,
          options: ObsidianTasksView.WriteBackOptions(keepsIDs: true, dropsNotes: true), change)
        result = (
          written.warnings, ObsidianTasksView.chkBytes(of: written.after, settings: settings)
        )
      } else {
        let written = try edit.applyToDocument(
          at: checklist.path, idGenerator: sync.workspace.idGenerator, change)
        result = (written.warnings, written.after)
      }
      report.warnings += result.warnings
      report.notes += outcome.notes
      report.changes += outcome.changes
      for made in outcome.made {
        setMapping(made.uid, ItemKey(file: checklist.resolvedPath, id: made.id))
      }
      for (folder, key) in outcome.newLists {
        state.collections[folder] = SyncState.Collection(file: checklist.resolvedPath, list: key)
      }
      sync.checklists[index].document = try edit.parse(result.after, path: checklist.path)
    }
    var ignored = VdirSync.Report()
    indexFiles(&ignored)
    // Lines are known only now: name them in the changes.
    for index in report.changes.indices where report.changes[index].side == .file {
      if let item = fileItems[report.changes[index].uid] {
        report.changes[index].place = place(item)
      }
    }
  }

  /// What applying one file's plan did.
  struct FileOutcome {
    /// Items made, with the UIDs they take.
    var made: [(uid: String, id: String, folder: String)] = []
    /// Lists made for new collections: folder and the list's key.
    var newLists: [(folder: String, key: String)] = []
    var changes: [VdirSync.Report.Change] = []
    var notes: [String] = []
  }

  /// Applies a plan to a document: field changes and completions (by ID), moves and
  /// removals, then the lists and items made on the phone, bottom list first so that no
  /// addition moves a heading still to be used.
  func apply(
    _ plan: FilePlan, newFolders: [String], to document: inout ChecklistDocument, checklist: Int,
    _ outcome: inout FileOutcome
  ) {
    let shown = sync.checklists[checklist].path.shown
    let resolved = sync.checklists[checklist].resolvedPath
    func change(
      _ action: VdirSync.Report.Change.Action, _ uid: String, _ name: String,
      _ fields: [SyncFields.Field] = []
    ) {
      outcome.changes.append(
        VdirSync.Report.Change(
          side: .file, action: action, uid: uid, place: shown, name: name, fields: fields))
    }
    func refuse(_ error: EditError, _ name: String, _ what: String) {
      outcome.notes.append(
        "\(shown): '\(name)': the phone's \(what) was not taken (\(error.message)); the file's "
          + "value is written back")
    }
    let names = Dictionary(
      fileItems.values.filter { $0.checklist == checklist }.map { ($0.id, $0.fields[.name]) },
      uniquingKeysWith: { first, _ in first })
    for update in plan.updates {
      var applied: [SyncFields.Field] = []
      for (field, value) in update.changes {
        do throws(EditError) {
          try Self.set(field, to: value, of: .id(update.id), in: &document)
          applied.append(field)
        } catch {
          refuse(error, names[update.id] ?? update.id, field.property)
        }
      }
      if !applied.isEmpty { change(.updated, update.uid, names[update.id] ?? "", applied) }
    }
    for completion in plan.completions {
      do throws(EditError) {
        try document.check(.id(completion.id), on: completion.done)
        let next = try document.addNextRecurrence(of: .id(completion.id), done: completion.done)
        change(.completed, completion.uid, names[completion.id] ?? "")
        guard case .added(let newID, _) = next else { continue }
        let folder = fileItems[completion.uid]?.folder ?? ""
        let stable = sync.checklists[checklist].stablePath
        outcome.made.append(
          (completion.uidForNext ?? CalendarFeed.uid(id: newID, stablePath: stable), newID, folder))
        outcome.made.append(
          (
            completion.uidForDone
              ?? CalendarFeed.uid(id: completion.id + "-" + newID, stablePath: stable),
            completion.id, folder
          ))
      } catch {
        refuse(error, names[completion.id] ?? completion.id, "completion")
      }
    }
    for move in plan.moves {
      guard let list = listOfFolder[move.folder],
        let reference = Self.listReference(lists[list].key, in: document)
      else { continue }
      do throws(EditError) {
        try document.moveItem(.id(move.id), to: .end(of: reference))
        change(.moved, move.uid, names[move.id] ?? "")
      } catch {
        refuse(error, names[move.id] ?? move.id, "move to another list")
      }
    }
    for deletion in plan.deletions {
      do throws(EditError) {
        try document.deleteItem(.id(deletion.id))
        change(.removed, deletion.uid, names[deletion.id] ?? "")
      } catch {
        refuse(error, names[deletion.id] ?? deletion.id, "removal")
      }
    }
    // New collections become lists at the end of the file.
    var keyOfFolder: [String: String] = [:]
    for list in lists where list.checklist == checklist { keyOfFolder[list.folder] = list.key }
    for folder in newFolders {
      let wanted = sync.vdir.collections[folder]?.displayName ?? folder
      var name = wanted
      var number = 2
      while document.list(named: name) != nil {
        name = wanted + " \(number)"
        number += 1
      }
      do throws(EditError) {
        try document.addList(named: name)
        keyOfFolder[folder] = name
        outcome.newLists.append((folder, name))
        outcome.notes.append(
          "the collection \(sync.vdirShown)/\(folder) is new: it is now the list '\(name)' in "
            + "\(shown)")
      } catch {
        outcome.notes.append(
          "\(sync.vdirShown)/\(folder): not made a list in \(shown) (\(error.message))")
      }
    }
    // The phone's new to-dos, by list, bottom list first; parents before their children.
    var byFolder: [String: [Addition]] = [:]
    for addition in plan.additions { byFolder[addition.folder, default: []].append(addition) }
    var lines: [String: Int] = [:]
    for outline in document.listOutlines {
      let key = outline.list.name ?? ""
      if lines[key] == nil { lines[key] = outline.list.line ?? 0 }
    }
    let folders = byFolder.keys.sorted {
      (lines[keyOfFolder[$0] ?? ""] ?? 0, $0) > (lines[keyOfFolder[$1] ?? ""] ?? 0, $1)
    }
    for folder in folders {
      guard let key = keyOfFolder[folder], let reference = Self.listReference(key, in: document),
        var pending = byFolder[folder]
      else {
        continue
      }
      var made: [String: String] = [:]
      while !pending.isEmpty {
        var rest: [Addition] = []
        for addition in pending {
          var parentID: String?
          if !addition.parentUID.isEmpty {
            if let id = made[addition.parentUID] {
              parentID = id
            } else if pending.contains(where: { $0.uid == addition.parentUID }) {
              rest.append(addition)
              continue
            } else if let key = mapping[addition.parentUID], key.file == resolved,
              fileItems[addition.parentUID]?.folder == folder
            {
              parentID = key.id
            }
          }
          do throws(EditError) {
            let id = try Self.add(
              addition.fields, at: parentID.map { .under(.id($0)) } ?? .end(of: reference),
              in: &document)
            made[addition.uid] = id
            outcome.made.append((addition.uid, id, folder))
            change(.added, addition.uid, addition.fields[.name])
          } catch {
            outcome.notes.append(
              "\(shownICS(folder: folder, fileName: vdirItems[addition.uid]?.fileName ?? "")): "
                + "not added to \(shown) (\(error.message)); left in the vdir")
          }
        }
        if rest.count == pending.count {
          // Parents in a loop: the rest go to the end of the list.
          for index in rest.indices { rest[index].parentUID = "" }
        }
        pending = rest
      }
    }
  }

  /// The list whose key (`indexFiles`) is `key`.
  static func listReference(_ key: String, in document: ChecklistDocument) -> ListReference? {
    if key.isEmpty { return .unnamed }
    let parts = key.split(separator: "\u{1}", maxSplits: 1)
    let name = String(parts.first ?? "")
    let occurrence = parts.count > 1 ? Int(parts[1]) ?? 1 : 1
    var seen = 0
    for outline in document.listOutlines where outline.list.name == name {
      seen += 1
      if seen == occurrence, let line = outline.list.line { return .line(line) }
    }
    return nil
  }

  /// Sets one field of an item to the phone's value.
  static func set(
    _ field: SyncFields.Field, to value: String, of item: ItemReference,
    in document: inout ChecklistDocument
  ) throws(EditError) {
    switch field {
    case .name: try document.rename(item, to: value)
    case .note: try document.setNote(value.isEmpty ? nil : value, of: item)
    case .due:
      guard value.isEmpty || DueMoment(value) != nil else { throw .unrepresentableValue(value) }
      try document.setDue(DueMoment(value), of: item)
    case .checked:
      if value.isEmpty { try document.uncheck(item) } else { try document.check(item, on: nil) }
    case .done: try document.setDoneDate(CalendarDay(value), of: item)
    case .every:
      guard let text = SyncFields.recurrenceText(value) else {
        throw .unrepresentableValue(String(value.dropFirst(6)) + " (no @every says it)")
      }
      try document.setRecurrence(text.flatMap { Recurrence($0) }, of: item)
    case .remind:
      try document.setReminder(SyncFields.reminder(value), of: item)
    }
  }

  /// Adds an item made on the phone, with its fields.
  static func add(
    _ fields: SyncFields, at position: ItemPosition, in document: inout ChecklistDocument
  )
    throws(EditError) -> String
  {
    let every = (SyncFields.recurrenceText(fields[.every]) ?? nil).flatMap { Recurrence($0) }
    // A to-do made without an alarm takes the file's default reminder, not `off`.
    let remind = fields[.remind] == "off" ? "" : fields[.remind]
    let name = fields[.name].isEmpty ? "(no title)" : fields[.name]
    let id = try document.addItem(
      named: name, at: position, note: fields[.note].isEmpty ? nil : fields[.note],
      due: DueMoment(fields[.due]), reminder: SyncFields.reminder(remind),
      recurrence: every)
    if !fields[.checked].isEmpty { try document.check(.id(id), on: CalendarDay(fields[.done])) }
    return id
  }
}
