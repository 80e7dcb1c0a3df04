extension Checklist.Tag {
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
      /// 1 to 32 of `A-Z a-z 0-9 _ -` (`Checklist.isValidID`).
      case identifier
      /// A real calendar day written `YYYY-MM-DD`.
      case day
      /// Any text (with `(`, `)` and `\` escaped).
      case text
    }

    /// The key as written after `@`.
    public let name: String
    /// The grammar of the value.
    public let value: Value
    /// Whether the tag belongs on item lines.
    public let isForItems: Bool
    /// Whether the tag belongs on list headings.
    public let isForLists: Bool
    /// One line on what the tag means, for help and completions.
    public let summary: String
    /// The name's bytes, for comparisons on the hot paths.
    let utf8: [UInt8]

    init(_ name: String, value: Value, items: Bool, lists: Bool, summary: String) {
      self.name = name
      self.value = value
      isForItems = items
      isForLists = lists
      self.summary = summary
      utf8 = Array(name.utf8)
    }

    /// `@id(ID)`: an item's or list's stable identity; items and lists share one
    /// namespace in a file.
    public static let id = Key(
      "id", value: .identifier, items: true, lists: true, summary: "stable identity")
    /// `@done(YYYY-MM-DD)`: the day an item was completed.
    public static let done = Key(
      "done", value: .day, items: true, lists: false, summary: "the day the item was completed")
    /// `@due(YYYY-MM-DD)`: the day an item is due.
    public static let due = Key(
      "due", value: .day, items: true, lists: false, summary: "the day the item is due")
    /// `@icon(VALUE)`: a list's icon (an SF Symbol name or an emoji).
    public static let icon = Key(
      "icon", value: .text, items: false, lists: true, summary: "the list's icon")

    /// Every known key, in the order the format's table lists them. A key's position
    /// here is its `index`.
    public static let known: [Key] = [id, done, due, icon]

    /// The known key with this name, or `nil`.
    public static func named(_ name: some StringProtocol) -> Key? {
      known.first { $0.name.utf8.elementsEqual(name.utf8) }
    }

    /// The key's position in `known`.
    var index: Int { Self.known.firstIndex(of: self) ?? 0 }

    /// The name.
    public var description: String { name }

    /// Whether `text` is a valid value for this key.
    public func accepts(_ text: String) -> Bool {
      switch value {
      case .identifier: return Checklist.isValidID(text)
      case .day: return Checklist.Day(text) != nil
      case .text: return true
      }
    }

    /// The known key whose name is `bytes[range]`, or `nil`, without building a string.
    @inline(__always)
    static func known(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Key? {
      for key in known where key.utf8.count == range.count {
        if bytes.matches(range, key.utf8) { return key }
      }
      return nil
    }

    /// Whether `bytes[range]` is this key's name.
    @inline(__always)
    func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
      utf8.count == range.count && bytes.matches(range, utf8)
    }
  }
}

extension Checklist.Item {
  /// The value of the first tag with a known key; `nil` when there is no such tag or it
  /// has no value.
  public func tagValue(_ key: Checklist.Tag.Key) -> String? {
    tagValue(key.name)
  }
}
