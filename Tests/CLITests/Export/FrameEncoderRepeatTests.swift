import Testing
@testable import RangePipeKit

/// Lines written through a `FrameEncoder.LineMemo` (a still frame repeats
/// the last line's tail bytes; the annotation copies the window's or y's
/// max when equal) against the String reference encoder, on runs of frames
/// that stay still, change one field, or differ only in the sign of a zero.
@Suite struct FrameEncoderRepeatTests {
    @Test("memo lines equal the reference over still and changing runs", arguments: [Axis.time, .number, .category])
    func memoLinesEqualReference(axis: Axis) throws {
        var rng = SeededGenerator(seed: 0xDEC0 + UInt64(Axis.allCases.firstIndex(of: axis)!))
        // Few distinct values, zeros of both signs among them, so equal and
        // nearly equal neighbours are common.
        let values: [Double] = [0, -0.0, 1, 2.5, 1_700_000_000.25, 1_700_000_000.5, 3, .nan, 1e21]
        func value() -> Double { values[Int(rng.next() % UInt64(values.count))] }
        let categories = ["Q1", "Q,2", "Q3"]
        let label = try LabelFormat("%.2f")
        for trial in 0 ..< 120 {
            let tracks = Set(Track.allCases.filter { _ in rng.next() % 4 != 0 })
            for format in FrameFormat.allCases {
                for time in TimeOutputFormat.allCases {
                    let encoder = FrameEncoder(series: "s\(trial)", axis: axis, categories: categories, tracks: tracks, time: time,
                                               format: format, label: label)
                    let reference = ReferenceFrameEncoder(series: "s\(trial)", axis: axis, categories: categories, tracks: tracks,
                                                          time: time, format: format, label: label)
                    var memo = FrameEncoder.LineMemo()
                    var out = TextBuffer()
                    var frame = Frame(frame: 0, t: 0, phase: .idle, window: Window(value(), value()), selector: (value(), value()))
                    frame.y = (value(), value())
                    frame.annotation = Annotation(x: frame.window.upper, pointIndex: nil, y: frame.y!.max, visible: true)
                    for k in 0 ..< 8 {
                        frame.frame = k
                        frame.t = Double(k) / 10
                        frame.phase = Phase.allCases[Int(rng.next() % UInt64(Phase.allCases.count))]
                        switch rng.next() % 12 {
                        case 0: frame.window.upper = value()
                        case 1: frame.window.lower = value()
                        case 2: frame.selector.max = value()
                        case 3: frame.y = rng.next() % 2 == 0 ? nil : (value(), value())
                        case 4: frame.annotation?.x = value()
                        case 5: frame.annotation?.y = value()
                        case 6: frame.annotation?.visible.toggle()
                        case 7: frame.annotation = frame.annotation == nil ? Annotation(x: value(), pointIndex: nil, y: value(), visible: false) : nil
                        case 8: frame.values = rng.next() % 2 == 0 ? nil : [(x: value(), y: value())]
                        case 9: frame.preset = frame.preset == nil ? .all : nil
                        default: break // still
                        }
                        let start = out.count
                        encoder.encode(frame, into: &out, memo: &memo)
                        let line = String(decoding: out.bytes[start...], as: UTF8.self)
                        #expect(line == reference.encode(frame), "trial \(trial) frame \(k) \(format) \(time)")
                    }
                }
            }
        }
    }

    @Test("a tail repeats only for bit-equal fields: 0.0 and -0.0 differ, NaN equals itself")
    func sameTailIsBitwise() {
        let a = Frame(frame: 0, t: 0, phase: .idle, window: Window(0, 1), selector: (0, 800))
        var b = a
        b.frame = 1
        #expect(FrameEncoder.sameTail(a, b))
        b.window.lower = -0.0
        #expect(!FrameEncoder.sameTail(a, b))
        var c = a, d = a
        c.y = (.nan, 1)
        d.y = (.nan, 1)
        #expect(FrameEncoder.sameTail(c, d))
        d.points = []
        #expect(!FrameEncoder.sameTail(c, d))
    }
}
