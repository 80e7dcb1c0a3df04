import ChecklistKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

exit(ChkTool.main(arguments: Array(CommandLine.arguments.dropFirst()), environment: .current()))
