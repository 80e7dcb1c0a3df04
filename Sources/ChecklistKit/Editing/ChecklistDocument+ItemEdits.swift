/// Edits of one item's line: state, name, note, dates and ID.
///
/// Each edit rewrites only the item's line, in canonical form from the checkbox on,
/// keeping its indent, bullet and line ending, and gives the item an ID when it has
/// none. An edit that would not change the line writes nothing.
extension ChecklistDocument {
  /// Checks an item.
  ///
  /// - Parameters:
  ///   - item: the item.
  ///   - day: written as `@done(day)`, replacing any `@done`; `nil` leaves `@done`
  ///     as it is.
  /// - Throws: `EditError.itemNotFound` or `.ambiguousID`.
  public mutating func check(_ item: ItemReference, on day: CalendarDay?) throws(EditError) {
    try editItem(item) { line throws(EditError) in
      line.isChecked = true
      if let day { line.setTag(.done, escapedValue: Array(day.description.utf8)) }
    }
  }

  /// Unchecks an item and removes its `@done` tags.
  ///
  /// - Throws: `EditError.itemNotFound` or `.ambiguousID`.
  public mutating func uncheck(_ item: ItemReference) throws(EditError) {
    try editItem(item) { line throws(EditError) in
      line.isChecked = false
      line.removeTags(.done)
    }
  }

  /// Checks an unchecked item (adding `@done(day)` when `day` is given) or unchecks a
  /// checked one.
  ///
  /// - Returns: whether the item is checked afterwards.
  /// - Throws: `EditError.itemNotFound` or `.ambiguousID`.
  @discardableResult
  public mutating func toggle(_ item: ItemReference, on day: CalendarDay?) throws(EditError)
    -> Bool
  {
    let index = try lineIndex(of: item)
    if lines[index].isChecked {
      try uncheck(.line(index + 1))
      return false
    }
    try check(.line(index + 1), on: day)
    return true
  }

  /// Renames an item. The name is taken literally: characters the format would misread
  /// are escaped.
  ///
  /// - Throws: `EditError.emptyName` for an empty or blank name, `.lineBreak`,
  ///   `.itemNotFound` or `.ambiguousID`.
  public mutating func rename(_ item: ItemReference, to name: String) throws(EditError) {
    let escaped = try Escaping.itemName(name)
    try editItem(item) { line throws(EditError) in line.name = escaped }
  }

  /// Sets or (with `nil`) removes an item's note.
  ///
  /// - Throws: `EditError.lineBreak`, `.itemNotFound` or `.ambiguousID`.
  public mutating func setNote(_ note: String?, of item: ItemReference) throws(EditError) {
    let text = try note.map { text throws(EditError) in try Escaping.note(text) }
    try editItem(item) { line throws(EditError) in line.note = text }
  }

  /// Sets or (with `nil`) removes an item's `@done` date; the checkbox is unchanged.
  ///
  /// - Throws: `EditError.itemNotFound` or `.ambiguousID`.
  public mutating func setDoneDate(_ day: CalendarDay?, of item: ItemReference)
    throws(EditError)
  {
    try setDate(.done, day, of: item)
  }

  /// Sets or (with `nil`) removes an item's `@due` date.
  ///
  /// - Throws: `EditError.itemNotFound` or `.ambiguousID`.
  public mutating func setDueDate(_ day: CalendarDay?, of item: ItemReference)
    throws(EditError)
  {
    try setDate(.due, day, of: item)
  }

  /// Sets or (with `nil`) removes an item's `@due`, a day with or without a time.
  ///
  /// - Throws: `EditError.itemNotFound` or `.ambiguousID`.
  public mutating func setDue(_ due: DueMoment?, of item: ItemReference) throws(EditError) {
    try setTag(.due, due?.description, of: item)
  }

  /// Sets or (with `nil`) removes an item's `@remind`.
  ///
  /// - Throws: `EditError.itemNotFound` or `.ambiguousID`.
  public mutating func setReminder(_ reminder: Reminder?, of item: ItemReference)
    throws(EditError)
  {
    try setTag(.remind, reminder?.description, of: item)
  }

  /// Sets or (with `nil`) removes an item's `@every`.
  ///
  /// - Throws: `EditError.itemNotFound` or `.ambiguousID`.
  public mutating func setRecurrence(_ recurrence: Recurrence?, of item: ItemReference)
    throws(EditError)
  {
    try setTag(.every, recurrence?.description, of: item)
  }

  /// Gives an item an ID if it has none.
  ///
  /// - Returns: the item's ID.
  /// - Throws: `EditError.itemNotFound` or `.ambiguousID`.
  @discardableResult
  public mutating func assignID(to item: ItemReference) throws(EditError) -> String {
    let index = try lineIndex(of: item)
    try editItem(.line(index + 1)) { _ throws(EditError) in }
    return bytes.withUnsafeBufferPointer { buffer in
      ParsedLine(lines[index], buffer).idRange.map { buffer.text($0) } ?? ""
    }
  }

  /// Replaces an item's ID (one another item already has, after a transfer).
  mutating func setID(_ id: String, of item: ItemReference) throws(EditError) {
    try setTag(.id, id, of: item)
  }

  /// Gives every item without an ID a new one, in one pass over the file.
  ///
  /// - Returns: how many items got an ID.
  /// - Throws: `EditError.tooLarge`.
  @discardableResult
  public mutating func assignMissingIDs() throws(EditError) -> Int {
    try assignMissingIDs(onLines: nil)
  }

  /// Gives the items on these 1-based lines that have no ID a new one, in one pass over
  /// the file (lines that are not items, or have an ID, are left alone).
  ///
  /// - Returns: how many items got an ID.
  /// - Throws: `EditError.tooLarge`.
  @discardableResult
  public mutating func assignMissingIDs(onLines wanted: Set<Int>?) throws(EditError) -> Int {
    var existing = existingIDs()
    var contents: [(line: Int, content: [UInt8])] = []
    bytes.withUnsafeBufferPointer { buffer in
      for index in lines.indices where lines[index].kind == .item {
        if let wanted, !wanted.contains(index + 1) { continue }
        guard ParsedLine(lines[index], buffer).idRange == nil else { continue }
        var line = EditableLine(lines[index], in: buffer)
        let id = idGenerator.makeID(avoiding: existing)
        existing.insert(id)
        line.setTag(.id, escapedValue: Array(id.utf8))
        contents.append((index, line.composed))
      }
    }
    try rewriteLines(contents)
    return contents.count
  }

  // MARK: - Shared

  private mutating func setDate(
    _ key: ChecklistTag.Key, _ day: CalendarDay?, of item: ItemReference
  )
    throws(EditError)
  {
    try setTag(key, day?.description, of: item)
  }

  /// Sets a tag of any key (`@priority(high)`), its value escaped, or removes it (`nil`):
  /// the fields another format's view shows as tags, such as an Obsidian vault's task's
  /// priority and dates.
  ///
  /// - Throws: `EditError.unrepresentableValue` for a key that is no tag key,
  ///   `.itemNotFound`, `.ambiguousID`.
  public mutating func setTag(named key: String, to value: String?, of item: ItemReference)
    throws(EditError)
  {
    guard ChecklistTag.isValidKey(key) else { throw .unrepresentableValue(key) }
    let escaped = try value.map { text throws(EditError) in try Escaping.tagValue(text) }
    try editItem(item) { line throws(EditError) in
      if let escaped {
        line.setTag(named: Array(key.utf8), escapedValue: escaped)
      } else {
        line.removeTags(named: Array(key.utf8))
      }
    }
  }

  /// Sets a known tag to a value that needs no escaping (a day, a time, a reminder), or
  /// removes it.
  private mutating func setTag(_ key: ChecklistTag.Key, _ value: String?, of item: ItemReference)
    throws(EditError)
  {
    try editItem(item) { line throws(EditError) in
      if let value {
        line.setTag(key, escapedValue: Array(value.utf8))
      } else {
        line.removeTags(key)
      }
    }
  }

  /// Rewrites an item's line after `change`, giving the item an ID if it lacks one.
  mutating func editItem(
    _ item: ItemReference, _ change: (inout EditableLine) throws(EditError) -> Void
  ) throws(EditError) {
    let index = try lineIndex(of: item)
    var line = bytes.withUnsafeBufferPointer { EditableLine(lines[index], in: $0) }
    let before = line
    try change(&line)
    if !line.hasTag(.id) {
      line.setTag(.id, escapedValue: Array(idGenerator.makeID(avoiding: existingIDs()).utf8))
    }
    // A change that leaves every field as it was (a tag removed that is not there)
    // writes nothing: a line not in canonical form (`[X]`, other blanks) keeps its bytes.
    if line.holdsTheSameFields(as: before) { return }
    try rewriteLine(index, as: line.composed)
  }

  /// Rewrites one line, refusing (and leaving the document as it was) when that would
  /// change how another line reads, for chk or on GitHub: an item that held only its
  /// box, given a name or tags, would take in the text after it.
  ///
  /// - Throws: `EditError.changesOtherLines`.
  mutating func rewriteLine(_ index: Int, as content: [UInt8]) throws(EditError) {
    let original = self.content(ofLine: index)
    guard content != original else { return }
    let ending = ending(ofLine: index)
    let splice = try replaceLines(index..<(index + 1), with: [NewLine(content, ending: ending)])
    guard splice.keepsOtherLines else {
      try replaceLines(index..<(index + 1), with: [NewLine(original, ending: ending)])
      throw .changesOtherLines(line: index + 1)
    }
  }

  /// The 0-based line index of an item.
  ///
  /// - Throws: `EditError.itemNotFound`, or `.ambiguousID` when several items carry
  ///   the ID.
  package func lineIndex(of reference: ItemReference) throws(EditError) -> Int {
    switch reference {
    case .line(let line):
      guard lines.indices.contains(line - 1), lines[line - 1].kind == .item else {
        throw .itemNotFound(reference)
      }
      return line - 1
    case .id(let id):
      let found = itemIndices(withID: id)
      guard let first = found.first else { throw .itemNotFound(reference) }
      guard found.count == 1 else { throw .ambiguousID(id, lines: found.map { $0 + 1 }) }
      return first
    }
  }

  /// An ID no item or heading of the file uses, from the document's generator (what
  /// an editor offers inside `@id(`).
  ///
  /// - Complexity: O(*n*) in the size of the file.
  public mutating func unusedID() -> String {
    idGenerator.makeID(avoiding: existingIDs())
  }

  /// Every `@id` value in the file, on items and headings: they share one namespace.
  ///
  /// - Complexity: O(*n*) in the number of lines.
  func existingIDs() -> IDSet {
    var ids = IDSet(capacity: lines.count / 2)
    forEachIDValue { buffer, value in
      // An escaped value reads as its decoded text; most IDs hold no backslash.
      if buffer[value].contains(ASCII.backslash) {
        ids.insert(buffer.decodedTagValue(value))
      } else {
        ids.insert(hash: IDSet.hash(buffer, value))
      }
    }
    return ids
  }

  /// Calls `body` with the value range of every `@id` tag on items and headings.
  ///
  /// - Complexity: O(*n*) in the number of lines.
  func forEachIDValue(_ body: (UnsafeBufferPointer<UInt8>, Range<Int>) -> Void) {
    logWork("existingIDs")
    logWork("linesVisited", lines.count)
    bytes.withUnsafeBufferPointer { buffer in
      for record in lines where record.hasTags && (record.kind == .item || record.kind == .heading)
      {
        ParsedLine(record, buffer).forEachTag { span in
          if let value = span.value, ChecklistTag.Key.id.matches(buffer, span.key) {
            body(buffer, value)
          }
        }
      }
    }
  }
}
