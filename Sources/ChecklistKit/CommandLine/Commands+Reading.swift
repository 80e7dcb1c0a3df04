/// `chk list` and `chk lists`.
extension Command {
  static let list = Command(
    "list", "[--list NAME] [--open | --done] [--due-before DATE] [--tag KEY] [TEXT...]",
    "show the items, grouped by list, with their numbers, IDs, dates and notes",
    options: [
      .value("list", "l", "NAME", "only this list"),
      .flag("open", nil, "only unchecked items"),
      .flag("done", nil, "only checked items"),
      .value("due-before", nil, "DATE", "only items due before DATE (YYYY-MM-DD)"),
      .value("tag", "t", "KEY", "only items with the tag @KEY"),
      jsonOption,
    ]
  ) { invocation throws(CommandError) in
    try invocation.exclusive("open", "done")
    let (path, document) = try invocation.readDocument()
    let resolver = ItemResolver(document, path: path)
    let filter = try ItemFilter(invocation, resolver: resolver)
    let lists = filter.apply(to: document.lists)
    if invocation.arguments.has("json") {
      invocation.output.write(DocumentJSON.render(file: path, lists: lists, resolver: resolver))
      invocation.output.line()
    } else {
      ListPrinter(style: invocation.style, resolver: resolver, today: invocation.environment.today)
        .print(lists, to: invocation.output, showEmpty: false)
    }
    return .success
  }

  static let lists = Command(
    "lists", "", "show each list with its icon and how many items are left",
    options: [jsonOption]
  ) { invocation throws(CommandError) in
    try invocation.expectOperands(0...0, "no operands")
    let (path, document) = try invocation.readDocument()
    let resolver = ItemResolver(document, path: path)
    let lists = document.lists.map { FilteredList(list: $0, items: $0.items) }
    if invocation.arguments.has("json") {
      invocation.output.write(DocumentJSON.render(file: path, lists: lists, resolver: resolver))
      invocation.output.line()
      return .success
    }
    let style = invocation.style
    let width = lists.map { TextWidth.of($0.list.name ?? "(no heading)") }.max() ?? 0
    for entry in lists {
      let list = entry.list
      let name = list.name.map { $0.isEmpty ? "(untitled)" : $0 } ?? "(no heading)"
      let total = list.openCount + list.doneCount
      let state: String
      if total == 0 {
        state = style.dim("no items")
      } else if list.openCount == 0 {
        state = style.green("all done")
      } else {
        state = "\(list.openCount) of \(total) left"
      }
      let icon = list.icon.map { "  " + style.dim($0) } ?? ""
      invocation.output.line(
        style.bold(name) + String(repeating: " ", count: max(0, width - TextWidth.of(name)))
          + "  " + state + icon)
    }
    return .success
  }
}

/// A list with the items a filter kept (nested under their nearest kept ancestor).
struct FilteredList {
  var list: Checklist
  var items: [Checklist.Item]
}

/// The filters of `chk list`; they combine.
struct ItemFilter {
  var listName: ListReference?
  var open = false
  var done = false
  var dueBefore: Checklist.Day?
  var tag: String?
  var words: [String] = []

  init(_ invocation: Invocation, resolver: ItemResolver) throws(CommandError) {
    if let name = invocation.arguments.value("list") { listName = try resolver.resolveList(name) }
    open = invocation.arguments.has("open")
    done = invocation.arguments.has("done")
    dueBefore = try invocation.day("due-before")
    tag = invocation.arguments.value("tag").map { $0.hasPrefix("@") ? String($0.dropFirst()) : $0 }
    words = invocation.operands.flatMap { $0.split(separator: " ") }.map { $0.lowercased() }
  }

  var isEmpty: Bool { !open && !done && dueBefore == nil && tag == nil && words.isEmpty }

  func matches(_ item: Checklist.Item) -> Bool {
    if open, item.isChecked { return false }
    if done, !item.isChecked { return false }
    if let dueBefore {
      guard let due = item.dueDate, due < dueBefore else { return false }
    }
    if let tag, !item.tags.contains(where: { $0.key == tag }) { return false }
    if !words.isEmpty {
      let text = (item.name + " " + (item.note ?? "")).lowercased()
      if !words.allSatisfy({ text.contains($0) }) { return false }
    }
    return true
  }

  func apply(to lists: [Checklist]) -> [FilteredList] {
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
  private func keep(_ item: Checklist.Item) -> [Checklist.Item] {
    let children = item.children.flatMap(keep)
    guard matches(item) else { return children }
    var copy = item
    copy.children = children
    return [copy]
  }
}

/// The human output of `chk list`: aligned columns, colour on a terminal.
struct ListPrinter {
  let style: Style
  let resolver: ItemResolver
  let today: Checklist.Day

  private struct Row {
    var number: Int
    var depth: Int
    var item: Checklist.Item
  }

  func print(_ lists: [FilteredList], to output: ByteOutput, showEmpty: Bool) {
    var first = true
    for entry in lists where showEmpty || !entry.items.isEmpty {
      if !first { output.line() }
      first = false
      var header = style.bold(
        entry.list.name.map { $0.isEmpty ? "(untitled)" : $0 } ?? "(no heading)")
      if let icon = entry.list.icon { header += "  " + style.dim(icon) }
      output.line(header)
      var rows: [Row] = []
      func collect(_ items: [Checklist.Item], depth: Int) {
        for item in items {
          rows.append(Row(number: resolver.number(ofLine: item.line - 1), depth: depth, item: item))
          collect(item.children, depth: depth + 1)
        }
      }
      collect(entry.items, depth: 0)
      let numberWidth = String(resolver.itemLines.count).count
      let nameWidth = min(48, rows.map { $0.depth * 2 + TextWidth.of($0.item.name) }.max() ?? 0)
      for row in rows { output.line(format(row, numberWidth: numberWidth, nameWidth: nameWidth)) }
    }
  }

  private func format(_ row: Row, numberWidth: Int, nameWidth: Int) -> String {
    let item = row.item
    let number = String(row.number)
    var text = String(repeating: " ", count: numberWidth - number.count) + number + "  "
    text += String(repeating: "  ", count: row.depth)
    text += item.isChecked ? style.green("[x]") : "[ ]"
    text += " " + item.name
    var fields: [String] = []
    if let id = item.id { fields.append(style.dim(id)) }
    if let due = item.dueDate {
      let label = "due \(due)"
      fields.append(!item.isChecked && due < today ? style.red(label) : label)
    }
    if let done = item.doneDate { fields.append(style.dim("done \(done)")) }
    if let note = item.note { fields.append(style.dim("# " + note)) }
    guard !fields.isEmpty else { return text }
    let used = row.depth * 2 + TextWidth.of(item.name)
    text += String(repeating: " ", count: max(0, nameWidth - used)) + "  "
    return text + fields.joined(separator: "  ")
  }
}

/// The JSON of `chk list --json` and `chk lists --json` (see chk(1)).
enum DocumentJSON {
  static func render(file: String, lists: [FilteredList], resolver: ItemResolver) -> [UInt8] {
    var json = JSONWriter()
    json.beginObject()
    json.field("file", file)
    json.key("lists")
    json.beginArray()
    for entry in lists {
      let list = entry.list
      json.beginObject()
      json.field("name", list.name)
      json.field("id", list.id)
      json.field("icon", list.icon)
      json.field("line", list.line)
      json.field("open", list.openCount)
      json.field("done", list.doneCount)
      json.key("items")
      json.beginArray()
      for item in entry.items { write(item, to: &json, resolver: resolver) }
      json.endArray()
      json.endObject()
    }
    json.endArray()
    json.endObject()
    return json.bytes
  }

  private static func write(
    _ item: Checklist.Item, to json: inout JSONWriter, resolver: ItemResolver
  ) {
    json.beginObject()
    json.field("number", resolver.number(ofLine: item.line - 1))
    json.field("id", item.id)
    json.field("name", item.name)
    json.field("checked", item.isChecked)
    json.field("done", item.doneDate?.description)
    json.field("due", item.dueDate?.description)
    json.field("note", item.note)
    json.key("tags")
    json.beginArray()
    for tag in item.tags {
      json.beginObject()
      json.field("key", tag.key)
      json.field("value", tag.value)
      json.endObject()
    }
    json.endArray()
    json.field("line", item.line)
    json.key("children")
    json.beginArray()
    for child in item.children { write(child, to: &json, resolver: resolver) }
    json.endArray()
    json.endObject()
  }
}

/// How many terminal columns text takes: wide East Asian characters and emoji take
/// two, combining marks none.
enum TextWidth {
  static func of(_ text: String) -> Int {
    text.unicodeScalars.reduce(0) { $0 + width(of: $1) }
  }

  private static func width(of scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value < 0x300 { return value < 0x20 ? 0 : 1 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return 0
    default: break
    }
    if (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value)
      || (0xAC00...0xD7A3).contains(value) || (0xF900...0xFAFF).contains(value)
      || (0xFE30...0xFE4F).contains(value) || (0xFF00...0xFF60).contains(value)
      || (0xFFE0...0xFFE6).contains(value) || (0x1F300...0x1FAFF).contains(value)
      || (0x20000...0x3FFFD).contains(value)
    {
      return 2
    }
    return 1
  }
}
