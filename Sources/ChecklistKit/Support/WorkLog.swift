internal import ChkPlatform

#if DEBUG
  /// Work the tests count, in debug builds only: how often a walk over a whole document
  /// runs and how many lines the walks visit, so a test can show that a command's work
  /// grows linearly with its input without timing it. Attach one to a document
  /// (`document.workLog = WorkLog()`); its copies share it, and so do the two halves of
  /// a parallel pass.
  package final class WorkLog: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var counts: [String: Int] = [:]

    package init() {
      pthread_mutex_init(mutex, nil)
    }

    deinit {
      pthread_mutex_destroy(mutex)
      mutex.deallocate()
    }

    /// Adds `count` to the counter `key`.
    package func add(_ key: String, _ count: Int = 1) {
      pthread_mutex_lock(mutex)
      counts[key, default: 0] += count
      pthread_mutex_unlock(mutex)
    }

    /// The counter `key` (0 when never added to).
    package subscript(_ key: String) -> Int {
      pthread_mutex_lock(mutex)
      defer { pthread_mutex_unlock(mutex) }
      return counts[key] ?? 0
    }
  }
#endif
