import ChecklistKit
import ChkWorkspace

extension CommandError {
  /// A refused edit: bad values are data errors, unknown references usage errors.
  static func edit(_ error: EditError, path: String) -> CommandError {
    let kind: CommandError.Kind
    switch error {
    case .emptyName, .lineBreak, .invalidDate, .unrepresentableValue: kind = .invalidData
    case .itemNotFound, .ambiguousID, .listNotFound, .listExists, .moveIntoOwnSubtree,
      .unsupportedPosition, .changesOtherLines, .unbalancedHTML:
      kind = .usage
    case .tooLarge: kind = .invalidData
    }
    var message = "\(path): \(error.message)"
    // The library says what is wrong; the command line says what to run.
    switch error {
    case .itemNotFound: message += " ('chk list' shows them)"
    case .ambiguousID: message += " with 'chk lint --fix'"
    case .listNotFound: message += " ('chk lists' shows them)"
    default: break
    }
    return CommandError(message: message, kind: kind)
  }
}
