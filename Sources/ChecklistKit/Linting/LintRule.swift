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
public struct LintRule: Sendable, Hashable, CustomStringConvertible {
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

  /// The rule's name.
  public var description: String { name }

  /// `empty-name` (error): an item or list whose name is empty.
  public static let emptyName = LintRule(
    name: "empty-name", defaultSeverity: .error, enabledSeverity: .error,
    summary: "an item or list whose name is empty or only spaces", fixSummary: nil)
  /// `duplicate-id` (error, fixable): an ID used more than once.
  public static let duplicateID = LintRule(
    name: "duplicate-id", defaultSeverity: .error, enabledSeverity: .error,
    summary: "an ID used more than once in a file (reported at each later copy)",
    fixSummary: "gives the later copies new IDs")
  /// `invalid-id` (error): an `@id` value that is not a valid ID.
  public static let invalidID = LintRule(
    name: "invalid-id", defaultSeverity: .error, enabledSeverity: .error,
    summary: "an @id value outside [A-Za-z0-9_-]{1,32}", fixSummary: nil)
  /// `invalid-date` (error): a `@done` or `@due` that is not a real day.
  public static let invalidDate = LintRule(
    name: "invalid-date", defaultSeverity: .error, enabledSeverity: .error,
    summary: "a @done or @due value that is not a real YYYY-MM-DD day", fixSummary: nil)
  /// `duplicate-tag` (error): a known tag twice on one line.
  public static let duplicateTag = LintRule(
    name: "duplicate-tag", defaultSeverity: .error, enabledSeverity: .error,
    summary: "the same known tag (@id, @done, @due, @icon) twice on one line", fixSummary: nil)
  /// `done-unchecked` (warning, fixable): `@done` on an unchecked item.
  public static let doneUnchecked = LintRule(
    name: "done-unchecked", defaultSeverity: .warning, enabledSeverity: .warning,
    summary: "@done on an unchecked item", fixSummary: "removes the @done")
  /// `malformed-checkbox` (warning): a near-miss checkbox.
  public static let malformedCheckbox = LintRule(
    name: "malformed-checkbox", defaultSeverity: .warning, enabledSeverity: .warning,
    summary: "a near-miss checkbox such as [-], [], [ x] or - [ ]text, which is not an item",
    fixSummary: nil)
  /// `tag-in-name` (warning, fixable): a known tag inside the name.
  public static let tagInName = LintRule(
    name: "tag-in-name", defaultSeverity: .warning, enabledSeverity: .warning,
    summary: "a known tag inside the name (after a single space, so it is part of the name)",
    fixSummary: "separates it with two spaces, when the tag then raises no other finding")
  /// `checkbox-in-text` (warning, fixable): `[x]` in an unchecked item's text.
  public static let checkboxInText = LintRule(
    name: "checkbox-in-text", defaultSeverity: .warning, enabledSeverity: .warning,
    summary: "[x] or [X] in an unchecked item's text (GitHub then renders it checked)",
    fixSummary: "escapes it as [x\\] in the name")
  /// `duplicate-name` (warning): two items with the same name in a list.
  public static let duplicateName = LintRule(
    name: "duplicate-name", defaultSeverity: .warning, enabledSeverity: .warning,
    summary: "two items with the same name in one list", fixSummary: nil)
  /// `open-children` (warning): a checked item with unchecked sub-items.
  public static let openChildren = LintRule(
    name: "open-children", defaultSeverity: .warning, enabledSeverity: .warning,
    summary: "a checked item with unchecked sub-items", fixSummary: nil)
  /// `mixed-line-endings` (warning): more than one kind of line ending.
  public static let mixedLineEndings = LintRule(
    name: "mixed-line-endings", defaultSeverity: .warning, enabledSeverity: .warning,
    summary: "more than one kind of line ending (chk fmt unifies them)", fixSummary: nil)
  /// `missing-id` (off; warning when enabled, fixable): an item without an ID.
  public static let missingID = LintRule(
    name: "missing-id", defaultSeverity: .off, enabledSeverity: .warning,
    summary: "an item without an ID (enable it to require IDs)", fixSummary: "assigns IDs")
  /// `overdue` (off; warning when enabled): an unchecked item past its `@due` day.
  public static let overdue = LintRule(
    name: "overdue", defaultSeverity: .off, enabledSeverity: .warning,
    summary: "an unchecked item whose @due day is before today", fixSummary: nil)
  /// `open-item` (off; error when enabled): an unchecked item.
  public static let openItem = LintRule(
    name: "open-item", defaultSeverity: .off, enabledSeverity: .error,
    summary: "an unchecked item (enable it to fail CI until every item is done)", fixSummary: nil)

  /// Every rule, in the order the format's rule table lists them.
  public static let all: [LintRule] = [
    emptyName, duplicateID, invalidID, invalidDate, duplicateTag, doneUnchecked,
    malformedCheckbox, tagInName, checkboxInText, duplicateName, openChildren, mixedLineEndings,
    missingID, overdue, openItem,
  ]

  /// The rule with this name.
  public static func named(_ name: String) -> LintRule? {
    all.first { $0.name == name }
  }
}
