import Testing
@testable import RangePipeKit

@Suite("Number and category ticks (hand-computed)")
struct AxisTicksTests {
    func labels(_ lo: Double, _ hi: Double, _ count: Int) -> [String] { NumberTicks.ticks(lo, hi, count: count).map(\.label) }

    @Test("1-2-5 steps with the step's decimals on every label")
    func steps() {
        #expect(labels(0, 1, 5) == ["0.0", "0.2", "0.4", "0.6", "0.8", "1.0"])
        #expect(labels(-3.7, 12.1, 5) == ["-2", "0", "2", "4", "6", "8", "10", "12"])
        #expect(labels(0.1, 0.35, 5) == ["0.10", "0.15", "0.20", "0.25", "0.30", "0.35"])
        #expect(NumberTicks.ticks(0.1, 0.35, count: 5)[4].value == 0.3) // counted in integers, not 0.30000000000000004
        #expect(labels(0, 50_000, 5) == ["0", "10,000", "20,000", "30,000", "40,000", "50,000"])
        #expect(labels(2010, 2015, 5) == ["2010", "2011", "2012", "2013", "2014", "2015"])
        #expect(labels(7.07, 223.02, 6) == ["50", "100", "150", "200"])
        #expect(labels(-0.004, 0.0021, 3) == ["-0.004", "-0.002", "0.000", "0.002"])
        #expect(labels(5, 5, 5) == ["5"])
        #expect(NumberTicks.step(1, 2, count: 10)! == (1, -1))
        #expect(NumberTicks.step(0, 70, count: 10)! == (5, 0)) // 7 < √50 rounds down to 5
        #expect(NumberTicks.step(0, 75, count: 10)! == (1, 1)) // 7.5 ≥ √50 rounds up to 10
    }

    @Test("ticks lie inside the range for random ranges and counts")
    func inside() {
        var rng = SeededGenerator(seed: 7)
        for _ in 0 ..< 2000 {
            let lo = Double.random(in: -1e6 ... 1e6, using: &rng) * NumberTicks.pow10(Int.random(in: -8 ... 3, using: &rng))
            let span = Double.random(in: 1 ... 10, using: &rng) * NumberTicks.pow10(Int.random(in: -9 ... 6, using: &rng))
            let count = Int.random(in: 2 ... 10, using: &rng)
            guard span > abs(lo) * 1e-9 else { continue } // finer than Float64 can tell apart
            let ticks = NumberTicks.ticks(lo, lo + span, count: count)
            #expect(ticks.allSatisfy { $0.value >= lo && $0.value <= lo + span })
            #expect(ticks.count >= 1 && ticks.count <= 2 * count + 2)
            #expect(Set(ticks.map { $0.label.contains(".") ? $0.label.split(separator: ".")[1].count : 0 }).count == 1)
        }
    }

    @Test("categories are labelled by name and thinned to 1, 2, 5, 10 … when they would overlap")
    func categories() {
        let quarters = (2012 ... 2014).flatMap { y in (1 ... 4).map { "\(y) Q\($0)" } }
        // "2012 Q1" is 7 characters: 7 × 6.6 + 8 = 54.2 px.
        #expect(AxisTicks.categories(0, 11, width: 800, labels: quarters).count == 12)
        #expect(AxisTicks.categories(0, 11, width: 300, labels: quarters).map(\.label) ==
            ["2012 Q1", "2012 Q3", "2013 Q1", "2013 Q3", "2014 Q1", "2014 Q3"])
        #expect(AxisTicks.categories(0, 11, width: 100, labels: quarters).map(\.label) == ["2012 Q1", "2014 Q3"])
        #expect(AxisTicks.categories(2.5, 7.5, width: 300, labels: quarters).map(\.value) == [3, 4, 5, 6, 7])
        #expect(AxisTicks.categories(0.2, 0.8, width: 300, labels: quarters).isEmpty)
    }

    @Test("category windows past Int's range give the labels inside them, no trap")
    func hugeCategoryWindows() {
        let labels = ["Q1", "Q2", "Q3"]
        // So wide that the stride is the largest: only ordinal 0 is labelled.
        #expect(AxisTicks.categories(0, 1e28, width: 800, labels: labels).map(\.label) == ["Q1"])
        #expect(AxisTicks.categories(-1e300, 1e300, width: 800, labels: labels).map(\.label) == ["Q1"])
        #expect(AxisTicks.categories(1e28, 2e28, width: 800, labels: labels).isEmpty)
        #expect(AxisTicks.categories(-2e28, -1e28, width: 800, labels: labels).isEmpty)
    }

    @Test("tick counts follow the width: one per 80 px, 2 to 10")
    func counts() {
        #expect(AxisTicks.count(width: 100) == 2 && AxisTicks.count(width: 400) == 5 && AxisTicks.count(width: 2000) == 10)
    }
}

@Suite("x axes avoid touching labels")
struct AxisOverlapTests {
    @Test("116 days on 800 px: weekly labels like \"Aug 13\" would crowd, so months are used")
    func fewerWhenCrowded() {
        let a = utc(2017, 7, 14), b = utc(2017, 11, 7)
        #expect(TimeTicks.ticks(a, b, count: 10).count == 17) // Sundays 48 px apart; "Jul 16" is about 40 px wide
        let ticks = AxisTicks(axis: .time).x(a, b, width: 800)
        #expect(ticks.map(\.label) == ["Aug", "Sep", "Oct", "Nov"])
        #expect(!AxisTicks.overlap(ticks, a, b, width: 800))
    }

    @Test("labels past 18 decimals (a 1e-19 decade tick) are the shortest text, not a trap")
    func tinyLabels() {
        #expect(NumberTicks.label(1e-19, decimals: 19) == "1e-19")
        #expect(NumberTicks.label(2.5e-20, decimals: 21) == "2.5e-20")
        #expect(NumberTicks.label(0.5, decimals: 1) == "0.5")
    }
}
