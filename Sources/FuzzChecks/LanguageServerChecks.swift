import ChecklistKit
import ChkCommands
import ChkLanguageServer
import ChkWorkspace

/// The language server's message reader and dispatch, fed any bytes.
extension FuzzChecks {
  /// A server that has been initialized and holds one open document.
  static func fuzzedServer() -> LanguageServer {
    let server = LanguageServer(
      environment: LanguageServer.Environment(
        workspace: Workspace(
          variables: ["CHK_TODAY": "2026-11-30", "CHK_SEED": "3"], currentDirectory: "/")))
    let setup = [
      #"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{}}}"#,
      ###"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///f.md","languageId":"markdown","version":1,"text":"## L\n\n- [ ] a  @id(x)\n- [x] b\r\n  - [ ] c 😀\n"}}}"###,
    ]
    _ = server.receive(setup.map { Array($0.utf8) })
    return server
  }

  /// Any bytes as the stream from a client: framing and dispatch never crash; every
  /// message sent back is JSON; every open document's line index matches its text;
  /// and after the input, the server still answers a request.
  ///
  /// Input that starts with `Content-Length` is the raw stream; anything else is one
  /// framed body. The first byte picks the size of the chunks the stream arrives in.
  package static func languageServerViolation(in bytes: [UInt8]) -> String? {
    let server = fuzzedServer()
    let stream =
      bytes.starts(with: Array("Content-Length".utf8)) ? bytes : MessageFramer.frame(bytes)
    let chunk = max(1, Int(bytes.first ?? 64) % 97)
    var framer = MessageFramer(maximumBodySize: 1 << 20)
    var index = 0
    while index < stream.count, server.exitStatus == nil {
      var bodies: [[UInt8]] = []
      for frame in framer.feed(stream[index..<min(stream.count, index + chunk)]) {
        if case .message(let body) = frame { bodies.append(body) }
      }
      index += chunk
      var answers = server.receive(bodies)
      if server.hasPendingDiagnostics { answers += server.publishPending() }
      for answer in answers {
        guard let value = try? JSONValue.parse(answer), value["jsonrpc"] == "2.0" else {
          return "the server sent a body that is not a JSON-RPC message: "
            + String(decoding: answer.prefix(200), as: UTF8.self)
        }
      }
      for (uri, document) in server.documents
      where document.buffer.lineStarts != TextBuffer.lineStarts(of: document.bytes) {
        return "the line index of \(uri) does not match its text"
      }
    }
    guard server.exitStatus == nil, server.state == .running else { return nil }
    let probe = server.receive([
      Array(
        #"{"jsonrpc":"2.0","id":"probe","method":"textDocument/documentSymbol","params":{"textDocument":{"uri":"file:///f.md"}}}"#
          .utf8)
    ])
    guard probe.count == 1, let answer = try? JSONValue.parse(probe[0]), answer["id"] == "probe"
    else { return "the server no longer answers a request" }
    return nil
  }
}
