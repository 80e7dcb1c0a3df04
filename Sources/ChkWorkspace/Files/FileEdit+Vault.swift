import ChecklistKit

/// Edits of a file in the Obsidian Tasks format through the one edit path: made on chk's
/// view of the file, each task's line marked (`ObsidianTasksView.chkBytes(marksLines:)`),
/// and written back into the file's lines as the plugin writes tasks
/// (`ObsidianTasksView.writingBack`), with the lock, the safe write and the undo record
/// of every edit.
extension FileEdit {
  /// `applyToDocument` for a file in the plugin's format.
  ///
  /// - Returns: the outcome, whose value holds the change's and the IDs chk made that
  ///   were not written (messages should not name them).
  /// - Throws: a data error naming the line when the plugin's format cannot say what
  ///   the change made (the file left as it was).
  package func applyToVaultDocument<Value>(
    at path: UserPath, settings: ObsidianTaskSettings, idGenerator: IDGenerator,
    today: CalendarDay, options: ObsidianTasksView.WriteBackOptions = .init(),
    _ change: (inout ChecklistDocument) throws(WorkspaceError) -> Value
  ) throws(WorkspaceError) -> Outcome<(value: Value, unwrittenIDs: Set<String>)> {
    try apply(to: path) {
      opened throws(WorkspaceError) -> (
        bytes: [UInt8], value: (value: Value, unwrittenIDs: Set<String>)
      ) in
      let view = try parse(
        ObsidianTasksView.chkBytes(of: opened.contents, settings: settings, marksLines: true),
        path: path)
      var document = view
      document.idGenerator = idGenerator
      document.history = ByteHistory()
      let value = try change(&document)
      do throws(ObsidianTasksView.WriteBackError) {
        let back = try ObsidianTasksView.writingBack(
          opened.contents, view: view, edited: document, settings: settings, today: today,
          options: options)
        return (back.bytes, (value, back.unwrittenIDs))
      } catch {
        throw .invalidValue(
          "\(path.shown):\(error.line): \(error.reason); the file is left as it was")
      }
    }
  }
}
