import Testing
@testable import RangePipeKit

/// Where the pictures put the annotation's label box and the selector's
/// handles. Expected positions are closed forms of the layout constants:
/// box height 16, 3 px from the dashed line, 2 px from the chart's sides,
/// width 6.6 px a character + 8, the line kept 1 px away; handles 6 px wide.
@Suite("Preview layout: the annotation's box and the handles")
struct AnnotationBoxPreviewTests {
    let size = ChartSize(width: 800, height: 400)
    /// "12.5": 4 × 6.6 + 8 = 34.4 px wide, so its box starts at 800 − 2 − 34.4.
    let right = 800 - 2 - 34.4

    func flat(_ y: Double) -> [(x: Double, y: Double)] { [(0, y), (800, y)] }

    @Test("clear above: just above the dashed line at the right end")
    func above() {
        let m = AnnotationMark(y: 200, label: "12.5", line: flat(300), size: size)
        #expect(abs(m.box.x - right) < 1e-9 && m.box.y == 181 && m.box.width == 34.4 && m.box.height == 16)
        #expect(abs(m.textX - 794) < 1e-9 && m.textY == 193)
    }

    @Test("the line through the spot above: just below")
    func below() {
        let m = AnnotationMark(y: 200, label: "12.5", line: flat(190), size: size)
        #expect(m.box.y == 203)
    }

    @Test("both spots crossed: the nearest clear one, above on a tie")
    func nearest() {
        // Lines at 190 and 210 (the step between them lies at x = 800, right of
        // the box): above ends 1 px over 190 (top 173), below starts 1 px under
        // 210 (top 211); both 8 px from their spots, so above.
        let line: [(x: Double, y: Double)] = [(0, 190), (800, 190), (800, 210), (0, 210)]
        #expect(AnnotationMark(y: 200, label: "12.5", line: line, size: size).box.y == 173)
        // With the upper line at 196: above moves up 2 px (top 179), below 8: above.
        let closer: [(x: Double, y: Double)] = [(0, 196), (800, 196), (800, 210), (0, 210)]
        #expect(AnnotationMark(y: 200, label: "12.5", line: closer, size: size).box.y == 179)
        // With the lower line at 215 and the upper at 183: below (top 216) 13 px, above (top 166) 15 px.
        let lower: [(x: Double, y: Double)] = [(0, 183), (800, 183), (800, 215), (0, 215)]
        #expect(AnnotationMark(y: 200, label: "12.5", line: lower, size: size).box.y == 216)
    }

    @Test("the right end crossed top to bottom: the left end; everything crossed: above at the right")
    func ends() {
        let wall: [(x: Double, y: Double)] = [(0, 300), (780, 300), (781, 0), (782, 400), (800, 400)]
        let m = AnnotationMark(y: 200, label: "12.5", line: wall, size: size)
        #expect(m.box.x == 2 && m.box.y == 181)
        let walls: [(x: Double, y: Double)] = [(10, 0), (11, 400), (780, 0), (781, 400)]
        let f = AnnotationMark(y: 200, label: "12.5", line: walls, size: size)
        #expect(abs(f.box.x - right) < 1e-9 && f.box.y == 181)
        // At the chart's top there is no room above: below.
        #expect(AnnotationMark(y: 5, label: "12.5", line: flat(300), size: size).box.y == 8)
    }

    @Test("random lines: the box meets no sampled point of the line whenever a 2-px scan finds a clear spot")
    func randomLines() {
        var rng = SeededGenerator(seed: 7)
        for _ in 0 ..< 100 {
            let n = 2 + Int(rng.next() % 8)
            let line = (0 ..< n).map { k in (x: 800 * Double(k) / Double(n - 1), y: Double(rng.next() % 400)) }
            let y = Double(rng.next() % 380) + 10
            let m = AnnotationMark(y: y, label: "1,234.56", line: line, size: size)
            // Samples every 0.25 px of x over the box's width, `pad` px around it in y.
            func hits(_ b: AnnotationMark.Box, pad: Double = 0) -> Bool {
                zip(line, line.dropFirst()).contains { p, q in
                    stride(from: max(min(p.x, q.x), b.x), through: min(max(p.x, q.x), b.right), by: 0.25).contains { x in
                        let v = p.y + (q.y - p.y) * (x - p.x) / (q.x - p.x)
                        return v >= b.y - pad && v <= b.bottom + pad
                    }
                }
            }
            var scan = m.box
            let someClear = [800 - 2 - 60.8, 2].contains { x in
                scan.x = x
                return stride(from: 0.0, through: 384, by: 2).contains { top in
                    scan.y = top
                    return (top + 16 <= y - 3 || top >= y + 3) && !hits(scan, pad: 1.5)
                }
            }
            if someClear { #expect(!hits(m.box), "line \(line) y \(y) box \(m.box)") }
            #expect(m.box.y >= 0 && m.box.bottom <= 400)
        }
    }

    @Test("handles: 6 px centred on the edge, inside the overview at both ends")
    func handles() {
        #expect(ChartLayout.handleX(400, width: 800) == 397)
        #expect(ChartLayout.handleX(0, width: 800) == 0)
        #expect(ChartLayout.handleX(2, width: 800) == 0)
        #expect(ChartLayout.handleX(800, width: 800) == 794)
        #expect(ChartLayout.handleX(798, width: 800) == 794)
        #expect(ChartLayout.handleX(796, width: 800) == 793)
    }
}

