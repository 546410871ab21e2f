import CCairo
import CPixels

/// A picture of `width` × `height` pixels drawn with cairo (an RGB24 image
/// surface: each pixel 4 bytes, B G R and one unused, in memory order on a
/// little-endian machine), in the few strokes the chart pictures need.
///
/// Text is DejaVu Sans through cairo's toy font API (fontconfig), with
/// antialiasing, hinting and metrics fixed here rather than taken from the
/// machine's fontconfig settings, so the same cairo and font draw the same
/// pixels anywhere.
///
/// A canvas is used by one thread at a time; each drawing thread has its own.
final class RasterCanvas {
    let width: Int
    let height: Int
    private let surface: OpaquePointer
    private let cr: OpaquePointer

    /// A white canvas.
    /// - Throws: `.invalid` when cairo cannot make a surface of that size.
    init(width: Int, height: Int) throws {
        self.width = width
        self.height = height
        surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw RangePipeError.invalid("cannot make a \(width)×\(height) picture: \(String(cString: cairo_status_to_string(cairo_surface_status(surface))))")
        }
        cr = cairo_create(surface)
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_set_font_options(cr, options)
        cairo_font_options_destroy(options)
        cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    /// Every pixel white, and drawing back in pixels (no transform, no clip).
    func clear() {
        cairo_reset_clip(cr)
        cairo_identity_matrix(cr)
        set(.white)
        cairo_paint(cr)
    }

    /// Later drawing is in units of `scale` pixels from (`dx`, `dy`).
    func transform(dx: Double, dy: Double, scale: Double) {
        cairo_translate(cr, dx, dy)
        cairo_scale(cr, scale, scale)
    }

    func translate(_ x: Double, _ y: Double) { cairo_translate(cr, x, y) }
    func save() { cairo_save(cr) }
    func restore() { cairo_restore(cr) }

    /// Clips later drawing to a rectangle, until `restore`.
    func clip(x: Double, y: Double, width w: Double, height h: Double) {
        cairo_rectangle(cr, x, y, w, h)
        cairo_clip(cr)
    }

    /// A rectangle (corners rounded by `radius`), filled and then stroked.
    func rect(x: Double, y: Double, width w: Double, height h: Double, radius: Double = 0,
              fill: RasterColor?, stroke: RasterColor? = nil, lineWidth: Double = 1) {
        cairo_new_path(cr)
        if radius > 0 {
            let r = min(radius, w / 2, h / 2)
            cairo_arc(cr, x + w - r, y + r, r, -Double.pi / 2, 0)
            cairo_arc(cr, x + w - r, y + h - r, r, 0, Double.pi / 2)
            cairo_arc(cr, x + r, y + h - r, r, Double.pi / 2, Double.pi)
            cairo_arc(cr, x + r, y + r, r, Double.pi, 3 * Double.pi / 2)
            cairo_close_path(cr)
        } else {
            cairo_rectangle(cr, x, y, w, h)
        }
        paint(fill: fill, stroke: stroke, lineWidth: lineWidth)
    }

    /// A circle, filled and then stroked.
    func circle(x: Double, y: Double, radius: Double, fill: RasterColor?, stroke: RasterColor?, lineWidth: Double) {
        cairo_new_path(cr)
        cairo_arc(cr, x, y, radius, 0, 2 * Double.pi)
        paint(fill: fill, stroke: stroke, lineWidth: lineWidth)
    }

    /// A straight line, dashed when `dash` holds on/off lengths.
    func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, color: RasterColor, width: Double = 1, dash: [Double] = []) {
        cairo_new_path(cr)
        cairo_move_to(cr, x1, y1)
        cairo_line_to(cr, x2, y2)
        stroke(color, width: width, dash: dash)
    }

    /// A polyline through `points`; nothing for fewer than two.
    func polyline(_ points: [(x: Double, y: Double)], color: RasterColor, width: Double) {
        guard points.count > 1 else { return }
        cairo_new_path(cr)
        cairo_move_to(cr, points[0].x, points[0].y)
        for p in points.dropFirst() { cairo_line_to(cr, p.x, p.y) }
        stroke(color, width: width, dash: [])
    }

    /// A rectangle of whole device pixels, within the canvas.
    struct PixelRect: Equatable {
        let x: Int, y: Int, width: Int, height: Int
    }

    /// The whole device pixels a rectangle in drawing units touches.
    func pixelRect(x: Double, y: Double, width w: Double, height h: Double) -> PixelRect {
        var (x0, y0, x1, y1) = (x, y, x + w, y + h)
        cairo_user_to_device(cr, &x0, &y0)
        cairo_user_to_device(cr, &x1, &y1)
        let left = max(0, Int(min(x0, x1).rounded(.down))), top = max(0, Int(min(y0, y1).rounded(.down)))
        let right = min(width, Int(max(x0, x1).rounded(.up))), bottom = min(height, Int(max(y0, y1).rounded(.up)))
        return PixelRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    /// The pixels of `r`, row by row.
    func copy(_ r: PixelRect) -> [UInt8] {
        withPixels { all in
            var out: [UInt8] = []
            out.reserveCapacity(r.width * r.height * 4)
            for row in r.y ..< r.y + r.height {
                let start = (row * width + r.x) * 4
                out.append(contentsOf: all[start ..< start + r.width * 4])
            }
            return out
        }
    }

    /// Puts pixels `copy(r)` made back at `r`.
    func paste(_ pixels: [UInt8], _ r: PixelRect) {
        cairo_surface_flush(surface)
        let data = cairo_image_surface_get_data(surface)!
        pixels.withUnsafeBytes { from in
            for row in 0 ..< r.height {
                let to = data + ((r.y + row) * width + r.x) * 4
                to.update(from: from.baseAddress!.assumingMemoryBound(to: UInt8.self) + row * r.width * 4, count: r.width * 4)
            }
        }
        cairo_surface_mark_dirty_rectangle(surface, Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height))
    }

    /// Layers drawn once and pasted while their key is the same (`FrameRaster`'s overviews), by panel.
    var layers: [Int: (key: [Double], rect: PixelRect, pixels: [UInt8])] = [:]

    /// How far `text` advances at `size` px.
    func textWidth(_ text: String, size: Double = 11) -> Double {
        cairo_set_font_size(cr, size)
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, text, &extents)
        return extents.x_advance
    }

    /// `text` with its baseline at `y`, its start, middle or end at `x`
    /// (SVG's `text-anchor`); with `halo`, outlined first in that colour
    /// (SVG's `paint-order="stroke"`). Controls and bidi overrides are
    /// drawn as the SVG shows them (`showingControls`; a NUL would end
    /// cairo's C string).
    func text(_ text: String, x: Double, y: Double, anchor: TextAnchor = .start, color: RasterColor,
              size: Double = 11, halo: RasterColor? = nil) {
        let text = text.showingControls
        guard !text.isEmpty else { return }
        let advance = textWidth(text, size: size)
        let left = switch anchor {
        case .start: x
        case .middle: x - advance / 2
        case .end: x - advance
        }
        cairo_new_path(cr)
        if let halo {
            cairo_move_to(cr, left, y)
            cairo_text_path(cr, text)
            stroke(halo, width: 3, dash: [], keep: true)
            set(color)
            cairo_fill(cr)
            return
        }
        cairo_move_to(cr, left, y)
        set(color)
        cairo_show_text(cr, text)
    }

    enum TextAnchor { case start, middle, end }

    /// The pixels as drawn, row by row, 4 bytes each (B G R unused).
    func bgr0() -> [UInt8] { withPixels { Array($0) } }

    /// The pixels, row by row, 4 bytes each (B G R unused), `width · 4` bytes a row.
    private func withPixels<T>(_ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        precondition(stride == width * 4, "cairo rows are 4 bytes a pixel")
        return try body(UnsafeRawBufferPointer(start: cairo_image_surface_get_data(surface), count: stride * height))
    }

    /// The picture as one yuv420p frame (planar Y, then Cb and Cr at half
    /// width and height), BT.709 limited range as H.264 and VP9 expect,
    /// chroma the mean of each 2×2 block (`rangepipe_bgr0_to_yuv420p`,
    /// CPixels): converting here, on the drawing threads, keeps ffmpeg's
    /// converter out of the way and sends 1.5 bytes a pixel through the
    /// pipe, not 4.
    /// - Precondition: even width and height.
    /// - Complexity: O(pixels).
    func yuv420() -> [UInt8] {
        let w = width, h = height
        precondition(w % 2 == 0 && h % 2 == 0, "yuv420p needs an even size")
        let total = w * h + w * h / 2
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        return [UInt8](unsafeUninitializedCapacity: total) { out, count in
            rangepipe_bgr0_to_yuv420p(cairo_image_surface_get_data(surface), stride, Int32(w), Int32(h), out.baseAddress!)
            count = total
        }
    }

    /// The picture as a PNG file's bytes (cairo's writer: no time or
    /// software chunk, so the same pixels give the same bytes).
    /// - Throws: `.invalid` with cairo's reason.
    func png() throws -> [UInt8] {
        let sink = PNGBytes()
        let context = Unmanaged.passUnretained(sink).toOpaque()
        let status = cairo_surface_write_to_png_stream(surface, { context, data, length in
            guard let context, let data else { return CAIRO_STATUS_WRITE_ERROR }
            let sink = Unmanaged<PNGBytes>.fromOpaque(context).takeUnretainedValue()
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }, context)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RangePipeError.invalid("cannot write a PNG: \(String(cString: cairo_status_to_string(status)))")
        }
        return withExtendedLifetime(sink) { sink.bytes }
    }

    private final class PNGBytes { var bytes: [UInt8] = [] }

    private func set(_ c: RasterColor) {
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
    }

    private func paint(fill: RasterColor?, stroke color: RasterColor?, lineWidth: Double) {
        if let fill {
            set(fill)
            color == nil ? cairo_fill(cr) : cairo_fill_preserve(cr)
        }
        if let color { stroke(color, width: lineWidth, dash: []) }
    }

    private func stroke(_ color: RasterColor, width: Double, dash: [Double], keep: Bool = false) {
        set(color)
        cairo_set_line_width(cr, width)
        cairo_set_dash(cr, dash, Int32(dash.count), 0)
        keep ? cairo_stroke_preserve(cr) : cairo_stroke(cr)
    }
}
