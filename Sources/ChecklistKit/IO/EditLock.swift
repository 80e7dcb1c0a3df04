internal import ChkPlatform

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
  /// The open lock file, or -1 when the edit goes ahead without one (see `warning`).
  private let descriptor: Int32
  /// Why the edit holds no lock: a lock file someone else left that cannot be used or
  /// removed. The edit is still safe (the write checks that nobody changed the file
  /// since it was read), only not queued behind other `chk`s.
  let warning: String?

  /// The lock file's path for a target.
  static func path(for target: String) -> String {
    SystemPath.directory(of: target) + "/." + SystemPath.baseName(of: target) + ".chk-lock"
  }

  /// Takes the lock for `target`, waiting up to `timeout` seconds.
  ///
  /// A lock file that is not the target's writers' (another user's file in a shared
  /// directory), or that cannot be opened and that no process holds, is no lock: it is
  /// removed when this process may, else the edit goes ahead without a lock and says
  /// so (`warning`), instead of failing as if another edit were under way.
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
    var unusable = 0
    var removedStale = false
    while true {
      let opened = try Self.openLockFile(path, owner: owner, group: group, mode: mode)
      if case .vanished = opened {
        // Its holder removed it between our two opens: create it again.
        continue
      }
      if case .opened(let descriptor) = opened {
        guard Self.isTrusted(descriptor, owner: owner, group: group, mode: mode) else {
          close(descriptor)
          if !removedStale, SystemPath.with(path, { unlink($0) }) == 0 {
            removedStale = true
            continue
          }
          self.init(path: path, descriptor: -1, warning: Self.unlocked(path, "is another user's"))
          return
        }
        if flock(descriptor, LOCK_EX | LOCK_NB) == 0 {
          // The holder before us may have removed the file after we opened it.
          var onDisk = stat()
          var held = stat()
          if SystemPath.with(path, { lstat($0, &onDisk) }) == 0, fstat(descriptor, &held) == 0,
            onDisk.st_dev == held.st_dev, onDisk.st_ino == held.st_ino
          {
            self.init(path: path, descriptor: descriptor, warning: nil)
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
      } else if !Self.isHeld(path) {
        // A lock file this process cannot open, and that nobody holds: left over, or
        // planted (or gone meanwhile: then simply created again). Removed when the
        // directory allows; else, seen so three times running, no lock.
        if !Self.exists(path) { continue }
        if !removedStale, SystemPath.with(path, { unlink($0) }) == 0 {
          removedStale = true
          continue
        }
        unusable += 1
        if ChecklistFile.now() >= deadline || unusable >= 3 {
          self.init(
            path: path, descriptor: -1,
            warning: Self.unlocked(path, "cannot be opened and no process holds it"))
          return
        }
      } else if ChecklistFile.now() >= deadline {
        // Another writer is creating the lock file and has not yet opened it to us.
        throw .locked(path: target, seconds: Int(timeout.rounded(.up)), holder: nil)
      }
      attempt += 1
      usleep(UInt32(min(20, 1 + attempt)) * 1_000)
    }
  }

  private init(path: String, descriptor: Int32, warning: String?) {
    self.path = path
    self.descriptor = descriptor
    self.warning = warning
  }

  /// Why an edit goes ahead without a lock, relying on the write's check for changes.
  private static func unlocked(_ path: String, _ reason: String) -> String {
    "the lock file \(SystemPath.display(path)) \(reason), and chk cannot remove it; "
      + "edited without the lock (a change made meanwhile is still never overwritten)"
  }

  deinit {
    guard descriptor >= 0 else { return }
    // Removed while still held: a waiter that opened it re-checks the path.
    SystemPath.with(path) { _ = unlink($0) }
    close(descriptor)
  }

  /// Whether an open lock file is one the target's writers made: owned by this process's
  /// user or the target's owner, or by the target's group when the group may write it.
  /// Anything else was put there by someone who cannot edit the file.
  private static func isTrusted(_ descriptor: Int32, owner: UInt32, group: UInt32, mode: UInt32)
    -> Bool
  {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return false }
    let fileOwner = UInt32(status.st_uid)
    if fileOwner == UInt32(geteuid()) || fileOwner == owner || fileOwner == 0 { return true }
    return UInt32(status.st_gid) == group && mode & 0o020 != 0
  }

  private static func exists(_ path: String) -> Bool {
    var status = stat()
    return SystemPath.with(path, { lstat($0, &status) }) == 0
  }

  /// Whether a process holds a lock on the file at `path`, from `/proc/locks`
  /// (`true` when the system does not say, which keeps the old behaviour: wait).
  private static func isHeld(_ path: String) -> Bool {
    var status = stat()
    guard SystemPath.with(path, { lstat($0, &status) }) == 0 else { return false }
    guard let table = try? ChecklistFile.read("/proc/locks") else { return true }
    return holder(in: table, device: UInt64(status.st_dev), inode: UInt64(status.st_ino)) != nil
  }

  /// What opening the lock file found.
  private enum Opened {
    /// The open lock file.
    case opened(Int32)
    /// It existed, then no longer did when opened: its holder removed it meanwhile.
    case vanished
    /// It exists and cannot be opened (its creator has not yet given it its final owner
    /// and mode, or another user's file).
    case unopenable
  }

  /// Opens (creating it if needed) the lock file.
  private static func openLockFile(_ path: String, owner: UInt32, group: UInt32, mode: UInt32)
    throws(FileError) -> Opened
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
      if descriptor < 0, errno == EACCES { return .unopenable }
      if descriptor < 0, errno == ENOENT { return .vanished }
    }
    guard descriptor >= 0 else {
      throw .creating(
        path: path, operation: "creating the lock file \(baseName(path))", code: errno)
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      close(descriptor)
      throw .io(
        path: path, operation: "opening the lock file \(baseName(path))",
        reason: "it is not a regular file")
    }
    return .opened(descriptor)
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
    return holder(in: table, device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
  }

  /// The holder of a lock on a file in `/proc/locks`: `pid 1234, chk`.
  static func holder(in table: [UInt8], device: UInt64, inode: UInt64) -> String? {
    let major = ((device >> 8) & 0xFFF) | ((device >> 32) & ~0xFFF)
    let minor = (device & 0xFF) | ((device >> 12) & ~0xFF)
    let key = hex2(major) + ":" + hex2(minor) + ":" + String(inode)
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
