import ChecklistKit
import ChkWorkspace

/// The commands that manage lists, and `archive`.
extension Command {
  static let listAdd = Command(
    "list-add", operands: [.oneOrMore("NAME")], "add an empty list at the end of the file",
    options: [.icon], edits: true
  ) { invocation throws(CommandError) in
    let name = invocation.operands.joined(separator: " ")
    return try invocation.edit { document, path throws(CommandError) in
      try invocation.perform(path) { () throws(EditError) in
        try document.addList(named: name, icon: invocation.arguments.value(.icon))
      }
      return ["added list \"\(name)\""]
    }
  }

  static let listRename = Command(
    "list-rename", operands: [.one("NAME"), .one("NEW")], "rename a list", edits: true
  ) { invocation throws(CommandError) in
    try invocation.edit { document, path throws(CommandError) in
      let list = try ItemResolver(document, path: path).resolveList(invocation.operands[0])
      let old = describe(list, in: document)
      try invocation.perform(path) { () throws(EditError) in
        try document.renameList(list, to: invocation.operands[1])
      }
      return ["renamed list \(old) to \"\(invocation.operands[1])\""]
    }
  }

  static let listRemove = Command(
    "list-rm", operands: [.one("NAME")],
    "remove a list: its heading and everything up to the next one (--force when that is more than the heading)",
    options: [.force], edits: true
  ) { invocation throws(CommandError) in
    try invocation.edit { document, path throws(CommandError) in
      let list = try ItemResolver(document, path: path).resolveList(invocation.operands[0])
      let name = describe(list, in: document)
      let removal = try invocation.perform(path) { () throws(EditError) in
        try document.removal(of: list)
      }
      if !removal.isEmpty, !invocation.arguments.has(.force) {
        throw .usage(
          "\(path): list \(name) has \(removal); add --force to remove it with them")
      }
      try invocation.perform(path) { () throws(EditError) in try document.deleteList(list) }
      return ["removed list \(name)" + (removal.isEmpty ? "" : " with \(removal)")]
    }
  }

  static let listIcon = Command(
    "list-icon", operands: [.one("NAME"), .either("ICON", or: .noIcon)],
    "set or remove a list's icon", options: [.noIcon], edits: true
  ) { invocation throws(CommandError) in
    let removes = invocation.arguments.has(.noIcon)
    return try invocation.edit { document, path throws(CommandError) in
      let list = try ItemResolver(document, path: path).resolveList(invocation.operands[0])
      let icon = removes ? nil : invocation.operands[1]
      try invocation.perform(path) { () throws(EditError) in try document.setIcon(icon, of: list) }
      let name = describe(list, in: document)
      // A name the pictures' table lacks is kept, and said: it shows as its name.
      if let icon, ListIcon.picture(for: icon) == nil {
        invocation.errors.line(
          "chk: note: '\(icon)' has no picture in chk's table; it shows as its name (see "
            + "chk(1), list-icon)")
      }
      return [icon.map { "set the icon of \(name) to \"\($0)\"" } ?? "removed the icon of \(name)"]
    }
  }

  static let reset = Command(
    "reset", "uncheck every item of a list (or of the file) and remove their @done dates",
    options: [.list.described("reset only this list")], edits: true
  ) { invocation throws(CommandError) in
    try invocation.edit { document, path throws(CommandError) in
      let list = try invocation.arguments.value(.list).map { name throws(CommandError) in
        try ItemResolver(document, path: path).resolveList(name)
      }
      let count = try invocation.perform(path) { () throws(EditError) in
        try document.resetItems(in: list)
      }
      let place = list.map { " in " + describe($0, in: document) } ?? ""
      guard count > 0 else { return ["nothing to reset" + place] }
      return ["reset \(count) item\(count == 1 ? "" : "s")" + place]
    }
  }

  static let listCopy = Command(
    "list-copy", operands: [.one("NAME"), .one("NEW")],
    "copy a list as a new list: its prose, its items unchecked with new IDs",
    options: [.afterList, .from], edits: true
  ) { invocation throws(CommandError) in
    let name = invocation.operands[0]
    let newName = invocation.operands[1]
    var source: (path: UserPath, document: ChecklistDocument)?
    if let from = invocation.arguments.value(.from) {
      let path = invocation.userPath(from)
      source = (path, try invocation.fileEdit.parse(invocation.read(path), path: path))
    }
    return try invocation.edit { document, path throws(CommandError) in
      let sourcePath = source?.path ?? path
      let list = try ItemResolver(source?.document ?? document, path: sourcePath)
        .resolveList(name)
      let after = try invocation.arguments.value(.afterList).map { name throws(CommandError) in
        try ItemResolver(document, path: path).resolveList(name)
      }
      let count: Int
      do throws(EditError) {
        count = try document.copyList(list, from: source?.document, as: newName, after: after)
      } catch {
        if case .unbalancedHTML(let line, let element) = error {
          throw CommandError(
            message: "\(sourcePath.shown): list '\(name)' opens <\(element)> on line \(line) "
              + "without closing it; a copy would change how the lines after it read on "
              + "GitHub: close the element in the list first",
            kind: .invalidData)
        }
        throw .edit(error, path: path.shown)
      }
      let origin = source.map { " from \($0.path.shown)" } ?? ""
      return [
        "copied list \(describe(list, in: source?.document ?? document))\(origin) to "
          + "\"\(newName)\" with \(count) item\(count == 1 ? "" : "s")"
      ]
    }
  }

  static let archive = Command(
    "archive", "move checked items (with their sub-items) to an archive list, created if needed",
    options: [.list.described("archive only from this list"), .archiveList], edits: true
  ) { invocation throws(CommandError) in
    let target = invocation.arguments.value(.archiveList) ?? "Archive"
    return try invocation.edit { document, path throws(CommandError) in
      let resolver = ItemResolver(document, path: path)
      let source = try invocation.arguments.value(.list).map { name throws(CommandError) in
        try resolver.resolveList(name)
      }
      let count = try invocation.perform(path) { () throws(EditError) in
        try document.archiveCheckedItems(from: source, to: target)
      }
      guard count > 0 else { return ["nothing to archive"] }
      return ["archived \(count) item\(count == 1 ? "" : "s") to \"\(target)\""]
    }
  }
}
