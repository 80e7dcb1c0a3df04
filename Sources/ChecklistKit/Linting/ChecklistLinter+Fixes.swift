/// `lint --fix`: applying the fixes of fixable findings.
extension ChecklistLinter {
  /// What fixing did.
  public struct FixReport: Sendable, Hashable {
    /// How many findings were fixed.
    public var fixed: Int
    /// The findings that remain after fixing.
    public var remaining: [Diagnostic]
  }

  /// Applies every available fix, rewriting only the lines that fixable findings point
  /// at (each in canonical form from the checkbox on), and lints again.
  ///
  /// - Throws: `EditError.tooLarge`.
  public func fix(_ document: inout ChecklistDocument) throws(EditError) -> FixReport {
    let fixes = findings(in: document).filter { $0.fix != nil }
    guard !fixes.isEmpty else { return FixReport(fixed: 0, remaining: lint(document)) }
    var byLine: [Int: [Fix]] = [:]
    for finding in fixes {
      if let fix = finding.fix { byLine[finding.lineIndex, default: []].append(fix) }
    }
    var ids = document.existingIDs()
    var contents: [Int: [UInt8]] = [:]
    var generator = document.idGenerator
    document.bytes.withUnsafeBufferPointer { bytes in
      for (index, lineFixes) in byLine {
        var line = EditableLine(document.lines[index], in: bytes)
        for fix in Set(lineFixes).sorted() {
          switch fix {
          case .escapeCheckbox: Self.escapeCheckedBoxes(&line.name)
          case .separateTag: Self.separateTags(&line)
          case .removeDone: line.removeTags(.done)
          case .newID:
            let id = generator.makeID(avoiding: ids)
            ids.insert(id)
            line.setTag(.id, escapedValue: Array(id.utf8))
          }
        }
        contents[index] = line.composed
      }
    }
    document.idGenerator = generator
    try document.rewriteLines(contents)
    return FixReport(fixed: fixes.count, remaining: lint(document))
  }

  private static func escapeCheckedBoxes(_ name: inout [UInt8]) {
    var index = 0
    while index + 3 <= name.count {
      if name[index] == ASCII.openBracket, name[index + 1] | 0x20 == UInt8(ascii: "x"),
        name[index + 2] == ASCII.closeBracket
      {
        name.insert(ASCII.backslash, at: index + 2)
        index += 4
      } else {
        index += 1
      }
    }
  }

  /// Moves the run of tags that ends the name (after its first known tag) into the tags.
  private static func separateTags(_ line: inout EditableLine) {
    let name = line.name
    name.withUnsafeBufferPointer { bytes in
      var position = 0
      while position < bytes.count {
        if bytes[position] == ASCII.at, position > 0, ASCII.isSpaceOrTab(bytes[position - 1]),
          TagInName.isKnownTag(bytes, at: position),
          let tail = TagInName.tail(bytes, from: position, to: bytes.count)
        {
          var probe = LineRecord(start: 0, end: UInt32(bytes.count))
          probe.tagsStart = UInt32(tail.lowerBound)
          probe.tagsEnd = UInt32(tail.upperBound)
          var moved: [[UInt8]] = []
          ParsedLine(probe, bytes).forEachTag { moved.append(Array(bytes[$0.whole])) }
          line.name = Array(bytes[FieldScanner.trimmed(bytes, from: 0, to: position)])
          line.tags = moved + line.tags
          return
        }
        position += 1
      }
    }
  }
}
