internal import ChkPlatform

/// The known tags a line carries, as the tag checks found them: a bit per key, by its
/// index in `ChecklistTag.Key.known`.
struct LintPassTags {
  private var seen: UInt32 = 0
  /// Whether the line's `@done` is a real day.
  var hasValidDone = false

  func has(_ key: ChecklistTag.Key) -> Bool {
    seen & (1 << UInt32(key.index)) != 0
  }

  /// Marks the key at `index` in `known` seen; returns false when it was seen before on
  /// this line.
  mutating func insert(index: Int) -> Bool {
    let bit: UInt32 = 1 << UInt32(index)
    defer { seen |= bit }
    return seen & bit == 0
  }
}

/// The state of one lint pass over a document: one walk over the line records, each
/// rule's check (declared under `Rules/`) called for the lines it looks at.
struct LintPass: ~Copyable {
  let document: ChecklistDocument
  /// The document's records, held once (not fetched from the document per use).
  let lines: [LineRecord]
  let today: CalendarDay
  /// Whether findings work out their fixes (`LintConfiguration.findsFixes`).
  let findsFixes: Bool
  var findings: [ChecklistLinter.Finding] = []

  /// The severity of each rule, by its position in `LintRule.all`, and whether it runs.
  private let severities: [Severity]
  private let isOn: [Bool]

  /// Each valid ID seen: its hash in the high half, its line in the low half.
  var idKeys: [UInt64] = []
  /// Keys gathered by other passes (each in line order), kept apart: sorting each and
  /// merging them needs less memory than joining them first.
  var idRuns: [[UInt64]] = []
  /// A 64-bit hash of every valid ID in the document, built when a check first needs
  /// it (a hash that matches by accident only makes a fix be withheld).
  var documentIDHashes: Set<UInt64>?
  var names = FirstOccurrenceTable(expected: 64)
  /// The parent of each item seen that has one, for `duplicate-name` (only siblings are
  /// compared).
  var parents: [Int32: Int32] = [:]
  var listName: String?
  var open: [(line: Int, last: Int, checked: Bool, openChildren: Int)] = []
  var endings = (lineFeed: 0, crlf: 0, carriageReturn: 0)
  /// `malformed-checkbox` findings whose verdict depends on the whole file, decided in
  /// `finish` (see `checkNearMiss`).
  var nearMisses: [(finding: ChecklistLinter.Finding, kind: NearMissKind)] = []
  /// Whether a line uses an alternate status such as `[-]` or `[/]`.
  var usesAlternateStatuses = false
  /// Set while a near miss is reported: its finding goes to `nearMisses`.
  var nearMissKind: NearMissKind?
  /// How many findings the pass keeps; past it, it drops them all and only gathers what
  /// the checks over the whole document need (IDs, line endings, near misses).
  var findingLimit = Int.max
  /// Whether the pass went past `findingLimit`.
  var overflowed = false

  init(document: ChecklistDocument, configuration: LintConfiguration) {
    self.document = document
    findsFixes = configuration.findsFixes
    lines = document.lines
    severities = LintRule.all.map(configuration.severity)
    isOn = severities.map { $0 != .off }
    today = configuration.today
  }

  /// Whether a rule runs.
  @inline(__always)
  func isOn(_ rule: LintRule.ID) -> Bool { isOn[rule.rawValue] }

  /// Records a finding of `rule`; the message is built only when the rule runs.
  mutating func report(
    _ rule: LintRule.ID, line: Int, columns: Range<Int>, _ message: @autoclosure () -> String,
    fix: ChecklistLinter.Fix? = nil
  ) {
    guard isOn[rule.rawValue] else { return }
    report(rule, line: line, columns: columns, text: .plain(message()), fix: fix)
  }

  /// Records a finding whose message is kept as `text`.
  mutating func report(
    _ rule: LintRule.ID, line: Int, columns: Range<Int>, text: Diagnostic.Message,
    fix: ChecklistLinter.Fix? = nil
  ) {
    guard isOn[rule.rawValue], nearMissKind != nil || !overflowed else { return }
    if nearMissKind == nil, findings.count >= findingLimit {
      overflowed = true
      findings = []
      return
    }
    let start = Int(lines[line].start)
    let finding = ChecklistLinter.Finding(
      diagnostic: Diagnostic(
        ruleID: rule, severity: severities[rule.rawValue], line: line + 1,
        column: columns.lowerBound - start + 1, endLine: line + 1,
        endColumn: max(columns.upperBound, columns.lowerBound + 1) - start + 1,
        text: text, isFixable: findsFixes && fix != nil),
      lineIndex: line, fix: findsFixes ? fix : nil)
    if let nearMissKind {
      nearMisses.append((finding, nearMissKind))
    } else {
      findings.append(finding)
    }
  }

  /// What a pass over some lines gathered, for the pass that finishes the document.
  struct Output {
    var findings: [ChecklistLinter.Finding]
    var idKeys: [UInt64]
    var endings: (lineFeed: Int, crlf: Int, carriageReturn: Int)
    var nearMisses: [(finding: ChecklistLinter.Finding, kind: NearMissKind)]
    var usesAlternateStatuses: Bool
    var overflowed: Bool
  }

  var output: Output {
    Output(
      findings: findings, idKeys: idKeys, endings: endings, nearMisses: nearMisses,
      usesAlternateStatuses: usesAlternateStatuses, overflowed: overflowed)
  }

  /// Adds what another pass gathered; passes must be absorbed in line order.
  mutating func absorb(_ other: Output) {
    findings += other.findings
    if !other.idKeys.isEmpty { idRuns.append(other.idKeys) }
    endings.lineFeed += other.endings.lineFeed
    endings.crlf += other.endings.crlf
    endings.carriageReturn += other.endings.carriageReturn
    nearMisses += other.nearMisses
    usesAlternateStatuses = usesAlternateStatuses || other.usesAlternateStatuses
    overflowed = overflowed || other.overflowed
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
        parents.removeAll(keepingCapacity: true)
        let line = ParsedLine(record, bytes)
        listName = line.name
        checkEmptyName(index, line)
        checkTags(index, line, isItem: false)
      case .item:
        checkItem(index, ParsedLine(record, bytes))
      case .text:
        if isOn(.malformedCheckbox) { checkNearMiss(index, record, bytes) }
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
    reportNearMisses()
  }

  private mutating func checkItem(_ index: Int, _ line: ParsedLine) {
    let record = line.record
    let parent = open.last?.line ?? -1
    openItem(index, record)
    let name = line.nameRange
    // Past the finding limit, only what the whole-document checks need is gathered: the
    // IDs (`checkTags`) and the open items.
    if overflowed {
      _ = checkTags(index, line, isItem: true)
      return
    }
    if name.isEmpty {
      checkEmptyName(index, line)
    } else if isOn(.duplicateName) {
      checkDuplicateName(index, name, line.bytes, parent: parent)
    }
    let tags = checkTags(index, line, isItem: true)
    if isOn(.tagInName), !name.isEmpty { checkTagInName(index, line, name, tags) }
    if !record.isChecked {
      if isOn(.checkboxInText) { checkCheckboxInText(index, line, name) }
      if isOn(.openItem) { reportOpenItem(index, line) }
    }
    if isOn(.missingID), !tags.has(.id) { reportMissingID(index, line) }
  }

  // MARK: - Helpers for the rules

  /// The hashes of every valid ID in the document, computed once per pass.
  mutating func allIDHashes() -> Set<UInt64> {
    if let documentIDHashes { return documentIDHashes }
    var hashes = Set<UInt64>()
    document.forEachIDValue { buffer, value in
      if Self.isValidID(value, buffer) { hashes.insert(Self.idHash(buffer, value)) }
    }
    documentIDHashes = hashes
    return hashes
  }

  /// Whether an ID's hash is in the document (after `allIDHashes()`).
  func isUsedID(_ hash: UInt64) -> Bool {
    documentIDHashes?.contains(hash) ?? false
  }

  /// FNV-1a over an ID's bytes.
  static func idHash(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for index in range { hash = (hash ^ UInt64(bytes[index])) &* 0x0000_0100_0000_01B3 }
    return hash
  }

  /// The columns of an item's checkbox, where findings about the whole item point.
  static func box(_ record: LineRecord) -> Range<Int> {
    Int(record.mark)..<(Int(record.mark) + 3)
  }

  /// The offset of the first `byte` in `range`.
  @inline(__always)
  static func find(_ byte: UInt8, _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>)
    -> Int?
  {
    guard let base = bytes.baseAddress, !range.isEmpty,
      let found = memchr(base + range.lowerBound, Int32(byte), range.count)
    else { return nil }
    return UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
  }
}
