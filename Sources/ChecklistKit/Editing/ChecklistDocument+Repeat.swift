/// Checklists that come back: resetting a list, copying one as a new list, and the
/// next occurrence of a recurring item.
extension ChecklistDocument {
  /// Unchecks every item of a list (or of the file, for `nil`) and removes their
  /// `@done` tags, keeping IDs, notes and due days (an item rewritten without an ID
  /// gets one, as with every edit). Only the lines that change are rewritten, in one
  /// pass.
  ///
  /// - Returns: how many items changed.
  /// - Throws: `EditError.listNotFound`, `.changesOtherLines` or `.tooLarge`.
  @discardableResult
  public mutating func resetItems(in list: ListReference?) throws(EditError) -> Int {
    let range = try list.map { list throws(EditError) in try lineRange(of: list) } ?? lines.indices
    var contents: [(line: Int, content: [UInt8])] = []
    // Like every edit, one that rewrites an item without an ID gives it one.
    var ids: IDSet?
    var idGenerator = self.idGenerator
    bytes.withUnsafeBufferPointer { buffer in
      for index in range where lines[index].kind == .item {
        let record = lines[index]
        guard record.isChecked || ParsedLine(record, buffer).tag(.done) != nil else { continue }
        var line = EditableLine(record, in: buffer)
        line.isChecked = false
        line.removeTags(.done)
        if !line.hasTag(.id) {
          if ids == nil { ids = existingIDs() }
          let id = idGenerator.makeID(avoiding: ids ?? IDSet())
          ids?.insert(id)
          line.setTag(.id, escapedValue: Array(id.utf8))
        }
        contents.append((index, line.composed))
      }
    }
    self.idGenerator = idGenerator
    guard !contents.isEmpty else { return 0 }
    let original = self
    try rewriteLines(contents)
    // Unchecking never changes what a line is; should it ever, nothing is kept.
    let changed =
      lines.indices.first { $0 < original.lines.count && lines[$0].kind != original.lines[$0].kind }
      ?? (lines.count == original.lines.count ? nil : min(lines.count, original.lines.count))
    if let changed {
      self = original
      throw .changesOtherLines(line: changed + 1)
    }
    return contents.count
  }

  /// Copies a list as a new list named `name`: its heading (with a new `@id` if it had
  /// one) and everything up to the next heading, prose included, with every item
  /// unchecked, without `@done`, and with a new ID.
  ///
  /// - Parameters:
  ///   - list: the list to copy.
  ///   - source: the document it is in; `nil` for this one.
  ///   - name: the new list's name.
  ///   - after: the list the copy goes after; `nil` for the end of the file.
  /// - Returns: how many items the copy holds.
  /// - Throws: `EditError.listNotFound`, `.listExists`, `.emptyName`, `.lineBreak`,
  ///   `.unbalancedHTML` (the list opens an HTML element it does not close) or
  ///   `.unsupportedPosition` (the copy would not read as a list where it goes).
  @discardableResult
  public mutating func copyList(
    _ list: ListReference, from source: ChecklistDocument? = nil, as name: String,
    after: ListReference? = nil
  ) throws(EditError) -> Int {
    let escaped = try Escaping.headingName(name)
    if listNames().contains(try decodedHeadingName(escaped)) { throw .listExists(name) }
    let from = source ?? self
    let range = try from.lineRange(of: list)
    if let (line, element) = from.unbalancedHTML(in: range) {
      throw .unbalancedHTML(line: line + 1, element: element)
    }
    var ids = existingIDs()
    var idGenerator = self.idGenerator
    func newID() -> [UInt8] {
      let id = idGenerator.makeID(avoiding: ids)
      ids.insert(id)
      return Array(id.utf8)
    }
    var copied: [NewLine] = []
    var items = 0
    from.bytes.withUnsafeBufferPointer { buffer in
      let heading = range.first.flatMap { from.lines[$0].kind == .heading ? $0 : nil }
      var line: EditableLine
      if let heading {
        line = EditableLine(from.lines[heading], in: buffer)
        line.name = escaped
        if line.hasTag(.id) { line.setTag(.id, escapedValue: newID()) }
      } else {
        line = EditableLine(
          headingPrefix: Array(repeating: ASCII.hash, count: listHeadingLevel()), name: escaped)
      }
      copied.append(NewLine(line.composed))
      var end = range.upperBound
      while end > range.lowerBound, from.lines[end - 1].kind == .blank { end -= 1 }
      let body = (heading.map { $0 + 1 } ?? range.lowerBound)..<max(end, range.lowerBound)
      if heading == nil { copied.append(NewLine([])) }
      for index in body {
        let record = from.lines[index]
        guard record.kind == .item else {
          copied.append(NewLine(Array(buffer[Int(record.start)..<Int(record.end)])))
          continue
        }
        items += 1
        var item = EditableLine(record, in: buffer)
        item.isChecked = false
        item.removeTags(.done)
        item.setTag(.id, escapedValue: newID())
        copied.append(NewLine(item.composed))
      }
    }
    // Where it goes: after the list named (before the next heading), or at the end.
    var position = lines.count
    if let after {
      position = try lineRange(of: after).upperBound
    }
    var start = position
    while start > 0, lines[start - 1].kind == .blank { start -= 1 }
    if start > 0 { copied.insert(NewLine([]), at: 0) }
    if position < lines.count { copied.append(NewLine([])) }
    let original = self
    let splice = try replaceLines(start..<position, with: copied)
    // The copy's lines start where the replaced ones did (a last line without an
    // ending, given one first, keeps its index).
    let heading = start + (start > 0 ? 1 : 0)
    let end = min(lines.count, start + copied.count)
    let newItems = lines[min(heading, end)..<end].count { $0.kind == .item }
    guard splice.keepsOtherLines, heading < end, lines[heading].kind == .heading,
      newItems == items
    else {
      self = original
      throw .unsupportedPosition(line: heading + 1)
    }
    self.idGenerator = idGenerator
    return items
  }

  /// What `addNextOccurrence(of:done:)` did.
  public enum NextOccurrence: Sendable, Hashable {
    /// The next occurrence was added, with this ID and due day.
    case added(id: String, due: Checklist.Day)
    /// The line after the item (and its sub-items) is already that occurrence:
    /// unchecked, same name and `@every`, the same next due day (the item was checked,
    /// unchecked and checked again).
    case alreadyThere(due: Checklist.Day)
    /// The item has no `@every`: nothing to do.
    case notRecurring
    /// The item has an `@every` that cannot make a next occurrence; the reason says
    /// why (not a recurrence, no `@due`, past year 9999).
    case cannotRecur(String)
  }

  /// Adds the next occurrence of a recurring item just below it (after its
  /// sub-items): unchecked, with a new ID, the next due day (see
  /// `Checklist.Recurrence.next(due:done:)`), the same name, note and other tags, and
  /// copies of its open sub-items (their `@due` days moved by as many days as the
  /// item's).
  ///
  /// - Parameters:
  ///   - item: the item.
  ///   - done: the day it was done.
  /// - Throws: `EditError.itemNotFound`, `.ambiguousID` or `.unsupportedPosition`.
  @discardableResult
  public mutating func addNextOccurrence(of item: ItemReference, done: Checklist.Day)
    throws(EditError) -> NextOccurrence
  {
    let index = try lineIndex(of: item)
    let at = Int(lines[index].last) + 1
    var ids = existingIDs()
    var idGenerator = self.idGenerator
    func newID() -> String {
      let id = idGenerator.makeID(avoiding: ids)
      ids.insert(id)
      return id
    }
    enum Plan {
      case outcome(NextOccurrence)
      case insert([NewLine], id: String, due: Checklist.Day)
    }
    let plan: Plan = bytes.withUnsafeBufferPointer { buffer in
      let parsed = ParsedLine(lines[index], buffer)
      guard let everySpan = parsed.tag(.every) else { return .outcome(.notRecurring) }
      let every = everySpan.value.map { buffer.decodedTagValue($0) } ?? ""
      guard let recurrence = Checklist.Recurrence(every) else {
        return .outcome(.cannotRecur("'\(every)' in @every is not a recurrence"))
      }
      guard let dueValue = parsed.tag(.due)?.value,
        let due = Checklist.Day(buffer.decodedTagValue(dueValue))
      else { return .outcome(.cannotRecur("it has no valid @due day to count from")) }
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
          following.tag(.due)?.value.map({ buffer.decodedTagValue($0) }) == next.description
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
          let day = Checklist.Day(buffer.decodedTagValue(value)),
          let moved = day.adding(days: shift)
        {
          line.setTag(.due, escapedValue: Array(moved.description.utf8))
        }
        line.setTag(.id, escapedValue: Array(newID().utf8))
        return line.composed
      }
      var first = EditableLine(lines[index], in: buffer)
      first.isChecked = false
      first.removeTags(.done)
      first.setTag(.due, escapedValue: Array(next.description.utf8))
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
    self.idGenerator = idGenerator
    return .added(id: id, due: due)
  }

  /// The lines of a list: its heading up to the next heading (the unnamed list: the
  /// lines before the first heading).
  ///
  /// - Throws: `EditError.listNotFound`.
  func lineRange(of list: ListReference) throws(EditError) -> Range<Int> {
    guard let heading = try headingLine(of: list) else {
      let end = lines.firstIndex { $0.kind == .heading } ?? lines.count
      guard lines[0..<end].contains(where: { $0.kind == .item }) else {
        throw .listNotFound(list)
      }
      return 0..<end
    }
    var end = heading + 1
    while end < lines.count, lines[end].kind != .heading { end += 1 }
    return heading..<end
  }
}
