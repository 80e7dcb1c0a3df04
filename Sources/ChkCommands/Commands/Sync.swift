import ChecklistKit
import ChkWorkspace

/// `chk sync`: the checklists and a vdir (a folder per list, a `.ics` file per item)
/// brought to agree, both ways, field by field; vdirsyncer carries the vdir to a
/// CalDAV server and so to a phone's own task app.
extension Command {
  static let sync = Command(
    "sync", operands: [.paths],
    "two-way sync of the items with a vdir, for vdirsyncer to carry to a CalDAV server",
    options: [.vdir, .newLists, .allowDeletes, .dryRun, .json, .quiet, .verbose]
  ) { invocation throws(CommandError) in
    let arguments = invocation.arguments
    let workspace = invocation.workspace
    guard let stateDirectory = workspace.stateDirectory else {
      throw CommandError(
        message: "chk sync keeps what it synced in the state directory, and "
          + StateDirectory.missing,
        kind: .unavailable)
    }
    var files = try ParsedChecklists.load(invocation, paths: invocation.operands)
    let vdirText = try vdirPath(arguments.value(.vdir), files: &files, invocation)
    let vdirPath = invocation.userPath(vdirText)
    guard !files.documents.isEmpty else {
      _ = files.finish(invocation)
      throw CommandError(
        message: "no checklist file to sync; name one, or run chk sync where one is",
        kind: .missing)
    }
    // A vault's tasks get the plugin's own ID (`🆔`), by which the phone's copy of each is
    // found again.
    giveIDs(&files, invocation, intoVaults: true) { document in
      document.items.filter { $0.id == nil }.map(\.line)
    }
    var checklists: [VdirSync.Checklist] = []
    var paths = StablePaths()
    for file in files.documents {
      let (path, stablePath) = paths.paths(of: file.path)
      var checklist = VdirSync.Checklist(
        path: file.path, resolvedPath: path, stablePath: stablePath, document: file.document,
        reminders: file.reminders)
      if case .obsidianTasks(let settings, _) = file.dialect { checklist.vault = settings }
      checklists.append(checklist)
    }
    var options = VdirSync.Options()
    options.isDryRun = invocation.isDryRun
    options.allowsDeletes = arguments.has(.allowDeletes)
    if let newLists = arguments.value(.newLists) {
      let wanted = invocation.userPath(newLists)
      let resolved = (try? POSIX.resolvedPath(wanted.absolute).get()) ?? wanted.absolute
      guard let index = checklists.firstIndex(where: { $0.resolvedPath == resolved }) else {
        throw .usage(
          "--new-lists: \(wanted.shown) is not one of the files synced; name it among them")
      }
      options.newListsFile = index
    }
    var vdir = try Vdir.scan(vdirPath.absolute, shown: vdirPath.shown)
    let stateFile = try SyncStateFile(stateDirectory: stateDirectory, vdir: vdir.path)
    if !vdir.exists, stateFile.state.items.isEmpty, !invocation.isDryRun {
      let made = POSIX.makeDirectories(vdirPath.absolute, mode: 0o755)
      guard made == 0 else {
        throw CommandError(
          message: "\(vdirPath.shown): \(POSIX.reason(made)) while making the vdir",
          kind: .cannotCreate)
      }
      vdir = try Vdir.scan(vdirPath.absolute, shown: vdirPath.shown)
    }
    let engine = VdirSync(
      checklists: checklists, vdir: vdir, vdirShown: vdirPath.shown, options: options,
      workspace: workspace, fileEdit: invocation.fileEdit)
    let report = try engine.run(stateFile)
    SyncReport(report: report, vdir: vdirPath.shown, isDryRun: invocation.isDryRun)
      .print(invocation)
    let status = files.finish(invocation)
    return report.refusals.isEmpty ? status : .failure
  }

  /// The vdir: `--vdir`, else `"sync": {"vdir": ...}` in the `.chk.json` that governs
  /// the working directory.
  private static func vdirPath(
    _ option: String?, files: inout ParsedChecklists, _ invocation: Invocation
  ) throws(CommandError) -> String {
    if let option { return option }
    let configuration = try files.targets.configurations.configuration(
      for: invocation.environment.currentDirectory)
    guard var path = configuration.vdir else {
      throw .usage(
        "chk sync needs a vdir: name it with --vdir DIR, or in .chk.json as "
          + "{\"sync\": {\"vdir\": \"DIR\"}}")
    }
    if path.hasPrefix("~/") {
      guard let home = invocation.workspace.variables["HOME"], home.hasPrefix("/") else {
        throw .usage("the vdir '\(path)' in .chk.json starts with ~/ but HOME is not set")
      }
      path = home + path.dropFirst(1)
    }
    return path
  }
}
