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
    json.beginObject()
    json.field("file", file)
    json.key("lists")
    json.beginArray()
    for entry in lists {
      let list = entry.list
      json.beginObject()
      json.field("name", list.name)
      json.field("id", list.id)
      json.field("icon", list.icon)
      json.field("line", list.line)
      json.field("open", list.openCount)
      json.field("done", list.doneCount)
      json.key("items")
      json.beginArray()
      for item in entry.items {
        write(item, to: &json, numbers: numbers, reminders: reminders)
      }
      json.endArray()
      json.endObject()
    }
    json.endArray()
    json.endObject()
    return json.bytes
  }

  private static func write(
    _ item: ChecklistItem, to json: inout JSONWriter, numbers: ItemNumbers,
    reminders: ReminderDefaults
  ) {
    json.beginObject()
    json.field("number", numbers.number(ofLine: item.line))
    json.field("id", item.id)
    json.field("name", item.name)
    json.field("checked", item.isChecked)
    // The known dated tags, by the names the format declares.
    json.field(ChecklistTag.Key.done.name, item.doneDate?.description)
    writeDue(item, to: &json, reminders: reminders)
    json.field(ChecklistTag.Key.every.name, item.tagValue(.every))
    json.field("note", item.note)
    json.key("tags")
    json.beginArray()
    for tag in item.tags {
      json.beginObject()
      json.field("key", tag.key)
      json.field("value", tag.value)
      json.endObject()
    }
    json.endArray()
    json.field("line", item.line)
    json.key("children")
    json.beginArray()
    for child in item.children {
      write(child, to: &json, numbers: numbers, reminders: reminders)
    }
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
