import ChecklistKit
import ChkWorkspace

/// One `chk` command: its name, what it accepts, and what it does.
struct Command: Sendable {
  typealias Action = @Sendable (Invocation) throws(CommandError) -> ExitCode

  /// The name typed after `chk`.
  let name: String
  /// Operands and options after the name, for usage lines.
  let synopsis: String
  /// One line for `chk help`.
  let summary: String
  /// Options of this command (besides the global ones).
  let options: [OptionSpec]
  /// Whether the command edits the file (and so takes `--dry-run`, `--diff`, `--quiet`).
  let edits: Bool
  let action: Action

  init(
    _ name: String, _ synopsis: String, _ summary: String, options: [OptionSpec] = [],
    edits: Bool = false, action: @escaping Action
  ) {
    self.name = name
    self.synopsis = synopsis
    self.summary = summary
    self.options = options
    self.edits = edits
    self.action = action
  }

  /// Every option this command accepts, global ones included.
  var allOptions: [OptionSpec] {
    Self.globalOptions + (edits ? Self.editOptions : []) + options
  }

  func execute(
    _ arguments: [String], _ environment: ChkEnvironment, _ output: ByteOutput,
    _ errors: ByteOutput
  ) throws(CommandError) -> ExitCode {
    let parsed = try ArgumentParser.parse(arguments, specs: allOptions, context: "chk " + name)
    try checkText(parsed)
    if parsed.has("help") {
      output.write(Help.command(self))
      return .success
    }
    let invocation = try Invocation(
      command: self, arguments: parsed, environment: environment, output: output, errors: errors)
    return try action(invocation)
  }

  /// Whether the operands name files (`lint PATH...`, `merge-driver BASE OURS ...`),
  /// as the synopsis says.
  var operandsArePaths: Bool {
    synopsis.hasPrefix("PATH") || synopsis.hasPrefix("[PATH") || synopsis.hasPrefix("BASE")
  }

  /// Arguments arrive as bytes; a path may be any bytes, but a name, a note or any
  /// other value goes into the file and must be UTF-8 text.
  private func checkText(_ parsed: ParsedArguments) throws(CommandError) {
    let paths = Set(allOptions.filter { $0.value == "PATH" }.map(\.name))
    var values = operandsArePaths ? [] : parsed.positionals
    values += parsed.options.compactMap { paths.contains($0.name) ? nil : $0.value }
    if let text = values.first(where: SystemPath.holdsRawBytes) {
      throw .invalidValue(
        "'\(SystemPath.display(text))' is not valid UTF-8; names, notes and other values "
          + "must be UTF-8 text")
    }
  }

  // MARK: - Options shared by commands

  static let globalOptions: [OptionSpec] = [
    .value(
      "file", "f", "PATH", "the checklist file (default: $CHK_FILE, then CHECKLIST.md, TODO.md)"),
    .value("color", nil, "WHEN", "colour output: auto (on a terminal), always or never"),
    .flag("help", "h", "show help for the command"),
  ]

  static let editOptions: [OptionSpec] = [
    .flag("dry-run", "n", "show what would change and write nothing"),
    .flag("diff", "d", "print a unified diff of the change"),
    .flag("quiet", "q", "print no confirmation"),
  ]

  static let jsonOption = OptionSpec.flag("json", nil, "print JSON (see chk(1) for its shape)")

  static func named(_ name: String) -> Command? {
    all.first { $0.name == name }
  }

  /// Every command, in the order help lists them.
  static let all: [Command] = [
    list, lists, due, add, check, uncheck, toggle, edit, remove, move, reset, listAdd, listRename,
    listRemove, listCopy, listIcon, archive, undo, format, lint, initialize, git, mergeDriver,
    resolve, languageServer,
    install, uninstall, help, completions, version,
  ]
}
