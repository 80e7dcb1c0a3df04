import ChecklistKit
import ChkPlatform
import ChkTerminalUI
import ChkWorkspace

/// `chk tui`'s session, fed any bytes as keys, resizes and other writers' changes.
extension FuzzChecks {
  /// The keys a byte stands for (most bytes): every key the screens know, and letters
  /// and punctuation for the prompts.
  private static let keys: [Key] =
    [
      .enter, .escape, .backspace, .tab, .backTab, .up, .down, .left, .right, .home, .end,
      .pageUp, .pageDown, .delete, .control("d"), .control("u"), .control("r"),
      .control("f"), .control("b"), .control("a"), .control("e"), .control("k"),
      .mouse(Key.Mouse(action: .wheelUp, column: 3, row: 3)),
      .mouse(Key.Mouse(action: .wheelDown, column: 3, row: 3)),
    ]
    + Array("jkgGxaoOenDdJK><mu/cLT? 0t-1M9y.é").map { Key.character($0) }

  /// The file a run starts from when the input gives none.
  private static let startingText = """
    # Home

    ## Groceries  @icon(cart)

    - [ ] Milk  @id(m1)  @due(2024-06-15)
    - [x] Eggs  @done(2024-06-01)  @id(e1)
    - [ ] Bread  @id(b1)  # sourdough
      - [ ] Flour  @id(f1)
    ## Chores

    - [ ] Water plants  @id(w1)  @due(2024-06-13)  @every(week)
      - [ ] Ferns  @due(2024-06-14)
    - [ ] Laundry

    """

  /// Bytes as a session: before the first 0 byte (if any), the checklist file's text
  /// (else a small file with lists, sub-items, notes and a recurring item); after it,
  /// one step per byte. Bytes 0xF0-0xF7 resize the window (to widths of 30 to 200),
  /// 0xF8-0xFB let another program change the file (a line added, removed or changed,
  /// renamed over it as editors do), 0xFC-0xFF let the session look at the disk; every
  /// other byte is a key from `keys`. After every step the session's invariants hold
  /// (`Session.invariantViolation`): above all, the document it shows is the file on
  /// disk, byte for byte, once it has looked.
  package static func terminalUIViolation(in bytes: [UInt8], scratch: String?) -> String? {
    guard let scratch else { return nil }
    let separator = bytes.firstIndex(of: 0)
    let text = separator.map { Array(bytes[..<$0]) } ?? Array(startingText.utf8)
    guard (try? ChecklistDocument(parsing: text)) != nil else { return nil }
    let steps = separator.map { Array(bytes[($0 + 1)...]) } ?? bytes
    let directory = scratch + "/tui"
    removeTree(directory)
    guard mkdir(directory, 0o755) == 0 else { return nil }
    defer { removeTree(directory) }
    let path = directory + "/list.md"
    writeFile(String(decoding: text, as: UTF8.self), to: path)
    let workspace = Workspace(
      variables: [
        "HOME": directory, "XDG_STATE_HOME": directory + "/state", "CHK_SEED": "3",
        "CHK_TODAY": "2024-06-14",
      ],
      currentDirectory: directory)
    let session: Session
    do throws(WorkspaceError) {
      session = try Session(
        paths: [FileWalker.Entry(path: workspace.userPath("list.md"), isExplicit: true)],
        workspace: workspace)
    } catch {
      return "the session did not open a file that parses: \(error.message)"
    }
    var size = (columns: 80, rows: 24)
    var changes = 0
    for (index, byte) in steps.prefix(400).enumerated() {
      switch byte {
      case 0xF0...0xF7:
        let widths = [30, 40, 41, 55, 80, 120, 200, 39]
        size = (widths[Int(byte - 0xF0)], [9, 10, 12, 24, 50, 10, 60, 30][Int(byte - 0xF0)])
      case 0xF8...0xFB:
        changes += 1
        otherWriterChanges(path, kind: Int(byte - 0xF8), serial: changes)
      case 0xFC...0xFF:
        _ = session.checkFiles()
      default:
        _ = session.handle(keys[Int(byte) % keys.count])
      }
      if let problem = session.invariantViolation(columns: size.columns, rows: size.rows) {
        return "after step \(index) (byte \(byte)): \(problem)"
      }
    }
    _ = session.checkFiles()
    return session.invariantViolation(columns: size.columns, rows: size.rows).map {
      "at the end: \($0)"
    }
  }

  /// Another program's change: a line added at the end, the first item line removed, an
  /// item's box flipped in place, or the whole file replaced by a smaller checklist.
  private static func otherWriterChanges(_ path: String, kind: Int, serial: Int) {
    guard var text = try? ChecklistFile.read(path) else { return }
    switch kind {
    case 0:
      text += Array("- [ ] from elsewhere \(serial)\n".utf8)
    case 1:
      var lines = text.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
      if let item = lines.firstIndex(where: { $0.starts(with: Array("- [".utf8)) }) {
        lines.remove(at: item)
      }
      text = Array(lines.joined(separator: [UInt8(ascii: "\n")]))
    case 2:
      if let box = text.indices.dropLast(2).first(where: {
        text[$0] == UInt8(ascii: "[") && text[$0 + 2] == UInt8(ascii: "]")
      }) {
        text[box + 1] = text[box + 1] == UInt8(ascii: " ") ? UInt8(ascii: "x") : UInt8(ascii: " ")
      }
    default:
      text = Array("## Other\n\n- [ ] replaced \(serial)\n".utf8)
    }
    let temporary = path + ".other"
    writeFile(String(decoding: text, as: UTF8.self), to: temporary)
    _ = rename(temporary, path)
  }
}
