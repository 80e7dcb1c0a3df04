/// Why an edit was refused. The document is unchanged when an edit throws.
public enum EditError: Error, Sendable, Hashable {
  /// A name that is empty or only blanks.
  case emptyName
  /// A value that would span lines (a name, note, tag value or icon holding a line
  /// break).
  case lineBreak(in: String)
  /// No item matches the reference.
  case itemNotFound(ItemReference)
  /// Several items carry this ID; address one by its line instead.
  case ambiguousID(String, lines: [Int])
  /// No list matches the reference.
  case listNotFound(ListReference)
  /// A list with this name already exists.
  case listExists(String)
  /// A tag value that the format cannot hold: two or more blanks followed by `#` and a
  /// blank would start a note in the middle of it.
  case unrepresentableValue(String)
  /// An item cannot move into its own subtree.
  case moveIntoOwnSubtree(String)
  /// A date that is not a real day, or not `YYYY-MM-DD`.
  case invalidDate(String)
  /// The file's structure around the target would make the new or moved line mean
  /// something else (for example, it would land inside a code block).
  case unsupportedPosition(line: Int)
  /// Rewriting the line would change how other lines read on GitHub (an item that
  /// held only its box would take in the text after it).
  case changesOtherLines(line: Int)
  /// Deleting the lines would remove one half of an HTML element (a `<details>` or
  /// `</details>` around other lines), changing the lines around it on GitHub.
  case unbalancedHTML(line: Int, element: String)
  /// The edited file would be 4 GiB or larger.
  case tooLarge

  /// A lower-case message that says what is wrong and what to do.
  public var message: String {
    switch self {
    case .emptyName:
      return "the name is empty; give the item or list a name"
    case .lineBreak(let text):
      return "'\(text)' holds a line break; each item is one line, so use a single line"
    case .itemNotFound(let reference):
      return "no item \(reference); name one of the file's items"
    case .ambiguousID(let id, let lines):
      let list = lines.map(String.init).joined(separator: ", ")
      return "the ID '\(id)' is used by the items on lines \(list); give the copies new IDs"
    case .listNotFound(let reference):
      return "no list \(reference); name one of the file's lists"
    case .listExists(let name):
      return "a list named '\(name)' already exists; choose another name"
    case .unrepresentableValue(let value):
      return "'\(value)' cannot be a tag value: two spaces before '# ' would start a note; "
        + "use a single space there"
    case .moveIntoOwnSubtree(let name):
      return "cannot move '\(name)' under itself or one of its sub-items; "
        + "choose a position outside it"
    case .invalidDate(let text):
      return "'\(text)' is not a real day; write dates as YYYY-MM-DD, e.g. 2024-02-29"
    case .unsupportedPosition(let line):
      return "cannot write line \(line) without changing how the file reads "
        + "(it would fall inside a code block, HTML or another item's text); "
        + "choose another position, or close that block first"
    case .changesOtherLines(let line):
      return "changing line \(line) would change how the lines after it read on GitHub "
        + "(they would become part of its item); edit that line by hand"
    case .unbalancedHTML(let line, let element):
      return "the HTML from line \(line) opens or closes <\(element)> around other lines; "
        + "deleting it would change them on GitHub; delete these lines by hand"
    case .tooLarge:
      return "the edited file would be 4 GiB or larger"
    }
  }
}

extension EditError: CustomStringConvertible {
  /// The message.
  public var description: String { message }
}

extension CalendarDay {
  /// Parses `YYYY-MM-DD`, throwing `EditError.invalidDate` for anything else or a day
  /// that does not exist (`2024-02-30`).
  public static func validated(_ text: String) throws(EditError) -> CalendarDay {
    guard let day = CalendarDay(text) else { throw .invalidDate(text) }
    return day
  }
}
