import ChecklistKit
import ChkWorkspace

/// What each key does, screen by screen (the help screen lists them: `Session.keys`).
extension Session {
  /// Handles one key.
  package func handle(_ key: Key) -> Effect {
    if key == .control("c") { return .quit }
    if key == .control("z") { return .suspend }
    if prompt != nil { return handlePrompt(key) }
    if picker != nil { return handlePicker(key) }
    if case .mouse(let mouse) = key { return handleMouse(mouse) }
    let pending = pendingKey
    pendingKey = nil
    // Keys every screen takes.
    switch key {
    case .character("q"):
      if screen == .help {
        screen = screenBeforeHelp
        return .none
      }
      return .quit
    case .character("?"):
      if screen != .help {
        screenBeforeHelp = screen
        helpTop = 0
      }
      screen = screen == .help ? screenBeforeHelp : .help
      return .none
    case .escape:
      if screen == .help {
        screen = screenBeforeHelp
      } else if screen != .items {
        screen = .items
      } else if !filter.isEmpty {
        filter = ""
        rebuildRows()
        setStatus("filter cleared")
      }
      return .none
    case .character("L"):
      screen = .lists
      listsCursor =
        currentList.map { list in
          listEntries.firstIndex { $0.file == list.file && $0.index == list.list } ?? 0
        } ?? 0
      return .none
    case .character("T"):
      screen = .due
      rebuildDue()
      return .none
    default: break
    }
    switch screen {
    case .items: handleItems(key, after: pending)
    case .lists: handleLists(key, after: pending)
    case .due: handleDue(key)
    case .help:
      if key == .enter { screen = screenBeforeHelp }
      // The key lines scroll as a list whose last top shows the last line.
      let last = max(0, Self.keys.count - (pageRows - 1))
      if let moved = Self.moved(helpTop, by: key, count: last + 1, page: pageRows - 1) {
        helpTop = moved
      }
    }
    return .none
  }

  // MARK: - Moving

  /// The number of rows the content area shows.
  var pageRows: Int { max(1, size.rows - 1) }

  /// Moves a cursor by `delta` rows within `count`, or to an end.
  static func moved(_ cursor: Int, by key: Key, count: Int, page: Int) -> Int? {
    let last = max(0, count - 1)
    switch key {
    case .character("j"), .down: return min(last, cursor + 1)
    case .character("k"), .up: return max(0, cursor - 1)
    case .character("g"), .home: return 0
    case .character("G"), .end: return last
    case .control("d"): return min(last, cursor + max(1, page / 2))
    case .control("u"): return max(0, cursor - max(1, page / 2))
    case .pageDown, .control("f"): return min(last, cursor + page)
    case .pageUp, .control("b"): return max(0, cursor - page)
    default: return nil
    }
  }

  // MARK: - Items

  private func handleItems(_ key: Key, after pending: Character?) {
    if let moved = Self.moved(cursor, by: key, count: rows.count, page: pageRows) {
      cursor = moved
      return
    }
    switch key {
    case .tab, .backTab:
      jumpToList(forward: key == .tab)
    case .character(" "), .character("x"):
      guard let (file, row) = currentItem else { return setStatus("no item here to check") }
      toggle(file: file, line: row.line)
    case .character("a"), .character("o"), .character("O"):
      guard currentList != nil else { return setStatus("no list here to add to") }
      let above = key == .character("O") && currentItem != nil
      prompt = Prompt(.addItem(above: above), label: above ? "New item above: " : "New item: ")
    case .character("e"):
      guard let (file, row) = currentItem,
        let item = files[file].document.itemFields(atLine: row.line)
      else { return renameListHere() }
      prompt = Prompt(.rename, label: "Name: ", text: item.name)
    case .character("n"):
      guard let (file, row) = currentItem else { return setStatus("no item here") }
      prompt = Prompt(
        .note, label: "Note: ", text: files[file].document.itemFields(atLine: row.line)?.note ?? "")
    case .character("D"):
      guard let (file, row) = currentItem else { return setStatus("no item here") }
      let due = files[file].document.itemFields(atLine: row.line)?.dueDate
      prompt = Prompt(
        .due, label: "Due (YYYY-MM-DD, today, tomorrow, a weekday; empty clears): ",
        text: due?.description ?? "")
    case .character("d"):
      guard pending == "d" else {
        pendingKey = "d"
        return
      }
      guard let (file, row) = currentItem else { return setStatus("no item here to delete") }
      deleteItem(file: file, line: row.line)
    case .character("J"), .character("K"):
      moveAmongSiblings(down: key == .character("J"))
    case .character(">"), .character("<"):
      indent(key == .character(">"))
    case .character("m"):
      openPicker()
    case .character("u"):
      guard let file = currentRow?.file ?? files.indices.first else { return }
      // One level, as `chk undo` keeps: undoing the undo is Ctrl-r's.
      guard undoneFile != file else {
        return setStatus("the last change is already undone (one level); Ctrl-r redoes it")
      }
      undo(file: file, isRedo: false)
    case .control("r"):
      guard let file = currentRow?.file ?? files.indices.first else { return }
      undo(file: file, isRedo: true)
    case .character("/"):
      prompt = Prompt(.filter, label: "/", text: filter)
    case .character("c"):
      hidesChecked.toggle()
      rebuildRows()
      setStatus(hidesChecked ? "checked items hidden (c shows them)" : "checked items shown")
    default:
      break
    }
  }

  private func renameListHere() {
    guard let row = currentRow, row.kind == .list else { return setStatus("no item here") }
    let outline = files[row.file].outline[row.outline]
    guard outline.line > 0 else {
      return setStatus("the items before the first heading have no name")
    }
    let name = files[row.file].document.listFields(atLine: outline.line)?.name ?? ""
    prompt = Prompt(.renameList, label: "List name: ", text: name)
  }

  /// Tab and Shift-Tab: the next or previous list's heading.
  private func jumpToList(forward: Bool) {
    let lists = rows.indices.filter { rows[$0].kind == .list }
    guard !lists.isEmpty else { return }
    if forward {
      cursor = lists.first { $0 > cursor } ?? lists[0]
    } else {
      cursor = lists.last { $0 < cursor } ?? lists[lists.count - 1]
    }
  }

  /// The item's siblings: items at its level in the same parent, in file order.
  private func siblings(of row: OutlineRow, in file: Int) -> [OutlineRow] {
    let outline = files[file].outline
    guard let index = outline.firstIndex(where: { $0.kind == .item && $0.line == row.line }) else {
      return []
    }
    // The parent's extent: the nearest item above at a lower level, else the list.
    var start = index
    while start > 0, outline[start - 1].kind == .item, outline[start - 1].level >= row.level {
      start -= 1
    }
    let parentLast =
      start > 0 && outline[start - 1].kind == .item ? outline[start - 1].lastLine : Int.max
    var siblings: [OutlineRow] = []
    var position = start
    while position < outline.count, outline[position].kind == .item,
      outline[position].level >= row.level, outline[position].line <= parentLast
    {
      if outline[position].level == row.level { siblings.append(outline[position]) }
      position += 1
    }
    return siblings
  }

  /// `J` and `K`: after the next sibling, or before the previous one.
  private func moveAmongSiblings(down: Bool) {
    guard let (file, row) = currentItem else { return setStatus("no item here to move") }
    let siblings = self.siblings(of: row, in: file)
    guard let index = siblings.firstIndex(where: { $0.line == row.line }) else { return }
    let target = down ? index + 1 : index - 1
    guard siblings.indices.contains(target) else {
      return setStatus(
        down ? "already the last of its siblings" : "already the first of its siblings")
    }
    let other = siblings[target].line
    let name = files[file].document.itemFields(atLine: other).map(Self.label) ?? "it"
    moveItem(
      file: file, line: row.line, to: down ? .after(.line(other)) : .before(.line(other)),
      describing: (down ? "after " : "before ") + name)
  }

  /// `>`: the last sub-item of the item above at its level; `<`: after its parent.
  private func indent(_ inward: Bool) {
    guard let (file, row) = currentItem else { return setStatus("no item here to move") }
    let outline = files[file].outline
    if inward {
      let siblings = self.siblings(of: row, in: file)
      guard let index = siblings.firstIndex(where: { $0.line == row.line }), index > 0 else {
        return setStatus("no item above at its level to go under")
      }
      let parent = siblings[index - 1].line
      let name = files[file].document.itemFields(atLine: parent).map(Self.label) ?? "it"
      moveItem(file: file, line: row.line, to: .under(.line(parent)), describing: "under " + name)
    } else {
      guard row.level > 0,
        let parent = outline.last(where: {
          $0.kind == .item && $0.line < row.line && $0.level == row.level - 1
            && $0.lastLine >= row.line
        })
      else { return setStatus("already at the top level") }
      let name = files[file].document.itemFields(atLine: parent.line).map(Self.label) ?? "it"
      moveItem(
        file: file, line: row.line, to: .after(.line(parent.line)), describing: "after " + name)
    }
  }

  private func openPicker() {
    guard let (file, row) = currentItem else { return setStatus("no item here to move") }
    let lists = files[file].outline.indices.filter { files[file].outline[$0].kind == .list }.map {
      index in
      (index, listName(file: file, outline: index))
    }
    let current = lists.firstIndex { $0.0 == row.list } ?? 0
    picker = Picker(file: file, lists: lists, cursor: current, line: row.line)
  }

  private func handlePicker(_ key: Key) -> Effect {
    guard var picker else { return .none }
    if let moved = Self.moved(picker.cursor, by: key, count: picker.lists.count, page: pageRows) {
      picker.cursor = moved
      self.picker = picker
      return .none
    }
    switch key {
    case .escape, .character("q"):
      self.picker = nil
    case .enter:
      self.picker = nil
      let list = files[picker.file].outline[picker.lists[picker.cursor].index]
      moveItem(
        file: picker.file, line: picker.line,
        to: .end(of: list.line == 0 ? .unnamed : .line(list.line)),
        describing: "to the end of \"\(picker.lists[picker.cursor].name)\"")
    default: break
    }
    return .none
  }

  // MARK: - Prompts

  private func handlePrompt(_ key: Key) -> Effect {
    guard var prompt else { return .none }
    if case .confirm(let confirmation) = prompt.purpose {
      self.prompt = nil
      guard key == .character("y") || key == .character("Y") else {
        setStatus("nothing was changed")
        return .none
      }
      switch confirmation {
      case .removeList(let file, let line): removeList(file: file, line: line)
      }
      return .none
    }
    switch key {
    case .escape:
      self.prompt = nil
      if prompt.purpose == .filter {
        filter = ""
        rebuildRows()
      }
      setStatus("cancelled")
    case .enter:
      self.prompt = nil
      submit(prompt)
    default:
      if prompt.edit(with: key) {
        self.prompt = prompt
        if prompt.purpose == .filter {
          filter = prompt.text
          rebuildRows()
        }
      }
    }
    return .none
  }

  private func submit(_ prompt: Prompt) {
    switch prompt.purpose {
    case .filter:
      setStatus(
        filter.isEmpty ? "" : "showing items that match '\(DisplayText.safe(filter))'; Esc clears")
    case .addItem(let above):
      guard let (file, list) = currentList else { return }
      guard !prompt.text.trimmingBlanks().isEmpty else {
        return setStatus("the name is empty; nothing was added", isError: true)
      }
      addItem(
        named: prompt.text, file: file, near: currentItem?.row.line, list: list, above: above)
    case .rename, .note, .due:
      guard let (file, row) = currentItem else { return }
      setField(prompt.purpose, to: prompt.text, file: file, line: row.line)
    case .addList:
      guard let file = listsFile else { return }
      addList(named: prompt.text, file: file)
    case .renameList:
      guard let (file, line) = selectedList else { return }
      renameList(file: file, line: line, to: prompt.text)
    case .listIcon:
      guard let (file, line) = selectedList else { return }
      setIcon(file: file, line: line, to: prompt.text)
    case .confirm:
      break
    }
  }

  /// The list the lists screen's cursor is on (or the items screen's heading).
  private var selectedList: (file: Int, line: Int)? {
    if screen == .lists {
      guard listsCursor < listEntries.count else { return nil }
      let entry = listEntries[listsCursor]
      return (entry.file, files[entry.file].outline[entry.index].line)
    }
    guard let row = currentRow, row.kind == .list else { return nil }
    return (row.file, files[row.file].outline[row.outline].line)
  }

  private var listsFile: Int? {
    screen == .lists && listsCursor < listEntries.count
      ? listEntries[listsCursor].file : currentRow?.file ?? files.indices.first
  }

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

  private func handleLists(_ key: Key, after pending: Character?) {
    let entries = listEntries
    if let moved = Self.moved(listsCursor, by: key, count: entries.count, page: pageRows) {
      listsCursor = moved
      return
    }
    switch key {
    case .enter:
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
    case .character("a"):
      prompt = Prompt(.addList, label: "New list: ")
    case .character("e"):
      guard let (file, line) = selectedList else { return }
      guard line > 0 else { return setStatus("the items before the first heading have no name") }
      prompt = Prompt(
        .renameList, label: "List name: ",
        text: files[file].document.listFields(atLine: line)?.name ?? "")
    case .character("i"):
      guard let (file, line) = selectedList else { return }
      prompt = Prompt(
        .listIcon, label: "Icon (an emoji or a symbol name; empty removes it): ",
        text: files[file].document.listFields(atLine: line)?.icon ?? "")
    case .character("d"):
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

  /// The due screen's rows: every open item with a due day, in `chk due`'s sections,
  /// sorted by day, then file and line.
  func rebuildDue() {
    var entries: [(section: DueSection, file: Int, line: Int, due: CalendarDay, name: String)] = []
    let today = self.today
    for (index, file) in files.enumerated() {
      for (_, item) in file.document.openItemsWithDueTags {
        guard let due = item.dueDate else { continue }
        entries.append(
          (DueSection(due: due, today: today), index, item.line, due, DisplayText.safe(item.name)))
      }
    }
    entries.sort { ($0.due, $0.file, $0.line) < ($1.due, $1.file, $1.line) }
    var rows: [DueRow] = []
    for entry in entries {
      if rows.last?.section != entry.section { rows.append(DueRow(section: entry.section)) }
      rows.append(
        DueRow(section: entry.section, entry: (entry.file, entry.line, entry.due, entry.name)))
    }
    dueRows = rows
    dueCursor = min(dueCursor, max(0, rows.count - 1))
  }

  private func handleDue(_ key: Key) {
    if let moved = Self.moved(dueCursor, by: key, count: dueRows.count, page: pageRows) {
      dueCursor = moved
      return
    }
    guard dueCursor < dueRows.count, let entry = dueRows[dueCursor].entry else { return }
    switch key {
    case .character(" "), .character("x"):
      toggle(file: entry.file, line: entry.line)
      rebuildDue()
    case .enter:
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

  private func handleMouse(_ mouse: Key.Mouse) -> Effect {
    switch mouse.action {
    case .wheelUp, .wheelDown:
      let delta = mouse.action == .wheelUp ? -3 : 3
      switch screen {
      case .items: cursor = max(0, min(max(0, rows.count - 1), cursor + delta))
      case .lists: listsCursor = max(0, min(max(0, listEntries.count - 1), listsCursor + delta))
      case .due: dueCursor = max(0, min(max(0, dueRows.count - 1), dueCursor + delta))
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
