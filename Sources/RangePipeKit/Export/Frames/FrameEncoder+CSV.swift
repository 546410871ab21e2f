/// The CSV rows of `FrameEncoder`: the columns of `csvHeader`, in order.
extension FrameEncoder {
    func csv(_ r: Frame, _ out: inout ByteWriter) {
        csvHead(r, &out)
        csvTail(r, &out)
    }

    /// A row up to its phase name.
    func csvHead(_ r: Frame, _ out: inout ByteWriter) {
        out.append(bytes: seriesBytes)
        out.append(byte: UInt8(ascii: ","))
        out.append(integer: r.frame)
        out.append(byte: UInt8(ascii: ","))
        out.append(number: r.t)
        out.append(byte: UInt8(ascii: ","))
        out.append(r.phase.constantName)
    }

    /// The rest of a row after the phase name (as `ndjsonTail`).
    func csvTail(_ r: Frame, _ out: inout ByteWriter) {
        var windowMax = 0 ..< 0
        if on.range {
            out.append(byte: UInt8(ascii: ","))
            append(textX: r.window.lower, &out)
            out.append(byte: UInt8(ascii: ","))
            let start = out.count
            append(textX: r.window.upper, &out)
            windowMax = start ..< out.count
        }
        if on.selector {
            out.append(byte: UInt8(ascii: ","))
            out.append(number: r.selector.min)
            out.append(byte: UInt8(ascii: ","))
            out.append(number: r.selector.max)
        }
        var yMax = 0 ..< 0
        if on.range {
            out.append(byte: UInt8(ascii: ","))
            if let y = r.y { out.append(number: y.min) }
            out.append(byte: UInt8(ascii: ","))
            let start = out.count
            if let y = r.y { out.append(number: y.max) }
            yMax = start ..< out.count
        }
        if on.annotation {
            if let a = r.annotation {
                out.append(byte: UInt8(ascii: ","))
                // Numbers and ISO times hold no comma or quote: no quoting.
                if !windowMax.isEmpty, a.x.bitPattern == r.window.upper.bitPattern, axis != .category {
                    out.append(copyOf: windowMax)
                } else if let label = axis.categoryLabel(a.x, in: categories) {
                    out.append(csvField: label.utf8)
                } else {
                    append(textX: a.x, &out)
                }
                out.append(byte: UInt8(ascii: ","))
                if !yMax.isEmpty, let y = r.y, a.y.bitPattern == y.max.bitPattern {
                    out.append(copyOf: yMax)
                } else {
                    out.append(number: a.y)
                }
                out.append(byte: UInt8(ascii: ","))
                if let plain = labelCSV {
                    out.append(bytes: plain.prefix)
                    out.append(label: label, a.y)
                    out.append(bytes: plain.suffix)
                } else {
                    out.append(csvField: label.format(a.y).utf8)
                }
                out.append(a.visible ? ",true" : ",false")
            } else {
                out.append(",,,,")
            }
        }
        if on.values { appendCSVCell(r.values, &out, json: append(values:_:)) }
        if on.points { appendCSVCell(r.points, &out, json: append(points:_:)) }
        if on.preset {
            out.append(byte: UInt8(ascii: ","))
            if let p = r.preset { out.append(string: p.rawValue) }
        }
        if on.omitted {
            out.append(byte: UInt8(ascii: ","))
            if let n = r.yOmitted { out.append(integer: n) }
        }
        if on.box {
            out.append(byte: UInt8(ascii: ","))
            if let b = r.box { append(textX: b.lower, &out) }
            out.append(byte: UInt8(ascii: ","))
            if let b = r.box { append(textX: b.upper, &out) }
        }
        if on.crosshair {
            out.append(byte: UInt8(ascii: ","))
            if let c = r.crosshair {
                if let label = axis.categoryLabel(c.x, in: categories) { out.append(csvField: label.utf8) } else { append(textX: c.x, &out) }
            }
            out.append(byte: UInt8(ascii: ","))
            if let c = r.crosshair { out.append(number: c.y) }
        }
        out.append(byte: UInt8(ascii: "\n"))
    }

    /// A comma and a cell holding a track as compact JSON, quoted; empty
    /// when the frame has no such track.
    private func appendCSVCell(_ pairs: [(x: Double, y: Double)]?, _ out: inout ByteWriter,
                               json: ([(x: Double, y: Double)], inout ByteWriter) -> Void) {
        out.append(byte: UInt8(ascii: ","))
        guard let pairs else { return }
        var text = TextBuffer()
        text.write(reserving: pairs.count * pairRoom + 2) { json(pairs, &$0) }
        out.append(csvField: text.storage[..<text.count])
    }
}
