/// Both sides' lines of an item whose fields conflict.
struct MergeFieldConflict: Error {
  var ours: [UInt8]
  var theirs: [UInt8]
}

/// The field-by-field merge of one item or heading line.
enum FieldMerge {
  /// One value merged three ways; `nil` when both sides changed it differently.
  static func pick<T: Equatable>(_ base: T?, _ ours: T, _ theirs: T) -> T? {
    if ours == theirs { return ours }
    if let base, ours == base { return theirs }
    if let base, theirs == base { return ours }
    return nil
  }

  /// The tags of a line by key, in order; `nil` when a key appears twice.
  static func tagsByKey(_ line: EditableLine) -> [(key: [UInt8], tag: [UInt8])]? {
    var result: [(key: [UInt8], tag: [UInt8])] = []
    for tag in line.tags {
      let key = Array(EditableLine.key(of: tag))
      if result.contains(where: { $0.key == key }) { return nil }
      result.append((key, tag))
    }
    return result
  }

  /// The merged line, or `nil` when a field conflicts. `base` is `nil` for a line both
  /// sides added.
  static func merge(base: EditableLine?, ours: EditableLine, theirs: EditableLine) -> EditableLine?
  {
    guard ours.isHeading == theirs.isHeading else { return nil }
    var merged = ours
    guard let prefix = pick(base?.prefix, ours.prefix, theirs.prefix),
      let checked = pick(base?.isChecked, ours.isChecked, theirs.isChecked),
      let name = pick(base?.name, ours.name, theirs.name),
      let note = pick(base?.note, ours.note, theirs.note)
    else { return nil }
    merged.prefix = prefix
    merged.isChecked = checked
    merged.name = name
    merged.note = note
    guard let oursTags = tagsByKey(ours), let theirsTags = tagsByKey(theirs) else { return nil }
    let baseTags = base.map { tagsByKey($0) } ?? []
    guard let baseTags else { return nil }
    // Ours' order; a key only theirs has goes where theirs has it: before the next of
    // theirs' keys that ours has too.
    var keys = oursTags.map(\.key)
    for (index, entry) in theirsTags.enumerated() where !keys.contains(entry.key) {
      let following = theirsTags[(index + 1)...].lazy.compactMap { next in
        keys.firstIndex(of: next.key)
      }.first
      keys.insert(entry.key, at: following ?? keys.count)
    }
    var tags: [[UInt8]] = []
    for key in keys {
      let original: [UInt8]?? = base == nil ? nil : .some(baseTags.first { $0.key == key }?.tag)
      let mine = oursTags.first { $0.key == key }?.tag
      let yours = theirsTags.first { $0.key == key }?.tag
      let value: [UInt8]?
      if mine == yours {
        value = mine
      } else if let original, mine == original {
        value = yours
      } else if let original, yours == original {
        value = mine
      } else {
        return nil
      }
      if let value { tags.append(value) }
    }
    merged.tags = tags
    return merged
  }
}

extension EditableLine {
  /// Whether two lines have the same fields (so compose the same).
  func sameFields(as other: EditableLine) -> Bool {
    prefix == other.prefix && isHeading == other.isHeading && isChecked == other.isChecked
      && name == other.name && tags == other.tags && note == other.note
  }
}
