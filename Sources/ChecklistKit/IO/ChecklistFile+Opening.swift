internal import ChkPlatform

/// Opening a file by its resolved path, and the paths and clocks writing uses.
extension ChecklistFile {

  static func openRegularFile(_ path: String) throws(FileError) -> (
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

  /// `.NAME.chk-PID-RANDOM.tmp` beside the file.
  static func temporaryPath(for path: String) -> String {
    var generator = SystemRandomNumberGenerator()
    let random = String(generator.next() & 0xFFFF_FFFF, radix: 16)
    return SystemPath.directory(of: path) + "/." + SystemPath.baseName(of: path)
      + ".chk-\(getpid())-\(random).tmp"
  }

  /// Makes a rename durable. Best effort: the rename has happened either way.
  static func syncDirectory(of path: String) {
    let descriptor = SystemPath.with(SystemPath.directory(of: path)) {
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
