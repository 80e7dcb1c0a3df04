/// How much a finding matters.
public enum Severity: String, Sendable, Hashable, Comparable, CaseIterable {
  /// The rule does not run.
  case off
  /// Reported; fails `chk lint` only with `--strict`.
  case warning
  /// Reported; fails `chk lint`.
  case error

  /// Orders `off` < `warning` < `error`.
  public static func < (lhs: Severity, rhs: Severity) -> Bool {
    let order: [Severity] = [.off, .warning, .error]
    return order.firstIndex(of: lhs) ?? 0 < order.firstIndex(of: rhs) ?? 0
  }
}

/// A lint rule: a stable kebab-case name, a default severity, and what it finds.
///
/// Each rule is declared, with its check, in a file of its own (or of its family) under
/// `Linting/Rules/`; `LintRule.ID` is the one table that orders them.
public struct LintRule: Sendable, Hashable, CustomStringConvertible {
  /// The rule's place in the table: its position in `LintRule.all`.
  let id: ID
  /// The stable name used in output, configuration and inline comments.
  public let name: String
  /// The severity when nothing configures the rule.
  public let defaultSeverity: Severity
  /// The severity `--enable` gives a rule that is off by default.
  public let enabledSeverity: Severity
  /// One line on what the rule finds.
  public let summary: String
  /// What `--fix` does, or `nil` when the rule has no fix.
  public let fixSummary: String?

  init(
    _ id: ID, _ name: String, _ defaultSeverity: Severity, enabled: Severity? = nil,
    summary: String, fix: String? = nil
  ) {
    self.id = id
    self.name = name
    self.defaultSeverity = defaultSeverity
    enabledSeverity = enabled ?? defaultSeverity
    self.summary = summary
    fixSummary = fix
  }

  /// The rule's name.
  public var description: String { name }

  /// Rules are the same when they are the same row of the table (compared and hashed
  /// as one small integer: a report looks a rule up once per finding).
  public static func == (lhs: LintRule, rhs: LintRule) -> Bool { lhs.id == rhs.id }

  /// Hashes the rule's row.
  public func hash(into hasher: inout Hasher) { hasher.combine(id.rawValue) }

  /// The rule with this name.
  public static func named(_ name: String) -> LintRule? {
    all.first { $0.name == name }
  }
}
