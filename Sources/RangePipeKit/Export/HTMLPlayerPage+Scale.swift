/// The player page on a log or ordinal x axis: the main line placed in
/// view units u, as the overview, the selector and the ticks are. The
/// linear page's script is kept byte for byte; this one swaps x for u(x).
extension HTMLPlayerPage {
    /// The scale as the page reads it: `{"kind": "log"}`, or the ordinal
    /// axis' x values (epoch seconds), which u(x) searches.
    /// - Complexity: O(n) for ordinal.
    static func scaleJSON(_ scale: XScale) -> String {
        switch scale.kind {
        case .linear, .log: return "{\"kind\":\"\(scale.kind.rawValue)\"}"
        case .ordinal: return "{\"kind\":\"ordinal\",\"x\":[" + scale.xs.map(JSONText.number).joined(separator: ",") + "]}"
        }
    }

    /// The script with x positions mapped through u (`xu`).
    static let scaledScript: String = {
        let xu = """
          // u(x): ln x on a log axis; on an ordinal axis the fractional point index.
          const scale = JSON.parse(lines('scale')[0]);
          const xu = scale.kind === 'log' ? Math.log : (t) => {
            const xs = scale.x, n = xs.length;
            if (t <= xs[0]) return (t - xs[0]) / (xs[1] - xs[0]);
            if (t >= xs[n - 1]) return n - 1 + (t - xs[n - 1]) / (xs[n - 1] - xs[n - 2]);
            let lo = 0, hi = n - 1;
            while (hi - lo > 1) { const m = (lo + hi) >> 1; if (xs[m] <= t) lo = m; else hi = m; }
            return lo + (t - xs[lo]) / (xs[lo + 1] - xs[lo]);
          };

        """
        return script
            .replacing("\n  let current = 0,", with: "\n" + xu + "  let current = 0,")
            .replacing("const a = seconds(f.window.min), b = seconds(f.window.max),", with: "const a = xu(seconds(f.window.min)), b = xu(seconds(f.window.max)),")
            .replacing("fmt((seconds(p[0]) - a) / (b - a) * W)", with: "fmt((xu(seconds(p[0])) - a) / (b - a) * W)")
    }()
}
