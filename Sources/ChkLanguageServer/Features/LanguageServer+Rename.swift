import ChecklistKit
import ChkWorkspace

/// Renaming an `@id` value, and continuing a list on Enter.
extension LanguageServer {
  // MARK: - Rename

  /// `textDocument/prepareRename`: the ID value under the cursor, or an error saying
  /// what can be renamed.
  func prepareRename(_ params: PositionParams) throws(ResponseError) -> JSONValue {
    let (value, valueRange) = try renamedID(params)
    return ["range": range(valueRange, in: params.document), "placeholder": .string(value)]
  }

  /// `textDocument/rename`: every `@id(old)` tag of items and headings, in this document
  /// and in the other open ones, becomes `@id(new)`. A new name that is not an ID, or
  /// that a document to change uses already, is refused.
  func rename(_ params: PositionParams) throws(ResponseError) -> JSONValue {
    guard let newName = params.raw["newName"]?.stringValue else {
      throw .invalidParams("newName is missing")
    }
    let (old, _) = try renamedID(params)
    guard ChecklistDocument.isValidID(newName) else {
      throw ResponseError(
        ErrorCode.requestFailed,
        "'\(newName)' is not an ID: 1 to 32 letters, digits, '_' or '-'")
    }
    guard newName != old else { return .null }
    var changes: [(OpenDocument, JSONValue)] = []
    for uri in documents.keys.sorted() {
      guard let document = documents[uri], case .success(let parsedDocument) = parsed(uri)
      else { continue }
      let locations = idLocations(old, in: document, parsedDocument)
      guard !locations.isEmpty else { continue }
      if !parsedDocument.itemLines(withID: newName).isEmpty
        || parsedDocument.listOutlines.contains(where: { $0.list.id == newName })
      {
        throw ResponseError(
          ErrorCode.requestFailed,
          "'\(newName)' is already an ID in \(FileURI.path(of: uri) ?? uri); choose another")
      }
      let edits = locations.map { location -> JSONValue in
        ["range": location["range"] ?? .null, "newText": .string("@id(\(newName))")]
      }
      changes.append((document, .array(edits)))
    }
    if clientTakesDocumentChanges {
      return [
        "documentChanges": .array(
          changes.map { document, edits in
            [
              "textDocument": ["uri": .string(document.uri), "version": .int(document.version)],
              "edits": edits,
            ]
          })
      ]
    }
    return ["changes": .object(changes.map { ($0.0.uri, $0.1) })]
  }

  /// The ID under the cursor and the range of its value, when it is a tag of an item or
  /// a heading (not text in a name).
  private func renamedID(_ params: PositionParams) throws(ResponseError) -> (String, Range<Int>) {
    let document = params.document
    guard case .success(let parsedDocument) = parsed(document.uri),
      let (value, valueRange) = idTag(at: params.position, in: document, parsedDocument),
      idLocations(value, in: document, parsedDocument).contains(where: {
        $0["range"]?["start"]?["line"]?.intValue == params.position.line
      })
    else {
      throw ResponseError(
        ErrorCode.requestFailed, "put the cursor on an @id(...) tag of an item or a heading")
    }
    return (value, valueRange)
  }

  // MARK: - Enter after an item

  /// `textDocument/onTypeFormatting` for a line break: after an item, the new line
  /// starts with the same indentation, the same marker (the next number for `1.`) and
  /// an open box; after an empty item (`- [ ]` and nothing), the empty item is taken out
  /// and the list ends, as Markdown editors do.
  func onTypeFormatting(_ params: PositionParams) throws(ResponseError) -> JSONValue {
    guard params.raw["ch"]?.stringValue == "\n" || params.raw["ch"]?.stringValue == "\r\n",
      params.position.line > 0
    else { return [] }
    let document = params.document
    let cursor = document.buffer.offset(of: params.position, encoding)
    let line = document.buffer.line(ofOffset: cursor) + 1
    guard line > 1, case .success(let parsedDocument) = parsed(document.uri),
      parsedDocument.item(at: .line(line - 1)) != nil
    else { return [] }
    let previous = document.lineRange(line - 1)
    let bytes = document.bytes
    guard let text = Self.afterListMarker(bytes[previous]) else { return [] }
    let indentation = bytes[previous.lowerBound..<text].prefix {
      $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t")
    }
    let marker = bytes[(previous.lowerBound + indentation.count)..<(text - 1)]
    // What the editor put on the new line already: blanks, perhaps its own copy of the
    // marker (Vim's 'formatoptions' r and o).
    let newStart = document.buffer.lineStarts[line - 1]
    let typed = bytes[newStart..<cursor]
    let leader = typed.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
    guard leader.isEmpty || Self.afterListMarker(typed) == cursor else { return [] }
    let rest = bytes[text..<previous.upperBound]
    if rest.count >= 3, rest.first == UInt8(ascii: "["),
      rest[rest.startIndex + 2] == UInt8(ascii: "]"),
      rest.dropFirst(3).allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
    {
      // An empty item: the list ends here.
      return [["range": range(previous.lowerBound..<cursor, in: document), "newText": ""]]
    }
    var next = Array(marker)
    if let delimiter = next.last, delimiter == UInt8(ascii: ".") || delimiter == UInt8(ascii: ")"),
      let number = Int(String(decoding: next.dropLast(), as: UTF8.self))
    {
      next = Array(String(number + 1).utf8) + [delimiter]
    }
    let prefix = Array(indentation) + next + Array(" [ ] ".utf8)
    return [
      [
        "range": range(newStart..<cursor, in: document),
        "newText": .string(String(decoding: prefix, as: UTF8.self)),
      ]
    ]
  }
}
