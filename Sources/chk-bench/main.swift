import Benchmark
import ChecklistKit

exit(BenchmarkCommand.main(Array(CommandLine.arguments)))
