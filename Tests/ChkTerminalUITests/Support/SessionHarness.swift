import ChecklistKit
import ChkTestSupport
import Foundation
import Testing

@testable import ChkCommands
@testable import ChkTerminalUI
@testable import ChkWorkspace

/// A session on a file in a temporary directory, with a fixed day and ID seed, and the
/// same file edited by the commands on a copy, to compare bytes.
struct SessionHarness {
  static let today = CalendarDay(year: 2024, month: 6, day: 5) ?? .today()
  static let text = """
    # Home

    ## Groceries  @icon(cart)

    - [ ] Milk  @id(m1)  @due(2024-06-05)
    - [x] Eggs  @done(2024-06-01)  @id(e1)
    - [ ] Bread  @id(b1)  # sourdough
      - [ ] Flour  @id(f1)
      - [ ] Yeast  @id(y1)
    - [ ] Butter  @id(u1)

    ## Chores

    - [ ] Water plants  @id(w1)  @due(2024-06-03)  @every(week)
    - [ ] Laundry  @id(l1)

    """

  let directory: TemporaryDirectory
  let session: Session
  var variables: [String: String]

  /// The moment the clock says, when fixed (`chk due` and the due screen count a time
  /// past today as overdue).
  let now: LocalMoment?

  init(
    _ text: String = Self.text, files names: [String] = ["CHECKLIST.md"], now: LocalMoment? = nil,
    inVault: Bool = false
  ) throws {
    self.now = now
    directory = try TemporaryDirectory()
    // An Obsidian vault with the Tasks plugin: the files are in the plugin's format.
    if inVault {
      _ = try directory.file(".obsidian/plugins/obsidian-tasks-plugin/manifest.json", "{}")
    }
    for name in names { _ = try directory.file(name, text) }
    _ = try directory.file("copy.md", text)
    variables = [
      "CHK_SEED": "9", "XDG_STATE_HOME": directory.path + "/.state", "HOME": directory.path,
    ]
    var workspace = Workspace(variables: variables, currentDirectory: directory.path)
    workspace.fixedToday = Self.today
    workspace.fixedNow = now
    session = try Session(
      paths: names.map { FileWalker.Entry(path: workspace.userPath($0), isExplicit: true) },
      workspace: workspace)
    _ = session.render(columns: 80, rows: 24)
  }

  /// Presses keys: single characters, or names (`Space`, `Enter`, `Esc`, `C-d`, ...).
  @discardableResult
  func press(_ keys: String...) -> Session.Effect {
    var effect = Session.Effect.none
    for key in keys {
      effect = session.handle(Self.key(key))
      _ = session.render(columns: 80, rows: 24)
    }
    return effect
  }

  /// Types text at a prompt and presses Enter.
  func type(_ text: String) {
    for character in text { _ = session.handle(.character(character)) }
    _ = session.handle(.enter)
    _ = session.render(columns: 80, rows: 24)
  }

  static func key(_ name: String) -> Key {
    switch name {
    case "Space": return .character(" ")
    case "Enter": return .enter
    case "Esc": return .escape
    case "Tab": return .tab
    case "BackTab": return .backTab
    case "Down": return .down
    case "Up": return .up
    default:
      if name.hasPrefix("C-") { return .control(name.dropFirst(2).first ?? "c") }
      return .character(name.first ?? " ")
    }
  }

  /// Moves the cursor to the row that shows `text`.
  func go(to text: String) {
    _ = session.handle(.character("g"))
    for _ in 0..<200 {
      if screen.contains(where: { $0.hasPrefix("> ") && $0.contains(text) }) { return }
      _ = session.handle(.down)
      _ = session.render(columns: 80, rows: 24)
    }
    Issue.record("no row shows \(text)")
  }

  var screen: [String] { session.render(columns: 80, rows: 24).text }
  /// The status line, with the row above it (a long message goes on over it).
  var status: String {
    screen.suffix(2).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
  }

  func file(_ name: String = "CHECKLIST.md") throws -> String { try directory.read(name) }

  /// What `chk ARGUMENTS` makes of the copy.
  func command(_ arguments: String...) throws -> String {
    _ = output(of: arguments)
    return try directory.read("copy.md")
  }

  /// What `chk ARGUMENTS` prints, run on the copy.
  func output(of arguments: [String]) -> String {
    var environment = ChkEnvironment(
      variables: variables, currentDirectory: directory.path, today: Self.today)
    environment.variables["CHK_FILE"] = "copy.md"
    if let now { environment.now = now }
    let output = ByteOutput()
    let errors = ByteOutput()
    let status = ChkTool.run(arguments, environment: environment, output: output, errors: errors)
    #expect(status == .success, "\(errors.text)")
    return output.text
  }

  /// What `chk ARGUMENTS` says on standard error, run on the copy, when it refuses
  /// (a usage error) and leaves the copy as it was.
  func output(refusing arguments: [String]) -> String {
    var environment = ChkEnvironment(
      variables: variables, currentDirectory: directory.path, today: Self.today)
    environment.variables["CHK_FILE"] = "copy.md"
    let before = try? directory.read("copy.md")
    let errors = ByteOutput()
    let status = ChkTool.run(
      arguments, environment: environment, output: ByteOutput(), errors: errors)
    #expect(status == .usage, "\(arguments)")
    #expect((try? directory.read("copy.md")) == before)
    return errors.text
  }
}
