/// Adding, renaming, deleting lists and setting their icons.
extension ChecklistDocument {
  /// Adds an empty list at the end of the file: a heading at the level the file's lists
  /// use (that of the last heading with items; `##` when there is none), after a blank
  /// line.
  ///
  /// - Throws: `EditError.emptyName`, `.lineBreak`, `.listExists` or
  ///   `.unrepresentableValue` (for the icon).
  public mutating func addList(named name: String, icon: String? = nil) throws(EditError) {
    let escaped = try Escaping.headingName(name)
    if listNames().contains(try decodedHeadingName(escaped)) { throw .listExists(name) }
    var line = EditableLine(
      headingPrefix: Array(repeating: ASCII.hash, count: listHeadingLevel()), name: escaped)
    if let icon { line.setTag(.icon, escapedValue: try Escaping.tagValue(icon)) }
    var newLines = [NewLine(line.composed)]
    var end = lines.count
    while end > 0, lines[end - 1].kind == .blank { end -= 1 }
    if end > 0 { newLines.insert(NewLine([]), at: 0) }
    try replaceLines(end..<lines.count, with: newLines)
  }

  /// Renames a list, keeping its heading's tags.
  ///
  /// - Throws: `EditError.emptyName`, `.lineBreak`, `.listNotFound` or `.listExists`.
  public mutating func renameList(_ list: ListReference, to name: String) throws(EditError) {
    let escaped = try Escaping.headingName(name)
    guard let heading = try headingLine(of: list) else { throw .listNotFound(list) }
    let newName = try decodedHeadingName(escaped)
    let current = bytes.withUnsafeBufferPointer {
      ParsedLine(lines[heading], $0).name
    }
    if newName != current, listNames().contains(newName) { throw .listExists(name) }
    try editHeading(heading) { line in line.name = escaped }
  }

  /// Sets or (with `nil`) removes a list's `@icon`.
  ///
  /// - Throws: `EditError.listNotFound`, `.lineBreak` or `.unrepresentableValue`.
  public mutating func setIcon(_ icon: String?, of list: ListReference) throws(EditError) {
    guard let heading = try headingLine(of: list) else { throw .listNotFound(list) }
    let value = try icon.map { text throws(EditError) in try Escaping.tagValue(text) }
    try editHeading(heading) { line in
      if let value {
        line.setTag(.icon, escapedValue: value)
      } else {
        line.removeTags(.icon)
      }
    }
  }

  /// Deletes a list: its heading and every line up to the next heading (and, for the
  /// last list, the blank lines before it). For the unnamed list, only its items (with
  /// their sub-items) go.
  ///
  /// - Throws: `EditError.listNotFound` or `.unsupportedPosition`.
  public mutating func deleteList(_ list: ListReference) throws(EditError) {
    guard let heading = try headingLine(of: list) else {
      let end = lines.firstIndex { $0.kind == .heading } ?? lines.count
      let items = topLevelItems(in: 0..<end)
      guard !items.isEmpty else { throw .listNotFound(list) }
      var copy = self
      for item in items.reversed() { try copy.deleteItem(.line(item + 1)) }
      self = copy
      return
    }
    var end = heading + 1
    while end < lines.count, lines[end].kind != .heading { end += 1 }
    var start = heading
    if end == lines.count {
      while start > 0, lines[start - 1].kind == .blank { start -= 1 }
    }
    try replaceLines(start..<end, with: [])
  }

  // MARK: - Shared

  private mutating func editHeading(_ index: Int, _ change: (inout EditableLine) -> Void)
    throws(EditError)
  {
    var line = bytes.withUnsafeBufferPointer { EditableLine(lines[index], in: $0) }
    change(&line)
    try rewriteLine(index, as: line.composed)
  }

  /// The names of every heading.
  private func listNames() -> Set<String> {
    bytes.withUnsafeBufferPointer { buffer in
      Set(
        lines.lazy.filter { $0.kind == .heading }.map {
          ParsedLine($0, buffer).name
        })
    }
  }

  /// The name an escaped heading title reads as.
  private func decodedHeadingName(_ escaped: [UInt8]) throws(EditError) -> String {
    escaped.withUnsafeBufferPointer { $0.decodedName(0..<$0.count) }
  }

  /// The heading level new lists get.
  private func listHeadingLevel() -> Int {
    var level: Int?
    var fallback = 2
    var currentLevel = 0
    for record in lines {
      if record.kind == .heading {
        let text = bytes[Int(record.start)..<Int(record.end)].drop(while: ASCII.isSpaceOrTab)
        currentLevel = text.prefix { $0 == ASCII.hash }.count
        fallback = max(2, currentLevel)
      } else if record.kind == .item, currentLevel > 0 {
        level = currentLevel
      }
    }
    return level ?? fallback
  }
}
