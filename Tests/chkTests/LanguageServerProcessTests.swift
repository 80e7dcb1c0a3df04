import ChecklistKit
import ChkTestSupport
import Foundation
import Testing

/// `chk lsp` as an editor starts it: the same workspace as every other front end.
@Suite("chk lsp as a process")
struct LanguageServerProcessTests {
  /// The frames an editor sends: initialize, a document with one list, the actions on
  /// its heading (check all: `@done` of today; copy: new IDs), then shutdown and exit.
  static let session: [UInt8] = [
    #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#,
    #"{"jsonrpc":"2.0","method":"initialized","params":{}}"#,
    ###"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///tmp/x.md","languageId":"markdown","version":1,"text":"## L\n\n- [ ] a  @id(aa)\n- [ ] b  @id(bb)\n"}}}"###,
    #"{"jsonrpc":"2.0","id":2,"method":"textDocument/codeAction","params":{"textDocument":{"uri":"file:///tmp/x.md"},"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},"context":{"diagnostics":[]}}}"#,
    #"{"jsonrpc":"2.0","id":3,"method":"shutdown"}"#,
    #"{"jsonrpc":"2.0","method":"exit"}"#,
  ].flatMap { body in Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8) }

  /// What `chk lsp` answers to `session` in `runner`'s directory.
  static func answers(_ runner: ChkRunner) throws -> String {
    try runner.write(session, to: "session")
    let process = runner.process(["lsp"])
    process.standardInput = try FileHandle(
      forReadingFrom: URL(fileURLWithPath: runner.path("session")))
    let result = try process.runCollecting(.output)
    #expect(result.status == 0)
    return result.text
  }

  /// `CHK_TODAY` and `CHK_SEED` reach the server as they reach the commands and the
  /// terminal UI: the checked items' `@done` is the fixed day, and the copied list's new
  /// IDs are the same on every run.
  @Test func theServerHonoursTodayAndTheSeed() throws {
    var runner = try ChkRunner(prefix: "chk-lsp-workspace")
    defer { runner.remove() }
    runner.extraEnvironment = ["CHK_TODAY": "2020-01-02", "CHK_SEED": "5"]
    let first = try Self.answers(runner)
    #expect(first.contains("@done(2020-01-02)"), "\(first)")
    #expect(first.contains("Copy 'L' below it"))
    #expect(try Self.answers(runner) == first, "seeded IDs are the same on every run")
    runner.extraEnvironment["CHK_TODAY"] = "2020-13-01"
    let process = runner.process(["lsp"])
    let refused = try process.runCollecting(.errors)
    #expect(refused.status == 64)
    #expect(refused.text.contains("CHK_TODAY is '2020-13-01', not a date"))
  }
}
