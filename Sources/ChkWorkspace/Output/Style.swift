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

  /// Appends `text` in the style `code` (or plain when colour is off).
  package func append(_ code: String, _ text: some StringProtocol, to bytes: inout [UInt8]) {
    if isEnabled { bytes += ("\u{1B}[" + code + "m").utf8 }
    bytes += text.utf8
    if isEnabled { bytes += "\u{1B}[0m".utf8 }
  }

  /// `append` for a `String`: the call a row of a million-item list makes several times
  /// (the generic one is not specialized across modules).
  package func append(_ code: String, _ text: String, to bytes: inout [UInt8]) {
    if isEnabled { bytes += ("\u{1B}[" + code + "m").utf8 }
    bytes += text.utf8
    if isEnabled { bytes += "\u{1B}[0m".utf8 }
  }

  package func bold(_ text: String) -> String { apply("1", text) }
  package func dim(_ text: String) -> String { apply("2", text) }
  package func green(_ text: String) -> String { apply("32", text) }
  package func red(_ text: String) -> String { apply("31", text) }
  package func yellow(_ text: String) -> String { apply("33", text) }
}
