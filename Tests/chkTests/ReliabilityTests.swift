import ChecklistKit
import Foundation
import Testing

/// Runs the chk binary with a private state directory; standard input from /dev/null.
struct ChkRunner {
  let directory: URL
  var extraEnvironment: [String: String] = [:]

  init(prefix: String) throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      prefix + "-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  func remove() { try? FileManager.default.removeItem(at: directory) }

  func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

  func process(_ arguments: [String]) -> Process {
    let process = Process()
    process.executableURL = EndToEndTests.binary
    process.arguments = arguments
    process.currentDirectoryURL = directory
    var environment = [
      "PATH": "/usr/bin:/bin", "HOME": directory.path, "NO_COLOR": "1", "CHK_SEED": "5",
      "XDG_STATE_HOME": directory.appendingPathComponent(".state").path,
    ]
    environment.merge(extraEnvironment) { $1 }
    process.environment = environment
    process.standardInput = FileHandle.nullDevice
    return process
  }

  @discardableResult
  func run(_ arguments: String...) throws -> (status: Int32, errors: String) {
    try run(arguments)
  }

  /// Runs to the end: the exit status and what it printed (standard output and error).
  @discardableResult
  func run(_ arguments: [String]) throws -> (status: Int32, errors: String) {
    let result = try process(arguments).runCollecting(.both)
    return (result.status, result.text)
  }

  func bytes(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
  }

  func write(_ bytes: [UInt8], to name: String) throws {
    try Data(bytes).write(to: directory.appendingPathComponent(name))
  }

  /// Names in the directory other than the state directory.
  func entries() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0 != ".state" }
      .sorted()
  }
}

/// A checklist of `items` items with IDs `k0`, `k1`, ...; about 55 bytes an item.
func bigChecklist(items: Int) -> [UInt8] {
  var text = ""
  for item in 0..<items {
    if item % 1_000 == 0 { text += "\n## List \(item / 1_000)\n\n" }
    text += "- [ ] item number \(item) with some words  @id(k\(item))\n"
  }
  return Array(text.utf8)
}

/// Kill mid-write: chk edits of a 2 MB file are killed with SIGKILL at random moments.
@Suite("Crash safety: killed edits")
struct KillTests {
  /// 200 kills (two files at once): each file is always exactly the old or the new
  /// version, and the next edit leaves no temporary file behind.
  @Test func killedEditsNeverTearTheFile() throws {
    let runners = try (0..<2).map { _ in try ChkRunner(prefix: "chk-kill") }
    defer { for runner in runners { runner.remove() } }
    // The two loops run at once, each on its own file.
    DispatchQueue.concurrentPerform(iterations: runners.count) { index in
      do {
        _ = try Self.killLoop(runners[index], kills: 100, seed: UInt64(index + 1))
      } catch {
        Issue.record("kill loop \(index): \(error)")
      }
    }
    for runner in runners {
      // The next edit removes what killed edits left behind.
      #expect(try runner.run("-f", "big.md", "toggle", "k1", "-q").status == 0)
      let left = try runner.entries()
      #expect(left == ["big.md"], "temporary files left: \(left)")
    }
  }

  /// Kills `kills` toggles of one item at random moments; returns (old, new, torn) counts.
  static func killLoop(_ runner: ChkRunner, kills: Int, seed: UInt64) throws -> (Int, Int) {
    var random = SplitMix64(seed: seed)
    try runner.write(bigChecklist(items: 36_000), to: "big.md")
    // How long an edit takes here, to spread the kills over its whole run.
    let start = Date()
    #expect(
      try runner.run("-f", "big.md", "toggle", "k7", "--date", "2024-01-01", "-q").status == 0)
    var duration = Date().timeIntervalSince(start)
    var kept = 0
    var replaced = 0
    var keptInARow = 0
    for attempt in 0..<kills {
      // Edits can run much slower than the one timed (a loaded machine, a sanitizer
      // build): after ten kills in a row that all landed before the rename, stretch the
      // window, so that kills still cover the whole edit.
      if keptInARow == 10 {
        duration *= 2
        keptInARow = 0
      }
      let old = try runner.bytes("big.md")
      let id = "k\(attempt % 50)"
      var document = try ChecklistDocument(parsing: old)
      _ = try document.toggle(.id(id), on: CalendarDay(year: 2024, month: 1, day: 1))
      let new = document.serialized()
      let process = runner.process(["-f", "big.md", "toggle", id, "--date", "2024-01-01", "-q"])
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      usleep(UInt32(Double(random.next() % 1_000) / 1_000 * duration * 1.1 * 1_000_000))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      let now = try runner.bytes("big.md")
      if now == old {
        kept += 1
        keptInARow += 1
      } else if now == new {
        replaced += 1
        keptInARow = 0
      } else {
        Issue.record("attempt \(attempt): the file is neither the old nor the new version")
        return (kept, replaced)
      }
    }
    // Both outcomes happened: the kills landed before and after the rename.
    #expect(kept > 0 && replaced > 0, "kept \(kept), replaced \(replaced)")
    return (kept, replaced)
  }
}

/// Disk full and I/O errors, made by an LD_PRELOAD shim (Tests/Faults/failwrite.c).
@Suite("Crash safety: failing writes")
struct FailingWriteTests {
  /// The shim, built once with the system C compiler; `nil` without one.
  static let shim: String? = {
    let source = EndToEndTests.root.appendingPathComponent("Tests/Faults/failwrite.c").path
    let output = FileManager.default.temporaryDirectory.appendingPathComponent(
      "chk-failwrite-\(getpid()).so"
    ).path
    for compiler in ["/usr/bin/cc", "/usr/bin/gcc", "/usr/bin/clang"]
    where FileManager.default.isExecutableFile(atPath: compiler) {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: compiler)
      process.arguments = ["-shared", "-fPIC", "-o", output, source, "-ldl"]
      guard (try? process.run()) != nil else { continue }
      process.waitUntilExit()
      if process.terminationStatus == 0 { return output }
    }
    return nil
  }()

  @Test(arguments: [
    ("ENOSPC", "no space left on device while writing a temporary copy"),
    ("EIO", "input/output error while writing a temporary copy"),
    ("FSYNC_EIO", "input/output error while syncing the temporary copy"),
  ])
  func theOriginalSurvives(_ fault: String, _ cause: String) throws {
    guard let shim = Self.shim else { return }
    var runner = try ChkRunner(prefix: "chk-fault")
    defer { runner.remove() }
    runner.extraEnvironment = ["LD_PRELOAD": shim, "CHK_FAULT": fault]
    // Each command with a file it changes (fmt: a missing blank line; lint: an item
    // without an ID).
    for arguments in Self.commands {
      try runner.write(Self.original, to: "list.md")
      try check(runner, arguments, cause: cause, files: ["list.md"])
    }
  }

  static let original = Array("## L\n- [ ] a  @id(a1)\n- [ ] b\n".utf8)
  static let commands = [
    ["-f", "list.md", "check", "a1"], ["-f", "list.md", "add", "c"], ["fmt", "-w", "list.md"],
    ["lint", "--fix", "--enable", "missing-id", "list.md"],
  ]

  /// A hard-linked file is rewritten in place; its space is reserved first, so a full
  /// disk fails before a byte is overwritten.
  @Test func aHardLinkedFileSurvivesAFullDisk() throws {
    guard let shim = Self.shim else { return }
    var runner = try ChkRunner(prefix: "chk-fault-link")
    defer { runner.remove() }
    runner.extraEnvironment = ["LD_PRELOAD": shim, "CHK_FAULT": "ENOSPC"]
    for arguments in Self.commands {
      try? FileManager.default.removeItem(atPath: runner.path("list.md"))
      try? FileManager.default.removeItem(atPath: runner.path("other.md"))
      try runner.write(Self.original, to: "list.md")
      link(runner.path("list.md"), runner.path("other.md"))
      try check(
        runner, arguments, cause: "no space left on device while reserving space",
        files: ["list.md", "other.md"])
      #expect(try runner.bytes("other.md") == Self.original)
    }
  }

  /// The temporary copy is created exclusively: a link planted at its name (the race
  /// a shared directory allows) makes the edit fail instead of writing through it.
  @Test func aLinkPlantedAtTheTemporaryNameIsNotFollowed() throws {
    guard let shim = Self.shim else { return }
    var runner = try ChkRunner(prefix: "chk-fault-plant")
    defer { runner.remove() }
    try runner.write(Array("keep\n".utf8), to: "victim")
    runner.extraEnvironment = [
      "LD_PRELOAD": shim, "CHK_FAULT": "PLANT_LINK", "CHK_FAULT_VICTIM": runner.path("victim"),
    ]
    for arguments in Self.commands {
      try runner.write(Self.original, to: "list.md")
      let result = try runner.run(arguments)
      #expect(result.status == 73, "\(arguments): \(result.errors)")
      #expect(result.errors.contains("nothing was written"), "\(arguments): \(result.errors)")
      #expect(try runner.bytes("victim") == Array("keep\n".utf8), "\(arguments)")
      #expect(try runner.bytes("list.md") == Self.original, "\(arguments)")
    }
  }

  private func check(_ runner: ChkRunner, _ arguments: [String], cause: String, files: [String])
    throws
  {
    let before = try runner.bytes("list.md")
    let result = try runner.run(arguments)
    #expect(result.status == 74, "\(arguments) \(files): \(result.errors)")
    #expect(result.errors.contains("list.md: \(cause)"), "\(arguments): \(result.errors)")
    #expect(result.errors.contains("the file was not changed"))
    #expect(try runner.bytes("list.md") == before, "\(arguments)")
    let left = try runner.entries()
    #expect(left == files, "\(arguments): \(left)")
  }
}

/// Metadata kept through every editing command, `fmt -w` and `lint --fix`.
@Suite("Crash safety: metadata")
struct MetadataTests {
  static let commands: [[String]] = [
    ["add", "New thing"], ["check", "a1", "--date", "2024-01-01"], ["uncheck", "a3"],
    ["toggle", "a2"], ["edit", "a1", "--name", "Renamed", "--note", "n"], ["rm", "a2"],
    ["mv", "a3", "--top"], ["list-add", "Other"], ["list-rename", "L", "Groceries"],
    ["list-icon", "L", "cart"], ["archive", "--list", "L"], ["undo"],
  ]

  /// A BOM, CRLF endings and no final line ending.
  static let original = Array(
    "\u{FEFF}## L\r\n\r\n- [ ] a  @id(a1)\r\n- [ ] b  @id(a2)\r\n- [x] c  @id(a3)".utf8)

  func expectKept(_ bytes: [UInt8], finalEnding: Bool, _ label: String) {
    #expect(Array(bytes.prefix(3)) == [0xEF, 0xBB, 0xBF], "\(label): BOM")
    for (index, byte) in bytes.enumerated() where byte == 0x0A {
      #expect(index > 0 && bytes[index - 1] == 0x0D, "\(label): a bare LF")
    }
    #expect((bytes.last == 0x0A) == finalEnding, "\(label): final line ending")
  }

  @Test func modeLinksAndLineEndingsAreKept() throws {
    let runner = try ChkRunner(prefix: "chk-meta")
    defer { runner.remove() }
    let manager = FileManager.default
    for command in Self.commands + [["fmt", "-w"], ["lint", "--fix", "--enable", "missing-id"]] {
      for mode in [0o640, 0o600] as [Int] {
        try? manager.removeItem(atPath: runner.path("list.md"))
        try? manager.removeItem(atPath: runner.path("hard.md"))
        try? manager.removeItem(atPath: runner.path("link1.md"))
        try? manager.removeItem(atPath: runner.path("link2.md"))
        try runner.write(Self.original, to: "list.md")
        chmod(runner.path("list.md"), mode_t(mode))
        try manager.linkItem(atPath: runner.path("list.md"), toPath: runner.path("hard.md"))
        try manager.createSymbolicLink(
          atPath: runner.path("link1.md"), withDestinationPath: "list.md")
        try manager.createSymbolicLink(
          atPath: runner.path("link2.md"), withDestinationPath: "link1.md")
        // Through the symlink chain; fmt and lint take the path as an operand.
        let arguments =
          command[0] == "fmt" || command[0] == "lint"
          ? command + ["link2.md"] : ["-f", "link2.md"] + command
        let result = try runner.run(arguments)
        let label = "\(arguments.joined(separator: " ")) (mode \(String(mode, radix: 8)))"
        #expect(result.status == 0 || command[0] == "undo", "\(label): \(result.errors)")
        var status = stat()
        stat(runner.path("list.md"), &status)
        #expect(Int(status.st_mode) & 0o777 == mode, "\(label): mode")
        #expect(status.st_nlink == 2, "\(label): hard link")
        #expect(
          try runner.bytes("hard.md") == runner.bytes("list.md"), "\(label): hard link content")
        #expect(
          try manager.destinationOfSymbolicLink(atPath: runner.path("link2.md")) == "link1.md",
          "\(label)")
        #expect(
          try manager.destinationOfSymbolicLink(atPath: runner.path("link1.md")) == "list.md",
          "\(label)")
        // fmt writes the one final line ending the format's canonical form has.
        expectKept(try runner.bytes("list.md"), finalEnding: command[0] == "fmt", label)
        #expect(
          try runner.entries() == ["hard.md", "link1.md", "link2.md", "list.md"], "\(label)")
      }
    }
  }
}

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
    for trial in 0..<trials {
      try runner.write(
        Array("## L\n\n- [ ] one  @id(a1)\n- [ ] two  @id(b2)\n".utf8), to: "list.md")
      let count = 2 + Int(random.next() % 3)
      let processes = (0..<count).map { _ in
        let operation = operations[Int(random.next() % UInt64(operations.count))]
        let process = runner.process(["-f", "list.md"] + operation)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        return process
      }
      for process in processes { try process.run() }
      for process in processes {
        process.waitUntilExit()
        statuses[process.terminationStatus, default: 0] += 1
      }
      let text = String(decoding: try runner.bytes("list.md"), as: UTF8.self)
      if !Self.isWellFormed(text) { corrupted.append("trial \(trial): \(text.debugDescription)") }
    }
    #expect(corrupted.isEmpty, "\(corrupted.prefix(3))")
    // 0 done, 1 nothing to undo, 75 busy or changed since: nothing else.
    #expect(Set(statuses.keys).isSubset(of: [0, 1, 75]), "\(statuses)")
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
}

/// Bad input: the documented outcome, in bounded time, and nothing written.
@Suite("Bad input")
struct BadInputTests {
  static let item: [UInt8] = Array("- [ ] a  @id(a1)\n".utf8)
  static let invalid: [(String, [UInt8])] = [
    ("start", [0xFF] + item),
    ("middle", item + [0xC3, 0x28, 0x0A] + item),
    ("end", item + [0xE2, 0x82]),
  ]

  @Test(arguments: invalid)
  func invalidUTF8IsRefused(_ place: String, _ bytes: [UInt8]) throws {
    let runner = try ChkRunner(prefix: "chk-bad")
    defer { runner.remove() }
    try runner.write(bytes, to: "list.md")
    for arguments in [
      ["-f", "list.md", "list"], ["-f", "list.md", "check", "a1"], ["fmt", "-w", "list.md"],
      ["lint", "--fix", "list.md"],
    ] {
      let result = try runner.run(arguments)
      #expect(result.status == 65, "\(place) \(arguments): \(result.errors)")
      #expect(result.errors.contains("list.md"), "\(result.errors)")
      #expect(result.errors.contains("UTF-8"), "\(result.errors)")
      #expect(try runner.bytes("list.md") == bytes)
      #expect(try runner.entries() == ["list.md"])
    }
  }

  @Test func unusualButValidFilesWork() throws {
    let runner = try ChkRunner(prefix: "chk-odd")
    defer { runner.remove() }
    let deepList = String(repeating: "- ", count: 100_000) + "[ ] deep\n"
    let deepQuote = String(repeating: "> ", count: 100_000) + "- [ ] quoted\n"
    var staircase = ""
    for depth in 0..<2_000 {
      staircase += String(repeating: " ", count: depth * 2) + "- [ ] s\(depth)\n"
    }
    let files: [(String, [UInt8])] = [
      ("nul", Array("- [ ] a\u{0}b  @id(n1)\n\u{0}\n".utf8)),
      ("long line", Array(("- [ ] " + String(repeating: "word ", count: 2_000_000) + "\n").utf8)),
      ("deep list", Array(deepList.utf8)), ("deep quote", Array(deepQuote.utf8)),
      ("staircase", Array(staircase.utf8)), ("empty", []), ("only BOM", [0xEF, 0xBB, 0xBF]),
    ]
    for (label, bytes) in files {
      try runner.write(bytes, to: "list.md")
      #expect(try runner.run("-f", "list.md", "list").status == 0, "\(label): list")
      let lint = try runner.run("lint", "list.md")
      #expect(lint.status == 0 || lint.status == 1, "\(label): lint \(lint.errors)")
      #expect(try runner.bytes("list.md") == bytes, "\(label): read-only commands wrote")
      let format = try runner.run("fmt", "-w", "list.md")
      #expect(format.status == 0, "\(label): fmt \(format.errors)")
      let formatted = try runner.bytes("list.md")
      #expect((try? ChecklistDocument(parsing: formatted)) != nil, "\(label)")
      let add = try runner.run("-f", "list.md", "add", "after")
      #expect(add.status == 0, "\(label): add \(add.errors)")
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
        #expect(try runner.bytes("list.md").starts(with: [0xEF, 0xBB, 0xBF]), "\(label): BOM")
      }
    }
  }

  @Test func thingsThatAreNotRegularFilesAreRefused() throws {
    let runner = try ChkRunner(prefix: "chk-notfile")
    defer { runner.remove() }
    try FileManager.default.createDirectory(
      atPath: runner.path("dir.md"), withIntermediateDirectories: false)
    mkfifo(runner.path("fifo.md"), 0o644)
    for path in [runner.path("dir.md"), runner.path("fifo.md"), "/dev/zero", "/dev/null"] {
      // (fmt takes a directory as the files in it: not refused, so not tried here.)
      let fmt: [[String]] = path.hasSuffix("dir.md") ? [] : [["fmt", "-w", path]]
      for arguments in [["-f", path, "list"], ["-f", path, "check", "a1"]] + fmt {
        let start = Date()
        let result = try runner.run(arguments)
        #expect(result.status == 66, "\(arguments): \(result.errors)")
        #expect(result.errors.contains("not a regular file"), "\(arguments): \(result.errors)")
        #expect(Date().timeIntervalSince(start) < 10)
      }
    }
  }
}
