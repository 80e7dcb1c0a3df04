import ChecklistKit

extension FileEdit {
  /// What an undo or redo did: the edit it took back or made again.
  package struct HistoryStep {
    /// What that edit was: `chk check milk`, `chk tui: checked Milk`.
    package var label: String
    /// How many steps are left to undo and to redo after this one.
    package var remaining: (undo: Int, redo: Int)
  }

  /// Restores a file as it was before the last chk edit of it (from any front end),
  /// through the edit path; the undo goes on the redo stack. Run again, it goes one
  /// edit further back, as far as the history holds (`UndoStore.depth`).
  ///
  /// - Throws: status 1 when there is nothing to undo (no record, or a damaged one,
  ///   which is removed); 75 when the file is not as the last chk edit left it
  ///   (another program changed it since: undo would lose that change, so nothing is
  ///   written); file errors as any edit.
  package func undo(_ path: UserPath) throws(WorkspaceError) -> Outcome<HistoryStep> {
    try step(path, from: .undo, onto: .redo)
  }

  /// Makes again the edit the last undo took back (its record on the redo stack);
  /// a new edit of the file empties that stack.
  ///
  /// - Throws: as `undo`, with "nothing to redo".
  package func redo(_ path: UserPath) throws(WorkspaceError) -> Outcome<HistoryStep> {
    try step(path, from: .redo, onto: .undo)
  }

  private func step(_ path: UserPath, from stack: UndoStore.Stack, onto other: UndoStore.Stack)
    throws(WorkspaceError) -> Outcome<HistoryStep>
  {
    let verb = stack == .undo ? "undo" : "redo"
    guard let store = undo else {
      throw WorkspaceError(message: "nothing to \(verb): " + StateDirectory.missing, kind: .failed)
    }
    var taken: UndoStore.Record?
    var resolved = ""
    let recording = Recording.step { record throws(WorkspaceError) in
      guard let taken else { return }
      // The step's own record, named after the edit it takes back or makes again,
      // goes on the other stack; the record used leaves its own.
      var reverse = record
      reverse.label = taken.label
      store.remove(path: record.path, from: stack)
      try store.push(reverse, onto: other)
    }
    var outcome = try apply(to: path, recording: recording) { file throws(WorkspaceError) in
      resolved = file.resolvedPath
      let record: UndoStore.Record
      switch store.load(path: file.resolvedPath, from: stack) {
      case .none:
        throw WorkspaceError(message: "\(path.shown): nothing to \(verb)", kind: .failed)
      case .damaged(let reason):
        store.remove(path: file.resolvedPath, from: stack)
        throw WorkspaceError(
          message: "\(path.shown): nothing to \(verb) (warning: its undo record was damaged, "
            + "\(reason), and was removed)",
          kind: .failed)
      case .record(let found):
        record = found
      }
      guard record.matches(file.contents), let restored = record.restore(file.contents) else {
        throw WorkspaceError(
          message: "\(path.shown): the file changed since the last chk edit (\(record.label)), "
            + "not by chk: \(verb) would lose that change; nothing was written",
          kind: .busy)
      }
      taken = record
      return (restored, HistoryStep(label: record.label, remaining: (0, 0)))
    }
    outcome.value.remaining = store.depths(path: resolved)
    return outcome
  }
}
