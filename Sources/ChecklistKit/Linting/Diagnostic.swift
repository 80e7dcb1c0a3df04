/// One lint finding.
///
/// Lines are 1-based; columns are 1-based and counted in UTF-8 bytes from the start of
/// the line (after a byte-order mark), as gcc and vim count them. The end is exclusive:
/// `endColumn` is the column just past the finding.
public struct Diagnostic: Sendable, Hashable {
  /// The rule that found it.
  public var rule: LintRule
  /// How much it matters (never `off`).
  public var severity: Severity
  /// The 1-based line where the finding starts.
  public var line: Int
  /// The 1-based byte column where it starts.
  public var column: Int
  /// The 1-based line where it ends.
  public var endLine: Int
  /// The 1-based byte column just past its end.
  public var endColumn: Int
  /// A lower-case message that quotes the offending text.
  public var message: String
  /// Whether `chk lint --fix` can fix it.
  public var isFixable: Bool

  /// Creates a diagnostic.
  public init(
    rule: LintRule, severity: Severity, line: Int, column: Int, endLine: Int, endColumn: Int,
    message: String, isFixable: Bool
  ) {
    self.rule = rule
    self.severity = severity
    self.line = line
    self.column = column
    self.endLine = endLine
    self.endColumn = endColumn
    self.message = message
    self.isFixable = isFixable
  }
}
