import ChecklistKit
import ChkWorkspace

/// The keys of the lists and due screens, and the mouse.
extension Session {
  // MARK: - Lists

  /// The lists of every open file, in order (titles left out: they hold lists, not
  /// items).
  var listEntries: [(file: Int, index: Int)] {
    files.indices.flatMap { file in
      files[file].outline.indices.filter {
        files[file].outline[$0].kind == .list && !files[file].titles.contains($0)
      }.map { (file, $0) }
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
      // Always asked, saying what goes: the screen never showed the prose under a heading.
      let reference: ListReference = line == 0 ? .unnamed : .line(line)
      guard let removal = try? files[file].document.removal(of: reference) else { return }
      let name = listName(file: file, outline: entries[listsCursor].index)
      prompt = Prompt(
        .confirm(.removeList(file: file, line: line)),
        label: "Remove the list \"\(name)\" with \(removal)? (y/n) ")
    default: break
    }
  }

  // MARK: - Due

  /// The due screen's rows: the agenda `chk due` shows (its sections and its order),
  /// each section under its title.
  func rebuildDue() {
    let now = workspace.now
    let agenda = Agenda(
      files.map(\.document), today: today, now: now.day == today ? now.time : nil)
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
      case .item: itemView.move(by: delta, count: detailRows.count)
      case .help: break
      }
    case .press:
      let previous = lastPress
      lastPress = mouse
      guard mouse.row < pageRows else { return .none }
      let isDouble =
        previous.map {
          $0.row == mouse.row && mouse.time - $0.time < Key.Mouse.doubleClick
            && mouse.time >= $0.time
        } ?? false
      switch screen {
      case .items:
        let index = top + mouse.row
        guard index < rows.count else { return .none }
        cursor = index
        guard let (file, row) = currentItem else {
          if isDouble { renameListHere() }
          return .none
        }
        // A click on the box toggles the item; a double click elsewhere edits its name.
        let box = 2 * row.level + indentOffset
        if mouse.column >= box, mouse.column < box + 3 {
          toggle(file: file, line: row.line)
        } else if isDouble, !files[file].isReadOnly {
          performOnItemsScreen(.rename)
        }
      case .lists:
        let index = listsView.top + mouse.row
        guard index < listEntries.count else { return .none }
        listsCursor = index
        // A double click opens the list, as Enter does.
        if isDouble { performOnLists(.openList, after: nil) }
      case .due:
        let index = dueView.top + mouse.row
        guard index < dueRows.count else { return .none }
        dueCursor = index
        if isDouble { performOnDue(.showDue) }
      case .item:
        let rows = detailRows
        // The field under the click (a wrapped one counts once): the row itself.
        guard mouse.row < rows.count else { return .none }
        itemView.cursor = mouse.row
        if isDouble { editField() }
      case .help:
        break
      }
    }
    return .none
  }

  /// Where item rows start: after the margin that holds the cursor's mark.
  var indentOffset: Int { 2 }
}
