import ChecklistKit
import ChkTestSupport
import Foundation
import Testing

/// A `chk sync` killed with SIGKILL at random moments, again and again, while the
/// phone keeps adding and ticking items: every checklist file stays whole, and a run
/// to the end afterwards converges with no item made twice and nothing lost.
@Suite("chk sync killed at any moment")
struct SyncKillTests {
  @Test func aKilledSyncLosesNothingAndMakesNothingTwice() throws {
    let runner = try ChkRunner(prefix: "sync-kill")
    defer { runner.remove() }
    let items = (0..<300).map { "- [ ] item \($0)  @due(2030-01-10)  @id(i\($0))" }
    let weekly = "- [ ] Water  @due(2030-01-10)  @every(week)  @id(wtr1)"
    try runner.write(
      Array(("## Chores\n\n" + ([weekly] + items).joined(separator: "\n") + "\n").utf8),
      to: "CHECKLIST.md")
    #expect(try runner.run("sync", "--vdir", "vdir", "-q").status == 0)
    let folder = try #require(
      try FileManager.default.contentsOfDirectory(atPath: runner.path("vdir")).first)
    var random = SplitMix64(seed: 11)
    // How long one sync takes here, for the window the kills land in.
    let start = Date()
    #expect(try runner.run("sync", "--vdir", "vdir", "-q").status == 0)
    let duration = max(0.02, Date().timeIntervalSince(start))
    let rounds = 25
    for round in 0..<rounds {
      // The phone: a new to-do, and a tick of an item.
      let todo =
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:phone-\(round)\r\n"
        + "SUMMARY:phone \(round)\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
      try todo.write(
        toFile: runner.path("vdir/\(folder)/phone-\(round).ics"), atomically: true, encoding: .utf8)
      let process = runner.process(["sync", "--vdir", "vdir", "-q"])
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      usleep(UInt32(Double(random.next() % 1_000) / 1_000 * duration * 1.2 * 1_000_000))
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
      // Whatever the moment, the file is whole.
      let text = String(decoding: try runner.bytes("CHECKLIST.md"), as: UTF8.self)
      let document = try ChecklistDocument(parsing: Array(text.utf8))
      #expect(document.items.count >= 301, "round \(round)")
    }
    let finish = try runner.run("sync", "--vdir", "vdir")
    #expect(finish.status == 0, "\(finish.errors)")
    let again = try runner.run("sync", "--vdir", "vdir")
    #expect(again.errors.contains("is up to date"), "\(again.errors)")
    let document = try ChecklistDocument(
      parsing: try runner.bytes("CHECKLIST.md"))
    let names = document.items.map(\.name)
    for round in 0..<rounds {
      #expect(
        names.filter { $0 == "phone \(round)" }.count == 1,
        "phone \(round): \(names.filter { $0.hasPrefix("phone") })")
    }
    #expect(names.count == 301 + rounds)
    let files = try FileManager.default.contentsOfDirectory(atPath: runner.path("vdir/\(folder)"))
      .filter { $0.hasSuffix(".ics") }
    #expect(files.count == 301 + rounds)
  }
}
