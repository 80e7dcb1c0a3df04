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

  /// Random bytes: the validator must agree with the standard library's decoder.
  @Test func agreesWithStandardLibrary() {
    for seed in UInt64(1)...2_000 {
      var random = TestRandom(seed: seed)
      var bytes = random.bytes(random.int(0...64))
      if random.chance(0.5) { bytes = bytes.map { $0 & 0x7F | (random.chance(0.1) ? 0x80 : 0) } }
      let valid = String(validating: bytes, as: UTF8.self) != nil
      let found = bytes.withUnsafeBufferPointer { UTF8Validation.firstInvalidOffset($0) }
      #expect((found == nil) == valid, "seed \(seed): \(bytes)")
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
