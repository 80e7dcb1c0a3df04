import ChkWorkspace

/// Terminal styles, used only when colour is on.
struct Style: Sendable {
  /// Whether styles are used (`true`) or left out.
  var isEnabled: Bool

  func apply(_ code: String, _ text: String) -> String {
    isEnabled ? "\u{1B}[" + code + "m" + text + "\u{1B}[0m" : text
  }

  /// What `body` appends, in the style `code` when colour is on (`nil`: plain).
  func append(_ code: String?, _ bytes: inout [UInt8], _ body: (inout [UInt8]) -> Void) {
    guard let code, isEnabled else { return body(&bytes) }
    bytes += "\u{1B}[".utf8
    bytes += code.utf8
    bytes.append(UInt8(ascii: "m"))
    body(&bytes)
    bytes += "\u{1B}[0m".utf8
  }

  func bold(_ text: String) -> String { apply("1", text) }
  func dim(_ text: String) -> String { apply("2", text) }
  func green(_ text: String) -> String { apply("32", text) }
  func red(_ text: String) -> String { apply("31", text) }
  func yellow(_ text: String) -> String { apply("33", text) }

  /// A list's icon as the list views show it: its picture (`ListIcon`), else its name,
  /// dim; `visible` makes the text safe for the output.
  func icon(_ icon: String, _ visible: Visible.Printer) -> String {
    ListIcon.picture(for: icon).map { visible($0) } ?? dim(visible(icon))
  }
}
