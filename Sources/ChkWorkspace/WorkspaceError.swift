import ChecklistKit

/// Why the shared layer could not do what was asked: what to tell the person, and what
/// kind of failure it is. Each front end says it in its own terms: the command line as
/// an exit status (ChkCommands' `status`), the server as a `ResponseError`, the
/// terminal UI on its status line.
package struct WorkspaceError: Error, Sendable {
  /// The kinds of failure a front end tells apart.
  package enum Kind: Sendable, Hashable {
    /// The work ran and found what it reports as a failure (nothing to undo).
    case failed
    /// What was asked cannot be: a bad argument, an ITEM that names nothing.
    case usage
    /// A value, or a file's contents, that is not valid.
    case invalidData
    /// A file that is not there, or not a regular file.
    case missing
    /// A program chk needs is not installed.
    case unavailable
    /// A file that cannot be created or written.
    case cannotCreate
    /// An I/O error, such as a full disk.
    case io
    /// The file changed meanwhile, or another chk held it too long: try again.
    case busy
  }

  package var message: String
  package var kind: Kind

  /// An error with its message and kind.
  package init(message: String, kind: Kind) {
    self.message = message
    self.kind = kind
  }

  package static func usage(_ message: String) -> WorkspaceError {
    WorkspaceError(message: message, kind: .usage)
  }

  package static func invalidValue(_ message: String) -> WorkspaceError {
    WorkspaceError(message: message, kind: .invalidData)
  }

  /// A file error, with the kind it is.
  package static func file(_ error: FileError) -> WorkspaceError {
    let kind: Kind
    switch error {
    case .notFound, .notRegularFile, .nameTooLong: kind = .missing
    case .permissionDenied, .alreadyExists, .readOnly, .protectedSymlink, .cannotCreate:
      kind = .cannotCreate
    case .changedOnDisk, .locked: kind = .busy
    case .tooLarge: kind = .invalidData
    case .io: kind = .io
    }
    var message = error.message
    switch error {
    case .notFound: message += ", or create it with 'chk init'"
    case .alreadyExists(let path):
      message = "\(path): already exists; chk init never overwrites a file"
    default: break
    }
    return WorkspaceError(message: message, kind: kind)
  }

  /// A file that is not valid UTF-8 (or too large to parse).
  package static func parse(_ error: ParseError, path: String) -> WorkspaceError {
    WorkspaceError(message: "\(path): \(error.message)", kind: .invalidData)
  }
}
