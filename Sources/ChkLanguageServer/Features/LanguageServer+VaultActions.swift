import ChecklistKit
import ChkWorkspace

/// Code actions in a file of the Obsidian Tasks format.
extension LanguageServer {
  /// Check, uncheck and toggle in a file of the Obsidian Tasks format, as the plugin
  /// makes them (`ObsidianTasksView.settingChecked`, what `chk check` does there): for
  /// the tasks of chk's view of the buffer under the selection.
  func vaultActions(_ params: RangeParams, _ settings: ObsidianTaskSettings) -> JSONValue {
    let document = params.document
    let only = params.raw["context"]?["only"]?.arrayValue?.compactMap(\.stringValue)
    func wanted(_ kind: String) -> Bool {
      guard let only else { return true }
      return only.contains { kind == $0 || kind.hasPrefix($0 + ".") }
    }
    let firstLine =
      document.buffer.line(ofOffset: document.buffer.offset(of: params.start, encoding)) + 1
    var lastLine =
      document.buffer.line(ofOffset: document.buffer.offset(of: params.end, encoding)) + 1
    if lastLine > firstLine, params.end.character == 0 { lastLine -= 1 }
    guard
      let view = try? ChecklistDocument(
        parsing: ObsidianTasksView.chkBytes(of: document.bytes, settings: settings))
    else { return [] }
    let items = (firstLine...lastLine).prefix(Self.maximumSelectedItems).compactMap {
      view.item(at: .line($0))
    }
    guard !items.isEmpty else { return [] }
    let noun = items.count == 1 ? "task" : "\(items.count) tasks"
    var variants: [(String, String, ChecklistDocument.CheckChange.Action)] = []
    if items.contains(where: { !$0.isChecked }) {
      variants.append(("Check \(noun)", CodeActionKind.check, .check))
    }
    if items.contains(where: \.isChecked) {
      variants.append(("Uncheck \(noun)", CodeActionKind.uncheck, .uncheck))
    }
    variants.append(("Toggle \(noun)", CodeActionKind.toggle, .toggle))
    let today = environment.workspace.today
    var actions: [JSONValue] = []
    for (title, kind, change) in variants where wanted(kind) {
      guard
        let (new, _) = ObsidianTasksView.settingChecked(
          document.bytes, lines: items.map(\.line), action: change, today: today, createdOn: today,
          settings: settings, addsNext: true), new != document.bytes
      else { continue }
      actions.append(action(title, kind: kind, edit: workspaceEdit(document, new)))
    }
    return .array(actions)
  }
}
