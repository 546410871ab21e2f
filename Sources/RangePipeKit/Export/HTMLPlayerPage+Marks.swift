/// The player page of a script with a box zoom or a hover: the zoom box and
/// the crosshair follow the frames. rangepipe works out their pixels
/// (`PointerMarks.drawsJSON`, after a frame's ticks in its draws); the
/// script only places the skeleton's elements. Pages of scripts without
/// them keep the plain script byte for byte.
extension HTMLPlayerPage {
    /// `script` (the linear or the scaled page's) with the marks drawn on every frame.
    static func markedScript(_ script: String) -> String {
        let marks = """
          // Panel s's zoom box ([x, width]) and crosshair ([x, y, label, labelX, labelY, anchor]),
          // draws[k][7] and [8]: absent while neither shows, null while one does not, y null off the chart.
          const mark = (id, on, attrs) => { if (!$(id)) return; set(id, { visibility: on ? 'visible' : 'hidden' }); if (on) set(id, attrs); };
          function marks(d, s) {
            const box = d[7] || null, c = d[8] || null, dot = c !== null && c[1] !== null;
            mark('zoombox' + s, box !== null, box && { x: box[0], width: box[1] });
            mark('crossline' + s, c !== null, c && { x1: c[0], x2: c[0] });
            mark('crossdot' + s, dot, dot && { cx: c[0], cy: c[1] });
            mark('crosslabel' + s, dot, dot && { x: c[3], y: c[4], 'text-anchor': c[5] });
            if (dot) $('crosslabel' + s).textContent = c[2];
          }

        """
        return script
            .replacing("\n  let current = 0,", with: "\n" + marks + "  let current = 0,")
            .replacing("\n    const caption = ", with: "\n    marks(d, s);\n    const caption = ")
    }
}
