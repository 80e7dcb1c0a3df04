import ChecklistKit
import ChkWorkspace

/// `chk due`, and the many-file views of `chk list --in` and `chk lists --in`.
extension Command {
  static let due = Command(
    "due", operands: [.paths],
    "the open items with a @due day, across files: overdue, today, this week, later",
    options: [.until, .today, .sort, .json, .failOnOverdue, .verbose]
  ) { invocation throws(CommandError) in
    let files = try ParsedChecklists.load(invocation, paths: invocation.operands)
    let today = try invocation.day(.today) ?? invocation.environment.today
    let until = try invocation.day(.until)
    let sort = try ItemSort(invocation, default: .due)
    let documents = files.documents
    let now = invocation.environment.now
    let agenda = Agenda(
      documents.map(\.document), today: today, until: until,
      now: now.day == today ? now.time : nil)
    var entries = agenda.entries.map { entry in
      let file = documents[entry.file]
      return AgendaEntry(
        file: entry.file, path: file.path.shown, list: entry.list, item: entry.item,
        number: file.numbers.number(ofLine: entry.item.line) ?? 0, section: entry.section,
        reminders: file.reminders)
    }
    // The agenda's own order is `--sort due`'s.
    if sort != .due { entries = sort.order(entries).map { entries[$0] } }
    if invocation.arguments.has(.json) {
      invocation.output.writeExact(AgendaEntry.json(entries) + [UInt8(ascii: "\n")])
    } else {
      AgendaEntry.print(entries, today: today, invocation)
    }
    let status = files.finish(invocation)
    if status != .success { return status }
    if invocation.arguments.has(.failOnOverdue),
      entries.contains(where: { $0.section == .overdue })
    {
      let count = entries.count { $0.section == .overdue }
      invocation.errors.line("chk: \(count) item\(count == 1 ? " is" : "s are") overdue")
      return .failure
    }
    return .success
  }

  /// `chk list --in PATH...`: each file's lists, under the file's name.
  static func listFiles(_ invocation: Invocation, paths: [String]) throws(CommandError)
    -> ExitCode
  {
    let files = try ParsedChecklists.load(invocation, paths: paths)
    let sort = try ItemSort(invocation)
    let options = try FilterOptions(invocation)
    let json = invocation.arguments.has(.json)
    let style = invocation.style
    let today = invocation.environment.today
    let (isTerminal, visible) = (invocation.output.isTerminal, invocation.output.visible)
    let documents = files.documents
    // Each file filtered and rendered in parallel; written in order.
    let rendered = Parallel.map(documents.count) { index -> Result<[UInt8]?, CommandError> in
      let file = documents[index]
      let filter: ItemFilter
      do throws(CommandError) {
        filter = try ItemFilter(options, resolver: ItemResolver(file.document, path: file.path))
      } catch {
        // A list named with --list need only be in some of the files.
        return options.listName == nil ? .failure(error) : .success(nil)
      }
      if !json, filter.isEmpty, filter.listName == nil, sort == .file {
        // Everything, in file order: printed from the outline, as `chk list` does.
        guard file.document.hasItems else { return .success([]) }
        let output = ByteOutput(isTerminal: isTerminal)
        output.visible = visible
        output.lineExact(fileHeading(file.path, style: style, output: output))
        ListPrinter(style: style, numbers: file.numbers, today: today)
          .printAll(file.document, to: output)
        return .success(output.bytes)
      }
      let lists = sort.apply(to: filter.apply(to: file.document.lists))
      if json {
        return .success(
          DocumentJSON.render(
            file: file.path.shown, lists: lists, numbers: file.numbers, reminders: file.reminders))
      }
      if lists.allSatisfy({ $0.items.isEmpty }) { return .success([]) }
      let output = ByteOutput(isTerminal: isTerminal)
      output.visible = visible
      output.lineExact(fileHeading(file.path, style: style, output: output))
      ListPrinter(style: style, numbers: file.numbers, today: today)
        .print(lists, to: output, showEmpty: false)
      return .success(output.bytes)
    }
    var chunks: [[UInt8]] = []
    for result in rendered {
      switch result {
      case .failure(let error): throw error
      case .success(let bytes?): chunks.append(bytes)
      case .success(nil): break
      }
    }
    if let name = options.listName, chunks.isEmpty, !documents.isEmpty {
      throw .usage("no list named '\(name)' in any of the \(documents.count) files")
    }
    if json {
      var output: [UInt8] = [UInt8(ascii: "[")]
      for (index, chunk) in chunks.enumerated() {
        output += (index == 0 ? "\n" : ",\n").utf8
        output += chunk
      }
      output += (chunks.isEmpty ? "]\n" : "\n]\n").utf8
      invocation.output.writeExact(output)
    } else {
      var first = true
      for chunk in chunks where !chunk.isEmpty {
        if !first { invocation.output.line() }
        first = false
        invocation.output.writeExact(chunk)
      }
    }
    return files.finish(invocation)
  }

  /// `chk lists --in PATH...`: each file's lists with their counts.
  static func listsOfFiles(_ invocation: Invocation, paths: [String]) throws(CommandError)
    -> ExitCode
  {
    let files = try ParsedChecklists.load(invocation, paths: paths)
    if invocation.arguments.has(.json) {
      var output: [UInt8] = [UInt8(ascii: "[")]
      for (index, file) in files.documents.enumerated() {
        output += (index == 0 ? "\n" : ",\n").utf8
        let lists = file.document.lists.map { FilteredList(list: $0, items: $0.items) }
        output += DocumentJSON.render(
          file: file.path.shown, lists: lists, numbers: file.numbers, reminders: file.reminders)
      }
      output += (files.documents.isEmpty ? "]\n" : "\n]\n").utf8
      invocation.output.writeExact(output)
    } else {
      for (index, file) in files.documents.enumerated() {
        if index > 0 { invocation.output.line() }
        invocation.output.lineExact(
          fileHeading(file.path, style: invocation.style, output: invocation.output))
        printListCounts(file.document.listOutlines, invocation)
      }
    }
    return files.finish(invocation)
  }

  /// The line above each file's part of a many-file view: `==> PATH <==`.
  static func fileHeading(_ path: UserPath, style: Style, output: ByteOutput) -> String {
    style.bold("==> " + Visible.Printer(output)(path.shown) + " <==")
  }
}

/// `--sort due|done|name|file`.
enum ItemSort: String {
  case due, done, name, file

  init(_ invocation: Invocation, default: ItemSort = .file) throws(CommandError) {
    let text = invocation.arguments.value(.sort) ?? `default`.rawValue
    guard let sort = ItemSort(rawValue: text) else {
      throw .usage("--sort takes due, done, name or file, not '\(text)'")
    }
    self = sort
  }

  /// Whether `a` goes before `b` (items without the date go last; ties keep file order).
  func orders(_ a: ChecklistItem, _ b: ChecklistItem) -> Bool? {
    switch self {
    case .due: return Self.compare(a.due, b.due)
    case .done: return Self.compare(a.doneDate, b.doneDate)
    case .name:
      let (x, y) = (a.name.lowercased(), b.name.lowercased())
      return x == y ? nil : x < y
    case .file: return nil
    }
  }

  private static func compare<Value: Comparable>(_ a: Value?, _ b: Value?) -> Bool? {
    switch (a, b) {
    case (let x?, let y?): return x == y ? nil : x < y
    case (.some, nil): return true
    case (nil, .some): return false
    case (nil, nil): return nil
    }
  }

  /// The agenda's order, as indices into `entries`: by section, then this key, then due
  /// day, file and line. Each entry's keys are taken out once, so that sorting compares
  /// small values (copying an entry, with its path and item, to compare it cost more
  /// than the rest of `chk due`).
  func order(_ entries: [AgendaEntry]) -> [Int] {
    let keys = entries.map { entry in
      AgendaKey(
        section: entry.section, due: entry.item.due,
        done: self == .done ? entry.item.doneDate : nil,
        name: self == .name ? entry.item.name.lowercased() : nil, file: entry.file,
        line: entry.item.line)
    }
    return keys.indices.sorted { precedes(keys[$0], keys[$1]) }
  }

  private func precedes(_ a: AgendaKey, _ b: AgendaKey) -> Bool {
    if a.section != b.section { return a.section < b.section }
    if self == .file { return a.file != b.file ? a.file < b.file : a.line < b.line }
    let first: Bool?
    switch self {
    case .due: first = Self.compare(a.due, b.due)
    case .done: first = Self.compare(a.done, b.done)
    case .name: first = a.name == b.name ? nil : (a.name ?? "") < (b.name ?? "")
    case .file: first = nil
    }
    if let first { return first }
    if let order = Self.compare(a.due, b.due) { return order }
    if a.file != b.file { return a.file < b.file }
    return a.line < b.line
  }

  /// Sorts the items of each list, and each item's sub-items, by this key (stable).
  func apply(to lists: [FilteredList]) -> [FilteredList] {
    guard self != .file else { return lists }
    return lists.map { FilteredList(list: $0.list, items: sorted($0.items)) }
  }

  private func sorted(_ items: [ChecklistItem]) -> [ChecklistItem] {
    let ordered = items.enumerated().sorted { x, y in
      orders(x.element, y.element) ?? (x.offset < y.offset)
    }
    return ordered.map { entry in
      var item = entry.element
      if !item.children.isEmpty { item.children = sorted(item.children) }
      return item
    }
  }
}

/// One line of `chk due`.
/// What the agenda is sorted by, taken out of an entry.
private struct AgendaKey {
  var section: DueSection
  var due: DueMoment?
  var done: CalendarDay?
  /// The name, lower-cased, for `--sort name` only.
  var name: String?
  var file: Int
  var line: Int
}

struct AgendaEntry {
  typealias Section = DueSection

  var file: Int
  var path: String
  var list: String?
  var item: ChecklistItem
  var number: Int
  var section: Section
  /// The file's reminder defaults, for `remindAt`.
  var reminders: ReminderDefaults

  /// How to name the item in another command: `FILE:ID`, or `FILE:NUMBER` without an ID.
  var address: String { path + ":" + (item.id ?? String(number)) }

  static func print(_ entries: [AgendaEntry], today: CalendarDay, _ invocation: Invocation) {
    let style = invocation.style
    let visible = Visible.Printer(invocation.output)
    // Each address made once: its width sets the column.
    let addresses = entries.map { visible($0.address) }
    let widths = addresses.map(TextWidth.of)
    let width = widths.max() ?? 0
    // With any time in the view, the day column makes room for one: `2024-06-01 09:30`.
    let hasTimes = entries.contains { $0.item.dueTime != nil }
    var current: Section?
    // The lines are made as bytes and written a batch at a time: strings joined for
    // each line cost more than the rest of the command (9,000 lines of a tree of 1,000
    // files).
    var out: [UInt8] = []
    func text(_ string: String, _ out: inout [UInt8]) {
      var copy = string
      copy.withUTF8 { out.append(contentsOf: $0) }
    }
    for (index, entry) in entries.enumerated() {
      if entry.section != current {
        if current != nil { out.append(UInt8(ascii: "\n")) }
        current = entry.section
        style.append("1", &out) { text(entry.section.title, &$0) }
        out.append(UInt8(ascii: "\n"))
      }
      guard let due = entry.item.dueDate else { continue }
      let days = due.dayNumber - today.dayNumber
      out += "  ".utf8
      style.append(entry.section == .overdue ? "31" : nil, &out) { out in
        due.appendDescription(to: &out)
        guard hasTimes else { return }
        if let time = entry.item.dueTime {
          out.append(UInt8(ascii: " "))
          DecimalDigits.append(time.hour, width: 2, to: &out)
          out.append(UInt8(ascii: ":"))
          DecimalDigits.append(time.minute, width: 2, to: &out)
        } else {
          out += "      ".utf8
        }
      }
      out += "  ".utf8
      style.append("2", &out) { text(addresses[index], &$0) }
      out += repeatElement(UInt8(ascii: " "), count: max(0, width - widths[index]) + 2)
      text(visible(entry.item.name), &out)
      if days < 0 {
        style.append("2", &out) { text("  (\(-days) day\(days == -1 ? "" : "s") ago)", &$0) }
      }
      if let every = entry.item.tagValue(.every) {
        style.append("2", &out) { text("  every " + visible(every), &$0) }
      }
      out.append(UInt8(ascii: "\n"))
      if out.count >= 1 << 16 {
        invocation.output.writeExact(out)
        out.removeAll(keepingCapacity: true)
      }
    }
    invocation.output.writeExact(out)
  }

  static func json(_ entries: [AgendaEntry]) -> [UInt8] {
    var json = JSONWriter()
    json.beginArray()
    for entry in entries {
      json.beginObject()
      json.field("file", entry.path)
      json.field("list", entry.list)
      json.field("section", entry.section.key)
      json.field("number", entry.number)
      json.field("id", entry.item.id)
      json.field("name", entry.item.name)
      DocumentJSON.writeDue(entry.item, to: &json, reminders: entry.reminders)
      json.field(ChecklistTag.Key.every.name, entry.item.tagValue(.every))
      json.field("note", entry.item.note)
      json.field("line", entry.item.line)
      json.endObject()
    }
    json.endArray()
    return json.bytes
  }
}
