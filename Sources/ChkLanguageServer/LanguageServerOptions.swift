import ChkWorkspace

/// How `chk lsp` was asked to run: what the `lsp` command read from its options and
/// environment.
public struct LanguageServerOptions: Sendable {
  /// Where the log goes: `nil` for standard error.
  public var logPath: String?
  /// Whether every message is logged (method, size, time taken), not only problems.
  public var verbose: Bool
  /// How long diagnostics wait for typing to pause, in milliseconds (0: at once).
  public var debounceMilliseconds: Int
  /// Where the server runs: today, new IDs, git's environment, `HOME`.
  package var workspace: Workspace

  /// Creates options.
  package init(
    logPath: String?, verbose: Bool, debounceMilliseconds: Int, workspace: Workspace
  ) {
    self.logPath = logPath
    self.verbose = verbose
    self.debounceMilliseconds = debounceMilliseconds
    self.workspace = workspace
  }
}
