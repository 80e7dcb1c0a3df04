import ChecklistKit
import ChkWorkspace

/// The lists' edits (the lists screen's keys) and a move to another file, saved as the
/// items' edits are, through `edit`.
extension Session {
  /// `m` to a list of another file: what `chk mv ITEM --list FILE:LIST` does. The item
  /// is added to the other file first, then removed from its own: should the second
  /// write fail, it is in both (and said), never in neither. The cursor follows it.
  func moveItem(from file: Int, line: Int, to destination: Int, position: ItemPosition) {
    guard !files[destination].isReadOnly else {
      return setStatus(
        "\(files[destination].path.shown) is read-only; nothing was moved", isError: true)
    }
    let detached: ChecklistDocument.DetachedItem
    do throws(EditError) {
      detached = try files[file].document.detached(.line(line))
    } catch {
      return setStatus(error.message, isError: true)
    }
    var newID: String?
    let added = edit(destination) { document throws(EditError) in
      newID = try document.attach(detached, at: position)
      return "moved \"\(DisplayText.safe(detached.name))\" to \(files[destination].path.shown)"
    }
    guard added else { return }
    let message = status
    let removed = edit(file) { document throws(EditError) in
      try document.deleteItem(.line(line))
      return message
    }
    if !removed {
      setStatus(
        status + "; it is now in both files: remove it from \(files[file].path.shown) with dd",
        isError: true)
    } else if let newID {
      lastTransfer = (file, destination)
      moveCursor(toItemWithID: newID, in: destination)
    }
  }

  /// `a` on the lists screen: a new list at the end of the file of the list under the
  /// cursor (the file chosen); the cursor goes to it.
  func addList(named name: String, file: Int) {
    let added = edit(file) { document throws(EditError) in
      try document.addList(named: name)
      return "added list \"\(DisplayText.safe(name))\" to \(files[file].path.shown)"
    }
    guard added, screen == .lists else { return }
    let entries = listEntries
    if let last = entries.lastIndex(where: { $0.file == file }) { listsCursor = last }
  }

  func renameList(file: Int, line: Int, to name: String) {
    edit(file) { document throws(EditError) in
      try document.renameList(.line(line), to: name)
      return "renamed the list to \"\(DisplayText.safe(name))\""
    }
  }

  func setIcon(file: Int, line: Int, to icon: String) {
    let value = icon.trimmingBlanks()
    edit(file) { document throws(EditError) in
      try document.setIcon(value.isEmpty ? nil : value, of: line == 0 ? .unnamed : .line(line))
      guard !value.isEmpty else { return "removed the icon" }
      let shown = ListIcon.picture(for: value) ?? "(\(value)): no picture for that name"
      return "set the icon to \(DisplayText.safe(shown))"
    }
  }

  func removeList(file: Int, line: Int) {
    edit(file) { document throws(EditError) in
      let name = document.listFields(atLine: line)?.name ?? "the unnamed list"
      try document.deleteList(line == 0 ? .unnamed : .line(line))
      return "removed the list \"\(DisplayText.safe(name))\"; u brings it back"
    }
  }
}
