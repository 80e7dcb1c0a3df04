import ChecklistKit
import ChkWorkspace

/// `chk tui`: the checklist app, as a state machine. It takes keys (`handle`) and the
/// passing of time (`checkFiles`), edits files only through the one edit path (lock,
/// safe write, undo record), and draws frames (`render`); the loop in
/// `TerminalUILoop` owns the terminal, so tests drive a session key by key.
package final class Session {
  /// The screens.
  package enum Screen: Sendable, Hashable {
    case items, lists, due, help
    /// The whole of the items screen's cursor item (Enter on it).
    case item
  }

  /// What the loop is asked to do after a key.
  package enum Effect: Sendable, Hashable {
    case none, quit, suspend
    /// Draw the whole screen again (Ctrl-L), whatever the terminal shows now.
    case redraw
  }

  /// Where files are found, how they are locked and how IDs are made; today, for
  /// `@done` and due dates.
  let workspace: Workspace
  var files: [OpenFile]
  package internal(set) var screen = Screen.items
  /// The screen Esc and `q` on the help screen go back to.
  var screenBeforeHelp = Screen.items
  /// The first key line the help screen shows (it scrolls on a small terminal).
  package internal(set) var helpTop = 0

  // MARK: Items screen

  /// The rows the items screen shows, after the filter and `c`.
  var rows: [Row] = []
  /// The items screen's cursor and first row shown.
  var itemsView = ScrollingList()
  /// The cursor's row.
  package internal(set) var cursor: Int {
    get { itemsView.cursor }
    set { itemsView.cursor = newValue }
  }
  /// The first row shown.
  var top: Int {
    get { itemsView.top }
    set { itemsView.top = newValue }
  }
  /// Text the items are filtered by (name, note or ID, any case); empty for none.
  var filter = ""
  /// What the last filter matched in each file (`rebuildRows`), with the files'
  /// versions then: a longer filter searches only what that one matched.
  var filterMatches: (text: String, versions: [Int], matched: [[UInt8]])?
  /// Whether checked items are hidden (one with an open sub-item stays, above it).
  var hidesChecked = false
  /// The order the items screen shows each list's items in (`s`); the file keeps its
  /// own.
  var sortOrder = SortOrder.file

  /// An order of the items screen.
  enum SortOrder: Sendable, Hashable {
    case file, due, name

    var next: SortOrder {
      switch self {
      case .file: .due
      case .due: .name
      case .name: .file
      }
    }

    var description: String {
      switch self {
      case .file: "in file order"
      case .due: "by due day (the file keeps its order; s again: by name)"
      case .name: "by name (the file keeps its order; s again: file order)"
      }
    }
  }

  // MARK: Other screens

  /// The item screen's cursor, over its fields (`detailRows`).
  var itemView = ScrollingList()
  /// The lists screen's cursor and first row shown.
  var listsView = ScrollingList()
  var listsCursor: Int {
    get { listsView.cursor }
    set { listsView.cursor = newValue }
  }
  var dueRows: [DueRow] = []
  /// Whether any item on the due screen is due at a time (its day column makes room).
  var dueHasTimes = false
  /// The due screen's cursor and first row shown.
  var dueView = ScrollingList()
  var dueCursor: Int {
    get { dueView.cursor }
    set { dueView.cursor = newValue }
  }

  // MARK: Input state

  /// A first key waiting for its second (`d` of `dd`).
  var pendingKey: Character?
  /// A count typed before a moving key (`5` of `5j`).
  var pendingCount: Int?
  /// The line being typed, when a prompt is open.
  var prompt: Prompt? {
    didSet {
      if oldValue == nil, prompt != nil {
        promptTarget = currentAnchor
        promptSawReload = false
      }
    }
  }
  /// The row the open prompt is about, as it was when the prompt opened.
  var promptTarget: Anchor?
  /// Whether a file was read again while the prompt was open (another program changed
  /// it): the prompt's row must then still be the same item for its text to apply.
  var promptSawReload = false
  /// The list picker of `m`, when open: the lists to choose from and the cursor.
  var picker: Picker?
  /// The last change, when it was a move to another file (two edits, undone as one),
  /// and the move `u` took back (which Ctrl-r makes again).
  var lastTransfer: (source: Int, destination: Int)?
  var undoneTransfer: (source: Int, destination: Int)?
  /// Whether the last edit was refused because the file changed on disk (a prompt's
  /// text is then offered again).
  var lastEditWasStale = false
  /// The last mouse press (for double clicks).
  var lastPress: Key.Mouse?
  /// What the status line says: the last action, or why it failed.
  package internal(set) var status = ""
  var statusIsError = false
  /// The window's size, as the loop last said (`resize`).
  var size = (columns: 80, rows: 24)

  /// A session on `paths` (each read and parsed now). A file found by walking a
  /// directory (`isExplicit` false) that holds no items is left out, as `chk lint DIR`
  /// leaves it out.
  ///
  /// - Throws: the first file that cannot be opened, as the commands report it.
  package init(paths: [FileWalker.Entry], workspace: Workspace)
    throws(WorkspaceError)
  {
    self.workspace = workspace
    var files: [OpenFile] = []
    var skipped: [String] = []
    var configurations = ConfigurationCache(home: workspace.variables["HOME"])
    for entry in paths {
      do throws(WorkspaceError) {
        let dialect = try configurations.dialect(for: SystemPath.directory(of: entry.path.absolute))
        let file = try OpenFile(entry.path, dialect: dialect)
        if entry.counts(file.document) { files.append(file) }
      } catch {
        // A file named is opened or the screen does not open; one found by walking a
        // directory is left out, and the status line says why.
        guard !entry.isExplicit, paths.count > 1 else { throw error }
        skipped.append(error.message)
      }
    }
    self.files = files
    rebuildRows()
    // The cursor starts on the first open item (not on a title or a heading).
    if let first = rows.indices.first(where: {
      rows[$0].kind == .item && !files[rows[$0].file].outline[rows[$0].outline].isChecked
    }) {
      cursor = first
    }
    settle()
    if let first = skipped.first {
      setStatus(
        "left out: " + first + (skipped.count > 1 ? " (and \(skipped.count - 1) more)" : ""),
        isError: true)
    } else if files.contains(where: \.isVault) {
      setStatus("in the Obsidian Tasks format: Space and x tick tasks as the plugin does")
    } else if files.contains(where: \.isReadOnly) {
      setStatus(
        "opened read-only (you may not write "
          + files.filter(\.isReadOnly).map(\.path.shown).joined(separator: ", ")
          + "): edits are refused")
    }
  }

  /// One row of the items screen.
  struct Row: Hashable {
    enum Kind: Hashable {
      /// A file's name, above its lists when several files are open.
      case file
      /// A list's heading (or the unnamed list).
      case list
      case item
    }

    // 12 bytes a row: the items screen keeps one per item shown.
    private var storedFile: UInt32
    private var storedOutline: UInt32
    var kind: Kind
    var file: Int { Int(storedFile) }
    /// The row's index in the file's outline (0 for a file row).
    var outline: Int { Int(storedOutline) }

    init(kind: Kind, file: Int, outline: Int) {
      self.kind = kind
      storedFile = UInt32(truncatingIfNeeded: file)
      storedOutline = UInt32(truncatingIfNeeded: outline)
    }
  }

  var today: CalendarDay { workspace.today }

  func setStatus(_ text: String, isError: Bool = false) {
    status = text
    statusIsError = isError
  }

  /// The row under the cursor, when there is one.
  var currentRow: Row? { cursor < rows.count ? rows[cursor] : nil }

  /// The item under the cursor: its file and outline row.
  var currentItem: (file: Int, row: OutlineRow)? {
    guard let row = currentRow, row.kind == .item else { return nil }
    return (row.file, files[row.file].outline[row.outline])
  }

  /// The list the cursor is in: its file and outline index.
  var currentList: (file: Int, list: Int)? {
    guard let row = currentRow, row.kind != .file else {
      guard let row = currentRow, let first = files[row.file].outline.indices.first else {
        return nil
      }
      return (row.file, first)
    }
    return (row.file, files[row.file].outline[row.outline].list)
  }

  /// Where `a` adds: the cursor's list, or, in a file with no list yet, the file
  /// itself (`list` nil).
  var placeToAdd: (file: Int, list: Int?)? {
    if let (file, list) = currentList { return (file, list) }
    guard let file = currentRow?.file ?? files.indices.first, files[file].outline.isEmpty
    else { return nil }
    return (file, nil)
  }

  // MARK: - Time

  /// Reads again the files another program changed, keeping the cursor where it was;
  /// called by the loop about twice a second.
  ///
  /// - Returns: whether anything was read again.
  @discardableResult
  package func checkFiles() -> Bool {
    var changed = false
    let anchor = currentAnchor
    for index in files.indices where files[index].changedOnDisk {
      do throws(WorkspaceError) {
        try files[index].reload()
        setStatus("\(files[index].path.shown) changed on disk and was read again")
        didReload(index)
      } catch {
        setStatus(error.message, isError: true)
      }
      changed = true
    }
    if changed {
      rebuildRows(keeping: anchor)
      if screen == .due { rebuildDue() }
      settle()
    }
    return changed
  }

  /// After file `index` was read again: a picker or a yes-or-no question about it is
  /// closed (the lines it names may be others now), and an open prompt is marked so
  /// that its text applies only if its row is still the same item.
  func didReload(_ index: Int) {
    // The first d of dd was for the row as it was.
    pendingKey = nil
    if picker != nil {
      self.picker = nil
      setStatus(
        "\(files[index].path.shown) changed on disk and was read again; nothing was moved",
        isError: true)
    }
    if case .confirm = prompt?.purpose {
      prompt = nil
      setStatus(
        "\(files[index].path.shown) changed on disk and was read again; nothing was removed",
        isError: true)
    }
    if prompt != nil { promptSawReload = true }
  }

  /// Whether the open prompt's text may apply where the cursor is: always, unless a
  /// file was read again meanwhile and the cursor's row is no longer the item (by ID,
  /// else by line) or list the prompt was opened on.
  var promptStillApplies: Bool {
    guard promptSawReload else { return true }
    guard let target = promptTarget, let now = currentAnchor else { return false }
    guard target.file == now.file else { return false }
    if let id = target.id { return now.id == id }
    return now.line == target.line && now.id == nil
  }
}
