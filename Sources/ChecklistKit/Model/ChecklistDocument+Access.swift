/// Read access: the lists and items, built from the line records when asked for.
extension ChecklistDocument {
  /// The lists in file order: one per heading, plus the unnamed list first when items
  /// come before the first heading.
  ///
  /// - Complexity: O(*n*) in the number of lines.
  public var lists: [ItemList] {
    logWork("listsBuilt")
    logWork("linesVisited", lines.count)
    return bytes.withUnsafeBufferPointer { buffer in
      listSpans().map { list(of: $0, in: buffer) }
    }
  }

  /// The lists in file order as `lists` gives them, but without their items: what a
  /// command needs to name or choose a list, without building every item value.
  ///
  /// - Complexity: O(*n*) in the number of lines; only headings are read.
  public var listOutlines: [ItemList.Outline] {
    logWork("linesVisited", lines.count)
    return bytes.withUnsafeBufferPointer { buffer in
      listSpans().map { span in
        var open = 0
        var done = 0
        for index in span.lines where lines[index].kind == .item {
          if lines[index].isChecked { done += 1 } else { open += 1 }
        }
        return ItemList.Outline(
          list: list(of: span, in: buffer, withItems: false), openCount: open, doneCount: done)
      }
    }
  }

  /// Every item in file order, sub-items after their parent (each still holding its
  /// own children).
  ///
  /// - Complexity: O(*n*) in the number of lines.
  public var items: [ChecklistItem] {
    lists.flatMap(\.allItems)
  }

  /// The unchecked items that have a `@due` tag, in file order, each without its
  /// sub-items, with the name of its list (`nil` before the first heading): what an
  /// agenda needs, without building a value for every item.
  ///
  /// - Complexity: O(*n*) in the number of lines; only lines with tags are read.
  public var openItemsWithDueTags: [(list: String?, item: ChecklistItem)] {
    itemsWithDueTags(includingChecked: false)
  }

  /// The items with a `@due` tag, open ones only or checked ones too, with the name of
  /// their list, in file order; only lines with tags are read.
  public func itemsWithDueTags(includingChecked: Bool) -> [(list: String?, item: ChecklistItem)] {
    logWork("linesVisited", lines.count)
    return bytes.withUnsafeBufferPointer { buffer in
      var found: [(list: String?, item: ChecklistItem)] = []
      var list: String?
      for index in lines.indices {
        let record = lines[index]
        if record.kind == .heading {
          list = ParsedLine(record, buffer).name
          continue
        }
        guard record.kind == .item, includingChecked || !record.isChecked, record.hasTags,
          ParsedLine(record, buffer).tag(.due) != nil
        else { continue }
        found.append((list, itemValue(atLine: index, in: buffer)))
      }
      return found
    }
  }

  /// The number of unchecked items, sub-items included.
  public var openCount: Int {
    lines.reduce(0) { $0 + ($1.kind == .item && !$1.isChecked ? 1 : 0) }
  }

  /// The number of checked items, sub-items included.
  public var doneCount: Int {
    lines.reduce(0) { $0 + ($1.kind == .item && $1.isChecked ? 1 : 0) }
  }

  /// The item on a 0-based line index (the public lookups take 1-based lines or an
  /// `ItemReference`), with its sub-items; `nil` if that line is not an item.
  func item(atLineIndex index: Int) -> ChecklistItem? {
    guard lines.indices.contains(index), lines[index].kind == .item else { return nil }
    return bytes.withUnsafeBufferPointer { buffer in
      var roots: [ChecklistItem] = []
      buildItems(Int(index)...Int(lines[index].last), in: buffer, into: &roots)
      return roots.first
    }
  }

  /// The first list whose name is `name` (compared exactly).
  public func list(named name: String) -> ItemList? {
    lists.first { $0.name == name }
  }

  /// The first list whose heading has `@id(id)`.
  public func list(withID id: String) -> ItemList? {
    lists.first { $0.id == id }
  }

  /// The 0-based line indices of the items whose `@id` is `id`.
  ///
  /// Such a line holds the bytes `@id(` and `id`, so only the lines where memmem finds
  /// them are looked at.
  ///
  /// - Complexity: O(*n*) in the number of bytes, at memmem's speed; tags are read only
  ///   on the lines that hold the text.
  func itemIndices(withID id: String) -> [Int] {
    logWork("idSearches")
    logWork("linesVisited", lines.count)
    let wanted = Array(id.utf8)
    let needle = Array("@id(".utf8) + wanted
    return bytes.withUnsafeBufferPointer { buffer in
      var found: [Int] = []
      ByteSearch.forEachOccurrence(of: needle, in: buffer) { offset in
        let index = Self.lineIndex(startingAt: offset + 1, in: lines, from: 0) - 1
        guard index >= 0, found.last != index, lines[index].kind == .item,
          let value = ParsedLine(lines[index], buffer).idRange,
          buffer[value].elementsEqual(wanted)
        else { return }
        found.append(index)
      }
      return found
    }
  }

  /// The `@KEY` tags of an item's or a heading's 1-based line, in order, as byte offsets: each
  /// one's whole range (from `@` past the `)`) and its value's (still escaped; `nil`
  /// without parentheses). Empty for any other line: text that looks like a tag in a
  /// name or a note is not one.
  package func tagRanges(_ key: ChecklistTag.Key, atLine line: Int)
    -> [(whole: Range<Int>, value: Range<Int>?)]
  {
    guard line >= 1, line <= lines.count,
      lines[line - 1].kind == .item || lines[line - 1].kind == .heading
    else { return [] }
    return bytes.withUnsafeBufferPointer { buffer in
      var found: [(whole: Range<Int>, value: Range<Int>?)] = []
      ParsedLine(lines[line - 1], buffer).forEachTag { span in
        if key.matches(buffer, span.key) { found.append((span.whole, span.value)) }
      }
      return found
    }
  }

  // MARK: - Building values

  func list(of span: ListSpan, in buffer: UnsafeBufferPointer<UInt8>, withItems: Bool = true)
    -> ItemList
  {
    var list = ItemList(name: nil)
    var itemLines = span.lines
    if let heading = span.heading {
      let record = lines[heading]
      list.name = ParsedLine(record, buffer).name
      list.tags = ParsedLine(record, buffer).tags
      list.icon = list.tags.first { $0.key == ChecklistTag.Key.icon.name }?.value
      list.id = list.tags.first { $0.key == ChecklistTag.Key.id.name }?.value
      list.line = heading + 1
      var level = 0
      var index = Int(record.start)
      while ASCII.isSpaceOrTab(buffer[index]) { index += 1 }
      while index < Int(record.end), buffer[index] == ASCII.hash {
        level += 1
        index += 1
      }
      list.level = level
      itemLines = (heading + 1)..<span.lines.upperBound
    }
    if withItems { buildItems(itemLines, in: buffer, into: &list.items) }
    return list
  }

  /// How deep item values nest: an item deeper than this in the file becomes a
  /// sibling at this depth. Values nested without end would overflow the stack when
  /// compared, hashed or freed (which Swift does recursively); the file is unaffected,
  /// and no real checklist nests this deep.
  public static let maximumItemNesting = 256

  /// Builds the item trees of the items in `range`, nesting by each item's `last`
  /// (at most `maximumItemNesting` deep), without recursion.
  private func buildItems(
    _ range: some Sequence<Int>, in buffer: UnsafeBufferPointer<UInt8>,
    into roots: inout [ChecklistItem]
  ) {
    var open: [(item: ChecklistItem, last: Int)] = []
    func closeItems(before index: Int) {
      while let top = open.last, top.last < index {
        open.removeLast()
        if open.isEmpty {
          roots.append(top.item)
        } else {
          open[open.count - 1].item.children.append(top.item)
        }
      }
    }
    for index in range where lines[index].kind == .item {
      closeItems(before: index)
      if open.count == Self.maximumItemNesting {
        // Too deep: close the deepest open item early, so this one becomes its sibling.
        let top = open.removeLast()
        open[open.count - 1].item.children.append(top.item)
      }
      open.append((itemValue(atLine: index, in: buffer), Int(lines[index].last)))
    }
    closeItems(before: Int.max)
  }

  /// One item's fields, without children.
  func itemValue(atLine index: Int, in buffer: UnsafeBufferPointer<UInt8>) -> ChecklistItem {
    let record = lines[index]
    let tags = ParsedLine(record, buffer).tags
    var item = ChecklistItem(
      name: ParsedLine(record, buffer).name,
      isChecked: record.isChecked,
      note: ParsedLine(record, buffer).noteRange.map { buffer.text($0) },
      tags: tags, line: index + 1)
    for tag in tags {
      switch ChecklistTag.Key.named(tag.key) {
      case .id? where item.id == nil: item.id = tag.value
      case .done? where item.doneDate == nil:
        item.doneDate = tag.value.flatMap(CalendarDay.init)
      case .due? where item.dueDate == nil:
        let due = tag.value.flatMap(DueMoment.init)
        item.dueDate = due?.day
        item.dueTime = due?.time
      case .remind? where item.reminder == nil: item.reminder = tag.value.flatMap(Reminder.init)
      default: break
      }
    }
    return item
  }

  /// The lists and items without their line numbers: what formatting and every
  /// layout-only change must keep (a test hook).
  package var meaning: [ItemList] {
    func strip(_ item: ChecklistItem) -> ChecklistItem {
      var copy = item
      copy.line = 0
      copy.children = item.children.map(strip)
      return copy
    }
    return lists.map { list in
      var copy = list
      copy.line = nil
      copy.items = list.items.map(strip)
      return copy
    }
  }
}
