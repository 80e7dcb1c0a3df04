import ChecklistKit

/// One `.ics` file of a vdir as `chk sync` reads it: a VCALENDAR with one to-do (the
/// master, without RECURRENCE-ID) and perhaps instances of it that a client changed
/// (Thunderbird completes one occurrence of a series that way).
package struct VTodoFile: Sendable {
  /// The whole object as read.
  package var calendar: ICalendarComponent
  /// The to-do.
  package var todo: ICalendarComponent
  /// Its UID.
  package var uid: String
  /// The days of the occurrences an instance marks completed (RECURRENCE-ID with
  /// STATUS:COMPLETED).
  package var completedOccurrences: [CalendarDay] = []

  /// Why a file is skipped: it holds no to-do (an event of a calendar collection), or
  /// it cannot be read as one.
  package enum Problem: Error, Sendable, Equatable {
    case notATodo
    case unreadable(String)
  }

  /// Reads a file's bytes.
  ///
  /// - Throws: `Problem.notATodo` for a calendar without a VTODO; `.unreadable` for
  ///   bytes that are not UTF-8 or not iCalendar, a to-do without a UID, two to-dos
  ///   (or UIDs) that are not one series.
  package init(_ bytes: [UInt8]) throws(Problem) {
    do throws(ICalendarComponent.ReadError) {
      calendar = try ICalendarComponent.read(bytes)
    } catch {
      throw .unreadable(error.reason)
    }
    let todos = calendar.components.filter { $0.name == "VTODO" }
    guard !todos.isEmpty else { throw .notATodo }
    let masters = todos.filter { $0.property("RECURRENCE-ID") == nil }
    guard masters.count == 1, let master = masters.first else {
      throw .unreadable(
        masters.isEmpty
          ? "it holds changed occurrences of a to-do but not the to-do itself"
          : "it holds \(masters.count) to-dos; a vdir holds one per file")
    }
    guard let uid = master.property("UID")?.text, !uid.isEmpty else {
      throw .unreadable("its to-do has no UID")
    }
    for todo in todos where todo.property("UID")?.text != uid {
      throw .unreadable("it holds to-dos with different UIDs ('\(uid)' and others)")
    }
    self.todo = master
    self.uid = uid
    for instance in todos where instance.property("RECURRENCE-ID") != nil {
      guard instance.property("STATUS")?.value.uppercased() == "COMPLETED",
        let day = instance.property("RECURRENCE-ID").flatMap(ICalendarTime.dueMoment)?.day
      else { continue }
      completedOccurrences.append(day)
    }
  }

  /// The UID of the to-do's parent (`RELATED-TO`, of type PARENT, the default).
  package var parentUID: String? {
    todo.properties.first {
      $0.name == "RELATED-TO" && ($0.parameter("RELTYPE")?.uppercased() ?? "PARENT") == "PARENT"
    }?.text
  }

  /// Apple's place of the to-do in its list (`X-APPLE-SORT-ORDER`).
  package var sortOrder: Int? {
    todo.property("X-APPLE-SORT-ORDER").flatMap { Int($0.value.trimmingASCIIWhitespace) }
  }
}
