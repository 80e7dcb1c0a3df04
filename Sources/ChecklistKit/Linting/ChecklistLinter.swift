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
    // Two batches are in memory at once (made on two threads): each covers a
    // quarter of the lines one batch would (and each keeps its report lines until they
    // are written), so that the stream holds no more than one batch did.
    return .stream(
      LintStream(linter: self, document: document, wide: wide, lines: max(1, limit / 4)))
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
  /// - Complexity: O(*n*) in the size of the document; memory for two batches' findings.
  package func forEachBatch(_ body: ([Diagnostic]) -> Void) {
    forEachBatch(
      making: [Diagnostic](),
      { diagnostics, made in made = diagnostics },
      { made, _ in body(made) })
  }

  /// The buffers one of the two workers uses again for every batch it makes (fresh
  /// memory for each batch would cost a page fault per 4 KiB).
  private final class Slot<Made>: @unchecked Sendable {
    var findings: [ChecklistLinter.Finding] = []
    var kept: [Diagnostic] = []
    var made: Made
    init(_ made: Made) { self.made = made }
  }

  /// Calls `body` with what `make` made of each batch of findings (and how many findings
  /// it had), in order. Two batches are linted and made at a time, on two threads where
  /// there are two processors (`chk lint` writes each batch's lines as it makes them):
  /// each starts with what the inline comments above it say, and the document's IDs,
  /// once a batch has gathered them, go to the batches after it. `make` is given the
  /// `Made` it filled before, to empty and use again.
  ///
  /// - Complexity: O(*n*) in the size of the document; memory for two batches.
  package func forEachBatch<Made>(
    making empty: Made, _ make: @escaping @Sendable ([Diagnostic], inout Made) -> Void,
    _ body: (Made, Int) -> Void
  ) {
    let records = document.lines
    // The batches: about `lines` lines each, ending before a heading.
    var batches: [Range<Int>] = []
    var start = 0
    repeat {
      var end = min(records.count, start + max(1, lines))
      while end < records.count, records[end].kind != .heading { end += 1 }
      batches.append(start..<end)
      start = end
    } while start < records.count
    // Each batch's share of the findings over the whole document: those on its lines
    // (the last takes the rest).
    var wideShares: [Range<Int>] = []
    var next = 0
    for (index, batch) in batches.enumerated() {
      let first = next
      while next < wide.count,
        wide[next].diagnostic.line <= batch.upperBound || index == batches.count - 1
      {
        next += 1
      }
      wideShares.append(first..<next)
    }
    let slots = [Slot(empty), Slot(empty)]
    var filter = InlineDirectives.Filter(InlineDirectives(document))
    var idHashes: Set<UInt64>?
    var index = 0
    while index < batches.count {
      let count = min(2, batches.count - index)
      var filters = [filter]
      if count == 2 {
        var second = filter
        second.advance(to: batches[index + 1].lowerBound)
        filters.append(second)
      }
      let (starts, known, first) = (filters, idHashes, index)
      let (document, configuration, wide) = (document, linter.configuration, wide)
      let (batches, wideShares) = (batches, wideShares)
      let results = Parallel.map(count) { offset in
        let slot = slots[offset]
        var pass = LintPass(document: document, configuration: configuration)
        pass.documentIDHashes = known
        slot.findings.removeAll(keepingCapacity: true)
        swap(&slot.findings, &pass.findings)
        document.bytes.withUnsafeBufferPointer { pass.run($0, lines: batches[first + offset]) }
        swap(&slot.findings, &pass.findings)
        slot.findings += wide[wideShares[first + offset]]
        ChecklistLinter.sort(&slot.findings)
        var filter = starts[offset]
        slot.kept.removeAll(keepingCapacity: true)
        for finding in slot.findings where filter.keeps(finding.diagnostic) {
          slot.kept.append(finding.diagnostic)
        }
        make(slot.kept, &slot.made)
        return (filter: filter, idHashes: pass.documentIDHashes, count: slot.kept.count)
      }
      for (offset, result) in results.enumerated() {
        body(slots[offset].made, result.count)
        filter = result.filter
        idHashes = idHashes ?? result.idHashes
      }
      index += count
    }
  }
}
