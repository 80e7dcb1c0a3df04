/// Adding, renaming, deleting lists and setting their icons.
extension ChecklistDocument {
  /// Adds an empty list at the end of the file: a heading at the level the file's lists
  /// use (that of the last heading with items; `##` when there is none), after a blank
  /// line.
  ///
  /// - Throws: `EditError.emptyName`, `.lineBreak`, `.listExists`,
  ///   `.unrepresentableValue` (for the icon) or `.unsupportedPosition` (when the file
  ///   ends inside HTML or a code block that is never closed).
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
    let original = self
    let splice = try replaceLines(end..<lines.count, with: newLines)
    // A file that ends inside HTML or code never closed would swallow the heading.
    let new = splice.replaced.lowerBound + splice.count - 1
    guard lines[new].kind == .heading, splice.keepsOtherLines else {
      self = original
      throw .unsupportedPosition(line: new + 1)
    }
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

  /// What removing a list takes with it: its items (sub-items included) and the other
  /// non-blank lines under its heading (prose, code, HTML, tables), which no list
  /// screen shows: what a front end says before `deleteList`.
  ///
  /// - Throws: `EditError.listNotFound` or `.ambiguousID`.
  /// - Complexity: O(*k*) in the list's lines.
  public func removal(of list: ListReference) throws(EditError) -> ListRemoval {
    let range: Range<Int>
    var kept = Set<Int>()
    if let heading = try headingLine(of: list) {
      var end = heading + 1
      while end < lines.count, lines[end].kind != .heading { end += 1 }
      range = (heading + 1)..<end
      kept = Set(referenceDefinitions(in: range))
    } else {
      let end = lines.firstIndex { $0.kind == .heading } ?? lines.count
      let items = topLevelItems(in: 0..<end)
      guard let first = items.first, let last = items.last else { throw .listNotFound(list) }
      range = first..<(Int(lines[last].last) + 1)
    }
    var removal = ListRemoval(items: 0, otherLines: 0)
    for index in range where !kept.contains(index) {
      switch lines[index].kind {
      case .item: removal.items += 1
      case .blank: break
      default: removal.otherLines += 1
      }
    }
    return removal
  }

  /// Deletes a list: its heading and every line up to the next heading (and, for the
  /// last list, the blank lines before it). For the unnamed list, only its items (with
  /// their sub-items) go. Link reference definitions (`[label]: url`) in the list stay,
  /// unindented after a blank line: they show nothing, and links elsewhere in the file
  /// may use them. A list whose raw HTML opens or closes an element without the other
  /// half (a `<details>` around later lists) is refused: deleting it would change the
  /// lines around it on GitHub.
  ///
  /// - Throws: `EditError.listNotFound`, `.unbalancedHTML` or `.unsupportedPosition`.
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
    if let (line, element) = unbalancedHTML(in: heading..<end) {
      throw .unbalancedHTML(line: line + 1, element: element)
    }
    let definitions = referenceDefinitions(in: (heading + 1)..<end)
    guard !definitions.isEmpty else {
      try deleteLines(start..<end)
      return
    }
    var kept = definitions.map {
      NewLine(Array(content(ofLine: $0).drop(while: ASCII.isSpaceOrTab)))
    }
    if start > 0, lines[start - 1].kind != .blank { kept.insert(NewLine([]), at: 0) }
    if end < lines.count { kept.append(NewLine([])) }
    let original = self
    let splice = try replaceLines(start..<end, with: kept)
    guard splice.keepsOtherLines else {
      self = original
      throw .unsupportedPosition(line: heading + 1)
    }
  }

  /// The first HTML block line in `range` from which the range's raw HTML no longer
  /// balances, with the element; `nil` when every element it opens it also closes.
  func unbalancedHTML(in range: Range<Int>) -> (Int, String)? {
    var balance = HTMLBalance()
    var inHTML = false
    var first: Int?
    bytes.withUnsafeBufferPointer { buffer in
      for index in range {
        let record = lines[index]
        guard record.kind == .verbatim else {
          inHTML = false
          continue
        }
        if record.renders(LineRecord.Rendering.startsRawBlock) {
          var cursor = Int(record.start)
          while cursor < Int(record.end), ASCII.isSpaceOrTab(buffer[cursor]) { cursor += 1 }
          // An HTML block starts with '<'; code starts with a fence or an indent of four
          // (at the top level).
          inHTML =
            cursor < Int(record.end) && buffer[cursor] == ASCII.lessThan
            && (record.depth > 0 || cursor - Int(record.start) < 4)
        }
        guard inHTML else { continue }
        let wasBalanced = balance.unbalanced == nil
        balance.scan(buffer, Int(record.start)..<Int(record.end))
        if balance.unbalanced == nil {
          first = nil
        } else if wasBalanced {
          first = index
        }
      }
    }
    guard let element = balance.unbalanced else { return nil }
    return (first ?? range.lowerBound, element)
  }

  /// The lines in `range` that GitHub reads as link reference definitions: a line
  /// that looks like one and starts a paragraph, or follows another definition.
  private func referenceDefinitions(in range: Range<Int>) -> [Int] {
    var found: [Int] = []
    for index in range where lines[index].kind == .text && isReferenceDefinition(index) {
      if lines[index].renders(LineRecord.Rendering.startsParagraph) || found.last == index - 1 {
        found.append(index)
      }
    }
    return found
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
  func listNames() -> Set<String> {
    bytes.withUnsafeBufferPointer { buffer in
      Set(
        lines.lazy.filter { $0.kind == .heading }.map {
          ParsedLine($0, buffer).name
        })
    }
  }

  /// The name an escaped heading title reads as.
  func decodedHeadingName(_ escaped: [UInt8]) throws(EditError) -> String {
    escaped.withUnsafeBufferPointer { $0.decodedName(0..<$0.count) }
  }

  /// The heading level new lists get.
  func listHeadingLevel() -> Int {
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
