import ChecklistKit
import ChkTerminalUI
import ChkWorkspace

/// `chk tui`: the terminal UI of the `ChkTerminalUI` target, full screen.
extension Command {
  static let terminalUI = Command(
    "tui", operands: [.paths],
    "open the checklist file, or every checklist under directories, full screen",
    options: [.today.described("the day due dates count from (default: today)")]
  ) { invocation throws(CommandError) in
    let targets = try invocation.targets()
    let unread = targets.unread
    if let first = unread.first { throw first }
    let files = targets.files.filter { !$0.isStandardInput }.map { ($0.path, $0.isExplicit) }
    guard !files.isEmpty else {
      throw CommandError(
        message: "no checklist files in \(invocation.operands.joined(separator: ", ")); "
          + "name a file, or create one with 'chk init'", status: .noInput)
    }
    return TerminalUILoop.run(
      TerminalUIOptions(
        paths: files, workspace: invocation.workspace, usesColor: invocation.style.isEnabled,
        today: try invocation.day(.today) ?? invocation.environment.fixedToday),
      errors: invocation.errors)
  }
}
