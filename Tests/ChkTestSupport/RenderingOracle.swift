import Foundation
import Testing

/// GitHub's renderer as a test oracle: `Tests/Helpers/gfm_render.py` run with a Python
/// that has the `cmarkgfm` package (cmark-gfm, as GitHub renders Markdown).
///
/// The Python is `$CHK_ORACLE_PYTHON`, else `python3` when it can import cmarkgfm.
/// `.ci/run` installs the package into a virtual environment and sets
/// `CHK_REQUIRE_ORACLE=1`, so CI always runs the oracle tests; elsewhere they are
/// skipped with a printed notice when the package is missing.
public struct RenderingOracle: Sendable {
  /// Two versions of a document and what may differ between them.
  public struct Case: Encodable, Sendable {
    /// The document before the change.
    public var before: String
    /// The document after the change.
    public var after: String
    /// Items (by their 1-based first line) whose own content may change.
    public var beforeMask: [Int] = []
    /// The same, after the change.
    public var afterMask: [Int] = []
    /// Items removed with everything in them before comparing.
    public var beforeDrop: [Int] = []
    /// The same, after the change.
    public var afterDrop: [Int] = []
    /// Whether lists may turn tight or loose (an item removed or moved out of them).
    public var loose = false
    /// Headings (by line) whose whole section, up to the next top-level heading, is
    /// removed before comparing: everything in it, raw HTML and tables too, which
    /// have no source line of their own.
    public var beforeDropSections: [Int] = []

    /// A case.
    public init(
      before: String, after: String, beforeMask: [Int] = [], afterMask: [Int] = [],
      beforeDrop: [Int] = [], afterDrop: [Int] = [], loose: Bool = false,
      beforeDropSections: [Int] = []
    ) {
      self.before = before
      self.after = after
      self.beforeMask = beforeMask
      self.afterMask = afterMask
      self.beforeDrop = beforeDrop
      self.afterDrop = afterDrop
      self.loose = loose
      self.beforeDropSections = beforeDropSections
    }

    enum CodingKeys: String, CodingKey {
      case before, after, loose
      case beforeMask = "before_mask"
      case afterMask = "after_mask"
      case beforeDrop = "before_drop"
      case afterDrop = "after_drop"
      case beforeDropSections = "before_drop_sections"
    }
  }

  /// Whether the two renderings are the same, with both when they are not.
  public struct Verdict: Decodable, Sendable {
    /// Whether the two normalized renderings are equal.
    public var same: Bool
    /// The normalized HTML before, when they differ.
    public var before: String?
    /// The normalized HTML after, when they differ.
    public var after: String?
  }

  /// What cmark-gfm reads in a document: the lines list items start on, the first
  /// item line of each list with whether it is loose, and the lines ending in a hard
  /// break.
  public struct Facts: Decodable, Sendable, Equatable {
    /// The lines list items start on.
    public var items: [Int]
    /// Each list's first line and 1 when it is loose.
    public var lists: [[Int]]
    /// The lines that end in a hard break.
    public var breaks: [Int]

    /// Facts.
    public init(items: [Int], lists: [[Int]], breaks: [Int]) {
      self.items = items
      self.lists = lists
      self.breaks = breaks
    }
  }

  let python: String
  let script: String

  /// The Python for an oracle that needs `modules` (Python names): `$CHK_ORACLE_PYTHON`,
  /// else `python3`. When it lacks them: a failure where oracles are required (`nil`),
  /// else the test is skipped (`Skips`); `packages` is what to pip-install, for the
  /// notice.
  public static func python(for test: String, modules: [String], packages: String) throws
    -> String?
  {
    var python = "python3"
    if let configured = ProcessInfo.processInfo.environment["CHK_ORACLE_PYTHON"],
      !configured.isEmpty
    {
      python = configured
    }
    let imports = "import " + modules.joined(separator: ", ")
    if run(python, ["-c", imports], input: Data())?.status == 0 { return python }
    try Skips.missing(
      test, "no Python with \(packages)",
      required: isRequired)
    return nil
  }

  /// Whether the environment demands the oracle (CI sets `CHK_REQUIRE_ORACLE=1`).
  public static var isRequired: Bool {
    ProcessInfo.processInfo.environment["CHK_REQUIRE_ORACLE"] == "1"
  }

  /// The oracle, or `nil` when no Python with cmarkgfm is found.
  public static func find() -> RenderingOracle? {
    let script = TestSupport.packageRoot.appendingPathComponent("Tests/Helpers/gfm_render.py").path
    let environment = ProcessInfo.processInfo.environment
    var candidates = ["python3"]
    if let configured = environment["CHK_ORACLE_PYTHON"], !configured.isEmpty {
      candidates = [configured]
    }
    for python in candidates {
      let probe = run(python, ["-c", "import cmarkgfm"], input: Data())
      if probe?.status == 0 { return RenderingOracle(python: python, script: script) }
    }
    return nil
  }

  /// The oracle for a test; when it is missing, a failure where the oracle is required
  /// (`nil`), else the test is skipped (`Skips`).
  public static func forTest(_ name: String) throws -> RenderingOracle? {
    if let oracle = find() { return oracle }
    try Skips.missing(
      name, "no Python with cmarkgfm",
      required: isRequired)
    return nil
  }

  /// Compares each case's two renderings.
  public func compare(_ cases: [Case]) throws -> [Verdict] {
    struct Request: Encodable { var cases: [Case] }
    struct Answer: Decodable { var results: [Verdict] }
    let data = try request(JSONEncoder().encode(Request(cases: cases)), arguments: [])
    return try JSONDecoder().decode(Answer.self, from: data).results
  }

  /// What cmark-gfm reads in each text.
  public func facts(_ texts: [String]) throws -> [Facts] {
    struct Text: Encodable { var text: String }
    struct Request: Encodable { var cases: [Text] }
    struct Answer: Decodable { var results: [Facts] }
    let body = try JSONEncoder().encode(Request(cases: texts.map(Text.init)))
    let data = try request(body, arguments: ["--facts"])
    return try JSONDecoder().decode(Answer.self, from: data).results
  }

  /// The seed for generated documents: `$CHK_ORACLE_SEED`, else `fallback`.
  public static func seed(default fallback: UInt64) -> UInt64 {
    ProcessInfo.processInfo.environment["CHK_ORACLE_SEED"].flatMap { UInt64($0) } ?? fallback
  }

  /// How many documents to generate: `$CHK_ORACLE_COUNT`, else `fallback`.
  public static func count(default fallback: Int) -> Int {
    ProcessInfo.processInfo.environment["CHK_ORACLE_COUNT"].flatMap { Int($0) } ?? fallback
  }

  /// Writes failing cases to `$CHK_ORACLE_DUMP/NAME.txt`, when that is set, to study.
  public static func dump(_ failures: [(Case, Verdict)], name: String) {
    guard let directory = ProcessInfo.processInfo.environment["CHK_ORACLE_DUMP"] else { return }
    var text = ""
    for (testCase, verdict) in failures {
      text += "=== before\n\(testCase.before)\n=== after\n\(testCase.after)\n"
      text += "--- html before\n\(verdict.before ?? "")\n--- html after\n\(verdict.after ?? "")\n\n"
    }
    try? text.write(toFile: directory + "/" + name + ".txt", atomically: true, encoding: .utf8)
  }

  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  private func request(_ body: Data, arguments: [String]) throws -> Data {
    guard let result = Self.run(python, [script] + arguments, input: body), result.status == 0
    else { throw Failure(description: "the rendering oracle failed") }
    return result.output
  }

  /// Runs a program with `input` on standard input (through a file, so a large request
  /// cannot block on a full pipe) and collects standard output.
  public static func run(_ program: String, _ arguments: [String], input: Data) -> (
    status: Int32, output: Data
  )? {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "chk-oracle-" + UUID().uuidString)
    defer { try? FileManager.default.removeItem(at: file) }
    guard (try? input.write(to: file)) != nil, let reader = try? FileHandle(forReadingFrom: file)
    else { return nil }
    defer { try? reader.close() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [program] + arguments
    process.standardInput = reader
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, output)
  }
}
