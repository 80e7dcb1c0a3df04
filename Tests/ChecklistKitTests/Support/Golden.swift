import ChkTestSupport
import Foundation
import Testing

/// Golden files: expected outputs kept in `Fixtures/Golden/`. Run the tests with
/// `CHK_RECORD_GOLDEN=1` to re-record them; a test that re-records fails, so a
/// recording is never mistaken for a pass.
enum Golden {
  static let directory = TestSupport.fixturesDirectory.appendingPathComponent("Golden")

  static var isRecording: Bool {
    ProcessInfo.processInfo.environment["CHK_RECORD_GOLDEN"] == "1"
  }

  static func check(
    _ actual: [UInt8], named name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let url = directory.appendingPathComponent(name)
    if isRecording {
      try? Data(actual).write(to: url)
      Issue.record(
        "re-recorded \(name); run again without CHK_RECORD_GOLDEN", sourceLocation: sourceLocation)
      return
    }
    guard let expected = try? Data(contentsOf: url) else {
      Issue.record(
        "missing golden file \(name); record it with CHK_RECORD_GOLDEN=1 swift test",
        sourceLocation: sourceLocation)
      return
    }
    if Array(expected) != actual {
      Issue.record(
        """
        \(name) differs from the golden file:
        expected:
        \(String(decoding: expected, as: UTF8.self))
        actual:
        \(String(decoding: actual, as: UTF8.self))
        """, sourceLocation: sourceLocation)
    }
  }

  static func check(
    _ actual: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    check(Array(actual.utf8), named: name, sourceLocation: sourceLocation)
  }
}
