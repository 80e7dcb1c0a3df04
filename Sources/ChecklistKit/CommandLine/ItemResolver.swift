/// Turns what a user types for an ITEM or a list NAME into a line of the document.
///
/// An ITEM is an ID (`k3f9`; an existing ID wins over a number), the number `chk list`
/// shows beside an item (its position among all items in file order: stable while the
/// file is unchanged, so fragile across edits), or `/TEXT`, a case-insensitive
/// substring of exactly one item's name.
struct ItemResolver {
  let document: ChecklistDocument
  let path: String

  init(_ document: ChecklistDocument, path: String) {
    self.document = document
    self.path = path
  }

  /// The line index of every item, in file order: item number *n* is `itemLines[n-1]`.
  /// Built only when an ITEM is not an ID.
  var itemLines: [Int] {
    document.lines.indices.filter { document.lines[$0].kind == .item }
  }

  /// The number `chk list` shows for the item on a line.
  func number(ofLine line: Int) -> Int {
    document.lines[..<line].reduce(1) { $0 + ($1.kind == .item ? 1 : 0) }
  }

  /// The line index of the item `text` names.
  ///
  /// - Throws: a usage error that lists the candidates when nothing or several items
  ///   match.
  func resolve(_ text: String) throws(CommandError) -> Int {
    let byID = document.itemLines(withID: text)
    if byID.count == 1 { return byID[0] }
    if byID.count > 1 {
      throw ambiguity("the ID '\(text)' is used by \(byID.count) items", byID)
    }
    if !text.isEmpty, text.utf8.allSatisfy(ASCII.isDigit) {
      let itemLines = itemLines
      guard let number = Int(text), number >= 1, number <= itemLines.count else {
        throw .usage(
          "\(path): no item number \(text); the file has \(itemLines.count) items, "
            + "numbered as 'chk list' shows them")
      }
      return itemLines[number - 1]
    }
    if text.hasPrefix("/") {
      let query = String(text.dropFirst()).lowercased()
      guard !query.isEmpty else { throw .usage("'/' needs text after it: /TEXT matches names") }
      let matches = itemLines.filter { name(ofLine: $0).lowercased().contains(query) }
      if matches.count == 1 { return matches[0] }
      if matches.isEmpty {
        throw .usage("\(path): no item name contains '\(query)'; run 'chk list' to see the items")
      }
      throw ambiguity("\(matches.count) items match '\(text)'", matches)
    }
    throw .usage(
      "\(path): no item with ID '\(text)'; name an item by its ID, its number in "
        + "'chk list', or /TEXT")
  }

  /// Resolves several ITEMs, refusing the same item twice.
  func resolveAll(_ texts: [String]) throws(CommandError) -> [Int] {
    var lines: [Int] = []
    for text in texts {
      let line = try resolve(text)
      if !lines.contains(line) { lines.append(line) }
    }
    return lines
  }

  func name(ofLine line: Int) -> String {
    document.bytes.withUnsafeBufferPointer { buffer in
      ChecklistDocument.decodedName(
        buffer, ChecklistDocument.nameRange(document.lines[line], in: buffer))
    }
  }

  func id(ofLine line: Int) -> String? {
    document.bytes.withUnsafeBufferPointer { buffer in
      ChecklistDocument.idRange(document.lines[line], in: buffer).map {
        ChecklistDocument.decodedValue(buffer, $0)
      }
    }
  }

  /// `k3f9 "Milk"`: how confirmations name an item.
  func label(ofLine line: Int) -> String {
    (id(ofLine: line).map { $0 + " " } ?? "") + "\"" + name(ofLine: line) + "\""
  }

  private func ambiguity(_ what: String, _ lines: [Int]) -> CommandError {
    var message = "\(path): \(what); name one by its number:"
    for line in lines.prefix(10) {
      let box = document.lines[line].isChecked ? "[x]" : "[ ]"
      message += "\n  \(number(ofLine: line))  \(box) \(name(ofLine: line))"
      if let id = id(ofLine: line) { message += "  " + id }
      message += "  (line \(line + 1))"
    }
    if lines.count > 10 { message += "\n  ... and \(lines.count - 10) more" }
    return .usage(message)
  }

  // MARK: - Lists

  /// The list a user names: an exact name, else a unique case-insensitive name, else
  /// a heading `@id`.
  func resolveList(_ text: String) throws(CommandError) -> ListReference {
    let lists = document.lists.filter { $0.name != nil }
    if lists.contains(where: { $0.name == text }) { return .name(text) }
    let folded = lists.filter { $0.name?.lowercased() == text.lowercased() }
    if folded.count == 1, let name = folded[0].name { return .name(name) }
    if lists.contains(where: { $0.id == text }) { return .id(text) }
    let names = lists.compactMap(\.name).filter { !$0.isEmpty }.map { "'\($0)'" }
    let known = names.isEmpty ? "the file has no lists" : "lists: " + names.joined(separator: ", ")
    throw .usage("\(path): no list named '\(text)'; \(known)")
  }
}
