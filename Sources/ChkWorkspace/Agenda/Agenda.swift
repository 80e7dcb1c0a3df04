import ChecklistKit

/// The open items with a due day, across files, in sections (overdue, today, this week,
/// later): what `chk due` and the terminal UI's due screen show. One builder, so that
/// the two agree on what is in it and in which order.
package struct Agenda: Sendable {
  /// One open item with a due day.
  package struct Entry: Sendable {
    /// The index of its document among those the agenda was made from.
    package var file: Int
    /// The name of its list (`nil` before the first heading).
    package var list: String?
    package var item: ChecklistItem
    /// When it is due.
    package var due: DueMoment
    package var section: DueSection
  }

  /// The entries in the agenda's order: by section; then by when each is due (on one
  /// day, items without a time first, then by time, as a calendar shows a day); then
  /// by file and line.
  package var entries: [Entry]

  /// The agenda of `documents` seen on `today`: their open items with a due day on or
  /// before `until` (every one when `nil`). An item due today at a time before `now`
  /// (the clock's time, when today is the clock's day) is overdue. The documents are
  /// read in parallel.
  package init(
    _ documents: [ChecklistDocument], today: CalendarDay, until: CalendarDay? = nil,
    now: ClockTime? = nil
  ) {
    var entries = Parallel.map(documents.count) { file -> [Entry] in
      documents[file].openItemsWithDueTags.compactMap { list, item in
        guard let due = item.due, until.map({ due.day <= $0 }) ?? true else { return nil }
        return Entry(
          file: file, list: list, item: item, due: due,
          section: DueSection(due: due, today: today, now: now))
      }
    }.flatMap { $0 }
    // Sorting small keys, not the entries with their items (see `ItemSort.order`).
    let keys = entries.map { (section: $0.section, due: $0.due, file: $0.file, line: $0.item.line) }
    let order = keys.indices.sorted { a, b in
      let (x, y) = (keys[a], keys[b])
      if x.section != y.section { return x.section < y.section }
      if x.due != y.due { return x.due < y.due }
      return x.file != y.file ? x.file < y.file : x.line < y.line
    }
    entries = order.map { entries[$0] }
    self.entries = entries
  }
}
