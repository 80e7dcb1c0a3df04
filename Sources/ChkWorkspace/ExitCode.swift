/// The exit statuses `chk` documents (values from BSD's sysexits.h).
public struct ExitCode: Sendable, Hashable, CustomStringConvertible {
  /// The process exit code.
  public let code: Int32

  /// Creates a status from its code.
  public init(_ code: Int32) {
    self.code = code
  }

  /// 0: the command did what was asked.
  public static let success = ExitCode(0)
  /// 1: the command ran and found what it reports as a failure (lint findings,
  /// `fmt --check`, `undo` with nothing to undo).
  public static let failure = ExitCode(1)
  /// 64: bad usage, including an ITEM that matches nothing or several items.
  public static let usage = ExitCode(64)
  /// 65: the file is not valid UTF-8, or an argument is not a valid value.
  public static let dataError = ExitCode(65)
  /// 66: the file is missing or is not a regular file.
  public static let noInput = ExitCode(66)
  /// 69: a program chk needs is not installed (`remind --notify`'s notify-send, the
  /// program `remind --exec` names).
  public static let unavailable = ExitCode(69)
  /// 73: `init` would overwrite a file, or the file cannot be written.
  public static let cannotCreate = ExitCode(73)
  /// 74: an I/O error such as a full disk; the original is intact.
  public static let ioError = ExitCode(74)
  /// 75: the file changed on disk, or another `chk` held it too long: try again.
  public static let temporaryFailure = ExitCode(75)

  /// The code as text.
  public var description: String { String(code) }
}
