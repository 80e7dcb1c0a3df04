import ChecklistKit
import ChkWorkspace

/// `chk undo` and `chk redo`: one step back or forward in a file's history, which the
/// terminal UI's u and Ctrl-r walk too.
extension Command {
  static let undo = Command(
    "undo",
    "take back the last chk edit of the file (again: the one before, up to 100); redo makes it "
      + "again",
    edits: true
  ) { invocation throws(CommandError) in
    try step(invocation, isRedo: false)
  }

  static let redo = Command(
    "redo", "make again the edit the last undo took back", edits: true
  ) { invocation throws(CommandError) in
    try step(invocation, isRedo: true)
  }

  /// One step back or forward in the checklist file's history, said.
  private static func step(_ invocation: Invocation, isRedo: Bool) throws(CommandError)
    -> ExitCode
  {
    let path = try invocation.checklistPath()
    let edit = invocation.fileEdit
    let outcome = try isRedo ? edit.redo(path) : edit.undo(path)
    invocation.report(
      outcome, path: path,
      messages: [message(isRedo ? "redid" : "undid", outcome.value, invocation)])
    return .success
  }

  /// `undid chk check milk; 3 more to undo, 1 to redo`.
  private static func message(
    _ verb: String, _ step: FileEdit.HistoryStep, _ invocation: Invocation
  ) -> String {
    let (undo, redo) = step.remaining
    var left: [String] = []
    if undo > 0 { left.append("\(undo) more to undo") }
    if redo > 0 { left.append("\(redo) to redo") }
    // A dry run says what it would do (the report adds nothing to "would").
    let said = invocation.isDryRun ? (verb == "undid" ? "would undo" : "would redo") : verb
    return "\(said) \(step.label)"
      + (left.isEmpty || invocation.isDryRun ? "" : "; " + left.joined(separator: ", "))
  }
}
