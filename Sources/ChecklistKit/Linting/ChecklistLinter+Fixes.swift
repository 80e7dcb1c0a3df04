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
    let fixed = try fix(&document) { _ in true }
    return FixReport(fixed: fixed, remaining: lint(document))
  }

  /// Applies the fixes of the fixable findings `include` picks (an editor's quick fix
  /// for one diagnostic), rewriting only their lines.
  ///
  /// - Returns: how many findings were fixed.
  /// - Throws: `EditError.tooLarge`.
  public func fix(_ document: inout ChecklistDocument, where include: (Diagnostic) -> Bool)
    throws(EditError) -> Int
  {
    let fixes = findings(in: document).filter { $0.fix != nil && include($0.diagnostic) }
    guard !fixes.isEmpty else { return 0 }
    // Grouped by line, in line order (the sort is stable: a line's fixes keep theirs).
    let byLine = fixes.compactMap { finding in finding.fix.map { (finding.lineIndex, $0) } }
      .sorted { $0.0 < $1.0 }
    var ids = document.existingIDs()
    var contents: [(line: Int, content: [UInt8])] = []
    var generator = document.idGenerator
    document.bytes.withUnsafeBufferPointer { bytes in
      var start = 0
      while start < byLine.count {
        let index = byLine[start].0
        var end = start + 1
        while end < byLine.count, byLine[end].0 == index { end += 1 }
        var line = EditableLine(document.lines[index], in: bytes)
        // Each kind of fix once, in their order (most lines have one).
        let kinds =
          end - start == 1 ? [byLine[start].1] : Set(byLine[start..<end].map(\.1)).sorted()
        for fix in kinds {
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
        contents.append((index, line.composed))
        start = end
      }
    }
    document.idGenerator = generator
    try document.rewriteLines(contents)
    return fixes.count
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
