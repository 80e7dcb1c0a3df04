import ChecklistKit
import ChkPlatform

/// The format a checklist file is written in: chk's own, or the Obsidian Tasks plugin's
/// (in an Obsidian vault), which every view reads through `ObsidianTasksView` and
/// check, uncheck and toggle edit as the plugin does.
///
/// Chosen per file: the nearest `.chk.json` with `"dialect"` (`"chk"` or
/// `"obsidian-tasks"`) decides; without one, a file in an Obsidian vault whose Tasks
/// plugin is installed (`.obsidian/plugins/obsidian-tasks-plugin/` in its directory or
/// above, up to the repository's root or the home directory) is in the plugin's format.
/// Choosing never writes a file.
package enum FileDialect: Sendable, Hashable {
  case chk
  /// The plugin's format, with the vault's plugin settings (`data.json`; the plugin's
  /// defaults without one) and where they were read.
  case obsidianTasks(ObsidianTaskSettings, source: String)

  /// The bytes chk's views parse for a file's bytes in this dialect.
  package func view(_ bytes: [UInt8]) -> [UInt8] {
    switch self {
    case .chk: bytes
    case .obsidianTasks(let settings, _): ObsidianTasksView.chkBytes(of: bytes, settings: settings)
    }
  }

  /// The plugin's folder in a vault.
  static let pluginFolder = "/.obsidian/plugins/obsidian-tasks-plugin"

  /// The plugin's settings in the vault at `root`: its `data.json` over the plugin's
  /// defaults (as the plugin merges them); the defaults when the file is missing.
  ///
  /// - Throws: a usage error for a `data.json` that is not the plugin's settings, or
  ///   that sets a task format chk does not read (neither emoji nor Dataview).
  package static func settings(inVault root: String) throws(WorkspaceError) -> ObsidianTaskSettings
  {
    let path = (root == "/" ? "" : root) + pluginFolder + "/data.json"
    var settings = ObsidianTaskSettings()
    guard POSIX.kind(of: path) != .missing else { return settings }
    let bytes: [UInt8]
    do throws(FileError) {
      bytes = try ChecklistFile.read(path, displayName: path)
    } catch {
      throw .usage(
        "\(path): the vault's Tasks plugin settings cannot be read (\(error.message)); chk "
          + "edits the vault's tasks as they say")
    }
    // The plugin's settings are a few kilobytes.
    guard bytes.count <= 1 << 20 else {
      throw .usage("\(path): over 1 MB: not the Tasks plugin's settings")
    }
    guard let value = try? JSONValue.parse(bytes), value.isObject else {
      throw .usage("\(path): not the Tasks plugin's settings (expected a JSON object)")
    }
    switch value["taskFormat"]?.stringValue {
    case nil, "tasksPluginEmoji": settings.format = .emoji
    case "dataview": settings.format = .dataview
    case let format?:
      throw .usage(
        "\(path): the vault's Tasks plugin writes the '\(format)' format; chk reads its emoji "
          + "and Dataview formats (set \"dialect\": \"chk\" in .chk.json to read the files as "
          + "chk's own)")
    }
    settings.setsDoneDate = value["setDoneDate"]?.boolValue ?? settings.setsDoneDate
    settings.setsCancelledDate = value["setCancelledDate"]?.boolValue ?? settings.setsCancelledDate
    settings.setsCreatedDate = value["setCreatedDate"]?.boolValue ?? settings.setsCreatedDate
    settings.putsNextInstanceBelow =
      value["recurrenceOnNextLine"]?.boolValue ?? settings.putsNextInstanceBelow
    settings.removesScheduledDateOnRecurrence =
      value["removeScheduledDateOnRecurrence"]?.boolValue
      ?? settings.removesScheduledDateOnRecurrence
    settings.globalFilter = value["globalFilter"]?.stringValue ?? ""
    if let statuses = value["statusSettings"], statuses.isObject {
      let entries =
        (statuses["coreStatuses"]?.arrayValue ?? [])
        + (statuses["customStatuses"]?.arrayValue ?? [])
      var found: [ObsidianTaskSettings.Status] = []
      for entry in entries {
        // As the plugin loads them: a missing symbol is a blank, a missing next `x`, an
        // unknown type to do.
        let symbol = entry["symbol"]?.stringValue?.unicodeScalars.first ?? " "
        let next = entry["nextStatusSymbol"]?.stringValue?.unicodeScalars.first ?? "x"
        let type =
          entry["type"]?.stringValue.flatMap(ObsidianTaskSettings.StatusType.init(rawValue:))
          ?? .todo
        if !found.contains(where: { $0.symbol == symbol }) {
          found.append(.init(symbol, entry["name"]?.stringValue ?? "", next: next, type))
        }
      }
      if !found.isEmpty { settings.statuses = found }
    }
    return settings
  }
}

extension ConfigurationCache {
  /// The dialect of the files in `directory` (absolute): the nearest `.chk.json`'s
  /// `"dialect"`, else the Obsidian vault with the Tasks plugin the directory is in. A
  /// `.chk.json` that cannot be read says nothing here (as for reminders: `chk lint`
  /// reports it), so the vault still decides.
  ///
  /// - Throws: a usage error for plugin settings that cannot be read or are not valid.
  package mutating func dialect(for directory: String) throws(WorkspaceError) -> FileDialect {
    let configuration = (try? configuration(for: directory)) ?? ProjectConfiguration()
    if configuration.dialect == "chk" { return .chk }
    let vault = vaultRoot(for: directory)
    if configuration.dialect == nil, vault == nil { return .chk }
    let settings = try vault.map { root throws(WorkspaceError) in try vaultSettings(root) }
    let source =
      vault.map { "the Tasks plugin in the vault " + $0 }
      ?? (configuration.path ?? ".chk.json")
    return .obsidianTasks(settings ?? ObsidianTaskSettings(), source: source)
  }
}
