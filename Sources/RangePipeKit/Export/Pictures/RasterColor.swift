/// A colour for `RasterCanvas`, from the `#rrggbb` an SVG picture writes.
struct RasterColor: Sendable, Equatable {
    let red: Double, green: Double, blue: Double, alpha: Double

    static let white = RasterColor("#ffffff")

    /// `#rrggbb` (or `white`), with an opacity; a malformed colour is black.
    init(_ svg: String, opacity: Double = 1) {
        let hex = svg == "white" ? "ffffff" : String(svg.dropFirst())
        let v = hex.count == 6 ? UInt32(hex, radix: 16) ?? 0 : 0
        red = Double(v >> 16 & 0xff) / 255
        green = Double(v >> 8 & 0xff) / 255
        blue = Double(v & 0xff) / 255
        alpha = opacity
    }
}
