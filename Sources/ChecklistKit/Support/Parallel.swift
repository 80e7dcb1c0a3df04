internal import ChkPlatform

/// Something a worker thread runs.
private protocol WorkItem: AnyObject {
  func run()
}

/// Runs work on several threads: one per available core, at most one per task.
///
/// The parser, formatter and linter use it for large documents; front ends use it to
/// process many files at once.
package enum Parallel {
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
  package static let processorCount = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))

  /// `body(0..<count)`, computed on up to `processorCount` threads, in order.
  ///
  /// - Parameters:
  ///   - count: how many tasks.
  ///   - body: computes task *i*; called once per task, from any thread.
  /// - Returns: the results in task order.
  package static func map<T>(_ count: Int, _ body: @escaping @Sendable (Int) -> T) -> [T] {
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
