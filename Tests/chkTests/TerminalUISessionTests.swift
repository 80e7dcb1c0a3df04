import ChecklistKit
import ChkTestSupport
import Foundation
import Testing

/// chk tui in tmux, and the README's screen.
extension TerminalUITests {
  // MARK: - A real terminal: tmux

  static var tmux: String? {
    ["/usr/bin/tmux", "/usr/local/bin/tmux"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// A whole session in tmux with an interactive shell, as a person has it: open the
  /// file, move, tick an item, suspend with Ctrl-Z (the shell says it stopped), `fg`
  /// (the screen comes back), quit (the shell's screen is back, the file as `chk toggle`
  /// would leave it). The command after quitting is typed once the screen has gone: keys
  /// typed in the same instant as `q` may be read by chk with it (CI saw "done 0" never
  /// come). Driven by `Tests/Helpers/tmux_session.py`.
  @Test func aSessionInTmux() throws {
    guard Self.tmux != nil else {
      try Skips.missing(
        "a session in tmux", "no tmux",
        required: ProcessInfo.processInfo.environment["CHK_REQUIRE_TMUX"] == "1")
      return
    }
    let scratch = try Scratch()
    defer { scratch.remove() }
    let directory = EndToEndTests.binary.deletingLastPathComponent().path
    let scenario: [String: Any] = [
      "cwd": scratch.path,
      "env": [
        "PATH": "\(directory):/usr/bin:/bin", "HOME": scratch.path, "TERM": "screen",
        "CHK_SEED": "4", "XDG_STATE_HOME": scratch.path + "/.state", "PS1": "$ ",
      ],
      "steps": [
        ["wait_for": "$"], ["send": ["chk tui --today 2024-06-05", "Enter"]],
        ["wait_for": "? help"], ["send": ["Space"]], ["wait_for": "checked m1"],
        ["capture": "checked"], ["send": ["C-z"]], ["wait_for": "Stopped"],
        ["capture": "stopped"], ["send": ["fg", "Enter"]], ["wait_for": "? help"],
        ["capture": "back"], ["send": ["q"]], ["wait_gone": "? help"],
        ["send": ["echo done $?", "Enter"]],
        ["wait_for": "done 0"], ["capture": "end"],
      ],
    ]
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3",
      TestSupport.packageRoot.appendingPathComponent("Tests/Helpers/tmux_session.py").path,
    ]
    let input = Pipe()
    process.standardInput = input
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    input.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: scenario))
    try input.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    struct Session: Decodable {
      var captures: [String: [String]]
      var timeouts: [String]
    }
    let session = try JSONDecoder().decode(Session.self, from: data)
    #expect(session.timeouts.isEmpty, "tmux never showed \(session.timeouts)")
    func screen(_ name: String) -> [String] { session.captures[name] ?? [] }
    #expect(screen("checked").count > 2 && screen("checked")[2] == "> [x] Milk")
    #expect(!screen("stopped").contains { $0.contains("? help") })
    #expect(screen("back").count > 2 && screen("back")[2] == "> [x] Milk")
    #expect(!screen("end").contains { $0.contains("? help") })
    #expect(try scratch.read() == (try scratch.command(["toggle", "--date", "2024-06-05", "m1"])))
  }

  /// README.md's screen is the one chk tui shows: the command and size its comment
  /// names, read by pyte.
  @Test func theReadmeScreenIsTheProgramsScreen() throws {
    guard let oracle = try TerminalOracle.forTest("theReadmeScreenIsTheProgramsScreen") else {
      return
    }
    let readme = try String(
      contentsOf: TestSupport.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let marker = "chk tui project.md --today 2024-03-14 in a 72x16 terminal, read by pyte. -->\n"
    let block = try #require(
      readme.components(separatedBy: marker).dropFirst().first?
        .components(separatedBy: "```text\n").dropFirst().first?
        .components(separatedBy: "\n```").first)
    let scratch = try Scratch()
    defer { scratch.remove() }
    let sample = TestSupport.packageRoot.appendingPathComponent("Samples/project.md").path
    try FileManager.default.copyItem(atPath: sample, toPath: scratch.path + "/project.md")
    let result = try scratch.run(
      oracle, [Self.snapshot("first"), Self.keys("q")], columns: 72, rows: 16,
      command: [EndToEndTests.binary.path, "tui", "project.md", "--today", "2024-03-14"])
    let screen = try #require(result.snapshots["first"])
    #expect(screen.joined(separator: "\n") == block)
  }
  /// The README's picture is the program's screen: Tests/Scripts/tui-screenshot.py run
  /// again on the same file gives the same SVG, byte for byte, and the same text as the
  /// README's text block. (After a change to what `chk tui` draws, run it again:
  /// `Tests/Scripts/tui-screenshot.py .build/debug/chk Samples/project.md
  /// .github/chk-tui.svg`.)
  @Test func theReadmePictureIsTheProgramsScreen() throws {
    guard let oracle = try TerminalOracle.forTest("theReadmePictureIsTheProgramsScreen") else {
      return
    }
    let root = TestSupport.packageRoot
    let scratch = try Scratch()
    defer { scratch.remove() }
    let picture = scratch.path + "/chk-tui.svg"
    let result = try #require(
      oracle.runScript(
        root.appendingPathComponent("Tests/Scripts/tui-screenshot.py").path,
        [
          EndToEndTests.binary.path, root.appendingPathComponent("Samples/project.md").path,
          picture, "--columns", "72", "--rows", "16", "--today", "2024-03-14",
        ]))
    #expect(result.status == 0)
    let committed = try Data(contentsOf: root.appendingPathComponent(".github/chk-tui.svg"))
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: picture)) == committed,
      "run Tests/Scripts/tui-screenshot.py .build/debug/chk Samples/project.md .github/chk-tui.svg")
    let readme = try String(
      contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let text = String(decoding: result.output, as: UTF8.self)
    #expect(readme.contains("```text\n" + text.trimmingCharacters(in: .newlines) + "\n```"))
  }
}
