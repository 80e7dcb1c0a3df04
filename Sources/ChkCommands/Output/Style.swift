/// Terminal styles, used only when colour is on.
struct Style: Sendable {
  var isEnabled: Bool

  func apply(_ code: String, _ text: String) -> String {
    isEnabled ? "\u{1B}[" + code + "m" + text + "\u{1B}[0m" : text
  }

  /// Appends `text` in the style `code` (or plain when colour is off).
  func append(_ code: String, _ text: some StringProtocol, to bytes: inout [UInt8]) {
    if isEnabled { bytes += ("\u{1B}[" + code + "m").utf8 }
    bytes += text.utf8
    if isEnabled { bytes += "\u{1B}[0m".utf8 }
  }

  func bold(_ text: String) -> String { apply("1", text) }
  func dim(_ text: String) -> String { apply("2", text) }
  func green(_ text: String) -> String { apply("32", text) }
  func red(_ text: String) -> String { apply("31", text) }
  func yellow(_ text: String) -> String { apply("33", text) }
}
