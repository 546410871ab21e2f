/// A sink one file can be read into on several cores (`FileSplit`): each
/// later piece goes into a fork, which the sink of the piece before it
/// absorbs when both are done. The table builder is the one such sink; the readers and
/// `FileSplit` know it only by this protocol.
protocol SplittableSink: RecordSink {
    /// An empty sink for a later part of the same input, decided exactly as
    /// this one is; nil while this one cannot be forked yet.
    func forkForSplit() -> (any SplittableSink)?
    /// False when the fork, while reading, decided something its original
    /// had left open: joining it could then differ from one sequential pass.
    var keptForkDecisions: Bool { get }
    /// Appends the rows `later` (a fork of this sink) read; its line
    /// numbers start at 1, so `lineOffset` makes them absolute.
    func absorbSplit(_ later: any SplittableSink, lineOffset: Int)
    /// The bytes one row read takes in this sink (for the memory plan).
    var bytesPerRow: Int { get }
}
