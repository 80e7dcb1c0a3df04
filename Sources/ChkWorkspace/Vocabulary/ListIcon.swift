/// What a list's `@icon` shows: the picture the seeds' apps draw for it. They name
/// their icons after SF Symbols (`cart`, `gift`, `house.fill`); a terminal has no such
/// font, so common symbol names and words map to an emoji by this one table, which the
/// terminal UI and `chk lists` (and `chk list`'s headings) share. An emoji icon shows
/// itself; any other name stays the name.
package enum ListIcon {
  /// The pictures, by symbol name or word (lower case; an SF Symbol's variant such as
  /// `.fill` or `.circle` is looked up without it). Every picture is one emoji drawn
  /// as an emoji by default, two cells wide in every terminal (a test holds wcwidth to
  /// that).
  package static let pictures: [String: String] = [
    // Shopping and home.
    "cart": "🛒", "groceries": "🛒", "shopping": "🛒", "basket": "🧺", "gift": "🎁",
    "giftcard": "🎁", "house": "🏠", "home": "🏠", "building": "🏢", "building.2": "🏢",
    "office": "🏢", "bed.double": "🛌", "lightbulb": "💡", "key": "🔑",
    "lock": "🔒", "trash": "🚮", "broom": "🧹", "chores": "🧹", "cleaning": "🧹",
    "washer": "🧼", "laundry": "🧼", "plant": "🌱", "garden": "🌱", "leaf": "🍃",
    "tree": "🌳",
    // Travel and transport.
    "car": "🚗", "bus": "🚌", "tram": "🚋", "train": "🚆", "bicycle": "🚲", "bike": "🚲",
    "airplane": "🛫", "travel": "🛫", "trip": "🛫", "suitcase": "🧳", "packing": "🧳",
    "globe": "🌍", "map": "🧭", "ferry": "🚢", "fuelpump": "🚘",
    // Time and work.
    "calendar": "📅", "clock": "🕒", "alarm": "⏰", "briefcase": "💼", "work": "💼",
    "folder": "📁", "doc": "📄", "doc.text": "📄", "note": "📝", "pencil": "📝",
    "list.bullet": "📋", "checklist": "📋", "todo": "📋", "checkmark": "✅", "done": "✅",
    "paperclip": "📎", "envelope": "📨", "mail": "📨", "phone": "📞", "bell": "🔔",
    "flag": "🚩", "laptopcomputer": "💻", "desktopcomputer": "💻", "computer": "💻",
    "keyboard": "💻", "hammer": "🔨", "wrench": "🔧", "screwdriver": "🔧",
    "wrench.and.screwdriver": "🔧", "paintbrush": "🎨", "scissors": "💈",
    "chart.bar": "📊", "graduationcap": "🎓", "school": "🎓", "book": "📖", "books": "📚",
    "reading": "📚", "books.vertical": "📚", "newspaper": "📰", "rocket": "🚀",
    "release": "🚀", "sparkles": "✨", "star": "⭐", "bolt": "⚡", "target": "🎯",
    // Money.
    "creditcard": "💳", "banknote": "💵", "money": "💵", "dollarsign": "💲",
    "budget": "💵", "bills": "💵",
    // Health and people.
    "heart": "💗", "cross.case": "🩹", "pills": "💊", "health": "💊", "medicine": "💊",
    "stethoscope": "🩺", "dumbbell": "💪", "fitness": "💪", "gym": "💪",
    "figure.run": "🏃", "running": "🏃", "figure.walk": "🚶", "person": "👤",
    "person.2": "👥", "family": "👪", "baby": "👶", "kids": "👶", "pawprint": "🐾",
    "pets": "🐾", "dog": "🐕", "cat": "🐈", "tshirt": "👕", "clothes": "👕",
    // Food and fun.
    "fork.knife": "🍴", "cooking": "🍴", "recipes": "🍴", "cup.and.saucer": "☕",
    "coffee": "☕", "birthday.cake": "🎂", "birthday": "🎂", "party.popper": "🎉",
    "party": "🎉", "gamecontroller": "🎮", "games": "🎮", "music.note": "🎵",
    "music": "🎵", "film": "🎬", "movies": "🎬", "tv": "📺", "camera": "📷",
    "photo": "📷", "tent": "⛺", "camping": "⛺", "christmas": "🎄",
    // Weather.
    "sun.max": "🌞", "sun": "🌞", "moon": "🌙", "umbrella": "🌂", "drop": "💧",
    "flame": "🔥", "snowflake": "🧊", "winter": "🧊",
  ]

  /// The picture for `icon`, or `nil` when it is neither a known name nor an emoji
  /// (it then shows as its name).
  package static func picture(for icon: String) -> String? {
    let name = icon.lowercased()
    if let picture = pictures[name] { return picture }
    // An SF Symbol's variants: `cart.fill`, `heart.circle.fill`, `star.square`.
    var base = Substring(name)
    for suffix in [".fill", ".circle", ".square", ".badge.plus"] where base.hasSuffix(suffix) {
      base = base.dropLast(suffix.count)
      if let picture = pictures[String(base)] { return picture }
    }
    if let picture = pictures[String(base)] { return picture }
    // An emoji (or anything drawn as one) shows itself.
    if let first = icon.unicodeScalars.first,
      first.properties.isEmojiPresentation
        || icon.unicodeScalars.contains(where: { $0.value == 0xFE0F })
    {
      return icon
    }
    return nil
  }
}
