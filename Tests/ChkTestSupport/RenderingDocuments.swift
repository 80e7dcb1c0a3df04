import ChecklistKit

/// Seeded documents that mix the constructs whose rendering a change can break: bullets
/// `-*+` and ordered lists, task and plain items, loose and tight lists, nesting, blank
/// lines, hard breaks (two spaces, backslash), empty boxes with and without trailing
/// blanks, setext and ATX headings (also indented into items), lazy continuation lines,
/// block quotes, HTML blocks, code, tabs, odd spacing around tags and notes, `[X]`, CRLF.
public struct RenderingDocuments {
  private var random: TestRandom
  private let indentedHeadings: Bool

  /// A generator; the same seed gives the same documents.
  ///
  /// - Parameter indentedHeadings: whether headings may be indented into items.
  public init(seed: UInt64, indentedHeadings: Bool = true) {
    random = TestRandom(seed: seed)
    self.indentedHeadings = indentedHeadings
  }

  private static let words = [
    "milk", "eggs", "bread", "see [docs](https://x.org)", "`code  span`", "*em*", "C#", "#12",
    "a\\#b", "x.org/#frag", "héllo", "日本", "🛒", "done)", "[link]", "**bold**",
  ]

  private mutating func text() -> String {
    (0..<random.int(1...3)).map { _ in random.pick(Self.words) }.joined(separator: " ")
  }

  private mutating func tags() -> String {
    guard random.chance(0.5) else { return "" }
    var tags: [String] = []
    if random.chance(0.4) { tags.append("@due(2024-0\(random.int(1...9))-1\(random.int(0...9)))") }
    if random.chance(0.3) { tags.append("@done(2024-01-02)") }
    if random.chance(0.6) { tags.append("@id(k\(random.int(0...99)))") }
    if random.chance(0.2) { tags.append("@custom") }
    let separator = random.pick(["  ", "  ", "   ", "\t", " \t"])
    return tags.isEmpty ? "" : separator + tags.joined(separator: random.pick(["  ", " ", "   "]))
  }

  private mutating func note() -> String {
    random.chance(0.2) ? random.pick(["  # ", "  #", "   #  "]) + text() : ""
  }

  private mutating func trailing() -> String {
    random.pick(["", "", "", "", " ", "  ", "   ", "\t"])
  }

  private mutating func bullet() -> String {
    random.pick(["-", "-", "-", "*", "+", "1.", "2.", "1)", "10."])
  }

  private mutating func box() -> String {
    random.pick(["[ ]", "[ ]", "[x]", "[X]", "[ ]", "[-]", "[]"])
  }

  /// An item line at `indent` columns.
  private mutating func item(indent: Int, bullet: String) -> String {
    let gap = random.pick([" ", " ", " ", "  ", "   ", "\t"])
    let box = box()
    if random.chance(0.08) {
      return String(repeating: " ", count: indent) + bullet + gap + box + trailing()
    }
    let head = String(repeating: " ", count: indent) + bullet + gap + box
    return head + random.pick([" ", " ", "  ", "\t"]) + text() + tags() + note() + trailing()
  }

  /// One document.
  public mutating func next() -> String {
    var lines: [String] = []
    var columns = [0]
    var listBullet = bullet()
    let count = random.int(2...16)
    for _ in 0..<count {
      let roll = random.int(0...99)
      switch roll {
      case 0..<34:
        if random.chance(0.25) { listBullet = bullet() }
        let base = random.pick(columns)
        let indent = max(0, base + random.pick([0, 0, 0, 1, 2, -1, 3, 4]))
        lines.append(item(indent: indent, bullet: listBullet))
        columns.append(indent + listBullet.count + 1)
      case 34..<42:
        // A plain list item in the same or another list.
        let indent = random.pick(columns)
        lines.append(
          String(repeating: " ", count: indent) + random.pick([listBullet, bullet()]) + " " + text()
        )
      case 42..<52:
        lines.append("")
      case 52..<58:
        // Continuation text: indented to an item, or lazy, maybe after a hard break.
        if let last = lines.indices.last, random.chance(0.6) {
          lines[last] = lines[last].trimmedRight() + random.pick(["  ", "   ", "\\", " \\"])
        }
        lines.append(String(repeating: " ", count: random.pick(columns)) + text() + trailing())
      case 58..<63:
        lines.append(random.pick(["## List", "# Title #", "### " + text() + "  @icon(cart)", "#"]))
      case 63..<66:
        let indent = indentedHeadings ? random.pick(columns) : 0
        lines.append(String(repeating: " ", count: indent) + "## In item")
      case 66..<70:
        lines.append(text())
        lines.append(random.pick(["===", "---", "- - -"]))
      case 70..<74:
        lines.append(random.pick(["> quote", "> - [ ] quoted", ">", "> continued"]))
      case 74..<78:
        let indent = String(repeating: " ", count: random.pick(columns))
        let fence = random.pick(["```", "~~~"])
        lines += [indent + fence, indent + "- [ ] in code", indent + fence]
      case 78..<81:
        lines += [random.pick(["<div>", "<details>", "<!-- c -->"]), "- [ ] in html", ""]
      case 81..<84:
        lines.append("    indented code")
      case 84..<87:
        lines.append("\t" + item(indent: 0, bullet: "-"))
      case 87..<90:
        lines.append(random.pick(["***", "___", "---"]))
      default:
        lines.append(text() + trailing())
      }
    }
    let ending = random.pick(["\n", "\n", "\n", "\r\n"])
    return lines.joined(separator: ending) + random.pick([ending, ending, ""])
  }
}

extension String {
  fileprivate func trimmedRight() -> String {
    var copy = self
    while copy.last == " " || copy.last == "\t" { copy.removeLast() }
    return copy
  }
}
