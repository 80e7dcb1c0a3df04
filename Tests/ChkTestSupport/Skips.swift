import Foundation
import Testing

/// What the tests could not check on this machine, and why: each skip is said when it
/// happens (`skipped: ...`), and when the test process ends, one last line counts them
/// by reason, after the test library's own summary (which counts a skipped part as
/// passed), so that a run without Neovim or cmark-gfm never reads as a full pass.
///
/// `.ci/run` installs every tool and sets the `CHK_REQUIRE_*` variables, which turn
/// these skips into failures.
public enum Skips {
  private static let lock = NSLock()
  nonisolated(unsafe) private static var counts: [String: Int] = [:]
  nonisolated(unsafe) private static var isRegistered = false

  /// Records that `what` was not checked because `reason` (a missing tool, said as
  /// `no Neovim` or `no Python with cmarkgfm`), says so now, and counts it for the line
  /// printed at exit. The skip itself is the caller's: it returns early, or leaves the
  /// part out.
  public static func record(_ what: String, because reason: String) {
    print("skipped: \(what): \(reason)")
    lock.lock()
    defer { lock.unlock() }
    counts[reason, default: 0] += 1
    if !isRegistered {
      isRegistered = true
      atexit { Skips.printSummary() }
    }
  }

  /// Records the skip (see `record`) and ends the test as skipped: the test library
  /// reports it as cancelled, with the reason, instead of passed.
  public static func skip(_ what: String, because reason: String) throws -> Never {
    record(what, because: reason)
    try Test.cancel(Comment(rawValue: "skipped: \(reason)"))
  }

  /// A tool a test needs is missing: a failure where `required` (CI sets the
  /// `CHK_REQUIRE_*` variables), else a skip of the test (see `skip`).
  public static func missing(_ what: String, _ reason: String, required: Bool) throws {
    if required {
      Issue.record("\(what): \(reason), and the tests are run requiring it")
      return
    }
    try skip(what, because: reason)
  }

  /// The line printed at exit, or `nil` when nothing was skipped.
  public static var summary: String? {
    lock.lock()
    defer { lock.unlock() }
    guard !counts.isEmpty else { return nil }
    let total = counts.values.reduce(0, +)
    let reasons = counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
      .map { "\($0.value) for \($0.key)" }
    return "chk tests: \(total) skipped or in part not run (\(reasons.joined(separator: "; "))); "
      + "install the tools, point CHK_ORACLE_PYTHON at a Python with the packages, or run "
      + ".ci/run, which does both"
  }

  private static func printSummary() {
    guard let summary else { return }
    FileHandle.standardError.write(Data(("\n" + summary + "\n").utf8))
  }
}
