import ChecklistKit

/// `chk undo`.
extension Command {
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
    // Through the one edit path, so that undoing records its own undo: a redo.
    let outcome = try invocation.fileEdit.apply(to: path) { file throws(CommandError) in
      guard let record = store.load(path: file.resolvedPath) else {
        throw CommandError(message: "\(path.shown): nothing to undo", status: .failure)
      }
      guard record.identity == file.identity, let restored = record.restore(file.contents) else {
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
