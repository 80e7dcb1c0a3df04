import ChecklistKit

/// The figures as a table or as JSON.
extension Benchmark {

  private static func milliseconds(_ seconds: Double) -> String {
    let value = seconds * 1000
    return value >= 100 ? String(Int(value.rounded())) : String(Double(Int(value * 10)) / 10)
  }

  private static func megabytes(_ bytes: Int) -> String {
    bytes == 0 ? "-" : String(Int((Double(bytes) / 1_048_576).rounded())) + " MB"
  }

  private static func padded(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
  }

  /// The figures as an aligned table (times in milliseconds).
  public static func table(_ figures: [Figure]) -> String {
    let header = [
      "figure", "median ms", "min", "max", "MB/s", "baseline", "ratio", "peak RSS", "RSS budget",
      "target", "result", "load", "steal",
    ]
    var rows: [[String]] = [header]
    for figure in figures {
      let baseline =
        figure.baseline.map { "\(figure.baselineName ?? "") \(milliseconds($0.median))" } ?? "-"
      let ratio = figure.ratio.map { String(Double(Int($0 * 100)) / 100) + "x" } ?? "-"
      let result: String
      switch figure.met {
      case true?: result = "met"
      case false?: result = "MISSED"
      case nil: result = "-"
      }
      let rssResult =
        figure.rssBudget > 0 && figure.sample.peakRSS > figure.rssBudget ? " (over)" : ""
      rows.append([
        figure.name, milliseconds(figure.sample.median), milliseconds(figure.sample.minimum),
        milliseconds(figure.sample.maximum),
        figure.bytes > 0 ? String(Int(figure.megabytesPerSecond)) : "-", baseline, ratio,
        megabytes(figure.sample.peakRSS) + rssResult, megabytes(figure.rssBudget),
        figure.target.isEmpty ? "-" : figure.target, result,
        // What else the machine did meanwhile: the one-minute load, the hypervisor's steal.
        figure.sample.machine.map { String(Double(Int($0.load * 100)) / 100) } ?? "-",
        figure.sample.machine.map { String(Double(Int($0.stealPercent * 10)) / 10) + "%" } ?? "-",
      ])
    }
    let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
    return rows.map { row in
      row.enumerated().map { padded($1, widths[$0]) }.joined(separator: "  ")
        .replacingTrailingSpaces()
    }.joined(separator: "\n") + "\n"
  }

  /// The figures as a JSON array.
  public static func json(_ figures: [Figure]) -> String {
    func quoted(_ text: String) -> String {
      "\""
        + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
          of: "\"", with: "\\\"") + "\""
    }
    let objects = figures.map { figure in
      var fields = [
        "\"name\":\(quoted(figure.name))", "\"medianSeconds\":\(figure.sample.median)",
        "\"minSeconds\":\(figure.sample.minimum)", "\"maxSeconds\":\(figure.sample.maximum)",
        "\"runs\":\(figure.sample.seconds.count)", "\"bytes\":\(figure.bytes)",
        "\"megabytesPerSecond\":\(figure.megabytesPerSecond)",
        "\"peakRSS\":\(figure.sample.peakRSS)",
        "\"rssBudget\":\(figure.rssBudget)", "\"target\":\(quoted(figure.target))",
      ]
      if let name = figure.baselineName, let baseline = figure.baseline {
        fields.append("\"baseline\":\(quoted(name))")
        fields.append("\"baselineMedianSeconds\":\(baseline.median)")
      }
      if let met = figure.met { fields.append("\"met\":\(met)") }
      if let machine = figure.sample.machine {
        fields.append("\"load\":\(machine.load)")
        fields.append("\"stealPercent\":\(machine.stealPercent)")
      }
      return "{" + fields.joined(separator: ",") + "}"
    }
    return "[\n" + objects.joined(separator: ",\n") + "\n]\n"
  }
}

extension String {
  fileprivate func replacingTrailingSpaces() -> String {
    var copy = self
    while copy.last == " " { copy.removeLast() }
    return copy
  }

  fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
    split(separator: Character(target), omittingEmptySubsequences: false).joined(
      separator: replacement)
  }
}
