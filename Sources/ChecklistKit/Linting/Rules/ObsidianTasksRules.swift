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
}
