/// Lists used again: resetting a list, and copying one as a new list.
extension ChecklistDocument {
  /// Unchecks every item of a list (or of the file, for `nil`) and removes their
  /// `@done` tags, keeping IDs, notes and due days (an item rewritten without an ID
  /// gets one, as with every edit). Only the lines that change are rewritten, in one
  /// pass.
  ///
  /// - Returns: how many items changed.
  /// - Throws: `EditError.listNotFound`, `.changesOtherLines` or `.tooLarge`.
  @discardableResult
  public mutating func resetItems(in list: ListReference?) throws(EditError) -> Int {
    let range = try list.map { list throws(EditError) in try lineRange(of: list) } ?? lines.indices
    var contents: [(line: Int, content: [UInt8])] = []
    // Like every edit, one that rewrites an item without an ID gives it one.
    var ids: IDSet?
    var idGenerator = self.idGenerator
    bytes.withUnsafeBufferPointer { buffer in
      for index in range where lines[index].kind == .item {
        let record = lines[index]
        guard record.isChecked || ParsedLine(record, buffer).tag(.done) != nil else { continue }
        var line = EditableLine(record, in: buffer)
        line.isChecked = false
        line.removeTags(.done)
        if !line.hasTag(.id) {
          if ids == nil { ids = existingIDs() }
          let id = idGenerator.makeID(avoiding: ids ?? IDSet())
          ids?.insert(id)
          line.setTag(.id, escapedValue: Array(id.utf8))
        }
        contents.append((index, line.composed))
      }
    }
    self.idGenerator = idGenerator
    guard !contents.isEmpty else { return 0 }
    let original = self
    try rewriteLines(contents)
    // Unchecking never changes what a line is; should it ever, nothing is kept.
    let changed =
      lines.indices.first { $0 < original.lines.count && lines[$0].kind != original.lines[$0].kind }
      ?? (lines.count == original.lines.count ? nil : min(lines.count, original.lines.count))
    if let changed {
      self = original
      throw .changesOtherLines(line: changed + 1)
    }
    return contents.count
  }

  /// Copies a list as a new list named `name`: its heading (with a new `@id` if it had
  /// one) and everything up to the next heading, prose included, with every item
  /// unchecked, without `@done`, and with a new ID.
  ///
  /// - Parameters:
  ///   - list: the list to copy.
  ///   - source: the document it is in; `nil` for this one.
  ///   - name: the new list's name.
  ///   - after: the list the copy goes after; `nil` for the end of the file.
  /// - Returns: how many items the copy holds.
  /// - Throws: `EditError.listNotFound`, `.listExists`, `.emptyName`, `.lineBreak`,
  ///   `.unbalancedHTML` (the list opens an HTML element it does not close) or
  ///   `.unsupportedPosition` (the copy would not read as a list where it goes).
  @discardableResult
  public mutating func copyList(
    _ list: ListReference, from source: ChecklistDocument? = nil, as name: String,
    after: ListReference? = nil
  ) throws(EditError) -> Int {
    let escaped = try Escaping.headingName(name)
    if listNames().contains(try decodedHeadingName(escaped)) { throw .listExists(name) }
    let from = source ?? self
    let range = try from.lineRange(of: list)
    if let (line, element) = from.unbalancedHTML(in: range) {
      throw .unbalancedHTML(line: line + 1, element: element)
    }
    var ids = existingIDs()
    var idGenerator = self.idGenerator
    func newID() -> [UInt8] {
      let id = idGenerator.makeID(avoiding: ids)
      ids.insert(id)
      return Array(id.utf8)
    }
    var copied: [NewLine] = []
    var items = 0
    from.bytes.withUnsafeBufferPointer { buffer in
      let heading = range.first.flatMap { from.lines[$0].kind == .heading ? $0 : nil }
      var line: EditableLine
      if let heading {
        line = EditableLine(from.lines[heading], in: buffer)
        line.name = escaped
        if line.hasTag(.id) { line.setTag(.id, escapedValue: newID()) }
      } else {
        line = EditableLine(
          headingPrefix: Array(repeating: ASCII.hash, count: listHeadingLevel()), name: escaped)
      }
      copied.append(NewLine(line.composed))
      var end = range.upperBound
      while end > range.lowerBound, from.lines[end - 1].kind == .blank { end -= 1 }
      let body = (heading.map { $0 + 1 } ?? range.lowerBound)..<max(end, range.lowerBound)
      if heading == nil { copied.append(NewLine([])) }
      for index in body {
        let record = from.lines[index]
        guard record.kind == .item else {
          copied.append(NewLine(Array(buffer[Int(record.start)..<Int(record.end)])))
          continue
        }
        items += 1
        var item = EditableLine(record, in: buffer)
        item.isChecked = false
        item.removeTags(.done)
        item.setTag(.id, escapedValue: newID())
        copied.append(NewLine(item.composed))
      }
    }
    // Where it goes: after the list named (before the next heading), or at the end.
    var position = lines.count
    if let after {
      position = try lineRange(of: after).upperBound
    }
    var start = position
    while start > 0, lines[start - 1].kind == .blank { start -= 1 }
    if start > 0 { copied.insert(NewLine([]), at: 0) }
    if position < lines.count { copied.append(NewLine([])) }
    let original = self
    let splice = try replaceLines(start..<position, with: copied)
    // The copy's lines start where the replaced ones did (a last line without an
    // ending, given one first, keeps its index).
    let heading = start + (start > 0 ? 1 : 0)
    let end = min(lines.count, start + copied.count)
    let newItems = lines[min(heading, end)..<end].count { $0.kind == .item }
    guard splice.keepsOtherLines, heading < end, lines[heading].kind == .heading,
      newItems == items
    else {
      self = original
      throw .unsupportedPosition(line: heading + 1)
    }
    self.idGenerator = idGenerator
    return items
  }

  /// The lines of a list: its heading up to the next heading (the unnamed list: the
  /// lines before the first heading).
  ///
  /// - Throws: `EditError.listNotFound`.
  func lineRange(of list: ListReference) throws(EditError) -> Range<Int> {
    guard let heading = try headingLine(of: list) else {
      let end = lines.firstIndex { $0.kind == .heading } ?? lines.count
      guard lines[0..<end].contains(where: { $0.kind == .item }) else {
        throw .listNotFound(list)
      }
      return 0..<end
    }
    var end = heading + 1
    while end < lines.count, lines[end].kind != .heading { end += 1 }
    return heading..<end
  }
}
