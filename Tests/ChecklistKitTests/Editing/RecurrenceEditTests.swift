import ChkTestSupport
import Testing

@testable import ChecklistKit

private func day(_ text: String) -> CalendarDay {
  CalendarDay(text) ?? CalendarDay(year: 1970, month: 1, day: 1) ?? .today()
}

/// Reset, list copies and the next occurrence of a recurring item.
@Suite("Edits: checklists that come back")
struct RecurrenceEditTests {
  static let file = """
    # Trips

    ## Packing  @icon(bag)  @id(pk)

    Pack the night before.

    - [x] Passport  @done(2024-05-01)  @id(pp)  # in the drawer
      - [x] Visa  @done(2024-05-01)  @id(vs)
    - [ ] Charger  @due(2024-05-02)  @id(ch)
    - [X] Socks

    ## Other

    - [x] Keep  @done(2024-05-03)  @id(kp)

    """

  @Test func resetUnchecksAListAndKeepsTheRest() throws {
    var document = try ChecklistDocument(parsing: Array(Self.file.utf8))
    document.idGenerator = .seeded(7)
    let log = WorkLog()
    document.workLog = log
    #expect(try document.resetItems(in: .name("Packing")) == 3)
    #expect(log["splices"] == 1)
    let text = String(decoding: document.serialized(), as: UTF8.self)
    #expect(
      text
        == Self.file
        .replacingOccurrences(
          of: "- [x] Passport  @done(2024-05-01)  @id(pp)", with: "- [ ] Passport  @id(pp)"
        )
        .replacingOccurrences(
          of: "  - [x] Visa  @done(2024-05-01)  @id(vs)", with: "  - [ ] Visa  @id(vs)"
        )
        .replacingOccurrences(
          of: "- [X] Socks", with: "- [ ] Socks  @id(\(generatedIDs(count: 1)[0]))"))
    Invariants.check(document, "reset")
    #expect(try document.resetItems(in: .name("Packing")) == 0)
    #expect(try document.resetItems(in: nil) == 1)
    #expect(!String(decoding: document.serialized(), as: UTF8.self).contains("[x]"))
    #expect(throws: EditError.listNotFound(.name("Nope"))) {
      try document.resetItems(in: .name("Nope"))
    }
    // The unnamed list exists only when items come before the first heading: prose
    // there is not a list.
    var prose = try ChecklistDocument(parsing: Array("intro\n\n## A\n\n- [x] a\n".utf8))
    #expect(throws: EditError.listNotFound(.unnamed)) { try prose.resetItems(in: .unnamed) }
    var unnamed = try ChecklistDocument(parsing: Array("- [x] a  @id(a)\n\n## A\n".utf8))
    #expect(try unnamed.resetItems(in: .unnamed) == 1)
  }

  @Test func aCopyHasItsProseAndFreshUncheckedItems() throws {
    let text = try edited(Self.file) {
      let count = try $0.copyList(.name("Packing"), as: "Packing (June)", after: .name("Packing"))
      #expect(count == 4)
    }
    let ids = generatedIDs(count: 5)
    #expect(
      text.contains(
        """
        - [X] Socks

        ## Packing (June)  @icon(bag)  @id(\(ids[0]))

        Pack the night before.

        - [ ] Passport  @id(\(ids[1]))  # in the drawer
          - [ ] Visa  @id(\(ids[2]))
        - [ ] Charger  @due(2024-05-02)  @id(\(ids[3]))
        - [ ] Socks  @id(\(ids[4]))

        ## Other

        """))
    #expect(text.hasPrefix(Self.file.prefix(60)))
  }

  @Test func aCopyGoesAtTheEndAndComesFromAnotherFile() throws {
    let template = try ChecklistDocument(
      parsing: Array("## Weekly\n\n- [x] Review  @id(r1)\n".utf8))
    let text = try edited("## Mine\n\n- [ ] a  @id(a1)\n\n\n") {
      try $0.copyList(.name("Weekly"), from: template, as: "Week 23")
    }
    #expect(
      text
        == "## Mine\n\n- [ ] a  @id(a1)\n\n## Week 23\n\n- [ ] Review  @id(\(generatedIDs(count: 1)[0]))\n"
    )
  }

  /// A file whose last line has no line ending: the new lines go after it, and the
  /// file still ends without one.
  @Test func filesWithoutAFinalLineEnding() throws {
    let ids = generatedIDs(count: 1)
    let copied = try edited("## A\n\n- [x] x  @id(x1)") { try $0.copyList(.name("A"), as: "B") }
    #expect(copied == "## A\n\n- [x] x  @id(x1)\n\n## B\n\n- [ ] x  @id(\(ids[0]))")
    let next = try edited("## A\n\n- [x] x  @due(2024-01-01)  @every(day)  @id(x1)") {
      try $0.addNextRecurrence(of: .id("x1"), done: day("2024-01-01"))
    }
    #expect(
      next
        == "## A\n\n- [x] x  @due(2024-01-01)  @every(day)  @id(x1)\n"
        + "- [ ] x  @due(2024-01-02)  @every(day)  @id(\(ids[0]))")
    let reset = try edited("- [x] x  @done(2024-01-01)  @id(x1)") { try $0.resetItems(in: nil) }
    #expect(reset == "- [ ] x  @id(x1)")
  }

  @Test func aCopyNeedsANewName() throws {
    var document = try ChecklistDocument(parsing: Array(Self.file.utf8))
    #expect(throws: EditError.listExists("Other")) {
      try document.copyList(.name("Packing"), as: "Other")
    }
    #expect(throws: EditError.listNotFound(.name("Nope"))) {
      try document.copyList(.name("Nope"), as: "New")
    }
    #expect(document.serialized() == Array(Self.file.utf8))
  }

  static let recurring = """
    ## Chores

    - [ ] Water plants  @due(2024-03-04)  @every(week)  @id(wp)  # the ferns too
      - [ ] Ferns  @id(fe)
      - [x] Cactus  @done(2024-03-01)  @id(ca)
        - [ ] Spines  @id(sp)
      - [ ] Orchid  @id(or)
    - [ ] Dishes  @id(di)

    """

  @Test func theNextRecurrenceGoesBelowWithItsOpenSubItems() throws {
    let ids = generatedIDs(count: 3)
    let text = try edited(Self.recurring) {
      try $0.check(.id("wp"), on: day("2024-03-05"))
      let next = try $0.addNextRecurrence(of: .id("wp"), done: day("2024-03-05"))
      #expect(next == .added(id: ids[0], due: day("2024-03-11")))
      // Checked, unchecked and checked again: the next one is there already.
      try $0.uncheck(.id("wp"))
      try $0.check(.id("wp"), on: day("2024-03-05"))
      #expect(
        try $0.addNextRecurrence(of: .id("wp"), done: day("2024-03-05"))
          == .alreadyThere(due: day("2024-03-11")))
    }
    #expect(
      text == """
        ## Chores

        - [x] Water plants  @due(2024-03-04)  @every(week)  @done(2024-03-05)  @id(wp)  # the ferns too
          - [ ] Ferns  @id(fe)
          - [x] Cactus  @done(2024-03-01)  @id(ca)
            - [ ] Spines  @id(sp)
          - [ ] Orchid  @id(or)
        - [ ] Water plants  @due(2024-03-11)  @every(week)  @id(\(ids[0]))  # the ferns too
          - [ ] Ferns  @id(\(ids[1]))
          - [ ] Orchid  @id(\(ids[2]))
        - [ ] Dishes  @id(di)

        """)
  }

  @Test func itemsWithoutARecurrenceOrADueDayDoNotComeBack() throws {
    let cases: [(String, ChecklistDocument.NextRecurrence)] = [
      ("- [x] a  @id(a)", .notRecurring),
      ("- [x] a  @due(2024-01-01)  @id(a)", .notRecurring),
      ("- [x] a  @every(week)  @id(a)", .cannotRecur("it has no valid @due day to count from")),
      (
        "- [x] a  @due(2024-01-01)  @every(fortnight)  @id(a)",
        .cannotRecur("'fortnight' in @every is not a recurrence")
      ),
      (
        "- [x] a  @due(9999-12-31)  @every(year)  @id(a)",
        .cannotRecur("its next due day would be past 9999-12-31")
      ),
    ]
    for (line, outcome) in cases {
      var document = try ChecklistDocument(parsing: Array((line + "\n").utf8))
      #expect(try document.addNextRecurrence(of: .id("a"), done: day("2024-01-02")) == outcome)
      #expect(document.serialized() == Array((line + "\n").utf8))
    }
  }

  /// Sub-items' own due days move with the item's, so the copy is not born overdue.
  @Test func subItemDueDaysMoveWithTheItem() throws {
    let ids = generatedIDs(count: 2)
    let text = try edited(
      "- [x] P  @due(2024-01-29)  @every(month)  @id(p)\n  - [ ] s  @due(2024-01-27)  @id(s)\n"
    ) {
      try $0.addNextRecurrence(of: .id("p"), done: day("2024-01-29"))
    }
    #expect(
      text
        == "- [x] P  @due(2024-01-29)  @every(month)  @id(p)\n  - [ ] s  @due(2024-01-27)  @id(s)\n"
        + "- [ ] P  @due(2024-02-29)  @every(month)  @id(\(ids[0]))\n"
        + "  - [ ] s  @due(2024-02-27)  @id(\(ids[1]))\n")
  }

  @Test func theLinterKnowsTheTag() throws {
    let document = try ChecklistDocument(
      parsing: Array(
        """
        - [ ] a  @due(2024-01-01)  @every(2 weeks)  @id(a)
        - [ ] b  @due(2024-01-01)  @every(fortnight)  @id(b)
        - [ ] c  @every(week)  @id(c)
        - [ ] d  @due(2024-01-01)  @every(week)  @every(day)  @id(d)

        """.utf8))
    let findings = ChecklistLinter(configuration: LintConfiguration(today: day("2024-01-01"))).lint(
      document
    ).map {
      "\($0.line):\($0.column) \($0.rule.name) \($0.message)"
    }
    #expect(
      findings == [
        "2:28 invalid-every 'fortnight' in @every is not a recurrence; write day, week, month, "
          + "year, '2 weeks', weekday or a day such as monday, optionally followed by 'from done'",
        "3:10 invalid-every '@every(week)' on an item without @due never comes back; give it a "
          + "@due day",
        "4:42 duplicate-tag @every appears more than once on this line ('@every(day)'); keep one",
      ])
  }
}
