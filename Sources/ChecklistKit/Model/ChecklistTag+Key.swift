extension ChecklistTag {
  /// A tag key the format gives a meaning to: its name, where it belongs, and the
  /// grammar of its value.
  ///
  /// The known keys are declared here once; the parser's model values, the linter, the
  /// edits, the JSON output and the completions read them from `known`. Adding a tag
  /// means one more declaration and its place in `known`. Any other key is kept, in
  /// place, untouched.
  public struct Key: Sendable, Hashable, CustomStringConvertible {
    /// The grammar of a known tag's value.
    public enum Value: Sendable, Hashable {
      /// 1 to 32 of `A-Z a-z 0-9 _ -` (`ChecklistDocument.isValidID`).
      case identifier
      /// A real calendar day written `YYYY-MM-DD`.
      case day
      /// A real calendar day, optionally with a local time: `YYYY-MM-DD`,
      /// `YYYY-MM-DD HH:MM` or `YYYY-MM-DDTHH:MM` (`DueMoment`).
      case moment
      /// A reminder (`Reminder`): `HH:MM`, `N minutes|hours|days before`, or `off`.
      case reminder
      /// Any text (with `(`, `)` and `\` escaped).
      case text
      /// How an item comes back (`Recurrence`): `week`, `2 weeks`,
      /// `weekday`, `monday`, ... optionally `from done`.
      case recurrence
    }

    /// The key as written after `@`.
    public var name: String { staticName.description }
    /// The grammar of the value.
    public let value: Value
    /// Whether the tag belongs on item lines.
    public let isForItems: Bool
    /// Whether the tag belongs on list headings.
    public let isForLists: Bool
    /// One line on what the tag means, for help and completions.
    public var summary: String { staticSummary.description }

    private let staticName: StaticString
    private let staticSummary: StaticString
    /// The name's bytes packed into a word (names are 1 to 8 bytes): comparing a key
    /// with the bytes of a line takes one load and one compare, with no reference
    /// counting on the hot paths.
    let packed: UInt64

    init(_ name: StaticString, value: Value, items: Bool, lists: Bool, summary: StaticString) {
      staticName = name
      self.value = value
      isForItems = items
      isForLists = lists
      staticSummary = summary
      packed = name.withUTF8Buffer { Self.pack($0, 0..<$0.count) } ?? 0
    }

    /// Compares keys by name.
    public static func == (lhs: Key, rhs: Key) -> Bool { lhs.packed == rhs.packed }

    /// Hashes the name.
    public func hash(into hasher: inout Hasher) { hasher.combine(packed) }

    /// Up to 8 bytes as one word, or `nil` for a longer (or empty) range.
    @inline(__always)
    static func pack(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64? {
      let count = range.count
      guard count > 0, count <= 8 else { return nil }
      if range.lowerBound &+ 8 <= bytes.count, let base = bytes.baseAddress {
        // One unaligned load (little-endian: the first byte lowest), the tail masked off.
        let word = UnsafeRawPointer(base).loadUnaligned(
          fromByteOffset: range.lowerBound, as: UInt64.self
        ).littleEndian
        return count == 8 ? word : word & ((1 << UInt64(count &* 8)) &- 1)
      }
      var word: UInt64 = 0
      var shift: UInt64 = 0
      for index in range {
        word |= UInt64(bytes[index]) << shift
        shift &+= 8
      }
      return word
    }

    /// `@id(ID)`: an item's or list's stable identity; items and lists share one
    /// namespace in a file.
    public static let id = Key(
      "id", value: .identifier, items: true, lists: true, summary: "stable identity")
    /// `@done(YYYY-MM-DD)`: the day an item was completed.
    public static let done = Key(
      "done", value: .day, items: true, lists: false, summary: "the day the item was completed")
    /// `@due(YYYY-MM-DD)` or `@due(YYYY-MM-DD HH:MM)`: the day an item is due, and
    /// optionally the time.
    public static let due = Key(
      "due", value: .moment, items: true, lists: false,
      summary: "the day the item is due, and optionally the time (2024-06-01 09:30)")
    /// `@icon(VALUE)`: a list's icon (an SF Symbol name or an emoji).
    public static let icon = Key(
      "icon", value: .text, items: false, lists: true, summary: "the list's icon")

    /// `@every(RECURRENCE)`: how an item with a `@due` day comes back when checked.
    public static let every = Key(
      "every", value: .recurrence, items: true, lists: false,
      summary: "how the item comes back when checked (week, 2 weeks, weekday, monday, ...)")

    /// `@remind(...)`: when the item is reminded, against its due day and time.
    public static let remind = Key(
      "remind", value: .reminder, items: true, lists: false,
      summary: "when to be reminded (09:00, 30 minutes before, 1 day before, off)")

    /// Every known key, in the order the format's table lists them. A key's position
    /// here is its `index`.
    public static let known: [Key] = [id, done, due, icon, every, remind]

    /// The known key with this name, or `nil`.
    public static func named(_ name: some StringProtocol) -> Key? {
      var text = String(name)
      return text.withUTF8 { known(in: $0, 0..<$0.count) }
    }

    /// The key's position in `known`.
    var index: Int { Self.index(ofPacked: packed) ?? 0 }

    /// The position in `known` of the key whose packed name is `word`.
    @inline(__always)
    static func index(ofPacked word: UInt64) -> Int? {
      known.withUnsafeBufferPointer { keys in
        for index in keys.indices where keys[index].packed == word { return index }
        return nil
      }
    }

    /// The name.
    public var description: String { name }

    /// Whether `text` is a valid value for this key.
    public func accepts(_ text: String) -> Bool {
      switch value {
      case .identifier: return ChecklistDocument.isValidID(text)
      case .day: return CalendarDay(text) != nil
      case .moment: return DueMoment(text) != nil
      case .reminder: return Reminder(text) != nil
      case .text: return true
      case .recurrence: return Recurrence(text) != nil
      }
    }

    /// The known key whose name is `bytes[range]`, or `nil`, without building a string.
    @inline(__always)
    static func known(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Key? {
      guard let word = pack(bytes, range), let index = index(ofPacked: word) else { return nil }
      return known[index]
    }

    /// Whether `bytes[range]` is this key's name.
    @inline(__always)
    func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
      Self.pack(bytes, range) == packed
    }

    /// The name's bytes.
    var utf8: [UInt8] { Array(name.utf8) }
  }
}

extension ChecklistItem {
  /// The value of the first tag with a known key; `nil` when there is no such tag or it
  /// has no value.
  public func tagValue(_ key: ChecklistTag.Key) -> String? {
    tagValue(key.name)
  }
}
