import ChecklistKit
import ChkWorkspace

/// `chk resolve`: merging a file that has conflict markers, by item.
extension Command {
  static let resolve = Command(
    "resolve", operands: [.one("PATH", isPath: true)],
    "merge a file that has conflict markers by item; conflicts that remain stay marked",
    options: [.quiet.described("print nothing on success")]
  ) { invocation throws(CommandError) in
    let path = invocation.userPath(invocation.operands[0])
    let outcome = try invocation.fileEdit.apply(to: path) {
      file throws(CommandError) -> (bytes: [UInt8], value: (MarkedConflicts, MergeResult, String)?)
      in
      let marked: MarkedConflicts
      do throws(ConflictMarkers.Malformed) {
        marked = try ConflictMarkers.split(file.contents)
      } catch {
        throw .invalidValue(
          "\(path.shown):\(error.line): \(error.reason); fix the markers by hand and run "
            + "'chk resolve' again")
      }
      guard marked.regions > 0 else { return (file.contents, nil) }
      var versions = (base: marked.base, ours: marked.ours, theirs: marked.theirs)
      var source = "the markers"
      if !marked.everyRegionHasBase, let staged = invocation.stagedVersions(of: path) {
        versions = staged
        source = "git's index"
      }
      let result = ChecklistMerge.merge(
        base: versions.base, ours: versions.ours, theirs: versions.theirs)
      return (result.bytes, (marked, result, source))
    }
    for warning in outcome.warnings { invocation.errors.line("chk: " + warning) }
    guard let (marked, result, source) = outcome.value else {
      if !invocation.arguments.has(.quiet) {
        invocation.output.line("\(path.shown): no conflict markers")
      }
      return .success
    }
    guard result.conflicts == 0 else {
      invocation.errors.line(
        "chk: \(path.shown): \(result.conflicts) conflict"
          + (result.conflicts == 1 ? " remains" : "s remain")
          + " marked (versions from \(source)); edit them by hand")
      return .failure
    }
    if !invocation.arguments.has(.quiet) {
      invocation.output.line(
        "resolved \(marked.regions) conflict" + (marked.regions == 1 ? "" : "s")
          + " in \(path.shown) (versions from \(source)); check it and 'git add' it")
    }
    return .success
  }
}

extension Invocation {
  /// The base, ours and theirs git holds for a file in a conflicted merge (index
  /// stages 1 to 3), or `nil` when git has no such stages for it.
  func stagedVersions(of path: UserPath) -> (base: [UInt8], ours: [UInt8], theirs: [UInt8])? {
    let full = path.absolute
    let slash = full.lastIndex(of: "/") ?? full.startIndex
    let directory = String(full[..<slash])
    let name = String(full[full.index(after: slash)...])
    func stage(_ number: Int) -> [UInt8]? {
      Git.stagedFile(number, named: name, in: directory, environment: environment.variables)
    }
    guard let ours = stage(2), let theirs = stage(3) else { return nil }
    return (stage(1) ?? [], ours, theirs)
  }
}
