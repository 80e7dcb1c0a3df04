import ChecklistKit
import ChkTestSupport
import Foundation
import Testing

@testable import ChkWorkspace

/// The shared layer on its own, without a command line: the walk, `.chk.json` and the
/// edit path (the command tests reach them only through `chk`).
@Suite("Shared layer: walks, .chk.json and the edit path")
struct SharedLayerTests {
  static func walk(_ paths: [String], in directory: String) -> FileWalker.Expansion {
    var configurations = ConfigurationCache(home: directory)
    return FileWalker.expand(
      paths, relativeTo: directory,
      options: FileWalker.Options(environment: [:], reportsSkipped: true, usesGit: false),
      configurations: &configurations)
  }

  /// A directory gives its Markdown files in byte order, hidden directories and
  /// `.chk.json`'s exclusions left out; a file named on its own is explicit whatever
  /// its name; a missing one is said.
  @Test func aWalkFindsMarkdownFilesInOrderAndKeepsNamedFiles() throws {
    let directory = try TemporaryDirectory()
    _ = try directory.file("b.md", "- [ ] B\n")
    _ = try directory.file("a.md", "- [ ] A\n")
    _ = try directory.file("notes.txt", "- [ ] T\n")
    _ = try directory.file(".hidden/h.md", "- [ ] H\n")
    _ = try directory.file("drafts/d.md", "- [ ] D\n")
    _ = try directory.file("sub/c.md", "- [ ] C\n")
    _ = try directory.file(".chk.json", #"{"exclude": ["drafts/"]}"#)
    let expansion = Self.walk([".", "notes.txt", "gone.md"], in: directory.path)
    #expect(expansion.files.map(\.path.shown) == ["a.md", "b.md", "sub/c.md", "notes.txt"])
    #expect(expansion.files.map(\.isExplicit) == [false, false, false, true])
    #expect(expansion.missing == ["gone.md"])
    #expect(expansion.skipped.map(\.path) == [".hidden/", "drafts/"])
  }

  /// The closest `.chk.json` governs a directory; one that is not valid is an error
  /// for the files it governs, remembered, and does not reach a sibling directory.
  @Test func theClosestConfigurationGovernsAndABadOneStaysLocal() throws {
    let directory = try TemporaryDirectory()
    _ = try directory.file(".chk.json", #"{"rules": {"missing-id": "off"}}"#)
    _ = try directory.file("bad/.chk.json", "{nope")
    _ = try directory.file("good/x.md", "")
    _ = try directory.file("bad/x.md", "")
    var cache = ConfigurationCache(home: directory.path)
    let good = try cache.configuration(for: directory.path + "/good")
    #expect(good.path == directory.path + "/.chk.json")
    #expect(good.rules.map(\.rule.name) == ["missing-id"])
    #expect(throws: WorkspaceError.self) { try cache.configuration(for: directory.path + "/bad") }
    #expect(throws: WorkspaceError.self) { try cache.configuration(for: directory.path + "/bad") }
    #expect(cache.used == [directory.path + "/.chk.json"])
  }

  /// A configuration's parse errors name the file and say what was expected.
  @Test func aConfigurationThatIsNotValidSaysWhy() {
    func message(_ text: String) -> String? {
      do throws(WorkspaceError) {
        _ = try ProjectConfiguration.parse(Array(text.utf8), path: "c/.chk.json")
        return nil
      } catch {
        return error.message
      }
    }
    #expect(message("[1]")?.hasPrefix("c/.chk.json: expected an object") == true)
    #expect(message("{")?.hasPrefix("c/.chk.json: not valid JSON") == true)
    #expect(message(#"{"rules": {"missing-id": "warning"}}"#) == nil)
  }

  /// An edit writes the new bytes and its undo record; an edit whose change throws
  /// leaves the file as it was; a dry run writes nothing.
  @Test func theEditPathWritesRecordsAndLeavesFailuresUntouched() throws {
    let directory = try TemporaryDirectory()
    let file = try directory.file("list.md", "- [ ] Milk  @id(m1)\n")
    let path = UserPath("list.md", in: directory.path)
    let undo = UndoStore(directory: directory.path + "/state")
    let edit = FileEdit(lockTimeout: 1, undo: undo)
    let outcome = try edit.applyToDocument(at: path, idGenerator: .seeded(1)) {
      document throws(WorkspaceError) in
      do throws(EditError) {
        try document.check(.id("m1"), on: CalendarDay("2024-06-01"))
      } catch {
        throw .usage(error.message)
      }
    }
    #expect(outcome.changed)
    let checked = "- [x] Milk  @done(2024-06-01)  @id(m1)\n"
    #expect(try String(contentsOfFile: file, encoding: .utf8) == checked)
    if case .record(let record) = undo.load(path: path.absolute) {
      #expect(record.restore(Array(checked.utf8)) == Array("- [ ] Milk  @id(m1)\n".utf8))
    } else {
      Issue.record("no undo record")
    }
    #expect(throws: WorkspaceError.self) {
      _ = try edit.apply(to: path) { _ throws(WorkspaceError) -> (bytes: [UInt8], value: Void) in
        throw .usage("refused")
      }
    }
    var dry = edit
    dry.isDryRun = true
    let preview = try dry.apply(to: path) { opened in (opened.contents + [0x0A], ()) }
    #expect(preview.after.count == checked.utf8.count + 1)
    #expect(try String(contentsOfFile: file, encoding: .utf8) == checked)
  }
}
