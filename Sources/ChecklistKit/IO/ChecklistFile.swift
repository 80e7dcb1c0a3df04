internal import ChkPlatform

/// A checklist file opened for an edit: locked, read once, and written back through
/// the one safe-write path. Nothing else in chk writes a user's file.
///
/// Opening refuses a file whose permission bits deny this user writing it (as the
/// shell does), then takes the edit lock (`EditLock`: a lock file beside the target
/// that only its writers can open), waiting up to `lockTimeout` for another `chk` that
/// holds it, and reads the file under the lock; the lock is released when the value
/// goes away. Symbolic links are followed as the kernel's `protected_symlinks` rule
/// allows (`POSIX.resolvedPath`).
///
/// Writing:
/// - writes nothing when the bytes are unchanged (not even the modification time);
/// - refuses when the file changed on disk since it was read (`.changedOnDisk`);
/// - writes a temporary file beside the target, syncs it, gives it the target's
///   permission bits and owner, renames it over the target and syncs the directory;
/// - follows a symbolic link (or a chain of them) and replaces the file it points to,
///   keeping the link;
/// - rewrites a file with several hard links in place, so every link sees the change
///   (the one case where a crash during the write can leave a partial file);
/// - removes its temporary file on every error, and removes the temporary files of
///   an earlier `chk` that was killed mid-write.
public struct ChecklistFile: ~Copyable {
  /// Which file, in which state: what undo compares to know that nobody changed the file
  /// since chk wrote it.
  public struct Identity: Sendable, Hashable {
    /// The device number.
    public var device: UInt64
    /// The inode number.
    public var inode: UInt64
    /// The size in bytes.
    public var size: Int
    /// The modification time.
    public var modified: FileTime
    /// The status-change time.
    public var changed: FileTime

    /// Creates an identity from its parts (as stored in an undo record).
    public init(
      device: UInt64, inode: UInt64, size: Int, modified: FileTime, changed: FileTime
    ) {
      self.device = device
      self.inode = inode
      self.size = size
      self.modified = modified
      self.changed = changed
    }

    init(_ status: FileStatus) {
      self.init(
        device: status.device, inode: status.inode, size: status.size, modified: status.modified,
        changed: status.changed)
    }
  }

  /// The path as given: what error messages name.
  public let path: String
  /// The path with symbolic links resolved: the file that is read and replaced.
  public let resolvedPath: String
  /// The file's bytes as read (none once `takeContents` took them).
  public private(set) var contents: [UInt8]
  private var contentsTaken = false
  let status: FileStatus
  let descriptor: Int32
  let lock: EditLock

  /// Opens, locks and reads a file for an edit.
  ///
  /// - Parameters:
  ///   - path: the file.
  ///   - displayName: how errors name the file (the path as the user typed it, when
  ///     `path` was made absolute); `path` when `nil`.
  ///   - lockTimeout: how long to wait, in seconds, for another `chk` editing the file.
  /// - Throws: `FileError.notFound`, `.notRegularFile`, `.permissionDenied`,
  ///   `.readOnly`, `.protectedSymlink`, `.locked`, `.tooLarge` or `.io`.
  public init(editing path: String, displayName: String? = nil, lockTimeout: Double = 3)
    throws(FileError)
  {
    let shown = displayName ?? path
    do throws(FileError) {
      let deadline = Self.now() + lockTimeout
      while true {
        let target = try Self.openRegularFile(path)
        close(target.descriptor)
        if SystemPath.with(target.resolved, { faccessat(AT_FDCWD, $0, W_OK, AT_EACCESS) }) != 0,
          errno == EACCES
        {
          throw FileError.readOnly(path: path, mode: target.status.mode)
        }
        let lock = try EditLock(
          for: target.resolved, owner: target.status.owner, group: target.status.group,
          mode: target.status.mode, timeout: max(0, deadline - Self.now()))
        // Under the lock: the file as it is now (another edit may have replaced it, or
        // the symbolic link may point elsewhere, while this process waited).
        let opened = try Self.openRegularFile(path)
        guard opened.resolved == target.resolved else {
          close(opened.descriptor)
          continue
        }
        switch POSIX.readAll(
          opened.descriptor, expected: opened.status.size,
          limit: ChecklistDocument.maximumByteCount, room: POSIX.growthRoom)
        {
        case .success(let bytes):
          self.path = shown
          resolvedPath = opened.resolved
          status = opened.status
          descriptor = opened.descriptor
          contents = bytes
          self.lock = lock
          return
        case .failure(let error):
          close(opened.descriptor)
          throw error.code == EFBIG
            ? .tooLarge(path: path)
            : .io(path: path, operation: "reading", reason: POSIX.reason(error.code))
        }
      }
    } catch {
      throw error.naming(shown)
    }
  }

  deinit {
    close(descriptor)
  }

  /// Why the edit holds no lock, when it holds none: a lock file another user left
  /// that chk could neither use nor remove. The edit is safe all the same: `write`
  /// refuses to replace a file that changed since it was read.
  public var lockWarning: String? { lock.warning }

  /// Releases the lock now (it is released anyway when the value goes away): a caller
  /// that must do more under the lock after `write`, such as saving an undo record,
  /// calls this after it, so the lock's end is written in the code.
  public consuming func unlock() {}

  /// A file as read without its lock: what a dry run of an edit looks at.
  public struct Snapshot: Sendable {
    /// The path with symbolic links resolved.
    public let resolvedPath: String
    /// The file's bytes.
    public let contents: [UInt8]
    /// The file's identity when it was read.
    public let identity: Identity
    /// The user ID of the file's owner.
    public let owner: UInt32
  }

  /// Reads a file without locking it, with its resolved path and identity.
  ///
  /// - Parameter displayName: how errors name the file; `path` when `nil`.
  /// - Throws: as `read(_:displayName:)`.
  public static func snapshot(_ path: String, displayName: String? = nil) throws(FileError)
    -> Snapshot
  {
    do throws(FileError) {
      let opened = try openRegularFile(path)
      defer { close(opened.descriptor) }
      switch POSIX.readAll(
        opened.descriptor, expected: opened.status.size, limit: ChecklistDocument.maximumByteCount)
      {
      case .success(let bytes):
        return Snapshot(
          resolvedPath: opened.resolved, contents: bytes, identity: Identity(opened.status),
          owner: opened.status.owner)
      case .failure(let error):
        throw error.code == EFBIG
          ? .tooLarge(path: path)
          : .io(path: path, operation: "reading", reason: POSIX.reason(error.code))
      }
    } catch {
      throw error.naming(displayName ?? path)
    }
  }

  /// Reads a file without locking it, for commands that only read.
  ///
  /// - Parameter displayName: how errors name the file; `path` when `nil`.
  /// - Throws: `FileError.notFound`, `.notRegularFile`, `.permissionDenied`,
  ///   `.tooLarge` or `.io`.
  public static func read(_ path: String, displayName: String? = nil) throws(FileError)
    -> [UInt8]
  {
    do throws(FileError) {
      return try readUnnamed(path)
    } catch {
      throw error.naming(displayName ?? path)
    }
  }

  private static func readUnnamed(_ path: String) throws(FileError) -> [UInt8] {
    let opened = try openRegularFile(path)
    defer { close(opened.descriptor) }
    switch POSIX.readAll(
      opened.descriptor, expected: opened.status.size, limit: ChecklistDocument.maximumByteCount)
    {
    case .success(let bytes): return bytes
    case .failure(let error):
      throw error.code == EFBIG
        ? .tooLarge(path: path)
        : .io(path: path, operation: "reading", reason: POSIX.reason(error.code))
    }
  }

  /// Creates a new file; never replaces an existing one. The new file's permissions
  /// are `mode` less the umask, as for any new file.
  ///
  /// - Parameters:
  ///   - displayName: how errors name the file; `path` when `nil`.
  ///   - mode: the permissions asked for (0o666; 0o777 for a program).
  /// - Throws: `FileError.alreadyExists`, `.permissionDenied` or `.io`.
  public static func create(
    _ path: String, contents: [UInt8], displayName: String? = nil, mode: UInt32 = 0o666
  ) throws(FileError) {
    do throws(FileError) {
      try createUnnamed(path, contents: contents, mode: mode_t(mode))
    } catch {
      throw error.naming(displayName ?? path)
    }
  }

  private static func createUnnamed(_ path: String, contents: [UInt8], mode: mode_t)
    throws(FileError)
  {
    let descriptor = SystemPath.with(path) {
      open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
    }
    guard descriptor >= 0 else {
      switch errno {
      case EEXIST: throw .alreadyExists(path: path)
      case EACCES, EPERM, EROFS: throw .permissionDenied(path: path, operation: "creating it")
      case ENOENT, ENOTDIR:
        throw .io(path: path, operation: "creating it", reason: "its directory does not exist")
      default: throw .io(path: path, operation: "creating it", reason: POSIX.reason())
      }
    }
    let failure = POSIX.writeAll(descriptor, contents)
    let synced = failure == 0 && fsync(descriptor) == 0
    let syncError = errno
    close(descriptor)
    guard failure == 0, synced else {
      SystemPath.with(path) { _ = unlink($0) }
      throw .io(
        path: path, operation: "writing", reason: POSIX.reason(failure != 0 ? failure : syncError))
    }
    syncDirectory(of: path)
  }

  /// Hands the bytes read to the caller, keeping no reference to them, so that the
  /// caller can change that buffer in place; `write` must then be told whether they
  /// changed.
  public mutating func takeContents() -> [UInt8] {
    contentsTaken = true
    var taken: [UInt8] = []
    swap(&taken, &contents)
    return taken
  }

  /// Writes new contents through the safe-write path.
  ///
  /// - Parameter isUnchanged: whether `newContents` are the bytes read, when the caller
  ///   knows (required after `takeContents`); `nil` compares them.
  /// - Returns: how the contents were written.
  /// - Throws: `FileError.changedOnDisk`, `.permissionDenied` or `.io`; the file on
  ///   disk is then unchanged and no temporary file is left.
  @discardableResult
  public func write(_ newContents: [UInt8], isUnchanged: Bool? = nil) throws(FileError)
    -> WriteReport
  {
    precondition(isUnchanged != nil || !contentsTaken, "write: the contents were taken")
    // An interrupted chk's temporary files go even when there is nothing to write.
    let removed = removeStaleTemporaryFiles()
    guard !(isUnchanged ?? newContents.hasSameBytes(as: contents)) else {
      return WriteReport(method: .unchanged, removedTemporaryFiles: removed, identity: nil)
    }
    try checkUnchanged()
    let method: WriteReport.Method
    let written: FileStatus
    if status.links > 1 {
      written = try rewriteInPlace(newContents)
      method = .rewrittenInPlace
    } else if let replaced = try replace(with: newContents) {
      written = replaced
      method = .replaced
    } else {
      written = try rewriteInPlace(newContents)
      method = .rewrittenInPlace
    }
    return WriteReport(
      method: method, removedTemporaryFiles: removed, identity: Identity(written))
  }

  /// The file's identity when it was read.
  public var identity: Identity { Identity(status) }

  /// The identity of the file at `path` now (following links), to tell whether it is
  /// still the one a program read: `nil` when it cannot be looked at.
  public static func identity(of path: String) -> Identity? {
    guard let status = POSIX.status(ofPath: path).0 else { return nil }
    return Identity(status)
  }
}
