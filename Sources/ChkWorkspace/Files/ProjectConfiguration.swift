import ChecklistKit

/// `.chk.json`: lint rules and the paths that directory walks leave out.
///
/// ```json
/// {"rules": {"missing-id": "warning"}, "exclude": ["drafts/", "vendor/**"]}
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
    return exclude.first { $0.matches(relative, isDirectory: isDirectory) }
  }

  /// Parses a configuration file's bytes.
  package static func parse(_ bytes: [UInt8], path: String) throws(CommandError)
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
      default:
        throw .usage("\(path): unknown key '\(key)'; the keys are \"rules\" and \"exclude\"")
      }
    }
    return configuration
  }

  private static func rules(_ member: JSONValue, path: String) throws(CommandError) -> [(
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

  private static func patterns(_ member: JSONValue, path: String) throws(CommandError) -> [Glob] {
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
package struct ConfigurationCache {
  private var byDirectory: [String: ProjectConfiguration] = [:]

  package init() {}

  /// The configuration that governs files in `directory` (absolute). Throws for a
  /// configuration file that is not valid.
  package mutating func configuration(for directory: String) throws(CommandError)
    -> ProjectConfiguration
  {
    if let known = byDirectory[directory] { return known }
    let candidate = (directory == "/" ? "" : directory) + "/.chk.json"
    let found: ProjectConfiguration
    if let bytes = try? ChecklistFile.read(candidate) {
      found = try ProjectConfiguration.parse(bytes, path: candidate)
    } else if directory == "/" || directory.isEmpty || !directory.hasPrefix("/") {
      found = ProjectConfiguration()
    } else {
      found = try configuration(for: SystemPath.directory(of: directory))
    }
    byDirectory[directory] = found
    return found
  }
}
