/// Keeping ordered lists numbered as they were written when an edit adds, moves or
/// removes an item: GitHub starts an ordered list at its first item's number, so
/// `2. … 3. … 3.` after a move would render as a list starting at 2.
extension ChecklistDocument {
  /// How an ordered list's items were numbered.
  enum Numbering: Equatable {
    /// `start`, `start + 1`, … (a list of one item counts as this).
    case sequential(start: Int)
    /// Every item with the same number (`1.` `1.` `1.`).
    case same(Int)
    /// Anything else: only the first number matters to a renderer, so only it is kept.
    case irregular(start: Int)

    init?(_ numbers: [Int]) {
      guard let first = numbers.first else { return nil }
      if numbers.count > 1, numbers.allSatisfy({ $0 == first }) {
        self = .same(first)
      } else if numbers.indices.allSatisfy({ numbers[$0] == first + $0 }) {
        self = .sequential(start: first)
      } else {
        self = .irregular(start: first)
      }
    }

    /// The number the item at `position` should have, or `nil` to leave it.
    func number(at position: Int) -> Int? {
      switch self {
      case .sequential(let start): start + position
      case .same(let number): number
      case .irregular(let start): position == 0 ? start : nil
      }
    }
  }

  /// An ordered item line's number and where its digits are in the line's content.
  func orderedNumber(ofLine index: Int) -> (number: Int, digits: Range<Int>)? {
    guard index < lines.count, lines[index].kind == .item else { return nil }
    let start = Int(lines[index].start)
    let mark = Int(lines[index].mark)
    var offset = start
    while offset < mark, ASCII.isSpaceOrTab(bytes[offset]) { offset += 1 }
    let digitsStart = offset
    var number = 0
    while offset < mark, ASCII.isDigit(bytes[offset]), offset - digitsStart < 9 {
      number = number * 10 + Int(bytes[offset] - UInt8(ascii: "0"))
      offset += 1
    }
    guard offset > digitsStart, offset < mark,
      bytes[offset] == UInt8(ascii: ".") || bytes[offset] == UInt8(ascii: ")")
    else { return nil }
    return (number, (digitsStart - start)..<(offset - start))
  }

  /// The items of the ordered Markdown list that holds the item at `index`: its
  /// siblings back to the one that starts the list and on to the last before another
  /// list or block; empty when the item is not ordered.
  ///
  /// - Complexity: O(*k*) in the lines of the list's items, sub-items included.
  func orderedRun(around index: Int) -> [Int] {
    guard orderedNumber(ofLine: index) != nil else { return [] }
    let depth = lines[index].depth
    var first = index
    var members: [Int] = []
    // Back: over the previous sibling's sub-lines and blank lines to its item line.
    while !lines[first].renders(LineRecord.Rendering.startsList) {
      var candidate = first - 1
      while candidate >= 0, lines[candidate].kind != .heading,
        !(lines[candidate].kind == .item && lines[candidate].depth <= depth)
      {
        candidate -= 1
      }
      guard candidate >= 0, lines[candidate].kind == .item, lines[candidate].depth == depth,
        orderedNumber(ofLine: candidate) != nil
      else { break }
      first = candidate
    }
    var member = first
    while true {
      members.append(member)
      var next = Int(lines[member].last) + 1
      while next < lines.count, lines[next].kind == .blank { next += 1 }
      guard next < lines.count, lines[next].kind == .item, lines[next].depth == depth,
        !lines[next].renders(LineRecord.Rendering.startsList),
        orderedNumber(ofLine: next) != nil
      else { break }
      member = next
    }
    return members
  }

  /// The numbering of the run around `index`, leaving out the line `excluded` (an item
  /// just added or moved in).
  func numbering(around index: Int, excluding excluded: Int? = nil) -> Numbering? {
    Numbering(
      orderedRun(around: index).filter { $0 != excluded }.compactMap {
        orderedNumber(ofLine: $0)?.number
      })
  }

  /// Numbers the run around `index` as `numbering` says, rewriting only the items whose
  /// number changes (their sub-lines shifted when the number's width changes). When
  /// that would change what any line means, the run is left as it was.
  mutating func renumber(around index: Int, as numbering: Numbering?) {
    guard let numbering else { return }
    let run = orderedRun(around: index)
    var changes: [(line: Int, content: [UInt8], shift: Int)] = []
    for (position, line) in run.enumerated() {
      guard let wanted = numbering.number(at: position),
        let (number, digits) = orderedNumber(ofLine: line), number != wanted
      else { continue }
      var content = self.content(ofLine: line)
      let text = Array(String(wanted).utf8)
      content.replaceSubrange(digits, with: text)
      changes.append((line, content, text.count - digits.count))
    }
    guard let lowest = changes.first?.line, let highest = changes.last?.line else { return }
    let end = Int(lines[highest].last) + 1
    var newLines: [NewLine] = []
    var changeIndex = 0
    var shiftUntil = -1
    var shift = 0
    var column = 0
    for line in lowest..<end {
      let ending = self.ending(ofLine: line)
      var content = self.content(ofLine: line)
      if changeIndex < changes.count, changes[changeIndex].line == line {
        content = changes[changeIndex].content
        shift = changes[changeIndex].shift
        shiftUntil = Int(lines[line].last)
        column = contentColumn(ofLine: line)
        changeIndex += 1
      } else if line <= shiftUntil, shift != 0 {
        content = Self.reindented(content, by: shift, atLeast: column)
      }
      newLines.append(NewLine(content, ending: ending.isEmpty ? nil : ending))
    }
    let original = self
    let before = structure(of: lowest..<end)
    do throws(EditError) {
      let splice = try replaceLines(lowest..<end, with: newLines)
      guard splice.keepsOtherLines, structure(of: lowest..<end) == before else {
        self = original
        return
      }
    } catch {
      self = original
    }
  }
}
