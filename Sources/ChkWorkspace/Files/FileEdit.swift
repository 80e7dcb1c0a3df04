import ChecklistKit

/// The one path by which a command changes a user's file: open it with a lock, read
/// it, apply the change, write the result through `ChecklistFile`'s safe write (unless
/// it is a dry run), and record what `chk undo` needs. Every editing command takes it,
/// `fmt -w`, `lint --fix`, `resolve` and `undo` included; `merge-driver` takes it
/// without an undo record (git owns that file).
package struct FileEdit: Sendable {
  /// How long to wait for another `chk` editing the same file, in seconds.
  package var lockTimeout: Double
  /// Where undo records go; `nil` for no record.
  package var undo: UndoStore?
  /// What an edit is called in the history undo walks: the command line (`chk check
  /// milk`); a change that returns a `HistoryLabel` names itself.
  package var label = "a chk edit"
  /// Whether to write nothing.
  package var isDryRun = false
  #if DEBUG
    /// Work the tests count (see `WorkLog`), attached to every document parsed here.
    package var workLog: WorkLog?
  #endif

  /// Parses a file's bytes (naming the file in the error) for a command.
  package func parse(_ bytes: [UInt8], path: UserPath) throws(WorkspaceError) -> ChecklistDocument {
    var document = try ChecklistDocument.parsed(bytes, path: path)
    #if DEBUG
      document.workLog = workLog
    #endif
    return document
  }

  /// The file as opened for the change.
  package struct OpenedFile {
    package var path: UserPath
    /// The file's path with symbolic links resolved.
    package var resolvedPath: String
    package var contents: [UInt8]
    package var identity: ChecklistFile.Identity
  }

  /// What an edit did.
  package struct Outcome<Value> {
    package var value: Value
    package var after: [UInt8]
    /// Warnings for standard error (an undo record that could not be saved).
    package var warnings: [String] = []
    /// The file's identity as this edit left it (`nil` when nothing was written): what
    /// a front end holding the file compares with later to notice other writers.
    package var identity: ChecklistFile.Identity?
    /// Where the bytes before the edit come from.
    private let origin: Origin

    private enum Origin {
      case bytes([UInt8])
      /// The changes the document recorded: the file's buffer was changed in place.
      case history(ByteHistory)
    }

    init(value: Value, before: [UInt8], after: [UInt8]) {
      self.value = value
      self.after = after
      origin = .bytes(before)
    }

    init(value: Value, history: ByteHistory, after: [UInt8]) {
      self.value = value
      self.after = after
      origin = .history(history)
    }

    /// The file's bytes before the edit (built again from the changes when the edit
    /// changed the buffer it read).
    package var before: [UInt8] {
      switch origin {
      case .bytes(let bytes): bytes
      case .history(let history): history.original(from: after)
      }
    }

    package var changed: Bool {
      switch origin {
      case .bytes(let bytes): !bytes.hasSameBytes(as: after)
      case .history(let history): history.changes(after)
      }
    }

    /// The undo record for this edit of the file at `path`, written with `identity`.
    func undoRecord(path: String, identity: ChecklistFile.Identity) -> UndoStore.Record {
      switch origin {
      case .bytes(let bytes):
        UndoStore.Record(path: path, before: bytes, after: after, identity: identity)
      case .history(let history):
        UndoStore.Record(path: path, after: after, history: history, identity: identity)
      }
    }
  }

  /// Reads a whole file without locking it.
  package func read(_ path: UserPath) throws(WorkspaceError) -> [UInt8] {
    do throws(FileError) {
      return try ChecklistFile.read(path.absolute, displayName: path.shown)
    } catch {
      throw .file(error)
    }
  }

  /// Applies `change` to the file's bytes.
  ///
  /// - Parameter change: returns the new bytes and a value for the caller; it may throw
  ///   to leave the file untouched.
  package func apply<Value>(
    to path: UserPath,
    _ change: (OpenedFile) throws(WorkspaceError) -> (bytes: [UInt8], value: Value)
  ) throws(WorkspaceError) -> Outcome<Value> {
    try apply(to: path, recording: .edit, change)
  }

  /// How a write goes into the file's history.
  enum Recording {
    /// A new edit: on top of the undo stack, the redo stack emptied.
    case edit
    /// An undo or redo: `step` gets the new bytes' record and the identity written.
    case step((UndoStore.Record) throws(WorkspaceError) -> Void)
  }

  /// `apply`, recording the write as `recording` says (an undo or redo).
  func apply<Value>(
    to path: UserPath, recording: Recording,
    _ change: (OpenedFile) throws(WorkspaceError) -> (bytes: [UInt8], value: Value)
  ) throws(WorkspaceError) -> Outcome<Value> {
    if isDryRun {
      // Nothing is written or recorded: read without the lock (a reader may dry-run an
      // edit).
      let snapshot = try snapshot(path)
      let (bytes, value) = try change(
        OpenedFile(
          path: path, resolvedPath: snapshot.resolvedPath, contents: snapshot.contents,
          identity: snapshot.identity))
      return Outcome(value: value, before: snapshot.contents, after: bytes)
    }
    let file = try open(path)
    let opened = OpenedFile(
      path: path, resolvedPath: file.resolvedPath, contents: file.contents,
      identity: file.identity)
    let (bytes, value) = try change(opened)
    return try finish(
      Outcome(value: value, before: file.contents, after: bytes), of: file, isUnchanged: nil,
      recording: recording)
  }

  /// Applies `change` to the parsed document.
  ///
  /// The document is given the only reference to the bytes read, and keeps a history
  /// of its changes: an edit of a few lines changes that buffer in place, and the
  /// bytes before it are built again only when asked for (`Outcome.before`, as
  /// `--diff` does); the undo record comes from the history.
  ///
  /// - Parameter idGenerator: where the document's new IDs come from.
  package func applyToDocument<Value>(
    at path: UserPath, idGenerator: IDGenerator,
    _ change: (inout ChecklistDocument) throws(WorkspaceError) -> Value
  ) throws(WorkspaceError) -> Outcome<Value> {
    func edit(_ bytes: consuming [UInt8]) throws(WorkspaceError) -> Outcome<Value> {
      var document = try parse(consume bytes, path: path)
      document.idGenerator = idGenerator
      document.history = ByteHistory()
      let value = try change(&document)
      // Without its history the edit could not tell what changed: a change that swapped
      // in another document must carry the history over (as `replaceBytes` does).
      guard let history = document.history else {
        preconditionFailure("applyToDocument: the change dropped the document's history")
      }
      return Outcome(value: value, history: history, after: document.serialized())
    }
    if isDryRun { return try edit(snapshot(path).contents) }
    var file = try open(path)
    let outcome = try edit(file.takeContents())
    return try finish(outcome, of: file, isUnchanged: !outcome.changed)
  }

  private func snapshot(_ path: UserPath) throws(WorkspaceError) -> ChecklistFile.Snapshot {
    do throws(FileError) {
      return try ChecklistFile.snapshot(path.absolute, displayName: path.shown)
    } catch {
      throw .file(error)
    }
  }

  private func open(_ path: UserPath) throws(WorkspaceError) -> ChecklistFile {
    do throws(FileError) {
      return try ChecklistFile(
        editing: path.absolute, displayName: path.shown, lockTimeout: lockTimeout)
    } catch {
      throw .file(error)
    }
  }

  /// Writes an edit's bytes to the file it opened (nothing when they are unchanged)
  /// and saves its undo record, under the lock.
  private func finish<Value>(
    _ outcome: Outcome<Value>, of file: consuming ChecklistFile, isUnchanged: Bool?,
    recording: Recording = .edit
  ) throws(WorkspaceError) -> Outcome<Value> {
    var outcome = outcome
    if let warning = file.lockWarning { outcome.warnings.append("warning: " + warning) }
    let report: WriteReport
    do throws(FileError) {
      report = try file.write(outcome.after, isUnchanged: isUnchanged)
    } catch {
      throw .file(error)
    }
    outcome.identity = report.identity
    // Unchanged bytes are not written, and leave nothing to undo.
    if let undo, let identity = report.identity {
      var record = outcome.undoRecord(path: file.resolvedPath, identity: identity)
      record.label = (outcome.value as? HistoryLabel)?.text ?? label
      do throws(WorkspaceError) {
        switch recording {
        case .edit: try undo.save(record)
        case .step(let step): try step(record)
        }
      } catch {
        outcome.warnings.append("warning: could not save undo information: " + error.message)
      }
    }
    // The undo record is saved under the lock: the next edit of the file waits for it.
    file.unlock()
    return outcome
  }
}

/// What an edit calls itself in the file's history, when it returns one as its value
/// (the terminal UI's words: `tui: checked Milk`); else `FileEdit.label` is used.
package struct HistoryLabel: Sendable {
  package var text: String

  package init(_ text: String) {
    self.text = text
  }
}

extension ChecklistDocument {
  /// Parses a file's bytes, naming the file in the error.
  package static func parsed(_ bytes: [UInt8], path: UserPath) throws(WorkspaceError)
    -> ChecklistDocument
  {
    do throws(ParseError) {
      return try ChecklistDocument(parsing: bytes)
    } catch {
      throw .parse(error, path: path.shown)
    }
  }
}
