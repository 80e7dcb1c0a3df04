/// One task item: a `- [ ]` or `- [x]` line, with its sub-items.
public struct ChecklistItem: Sendable, Hashable {
  /// The value of the item's `@id` tag.
  public var id: String?
  /// The name as the user sees it: escapes such as `\#` decoded, surrounding blanks
  /// removed. May be empty.
  public var name: String
  /// Whether the box is `[x]` or `[X]`.
  public var isChecked: Bool
  /// The note after `  # `, trimmed; `nil` when the item has none.
  public var note: String?
  /// The day of the item's `@done` tag, when it is a real day.
  public var doneDate: CalendarDay?
  /// The day of the item's `@due` tag, when it is a real day (with or without a time).
  public var dueDate: CalendarDay?
  /// The time of the item's `@due` tag, when it has one.
  public var dueTime: ClockTime?
  /// The item's `@remind` setting, when it has a valid one.
  public var reminder: Reminder?
  /// Every tag on the line, in file order.
  public var tags: [ChecklistTag]
  /// The sub-items, in file order.
  public var children: [ChecklistItem]
  /// The 1-based line of the item in the file.
  public var line: Int

  /// Creates an item value.
  public init(
    id: String? = nil, name: String, isChecked: Bool = false, note: String? = nil,
    doneDate: CalendarDay? = nil, dueDate: CalendarDay? = nil, dueTime: ClockTime? = nil,
    reminder: Reminder? = nil, tags: [ChecklistTag] = [], children: [ChecklistItem] = [],
    line: Int
  ) {
    self.id = id
    self.name = name
    self.isChecked = isChecked
    self.note = note
    self.doneDate = doneDate
    self.dueDate = dueDate
    self.dueTime = dueTime
    self.reminder = reminder
    self.tags = tags
    self.children = children
    self.line = line
  }

  /// The `@due` day and time, when the item has a valid one.
  public var due: DueMoment? { dueDate.map { DueMoment(day: $0, time: dueTime) } }

  /// When the item is reminded under `defaults` (`Reminder.moment`); `nil` for no due
  /// day, `@remind(off)`, or no `@remind` with reminders off by default.
  public func remindAt(_ defaults: ReminderDefaults = ReminderDefaults()) -> LocalMoment? {
    guard let due else { return nil }
    return Reminder.moment(for: reminder, due: due, defaults: defaults)
  }

  /// The number of unchecked items in this subtree, this item included.
  public var openCount: Int { count { !$0.isChecked } }

  /// The number of checked items in this subtree, this item included.
  public var doneCount: Int { count(where: \.isChecked) }

  /// The number of items in this subtree (this one included) that pass `test`,
  /// counted without recursion.
  func count(where test: (ChecklistItem) -> Bool) -> Int {
    var total = 0
    var pending: [ChecklistItem] = [self]
    while let item = pending.popLast() {
      if test(item) { total += 1 }
      pending += item.children
    }
    return total
  }

  /// The value of the first tag with this key; `nil` when there is no such tag or it
  /// has no value.
  public func tagValue(_ key: String) -> String? {
    tags.first { $0.key == key }?.value
  }

  /// `k3f9 "Milk"`: how confirmations name an item, its ID (when it has one) and its
  /// name in quotes, in every front end. `shown` turns the name into what the output
  /// can show (a terminal's safe form).
  public func label(shown: (String) -> String = { $0 }) -> String {
    (id.map { $0 + " " } ?? "") + "\"" + shown(name) + "\""
  }

  /// Appends this item and its sub-items in file order, without recursion.
  func appendFlattened(to result: inout [ChecklistItem]) {
    var pending: [ChecklistItem] = [self]
    while let item = pending.popLast() {
      result.append(item)
      pending += item.children.reversed()
    }
  }
}
