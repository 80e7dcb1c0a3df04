import Foundation
import Testing

/// The LSP 3.17 schema as a test oracle: `Tests/Helpers/lsp_validate.py` run with a
/// Python that has the `lsprotocol` package. Found and required as `RenderingOracle`
/// is (`CHK_ORACLE_PYTHON`, `CHK_REQUIRE_ORACLE=1` in CI).
public struct LSPSchemaOracle: Sendable {
  let python: String
  let script: String

  /// The oracle for a test: `nil` after a failure where oracles are required, else
  /// a skip of the test, when no Python with lsprotocol is found.
  public static func forTest(_ name: String) throws -> LSPSchemaOracle? {
    guard
      let python = try RenderingOracle.python(
        for: name, modules: ["lsprotocol"], packages: "lsprotocol")
    else { return nil }
    let script = TestSupport.packageRoot.appendingPathComponent("Tests/Helpers/lsp_validate.py")
      .path
    return LSPSchemaOracle(python: python, script: script)
  }

  /// Whether this Python can import a module (`pygls`, say).
  public func has(_ module: String) -> Bool {
    RenderingOracle.run(python, ["-c", "import " + module], input: Data())?.status == 0
  }

  /// Runs another program of `Tests/Helpers` with this Python; its standard output, or
  /// `nil` when it fails.
  public func runHelper(_ name: String, input: Data) -> Data? {
    let script = TestSupport.packageRoot.appendingPathComponent("Tests/Helpers/" + name).path
    guard let result = RenderingOracle.run(python, [script], input: input), result.status == 0
    else { return nil }
    return result.output
  }

  /// Checks messages the server sent, each with the method it belongs to (a response
  /// with its request's method); returns a description of each that does not fit the
  /// schema.
  public func failures(_ messages: [(method: String, message: Data)]) throws -> [String] {
    var body = Data("{\"messages\":[".utf8)
    for (index, entry) in messages.enumerated() {
      if index > 0 { body.append(Data(",".utf8)) }
      body.append(try JSONEncoder().encode(["method": entry.method]).dropLast())
      body.append(Data(",\"message\":".utf8))
      body.append(entry.message)
      body.append(Data("}".utf8))
    }
    body.append(Data("]}".utf8))
    guard let result = RenderingOracle.run(python, [script], input: body), result.status == 0
    else { throw RenderingOracle.Failure(description: "the LSP schema oracle failed") }
    struct Answer: Decodable {
      struct Entry: Decodable {
        var index: Int
        var method: String
        var error: String
      }
      var failures: [Entry]
    }
    return try JSONDecoder().decode(Answer.self, from: result.output).failures.map {
      "message \($0.index) (\($0.method)): \($0.error)"
    }
  }
}
