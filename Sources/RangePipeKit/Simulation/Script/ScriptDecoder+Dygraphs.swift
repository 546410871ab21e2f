extension ScriptDecoder {
    /// The range selector and the axes' strips are not modelled yet
    /// (docs/profiles.md): presses and wheel events land in the plot area.
    static func dygraphsInput(_ samples: [RawPointerEvent], path: String, main: ChartSize) throws {
        for (j, e) in samples.enumerated() where e.kind == .down || e.kind == .wheel {
            guard e.area == .main else {
                throw Failure(path: "\(path).samples[\(j)].area", message: "profile \"dygraphs\" plays input on the main chart only (its range selector is not modelled yet), got \"\(e.area.rawValue)\"")
            }
            guard (0...main.width).contains(e.x), (0...main.height).contains(e.y) else {
                throw Failure(path: "\(path).samples[\(j)]", message: "profile \"dygraphs\": a \(e.kind.rawValue) at (\(e.x.plainText), \(e.y.plainText)) px is outside the plot area (0..\(main.width.plainText) x 0..\(main.height.plainText)); the axes and the range selector are not modelled yet")
            }
        }
    }
}
