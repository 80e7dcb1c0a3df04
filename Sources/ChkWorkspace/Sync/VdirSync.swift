import ChecklistKit

/// `chk sync`'s engine: brings a set of checklist files and a vdir to agree, item by
/// item and field by field, against the state the last run left (`SyncState`).
///
/// A run reads both sides, merges them (`VdirSync+Merge`), changes each checklist file
/// once through the edit path (`VdirSync+Apply`: lock, safe write, undo record), then
/// writes the vdir's `.ics` files and the state (`VdirSync+Write`). Each side's
/// change is made from the final checklist files, so a second run finds nothing to
/// do.
package struct VdirSync {
  /// One checklist file taking part.
  package struct Checklist: Sendable {
    package var path: UserPath
    /// The path with symbolic links resolved: the state's name for it.
    package var resolvedPath: String
    /// The path in its repository (as `chk export` names it): what UIDs are made from.
    package var stablePath: String
    package var document: ChecklistDocument
    package var reminders: ReminderDefaults
    /// The vault's plugin settings, for a file in the Obsidian Tasks format: the phone's
    /// changes are written back as the plugin writes tasks (a note, which the format has
    /// no place for, left out).
    package var vault: ObsidianTaskSettings?

    package init(
      path: UserPath, resolvedPath: String, stablePath: String, document: ChecklistDocument,
      reminders: ReminderDefaults
    ) {
      self.path = path
      self.resolvedPath = resolvedPath
      self.stablePath = stablePath
      self.document = document
      self.reminders = reminders
    }
  }

  /// How a run behaves.
  package struct Options: Sendable {
    /// Write nothing; report what would change.
    package var isDryRun = false
    /// Allow a run that removes a list's items en masse, or empties a collection.
    package var allowsDeletes = false
    /// The index in `checklists` of the file a collection made on the phone becomes a
    /// list in.
    package var newListsFile = 0

    package init() {}
  }

  /// What a run did (or, in a dry run, would do).
  package struct Report: Sendable {
    /// One change to one side.
    package struct Change: Sendable {
      package enum Side: String, Sendable { case file, vdir }
      package enum Action: String, Sendable {
        case added, updated, removed, completed, moved
      }
      package var side: Side
      package var action: Action
      package var uid: String
      /// `FILE:LINE` for the file side, the `.ics` file's path for the vdir's.
      package var place: String
      /// The item's name.
      package var name: String
      /// The fields changed (for `updated`).
      package var fields: [SyncFields.Field] = []
    }

    /// A field changed differently on both sides: the checklist file's value was kept.
    package struct Conflict: Sendable {
      package var uid: String
      package var place: String
      package var name: String
      package var field: SyncFields.Field
      package var fileValue: String
      package var vdirValue: String
    }

    package var changes: [Change] = []
    package var conflicts: [Conflict] = []
    /// What was left alone and why (unreadable `.ics` files, duplicate UIDs, changes a
    /// file cannot take): each a message naming the place.
    package var notes: [String] = []
    /// Why the run wrote nothing (the deletion guard); empty when it ran.
    package var refusals: [String] = []
    /// Work counted for the tests: `.ics` files read, items compared.
    package var filesRead = 0
    package var itemsCompared = 0
    /// The items synced (of the files, after the run).
    package var itemCount = 0
    /// Warnings of the edit path (an undo record that could not be saved).
    package var warnings: [String] = []

    /// Whether nothing changed on either side.
    package var isUpToDate: Bool { changes.isEmpty && refusals.isEmpty }
  }

  package var checklists: [Checklist]
  package var vdir: Vdir
  /// How messages name the vdir (as the user typed it).
  package var vdirShown: String
  package var options: Options
  package var workspace: Workspace
  /// The edit path for checklist files.
  package var fileEdit: FileEdit

  package init(
    checklists: [Checklist], vdir: Vdir, vdirShown: String, options: Options,
    workspace: Workspace, fileEdit: FileEdit
  ) {
    self.checklists = checklists
    self.vdir = vdir
    self.vdirShown = vdirShown
    self.options = options
    self.workspace = workspace
    self.fileEdit = fileEdit
  }

  /// Runs the sync against the state in `stateFile`, saving the new state there.
  ///
  /// - Throws: a vanished vdir, a checklist file that cannot be written; what was
  ///   written before the error stays, and the next run carries on from it.
  package func run(_ stateFile: borrowing SyncStateFile) throws(WorkspaceError)
    -> Report
  {
    var report = Report()
    if !vdir.exists, !stateFile.state.items.isEmpty {
      throw WorkspaceError(
        message: "the vdir \(vdirShown) is missing (not mounted? moved?); chk sync never reads "
          + "a vanished vdir as every item deleted, so nothing was synced. Bring it back, or "
          + "remove \(SystemPath.display(stateFile.path)) to start afresh",
        kind: .missing)
    }
    for skipped in vdir.skipped { report.notes.append(skipped) }
    var run = SyncRun(sync: self, state: stateFile.state)
    run.indexFiles(&report)
    run.readVdir(&report)
    run.merge(&report)
    guard report.refusals.isEmpty || options.allowsDeletes else { return report }
    report.refusals = []
    try run.applyToFiles(&report, stateFile: stateFile)
    try run.writeVdir(&report)
    report.itemCount = run.fileItems.count
    // The changes in a stable order: each side's, by place.
    report.changes.sort { ($0.side.rawValue, $0.place) < ($1.side.rawValue, $1.place) }
    report.conflicts.sort { ($0.place, $0.field.rawValue) < ($1.place, $1.field.rawValue) }
    if !options.isDryRun {
      let state = run.finalState()
      if !stateFile.existed || state.bytes != stateFile.storedBytes {
        try stateFile.save(state)
      }
    }
    return report
  }
}
