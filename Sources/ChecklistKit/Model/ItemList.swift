/// One list of a checklist file: a heading and the items under it, or the unnamed list
/// of items before the first heading.
public struct ItemList: Sendable, Hashable {
  /// The heading's title without its tags and closing `#`s, escapes decoded; `nil` for
  /// the unnamed list before the first heading. May be empty (`##` alone).
  public var name: String?
  /// The value of the heading's `@icon` tag.
  public var icon: String?
  /// The value of the heading's `@id` tag.
  public var id: String?
  /// Every tag on the heading, in file order.
  public var tags: [ChecklistTag]
  /// The top-level items, each with its sub-items.
  public var items: [ChecklistItem]
  /// The 1-based line of the heading; `nil` for the unnamed list.
  public var line: Int?
  /// The heading level (1-6); `nil` for the unnamed list.
  public var level: Int?

  /// Creates a list value.
  public init(
    name: String?, icon: String? = nil, id: String? = nil, tags: [ChecklistTag] = [],
    items: [ChecklistItem] = [],
    line: Int? = nil, level: Int? = nil
  ) {
    self.name = name
    self.icon = icon
    self.id = id
    self.tags = tags
    self.items = items
    self.line = line
    self.level = level
  }

  /// A list without its items, and how many it holds: see
  /// ``ChecklistDocument/listOutlines``.
  public struct Outline: Sendable, Hashable {
    /// The list's name, tags, line and level; `items` is empty.
    public var list: ItemList
    /// How many of the list's items are unchecked, sub-items included.
    public var openCount: Int
    /// How many of the list's items are checked, sub-items included.
    public var doneCount: Int

    /// Creates an outline.
    public init(list: ItemList, openCount: Int, doneCount: Int) {
      self.list = list
      self.openCount = openCount
      self.doneCount = doneCount
    }

    /// How many items the list holds, sub-items included.
    public var itemCount: Int { openCount + doneCount }

    /// How far along the list is: "2 of 5 left", "all done", or `nil` when it holds no
    /// items (see `progress(open:total:)`).
    public var progress: String? { Self.progress(open: openCount, total: itemCount) }

    /// How far along a list with `open` of `total` items unchecked is, in the words
    /// every front end shows beside it: "2 of 5 left", "all done" when none is open,
    /// `nil` when it holds no items (each front end says that its own way, or not).
    public static func progress(open: Int, total: Int) -> String? {
      total == 0 ? nil : open == 0 ? "all done" : "\(open) of \(total) left"
    }

    /// Whether the list at `index` is a title: a heading with no items of its own
    /// whose next heading is a deeper one (the `# Checklist` that `chk init` writes
    /// above `## To do`). It holds lists, not items: an item added "to" it belongs to
    /// the list after it.
    public static func isTitle(_ outlines: [Outline], at index: Int) -> Bool {
      guard outlines.indices.contains(index), index + 1 < outlines.count else { return false }
      let outline = outlines[index]
      return outline.itemCount == 0
        && (outlines[index + 1].list.level ?? 0) > (outline.list.level ?? 7)
    }
  }

  /// Every item of the list in file order, sub-items after their parent.
  ///
  /// - Complexity: O(*n*) in the number of items.
  public var allItems: [ChecklistItem] {
    var result: [ChecklistItem] = []
    for item in items { item.appendFlattened(to: &result) }
    return result
  }

  /// The number of unchecked items, sub-items included.
  public var openCount: Int { items.reduce(0) { $0 + $1.openCount } }

  /// The number of checked items, sub-items included.
  public var doneCount: Int { items.reduce(0) { $0 + $1.doneCount } }
}
