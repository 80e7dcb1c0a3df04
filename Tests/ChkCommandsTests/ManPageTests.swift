import ChkTestSupport
import Foundation
import Testing

@testable import ChecklistKit
@testable import ChkCommands
@testable import ChkWorkspace

@Suite("Man pages")
struct ManPageTests {
  /// Every page in man/.
  static let pages = ["chk.1", "checklist.5", "chk-editors.7", "chk-git.7", "chk-reminders.7"]

  static func page(_ name: String) throws -> String {
    try String(
      contentsOf: TestSupport.packageRoot.appendingPathComponent("man/" + name), encoding: .utf8)
  }

  /// Every command and option `chk help` shows is documented in chk(1).
  @Test func everyCommandAndOptionIsDocumented() throws {
    let page = try Self.page("chk.1")
    for command in Command.all {
      #expect(page.contains(".It Cm \(command.name)"), "chk.1 lacks the command \(command.name)")
      for option in command.allOptions {
        #expect(
          page.contains("Fl -\(option.name)"), "chk.1 lacks --\(option.name) of \(command.name)")
        if let short = option.short {
          #expect(page.contains("Fl \(short) ,"), "chk.1 lacks -\(short) of \(command.name)")
        }
      }
    }
  }

  @Test func exitStatusesAndEnvironmentAreDocumented() throws {
    let page = try Self.page("chk.1")
    for code in [0, 1, 64, 65, 66, 73, 74, 75] { #expect(page.contains(".It \(code)\n")) }
    for variable in ["CHK_FILE", "NO_COLOR", "CHK_SEED", "XDG_STATE_HOME", "CHK_LOCK_TIMEOUT"] {
      #expect(page.contains(".It Ev \(variable)"))
    }
  }

  /// `mandoc -T lint` reports no warnings or errors (style notes such as the
  /// cross-reference to a page that is not installed are not failures). Skipped when
  /// mandoc is not installed; .ci/run installs it.
  @Test func pagesPassMandocLint() throws {
    guard let mandoc = which("mandoc") else {
      try Skips.skip("man pages through mandoc -T lint", because: "no mandoc")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: mandoc)
    process.arguments =
      ["-T", "lint", "-W", "warning"]
      + Self.pages.map {
        TestSupport.packageRoot.appendingPathComponent("man/" + $0).path
      }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "\(output)")
  }

  /// As rendered, no quote opens inside a quote of its own kind: `.Pq Ql a , Ql b`
  /// nests the second quote in the first (‘a, ‘b’’) where separate lines were meant.
  @Test(arguments: pages)
  func renderedQuotesDoNotNest(_ name: String) throws {
    guard let mandoc = which("mandoc") else {
      try Skips.skip("\(name)'s quotes as mandoc renders them", because: "no mandoc")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: mandoc)
    process.arguments = [
      "-T", "utf8", "-O", "width=400",
      TestSupport.packageRoot.appendingPathComponent("man/" + name).path,
    ]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    // Bold and underline are overstrikes: a character, a backspace, a character.
    var text: [Character] = []
    for character in String(decoding: data, as: UTF8.self) {
      if character == "\u{8}" { _ = text.popLast() } else { text.append(character) }
    }
    var nested: [String] = []
    for line in String(text).split(separator: "\n") {
      var single = 0
      var double = 0
      for character in line {
        switch character {
        case "‘": single += 1
        case "’": single -= 1
        case "“": double += 1
        case "”": double -= 1
        default: break
        }
        if single > 1 || double > 1 {
          nested.append(line.trimmingCharacters(in: .whitespaces))
          break
        }
      }
    }
    #expect(nested.isEmpty, "quotes nested in \(name): \(nested)")
  }
}

extension ManPageTests {
  /// `chk install` installs the pages built into the binary: they must be the files,
  /// every one of man/.
  @Test func theBuiltInPagesAreTheFiles() throws {
    let files = try FileManager.default.contentsOfDirectory(
      atPath: TestSupport.packageRoot.appendingPathComponent("man").path
    ).sorted()
    #expect(ManPages.all.map(\.name).sorted() == files, "run Tests/Scripts/embed-man-pages.sh")
    for page in ManPages.all {
      #expect(page.text == (try Self.page(page.name)), "run Tests/Scripts/embed-man-pages.sh")
    }
  }

  /// `chk help format` fits one screen and shows every known tag; `chk help` ends with it.
  @Test func theFormatSummaryFitsOneScreen() throws {
    let lines = Help.format.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count <= 24)
    #expect(lines.allSatisfy { $0.count <= 100 })
    for key in ChecklistTag.Key.known { #expect(Help.format.contains("@\(key.name)(")) }
    let cli = try CLIHarness(files: [:])
    #expect(cli.run("help", "format").output == Help.format)
    #expect(cli.run("help").output.hasSuffix(Help.format))
  }
}

extension ManPageTests {
  /// An mdoc `.It Cm ...` line as plain text: `Cm`, `Ar`, `Fl` words, `Oo`/`Oc` and
  /// `Op` as brackets, `Po`/`Pc` as parentheses, `Ns` joining, `...` attached.
  static func plainSynopsis(_ line: String) -> String {
    var words = line.split(separator: " ").map(String.init)
    if words.first == ".It" { words.removeFirst() }
    var out: [String] = []
    var closeAtEnd = 0
    var joinNext = false
    func append(_ word: String) {
      if joinNext, let last = out.popLast() {
        out.append(last + word)
      } else {
        out.append(word)
      }
      joinNext = false
    }
    var index = 0
    while index < words.count {
      let word = words[index]
      index += 1
      switch word {
      case "Cm", "Ar": continue
      case "Fl":
        guard index < words.count else { continue }
        append("-" + words[index])
        index += 1
      case "Oo":
        append("[")
        joinNext = true
      case "Po":
        append("(")
        joinNext = true
      case "Oc", "Pc":
        if let last = out.popLast() { out.append(last + (word == "Oc" ? "]" : ")")) }
      case "Op":
        append("[")
        joinNext = true
        closeAtEnd += 1
      case "Ns": joinNext = true
      case "...":
        if let last = out.popLast() { out.append(last + "...") }
      default: append(word)
      }
    }
    var text = out.joined(separator: " ")
    text += String(repeating: "]", count: closeAtEnd)
    return text
  }

  /// Each command's usage line (generated from its spec) is the synopsis chk(1) gives it.
  @Test func usageLinesAreTheManPagesSynopses() throws {
    let page = try Self.page("chk.1")
    let items = page.split(separator: "\n").filter { $0.hasPrefix(".It Cm ") }
    for command in Command.all {
      let line = items.first {
        $0.split(separator: " ").dropFirst(2).first.map(String.init) == command.name
      }
      let documented = try #require(line.map { Self.plainSynopsis(String($0)) }, "\(command.name)")
      #expect(documented == command.usage, "chk.1 shows \(documented)")
    }
  }
}
