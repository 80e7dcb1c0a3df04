/// Inline `<!-- chk-disable RULE ... -->`, `<!-- chk-enable RULE ... -->` and
/// `<!-- chk-disable-next-line RULE ... -->` comments. Without rule names a comment
/// applies to every rule; names may be separated by spaces or commas.
struct InlineDirectives {
  enum Kind {
    case disable, enable, disableNextLine
  }

  struct Directive {
    /// The 0-based line of the comment.
    var line: Int
    var kind: Kind
    /// The rule names; empty for every rule.
    var rules: [String]
  }

  private(set) var directives: [Directive] = []

  var isEmpty: Bool { directives.isEmpty }

  /// Finds the directives in HTML comment lines.
  init(_ document: ChecklistDocument) {
    document.bytes.withUnsafeBufferPointer { buffer in
      for (index, record) in document.lines.enumerated() where record.kind == .verbatim {
        let range = FieldScanner.trimmed(buffer, from: Int(record.start), to: Int(record.end))
        guard range.count > 12, buffer[range.lowerBound] == ASCII.lessThan else { continue }
        let text = String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
        guard text.hasPrefix("<!--"), text.hasSuffix("-->") else { continue }
        let words = text.dropFirst(4).dropLast(3).split { $0 == " " || $0 == "\t" || $0 == "," }
        guard let first = words.first else { continue }
        let kind: Kind
        switch first {
        case "chk-disable": kind = .disable
        case "chk-enable": kind = .enable
        case "chk-disable-next-line": kind = .disableNextLine
        default: continue
        }
        directives.append(
          Directive(line: index, kind: kind, rules: words.dropFirst().map(String.init)))
      }
    }
  }

  /// Removes the findings the directives turn off. `findings` must be sorted by line.
  func filter(_ findings: [Diagnostic]) -> [Diagnostic] {
    guard !directives.isEmpty else { return findings }
    var filter = Filter(self)
    return findings.filter { filter.keeps($0) }
  }

  /// The directives applied to findings in line order, a finding at a time (for findings
  /// that come in batches).
  struct Filter {
    private let directives: [Directive]
    private var next = 0
    private var allDisabled = false
    private var disabled = Set<String>()
    private var enabledDespiteAll = Set<String>()
    private var nextLine: (line: Int, rules: [String])?

    init(_ directives: InlineDirectives) {
      self.directives = directives.directives
    }

    /// Applies the directives above a 0-based line: a filter for findings from that
    /// line on (a batch that starts there, made beside the one before it).
    mutating func advance(to line: Int) {
      while next < directives.count, directives[next].line < line {
        let directive = directives[next]
        switch directive.kind {
        case .disable:
          if directive.rules.isEmpty {
            allDisabled = true
            enabledDespiteAll = []
          } else {
            disabled.formUnion(directive.rules)
            enabledDespiteAll.subtract(directive.rules)
          }
        case .enable:
          if directive.rules.isEmpty {
            allDisabled = false
            disabled = []
          } else {
            disabled.subtract(directive.rules)
            if allDisabled { enabledDespiteAll.formUnion(directive.rules) }
          }
        case .disableNextLine:
          nextLine = (directive.line + 1, directive.rules)
        }
        next += 1
      }
    }

    /// Whether a finding stays; findings must come sorted by line.
    mutating func keeps(_ finding: Diagnostic) -> Bool {
      guard !directives.isEmpty else { return true }
      let line = finding.line - 1
      advance(to: line)
      let name = finding.rule.name
      if allDisabled, !enabledDespiteAll.contains(name) { return false }
      if disabled.contains(name) { return false }
      if let nextLine, nextLine.line == line,
        nextLine.rules.isEmpty || nextLine.rules.contains(name)
      {
        return false
      }
      return true
    }
  }
}
