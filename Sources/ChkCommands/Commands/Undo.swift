import ChecklistKit
import ChkWorkspace

/// `chk undo`.
extension Command {
  static let undo = Command(
    "undo", "restore the file as it was before the last chk edit of it (again to redo)",
    edits: true
  ) { invocation throws(CommandError) in
    let path = try invocation.checklistPath()
    let outcome = try invocation.fileEdit.undo(path)
    invocation.report(
      outcome, path: path, messages: ["restored \(path.shown) to before the last chk edit"])
    return .success
  }
}
