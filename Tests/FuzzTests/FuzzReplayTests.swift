import ChkTestSupport
import Foundation
import FuzzChecks
import Testing

/// The fuzzer's properties, checked on the committed seeds and on every input the
/// fuzzer ever broke (Tests/Fuzz/regressions): what `chk-fuzz` checks, without
/// libFuzzer.
@Suite("Fuzz seeds and regressions")
struct FuzzReplayTests {
  static let fuzzDirectory = TestSupport.packageRoot.appendingPathComponent("Tests/Fuzz")

  static func inputs(_ folder: String) throws -> [URL] {
    let directory = fuzzDirectory.appendingPathComponent(folder)
    return try FileManager.default.contentsOfDirectory(
      at: directory, includingPropertiesForKeys: nil
    ).filter { !$0.lastPathComponent.hasPrefix(".") }.sorted { $0.path < $1.path }
  }

  /// The undo-record, directory-walk, language-server, configuration, terminal UI,
  /// export and remind targets, on their seeds and regressions.
  @Test(arguments: [FuzzChecks.Target.undo, .walk, .lsp, .config, .tui, .export, .remind])
  func otherTargetsKeepTheirProperties(_ target: FuzzChecks.Target) throws {
    let scratch = try TemporaryDirectory()
    let seeds = try Self.inputs(target.rawValue + "-seeds")
    #expect(seeds.count >= 3)
    for file in seeds + (try Self.inputs(target.rawValue + "-regressions")) {
      let bytes = [UInt8](try Data(contentsOf: file))
      #expect(
        target.violation(in: bytes, scratch: scratch.path) == nil, "\(file.lastPathComponent)")
    }
  }

  /// Random inputs for the undo, walk and language-server targets, as a short fuzz run
  /// without libFuzzer.
  @Test func randomInputsKeepTheUndoAndWalkProperties() throws {
    let scratch = try TemporaryDirectory()
    var random = TestRandom(seed: 99)
    let seeds = try Self.inputs("undo-seeds").map { [UInt8](try Data(contentsOf: $0)) }
    let lspSeeds = try Self.inputs("lsp-seeds").map { [UInt8](try Data(contentsOf: $0)) }
    let lspTokens = [
      "\r\n", "\u{1F600}", "\\ud83d", "\"line\":", "99999999999", "-1", "null", "{", "]", "\r",
      "Content-Length: 3\r\n\r\n",
    ].map { Array($0.utf8) }
    for trial in 0..<400 {
      var record = random.pick(seeds)
      for _ in 0..<random.int(1...4) where !record.isEmpty {
        let position = random.int(0...(record.count - 1))
        if random.int(0...1) == 0 {
          record[position] = random.pick(Array("0123456789- \n-".utf8))
        } else {
          record.insert(contentsOf: Array(String(random.int(0...Int.max)).utf8), at: position)
        }
      }
      #expect(FuzzChecks.Target.undo.violation(in: record, scratch: nil) == nil, "undo \(trial)")
      // The language server, on a seed stream with bytes changed, cut or inserted.
      var stream = random.pick(lspSeeds)
      for _ in 0..<random.int(1...6) where !stream.isEmpty {
        let position = random.int(0...(stream.count - 1))
        switch random.int(0...2) {
        case 0: stream[position] = UInt8(random.int(0...255))
        case 1: stream.removeSubrange(position..<min(stream.count, position + random.int(1...8)))
        default: stream.insert(contentsOf: random.pick(lspTokens), at: position)
        }
      }
      #expect(FuzzChecks.Target.lsp.violation(in: stream, scratch: nil) == nil, "lsp \(trial)")
      let tree = (0..<random.int(0...60)).map { _ in UInt8(random.int(0...255)) }
      #expect(
        FuzzChecks.Target.walk.violation(in: tree, scratch: scratch.path) == nil, "walk \(trial)")
    }
  }

  /// Random keys, resizes and other writers' changes for the terminal UI's session, as
  /// a short fuzz run without libFuzzer.
  @Test func randomStepsKeepTheSessionsInvariants() throws {
    let scratch = try TemporaryDirectory()
    var random = TestRandom(seed: 25)
    for trial in 0..<30 {
      let steps = (0..<random.int(20...120)).map { _ in
        // Mostly keys; now and then a resize, another writer or a look at the disk.
        random.int(0...9) == 0 ? UInt8(random.int(0xF0...0xFF)) : UInt8(random.int(1...0xEF))
      }
      #expect(
        FuzzChecks.Target.tui.violation(in: steps, scratch: scratch.path) == nil, "tui \(trial)")
    }
  }

  @Test func everySeedAndRegressionKeepsEveryProperty() throws {
    let scratch = try TemporaryDirectory()
    let seeds = try Self.inputs("seeds")
    #expect(seeds.count >= 20)
    for file in seeds + (try Self.inputs("regressions")) {
      let bytes = [UInt8](try Data(contentsOf: file))
      #expect(
        FuzzChecks.violation(in: bytes, scratch: scratch.path) == nil, "\(file.lastPathComponent)")
    }
  }
}
