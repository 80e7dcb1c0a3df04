/// What a write did.
public struct WriteReport: Sendable, Hashable {
  /// How the new contents reached the disk.
  public enum Method: Sendable, Hashable {
    /// The bytes were already on disk; nothing was written.
    case unchanged
    /// A temporary file in the same directory was written, synced and renamed over the
    /// file.
    case replaced
    /// The file was overwritten in place (it has several hard links, or its owner could
    /// not be kept on a new file).
    case rewrittenInPlace
  }

  /// How the contents were written.
  public var method: Method
  /// How many temporary files left by an interrupted `chk` were removed.
  public var removedTemporaryFiles: Int
  /// The file's identity right after the write, for undo; `nil` when nothing was
  /// written.
  public var identity: ChecklistFile.Identity?
}
