import ChecklistKit
import ChkTestSupport
import Foundation
import Testing

/// `chk lsp` in a real editor: Neovim (`nvim --headless`, from Debian's packages in
/// CI) opens a checklist with mistakes, waits for diagnostics, formats, applies the
/// code action that checks an item, and saves; the file must be what `chk fmt` and
/// `chk check` make of it. Skipped with a notice where nvim is missing, unless
/// `CHK_REQUIRE_NVIM=1` (as `.ci/run` sets).
@Suite("Neovim end to end")
struct NeovimTests {
  static let text = """
    ## Packing   @icon(bag)

    - [ ] Passport  @id(p1)
    - [X] Charger @done(2024-01-02)  @id(c1)
    - [ ] Socks  @id(p1)

    """

  static func findNeovim() -> String? {
    let environment = ProcessInfo.processInfo.environment
    for directory in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
      let candidate = String(directory) + "/nvim"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  /// nvim; without it, `nil` after a failure when `CHK_REQUIRE_NVIM` is set, else the
  /// test is skipped (`Skips`).
  static func neovim(for test: String) throws -> String? {
    if let nvim = findNeovim() { return nvim }
    try Skips.missing(
      test, "no Neovim (apt-get install neovim)",
      required: ProcessInfo.processInfo.environment["CHK_REQUIRE_NVIM"] == "1")
    return nil
  }

  /// Runs `nvim --headless` with a session script that writes its report to $RESULT
  /// (Tests/Helpers/nvim-report.lua), in `directory` as home and state; expects a clean
  /// exit and returns the report (and its JSON).
  static func session(
    _ nvim: String, _ arguments: [String], in directory: TemporaryDirectory,
    environment extra: [String: String]
  ) throws -> ([String: Any], Data) {
    let result = directory.path + "/result.json"
    let process = Process()
    process.executableURL = URL(fileURLWithPath: nvim)
    process.arguments = ["--headless", "-n", "-i", "NONE"] + arguments
    process.currentDirectoryURL = URL(fileURLWithPath: directory.path)
    var environment = ProcessInfo.processInfo.environment
    environment["RESULT"] = result
    environment["XDG_STATE_HOME"] = directory.path + "/state"
    environment["HOME"] = directory.path
    environment.merge(extra) { _, new in new }
    process.environment = environment
    let (status, output) = try process.runCollecting(.both)
    let data = try Data(contentsOf: URL(fileURLWithPath: result))
    let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    #expect(status == 0, "nvim: \(output) \(report["error"] ?? "")")
    return (report, data)
  }

  @Test func checkFormatAndDiagnoseInNeovim() throws {
    guard let nvim = try Self.neovim(for: "Neovim end to end") else { return }
    let directory = try TemporaryDirectory()
    let file = try directory.file("packing.md", Self.text)
    let script = TestSupport.packageRoot.appendingPathComponent("Tests/Helpers/nvim-session.lua")
    let (report, data) = try Self.session(
      nvim, ["-u", "NONE", "-c", "luafile \(script.path)", file], in: directory,
      environment: ["CHK": EndToEndTests.binary.path])
    #expect(
      report["steps"] as? [String]
        == [
          "started", "initialized", "diagnostics", "formatted", "actions", "checked", "saved",
          "after", "stopped",
        ], "\(report)")
    let diagnostics = report["diagnostics"] as? [[String: Any]] ?? []
    #expect(diagnostics.compactMap { $0["code"] as? String } == ["tag-in-name", "duplicate-id"])
    #expect(diagnostics.compactMap { $0["line"] as? Int } == [3, 4])
    #expect((report["actions"] as? [String])?.first == "Check item")
    #expect(report["after"] as? [String] == ["tag-in-name", "duplicate-id"])

    // What chk itself makes of the file: fmt, then check the item on line 3.
    var expected = try ChecklistDocument(parsing: Self.text)
    expected = try ChecklistDocument(parsing: ChecklistFormatter().format(expected))
    try expected.check(.line(3), on: .today())
    let saved = try directory.read("packing.md")
    #expect(saved == String(decoding: expected.serialized(), as: UTF8.self))

    // The server's log: a line per message, and a clean stop.
    let log = try String(contentsOfFile: directory.path + "/state/chk/lsp.log", encoding: .utf8)
    for method in [
      "<- initialize #1", "<- textDocument/didOpen", "<- textDocument/formatting",
      "<- textDocument/codeAction", "<- textDocument/didChange", "<- shutdown", "<- exit",
      "-> textDocument/publishDiagnostics",
    ] {
      #expect(log.contains(method), "the log has no '\(method)'")
    }
    #expect(log.contains("stopped with status 0"))
    if let transcript = ProcessInfo.processInfo.environment["CHK_NVIM_LOG"] {
      try? (log + "\n--- result\n" + String(decoding: data, as: UTF8.self)).write(
        toFile: transcript, atomically: true, encoding: .utf8)
    }
  }

  /// chk-editors(7)'s Neovim 0.7 snippet, as it stands, loaded as init.lua: its key
  /// toggles the item under the cursor as `chk toggle` does, and `vim.lsp.buf.rename`
  /// renames an ID.
  @Test func theGuidesNeovimSetupTogglesWithItsKeyAndRenames() throws {
    guard let nvim = try Self.neovim(for: "Neovim setup") else { return }
    let page = try String(
      contentsOf: TestSupport.packageRoot.appendingPathComponent("man/chk-editors.7"),
      encoding: .utf8)
    let heading = try #require(page.range(of: ".Ss Neovim 0.7"))
    let open = try #require(
      page.range(of: ".Bd -literal -offset indent\n", range: heading.upperBound..<page.endIndex))
    let close = try #require(page.range(of: "\n.Ed", range: open.upperBound..<page.endIndex))
    let snippet = DocumentationExampleTests.unescapeRoff(
      String(page[open.upperBound..<close.lowerBound]))
    let text = "# Trip\n\n- [ ] Pack  @id(pk01)\n- [ ] Book  @id(bk01)\n"
    let directory = try TemporaryDirectory()
    let file = try directory.file("trip.md", text)
    _ = try directory.file("init.lua", snippet + "\n")
    let script = TestSupport.packageRoot.appendingPathComponent("Tests/Helpers/nvim-keys.lua")
    // `chk` as the snippet names it: the one just built, first on PATH.
    let path =
      EndToEndTests.binary.deletingLastPathComponent().path + ":"
      + (ProcessInfo.processInfo.environment["PATH"] ?? "")
    let (report, _) = try Self.session(
      nvim, ["-u", directory.path + "/init.lua", "-c", "luafile \(script.path)", file],
      in: directory, environment: ["PATH": path, "XDG_CONFIG_HOME": directory.path + "/config"])
    #expect(
      report["steps"] as? [String]
        == ["filetype", "attached", "toggled", "renamed", "saved"], "\(report)")
    #expect(report["filetype"] as? String == "markdown")
    #expect(report["attached"] as? String == "chk")

    var expected = try ChecklistDocument(parsing: text)
    try expected.toggle(.line(3), on: .today())
    let toggled = String(decoding: expected.serialized(), as: UTF8.self)
    #expect(
      try directory.read("trip.md")
        == toggled.replacingOccurrences(of: "@id(bk01)", with: "@id(renamed)"))
  }
}
