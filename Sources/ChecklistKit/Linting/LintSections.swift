/// What linting a document's stretches of lines gave, kept so that the next version of
/// the document is linted again only where it changed: a language server lints a
/// 100k-item file on every keystroke.
///
/// A document is cut into stretches of about `stretchLines` lines, each starting at the
/// document's start or at a heading, where every per-list state of a pass starts afresh
/// (as the two halves of a large lint do). A change drops the stretches it touches and
/// moves those after it; the next lint runs a pass over what is missing, then the checks
/// over the whole document (duplicate IDs, line endings, near misses) and the inline
/// comments on everything the stretches gathered. The result is `lint`'s, finding for
/// finding (`IncrementalLintTests` compares them on random documents and changes).
package struct LintSections: Sendable {
  struct Stretch: Sendable {
    /// The stretch's lines in the document as it is now.
    var lines: Range<Int>
    /// What its pass gathered, with line numbers `shift` lines before where they are now.
    var output: LintPass.Output
    var shift: Int
    /// Whether the output holds only what the stretch's own lines decide: not when a
    /// check read every ID of the document (a `tag-in-name` fix with an `@id`), nor
    /// when a message names another line (`duplicate-name`), which a move would make
    /// wrong.
    var standsAlone: Bool
  }

  var stretches: [Stretch] = []
  /// The configuration the stretches were linted with.
  var severities: [Severity] = []
  var today: CalendarDay?
  /// About how many lines a stretch covers (it ends before a heading).
  let stretchLines: Int

  /// An empty cache; `stretchLines` small only in tests.
  package init(stretchLines: Int = 4096) {
    self.stretchLines = max(1, stretchLines)
  }

  /// Takes note of a change: `old`, the lines of the previous version that were parsed
  /// again, are now `new` (what `ChecklistDocument.replaceBytes` returns). Stretches that
  /// meet them are dropped; those after them move.
  package mutating func noteChange(old: Range<Int>, new: Range<Int>) {
    let delta = new.count - old.count
    stretches = stretches.compactMap { stretch in
      if stretch.lines.upperBound <= old.lowerBound { return stretch }
      guard stretch.lines.lowerBound >= old.upperBound else { return nil }
      var moved = stretch
      moved.lines = (stretch.lines.lowerBound + delta)..<(stretch.lines.upperBound + delta)
      moved.shift += delta
      return moved
    }
  }

  /// How many stretches are held.
  package var stretchCount: Int { stretches.count }

  /// Forgets everything (the text was replaced whole).
  package mutating func removeAll() {
    stretches.removeAll()
  }
}

extension ChecklistLinter {
  /// The findings of `document`, as `lint` gives them, linting again only the stretches
  /// `sections` does not hold (all of them the first time, or when the configuration
  /// or the day changed), and keeping the new ones in it.
  ///
  /// - Complexity: O(*m*) for the lines linted again, plus O(*n*) in the IDs and
  ///   findings of the document for the checks over the whole of it.
  package func lint(_ document: ChecklistDocument, reusing sections: inout LintSections)
    -> [Diagnostic]
  {
    let lines = document.lines
    let severities = LintRule.all.map(configuration.severity)
    if sections.severities != severities || sections.today != configuration.today {
      sections.stretches.removeAll()
      sections.severities = severities
      sections.today = configuration.today
    }
    func startsAfresh(_ line: Int) -> Bool { line == 0 || lines[line].kind == .heading }
    // What is kept: stretches that stand alone and still start where a pass can.
    var kept: [LintSections.Stretch] = []
    for stretch in sections.stretches
    where stretch.standsAlone && stretch.lines.upperBound <= lines.count
      && startsAfresh(stretch.lines.lowerBound)
    {
      kept.append(stretch)
    }
    // The gaps between them, each widened back to a line where a pass can start (a
    // change may have turned a heading into text): the stretches before it join it.
    var pieces: [(stretch: LintSections.Stretch?, lines: Range<Int>)] = []
    var next = 0
    for stretch in kept.map(Optional.some) + [nil] {
      let end = stretch?.lines.lowerBound ?? lines.count
      if next < end {
        var start = next
        while !startsAfresh(start), let last = pieces.last {
          pieces.removeLast()
          start = last.lines.lowerBound
        }
        pieces.append((nil, start..<end))
      }
      if let stretch {
        pieces.append((stretch, stretch.lines))
        next = stretch.lines.upperBound
      }
    }
    // The new stretches, each linted by its own pass (in parallel when there are many).
    var fresh: [Range<Int>] = []
    for piece in pieces where piece.stretch == nil {
      var start = piece.lines.lowerBound
      while start < piece.lines.upperBound {
        var end = min(piece.lines.upperBound, start + sections.stretchLines)
        while end < piece.lines.upperBound, lines[end].kind != .heading { end += 1 }
        fresh.append(start..<end)
        start = end
      }
    }
    let configuration = configuration
    let runOne = { @Sendable (range: Range<Int>) -> LintSections.Stretch in
      var pass = LintPass(document: document, configuration: configuration)
      document.bytes.withUnsafeBufferPointer { pass.run($0, lines: range) }
      document.logWork("linesLinted", range.count)
      var output = pass.output
      // Quoted bytes are copied out of the document, whose later versions the cache
      // must not keep alive.
      for index in output.findings.indices {
        output.findings[index].diagnostic.text.detach()
      }
      let readsOtherLines = output.findings.contains { $0.diagnostic.ruleID == .duplicateName }
      return LintSections.Stretch(
        lines: range, output: output, shift: 0,
        standsAlone: pass.documentIDHashes == nil && !readsOtherLines)
    }
    let ranges = fresh
    let linted =
      ranges.count > 1 && ranges.reduce(0, { $0 + $1.count }) >= 1 << 16
      ? Parallel.map(ranges.count) { runOne(ranges[$0]) } : ranges.map(runOne)
    // Everything in order, into the pass that finishes the document.
    var finisher = LintPass(document: document, configuration: configuration)
    var stretches: [LintSections.Stretch] = []
    var freshIndex = 0
    for piece in pieces {
      if let stretch = piece.stretch {
        stretches.append(stretch)
      } else {
        while freshIndex < linted.count,
          linted[freshIndex].lines.lowerBound < piece.lines.upperBound
        {
          stretches.append(linted[freshIndex])
          freshIndex += 1
        }
      }
    }
    for stretch in stretches { finisher.absorb(stretch.output.moved(by: stretch.shift)) }
    // One run of ID keys in line order, as one pass would have gathered it.
    finisher.idKeys = finisher.idRuns.flatMap { $0 }
    finisher.idRuns = []
    document.bytes.withUnsafeBufferPointer { finisher.finish($0) }
    sections.stretches = stretches
    var found = finisher.findings
    finisher.findings = []
    Self.sort(&found)
    return InlineDirectives(document).filter(found.map(\.diagnostic))
  }
}

extension LintPass.Output {
  /// The output with every line number `delta` lines further on.
  func moved(by delta: Int) -> LintPass.Output {
    guard delta != 0 else { return self }
    var moved = self
    for index in moved.findings.indices { moved.findings[index].move(by: delta) }
    for index in moved.nearMisses.indices { moved.nearMisses[index].finding.move(by: delta) }
    // The line is the key's low half; a move keeps each key's order.
    moved.idKeys = moved.idKeys.map { UInt64(bitPattern: Int64(bitPattern: $0) + Int64(delta)) }
    return moved
  }
}

extension ChecklistLinter.Finding {
  mutating func move(by delta: Int) {
    lineIndex += delta
    diagnostic.line += delta
    diagnostic.endLine += delta
  }
}

extension Diagnostic.Message {
  /// The quoted bytes in a slice of their own, not of the document's bytes.
  mutating func detach() {
    switch self {
    case .tagInName(let quoted): self = .tagInName(quoted.detached)
    case .gluedTags(let quoted): self = .gluedTags(quoted.detached)
    case .plain, .duplicate: break
    }
  }
}
