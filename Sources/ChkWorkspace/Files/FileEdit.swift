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
  /// Whether to write nothing.
  package var isDryRun = false
  #if DEBUG
    /// Work the tests count (see `WorkLog`), attached to every document parsed here.
    package var workLog: WorkLog?
  #endif

  /// Parses a file's bytes (naming the file in the error) for a command.
  package func parse(_ bytes: [UInt8], path: UserPath) throws(CommandError) -> ChecklistDocument {
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
    package var before: [UInt8]
    package var after: [UInt8]
    /// Warnings for standard error (an undo record that could not be saved).
    package var warnings: [String] = []
    /// The file's identity as this edit left it (`nil` when nothing was written): what
    /// a front end holding the file compares with later to notice other writers.
    package var identity: ChecklistFile.Identity?

    package var changed: Bool { before != after }
  }

  /// Reads a whole file without locking it.
  package func read(_ path: UserPath) throws(CommandError) -> [UInt8] {
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
    to path: UserPath, _ change: (OpenedFile) throws(CommandError) -> (bytes: [UInt8], value: Value)
  ) throws(CommandError) -> Outcome<Value> {
    if isDryRun {
      // Nothing is written: read without the lock (a reader may dry-run an edit).
      let snapshot: ChecklistFile.Snapshot
      do throws(FileError) {
        snapshot = try ChecklistFile.snapshot(path.absolute, displayName: path.shown)
      } catch {
        throw .file(error)
      }
      let (bytes, value) = try change(
        OpenedFile(
          path: path, resolvedPath: snapshot.resolvedPath, contents: snapshot.contents,
          identity: snapshot.identity))
      return Outcome(value: value, before: snapshot.contents, after: bytes)
    }
    let file: ChecklistFile
    do throws(FileError) {
      file = try ChecklistFile(
        editing: path.absolute, displayName: path.shown, lockTimeout: lockTimeout)
    } catch {
      throw .file(error)
    }
    let opened = OpenedFile(
      path: path, resolvedPath: file.resolvedPath, contents: file.contents,
      identity: file.identity)
    let (bytes, value) = try change(opened)
    var outcome = Outcome(value: value, before: file.contents, after: bytes)
    if let warning = file.lockWarning { outcome.warnings.append("warning: " + warning) }
    let report: WriteReport
    do throws(FileError) {
      report = try file.write(bytes)
    } catch {
      throw .file(error)
    }
    outcome.identity = report.identity
    // Unchanged bytes are not written, and leave nothing to undo.
    if let undo, let identity = report.identity {
      let record = UndoStore.Record(
        path: file.resolvedPath, before: file.contents, after: bytes, identity: identity)
      do throws(CommandError) {
        try undo.save(record)
      } catch {
        outcome.warnings.append("warning: could not save undo information: " + error.message)
      }
    }
    // The undo record is saved under the lock: the next edit of the file waits for it.
    file.unlock()
    return outcome
  }

  /// Applies `change` to the parsed document.
  ///
  /// - Parameter idGenerator: where the document's new IDs come from.
  package func applyToDocument<Value>(
    at path: UserPath, idGenerator: IDGenerator,
    _ change: (inout ChecklistDocument) throws(CommandError) -> Value
  ) throws(CommandError) -> Outcome<Value> {
    try apply(to: path) { file throws(CommandError) in
      var document = try parse(file.contents, path: path)
      document.idGenerator = idGenerator
      let value = try change(&document)
      return (document.serialized(), value)
    }
  }
}

extension ChecklistDocument {
  /// Parses a file's bytes, naming the file in the error.
  package static func parsed(_ bytes: [UInt8], path: UserPath) throws(CommandError)
    -> ChecklistDocument
  {
    do throws(ParseError) {
      return try ChecklistDocument(parsing: bytes)
    } catch {
      throw .parse(error, path: path.shown)
    }
  }
}
