import Benchmark
import ChecklistKit
import ChkPlatform

exit(BenchmarkCommand.main(Array(CommandLine.arguments)))
