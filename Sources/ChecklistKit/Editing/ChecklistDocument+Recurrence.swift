/// Items that come back: the next recurrence of an item with `@every`.
extension ChecklistDocument {
  /// What `addNextRecurrence(of:done:)` did.
  public enum NextRecurrence: Sendable, Hashable {
    /// The next recurrence was added, with this ID and due day.
    case added(id: String, due: CalendarDay)
    /// The line after the item (and its sub-items) is already that recurrence:
    /// unchecked, same name and `@every`, the same next due day (the item was checked,
    /// unchecked and checked again).
    case alreadyThere(due: CalendarDay)
    /// The item has no `@every`: nothing to do.
    case notRecurring
    /// The item has an `@every` that cannot make a next recurrence; the reason says
    /// why (not a recurrence, no `@due`, past year 9999).
    case cannotRecur(String)
  }

  /// Adds the next recurrence of a recurring item just below it (after its
  /// sub-items): unchecked, with a new ID, the next due day (see
  /// `Recurrence.next(due:done:)`), the same name, note and other tags, and
  /// copies of its open sub-items (their `@due` days moved by as many days as the
  /// item's).
  ///
  /// - Parameters:
  ///   - item: the item.
  ///   - done: the day it was done.
  /// - Throws: `EditError.itemNotFound`, `.ambiguousID` or `.unsupportedPosition`.
  @discardableResult
  public mutating func addNextRecurrence(of item: ItemReference, done: CalendarDay)
    throws(EditError) -> NextRecurrence
  {
    let index = try lineIndex(of: item)
    let at = Int(lines[index].last) + 1
    // Every ID in the file, collected only for an item that recurs (one pass over the
    // file, which checking any other item need not pay for).
    var ids = IDSet()
    var isCollected = false
    var idGenerator = self.idGenerator
    func newID() -> String {
      if !isCollected {
        ids = existingIDs()
        isCollected = true
      }
      let id = idGenerator.makeID(avoiding: ids)
      ids.insert(id)
      return id
    }
    enum Plan {
      case outcome(NextRecurrence)
      case insert([NewLine], id: String, due: CalendarDay)
    }
    let plan: Plan = bytes.withUnsafeBufferPointer { buffer in
      let parsed = ParsedLine(lines[index], buffer)
      guard let everySpan = parsed.tag(.every) else { return .outcome(.notRecurring) }
      let every = everySpan.value.map { buffer.decodedTagValue($0) } ?? ""
      guard let recurrence = Recurrence(every) else {
        return .outcome(.cannotRecur("'\(every)' in @every is not a recurrence"))
      }
      guard let dueValue = parsed.tag(.due)?.value,
        let dueMoment = DueMoment(buffer.decodedTagValue(dueValue))
      else { return .outcome(.cannotRecur("it has no valid @due day to count from")) }
      // The next one keeps the time of day; the series counts in days.
      let due = dueMoment.day
      func dueText(_ day: CalendarDay, time: ClockTime?) -> String {
        DueMoment(day: day, time: time).description
      }
      guard let next = recurrence.next(due: due, done: done) else {
        return .outcome(.cannotRecur("its next due day would be past 9999-12-31"))
      }
      // Checked, unchecked and checked again: the next one is already below.
      if at < lines.count, lines[at].kind == .item, !lines[at].isChecked,
        lines[at].depth == lines[index].depth
      {
        let following = ParsedLine(lines[at], buffer)
        if following.name == parsed.name,
          following.tag(.every)?.value.map({ buffer.decodedTagValue($0) }) == every,
          following.tag(.due)?.value.map({ buffer.decodedTagValue($0) })
            == dueText(next, time: dueMoment.time)
        {
          return .outcome(.alreadyThere(due: next))
        }
      }
      let shift = next.dayNumber - due.dayNumber
      func fresh(_ index: Int) -> [UInt8] {
        var line = EditableLine(lines[index], in: buffer)
        line.isChecked = false
        line.removeTags(.done)
        if let value = ParsedLine(lines[index], buffer).tag(.due)?.value,
          let moment = DueMoment(buffer.decodedTagValue(value)),
          let moved = moment.day.adding(days: shift)
        {
          line.setTag(.due, escapedValue: Array(dueText(moved, time: moment.time).utf8))
        }
        line.setTag(.id, escapedValue: Array(newID().utf8))
        return line.composed
      }
      var first = EditableLine(lines[index], in: buffer)
      first.isChecked = false
      first.removeTags(.done)
      first.setTag(.due, escapedValue: Array(dueText(next, time: dueMoment.time).utf8))
      let id = newID()
      first.setTag(.id, escapedValue: Array(id.utf8))
      var copied = [NewLine(first.composed)]
      // Open sub-items whose item ancestors (below this item) are open too.
      var skipUntil = -1
      let last = Int(lines[index].last)
      if last > index {
        for child in (index + 1)...last where lines[child].kind == .item && child > skipUntil {
          if lines[child].isChecked {
            skipUntil = Int(lines[child].last)
          } else {
            copied.append(NewLine(fresh(child)))
          }
        }
      }
      return .insert(copied, id: id, due: next)
    }
    guard case .insert(let newLines, let id, let due) = plan else {
      if case .outcome(let outcome) = plan { return outcome }
      return .notRecurring
    }
    let original = self
    let splice = try replaceLines(at..<at, with: newLines)
    // The new lines start at `at` (a last line without an ending, given one first,
    // keeps its index).
    let end = min(lines.count, at + newLines.count)
    let newItems = lines[min(at, end)..<end].count { $0.kind == .item }
    guard splice.keepsOtherLines, newItems == newLines.count else {
      self = original
      throw .unsupportedPosition(line: at + 1)
    }
    renumber(around: at, as: numbering(around: at, excluding: at))
    self.idGenerator = idGenerator
    return .added(id: id, due: due)
  }

  /// The next recurrence that checking `item` made, when it is still right below the
  /// item (after its sub-items) as that check left it: unchecked, the same name and
  /// `@every`, and the due day that follows the item's `@due` and `@done`. What
  /// unticking the item may offer to remove, so that ticks and unticks do not pile up.
  ///
  /// - Returns: the 1-based line of that item, or `nil`.
  /// - Complexity: O(1) lines read.
  public func addedRecurrence(of item: ItemReference) -> Int? {
    guard let index = try? lineIndex(of: item), lines[index].isChecked else { return nil }
    let at = Int(lines[index].last) + 1
    guard at < lines.count, lines[at].kind == .item, !lines[at].isChecked,
      lines[at].depth == lines[index].depth
    else { return nil }
    return bytes.withUnsafeBufferPointer { buffer -> Int? in
      let parsed = ParsedLine(lines[index], buffer)
      let following = ParsedLine(lines[at], buffer)
      func value(_ line: ParsedLine, _ key: ChecklistTag.Key) -> String? {
        line.tag(key)?.value.map { buffer.decodedTagValue($0) }
      }
      guard let every = value(parsed, .every), let recurrence = Recurrence(every),
        let due = value(parsed, .due).flatMap({ DueMoment($0) }),
        let done = value(parsed, .done).flatMap({ CalendarDay($0) }),
        let next = recurrence.next(due: due.day, done: done),
        following.name == parsed.name, value(following, .every) == every,
        value(following, .due) == DueMoment(day: next, time: due.time).description
      else { return nil }
      return at + 1
    }
  }
}
