import ChecklistKit
import ChkWorkspace

/// `unknown-dependency`: a `⛔` of an Obsidian vault's task names an ID that no task of
/// the vault has. The plugin's dependencies reach across files, so the IDs are those
/// of every Markdown file of the vault (as chk walks it: hidden folders and ignored
/// files left out), read only when the linted files do not already have them all.
extension LintCommand {
  /// Adds the `unknown-dependency` findings to the results of files in the plugin's
  /// format.
  ///
  /// - Complexity: O(*n*) in the linted files' tasks, plus one read of the vault's
  ///   other files when a dependency names no task of the linted ones.
  func vaultFindings(
    _ results: inout [LintFileResult], _ paths: [String], _ configurations: [LintConfiguration],
    _ targets: inout ChecklistTargets
  ) {
    var roots: [Int: String] = [:]
    var known: [String: Set<String>] = [:]
    for (index, result) in results.enumerated() {
      guard let facts = result.vault else { continue }
      let directory = SystemPath.directory(of: paths[index])
      let root = targets.configurations.vaultRoot(for: directory) ?? directory
      roots[index] = root
      known[root, default: []].formUnion(facts.ids)
    }
    let linted = Set(paths)
    var walked = Set<String>()
    for (index, root) in roots.sorted(by: { $0.key < $1.key }) {
      guard let facts = results[index].vault else { continue }
      let severity = configurations[index].severity(of: .unknownDependency)
      guard severity != .off, !facts.dependencies.isEmpty else { continue }
      if facts.dependencies.contains(where: { !(known[root]?.contains($0.id) ?? false) }),
        walked.insert(root).inserted
      {
        known[root, default: []].formUnion(ids(in: root, skipping: linted, &targets))
      }
      let ids = known[root] ?? []
      for dependency in facts.dependencies where !ids.contains(dependency.id) {
        results[index].diagnostics.append(
          Diagnostic(
            rule: .unknownDependency, severity: severity, line: dependency.line, column: 1,
            endLine: dependency.line, endColumn: dependency.endColumn,
            message:
              "⛔ \(dependency.id) names no task: no task of the vault has 🆔 \(dependency.id)",
            isFixable: false))
      }
      results[index].diagnostics.sort { ($0.line, $0.column) < ($1.line, $1.column) }
    }
  }

  /// The `🆔` of the tasks of the vault's other files in the plugin's format.
  private func ids(
    in root: String, skipping linted: Set<String>, _ targets: inout ChecklistTargets
  ) -> Set<String> {
    guard let walk = try? invocation.targets([root]) else { return [] }
    var ids = Set<String>()
    for entry in walk.files where !linted.contains(entry.path.absolute) {
      let directory = SystemPath.directory(of: entry.path.absolute)
      guard
        case .obsidianTasks(let settings, _)? = try? targets.configurations.dialect(for: directory),
        let bytes = try? invocation.read(entry.path)
      else { continue }
      ids.formUnion(
        ObsidianTasksView.vaultFacts(
          of: bytes, settings: settings, configuration: LintConfiguration(today: today)
        ).ids)
    }
    return ids
  }
}
