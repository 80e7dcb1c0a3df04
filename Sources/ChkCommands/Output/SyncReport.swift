import ChecklistKit
import ChkWorkspace

/// What `chk sync` says of a run: a line per change on standard output (or one JSON
/// object with `--json`), conflicts, notes and refusals on standard error.
struct SyncReport {
  var report: VdirSync.Report
  var vdir: String
  var isDryRun: Bool

  func print(_ invocation: Invocation) {
    let itemCount = report.itemCount
    for conflict in report.conflicts {
      invocation.errors.line(
        "chk: \(conflict.place): '\(conflict.name)': \(conflict.field.property) changed on both "
          + "sides; kept the file's \(Self.shown(conflict.fileValue, conflict.field)), the vdir "
          + "had \(Self.shown(conflict.vdirValue, conflict.field))")
    }
    for note in report.notes { invocation.errors.line("chk: " + note) }
    for warning in report.warnings { invocation.errors.line("chk: " + warning) }
    for refusal in report.refusals {
      invocation.errors.line(
        "chk: refused: " + refusal + "; nothing was written (chk sync --allow-deletes if you "
          + "mean it)")
    }
    if invocation.arguments.has(.json) {
      invocation.output.writeExact(json)
      invocation.output.line("")
      return
    }
    guard !invocation.isQuiet else { return }
    let verb = isDryRun ? "would be " : ""
    for change in report.changes {
      var line = change.side == .file ? "file  " : "vdir  "
      line += verb
      line += change.action.rawValue
      line += " '\(Visible.text(change.name))'  \(Visible.text(change.place))"
      if !change.fields.isEmpty {
        line += " (" + change.fields.map(\.rawValue).joined(separator: ", ") + ")"
      }
      invocation.output.line(line)
    }
    if report.refusals.isEmpty, report.changes.isEmpty {
      invocation.output.line(
        "\(vdir) is up to date (\(itemCount) item\(itemCount == 1 ? "" : "s"))")
    } else if invocation.arguments.has(.verbose) {
      invocation.output.line(
        "read \(report.filesRead) .ics file\(report.filesRead == 1 ? "" : "s"), "
          + "compared \(report.itemsCompared) item\(report.itemsCompared == 1 ? "" : "s")")
    }
  }

  /// A field's value in a message: quoted, or "nothing".
  private static func shown(_ value: String, _ field: SyncFields.Field) -> String {
    if value.isEmpty { return "nothing" }
    if field == .checked { return "checked" }
    return "'" + Visible.text(value) + "'"
  }

  /// The run as JSON: `{"vdir", "dryRun", "upToDate", "changes": [...], "conflicts":
  /// [...], "notes": [...], "refused": [...]}` (chk(1) describes each member).
  var json: [UInt8] {
    var json = JSONWriter()
    json.beginObject()
    json.field("vdir", vdir)
    json.field("dryRun", isDryRun)
    json.field("upToDate", report.isUpToDate)
    json.key("changes")
    json.beginArray()
    for change in report.changes {
      json.beginObject()
      json.field("side", change.side.rawValue)
      json.field("action", change.action.rawValue)
      json.field("uid", change.uid)
      json.field("place", change.place)
      json.field("name", change.name)
      json.key("fields")
      json.beginArray()
      for field in change.fields { json.string(field.rawValue) }
      json.endArray()
      json.endObject()
    }
    json.endArray()
    json.key("conflicts")
    json.beginArray()
    for conflict in report.conflicts {
      json.beginObject()
      json.field("uid", conflict.uid)
      json.field("place", conflict.place)
      json.field("name", conflict.name)
      json.field("field", conflict.field.rawValue)
      json.field("fileValue", conflict.fileValue)
      json.field("vdirValue", conflict.vdirValue)
      json.endObject()
    }
    json.endArray()
    for (key, values) in [("notes", report.notes), ("refused", report.refusals)] {
      json.key(key)
      json.beginArray()
      for value in values { json.string(value) }
      json.endArray()
    }
    json.endObject()
    return json.bytes
  }
}
