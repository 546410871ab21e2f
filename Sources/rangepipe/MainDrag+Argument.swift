// Public: the conformance of a public type is public.
public import ArgumentParser
import RangePipeKit

/// `--drag pan|zoom`: --help lists the values, and any other is a usage
/// error (exit 64).
extension MainDrag: ExpressibleByArgument {}
