import ChecklistKit
import ChkWorkspace

/// The params of a request about one open document (`textDocument.uri`), decoded once
/// before the handler runs: a missing or closed document is an `InvalidParams` answer,
/// never a handler's concern.
struct DocumentParams {
  /// The document, as the editor has it.
  let document: OpenDocument
  /// Everything else the request sent (`context`, `options`, ...).
  let raw: JSONValue

  init(_ params: JSONValue, in server: LanguageServer) throws(LanguageServer.ResponseError) {
    guard let uri = params["textDocument"]?["uri"]?.stringValue else {
      throw .invalidParams("textDocument.uri is missing")
    }
    guard let document = server.documents[uri] else {
      throw .invalidParams("'\(uri)' is not open")
    }
    self.document = document
    raw = params
  }
}

/// The params of a request at a point of an open document (`position`).
struct PositionParams {
  let document: OpenDocument
  let position: Position
  let raw: JSONValue

  init(_ params: JSONValue, in server: LanguageServer) throws(LanguageServer.ResponseError) {
    let base = try DocumentParams(params, in: server)
    guard let position = Position(json: params["position"]) else {
      throw .invalidParams("position is missing")
    }
    document = base.document
    self.position = position
    raw = params
  }
}

/// The params of a request over a range of an open document (`range`), its earlier
/// end first (a range may come reversed).
struct RangeParams {
  let document: OpenDocument
  let start: Position
  let end: Position
  let raw: JSONValue

  init(_ params: JSONValue, in server: LanguageServer) throws(LanguageServer.ResponseError) {
    let base = try DocumentParams(params, in: server)
    guard let first = Position(json: params["range"]?["start"]),
      let second = Position(json: params["range"]?["end"])
    else { throw .invalidParams("range needs a start and an end") }
    document = base.document
    (start, end) = Position.ordered(first, second)
    raw = params
  }
}

extension Position {
  /// An LSP `Position` object; `nil` unless both numbers are there and not negative.
  init?(json value: JSONValue?) {
    guard let line = value?["line"]?.intValue, let character = value?["character"]?.intValue,
      line >= 0, character >= 0
    else { return nil }
    self.init(line: line, character: character)
  }

  /// Two positions, the earlier first.
  static func ordered(_ a: Position, _ b: Position) -> (Position, Position) {
    (a.line, a.character) <= (b.line, b.character) ? (a, b) : (b, a)
  }

  /// As JSON.
  var json: JSONValue {
    ["line": .int(line), "character": .int(character)]
  }
}
