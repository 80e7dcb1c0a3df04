import ChecklistKit
import ChkWorkspace

/// The commands that add, change, remove and move items.
extension Command {
  static let add = Command(
    "add", operands: [.oneOrMore("TEXT")],
    "add an unchecked item with a new ID (at the end of the list unless told otherwise)",
    options: [
      .list.described("the list to add to"), .after, .before, .under, .top,
      .note.described("give it a note"),
      .due.described("give it a due day, and optionally a time ('fri 17:00')"),
      .every.described("make it come back when checked (needs --due): week, '2 weeks', ..."),
      .remind.described("when to be reminded (09:00, '30 minutes before', off)"),
    ],
    exclusive: [[.after, .before, .under, .top]],
    conflicts: [(.list, .after), (.list, .before), (.list, .under)], edits: true
  ) { invocation throws(CommandError) in
    let name = invocation.operands.joined(separator: " ")
    let due = try invocation.dueMoment(.due)
    let recurrence = try invocation.recurrence(.every)
    if recurrence != nil, due == nil {
      throw .usage("--every needs --due: the first day it is due")
    }
    let reminder = try invocation.reminder(.remind)
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
          try arguments.value(.list).map { name throws(CommandError) in
            try resolver.resolveList(name)
          } ?? defaultList(of: document)
        position = arguments.has(.top) ? .start(of: list) : .end(of: list)
        place = (arguments.has(.top) ? "at the top of " : "to ") + describe(list, in: document)
      }
      let id = try invocation.perform(path) { () throws(EditError) in
        try document.addItem(
          named: name, at: position, note: arguments.value(.note), due: due, reminder: reminder,
          recurrence: recurrence)
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
    "check", operands: [.oneOrMore("ITEM")], "check items; @done is today unless told otherwise",
    options: [
      .date.described("the @done date (YYYY-MM-DD); replaces an existing one"), .noDate,
      .noRepeat,
    ],
    exclusive: [[.date, .noDate]], edits: true
  ) { invocation throws(CommandError) in
    let date = try invocation.day(.date)
    return try invocation.setChecked(.check, date: date)
  }

  static let uncheck = Command(
    "uncheck", operands: [.oneOrMore("ITEM")], "uncheck items and remove their @done dates",
    edits: true
  ) { invocation throws(CommandError) in
    try invocation.setChecked(.uncheck, date: nil)
  }

  static let toggle = Command(
    "toggle", operands: [.oneOrMore("ITEM")], "check unchecked items and uncheck checked ones",
    options: [.date.described("the @done date for items being checked"), .noDate, .noRepeat],
    exclusive: [[.date, .noDate]], edits: true
  ) { invocation throws(CommandError) in
    let date = try invocation.day(.date)
    return try invocation.setChecked(.toggle, date: date)
  }

  static let edit = Command(
    "edit", operands: [.one("ITEM")], "change an item's name, note, dates, repeat or reminder",
    options: [
      .name, .note.described("the new note"), .noNote,
      .due.described("the new due day, and optionally time ('2024-06-01 09:30', 'fri 17:00')"),
      .noDue, .every.described("make it come back when checked (it needs a due day)"), .noEvery,
      .remind.described("when to be reminded (09:00, '30 minutes before', off)"),
      .noRemind, .doneDate, .noDone, .priority, .scheduled, .noScheduled, .start, .noStart,
    ],
    exclusive: [
      [.note, .noNote], [.due, .noDue], [.every, .noEvery], [.remind, .noRemind],
      [.doneDate, .noDone], [.scheduled, .noScheduled], [.start, .noStart],
    ],
    conflicts: [(.every, .noDue)], edits: true
  ) { invocation throws(CommandError) in
    let arguments = invocation.arguments
    let changes = [
      Option.name, .note, .noNote, .due, .noDue, .every, .noEvery, .remind, .noRemind, .doneDate,
      .noDone, .priority, .scheduled, .noScheduled, .start, .noStart,
    ].filter(arguments.has)
    guard !changes.isEmpty else {
      throw .usage(
        "edit needs something to change: --name, --note, --due, --every, --remind or --done "
          + "(or --no-...)")
    }
    let due = try invocation.dueMoment(.due)
    let recurrence = try invocation.recurrence(.every)
    let reminder = try invocation.reminder(.remind)
    let done = try invocation.day(.doneDate)
    let target = try invocation.singleItemTarget(invocation.operands[0], anchors: [])
    // The Obsidian Tasks plugin's other fields, as the view's tags (written back as its
    // signifiers); in chk's own format they are no fields.
    let vaultFields = try Command.vaultFields(invocation)
    let dialect = try invocation.dialect(for: target.path)
    if !vaultFields.isEmpty, dialect == .chk {
      throw .usage(
        "\(target.path.shown): --priority, --scheduled and --start are fields of the Obsidian "
          + "Tasks format: they edit a vault's tasks only")
    }
    return try invocation.edit(at: target.path, dialect: dialect) {
      document, path throws(CommandError) in
      let item = try ItemResolver(document, path: path).resolve(target.item ?? "")
      if recurrence != nil, due == nil, document.item(at: item)?.dueDate == nil {
        throw .usage("--every needs a due day: give the item one with --due too")
      }
      if arguments.has(.noDue), !arguments.has(.noEvery),
        let every = document.item(at: item)?.tagValue("every")
      {
        throw .usage(
          "\(path): the item repeats (@every \(every)), and a repeat needs a due day: "
            + "add --no-every to remove both")
      }
      let before = document.item(at: item)
      try invocation.perform(path) { () throws(EditError) in
        if let name = arguments.value(.name) { try document.rename(item, to: name) }
        if let note = arguments.value(.note) { try document.setNote(note, of: item) }
        if arguments.has(.noNote) { try document.setNote(nil, of: item) }
        if let due { try document.setDue(due, of: item) }
        if arguments.has(.noDue) { try document.setDue(nil, of: item) }
        if let recurrence { try document.setRecurrence(recurrence, of: item) }
        if arguments.has(.noEvery) { try document.setRecurrence(nil, of: item) }
        if let reminder { try document.setReminder(reminder, of: item) }
        if arguments.has(.noRemind) { try document.setReminder(nil, of: item) }
        if let done { try document.setDoneDate(done, of: item) }
        if arguments.has(.noDone) { try document.setDoneDate(nil, of: item) }
        for (key, value) in vaultFields { try document.setTag(named: key, to: value, of: item) }
      }
      let fields = changes.map { $0.name.hasPrefix("no-") ? String($0.name.dropFirst(3)) : $0.name }
      let label = Invocation.label(
        ItemResolver.label(of: item, in: document), in: path, explicit: target.explicit)
      // Already as asked (a tag removed that is not there): the line keeps its bytes.
      if document.item(at: item) == before {
        return [
          "nothing to edit: " + label + " is already so (" + fields.joined(separator: ", ") + ")"
        ]
      }
      return ["edited " + label + ": " + fields.joined(separator: ", ")]
    }
  }

  static let remove = Command(
    "rm", operands: [.oneOrMore("ITEM")], "remove items with their sub-items", edits: true
  ) { invocation throws(CommandError) in
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
          item.map { $0.label() } ?? "line \(range.lowerBound)", in: path,
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
    "mv", operands: [.one("ITEM")],
    "move an item with its sub-items within its list, to another list, or under another item",
    options: [
      .list.described("move it to this list (to the end, or with --top)"),
      .after.described("move it after ITEM"), .before.described("move it before ITEM"),
      .under.described("make it ITEM's last sub-item"),
      .top.described("move it to the top of its list (or of --list)"),
      .bottom.described("move it to the bottom of its list (or of --list)"),
    ],
    exclusive: [[.after, .before, .under, .top, .bottom]],
    required: [.list, .after, .before, .under, .top, .bottom],
    conflicts: [(.list, .after), (.list, .before), (.list, .under)], edits: true
  ) { invocation throws(CommandError) in
    let arguments = invocation.arguments
    let target = try invocation.singleItemTarget(invocation.operands[0], anchors: anchorOptions)
    // `--list FILE:LIST`, a list of another file: the item goes there.
    if let value = arguments.value(.list), case let split = try invocation.addressed(value),
      let destination = split.path,
      POSIX.identity(of: destination.absolute) != POSIX.identity(of: target.path.absolute)
    {
      return try moveAcrossFiles(
        invocation, item: target.item ?? "", from: target.path, to: destination, list: split.item)
    }
    return try invocation.edit(at: target.path) { document, path throws(CommandError) in
      let resolver = ItemResolver(document, path: path)
      let item = try resolver.resolve(target.item ?? "")
      let position: ItemPosition
      let place: String
      if let anchor = try relativePosition(target.anchors, resolver) {
        (position, place) = anchor
      } else {
        let list =
          try arguments.value(.list).map { name throws(CommandError) in
            try resolver.resolveList(name)
          } ?? document.list(containing: item) ?? .unnamed
        position = arguments.has(.top) ? .start(of: list) : .end(of: list)
        place =
          (arguments.has(.top) ? "to the top of " : "to the end of ")
          + describe(list, in: document)
      }
      let unmoved = document
      let id = try invocation.perform(path) { () throws(EditError) in
        try document.assignID(to: item)
      }
      let moved = try invocation.perform(path) { () throws(EditError) in
        try document.moveItem(.id(id), to: position)
      }
      // An item already where it was asked to go: nothing changes, not even an ID
      // given, and there is nothing to undo.
      guard moved else {
        document = unmoved
        let label = Invocation.label(
          ItemResolver.label(of: item, in: document), in: path, explicit: target.explicit)
        let already = place.hasPrefix("to the ") ? "at the " + place.dropFirst(7) : place
        return ["nothing to move: \(label) is already \(already)"]
      }
      let label = Invocation.label(
        ItemResolver.label(of: .id(id), in: document), in: path, explicit: target.explicit)
      return ["moved \(label) \(place)"]
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
  static let anchorOptions: [Option] = [.after, .before, .under]

  /// `--after`, `--before` or `--under ITEM` (their ITEMs, without any `FILE:`),
  /// resolved, with how confirmations say it; `nil` when none is given.
  static func relativePosition(_ anchors: [Option: String], _ resolver: ItemResolver)
    throws(CommandError) -> (ItemPosition, String)?
  {
    let document = resolver.document
    if let text = anchors[.after] {
      let target = try resolver.resolve(text)
      return (.after(target), "after " + ItemResolver.label(of: target, in: document))
    }
    if let text = anchors[.before] {
      let target = try resolver.resolve(text)
      return (.before(target), "before " + ItemResolver.label(of: target, in: document))
    }
    if let text = anchors[.under] {
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
    let today = environment.today
    let doneDay = arguments.has(.noDate) ? nil : date ?? today
    let change = ChecklistDocument.CheckChange(
      action, doneDay: doneDay, today: today, redatesCheckedItems: date != nil,
      addsRecurrences: action != .uncheck && !arguments.has(.noRepeat))
    for (file, operands, explicit) in try itemsByFile(operands) {
      let dialect = try dialect(for: file)
      if case .obsidianTasks(let settings, _) = dialect {
        try setCheckedInVault(
          action, date: date, file: file, operands: operands, explicit: explicit,
          settings: settings)
        continue
      }
      _ = try edit(at: file, dialect: dialect) { document, path throws(CommandError) in
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
