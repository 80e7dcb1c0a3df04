/// Turns the bytes a terminal sends into keys: UTF-8 characters, control keys, the
/// escape sequences of arrows, Home/End, PgUp/PgDn, Delete and Shift-Tab (CSI and SS3
/// forms, as xterm, tmux and the Linux console send them), and SGR mouse reports.
///
/// A lone ESC is the Escape key only once no more bytes follow it: the loop calls
/// `flushEscape()` when input pauses, so that Esc works and an arrow split across two
/// reads still decodes.
package struct KeyDecoder: Sendable {
  private var pending: [UInt8] = []

  package init() {}

  /// Whether a lone ESC waits for what follows it.
  package var isWaiting: Bool { !pending.isEmpty }

  /// The keys in `bytes` (with what was pending before them).
  package mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
    pending += bytes
    var keys: [Key] = []
    var index = 0
    while index < pending.count {
      let isPaste = pending[index...].starts(with: Self.pasteStart)
      guard
        let (key, length) = isPaste ? paste(pending, at: index) : Self.decode(pending, at: index)
      else { break }
      if let key { keys.append(key) }
      index += length
    }
    pending.removeFirst(index)
    return keys
  }

  /// How many pauses an unfinished paste has waited through.
  private var pausesInPaste = 0

  /// What is pending once input has paused: a lone ESC is the Escape key; an
  /// unfinished sequence is dropped. An unfinished paste waits for its end through
  /// pauses of up to about a second (the loop pauses 30 ms at a time), then is taken
  /// as it is.
  package mutating func flushEscape() -> [Key] {
    if pending.starts(with: Self.pasteStart) {
      pausesInPaste += 1
      guard pausesInPaste > 30 else { return [] }
      defer {
        pending.removeAll()
        pasteScanned = 0
        pausesInPaste = 0
      }
      return [.paste(String(decoding: pending.dropFirst(Self.pasteStart.count), as: UTF8.self))]
    }
    defer { pending.removeAll() }
    return pending.first == 0x1B ? [.escape] : []
  }

  static let pasteStart: [UInt8] = Array("\u{1B}[200~".utf8)
  static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

  /// Where the search for the end of an unfinished paste at the start of `pending`
  /// goes on from: each byte of a long paste is looked at once, however it arrives.
  private var pasteScanned = 0

  /// A bracketed paste at `index`: the text up to its end marker, or `nil` until the
  /// end has come.
  private mutating func paste(_ bytes: [UInt8], at index: Int) -> (Key?, Int)? {
    let body = index + Self.pasteStart.count
    var end = index == 0 ? max(body, pasteScanned) : body
    while end + Self.pasteEnd.count <= bytes.count {
      if bytes[end] == 0x1B, bytes[end..<(end + Self.pasteEnd.count)].elementsEqual(Self.pasteEnd) {
        let text = String(decoding: bytes[body..<end], as: UTF8.self)
        pasteScanned = 0
        pausesInPaste = 0
        return (.paste(text), end + Self.pasteEnd.count - index)
      }
      end += 1
    }
    // Unfinished: it stays at the start of `pending`.
    pasteScanned = end - index
    return nil
  }

  /// The key at `index` and how many bytes it takes; `nil` when more bytes are needed.
  /// A `nil` key skips bytes that mean nothing here.
  static func decode(_ bytes: [UInt8], at index: Int) -> (Key?, Int)? {
    let byte = bytes[index]
    switch byte {
    case 0x1B: return escape(bytes, at: index)
    case 0x0D, 0x0A: return (.enter, 1)
    case 0x09: return (.tab, 1)
    case 0x7F, 0x08: return (.backspace, 1)
    case 0x01...0x1A:
      return (.control(Character(Unicode.Scalar(byte + 0x60))), 1)
    case 0x00, 0x1C...0x1F: return (nil, 1)
    case 0x20...0x7E: return (.character(Character(Unicode.Scalar(byte))), 1)
    default:
      // A UTF-8 sequence: its length from the lead byte; a byte that cannot lead one,
      // or a sequence broken by a byte that cannot continue it, is skipped at once.
      guard (0xC2...0xF4).contains(byte) else { return (nil, 1) }
      let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
      let available = bytes[(index + 1)..<min(bytes.count, index + length)]
      guard available.allSatisfy({ $0 & 0xC0 == 0x80 }) else { return (nil, 1) }
      guard index + length <= bytes.count else { return nil }
      guard let text = String(validating: bytes[index..<(index + length)], as: UTF8.self),
        let character = text.first
      else { return (nil, 1) }
      return (.character(character), length)
    }
  }

  private static func escape(_ bytes: [UInt8], at index: Int) -> (Key?, Int)? {
    guard index + 1 < bytes.count else { return nil }
    let next = bytes[index + 1]
    if next == UInt8(ascii: "O") {
      // SS3: arrows and Home/End in application mode.
      guard index + 2 < bytes.count else { return nil }
      return (final(bytes[index + 2], parameters: []), 3)
    }
    guard next == UInt8(ascii: "[") else {
      // ESC then another key: Escape, and that key is read next.
      return (.escape, 1)
    }
    // CSI: parameters (digits, `;`, `<`) up to a final byte.
    var end = index + 2
    while end < bytes.count, (0x30...0x3F).contains(bytes[end]) { end += 1 }
    guard end < bytes.count else { return end - index > 32 ? (nil, end - index) : nil }
    let body = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
    let length = end - index + 1
    if body.hasPrefix("<") {
      return (mouse(body.dropFirst(), press: bytes[end] == UInt8(ascii: "M")), length)
    }
    let parameters = body.split(separator: ";").map { Int($0) ?? 0 }
    return (final(bytes[end], parameters: parameters), length)
  }

  private static func final(_ byte: UInt8, parameters: [Int]) -> Key? {
    switch byte {
    case UInt8(ascii: "A"): return .up
    case UInt8(ascii: "B"): return .down
    case UInt8(ascii: "C"): return .right
    case UInt8(ascii: "D"): return .left
    case UInt8(ascii: "H"): return .home
    case UInt8(ascii: "F"): return .end
    case UInt8(ascii: "Z"): return .backTab
    case UInt8(ascii: "~"):
      switch parameters.first {
      case 1, 7: return .home
      case 4, 8: return .end
      case 3: return .delete
      case 5: return .pageUp
      case 6: return .pageDown
      default: return nil
      }
    default: return nil
    }
  }

  /// `<b;x;yM` (press) or `m` (release): button 0 presses and the wheel count.
  private static func mouse(_ body: Substring, press: Bool) -> Key? {
    let fields = body.split(separator: ";").compactMap { Int($0) }
    guard fields.count == 3, press else { return nil }
    let (button, column, row) = (fields[0], fields[1] - 1, fields[2] - 1)
    guard column >= 0, row >= 0 else { return nil }
    switch button & ~(4 | 8 | 16) {
    case 0: return .mouse(Key.Mouse(action: .press, column: column, row: row))
    case 64: return .mouse(Key.Mouse(action: .wheelUp, column: column, row: row))
    case 65: return .mouse(Key.Mouse(action: .wheelDown, column: column, row: row))
    default: return nil
    }
  }
}
