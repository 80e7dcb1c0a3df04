import ChecklistKit
import ChkWorkspace

/// A checklist file the UI has open: its path, the document as last read or written,
/// its outline, and what it looked like on disk then (to notice other writers).
struct OpenFile {
  let path: UserPath
  private(set) var document: ChecklistDocument
  /// Every list and item, in file order (see `ChecklistDocument.outline`).
  private(set) var outline: [OutlineRow]
  /// Each list's open and total item count, by the list's index in `outline`.
  private(set) var counts: [Int: (open: Int, total: Int)]
  /// The outline indices of titles: headings above lists that hold no items of their
  /// own (`# Checklist` above `## To do`), which are no list to open, add to or move to.
  private(set) var titles: Set<Int> = []
  /// The file's identity when it was read or written (device, inode, size, times).
  var identity: ChecklistFile.Identity?
  /// Counts the changes of the document (each edit, each read again): what a cache of
  /// something computed from it is checked against.
  private(set) var version = 0
  /// Whether this user may not change the file: it, or the directory the safe write
  /// makes its temporary file in, is not writable.
  var isReadOnly: Bool
  /// The file's format: one in the Obsidian Tasks format is shown as chk's view of it,
  /// Space and x toggle as the plugin does (`Session.toggleInVault`), other edits are
  /// written back as it writes tasks (`Session.editInVault`).
  let dialect: FileDialect
  /// Whether the file is in the Obsidian Tasks format.
  var isVault: Bool { dialect != .chk }

  /// Reads and parses `path`.
  ///
  /// - Throws: what reading or parsing throws, as the commands report it.
  init(_ path: UserPath, dialect: FileDialect = .chk) throws(WorkspaceError) {
    self.dialect = dialect
    let snapshot: ChecklistFile.Snapshot
    do throws(FileError) {
      snapshot = try ChecklistFile.snapshot(path.absolute, displayName: path.shown)
    } catch {
      throw .file(error)
    }
    self.path = path
    // A NUL byte is no text a person wrote: a binary file is refused, not shown as an
    // empty checklist that `a` would write into.
    if let nul = snapshot.contents.prefix(8_000).firstIndex(of: 0) {
      let line = 1 + snapshot.contents[..<nul].count { $0 == UInt8(ascii: "\n") }
      throw WorkspaceError(
        message: "\(path.shown): a NUL byte on line \(line): a binary file, not a checklist; "
          + "name a Markdown file", kind: .invalidData)
    }
    document = try Self.parse(dialect.view(snapshot.contents), path)
    outline = []
    counts = [:]
    identity = snapshot.identity
    isReadOnly = !Self.isEditable(snapshot.resolvedPath)
    reindex()
  }

  /// Whether the file and its directory are writable (the safe write needs both).
  static func isEditable(_ resolvedPath: String) -> Bool {
    let slash = resolvedPath.lastIndex(of: "/")
    let directory = slash.map { $0 == resolvedPath.startIndex ? "/" : String(resolvedPath[..<$0]) }
    return POSIX.isWritable(resolvedPath) && POSIX.isWritable(directory ?? ".")
  }

  static func parse(_ bytes: [UInt8], _ path: UserPath) throws(WorkspaceError) -> ChecklistDocument
  {
    do throws(ParseError) {
      return try ChecklistDocument(parsing: bytes)
    } catch {
      throw .parse(error, path: path.shown)
    }
  }

  /// Takes new contents (after an edit, or read again after another writer's).
  mutating func replace(_ bytes: [UInt8], identity: ChecklistFile.Identity?) throws(WorkspaceError)
  {
    document = try Self.parse(dialect.view(bytes), path)
    version += 1
    self.identity = identity
    reindex()
  }

  /// Takes the document out, for an edit to change in place (no copy of its bytes and
  /// lines); `keep` or `reload` puts one back.
  mutating func takeDocument() -> ChecklistDocument {
    var taken = ChecklistDocument.empty
    swap(&taken, &document)
    return taken
  }

  /// Keeps a document an edit made and wrote, with the identity the write left.
  ///
  /// When the document's history says the edit rewrote one line in place
  /// (`onlyRewrittenLine`), only that row's state and its list's count change, in
  /// O(log *n*); else the outline is built again. The history ends here.
  ///
  /// - Returns: whether the outline was updated in place.
  @discardableResult
  mutating func keep(_ edited: ChecklistDocument, identity: ChecklistFile.Identity?) -> Bool {
    let line = edited.onlyRewrittenLine
    version += 1
    document = edited
    document.history = nil
    self.identity = identity
    guard let line, let row = row(atLine: line), outline[row].kind == .item,
      let item = document.itemFields(atLine: line)
    else {
      reindex()
      return false
    }
    if outline[row].isChecked != item.isChecked {
      outline[row].isChecked = item.isChecked
      let list = outline[row].list
      if let count = counts[list] {
        counts[list] = (count.open + (item.isChecked ? -1 : 1), count.total)
      }
    }
    return true
  }

  /// The outline row of a 1-based line, by binary search (rows are in line order).
  private func row(atLine line: Int) -> Int? {
    var low = 0
    var high = outline.count
    while low < high {
      let middle = (low + high) / 2
      if outline[middle].line < line { low = middle + 1 } else { high = middle }
    }
    return low < outline.count && outline[low].line == line ? low : nil
  }

  #if DEBUG
    /// Counts the document's work in `log` (the tests' proof that a key costs the same
    /// in a large file as in a small one).
    mutating func attach(_ log: WorkLog) { document.workLog = log }
  #endif

  /// Reads the file again.
  mutating func reload() throws(WorkspaceError) {
    let snapshot: ChecklistFile.Snapshot
    do throws(FileError) {
      snapshot = try ChecklistFile.snapshot(path.absolute, displayName: path.shown)
    } catch {
      throw .file(error)
    }
    try replace(snapshot.contents, identity: snapshot.identity)
    isReadOnly = !Self.isEditable(snapshot.resolvedPath)
  }

  /// Whether the file on disk is no longer the one last read or written.
  var changedOnDisk: Bool {
    guard let identity else { return false }
    guard let current = ChecklistFile.identity(of: path.absolute) else { return true }
    return current != identity
  }

  private mutating func reindex() {
    outline = document.outline
    counts = [:]
    var current = 0
    var open = 0
    var total = 0
    for (index, row) in outline.enumerated() {
      if row.kind == .list {
        if index > 0 { counts[current] = (open, total) }
        current = index
        open = 0
        total = 0
      } else {
        total += 1
        if !row.isChecked { open += 1 }
      }
    }
    if !outline.isEmpty { counts[current] = (open, total) }
    titles = []
    let outlines = document.listOutlines
    let titleLines = Set(
      outlines.indices.filter { ItemList.Outline.isTitle(outlines, at: $0) }.compactMap {
        outlines[$0].list.line
      })
    guard !titleLines.isEmpty else { return }
    for (index, row) in outline.enumerated()
    where row.kind == .list && titleLines.contains(row.line) {
      titles.insert(index)
    }
  }
}
