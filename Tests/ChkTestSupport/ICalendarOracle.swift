import Foundation
import Testing

/// Independent iCalendar implementations as a test oracle: `Tests/Helpers/ics_check.py`
/// run with a Python that has the PyPI packages `icalendar`, `recurring-ical-events`,
/// `vobject` and `ics` (and `radicale`, a CalDAV server, for `read(_:radicale:)`).
/// Found and required as `RenderingOracle` is (`CHK_ORACLE_PYTHON`, `CHK_REQUIRE_ORACLE=1`
/// in CI).
public struct ICalendarOracle: Sendable {
  let python: String
  let script: String

  /// The oracle for a test: `nil` after a failure where oracles are required, else
  /// a skip of the test, when no Python with the packages is found.
  public static func forTest(_ name: String) throws -> ICalendarOracle? {
    guard
      let python = try RenderingOracle.python(
        for: name, modules: ["icalendar", "recurring_ical_events", "vobject", "ics", "radicale"],
        packages: "icalendar recurring-ical-events vobject ics radicale")
    else { return nil }
    let script = TestSupport.packageRoot.appendingPathComponent("Tests/Helpers/ics_check.py").path
    return ICalendarOracle(python: python, script: script)
  }

  /// One component as the oracle read it.
  public struct Component: Decodable, Sendable {
    /// `UID`.
    public var uid: String
    /// `VTODO` or `VEVENT`.
    public var kind: String
    /// `SUMMARY`, unescaped.
    public var summary: String?
    /// `DESCRIPTION`, unescaped.
    public var description: String?
    /// `CATEGORIES`, each unescaped.
    public var categories: [String]
    /// `DTSTART`: `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM`.
    public var dtstart: String?
    /// `DUE`, as `dtstart`.
    public var due: String?
    /// `DTEND`, as `dtstart`.
    public var dtend: String?
    /// `STATUS`.
    public var status: String?
    /// `COMPLETED`, in UTC, `YYYY-MM-DDTHH:MM`.
    public var completed: String?
    /// `RRULE` as written.
    public var rrule: String?
    /// Each `RDATE`, as `dtstart`.
    public var rdates: [String]
    /// Each alarm's time: its trigger added to the start or the end it is related to.
    public var alarms: [String]
    /// The occurrences from the start until `years` years after it.
    public var occurrences: [String]
    /// What a calendar would object to.
    public var problems: [String]
  }

  /// What the oracle made of a feed.
  public struct Reading: Decodable, Sendable {
    /// Problems with the feed as a whole (line endings, lengths, UTF-8; what icalendar
    /// warned of, what vobject, ics-py or Radicale refused).
    public var problems: [String]
    /// Every VTODO and VEVENT, in the feed's order.
    public var components: [Component]
  }

  /// Reads the feed at `path`, expanding recurrences over `years` years; with
  /// `radicale`, also uploads it whole to a fresh Radicale server and reads it back.
  public func read(_ path: String, years: Int = 2, radicale: Bool = false) throws -> Reading {
    let request = try JSONSerialization.data(withJSONObject: [
      "feed": path, "years": years, "radicale": radicale,
    ])
    guard let result = RenderingOracle.run(python, [script], input: request), result.status == 0
    else { throw RenderingOracle.Failure(description: "the iCalendar oracle failed") }
    return try JSONDecoder().decode(Reading.self, from: result.output)
  }
}
