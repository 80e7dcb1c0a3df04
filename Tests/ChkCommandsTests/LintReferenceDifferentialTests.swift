import ChkTestSupport
import Foundation
import Testing

@testable import ChkCommands

/// The lint rules against a reference written in Python from the man pages
/// (`Tests/Helpers/lint_reference.py`), with GitHub's renderer deciding which lines are
/// items: each rule's trigger and near misses, under every list marker (`-` `*` `+`
/// `1.` `1)`), at every nesting depth up to 3 below the top, at the top, in a block
/// quote, under a plain list item and inside HTML (with blank lines, where Markdown is
/// read, and without, where it is not). Every finding of the reference's rules must be
/// chk's, and every one of chk's the reference's.
@Suite("Lint rules against a reference from the man pages")
struct LintReferenceDifferentialTests {
  /// (box, text after the box) of each trigger and near miss.
  static let bodies: [(String, String)] = [
    ("[ ]", " @id(k3f9)"), ("[ ]", "a  @id(k3f9)"),
    ("[ ]", "a  @id(bad id)"), ("[ ]", "a  @id(good_id-1)"),
    ("[x]", "a  @done(2024-02-30)"), ("[x]", "a  @done(2024-02-29)"),
    ("[ ]", "a  @due(2024-06-01 24:00)"), ("[ ]", "a  @due(2024-06-01 23:59)"),
    ("[ ]", "a  @due(2024-06-10)  @due(2024-06-11)"), ("[ ]", "a  @due(2024-06-10)  @x(1)  @x(2)"),
    ("[ ]", "a  @done(2024-01-02)"), ("[x]", "a  @done(2024-01-02)"),
    ("[ ]", "Pay rent @due(2024-07-01)"), ("[ ]", "Work @home"),
    ("[ ]", "mail@due(2024-07-01) now"),
    ("[ ]", "see [x] below"), ("[x]", "see [x] below"), ("[ ]", #"see [x\] below"#),
    ("[ ]", "a  @due(2024-07-01)  @every(fortnight)"), ("[ ]", "a  @every(week)"),
    ("[ ]", "a  @due(2024-07-01)  @every(2 weeks from done)"),
    ("[ ]", "a  @due(2024-07-01)  @remind(soon)"), ("[ ]", "a  @remind(09:00)"),
    ("[ ]", "a  @due(2024-07-01 10:00)  @remind(30 minutes before)"),
    ("[ ]", "b  @id(dup1)"), ("[ ]", "b  @id(dup2)"),
    ("[ ]", "a  @due(2024-06-02)"), ("[ ]", "a  @due(2024-06-03)"), ("[x]", "a  @due(2024-06-02)"),
    ("[X]", "a  # a note"), ("[ ]", "C# docs  #12"),
  ]
  static let markers = ["-", "*", "+", "1.", "1)"]
  static let contexts = ["top", "quote", "plain", "html", "raw-html"]

  /// A file: an item with the ID `dup1`, then the body at `depth` under items of the
  /// same marker, in `context`.
  static func file(_ body: (String, String), marker: String, depth: Int, context: String)
    -> String
  {
    var lines: [String] = []
    var indent = ""
    for level in 0...depth {
      let text = level == depth ? body.0 + " " + body.1 : "[ ] parent \(level)"
      lines.append(indent + marker + " " + text)
      indent += String(repeating: " ", count: marker.count + 1)
    }
    switch context {
    case "quote": lines = lines.map { "> " + $0 }
    case "plain": lines = ["- plain"] + lines.map { "  " + $0 }
    case "html": lines = ["<div>", ""] + lines + ["", "</div>"]
    case "raw-html": lines = ["<div>"] + lines + ["</div>"]
    default: break
    }
    return "- [ ] first  @id(dup1)\n\n" + lines.joined(separator: "\n") + "\n"
  }

  @Test func findingsAreTheReferences() throws {
    guard let oracle = try LSPSchemaOracle.forTest("lint reference") else { return }
    guard oracle.has("cmarkgfm") else {
      Issue.record("the lint reference needs cmarkgfm beside lsprotocol")
      return
    }
    let cli = try CLIHarness()
    var files: [String: String] = [:]
    for (index, body) in Self.bodies.enumerated() {
      for (markerIndex, marker) in Self.markers.enumerated() {
        for depth in 0...3 {
          for context in Self.contexts {
            files["all/b\(index)-m\(markerIndex)-\(depth)-\(context).md"] = Self.file(
              body, marker: marker, depth: depth, context: context)
          }
        }
      }
    }
    try FileManager.default.createDirectory(
      atPath: cli.directory.path + "/all", withIntermediateDirectories: true)
    for (name, text) in files { try cli.write(name, text) }
    guard
      let output = oracle.runHelper(
        "lint_reference.py",
        input: try JSONSerialization.data(withJSONObject: ["files": files, "today": "2024-06-03"]))
    else {
      Issue.record("lint_reference.py failed")
      return
    }
    struct Answer: Decodable {
      var rules: [String]
      var findings: [String: [[JSONScalar]]]
    }
    let answer = try JSONDecoder().decode(Answer.self, from: output)
    var expected: Set<String> = []
    for (name, findings) in answer.findings {
      for finding in findings { expected.insert("\(name):\(finding[0].text) \(finding[1].text)") }
    }
    let result = cli.run(
      "lint", "all", "--format", "json", "--today", "2024-06-03", "--enable", "missing-id",
      "--enable", "overdue", "--enable", "open-item")
    struct Finding: Decodable {
      var file: String
      var line: Int
      var rule: String
    }
    let ours = try JSONDecoder().decode([Finding].self, from: Data(result.output.utf8))
    let actual = Set(
      ours.filter { answer.rules.contains($0.rule) }.map { "\($0.file):\($0.line) \($0.rule)" })
    #expect(files.count == Self.bodies.count * 100)
    #expect(expected.count > 1000)
    let missing = expected.subtracting(actual).sorted()
    let extra = actual.subtracting(expected).sorted()
    #expect(
      missing.isEmpty, "\(missing.count) the reference finds and chk not: \(missing.prefix(8))")
    #expect(extra.isEmpty, "\(extra.count) chk finds and the reference not: \(extra.prefix(8))")
  }
}

/// A number or a string in a JSON array.
struct JSONScalar: Decodable {
  var text: String
  init(from decoder: Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let number = try? container.decode(Int.self) {
      text = String(number)
    } else {
      text = try container.decode(String.self)
    }
  }
}
