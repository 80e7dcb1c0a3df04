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
    var found = gather(document, limit: .max, parallelThreshold: parallelThreshold).findings
    Self.sort(&found)
    let directives = InlineDirectives(document)
    guard !directives.isEmpty else { return found }
    let kept = Set(directives.filter(found.map(\.diagnostic)).map { DiagnosticKey($0) })
    return found.filter { kept.contains(DiagnosticKey($0.diagnostic)) }
  }

  /// One pass over the document (in two halves when it is large), then the checks over
  /// the whole document. Past `limit` findings the passes keep none, and the result
  /// holds only the whole-document checks' findings, with `overflowed` set.
  private func gather(_ document: ChecklistDocument, limit: Int, parallelThreshold: Int)
    -> (findings: [Finding], overflowed: Bool)
  {
    let lines = document.lines
    var split: Int?
    if lines.count >= parallelThreshold, Parallel.processorCount > 1 {
      split = (lines.count / 2..<lines.count).first { lines[$0].kind == .heading }
    }
    var pass = LintPass(document: document, configuration: configuration)
    pass.findingLimit = limit
    if let split {
      let configuration = configuration
      let halves = [0..<split, split..<lines.count]
      var outputs = Parallel.map(2) { index in
        var half = LintPass(document: document, configuration: configuration)
        half.findingLimit = limit / 2
        document.bytes.withUnsafeBufferPointer { half.run($0, lines: halves[index]) }
        return half.output
      }
      pass.findings.reserveCapacity(outputs.reduce(0) { $0 + $1.findings.count })
      for index in outputs.indices {
        pass.absorb(outputs[index])
        // Each half's findings are copied: let them go now, not at the end of the scope.
        outputs[index].findings = []
        outputs[index].idKeys = []
      }
    } else {
      document.bytes.withUnsafeBufferPointer { pass.run($0, lines: 0..<lines.count) }
    }
    // The checks over the whole document keep every finding: they are few.
    let overflowed = pass.overflowed
    if overflowed { pass.findings = [] }
    pass.overflowed = false
    pass.findingLimit = .max
    document.bytes.withUnsafeBufferPointer { pass.finish($0) }
    // Taken out of the pass, so that sorting moves them in place instead of copying.
    let found = pass.findings
    pass.findings = []
    return (found, overflowed)
  }

  /// Sorts findings by line and column, keeping the order of findings at one place: the
  /// line checks report in line order, so only the checks over the whole document
  /// (duplicate IDs, line endings) and two findings on one line can be out of place.
  static func sort(_ found: inout [Finding]) {
    let isSorted = found.withUnsafeBufferPointer { buffer in
      buffer.indices.dropFirst().allSatisfy { index in
        let (a, b) = (buffer[index - 1].diagnostic, buffer[index].diagnostic)
        return (a.line, a.column) <= (b.line, b.column)
      }
    }
    if !isSorted {
      found.sort {
        ($0.diagnostic.line, $0.diagnostic.column) < ($1.diagnostic.line, $1.diagnostic.column)
      }
    }
  }

  /// The findings of a document as `lint` gives them, for a caller that writes them as
  /// they come: all at once, or, when there are more than `limit`, a stream that lints
  /// the document again a few lists at a time, so that a file with a million findings
  /// never holds them all (`chk lint` in its line formats).
  package func findingsOrStream(_ document: ChecklistDocument, limit: Int = 1 << 15)
    -> LintFindings
  {
    let (found, overflowed) = gather(document, limit: limit, parallelThreshold: 1 << 16)
    guard overflowed else {
      var all = found
      Self.sort(&all)
      return .all(InlineDirectives(document).filter(all.map(\.diagnostic)))
    }
    var wide = found
    Self.sort(&wide)
    return .stream(LintStream(linter: self, document: document, wide: wide, lines: limit))
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

/// What `ChecklistLinter.findingsOrStream` found.
package enum LintFindings: Sendable {
  /// Every finding, in order.
  case all([Diagnostic])
  /// Too many findings to hold: they come from the stream, in the same order.
  case stream(LintStream)
}

/// The findings of a document with too many of them to hold, made again a few lists at a
/// time: each stretch of lines that starts at a heading is linted as the whole pass
/// lints it (every per-list state starts afresh at a heading), the checks over the
/// whole document were made once (`wide`), and the inline comments apply as the
/// findings come.
package struct LintStream: Sendable {
  let linter: ChecklistLinter
  let document: ChecklistDocument
  /// The findings of the checks over the whole document, sorted.
  let wide: [ChecklistLinter.Finding]
  /// About how many lines each batch covers (it ends at a heading).
  let lines: Int

  /// Calls `body` with each batch of findings, in order; every batch but the last ends
  /// before a heading.
  ///
  /// - Complexity: O(*n*) in the size of the document; memory for one batch's findings.
  package func forEachBatch(_ body: ([Diagnostic]) -> Void) {
    let records = document.lines
    var filter = InlineDirectives.Filter(InlineDirectives(document))
    var idHashes: Set<UInt64>?
    var start = 0
    var next = 0
    // The two buffers are used again for every batch.
    var batch: [ChecklistLinter.Finding] = []
    var kept: [Diagnostic] = []
    while start < records.count || next < wide.count {
      var end = min(records.count, start + max(1, lines))
      while end < records.count, records[end].kind != .heading { end += 1 }
      var pass = LintPass(document: document, configuration: linter.configuration)
      pass.documentIDHashes = idHashes
      batch.removeAll(keepingCapacity: true)
      swap(&batch, &pass.findings)
      document.bytes.withUnsafeBufferPointer { pass.run($0, lines: start..<end) }
      idHashes = pass.documentIDHashes
      swap(&batch, &pass.findings)
      while next < wide.count, wide[next].diagnostic.line <= end || end == records.count {
        batch.append(wide[next])
        next += 1
      }
      ChecklistLinter.sort(&batch)
      kept.removeAll(keepingCapacity: true)
      for finding in batch where filter.keeps(finding.diagnostic) {
        kept.append(finding.diagnostic)
      }
      body(kept)
      start = end
    }
  }
}
