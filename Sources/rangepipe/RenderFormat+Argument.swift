import ArgumentParser
import RangePipeKit

/// `--format mp4|webm|gif|png`: --help lists the values, and any other is a
/// usage error (exit 64).
extension RenderFormat: ExpressibleByArgument {}
