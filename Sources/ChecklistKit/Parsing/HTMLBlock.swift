/// CommonMark's HTML blocks: which kind a line starts, and when it ends.
///
/// The seven kinds follow the CommonMark specification (section 4.6) as cmark-gfm, the
/// renderer GitHub uses, implements it: kind 7 accepts any tag name (so `</pre>` alone
/// on a line starts one) and cannot interrupt a paragraph of the innermost matched
/// block. Kinds 1 to 5 end at a line that contains their closing text; kinds 6 and 7
/// end at a blank line.
enum HTMLBlock {
  private static let rawTags: [[UInt8]] = ["script", "pre", "style", "textarea"].map {
    Array($0.utf8)
  }

  private static let blockTags: Set<[UInt8]> = Set(
    [
      "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption",
      "center", "col", "colgroup", "dd", "details", "dialog", "dir", "div", "dl", "dt",
      "fieldset", "figcaption", "figure", "footer", "form", "frame", "frameset", "h1", "h2",
      "h3", "h4", "h5", "h6", "head", "header", "hr", "html", "iframe", "legend", "li", "link",
      "main", "menu", "menuitem", "nav", "noframes", "ol", "optgroup", "option", "p", "param",
      "search", "section", "summary", "table", "tbody", "td", "tfoot", "th", "thead", "title",
      "tr", "track", "ul",
    ].map { Array($0.utf8) })

  /// The kind (1-7) of HTML block that the line starts at `start` (a `<`), or `nil`.
  ///
  /// - Parameter canBeKind7: whether a kind-7 block may start here (not when the line
  ///   would continue a paragraph of the innermost matched block).
  static func startKind(
    _ bytes: UnsafeBufferPointer<UInt8>, at start: Int, end: Int, canBeKind7: Bool
  ) -> UInt8? {
    var index = start + 1
    guard index < end else { return nil }
    let first = bytes[index]
    if first == UInt8(ascii: "!") {
      if hasPrefix(bytes, start, end, "<!--") { return 2 }
      if hasPrefix(bytes, start, end, "<![CDATA[") { return 5 }
      if index + 1 < end, ASCII.isLetter(bytes[index + 1]) { return 4 }
      return nil
    }
    if first == UInt8(ascii: "?") { return 3 }
    let isClosing = first == UInt8(ascii: "/")
    if isClosing { index += 1 }
    let nameStart = index
    while index < end,
      ASCII.isLetter(bytes[index]) || ASCII.isDigit(bytes[index]) || bytes[index] == ASCII.dash
    {
      index += 1
    }
    guard index > nameStart, ASCII.isLetter(bytes[nameStart]) else { return nil }
    let name = (nameStart..<index).map { ASCII.lowercased(bytes[$0]) }
    let next: UInt8? = index < end ? bytes[index] : nil
    if !isClosing, rawTags.contains(name) {
      if next == nil || next == ASCII.space || next == ASCII.tab || next == ASCII.greaterThan {
        return 1
      }
    }
    if blockTags.contains(name) {
      if next == nil || next == ASCII.space || next == ASCII.tab || next == ASCII.greaterThan {
        return 6
      }
      if next == UInt8(ascii: "/"), index + 1 < end, bytes[index + 1] == ASCII.greaterThan {
        return 6
      }
    }
    guard canBeKind7 else { return nil }
    let afterTag =
      isClosing
      ? closingTagEnd(bytes, from: index, end: end)
      : openTagEnd(bytes, from: index, end: end)
    guard var rest = afterTag else { return nil }
    while rest < end, ASCII.isSpaceOrTab(bytes[rest]) { rest += 1 }
    return rest == end ? 7 : nil
  }

  /// Whether a line (from `start`) ends an HTML block of kind 1 to 5.
  static func endsBlock(
    kind: UInt8, _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int
  ) -> Bool {
    switch kind {
    case 1:
      return contains(bytes, start, end, "</script>") || contains(bytes, start, end, "</pre>")
        || contains(bytes, start, end, "</style>") || contains(bytes, start, end, "</textarea>")
    case 2: return contains(bytes, start, end, "-->")
    case 3: return contains(bytes, start, end, "?>")
    case 4: return contains(bytes, start, end, ">")
    case 5: return contains(bytes, start, end, "]]>")
    default: return false
    }
  }

  private static func hasPrefix(
    _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ prefix: StaticString
  ) -> Bool {
    let count = prefix.utf8CodeUnitCount
    guard end - start >= count else { return false }
    let pointer = prefix.utf8Start
    for offset in 0..<count where bytes[start + offset] != pointer[offset] { return false }
    return true
  }

  /// A case-insensitive search for an ASCII `needle` written in lower case.
  private static func contains(
    _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ needle: StaticString
  ) -> Bool {
    let count = needle.utf8CodeUnitCount
    let pointer = needle.utf8Start
    guard end - start >= count else { return false }
    var index = start
    while index + count <= end {
      var offset = 0
      while offset < count, ASCII.lowercased(bytes[index + offset]) == pointer[offset] {
        offset += 1
      }
      if offset == count { return true }
      index += 1
    }
    return false
  }

  private static func skipWhitespace(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, _ end: Int)
    -> Int
  {
    var index = index
    while index < end, ASCII.isSpaceOrTab(bytes[index]) { index += 1 }
    return index
  }

  /// The offset after `>` of a closing tag whose name ends at `index`.
  private static func closingTagEnd(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int, end: Int)
    -> Int?
  {
    let index = skipWhitespace(bytes, index, end)
    guard index < end, bytes[index] == ASCII.greaterThan else { return nil }
    return index + 1
  }

  /// The offset after `>` of an open tag whose name ends at `index`: attributes, then
  /// optional `/`, then `>`.
  private static func openTagEnd(_ bytes: UnsafeBufferPointer<UInt8>, from index: Int, end: Int)
    -> Int?
  {
    var index = index
    while true {
      let afterSpace = skipWhitespace(bytes, index, end)
      guard afterSpace < end else { return nil }
      let byte = bytes[afterSpace]
      if byte == ASCII.greaterThan { return afterSpace + 1 }
      if byte == UInt8(ascii: "/") {
        guard afterSpace + 1 < end, bytes[afterSpace + 1] == ASCII.greaterThan else { return nil }
        return afterSpace + 2
      }
      guard afterSpace > index, isAttributeNameStart(byte) else { return nil }
      var cursor = afterSpace + 1
      while cursor < end, isAttributeNameByte(bytes[cursor]) { cursor += 1 }
      let beforeEquals = skipWhitespace(bytes, cursor, end)
      if beforeEquals < end, bytes[beforeEquals] == UInt8(ascii: "=") {
        let valueStart = skipWhitespace(bytes, beforeEquals + 1, end)
        guard let valueEnd = attributeValueEnd(bytes, from: valueStart, end: end) else {
          return nil
        }
        cursor = valueEnd
      }
      index = cursor
    }
  }

  private static func attributeValueEnd(
    _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, end: Int
  ) -> Int? {
    guard start < end else { return nil }
    let quote = bytes[start]
    if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
      var index = start + 1
      while index < end, bytes[index] != quote { index += 1 }
      return index < end ? index + 1 : nil
    }
    var index = start
    while index < end {
      let byte = bytes[index]
      if ASCII.isSpaceOrTab(byte) || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
        || byte == UInt8(ascii: "=") || byte == ASCII.lessThan || byte == ASCII.greaterThan
        || byte == ASCII.backtick
      {
        break
      }
      index += 1
    }
    return index > start ? index : nil
  }

  private static func isAttributeNameStart(_ byte: UInt8) -> Bool {
    ASCII.isLetter(byte) || byte == ASCII.underscore || byte == UInt8(ascii: ":")
  }

  private static func isAttributeNameByte(_ byte: UInt8) -> Bool {
    isAttributeNameStart(byte) || ASCII.isDigit(byte) || byte == UInt8(ascii: ".")
      || byte == ASCII.dash
  }
}
