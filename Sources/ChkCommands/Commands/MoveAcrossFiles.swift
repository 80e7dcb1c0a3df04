import ChecklistKit
import ChkWorkspace

extension Command {
  /// `chk mv ITEM --list FILE:LIST`: the item, with its sub-items, to a list of another
  /// file. Three edits, each through the edit path: the item is given an ID in its file
  /// (when it has none), added to the other file, then removed from its own; should
  /// the last fail, it is in both files (and said), never in neither.
  static func moveAcrossFiles(
    _ invocation: Invocation, item operand: String, from source: UserPath, to destination: UserPath,
    list name: String
  ) throws(CommandError) -> ExitCode {
    var id = ""
    var label = ""
    _ = try invocation.edit(at: source) { document, path throws(CommandError) in
      let item = try ItemResolver(document, path: path).resolve(operand)
      id = try invocation.perform(path) { () throws(EditError) in try document.assignID(to: item) }
      label = ItemResolver.label(of: .id(id), in: document)
      return []
    }
    let sourceDocument = try invocation.fileEdit.parse(invocation.read(source), path: source)
    let detached = try invocation.perform(source) { () throws(EditError) in
      try sourceDocument.detached(.id(id))
    }
    let top = invocation.arguments.has(.top)
    var newID = id
    _ = try invocation.edit(at: destination) { document, path throws(CommandError) in
      let list = try ItemResolver(document, path: path).resolveList(name)
      newID = try invocation.perform(path) { () throws(EditError) in
        try document.attach(detached, at: top ? .start(of: list) : .end(of: list))
      }
      let renamed = newID == id ? "" : " (as \(newID): \(id) was taken there)"
      return [
        "moved \(label) from \(source.shown) to the \(top ? "top" : "end") of "
          + describe(list, in: document) + " in \(path.shown)" + renamed
      ]
    }
    do throws(CommandError) {
      _ = try invocation.edit(at: source) { document, path throws(CommandError) in
        try invocation.perform(path) { () throws(EditError) in try document.deleteItem(.id(id)) }
        return []
      }
    } catch {
      throw CommandError(
        message: error.message + "; the item is now in both \(source.shown) and "
          + "\(destination.shown): remove it from one with chk rm", kind: error.kind)
    }
    return .success
  }
}
