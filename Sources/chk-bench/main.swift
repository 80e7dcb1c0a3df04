import Benchmark

#if canImport(Glibc)
  import Glibc
#endif

exit(BenchmarkCommand.main(Array(CommandLine.arguments)))
