extension LintRule {
  /// `duplicate-id` (error, fixable): an ID used more than once.
  public static let duplicateID = LintRule(
    .duplicateID, "duplicate-id", .error,
    summary: "an ID used more than once in a file (reported at each later copy)",
    fix: "gives the later copies new IDs")
}

extension LintPass {
  /// Remembers a valid ID's hash and line; duplicates are found once every line has
  /// been seen.
  @inline(__always)
  mutating func rememberID(
    _ value: Range<Int>, onLine index: Int, _ bytes: UnsafeBufferPointer<UInt8>
  ) {
    guard isOn(.duplicateID) else { return }
    idKeys.append(UInt64(FirstOccurrenceTable.hash(bytes, value)) << 32 | UInt64(index))
  }

  /// Reports every ID used before, once the pass has seen them all: the (hash, line)
  /// keys are sorted by hash (a stable radix sort, so lines stay in order within a
  /// hash), and only lines that share a hash are compared. Sorting a flat array reads
  /// memory in order, where a hash table of a million IDs would miss the cache on
  /// nearly every insert.
  mutating func reportDuplicateIDs(_ bytes: UnsafeBufferPointer<UInt8>) {
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
    var firsts: [(line: Int, value: Range<Int>, whole: Range<Int>)] = []
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
    in group: [Int], firsts: inout [(line: Int, value: Range<Int>, whole: Range<Int>)],
    _ bytes: UnsafeBufferPointer<UInt8>
  ) {
    firsts.removeAll(keepingCapacity: true)
    for line in group {
      guard let span = ParsedLine(lines[line], bytes).tag(.id),
        let value = span.value
      else { continue }
      let key = UnsafeBufferPointer(rebasing: bytes[value])
      if let first = firsts.first(where: {
        $0.value.count == value.count
          && UnsafeBufferPointer(rebasing: bytes[$0.value]).elementsEqual(key)
      }) {
        let start = Int(lines[first.line].start)
        report(
          .duplicateID, line: line, columns: span.whole,
          text: .duplicate(
            "duplicate ID '\(bytes.text(value))' (first used on line \(first.line + 1)); "
              + "give this copy a new ID",
            line: UInt32(first.line + 1), column: UInt32(first.whole.lowerBound - start + 1),
            endColumn: UInt32(first.whole.upperBound - start + 1)), fix: .newID)
      } else {
        firsts.append((line, value, span.whole))
      }
    }
  }
}
