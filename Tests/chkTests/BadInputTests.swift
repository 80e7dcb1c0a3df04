import ChecklistKit
import Foundation
import Testing

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
