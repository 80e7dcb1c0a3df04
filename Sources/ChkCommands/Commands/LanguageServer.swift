import ChecklistKit

/// How `chk lsp` was asked to run; the server itself is the `ChkLanguageServer` target,
/// which the executable hands in as `ChkEnvironment.runLanguageServer`.
public struct LanguageServerOptions: Sendable {
  /// Where the log goes: `nil` for standard error.
  public var logPath: String?
  /// Whether every message is logged (method, size, time taken), not only problems.
  public var verbose: Bool
  /// How long diagnostics wait for typing to pause, in milliseconds (0: at once).
  public var debounceMilliseconds: Int
  /// Environment variables (git, `XDG_STATE_HOME`).
  public var variables: [String: String]
}

extension Command {
  static let languageServer = Command(
    "lsp", "[--log] [--verbose] [--debounce MS]",
    "run a language server (LSP 3.17) on standard input and output, for editors",
    options: [
      .flag("log", nil, "log to $XDG_STATE_HOME/chk/lsp.log instead of standard error"),
      .flag("verbose", "v", "log every message, not only problems"),
      .value("debounce", nil, "MS", "wait this long after typing stops to lint (default 150)"),
    ]
  ) { invocation throws(CommandError) in
    try invocation.expectOperands(0...0, "no operands")
    let variables = invocation.environment.variables
    var debounce = 150
    if let text = invocation.arguments.value("debounce") {
      guard let value = Int(text), (0...10_000).contains(value) else {
        throw .usage("--debounce takes milliseconds from 0 to 10000, not '\(text)'")
      }
      debounce = value
    }
    var logPath: String?
    if invocation.arguments.has("log") {
      if let state = variables["XDG_STATE_HOME"], state.hasPrefix("/") {
        logPath = state + "/chk/lsp.log"
      } else if let home = variables["HOME"], home.hasPrefix("/") {
        logPath = home + "/.local/state/chk/lsp.log"
      } else {
        throw .usage("--log needs XDG_STATE_HOME or HOME to be set to an absolute path")
      }
    }
    guard let run = invocation.environment.runLanguageServer else {
      throw CommandError(message: "this build of chk has no language server", status: .failure)
    }
    return run(
      LanguageServerOptions(
        logPath: logPath, verbose: invocation.arguments.has("verbose"),
        debounceMilliseconds: debounce, variables: variables))
  }
}
