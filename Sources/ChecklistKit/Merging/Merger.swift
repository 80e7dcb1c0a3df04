internal import ChkPlatform

/// The state of one merge.
struct Merger {
  enum Side { case ours, theirs }

  /// A piece of the output: a token's line taken from one side, or a conflict.
  enum Piece {
    case line(token: Int, side: Side, position: Int)
    case conflict(ours: [Int], theirs: [Int])
  }

  let base: MergeVersion
  let ours: MergeVersion
  let theirs: MergeVersion
  /// Whether each token (by number) is an item's or a heading's: the interner's.
  let isKeyed: [Bool]
  let byItem: Bool
  let markerSize: Int
  let labels: (ours: String, theirs: String)
  var conflicts = 0

  init(
    base: MergeVersion, ours: MergeVersion, theirs: MergeVersion, isKeyed: [Bool],
    byItem: Bool, markerSize: Int, labels: (ours: String, theirs: String)
  ) {
    self.base = base
    self.ours = ours
    self.theirs = theirs
    self.isKeyed = isKeyed
    self.byItem = byItem
    self.markerSize = markerSize
    self.labels = labels
  }

  mutating func run() -> [UInt8] {
    var pieces: [Piece] = []
    for chunk in ThreeWayMerge.chunks(base: base.tokens, ours: ours.tokens, theirs: theirs.tokens) {
      switch chunk {
      case .stable(_, let range, _):
        for position in range {
          pieces.append(.line(token: ours.tokens[position], side: .ours, position: position))
        }
      case .changed(let baseRange, let oursRange, let theirsRange):
        if let merged = mergeChunk(baseRange, oursRange, theirsRange) {
          pieces += merged
        } else {
          pieces.append(.conflict(ours: Array(oursRange), theirs: Array(theirsRange)))
        }
      }
    }
    if byItem { pieces = removingDuplicates(honoringDeletions(pieces)) }
    return render(pieces)
  }

  /// An item one side deleted stays deleted when the other side only moved it (its
  /// fields unchanged, wherever it went); when the other side also changed it, the two
  /// conflict. A move is a deletion plus an insertion to the merge, so without this the
  /// moved copy brought the item back.
  private func honoringDeletions(_ pieces: [Piece]) -> [Piece] {
    pieces.compactMap { piece in
      guard case .line(let token, let side, let position) = piece, isKeyed(token),
        base.position(of: token) != nil
      else { return piece }
      // (Asked of each side by name: a version is a dozen arrays to copy.)
      let otherHasIt =
        side == .ours ? theirs.position(of: token) != nil : ours.position(of: token) != nil
      guard !otherHasIt else { return piece }
      let version = side == .ours ? ours : theirs
      // The prefix (indent, bullet) may change with the move.
      if let moved = version.fields(of: token), let original = base.fields(of: token),
        moved.isHeading == original.isHeading, moved.isChecked == original.isChecked,
        moved.name == original.name, moved.tags == original.tags, moved.note == original.note
      {
        return nil
      }
      if version.line(of: token) == base.line(of: token) { return nil }
      return side == .ours
        ? .conflict(ours: [position], theirs: []) : .conflict(ours: [], theirs: [position])
    }
  }

  // MARK: - Sequences

  private func isKeyed(_ token: Int) -> Bool { isKeyed[token] }

  /// How one side changed a stretch of the base: which base tokens it kept, and what
  /// it inserted in each gap (before base token *g*, or after the last).
  private struct SideChange {
    /// For each base token, its position in the side, or -1 where the side dropped it.
    var matched: [Int]
    var insertions: [[Int]]
    var kept: [Bool] { matched.map { $0 >= 0 } }
  }

  private func change(from baseTokens: [Int], to sideRange: Range<Int>, of side: MergeVersion)
    -> SideChange
  {
    let sideTokens = Array(side.tokens[sideRange])
    let matched = LineDiff.matches(baseTokens, sideTokens)
    var result = SideChange(
      matched: matched.map { $0 >= 0 ? sideRange.lowerBound + $0 : -1 },
      insertions: Array(repeating: [], count: baseTokens.count + 1))
    var matchedSide = [Bool](repeating: false, count: sideTokens.count)
    for target in matched where target >= 0 { matchedSide[target] = true }
    var gap = 0
    var sideIndex = 0
    for (baseIndex, target) in matched.enumerated() where target >= 0 {
      while sideIndex < target {
        if !matchedSide[sideIndex] {
          result.insertions[gap].append(sideRange.lowerBound + sideIndex)
        }
        sideIndex += 1
      }
      sideIndex = target + 1
      gap = baseIndex + 1
    }
    while sideIndex < sideTokens.count {
      if !matchedSide[sideIndex] { result.insertions[gap].append(sideRange.lowerBound + sideIndex) }
      sideIndex += 1
    }
    return result
  }

  /// Merges a changed stretch by item, or returns `nil` for a conflict.
  private func mergeChunk(
    _ baseRange: Range<Int>, _ oursRange: Range<Int>, _ theirsRange: Range<Int>
  )
    -> [Piece]?
  {
    let baseTokens = Array(base.tokens[baseRange])
    let oursTokens = Array(ours.tokens[oursRange])
    let theirsTokens = Array(theirs.tokens[theirsRange])
    if oursTokens == theirsTokens
      || (theirsTokens == baseTokens
        && !deletesChangedItems(baseTokens, by: ours, changedIn: theirs))
    {
      return oursRange.map { .line(token: ours.tokens[$0], side: .ours, position: $0) }
    }
    if oursTokens == baseTokens, !deletesChangedItems(baseTokens, by: theirs, changedIn: ours) {
      return theirsRange.map { .line(token: theirs.tokens[$0], side: .theirs, position: $0) }
    }
    guard byItem else { return nil }
    let oursChange = change(from: baseTokens, to: oursRange, of: ours)
    let theirsChange = change(from: baseTokens, to: theirsRange, of: theirs)
    // Text changed on both sides, differently: a conflict, as in a line merge.
    let oursText = textChange(baseTokens, oursChange, ours)
    let theirsText = textChange(baseTokens, theirsChange, theirs)
    if !oursText.isEmpty, !theirsText.isEmpty, oursText != theirsText { return nil }
    var pieces: [Piece] = []
    for gap in 0...baseTokens.count {
      let oursInserted = oursChange.insertions[gap]
      let oursInsertedTokens = Set(oursInserted.map { ours.tokens[$0] })
      let theirsInserted = theirsChange.insertions[gap].filter {
        !oursInsertedTokens.contains(theirs.tokens[$0])
      }
      for position in oursInserted
      where isOrphaned(position, of: ours, deletedBy: theirs) {
        return nil
      }
      for position in theirsInserted
      where isOrphaned(position, of: theirs, deletedBy: ours) {
        return nil
      }
      // Sub-items of the item before the gap come first (from both sides), so that a
      // new sibling from the other side does not adopt them; then each side's own.
      let oursSplit = attachedFirst(oursInserted, of: ours)
      let theirsSplit = attachedFirst(theirsInserted, of: theirs)
      for position in oursSplit.attached {
        pieces.append(.line(token: ours.tokens[position], side: .ours, position: position))
      }
      for position in theirsSplit.attached {
        pieces.append(.line(token: theirs.tokens[position], side: .theirs, position: position))
      }
      for position in oursSplit.rest {
        pieces.append(.line(token: ours.tokens[position], side: .ours, position: position))
      }
      for position in theirsSplit.rest {
        pieces.append(.line(token: theirs.tokens[position], side: .theirs, position: position))
      }
      guard gap < baseTokens.count else { break }
      let token = baseTokens[gap]
      switch (oursChange.matched[gap] >= 0, theirsChange.matched[gap] >= 0) {
      case (true, true):
        pieces.append(.line(token: token, side: .ours, position: oursChange.matched[gap]))
      case (true, false):
        if deletesChangedItems([token], by: theirs, changedIn: ours) { return nil }
      case (false, true):
        if deletesChangedItems([token], by: ours, changedIn: theirs) { return nil }
      case (false, false):
        break
      }
    }
    return pieces
  }

  /// Splits a side's insertions in one gap into those that belong under an item
  /// before the gap (sub-items of it, and the lines that follow them) and the rest.
  private func attachedFirst(_ positions: [Int], of side: MergeVersion)
    -> (attached: [Int], rest: [Int])
  {
    let inserted = Set(positions.map { side.tokens[$0] })
    var attached: [Int] = []
    var rest: [Int] = []
    var lastWasAttached = false
    for position in positions {
      let token = side.tokens[position]
      if isKeyed(token) {
        if let parent = side.parentToken(of: position), !inserted.contains(parent) {
          lastWasAttached = true
        } else {
          lastWasAttached = false
        }
      }
      if lastWasAttached { attached.append(position) } else { rest.append(position) }
    }
    return (attached, rest)
  }

  /// The text lines a side deleted (by base index) and inserted (by gap and text).
  private func textChange(_ baseTokens: [Int], _ change: SideChange, _ side: MergeVersion) -> [Int]
  {
    var summary: [Int] = []
    for (index, token) in baseTokens.enumerated() where !isKeyed(token) && change.matched[index] < 0
    {
      summary += [-1, index]
    }
    for (gap, positions) in change.insertions.enumerated() {
      for position in positions where !isKeyed(side.tokens[position]) {
        summary += [-2, gap, side.tokens[position]]
      }
    }
    return summary
  }

  /// Whether `deleter` deletes (has nowhere at all) an item of `tokens` whose line
  /// `other` changed.
  private func deletesChangedItems(
    _ tokens: [Int], by deleter: MergeVersion, changedIn other: MergeVersion
  )
    -> Bool
  {
    guard byItem else { return false }
    for token in tokens where isKeyed(token) && deleter.position(of: token) == nil {
      guard let mine = other.line(of: token), let original = base.line(of: token) else {
        continue
      }
      if mine != original { return true }
    }
    return false
  }

  /// Whether an item a side added sits under an item the other side deleted.
  private func isOrphaned(
    _ position: Int, of side: MergeVersion, deletedBy other: MergeVersion
  ) -> Bool {
    guard byItem, let parent = side.parentToken(of: position) else { return false }
    return base.position(of: parent) != nil && other.position(of: parent) == nil
  }

  /// Keeps the first place of an item or heading that both sides put in different
  /// places; its second place becomes a conflict.
  private func removingDuplicates(_ pieces: [Piece]) -> [Piece] {
    // Tokens are numbered from 0: a flag per token instead of a set of them.
    var seen = [Bool](repeating: false, count: isKeyed.count)
    var result: [Piece] = []
    result.reserveCapacity(pieces.count)
    for piece in pieces {
      guard case .line(let token, let side, let position) = piece, isKeyed(token) else {
        result.append(piece)
        continue
      }
      if !seen[token] {
        seen[token] = true
        result.append(piece)
      } else {
        result.append(
          side == .ours
            ? .conflict(ours: [position], theirs: []) : .conflict(ours: [], theirs: [position]))
      }
    }
    return result
  }

  // MARK: - Lines

  /// The merged line of an item or heading, or both sides' lines when a field
  /// conflicts. A line that one side left as it was is the other side's, as a slice of
  /// that side's bytes (most lines of a merge: nothing is copied for them).
  private func mergedLine(_ token: Int) -> Result<ArraySlice<UInt8>, MergeFieldConflict> {
    let mine = ours.line(of: token)
    let yours = theirs.line(of: token)
    let original = base.line(of: token)
    guard let mine else { return .success(yours ?? []) }
    guard let yours else { return .success(mine) }
    if Self.same(mine, yours) || original.map({ Self.same(yours, $0) }) == true {
      return .success(mine)
    }
    if original.map({ Self.same(mine, $0) }) == true { return .success(yours) }
    guard let oursFields = ours.fields(of: token), let theirsFields = theirs.fields(of: token),
      let merged = FieldMerge.merge(
        base: base.fields(of: token), ours: oursFields, theirs: theirsFields)
    else { return .failure(MergeFieldConflict(ours: Array(mine), theirs: Array(yours))) }
    if merged.sameFields(as: oursFields) { return .success(mine) }
    if merged.sameFields(as: theirsFields) { return .success(yours) }
    return .success(ArraySlice(merged.composed))
  }

  /// Whether two lines hold the same bytes: compared a word at a time (most lines of
  /// the three versions are the same, and a merge compares every one).
  private static func same(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    return a.withUnsafeBufferPointer { a in
      b.withUnsafeBufferPointer { b in
        guard let left = a.baseAddress, let right = b.baseAddress else { return true }
        return memcmp(left, right, a.count) == 0
      }
    }
  }

  private mutating func render(_ pieces: [Piece]) -> [UInt8] {
    var output: [UInt8] = ours.hasByteOrderMark ? DocumentParser.byteOrderMark : []
    let ending = ours.preferredEnding
    func marker(_ character: UInt8, _ label: String?) -> [UInt8] {
      var line = [UInt8](repeating: character, count: markerSize)
      if let label { line += [ASCII.space] + Array(label.utf8) }
      return line + ending
    }
    func conflict(_ mine: [[UInt8]], _ yours: [[UInt8]]) {
      conflicts += 1
      output += marker(UInt8(ascii: "<"), labels.ours)
      for line in mine { output += line + ending }
      output += marker(UInt8(ascii: "="), nil)
      for line in yours { output += line + ending }
      output += marker(UInt8(ascii: ">"), labels.theirs)
    }
    var lastWasBlank = false
    for piece in pieces {
      switch piece {
      case .line(let token, let side, let position):
        // Two blank lines the merge brought together (each side deleted what was
        // between them) become one, as a deletion on one side would have left them.
        let isBlank = side == .ours ? ours.isBlank(position) : theirs.isBlank(position)
        let afterBlank =
          position > 0
          && (side == .ours ? ours.isBlank(position - 1) : theirs.isBlank(position - 1))
        if isBlank, lastWasBlank, !afterBlank { continue }
        lastWasBlank = isBlank
        var content = side == .ours ? ours.content(position) : theirs.content(position)
        if byItem, isKeyed(token) {
          switch mergedLine(token) {
          case .success(let line): content = line
          case .failure(let fields):
            lastWasBlank = false
            conflict([fields.ours], [fields.theirs])
            continue
          }
        }
        output += content
        if let mine = ours.position(of: token) ?? (side == .ours ? position : nil),
          !ours.ending(mine).isEmpty
        {
          output += ours.ending(mine)
        } else {
          output += ending
        }
      case .conflict(let mine, let yours):
        lastWasBlank = false
        conflict(mine.map { Array(ours.content($0)) }, yours.map { Array(theirs.content($0)) })
      }
    }
    if !ours.hasFinalLineEnding {
      // Ours ends without a line ending: so does the merge.
      if output.last == ASCII.lineFeed { output.removeLast() }
      if output.last == ASCII.carriageReturn { output.removeLast() }
    }
    return output
  }
}
