/// An item's "remind me" setting, the value of `@remind`: at a time on the due day, a
/// while before the due time, or not at all.
///
/// Written `09:00`, `30 minutes before`, `2 hours before`, `1 day before` (minutes,
/// hours or days, 1 to 999, singular or plural, any case) or `off`.
public enum Reminder: Sendable, Hashable, CustomStringConvertible {
  /// At this time on the due day.
  case at(ClockTime)
  /// This many minutes before the due time (or, for a due day alone, before the
  /// default reminder time on it).
  case before(minutes: Int)
  /// No reminder.
  case off

  /// How to write a value, for a message that refuses one: the one wording the linter
  /// and the command line give.
  public static let howToWrite =
    "write a time such as 09:00, '30 minutes before', '2 hours before', '1 day before', or off"

  /// Parses a `@remind` value; `nil` for anything else.
  public init?(_ text: some StringProtocol) {
    let words = text.lowercased().split(separator: " ")
    if words == ["off"] {
      self = .off
      return
    }
    if words.count == 1, let time = ClockTime(words[0]) {
      self = .at(time)
      return
    }
    guard words.count == 3, words[2] == "before", let count = Int(words[0]),
      (1...999).contains(count),
      words[0].allSatisfy({ $0.isASCII && $0.isNumber }), words[0].first != "0"
    else { return nil }
    switch words[1] {
    case "minute", "minutes": self = .before(minutes: count)
    case "hour", "hours": self = .before(minutes: count * 60)
    case "day", "days": self = .before(minutes: count * 1_440)
    default: return nil
    }
  }

  /// The canonical text: `09:00`, `30 minutes before`, `1 hour before`, `2 days
  /// before`, `off`.
  public var description: String {
    switch self {
    case .at(let time): return time.description
    case .off: return "off"
    case .before(let minutes):
      let (count, unit) =
        minutes % 1_440 == 0
        ? (minutes / 1_440, "day")
        : minutes % 60 == 0 ? (minutes / 60, "hour") : (minutes, "minute")
      return "\(count) \(unit)\(count == 1 ? "" : "s") before"
    }
  }

  /// When an item due `due` is reminded, under `defaults`; `nil` for none.
  ///
  /// Without `@remind` (`reminder` nil): at the due time, or at the default time on a
  /// due day alone; nothing when reminders are off by default. `@remind` decides
  /// whatever the default.
  public static func moment(
    for reminder: Reminder?, due: DueMoment, defaults: ReminderDefaults
  ) -> LocalMoment? {
    let dueMoment = LocalMoment(day: due.day, time: due.time ?? defaults.time)
    switch reminder {
    case nil: return defaults.isEnabled ? dueMoment : nil
    case .off?: return nil
    case .at(let time)?: return LocalMoment(day: due.day, time: time)
    case .before(let minutes)?: return dueMoment.adding(minutes: -minutes)
    }
  }
}

/// When items are reminded without `@remind`: `.chk.json`'s `"reminders"`.
public struct ReminderDefaults: Sendable, Hashable {
  /// The time a due day without a time is reminded at: 09:00 unless configured.
  public var time: ClockTime
  /// Whether an item with a due day is reminded without `@remind` (true unless
  /// configured).
  public var isEnabled: Bool

  /// The defaults: 09:00, on.
  public init(time: ClockTime = .nine, isEnabled: Bool = true) {
    self.time = time
    self.isEnabled = isEnabled
  }
}
