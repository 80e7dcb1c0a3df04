import ChkTestSupport
import Foundation
import Testing

/// What the language server publishes against what `chk lint --format json` says of the
/// same bytes (`Tests/Helpers/lsp_vs_cli.py`): every finding at the range pygls's
/// position codec gives for the command line's line and byte column, with its rule and
/// severity, and nothing else; and the server's "fix all" action, applied through the
/// same codec, gives the bytes `chk lint --fix` writes (but for the IDs each makes up);
/// each quick fix alone changes its line only, into the line `chk lint --fix` writes;
/// rename of an item's `@id` turns exactly its tags into the new ID (cmark-gfm's items,
/// checklist(5)'s tags); `@due(tom` completed with "tomorrow" gives the line with the day
/// `chk edit --due tomorrow` writes (`Tests/Helpers/lsp_actions.py`). Random documents
/// with a byte-order mark (sent to the server as its first character, as some editors
/// keep it, or taken off, as Neovim and VS Code do), CRLF and lone CRs, astral and
/// combining characters, tabs, and the triggers of the rules. Seeded;
/// `CHK_DIFFERENTIAL_CASES` runs more.
@Suite("LSP diagnostics against chk lint")
struct LanguageServerAgainstCommandLineTests {
  static let names = [
    "milk", "café", "漢字", "😋", "👩‍👩‍👧", "e\u{301}", "a\tb", "🇫🇷", "x @id(q1)", "y @due(2024-13-01)",
    "z @done(2024-01-01)", "[x] inside", "#hash", "w@id(a)",
  ]
  static let tails = [
    "", "  @id(k1)", "  @id(k2)", "  @id(k1)", "  @due(2024-02-30)", "  @due(2024-06-01)",
    "  @done(2024-01-01)", "  @every(week)", "  @remind(9:00)", "  # a note 😋", "  @id()",
  ]
  static let others = [
    "", "## List 😋", "# Title", "<!-- chk-disable tag-in-name -->", "<!-- chk-enable -->",
    "<!-- chk-disable-next-line missing-id -->", "-[x] glued", "- [✓] mark", "Some prose é.",
    "```", "    - [ ] indented code",
  ]
  static let endings = ["\n", "\n", "\r\n", "\r"]

  static func document(_ random: inout TestRandom) -> [UInt8] {
    var text = random.chance(0.3) ? "\u{FEFF}" : ""
    for _ in 0..<random.int(1...14) {
      if random.chance(0.6) {
        let box = random.pick(["- [ ] ", "- [x] ", "* [ ] ", "  - [ ] ", "1. [ ] "])
        text += box + random.pick(names) + random.pick(tails)
      } else {
        text += random.pick(others)
      }
      text += random.pick(endings)
    }
    return Array(text.utf8)
  }

  @Test func diagnosticsAreTheCommandLinesFindings() throws {
    guard
      let python = try RenderingOracle.python(
        for: "LSP diagnostics against chk lint", modules: ["lsprotocol", "pygls", "cmarkgfm"],
        packages: "lsprotocol, pygls and cmarkgfm")
    else { return }
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("chk-lsp-cli-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let cases =
      ProcessInfo.processInfo.environment["CHK_DIFFERENTIAL_CASES"].flatMap(Int.init) ?? 120
    var random = TestRandom(seed: 4242)
    var documents: [[String: Any]] = []
    var texts: [[UInt8]] = []
    for _ in 0..<cases {
      let bytes = Self.document(&random)
      texts.append(bytes)
      documents.append([
        "bytes": Data(bytes).base64EncodedString(), "sendsBOM": random.chance(0.5),
      ])
    }
    let request = try JSONSerialization.data(withJSONObject: [
      "chk": EndToEndTests.binary.path, "directory": directory.path, "documents": documents,
    ])
    let script = TestSupport.packageRoot.appendingPathComponent("Tests/Helpers/lsp_vs_cli.py")
    let result = try #require(RenderingOracle.run(python, [script.path], input: request))
    #expect(
      result.status == 0, "lsp_vs_cli.py failed: \(String(decoding: result.output, as: UTF8.self))")
    let answer = try #require(
      try JSONSerialization.jsonObject(with: result.output) as? [String: Any])
    let compared = try #require(answer["documents"] as? [[String: Any]])
    #expect(compared.count == cases)
    var findings = 0
    var fixed = 0
    for (index, document) in compared.enumerated() {
      let byLint = document["fixedByLint"] as? String
      let byServer = document["fixedByServer"] as? String
      #expect(
        byLint == byServer,
        "\(String(decoding: texts[index], as: UTF8.self).debugDescription)\nchk lint --fix: \(byLint.debugDescription)\nfix all: \(byServer.debugDescription)"
      )
      if byLint.map({ Array($0.utf8) }) != texts[index] { fixed += 1 }
      let expected = (document["expected"] as? [[Any]]) ?? []
      let published = (document["published"] as? [[Any]]) ?? []
      findings += expected.count
      #expect(
        "\(expected)" == "\(published)",
        "\(String(decoding: texts[index], as: UTF8.self).debugDescription)\nchk lint: \(expected)\nchk lsp: \(published)"
      )
    }
    // The documents reach the rules: many findings, on lines with every kind of break.
    #expect(findings > cases)
    #expect(fixed > cases / 4)
    let problems = compared.flatMap { ($0["problems"] as? [String]) ?? [] }
    #expect(problems.isEmpty, "\(problems.count) problems: \(problems.prefix(5))")
    let checked = try #require(answer["checked"] as? [String: Int])
    #expect(checked["quickFixes", default: 0] > cases, "\(checked)")
    #expect(checked["renames", default: 0] > cases / 3, "\(checked)")
    #expect(checked["completions", default: 0] > cases / 2, "\(checked)")
  }
}
