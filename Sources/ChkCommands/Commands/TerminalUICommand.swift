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
    let files = targets.files.filter { !$0.isStandardInput }
    if let first = unread.first, files.isEmpty { throw first }
    // What cannot be read is said before the screen opens (and stays on the terminal's
    // main screen after it closes); the rest opens.
    for error in unread { invocation.errors.line("chk: " + error.message) }
    invocation.errors.flush()
    guard !files.isEmpty else {
      throw CommandError(
        message: "no checklist files in \(invocation.operands.joined(separator: ", ")); "
          + "name a file, or create one with 'chk init'", kind: .missing)
    }
    var workspace = invocation.workspace
    if let day = try invocation.day(.today) { workspace.fixedToday = day }
    let signal = try TerminalUILoop.run(
      TerminalUIOptions(paths: files, workspace: workspace, usesColor: invocation.style.isEnabled))
    return signal.map { ExitCode(128 + $0) } ?? .success
  }
}
