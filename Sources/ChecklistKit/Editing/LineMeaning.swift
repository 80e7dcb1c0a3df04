/// How a line reads, compared between two parses of the same stretch of a document.
enum LineMeaning {
  /// Whether the lines of `old` (a stretch that starts at a heading or the document's
  /// start; its indices are the old document's line indices) other than `replaced`
  /// read the same in `new` (the same stretch parsed again, from the same first line,
  /// with `replaced` swapped for `newCount` lines): kind, rendering bits, depth, and
  /// for items the parent item.
  ///
  /// - Complexity: O(*k*) in the length of the stretch.
  ///
  /// With `checksGaps`, no line may get a blank line before it that it did not have (a
  /// new blank line inside a list makes it loose).
  static func same(
    old: ArraySlice<LineRecord>, new: [LineRecord], replacing replaced: Range<Int>,
    with newCount: Int, checksGaps: Bool = false
  ) -> Bool {
    guard new.count == old.count - replaced.count + newCount else { return false }
    let start = old.startIndex
    func mapped(_ index: Int) -> Int {
      index < replaced.lowerBound ? index : index - replaced.count + newCount
    }
    func blankBefore(_ records: some Collection<LineRecord>, at offset: Int) -> Bool {
      offset > 0 && records[records.index(records.startIndex, offsetBy: offset - 1)].kind == .blank
    }
    let oldParents = parents(old, start: start)
    let newParents = parents(new[...], start: start)
    // The first line after the change may take over the start of its list from the
    // first item removed before it, or hand it over to an item added before it (the
    // list stays the same list); it may not join or leave a list.
    var handover = replaced.upperBound
    while handover < old.endIndex, old[handover].kind == .blank { handover += 1 }
    let listStart = LineRecord.Rendering.startsList | LineRecord.Rendering.followsOtherList
    let inserted = new[(replaced.lowerBound - start)..<(replaced.lowerBound - start + newCount)]
    for index in old.indices where !replaced.contains(index) {
      let a = old[index]
      let b = new[mapped(index) - start]
      guard a.kind == b.kind else { return false }
      // A blank line's containers say nothing about what is shown.
      if a.kind == .blank { continue }
      guard a.depth == b.depth else { return false }
      if a.rendering != b.rendering {
        guard index == handover, a.rendering & ~listStart == b.rendering & ~listStart else {
          return false
        }
        let starts = LineRecord.Rendering.startsList
        if !a.renders(starts), b.renders(starts) {
          guard startsList(at: a.depth, like: b, old[replaced]) else { return false }
        } else if a.renders(starts), !b.renders(starts) {
          guard startsList(at: a.depth, like: a, inserted) else { return false }
        } else {
          // Both start a list; the list before it came or went with the change.
          let neighbours =
            a.renders(LineRecord.Rendering.followsOtherList) ? old[replaced] : inserted
          guard
            neighbours.contains(where: {
              $0.depth == a.depth && $0.renders(LineRecord.Rendering.listItem)
            })
          else { return false }
        }
      }
      // Only a line in a list (or a list item) can make a list loose.
      if checksGaps, a.depth > 0 || a.renders(LineRecord.Rendering.listItem),
        blankBefore(new, at: mapped(index) - start), !blankBefore(old, at: index - start)
      {
        return false
      }
      guard a.kind == .item else { continue }
      let oldParent = oldParents[index - start]
      // A replaced parent is still the parent only where each line was rewritten in
      // place (as many new lines as old ones).
      if oldParent >= 0, replaced.contains(oldParent), replaced.count != newCount { return false }
      let expected =
        oldParent < 0 ? -1 : replaced.contains(oldParent) ? oldParent : mapped(oldParent)
      guard newParents[mapped(index) - start] == expected else { return false }
    }
    return true
  }

  /// Whether the records hold a list item at `depth` that starts a list as `line`
  /// does (after the same kind of neighbour, or none).
  private static func startsList(
    at depth: UInt8, like line: LineRecord, _ records: ArraySlice<LineRecord>
  ) -> Bool {
    let follows = LineRecord.Rendering.followsOtherList
    return records.contains {
      $0.depth == depth && $0.renders(LineRecord.Rendering.startsList)
        && $0.renders(follows) == line.renders(follows)
    }
  }

  /// Each record's parent item, as a document line index (-1 for none); the records
  /// are the document's lines from `start` on.
  private static func parents(_ records: ArraySlice<LineRecord>, start: Int) -> [Int] {
    var result = [Int](repeating: -1, count: records.count)
    var open: [(line: Int, last: Int)] = []
    for (offset, record) in records.enumerated() {
      let line = start + offset
      if record.kind == .heading {
        open.removeAll(keepingCapacity: true)
        continue
      }
      guard record.kind == .item else { continue }
      while let top = open.last, top.last < line { open.removeLast() }
      if let top = open.last { result[offset] = top.line }
      open.append((line, Int(record.last)))
    }
    return result
  }
}
