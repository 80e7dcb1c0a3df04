/// One tag of an item line as `ItemLineBytes` gives it: the key as written and the
/// value decoded, as ranges of the caller's buffer.
package struct ItemLineTag: Sendable {
  package var key: Range<Int>
  package var value: Range<Int>?
}

/// Everything `ChecklistItem` holds of one item line but its sub-items (and, unless
/// asked for, its tags), as ranges of a buffer the caller reuses: for views of a
/// million items (`list`, `list --json`) that would otherwise make an item value, its
/// strings and its tag array for each.
package struct ItemLineBytes: Sendable {
  package var isChecked: Bool
  /// The 1-based line.
  package var line: Int
  /// The name, escapes decoded (`ChecklistItem.name`).
  package var name: Range<Int>
  /// The note as written, trimmed (`ChecklistItem.note`).
  package var note: Range<Int>?
  /// The first `@id` with a value, decoded (`ChecklistItem.id`).
  package var id: Range<Int>?
  /// The first `@due` and `@done` that are real days, and the first valid `@remind`
  /// (`ChecklistItem.due`, `doneDate`, `reminder`).
  package var due: DueMoment?
  package var done: CalendarDay?
  package var reminder: Reminder?
  /// The value of the first `@due` and of the first `@every`, decoded, whatever they
  /// hold; `nil` when there is none or it has no value (`ChecklistItem.tagValue`).
  package var dueText: Range<Int>?
  package var every: Range<Int>?

  package init(
    isChecked: Bool, line: Int, name: Range<Int>, note: Range<Int>? = nil, id: Range<Int>? = nil,
    due: DueMoment? = nil, done: CalendarDay? = nil, reminder: Reminder? = nil,
    dueText: Range<Int>? = nil, every: Range<Int>? = nil
  ) {
    self.isChecked = isChecked
    self.line = line
    self.name = name
    self.note = note
    self.id = id
    self.due = due
    self.done = done
    self.reminder = reminder
    self.dueText = dueText
    self.every = every
  }
}

extension ChecklistDocument {
  /// Appends the fields of the item on a 1-based line to `buffer`, and its tags to
  /// `tags` (emptied first), and returns where they are; `nil` when the line is not an
  /// item. The fields are those of `item(at: .line(line))` without its sub-items
  /// (`ItemBytesTests` compares them on the corpus).
  ///
  /// - Complexity: O(*m*) in the line's length.
  package func appendItemLine(
    atLine line: Int, to buffer: inout [UInt8], tags: inout [ItemLineTag]
  ) -> ItemLineBytes? {
    tags.removeAll(keepingCapacity: true)
    return appendItemLine(atLine: line, to: &buffer, tags: &tags, recordsTags: true)
  }

  /// `appendItemLine` without the tags: only the fields' bytes are appended.
  package func appendItemLine(atLine line: Int, to buffer: inout [UInt8]) -> ItemLineBytes? {
    var none: [ItemLineTag] = []
    return appendItemLine(atLine: line, to: &buffer, tags: &none, recordsTags: false)
  }

  private func appendItemLine(
    atLine line: Int, to buffer: inout [UInt8], tags: inout [ItemLineTag], recordsTags: Bool
  ) -> ItemLineBytes? {
    guard line >= 1, line <= lines.count, lines[line - 1].kind == .item else { return nil }
    let record = lines[line - 1]
    return bytes.withUnsafeBufferPointer { bytes in
      let parsed = ParsedLine(record, bytes)
      func appended(_ body: (inout [UInt8]) -> Void) -> Range<Int> {
        let start = buffer.count
        body(&buffer)
        return start..<buffer.count
      }
      var fields = ItemLineBytes(
        isChecked: record.isChecked, line: line,
        name: appended { bytes.appendDecodedName(parsed.nameRange, to: &$0) })
      if let note = parsed.noteRange {
        fields.note = appended { $0.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[note])) }
      }
      guard record.hasTags else { return fields }
      var dueSeen = false
      var everySeen = false
      var spans = parsed.tagSpanIterator
      while let span = spans.next() {
        // The decoded value, appended once: for every tag when the tags are asked for,
        // else only for the fields that hold it.
        var value: Range<Int>?
        func decoded() -> Range<Int>? {
          guard let raw = span.value else { return nil }
          if value == nil { value = appended { bytes.appendDecodedTagValue(raw, to: &$0) } }
          return value
        }
        if recordsTags {
          let key = appended {
            $0.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[span.key]))
          }
          tags.append(ItemLineTag(key: key, value: decoded()))
        }
        guard let known = ChecklistTag.Key.known(in: bytes, span.key) else { continue }
        switch known {
        case .id where fields.id == nil:
          fields.id = decoded()
        case .due:
          if !dueSeen { fields.dueText = decoded() }
          dueSeen = true
          if fields.due == nil, let raw = span.value { fields.due = DueMoment.parse(bytes, raw) }
        case .done where fields.done == nil:
          if let raw = span.value { fields.done = CalendarDay.parse(bytes, raw) }
        case .every where !everySeen:
          everySeen = true
          fields.every = decoded()
        case .remind where fields.reminder == nil:
          if let raw = span.value { fields.reminder = Reminder(bytes.decodedTagValue(raw)) }
        default: break
        }
      }
      return fields
    }
  }
}

extension ChecklistItem {
  /// The item's fields (its sub-items aside) as `ChecklistDocument.appendItemLine` gives
  /// those of its line: appended to `buffer`, its tags to `tags` (emptied first). For
  /// writers that take items a filter or a sort kept, and the lines of a file alike.
  package func appendFields(to buffer: inout [UInt8], tags: inout [ItemLineTag])
    -> ItemLineBytes
  {
    tags.removeAll(keepingCapacity: true)
    let fields = appendFields(to: &buffer)
    for tag in self.tags {
      let key = Self.append(tag.key, to: &buffer)
      tags.append(ItemLineTag(key: key, value: tag.value.map { Self.append($0, to: &buffer) }))
    }
    return fields
  }

  /// `appendFields` without the tags: only the fields' bytes are appended.
  package func appendFields(to buffer: inout [UInt8]) -> ItemLineBytes {
    // The first `@due` and `@every` (`tagValue`), found in one look at the tags.
    var (dueTag, everyTag): (ChecklistTag?, ChecklistTag?) = (nil, nil)
    for tag in tags where dueTag == nil || everyTag == nil {
      if dueTag == nil, tag.key == ChecklistTag.Key.due.name { dueTag = tag }
      if everyTag == nil, tag.key == ChecklistTag.Key.every.name { everyTag = tag }
    }
    return ItemLineBytes(
      isChecked: isChecked, line: line, name: Self.append(name, to: &buffer),
      note: note.map { Self.append($0, to: &buffer) }, id: id.map { Self.append($0, to: &buffer) },
      due: due, done: doneDate, reminder: reminder,
      dueText: dueTag?.value.map { Self.append($0, to: &buffer) },
      every: everyTag?.value.map { Self.append($0, to: &buffer) })
  }

  private static func append(_ text: String, to buffer: inout [UInt8]) -> Range<Int> {
    let start = buffer.count
    buffer += text.utf8
    return start..<buffer.count
  }
}
