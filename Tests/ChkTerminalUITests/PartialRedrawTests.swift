import ChecklistKit
import ChkTestSupport
import Foundation
import Testing

@testable import ChkTerminalUI

/// Partial redraws against a terminal emulator: a session on names with wide clusters
/// (flags, joined emoji, East Asian text, combining marks) takes random keys; each
/// frame's bytes, as `FrameRenderer` sends them (only the cells that changed), are fed
/// in turn to pyte, which must then show exactly the frame. A diff that starts or ends
/// inside a wide character leaves stray halves on a real terminal.
@Suite("TUI: partial redraws agree with a terminal")
struct PartialRedrawTests {
  static let seed = RenderingOracle.seed(default: 4_242)
  static let names = [
    "日本語の買い物リスト", "👩‍👩‍👧‍👦 family dinner", "Café crème brûlée ñ", "🇯🇵🇫🇷 flags",
    "e\u{301}\u{302} stacked marks", "ＦＵＬＬＷＩＤＴＨ text", "😀😀😀 faces", "plain words",
  ]

  @Test("random keys on wide clusters: the terminal shows each frame")
  func partialRedrawsMatchTheTerminal() throws {
    guard
      let python = try RenderingOracle.python(
        for: "partial redraws", modules: ["pyte"], packages: "pyte")
    else { return }
    let text =
      "## Wide 🇯🇵\n\n"
      + Self.names.enumerated().map { "- [ ] \($1)  @id(w\($0))  @due(2024-06-0\($0 % 9 + 1))\n" }
      .joined()
      + "\n## Other 日本\n\n- [ ] 🇫🇷 one  @id(o1)\n  - [x] sub 👍  @id(o2)\n"
    let ui = try SessionHarness(text)
    var random = TestRandom(seed: Self.seed)
    let keys = ["j", "k", "j", "Space", "J", "K", ">", "<", "c", "G", "g", "T", "L", "Esc", "Tab"]
    for size in [(columns: 40, rows: 12), (columns: 57, rows: 14), (columns: 80, rows: 24)] {
      var renderer = FrameRenderer(usesColor: true)
      var chunks: [String] = []
      var expected: [[String]] = []
      var pressed: [String] = []
      for step in 0..<120 {
        if step > 0 {
          var key = random.pick(keys)
          if random.chance(0.1) {
            // A rename to another wide name, so that cells change under wide ones.
            _ = ui.session.handle(.character("e"))
            _ = ui.session.handle(.control("u"))
            for character in random.pick(Self.names) {
              _ = ui.session.handle(.character(character))
            }
            _ = ui.session.handle(.enter)
            key = "e:rename"
          } else {
            _ = ui.session.handle(SessionHarness.key(key))
          }
          pressed.append(key)
        }
        let frame = ui.session.render(columns: size.columns, rows: size.rows)
        chunks.append(Data(renderer.render(frame)).base64EncodedString())
        expected.append(frame.text.map { String($0.reversed().drop { $0 == " " }.reversed()) })
      }
      let request = try JSONSerialization.data(withJSONObject: [
        "columns": size.columns, "rows": size.rows, "chunks": chunks,
      ])
      let script = TestSupport.packageRoot.appendingPathComponent("Tests/Helpers/pyte_replay.py")
      let answer = try #require(RenderingOracle.run(python, [script.path], input: request))
      let screens = try #require(
        (try JSONSerialization.jsonObject(with: answer.output) as? [String: Any])?["screens"]
          as? [[String]])
      for (step, screen) in screens.enumerated() {
        let firstDifference = zip(screen, expected[step]).enumerated().first { $0.1.0 != $0.1.1 }
        #expect(
          firstDifference == nil,
          """
          \(size.columns)×\(size.rows), after \(pressed.prefix(step).suffix(3)): row \
          \(firstDifference?.offset ?? 0): terminal '\(firstDifference?.element.0 ?? "")', \
          frame '\(firstDifference?.element.1 ?? "")'
          """)
        if firstDifference != nil { break }
      }
    }
  }
}
