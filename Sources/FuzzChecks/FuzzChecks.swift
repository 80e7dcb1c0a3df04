import ChecklistKit
import ChkCommands
import ChkWorkspace

/// The properties `chk-fuzz` checks on every input, and the tests check on every seed
/// and regression input.
///
/// For any bytes: nothing crashes or hangs. When they are valid UTF-8: parsing and
/// serializing gives them back; formatting is idempotent and keeps the meaning; lint
/// (every rule) runs and its fixes leave a document that parses to the same records;
/// every edit on the parsed document either succeeds, leaving records equal to a fresh
/// parse of its bytes, or throws an `EditError`; merging with itself changes nothing,
/// and merging in the formatted version gives it back; `list --json`, `lint --format
/// json` and `--format sarif` print valid JSON. When they are not: parsing throws
/// `invalidUTF8` (and the standard library agrees) and `chk lint` exits 65.
package enum FuzzChecks {
  /// The first property the input breaks, described; `nil` when it keeps them all.
  ///
  /// - Parameter scratch: a directory for the file `list --json` reads; without one,
  ///   that check is skipped.
  package static func violation(in bytes: [UInt8], scratch: String?) -> String? {
    let isValid = String(validating: bytes, as: UTF8.self) != nil
    let document: ChecklistDocument
    do throws(ParseError) {
      document = try ChecklistDocument(parsing: bytes)
    } catch {
      guard case .invalidUTF8 = error, !isValid else {
        return "parse failed on valid input: \(error)"
      }
      let lint = cli(["lint", "-"], input: bytes)
      return lint.status == 65 ? nil : "lint of invalid UTF-8 exited \(lint.status), not 65"
    }
    guard isValid else { return "invalid UTF-8 parsed" }
    guard document.serialized() == bytes else { return "serialize differs from the input" }
    if let problem = reparseProblem(document, "the parse") { return problem }
    if let problem = formatProblem(document) { return problem }
    if let problem = lintProblem(document) { return problem }
    if let problem = editProblem(document) { return problem }
    if let problem = mergeProblem(document) { return problem }
    return jsonProblem(bytes, scratch: scratch)
  }

  /// A difference between a document's records and a fresh parse of its bytes.
  private static func reparseProblem(_ document: ChecklistDocument, _ what: String) -> String? {
    guard let fresh = try? ChecklistDocument(parsing: document.serialized()) else {
      return "\(what) left bytes that do not parse"
    }
    return fresh.lines == document.lines
      ? nil : "\(what) left records that differ from a fresh parse"
  }

  private static func formatProblem(_ document: ChecklistDocument) -> String? {
    let once = ChecklistFormatter().format(document)
    guard let parsed = try? ChecklistDocument(parsing: once) else {
      return "fmt output does not parse"
    }
    guard ChecklistFormatter().format(parsed) == once else { return "fmt is not idempotent" }
    guard parsed.meaning == document.meaning else { return "fmt changed the meaning" }
    return nil
  }

  static let today = CalendarDay(year: 2024, month: 6, day: 15) ?? .today()

  private static func lintProblem(_ document: ChecklistDocument) -> String? {
    var configuration = LintConfiguration(today: today)
    for rule in LintRule.all { configuration.enable(rule) }
    let linter = ChecklistLinter(configuration: configuration)
    _ = linter.lint(document)
    var fixed = document
    fixed.idGenerator = .seeded(7)
    do throws(EditError) {
      _ = try linter.fix(&fixed)
    } catch {
      return nil
    }
    return reparseProblem(fixed, "lint --fix")
  }

  /// Every edit, on a few items and lists; each must succeed and keep the records
  /// right, or throw an `EditError` (typed throws make anything else impossible).
  private static func editProblem(_ document: ChecklistDocument) -> String? {
    let itemLines = document.lines.indices.filter { document.lines[$0].kind == .item }
    let picks = Set([
      itemLines.first, itemLines.last, itemLines.isEmpty ? nil : itemLines[itemLines.count / 2],
    ])
    .compactMap { $0 }.sorted()
    let day = CalendarDay(year: 2024, month: 2, day: 29)
    typealias Edit = (String, (inout ChecklistDocument) throws(EditError) -> Void)
    var edits: [Edit] = []
    for line in picks {
      let item = ItemReference.line(line + 1)
      let other = ItemReference.line((itemLines.first ?? line) + 1)
      edits += [
        ("check", { document throws(EditError) in try document.check(item, on: day) }),
        ("uncheck", { document throws(EditError) in try document.uncheck(item) }),
        ("toggle", { document throws(EditError) in _ = try document.toggle(item, on: nil) }),
        (
          "rename", { document throws(EditError) in try document.rename(item, to: "new @name # x") }
        ),
        ("note", { document throws(EditError) in try document.setNote("a (note) \\ #", of: item) }),
        ("no note", { document throws(EditError) in try document.setNote(nil, of: item) }),
        ("due", { document throws(EditError) in try document.setDueDate(day, of: item) }),
        ("no done", { document throws(EditError) in try document.setDoneDate(nil, of: item) }),
        ("id", { document throws(EditError) in _ = try document.assignID(to: item) }),
        ("delete", { document throws(EditError) in try document.deleteItem(item) }),
        (
          "add after",
          { document throws(EditError) in try document.addItem(named: "added", at: .after(item)) }
        ),
        (
          "add under",
          { document throws(EditError) in try document.addItem(named: "child", at: .under(item)) }
        ),
        (
          "move after",
          { document throws(EditError) in try document.moveItem(item, to: .after(other)) }
        ),
        (
          "move under",
          { document throws(EditError) in try document.moveItem(item, to: .under(other)) }
        ),
        (
          "move top",
          { document throws(EditError) in try document.moveItem(item, to: .start(of: .unnamed)) }
        ),
      ]
    }
    let firstList = document.lists.first { $0.name != nil }?.name
    edits += [
      (
        "add list",
        { document throws(EditError) in try document.addList(named: "Fuzz list", icon: "x") }
      ),
      (
        "add at end",
        { document throws(EditError) in try document.addItem(named: "last", at: .end(of: .unnamed))
        }
      ),
      ("all ids", { document throws(EditError) in _ = try document.assignMissingIDs() }),
    ]
    if let firstList {
      edits += [
        (
          "rename list",
          { document throws(EditError) in try document.renameList(.name(firstList), to: "Renamed") }
        ),
        (
          "icon",
          { document throws(EditError) in try document.setIcon("cart", of: .name(firstList)) }
        ),
        (
          "delete list", { document throws(EditError) in try document.deleteList(.name(firstList)) }
        ),
      ]
    }
    for (name, edit) in edits {
      var copy = document
      copy.idGenerator = .seeded(11)
      do throws(EditError) {
        try edit(&copy)
      } catch {
        continue
      }
      if let problem = reparseProblem(copy, name) { return problem }
    }
    return nil
  }

  private static func mergeProblem(_ document: ChecklistDocument) -> String? {
    let bytes = document.serialized()
    let same = ChecklistMerge.merge(base: bytes, ours: bytes, theirs: bytes)
    guard same.conflicts == 0, same.bytes == bytes else {
      return "merging a file with itself changed it"
    }
    let formatted = ChecklistFormatter().format(document)
    let ours = ChecklistMerge.merge(base: bytes, ours: formatted, theirs: bytes)
    guard ours.conflicts == 0, ours.bytes == formatted else {
      return "merging in the formatted version (theirs unchanged) did not give it back"
    }
    let theirs = ChecklistMerge.merge(base: bytes, ours: bytes, theirs: formatted)
    guard theirs.conflicts == 0, (try? ChecklistDocument(parsing: theirs.bytes)) != nil else {
      return "merging in the formatted version as theirs conflicted"
    }
    return nil
  }

  private static func jsonProblem(_ bytes: [UInt8], scratch: String?) -> String? {
    for format in ["json", "sarif"] {
      let run = cli(
        ["lint", "--format", format, "--strict", "--today", "2024-06-15", "-"], input: bytes)
      guard (try? JSONValue.parse(run.output)) != nil else {
        return "lint --format \(format) is not JSON"
      }
    }
    guard let path = scratchFile(bytes, named: "fuzz-input.md", in: scratch) else { return nil }
    let list = cli(["list", "--json", "-f", path], input: [])
    guard list.status == 0 else { return "list --json exited \(list.status)" }
    return (try? JSONValue.parse(list.output)) != nil ? nil : "list --json is not JSON"
  }

  /// Runs `chk` in this process.
  static func cli(
    _ arguments: [String], input: [UInt8], variables: [String: String] = [:],
    now: LocalMoment? = nil
  ) -> (status: Int32, output: [UInt8]) {
    let output = ByteOutput()
    let errors = ByteOutput()
    var environment = ChkEnvironment(
      variables: ["CHK_SEED": "1", "NO_COLOR": "1"].merging(variables) { $1 },
      currentDirectory: "/", today: today, readStandardInput: { input })
    if let now { environment.now = now }
    let status = ChkTool.run(arguments, environment: environment, output: output, errors: errors)
    return (status.code, output.bytes)
  }
}
