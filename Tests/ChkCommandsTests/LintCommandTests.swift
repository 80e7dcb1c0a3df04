import ChkTestSupport
import Foundation
import Testing

@testable import ChecklistKit
@testable import ChkCommands
@testable import ChkWorkspace

@Suite("CLI: lint")
struct LintCommandTests {
  static let messy =
    "## L\n- [ ]  @x\n- [ ] a  @id(x1)\n- [ ] b  @id(x1)\n- [] near\n- [ ] Pay @due(2024-04-01)\n"

  @Test func gnuFormatAndExitStatus() throws {
    let cli = try CLIHarness(files: ["CHECKLIST.md": Self.messy])
    let result = cli.run("lint")
    #expect(result.status == .failure)
    #expect(
      result.output == """
        CHECKLIST.md:2:3: error: item has tags or a note but no name; give it a name [empty-name]
        CHECKLIST.md:4:10: error: duplicate ID 'x1' (first used on line 3); give this copy a new ID with 'chk lint --fix' [duplicate-id]
        CHECKLIST.md:5:3: warning: '[]' is not a checkbox, so this line is not an item; write '[ ]' or '[x]' [malformed-checkbox]
        CHECKLIST.md:6:11: warning: '@due(2024-04-01)' is part of the name (one blank before it); put two spaces before it to make it a tag [tag-in-name]

        """)
  }

  /// A file with more findings than `chk lint` holds (32,768) is linted again as it is
  /// written: the gnu report has the findings the JSON report (made whole) has, in the
  /// same order, inline comments applied, and the same exit status with and without
  /// `--strict`.
  @Test func aFileWithTooManyFindingsToHoldIsReportedWhole() throws {
    var file = ""
    for list in 0..<40 {
      file += "## List \(list)\n"
      if list == 0 { file += "<!-- chk-disable-next-line tag-in-name -->\n" }
      for item in 0..<1_000 {
        file += "- [ ] item \(item) @due(2024-01-01)  @id(k\(list)x\(item))\n"
      }
    }
    file += "- [ ] again  @id(k0x0)\n"
    let cli = try CLIHarness(files: ["CHECKLIST.md": file])
    let gnu = cli.run("lint")
    let json = cli.run("lint", "--format", "json")
    let entries = try #require(
      try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [[String: Any]])
    let lines = gnu.output.split(separator: "\n")
    #expect(entries.count == 40_000 && lines.count == entries.count)
    for (line, entry) in zip(lines, entries) {
      let place = "CHECKLIST.md:\(entry["line"] as? Int ?? 0):\(entry["column"] as? Int ?? 0):"
      let rule = "[\(entry["rule"] as? String ?? "")]"
      #expect(line.hasPrefix(place) && line.hasSuffix(rule), "\(line)")
    }
    #expect(lines.last?.hasSuffix("[duplicate-id]") == true)
    #expect(gnu.status == .failure && json.status == .failure)
    try cli.write(
      "CHECKLIST.md", file.replacingOccurrences(of: "- [ ] again  @id(k0x0)\n", with: ""))
    #expect(cli.run("lint").status == .success)
    #expect(cli.run("lint", "--strict").status == .failure)
  }

  @Test func gluedTagsAreNotToldToAddABlankThatIsThere() throws {
    let line = "- [ ] k  @due(2024-01-01)@id(zz)\n"
    let cli = try CLIHarness(files: ["CHECKLIST.md": line])
    #expect(
      cli.run("lint").output
        == "CHECKLIST.md:1:10: warning: '@due(2024-01-01)@id(zz)' is part of the name: a tag ends "
        + "at a blank; put two spaces before each tag [tag-in-name]\n")
    #expect(cli.run("lint", "--fix").status == .success)
    #expect(try cli.read("CHECKLIST.md") == line)
  }

  @Test func warningsPassUnlessStrict() throws {
    let cli = try CLIHarness(files: ["CHECKLIST.md": "- [] near\n"])
    #expect(cli.run("lint").status == .success)
    #expect(cli.run("lint", "--strict").status == .failure)
    try cli.write("CHECKLIST.md", "- [ ] fine  @id(a1)\n")
    let clean = cli.run("lint", "--strict")
    #expect(clean.status == .success)
    #expect(clean.output.isEmpty)
  }

  @Test func rulesCanBeConfiguredOnTheCommandLine() throws {
    let cli = try CLIHarness(files: ["CHECKLIST.md": "- [ ] a\n- [ ] b  @due(2024-03-01)\n"])
    #expect(cli.run("lint").output.isEmpty)
    let enabled = cli.run("lint", "--enable", "missing-id", "--enable", "overdue")
    #expect(enabled.output.components(separatedBy: "[missing-id]").count == 3)
    #expect(enabled.output.contains("'b' was due on 2024-03-01 [overdue]"))
    #expect(enabled.status == .success)
    let severe = cli.run("lint", "--severity", "missing-id=error")
    #expect(severe.status == .failure)
    #expect(cli.run("lint", "--enable", "overdue", "--today", "2024-02-01").output.isEmpty)
    let openItems = cli.run("lint", "--enable", "open-item", "--disable", "open-item")
    #expect(openItems.output.isEmpty)
    let unknown = cli.run("lint", "--enable", "nope")
    #expect(unknown.status == .usage)
    #expect(unknown.errors.hasPrefix("chk: unknown rule 'nope'; the rules are empty-name, "))
    #expect(cli.run("lint", "--severity", "missing-id").status == .usage)
    #expect(cli.run("lint", "--format", "xml").status == .usage)
  }

  @Test func configurationFileIsFoundUpward() throws {
    let cli = try CLIHarness()
    try FileManager.default.createDirectory(
      atPath: cli.directory.path + "/project/docs", withIntermediateDirectories: true)
    try cli.write("project/.chk.json", #"{"rules": {"missing-id": "error", "empty-name": "off"}}"#)
    try cli.write("project/docs/list.md", "- [ ] a\n- [ ]  # note\n")
    let result = cli.run("lint", "project/docs/list.md")
    #expect(result.status == .failure)
    #expect(
      result.output
        == "project/docs/list.md:1:3: error: 'a' has no ID; give it one with 'chk lint --fix' [missing-id]\nproject/docs/list.md:2:3: error: '' has no ID; give it one with 'chk lint --fix' [missing-id]\n"
    )
    #expect(
      cli.run("lint", "project/docs/list.md", "--severity", "missing-id=off").status == .success)
    try cli.write("project/.chk.json", #"{"rules": {"missing-id": "loud"}}"#)
    let bad = cli.run("lint", "project/docs/list.md")
    #expect(bad.status == .usage)
    #expect(
      bad.errors.contains(
        "project/.chk.json: rule 'missing-id' must be \"error\", \"warning\" or \"off\""))
    try cli.write("project/.chk.json", "{")
    #expect(cli.run("lint", "project/docs/list.md").errors.contains("not valid JSON"))
  }

  @Test func inlineCommentsTurnRulesOff() throws {
    let cli = try CLIHarness(files: [
      "CHECKLIST.md": "<!-- chk-disable-next-line empty-name -->\n- [ ]  @x\n"
    ])
    #expect(cli.run("lint").status == .success)
  }

  @Test func fixWritesAndReportsWhatRemains() throws {
    let cli = try CLIHarness(files: ["CHECKLIST.md": Self.messy])
    let result = cli.run("lint", "--fix")
    let id = CLIHarness.seededIDs(1)[0]
    #expect(result.status == .failure)
    #expect(result.errors == "chk: fixed 2 findings\n")
    #expect(result.output.contains("[empty-name]"))
    #expect(!result.output.contains("[duplicate-id]"))
    #expect(!result.output.contains("[tag-in-name]"))
    let text = try cli.read("CHECKLIST.md")
    #expect(
      text
        == "## L\n- [ ]  @x\n- [ ] a  @id(x1)\n- [ ] b  @id(\(id))\n- [] near\n- [ ] Pay  @due(2024-04-01)\n"
    )
  }

  @Test func jsonFormat() throws {
    let cli = try CLIHarness(files: ["CHECKLIST.md": Self.messy])
    let result = cli.run("lint", "--format", "json")
    let array = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
    #expect(array.count == 4)
    let first = array[0]
    #expect(
      Set(first.keys) == [
        "file", "line", "column", "endLine", "endColumn", "rule", "severity", "message", "fixable",
      ])
    #expect(first["file"] as? String == "CHECKLIST.md")
    #expect(first["rule"] as? String == "empty-name")
    #expect(first["severity"] as? String == "error")
    #expect(first["fixable"] as? Bool == false)
    #expect(array[1]["fixable"] as? Bool == true)
    #expect(array[1]["endColumn"] as? Int == 17)
  }

  /// A file name and item names full of `%`, CR, LF, `::` and `,` cannot forge a second
  /// workflow command: each finding is exactly one line.
  @Test func githubFormatCannotBeInjected() throws {
    let cli = try CLIHarness()
    let name = "we%ird\n::error file=x::pwned,\r.md"
    try cli.write(name, "- [ ] 100% :: done, ok\n- [ ] 100% :: done, ok\n- [ ]  @x\n")
    let result = cli.run("lint", name, "--format", "github", "--enable", "duplicate-name")
    let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(lines.count == 2)
    for line in lines {
      #expect(line.hasPrefix("::warning ") || line.hasPrefix("::error "))
      #expect(!line.contains("\r"))
      #expect(line.contains("file=we%25ird%0A%3A%3Aerror file=x%3A%3Apwned%2C%0D.md,line="))
      // The properties end at the first "::"; none of them may hold a raw ':' or ','.
      let body = line.dropFirst(2)
      let properties = try #require(body.range(of: "::")).lowerBound
      let propertyText = body[..<properties].drop { $0 != " " }
      #expect(!propertyText.contains(":"))
      #expect(propertyText.split(separator: ",").count == 6)
    }
    #expect(
      lines[0].hasSuffix(
        "::another item before the first heading is named '100% :: done, ok' (line 1)"
          .replacingOccurrences(of: "%", with: "%25")))
  }

  @Test func sarifHasTheRequiredStructure() throws {
    let cli = try CLIHarness(files: ["d i r.md": "- [ ] 日本 [x]\n- [ ] Pay @due(2024-04-01)\n"])
    let result = cli.run("lint", "d i r.md", "--format", "sarif")
    let log = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    #expect(log["version"] as? String == "2.1.0")
    #expect(log["$schema"] as? String == "https://json.schemastore.org/sarif-2.1.0.json")
    let runs = try #require(log["runs"] as? [[String: Any]])
    #expect(runs.count == 1)
    let run = runs[0]
    #expect(run["columnKind"] as? String == "utf16CodeUnits")
    let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
    #expect(driver["name"] as? String == "chk")
    let rules = try #require(driver["rules"] as? [[String: Any]])
    #expect(
      rules.map { $0["id"] as? String }
        == (LintRule.all.map(\.name) + ["invalid-utf8"]).map { Optional($0) })
    for rule in rules {
      #expect(((rule["shortDescription"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
      let level = (rule["defaultConfiguration"] as? [String: Any])?["level"] as? String
      #expect(["none", "note", "warning", "error"].contains(level ?? ""))
      // A rule's default level is its default severity; one off by default is a
      // warning when enabled.
      guard let name = rule["id"] as? String, let known = LintRule.named(name) else { continue }
      let expected = known.defaultSeverity == .off ? "warning" : known.defaultSeverity.rawValue
      #expect(level == expected, "\(name)")
      let enabled = (rule["defaultConfiguration"] as? [String: Any])?["enabled"] as? Bool
      #expect(enabled == (known.defaultSeverity != .off), "\(name)")
    }
    let results = try #require(run["results"] as? [[String: Any]])
    #expect(results.count == 2)
    let allowedResultKeys: Set<String> = ["ruleId", "ruleIndex", "level", "message", "locations"]
    for entry in results {
      #expect(Set(entry.keys).isSubset(of: allowedResultKeys))
      let index = try #require(entry["ruleIndex"] as? Int)
      #expect(rules[index]["id"] as? String == entry["ruleId"] as? String)
      #expect(((entry["message"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
      let location = try #require(
        (entry["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
      #expect((location["artifactLocation"] as? [String: Any])?["uri"] as? String == "d%20i%20r.md")
      let region = try #require(location["region"] as? [String: Any])
      for key in ["startLine", "startColumn", "endLine", "endColumn"] {
        #expect((region[key] as? Int ?? 0) >= 1)
      }
    }
    // "日本 " is 7 bytes but 3 UTF-16 code units: [x] starts at byte column 14, UTF-16 column 10.
    let checkbox = try #require(results.first { $0["ruleId"] as? String == "checkbox-in-text" })
    let region =
      ((checkbox["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?[
        "region"] as? [String: Any]
    #expect(region?["startColumn"] as? Int == 10)
    #expect(region?["endColumn"] as? Int == 13)
    // Each result's level is its finding's severity (killed the mutant `sarif-level`).
    #expect(checkbox["level"] as? String == "warning")
  }

  @Test func sarifLevelsFollowSeverities() throws {
    let cli = try CLIHarness(files: ["x.md": "- [ ] a  @id(a)\n- [ ] b  @id(a)\n- [ ] c [x]\n"])
    let result = cli.run("lint", "x.md", "--format", "sarif")
    let log = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let results = try #require(
      (log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]])
    let levels = Dictionary(
      results.map { ($0["ruleId"] as? String ?? "", $0["level"] as? String ?? "") },
      uniquingKeysWith: { first, _ in first })
    #expect(levels == ["duplicate-id": "error", "checkbox-in-text": "warning"])
  }

  @Test func manyFilesAreLintedInOrderAndBadFilesReported() throws {
    let cli = try CLIHarness()
    try FileManager.default.createDirectory(
      atPath: cli.directory.path + "/lists/.hidden", withIntermediateDirectories: true)
    for index in 0..<12 {
      try cli.write("lists/f\(index < 10 ? "0" : "")\(index).md", "- [ ]  @due(2024-01-02)\n")
    }
    try cli.write("lists/prose.md", "no items here\n##\n")
    try cli.write("lists/.hidden/x.md", "- [ ]\n")
    try cli.write("lists/notes.txt", "- [ ]\n")
    try Data([0x2D, 0x20, 0x5B, 0x20, 0x5D, 0x20, 0xC3, 0x0A]).write(
      to: URL(fileURLWithPath: cli.directory.path + "/lists/zz.md"))
    let result = cli.run("lint", "lists", "missing.md")
    let lines = result.output.split(separator: "\n").map(String.init)
    #expect(lines.count == 13)
    #expect(
      lines.first
        == "lists/f00.md:1:3: error: item has tags or a note but no name; give it a name [empty-name]"
    )
    #expect(lines[11].hasPrefix("lists/f11.md:"))
    #expect(lines[12].hasPrefix("lists/zz.md:1:7: error: invalid UTF-8 at byte 6"))
    // Every gnu line names its rule, as json and github do.
    #expect(lines[12].hasSuffix(" [invalid-utf8]"))
    #expect(
      result.errors
        == "chk: missing.md: no such file; check the path, or create it with 'chk init'\n")
    #expect(result.status == .noInput)
    #expect(cli.run("lint", "lists").status == .dataError)
    #expect(cli.run("lint", "lists/prose.md").output.contains("[empty-name]"))
  }
}
