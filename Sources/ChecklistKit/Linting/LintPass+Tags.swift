/// The one pass over a line's known tags: each tag is checked by its grammar, and each
/// rule it can break (a file under `Rules/`) reports there.
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
        reportDuplicateTag(index, span, key, bytes)
        continue
      }
      switch key.value {
      case .identifier: checkID(index, span, bytes)
      case .day:
        let day = checkDate(index, span, known, bytes)
        if key == .done {
          summary.hasValidDone = day != nil
          if isItem, !record.isChecked { reportDoneUnchecked(index, span, bytes) }
        }
      case .moment:
        let moment = checkMoment(index, span, known, bytes)
        if isItem, !record.isChecked, let moment {
          checkOverdue(index, span, line, due: moment.day)
        }
      case .reminder:
        checkReminder(index, span, line, isItem: isItem)
      case .text: break
      case .recurrence:
        checkRecurrence(index, span, line, isItem: isItem)
      }
    }
    return summary
  }
}
