extension LintRule {
  /// The one table of lint rules, in the order the format's rule table lists them.
  ///
  /// A rule's position here is its index in `LintRule.all` and in the lint pass's
  /// severity arrays, so the two cannot fall out of step. Adding a rule: a file under
  /// `Linting/Rules/` that declares the rule and its check, a case here, and its line in
  /// `rule` (the compiler asks for it).
  enum ID: Int, CaseIterable, Sendable, Hashable {
    case emptyName, duplicateID, invalidID, invalidDate, invalidEvery, invalidRemind
    case duplicateTag, doneUnchecked
    case malformedCheckbox, tagInName, checkboxInText, duplicateName, openChildren
    case mixedLineEndings, missingID, overdue, openItem, emptyItem
    case unknownDependency, invalidRecurrence

    /// The rule declared for this case.
    var rule: LintRule {
      switch self {
      case .emptyName: return .emptyName
      case .duplicateID: return .duplicateID
      case .invalidID: return .invalidID
      case .invalidDate: return .invalidDate
      case .invalidEvery: return .invalidEvery
      case .invalidRemind: return .invalidRemind
      case .duplicateTag: return .duplicateTag
      case .doneUnchecked: return .doneUnchecked
      case .malformedCheckbox: return .malformedCheckbox
      case .tagInName: return .tagInName
      case .checkboxInText: return .checkboxInText
      case .duplicateName: return .duplicateName
      case .openChildren: return .openChildren
      case .mixedLineEndings: return .mixedLineEndings
      case .missingID: return .missingID
      case .overdue: return .overdue
      case .openItem: return .openItem
      case .emptyItem: return .emptyItem
      case .unknownDependency: return .unknownDependency
      case .invalidRecurrence: return .invalidRecurrence
      }
    }
  }

  /// Every rule, in the table's order.
  public static let all: [LintRule] = ID.allCases.map(\.rule)
}
