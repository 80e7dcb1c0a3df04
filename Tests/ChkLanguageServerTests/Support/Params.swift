import ChecklistKit
import ChkTestSupport
import Testing

@testable import ChkLanguageServer
@testable import ChkWorkspace

/// Params of LSP requests, as the tests send them.
enum Params {
  static let uri = "file:///work/list.md"

  static func textDocument(_ uri: String = Params.uri) -> JSONValue {
    ["textDocument": ["uri": .string(uri)]]
  }

  static func at(_ line: Int, _ character: Int, _ uri: String = Params.uri) -> JSONValue {
    [
      "textDocument": ["uri": .string(uri)],
      "position": ["line": .int(line), "character": .int(character)],
    ]
  }

  static func range(_ from: (Int, Int), _ to: (Int, Int)) -> JSONValue {
    [
      "start": ["line": .int(from.0), "character": .int(from.1)],
      "end": ["line": .int(to.0), "character": .int(to.1)],
    ]
  }
}
