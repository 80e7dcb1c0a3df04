import ChecklistKit
import ChkTestSupport
import Foundation
import Testing

/// Runs the chk binary with a private state directory; standard input from /dev/null.
struct ChkRunner {
  let directory: URL
  var extraEnvironment: [String: String] = [:]

  init(prefix: String) throws {
    directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      prefix + "-" + UUID().uuidString)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  func remove() { try? FileManager.default.removeItem(at: directory) }

  func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

  func process(_ arguments: [String]) -> Process {
    let process = Process()
    process.executableURL = EndToEndTests.binary
    process.arguments = arguments
    process.currentDirectoryURL = directory
    var environment = [
      "PATH": "/usr/bin:/bin", "HOME": directory.path, "NO_COLOR": "1", "CHK_SEED": "5",
      "XDG_STATE_HOME": directory.appendingPathComponent(".state").path,
    ]
    environment.merge(extraEnvironment) { $1 }
    process.environment = TestSupport.childEnvironment(environment)
    process.standardInput = FileHandle.nullDevice
    return process
  }

  @discardableResult
  func run(_ arguments: String...) throws -> (status: Int32, errors: String) {
    try run(arguments)
  }

  /// Runs to the end: the exit status and what it printed (standard output and error).
  @discardableResult
  func run(_ arguments: [String]) throws -> (status: Int32, errors: String) {
    let result = try process(arguments).runCollecting(.both)
    return (result.status, result.text)
  }

  func bytes(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
  }

  func write(_ bytes: [UInt8], to name: String) throws {
    try Data(bytes).write(to: directory.appendingPathComponent(name))
  }

  /// Names in the directory other than the state directory.
  func entries() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0 != ".state" }
      .sorted()
  }
}

/// A checklist of `items` items with IDs `k0`, `k1`, ...; about 55 bytes an item.
func bigChecklist(items: Int) -> [UInt8] {
  var text = ""
  for item in 0..<items {
    if item % 1_000 == 0 { text += "\n## List \(item / 1_000)\n\n" }
    text += "- [ ] item number \(item) with some words  @id(k\(item))\n"
  }
  return Array(text.utf8)
}
