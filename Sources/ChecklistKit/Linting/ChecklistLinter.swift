/// Finds checklist mistakes: the rules of FORMAT.md's rule table, as values.
///
/// One pass over the line records finds everything; strings are built only for the
/// messages of findings. Findings of rules configured `off`, or turned off by inline
/// `<!-- chk-disable ... -->` comments, are dropped. The result is sorted by line and
/// column.
public struct ChecklistLinter: Sendable {
  /// Which rules run, and today's date for `overdue`.
  public var configuration: LintConfiguration

  /// Creates a linter.
  public init(configuration: LintConfiguration) {
    self.configuration = configuration
  }

  /// What a fixable finding's fix does to its line.
  enum Fix: UInt8, Comparable {
    case escapeCheckbox, separateTag, removeDone, newID

    static func < (lhs: Fix, rhs: Fix) -> Bool { lhs.rawValue < rhs.rawValue }
  }

  /// A finding with the 0-based line index it is on and its fix.
  struct Finding {
    var diagnostic: Diagnostic
    var lineIndex: Int
    var fix: Fix?
  }

  /// The findings in a document.
  ///
  /// - Complexity: O(*n*) in the size of the document.
  public func lint(_ document: ChecklistDocument) -> [Diagnostic] {
    findings(in: document).map(\.diagnostic)
  }

  /// The findings with their fixes, after severities and inline comments.
  func findings(in document: ChecklistDocument) -> [Finding] {
    var pass = LintPass(document: document, configuration: configuration)
    document.bytes.withUnsafeBufferPointer { pass.run($0) }
    var found = pass.findings
    found.sort {
      ($0.diagnostic.line, $0.diagnostic.column) < ($1.diagnostic.line, $1.diagnostic.column)
    }
    let directives = InlineDirectives(document)
    guard !directives.isEmpty else { return found }
    let kept = Set(directives.filter(found.map(\.diagnostic)).map { DiagnosticKey($0) })
    return found.filter { kept.contains(DiagnosticKey($0.diagnostic)) }
  }

  private struct DiagnosticKey: Hashable {
    var rule: String
    var line: Int
    var column: Int
    init(_ diagnostic: Diagnostic) {
      rule = diagnostic.rule.name
      line = diagnostic.line
      column = diagnostic.column
    }
  }
}

/// What the tag checks learned about a line.
struct LintPassTags {
  var hasID = false
  var hasDone = false
  var hasDue = false
  var hasIcon = false
  var hasValidDone = false

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
}

/// The state of one lint pass over a document.
private struct LintPass {
  let document: ChecklistDocument
  let severities: [Severity]
  let today: Checklist.Day
  var findings: [ChecklistLinter.Finding] = []

  private var ids: FirstOccurrenceTable
  private var names = FirstOccurrenceTable(expected: 64)
  private var listName: String?
  private var open: [(line: Int, last: Int, checked: Bool, openChildren: Int)] = []
  private var endings = (lineFeed: 0, crlf: 0, carriageReturn: 0)

  init(document: ChecklistDocument, configuration: LintConfiguration) {
    self.document = document
    severities = LintRule.all.map(configuration.severity)
    today = configuration.today
    ids = FirstOccurrenceTable(expected: 64)
  }

  private func severity(_ rule: LintRule) -> Severity {
    severities[LintRule.all.firstIndex(of: rule) ?? 0]
  }

  private func isOn(_ rule: LintRule) -> Bool {
    severity(rule) != .off
  }

  private mutating func report(
    _ rule: LintRule, line: Int, columns: Range<Int>, _ message: String,
    fix: ChecklistLinter.Fix? = nil
  ) {
    let level = severity(rule)
    guard level != .off else { return }
    let start = Int(document.lines[line].start)
    findings.append(
      ChecklistLinter.Finding(
        diagnostic: Diagnostic(
          rule: rule, severity: level, line: line + 1, column: columns.lowerBound - start + 1,
          endLine: line + 1, endColumn: max(columns.upperBound, columns.lowerBound + 1) - start + 1,
          message: message, isFixable: fix != nil),
        lineIndex: line, fix: fix))
  }

  mutating func run(_ bytes: UnsafeBufferPointer<UInt8>) {
    let lines = document.lines
    let checkIDs = isOn(.duplicateID) || isOn(.invalidID)
    if checkIDs { ids = FirstOccurrenceTable(expected: lines.count / 2) }
    for index in lines.indices {
      let record = lines[index]
      countEnding(index, bytes)
      while let top = open.last, top.last < index { closeItem() }
      switch record.kind {
      case .heading:
        while !open.isEmpty { closeItem() }
        names.removeAll()
        listName = ChecklistDocument.decodedName(
          bytes, ChecklistDocument.nameRange(record, in: bytes))
        checkHeading(index, record, bytes)
      case .item:
        checkItem(index, record, bytes)
      case .text:
        if isOn(.malformedCheckbox) { checkNearMiss(index, record, bytes) }
      default:
        break
      }
    }
    while !open.isEmpty { closeItem() }
    reportMixedEndings(bytes)
  }

  // MARK: - Headings and items

  private mutating func checkHeading(
    _ index: Int, _ record: LineRecord, _ bytes: UnsafeBufferPointer<UInt8>
  ) {
    let name = ChecklistDocument.nameRange(record, in: bytes)
    if name.isEmpty {
      let start = Int(record.start)
      report(
        .emptyName, line: index, columns: start..<Int(record.end),
        "list heading has an empty name; give the list a name")
    }
    checkTags(index, record, bytes, isItem: false)
  }

  private mutating func checkItem(
    _ index: Int, _ record: LineRecord, _ bytes: UnsafeBufferPointer<UInt8>
  ) {
    let box = Int(record.mark)..<(Int(record.mark) + 3)
    if let parent = open.indices.last, open[parent].checked, !record.isChecked {
      open[parent].openChildren += 1
    }
    open.append((index, Int(record.last), record.isChecked, 0))
    let name = ChecklistDocument.nameRange(record, in: bytes)
    if name.isEmpty {
      report(.emptyName, line: index, columns: box, "item has an empty name; give it a name")
    } else if isOn(.duplicateName) {
      checkDuplicateName(index, name, bytes)
    }
    let tags = checkTags(index, record, bytes, isItem: true)
    if isOn(.tagInName), !name.isEmpty { checkTagInName(index, record, name, tags, bytes) }
    if !record.isChecked {
      if isOn(.checkboxInText) { checkCheckboxInText(index, record, name, bytes) }
      if isOn(.openItem) {
        report(.openItem, line: index, columns: box, "'\(itemName(record, bytes))' is not done")
      }
    }
    if isOn(.missingID), !tags.hasID {
      report(
        .missingID, line: index, columns: box,
        "'\(itemName(record, bytes))' has no ID; run 'chk lint --fix' to assign one", fix: .newID)
    }
  }

  private mutating func closeItem() {
    guard let item = open.popLast() else { return }
    guard item.checked, item.openChildren > 0, isOn(.openChildren) else { return }
    let record = document.lines[item.line]
    let count = item.openChildren
    let name = document.bytes.withUnsafeBufferPointer { itemName(record, $0) }
    report(
      .openChildren, line: item.line, columns: Int(record.mark)..<(Int(record.mark) + 3),
      "'\(name)' is checked but \(count) of its sub-items \(count == 1 ? "is" : "are") not")
  }

  private func itemName(_ record: LineRecord, _ bytes: UnsafeBufferPointer<UInt8>) -> String {
    ChecklistDocument.decodedName(bytes, ChecklistDocument.nameRange(record, in: bytes))
  }

  // MARK: - Tags

  @discardableResult
  private mutating func checkTags(
    _ index: Int, _ record: LineRecord, _ bytes: UnsafeBufferPointer<UInt8>, isItem: Bool
  ) -> LintPassTags {
    var summary = LintPassTags()
    guard record.hasTags else { return summary }
    var spans: [TagSpan] = []
    ChecklistDocument.forEachTag(record, in: bytes) { spans.append($0) }
    for span in spans {
      let key = span.key
      if ChecklistDocument.equals(bytes, key, "id") {
        if summary.hasID {
          duplicateTag(index, span, "@id", bytes)
          continue
        }
        summary.hasID = true
        checkID(index, span, bytes)
      } else if ChecklistDocument.equals(bytes, key, "done") {
        if summary.hasDone {
          duplicateTag(index, span, "@done", bytes)
          continue
        }
        summary.hasDone = true
        let day = checkDate(index, span, "@done", bytes)
        summary.hasValidDone = day != nil
        if isItem, !record.isChecked {
          report(
            .doneUnchecked, line: index, columns: span.whole,
            "'\(text(span.whole, bytes))' on an unchecked item; check the item or remove the date",
            fix: .removeDone)
        }
      } else if ChecklistDocument.equals(bytes, key, "due") {
        if summary.hasDue {
          duplicateTag(index, span, "@due", bytes)
          continue
        }
        summary.hasDue = true
        let day = checkDate(index, span, "@due", bytes)
        if isItem, !record.isChecked, let day, day < today, isOn(.overdue) {
          report(
            .overdue, line: index, columns: span.whole,
            "'\(itemName(record, bytes))' was due on \(day)")
        }
      } else if ChecklistDocument.equals(bytes, key, "icon") {
        if summary.hasIcon {
          duplicateTag(index, span, "@icon", bytes)
          continue
        }
        summary.hasIcon = true
      }
    }
    return summary
  }

  private mutating func duplicateTag(
    _ index: Int, _ span: TagSpan, _ key: String, _ bytes: UnsafeBufferPointer<UInt8>
  ) {
    report(
      .duplicateTag, line: index, columns: span.whole,
      "\(key) appears more than once on this line ('\(text(span.whole, bytes))'); keep one")
  }

  private mutating func checkID(_ index: Int, _ span: TagSpan, _ bytes: UnsafeBufferPointer<UInt8>)
  {
    guard let value = span.value, LintPassTags.isValidID(value, bytes) else {
      report(
        .invalidID, line: index, columns: span.whole,
        "invalid ID in '\(text(span.whole, bytes))'; an ID is 1 to 32 of A-Z a-z 0-9 _ -")
      return
    }
    guard isOn(.duplicateID) else { return }
    let lines = document.lines
    let hash = FirstOccurrenceTable.hash(bytes, value)
    let first = ids.firstIndex(hash: hash, storing: Int32(index)) { other in
      guard let otherValue = ChecklistDocument.idRange(lines[Int(other)], in: bytes) else {
        return false
      }
      return otherValue.count == value.count
        && UnsafeBufferPointer(rebasing: bytes[otherValue]).elementsEqual(
          UnsafeBufferPointer(rebasing: bytes[value]))
    }
    if let first {
      report(
        .duplicateID, line: index, columns: span.whole,
        "duplicate ID '\(text(value, bytes))' (first used on line \(first + 1)); "
          + "run 'chk lint --fix' to give this copy a new ID", fix: .newID)
    }
  }

  private mutating func checkDate(
    _ index: Int, _ span: TagSpan, _ key: String, _ bytes: UnsafeBufferPointer<UInt8>
  ) -> Checklist.Day? {
    if let value = span.value, let day = Checklist.Day.parse(bytes, value) { return day }
    let shown = span.value.map { text($0, bytes) } ?? ""
    report(
      .invalidDate, line: index, columns: span.whole,
      "'\(shown)' in \(key) is not a real day; write YYYY-MM-DD, e.g. 2024-02-29")
    return nil
  }

  private func text(_ range: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>) -> String {
    ChecklistDocument.string(bytes, range)
  }

  // MARK: - Names

  private mutating func checkDuplicateName(
    _ index: Int, _ name: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>
  ) {
    let lines = document.lines
    let hasEscape = UnsafeBufferPointer(rebasing: bytes[name]).contains(ASCII.backslash)
    let key: [UInt8]? = hasEscape ? Array(ChecklistDocument.decodedName(bytes, name).utf8) : nil
    let hash: UInt32
    if let key {
      hash = key.withUnsafeBufferPointer { FirstOccurrenceTable.hash($0, 0..<$0.count) }
    } else {
      hash = FirstOccurrenceTable.hash(bytes, name)
    }
    let first = names.firstIndex(hash: hash, storing: Int32(index)) { other in
      let otherName = ChecklistDocument.nameRange(lines[Int(other)], in: bytes)
      let otherHasEscape = UnsafeBufferPointer(rebasing: bytes[otherName]).contains(ASCII.backslash)
      if key == nil, !otherHasEscape {
        return otherName.count == name.count
          && UnsafeBufferPointer(rebasing: bytes[otherName]).elementsEqual(
            UnsafeBufferPointer(rebasing: bytes[name]))
      }
      return ChecklistDocument.decodedName(bytes, otherName)
        == ChecklistDocument.decodedName(bytes, name)
    }
    if let first {
      let place = listName.map { "in '\($0)'" } ?? "before the first heading"
      report(
        .duplicateName, line: index, columns: name,
        "another item \(place) is named '\(ChecklistDocument.decodedName(bytes, name))' "
          + "(line \(first + 1))")
    }
  }

  /// A known tag after a single blank inside the name.
  private mutating func checkTagInName(
    _ index: Int, _ record: LineRecord, _ name: Range<Int>, _ tags: LintPassTags,
    _ bytes: UnsafeBufferPointer<UInt8>
  ) {
    var position = name.lowerBound
    while position < name.upperBound {
      guard bytes[position] == ASCII.at, position > name.lowerBound,
        ASCII.isSpaceOrTab(bytes[position - 1])
      else {
        position += 1
        continue
      }
      var keyEnd = position + 1
      while keyEnd < name.upperBound, ASCII.isTagKeyByte(bytes[keyEnd]) { keyEnd += 1 }
      guard TagInName.isKnownTag(bytes, at: position) else {
        position = keyEnd
        continue
      }
      let tail = TagInName.tail(bytes, from: position, to: name.upperBound)
      let fixable =
        tail.map { TagInName.canMove($0, record: record, tags: tags, bytes: bytes, ids: document) }
        ?? false
      let shown =
        tail.map { text(position..<$0.upperBound, bytes) } ?? text(position..<keyEnd, bytes)
      report(
        .tagInName, line: index, columns: position..<(tail?.upperBound ?? keyEnd),
        "'\(shown)' is part of the name (one blank before it); "
          + "put two spaces before it to make it a tag", fix: fixable ? .separateTag : nil)
      return
    }
  }

  private mutating func checkCheckboxInText(
    _ index: Int, _ record: LineRecord, _ name: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>
  ) {
    var position = Int(record.mark) + 3
    let end = Int(record.end)
    while position + 3 <= end {
      if bytes[position] == ASCII.openBracket, bytes[position + 1] | 0x20 == UInt8(ascii: "x"),
        bytes[position + 2] == ASCII.closeBracket
      {
        let inName = name.contains(position)
        report(
          .checkboxInText, line: index, columns: position..<(position + 3),
          "'\(text(position..<(position + 3), bytes))' in an unchecked item's text renders as a "
            + "checked box on GitHub; write '[x\\]'", fix: inName ? .escapeCheckbox : nil)
        return
      }
      position += 1
    }
  }

  // MARK: - Near-miss checkboxes

  /// A line that looks like an item but is not: a bracket that is not `[ ]`, `[x]` or
  /// `[X]`, a box glued to the text, or no blank between bullet and box.
  private mutating func checkNearMiss(
    _ index: Int, _ record: LineRecord, _ bytes: UnsafeBufferPointer<UInt8>
  ) {
    let end = Int(record.end)
    var position = Int(record.start)
    while position < end, ASCII.isSpaceOrTab(bytes[position]) { position += 1 }
    guard position < end else { return }
    let first = bytes[position]
    if first == ASCII.dash || first == UInt8(ascii: "*") || first == UInt8(ascii: "+") {
      position += 1
    } else if ASCII.isDigit(first) {
      let start = position
      while position < end, ASCII.isDigit(bytes[position]) { position += 1 }
      guard position - start <= 9, position < end,
        bytes[position] == UInt8(ascii: ".") || bytes[position] == ASCII.closeParen
      else { return }
      position += 1
    } else {
      return
    }
    let gapStart = position
    while position < end, ASCII.isSpaceOrTab(bytes[position]), position - gapStart < 5 {
      position += 1
    }
    guard position < end, bytes[position] == ASCII.openBracket else { return }
    let open = position
    var close = open + 1
    while close < end, close - open <= 4, bytes[close] != ASCII.closeBracket { close += 1 }
    guard close < end, bytes[close] == ASCII.closeBracket, close - open <= 4 else { return }
    let inside = UnsafeBufferPointer(rebasing: bytes[(open + 1)..<close])
    let allowed: Set<UInt8> = [
      ASCII.space, UInt8(ascii: "x"), UInt8(ascii: "X"), ASCII.dash, UInt8(ascii: "/"),
      UInt8(ascii: "*"), ASCII.tilde, UInt8(ascii: "."), UInt8(ascii: "?"), UInt8(ascii: "!"),
      ASCII.greaterThan, ASCII.lessThan, ASCII.tab,
    ]
    guard inside.allSatisfy(allowed.contains) else { return }
    let after = close + 1
    if after < end {
      let next = bytes[after]
      // `[x](url)` and `[x][ref]` are links, `[ ]:` a reference definition.
      if next == ASCII.openParen || next == ASCII.openBracket || next == UInt8(ascii: ":") {
        return
      }
    }
    let isBox =
      inside.count == 1 && (inside[0] == ASCII.space || inside[0] | 0x20 == UInt8(ascii: "x"))
    let token = text(open..<after, bytes)
    let message: String
    if !isBox {
      message = "'\(token)' is not a checkbox, so this line is not an item; write '[ ]' or '[x]'"
    } else if gapStart == open {
      message =
        "no blank between the bullet and '\(token)', so this line is not an item; add a space"
    } else if after < end, !ASCII.isSpaceOrTab(bytes[after]) {
      message = "'\(token)' is glued to the text, so this line is not an item; add a space after it"
    } else {
      return
    }
    report(.malformedCheckbox, line: index, columns: open..<after, message)
  }

  // MARK: - Line endings

  private mutating func countEnding(_ index: Int, _ bytes: UnsafeBufferPointer<UInt8>) {
    let end = Int(document.lines[index].end)
    let next = index + 1 < document.lines.count ? Int(document.lines[index + 1].start) : bytes.count
    switch next - end {
    case 2: endings.crlf += 1
    case 1:
      if bytes[end] == ASCII.lineFeed { endings.lineFeed += 1 } else { endings.carriageReturn += 1 }
    default: break
    }
  }

  private mutating func reportMixedEndings(_ bytes: UnsafeBufferPointer<UInt8>) {
    let counts = [("LF", endings.lineFeed), ("CRLF", endings.crlf), ("CR", endings.carriageReturn)]
    guard counts.filter({ $0.1 > 0 }).count > 1, isOn(.mixedLineEndings) else { return }
    // The most common kind, LF when tied, as chk fmt chooses.
    var common = counts[0]
    if endings.crlf > endings.lineFeed, endings.crlf >= endings.carriageReturn {
      common = counts[1]
    }
    if endings.carriageReturn > endings.lineFeed, endings.carriageReturn > endings.crlf {
      common = counts[2]
    }
    let summary = counts.filter { $0.1 > 0 }.map { "\($0.1) \($0.0)" }.joined(separator: ", ")
    for index in document.lines.indices {
      let end = Int(document.lines[index].end)
      let next =
        index + 1 < document.lines.count ? Int(document.lines[index + 1].start) : bytes.count
      let kind =
        next - end == 2
        ? "CRLF" : next - end == 1 ? (bytes[end] == ASCII.lineFeed ? "LF" : "CR") : ""
      guard !kind.isEmpty, kind != common.0 else { continue }
      report(
        .mixedLineEndings, line: index, columns: end..<next,
        "mixed line endings (\(summary)); this line ends in \(kind); run 'chk fmt -w' to use "
          + "\(common.0) throughout")
      return
    }
  }
}
