import ChecklistKit

/// Why a command failed: a message for stderr and the exit status that goes with it.
package struct CommandError: Error, Sendable {
  package var message: String
  package var status: ExitCode

  /// An error with its message and status.
  package init(message: String, status: ExitCode) {
    self.message = message
    self.status = status
  }

  package static func usage(_ message: String) -> CommandError {
    CommandError(message: message, status: .usage)
  }

  package static func invalidValue(_ message: String) -> CommandError {
    CommandError(message: message, status: .dataError)
  }

  /// A file error, with the status its kind calls for.
  package static func file(_ error: FileError) -> CommandError {
    let status: ExitCode
    switch error {
    case .notFound, .notRegularFile: status = .noInput
    case .permissionDenied, .alreadyExists, .readOnly, .protectedSymlink, .cannotCreate:
      status = .cannotCreate
    case .nameTooLong: status = .noInput
    case .changedOnDisk, .locked: status = .temporaryFailure
    case .tooLarge: status = .dataError
    case .io: status = .ioError
    }
    var message = error.message
    switch error {
    case .notFound: message += ", or create it with 'chk init'"
    case .alreadyExists(let path):
      message = "\(path): already exists; chk init never overwrites a file"
    default: break
    }
    return CommandError(message: message, status: status)
  }

  /// A file that is not valid UTF-8 (or too large to parse).
  package static func parse(_ error: ParseError, path: String) -> CommandError {
    CommandError(message: "\(path): \(error.message)", status: .dataError)
  }
}
