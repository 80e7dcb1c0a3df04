import ChecklistKit
import ChkWorkspace

/// `chk export`: the items with a due day as an iCalendar feed.
extension Command {
  static let export = Command(
    "export", operands: [.paths],
    "the items with a due day as an iCalendar feed, for a calendar or a phone to subscribe to",
    options: [
      .format.described("ics (iCalendar, RFC 5545; the default and only one)"), .output, .shape,
      .includeDone, .noAssign, .quiet, .verbose,
    ]
  ) { invocation throws(CommandError) in
    let arguments = invocation.arguments
    if let format = arguments.value(.format), format != "ics" {
      throw .usage("--format: chk export writes ics (iCalendar), not '\(format)'")
    }
    let shapeName = arguments.value(.shape) ?? CalendarFeed.Shape.todos.rawValue
    guard let shape = CalendarFeed.Shape(rawValue: shapeName) else {
      throw .usage("--as takes todos or events, not '\(shapeName)'")
    }
    let includesDone = arguments.has(.includeDone)
    let verbose = arguments.has(.verbose)
    var files = try ParsedChecklists.load(invocation, paths: invocation.operands)
    if !arguments.has(.noAssign) {
      giveIDs(&files, invocation) { document in
        document.itemsWithDueTags(includingChecked: includesDone)
          .filter { $0.item.id == nil && $0.item.due != nil }.map(\.item.line)
      }
    }
    var entries: [CalendarFeed.Entry] = []
    var paths = StablePaths()
    for file in files.documents {
      let (path, stablePath) = paths.paths(of: file.path)
      let modified = ChecklistFile.identity(of: path).map { Int($0.modified.seconds) } ?? 0
      for (list, item) in file.document.itemsWithDueTags(includingChecked: includesDone)
      where item.due != nil {
        entries.append(
          CalendarFeed.Entry(
            item: item, list: list, stablePath: stablePath, absolutePath: path,
            place: file.path.shown + ":\(item.line)", modified: modified,
            reminders: file.reminders))
      }
    }
    let directoryName = SystemPath.display(
      SystemPath.baseName(of: invocation.environment.currentDirectory))
    let feed = CalendarFeed(shape: shape, entries: entries, name: "chk: " + directoryName)
      .render()
    if verbose {
      for note in feed.notes { invocation.errors.line("chk: " + note) }
    }
    if let output = arguments.value(.output) {
      try writeFeed(feed.bytes, to: invocation.userPath(output), count: entries.count, invocation)
    } else {
      invocation.output.writeExact(feed.bytes)
    }
    return files.finish(invocation)
  }

  /// Gives an ID to each item on the lines `lines` names (those without one that the
  /// feed or the vdir will hold), through the edit path (an undo record each), so that
  /// its UID stays the same when it is renamed; the files are read again after. A file
  /// that cannot be edited (read-only, locked) is said, and its items keep the UIDs
  /// `--no-assign` gives (`chk sync` leaves them out).
  static func giveIDs(
    _ files: inout ParsedChecklists, _ invocation: Invocation, intoVaults: Bool = false,
    lines: (ChecklistDocument) -> [Int]
  ) {
    var given = (items: 0, files: 0)
    for index in files.documents.indices {
      let file = files.documents[index]
      // A file in the Obsidian Tasks format gets no ID from `export`: its items' UIDs
      // are those `--no-assign` gives. `sync` gives its tasks the plugin's own `🆔`.
      if file.dialect != .chk, !intoVaults { continue }
      let lines = lines(file.document)
      guard !lines.isEmpty else { continue }
      do throws(CommandError) {
        func assign(_ document: inout ChecklistDocument) throws(CommandError) {
          _ = try invocation.perform(file.path) { () throws(EditError) in
            try document.assignMissingIDs(onLines: Set(lines))
          }
        }
        let after: [UInt8]
        if case .obsidianTasks(let settings, _) = file.dialect {
          let outcome = try invocation.fileEdit.applyToVaultDocument(
            at: file.path, settings: settings, idGenerator: invocation.workspace.idGenerator,
            today: invocation.environment.today,
            options: ObsidianTasksView.WriteBackOptions(keepsIDs: true), assign)
          for warning in outcome.warnings { invocation.errors.line("chk: " + warning) }
          after = ObsidianTasksView.chkBytes(of: outcome.after, settings: settings)
        } else {
          let outcome = try invocation.fileEdit.applyToDocument(
            at: file.path, idGenerator: invocation.workspace.idGenerator, assign)
          for warning in outcome.warnings { invocation.errors.line("chk: " + warning) }
          after = outcome.after
        }
        files.documents[index].document = try invocation.fileEdit.parse(after, path: file.path)
      } catch {
        let items =
          lines.count == 1
          ? "its item without an ID gets a UID that changes when it is renamed"
          : "its \(lines.count) items without an ID get UIDs that change when they are renamed"
        invocation.errors.line("chk: " + error.message + "; " + items + " (as with --no-assign)")
        continue
      }
      given.items += lines.count
      given.files += 1
      if invocation.arguments.has(.verbose) {
        invocation.errors.line(
          "chk: gave \(lines.count) item\(lines.count == 1 ? "" : "s") in \(file.path.shown) an ID")
      }
    }
    guard given.items > 0 else { return }
    let items = given.items == 1 ? "1 item" : "\(given.items) items"
    let place = given.files == 1 ? "" : " in \(given.files) files"
    invocation.errors.line(
      "chk: gave \(items)\(place) an ID, so that \(given.items == 1 ? "its UID stays" : "their UIDs stay") "
        + "the same (chk undo takes it back in a file; --no-assign leaves files alone)")
  }

  /// Writes the feed through the safe-write path; a feed that has not changed is not
  /// written (a server or a sync folder sees no change).
  private static func writeFeed(
    _ feed: [UInt8], to path: UserPath, count: Int, _ invocation: Invocation
  ) throws(CommandError) {
    var edit = invocation.fileEdit
    edit.undo = nil
    let exists = ChecklistFile.identity(of: path.absolute) != nil
    if exists {
      let outcome = try edit.apply(to: path) { _ throws(CommandError) in (feed, ()) }
      if !invocation.isQuiet {
        invocation.output.line(
          outcome.changed
            ? "wrote \(path.shown) (\(count) item\(count == 1 ? "" : "s"))"
            : "\(path.shown) is unchanged")
      }
    } else {
      do throws(FileError) {
        try ChecklistFile.create(path.absolute, contents: feed)
      } catch {
        throw .file(error)
      }
      if !invocation.isQuiet {
        invocation.output.line("wrote \(path.shown) (\(count) item\(count == 1 ? "" : "s"))")
      }
    }
  }
}

/// The paths UIDs are made from (`chk export`, `chk sync`): a file's path with its
/// spelling taken out (`./`, `//`, `..`, links), so that it names its items the same
/// whichever way it was reached, and that path relative to its repository's root
/// (absolute outside one), so that every clone names them the same.
struct StablePaths {
  /// The repository of each directory seen, found once.
  private var roots: [String: String?] = [:]

  /// The resolved path and the stable path of a file.
  mutating func paths(of file: UserPath) -> (resolved: String, stable: String) {
    let path = (try? POSIX.resolvedPath(file.absolute).get()) ?? file.absolute
    let directory = SystemPath.directory(of: path)
    if roots[directory] == nil { roots[directory] = Workspace.repositoryRoot(of: directory) }
    let root = roots[directory] ?? nil
    return (path, root.map { String(path.dropFirst($0 == "/" ? 1 : $0.count + 1)) } ?? path)
  }
}
