import ChecklistKit
import ChkPlatform

/// What `chk remind` delivered, so that a run delivers every reminder that fell due
/// since the last run that looked at its file (a machine that slept, a timer that
/// missed a beat, the hour clocks skip in spring), up to `catchUpLimit`, and no
/// reminder twice (overlapping runs, the hour clocks repeat in autumn).
///
/// One file, `remind` in the state directory (mode 0600), for every run of the user:
/// a line per checklist file with the last run that looked at it, a line per
/// reminder delivered in the last day, each named by a hash. Runs take turns on it
/// (`flock`), so two runs never both deliver one reminder. A damaged record is read as
/// none: the run falls back to its window, and writes a good one.
package struct ReminderRecord {
  /// How far back a run delivers what it missed: a day, in minutes.
  package static let catchUpLimit = 1_440
  /// How long a file's last run is kept: 30 days, in minutes.
  static let fileMemory = 30 * 1_440

  /// The last run that looked at each file (by `key(file:)`), as a minute number.
  var lastRuns: [UInt64: Int] = [:]
  /// Each reminder delivered (by `key(file:item:at:)`), with its minute number.
  var delivered: [UInt64: Int] = [:]

  /// The record's key for a file.
  package static func key(file: String) -> UInt64 {
    ContentHash.of(Array(file.utf8))
  }

  /// The record's key for one reminder: its file, its item (by ID, else list and
  /// name) and its moment.
  package static func key(file: String, item: String, at moment: LocalMoment) -> UInt64 {
    ContentHash.of(Array((file + "\n" + item + "\n" + String(moment.minuteNumber)).utf8))
  }

  /// Where a run over `file` starts delivering, for a run at `now` whose window is
  /// `window` minutes: after the last run that looked at the file when that is within
  /// `catchUpLimit` (or the window, if longer), else the window's start.
  package func start(file: UInt64, now: Int, window: Int) -> Int {
    let windowStart = now - window
    guard let last = lastRuns[file], last < windowStart else { return windowStart }
    return max(last, now - max(window, Self.catchUpLimit))
  }

  /// Whether the reminder was delivered.
  package func wasDelivered(_ key: UInt64) -> Bool { delivered[key] != nil }

  /// Records a delivery.
  package mutating func deliver(_ key: UInt64, at minute: Int) { delivered[key] = minute }

  /// Records a run at `now` over `files`, and forgets what no later run can need.
  package mutating func finishRun(over files: [UInt64], now: Int, window: Int) {
    for file in files { lastRuns[file] = now }
    let oldest = now - max(window, Self.catchUpLimit) - 1_440
    delivered = delivered.filter { $0.value >= oldest }
    lastRuns = lastRuns.filter { $0.value >= now - Self.fileMemory }
  }

  /// The record as stored.
  var bytes: [UInt8] {
    var text = "chk-remind 1\n"
    for (key, minute) in lastRuns.sorted(by: { $0.key < $1.key }) {
      text += "file \(String(key, radix: 16)) \(minute)\n"
    }
    for (key, minute) in delivered.sorted(by: { $0.key < $1.key }) {
      text += "sent \(String(key, radix: 16)) \(minute)\n"
    }
    return Array(text.utf8)
  }

  /// Reads a stored record; `nil` when it is not one (damaged, or another version's).
  init?(_ bytes: [UInt8]) {
    let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    guard lines.first.map({ Array($0) }) == Array("chk-remind 1".utf8), bytes.last == 10 else {
      return nil
    }
    for line in lines.dropFirst().dropLast() {
      let fields = String(decoding: line, as: UTF8.self).split(separator: " ")
      guard fields.count == 3, let key = UInt64(fields[1], radix: 16), let minute = Int(fields[2])
      else { return nil }
      switch fields[0] {
      case "file": lastRuns[key] = minute
      case "sent": delivered[key] = minute
      default: return nil
      }
    }
  }

  init() {}
}

/// The reminder record on disk, locked for one run.
package struct ReminderRecordFile: ~Copyable {
  /// The record as read (empty when there was none or it was damaged).
  package var record: ReminderRecord
  /// Why the stored record was not used, when it was damaged.
  package let warning: String?
  private let descriptor: Int32
  private let path: String

  /// Opens and locks the record in `stateDirectory`, waiting for another run that
  /// holds it.
  ///
  /// - Throws: a message when the directory or the file cannot be made or opened.
  package init(stateDirectory: String) throws(WorkspaceError) {
    path = stateDirectory + "/remind"
    let made = POSIX.makeDirectories(stateDirectory, mode: 0o700)
    let descriptor = SystemPath.with(path) {
      open($0, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
    }
    guard made == 0, descriptor >= 0 else {
      throw WorkspaceError(
        message: "\(SystemPath.display(path)): \(POSIX.reason(made != 0 ? made : errno)) "
          + "while opening the record of reminders delivered",
        kind: .io)
    }
    while flock(descriptor, LOCK_EX) != 0, errno == EINTR {}
    self.descriptor = descriptor
    var status = stat()
    let bytes: [UInt8]
    if fstat(descriptor, &status) == 0, status.st_size > 0, status.st_size < 16 << 20 {
      var buffer = [UInt8](repeating: 0, count: Int(status.st_size))
      let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
      bytes = count == buffer.count ? buffer : []
    } else {
      bytes = []
    }
    if bytes.isEmpty {
      record = ReminderRecord()
      warning = nil
    } else if let stored = ReminderRecord(bytes) {
      record = stored
      warning = nil
    } else {
      record = ReminderRecord()
      warning = "\(SystemPath.display(path)) is damaged; this run looked in its window only"
    }
  }

  deinit {
    close(descriptor)
  }

  /// Writes the record back in place, still under the lock, without `fsync` (as undo
  /// records are): a crash right after a run may lose its record, and the next run
  /// then delivers that run's reminders again rather than none.
  ///
  /// - Throws: a message when it cannot be written.
  package func save() throws(WorkspaceError) {
    let bytes = record.bytes
    let failure =
      ftruncate(descriptor, 0) != 0
      ? errno
      : bytes.withUnsafeBufferPointer { buffer -> Int32 in
        guard lseek(descriptor, 0, SEEK_SET) == 0 else { return errno }
        return POSIX.writeAll(descriptor, buffer)
      }
    if failure != 0 {
      throw WorkspaceError(
        message: "\(SystemPath.display(path)): \(POSIX.reason(failure)) while saving the record "
          + "of reminders delivered; they may be delivered again",
        kind: .io)
    }
  }
}
