import ChecklistKit

/// The one place chk runs git. A repository's own configuration can name programs for
/// git to run (`core.fsmonitor`, hooks, pagers, external diffs, text conversions): a
/// cloned repository is someone else's text, and reading it must not run their
/// program. Every call turns those off, whatever the repository, the user or the system
/// configures, so that the subcommands chk uses (`ls-files`, `rev-parse`, `show`,
/// `config`) only read and write git's own files.
package enum Git {
  /// Configuration given on every call, which takes precedence over every file.
  static let safeConfiguration: [String] = [
    // The file-system monitor runs on any command that refreshes the index.
    "core.fsmonitor=false",
    // Hooks, the pager, the editor and external diff and merge tools.
    "core.hooksPath=/dev/null", "core.pager=cat", "core.editor=false", "diff.external=",
    // The askpass and ssh programs (chk never fetches, but nothing should start one).
    "core.askPass=", "core.sshCommand=false",
  ].flatMap { ["-c", $0] }

  /// Runs `git ARGUMENTS` in `directory` (`-C`), standard input from /dev/null.
  ///
  /// - Parameters:
  ///   - environment: the environment git runs with.
  ///   - errors: what becomes of git's standard error.
  /// - Returns: what git printed and its status (127 when git could not be started).
  package static func run(
    _ arguments: [String], in directory: String, environment: [String: String],
    errors: Subprocess.Errors = .discarded
  ) -> Subprocess.Outcome {
    Subprocess.run(
      ["git"] + safeConfiguration + ["-C", directory] + arguments, environment: environment,
      errors: errors)
  }

  /// The file a stage of the index holds for `name` in `directory` (`git show :N:./name`),
  /// without text conversions; `nil` when git has no such stage.
  package static func stagedFile(
    _ stage: Int, named name: String, in directory: String, environment: [String: String]
  ) -> [UInt8]? {
    let outcome = run(
      ["show", "--no-textconv", ":\(stage):./\(name)"], in: directory, environment: environment)
    return outcome.status == 0 ? outcome.output : nil
  }
}
