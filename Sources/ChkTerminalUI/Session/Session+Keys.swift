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
        setStatus("")
        screen = .items
      } else if !filter.isEmpty {
        filter = ""
        rebuildRows()
        setStatus("filter cleared")
      }
      return .none
    case .character("L"):
      // A message about the screen left behind would read as about this one.
      setStatus("")
      screen = .lists
      listsCursor =
        currentList.map { list in
          listEntries.firstIndex { $0.file == list.file && $0.index == list.list } ?? 0
        } ?? 0
      return .none
    case .character("T"):
      setStatus("")
      screen = .due
      rebuildDue()
      return .none
    case .character("u") where screen != .help, .control("r") where screen != .help:
      // On every screen: the file the cursor is in.
      guard let file = fileUnderCursor else {
        setStatus("no file here to undo in", isError: true)
        return .none
      }
      undo(file: file, isRedo: key == .control("r"))
      if screen == .due { rebuildDue() }
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

  /// The file the current screen's cursor is in.
  var fileUnderCursor: Int? {
    switch screen {
    case .items: return currentRow?.file ?? files.indices.first
    case .lists: return listsFile
    case .due:
      return dueCursor < dueRows.count
        ? dueRows[dueCursor].entry?.file ?? files.indices.first : files.indices.first
    case .help: return nil
    }
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

  /// The items screen's keys that change the file.
  static let editingKeys: Set<Key> = Set(
    " xaoOenDdJK><m".map { Key.character($0) })

  func handleItems(_ key: Key, after pending: Character?) {
    if let moved = Self.moved(cursor, by: key, count: rows.count, page: pageRows) {
      cursor = moved
      return
    }
    // A key that would change a read-only file says so at once, before any prompt.
    if Self.editingKeys.contains(key), let file = currentRow?.file ?? files.indices.first,
      files[file].isReadOnly
    {
      return setStatus("read-only: nothing can be changed", isError: true)
    }
    switch key {
    case .tab, .backTab:
      jumpToList(forward: key == .tab)
    case .character(" "), .character("x"):
      guard let (file, row) = currentItem else { return setStatus("no item here to check") }
      toggle(file: file, line: row.line)
    case .character("a"), .character("o"), .character("O"):
      guard placeToAdd != nil else { return setStatus("no list here to add to") }
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
      let due = files[file].document.itemFields(atLine: row.line)?.due
      prompt = Prompt(
        .due, label: "Due (YYYY-MM-DD, today, fri; then HH:MM if timed; empty clears): ",
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

  func renameListHere() {
    guard let row = currentRow, row.kind == .list else { return setStatus("no item here") }
    let outline = files[row.file].outline[row.outline]
    guard outline.line > 0 else {
      return setStatus("the items before the first heading have no name")
    }
    let name = files[row.file].document.listFields(atLine: outline.line)?.name ?? ""
    prompt = Prompt(.renameList, label: "List name: ", text: name)
  }

  /// Tab and Shift-Tab: the next or previous list's heading.
  func jumpToList(forward: Bool) {
    let lists = rows.indices.filter { rows[$0].kind == .list }
    guard !lists.isEmpty else { return }
    if forward {
      cursor = lists.first { $0 > cursor } ?? lists[0]
    } else {
      cursor = lists.last { $0 < cursor } ?? lists[lists.count - 1]
    }
    // The list's heading at the top, its items below it.
    top = cursor
  }

  /// The item's siblings: items at its level in the same parent, in file order.
  func siblings(of row: OutlineRow, in file: Int) -> [OutlineRow] {
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
  func moveAmongSiblings(down: Bool) {
    guard let (file, row) = currentItem else { return setStatus("no item here to move") }
    let siblings = self.siblings(of: row, in: file)
    guard let index = siblings.firstIndex(where: { $0.line == row.line }) else { return }
    let target = down ? index + 1 : index - 1
    guard siblings.indices.contains(target) else {
      return setStatus(
        down ? "already the last of its siblings" : "already the first of its siblings")
    }
    let other = siblings[target].line
    let name =
      files[file].document.itemFields(atLine: other).map { $0.label(shown: DisplayText.safe) }
      ?? "it"
    moveItem(
      file: file, line: row.line, to: down ? .after(.line(other)) : .before(.line(other)),
      describing: (down ? "after " : "before ") + name)
  }

  /// `>`: the last sub-item of the item above at its level; `<`: after its parent.
  func indent(_ inward: Bool) {
    guard let (file, row) = currentItem else { return setStatus("no item here to move") }
    let outline = files[file].outline
    if inward {
      let siblings = self.siblings(of: row, in: file)
      guard let index = siblings.firstIndex(where: { $0.line == row.line }), index > 0 else {
        return setStatus("no item above at its level to go under")
      }
      let parent = siblings[index - 1].line
      let name =
        files[file].document.itemFields(atLine: parent).map { $0.label(shown: DisplayText.safe) }
        ?? "it"
      moveItem(file: file, line: row.line, to: .under(.line(parent)), describing: "under " + name)
    } else {
      guard row.level > 0,
        let parent = outline.last(where: {
          $0.kind == .item && $0.line < row.line && $0.level == row.level - 1
            && $0.lastLine >= row.line
        })
      else { return setStatus("already at the top level") }
      let name =
        files[file].document.itemFields(atLine: parent.line).map {
          $0.label(shown: DisplayText.safe)
        } ?? "it"
      moveItem(
        file: file, line: row.line, to: .after(.line(parent.line)), describing: "after " + name)
    }
  }
}
