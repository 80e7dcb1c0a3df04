import ChecklistKit
import ChkWorkspace

/// `chk init`.
extension Command {
  /// What `chk init` writes.
  static let template = "# Checklist\n\n## To do\n"

  static let initialize = Command(
    "init", operands: [.optional("PATH", isPath: true)],
    "create a new checklist file (CHECKLIST.md unless PATH is given)"
  ) { invocation throws(CommandError) in
    let path = invocation.userPath(
      invocation.operands.first ?? invocation.arguments.value(.file) ?? "CHECKLIST.md")
    do throws(FileError) {
      try ChecklistFile.create(
        path.absolute, contents: Array(template.utf8), displayName: path.shown)
    } catch {
      throw .file(error)
    }
    invocation.output.line("created \(path.shown)")
    return .success
  }
}
