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
    /// The modification time, in nanoseconds.
    public var modified: Int64
    /// The status-change time, in nanoseconds.
    public var changed: Int64

    /// Creates an identity from its parts (as stored in an undo record).
    public init(device: UInt64, inode: UInt64, size: Int, modified: Int64, changed: Int64) {
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
  /// The file's bytes as read.
  public let contents: [UInt8]
  private let status: FileStatus
  private let descriptor: Int32
  private let lock: EditLock

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
          limit: ChecklistDocument.maximumByteCount)
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
          resolvedPath: opened.resolved, contents: bytes, identity: Identity(opened.status))
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
    _ path: String, contents: [UInt8], displayName: String? = nil, mode: mode_t = 0o666
  ) throws(FileError) {
    do throws(FileError) {
      try createUnnamed(path, contents: contents, mode: mode)
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

  /// Writes new contents through the safe-write path.
  ///
  /// - Returns: how the contents were written.
  /// - Throws: `FileError.changedOnDisk`, `.permissionDenied` or `.io`; the file on
  ///   disk is then unchanged and no temporary file is left.
  @discardableResult
  public func write(_ newContents: [UInt8]) throws(FileError) -> WriteReport {
    // An interrupted chk's temporary files go even when there is nothing to write.
    let removed = removeStaleTemporaryFiles()
    guard !newContents.hasSameBytes(as: contents) else {
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

  // MARK: - Writing

  private func checkUnchanged() throws(FileError) {
    guard let now = POSIX.status(ofPath: resolvedPath).0, now.isUnchanged(comparedTo: status) else {
      throw .changedOnDisk(path: path)
    }
  }

  /// Writes a temporary file and renames it over the target.
  ///
  /// - Returns: the new file's status, taken from the descriptor that was written and
  ///   renamed (not from the path, which the next edit may already have replaced);
  ///   `nil` when the target's owner cannot be given to a new file (the caller rewrites
  ///   in place instead).
  private func replace(with newContents: [UInt8]) throws(FileError) -> FileStatus? {
    let temporary = Self.temporaryPath(for: resolvedPath)
    let file = SystemPath.with(temporary) {
      open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    }
    guard file >= 0 else {
      let directory = Self.directory(of: resolvedPath)
      switch errno {
      case EACCES, EPERM, EROFS:
        throw .permissionDenied(path: path, operation: "creating a temporary file in \(directory)")
      default:
        throw .cannotCreate(
          path: path, operation: "creating a temporary file in \(directory)",
          reason: POSIX.reason())
      }
    }
    func fail(_ operation: String, _ code: Int32) -> FileError {
      close(file)
      SystemPath.with(temporary) { _ = unlink($0) }
      return .io(path: path, operation: operation, reason: POSIX.reason(code))
    }
    let written = POSIX.writeAll(file, newContents)
    if written != 0 { throw fail("writing a temporary copy", written) }
    if fchmod(file, mode_t(status.mode & 0o7777)) != 0 { throw fail("setting permissions", errno) }
    if status.owner != geteuid() || status.group != getegid() {
      if fchown(file, uid_t(status.owner), gid_t(status.group)) != 0 {
        close(file)
        SystemPath.with(temporary) { _ = unlink($0) }
        return nil
      }
      // chown clears set-user-ID and set-group-ID bits: set the mode again.
      if fchmod(file, mode_t(status.mode & 0o7777)) != 0 {
        throw fail("setting permissions", errno)
      }
    }
    if fsync(file) != 0 { throw fail("syncing the temporary copy", errno) }
    do {
      try checkUnchanged()
    } catch {
      close(file)
      SystemPath.with(temporary) { _ = unlink($0) }
      throw error
    }
    let result = SystemPath.with(temporary) { from in
      SystemPath.with(resolvedPath) { rename(from, $0) }
    }
    if result != 0 {
      let code = errno
      close(file)
      SystemPath.with(temporary) { _ = unlink($0) }
      if code == EACCES || code == EPERM || code == EROFS {
        throw .permissionDenied(path: path, operation: "replacing the file")
      }
      throw .io(path: path, operation: "replacing the file", reason: POSIX.reason(code))
    }
    // After the rename, which changes the inode's status time.
    let renamed = POSIX.status(ofDescriptor: file)
    close(file)
    Self.syncDirectory(of: resolvedPath)
    // fstat of an open descriptor does not fail in practice; the path is the fallback.
    return renamed ?? POSIX.status(ofPath: resolvedPath).0 ?? status
  }

  /// Overwrites the file in place: every hard link sees the new bytes, and the owner is
  /// kept. Space for a longer file is reserved first, so a full disk fails before
  /// anything is overwritten.
  ///
  /// - Returns: the file's status after the write, from the written descriptor.
  private func rewriteInPlace(_ newContents: [UInt8]) throws(FileError) -> FileStatus {
    let file = SystemPath.with(resolvedPath) { open($0, O_WRONLY | O_CLOEXEC) }
    guard file >= 0 else {
      if errno == EACCES || errno == EPERM || errno == EROFS {
        throw .permissionDenied(path: path, operation: "opening it for writing")
      }
      throw .io(path: path, operation: "opening it for writing", reason: POSIX.reason())
    }
    defer { close(file) }
    // The last check for a change by another program: reserving space below grows the
    // file, which would look like one.
    try checkUnchanged()
    if newContents.count > status.size {
      let reserved = posix_fallocate(file, 0, off_t(newContents.count))
      if reserved != 0, reserved != EOPNOTSUPP, reserved != EINVAL {
        // Give back what a partial reservation added: the old bytes stay as they were.
        _ = ftruncate(file, off_t(status.size))
        throw .io(path: path, operation: "reserving space", reason: POSIX.reason(reserved))
      }
    }
    let written = POSIX.writeAll(file, newContents)
    if written != 0 {
      throw .io(path: path, operation: "overwriting it in place", reason: POSIX.reason(written))
    }
    if ftruncate(file, off_t(newContents.count)) != 0 || fsync(file) != 0 {
      throw .io(path: path, operation: "overwriting it in place", reason: POSIX.reason())
    }
    guard let written = POSIX.status(ofDescriptor: file) else {
      throw .io(path: path, operation: "reading its status", reason: POSIX.reason())
    }
    return written
  }

  /// Removes temporary files that a killed `chk` left beside this file. Safe while the
  /// lock is held: no other `chk` can be writing one.
  private func removeStaleTemporaryFiles() -> Int {
    let directory = Self.directory(of: resolvedPath)
    let prefix = "." + Self.baseName(of: resolvedPath) + ".chk-"
    guard let stream = SystemPath.with(directory, { opendir($0) }) else { return 0 }
    defer { closedir(stream) }
    var stale: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        SystemPath.string(raw.prefix { $0 != 0 })
      }
      if name.hasPrefix(prefix), name.hasSuffix(".tmp") { stale.append(name) }
    }
    return stale.filter { name in SystemPath.with(directory + "/" + name) { unlink($0) } == 0 }
      .count
  }

  // MARK: - Paths and opening

  private static func openRegularFile(_ path: String) throws(FileError) -> (
    descriptor: Int32, resolved: String, status: FileStatus
  ) {
    let resolved: String
    switch POSIX.resolvedPath(path) {
    case .success(let value): resolved = value
    case .failure(.protectedSymlink(let link)):
      throw .protectedSymlink(path: path, link: link)
    case .failure(.system(let code)):
      switch code {
      case ENOENT, ENOTDIR: throw .notFound(path: path)
      case ENAMETOOLONG: throw .nameTooLong(path: path)
      case EACCES: throw .permissionDenied(path: path, operation: "looking it up")
      default:
        throw .io(path: path, operation: "looking it up", reason: POSIX.reason(code))
      }
    }
    if let status = POSIX.status(ofPath: resolved).0, !status.isRegularFile {
      throw .notRegularFile(path: path, kind: status.kindName)
    }
    let descriptor = SystemPath.with(resolved) { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
    guard descriptor >= 0 else {
      switch errno {
      case ENOENT: throw .notFound(path: path)
      case EACCES, EPERM: throw .permissionDenied(path: path, operation: "opening it for reading")
      default: throw .io(path: path, operation: "opening it", reason: POSIX.reason())
      }
    }
    guard let status = POSIX.status(ofDescriptor: descriptor) else {
      let code = errno
      close(descriptor)
      throw .io(path: path, operation: "reading its status", reason: POSIX.reason(code))
    }
    guard status.isRegularFile else {
      close(descriptor)
      throw .notRegularFile(path: path, kind: status.kindName)
    }
    guard status.size <= ChecklistDocument.maximumByteCount else {
      close(descriptor)
      throw .tooLarge(path: path)
    }
    return (descriptor, resolved, status)
  }

  static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  static func baseName(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }

  /// `.NAME.chk-PID-RANDOM.tmp` beside the file.
  static func temporaryPath(for path: String) -> String {
    var generator = SystemRandomNumberGenerator()
    let random = String(generator.next() & 0xFFFF_FFFF, radix: 16)
    return directory(of: path) + "/." + baseName(of: path) + ".chk-\(getpid())-\(random).tmp"
  }

  /// Makes a rename durable. Best effort: the rename has happened either way.
  static func syncDirectory(of path: String) {
    let descriptor = SystemPath.with(directory(of: path)) {
      open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }

  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
