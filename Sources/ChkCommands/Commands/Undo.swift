import ChecklistKit
import ChkWorkspace

/// `chk undo`.
extension Command {
  static let undo = Command(
    "undo", "restore the file as it was before the last chk edit of it (again to redo)",
    edits: true
  ) { invocation throws(CommandError) in
    let path = try invocation.checklistPath()
    guard let store = UndoStore(environment: invocation.environment.variables) else {
      throw CommandError(
        message: "nothing to undo: neither XDG_STATE_HOME nor HOME is set", status: .failure)
    }
    // Through the one edit path, so that undoing records its own undo: a redo.
    let outcome = try invocation.fileEdit.apply(to: path) { file throws(CommandError) in
      let record: UndoStore.Record
      switch store.load(path: file.resolvedPath) {
      case .none:
        throw CommandError(message: "\(path.shown): nothing to undo", status: .failure)
      case .damaged(let reason):
        store.remove(path: file.resolvedPath)
        throw CommandError(
          message: "\(path.shown): nothing to undo (warning: its undo record was damaged, "
            + "\(reason), and was removed)",
          status: .failure)
      case .record(let found):
        record = found
      }
      guard record.matches(file.contents, identity: file.identity),
        let restored = record.restore(file.contents)
      else {
        throw CommandError(
          message: "\(path.shown): the file changed since the last chk edit; undo would lose "
            + "that change, so nothing was written",
          status: .temporaryFailure)
      }
      return (restored, ())
    }
    invocation.report(
      outcome, path: path, messages: ["restored \(path.shown) to before the last chk edit"])
    return .success
  }
}
