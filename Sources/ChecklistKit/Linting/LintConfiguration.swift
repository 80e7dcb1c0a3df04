/// Which rules run at which severity, and what "today" is for `overdue`.
public struct LintConfiguration: Sendable, Hashable {
  /// Severities set for rules by name; rules not named keep their default.
  public var severities: [String: Severity] = [:]
  /// The day `overdue` compares `@due` days with.
  public var today: CalendarDay
  /// Whether each finding works out if a fix can mend it (`Diagnostic.isFixable`, and
  /// the fix `chk lint --fix` applies). Off for a report that shows neither, which then
  /// skips the work (for `tag-in-name`, moving the tags out of the name is tried).
  public var findsFixes = true

  /// A configuration with every rule at its default severity.
  public init(today: CalendarDay) {
    self.today = today
  }

  /// The severity a rule runs at.
  public func severity(of rule: LintRule) -> Severity {
    severities[rule.name] ?? rule.defaultSeverity
  }

  /// Turns a rule on: at its default severity, or at its enabled severity when it is
  /// off by default.
  public mutating func enable(_ rule: LintRule) {
    severities[rule.name] =
      rule.defaultSeverity == .off ? rule.enabledSeverity : rule.defaultSeverity
  }

  /// Turns a rule off.
  public mutating func disable(_ rule: LintRule) {
    severities[rule.name] = .off
  }

  /// Sets a rule's severity.
  public mutating func set(_ rule: LintRule, to severity: Severity) {
    severities[rule.name] = severity
  }
}
