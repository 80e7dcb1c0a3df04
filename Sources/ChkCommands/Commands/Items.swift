import ChecklistKit
import ChkWorkspace

/// The commands that add, change, remove and move items.
extension Command {
  static let add = Command(
    "add",
    "TEXT... [--list NAME] [--after ITEM | --before ITEM | --under ITEM | --top] "
      + "[--note TEXT] [--due DATE]",
    "add an unchecked item with a new ID (at the end of the list unless told otherwise)",
    options: [
      .value("list", "l", "NAME", "the list to add to"),
      .value("after", nil, "ITEM", "place it after ITEM, as its sibling"),
      .value("before", nil, "ITEM", "place it before ITEM, as its sibling"),
      .value("under", nil, "ITEM", "place it as ITEM's last sub-item"),
      .flag("top", nil, "place it at the top of the list"),
      .value("note", nil, "TEXT", "give it a note"),
      .value("due", nil, "DATE", "give it a due date (YYYY-MM-DD)"),
    ], edits: true
  ) { invocation throws(CommandError) in
    guard !invocation.operands.isEmpty else {
      throw .usage("add needs the item's text: chk add TEXT...")
    }
    try invocation.exclusive("after", "before", "under", "top")
    try invocation.exclusive("list", "after")
    try invocation.exclusive("list", "before")
    try invocation.exclusive("list", "under")
    let name = invocation.operands.joined(separator: " ")
    let due = try invocation.day("due")
    let target = try invocation.singleItemTarget(nil, anchors: anchorOptions)
    return try invocation.edit(at: target.path) { document, path throws(CommandError) in
      let resolver = ItemResolver(document, path: path)
      let arguments = invocation.arguments
      let position: ItemPosition
      var place: String
      if let anchor = try relativePosition(target.anchors, resolver) {
        (position, place) = anchor
      } else {
        let list =
          try arguments.value("list").map { name throws(CommandError) in
            try resolver.resolveList(name)
          } ?? defaultList(of: document)
        position = arguments.has("top") ? .start(of: list) : .end(of: list)
        place = (arguments.has("top") ? "at the top of " : "to ") + describe(list, in: document)
      }
      let id = try invocation.perform(path) { () throws(EditError) in
        try document.addItem(named: name, at: position, note: arguments.value("note"), dueDate: due)
      }
      return [
        "added "
          + Invocation.label(
            ItemResolver.label(of: .id(id), in: document), in: path, explicit: target.explicit)
          + " " + place
      ]
    }
  }

  static let check = Command(
    "check", "ITEM... [--date DATE | --no-date] [--no-repeat]",
    "check items; @done is today unless told otherwise",
    options: [
      .value("date", nil, "DATE", "the @done date (YYYY-MM-DD); replaces an existing one"),
      .flag("no-date", nil, "add no @done date"),
      .flag("no-repeat", nil, "do not add the next occurrence of an item with @every"),
    ], edits: true
  ) { invocation throws(CommandError) in
    try invocation.exclusive("date", "no-date")
    let date = try invocation.day("date")
    return try invocation.setChecked(.check, date: date)
  }

  static let uncheck = Command(
    "uncheck", "ITEM...", "uncheck items and remove their @done dates", edits: true
  ) { invocation throws(CommandError) in
    try invocation.setChecked(.uncheck, date: nil)
  }

  static let toggle = Command(
    "toggle", "ITEM... [--date DATE | --no-date] [--no-repeat]",
    "check unchecked items and uncheck checked ones",
    options: [
      .value("date", nil, "DATE", "the @done date for items being checked"),
      .flag("no-date", nil, "add no @done date"),
      .flag("no-repeat", nil, "do not add the next occurrence of an item with @every"),
    ], edits: true
  ) { invocation throws(CommandError) in
    try invocation.exclusive("date", "no-date")
    let date = try invocation.day("date")
    return try invocation.setChecked(.toggle, date: date)
  }

  static let edit = Command(
    "edit",
    "ITEM [--name TEXT] [--note TEXT | --no-note] [--due DATE | --no-due] "
      + "[--done DATE | --no-done]",
    "change an item's name, note or dates",
    options: [
      .value("name", nil, "TEXT", "the new name"),
      .value("note", nil, "TEXT", "the new note"),
      .flag("no-note", nil, "remove the note"),
      .value("due", nil, "DATE", "the new due date"),
      .flag("no-due", nil, "remove the due date"),
      .value("done", nil, "DATE", "the new @done date"),
      .flag("no-done", nil, "remove the @done date"),
    ], edits: true
  ) { invocation throws(CommandError) in
    try invocation.expectOperands(1...1, "one ITEM")
    try invocation.exclusive("note", "no-note")
    try invocation.exclusive("due", "no-due")
    try invocation.exclusive("done", "no-done")
    let arguments = invocation.arguments
    let changes = ["name", "note", "no-note", "due", "no-due", "done", "no-done"].filter(
      arguments.has)
    guard !changes.isEmpty else {
      throw .usage("edit needs something to change: --name, --note, --due or --done (or --no-...)")
    }
    let due = try invocation.day("due")
    let done = try invocation.day("done")
    let target = try invocation.singleItemTarget(invocation.operands[0], anchors: [])
    return try invocation.edit(at: target.path) { document, path throws(CommandError) in
      let item = try ItemResolver(document, path: path).resolve(target.item ?? "")
      try invocation.perform(path) { () throws(EditError) in
        if let name = arguments.value("name") { try document.rename(item, to: name) }
        if let note = arguments.value("note") { try document.setNote(note, of: item) }
        if arguments.has("no-note") { try document.setNote(nil, of: item) }
        if let due { try document.setDueDate(due, of: item) }
        if arguments.has("no-due") { try document.setDueDate(nil, of: item) }
        if let done { try document.setDoneDate(done, of: item) }
        if arguments.has("no-done") { try document.setDoneDate(nil, of: item) }
      }
      let fields = changes.map { $0.hasPrefix("no-") ? String($0.dropFirst(3)) : $0 }
      return [
        "edited "
          + Invocation.label(
            ItemResolver.label(of: item, in: document), in: path, explicit: target.explicit)
          + ": "
          + fields.joined(separator: ", ")
      ]
    }
  }

  static let remove = Command(
    "rm", "ITEM...", "remove items with their sub-items", edits: true
  ) { invocation throws(CommandError) in
    try invocation.expectOperands(1...Int.max, "one or more ITEMs")
    for (file, operands, explicit) in try invocation.itemsByFile(invocation.operands) {
      _ = try removeItems(operands, from: file, explicit: explicit, invocation)
    }
    return .success
  }

  static func removeItems(
    _ operands: [String], from file: UserPath, explicit: Bool, _ invocation: Invocation
  ) throws(CommandError) -> ExitCode {
    try invocation.edit(at: file) { document, path throws(CommandError) in
      let items = try ItemResolver(document, path: path).resolveAll(operands)
      let owned = items.compactMap { document.lines(ownedBy: $0) }
      // An item inside another one being removed goes with it.
      let roots = owned.filter { range in
        !owned.contains { other in other != range && other.contains(range.lowerBound) }
      }
      var messages: [String] = []
      for range in roots {
        let item = document.item(at: .line(range.lowerBound))
        let count = item.map { Self.descendantCount(of: $0) } ?? 0
        let label = Invocation.label(
          item.map(ItemResolver.label(of:)) ?? "line \(range.lowerBound)", in: path,
          explicit: explicit)
        messages.append(
          "removed " + label
            + (count == 0 ? "" : " and \(count) sub-item" + (count == 1 ? "" : "s")))
      }
      for range in roots.sorted(by: { $0.lowerBound > $1.lowerBound }) {
        try invocation.perform(path) { () throws(EditError) in
          try document.deleteItem(.line(range.lowerBound))
        }
      }
      return messages
    }
  }

  static let move = Command(
    "mv", "ITEM (--list NAME | --after ITEM | --before ITEM | --under ITEM | --top | --bottom)",
    "move an item with its sub-items within its list, to another list, or under another item",
    options: [
      .value("list", "l", "NAME", "move it to this list (to the end, or with --top)"),
      .value("after", nil, "ITEM", "move it after ITEM"),
      .value("before", nil, "ITEM", "move it before ITEM"),
      .value("under", nil, "ITEM", "make it ITEM's last sub-item"),
      .flag("top", nil, "move it to the top of its list (or of --list)"),
      .flag("bottom", nil, "move it to the bottom of its list (or of --list)"),
    ], edits: true
  ) { invocation throws(CommandError) in
    try invocation.expectOperands(1...1, "one ITEM")
    try invocation.exclusive("after", "before", "under", "top", "bottom")
    for option in ["after", "before", "under"] { try invocation.exclusive("list", option) }
    let arguments = invocation.arguments
    guard ["list", "after", "before", "under", "top", "bottom"].contains(where: arguments.has)
    else {
      throw .usage("mv needs a destination: --list, --after, --before, --under, --top or --bottom")
    }
    let target = try invocation.singleItemTarget(invocation.operands[0], anchors: anchorOptions)
    return try invocation.edit(at: target.path) { document, path throws(CommandError) in
      let resolver = ItemResolver(document, path: path)
      let item = try resolver.resolve(target.item ?? "")
      let position: ItemPosition
      let place: String
      if let anchor = try relativePosition(target.anchors, resolver) {
        (position, place) = anchor
      } else {
        let list =
          try arguments.value("list").map { name throws(CommandError) in
            try resolver.resolveList(name)
          } ?? document.list(containing: item) ?? .unnamed
        position = arguments.has("top") ? .start(of: list) : .end(of: list)
        place =
          (arguments.has("top") ? "to the top of " : "to the end of ")
          + describe(list, in: document)
      }
      let id = try invocation.perform(path) { () throws(EditError) in
        let id = try document.assignID(to: item)
        try document.moveItem(.id(id), to: position)
        return id
      }
      return [
        "moved "
          + Invocation.label(
            ItemResolver.label(of: .id(id), in: document), in: path, explicit: target.explicit)
          + " " + place
      ]
    }
  }

  // MARK: - Shared

  /// The list `chk add` uses without `--list`: the first list that has items; in a file
  /// without items, the last list; in a file without headings, the unnamed list.
  static func defaultList(of document: ChecklistDocument) -> ListReference {
    let lists = document.listOutlines
    if let first = lists.first(where: { $0.itemCount > 0 }) {
      return first.list.line.map { .line($0) } ?? .unnamed
    }
    return lists.last?.list.line.map { .line($0) } ?? .unnamed
  }

  /// The options that name an item as a position.
  static let anchorOptions = ["after", "before", "under"]

  /// `--after`, `--before` or `--under ITEM` (their ITEMs, without any `FILE:`),
  /// resolved, with how confirmations say it; `nil` when none is given.
  static func relativePosition(_ anchors: [String: String], _ resolver: ItemResolver)
    throws(CommandError) -> (ItemPosition, String)?
  {
    let document = resolver.document
    if let text = anchors["after"] {
      let target = try resolver.resolve(text)
      return (.after(target), "after " + ItemResolver.label(of: target, in: document))
    }
    if let text = anchors["before"] {
      let target = try resolver.resolve(text)
      return (.before(target), "before " + ItemResolver.label(of: target, in: document))
    }
    if let text = anchors["under"] {
      let target = try resolver.resolve(text)
      return (.under(target), "under " + ItemResolver.label(of: target, in: document))
    }
    return nil
  }

  /// How many sub-items an item has, at every depth.
  static func descendantCount(of item: ChecklistItem) -> Int {
    var count = 0
    var pending = item.children
    while let next = pending.popLast() {
      count += 1
      pending += next.children
    }
    return count
  }

  /// How confirmations name a list: `"Groceries"`.
  static func describe(_ list: ListReference, in document: ChecklistDocument) -> String {
    switch list {
    case .unnamed: return "the items before the first heading"
    case .name(let name): return "\"\(name)\""
    case .id(let id):
      return "\"\(document.listOutlines.first { $0.list.id == id }?.list.name ?? id)\""
    case .line(let line):
      let name = document.listOutlines.first { $0.list.line == line }?.list.name
      return "\"\(name ?? "line \(line)")\""
    }
  }
}

extension Invocation {
  /// `check`, `uncheck` and `toggle`, through the library's one check path: an item
  /// checked now that has `@every` and `@due` gets its next recurrence below it,
  /// unless `--no-repeat`.
  func setChecked(_ action: ChecklistDocument.CheckChange.Action, date: CalendarDay?)
    throws(CommandError) -> ExitCode
  {
    try expectOperands(1...Int.max, "one or more ITEMs")
    let today = environment.today
    let doneDay = arguments.has("no-date") ? nil : date ?? today
    let change = ChecklistDocument.CheckChange(
      action, doneDay: doneDay, today: today, redatesCheckedItems: date != nil,
      addsRecurrences: action != .uncheck && !arguments.has("no-repeat"))
    for (file, operands, explicit) in try itemsByFile(operands) {
      _ = try edit(at: file) { document, path throws(CommandError) in
        func label(_ item: ItemReference) -> String {
          Invocation.label(
            ItemResolver.label(of: item, in: document), in: path, explicit: explicit)
        }
        let items = try ItemResolver(document, path: path).resolveAll(operands)
        let outcomes: [ChecklistDocument.CheckOutcome]
        do throws(EditError) {
          outcomes = try document.setChecked(items, change)
        } catch {
          var failure = CommandError.edit(error, path: path.shown)
          if case .unsupportedPosition = error {
            failure.message += "; or check it with --no-repeat and add the next one by hand"
          }
          throw failure
        }
        var messages: [String] = []
        var warnings: [(line: Int, text: String)] = []
        for outcome in outcomes {
          let verb: String
          switch (outcome.wasChecked, outcome.isChecked) {
          case (true, false): verb = "unchecked "
          case (false, false): verb = "already unchecked "
          case (true, true): verb = date == nil ? "already checked " : "checked "
          case (false, true): verb = "checked "
          }
          messages.append(verb + label(.line(outcome.line)))
          switch outcome.recurrence {
          case .added(let id, let due)?:
            messages.append("added the next one: " + label(.id(id)) + " due \(due)")
          case .alreadyThere(let due)?:
            messages.append("the next one (due \(due)) is already below it")
          case .cannotRecur(let reason)?:
            // The item is checked all the same; the series ends here, loudly.
            warnings.append(
              (
                outcome.line,
                "chk: \(path.shown): line \(outcome.line): no next occurrence added: "
                  + "\(reason); fix its @every or @due (see 'chk lint')"
              ))
          case .notRecurring?, nil:
            break
          }
        }
        for warning in warnings.sorted(by: { $0.line < $1.line }) { errors.line(warning.text) }
        return messages
      }
    }
    return .success
  }

}
