/// `init`, `undo`, `help`, `completions` and `version`.
extension Command {
  /// What `chk init` writes.
  static let template = "# Checklist\n\n## To do\n"

  static let initialize = Command(
    "init", "[PATH]", "create a new checklist file (CHECKLIST.md unless PATH is given)"
  ) { invocation throws(CommandError) in
    try invocation.expectOperands(0...1, "at most one PATH")
    let path = invocation.operands.first ?? invocation.arguments.value("file") ?? "CHECKLIST.md"
    do throws(FileError) {
      try ChecklistFile.create(invocation.absolute(path), contents: Array(template.utf8))
    } catch {
      throw .file(error.renamed(path))
    }
    invocation.output.line("created \(path)")
    return .success
  }

  static let undo = Command(
    "undo", "", "restore the file as it was before the last chk edit of it (again to redo)",
    edits: true
  ) { invocation throws(CommandError) in
    try invocation.expectOperands(0...0, "no operands")
    let path = try invocation.checklistPath()
    guard let store = UndoStore(environment: invocation.environment.variables) else {
      throw CommandError(
        message: "nothing to undo: neither XDG_STATE_HOME nor HOME is set", status: .failure)
    }
    let file = try invocation.openForEditing(path)
    guard let record = store.load(path: file.resolvedPath) else {
      throw CommandError(message: "\(path): nothing to undo", status: .failure)
    }
    guard record.identity.isUnchanged(comparedTo: file.identity),
      let restored = record.restore(file.contents)
    else {
      throw CommandError(
        message: "\(path): the file changed since the last chk edit; undo would lose that "
          + "change, so nothing was written",
        status: .temporaryFailure)
    }
    if invocation.isDryRun {
      if !invocation.isQuiet { invocation.output.line("would have restored \(path)") }
    } else {
      let report: WriteReport
      do throws(FileError) {
        report = try file.write(restored)
      } catch {
        throw .file(error.renamed(path))
      }
      if let identity = report.identity {
        invocation.recordUndo(
          UndoStore.Record(
            path: file.resolvedPath, before: file.contents, after: restored, identity: identity))
      }
      if !invocation.isQuiet {
        invocation.output.line("restored \(path) to before the last chk edit")
      }
    }
    if invocation.showsDiff {
      invocation.output.write(
        UnifiedDiff.make(
          from: file.contents, to: restored, oldName: "a/" + path, newName: "b/" + path))
    }
    return .success
  }

  static let help = Command(
    "help", "[COMMAND]", "show help for chk or for a command"
  ) { invocation throws(CommandError) in
    try invocation.expectOperands(0...1, "at most one COMMAND")
    guard let name = invocation.operands.first else {
      invocation.output.write(Help.overview())
      return .success
    }
    guard let command = Command.named(name) else {
      throw .usage("unknown command '\(name)'; run 'chk help' for the list of commands")
    }
    invocation.output.write(Help.command(command))
    return .success
  }

  static let completions = Command(
    "completions", "(bash | zsh | fish)", "print a shell completion script"
  ) { invocation throws(CommandError) in
    try invocation.expectOperands(1...1, "one shell")
    guard let script = Completions.script(for: invocation.operands[0]) else {
      throw .usage(
        "completions are available for bash, zsh and fish, not '\(invocation.operands[0])'")
    }
    invocation.output.write(script)
    return .success
  }

  static let version = Command(
    "version", "", "print chk's version"
  ) { invocation throws(CommandError) in
    invocation.output.line("chk \(ChkTool.version)")
    return .success
  }
}

/// Help text, built from the command table so it cannot drift from what is accepted.
enum Help {
  static func overview() -> String {
    let width = Command.all.map(\.name.count).max() ?? 0
    var text = """
      chk: edit Markdown checklists in place

      usage: chk [--file PATH] COMMAND [OPTIONS] [ARGUMENTS]

      commands:

      """
    for command in Command.all {
      text += "  " + command.name + String(repeating: " ", count: width - command.name.count)
      text += "  " + command.summary + "\n"
    }
    text += """

      An ITEM is an ID (k3f9), the number 'chk list' shows, or /TEXT (part of a name).
      Without a command, chk runs 'chk list'. 'chk help COMMAND' shows a command's
      options; 'man chk' has the details, 'man 5 checklist' the file format.

      """
    return text
  }

  static func command(_ command: Command) -> String {
    var text = "usage: chk \(command.name)"
    if !command.synopsis.isEmpty { text += " " + command.synopsis }
    text += "\n\n" + command.summary + "\n\noptions:\n"
    let options = command.allOptions
    let width = options.map(\.synopsis.count).max() ?? 0
    for option in options {
      text += "  " + option.synopsis + String(repeating: " ", count: width - option.synopsis.count)
      text += "  " + option.help + "\n"
    }
    return text
  }
}

/// Shell completion scripts, generated from the command table.
enum Completions {
  static func script(for shell: String) -> String? {
    let names = Command.all.map(\.name).joined(separator: " ")
    switch shell {
    case "bash":
      var cases = ""
      for command in Command.all {
        let options = command.allOptions.map { "--" + $0.name }.joined(separator: " ")
        cases += "    \(command.name)) opts=\"\(options)\" ;;\n"
      }
      return """
        # bash completion for chk: eval "$(chk completions bash)"
        _chk() {
          local cur=${COMP_WORDS[COMP_CWORD]} command="" opts="" word
          for word in "${COMP_WORDS[@]:1:COMP_CWORD-1}"; do
            case "$word" in -*) ;; *) command=$word; break ;; esac
          done
          if [ -z "$command" ]; then
            COMPREPLY=($(compgen -W "\(names) --file --color --help --version" -- "$cur"))
            return
          fi
          case "$command" in
        \(cases)  esac
          COMPREPLY=($(compgen -W "$opts" -- "$cur"))
        }
        complete -o default -F _chk chk

        """
    case "zsh":
      var lines = ""
      for command in Command.all {
        lines += "    '\(command.name):\(command.summary.replacingSingleQuotes())'\n"
      }
      return """
        #compdef chk
        # zsh completion for chk: chk completions zsh > "${fpath[1]}/_chk"
        _chk() {
          local -a commands
          commands=(
        \(lines)  )
          if (( CURRENT == 2 )); then
            _describe 'command' commands
          else
            _files
          fi
        }
        _chk "$@"

        """
    case "fish":
      var lines = "complete -c chk -f\n"
      for command in Command.all {
        lines +=
          "complete -c chk -n __fish_use_subcommand -a \(command.name) "
          + "-d '\(command.summary.replacingSingleQuotes())'\n"
        for option in command.options {
          lines +=
            "complete -c chk -n '__fish_seen_subcommand_from \(command.name)' -l \(option.name)"
          if option.takesValue { lines += " -r" }
          lines += " -d '\(option.help.replacingSingleQuotes())'\n"
        }
      }
      for option in Command.globalOptions {
        lines += "complete -c chk -l \(option.name) -d '\(option.help.replacingSingleQuotes())'\n"
      }
      return
        "# fish completion for chk: chk completions fish > ~/.config/fish/completions/chk.fish\n"
        + lines
    default:
      return nil
    }
  }
}

extension String {
  fileprivate func replacingSingleQuotes() -> String {
    split(separator: "'", omittingEmptySubsequences: false).joined(separator: "")
  }
}
