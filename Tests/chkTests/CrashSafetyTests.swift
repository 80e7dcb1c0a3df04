import ChecklistKit
import ChkTestSupport
import Foundation
import Testing

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

/// Disk full and I/O errors, made by an LD_PRELOAD shim (Tests/Helpers/failwrite.c).
@Suite("Crash safety: failing writes")
struct FailingWriteTests {
  /// The shim, built once with the system C compiler; `nil` without one.
  static let shim: String? = {
    let source = EndToEndTests.root.appendingPathComponent("Tests/Helpers/failwrite.c").path
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
    guard let shim = Self.shim else {
      try Skips.skip("failing writes through the LD_PRELOAD shim", because: "no C compiler")
    }
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
    guard let shim = Self.shim else {
      try Skips.skip("failing writes through the LD_PRELOAD shim", because: "no C compiler")
    }
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

  /// A full disk is found before a hard-linked file is touched, so its times stay as
  /// well as its bytes, and the undo of the edit before still applies; a reservation
  /// that fails part way gives back the room and the modification time.
  @Test func aFailedEditOfAHardLinkedFileKeepsItsTimes() throws {
    guard let shim = Self.shim else {
      try Skips.skip("failing writes through the LD_PRELOAD shim", because: "no C compiler")
    }
    var runner = try ChkRunner(prefix: "chk-fault-times")
    defer { runner.remove() }
    try runner.write(Self.original, to: "list.md")
    link(runner.path("list.md"), runner.path("other.md"))
    #expect(try runner.run("-f", "list.md", "check", "a1").status == 0)
    let edited = try runner.bytes("list.md")
    let before = fileStatus(runner.path("list.md"))
    runner.extraEnvironment = ["LD_PRELOAD": shim, "CHK_FAULT": "ENOSPC"]
    let full = try runner.run("-f", "list.md", "add", "a much longer item than before")
    #expect(full.status == 74, "\(full.errors)")
    let after = fileStatus(runner.path("list.md"))
    #expect(after.st_mtim.tv_sec == before.st_mtim.tv_sec)
    #expect(after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
    #expect(after.st_ctim.tv_nsec == before.st_ctim.tv_nsec)
    #expect(try runner.bytes("list.md") == edited)
    runner.extraEnvironment = [:]
    let undone = try runner.run("-f", "list.md", "undo")
    #expect(undone.status == 0, "\(undone.errors)")
    #expect(try runner.bytes("other.md") == Self.original)
    // Part way: the file grew, then the call failed.
    let again = fileStatus(runner.path("list.md"))
    runner.extraEnvironment = ["LD_PRELOAD": shim, "CHK_FAULT": "FALLOCATE_PARTIAL"]
    let partial = try runner.run("-f", "list.md", "add", "a much longer item than before")
    #expect(partial.status == 74, "\(partial.errors)")
    #expect(partial.errors.contains("no space left on device while reserving space"))
    let kept = fileStatus(runner.path("list.md"))
    #expect(kept.st_size == again.st_size)
    #expect(kept.st_mtim.tv_sec == again.st_mtim.tv_sec)
    #expect(kept.st_mtim.tv_nsec == again.st_mtim.tv_nsec)
    #expect(try runner.bytes("other.md") == Self.original)
  }

  /// No inodes left to create the lock file or the temporary copy is an I/O error
  /// (74), as running out of blocks is, not "cannot create" (73).
  @Test(arguments: [".chk-lock", ".tmp"])
  func noInodesLeftIsAnIOError(_ match: String) throws {
    guard let shim = Self.shim else {
      try Skips.skip("failing writes through the LD_PRELOAD shim", because: "no C compiler")
    }
    var runner = try ChkRunner(prefix: "chk-fault-inodes")
    defer { runner.remove() }
    try runner.write(Self.original, to: "list.md")
    runner.extraEnvironment = [
      "LD_PRELOAD": shim, "CHK_FAULT": "CREATE_ENOSPC", "CHK_FAULT_MATCH": match,
    ]
    let result = try runner.run("-f", "list.md", "check", "a1")
    #expect(result.status == 74, "\(result.errors)")
    #expect(result.errors.contains("no space left on device"), "\(result.errors)")
    #expect(try runner.bytes("list.md") == Self.original)
  }

  /// The temporary copy is created exclusively: a link planted at its name (the race
  /// a shared directory allows) makes the edit fail instead of writing through it.
  @Test func aLinkPlantedAtTheTemporaryNameIsNotFollowed() throws {
    guard let shim = Self.shim else {
      try Skips.skip("failing writes through the LD_PRELOAD shim", because: "no C compiler")
    }
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
