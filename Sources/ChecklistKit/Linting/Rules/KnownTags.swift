extension LintRule {
  /// `invalid-id` (error): an `@id` value that is not a valid ID.
  public static let invalidID = LintRule(
    .invalidID, "invalid-id", .error, summary: "an @id value outside [A-Za-z0-9_-]{1,32}")
  /// `invalid-date` (error): a `@done` or `@due` that is not a real day.
  public static let invalidDate = LintRule(
    .invalidDate, "invalid-date", .error,
    summary: "a @done or @due value that is not a real YYYY-MM-DD day")
  /// `invalid-every` (error): an `@every` that is not a recurrence, or one on an item
  /// without a `@due` day (it would never come back).
  public static let invalidEvery = LintRule(
    .invalidEvery, "invalid-every", .error,
    summary: "an @every value that is not a recurrence (week, 2 weeks, weekday, monday, ..., "
      + "optionally 'from done'), or @every without @due")
  /// `duplicate-tag` (error): a known tag twice on one line.
  public static let duplicateTag = LintRule(
    .duplicateTag, "duplicate-tag", .error,
    summary: "the same known tag ("
      + ChecklistTag.Key.known.map { "@" + $0.name }.joined(separator: ", ")
      + ") twice on one line")
  /// `done-unchecked` (warning, fixable): `@done` on an unchecked item.
  public static let doneUnchecked = LintRule(
    .doneUnchecked, "done-unchecked", .warning, summary: "@done on an unchecked item",
    fix: "removes the @done")
  /// `overdue` (off; warning when enabled): an unchecked item past its `@due` day.
  public static let overdue = LintRule(
    .overdue, "overdue", .off, enabled: .warning,
    summary: "an unchecked item whose @due day is before today")
}

extension LintPass {
  /// The checks of a line's known tags, by the grammar `ChecklistTag.Key` declares:
  /// each known key once, IDs and days valid, `@done` only on checked items, `@due`
  /// not past for open ones.
  ///
  /// - Returns: which known tags the line has.
  @discardableResult
  mutating func checkTags(_ index: Int, _ line: ParsedLine, isItem: Bool) -> LintPassTags {
    var summary = LintPassTags()
    guard line.record.hasTags else { return summary }
    let bytes = line.bytes
    let record = line.record
    var tags = line.tagSpanIterator
    while let span = tags.next() {
      guard let word = ChecklistTag.Key.pack(bytes, span.key),
        let known = ChecklistTag.Key.index(ofPacked: word)
      else { continue }
      let key = ChecklistTag.Key.known[known]
      guard summary.insert(index: known) else {
        report(
          .duplicateTag, line: index, columns: span.whole,
          "@\(key.name) appears more than once on this line ('\(bytes.text(span.whole))'); "
            + "keep one")
        continue
      }
      switch key.value {
      case .identifier: checkID(index, span, bytes)
      case .day:
        let day = checkDate(index, span, known, bytes)
        if key == .done {
          summary.hasValidDone = day != nil
          if isItem, !record.isChecked {
            report(
              .doneUnchecked, line: index, columns: span.whole,
              "'\(bytes.text(span.whole))' on an unchecked item; check the item or remove the date",
              fix: .removeDone)
          }
        } else if key == .due, isItem, !record.isChecked, let day, day < today, isOn(.overdue) {
          report(.overdue, line: index, columns: span.whole, "'\(line.name)' was due on \(day)")
        }
      case .text: break
      case .recurrence:
        checkRecurrence(index, span, line, isItem: isItem)
      }
    }
    return summary
  }

  /// The day a dated tag holds, or `nil` after reporting it.
  ///
  /// - Parameter known: the tag key's index in `ChecklistTag.Key.known`.
  @inline(__always)
  private mutating func checkDate(
    _ index: Int, _ span: TagSpan, _ known: Int, _ bytes: UnsafeBufferPointer<UInt8>
  ) -> CalendarDay? {
    if let value = span.value, let day = CalendarDay.parse(bytes, value) { return day }
    reportInvalidDate(index, span, known, bytes)
    return nil
  }

  private mutating func reportInvalidDate(
    _ index: Int, _ span: TagSpan, _ known: Int, _ bytes: UnsafeBufferPointer<UInt8>
  ) {
    let shown = span.value.map { bytes.text($0) } ?? ""
    let name = ChecklistTag.Key.known[known].name
    report(
      .invalidDate, line: index, columns: span.whole,
      "'\(shown)' in @\(name) is not a real day; write YYYY-MM-DD, e.g. 2024-02-29")
  }

  /// Reports an `@every` that is not a recurrence, or that has no `@due` to count from.
  private mutating func checkRecurrence(
    _ index: Int, _ span: TagSpan, _ line: ParsedLine, isItem: Bool
  ) {
    guard isItem, isOn(.invalidEvery) else { return }
    let bytes = line.bytes
    let value = span.value.map { bytes.text($0) } ?? ""
    if Recurrence(value) == nil {
      report(
        .invalidEvery, line: index, columns: span.whole,
        "'\(value)' in @every is not a recurrence; write day, week, month, year, '2 weeks', "
          + "weekday or a day such as monday, optionally followed by 'from done'")
    } else if line.tag(.due) == nil {
      report(
        .invalidEvery, line: index, columns: span.whole,
        "'\(bytes.text(span.whole))' on an item without @due never comes back; "
          + "give it a @due day")
    }
  }

  /// Whether an `@id` value is 1 to 32 of `A-Z a-z 0-9 _ -`.
  static func isValidID(_ value: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard (1...32).contains(value.count) else { return false }
    for index in value {
      let byte = bytes[index]
      guard
        ASCII.isLetter(byte) || ASCII.isDigit(byte) || byte == ASCII.dash
          || byte == ASCII.underscore
      else { return false }
    }
    return true
  }

  /// Reports an invalid ID; remembers a valid one for `duplicate-id`.
  @inline(__always)
  private mutating func checkID(_ index: Int, _ span: TagSpan, _ bytes: UnsafeBufferPointer<UInt8>)
  {
    guard let value = span.value, Self.isValidID(value, bytes) else {
      report(
        .invalidID, line: index, columns: span.whole,
        "invalid ID in '\(bytes.text(span.whole))'; an ID is 1 to 32 of A-Z a-z 0-9 _ -")
      return
    }
    rememberID(value, onLine: index, bytes)
  }
}
