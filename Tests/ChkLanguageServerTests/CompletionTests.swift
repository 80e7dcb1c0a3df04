import ChecklistKit
import ChkTestSupport
import Foundation
import Testing

@testable import ChkLanguageServer
@testable import ChkWorkspace

/// Completion of tags, dates, IDs and boxes.
@Suite("LSP: completion")
struct CompletionTests {
  func labels(_ session: LSPSession, _ line: Int, _ character: Int) -> [String] {
    let result = session.result("textDocument/completion", Params.at(line, character))
    return result["items"]?.arrayValue?.compactMap { $0["label"]?.stringValue } ?? []
  }

  /// Inside `@every(`, the recurrences the format reads, each one it accepts.
  @Test func completionOffersRecurrences() throws {
    let session = LSPSession()
    session.open(Params.uri, "- [ ] Water  @due(2026-12-01)  @every(\n")
    let offered = labels(session, 0, 38)
    #expect(offered.starts(with: ["day", "week", "2 weeks", "month"]))
    #expect(offered.allSatisfy { Recurrence($0) != nil })
  }

  /// Inside `@remind(`: reminders, each one `@remind` reads.
  @Test func remindCompletesReminders() throws {
    let session = LSPSession()
    session.open(Params.uri, "- [ ] Call  @due(2026-12-01 09:30)  @remind(\n")
    let offered = labels(session, 0, 44)
    #expect(offered.first == "09:00")
    #expect(offered.contains("30 minutes before"))
    #expect(offered.allSatisfy { Reminder($0) != nil })
  }

  @Test func completionOffersTagsDatesIDsAndBoxes() throws {
    let session = LSPSession()
    session.open(
      Params.uri, "## Week  @\n\n- [ ] Call  @\n- [ ] Pay  @due(\n- [ ] Plan  @id()\n- [\n")
    #expect(labels(session, 0, 10) == ["id", "icon"])
    #expect(labels(session, 2, 13) == ["id", "done", "due", "every", "remind"])
    // 2026-11-30 is a Monday.
    let dates =
      session.result("textDocument/completion", Params.at(3, 16))["items"]?.arrayValue ?? []
    #expect(
      dates.compactMap { $0["label"]?.stringValue } == [
        "today", "tomorrow", "next Monday", "end of month",
      ])
    #expect(
      dates.compactMap { $0["textEdit"]?["newText"]?.stringValue } == [
        "2026-11-30)", "2026-12-01)", "2026-12-07)", "2026-11-30)",
      ])
    let id = session.result("textDocument/completion", Params.at(4, 16))["items"]?.arrayValue?.first
    let fresh = try #require(id?["textEdit"]?["newText"]?.stringValue)
    #expect(!fresh.hasSuffix(")"), "a ')' is there already")
    #expect(ChecklistDocument.isValidID(fresh))
    #expect(labels(session, 5, 3) == ["[ ]", "[x]"])
    #expect(labels(session, 2, 6).isEmpty, "nothing in the middle of a name")
    try session.validateTranscript("completionOffersTagsDatesIDsAndBoxes")
  }
}
