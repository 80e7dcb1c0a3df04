import ChecklistKit

extension FileEdit {
  /// Restores a file as it was before the last chk edit of it (from any front end),
  /// through the edit path, so that undoing records its own undo: undoing again redoes.
  ///
  /// - Throws: status 1 when there is nothing to undo (no record, or a damaged one,
  ///   which is removed); 75 when the file changed since that edit (undo would lose the
  ///   change, so nothing is written); file errors as any edit.
  package func undo(_ path: UserPath) throws(CommandError) -> Outcome<Void> {
    guard let store = undo else {
      throw CommandError(
        message: "nothing to undo: " + StateDirectory.missing, status: .failure)
    }
    return try apply(to: path) { file throws(CommandError) in
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
  }
}
