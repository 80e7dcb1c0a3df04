import ChecklistKit
import ChkWorkspace

/// A file in the Obsidian Tasks format on the screen: shown as chk's view of it; Space
/// and x toggle a task as the plugin's "Toggle task done" does (what `chk toggle` does
/// there); every other key edits the view and the edit is written back as the plugin
/// writes tasks (what `chk add`, `edit`, `rm` and `mv` do there); each through the same
/// safe write and history.
extension Session {
  /// `edit` for a file in the plugin's format: the change is made on a copy of the
  /// view on screen and written back into the file's lines
  /// (`ObsidianTasksView.writingBack`); the screen then shows the view of what was
  /// written. Refused, the file as it was, when the plugin's format cannot say it.
  func editInVault(
    _ index: Int, _ change: (inout ChecklistDocument) throws(EditError) -> String
  ) -> Bool {
    guard case .obsidianTasks(let settings, _) = files[index].dialect else { return false }
    let anchor = currentAnchor
    let path = files[index].path
    let view = files[index].document
    let shown = view.serialized()
    let today = self.today
    var message = ""
    var isStale = false
    do throws(WorkspaceError) {
      let written = try workspace.fileEdit().apply(to: path) { opened throws(WorkspaceError) in
        guard
          ObsidianTasksView.chkBytes(of: opened.contents, settings: settings).hasSameBytes(
            as: shown)
        else {
          isStale = true
          throw WorkspaceError(message: "the file changed on disk", kind: .busy)
        }
        // The same lines, each task's marked (`chkBytes(marksLines:)`): what is written
        // back knows each item's line for sure.
        let marked: ChecklistDocument
        do throws(ParseError) {
          marked = try ChecklistDocument(
            parsing: ObsidianTasksView.chkBytes(
              of: opened.contents, settings: settings, marksLines: true))
        } catch {
          throw WorkspaceError(message: error.message, kind: .invalidData)
        }
        var document = marked
        document.idGenerator = workspace.idGenerator
        document.history = ByteHistory()
        do throws(EditError) {
          message = try change(&document)
        } catch {
          throw WorkspaceError(message: error.message, kind: .usage)
        }
        do throws(ObsidianTasksView.WriteBackError) {
          let back = try ObsidianTasksView.writingBack(
            opened.contents, view: marked, edited: document, settings: settings, today: today)
          message = back.unwrittenIDs.reduce(message) { $0.replacing(" \($1) \"", with: " \"") }
          let words = message.split(separator: ";", maxSplits: 1).first.map(String.init) ?? message
          return (back.bytes, HistoryLabel("chk tui: " + words))
        } catch {
          throw WorkspaceError(message: error.reason + "; nothing was changed", kind: .usage)
        }
      }
      try files[index].replace(
        written.after, identity: written.identity ?? ChecklistFile.identity(of: path.absolute))
      lastTransfer = nil
      undoneTransfer = nil
      lastEditWasStale = false
      setStatus(message)
      rebuildRows(keeping: anchor)
      if screen == .due { rebuildDue() }
      return true
    } catch {
      lastEditWasStale = isStale || files[index].changedOnDisk
      if lastEditWasStale, (try? files[index].reload()) != nil {
        didReload(index)
        setStatus(
          "\(path.shown) changed on disk and was read again; nothing was written", isError: true)
      } else {
        setStatus(error.message, isError: true)
      }
      rebuildRows(keeping: anchor)
      if screen == .due { rebuildDue() }
      return false
    }
  }

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
      if let rule = outcome?.endedRule { message += "; no next one: '\(rule)' gives no later day" }
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
