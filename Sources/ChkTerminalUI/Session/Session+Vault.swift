import ChecklistKit
import ChkWorkspace

/// A file in the Obsidian Tasks format on the screen: shown as chk's view of it; Space
/// and x toggle a task as the plugin's "Toggle task done" does (what `chk toggle` does
/// there), through the same safe write and history; the other keys that would change
/// it say so and change nothing.
extension Session {
  /// What a key that would change a vault's file says.
  static let vaultRefusal =
    "in the Obsidian Tasks format, only Space and x change a task here (as the plugin does); "
    + "nothing was changed"

  /// Space and x in a file of the plugin's format.
  func toggleInVault(file index: Int, line: Int) {
    guard case .obsidianTasks(let settings, _) = files[index].dialect else { return }
    guard !files[index].isReadOnly else {
      return setStatus(
        "\(files[index].path.shown) is read-only; nothing was changed", isError: true)
    }
    let anchor = currentAnchor
    let path = files[index].path
    let shown = files[index].document.serialized()
    let name = files[index].document.itemFields(atLine: line)?.label(shown: DisplayText.safe) ?? ""
    let today = self.today
    var outcome: ObsidianTasksView.CheckOutcome?
    var isStale = false
    do throws(WorkspaceError) {
      let written = try workspace.fileEdit().apply(to: path) { opened throws(WorkspaceError) in
        // The screen shows the view of the bytes last read: anything else is another
        // writer's change, not to be written over.
        guard
          ObsidianTasksView.chkBytes(of: opened.contents, settings: settings).hasSameBytes(
            as: shown)
        else {
          isStale = true
          throw WorkspaceError(message: "the file changed on disk", kind: .busy)
        }
        guard
          let (bytes, outcomes) = ObsidianTasksView.settingChecked(
            opened.contents, lines: [line], action: .toggle, today: today, createdOn: today,
            settings: settings, addsNext: true)
        else {
          throw WorkspaceError(message: "line \(line) is not a task the plugin reads", kind: .usage)
        }
        outcome = outcomes.first
        let verb = outcome?.isDoneNow == true ? "checked " : "unchecked "
        return (bytes, HistoryLabel("chk tui: " + verb + name))
      }
      try files[index].replace(
        written.after, identity: written.identity ?? ChecklistFile.identity(of: path.absolute))
      lastTransfer = nil
      undoneTransfer = nil
      var message = (outcome?.isDoneNow == true ? "checked " : "unchecked ") + name
      if let date = outcome?.nextDate {
        message += "; the next one is due " + (date.isEmpty ? "with no date" : date)
      }
      if outcome?.removed == true { message += "; removed it (🏁 delete)" }
      if let rule = outcome?.unreadRule { message += "; no next one: chk does not read '\(rule)'" }
      setStatus(message)
    } catch {
      if files[index].changedOnDisk || isStale, (try? files[index].reload()) != nil {
        didReload(index)
        setStatus(
          "\(path.shown) changed on disk and was read again; nothing was written", isError: true)
      } else {
        setStatus(error.message, isError: true)
      }
    }
    rebuildRows(keeping: anchor)
    if screen == .due { rebuildDue() }
  }
}
