// Public: the conformance of a public type is public.
public import ArgumentParser
import RangePipeKit

/// `script from-events --from pointer-ndjson|webdriver|echarts-recorder`: --help lists the values,
/// completions offer them, and any other is a usage error (exit 64).
extension RecordingFormat: ExpressibleByArgument {}
