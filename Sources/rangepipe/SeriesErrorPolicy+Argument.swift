import ArgumentParser
import RangePipeKit

/// `--on-series-error fail|skip`: --help lists the values,
/// completions offer them, and any other is a usage error (exit 64).
extension SeriesErrorPolicy: ExpressibleByArgument {}
