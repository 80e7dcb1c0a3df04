import ChecklistKit
// The process: signals, environment, working directory and standard streams are set up
// here, once; everything else is one call into ChkCommands.
import ChkCommands
import ChkPlatform
import ChkWorkspace

// A closed pipe (`chk list | head`) is a write error to ignore, not a signal that kills;
// so is a file-size limit (`ulimit -f`), which the write then reports as EFBIG (74).
signal(SIGPIPE, SIG_IGN)
signal(SIGXFSZ, SIG_IGN)

// Arguments, variables and the directory are bytes, decoded losslessly: a path that is
// not UTF-8 still opens.
var variables: [String: String] = [:]
var entry = environ
while let pointer = entry.pointee {
  let text = ProcessText.decode(pointer)
  if let equals = text.firstIndex(of: "=") {
    variables[String(text[..<equals])] = String(text[text.index(after: equals)...])
  }
  entry += 1
}
var directory = "."
if let cwd = getcwd(nil, 0) {
  directory = ProcessText.decode(cwd)
  free(cwd)
}
let arguments = (1..<Int(CommandLine.argc)).compactMap { index in
  CommandLine.unsafeArgv[index].map { ProcessText.decode($0) }
}

let output = ByteOutput(descriptor: 1)
let errors = ByteOutput(descriptor: 2)
let environment = ChkEnvironment(
  variables: variables, currentDirectory: directory,
  readStandardInput: { StandardInput.readAll(descriptor: 0) })
let status = ChkTool.run(arguments, environment: environment, output: output, errors: errors)
output.flush()
errors.flush()
exit(status.code)
