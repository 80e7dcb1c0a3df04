import ChkWorkspace

/// A command's error: the shared layer's, which the command line says as an exit
/// status. The mapping from a kind of failure to chk(1)'s exit statuses is here, and
/// only here.
package typealias CommandError = WorkspaceError

extension WorkspaceError {
  /// The exit status chk(1) documents for this kind of failure.
  package var status: ExitCode {
    switch kind {
    case .failed: .failure
    case .usage: .usage
    case .invalidData: .dataError
    case .missing: .noInput
    case .unavailable: .unavailable
    case .cannotCreate: .cannotCreate
    case .io: .ioError
    case .busy: .temporaryFailure
    }
  }
}
