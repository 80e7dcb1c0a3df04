import ChecklistKit
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Paths and readers shared by the tests.
public enum TestSupport {
  /// The package's root directory.
  public static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// An environment of a test's own for a child process that runs `chk`, with
  /// `LLVM_PROFILE_FILE` passed on when set: under `Tests/Scripts/coverage.sh` the
  /// instrumented binary then writes its profile where it is counted, not into the
  /// directory the test looks at.
  public static func childEnvironment(_ variables: [String: String]) -> [String: String] {
    var variables = variables
    if let file = ProcessInfo.processInfo.environment["LLVM_PROFILE_FILE"] {
      variables["LLVM_PROFILE_FILE"] = file
    }
    return variables
  }

  /// Writes a shell script at `path`, executable. The file is opened close-on-exec and
  /// written in place: a program that another test starts meanwhile would otherwise
  /// inherit a descriptor open for writing on it, and running the script would then
  /// fail with ETXTBSY (what Foundation's atomic write leaves open to).
  public static func writeProgram(_ text: String, to path: String) throws {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
    guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    defer { close(descriptor) }
    let bytes = Array(text.utf8)
    guard write(descriptor, bytes, bytes.count) == bytes.count, fchmod(descriptor, 0o755) == 0
    else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
  }

  /// `Samples/`.
  public static let samplesDirectory = packageRoot.appendingPathComponent("Samples")

  /// The library tests' fixtures.
  public static let fixturesDirectory = packageRoot.appendingPathComponent(
    "Tests/ChecklistKitTests/Fixtures")

  /// Every `Samples/*.md` file name, sorted.
  public static var sampleNames: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: samplesDirectory.path)) ?? []
    return names.filter { $0.hasSuffix(".md") }.sorted()
  }

  /// A sample's bytes.
  public static func sampleBytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: samplesDirectory.appendingPathComponent(name)))
  }

  /// Parses text.
  public static func document(_ text: String) throws -> ChecklistDocument {
    try ChecklistDocument(parsing: Array(text.utf8))
  }

  /// A compact description of every heading and item line, for table tests:
  /// `"3 [x] 'Eggs' @done=2024-01-02 @id=p0qz #'note' ^2"` for an item on line 3 whose
  /// parent is on line 2, `"1 H'Groceries' @icon=cart"` for a heading. Other lines are
  /// not listed.
  public static func describe(_ document: ChecklistDocument) -> [String] {
    func tags(_ tags: [ChecklistTag]) -> String {
      tags.map { " @" + $0.key + ($0.value.map { "=" + $0 } ?? "") }.joined()
    }
    var result: [String] = []
    func add(_ item: ChecklistItem, parent: Int?) {
      let box = item.isChecked ? "[x]" : "[ ]"
      let note = item.note.map { " #'" + $0 + "'" } ?? ""
      let parentText = parent.map { " ^\($0)" } ?? ""
      result.append("\(item.line) \(box) '\(item.name)'\(tags(item.tags))\(note)\(parentText)")
      for child in item.children { add(child, parent: item.line) }
    }
    for list in document.lists {
      if let line = list.line { result.append("\(line) H'\(list.name ?? "")'\(tags(list.tags))") }
      for item in list.items { add(item, parent: nil) }
    }
    return result
  }
}

/// A seeded generator for property tests; failures print the seed.
public struct TestRandom {
  private var generator: SplitMix64
  /// The seed, printed on failure.
  public let seed: UInt64

  /// A generator for a seed.
  public init(seed: UInt64) {
    self.seed = seed
    generator = SplitMix64(seed: seed)
  }

  /// A random value.
  public mutating func int(_ range: ClosedRange<Int>) -> Int {
    Int.random(in: range, using: &generator)
  }

  /// A random value.
  public mutating func chance(_ probability: Double) -> Bool {
    Double.random(in: 0..<1, using: &generator) < probability
  }

  /// A random value.
  public mutating func pick<T>(_ values: [T]) -> T {
    values[int(0...(values.count - 1))]
  }

  /// A random value.
  public mutating func bytes(_ count: Int) -> [UInt8] {
    (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
  }
}

/// The IDs a seeded generator gives, in order, in a file with few IDs.
public func generatedIDs(seed: UInt64 = 7, count: Int) -> [String] {
  var generator = IDGenerator.seeded(seed)
  var ids: [String] = []
  var used = IDSet()
  for _ in 0..<count {
    let id = generator.makeID(avoiding: used)
    used.insert(id)
    ids.append(id)
  }
  return ids
}
