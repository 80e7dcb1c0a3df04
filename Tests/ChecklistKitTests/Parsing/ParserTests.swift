import ChkTestSupport
import Testing

@testable import ChecklistKit

/// One table row: a document and the headings and items it must parse to.
struct ParseCase: CustomTestStringConvertible, Sendable {
  let label: String
  let text: String
  let expected: [String]

  init(_ label: String, _ text: String, _ expected: [String]) {
    self.label = label
    self.text = text
    self.expected = expected
  }

  var testDescription: String { label }
}

@Suite("Parser: items")
struct ItemLineTests {
  static let cases: [ParseCase] = [
    ParseCase("plain item with id", "- [ ] Milk  @id(k3f9)", ["1 [ ] 'Milk' @id=k3f9"]),
    ParseCase(
      "checked item with tags and note",
      "- [x] Eggs  @done(2024-01-02)  @id(p0qz)  # free-range only",
      ["1 [x] 'Eggs' @done=2024-01-02 @id=p0qz #'free-range only'"]),
    ParseCase("upper-case X is checked", "- [X] Upper", ["1 [x] 'Upper'"]),
    ParseCase("star bullet", "* [ ] star", ["1 [ ] 'star'"]),
    ParseCase("plus bullet", "+ [ ] plus", ["1 [ ] 'plus'"]),
    ParseCase("ordered with dot", "1. [ ] one", ["1 [ ] 'one'"]),
    ParseCase("ordered with paren", "2) [ ] two", ["1 [ ] 'two'"]),
    ParseCase("nine digits", "123456789. [ ] nine", ["1 [ ] 'nine'"]),
    ParseCase("ten digits are not a marker", "1234567890. [ ] ten", []),
    ParseCase(
      "C# and #frag are not notes",
      "- [ ] Fix the C# build (see https://x.org/#frag)  @due(2024-02-01)  @id(d9c1)",
      ["1 [ ] 'Fix the C# build (see https://x.org/#frag)' @due=2024-02-01 @id=d9c1"]),
    ParseCase("#12 is not a note", "- [ ] Ticket #12 follow-up", ["1 [ ] 'Ticket #12 follow-up'"]),
    ParseCase("# after one space is text", "- [ ] a # b", ["1 [ ] 'a # b'"]),
    ParseCase("# glued to text is text", "- [ ] a  #b", ["1 [ ] 'a  #b'"]),
    ParseCase("empty note", "- [ ] a  #", ["1 [ ] 'a' #''"]),
    ParseCase("note swallows later tags", "- [ ] a  # n  @id(x)", ["1 [ ] 'a' #'n  @id(x)'"]),
    ParseCase("note after tab separator", "- [ ] a\t\t# n", ["1 [ ] 'a' #'n'"]),
    ParseCase("tag after one space stays in the name", "- [ ] a @home", ["1 [ ] 'a @home'"]),
    ParseCase("tag after two spaces", "- [ ] a  @home", ["1 [ ] 'a' @home"]),
    ParseCase("only tags: empty name", "- [ ] @home", ["1 [ ] '' @home"]),
    ParseCase("only tags, one space apart", "- [ ] @a @b(c)", ["1 [ ] '' @a @b=c"]),
    ParseCase("tags one space apart after a separator", "- [ ] a  @x @y", ["1 [ ] 'a' @x @y"]),
    ParseCase("a word breaks the tag run", "- [ ] a  @x w @y", ["1 [ ] 'a  @x w @y'"]),
    ParseCase(
      "longest tail after the last separator", "- [ ] a @x  @y  @z", ["1 [ ] 'a @x' @y @z"]),
    ParseCase("two tabs separate", "- [ ] a\t\t@x", ["1 [ ] 'a' @x"]),
    ParseCase("one tab does not separate", "- [ ] a\t@x", ["1 [ ] 'a\t@x'"]),
    ParseCase(
      "escaped parenthesis in a value", #"- [ ] a  @k(v\)w\(\\)"#, [#"1 [ ] 'a' @k=v)w(\"#]),
    ParseCase("value with spaces and @", "- [ ] a  @k(x  @y z)", ["1 [ ] 'a' @k=x  @y z"]),
    ParseCase("unescaped ( in a value is not a tag", "- [ ] a  @k(a(b)", ["1 [ ] 'a  @k(a(b)'"]),
    ParseCase(
      "unclosed value leaves a later tag", "- [ ] a  @k(  @y", ["1 [ ] 'a  @k(' @y"]),
    ParseCase("upper-case key is not a tag", "- [ ] a  @Key", ["1 [ ] 'a  @Key'"]),
    ParseCase("key must start with a letter", "- [ ] a  @1a", ["1 [ ] 'a  @1a'"]),
    ParseCase("key with digits, dash, underscore", "- [ ] a  @a1-b_c", ["1 [ ] 'a' @a1-b_c"]),
    ParseCase("email is not a tag", "- [ ] mail  me@example.org", ["1 [ ] 'mail  me@example.org'"]),
    ParseCase("tag glued to ) is not a tag", "- [ ] a  @k(v)x", ["1 [ ] 'a  @k(v)x'"]),
    ParseCase("escaped @ is text", #"- [ ] a  \@home"#, ["1 [ ] 'a  @home'"]),
    ParseCase("escaped #", ##"- [ ] a  \# b"##, ["1 [ ] 'a  # b'"]),
    ParseCase("escaped brackets", #"- [ ] see [x\](url)"#, ["1 [ ] 'see [x](url)'"]),
    ParseCase("escaped backslash", #"- [ ] a\\b"#, [#"1 [ ] 'a\b'"#]),
    ParseCase("other backslashes stay", #"- [ ] a\*b"#, [#"1 [ ] 'a\*b'"#]),
    ParseCase("trailing spaces", "- [ ] a  @x  ", ["1 [ ] 'a' @x"]),
    ParseCase("empty item", "- [ ]", ["1 [ ] ''"]),
    ParseCase("empty item with spaces", "- [ ]   ", ["1 [ ] ''"]),
    ParseCase("tab after box", "- [ ]\tTab", ["1 [ ] 'Tab'"]),
    ParseCase("note after the box", "- [ ]  # n", ["1 [ ] '' #'n'"]),
    ParseCase("dash box is other", "- [-] x", []),
    ParseCase("empty brackets are other", "- [] x", []),
    ParseCase("space before x is other", "- [ x] x", []),
    ParseCase("space after x is other", "- [x ] x", []),
    ParseCase("text glued to box is other", "- [ ]x", []),
    ParseCase("no space after bullet is other", "-[ ] x", []),
    ParseCase("three spaces of indent", "   - [ ] x", ["1 [ ] 'x'"]),
    ParseCase("four spaces of indent is code", "    - [ ] x", []),
    ParseCase("tab gap", "-\t[ ] x", ["1 [ ] 'x'"]),
    ParseCase("four-space gap", "-    [ ] x", ["1 [ ] 'x'"]),
    ParseCase("five-space gap is code in the item", "-     [ ] x", []),
    ParseCase("ordered item 2 cannot interrupt prose", "prose\n2. [ ] x", []),
    ParseCase("ordered item 1 can interrupt prose", "prose\n1. [ ] x", ["2 [ ] 'x'"]),
    ParseCase("bullet item interrupts prose", "prose\n- [ ] x", ["2 [ ] 'x'"]),
    ParseCase("ordered item 2 after a blank line", "prose\n\n2. [ ] x", ["3 [ ] 'x'"]),
    ParseCase("second marker on a line", "- - [ ] x", []),
    ParseCase("items in block quotes are other", "> - [ ] x", []),
    ParseCase("item after a block quote", "> quote\n- [ ] x", ["2 [ ] 'x'"]),
    ParseCase("non-ASCII name", "- [ ] Brötchen 日本  @id(b1)", ["1 [ ] 'Brötchen 日本' @id=b1"]),
  ]

  @Test(arguments: cases)
  func parsesLine(_ row: ParseCase) throws {
    let document = try TestSupport.document(row.text)
    #expect(TestSupport.describe(document) == row.expected)
    #expect(document.serialized() == Array(row.text.utf8))
  }
}

@Suite("Parser: headings and blocks")
struct BlockTests {
  static let cases: [ParseCase] = [
    ParseCase(
      "heading with icon and id", "## Groceries  @icon(cart)  @id(g7h2)",
      ["1 H'Groceries' @icon=cart @id=g7h2"]),
    ParseCase("closing hashes", "# Title ##", ["1 H'Title'"]),
    ParseCase("C# heading", "# C#", ["1 H'C#'"]),
    ParseCase("escaped closing hash", ##"# foo \#"##, ["1 H'foo #'"]),
    ParseCase("no space after hashes", "#NoSpace", []),
    ParseCase("seven hashes", "####### seven", []),
    ParseCase("three spaces of indent", "   ## Three", ["1 H'Three'"]),
    ParseCase("four spaces of indent is code", "    ## Four", []),
    ParseCase("empty heading", "##", ["1 H''"]),
    ParseCase("only tags", "## @icon(x)", ["1 H'' @icon=x"]),
    ParseCase("tag after one space", "## Home @icon(x)", ["1 H'Home @icon(x)'"]),
    ParseCase(
      "front matter hides items", "---\n- [ ] x\n---\n- [ ] y", ["4 [ ] 'y'"]),
    ParseCase(
      "front matter closed by dots", "---\ntitle: x\n...\n- [ ] y", ["4 [ ] 'y'"]),
    ParseCase(
      "no closing line, no front matter", "---\n- [ ] x", ["2 [ ] 'x'"]),
    ParseCase("front matter only on line 1", "\n---\n- [ ] x\n---", ["3 [ ] 'x'"]),
    ParseCase(
      "fenced code", "```\n- [ ] x\n# H\n```\n- [ ] y", ["5 [ ] 'y'"]),
    ParseCase(
      "tilde fence is not closed by backticks", "~~~\n- [ ] x\n```\n- [ ] z\n~~~\n- [ ] y",
      ["6 [ ] 'y'"]),
    ParseCase("shorter fence does not close", "````\n```\n- [ ] x\n````\n- [ ] y", ["5 [ ] 'y'"]),
    ParseCase("unclosed fence runs to the end", "```\n- [ ] x", []),
    ParseCase(
      "backtick fence info may not hold backticks", "``` a`b\n- [ ] x", ["2 [ ] 'x'"]),
    ParseCase("HTML comment", "<!--\n- [ ] x\n-->\n- [ ] y", ["4 [ ] 'y'"]),
    ParseCase("one-line comment", "<!-- c -->\n- [ ] y", ["2 [ ] 'y'"]),
    ParseCase(
      "details block ends at a blank line", "<details>\n- [ ] x\n\n- [ ] y", ["4 [ ] 'y'"]),
    ParseCase(
      "closing tag alone starts an HTML block", "</pre>\n- [ ] x\n\n- [ ] y", ["4 [ ] 'y'"]),
    ParseCase("indented code", "    code\n- [ ] y", ["2 [ ] 'y'"]),
    ParseCase(
      "nesting by content column",
      "- [ ] a\n  - [ ] b\n    - [ ] c\n- [ ] d",
      ["1 [ ] 'a'", "2 [ ] 'b' ^1", "3 [ ] 'c' ^2", "4 [ ] 'd'"]),
    ParseCase(
      "three more spaces still nest", "- [ ] a\n     - [ ] b", ["1 [ ] 'a'", "2 [ ] 'b' ^1"]),
    ParseCase("four more spaces are text", "- [ ] a\n      - [ ] b", ["1 [ ] 'a'"]),
    ParseCase(
      "ordered parent's content column", "1. [ ] a\n   - [ ] b", ["1 [ ] 'a'", "2 [ ] 'b' ^1"]),
    ParseCase(
      "one space short is a sibling", "1. [ ] a\n  - [ ] b", ["1 [ ] 'a'", "2 [ ] 'b'"]),
    ParseCase(
      "tab-indented child", "- [ ] a\n\t- [ ] b", ["1 [ ] 'a'", "2 [ ] 'b' ^1"]),
    ParseCase(
      "blank line inside an item", "- [ ] a\n\n  - [ ] b", ["1 [ ] 'a'", "3 [ ] 'b' ^1"]),
    ParseCase(
      "task under a plain item", "- plain\n  - [ ] t\n    - [ ] u",
      ["2 [ ] 't'", "3 [ ] 'u' ^2"]),
    ParseCase(
      "task under a plain under a task", "- [ ] a\n  - plain\n    - [ ] b",
      ["1 [ ] 'a'", "3 [ ] 'b' ^1"]),
    ParseCase(
      "heading inside an item starts a list", "- [ ] a\n  # H\n  - [ ] b",
      ["1 [ ] 'a'", "2 H'H'", "3 [ ] 'b'"]),
    ParseCase(
      "fence inside an item", "- [ ] a\n  ```\n  - [ ] x\n  ```\n  - [ ] b",
      ["1 [ ] 'a'", "5 [ ] 'b' ^1"]),
    ParseCase(
      "fence closed by leaving the item", "- [ ] a\n  ```\n- [ ] b", ["1 [ ] 'a'", "3 [ ] 'b'"]),
    ParseCase(
      "code inside an item is measured from its content", "- [ ] a\n\n      - [ ] x",
      ["1 [ ] 'a'"]),
  ]

  @Test(arguments: cases)
  func parsesDocument(_ row: ParseCase) throws {
    let document = try TestSupport.document(row.text)
    #expect(TestSupport.describe(document) == row.expected)
    #expect(document.serialized() == Array(row.text.utf8))
  }
}
