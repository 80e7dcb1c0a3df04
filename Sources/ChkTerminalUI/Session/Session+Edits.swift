import ChecklistKit
import ChkWorkspace

/// Every change the UI makes, each saved at once through the one edit path (lock, safe
/// write, undo record), as the commands make them: toggling is `chk toggle`, deleting
/// `chk rm`, moving `chk mv`, a due day `chk edit --due`.
extension Session {
  /// Applies `change` to file `index` through the edit path. The edit is refused when
  /// the file on disk is not, byte for byte, the one the screen shows (it would apply
  /// to lines the person has not seen): the file is read again and nothing is written.
  ///
  /// The document on screen is the one changed (taken out, changed in place and kept):
  /// with the file's bytes compared under the lock, parsing it again would only find
  /// the same lines, and it would cost more than the write on a large file.
  ///
  /// The document keeps a history of the change: when it rewrote one line in place (a
  /// tick, a new name, note or due day), the outline is updated at that row instead of
  /// built again.
  ///
  /// - Returns: whether the file was changed.
  @discardableResult
  func edit(_ index: Int, _ change: (inout ChecklistDocument) throws(EditError) -> String) -> Bool {
    guard !files[index].isReadOnly else {
      setStatus("\(files[index].path.shown) is read-only; nothing was changed", isError: true)
      return false
    }
    // The document of a file in the Obsidian Tasks format is chk's view of it: the
    // edit is written back as the plugin writes tasks.
    if files[index].isVault { return editInVault(index, change) }
    let anchor = currentAnchor
    let path = files[index].path
    var document = files[index].takeDocument()
    document.idGenerator = workspace.idGenerator
    document.history = ByteHistory()
    var message = ""
    var isChanged = false
    // Set when the file on disk is not the one on screen: the edit is refused, and the
    // message says the file was read again (a flag, not a sentinel message to compare).
    var isStale = false
    do throws(WorkspaceError) {
      let outcome = try workspace.fileEdit().apply(to: path) { opened throws(WorkspaceError) in
        guard opened.contents.hasSameBytes(as: document.serialized()) else {
          isStale = true
          throw WorkspaceError(message: "the file changed on disk", kind: .busy)
        }
        isChanged = true
        do throws(EditError) {
          message = try change(&document)
        } catch {
          throw WorkspaceError(message: error.message, kind: .usage)
        }
        // The history names the change in the screen's words.
        // (The words before any hint: "checked Milk", not "; u brings it back".)
        let words = message.split(separator: ";", maxSplits: 1).first.map(String.init) ?? message
        return (document.serialized(), HistoryLabel("chk tui: " + words))
      }
      let isInPlace = files[index].keep(
        document, identity: outcome.identity ?? files[index].identity)
      // A new edit: a move to another file is no longer the last change.
      lastTransfer = nil
      undoneTransfer = nil
      lastEditWasStale = false
      let warnings = outcome.warnings.map { " (\($0))" }.joined()
      setStatus(message + warnings, isError: !warnings.isEmpty)
      // Rows change only when lines did, or when a tick hides or shows a row.
      if !isInPlace || hidesChecked || !filter.isEmpty || screen == .due || sortOrder != .file {
        rebuildAfterChange(anchor)
      }
      return true
    } catch {
      if !isChanged, !isStale {
        // Refused before the change began: the document is as it was.
        files[index].keep(document, identity: files[index].identity)
      } else {
        // The change may have left the document half made: the file is as it was.
        do throws(WorkspaceError) {
          try files[index].reload()
          didReload(index)
        } catch {
          files[index].keep(document, identity: files[index].identity)
        }
      }
      rebuildAfterChange(anchor)
      lastEditWasStale = isStale || files[index].changedOnDisk
      if isStale || files[index].changedOnDisk {
        setStatus(
          "\(path.shown) changed on disk and was read again; nothing was written", isError: true)
      } else {
        setStatus(error.message, isError: true)
      }
      return false
    }
  }

  private func rebuildAfterChange(_ anchor: Anchor?) {
    rebuildRows(keeping: anchor)
    if screen == .due { rebuildDue() }
  }

  // MARK: - Items

  /// Space and `x`: what `chk toggle` does, a recurring item checked now included.
  /// Unticking a repeating item whose tick made its next one, still untouched below
  /// it, offers to remove that one too (else it would pile up).
  func toggle(file: Int, line: Int) {
    if files[file].isVault { return toggleInVault(file: file, line: line) }
    let today = self.today
    let next = files[file].document.addedRecurrence(of: .line(line))
    let changed = edit(file) { document throws(EditError) in
      let outcome = try document.setChecked(
        [.line(line)], ChecklistDocument.CheckChange(.toggle, doneDay: today, today: today))[0]
      let item = document.itemFields(atLine: outcome.line)
      var message =
        (outcome.isChecked ? "checked " : "unchecked ")
        + (item.map { $0.label(shown: DisplayText.safe) } ?? "")
      switch outcome.recurrence {
      case .added(let id, let due)?:
        message += "; the next one, \(id), is due \(due)"
      case .cannotRecur(let reason)?:
        message += "; no next one: \(reason)"
      default: break
      }
      return message
    }
    // The tick's next one is below the item still: the lines did not move.
    if changed, let next, let item = files[file].document.itemFields(atLine: line),
      !item.isChecked, let copy = files[file].document.itemFields(atLine: next)
    {
      prompt = Prompt(
        .confirm(.removeNext(file: file, line: next)),
        label: "Unchecked. Also remove the next one its tick made, \""
          + DisplayText.safe(copy.name) + "\" due \(copy.due?.description ?? "")? (y/n) ")
    }
  }

  /// `A`: what `chk archive` does to the file: every checked item to "Archive".
  func archive(file: Int) {
    edit(file) { document throws(EditError) in
      let count = try document.archiveCheckedItems(from: nil, to: "Archive")
      return count == 0
        ? "nothing to archive"
        : "archived \(count) item\(count == 1 ? "" : "s") to \"Archive\"; u brings them back"
    }
  }

  /// `a`, `o` and `O`: a new item named `name` next to `line` (or at the top of the
  /// list `list` when the cursor is on its heading; of the list under it, when that
  /// heading is a title).
  ///
  /// A file with no list yet (empty, or prose only) gets it where `chk add` puts it:
  /// at the end, in the items before the first heading.
  func addItem(named name: String, file: Int, near line: Int?, list: Int?, above: Bool) {
    addItems(named: [name], file: file, near: line, list: list, above: above)
  }

  /// Several new items in one edit (a pasted block of lines): the first placed as
  /// `addItem` places one, each next one after it; one write, one undo.
  func addItems(named names: [String], file: Int, near line: Int?, list: Int?, above: Bool) {
    let position: ItemPosition
    if let line {
      position = above ? .before(.line(line)) : .after(.line(line))
    } else if let list {
      var listLine = files[file].outline[list].line
      // On a title (`# Checklist` above `## To do`), the item goes to the list under it.
      let outlines = files[file].document.listOutlines
      if let index = outlines.firstIndex(where: { $0.list.line == listLine }),
        ItemList.Outline.isTitle(outlines, at: index), let next = outlines[index + 1].list.line
      {
        listLine = next
      }
      position = .start(of: listLine == 0 ? .unnamed : .line(listLine))
    } else {
      position = .end(of: .unnamed)
    }
    var added: String?
    let changed = edit(file) { document throws(EditError) in
      var position = position
      for name in names {
        let id = try document.addItem(named: name, at: position)
        added = id
        position = .after(.id(id))
      }
      guard names.count == 1, let added else { return "added \(names.count) items" }
      return "added "
        + (document.item(at: .id(added)).map { $0.label(shown: DisplayText.safe) } ?? added)
    }
    // The cursor goes to the new item.
    if changed, let added { moveCursor(toItemWithID: added, in: file) }
  }

  /// Puts the cursor on an item, when a row shows it.
  func moveCursor(toItemWithID id: String, in file: Int) {
    guard let line = files[file].document.itemLines(withID: id).first,
      let index = rows.firstIndex(where: {
        $0.file == file && $0.kind == .item && files[file].outline[$0.outline].line == line
      })
    else { return }
    cursor = index
  }

  /// `e`, `n` and `D` on an item.
  func setField(_ purpose: Prompt.Purpose, to text: String, file: Int, line: Int) {
    let today = self.today
    let words = text.trimmingBlanks()
    if purpose == .due, words.isEmpty,
      let every = files[file].document.itemFields(atLine: line)?.tagValue("every")
    {
      return setStatus(
        "it repeats (@every \(DisplayText.safe(every))), and a repeat needs a due day: "
          + "the due day stays", isError: true)
    }
    if let problem = Self.problem(with: words, for: purpose, today: today) {
      return setStatus(problem, isError: true)
    }
    edit(file) { document throws(EditError) in
      let reference = ItemReference.line(line)
      switch purpose {
      case .rename:
        let id = try document.assignID(to: reference)
        try document.rename(reference, to: text)
        return "renamed \(id) to \"\(DisplayText.safe(text))\""
      case .note:
        let note = text.trimmingBlanks()
        try document.setNote(note.isEmpty ? nil : note, of: reference)
        return note.isEmpty ? "removed the note" : "note: \(DisplayText.safe(note))"
      case .recurrence:
        guard let recurrence = TypedValues.recurrence(words) else {
          try document.setRecurrence(nil, of: reference)
          return "it no longer repeats"
        }
        if document.itemFields(atLine: line)?.due == nil {
          try document.setDue(DueMoment(day: today), of: reference)
        }
        try document.setRecurrence(recurrence, of: reference)
        return "repeats every \(recurrence)"
      case .reminder:
        guard let reminder = TypedValues.reminder(words) else {
          try document.setReminder(nil, of: reference)
          return "no reminder of its own: the default applies"
        }
        try document.setReminder(reminder, of: reference)
        return "reminder: \(reminder)"
      default:
        guard !words.isEmpty else {
          try document.setDueDate(nil, of: reference)
          return "removed the due day"
        }
        guard var due = RelativeDay.due(words, today: today) else { throw .invalidDate(words) }
        // A time alone moves the time on the day the item is due (today when none).
        if !words.contains(" "), words.contains(":"),
          let day = document.itemFields(atLine: line)?.dueDate
        {
          due = DueMoment(day: day, time: due.time)
        }
        try document.setDue(due, of: reference)
        return "due \(due) (\(RelativeDay.words(due.day, today: today)))"
      }
    }
  }

  /// Why `text` cannot be the answer to a prompt for `purpose` (a day that is not
  /// one, a repeat or reminder that is not one), or `nil` when it can.
  static func problem(with text: String, for purpose: Prompt.Purpose, today: CalendarDay)
    -> String?
  {
    guard !text.isEmpty else { return nil }
    switch purpose {
    case .due where RelativeDay.due(text, today: today) == nil:
      return
        "'\(DisplayText.safe(text))' is not a day: \(RelativeDay.accepted), then optionally 17:00"
    case .recurrence where TypedValues.recurrence(text) == nil:
      return "'\(DisplayText.safe(text))' is not a repeat: \(Recurrence.howToWrite)"
    case .reminder where TypedValues.reminder(text) == nil:
      return "'\(DisplayText.safe(text))' is not a reminder: \(Reminder.howToWrite)"
    default: return nil
    }
  }

  /// Removes the next one a repeating item's tick made (the answer to the question
  /// unticking it asks).
  func removeNext(file: Int, line: Int) {
    edit(file) { document throws(EditError) in
      let name = document.itemFields(atLine: line)?.label(shown: DisplayText.safe) ?? "it"
      try document.deleteItem(.line(line))
      return "removed the next one, \(name)"
    }
  }

  /// `dd`: what `chk rm` does.
  func deleteItem(file: Int, line: Int) {
    edit(file) { document throws(EditError) in
      guard let item = document.itemFields(atLine: line),
        let owned = document.lines(ownedBy: .line(line))
      else { throw .itemNotFound(.line(line)) }
      let outline = document.outline
      let count = outline.count { $0.kind == .item && owned.contains($0.line) } - 1
      try document.deleteItem(.line(line))
      return "removed " + item.label(shown: DisplayText.safe)
        + (count == 0 ? "" : " and \(count) sub-item" + (count == 1 ? "" : "s"))
        + "; u brings it back"
    }
  }

  /// `J`, `K`, `>`, `<` and `m`: what `chk mv ITEM --after/--before/--under/--list` does.
  func moveItem(file: Int, line: Int, to position: ItemPosition, describing place: String) {
    edit(file) { document throws(EditError) in
      let id = try document.assignID(to: .line(line))
      try document.moveItem(.id(id), to: position)
      return "moved " + (document.item(at: .id(id)).map { $0.label(shown: DisplayText.safe) } ?? id)
        + " " + place
    }
  }

  /// `u` and Ctrl-r: what `chk undo` and `chk redo` do, for the file the cursor is in,
  /// walking the one history they walk (an edit made in a shell is a step in it). The
  /// status line says which change was undone or redone (its command, or the screen's
  /// words); the cursor goes to the first line that changed.
  func undo(file: Int, isRedo: Bool) {
    // A move to another file is two edits, one in each file: undone (and redone) as one,
    // the item put back where it goes before it leaves the other file, so that it is
    // never in neither.
    if let transfer = isRedo ? undoneTransfer : lastTransfer,
      file == transfer.source || file == transfer.destination
    {
      lastTransfer = nil
      undoneTransfer = nil
      let order =
        isRedo ? [transfer.destination, transfer.source] : [transfer.source, transfer.destination]
      guard undoStep(file: order[0], isRedo: isRedo) else { return }
      let first = status
      guard undoStep(file: order[1], isRedo: isRedo) else {
        return setStatus(first + "; " + status + " (the item is in both files)", isError: true)
      }
      if isRedo { lastTransfer = transfer } else { undoneTransfer = transfer }
      return setStatus(
        (isRedo
          ? "redid the move to " + files[transfer.destination].path.shown
          : "undid the move: back in " + files[transfer.source].path.shown)
          + (isRedo ? "" : "; Ctrl-r moves it again"))
    }
    undoneTransfer = nil
    _ = undoStep(file: file, isRedo: isRedo)
  }

  /// One step of `undo` in one file; whether it was taken.
  private func undoStep(file: Int, isRedo: Bool) -> Bool {
    let path = files[file].path
    let anchor = currentAnchor
    do throws(WorkspaceError) {
      let edit = workspace.fileEdit()
      let outcome = try isRedo ? edit.redo(path) : edit.undo(path)
      let identity = outcome.identity ?? ChecklistFile.identity(of: path.absolute)
      try files[file].replace(outcome.after, identity: identity)
      let step = outcome.value
      var next: [String] = []
      if step.remaining.undo > 0 { next.append("u goes back further") }
      if step.remaining.redo > 0 { next.append("Ctrl-r redoes") }
      setStatus(
        (isRedo ? "redid " : "undid ") + DisplayText.safe(step.label)
          + (next.isEmpty ? "" : "; " + next.joined(separator: ", ")))
      rebuildAfterChange(anchor)
      // Where the change was: the first line that differs.
      let prefix = LineDiff.commonEnds(outcome.before, outcome.after).prefix
      let line = 1 + outcome.after.prefix(prefix).count { $0 == UInt8(ascii: "\n") }
      moveCursor(toLineAtOrAfter: line, in: file)
      return true
    } catch {
      setStatus(error.message, isError: true)
      if files[file].changedOnDisk, (try? files[file].reload()) != nil {
        didReload(file)
        rebuildAfterChange(anchor)
      }
      return false
    }
  }

  /// Puts the items screen's cursor on the first row of `file` at or after `line`.
  func moveCursor(toLineAtOrAfter line: Int, in file: Int) {
    let outline = files[file].outline
    if let index = rows.firstIndex(where: {
      $0.file == file && $0.kind != .file && outline[$0.outline].line >= line
    }) {
      cursor = index
    }
  }
}

extension String {
  func trimmingBlanks() -> String {
    var text = Substring(self)
    while text.first == " " || text.first == "\t" { text.removeFirst() }
    while text.last == " " || text.last == "\t" { text.removeLast() }
    return String(text)
  }
}
