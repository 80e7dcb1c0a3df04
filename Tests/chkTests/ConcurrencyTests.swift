import ChecklistKit
import ChkTestSupport
import Foundation
import Testing

/// Concurrent `chk` processes editing one file.
@Suite("Concurrency: many writers")
struct ConcurrencyTests {
  /// Each worker adds `edits` items (checking every fifth one after adding it); an
  /// attempt either succeeds (0) or is refused with the documented "try again" (75).
  @Test(arguments: [(2, 150), (4, 75)])
  func noUpdateIsLost(_ workers: Int, _ edits: Int) throws {
    let runner = try ChkRunner(prefix: "chk-conc")
    defer { runner.remove() }
    try runner.write(Array("## Shared\n".utf8), to: "list.md")
    let added = Counter()
    let checked = Counter()
    let refused = Counter()
    let unexpected = Counter()
    DispatchQueue.concurrentPerform(iterations: workers) { worker in
      for edit in 0..<edits {
        let name = "w\(worker)e\(edit)x"
        guard let result = try? runner.run("-f", "list.md", "add", name, "-q") else {
          unexpected.add()
          continue
        }
        switch result.status {
        case 0: added.add()
        case 75: refused.add()
        default: unexpected.add()
        }
        if result.status == 0, edit % 5 == 0 {
          guard let check = try? runner.run("-f", "list.md", "check", "/" + name, "-q") else {
            unexpected.add()
            continue
          }
          switch check.status {
          case 0: checked.add()
          case 75: refused.add()
          default: unexpected.add()
          }
        }
      }
    }
    let document = try ChecklistDocument(parsing: try runner.bytes("list.md"))
    #expect(unexpected.value == 0)
    #expect(
      document.items.count == added.value, "items \(document.items.count), adds \(added.value)")
    #expect(document.items.filter(\.isChecked).count == checked.value)
    #expect(added.value + refused.value >= workers * edits)
  }

  /// Random trials of 2 to 4 processes editing and undoing one file at once (check,
  /// uncheck, add, rename, undo): every file left is well formed, with no line cut
  /// short, whatever order they ran in. Two overlapping edits used to let an undo apply
  /// one edit's record to the other's file and cut it mid-line. 60 trials here;
  /// `CHK_RELIABILITY_TRIALS` sets more (Tests/reliability.sh runs 1,000).
  @Test func editsAndUndoNeverCorruptTheFile() throws {
    let trials =
      ProcessInfo.processInfo.environment["CHK_RELIABILITY_TRIALS"].flatMap(Int.init) ?? 60
    let runner = try ChkRunner(prefix: "chk-undo-race")
    defer { runner.remove() }
    var random = SplitMix64(seed: 0x5EED)
    let operations: [[String]] = [
      ["check", "a1", "--date", "2024-01-02"], ["uncheck", "a1"], ["check", "b2"],
      ["add", "new item"], ["edit", "b2", "--name", "renamed item"], ["undo"], ["undo"],
    ]
    var statuses: [Int32: Int] = [:]
    var corrupted: [String] = []
    var unexpected: [String] = []
    for trial in 0..<trials {
      try runner.write(
        Array("## L\n\n- [ ] one  @id(a1)\n- [ ] two  @id(b2)\n".utf8), to: "list.md")
      let count = 2 + Int(random.next() % 3)
      let processes = (0..<count).map { _ in
        let operation = operations[Int(random.next() % UInt64(operations.count))]
        let process = runner.process(["-f", "list.md"] + operation)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = Pipe()
        return process
      }
      for process in processes { try process.run() }
      for process in processes {
        process.waitUntilExit()
        statuses[process.terminationStatus, default: 0] += 1
        let message = (process.standardError as? Pipe)?.fileHandleForReading.readDataToEndOfFile()
        if ![0, 1, 75].contains(process.terminationStatus) {
          unexpected.append(String(decoding: message ?? Data(), as: UTF8.self))
        }
      }
      let text = String(decoding: try runner.bytes("list.md"), as: UTF8.self)
      if !Self.isWellFormed(text) { corrupted.append("trial \(trial): \(text.debugDescription)") }
    }
    #expect(corrupted.isEmpty, "\(corrupted.prefix(3))")
    // 0 done, 1 nothing to undo, 75 busy or changed since: nothing else.
    #expect(Set(statuses.keys).isSubset(of: [0, 1, 75]), "\(statuses): \(unexpected.prefix(3))")
    #expect((statuses[0] ?? 0) > trials)
  }

  /// Whether every line is one the trial's commands can write.
  static func isWellFormed(_ text: String) -> Bool {
    guard text.hasSuffix("\n") else { return false }
    let done = "(  @done\\(\\d{4}-\\d\\d-\\d\\d\\))?"
    let item = try? Regex(
      "^- \\[( |x)\\] (one|two|new item|renamed item)" + done + "  @id\\([0-9a-z]{2,6}\\)$")
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
      if line == "## L" || line.isEmpty { continue }
      guard let item, (try? item.wholeMatch(in: line)) != nil else { return false }
    }
    return true
  }

  final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() {
      lock.lock()
      count += 1
      lock.unlock()
    }
    var value: Int {
      lock.lock()
      defer { lock.unlock() }
      return count
    }
  }
  /// Runs of `chk remind` that overlap (cron's next run while a slow hook still runs)
  /// take turns on the record of what was delivered: 6 runs at once deliver each of
  /// the 3 reminders once.
  @Test func overlappingRemindRunsDeliverEachReminderOnce() throws {
    var runner = try ChkRunner(prefix: "chk-remind")
    defer { runner.remove() }
    let bin = runner.path("bin")
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    let hook = bin + "/hook"
    try TestSupport.writeProgram(
      "#!/bin/sh\necho \"$CHK_ID\" >> '\(runner.path("log"))'\n", to: hook)
    runner.extraEnvironment["PATH"] = bin
    // Due a minute or two ago by the clock: inside a 10-minute window.
    let now = LocalMoment.now()
    let lines = (1...3).compactMap { minutes in
      now.adding(minutes: -minutes).map {
        "- [ ] R\(minutes)  @due(\($0.day) \($0.time))  @id(r\(minutes))\n"
      }
    }
    try runner.write(Array(lines.joined().utf8), to: "CHECKLIST.md")
    let statuses = Counter()
    let runs = runner
    DispatchQueue.concurrentPerform(iterations: 6) { _ in
      if (try? runs.run("remind", "--window", "10m", "--exec", "hook"))?.status == 0 {
        statuses.add()
      }
    }
    #expect(statuses.value == 6)
    let log = String(decoding: try runner.bytes("log"), as: UTF8.self)
    #expect(log.split(separator: "\n").sorted() == ["r1", "r2", "r3"])
  }
}
