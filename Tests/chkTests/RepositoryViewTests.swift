import ChkTestSupport
import Foundation
import Testing

/// `chk list --in`, `chk due` and `chk lint` over a git repository of 1,100 checklist
/// files, some ignored: each sees exactly the files git lists, `FILE:ITEM` reaches the
/// right file, and nothing but the target file is ever written.
@Suite("Many files: a repository of checklists")
struct RepositoryViewTests {
  /// Every file under the repository but `.git`, with its bytes.
  static func snapshot(_ root: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(
      at: root, includingPropertiesForKeys: [.isRegularFileKey])
    while let url = enumerator?.nextObject() as? URL {
      let relative = String(url.path.dropFirst(root.path.count + 1))
      if relative == ".git" || relative.hasPrefix(".git/") {
        enumerator?.skipDescendants()
        continue
      }
      if (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
        files[relative] = try Data(contentsOf: url)
      }
    }
    return files
  }

  static func files(inJSON text: String) throws -> Set<String> {
    let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
    let entries = value as? [[String: Any]] ?? []
    return Set(entries.compactMap { $0["file"] as? String })
  }

  @Test func viewsSeeWhatGitListsAndEditsTouchOneFile() throws {
    guard GitTests.hasGit else { try Skips.skip("git end to end", because: "no git") }
    let repository = try GitTests()
    defer { try? FileManager.default.removeItem(at: repository.directory) }
    try repository.git("init", "-q", "-b", "main")
    try repository.git("config", "user.email", "test@example.org")
    try repository.git("config", "user.name", "Test")
    let fileManager = FileManager.default
    try repository.write("build/\n*.tmp.md\n", to: ".gitignore")
    var number = 0
    func checklist(_ id: String) -> String {
      number += 1
      let day = String(format: "2026-%02d-%02d", 1 + number % 12, 1 + number % 28)
      return "## List \(number)\n\n- [ ] Open \(number)  @due(\(day))  @id(\(id))\n"
        + "- [x] Done \(number)  @done(2026-01-01)\n"
    }
    for package in 0..<40 {
      let folder = String(format: "pkg%02d", package)
      try fileManager.createDirectory(
        at: repository.directory.appendingPathComponent(folder + "/docs"),
        withIntermediateDirectories: true)
      for index in 0..<25 {
        let name = folder + (index % 2 == 0 ? "/docs" : "") + String(format: "/list%02d.md", index)
        try repository.write(checklist("p\(package)i\(index)"), to: name)
      }
      try repository.write(checklist("tmp\(package)"), to: folder + "/scratch.tmp.md")
    }
    try fileManager.createDirectory(
      at: repository.directory.appendingPathComponent("build/out"),
      withIntermediateDirectories: true)
    for index in 0..<60 {
      try repository.write(checklist("b\(index)"), to: "build/out/gen\(index).md")
    }
    try repository.write("# Project\n\nNo checklist here.\n", to: "README.md")
    // Half tracked, half untracked (and not ignored): git lists both.
    try repository.git("add", "pkg0*", "pkg1*", ".gitignore", "README.md")
    try repository.git("commit", "-q", "-m", "half")

    let listed = try repository.git("ls-files", "--cached", "--others", "--exclude-standard")
    let expected = Set(
      listed.text.split(separator: "\n").map(String.init).filter {
        $0.hasSuffix(".md") && $0 != "README.md"
      })
    #expect(expected.count == 1_000)
    #expect(!expected.contains { $0.hasPrefix("build/") || $0.hasSuffix(".tmp.md") })

    let before = try Self.snapshot(repository.directory)
    let list = try repository.run("chk", ["list", "--in", ".", "--json"])
    #expect(list.status == 0)
    #expect(try Self.files(inJSON: list.text) == expected)
    let due = try repository.run("chk", ["due", ".", "--json", "--today", "2026-06-15"])
    #expect(due.status == 0)
    #expect(try Self.files(inJSON: due.text) == expected)
    let lint = try repository.run(
      "chk", ["lint", ".", "--format", "json", "--enable", "open-item"])
    #expect(lint.status == 1)
    #expect(try Self.files(inJSON: lint.text) == expected)
    let lists = try repository.run(
      "chk", ["lists", "--in", "pkg03", "--in", "pkg04/docs", "--json"])
    #expect(
      try Self.files(inJSON: lists.text)
        == expected.filter {
          $0.hasPrefix("pkg03/") || $0.hasPrefix("pkg04/docs/")
        })
    #expect(try Self.snapshot(repository.directory) == before, "the views wrote nothing")

    // FILE:ITEM, by ID and by number, in a file among a thousand.
    let target = "pkg17/docs/list08.md"
    let check = try repository.run("chk", ["check", target + ":p17i8", "--date", "2026-02-02"])
    #expect(check.status == 0, "\(check.text)")
    let uncheck = try repository.run("chk", ["uncheck", target + ":2"])
    #expect(uncheck.status == 0, "\(uncheck.text)")
    var after = try Self.snapshot(repository.directory)
    let changed = String(decoding: after[target] ?? Data(), as: UTF8.self)
    #expect(changed.contains("- [x] Open "))
    #expect(changed.contains("@done(2026-02-02)  @id(p17i8)"))
    #expect(changed.contains("- [ ] Done "))
    after[target] = before[target]
    #expect(after == before, "only \(target) changed")
  }
}
