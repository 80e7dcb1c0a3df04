internal import ChkPlatform

/// A file's time as `stat` gives it: whole seconds since 1970 and the nanoseconds
/// after them.
///
/// Kept as two numbers, not one count of nanoseconds: a signed 64-bit count of
/// nanoseconds ends in 2262 and starts in 1677, while a file system holds any time a
/// `touch -d` or an archive (`tar --mtime`) gives it.
public struct FileTime: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// Whole seconds since 1970-01-01 00:00 UTC (negative before).
  public var seconds: Int64
  /// Nanoseconds after `seconds`, 0 to 999,999,999.
  public var nanoseconds: Int64

  /// Creates a time from its parts; nanoseconds outside 0..<1e9 carry into the
  /// seconds (saturating at the ends of `Int64`).
  public init(seconds: Int64, nanoseconds: Int64) {
    let carry =
      nanoseconds >= 0 ? nanoseconds / 1_000_000_000 : (nanoseconds + 1) / 1_000_000_000 - 1
    let (sum, overflow) = seconds.addingReportingOverflow(carry)
    self.seconds = overflow ? (carry < 0 ? .min : .max) : sum
    // The remainder is in 0..<1e9 even where carry * 1e9 alone would not fit.
    self.nanoseconds = nanoseconds &- carry &* 1_000_000_000
  }

  /// Orders times from the earlier.
  public static func < (lhs: FileTime, rhs: FileTime) -> Bool {
    (lhs.seconds, lhs.nanoseconds) < (rhs.seconds, rhs.nanoseconds)
  }

  /// `SECONDS.NANOSECONDS`, nine digits after the point (`-5.250000000` is 5.75
  /// seconds before 1970): the form undo records keep.
  public var description: String {
    let fraction = String(nanoseconds)
    return "\(seconds)." + String(repeating: "0", count: 9 - fraction.count) + fraction
  }

  /// Reads `description`'s form, or a plain count of nanoseconds (the form records
  /// of chk 0.1 kept); `nil` for anything else.
  public init?(_ text: Substring) {
    guard let point = text.firstIndex(of: ".") else {
      guard let count = Int64(text) else { return nil }
      self.init(seconds: 0, nanoseconds: count)
      return
    }
    let fraction = text[text.index(after: point)...]
    guard let seconds = Int64(text[..<point]), fraction.count == 9,
      fraction.allSatisfy({ $0.isASCII && $0.isNumber }), let nanoseconds = Int64(fraction)
    else { return nil }
    self.init(seconds: seconds, nanoseconds: nanoseconds)
  }

  init(_ time: timespec) {
    self.init(seconds: Int64(time.tv_sec), nanoseconds: Int64(time.tv_nsec))
  }

  /// The time as `utimensat` and `futimens` take it.
  var systemTime: timespec {
    timespec(tv_sec: Int(seconds), tv_nsec: Int(nanoseconds))
  }
}
