import ChecklistKit
import ChkPlatform

/// `.chk.json`: lint rules, the paths that directory walks leave out, and when items
/// are reminded by default.
///
/// ```json
/// {"rules": {"missing-id": "warning"}, "exclude": ["drafts/", "vendor/**"],
///  "reminders": {"time": "08:00", "enabled": true}}
/// ```
///
/// A file is governed by the nearest `.chk.json` in its directory or above (they do
/// not merge); `exclude` patterns are relative to the directory that holds it.
package struct ProjectConfiguration: Sendable {
  /// The configuration file, `nil` when there is none.
  package var path: String?
  /// Rule severities, in the file's order.
  package var rules: [(rule: LintRule, severity: Severity)] = []
  /// Paths left out when walking directories.
  package var exclude: [Glob] = []
  /// When items without `@remind` are reminded.
  package var reminders = ReminderDefaults()
  /// The vdir `chk sync` syncs with (`"sync": {"vdir": "PATH"}`): a relative path is
  /// made absolute from the configuration file's directory; one that starts with `~/`
  /// is left for the command to expand with the workspace's `HOME`.
  package var vdir: String?
  /// The format of the files it governs (`"dialect"`): `"chk"` or `"obsidian-tasks"`;
  /// `nil` to let a vault decide (see `FileDialect`).
  package var dialect: String?

  /// The lint configuration for the files this governs: its rules on today's date.
  package func lintConfiguration(today: CalendarDay) -> LintConfiguration {
    var configuration = LintConfiguration(today: today)
    for (rule, severity) in rules { configuration.set(rule, to: severity) }
    return configuration
  }

  /// The pattern that excludes `absolute` (a file or directory under this
  /// configuration's directory), if any.
  package func excludingPattern(for absolute: String, isDirectory: Bool = false) -> Glob? {
    guard let path, !exclude.isEmpty else { return nil }
    let directory = SystemPath.directory(of: path)
    let prefix = directory == "/" ? "/" : directory + "/"
    guard absolute.hasPrefix(prefix) else { return nil }
    let relative = String(absolute.dropFirst(prefix.count))
    return Glob.excluding(relative, isDirectory: isDirectory, among: exclude)
  }

  /// Parses a configuration file's bytes.
  package static func parse(_ bytes: [UInt8], path: String) throws(WorkspaceError)
    -> ProjectConfiguration
  {
    let value: JSONValue
    do {
      value = try JSONValue.parse(bytes)
    } catch {
      throw .usage("\(path): not valid JSON (expected \(error.expected) at byte \(error.offset))")
    }
    guard case .object(let members) = value else {
      throw .usage("\(path): expected an object such as {\"rules\": {\"missing-id\": \"warning\"}}")
    }
    var configuration = ProjectConfiguration(path: path)
    for (key, member) in members {
      switch key {
      case "rules": configuration.rules = try rules(member, path: path)
      case "exclude": configuration.exclude = try patterns(member, path: path)
      case "reminders": configuration.reminders = try reminders(member, path: path)
      case "sync": configuration.vdir = try vdir(member, path: path)
      case "dialect":
        guard let name = member.stringValue, ["chk", "obsidian-tasks"].contains(name) else {
          throw .usage("\(path): \"dialect\" is \"chk\" or \"obsidian-tasks\"")
        }
        configuration.dialect = name
      default:
        throw .usage(
          "\(path): unknown key '\(key)'; the keys are \"rules\", \"exclude\", \"reminders\", "
            + "\"sync\" and \"dialect\"")
      }
    }
    return configuration
  }

  private static func rules(_ member: JSONValue, path: String) throws(WorkspaceError) -> [(
    rule: LintRule, severity: Severity
  )] {
    guard case .object(let rules) = member else {
      throw .usage("\(path): \"rules\" must map rule names to \"error\", \"warning\" or \"off\"")
    }
    var found: [(rule: LintRule, severity: Severity)] = []
    for (name, level) in rules {
      guard let rule = LintRule.named(name) else {
        throw .usage("\(path): unknown rule '\(name)'")
      }
      guard case .string(let text) = level, let severity = Severity(rawValue: text) else {
        throw .usage("\(path): rule '\(name)' must be \"error\", \"warning\" or \"off\"")
      }
      found.append((rule, severity))
    }
    return found
  }

  private static func reminders(_ member: JSONValue, path: String) throws(WorkspaceError)
    -> ReminderDefaults
  {
    let message =
      "\(path): \"reminders\" must be an object such as {\"time\": \"08:00\", \"enabled\": true}"
    guard case .object(let members) = member else { throw .usage(message) }
    var defaults = ReminderDefaults()
    for (key, value) in members {
      switch (key, value) {
      case ("time", .string(let text)):
        guard let time = ClockTime(text) else {
          throw .usage("\(path): the reminders' time '\(text)' is not HH:MM (00:00 to 23:59)")
        }
        defaults.time = time
      case ("enabled", .bool(let isEnabled)): defaults.isEnabled = isEnabled
      default: throw .usage(message)
      }
    }
    return defaults
  }

  private static func vdir(_ member: JSONValue, path: String) throws(WorkspaceError) -> String {
    guard member.isObject, let text = member["vdir"]?.stringValue, !text.isEmpty else {
      throw .usage(
        "\(path): \"sync\" must be an object such as {\"vdir\": \"~/.local/share/chk/vdir\"}")
    }
    if text.hasPrefix("/") || text.hasPrefix("~/") { return text }
    return SystemPath.directory(of: path) + "/" + text
  }

  private static func patterns(_ member: JSONValue, path: String) throws(WorkspaceError) -> [Glob] {
    let message = "\(path): \"exclude\" must be a list of path patterns such as [\"drafts/\"]"
    guard case .array(let values) = member else { throw .usage(message) }
    var patterns: [Glob] = []
    for value in values {
      guard case .string(let text) = value else { throw .usage(message) }
      guard let glob = Glob(text) else {
        throw .usage("\(path): the exclude pattern '\(text)' is empty")
      }
      patterns.append(glob)
    }
    return patterns
  }
}

/// The configuration of each directory, each found once: a directory without
/// `.chk.json` takes its parent's.
///
/// The search goes up from a file's directory to the repository's root (a directory
/// holding `.git`) or the home directory, whichever comes first, and takes the nearest
/// `.chk.json` that can be trusted: one owned by the user or root, or one in a
/// directory only its owner can write. Another user's file in a shared directory
/// (`/tmp/.chk.json`) would otherwise decide what `chk lint` reports.
package struct ConfigurationCache {
  private var byDirectory: [String: ProjectConfiguration] = [:]
  /// Directories governed by a configuration file that is not valid, with its error:
  /// thrown again without reading the file again.
  private var failedByDirectory: [String: WorkspaceError] = [:]
  /// The home directory, where the search stops.
  private let home: String?
  /// The configuration files used, in the order first used.
  package private(set) var used: [String] = []
  /// The configuration files left out, and why.
  package private(set) var ignored: [FileWalker.Skipped] = []
  /// The Obsidian vault (with the Tasks plugin) each directory searched is in, `""` for
  /// none.
  private var vaultByDirectory: [String: String] = [:]
  /// Each vault's plugin settings, read once.
  private var settingsByVault: [String: Result<ObsidianTaskSettings, WorkspaceError>] = [:]

  /// An empty cache; `home` is where the upward search stops (besides a repository's
  /// root).
  package init(home: String? = nil) {
    self.home = home.map { $0.count > 1 && $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
  }

  /// The configuration that governs files in `directory` (absolute).
  ///
  /// - Throws: a usage error for a trusted configuration file that is not valid.
  /// - Complexity: O(*d* · *p*) for a path of *p* bytes and *d* levels, the first
  ///   time; paths longer than `SystemPath.maximumLength` are not searched.
  package mutating func configuration(for directory: String) throws(WorkspaceError)
    -> ProjectConfiguration
  {
    guard directory.hasPrefix("/"), directory.utf8.count <= SystemPath.maximumLength else {
      return ProjectConfiguration()
    }
    var visited: [String] = []
    var current = directory
    var found = ProjectConfiguration()
    while true {
      if let known = byDirectory[current] {
        found = known
        break
      }
      if let failure = failedByDirectory[current] {
        for directory in visited { failedByDirectory[directory] = failure }
        throw failure
      }
      visited.append(current)
      let candidate = (current == "/" ? "" : current) + "/.chk.json"
      if let bytes = trustedContents(of: candidate, in: current) {
        do throws(WorkspaceError) {
          found = try ProjectConfiguration.parse(bytes, path: candidate)
        } catch {
          for directory in visited { failedByDirectory[directory] = error }
          throw error
        }
        used.append(candidate)
        break
      }
      if current == "/" || current == home || POSIX.kind(of: current + "/.git") != .missing {
        break
      }
      current = SystemPath.directory(of: current)
    }
    for directory in visited { byDirectory[directory] = found }
    return found
  }

  /// The root of the Obsidian vault with the Tasks plugin installed that `directory`
  /// (absolute) is in, searched up as `.chk.json` is; `nil` for none.
  ///
  /// - Complexity: one `stat` a level the first time; remembered for every directory
  ///   on the way.
  package mutating func vaultRoot(for directory: String) -> String? {
    guard directory.hasPrefix("/"), directory.utf8.count <= SystemPath.maximumLength else {
      return nil
    }
    var visited: [String] = []
    var current = directory
    var found = ""
    while true {
      if let known = vaultByDirectory[current] {
        found = known
        break
      }
      visited.append(current)
      if POSIX.kind(of: (current == "/" ? "" : current) + FileDialect.pluginFolder) == .directory {
        found = current
        break
      }
      if current == "/" || current == home || POSIX.kind(of: current + "/.git") != .missing {
        break
      }
      current = SystemPath.directory(of: current)
    }
    for directory in visited { vaultByDirectory[directory] = found }
    return found.isEmpty ? nil : found
  }

  /// The Tasks plugin settings of the vault at `root`, read once (`FileDialect`).
  ///
  /// - Throws: a usage error for settings that cannot be read or are not the plugin's.
  package mutating func vaultSettings(_ root: String) throws(WorkspaceError) -> ObsidianTaskSettings
  {
    if let known = settingsByVault[root] { return try known.get() }
    let result: Result<ObsidianTaskSettings, WorkspaceError>
    do throws(WorkspaceError) {
      result = .success(try FileDialect.settings(inVault: root))
    } catch {
      result = .failure(error)
    }
    settingsByVault[root] = result
    return try result.get()
  }

  /// A configuration file's bytes, unless it is missing, unreadable or not to be
  /// trusted (recorded in `ignored`).
  private mutating func trustedContents(of path: String, in directory: String) -> [UInt8]? {
    guard let snapshot = try? ChecklistFile.snapshot(path) else { return nil }
    let user = UInt32(geteuid())
    let owner = snapshot.owner
    guard owner != user, owner != 0 else { return snapshot.contents }
    var status = stat()
    guard SystemPath.with(directory, { stat($0, &status) }) == 0 else { return nil }
    // Group or others may write the directory: anyone of them could have put it there.
    if status.st_mode & 0o022 != 0 {
      ignored.append(
        FileWalker.Skipped(
          path: path,
          reason: "owned by another user (uid \(owner)) in a directory others can write"))
      return nil
    }
    return snapshot.contents
  }
}
