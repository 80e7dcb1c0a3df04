internal import ChkPlatform

/// Why a checklist file could not be read or written. The file on disk is unchanged
/// whenever one of these is thrown.
public enum FileError: Error, Sendable, Hashable {
  /// Nothing exists at the path (or a symbolic link points nowhere).
  case notFound(path: String)
  /// The path is a directory, FIFO, device or other non-regular file.
  case notRegularFile(path: String, kind: String)
  /// The file or its directory cannot be read or written with the current permissions
  /// (or the file system is read-only).
  case permissionDenied(path: String, operation: String)
  /// A file exists where a new one was to be created.
  case alreadyExists(path: String)
  /// Another program changed the file after it was read.
  case changedOnDisk(path: String)
  /// Another `chk` held the file's lock for longer than the wait; `holder` names the
  /// process (`pid 1234, chk`) when the system can tell.
  case locked(path: String, seconds: Int, holder: String?)
  /// The file's permission bits deny writing it to this user (a read-only file).
  case readOnly(path: String, mode: UInt32)
  /// A symbolic link on the way to the file is owned by another user and sits in a
  /// sticky, world-writable directory such as /tmp: the kernel's `protected_symlinks`
  /// rule, which chk follows whether or not the kernel enforces it.
  case protectedSymlink(path: String, link: String)
  /// chk could not create the lock file or the temporary copy it writes beside the
  /// file (a directory such as /proc, where files cannot be made).
  case cannotCreate(path: String, operation: String, reason: String)
  /// The path is longer than the system takes (`PATH_MAX`).
  case nameTooLong(path: String)
  /// The file is 4 GiB or larger.
  case tooLarge(path: String)
  /// Reading or writing failed (a full disk, an I/O error, ...).
  case io(path: String, operation: String, reason: String)

  /// Why a file chk makes beside the target (the lock file, the temporary copy) could
  /// not be created, from `errno`: permissions, a symbolic link in the way, a full disk
  /// or no inodes left (`.io`, status 74, as for any write that runs out of room), or a
  /// place where files cannot be made.
  static func creating(path: String, operation: String, code: Int32) -> FileError {
    switch code {
    case EACCES, EPERM, EROFS: return .permissionDenied(path: path, operation: operation)
    case ELOOP:
      return .cannotCreate(path: path, operation: operation, reason: "it is a symbolic link")
    case ENOSPC, EDQUOT, EIO, ENOMEM, EMFILE, ENFILE:
      return .io(path: path, operation: operation, reason: POSIX.reason(code))
    default: return .cannotCreate(path: path, operation: operation, reason: POSIX.reason(code))
    }
  }

  /// The path the error is about.
  public var path: String {
    switch self {
    case .notFound(let path), .notRegularFile(let path, _), .permissionDenied(let path, _),
      .alreadyExists(let path), .changedOnDisk(let path), .locked(let path, _, _),
      .readOnly(let path, _), .protectedSymlink(let path, _), .tooLarge(let path),
      .io(let path, _, _), .cannotCreate(let path, _, _), .nameTooLong(let path):
      return path
    }
  }

  /// A lower-case message, starting with the path, that says what to do.
  public var message: String {
    switch self {
    case .notFound(let path):
      return "\(path): no such file; check the path"
    case .notRegularFile(let path, let kind):
      return "\(path): is a \(kind), not a regular file; name a checklist file"
    case .permissionDenied(let path, let operation):
      if operation.contains("reading") || operation.contains("looking") {
        return "\(path): permission denied while \(operation); make the file readable"
      }
      return "\(path): permission denied while \(operation); "
        + "chk writes a new copy beside the file and renames it, so both the file and its "
        + "directory must be writable"
    case .alreadyExists(let path):
      return "\(path): already exists; nothing was overwritten"
    case .changedOnDisk(let path):
      return "\(path): the file changed on disk while chk was editing it; "
        + "nothing was written, run the command again"
    case .locked(let path, let seconds, let holder):
      let who = holder.map { "another process (\($0))" } ?? "another chk"
      return "\(path): \(who) has been editing the file for over \(seconds) s; "
        + "nothing was written, try again"
    case .readOnly(let path, let mode):
      let octal = String(mode & 0o7777, radix: 8)
      let padded = String(repeating: "0", count: max(0, 4 - octal.count)) + octal
      return "\(path): the file's permissions (mode \(padded)) do "
        + "not let you write it; nothing was written, make it writable (chmod u+w) to edit it"
    case .protectedSymlink(let path, let link):
      return "\(path): refusing to follow the symbolic link \(link): another user owns it "
        + "in a sticky, world-writable directory; name the file it points to instead"
    case .tooLarge(let path):
      return "\(path): the file is 4 GiB or larger; chk reads smaller files only"
    case .cannotCreate(let path, let operation, let reason):
      return "\(path): \(reason) while \(operation); chk edits a file by writing a new copy "
        + "beside it, which this directory does not allow; nothing was written"
    case .nameTooLong(let path):
      return "\(path): the path is longer than the system allows; use a shorter path"
    case .io(let path, let operation, let reason):
      return "\(path): \(reason) while \(operation); the file was not changed, "
        + "fix the cause and try again"
    }
  }
}

extension FileError {
  /// The same error, naming the file as `path`.
  func naming(_ path: String) -> FileError {
    switch self {
    case .notFound: return .notFound(path: path)
    case .notRegularFile(_, let kind): return .notRegularFile(path: path, kind: kind)
    case .permissionDenied(_, let operation):
      return .permissionDenied(path: path, operation: operation)
    case .alreadyExists: return .alreadyExists(path: path)
    case .changedOnDisk: return .changedOnDisk(path: path)
    case .locked(_, let seconds, let holder):
      return .locked(path: path, seconds: seconds, holder: holder)
    case .readOnly(_, let mode): return .readOnly(path: path, mode: mode)
    case .protectedSymlink(_, let link): return .protectedSymlink(path: path, link: link)
    case .tooLarge: return .tooLarge(path: path)
    case .cannotCreate(_, let operation, let reason):
      return .cannotCreate(path: path, operation: operation, reason: reason)
    case .nameTooLong: return .nameTooLong(path: path)
    case .io(_, let operation, let reason):
      return .io(path: path, operation: operation, reason: reason)
    }
  }
}

extension FileError: CustomStringConvertible {
  /// The message.
  public var description: String { message }
}
