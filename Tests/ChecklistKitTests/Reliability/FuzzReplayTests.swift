import ChkTestSupport
import Foundation
import FuzzChecks
import Testing

/// The fuzzer's properties, checked on the committed seeds and on every input the
/// fuzzer ever broke (Tests/Fuzz/regressions): what `chk-fuzz` checks, without
/// libFuzzer.
@Suite("Fuzz seeds and regressions")
struct FuzzReplayTests {
  static let fuzzDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz")

  static func inputs(_ folder: String) throws -> [URL] {
    let directory = fuzzDirectory.appendingPathComponent(folder)
    return try FileManager.default.contentsOfDirectory(
      at: directory, includingPropertiesForKeys: nil
    ).filter { !$0.lastPathComponent.hasPrefix(".") }.sorted { $0.path < $1.path }
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
