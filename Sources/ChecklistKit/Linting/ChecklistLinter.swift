#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

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
  ///
  /// A large document is linted in two halves on two threads, split at a heading near
  /// the middle: every per-list state (open items, names seen) starts afresh at a
  /// heading, and the document-wide checks (duplicate IDs, line endings) run once on
  /// what both halves gathered.
  func findings(in document: ChecklistDocument, parallelThreshold: Int = 1 << 16) -> [Finding] {
    let lines = document.lines
    var split: Int?
    if lines.count >= parallelThreshold, Parallel.processorCount > 1 {
      split = (lines.count / 2..<lines.count).first { lines[$0].kind == .heading }
    }
    var pass = LintPass(document: document, configuration: configuration)
    if let split {
      let configuration = configuration
      let halves = [0..<split, split..<lines.count]
      var outputs = Parallel.map(2) { index in
        var half = LintPass(document: document, configuration: configuration)
        document.bytes.withUnsafeBufferPointer { half.run($0, lines: halves[index]) }
        return half.output
      }
      for index in outputs.indices {
        pass.absorb(outputs[index])
        outputs[index].idKeys = []
      }
    } else {
      document.bytes.withUnsafeBufferPointer { pass.run($0, lines: 0..<lines.count) }
    }
    document.bytes.withUnsafeBufferPointer { pass.finish($0) }
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
private struct LintPass: ~Copyable {
  let document: ChecklistDocument
  /// The document's records, held once (not fetched from the document per use).
  let lines: [LineRecord]
  let today: Checklist.Day
  var findings: [ChecklistLinter.Finding] = []

  /// The severity of each rule, by its position in `LintRule.all`, and whether it runs.
  private let severities: [Severity]
  private let isOn: [Bool]

  /// Each valid ID seen: its hash in the high half, its line in the low half.
  private var idKeys: [UInt64] = []
  /// Keys gathered by other passes (each in line order), kept apart: sorting each and
  /// merging them needs less memory than joining them first.
  private var idRuns: [[UInt64]] = []
  private var names = FirstOccurrenceTable(expected: 64)
  private var listName: String?
  private var open: [(line: Int, last: Int, checked: Bool, openChildren: Int)] = []
  private var endings = (lineFeed: 0, crlf: 0, carriageReturn: 0)

  init(document: ChecklistDocument, configuration: LintConfiguration) {
    self.document = document
    lines = document.lines
    severities = LintRule.all.map(configuration.severity)
    isOn = severities.map { $0 != .off }
    today = configuration.today
  }

  /// Rule positions in `LintRule.all`, for array lookups on the hot path.
  private enum Rule {
    static let emptyName = 0
    static let duplicateID = 1
    static let invalidID = 2
    static let invalidDate = 3
    static let duplicateTag = 4
    static let doneUnchecked = 5
    static let malformedCheckbox = 6
    static let tagInName = 7
    static let checkboxInText = 8
    static let duplicateName = 9
    static let openChildren = 10
    static let mixedLineEndings = 11
    static let missingID = 12
    static let overdue = 13
    static let openItem = 14
  }

  /// Records a finding of the rule at `rule` (a position in `LintRule.all`); the message
  /// is built only when the rule runs.
  private mutating func report(
    _ rule: Int, line: Int, columns: Range<Int>, _ message: @autoclosure () -> String,
    fix: ChecklistLinter.Fix? = nil
  ) {
    guard isOn[rule] else { return }
    let start = Int(lines[line].start)
    findings.append(
      ChecklistLinter.Finding(
        diagnostic: Diagnostic(
          rule: LintRule.all[rule], severity: severities[rule], line: line + 1,
          column: columns.lowerBound - start + 1, endLine: line + 1,
          endColumn: max(columns.upperBound, columns.lowerBound + 1) - start + 1,
          message: message(), isFixable: fix != nil),
        lineIndex: line, fix: fix))
  }

  /// What a pass over some lines gathered, for the pass that finishes the document.
  struct Output {
    var findings: [ChecklistLinter.Finding]
    var idKeys: [UInt64]
    var endings: (lineFeed: Int, crlf: Int, carriageReturn: Int)
  }

  var output: Output { Output(findings: findings, idKeys: idKeys, endings: endings) }

  /// Adds what another pass gathered; passes must be absorbed in line order.
  mutating func absorb(_ other: Output) {
    findings += other.findings
    if !other.idKeys.isEmpty { idRuns.append(other.idKeys) }
    endings.lineFeed += other.endings.lineFeed
    endings.crlf += other.endings.crlf
    endings.carriageReturn += other.endings.carriageReturn
  }

  /// Checks each line of `range`, which must start at the document's start or at a
  /// heading.
  mutating func run(_ bytes: UnsafeBufferPointer<UInt8>, lines range: Range<Int>) {
    for index in range {
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
        if isOn[Rule.malformedCheckbox] { checkNearMiss(index, record, bytes) }
      default:
        break
      }
    }
    while !open.isEmpty { closeItem() }
  }

  /// The checks over the whole document, once every line has been run.
  mutating func finish(_ bytes: UnsafeBufferPointer<UInt8>) {
    reportDuplicateIDs(bytes)
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
        Rule.emptyName, line: index, columns: start..<Int(record.end),
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
      report(Rule.emptyName, line: index, columns: box, "item has an empty name; give it a name")
    } else if isOn[Rule.duplicateName] {
      checkDuplicateName(index, name, bytes)
    }
    let tags = checkTags(index, record, bytes, isItem: true)
    if isOn[Rule.tagInName], !name.isEmpty { checkTagInName(index, record, name, tags, bytes) }
    if !record.isChecked {
      if isOn[Rule.checkboxInText] { checkCheckboxInText(index, record, name, bytes) }
      if isOn[Rule.openItem] {
        report(
          Rule.openItem, line: index, columns: box, "'\(Self.itemName(record, bytes))' is not done")
      }
    }
    if isOn[Rule.missingID], !tags.hasID {
      report(
        Rule.missingID, line: index, columns: box,
        "'\(Self.itemName(record, bytes))' has no ID; run 'chk lint --fix' to assign one",
        fix: .newID)
    }
  }

  private mutating func closeItem() {
    guard let item = open.popLast() else { return }
    guard item.checked, item.openChildren > 0, isOn[Rule.openChildren] else { return }
    let record = lines[item.line]
    let count = item.openChildren
    let name = document.bytes.withUnsafeBufferPointer { Self.itemName(record, $0) }
    report(
      Rule.openChildren, line: item.line, columns: Int(record.mark)..<(Int(record.mark) + 3),
      "'\(name)' is checked but \(count) of its sub-items \(count == 1 ? "is" : "are") not")
  }

  private static func contains(
    _ byte: UInt8, _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>
  )
    -> Bool
  {
    find(byte, bytes, range) != nil
  }

  /// The offset of the first `byte` in `range`.
  @inline(__always)
  private static func find(_ byte: UInt8, _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>)
    -> Int?
  {
    guard let base = bytes.baseAddress, !range.isEmpty,
      let found = memchr(base + range.lowerBound, Int32(byte), range.count)
    else { return nil }
    return UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
  }

  private static func itemName(_ record: LineRecord, _ bytes: UnsafeBufferPointer<UInt8>) -> String
  {
    ChecklistDocument.decodedName(bytes, ChecklistDocument.nameRange(record, in: bytes))
  }

  // MARK: - Tags

  @discardableResult
  private mutating func checkTags(
    _ index: Int, _ record: LineRecord, _ bytes: UnsafeBufferPointer<UInt8>, isItem: Bool
  ) -> LintPassTags {
    var summary = LintPassTags()
    guard record.hasTags else { return summary }
    ChecklistDocument.forEachTag(record, in: bytes) { span in
      let key = span.key
      // Known keys are id, due, done and icon: look only at those lengths.
      guard key.count >= 2, key.count <= 4 else { return }
      if ChecklistDocument.equals(bytes, key, "id") {
        if summary.hasID {
          duplicateTag(index, span, "@id", bytes)
          return
        }
        summary.hasID = true
        checkID(index, span, bytes)
      } else if ChecklistDocument.equals(bytes, key, "done") {
        if summary.hasDone {
          duplicateTag(index, span, "@done", bytes)
          return
        }
        summary.hasDone = true
        let day = checkDate(index, span, "@done", bytes)
        summary.hasValidDone = day != nil
        if isItem, !record.isChecked {
          report(
            Rule.doneUnchecked, line: index, columns: span.whole,
            "'\(Self.text(span.whole, bytes))' on an unchecked item; check the item or remove the date",
            fix: .removeDone)
        }
      } else if ChecklistDocument.equals(bytes, key, "due") {
        if summary.hasDue {
          duplicateTag(index, span, "@due", bytes)
          return
        }
        summary.hasDue = true
        let day = checkDate(index, span, "@due", bytes)
        if isItem, !record.isChecked, let day, day < today, isOn[Rule.overdue] {
          report(
            Rule.overdue, line: index, columns: span.whole,
            "'\(Self.itemName(record, bytes))' was due on \(day)")
        }
      } else if ChecklistDocument.equals(bytes, key, "icon") {
        if summary.hasIcon {
          duplicateTag(index, span, "@icon", bytes)
          return
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
      Rule.duplicateTag, line: index, columns: span.whole,
      "\(key) appears more than once on this line ('\(Self.text(span.whole, bytes))'); keep one")
  }

  private mutating func checkID(_ index: Int, _ span: TagSpan, _ bytes: UnsafeBufferPointer<UInt8>)
  {
    guard let value = span.value, LintPassTags.isValidID(value, bytes) else {
      report(
        Rule.invalidID, line: index, columns: span.whole,
        "invalid ID in '\(Self.text(span.whole, bytes))'; an ID is 1 to 32 of A-Z a-z 0-9 _ -")
      return
    }
    guard isOn[Rule.duplicateID] else { return }
    idKeys.append(UInt64(FirstOccurrenceTable.hash(bytes, value)) << 32 | UInt64(index))
  }

  /// Reports every ID used before, once the pass has seen them all: the (hash, line)
  /// keys are sorted by hash (a stable radix sort, so lines stay in order within a
  /// hash), and only lines that share a hash are compared. Sorting a flat array reads
  /// memory in order, where a hash table of a million IDs would miss the cache on
  /// nearly every insert.
  private mutating func reportDuplicateIDs(_ bytes: UnsafeBufferPointer<UInt8>) {
    var runs = idRuns
    idRuns = []
    if !idKeys.isEmpty { runs.append(idKeys) }
    idKeys = []
    guard runs.reduce(0, { $0 + $1.count }) > 1 else { return }
    // Each run sorted by hash, lines ascending within a hash: by the whole key. Runs
    // come in line order, so merging them by the whole key keeps that order too.
    for index in runs.indices { FirstOccurrenceTable.sortByHash(&runs[index]) }
    var heads = [Int](repeating: 0, count: runs.count)
    func next() -> UInt64? {
      var best: Int?
      for run in runs.indices where heads[run] < runs[run].count {
        if best.map({ runs[run][heads[run]] < runs[$0][heads[$0]] }) ?? true { best = run }
      }
      guard let best else { return nil }
      heads[best] += 1
      return runs[best][heads[best] - 1]
    }
    var group: [Int] = []
    var groupHash: UInt64 = 0
    var firsts: [(line: Int, value: Range<Int>)] = []
    while true {
      let key = next()
      if let key, !group.isEmpty, key >> 32 == groupHash {
        group.append(Int(truncatingIfNeeded: key & 0xFFFF_FFFF))
        continue
      }
      if group.count > 1 { reportDuplicates(in: group, firsts: &firsts, bytes) }
      guard let key else { return }
      group.removeAll(keepingCapacity: true)
      group.append(Int(truncatingIfNeeded: key & 0xFFFF_FFFF))
      groupHash = key >> 32
    }
  }

  /// Lines (ascending) whose IDs share a hash: each whose ID an earlier one has is a
  /// duplicate of the earliest.
  private mutating func reportDuplicates(
    in group: [Int], firsts: inout [(line: Int, value: Range<Int>)],
    _ bytes: UnsafeBufferPointer<UInt8>
  ) {
    firsts.removeAll(keepingCapacity: true)
    for line in group {
      guard let span = ChecklistDocument.tagSpan("id", lines[line], in: bytes),
        let value = span.value
      else { continue }
      let key = UnsafeBufferPointer(rebasing: bytes[value])
      if let first = firsts.first(where: {
        $0.value.count == value.count
          && UnsafeBufferPointer(rebasing: bytes[$0.value]).elementsEqual(key)
      }) {
        report(
          Rule.duplicateID, line: line, columns: span.whole,
          "duplicate ID '\(Self.text(value, bytes))' (first used on line \(first.line + 1)); "
            + "run 'chk lint --fix' to give this copy a new ID", fix: .newID)
      } else {
        firsts.append((line, value))
      }
    }
  }

  private mutating func checkDate(
    _ index: Int, _ span: TagSpan, _ key: String, _ bytes: UnsafeBufferPointer<UInt8>
  ) -> Checklist.Day? {
    if let value = span.value, let day = Checklist.Day.parse(bytes, value) { return day }
    let shown = span.value.map { Self.text($0, bytes) } ?? ""
    report(
      Rule.invalidDate, line: index, columns: span.whole,
      "'\(shown)' in \(key) is not a real day; write YYYY-MM-DD, e.g. 2024-02-29")
    return nil
  }

  private static func text(_ range: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>) -> String {
    ChecklistDocument.string(bytes, range)
  }

  // MARK: - Names

  private mutating func checkDuplicateName(
    _ index: Int, _ name: Range<Int>, _ bytes: UnsafeBufferPointer<UInt8>
  ) {
    let hasEscape = Self.contains(ASCII.backslash, bytes, name)
    let key: [UInt8]? = hasEscape ? Array(ChecklistDocument.decodedName(bytes, name).utf8) : nil
    let hash: UInt32
    if let key {
      hash = key.withUnsafeBufferPointer { FirstOccurrenceTable.hash($0, 0..<$0.count) }
    } else {
      hash = FirstOccurrenceTable.hash(bytes, name)
    }
    let first = names.firstIndex(hash: hash, storing: Int32(index)) { other in
      let otherName = ChecklistDocument.nameRange(lines[Int(other)], in: bytes)
      let otherHasEscape = Self.contains(ASCII.backslash, bytes, otherName)
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
        Rule.duplicateName, line: index, columns: name,
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
    while let at = Self.find(ASCII.at, bytes, position..<name.upperBound) {
      position = at
      guard position > name.lowerBound, ASCII.isSpaceOrTab(bytes[position - 1]) else {
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
        tail.map { Self.text(position..<$0.upperBound, bytes) }
        ?? Self.text(position..<keyEnd, bytes)
      report(
        Rule.tagInName, line: index, columns: position..<(tail?.upperBound ?? keyEnd),
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
    while let bracket = Self.find(ASCII.openBracket, bytes, position..<end) {
      position = bracket
      guard position + 3 <= end else { return }
      if bytes[position + 1] | 0x20 == UInt8(ascii: "x"), bytes[position + 2] == ASCII.closeBracket
      {
        let inName = name.contains(position)
        report(
          Rule.checkboxInText, line: index, columns: position..<(position + 3),
          "'\(Self.text(position..<(position + 3), bytes))' in an unchecked item's text renders as a "
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
    let token = Self.text(open..<after, bytes)
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
    report(Rule.malformedCheckbox, line: index, columns: open..<after, message)
  }

  // MARK: - Line endings

  private mutating func countEnding(_ index: Int, _ bytes: UnsafeBufferPointer<UInt8>) {
    let end = Int(lines[index].end)
    let next = index + 1 < lines.count ? Int(lines[index + 1].start) : bytes.count
    switch next - end {
    case 2: endings.crlf += 1
    case 1:
      if bytes[end] == ASCII.lineFeed { endings.lineFeed += 1 } else { endings.carriageReturn += 1 }
    default: break
    }
  }

  private mutating func reportMixedEndings(_ bytes: UnsafeBufferPointer<UInt8>) {
    let counts = [("LF", endings.lineFeed), ("CRLF", endings.crlf), ("CR", endings.carriageReturn)]
    guard counts.filter({ $0.1 > 0 }).count > 1, isOn[Rule.mixedLineEndings] else { return }
    // The most common kind, LF when tied, as chk fmt chooses.
    var common = counts[0]
    if endings.crlf > endings.lineFeed, endings.crlf >= endings.carriageReturn {
      common = counts[1]
    }
    if endings.carriageReturn > endings.lineFeed, endings.carriageReturn > endings.crlf {
      common = counts[2]
    }
    let summary = counts.filter { $0.1 > 0 }.map { "\($0.1) \($0.0)" }.joined(separator: ", ")
    for index in lines.indices {
      let end = Int(lines[index].end)
      let next =
        index + 1 < lines.count ? Int(lines[index + 1].start) : bytes.count
      let kind =
        next - end == 2
        ? "CRLF" : next - end == 1 ? (bytes[end] == ASCII.lineFeed ? "LF" : "CR") : ""
      guard !kind.isEmpty, kind != common.0 else { continue }
      report(
        Rule.mixedLineEndings, line: index, columns: end..<next,
        "mixed line endings (\(summary)); this line ends in \(kind); run 'chk fmt -w' to use "
          + "\(common.0) throughout")
      return
    }
  }
}
