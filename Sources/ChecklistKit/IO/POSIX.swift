internal import ChkPlatform

/// What `stat` says about a file, in the parts chk compares and keeps: the typed file
/// identity the front ends see instead of libc's `stat`.
package struct FileStatus: Hashable, Sendable {
  package var device: UInt64
  package var inode: UInt64
  package var size: Int
  package var accessed: FileTime
  package var modified: FileTime
  package var changed: FileTime
  /// The type and permission bits (`st_mode`).
  package var mode: UInt32
  package var owner: UInt32
  package var group: UInt32
  package var links: UInt64

  init(_ status: stat) {
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
    // A file system that reports a negative size (a broken FUSE or network mount) has
    // a file read to its end like any other.
    size = max(0, Int(status.st_size))
    accessed = FileTime(status.st_atim)
    modified = FileTime(status.st_mtim)
    changed = FileTime(status.st_ctim)
    mode = UInt32(status.st_mode)
    owner = UInt32(status.st_uid)
    group = UInt32(status.st_gid)
    links = UInt64(status.st_nlink)
  }

  /// Whether the file is the same one, unchanged: same inode, size and times.
  func isUnchanged(comparedTo other: FileStatus) -> Bool {
    device == other.device && inode == other.inode && size == other.size
      && modified == other.modified && changed == other.changed
  }

  var isRegularFile: Bool { mode & UInt32(S_IFMT) == UInt32(S_IFREG) }

  /// What kind of non-regular file this is, for messages.
  var kindName: String {
    switch mode & UInt32(S_IFMT) {
    case UInt32(S_IFDIR): return "directory"
    case UInt32(S_IFIFO): return "FIFO"
    case UInt32(S_IFCHR): return "character device"
    case UInt32(S_IFBLK): return "block device"
    case UInt32(S_IFSOCK): return "socket"
    default: return "special file"
    }
  }
}

/// A failed system call's `errno`.
package struct SystemError: Error, Equatable {
  package var code: Int32

  package init(code: Int32) {
    self.code = code
  }
}

/// The one layer over the C library's file calls: what the safe-write path uses, and
/// what the front ends use for the few calls they make themselves (kinds of files,
/// identities, directories, whole writes).
package enum POSIX {
  /// What is at a path, following symbolic links.
  package enum Kind {
    case missing, directory, regularFile, other
  }

  /// What is at `path`, following symbolic links (`.missing` when it cannot be looked
  /// at).
  package static func kind(of path: String) -> Kind {
    (try? lookUp(path).get()) ?? .missing
  }

  /// What is at `path`, following symbolic links, or why it cannot be looked at
  /// (`ENOENT` when nothing is there, `EACCES` when a directory on the way may not be
  /// entered).
  package static func lookUp(_ path: String) -> Result<Kind, SystemError> {
    var status = stat()
    guard SystemPath.with(path, { stat($0, &status) }) == 0 else {
      return .failure(SystemError(code: errno))
    }
    switch status.st_mode & S_IFMT {
    case S_IFDIR: return .success(.directory)
    case S_IFREG: return .success(.regularFile)
    default: return .success(.other)
    }
  }

  /// Whether `path` itself is a symbolic link (not followed).
  package static func isSymbolicLink(_ path: String) -> Bool {
    var status = stat()
    return SystemPath.with(path, { lstat($0, &status) }) == 0 && status.st_mode & S_IFMT == S_IFLNK
  }

  /// A file's device and inode (following symbolic links), which name it whatever
  /// path reaches it; `nil` when it cannot be read.
  package static func identity(of path: String) -> [UInt64]? {
    var status = stat()
    guard SystemPath.with(path, { stat($0, &status) }) == 0 else { return nil }
    return [UInt64(status.st_dev), UInt64(status.st_ino)]
  }

  /// The current `errno`'s text, lower-cased at the start (`no space left on device`).
  package static func reason(_ code: Int32 = errno) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    let message = String(cString: text)
    guard let first = message.first else { return message }
    return first.lowercased() + message.dropFirst()
  }

  /// What `stat` says of `path` (following symbolic links); `nil` when it cannot be
  /// looked at.
  package static func status(of path: String) -> FileStatus? {
    status(ofPath: path).0
  }

  /// Removes the file at `path` (`unlink`).
  ///
  /// - Returns: whether it was removed; `errno` says why not.
  @discardableResult
  package static func remove(_ path: String) -> Bool {
    SystemPath.with(path) { unlink($0) } == 0
  }

  /// Sets the permission bits of `path` (`chmod`).
  ///
  /// - Returns: whether they were set; `errno` says why not.
  package static func setMode(_ path: String, _ mode: UInt32) -> Bool {
    SystemPath.with(path) { chmod($0, mode_t(mode)) } == 0
  }

  /// Whether this process may write `path` (`access(W_OK)`).
  package static func isWritable(_ path: String) -> Bool {
    SystemPath.with(path) { access($0, W_OK) } == 0
  }

  static func status(ofPath path: String) -> (FileStatus?, Int32) {
    var buffer = stat()
    guard SystemPath.with(path, { stat($0, &buffer) }) == 0 else { return (nil, errno) }
    return (FileStatus(buffer), 0)
  }

  static func status(ofDescriptor descriptor: Int32) -> FileStatus? {
    var buffer = stat()
    guard fstat(descriptor, &buffer) == 0 else { return nil }
    return FileStatus(buffer)
  }

  /// Why a path could not be resolved.
  package enum ResolveFailure: Error, Equatable {
    /// A system call failed with this `errno`.
    case system(Int32)
    /// Following this symbolic link would break the kernel's `protected_symlinks` rule.
    case protectedSymlink(String)
  }

  /// The absolute path with every symbolic link resolved (`realpath`), one component
  /// at a time, following the kernel's `fs.protected_symlinks` rule whether or not the
  /// kernel enforces it: a link inside a sticky, world-writable directory (such as
  /// /tmp) is followed only when this process's user owns it or the directory's owner
  /// does, so another user cannot plant a link there that makes chk write a file the
  /// link's reader owns. A relative path is relative to the working directory.
  package static func resolvedPath(_ path: String) -> Result<String, ResolveFailure> {
    var pending: [Substring] = []
    var start = path
    if !path.hasPrefix("/") {
      guard let cwd = getcwd(nil, 0) else { return .failure(.system(errno)) }
      start =
        SystemPath.string(
          UnsafeBufferPointer(start: cwd, count: strlen(cwd)).map {
            UInt8(bitPattern: $0)
          }) + "/" + path
      free(cwd)
    }
    pending = start.split(separator: "/").reversed()
    var resolved = ""
    var links = 0
    let user = geteuid()
    while let component = pending.popLast() {
      if component == "." || component.isEmpty { continue }
      if component == ".." {
        if let slash = resolved.lastIndex(of: "/") { resolved = String(resolved[..<slash]) }
        continue
      }
      let candidate = resolved + "/" + component
      var status = stat()
      guard SystemPath.with(candidate, { lstat($0, &status) }) == 0 else {
        return .failure(.system(errno))
      }
      guard status.st_mode & S_IFMT == S_IFLNK else {
        if !pending.isEmpty, status.st_mode & S_IFMT != S_IFDIR {
          return .failure(.system(ENOTDIR))
        }
        resolved = candidate
        continue
      }
      links += 1
      guard links <= 40 else { return .failure(.system(ELOOP)) }
      var directory = stat()
      guard SystemPath.with(resolved.isEmpty ? "/" : resolved, { stat($0, &directory) }) == 0 else {
        return .failure(.system(errno))
      }
      let sticky = directory.st_mode & S_ISVTX != 0
      let worldWritable = directory.st_mode & S_IWOTH != 0
      if sticky, worldWritable, status.st_uid != user, status.st_uid != directory.st_uid {
        return .failure(.protectedSymlink(candidate))
      }
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let capacity = buffer.count - 1
      let count = SystemPath.with(candidate) { readlink($0, &buffer, capacity) }
      guard count >= 0 else { return .failure(.system(errno)) }
      let target = SystemPath.string(buffer[0..<count].map { UInt8(bitPattern: $0) })
      if target.hasPrefix("/") { resolved = "" }
      pending += target.split(separator: "/").reversed()
    }
    return .success(resolved.isEmpty ? "/" : resolved)
  }

  /// Writes all of `bytes`, retrying short writes and interruptions.
  ///
  /// - Returns: 0, or the `errno` of the failure.
  package static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Int32 {
    bytes.withUnsafeBufferPointer { writeAll(descriptor, $0) }
  }

  @discardableResult
  package static func writeAll(_ descriptor: Int32, _ buffer: UnsafeBufferPointer<UInt8>)
    -> Int32
  {
    guard var pointer = buffer.baseAddress else { return 0 }
    var remaining = buffer.count
    while remaining > 0 {
      let written = write(descriptor, pointer, remaining)
      if written < 0 {
        if errno == EINTR { continue }
        return errno
      }
      if written == 0 { return EIO }
      pointer += written
      remaining -= written
    }
    return 0
  }

  /// Opens `path` to append to it, creating it with `mode` (the owner's alone by
  /// default), never through a symbolic link, closed on exec; `nil` when it cannot.
  package static func openForAppending(_ path: String, mode: UInt32 = 0o600) -> Int32? {
    let flags = O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_CLOEXEC
    let descriptor = SystemPath.with(path) { open($0, flags, mode_t(mode)) }
    return descriptor >= 0 ? descriptor : nil
  }

  /// Creates a directory and its missing parents with `mode`.
  ///
  /// - Returns: 0, or the `errno` of the first failure.
  @discardableResult
  package static func makeDirectories(_ path: String, mode: UInt32 = 0o755) -> Int32 {
    var current = path.hasPrefix("/") ? "" : "."
    for component in path.split(separator: "/") {
      current += "/" + component
      if SystemPath.with(current, { mkdir($0, mode_t(mode)) }) != 0, errno != EEXIST {
        return errno
      }
    }
    return 0
  }

  /// Asks the kernel to back a large, fresh buffer with huge pages where it can: one
  /// fault per 2 MiB instead of per 4 KiB while the buffer is first written. Only the
  /// aligned 2 MiB blocks inside the buffer are affected; failure changes nothing.
  static func adviseHugePages(_ base: UnsafeMutableRawPointer, byteCount: Int) {
    let hugePage = 2 << 20
    guard byteCount >= 2 * hugePage else { return }
    let address = UInt(bitPattern: base)
    let first = (address + UInt(hugePage) - 1) & ~UInt(hugePage - 1)
    let last = (address + UInt(byteCount)) & ~UInt(hugePage - 1)
    guard last > first, let start = UnsafeMutableRawPointer(bitPattern: first) else { return }
    _ = madvise(start, Int(last - first), MADV_HUGEPAGE)
  }

  /// How many bytes `readAll` leaves free after the bytes of a file read for an edit.
  static let growthRoom = 16_384

  /// `bytes` with `range` replaced by `segment`, in a new buffer filled by three copies
  /// (an editor's change of its buffer), advised for huge pages as `readAll`'s buffer is
  /// (a 56 MB file: 27 page faults instead of 14,000).
  static func splice(_ bytes: [UInt8], replacing range: Range<Int>, with segment: [UInt8])
    -> [UInt8]
  {
    let count = bytes.count - range.count + segment.count
    return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
      guard let base = buffer.baseAddress else {
        initialized = 0
        return
      }
      adviseHugePages(UnsafeMutableRawPointer(base), byteCount: count)
      bytes.withUnsafeBufferPointer { old in
        guard let source = old.baseAddress else { return }
        base.initialize(from: source, count: range.lowerBound)
        (base + range.lowerBound + segment.count).initialize(
          from: source + range.upperBound, count: old.count - range.upperBound)
      }
      segment.withUnsafeBufferPointer { new in
        guard let source = new.baseAddress else { return }
        (base + range.lowerBound).initialize(from: source, count: new.count)
      }
      initialized = count
    }
  }

  /// Reads a descriptor to its end: `expected` bytes into one buffer, then whatever
  /// follows if the file grew meanwhile.
  ///
  /// - Parameter room: bytes to leave free after the file's, so that an edit that
  ///   lengthens the file a little changes the buffer in place (`growthRoom` for an
  ///   edit; none for a reader, which would only pay for them).
  /// - Returns: the bytes, or the `errno` of the failure (`EFBIG` past `limit`).
  static func readAll(_ descriptor: Int32, expected: Int, limit: Int, room: Int = 0)
    -> Result<[UInt8], SystemError>
  {
    var failure: Int32 = 0
    var bytes = [UInt8](unsafeUninitializedCapacity: expected + room) {
      buffer, initialized in
      initialized = 0
      guard let base = buffer.baseAddress else { return }
      adviseHugePages(UnsafeMutableRawPointer(base), byteCount: expected)
      while initialized < expected {
        let count = read(descriptor, base + initialized, expected - initialized)
        if count < 0, errno == EINTR { continue }
        if count < 0 { failure = errno }
        if count <= 0 { return }
        initialized += count
      }
    }
    if failure != 0 { return .failure(SystemError(code: failure)) }
    // What the file gained since its size was read, in uninitialized memory: zeroing a
    // buffer for the read that finds the end cost more than reading a small file.
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 65_536) { chunk in
      while true {
        let count = read(descriptor, chunk.baseAddress, chunk.count)
        if count < 0, errno == EINTR { continue }
        if count < 0 { return .failure(SystemError(code: errno)) }
        if count == 0 { return .success(bytes) }
        bytes += UnsafeBufferPointer(rebasing: chunk[0..<count])
        if bytes.count > limit { return .failure(SystemError(code: EFBIG)) }
      }
    }
  }
}
