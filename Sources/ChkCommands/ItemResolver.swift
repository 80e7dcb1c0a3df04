import ChecklistKit
import ChkWorkspace

/// Turns what a user types for an ITEM or a list NAME into a reference.
///
/// An ITEM is an ID (`k3f9`; an existing ID wins over a number), the number `chk list`
/// shows beside an item (its position among all items in file order: stable while the
/// file is unchanged, so fragile across edits), or `/TEXT`, a case-insensitive
/// substring of exactly one item's name.
struct ItemResolver {
  let document: ChecklistDocument
  let path: UserPath
  /// The item numbers, built once for the resolver's life.
  let numbers: ItemNumbers

  init(_ document: ChecklistDocument, path: UserPath) {
    self.document = document
    self.path = path
    numbers = document.itemNumbers()
  }

  /// The item `text` names, as a line reference.
  ///
  /// - Throws: a usage error that lists the candidates when nothing or several items
  ///   match.
  func resolve(_ text: String) throws(CommandError) -> ItemReference {
    // An empty ITEM names nothing (it would match an `@id()` written empty).
    guard !text.isEmpty else {
      throw .usage(
        "\(path.shown): an ITEM is empty; name an item by its ID, its number in 'chk list', "
          + "or /TEXT")
    }
    let byID = document.itemLines(withID: text)
    if byID.count == 1 { return .line(byID[0]) }
    if byID.count > 1 {
      throw ambiguity("the ID '\(text)' is used by \(byID.count) items", byID)
    }
    if !text.isEmpty, text.utf8.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }) {
      guard let number = Int(text), let line = numbers.line(ofNumber: number) else {
        throw .usage(
          "\(path.shown): no item number \(text); the file has \(numbers.count) items, "
            + "numbered as 'chk list' shows them")
      }
      return .line(line)
    }
    if text.hasPrefix("/") {
      let query = String(text.dropFirst()).lowercased()
      guard !query.isEmpty else { throw .usage("'/' needs text after it: /TEXT matches names") }
      let matches = document.itemLines(withNameContaining: query)
      if matches.count == 1 { return .line(matches[0]) }
      if matches.isEmpty {
        throw .usage(
          "\(path.shown): no item name contains '\(query)'; run 'chk list' to see the items")
      }
      throw ambiguity("\(matches.count) items match '\(text)'", matches)
    }
    throw .usage(
      "\(path.shown): no item with ID '\(text)'\(nameSuggestion(text)); name an item by its ID, "
        + "its number in 'chk list', or /TEXT")
  }

  /// `; did you mean /mil ('Buy milk')?` when the text is part of exactly one item's
  /// name; up to five candidates (number, name, ID) when of several; else nothing. A
  /// suggestion only: nothing is acted on.
  private func nameSuggestion(_ text: String) -> String {
    let matches = document.itemLines(withNameContaining: text)
    guard let first = matches.first.flatMap({ document.itemFields(atLine: $0) }) else { return "" }
    if matches.count == 1 { return "; did you mean /\(text) ('\(first.name)')?" }
    let shown = matches.prefix(5).map { line -> String in
      let number = numbers.number(ofLine: line).map(String.init) ?? "?"
      guard let item = document.itemFields(atLine: line) else { return number }
      return "\(number) '\(item.name)'" + (item.id.map { " (\($0))" } ?? "")
    }
    let more = matches.count > 5 ? " and \(matches.count - 5) more" : ""
    return "; \(matches.count) names contain it: " + shown.joined(separator: ", ") + more
  }

  /// Resolves several ITEMs, refusing the same item twice.
  func resolveAll(_ texts: [String]) throws(CommandError) -> [ItemReference] {
    var items: [ItemReference] = []
    for text in texts {
      let item = try resolve(text)
      if !items.contains(item) { items.append(item) }
    }
    return items
  }

  /// `k3f9 "Milk"`: how confirmations name an item.
  static func label(of item: ItemReference, in document: ChecklistDocument) -> String {
    guard let value = document.item(at: item) else { return "\(item)" }
    return value.label()
  }

  /// One line, as every error: the candidates with their numbers, IDs and lines.
  private func ambiguity(_ what: String, _ lines: [Int]) -> CommandError {
    var candidates: [String] = []
    for line in lines.prefix(10) {
      guard let item = document.item(at: .line(line)) else { continue }
      let number = numbers.number(ofLine: line).map(String.init) ?? "?"
      let id = item.id.map { $0 + ", " } ?? ""
      candidates.append("\(number) '\(item.name)' (\(id)line \(line))")
    }
    if lines.count > 10 { candidates.append("and \(lines.count - 10) more") }
    return .usage(
      "\(path.shown): \(what): \(candidates.joined(separator: ", ")); name one by its number")
  }

  // MARK: - Lists

  /// The list a user names: an exact name, else a unique case-insensitive name, else
  /// a heading `@id`.
  func resolveList(_ text: String, allowsSeveral: Bool = false) throws(CommandError)
    -> ListReference
  {
    let lists = document.listOutlines.map(\.list).filter { $0.name != nil }
    let exact = lists.filter { $0.name == text }
    // An edit must know which list; `list --list` shows every list of the name.
    if exact.count > 1, !allowsSeveral { throw severalLists(text, exact) }
    if !exact.isEmpty { return .name(text) }
    let folded = lists.filter { $0.name?.lowercased() == text.lowercased() }
    if folded.count == 1, let name = folded[0].name { return .name(name) }
    if folded.count > 1 { throw severalLists(text, folded) }
    if lists.contains(where: { $0.id == text }) { return .id(text) }
    let names = lists.compactMap(\.name).filter { !$0.isEmpty }.map { "'\($0)'" }
    let known = names.isEmpty ? "the file has no lists" : "lists: " + names.joined(separator: ", ")
    throw .usage("\(path.shown): no list named '\(text)'; \(known)")
  }

  private func severalLists(_ text: String, _ lists: [ItemList]) -> CommandError {
    let lines = lists.compactMap(\.line).map(String.init).joined(separator: ", ")
    return .usage(
      "\(path.shown): \(lists.count) lists are named '\(text)' (lines \(lines)); give the one "
        + "you mean an @id(...) on its heading, or another name, and name it by that")
  }
}
