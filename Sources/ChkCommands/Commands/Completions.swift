import ChecklistKit
import ChkWorkspace

/// `chk completions`.
extension Command {
  static let completions = Command(
    "completions", operands: [.word("bash", "zsh", "fish")], "print a shell completion script"
  ) { invocation throws(CommandError) in
    guard let script = Completions.script(for: invocation.operands[0]) else {
      throw .usage(
        "completions are available for bash, zsh and fish, not '\(invocation.operands[0])'")
    }
    invocation.output.write(script)
    return .success
  }
}

/// Shell completion scripts, generated from the command table.
enum Completions {
  /// What an option's value can be, where that is a closed set or a few words a person
  /// types most (`nil`: files or free text), each one word: one table for the three
  /// shells.
  static func values(of option: Option, in command: Command) -> [String]? {
    let days = ["today", "tomorrow", "monday", "tuesday", "wednesday", "thursday", "friday"]
    switch option.name {
    case "tag": return ChecklistTag.Key.known.map(\.name)
    case "color": return ["auto", "always", "never"]
    case "format":
      return command.name == "export" ? ["ics"] : ["gnu", "json", "github", "sarif"]
    case "as": return ["todos", "events"]
    case "sort": return ["due", "done", "name", "file"]
    case "enable", "disable": return LintRule.all.map(\.name)
    case "severity": return LintRule.all.map { $0.name + "=" }
    case "every":
      return ["day", "week", "month", "year", "weekday", "monday", "friday"]
    case "due", "date", "until", "today": return days
    case "remind": return ["09:00", "off"]
    default: return nil
    }
  }

  /// Options whose value is a path: the shell's own file completion.
  static func takesPath(_ option: Option) -> Bool {
    ["PATH", "FILE", "DIR"].contains(option.placeholder ?? "")
  }

  static func script(for shell: String) -> String? {
    let names = Command.all.map(\.name).joined(separator: " ")
    switch shell {
    case "bash":
      var cases = ""
      for command in Command.all {
        let options = command.allOptions.map { "--" + $0.name }.joined(separator: " ")
        cases += "    \(command.name))\n"
        // The value of the option before the cursor, then the command's options.
        var values = ""
        for option in command.allOptions where option.takesValue {
          let names = (option.short.map { "-\($0)|" } ?? "") + "--" + option.name
          if let words = Completions.values(of: option, in: command) {
            values +=
              "        \(names)) COMPREPLY=($(compgen -W \"\(words.joined(separator: " "))\" "
              + "-- \"$cur\")); return ;;\n"
          } else {
            values += "        \(names)) return ;;\n"
          }
        }
        if !values.isEmpty { cases += "      case \"$prev\" in\n" + values + "      esac\n" }
        cases += "      opts=\"\(options)\" ;;\n"
      }
      return """
        # bash completion for chk: eval "$(chk completions bash)"
        _chk() {
          local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]} command="" opts=""
          local word
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
      var cases = ""
      for command in Command.all {
        lines += "    \(("\(command.name):" + command.summary.zshDescription).zshQuoted)\n"
        var specs = ""
        for option in command.allOptions {
          let names =
            option.short.map { "{-\($0),--\(option.name)}" } ?? "--\(option.name)"
          var spec = "[" + option.help.zshDescription + "]"
          if option.takesValue {
            let values =
              Completions.values(of: option, in: command).map {
                "(" + $0.joined(separator: " ") + ")"
              } ?? (Completions.takesPath(option) ? "_files" : "")
            spec += ":\(option.placeholder ?? "VALUE"):\(values)"
          }
          specs += " \\\n        \(names)\(spec.zshQuoted)"
        }
        cases +=
          "    \(command.name))\n      _arguments -s\(specs) \\\n        '*:file:_files' ;;\n"
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
            return
          fi
          local command=${words[2]}
          shift words
          (( CURRENT-- ))
          case $command in
        \(cases)    *) _files ;;
          esac
        }
        _chk "$@"

        """
    case "fish":
      var lines = "complete -c chk -f\n"
      for command in Command.all {
        lines +=
          "complete -c chk -n __fish_use_subcommand -a \(command.name) "
          + "-d '\(command.summary.fishQuoted)'\n"
        for option in command.options {
          lines +=
            "complete -c chk -n '__fish_seen_subcommand_from \(command.name)' -l \(option.name)"
          if option.takesValue { lines += " -r" }
          if let values = Completions.values(of: option, in: command) {
            lines += " -f -a '\(values.map(\.fishQuoted).joined(separator: " "))'"
          } else if option.takesValue, Completions.takesPath(option) {
            lines += " -F"
          }
          lines += " -d '\(option.help.fishQuoted)'\n"
        }
      }
      for option in Command.globalOptions {
        lines += "complete -c chk -l \(option.name) -d '\(option.help.fishQuoted)'\n"
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
  /// The text as one zsh word in single quotes (a quote inside written `'\\''`).
  fileprivate var zshQuoted: String {
    "'" + split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''")
      + "'"
  }

  /// A description as `_describe` and `_arguments` read it: `[`, `]`, `:` and `\\`
  /// escaped.
  fileprivate var zshDescription: String {
    var text = ""
    for character in self {
      if "[]:\\".contains(character) { text.append("\\") }
      text.append(character)
    }
    return text
  }

  /// The text inside a fish single-quoted word: `\\` and `'` escaped.
  fileprivate var fishQuoted: String {
    var text = ""
    for character in self {
      if character == "'" || character == "\\" { text.append("\\") }
      text.append(character)
    }
    return text
  }
}
