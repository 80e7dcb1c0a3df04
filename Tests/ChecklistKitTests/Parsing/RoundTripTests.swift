import ChkTestSupport
import Testing

@testable import ChecklistKit

@Suite("Round trip")
struct RoundTripTests {
  @Test(arguments: TestSupport.sampleNames)
  func sampleRoundTrips(_ name: String) throws {
    let bytes = try TestSupport.sampleBytes(name)
    let document = try ChecklistDocument(parsing: bytes)
    #expect(document.serialized() == bytes)
    Invariants.check(document, name)
  }

  /// 3,000 generated checklist-like documents: parse, check every record against the
  /// bytes, serialize.
  @Test func generatedDocumentsRoundTrip() throws {
    for seed in UInt64(1)...3_000 {
      var generator = DocumentGenerator(seed: seed)
      let bytes = generator.document()
      let document = try ChecklistDocument(parsing: bytes)
      #expect(document.serialized() == bytes, "seed \(seed)")
      Invariants.check(document, "seed \(seed)")
    }
  }

  /// 2,000 strings of arbitrary Unicode scalars mixed with markers.
  @Test func arbitraryUnicodeRoundTrips() throws {
    for seed in UInt64(1)...2_000 {
      var generator = DocumentGenerator(seed: seed)
      let bytes = generator.scalarSoup()
      let document = try ChecklistDocument(parsing: bytes)
      #expect(document.serialized() == bytes, "seed \(seed)")
      Invariants.check(document, "seed \(seed)")
    }
  }

  @Test(arguments: [
    ("empty", ""), ("only a BOM", "\u{FEFF}"), ("one newline", "\n"), ("lone CR", "\r"),
    ("CRLF pair", "\r\n\r\n"), ("no final newline", "- [ ] a"),
    ("mixed endings", "a\r\nb\rc\nd"), ("NUL bytes", "- [ ] a\u{0}b\n\u{0}"),
  ])
  func edgeCasesRoundTrip(_ label: String, _ text: String) throws {
    let bytes = Array(text.utf8)
    let document = try ChecklistDocument(parsing: bytes)
    #expect(document.serialized() == bytes)
    Invariants.check(document, label)
  }

  @Test func lineEndingsAreKeptPerLine() throws {
    let document = try TestSupport.document("a\r\nb\rc\nd")
    #expect(document.lineCount == 4)
    #expect(document.ending(ofLine: 0) == [13, 10])
    #expect(document.ending(ofLine: 1) == [13])
    #expect(document.ending(ofLine: 2) == [10])
    #expect(document.ending(ofLine: 3) == [])
  }

  @Test func byteOrderMarkIsKeptAndSkipped() throws {
    let document = try TestSupport.document("\u{FEFF}- [ ] first")
    #expect(document.hasByteOrderMark)
    #expect(TestSupport.describe(document) == ["1 [ ] 'first'"])
  }
}

@Suite("UTF-8 validation")
struct UTF8ValidationTests {
  @Test(
    arguments: [
      ([0x61, 0xFF], 1), ([0xC0, 0x80], 0), ([0x61, 0x62, 0xE2, 0x82], 2),
      ([0xED, 0xA0, 0x80], 0), ([0xF4, 0x90, 0x80, 0x80], 0), ([0x80], 0),
      ([0xF0, 0x9F, 0x98], 0), ([0xE0, 0x80, 0x80], 0),
    ] as [([UInt8], Int)])
  func rejectsInvalidSequences(_ bytes: [UInt8], _ offset: Int) {
    #expect(throws: ParseError.self) { try ChecklistDocument(parsing: bytes) }
    do {
      _ = try ChecklistDocument(parsing: bytes)
    } catch {
      if case .invalidUTF8(let found, _, _) = error { #expect(found == offset) }
    }
  }

  @Test func namesLineAndColumn() {
    let bytes = Array("ok\r\nline two\n- [ ] b".utf8) + [0xFF] + Array("ad\n".utf8)
    #expect(throws: ParseError.invalidUTF8(byteOffset: 20, line: 3, column: 8)) {
      try ChecklistDocument(parsing: bytes)
    }
  }

  @Test func messageSaysWhatToDo() {
    let error = ParseError.invalidUTF8(byteOffset: 5, line: 1, column: 6)
    #expect(error.message.contains("byte 5"))
    #expect(error.message.contains("line 1, column 6"))
    #expect(error.message.contains("iconv"))
  }

  @Test func acceptsEveryValidScalar() throws {
    var text = ""
    for value in stride(from: 0, through: 0x10FFFF, by: 97) {
      if let scalar = Unicode.Scalar(value) { text.unicodeScalars.append(scalar) }
    }
    let bytes = Array(text.utf8)
    #expect(try ChecklistDocument(parsing: bytes).serialized() == bytes)
  }

  /// Random bytes: the validator must agree with the standard library's decoder, the
  /// bytes before the offset it names must be valid, and it counts the line feeds and
  /// finds the carriage returns before that offset exactly.
  @Test func agreesWithStandardLibrary() {
    for seed in UInt64(1)...4_000 {
      var random = TestRandom(seed: seed)
      var bytes = random.bytes(random.int(0...96))
      if random.chance(0.5) { bytes = bytes.map { $0 & 0x7F | (random.chance(0.1) ? 0x80 : 0) } }
      if random.chance(0.5) { bytes = bytes.map { random.chance(0.1) ? 0x0A : $0 } }
      if random.chance(0.3) { bytes = bytes.map { random.chance(0.02) ? 0x0D : $0 } }
      if random.chance(0.3) { bytes = Array("x\u{E9}\u{1F600}\n\u{4E2D}".utf8) + bytes }
      let valid = String(validating: bytes, as: UTF8.self) != nil
      let summary = bytes.withUnsafeBufferPointer { UTF8Validation.scan($0) }
      #expect((summary.invalidOffset == nil) == valid, "seed \(seed): \(bytes)")
      let prefix = bytes[..<(summary.invalidOffset ?? bytes.count)]
      #expect(String(validating: prefix, as: UTF8.self) != nil, "seed \(seed)")
      #expect(summary.lineFeeds == prefix.filter { $0 == 0x0A }.count, "seed \(seed): \(bytes)")
      #expect(summary.hasCarriageReturn == prefix.contains(0x0D), "seed \(seed): \(bytes)")
    }
  }
}

@Suite("Samples parse as recorded")
struct SampleParseTests {
  /// Every heading and item of each sample, with the list model's summary.
  @Test(arguments: TestSupport.sampleNames)
  func sampleParsesAsRecorded(_ name: String) throws {
    let document = try ChecklistDocument(parsing: try TestSupport.sampleBytes(name))
    var lines = TestSupport.describe(document)
    lines.append("--")
    for list in document.lists {
      lines.append(
        "list \(list.name ?? "(unnamed)") icon=\(list.icon ?? "-") id=\(list.id ?? "-") "
          + "open=\(list.openCount) done=\(list.doneCount) top=\(list.items.count)")
    }
    lines.append("total open=\(document.openCount) done=\(document.doneCount)")
    Golden.check(lines.joined(separator: "\n") + "\n", named: "\(name).parse.txt")
  }
}

@Suite("Parser fast path")
struct FastPathTests {
  /// The fast path for plain task lines gives exactly the general path's records, on
  /// 3,000 generated documents and on every sample.
  @Test func fastPathMatchesTheGeneralPath() throws {
    var inputs: [[UInt8]] = try TestSupport.sampleNames.map(TestSupport.sampleBytes)
    for seed in UInt64(1)...3_000 {
      var generator = DocumentGenerator(seed: seed)
      inputs.append(generator.document())
    }
    inputs.append(
      Array("- [ ] a\n  - [ ] b\n    - [x] c\n   - [ ] d\n- x\n  - [ ] e\nprose\n- [ ] f\n".utf8))
    for (index, bytes) in inputs.enumerated() {
      let fast = try bytes.withUnsafeBufferPointer {
        try DocumentParser.parse($0, allowsFastPath: true).get().records
      }
      let general = try bytes.withUnsafeBufferPointer {
        try DocumentParser.parse($0, allowsFastPath: false).get().records
      }
      #expect(fast == general, "input \(index)")
    }
  }
}

@Suite("Parsing in two halves")
struct SplitParseTests {
  /// Records from a parse split at a heading near the middle, sequential ones and the
  /// records of the incremental parser all agree.
  private func expectSameRecords(_ bytes: [UInt8], _ label: String) throws {
    let split = try bytes.withUnsafeBufferPointer {
      try DocumentParser.parse($0, parallelThreshold: 0).get().records
    }
    let whole = try bytes.withUnsafeBufferPointer {
      try DocumentParser.parse($0, parallelThreshold: .max).get().records
    }
    let incremental = bytes.withUnsafeBufferPointer {
      let start = DocumentParser.hasByteOrderMark($0) ? 3 : 0
      return DocumentParser.parse($0, from: start, firstLineIndex: 0, capacity: 1) { _ in false }
        .records
    }
    #expect(split == whole, "\(label): split")
    #expect(incremental == whole, "\(label): incremental")
  }

  @Test func generatedDocumentsParseTheSameInHalves() throws {
    for seed in UInt64(1)...2_000 {
      var generator = DocumentGenerator(seed: seed)
      try expectSameRecords(generator.document(), "seed \(seed)")
    }
    for name in TestSupport.sampleNames {
      try expectSameRecords(try TestSupport.sampleBytes(name), name)
    }
  }

  /// A heading in the second half that a fenced code block, an HTML block or front
  /// matter from the first half swallows is not a place to split.
  @Test func swallowedHeadingsFallBackToOnePiece() throws {
    let filler = String(repeating: "- [ ] item\n", count: 20)
    let cases = [
      "```\n" + filler + "# not a heading\n" + filler + "```\n# Real\n- [ ] a\n",
      "<div>\n" + filler + "# in html\n" + filler + "\n# Real\n",
      "<!--\n" + filler + "\n# in a comment\n" + filler + "-->\n",
      "---\n" + filler + "# in front matter\n" + filler + "---\n# After\n",
      "> quote\n" + filler + "# Heading\n- [ ] x\n" + filler,
      filler + "- [ ] parent\n  ```\n" + filler + "# Heading\n" + filler,
      filler + "#\n" + filler + "####### seven\n" + filler,
      filler + "\u{1F600} emoji\n# Heading \u{00E9}\n" + filler + "last line without newline",
    ]
    for (index, text) in cases.enumerated() {
      try expectSameRecords(Array(text.utf8), "case \(index)")
    }
  }

  /// A carriage return in either half (a CRLF line, or a lone CR that ends a line)
  /// makes the parse count lines the slow way, with the same records as in one piece,
  /// and the document knows it may hold one.
  @Test func carriageReturnsInEitherHalfAreFound() throws {
    let filler = String(repeating: "- [ ] item\n", count: 50)
    for (index, (text, lineCount)) in [
      (filler + "- [ ] a\r\n" + filler + "# Heading\n" + filler, 152),
      (filler + "# Heading\n" + filler + "- [ ] a\rb\n" + filler, 153),
      (filler + "# Heading\n" + filler + "last\r", 102),
    ].enumerated() {
      let bytes = Array(text.utf8)
      try expectSameRecords(bytes, "case \(index)")
      let parsed = try bytes.withUnsafeBufferPointer {
        try DocumentParser.parse($0, parallelThreshold: 0).get()
      }
      #expect(parsed.hasCarriageReturn, "case \(index)")
      #expect(parsed.records.count == lineCount, "case \(index)")
    }
    let plain = Array((filler + "# Heading\n" + filler).utf8)
    let parsed = try plain.withUnsafeBufferPointer {
      try DocumentParser.parse($0, parallelThreshold: 0).get()
    }
    #expect(!parsed.hasCarriageReturn)
  }

  /// Invalid UTF-8 in either half names the first bad byte in the whole document.
  @Test func invalidBytesAreFoundInEitherHalf() throws {
    let filler = Array(String(repeating: "- [ ] item\n", count: 50).utf8)
    let heading = Array("# Heading\n".utf8)
    for (bytes, offset) in [
      (filler + [0xFF] + filler + heading + filler, filler.count),
      (filler + filler + heading + filler + [0xC0, 0x80], filler.count * 3 + heading.count),
    ] {
      let result = bytes.withUnsafeBufferPointer { DocumentParser.parse($0, parallelThreshold: 0) }
      guard case .failure(.invalidUTF8(let byteOffset, _, _)) = result else {
        Issue.record("expected invalid UTF-8")
        continue
      }
      #expect(byteOffset == offset)
    }
  }
}

@Suite("Item text fast path")
struct ItemSplitTests {
  /// The one-pass split of an item's text agrees with the rules as written (note first,
  /// then tags backwards) on 20,000 texts built from the pieces that matter.
  @Test func oneForwardPassMatchesTheRules() {
    let pieces = [
      "a", "milk", "é", "日本", " ", "  ", "\t", "@", "@id(k1)", "@done(2024-01-02)", "@due", "@A",
      "@a-b_c", "@x(", ")", "(", "\\", "#", "# note", "  # n", "@v(a#b)", "@v(a  # b)", "a@b", "@@",
      "@t()", "  @id(k2)",
    ]
    for seed in UInt64(1)...20_000 {
      var random = TestRandom(seed: seed)
      var text = ""
      for _ in 0..<random.int(0...8) { text += random.pick(pieces) }
      let bytes = Array(("- [ ]" + text).utf8)
      bytes.withUnsafeBufferPointer { buffer in
        var fast = LineRecord(start: 0, end: UInt32(buffer.count))
        var general = fast
        FieldScanner.splitItem(buffer, afterBox: 5, end: buffer.count, into: &fast)
        FieldScanner.splitItemInGeneral(buffer, afterBox: 5, end: buffer.count, into: &general)
        #expect(fast == general, "seed \(seed): \(text)")
      }
    }
  }
}
