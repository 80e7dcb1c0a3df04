/// Which item an edit applies to.
public enum ItemReference: Sendable, Hashable, CustomStringConvertible {
  /// The item whose `@id` is this value.
  case id(String)
  /// The item on this 1-based line.
  case line(Int)

  /// How messages name the reference: `with ID 'k3f9'`, `on line 12`.
  public var description: String {
    switch self {
    case .id(let id): return "with ID '\(id)'"
    case .line(let line): return "on line \(line)"
    }
  }
}

/// Which list an edit applies to.
public enum ListReference: Sendable, Hashable, CustomStringConvertible {
  /// The first list with exactly this name.
  case name(String)
  /// The list whose heading has `@id(value)`.
  case id(String)
  /// The list whose heading is on this 1-based line.
  case line(Int)
  /// The unnamed list of items before the first heading.
  case unnamed

  /// How messages name the reference: `named 'Groceries'`.
  public var description: String {
    switch self {
    case .name(let name): return "named '\(name)'"
    case .id(let id): return "with ID '\(id)'"
    case .line(let line): return "with its heading on line \(line)"
    case .unnamed: return "before the first heading"
    }
  }
}

/// Where an added or moved item goes.
public enum ItemPosition: Sendable, Hashable {
  /// After the list's last top-level item (at the end of the list when it has none).
  case end(of: ListReference)
  /// Before the list's first top-level item.
  case start(of: ListReference)
  /// Before the list's top-level item at this 0-based index, or at the end.
  case index(Int, in: ListReference)
  /// After the item and its sub-items, as its sibling.
  case after(ItemReference)
  /// Before the item, as its sibling.
  case before(ItemReference)
  /// As the item's last sub-item.
  case under(ItemReference)
}
