/// Checking, unchecking and toggling items, with the next recurrence of each item
/// checked now: the one behaviour `chk check`, `chk toggle`, the language server's
/// actions and the terminal UI share.
extension ChecklistDocument {
  /// How `setChecked(_:_:)` changes items.
  public struct CheckChange: Sendable, Hashable {
    /// What happens to each item's box.
    public enum Action: Sendable, Hashable {
      /// Checked (an item already checked stays so).
      case check
      /// Unchecked, its `@done` removed.
      case uncheck
      /// Checked when unchecked, unchecked when checked.
      case toggle
    }

    /// What happens to each item's box.
    public var action: Action
    /// The `@done` day written on the items checked now, replacing any; with `nil` they
    /// have none (a stale `@done` on an unchecked item is removed).
    public var doneDay: CalendarDay?
    /// Whether items already checked get `doneDay` too (a date given on purpose
    /// re-dates them); otherwise their `@done` stays as it is.
    public var redatesCheckedItems: Bool
    /// Whether an item checked now that has `@every` gets its next recurrence below it.
    public var addsRecurrences: Bool
    /// The day an item checked now counts as done on for its recurrence when no
    /// `@done` day is written.
    public var today: CalendarDay

    /// A change.
    public init(
      _ action: Action, doneDay: CalendarDay?, today: CalendarDay,
      redatesCheckedItems: Bool = false, addsRecurrences: Bool = true
    ) {
      self.action = action
      self.doneDay = doneDay
      self.today = today
      self.redatesCheckedItems = redatesCheckedItems
      self.addsRecurrences = addsRecurrences
    }
  }

  /// What `setChecked(_:_:)` did to one item.
  public struct CheckOutcome: Sendable, Hashable {
    /// The item's 1-based line once every change is made (recurrences added above it
    /// move it down).
    public var line: Int
    /// Whether the item was checked before.
    public var wasChecked: Bool
    /// Whether it is checked now.
    public var isChecked: Bool
    /// For an item checked now (when recurrences are added): what became of its next
    /// recurrence; `nil` otherwise.
    public var recurrence: NextRecurrence?
  }

  /// Changes the boxes of `items`, then adds the next recurrence of each item checked
  /// now that has `@every` (bottom up, so that no item still to be done moves).
  ///
  /// - Parameters:
  ///   - items: the items, each at most once.
  ///   - change: what to do.
  /// - Returns: one outcome per item, in the order given.
  /// - Throws: `EditError.itemNotFound` or `.ambiguousID`; `.unsupportedPosition` when a
  ///   next recurrence would not read as an item where it goes (nothing is changed
  ///   then, as for every throwing edit of a copy).
  /// - Complexity: O(*n*) per item for the line edit (see `editItem`), plus the
  ///   recurrence's insertion.
  public mutating func setChecked(_ items: [ItemReference], _ change: CheckChange)
    throws(EditError) -> [CheckOutcome]
  {
    var outcomes: [CheckOutcome] = []
    // Checking rewrites one line each, so references stay good; recurrences go in
    // afterwards, from the bottom up.
    var checkedNow: [(line: Int, outcome: Int)] = []
    for item in items {
      let index = try lineIndex(of: item)
      let wasChecked = lines[index].isChecked
      let reference = ItemReference.line(index + 1)
      switch (change.action, wasChecked) {
      case (.uncheck, _), (.toggle, true):
        try uncheck(reference)
      case (.check, true):
        try check(reference, on: change.redatesCheckedItems ? change.doneDay : nil)
      case (.check, false), (.toggle, false):
        try check(reference, on: change.doneDay)
        // An unchecked item's `@done` is stale (lint's done-unchecked): checked now
        // without a day, it has none.
        if change.doneDay == nil { try setDoneDate(nil, of: reference) }
        if change.addsRecurrences { checkedNow.append((index, outcomes.count)) }
      }
      outcomes.append(
        CheckOutcome(
          line: index + 1, wasChecked: wasChecked, isChecked: lines[index].isChecked,
          recurrence: nil))
    }
    // (line, lines added below it), bottom up.
    var added: [(line: Int, count: Int)] = []
    for entry in checkedNow.sorted(by: { $0.line > $1.line }) {
      let before = lines.count
      outcomes[entry.outcome].recurrence = try addNextRecurrence(
        of: .line(entry.line + 1), done: change.doneDay ?? change.today)
      if lines.count > before { added.append((entry.line + 1, lines.count - before)) }
    }
    guard !added.isEmpty else { return outcomes }
    // Each item moves down by the lines added for the items above it.
    added.reverse()
    var shiftAbove = [0]
    for insertion in added { shiftAbove.append(shiftAbove[shiftAbove.count - 1] + insertion.count) }
    for index in outcomes.indices {
      let line = outcomes[index].line
      var low = 0
      var high = added.count
      while low < high {
        let middle = (low + high) / 2
        if added[middle].line < line { low = middle + 1 } else { high = middle }
      }
      outcomes[index].line = line + shiftAbove[low]
    }
    return outcomes
  }
}
