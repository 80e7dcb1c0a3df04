import ChecklistKit

extension FileEdit {
  /// Restores a file as it was before the last chk edit of it (from any front end),
  /// through the edit path, so that undoing records its own undo: undoing again redoes.
  ///
  /// - Throws: status 1 when there is nothing to undo (no record, or a damaged one,
  ///   which is removed); 75 when the file changed since that edit (undo would lose the
  ///   change, so nothing is written); file errors as any edit.
  package func undo(_ path: UserPath) throws(WorkspaceError) -> Outcome<Void> {
    guard let store = undo else {
      throw WorkspaceError(
        message: "nothing to undo: " + StateDirectory.missing, kind: .failed)
    }
    return try apply(to: path) { file throws(WorkspaceError) in
      let record: UndoStore.Record
      switch store.load(path: file.resolvedPath) {
      case .none:
        throw WorkspaceError(message: "\(path.shown): nothing to undo", kind: .failed)
      case .damaged(let reason):
        store.remove(path: file.resolvedPath)
        throw WorkspaceError(
          message: "\(path.shown): nothing to undo (warning: its undo record was damaged, "
            + "\(reason), and was removed)",
          kind: .failed)
      case .record(let found):
        record = found
      }
      guard record.matches(file.contents, identity: file.identity),
        let restored = record.restore(file.contents)
      else {
        throw WorkspaceError(
          message: "\(path.shown): the file changed since the last chk edit; undo would lose "
            + "that change, so nothing was written",
          kind: .busy)
      }
      return (restored, ())
    }
  }
}
