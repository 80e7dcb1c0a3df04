/// A status change as the plugin makes it (`Task.handleNewStatus`,
/// `Task.createNextOccurrence`, `OnCompletion.handleOnCompletion`): what toggling a
/// task, or giving it another status, writes in place of its line.
extension ObsidianTask {
  /// The lines toggling the task writes in its place (the plugin's "Toggle task done"):
  /// its status becomes the one its status names next.
  public func toggled(today: CalendarDay, settings: ObsidianTaskSettings) -> [ObsidianTask] {
    withStatus(settings.status(statusSymbol).next, today: today, settings: settings)
  }

  /// The lines giving the task the status `symbol` writes in its place: the task, with
  /// `✅ today` when it is done now (`❌ today` when cancelled now), the done or
  /// cancelled date taken off when it no longer is; before it (or after it, as the
  /// vault's plugin is set), a recurring task done now brings its next instance; and
  /// `🏁 delete` takes the done one away.
  ///
  /// `createdOn` is the day a next instance's `➕` says (the plugin takes the clock's
  /// day even when the task is done on another); `today` by default.
  public func withStatus(
    _ symbol: Unicode.Scalar, today: CalendarDay, settings: ObsidianTaskSettings,
    createdOn: CalendarDay? = nil
  ) -> [ObsidianTask] {
    let old = settings.status(statusSymbol)
    let new = settings.status(symbol)
    if old == new { return [self] }
    var changed = self
    changed.statusSymbol = new.symbol
    let day = today.description
    if new.type == .done {
      if old.type != .done { changed.doneDate = settings.setsDoneDate ? day : nil }
    } else {
      changed.doneDate = nil
    }
    if new.type == .cancelled {
      if old.type != .cancelled { changed.cancelledDate = settings.setsCancelledDate ? day : nil }
    } else {
      changed.cancelledDate = nil
    }
    var result = [changed]
    let isDoneNow = new.type == .done && old.type != .done
    if isDoneNow,
      let next = nextInstance(
        doneWith: new, today: today, createdOn: createdOn ?? today, settings: settings)
    {
      result.insert(next, at: 0)
    }
    if isDoneNow, onCompletion == .delete { result.removeLast() }
    return settings.putsNextInstanceBelow ? result.reversed() : result
  }

  /// The next instance of a recurring task done with `status` on `today`: its dates
  /// moved to the rule's next occurrence, keeping their distances from the reference
  /// date (due, else scheduled, else start); no created (unless the vault sets it),
  /// done or cancelled date, ID, dependencies or block link. `nil` when the task does
  /// not recur, its rule is not one chk reads, or its reference date is not a day.
  func nextInstance(
    doneWith status: ObsidianTaskSettings.Status, today: CalendarDay, createdOn: CalendarDay,
    settings: ObsidianTaskSettings
  ) -> ObsidianTask? {
    guard let text = recurrence, let rule = ObsidianRecurrence(text) else { return nil }
    var next = self
    next.statusSymbol = settings.nextInstanceStatus(after: status).symbol
    next.createdDate = settings.setsCreatedDate ? createdOn.description : nil
    next.doneDate = nil
    next.cancelledDate = nil
    next.id = ""
    next.dependsOn = []
    next.blockLink = ""
    let order: [WritableKeyPath<ObsidianTask, String?>] =
      settings.removesScheduledDateOnRecurrence
      ? [\.dueDate, \.startDate, \.scheduledDate] : [\.dueDate, \.scheduledDate, \.startDate]
    guard let key = order.first(where: { self[keyPath: $0] != nil }) else {
      // No dates: the next instance has none either.
      return rule.next(after: today) == nil ? nil : next
    }
    guard let reference = self[keyPath: key].flatMap({ CalendarDay($0) }),
      let nextReference = rule.next(after: rule.countsFromDone ? today : reference)
    else { return nil }
    let shift = nextReference.dayNumber - reference.dayNumber
    for path in order {
      guard let value = self[keyPath: path] else { continue }
      // A date that is not a day takes the reference date's new value.
      let moved = CalendarDay(value).flatMap { $0.adding(days: shift) } ?? nextReference
      next[keyPath: path] = moved.description
    }
    if settings.removesScheduledDateOnRecurrence, next.dueDate != nil || next.startDate != nil {
      next.scheduledDate = nil
    }
    return next
  }
}
