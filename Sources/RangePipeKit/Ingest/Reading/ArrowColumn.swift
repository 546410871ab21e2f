/// One column of one record batch, its buffers checked against the body
/// once, so that each cell after that is a read and an append. Byte
/// ranges are the body's; `body` is the batch's bytes as the reader holds
/// them (the body, then the text the cells of the rows in hand render to).
struct ArrowColumn {
    let field: ArrowField
    let length: Int
    private let validity: Range<Int>?
    /// The data buffer (values, view structs or dictionary indices).
    private let data: Range<Int>
    /// Text columns: the offsets buffer. View columns: their variadic buffers.
    private let offsets: Range<Int>
    private let variadic: [Range<Int>]

    /// The column over `node` (length, null count) and `buffers` (its own,
    /// validity first) of a body of `bodyCount` bytes.
    /// - Throws: `ArrowFault` (offset within the body) when a buffer is too short for `length` values.
    init(_ field: ArrowField, node: (Int, Int), buffers: [(Int, Int)], variadic: [(Int, Int)], bodyCount: Int) throws {
        self.field = field
        let (length, nulls) = node
        guard length >= 0, nulls >= 0, nulls <= length else {
            throw ArrowFault(offset: 0, reason: "column '\(field.name)': \(length) values with \(nulls) missing")
        }
        self.length = length
        func range(_ k: Int, atLeast need: Int) throws -> Range<Int> {
            let (start, count) = buffers[k]
            guard start >= 0, count >= 0, start <= bodyCount, count <= bodyCount - start else {
                throw ArrowFault(offset: 0, reason: "column '\(field.name)': a buffer of \(count) bytes at \(start) lies outside the body of \(bodyCount)")
            }
            guard start % 8 == 0 || count == 0 else {
                throw ArrowFault(offset: start, reason: "column '\(field.name)': a buffer at \(start), not a multiple of 8")
            }
            guard count >= need else {
                throw ArrowFault(offset: start, reason: "column '\(field.name)': a buffer of \(count) bytes for \(length) values needs \(need)")
            }
            return start ..< start + count
        }
        let bits = (length + 7) / 8
        // Every buffer lies in the body, read or not (a validity bitmap of a column with no nulls too).
        for k in buffers.indices { _ = try range(k, atLeast: 0) }
        validity = nulls > 0 && !buffers.isEmpty ? try range(0, atLeast: bits) : nil
        let width: Int
        switch field.dictionary == nil ? field.kind : .int(bytes: field.dictionary!.indexBytes, signed: true) {
        case .null, .other: (data, offsets, self.variadic) = (0 ..< 0, 0 ..< 0, [])
            return
        case .bool: width = 0
        case let .int(bytes, _), let .float(bytes), let .time(_, bytes): width = bytes
        case let .date(days): width = days ? 4 : 8
        case .decimal: width = 16
        case .timestamp: width = 8
        case .textView: width = 16
        case let .text(large):
            guard length < Int.max / 8 else { throw ArrowFault(offset: 0, reason: "column '\(field.name)': \(length) values") }
            offsets = try range(1, atLeast: length == 0 ? 0 : (length + 1) * (large ? 8 : 4))
            data = try range(2, atLeast: 0)
            self.variadic = []
            return
        }
        guard length <= Int.max / 16 else { throw ArrowFault(offset: 0, reason: "column '\(field.name)': \(length) values") }
        data = try range(1, atLeast: width == 0 ? bits : length * width)
        offsets = 0 ..< 0
        self.variadic = try variadic.map { start, count in
            guard start >= 0, count >= 0, start <= bodyCount, count <= bodyCount - start else {
                throw ArrowFault(offset: 0, reason: "column '\(field.name)': a data buffer lies outside the body")
            }
            return start ..< start + count
        }
    }

    /// Whether value `row` is missing.
    @inline(__always)
    func isNull(_ row: Int, _ body: [UInt8]) -> Bool {
        guard let validity else { return false }
        return body[validity.lowerBound + row >> 3] & (1 << UInt8(row & 7)) == 0
    }

    /// The dictionary index of value `row` (dictionary-encoded columns).
    func index(_ row: Int, _ body: [UInt8]) -> Int {
        let width = field.dictionary!.indexBytes
        let raw = body.loadLittleEndian(data.lowerBound + row * width, width)
        // Sign-extend signed indices so a negative one is caught as out of range.
        let shift = 64 - 8 * width
        return field.dictionary!.signed ? Int(Int64(bitPattern: raw << shift) >> shift) : Int(bitPattern: UInt(raw))
    }

    /// Appends value `row`'s text to `body` (past the body proper) or
    /// points into the body, and says where the cell's bytes are.
    /// - Throws: `ArrowFault` for a text value outside its buffers.
    func cell(_ row: Int, _ body: inout [UInt8]) throws -> (start: Int, count: Int, kind: CellKind) {
        if isNull(row, body) { return (0, 0, .null) }
        let start = body.count
        switch field.kind {
        case .null: return (0, 0, .null)
        case .other: return (0, 0, .nested)
        case .bool:
            let on = body[data.lowerBound + row >> 3] & (1 << UInt8(row & 7)) != 0
            body.append(contentsOf: on ? ArrowText.trueBytes : ArrowText.falseBytes)
            return (start, body.count - start, .bool)
        case let .int(bytes, signed):
            let raw = body.loadLittleEndian(data.lowerBound + row * bytes, bytes)
            let shift = 64 - 8 * bytes
            if signed || bytes < 8 {
                ArrowText.appendInteger(signed ? Int64(bitPattern: raw << shift) >> shift : Int64(raw), to: &body)
            } else {
                ArrowText.appendUnsigned(raw, to: &body)
            }
            return (start, body.count - start, .number)
        case let .float(bytes):
            let raw = body.loadLittleEndian(data.lowerBound + row * bytes, bytes)
            let value = bytes == 8 ? Double(bitPattern: raw) : bytes == 4 ? Double(Float(bitPattern: UInt32(raw))) : ArrowText.half(UInt16(raw))
            return ArrowText.appendDouble(value, to: &body)
        case let .date(days):
            let raw = Int64(bitPattern: body.loadLittleEndian(data.lowerBound + row * (days ? 4 : 8), days ? 4 : 8))
            if days {
                ArrowText.appendDate(Int(Int32(truncatingIfNeeded: raw)), to: &body)
            } else {
                // date64 is milliseconds: whole days by the format, but written as the instant it holds.
                ArrowText.appendTimestamp(raw, perSecond: 1_000, zoned: false, to: &body)
            }
            return (start, body.count - start, .text)
        case let .decimal(scale):
            let low = body.loadLittleEndian(data.lowerBound + row * 16, 8)
            let high = body.loadLittleEndian(data.lowerBound + row * 16 + 8, 8)
            ArrowText.appendDecimal(Int128(Int64(bitPattern: high)) << 64 | Int128(low), scale: scale, to: &body)
            return (start, body.count - start, .number)
        case let .timestamp(perSecond, zoned):
            ArrowText.appendTimestamp(Int64(bitPattern: body.loadLittleEndian(data.lowerBound + row * 8, 8)),
                                      perSecond: perSecond, zoned: zoned, to: &body)
            return (start, body.count - start, .text)
        case let .time(perSecond, bytes):
            let raw = body.loadLittleEndian(data.lowerBound + row * bytes, bytes)
            let ticks = bytes == 4 ? Int64(Int32(truncatingIfNeeded: raw)) : Int64(bitPattern: raw)
            ArrowText.appendTimeOfDay(ticks, perSecond: perSecond, to: &body)
            return (start, body.count - start, .text)
        case let .text(large):
            let w = large ? 8 : 4
            let lo = Int(truncatingIfNeeded: Int64(bitPattern: body.loadLittleEndian(offsets.lowerBound + row * w, w) << (64 - 8 * w)) >> (64 - 8 * w))
            let hi = Int(truncatingIfNeeded: Int64(bitPattern: body.loadLittleEndian(offsets.lowerBound + (row + 1) * w, w) << (64 - 8 * w)) >> (64 - 8 * w))
            guard lo >= 0, lo <= hi, hi <= data.count else {
                throw ArrowFault(offset: offsets.lowerBound, reason: "column '\(field.name)': value \(row + 1)'s text lies outside its buffer (\(lo) to \(hi) of \(data.count))")
            }
            return (data.lowerBound + lo, hi - lo, .text)
        case .textView:
            let view = data.lowerBound + row * 16
            let count = Int(Int32(truncatingIfNeeded: body.loadLittleEndian(view, 4)))
            if count >= 0, count <= 12 { return (view + 4, count, .text) }
            let buffer = Int(Int32(truncatingIfNeeded: body.loadLittleEndian(view + 8, 4)))
            let at = Int(Int32(truncatingIfNeeded: body.loadLittleEndian(view + 12, 4)))
            guard count > 0, buffer >= 0, buffer < variadic.count, at >= 0, at <= variadic[buffer].count - count,
                  body[view + 4 ..< view + 8].elementsEqual(body[variadic[buffer].lowerBound + at ..< variadic[buffer].lowerBound + at + 4]) else {
                throw ArrowFault(offset: view, reason: "column '\(field.name)': value \(row + 1)'s view points outside its buffers, or not at its prefix")
            }
            return (variadic[buffer].lowerBound + at, count, .text)
        }
    }
}
