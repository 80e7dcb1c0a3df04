/// Random checklist-like documents for property tests: valid lines, near-misses, prose,
import ChkTestSupport

/// code fences, HTML, front matter, unicode, mixed line endings, a BOM, a missing
/// final newline.
struct DocumentGenerator {
  var random: TestRandom

  init(seed: UInt64) {
    random = TestRandom(seed: seed)
  }

  private static let words = [
    "Milk", "eggs", "C#", "#12", "https://x.org/#frag", "Brötchen", "日本語", "🛒", "a\\#b",
    "[x]", "[X](url)", "@home", "me@x.org", "(paren)", "\\", "`code`", "*em*", "x  #", "--",
    "1.", "-", "<b>", "&amp;", "\t", "\u{00A0}", "e\u{0301}",
  ]

  private static let tags = [
    "@id(k3f9)", "@id(p0qz)", "@done(2024-01-02)", "@done(2024-02-30)", "@due(2024-03-01)",
    "@icon(cart)", "@home", "@x(a\\)b)", "@long-key_1(v w)", "@id(bad id)",
  ]

  mutating func text() -> String {
    (0..<random.int(1...4)).map { _ in random.pick(Self.words) }.joined(separator: " ")
  }

  mutating func tagRun() -> String {
    guard random.chance(0.6) else { return "" }
    return (0..<random.int(1...3)).map { _ in
      random.pick(["  ", "  ", " ", "\t\t", "   "]) + random.pick(Self.tags)
    }.joined()
  }

  mutating func note() -> String {
    random.chance(0.2) ? random.pick(["  # ", "  #", " # ", "\t\t# "]) + text() : ""
  }

  mutating func indent() -> String {
    random.pick(["", "", "", "", " ", "  ", "  ", "   ", "    ", "\t", "      "])
  }

  mutating func item() -> String {
    let bullet = random.pick(["-", "-", "-", "*", "+", "1.", "2)", "10."])
    let box = random.pick(["[ ]", "[ ]", "[x]", "[X]", "[-]", "[]", "[ x]"])
    let gap = random.pick([" ", " ", " ", "  ", "\t", "     "])
    let after = random.pick([" ", " ", " ", "  ", "\t", ""])
    return indent() + bullet + gap + box + after + text() + tagRun() + note()
      + random.pick(["", "", "  ", " \t"])
  }

  mutating func line() -> String {
    switch random.int(0...19) {
    case 0...8: return item()
    case 9: return indent() + random.pick(["#", "##", "###", "#######"]) + " " + text() + tagRun()
    case 10, 11: return ""
    case 12: return indent() + random.pick(["```", "~~~", "````", "``` swift"])
    case 13: return random.pick(["<!--", "-->", "<details>", "</details>", "<!-- c -->", "</pre>"])
    case 14: return random.pick(["---", "...", "***", "==="])
    case 15: return random.pick(["> quote", "> - [ ] q", ">"])
    case 16: return "    " + text()
    case 17: return text() + random.pick(["", "  "])
    default: return indent() + random.pick(["-", "1."]) + " " + text()
    }
  }

  /// A document as bytes.
  mutating func document() -> [UInt8] {
    var text = random.chance(0.1) ? "\u{FEFF}" : ""
    if random.chance(0.1) { text += "---\ntitle: x\n---\n" }
    let count = random.int(0...25)
    for index in 0..<count {
      text += line()
      if index < count - 1 || random.chance(0.8) {
        text += random.chance(0.85) ? "\n" : random.pick(["\r\n", "\r"])
      }
    }
    return Array(text.utf8)
  }

  /// Random valid UTF-8 made of arbitrary scalars, line breaks and markers.
  mutating func scalarSoup() -> [UInt8] {
    var text = ""
    for _ in 0..<random.int(0...200) {
      switch random.int(0...9) {
      case 0: text += random.pick(["\n", "\r", "\r\n", " ", "\t", "- [ ] ", "[x]", "#", "@", "\\"])
      case 1: text += random.pick(["```", "<!--", "-->", "---", "  ", "(", ")", "@id(", "  # "])
      default:
        let value = random.int(0...0x10FFFF)
        if let scalar = Unicode.Scalar(value) { text.unicodeScalars.append(scalar) }
      }
    }
    return Array(text.utf8)
  }
}
