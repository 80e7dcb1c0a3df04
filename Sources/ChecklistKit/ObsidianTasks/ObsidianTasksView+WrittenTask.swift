/// The task an edited item of chk's view says, in the plugin's format: what
/// `writingBack` writes for a task the edit changed or made.
extension ObsidianTasksView {
  /// The task an edited item says: the source task (the one the line was) with the
  /// item's name, box and fields, or a new task.
  static func writtenTask(
    _ item: ChecklistItem, viewLine: [UInt8], source: ObsidianTask?, quote: String,
    settings: ObsidianTaskSettings, today: CalendarDay, line: Int,
    options: WriteBackOptions = WriteBackOptions()
  ) throws(WriteBackError) -> ObsidianTask {
    func refuse(_ reason: String) -> WriteBackError { WriteBackError(line: line, reason: reason) }
    var task = source ?? ObsidianTask(description: "")
    task.format = settings.format
    let prefix = viewLine.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    let marker = viewLine.dropFirst(prefix.count).prefix { $0 != UInt8(ascii: " ") }
    task.indentation = quote + String(decoding: prefix, as: UTF8.self)
    task.listMarker = String(decoding: marker, as: UTF8.self)
    if item.note != nil, !options.dropsNotes {
      throw refuse(
        "the Obsidian Tasks format has no notes: write it in the name, or on a line of its own")
    }
    var tags: [String: String] = [:]
    for tag in item.tags where tag.key != lineKey {
      guard let key = Self.writtenKeys.first(where: { $0 == tag.key }), let value = tag.value else {
        throw refuse(
          "@\(tag.key) has no place in the Obsidian Tasks format (checklist(5), OBSIDIAN TASKS)")
      }
      tags[key] = value
    }
    let oldType = source.map { settings.status($0.statusSymbol).type }
    let wasClosed = oldType.map { [.done, .cancelled, .nonTask].contains($0) } ?? false
    let statusChanges = source == nil || item.isChecked != wasClosed
    if statusChanges {
      let type: ObsidianTaskSettings.StatusType = item.isChecked ? .done : .todo
      task.statusSymbol =
        settings.statuses.first { $0.type == type }?.symbol ?? (item.isChecked ? "x" : " ")
    }
    let type = settings.status(task.statusSymbol).type
    // chk's time and reminder go at the end of the description (the plugin has none).
    let old = source?.chkFields
    var due = tags["due"].map { $0.split(separator: " ", maxSplits: 1).map(String.init) } ?? []
    if due.count == 1, ClockTime(due[0]) != nil { due.insert("", at: 0) }
    var name = item.name == old?.name ? old?.name ?? item.name : item.name
    if name != old?.name {
      // A new name must read back as itself: no `%%`, which opens an Obsidian comment
      // that hides the tasks after it, and no end chk would read as its own fields.
      if name.contains("%%") {
        throw refuse("'%%' in a name opens an Obsidian comment, which hides the tasks after it")
      }
      if ObsidianTask(description: name).chkFields.name != name {
        throw refuse("the name ends in what chk reads as its own @due or @remind: reword it")
      }
      // A vault with a global filter reads only the tasks that hold it.
      let filter = settings.globalFilter
      if !filter.isEmpty, !name.contains(filter) { name = filter + " " + name }
    }
    task.description = ObsidianTask.description(
      name: name, dueTime: due.count == 2 ? due[1] : nil, remind: tags["remind"])
    if task.description.isEmpty, source == nil { throw refuse("the name is empty") }
    task.dueDate = due.first.flatMap { $0.isEmpty ? nil : $0 }
    // The dates as chk's tags say; a status changed here keeps only its own date, as
    // the plugin's status changes do.
    task.doneDate = statusChanges && type != .done ? nil : tags["done"]
    task.cancelledDate = statusChanges && type != .cancelled ? nil : tags["cancelled"]
    task.scheduledDate = tags["scheduled"]
    task.startDate = tags["start"]
    task.createdDate =
      tags["created"] ?? (source == nil && settings.setsCreatedDate ? today.description : nil)
    if let name = tags["priority"] {
      guard
        let level = ObsidianTask.Priority.allCases.first(where: { $0.name == name.lowercased() })
      else {
        throw refuse("'\(name)' is no priority: write highest, high, medium, normal, low or lowest")
      }
      task.priority = level
    } else {
      task.priority = .none
    }
    task.dependsOn = (tags["depends"] ?? "").split(separator: ",").map { String($0) }
    // An ID chk made for a task that had none is not written: the plugin's IDs are for
    // dependencies. A task's own ID the view did not show (one chk does not read, over
    // 32 characters) stays.
    if let source, !source.id.isEmpty, !ChecklistDocument.isValidID(source.id) {
      task.id = source.id
    } else if options.keepsIDs || source.map({ !$0.id.isEmpty }) ?? false {
      task.id = tags["id"] ?? ""
    } else if source == nil {
      task.id = ""
    }
    let oldEvery = source?.recurrence.flatMap { ObsidianRecurrence($0)?.chkEvery }
    if tags["every"] != oldEvery {
      task.recurrence = try tags["every"].map { every throws(WriteBackError) in
        guard let rule = pluginRule(every) else {
          throw refuse("'\(every)' is no rule the plugin reads")
        }
        return rule
      }
    } else {
      task.recurrence = tags["recurrence"]
    }
    // Read back, the line must be this task, every field (a value holding a signifier,
    // `@start(2026-01-01 ⏫)`, would read as another field).
    func normal(_ task: ObsidianTask) -> ObsidianTask {
      var task = task
      task.body = ""
      task.recurrence = task.recurrence.map { ObsidianRecurrence($0)?.text ?? $0 }
      return task
    }
    guard let read = ObsidianTask(line: task.line, format: task.format),
      normal(read) == normal(task)
    else {
      throw refuse(
        "the plugin would not read '\(item.name)' as written: its end reads as one of its fields")
    }
    return task
  }

  /// The tags of chk's view a task line holds.
  static let writtenKeys = [
    "due", "remind", "done", "every", "priority", "scheduled", "start", "created", "cancelled",
    "depends",
    "recurrence", "id",
  ]

  /// The plugin's rule for an `@every` value: `2 weeks` → `every 2 weeks`, `monday` →
  /// `every week on Monday`, `from done` → `when done`.
  static func pluginRule(_ every: String) -> String? {
    guard let recurrence = Recurrence(every) else { return nil }
    var words = recurrence.description.split(separator: " ").map(String.init)
    if recurrence.fromDone { words.removeLast(2) }
    var rule: String
    if case .dayOfWeek(let day) = recurrence.unit {
      rule = "every week on " + ObsidianRecurrence.dayNames[day - 1]
    } else {
      rule = "every " + words.joined(separator: " ")
    }
    if recurrence.fromDone { rule += " when done" }
    return ObsidianRecurrence(rule)?.text
  }
}
