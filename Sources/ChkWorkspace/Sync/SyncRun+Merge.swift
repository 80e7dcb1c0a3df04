import ChecklistKit

/// The three-way merge of `chk sync`: each field of each item against the state the
/// last run left.
extension SyncRun {
  /// What one checklist file is to be changed by.
  struct FilePlan {
    var updates: [(id: String, uid: String, changes: [(SyncFields.Field, String)])] = []
    var completions: [Completion] = []
    var moves: [(id: String, uid: String, folder: String)] = []
    var deletions: [(id: String, uid: String)] = []
    var additions: [Addition] = []
  }

  /// One occurrence of a repeating item completed on the phone, in any client's style.
  struct Completion {
    var id: String
    var uid: String
    var done: CalendarDay
    /// The UID the checked item keeps (`nil`: a new one).
    var uidForDone: String?
    /// The UID the next occurrence takes (`nil`: a new one).
    var uidForNext: String?
  }

  /// A to-do made on the phone, to become an item.
  struct Addition {
    var uid: String
    var folder: String
    var fields: SyncFields
    var parentUID: String
    var sortOrder: Int
  }

  /// The merge: the plans of the checklist files, what the vdir loses, and the
  /// deletion guard's refusals (in `report`).
  mutating func merge(_ report: inout VdirSync.Report) {
    keepUIDsOfChangedIDs(&report)
    var newOnPhone: [String: [String]] = [:]
    for (uid, item) in vdirItems
    where fileItems[uid] == nil && state.items[uid] == nil && !held.contains(uid) {
      newOnPhone[item.folder, default: []].append(uid)
    }
    for folder in newOnPhone.keys {
      newOnPhone[folder]?.sort {
        (vdirItems[$0]?.sortOrder ?? 0, $0) < (vdirItems[$1]?.sortOrder ?? 0, $1)
      }
    }
    var claimed: Set<String> = []
    var deletions: [String: Int] = [:]
    for (uid, item) in fileItems where !held.contains(uid) {
      report.itemsCompared += 1
      let stored = state.items[uid]
      guard let todo = vdirItems[uid] else {
        guard let stored else { continue }  // new in the file: written to the vdir later
        if item.fields != stored.base {
          report.notes.append(
            "\(place(item)): '\(item.fields[.name])' was removed from the vdir but changed in "
              + "the file since the last sync; it is kept, and written to the vdir again")
          continue
        }
        plans[item.checklist, default: FilePlan()].deletions.append((item.id, uid))
        deletions[stored.folder, default: 0] += 1
        continue
      }
      let base = stored?.base
      var changes: [(SyncFields.Field, String)] = []
      var fields = SyncFields.Field.allCases
      if let base,
        let completion = completion(
          item, todo, base: base, newOnPhone: newOnPhone, claimed: &claimed)
      {
        plans[item.checklist, default: FilePlan()].completions.append(completion)
        fields = [.name, .note, .remind]
      }
      for field in fields {
        let mine = item.fields[field]
        let theirs = todo.fields[field]
        guard mine != theirs, let base else { continue }
        if mine == base[field] {
          changes.append((field, theirs))
        } else if theirs != base[field] {
          report.conflicts.append(
            VdirSync.Report.Conflict(
              uid: uid, place: place(item), name: item.fields[.name], field: field,
              fileValue: mine, vdirValue: theirs))
        }
      }
      if !changes.isEmpty {
        plans[item.checklist, default: FilePlan()].updates.append((item.id, uid, changes))
      }
      // Moved to another list on the phone (within the file): the item moves too.
      if let stored, todo.folder != stored.folder, item.folder == stored.folder,
        let list = listOfFolder[todo.folder], lists[list].checklist == item.checklist
      {
        plans[item.checklist, default: FilePlan()].moves.append((item.id, uid, todo.folder))
      }
    }
    // Items new in the files, by list, name and due day, for `pairWithNewItem`.
    var newInFiles: [String: [String]] = [:]
    for (uid, item) in fileItems where vdirItems[uid] == nil && state.items[uid] == nil {
      newInFiles[item.folder + "\n" + item.fields[.name] + "\n" + item.fields[.due], default: []]
        .append(uid)
    }
    let unmatched = vdirItems.keys.filter { uid in
      fileItems[uid] == nil && !held.contains(uid) && !claimed.contains(uid)
    }
    for uid in unmatched.sorted() {
      guard let todo = vdirItems[uid] else { continue }
      if let stored = state.items[uid] {
        if todo.fields != stored.base {
          report.notes.append(
            "\(shownICS(folder: todo.folder, fileName: todo.fileName)): '\(todo.fields[.name])' "
              + "was removed from its checklist file, and changed on the phone since the last "
              + "sync; it is removed (the file wins)")
        }
        vdirRemovals.insert(uid)
        deletions[stored.folder, default: 0] += 1
        continue
      }
      if pairWithNewItem(uid, todo, &newInFiles) { continue }
      let checklist =
        listOfFolder[todo.folder].map { lists[$0].checklist } ?? sync.options.newListsFile
      plans[checklist, default: FilePlan()].additions.append(
        Addition(
          uid: uid, folder: todo.folder, fields: todo.fields, parentUID: todo.parentUID,
          sortOrder: todo.sortOrder))
    }
    guard !sync.options.allowsDeletes else { return }
    var baseCount: [String: Int] = [:]
    for item in state.items.values { baseCount[item.folder, default: 0] += 1 }
    for (folder, count) in baseCount.sorted(by: { $0.key < $1.key }) {
      let removed = deletions[folder, default: 0]
      let name = listOfFolder[folder].map { lists[$0].name } ?? folder
      if sync.vdir.collections[folder] == nil, removed > 0 {
        report.refusals.append(
          "the collection \(sync.vdirShown)/\(folder) ('\(name)') is missing; chk sync does not "
            + "read a vanished folder as its \(count) items deleted")
      } else if removed > 2, removed * 2 > count {
        report.refusals.append(
          "the run would remove \(removed) of the \(count) items of '\(name)' "
            + "(\(sync.vdirShown)/\(folder))")
      }
    }
  }

  /// An item whose ID was changed by hand keeps its UID: a synced item gone from its
  /// file (its to-do still there) and an item new in the same list with the name and
  /// due day it had are one item. Without this its to-do would be removed and made
  /// again, and a change made on the phone meanwhile lost.
  private mutating func keepUIDsOfChangedIDs(_ report: inout VdirSync.Report) {
    var newItems: [String: [String]] = [:]
    for (uid, item) in fileItems where vdirItems[uid] == nil && state.items[uid] == nil {
      newItems[item.folder + "\n" + item.fields[.name] + "\n" + item.fields[.due], default: []]
        .append(uid)
    }
    guard !newItems.isEmpty else { return }
    for (uid, stored) in state.items
    where fileItems[uid] == nil && vdirItems[uid] != nil && !held.contains(uid) {
      let key = stored.folder + "\n" + stored.base[.name] + "\n" + stored.base[.due]
      guard let match = newItems[key]?.popLast(), var item = fileItems[match] else { continue }
      fileItems[match] = nil
      item.uid = uid
      fileItems[uid] = item
      setMapping(uid, ItemKey(file: sync.checklists[item.checklist].resolvedPath, id: item.id))
      report.notes.append(
        "\(place(item)): '\(item.fields[.name])' has a new ID ('\(item.id)', was "
          + "'\(stored.id)'); it keeps its UID and its .ics file")
    }
  }

  /// Whether the to-do is an item just added to the file (no UID of the state, no
  /// `.ics` file yet) with the same list, name and due day: one item made on both
  /// sides, or by a run that was stopped before it saved the state. The item takes the
  /// to-do's UID.
  private mutating func pairWithNewItem(
    _ uid: String, _ todo: VdirItem, _ newInFiles: inout [String: [String]]
  ) -> Bool {
    let key = todo.folder + "\n" + todo.fields[.name] + "\n" + todo.fields[.due]
    guard let matchUID = newInFiles[key]?.popLast(), var item = fileItems[matchUID] else {
      return false
    }
    fileItems[matchUID] = nil
    item.uid = uid
    fileItems[uid] = item
    setMapping(uid, ItemKey(file: sync.checklists[item.checklist].resolvedPath, id: item.id))
    return true
  }

  /// The completion of one occurrence of a repeating item, when the phone's to-do says
  /// so in one of the styles clients use:
  /// - STATUS:COMPLETED on the to-do itself (todoman also drops its RRULE and makes the
  ///   next one, a new to-do with the next DUE: that one becomes the next occurrence);
  /// - a completed instance (RECURRENCE-ID) of the due occurrence (Thunderbird, eM
  ///   Client);
  /// - DUE moved on, with a completed copy under a new UID (iOS Reminders);
  /// - DUE moved to the next occurrence in place, nothing else (tasks.org).
  private func completion(
    _ item: FileItem, _ todo: VdirItem, base: SyncFields, newOnPhone: [String: [String]],
    claimed: inout Set<String>
  ) -> Completion? {
    guard item.fields[.checked].isEmpty, base[.checked].isEmpty, !item.fields[.every].isEmpty,
      let recurrenceText = SyncFields.recurrenceText(item.fields[.every]) ?? nil,
      let recurrence = Recurrence(recurrenceText),
      let due = DueMoment(base[.due])?.day
    else { return nil }
    let today = sync.workspace.today
    let candidates = newOnPhone[todo.folder, default: []].filter { !claimed.contains($0) }
    func sameName(_ uid: String) -> Bool {
      let name = vdirItems[uid]?.fields[.name]
      return name == base[.name] || name == item.fields[.name] || name == todo.fields[.name]
    }
    if todo.file?.completedOccurrences.contains(due) == true {
      return Completion(
        id: item.id, uid: item.uid, done: today, uidForDone: nil, uidForNext: item.uid)
    }
    if !todo.fields[.checked].isEmpty {
      let done = CalendarDay(todo.fields[.done]) ?? today
      let next = candidates.first { uid in
        guard let other = vdirItems[uid], sameName(uid), other.fields[.checked].isEmpty,
          let day = DueMoment(other.fields[.due])?.day
        else { return false }
        return day > due
      }
      if let next { claimed.insert(next) }
      return Completion(
        id: item.id, uid: item.uid, done: done, uidForDone: item.uid, uidForNext: next)
    }
    guard todo.fields[.due] != base[.due], let moved = DueMoment(todo.fields[.due])?.day,
      moved > due
    else { return nil }
    if let copy = candidates.first(where: { uid in
      sameName(uid) && vdirItems[uid]?.fields[.checked].isEmpty == false
    }) {
      claimed.insert(copy)
      let done = vdirItems[copy].flatMap { CalendarDay($0.fields[.done]) } ?? today
      return Completion(
        id: item.id, uid: item.uid, done: done, uidForDone: copy, uidForNext: item.uid)
    }
    if moved == recurrence.next(due: due, done: today)
      || moved == recurrence.next(due: due, done: nil)
    {
      return Completion(
        id: item.id, uid: item.uid, done: today, uidForDone: nil, uidForNext: item.uid)
    }
    return nil
  }
}
