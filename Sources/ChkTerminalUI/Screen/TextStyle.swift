/// How a stretch of text is drawn: one of the 16 colours every terminal has, bold, dim
/// and reverse video. Without colour (`NO_COLOR`, `--color never`), colours are left
/// out and the attributes kept: reverse video shows the cursor row.
package struct TextStyle: Sendable, Hashable {
  /// A foreground colour: an ANSI colour number, 0-7.
  package var color: Int?
  package var isBold = false
  package var isDim = false
  package var isReversed = false

  package init(
    color: Int? = nil, isBold: Bool = false, isDim: Bool = false, isReversed: Bool = false
  ) {
    self.color = color
    self.isBold = isBold
    self.isDim = isDim
    self.isReversed = isReversed
  }

  package static let plain = TextStyle()
  package static let red = 1
  package static let green = 2
  package static let yellow = 3
  package static let blue = 4
  package static let cyan = 6

  /// The SGR sequence that selects the style from a reset.
  func sequence(colors: Bool) -> [UInt8] {
    var codes: [String] = []
    if isBold { codes.append("1") }
    if isDim { codes.append("2") }
    if isReversed { codes.append("7") }
    if colors, let color { codes.append(String(30 + color)) }
    guard !codes.isEmpty else { return [] }
    return Array(("\u{1B}[" + codes.joined(separator: ";") + "m").utf8)
  }
}
