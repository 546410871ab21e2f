extension ScriptDecoder {
    /// Under `lightweight-charts` a press or wheel lands on the page's pane
    /// ([0, main.width) × [0, main.height) px) or its time scale's strip
    /// ([0, main.width) × [0, 28) px, `InteractionProfile.xAxisHeight`):
    /// elsewhere it would reach no widget the profile models.
    static func lightweightChartsInput(_ samples: [RawPointerEvent], path: String, main: ChartSize) throws {
        for (j, e) in samples.enumerated() where e.kind == .down || e.kind == .wheel {
            let height = e.area == .xAxis ? InteractionProfile.lightweightCharts.xAxisHeight ?? 0 : main.height
            guard e.x >= 0, e.x < main.width, e.y >= 0, e.y < height else {
                throw Failure(path: "\(path).samples[\(j)]", message: "profile \"lightweight-charts\": a \(e.kind.rawValue) at (\(e.x.plainText), \(e.y.plainText)) px is outside its \(e.area.rawValue) area (0..<\(main.width.plainText) x 0..<\(height.plainText))")
            }
        }
    }
}
