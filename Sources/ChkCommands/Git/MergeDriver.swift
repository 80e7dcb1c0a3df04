import ChecklistKit
import ChkWorkspace

/// `chk merge-driver`: git's merge driver for checklists.
extension Command {
  static let mergeDriver = Command(
    "merge-driver",
    operands: [
      .one("BASE", isPath: true), .one("OURS", isPath: true), .one("THEIRS", isPath: true),
      .optional("MARKER_SIZE"), .optional("PATH", isPath: true),
    ],
    "merge three versions by item for git (writes the result to OURS)"
  ) { invocation throws(CommandError) in
    let operands = invocation.operands
    var markerSize = 7
    if operands.count >= 4 {
      guard let size = Int(operands[3]), size >= 1, size <= 1_000 else {
        throw .usage("MARKER_SIZE must be a number from 1 to 1000, not '\(operands[3])'")
      }
      markerSize = size
    }
    let shownPath = operands.count >= 5 ? operands[4] : operands[1]
    let base = try invocation.read(invocation.userPath(operands[0]))
    let theirs = try invocation.read(invocation.userPath(operands[2]))
    // Git owns OURS (a temporary file it reads back): no undo record for it.
    var edit = invocation.fileEdit
    edit.undo = nil
    edit.isDryRun = false
    let outcome = try edit.apply(to: invocation.userPath(operands[1])) {
      ours throws(CommandError) in
      let result = ChecklistMerge.merge(
        base: base, ours: ours.contents, theirs: theirs, markerSize: markerSize)
      return (result.bytes, result)
    }
    let result = outcome.value
    if result.mergedLineByLine {
      invocation.errors.line(
        "chk merge-driver: \(shownPath): not valid UTF-8 in every version; merged line by line")
    }
    guard result.conflicts == 0 else {
      invocation.errors.line(
        "chk merge-driver: \(shownPath): \(result.conflicts) conflict"
          + (result.conflicts == 1 ? "" : "s")
          + " marked; edit the file (or run 'chk resolve \(shownPath)' after fixing the markers)"
          + " and 'git add' it")
      return .failure
    }
    return .success
  }
}
