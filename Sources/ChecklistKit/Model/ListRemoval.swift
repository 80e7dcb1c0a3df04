/// What removing a list takes with it (`ChecklistDocument.removal(of:)`).
public struct ListRemoval: Sendable, Hashable, CustomStringConvertible {
  /// Its items, sub-items included.
  public var items: Int
  /// Its other non-blank lines: text, code, HTML, tables.
  public var otherLines: Int

  /// A removal of `items` items and `otherLines` other lines.
  public init(items: Int, otherLines: Int) {
    self.items = items
    self.otherLines = otherLines
  }

  /// Whether anything but the heading goes.
  public var isEmpty: Bool { items == 0 && otherLines == 0 }

  /// "5 items and 3 lines of other text", "1 item", "2 lines of other text", "nothing
  /// but its heading".
  public var description: String {
    var parts: [String] = []
    if items > 0 { parts.append("\(items) item" + (items == 1 ? "" : "s")) }
    if otherLines > 0 {
      parts.append("\(otherLines) line" + (otherLines == 1 ? "" : "s") + " of other text")
    }
    return parts.isEmpty ? "nothing but its heading" : parts.joined(separator: " and ")
  }
}
