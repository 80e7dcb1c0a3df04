/// What a vault's Tasks plugin is set to (`.obsidian/plugins/obsidian-tasks-plugin/
/// data.json`), with the plugin's defaults (`src/Config/Settings.ts`): the statuses
/// and whether completing or cancelling a task dates it.
public struct ObsidianTaskSettings: Sendable, Hashable {
  /// What a status means (`src/Statuses/StatusConfiguration.ts`).
  public enum StatusType: String, Sendable, Hashable {
    case todo = "TODO"
    case done = "DONE"
    case inProgress = "IN_PROGRESS"
    case onHold = "ON_HOLD"
    case cancelled = "CANCELLED"
    case nonTask = "NON_TASK"
  }

  /// A status: its symbol in the box, its name, the symbol toggling gives, its type.
  public struct Status: Sendable, Hashable {
    /// The character in the box.
    public var symbol: Unicode.Scalar
    /// What the plugin calls it.
    public var name: String
    /// The symbol toggling gives.
    public var next: Unicode.Scalar
    /// What it means.
    public var type: StatusType

    /// A status.
    public init(_ symbol: Unicode.Scalar, _ name: String, next: Unicode.Scalar, _ type: StatusType)
    {
      self.symbol = symbol
      self.name = name
      self.next = next
      self.type = type
    }
  }

  /// The plugin's default statuses: `[ ]` to do, `[x]` done, `[/]` in progress, `[-]`
  /// cancelled. `[X]` is not one of them: the plugin reads it as an unknown status,
  /// to do.
  public static let defaultStatuses = [
    Status(" ", "Todo", next: "x", .todo), Status("x", "Done", next: " ", .done),
    Status("/", "In Progress", next: "x", .inProgress),
    Status("-", "Cancelled", next: " ", .cancelled),
  ]

  /// Core then custom statuses; of two with one symbol, the first counts.
  public var statuses: [Status] = Self.defaultStatuses
  /// `setDoneDate`: `✅ today` on a task done now.
  public var setsDoneDate = true
  /// `setCancelledDate`: `❌ today` on a task cancelled now.
  public var setsCancelledDate = true
  /// `setCreatedDate`: `➕ today` on the next instance of a recurring task.
  public var setsCreatedDate = false
  /// `recurrenceOnNextLine`: the next instance below the done one (the plugin's
  /// default since 3.8.0 is above).
  public var putsNextInstanceBelow = false
  /// `removeScheduledDateOnRecurrence`: the next instance has no scheduled date when
  /// it has a start or due date.
  public var removesScheduledDateOnRecurrence = false
  /// `globalFilter`: when not empty, only lines whose text holds it are tasks.
  public var globalFilter = ""
  /// `taskFormat`: the emoji signifiers (`tasksPluginEmoji`, the default) or Dataview's
  /// inline fields (`dataview`).
  public var format = ObsidianTask.Format.emoji

  /// The defaults.
  public init() {}

  /// The status of a symbol; an unknown one is to do, toggled to `x`.
  public func status(_ symbol: Unicode.Scalar) -> Status {
    statuses.first { $0.symbol == symbol } ?? Status(symbol, "Unknown", next: "x", .todo)
  }

  /// The status a recurring task's next instance takes after one done with `status`:
  /// following the statuses' next symbols, the first to do, else the first in
  /// progress, else `[ ]` (`StatusRegistry.getNextRecurrenceStatusOrCreate`).
  public func nextInstanceStatus(after status: Status) -> Status {
    var seen: [Status] = []
    var current = self.status(status.next)
    while !seen.contains(current) {
      if current.type == .todo { return current }
      seen.append(current)
      current = self.status(current.next)
    }
    return seen.first { $0.type == .inProgress } ?? self.status(" ")
  }
}
