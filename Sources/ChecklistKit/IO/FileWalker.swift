#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds the Markdown files named on a command line: files as given, directories walked
/// for `*.md` files (skipping hidden files and directories such as `.git`), in sorted
/// order.
enum FileWalker {
  /// A file to process, and whether it was named explicitly (not found by walking).
  struct Entry: Sendable, Hashable {
    var path: String
    var isExplicit: Bool
    /// Standard input (`-`), shown as `path`.
    var isStandardInput = false
  }

  /// Expands `paths` (relative to `directory` for access, shown as given).
  ///
  /// - Returns: the files, and the paths that do not exist.
  static func expand(_ paths: [String], relativeTo directory: String) -> (
    files: [Entry], missing: [String]
  ) {
    var files: [Entry] = []
    var missing: [String] = []
    for path in paths {
      let absolute = path.hasPrefix("/") ? path : directory + "/" + path
      guard let status = POSIX.status(ofPath: absolute).0 else {
        missing.append(path)
        continue
      }
      if status.mode & UInt32(S_IFMT) == UInt32(S_IFDIR) {
        walk(absolute, shown: path, into: &files)
      } else {
        files.append(Entry(path: path, isExplicit: true))
      }
    }
    return (files, missing)
  }

  private static func walk(_ absolute: String, shown: String, into files: inout [Entry]) {
    guard let stream = opendir(absolute) else { return }
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafePointer(to: entry.pointee.d_name) {
        $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
      }
      if name.hasPrefix(".") { continue }
      names.append(name)
    }
    closedir(stream)
    for name in names.sorted() {
      let childAbsolute = absolute + "/" + name
      let childShown =
        shown == "." ? name : (shown.hasSuffix("/") ? shown + name : shown + "/" + name)
      guard let status = POSIX.status(ofPath: childAbsolute).0 else { continue }
      if status.mode & UInt32(S_IFMT) == UInt32(S_IFDIR) {
        walk(childAbsolute, shown: childShown, into: &files)
      } else if name.hasSuffix(".md"), status.isRegularFile {
        files.append(Entry(path: childShown, isExplicit: false))
      }
    }
  }
}

/// Something a worker thread runs.
private protocol WorkItem: AnyObject {
  func run()
}

/// Runs work on several threads: one per available core, at most one per task.
enum Parallel {
  private final class Context<T>: WorkItem, @unchecked Sendable {
    let count: Int
    let body: @Sendable (Int) -> T
    let results: UnsafeMutableBufferPointer<T?>
    var next = 0
    var lock = pthread_mutex_t()

    init(count: Int, body: @escaping @Sendable (Int) -> T) {
      self.count = count
      self.body = body
      results = .allocate(capacity: count)
      results.initialize(repeating: nil)
      pthread_mutex_init(&lock, nil)
    }

    deinit {
      pthread_mutex_destroy(&lock)
      results.deinitialize()
      results.deallocate()
    }

    func claim() -> Int? {
      pthread_mutex_lock(&lock)
      defer { pthread_mutex_unlock(&lock) }
      guard next < count else { return nil }
      next += 1
      return next - 1
    }

    func run() {
      while let index = claim() { results[index] = body(index) }
    }
  }

  /// The number of processors available.
  static let processorCount = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

  /// `body(0..<count)`, computed on up to `processorCount` threads, in order.
  static func map<T>(_ count: Int, _ body: @escaping @Sendable (Int) -> T) -> [T] {
    guard count > 1, processorCount > 1 else { return (0..<count).map(body) }
    let context = Context(count: count, body: body)
    let extra = min(count, processorCount) - 1
    var threads: [pthread_t] = []
    for _ in 0..<extra {
      var thread = pthread_t()
      let retained = Unmanaged.passRetained(context).toOpaque()
      let created = pthread_create(
        &thread, nil,
        { argument in
          guard let argument else { return nil }
          let context = Unmanaged<AnyObject>.fromOpaque(argument).takeRetainedValue()
          (context as? WorkItem)?.run()
          return nil
        }, retained)
      if created == 0 {
        threads.append(thread)
      } else {
        Unmanaged<Context<T>>.fromOpaque(retained).release()
      }
    }
    context.run()
    for thread in threads { pthread_join(thread, nil) }
    return context.results.compactMap { $0 }
  }
}
