import ChecklistKit
import Testing

/// Checks that a document's line records describe its bytes exactly.
public enum Invariants {
  /// Records the first broken invariant as a test failure, naming `context`.
  public static func check(_ document: ChecklistDocument, _ context: @autoclosure () -> String) {
    if let problem = problem(in: document) {
      Issue.record("\(problem) — \(context())")
    }
  }

  /// The first broken invariant, or `nil`.
  public static func problem(in document: ChecklistDocument) -> String? {
    let bytes = document.bytes
    let lines = document.lines
    let first = document.hasByteOrderMark ? 3 : 0
    if lines.isEmpty { return bytes.count == first || bytes.isEmpty ? nil : "no lines for bytes" }
    if Int(lines[0].start) != first { return "first line starts at \(lines[0].start)" }
    for (index, record) in lines.enumerated() {
      let start = Int(record.start)
      let end = Int(record.end)
      let next = index + 1 < lines.count ? Int(lines[index + 1].start) : bytes.count
      guard start <= end, end <= next else { return "line \(index + 1): bad bounds" }
      let content = bytes[start..<end]
      if content.contains(10) || content.contains(13) {
        return "line \(index + 1): a line break inside the content"
      }
      let ending = Array(bytes[end..<next])
      let isLast = index == lines.count - 1
      guard ending == [10] || ending == [13, 10] || ending == [13] || (isLast && ending.isEmpty)
      else { return "line \(index + 1): ending \(ending)" }
      if record.kind == .item {
        let last = Int(record.last)
        guard last >= index, last < lines.count else { return "line \(index + 1): last \(last)" }
        guard Int(record.mark) >= start, Int(record.mark) + 3 <= end,
          Int(record.tagsStart) <= Int(record.tagsEnd), Int(record.tagsEnd) <= end
        else { return "line \(index + 1): ranges" }
        for inner in (index + 1)..<(last + 1) where lines[inner].kind == .item {
          if Int(lines[inner].last) > last { return "line \(inner + 1) escapes its parent" }
        }
        if ((index + 1)..<(last + 1)).contains(where: { lines[$0].kind == .heading }) {
          return "line \(index + 1) owns a heading"
        }
      }
    }
    let fresh = try? ChecklistDocument(parsing: bytes)
    guard let fresh, fresh.lines == lines else { return "records differ from a fresh parse" }
    return nil
  }
}
