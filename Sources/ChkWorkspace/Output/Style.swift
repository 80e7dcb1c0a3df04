/// Terminal styles, used only when colour is on.
package struct Style: Sendable {
  package var isEnabled: Bool

  /// Styles that are used (`true`) or left out.
  package init(isEnabled: Bool) {
    self.isEnabled = isEnabled
  }

  package func apply(_ code: String, _ text: String) -> String {
    isEnabled ? "\u{1B}[" + code + "m" + text + "\u{1B}[0m" : text
  }

  /// What `body` appends, in the style `code` when colour is on (`nil`: plain).
  package func append(_ code: String?, _ bytes: inout [UInt8], _ body: (inout [UInt8]) -> Void) {
    guard let code, isEnabled else { return body(&bytes) }
    bytes += "\u{1B}[".utf8
    bytes += code.utf8
    bytes.append(UInt8(ascii: "m"))
    body(&bytes)
    bytes += "\u{1B}[0m".utf8
  }

  package func bold(_ text: String) -> String { apply("1", text) }
  package func dim(_ text: String) -> String { apply("2", text) }
  package func green(_ text: String) -> String { apply("32", text) }
  package func red(_ text: String) -> String { apply("31", text) }
  package func yellow(_ text: String) -> String { apply("33", text) }
}
