/// The changes an edit made to a document's bytes, oldest first: what lets a document
/// change its one buffer in place and still give back the bytes it was parsed from.
///
/// A document keeps a history only when asked (`ChecklistDocument.history`), as
/// the edit path does: it hands its file's bytes to the document instead of keeping a
/// second reference to them, so that an edit of one line moves the bytes after it in
/// the buffer it read instead of filling a new buffer the size of the file (a fresh
/// 56 MB buffer costs the kernel as much to clear as the rest of a `chk check`). A
/// change that builds a new buffer anyway keeps the old one whole.
package struct ByteHistory: Sendable {
  enum Step {
    /// `removed` stood at `offset`, where `inserted` bytes are now.
    case spliced(offset: Int, removed: [UInt8], inserted: Int)
    /// The whole buffer was replaced; these were its bytes.
    case replaced([UInt8])
  }

  private(set) var steps: [Step] = []

  /// An empty history, to start one on a document.
  package init() {}

  mutating func append(_ step: Step) { steps.append(step) }

  /// One replacement of a stretch of bytes that accounts for every change: where it
  /// starts, the bytes it removed and how many it put there. `nil` when the steps do
  /// not make one (none, several, or a whole new buffer).
  package var singleSplice: (offset: Int, removed: [UInt8], inserted: Int)? {
    guard steps.count == 1, case .spliced(let offset, let removed, let inserted) = steps[0] else {
      return nil
    }
    return (offset, removed, inserted)
  }

  /// The bytes before the first change, given those after the last.
  ///
  /// - Complexity: O(*n*) in the size of the bytes; nothing is copied when no step was
  ///   taken.
  package func original(from current: [UInt8]) -> [UInt8] {
    var bytes = current
    for step in steps.reversed() {
      switch step {
      case .spliced(let offset, let removed, let inserted):
        bytes.replaceSubrange(offset..<(offset + inserted), with: removed)
      case .replaced(let old):
        bytes = old
      }
    }
    return bytes
  }

  /// Whether `current` differs from the bytes before the first change.
  ///
  /// - Complexity: O(1) beyond the changed stretch for one splice; otherwise O(*n*).
  package func changes(_ current: [UInt8]) -> Bool {
    if steps.isEmpty { return false }
    if let (offset, removed, inserted) = singleSplice {
      return removed.count != inserted
        || !current[offset..<(offset + inserted)].elementsEqual(removed)
    }
    return !original(from: current).hasSameBytes(as: current)
  }
}

extension ChecklistDocument {
  /// The one line (1-based) the changes since the history started rewrote, when they
  /// rewrote a single line in place: one splice within a line, or of one whole line
  /// and its break for another (the line count is the same). `nil` for any other
  /// change, or without a history. A view updates that row instead of building its
  /// outline again.
  ///
  /// - Complexity: O(log *n*) in the number of lines, plus the splice's length.
  package var onlyRewrittenLine: Int? {
    guard let (offset, removed, inserted) = history?.singleSplice, !lines.isEmpty else {
      return nil
    }
    // No line break inside either side; at most one, ending both.
    let newline = UInt8(ascii: "\n")
    let added = bytes[offset..<(offset + inserted)]
    guard !removed.dropLast().contains(newline), !added.dropLast().contains(newline),
      (removed.last == newline) == (added.last == newline)
    else { return nil }
    // The last line that starts at or before the splice.
    var low = 0
    var high = lines.count
    while low < high {
      let middle = (low + high) / 2
      if Int(lines[middle].start) <= offset { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
