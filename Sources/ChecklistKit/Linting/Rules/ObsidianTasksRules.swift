extension LintRule {
  /// `unknown-dependency` (warning): in the Obsidian Tasks format, a `⛔` naming an ID
  /// that no task of the vault has (`🆔`): the plugin shows the task as blocked by
  /// nothing.
  public static let unknownDependency = LintRule(
    .unknownDependency, "unknown-dependency", .warning,
    summary: "in an Obsidian vault, a ⛔ naming an ID that no task of the vault has")

  /// `invalid-recurrence` (warning): in the Obsidian Tasks format, a `🔁` rule the
  /// plugin cannot read (rrule's text parser wants `every` and a unit): the plugin
  /// drops it when it writes the task.
  public static let invalidRecurrence = LintRule(
    .invalidRecurrence, "invalid-recurrence", .warning,
    summary: "in an Obsidian vault, a 🔁 rule the plugin cannot read (it drops it)")
}

/// What the Obsidian Tasks format says that chk's view does not show its linter: the
/// IDs the tasks of a file have, the IDs they depend on, and recurrence rules the
/// plugin cannot read.
extension ObsidianTasksView {
  /// A file's tasks as the vault's rules need them.
  public struct VaultFacts: Sendable {
    /// The `🆔` of every task of the file.
    public var ids: Set<String> = []
    /// Each `⛔` ID, with its task's 1-based line and the line's length in bytes.
    public var dependencies: [(line: Int, id: String, endColumn: Int)] = []
    /// `invalid-recurrence` findings (on the task's whole line), when the rule is on.
    public var findings: [Diagnostic] = []
  }

  /// The facts of one file's bytes: the tasks the plugin reads, as the view reads them.
  ///
  /// - Complexity: O(*n*) in the size of the file; only lines with a box are parsed.
  public static func vaultFacts(
    of bytes: [UInt8], settings: ObsidianTaskSettings, configuration: LintConfiguration
  ) -> VaultFacts {
    var facts = VaultFacts()
    let severity = configuration.severity(of: .invalidRecurrence)
    var line = 0
    let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    forEachLine(bytes, from: start) { content, _, isCode, inComment in
      line += 1
      guard !isCode, let task = task(bytes[content], settings: settings, inComment: inComment)
      else { return }
      if !task.id.isEmpty { facts.ids.insert(task.id) }
      let endColumn = content.count + 1
      for id in task.dependsOn { facts.dependencies.append((line, id, endColumn)) }
      if severity != .off, let rule = task.recurrence, isUnreadableRule(rule) {
        facts.findings.append(
          Diagnostic(
            rule: .invalidRecurrence, severity: severity, line: line, column: 1, endLine: line,
            endColumn: endColumn,
            message:
              "🔁 '\(rule)' is not a rule the plugin reads: write 'every' and a unit (every "
              + "week, every 2 days, every month on the 1st); it drops it when it writes the task",
            isFixable: false))
      }
    }
    return facts
  }

  /// Whether rrule's text parser fails on a rule before it reads a unit: it must start
  /// with `every` (any case), and something other than a count must follow
  /// (`src/nlp/parsetext.ts`, `S()`).
  static func isUnreadableRule(_ rule: String) -> Bool {
    let text = rule.lowercased().drop { $0 == " " }
    guard text.hasPrefix("every") else { return true }
    return text.dropFirst(5).allSatisfy { $0 == " " || $0.isASCII && $0.isNumber }
  }

  /// The rules about chk's own syntax, which say nothing about the plugin's lines: a
  /// tag after one blank (`x @done(1)` is text to the plugin), a box in the text, a tag
  /// twice, a done day on a task to do (the plugin's own example has one), a
  /// recurrence without a due day (the plugin counts from the other dates or today),
  /// IDs chk would give, and a task with no description.
  static let rulesOfChksOwnSyntax: Set<LintRule> = [
    .tagInName, .checkboxInText, .duplicateTag, .doneUnchecked, .invalidEvery, .missingID,
    .invalidID, .emptyName,
  ]

  /// Findings on chk's view of a file in the Obsidian Tasks format, as they read in the
  /// file: each on its whole line (the view's columns are not the file's), in the
  /// plugin's signifiers, and with no fix (`--fix` does not write such a file).
  public static func findingsInFile(_ diagnostics: [Diagnostic], _ bytes: [UInt8]) -> [Diagnostic] {
    let diagnostics = diagnostics.filter { !rulesOfChksOwnSyntax.contains($0.rule) }
    guard !diagnostics.isEmpty else { return [] }
    // Where each line's content ends (LF, CRLF or a lone CR end lines, as in the view).
    var ends: [Int] = []
    var starts = [bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0]
    var index = starts[0]
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "\r") {
        ends.append(index)
        if bytes[index] == UInt8(ascii: "\r"), index + 1 < bytes.count,
          bytes[index + 1] == UInt8(ascii: "\n")
        {
          index += 1
        }
        starts.append(index + 1)
      }
      index += 1
    }
    ends.append(bytes.count)
    return diagnostics.map { finding in
      var finding = finding
      let line = min(max(finding.line, 1), ends.count) - 1
      finding.column = 1
      finding.endLine = finding.line
      finding.endColumn = max(1, ends[line] - starts[line] + 1)
      finding.isFixable = false
      var message = finding.message
      for (tag, signifier) in [("@due", "📅"), ("@done", "✅"), ("@id", "🆔"), ("@every", "🔁")] {
        message = message.replacing(tag, with: signifier)
      }
      finding.message = message
      return finding
    }
  }

}
