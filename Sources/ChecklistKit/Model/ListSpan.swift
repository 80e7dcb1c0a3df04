/// A list's extent: its heading (if any) and the lines up to the next heading.
struct ListSpan: Hashable, Sendable {
  /// The heading's line index; `nil` for the unnamed list before the first heading.
  var heading: Int?
  /// Every line of the list, the heading included.
  var lines: Range<Int>
}

extension ChecklistDocument {
  /// Every list's extent, in order. The unnamed list exists only when items come before
  /// the first heading.
  ///
  /// - Complexity: O(*n*) in the number of lines.
  func listSpans() -> [ListSpan] {
    var spans: [ListSpan] = []
    var sawItem = false
    for (index, record) in lines.enumerated() {
      if record.kind == .heading {
        if spans.isEmpty {
          if sawItem { spans.append(ListSpan(heading: nil, lines: 0..<index)) }
        } else {
          spans[spans.count - 1].lines = spans[spans.count - 1].lines.lowerBound..<index
        }
        spans.append(ListSpan(heading: index, lines: index..<lines.count))
      } else if record.kind == .item, spans.isEmpty {
        sawItem = true
      }
    }
    if spans.isEmpty, sawItem {
      spans.append(ListSpan(heading: nil, lines: 0..<lines.count))
    }
    return spans
  }
}
