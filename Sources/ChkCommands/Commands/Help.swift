import ChecklistKit
import ChkWorkspace

/// `chk help` and `chk version`.
extension Command {
  static let help = Command(
    "help", operands: [.optional("COMMAND | format")], "show help for chk or for a command"
  ) { invocation throws(CommandError) in
    guard let name = invocation.operands.first else {
      invocation.output.write(Help.overview())
      return .success
    }
    if name == "format" {
      invocation.output.write(Help.format)
      return .success
    }
    guard let command = Command.named(name) else {
      throw .usage(
        "unknown command '\(name)'\(Suggestions.clause(name, among: Command.all.map(\.name)))"
          + "; run 'chk help' for the list of commands")
    }
    invocation.output.write(Help.command(command))
    return .success
  }

  static let version = Command(
    "version", "print chk's version"
  ) { invocation throws(CommandError) in
    invocation.output.line(ChkVersion.description)
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

      An ITEM is an ID (k3f9), the number 'chk list' shows, or /TEXT (part of a name);
      FILE:ITEM names one in another file (docs/release.md:k3f9).
      Without a command, chk runs 'chk list'. 'chk help COMMAND' shows a command's
      options, 'chk help format' the file format below; 'man chk' has the details,
      'man 5 checklist' the whole format ('chk install' installs both pages).


      """
    return text + format
  }

  /// The file format on one screen (`chk help format`), for when `man 5 checklist` is
  /// not installed.
  static let format = """
    the checklist format (man 5 checklist has it all):

      ## Groceries  @icon(cart)                      a heading starts a list
                                                    (items before any heading: an unnamed list)
      - [ ] Milk  @id(k3f9)  @due(2024-06-01)        an item: - * + 1. or 1) then [ ] or [x]
      - [x] Eggs  @done(2024-01-02)  # free-range    tags after two spaces; a note after "  # "
        - [ ] Oat milk                               a sub-item: indented to its parent's box

      tags: @id(ID) unique in the file, @done(YYYY-MM-DD), @due(YYYY-MM-DD [HH:MM]),
            @remind(09:00 | 30 minutes before | 1 day before | off), @icon(NAME) on
            headings, @every(week | 2 weeks | month | weekday | monday ... [from done])
            to come back when checked, and any @key(value) of your own; a \\@ or \\# in
            a name is literal
      everything else (prose, code blocks, tables, HTML, front matter) is kept byte for
      byte; every file is valid GitHub Markdown and renders as GitHub renders task lists

    """

  static func command(_ command: Command) -> String {
    var text = "usage: chk \(command.usage)"
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
