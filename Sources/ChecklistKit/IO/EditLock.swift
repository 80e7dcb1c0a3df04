/// The lock an edit holds: `flock` on a lock file beside the target,
/// `.NAME.chk-lock`, which only the file's writers can open.
///
/// Locking the target itself would not do: any user who can read a file can `flock`
/// it and block every edit, and the lock would stay on the old inode when an edit
/// renames a new file over the path, letting the next edit in before the first one
/// finished. The lock file is created in the file's directory (which a writer must be
/// able to write anyway), given the target's owner and group and read-write bits only
/// for the classes that may write the target, and opened without following symbolic
/// links. The holder removes it when it is done; a waiter that locked a lock file
/// removed meanwhile sees that the path no longer names it and tries again. A lock file
/// left by a killed process holds no lock and is reused.
struct EditLock: ~Copyable {
  /// The lock file.
  let path: String
  private let descriptor: Int32

  /// The lock file's path for a target.
  static func path(for target: String) -> String {
    SystemPath.directory(of: target) + "/." + SystemPath.baseName(of: target) + ".chk-lock"
  }

  /// Takes the lock for `target`, waiting up to `timeout` seconds.
  ///
  /// - Parameter mode: the target's permission bits; the lock file gets read and write
  ///   for each class that has write permission on the target.
  /// - Throws: `.locked` (naming the holder when the system can tell),
  ///   `.permissionDenied` or `.io`.
  init(for target: String, owner: UInt32, group: UInt32, mode: UInt32, timeout: Double)
    throws(FileError)
  {
    let path = Self.path(for: target)
    let deadline = ChecklistFile.now() + timeout
    var attempt = 0
    while true {
      let opened = try Self.openLockFile(path, owner: owner, group: group, mode: mode)
      if let descriptor = opened {
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
          // The holder before us may have removed the file after we opened it.
          var onDisk = stat()
          var held = stat()
          if SystemPath.with(path, { lstat($0, &onDisk) }) == 0, fstat(descriptor, &held) == 0,
            onDisk.st_dev == held.st_dev, onDisk.st_ino == held.st_ino
          {
            self.path = path
            self.descriptor = descriptor
            return
          }
          close(descriptor)
          continue
        }
        let holder = Self.holder(of: descriptor)
        close(descriptor)
        guard ChecklistFile.now() < deadline else {
          throw .locked(path: target, seconds: Int(timeout.rounded(.up)), holder: holder)
        }
      } else if ChecklistFile.now() >= deadline {
        // Another writer is creating the lock file and has not yet opened it to us.
        throw .locked(path: target, seconds: Int(timeout.rounded(.up)), holder: nil)
      }
      attempt += 1
      usleep(UInt32(min(20, 1 + attempt)) * 1_000)
    }
  }

  deinit {
    // Removed while still held: a waiter that opened it re-checks the path.
    SystemPath.with(path) { _ = unlink($0) }
    close(descriptor)
  }

  /// Opens (creating it if needed) the lock file; `nil` when it exists but cannot be
  /// opened yet (its creator has not given it its final owner and mode).
  private static func openLockFile(_ path: String, owner: UInt32, group: UInt32, mode: UInt32)
    throws(FileError) -> Int32?
  {
    let flags = O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC
    var descriptor = SystemPath.with(path) { open($0, flags | O_CREAT | O_EXCL, 0o600) }
    if descriptor >= 0 {
      // Ours: the target's owner and group where this process may give them, and
      // access for the target's writers only.
      if owner != geteuid() || group != getegid() {
        _ = fchown(descriptor, uid_t(owner), gid_t(group))
      }
      _ = fchmod(descriptor, mode_t(lockMode(forTarget: mode)))
    } else if errno == EEXIST {
      descriptor = SystemPath.with(path) { open($0, flags) }
      if descriptor < 0, errno == EACCES { return nil }
      if descriptor < 0, errno == ENOENT { return nil }
    }
    guard descriptor >= 0 else {
      let code = errno
      let operation = "creating the lock file \(baseName(path))"
      switch code {
      case EACCES, EPERM, EROFS:
        throw .permissionDenied(path: path, operation: operation)
      case ELOOP:
        throw .cannotCreate(path: path, operation: operation, reason: "it is a symbolic link")
      default:
        throw .cannotCreate(path: path, operation: operation, reason: POSIX.reason(code))
      }
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      throw .io(
        path: path, operation: "opening the lock file \(baseName(path))",
        reason: "it is not a regular file")
    }
    return descriptor
  }

  /// Read and write for each class (owner, group, others) that may write the target.
  static func lockMode(forTarget mode: UInt32) -> UInt32 {
    var lockMode: UInt32 = 0
    if mode & 0o200 != 0 { lockMode |= 0o600 }
    if mode & 0o020 != 0 { lockMode |= 0o060 }
    if mode & 0o002 != 0 { lockMode |= 0o006 }
    return lockMode == 0 ? 0o600 : lockMode
  }

  private static func baseName(_ path: String) -> String { SystemPath.baseName(of: path) }

  /// Which process holds the lock on an open lock file, from `/proc/locks`, with its
  /// command name: `pid 1234, chk`; `nil` when the system does not say.
  static func holder(of descriptor: Int32) -> String? {
    var status = stat()
    guard fstat(descriptor, &status) == 0,
      let table = try? ChecklistFile.read("/proc/locks")
    else { return nil }
    let device = UInt64(status.st_dev)
    let major = ((device >> 8) & 0xFFF) | ((device >> 32) & ~0xFFF)
    let minor = (device & 0xFF) | ((device >> 12) & ~0xFF)
    let key =
      hex2(major) + ":" + hex2(minor) + ":" + String(UInt64(status.st_ino))
    for line in table.split(separator: UInt8(ascii: "\n")) {
      let fields = line.split(separator: UInt8(ascii: " ")).map {
        String(decoding: $0, as: UTF8.self)
      }
      // `1: FLOCK  ADVISORY  WRITE 1234 fe:00:16223837 0 EOF`
      guard fields.count >= 6, fields[1] == "FLOCK", fields[5] == key, let pid = Int32(fields[4])
      else { continue }
      if let comm = try? ChecklistFile.read("/proc/\(pid)/comm") {
        var name = String(decoding: comm, as: UTF8.self)
        while name.last == "\n" { name.removeLast() }
        return "pid \(pid), \(name)"
      }
      return "pid \(pid)"
    }
    return nil
  }

  private static func hex2(_ value: UInt64) -> String {
    let text = String(value, radix: 16)
    return text.count < 2 ? "0" + text : text
  }
}
