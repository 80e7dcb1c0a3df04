import Foundation
import Testing

@testable import ChecklistKit

/// Paths and readers shared by the tests.
enum TestSupport {
  /// The package's root directory.
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  static let samplesDirectory = packageRoot.appendingPathComponent("Samples")

  static let fixturesDirectory = packageRoot.appendingPathComponent(
    "Tests/ChecklistKitTests/Fixtures")

  /// Every `Samples/*.md` file name, sorted.
  static var sampleNames: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: samplesDirectory.path)) ?? []
    return names.filter { $0.hasSuffix(".md") }.sorted()
  }

  static func sampleBytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: samplesDirectory.appendingPathComponent(name)))
  }

  static func document(_ text: String) throws -> ChecklistDocument {
    try ChecklistDocument(parsing: Array(text.utf8))
  }

  /// A compact description of every heading and item line, for table tests:
  /// `"3 [x] 'Eggs' @done=2024-01-02 @id=p0qz #'note' ^2"` for an item on line 3 whose
  /// parent is on line 2, `"1 H'Groceries' @icon=cart"` for a heading. Other lines are
  /// not listed.
  static func describe(_ document: ChecklistDocument) -> [String] {
    var result: [String] = []
    var open: [(line: Int, last: Int)] = []
    document.bytes.withUnsafeBufferPointer { buffer in
      for (index, record) in document.lines.enumerated() {
        let tags = ChecklistDocument.tags(record, in: buffer).map { tag in
          " @" + tag.key + (tag.value.map { "=" + $0 } ?? "")
        }.joined()
        let name = ChecklistDocument.decodedName(
          buffer, ChecklistDocument.nameRange(record, in: buffer))
        switch record.kind {
        case .heading:
          open = []
          result.append("\(index + 1) H'\(name)'\(tags)")
        case .item:
          while let top = open.last, top.last < index { open.removeLast() }
          let box = record.isChecked ? "[x]" : "[ ]"
          let note =
            ChecklistDocument.noteRange(record, in: buffer).map {
              " #'" + ChecklistDocument.string(buffer, $0) + "'"
            } ?? ""
          let parent = open.last.map { " ^\($0.line + 1)" } ?? ""
          result.append("\(index + 1) \(box) '\(name)'\(tags)\(note)\(parent)")
          open.append((index, Int(record.last)))
        default:
          break
        }
      }
    }
    return result
  }
}

/// A seeded generator for property tests; failures print the seed.
struct TestRandom {
  private var generator: SplitMix64
  let seed: UInt64

  init(seed: UInt64) {
    self.seed = seed
    generator = SplitMix64(seed: seed)
  }

  mutating func int(_ range: ClosedRange<Int>) -> Int {
    Int.random(in: range, using: &generator)
  }

  mutating func chance(_ probability: Double) -> Bool {
    Double.random(in: 0..<1, using: &generator) < probability
  }

  mutating func pick<T>(_ values: [T]) -> T {
    values[int(0...(values.count - 1))]
  }

  mutating func bytes(_ count: Int) -> [UInt8] {
    (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
  }
}
