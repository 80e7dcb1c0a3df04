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
    let lines = document.lines
    var split: Int?
    if lines.count >= parallelThreshold, Parallel.processorCount > 1 {
      split = (lines.count / 2..<lines.count).first { lines[$0].kind == .heading }
    }
    var pass = LintPass(document: document, configuration: configuration)
    if let split {
      let configuration = configuration
      let halves = [0..<split, split..<lines.count]
      var outputs = Parallel.map(2) { index in
        var half = LintPass(document: document, configuration: configuration)
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
    document.bytes.withUnsafeBufferPointer { pass.finish($0) }
    // Taken out of the pass, so that sorting moves them in place instead of copying.
    var found = pass.findings
    pass.findings = []
    // The line checks report in line order; only the checks over the whole document
    // (duplicate IDs, line endings) and two findings on one line can be out of place.
    func inOrder(_ a: Finding, _ b: Finding) -> Bool {
      (a.diagnostic.line, a.diagnostic.column) < (b.diagnostic.line, b.diagnostic.column)
    }
    let isSorted = found.withUnsafeBufferPointer { buffer in
      buffer.indices.dropFirst().allSatisfy { index in
        let (a, b) = (buffer[index - 1].diagnostic, buffer[index].diagnostic)
        return (a.line, a.column) <= (b.line, b.column)
      }
    }
    if !isSorted { found.sort(by: inOrder) }
    let directives = InlineDirectives(document)
    guard !directives.isEmpty else { return found }
    let kept = Set(directives.filter(found.map(\.diagnostic)).map { DiagnosticKey($0) })
    return found.filter { kept.contains(DiagnosticKey($0.diagnostic)) }
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
