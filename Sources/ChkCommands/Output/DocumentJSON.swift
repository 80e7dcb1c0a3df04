import ChecklistKit
import ChkWorkspace

/// The JSON of `chk list --json` and `chk lists --json` (see chk(1)).
enum DocumentJSON {
  /// - Parameter reminders: the file's reminder defaults (`.chk.json`), for `remindAt`.
  static func render(
    file: String, lists: [FilteredList], numbers: ItemNumbers,
    reminders: ReminderDefaults = ReminderDefaults()
  ) -> [UInt8] {
    var json = JSONWriter()
    // One buffer for every item's fields.
    var scratch = (bytes: [UInt8](), tags: [ItemLineTag]())
    json.beginObject()
    json.field("file", file)
    json.key("lists")
    json.beginArray()
    for entry in lists {
      let list = entry.list
      writeList(list, open: list.openCount, done: list.doneCount, to: &json)
      for item in entry.items {
        write(item, to: &json, numbers: numbers, reminders: reminders, scratch: &scratch)
      }
      json.endArray()
      json.endObject()
    }
    json.endArray()
    json.endObject()
    return json.bytes
  }

  /// `render` of every list, unfiltered, in file order, written to `output` as it goes:
  /// from the document's outline, one item value (without sub-items) at a time, the
  /// nesting rebuilt as `ChecklistDocument.lists` builds it. A large file's lists are
  /// written in runs of about `chunk` items, two runs at a time on two threads into two
  /// buffers; a small one's straight out, at most about a megabyte held.
  ///
  /// - Complexity: O(*n*) in the number of lines; memory for the outline and two runs'
  ///   JSON, not the whole JSON.
  static func stream(
    _ document: ChecklistDocument, file: String, reminders: ReminderDefaults,
    to output: ByteOutput, chunk: Int = 1 << 14
  ) {
    var head = JSONWriter()
    head.beginObject()
    head.field("file", file)
    head.key("lists")
    head.beginArray()
    output.writeExact(head.bytes)
    let outline = document.outline
    let runs = ListRuns(outline, chunk: chunk)
    if runs.runs.count <= 1 {
      var json = JSONWriter()
      writeLists(runs.lists[...], of: document, outline: outline, reminders, to: &json) {
        if $0.count >= 1 << 20 { $0.flush { output.writeExact($0) } }
      }
      output.writeExact(json.bytes)
    } else {
      var wroteAny = false
      runs.forEachRun { lists, storage in
        var json = JSONWriter(reusing: storage)
        writeLists(lists, of: document, outline: outline, reminders, to: &json) { _ in }
        return (json.takeBytes(), true)
      } write: { bytes, _, _ in
        if wroteAny { output.writeExact([UInt8(ascii: ",")]) }
        wroteAny = true
        output.writeExact(bytes)
      }
    }
    output.writeExact(Array("]}\n".utf8))
  }

  /// The lists (each its outline rows), one after another, at the writer's top level.
  private static func writeLists(
    _ lists: ArraySlice<ListRuns.List>, of document: ChecklistDocument, outline: [OutlineRow],
    _ reminders: ReminderDefaults, to json: inout JSONWriter,
    afterItem: (inout JSONWriter) -> Void
  ) {
    // The last line of each item still open (its sub-items may follow).
    var open: [Int] = []
    // Each item's fields go into one reused buffer: no item value, string or tag array.
    var fields: [UInt8] = []
    var tags: [ItemLineTag] = []
    for (rows, numbered, _) in lists {
      // Items are numbered in file order: the list's first is the one after those before.
      var number = numbered
      let heading = outline[rows.lowerBound]
      var (openCount, doneCount) = (0, 0)
      for row in outline[rows.dropFirst()] {
        if row.isChecked { doneCount += 1 } else { openCount += 1 }
      }
      let list = document.listFields(atLine: heading.line) ?? ItemList(name: nil)
      writeList(list, open: openCount, done: doneCount, to: &json)
      open.removeAll(keepingCapacity: true)
      for row in outline[rows.dropFirst()] {
        while let last = open.last, last < row.line {
          open.removeLast()
          closeItem(&json)
        }
        if open.count == ChecklistDocument.maximumItemNesting {
          // Too deep: the deepest open item closes early, as in `lists`.
          open.removeLast()
          closeItem(&json)
        }
        fields.removeAll(keepingCapacity: true)
        number += 1
        guard let item = document.appendItemLine(atLine: row.line, to: &fields, tags: &tags)
        else { continue }
        openItem(item, fields, tags, number: number, to: &json, reminders: reminders)
        open.append(row.lastLine)
        afterItem(&json)
      }
      for _ in open { closeItem(&json) }
      json.endArray()
      json.endObject()
    }
  }

  /// A list's fields, up to its open `items` array.
  private static func writeList(_ list: ItemList, open: Int, done: Int, to json: inout JSONWriter) {
    json.beginObject()
    json.field("name", list.name)
    json.field("id", list.id)
    json.field("icon", list.icon)
    json.field("line", list.line)
    json.field("open", open)
    json.field("done", done)
    json.key("items")
    json.beginArray()
  }

  /// An item a filter or a sort kept, with its sub-items: the same fields as a line's.
  private static func write(
    _ item: ChecklistItem, to json: inout JSONWriter, numbers: ItemNumbers,
    reminders: ReminderDefaults, scratch: inout (bytes: [UInt8], tags: [ItemLineTag])
  ) {
    scratch.bytes.removeAll(keepingCapacity: true)
    let fields = item.appendFields(to: &scratch.bytes, tags: &scratch.tags)
    openItem(
      fields, scratch.bytes, scratch.tags, number: numbers.number(ofLine: item.line),
      to: &json, reminders: reminders)
    for child in item.children {
      write(child, to: &json, numbers: numbers, reminders: reminders, scratch: &scratch)
    }
    closeItem(&json)
  }

  /// An item's fields, up to its open `children` array, from bytes an item line or an
  /// item value gave (`appendItemLine`, `appendFields`), the keys as literals.
  private static func openItem(
    _ item: ItemLineBytes, _ bytes: [UInt8], _ tags: [ItemLineTag], number: Int?,
    to json: inout JSONWriter, reminders: ReminderDefaults
  ) {
    bytes.withUnsafeBufferPointer { buffer in
      func slice(_ range: Range<Int>?) -> UnsafeBufferPointer<UInt8>? {
        range.map { UnsafeBufferPointer(rebasing: buffer[$0]) }
      }
      json.beginObject()
      json.key(literal: #""number":"#)
      json.number(number)
      json.field(literal: #""id":"#, bytes: slice(item.id))
      json.field(literal: #""name":"#, bytes: slice(item.name))
      json.key(literal: #""checked":"#)
      json.bool(item.isChecked)
      json.key(literal: #""done":"#)
      if let done = item.done {
        json.string { done.appendDescription(to: &$0) }
      } else {
        json.string(nil)
      }
      json.field(literal: #""due":"#, bytes: item.due == nil ? nil : slice(item.dueText))
      json.key(literal: #""dueTime":"#)
      json.string(item.due?.time?.description)
      json.key(literal: #""remindAt":"#)
      json.string(
        item.due.flatMap { Reminder.moment(for: item.reminder, due: $0, defaults: reminders) }?
          .description)
      json.field(literal: #""every":"#, bytes: slice(item.every))
      json.field(literal: #""note":"#, bytes: slice(item.note))
      json.key(literal: #""tags":"#)
      json.beginArray()
      for tag in tags {
        json.beginObject()
        json.field(literal: #""key":"#, bytes: slice(tag.key))
        json.field(literal: #""value":"#, bytes: slice(tag.value))
        json.endObject()
      }
      json.endArray()
      json.key(literal: #""line":"#)
      json.number(item.line)
      json.key(literal: #""children":"#)
      json.beginArray()
    }
  }

  private static func closeItem(_ json: inout JSONWriter) {
    json.endArray()
    json.endObject()
  }

  /// `due` (the tag's text, when it is a real day or day and time), `dueTime` and
  /// `remindAt` (`YYYY-MM-DDTHH:MM`, under the file's reminder defaults).
  static func writeDue(
    _ item: ChecklistItem, to json: inout JSONWriter, reminders: ReminderDefaults
  ) {
    json.field(ChecklistTag.Key.due.name, item.due == nil ? nil : item.tagValue(.due))
    json.field("dueTime", item.dueTime?.description)
    json.field("remindAt", item.remindAt(reminders)?.description)
  }
}
