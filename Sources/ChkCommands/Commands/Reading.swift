import ChecklistKit
import ChkWorkspace

/// `chk list` and `chk lists`.
extension Command {
  static let list = Command(
    "list", operands: [.any("TEXT")],
    "show the items, grouped by list, with their numbers, IDs, dates and notes",
    options: [
      .list.described("only this list"), .open, .doneOnly, .dueBefore, .tag, .sort, .inPaths,
      .json,
    ],
    exclusive: [[.open, .doneOnly]]
  ) { invocation throws(CommandError) in
    let paths = invocation.arguments.values(.inPaths)
    if !paths.isEmpty { return try listFiles(invocation, paths: paths) }
    let (path, document) = try invocation.readDocument()
    let resolver = ItemResolver(document, path: path)
    let filter = try ItemFilter(invocation, resolver: resolver)
    let sort = try ItemSort(invocation)
    if filter.isEmpty, filter.listName == nil, sort == .file {
      // Everything, in file order: printed from the outline, list by list.
      if invocation.arguments.has(.json) {
        DocumentJSON.stream(
          document, file: path.shown, reminders: invocation.reminderDefaults(for: path),
          to: invocation.output)
        return .success
      }
      ListPrinter(
        style: invocation.style, numbers: resolver.numbers, today: invocation.environment.today
      )
      .printAll(document, to: invocation.output)
      return .success
    }
    let lists = sort.apply(to: filter.apply(to: document.lists))
    if invocation.arguments.has(.json) {
      // JSON is exact: its strings escape control characters themselves.
      invocation.output.writeExact(
        DocumentJSON.render(
          file: path.shown, lists: lists, numbers: resolver.numbers,
          reminders: invocation.reminderDefaults(for: path)) + [UInt8(ascii: "\n")])
    } else {
      ListPrinter(
        style: invocation.style, numbers: resolver.numbers, today: invocation.environment.today
      )
      .print(lists, to: invocation.output, showEmpty: false)
    }
    return .success
  }

  static let lists = Command(
    "lists", "show each list with its icon and how many items are left",
    options: [.inPaths, .json]
  ) { invocation throws(CommandError) in
    let paths = invocation.arguments.values(.inPaths)
    if !paths.isEmpty { return try listsOfFiles(invocation, paths: paths) }
    let (path, document) = try invocation.readDocument()
    if invocation.arguments.has(.json) {
      DocumentJSON.stream(
        document, file: path.shown, reminders: invocation.reminderDefaults(for: path),
        to: invocation.output)
      return .success
    }
    // The counts come from the line records: no item value is built.
    printListCounts(document.listOutlines, invocation)
    return .success
  }
}

/// A list with the items a filter kept (nested under their nearest kept ancestor).
struct FilteredList {
  var list: ItemList
  var items: [ChecklistItem]
}

/// The filters of `chk list`, as given (before a list name is resolved in a file).
struct FilterOptions: Sendable {
  var listName: String?
  var open = false
  var done = false
  var dueBefore: CalendarDay?
  var tag: String?
  var words: [String] = []

  init(_ invocation: Invocation) throws(CommandError) {
    listName = invocation.arguments.value(.list)
    open = invocation.arguments.has(.open)
    done = invocation.arguments.has(.doneOnly)
    dueBefore = try invocation.day(.dueBefore)
    tag = invocation.arguments.value(.tag).map { $0.hasPrefix("@") ? String($0.dropFirst()) : $0 }
    words = invocation.operands.flatMap { $0.split(separator: " ") }.map { $0.lowercased() }
  }
}

/// The filters of `chk list`, with the list name resolved in one file; they combine.
struct ItemFilter {
  var listName: ListReference?
  let options: FilterOptions

  init(_ invocation: Invocation, resolver: ItemResolver) throws(CommandError) {
    try self.init(FilterOptions(invocation), resolver: resolver)
  }

  init(_ options: FilterOptions, resolver: ItemResolver) throws(CommandError) {
    if let name = options.listName {
      listName = try resolver.resolveList(name, allowsSeveral: true)
    }
    self.options = options
  }

  var isEmpty: Bool {
    !options.open && !options.done && options.dueBefore == nil && options.tag == nil
      && options.words.isEmpty
  }

  func matches(_ item: ChecklistItem) -> Bool {
    if options.open, item.isChecked { return false }
    if options.done, !item.isChecked { return false }
    if let dueBefore = options.dueBefore {
      guard let due = item.dueDate, due < dueBefore else { return false }
    }
    if let tag = options.tag, !item.tags.contains(where: { $0.key == tag }) { return false }
    if !options.words.isEmpty {
      let text = (item.name + " " + (item.note ?? "")).lowercased()
      if !options.words.allSatisfy({ text.contains($0) }) { return false }
    }
    return true
  }

  func apply(to lists: [ItemList]) -> [FilteredList] {
    lists.compactMap { list in
      switch listName {
      case .name(let name)? where list.name != name: return nil
      case .id(let id)? where list.id != id: return nil
      case .line(let line)? where list.line != line: return nil
      case .unnamed? where list.line != nil: return nil
      default: break
      }
      guard !isEmpty else { return FilteredList(list: list, items: list.items) }
      let kept = list.items.flatMap(keep)
      return kept.isEmpty && listName == nil ? nil : FilteredList(list: list, items: kept)
    }
  }

  /// The item if it matches (with its kept descendants), else its kept descendants.
  private func keep(_ item: ChecklistItem) -> [ChecklistItem] {
    let children = item.children.flatMap(keep)
    guard matches(item) else { return children }
    var copy = item
    copy.children = children
    return [copy]
  }
}

extension Command {
  /// One line per list: its name, how many items are left, its icon. A title (a
  /// heading with no items of its own whose next heading is a deeper one, as the
  /// `# Checklist` `chk init` writes) shows its name alone: it holds lists, not items.
  static func printListCounts(_ outlines: [ItemList.Outline], _ invocation: Invocation) {
    let style = invocation.style
    let visible = Visible.Printer(invocation.output)
    let width = outlines.map { TextWidth.of(visible($0.list.name ?? "(no heading)")) }.max() ?? 0
    for (index, outline) in outlines.enumerated() {
      let list = outline.list
      let name = visible(list.name.map { $0.isEmpty ? "(untitled)" : $0 } ?? "(no heading)")
      if ItemList.Outline.isTitle(outlines, at: index) {
        let icon = list.icon.map { "  " + style.icon($0, visible) } ?? ""
        invocation.output.lineExact(style.bold(name) + icon)
        continue
      }
      let state =
        switch outline.progress {
        case nil: style.dim("no items")
        case let words? where outline.openCount == 0: style.green(words)
        case let words?: words
        }
      let icon = list.icon.map { "  " + style.icon($0, visible) } ?? ""
      // Styled: the text was made visible before the styles went in.
      invocation.output.lineExact(
        style.bold(name) + String(repeating: " ", count: max(0, width - TextWidth.of(name)))
          + "  " + state + icon)
    }
  }
}
