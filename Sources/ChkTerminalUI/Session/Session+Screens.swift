import ChecklistKit
import ChkWorkspace

/// The keys of the lists and due screens, and the mouse.
extension Session {
  // MARK: - Lists

  /// The lists of every open file, in order.
  var listEntries: [(file: Int, index: Int)] {
    files.indices.flatMap { file in
      files[file].outline.indices.filter { files[file].outline[$0].kind == .list }.map {
        (file, $0)
      }
    }
  }

  func listName(file: Int, outline: Int) -> String {
    let line = files[file].outline[outline].line
    guard line > 0 else { return "(items before the first heading)" }
    let name = files[file].document.listFields(atLine: line)?.name ?? ""
    return name.isEmpty ? "(no name)" : DisplayText.safe(name)
  }

  /// An action of the lists screen.
  func performOnLists(_ action: Binding.Action, after pending: Character?) {
    let entries = listEntries
    switch action {
    case .openList:
      guard listsCursor < entries.count else { return }
      let entry = entries[listsCursor]
      if !filter.isEmpty || hidesChecked {
        filter = ""
        rebuildRows()
      }
      if let index = rows.firstIndex(where: {
        $0.file == entry.file && $0.kind == .list && $0.outline == entry.index
      }) {
        cursor = index
        top = index
      }
      screen = .items
    case .addList:
      prompt = Prompt(.addList, label: "New list: ")
    case .renameList:
      guard let (file, line) = selectedList else { return }
      guard line > 0 else { return setStatus("the items before the first heading have no name") }
      prompt = Prompt(
        .renameList, label: "List name: ",
        text: files[file].document.listFields(atLine: line)?.name ?? "")
    case .setIcon:
      guard let (file, line) = selectedList else { return }
      prompt = Prompt(
        .listIcon, label: "Icon (an emoji or a symbol name; empty removes it): ",
        text: files[file].document.listFields(atLine: line)?.icon ?? "")
    case .removeList:
      guard pending == "d" else {
        pendingKey = "d"
        return
      }
      guard let (file, line) = selectedList, listsCursor < entries.count else { return }
      let count = files[file].counts[entries[listsCursor].index]?.total ?? 0
      guard count > 0 else { return removeList(file: file, line: line) }
      prompt = Prompt(
        .confirm(.removeList(file: file, line: line)),
        label: "Remove the list and its \(count) item\(count == 1 ? "" : "s")? (y/n) ")
    default: break
    }
  }

  // MARK: - Due

  /// The due screen's rows: the agenda `chk due` shows (its sections and its order),
  /// each section under its title.
  func rebuildDue() {
    let agenda = Agenda(files.map(\.document), today: today)
    var rows: [DueRow] = []
    dueHasTimes = agenda.entries.contains { $0.due.time != nil }
    for entry in agenda.entries {
      if rows.last?.section != entry.section { rows.append(DueRow(section: entry.section)) }
      rows.append(
        DueRow(
          section: entry.section,
          entry: (entry.file, entry.item.line, entry.due, DisplayText.safe(entry.item.name))))
    }
    dueRows = rows
    dueCursor = min(dueCursor, max(0, rows.count - 1))
  }

  /// An action of the due screen.
  func performOnDue(_ action: Binding.Action) {
    guard dueCursor < dueRows.count, let entry = dueRows[dueCursor].entry else { return }
    switch action {
    case .checkDue:
      toggle(file: entry.file, line: entry.line)
      rebuildDue()
    case .showDue:
      screen = .items
      if let index = rows.firstIndex(where: {
        $0.file == entry.file && $0.kind == .item
          && files[entry.file].outline[$0.outline].line == entry.line
      }) {
        cursor = index
      }
    default: break
    }
  }

  // MARK: - Mouse

  func handleMouse(_ mouse: Key.Mouse) -> Effect {
    switch mouse.action {
    case .wheelUp, .wheelDown:
      let delta = mouse.action == .wheelUp ? -3 : 3
      switch screen {
      case .items: itemsView.move(by: delta, count: rows.count)
      case .lists: listsView.move(by: delta, count: listEntries.count)
      case .due: dueView.move(by: delta, count: dueRows.count)
      case .help: break
      }
    case .press:
      guard screen == .items, mouse.row < pageRows else { return .none }
      let index = top + mouse.row
      guard index < rows.count else { return .none }
      cursor = index
      // A click on the box toggles the item.
      if let (file, row) = currentItem {
        let box = 2 * row.level + indentOffset
        if mouse.column >= box, mouse.column < box + 3 { toggle(file: file, line: row.line) }
      }
    }
    return .none
  }

  /// Where item rows start: after the margin that holds the cursor's mark.
  var indentOffset: Int { 2 }
}
