extension LintRule {
  /// `mixed-line-endings` (warning): more than one kind of line ending.
  public static let mixedLineEndings = LintRule(
    .mixedLineEndings, "mixed-line-endings", .warning,
    summary: "more than one kind of line ending (chk fmt unifies them)")
}

extension LintPass {
  mutating func countEnding(_ index: Int, _ bytes: UnsafeBufferPointer<UInt8>) {
    let end = Int(lines[index].end)
    let next = index + 1 < lines.count ? Int(lines[index + 1].start) : bytes.count
    switch next - end {
    case 2: endings.crlf += 1
    case 1:
      if bytes[end] == ASCII.lineFeed { endings.lineFeed += 1 } else { endings.carriageReturn += 1 }
    default: break
    }
  }

  mutating func reportMixedEndings(_ bytes: UnsafeBufferPointer<UInt8>) {
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
    for index in lines.indices {
      let end = Int(lines[index].end)
      let next =
        index + 1 < lines.count ? Int(lines[index + 1].start) : bytes.count
      let kind =
        next - end == 2
        ? "CRLF" : next - end == 1 ? (bytes[end] == ASCII.lineFeed ? "LF" : "CR") : ""
      guard !kind.isEmpty, kind != common.0 else { continue }
      report(
        .mixedLineEndings, line: index, columns: end..<next,
        "mixed line endings (\(summary)); this line ends in \(kind); use \(common.0) "
          + "throughout")
      return
    }
  }
}
