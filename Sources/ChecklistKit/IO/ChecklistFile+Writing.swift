internal import ChkPlatform

/// How a new version reaches the disk: checked against what was read, written to a
/// temporary file beside it and renamed over it (or rewritten in place for a file with
/// several hard links), with the temporary files of a killed `chk` removed.
extension ChecklistFile {

  func checkUnchanged() throws(FileError) {
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
  func replace(with newContents: [UInt8]) throws(FileError) -> FileStatus? {
    let temporary = Self.temporaryPath(for: resolvedPath)
    let file = SystemPath.with(temporary) {
      open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    }
    guard file >= 0 else {
      let directory = SystemPath.directory(of: resolvedPath)
      throw .creating(
        path: path, operation: "creating a temporary file in \(directory)", code: errno)
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
  func rewriteInPlace(_ newContents: [UInt8]) throws(FileError) -> FileStatus {
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
      // A disk without room is found before the file is touched, so that its times stay
      // as they were too (undo compares them).
      var volume = statvfs()
      if fstatvfs(file, &volume) == 0 {
        let blocks = UInt64(geteuid() == 0 ? volume.f_bfree : volume.f_bavail)
        let (room, overflow) = blocks.multipliedReportingOverflow(by: UInt64(volume.f_frsize))
        if !overflow, UInt64(newContents.count - status.size) > room {
          throw .io(path: path, operation: "reserving space", reason: POSIX.reason(ENOSPC))
        }
      }
      let reserved = posix_fallocate(file, 0, off_t(newContents.count))
      if reserved != 0, reserved != EOPNOTSUPP, reserved != EINVAL {
        // Give back what a partial reservation added, and the times it changed: the old
        // bytes stay as they were, and so do their modification and access times.
        if let now = POSIX.status(ofDescriptor: file), now.size != status.size {
          _ = ftruncate(file, off_t(status.size))
        }
        var times = [status.accessed.systemTime, status.modified.systemTime]
        _ = futimens(file, &times)
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

  /// Removes temporary files that a killed `chk` left beside this file: those whose
  /// writer (the PID in the name) no longer runs. Holding the lock is not enough to
  /// tell: an edit that found a lock file it could not use goes ahead without one, and
  /// its temporary file must survive until its rename.
  ///
  /// The directory's chk temporary files are listed once for every file a command
  /// writes there within two seconds (`TemporaryFileListings`): a toggle of each of
  /// 1,000 files in one directory listed it 1,000 times.
  func removeStaleTemporaryFiles() -> Int {
    let directory = SystemPath.directory(of: resolvedPath)
    let prefix = "." + SystemPath.baseName(of: resolvedPath) + ".chk-"
    let candidates = TemporaryFileListings.shared.names(in: directory)
    var stale: [String] = []
    for name in candidates where name.utf8.starts(with: prefix.utf8) {
      if let pid = Int32(name.dropFirst(prefix.count).prefix { $0 != "-" }), pid > 0,
        kill(pid, 0) == 0 || errno == EPERM
      {
        continue
      }
      stale.append(name)
    }
    let removed = stale.filter { name in
      SystemPath.with(directory + "/" + name) { unlink($0) } == 0
    }
    TemporaryFileListings.shared.forget(removed, in: directory)
    return removed.count
  }
}

/// The names of the chk temporary files (`.NAME.chk-PID-….tmp`) in directories listed
/// in the last two seconds, shared by the files one process writes: a command that
/// writes every file of a directory lists it once. A file left by a chk killed after
/// the listing waits for the next listing; the process's own temporary files are never
/// taken for stale (their writer runs).
final class TemporaryFileListings: @unchecked Sendable {
  static let shared = TemporaryFileListings()
  private var lock = pthread_mutex_t()
  private var listings: [String: (time: Double, names: [String])] = [:]

  private init() { pthread_mutex_init(&lock, nil) }

  /// The chk temporary files of `directory`, listed again when the last listing is
  /// two seconds old.
  func names(in directory: String) -> [String] {
    pthread_mutex_lock(&lock)
    defer { pthread_mutex_unlock(&lock) }
    let now = Self.now()
    if let listing = listings[directory], now - listing.time < 2 { return listing.names }
    let names = Self.list(directory)
    // One entry a directory, kept while the process runs (a language server writes
    // a few directories).
    listings[directory] = (now, names)
    return names
  }

  /// Takes removed names out of a listing.
  func forget(_ names: [String], in directory: String) {
    guard !names.isEmpty else { return }
    pthread_mutex_lock(&lock)
    defer { pthread_mutex_unlock(&lock) }
    listings[directory]?.names.removeAll { names.contains($0) }
  }

  private static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// Names that start with `.` and end with `.tmp` and hold `.chk-`: compared as
  /// bytes, a string made only for those.
  private static func list(_ directory: String) -> [String] {
    guard let stream = SystemPath.with(directory, { opendir($0) }) else { return [] }
    defer { closedir(stream) }
    let marker = Array(".chk-".utf8)
    let suffix = Array(".tmp".utf8)
    var names: [String] = []
    while let entry = readdir(stream) {
      let name: String? = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        let bytes = raw.prefix { $0 != 0 }
        guard bytes.first == UInt8(ascii: "."), bytes.count > suffix.count + marker.count,
          bytes.suffix(suffix.count).elementsEqual(suffix),
          bytes.firstRange(of: marker) != nil
        else { return nil }
        return SystemPath.string(bytes)
      }
      if let name { names.append(name) }
    }
    return names
  }
}
