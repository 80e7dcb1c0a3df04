import ChkTestSupport
import Foundation
import Testing

@testable import ChkLanguageServer

/// The server's positions against pygls's `PositionCodec` (`Tests/Helpers/lsp_positions.py`),
/// a codec we did not write: random documents with a byte-order mark, CRLF, lone CRs,
/// astral characters, ZWJ sequences, combining marks, tabs and the characters other
/// tools take for line breaks (VT, FF, NEL, U+2028), every line including the first
/// and the last, every character boundary, in UTF-8, UTF-16 and UTF-32. Both ways: the
/// byte offset of a character gives pygls's position, and pygls's position gives that
/// offset. The documents are seeded; `CHK_DIFFERENTIAL_CASES` runs more.
@Suite("LSP positions against pygls")
struct PositionDifferentialTests {
  static let pieces = [
    "a", "b", " ", "\t", "- [ ] ", "@id(x)", "é", "漢", "😋", "👩‍👩‍👧", "e\u{301}", "\u{200D}",
    "\r\n", "\n", "\r", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{FEFF}", "🇫🇷", "#",
  ]

  static func document(_ random: inout TestRandom) -> String {
    var text = random.int(0...3) == 0 ? "\u{FEFF}" : ""
    for _ in 0..<random.int(0...40) { text += random.pick(pieces) }
    return text
  }

  /// For each line (LF, CRLF or a lone CR ends one), the byte offset of every code point
  /// boundary in its content, counted here from the text's scalars.
  static func boundaries(_ text: String) -> [[Int]] {
    var lines: [[Int]] = [[0]]
    var offset = 0
    let scalars = Array(text.unicodeScalars)
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      let length = String(scalar).utf8.count
      index += 1
      if scalar == "\n" || scalar == "\r" {
        offset += length
        if scalar == "\r", index < scalars.count, scalars[index] == "\n" {
          offset += 1
          index += 1
        }
        lines.append([offset])
      } else {
        offset += length
        lines[lines.count - 1].append(offset)
      }
    }
    return lines
  }

  @Test func positionsMatchPygls() throws {
    guard let oracle = try LSPSchemaOracle.forTest("LSP positions against pygls") else { return }
    guard oracle.has("pygls") else {
      try Skips.missing(
        "LSP positions against pygls", "no pygls in the oracle's Python",
        required: RenderingOracle.isRequired)
      return
    }
    var random = TestRandom(seed: 2917)
    let count = Int(ProcessInfo.processInfo.environment["CHK_DIFFERENTIAL_CASES"] ?? "") ?? 400
    let documents = (0..<count).map { _ in Self.document(&random) }
    guard
      let output = oracle.runHelper(
        "lsp_positions.py",
        input: try JSONSerialization.data(withJSONObject: ["documents": documents]))
    else {
      Issue.record("lsp_positions.py failed")
      return
    }
    struct Answer: Decodable { var documents: [[[[Int]]]] }
    let answer = try JSONDecoder().decode(Answer.self, from: output)
    let encodings: [PositionEncoding] = [.utf8, .utf16, .utf32]
    var mismatches: [String] = []
    var checked = 0
    for (text, lines) in zip(documents, answer.documents) {
      let buffer = TextBuffer(Array(text.utf8))
      let ours = Self.boundaries(text)
      guard buffer.lineCount == lines.count, ours.count == lines.count else {
        mismatches.append(
          "\(text.debugDescription): \(buffer.lineCount) lines, pygls \(lines.count)")
        continue
      }
      for (line, units) in lines.enumerated() where units.count == ours[line].count {
        for (character, offset) in ours[line].enumerated() {
          for (index, encoding) in encodings.enumerated() {
            let position = Position(line: line, character: units[character][index])
            checked += 1
            let back = buffer.position(ofOffset: offset, encoding)
            let there = buffer.offset(of: position, encoding)
            if back != position || there != offset {
              mismatches.append(
                "\(text.debugDescription) \(encoding.rawValue) line \(line) character "
                  + "\(character): pygls \(position.character), chk \(back.character), "
                  + "offset \(offset), chk \(there)")
            }
          }
        }
      }
      if lines.enumerated().contains(where: { $0.element.count != ours[$0.offset].count }) {
        mismatches.append("\(text.debugDescription): code points per line differ")
      }
    }
    #expect(checked > count * 3)
    #expect(mismatches.isEmpty, "\(mismatches.count) of \(checked): \(mismatches.prefix(6))")
  }
}
