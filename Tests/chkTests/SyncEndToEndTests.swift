import ChkTestSupport
import Foundation
import Testing

/// `chk sync` with the real components a person uses: a Radicale CalDAV server on
/// 127.0.0.1, vdirsyncer carrying chk's vdir to it, the caldav library acting as the
/// phone (it ticks, renames, re-dates, creates and deletes on the server), and todoman
/// as a second client writing the vdir (`Tests/Helpers/sync_e2e.py`, from PyPI; CI
/// installs them and requires them with `CHK_REQUIRE_ORACLE=1`).
@Suite("chk sync with Radicale, vdirsyncer, a caldav phone and todoman")
struct SyncEndToEndTests {
  static let checklist = """
    ## Groceries

    - [ ] Milk
    - [ ] Eggs  @due(2030-01-20)
    - [ ] Tea
    - [ ] Call mum

    ## Plants

    - [ ] Water the plants  @due(2030-01-10)  @every(week)

    """

  struct Step: Decodable {
    var returncode: Int?
    var stdout: String?
    var stderr: String?
    var error: String?
    var calendars: [Calendar]?
  }

  struct Calendar: Decodable {
    var name: String?
    var todos: [Todo]
  }

  struct Todo: Decodable {
    var uid: String?
    var summary: String?
    var status: String?
    var due: String?
    var rrule: String?
  }

  struct Reply: Decodable {
    var ok: Bool
    var steps: [Step]
    var error: String?
  }

  @Test func changesOnThePhoneAndInTheFileReachTheOtherSide() throws {
    guard
      let python = try RenderingOracle.python(
        for: "chk sync end to end", modules: ["radicale", "vdirsyncer", "caldav", "todoman"],
        packages: "radicale vdirsyncer caldav todoman")
    else { return }
    let runner = try ChkRunner(prefix: "sync-e2e")
    defer { runner.remove() }
    try runner.write(Array(Self.checklist.utf8), to: "CHECKLIST.md")
    let chk = EndToEndTests.binary.path
    let vdir = runner.path("vdir")
    let environment = [
      "HOME": runner.directory.path, "XDG_STATE_HOME": runner.path(".state"), "CHK_SEED": "5",
      "NO_COLOR": "1",
    ]
    func run(_ arguments: String...) -> [String: Any] {
      ["do": "run", "argv": [chk] + arguments, "cwd": runner.directory.path, "env": environment]
    }
    func phone(_ action: String, _ fields: [String: String] = [:]) -> [String: Any] {
      var step: [String: Any] = ["do": "phone", "action": action]
      for (key, value) in fields { step[key] = value }
      return step
    }
    let sync = run("sync", "--vdir", vdir)
    let carry: [String: Any] = ["do": "vdirsyncer", "args": ["sync"]]
    let steps: [[String: Any]] = [
      sync,  // 0
      ["do": "start"],  // 1
      ["do": "vdirsyncer", "args": ["discover"]],  // 2
      carry,  // 3
      ["do": "vdirsyncer", "args": ["metasync"]],  // 4
      phone("list"),  // 5
      // The phone: a tick, a rename, a new due day, a new item, a deletion, and a tick
      // of an item the file renames meanwhile.
      phone("tick", ["summary": "Milk"]),  // 6
      phone("rename", ["summary": "Eggs", "new": "Free-range eggs"]),  // 7
      phone("redate", ["summary": "Free-range eggs", "due": "2030-02-01"]),  // 8
      phone("create", ["calendar": "Groceries", "summary": "Bread", "due": "2030-01-15"]),  // 9
      phone("delete", ["summary": "Call mum"]),  // 10
      phone("tick", ["summary": "Tea"]),  // 11
      run("edit", "/Tea", "--name", "Green tea", "-q"),  // 12
      run("add", "Butter", "--list", "Groceries", "-q"),  // 13
      carry,  // 14
      sync,  // 15
      carry,  // 16
      sync,  // 17: nothing left to do
      // todoman completes the repeating item in the vdir.
      ["do": "todoman", "args": ["done", "{id:Water the plants}"]],  // 18
      sync,  // 19
      carry,  // 20
      sync,  // 21
      phone("list"),  // 22
      ["do": "stop"],
    ]
    let request: [String: Any] = ["work": runner.path("e2e"), "vdir": vdir, "steps": steps]
    try FileManager.default.createDirectory(
      atPath: runner.path("e2e"), withIntermediateDirectories: true)
    let reply = try Self.drive(python: python, request: request)
    #expect(reply.ok, "\(reply.error ?? "") \(reply.steps.last?.error ?? "")")
    guard reply.steps.count == steps.count else { return }
    for index in [0, 15, 17, 19, 21] {
      #expect(
        reply.steps[index].returncode == 0, "step \(index): \(reply.steps[index].stderr ?? "")")
    }
    #expect(reply.steps[3].returncode == 0, "\(reply.steps[3].stderr ?? "")")
    let first = reply.steps[5].calendars ?? []
    #expect(Set(first.compactMap(\.name)) == ["Groceries", "Plants"], "\(first.map(\.name))")
    #expect(first.flatMap(\.todos).count == 5)
    #expect(
      reply.steps[17].stdout?.contains("is up to date") == true, "\(reply.steps[17].stdout ?? "")")
    #expect(
      reply.steps[21].stdout?.contains("is up to date") == true, "\(reply.steps[21].stdout ?? "")")
    let text = String(decoding: try runner.bytes("CHECKLIST.md"), as: UTF8.self)
    #expect(text.contains("- [x] Milk  @done("), "\(text)")
    #expect(text.contains("- [ ] Free-range eggs  @due(2030-02-01)"), "\(text)")
    #expect(text.contains("- [ ] Bread  @due(2030-01-15)"), "\(text)")
    #expect(!text.contains("Call mum"), "\(text)")
    #expect(text.contains("- [x] Green tea"), "\(text)")
    let waters = text.split(separator: "\n").filter { $0.contains("Water the plants") }
    #expect(waters.count == 2, "\(text)")
    #expect(
      waters.first?.hasPrefix("- [x] Water the plants  @due(2030-01-10)  @every(week)  @done(")
        == true)
    #expect(
      waters.last?.hasPrefix("- [ ] Water the plants  @due(2030-01-17)  @every(week)") == true)
    // The phone sees the file's changes and the merge.
    let todos = (reply.steps[22].calendars ?? []).flatMap(\.todos)
    let byName = Dictionary(grouping: todos, by: { $0.summary ?? "" })
    #expect(byName["Butter"]?.count == 1, "\(todos.map(\.summary))")
    #expect(byName["Green tea"]?.first?.status == "COMPLETED")
    #expect(byName["Call mum"] == nil)
    let plants = byName["Water the plants"] ?? []
    #expect(plants.count == 2, "\(plants)")
    #expect(plants.filter { $0.status == "COMPLETED" }.count == 1)
    #expect(plants.first { $0.status != "COMPLETED" }?.due == "2030-01-17")
  }

  static func drive(python: String, request: [String: Any]) throws -> Reply {
    let script = TestSupport.packageRoot.appendingPathComponent("Tests/Helpers/sync_e2e.py").path
    let input = FileManager.default.temporaryDirectory.appendingPathComponent(
      "chk-sync-e2e-" + UUID().uuidString)
    defer { try? FileManager.default.removeItem(at: input) }
    try JSONSerialization.data(withJSONObject: request).write(to: input)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [python, script]
    process.standardInput = try FileHandle(forReadingFrom: input)
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return try JSONDecoder().decode(Reply.self, from: output)
  }
}
