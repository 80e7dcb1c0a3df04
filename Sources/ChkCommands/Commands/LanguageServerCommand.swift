import ChecklistKit
import ChkLanguageServer
import ChkWorkspace

/// `chk lsp`: the language server of the `ChkLanguageServer` target, on standard input
/// and output.
extension Command {
  static let languageServer = Command(
    "lsp", "run a language server (LSP 3.17) on standard input and output, for editors",
    options: [.log, .verbose.described("log every message, not only problems"), .debounce]
  ) { invocation throws(CommandError) in
    var debounce = 150
    if let text = invocation.arguments.value(.debounce) {
      guard let value = Int(text), (0...10_000).contains(value) else {
        throw .usage("--debounce takes milliseconds from 0 to 10000, not '\(text)'")
      }
      debounce = value
    }
    var logPath: String?
    if invocation.arguments.has(.log) {
      guard let state = invocation.workspace.stateDirectory else {
        throw .usage("--log needs a state directory, and " + StateDirectory.missing)
      }
      logPath = state + "/lsp.log"
    }
    return LanguageServerLoop.run(
      LanguageServerOptions(
        logPath: logPath, verbose: invocation.arguments.has(.verbose),
        debounceMilliseconds: debounce, workspace: invocation.workspace))
  }
}
