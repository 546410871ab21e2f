/// Numbers with few decimal places (most data: prices, readings, values
/// written with four decimals) found without Schubfach's products.
extension ShortestDecimal {
    /// The most decimal places tried.
    static let fewPlaces = 7

    /// `decimal(v)` for a positive, finite `v` that is not whole and reads
    /// back from n / 10^p for some p in 1 … `fewPlaces` and n under 2^53;
    /// nil for any other `v`, which `decimal` then answers.
    ///
    /// Why it is the same decimal: n / 10^p computed in doubles is the
    /// correctly rounded quotient (n and 10^p are exact), which is what
    /// reading "n e-p" gives; so `v` reads back from that text. Trying p
    /// upwards, the first p that reads back has the fewest places, and
    /// (all candidates lying in one decade) the fewest digits. If n − 1 or
    /// n + 1 read back as well, two decimals of that length are in the
    /// interval and the nearer is Schubfach's choice: nil. Otherwise n is
    /// the only one, the shortest decimal in the rounding interval.
    /// - Complexity: O(`fewPlaces`).
    static func fewPlacesDecimal(_ v: Double) -> (digits: UInt64, exponent: Int)? {
        var p = 1
        // 10^p, exact as a double up to 10^22.
        var scale = 10.0
        while p <= fewPlaces {
            let scaled = v * scale
            guard scaled < 0x1p52 else { return nil }
            // The nearest whole number (ties to even) without a call: past
            // 2^52 a double has no fraction bits left.
            let n = (scaled + 0x1p52) - 0x1p52
            // n ≥ 1 always holds when n reads back as a positive v; kept so the strip below ends.
            if n >= 1, n / scale == v {
                guard (n - 1) / scale != v, (n + 1) / scale != v else { return nil }
                var digits = UInt64(n), exponent = -p
                while digits % 10 == 0 { digits /= 10; exponent += 1 }
                return (digits, exponent)
            }
            p += 1
            scale *= 10
        }
        return nil
    }
}
