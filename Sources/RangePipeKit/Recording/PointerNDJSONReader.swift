/// Reads `pointer-ndjson`: one browser `PointerEvent` or `WheelEvent` per
/// line, as `integrations/browser/record.js` writes them, optionally led by
/// a `{"type": "layout", "overview": RECT, "main": RECT, "x-axis": RECT}` line.
///
/// - `pointerdown`, `pointerup`: `pointerId`, `clientX`, `clientY`,
///   `timeStamp` (ms); a down's optional `pointerType` (`mouse`, `pen`,
///   `touch`; absent or `""`: mouse) is kept.
/// - `pointermove`: the same and `buttons`; a move with `buttons` 0 of a
///   pointer that is not down is a hover (skipped), with other buttons it
///   claims a press the recording never showed (a bad recording).
/// - `pointercancel`: ends the pointer's contact at its last position.
/// - `wheel`: `clientX`, `clientY`, `deltaY`, `timeStamp`, optional
///   `deltaX` (default 0); `deltaMode`, if given, must be 0 (pixels).
/// - Any line may carry `shiftKey` (default false).
/// Blank lines are skipped; other keys (`pressure`, …) are ignored. Errors
/// are located `file:line`.
enum PointerNDJSONReader {
    /// Pointer ids a script can carry.
    static let ids = 0 ... Int(Int32.max)

    /// - Complexity: O(bytes).
    static func read(_ bytes: [UInt8], source: String) throws(RecordingFailure) -> RecordedInput {
        var layout: RecordingLayout? = nil
        var actions: [RecordedAction] = []
        var origin: Double? = nil
        var lineNumber = 0
        var start = 0
        while start < bytes.count {
            lineNumber += 1
            var end = start
            while end < bytes.count, bytes[end] != 0x0a { end += 1 }
            var line = Array(bytes[start ..< end])
            start = end + 1
            if line.last == 0x0d { line.removeLast() }
            if lineNumber == 1, line.starts(with: [0xEF, 0xBB, 0xBF]) { line.removeFirst(3) }
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
            let here = "\(source):\(lineNumber)"
            let value = try JSONValue.parse(line, file: source, firstLine: lineNumber, or: RecordingFailure.init)
            let o = try RecordingObject(value, file: here, path: "")
            let type = try o.string("type")
            if type == "layout" {
                guard actions.isEmpty, origin == nil, layout == nil else {
                    throw o.fail("type", "the layout line must come first, before any event")
                }
                layout = try RecordingLayout.read(value, file: here, path: "")
                continue
            }
            let time = try o.number("timeStamp")
            if let last = actions.last?.milliseconds ?? origin, time < last {
                throw o.fail("timeStamp", "time goes back: \(time) ms is before the previous event's \(last) ms")
            }
            if origin == nil { origin = time }
            actions.append(RecordedAction(milliseconds: time, kind: try action(type, o), location: here, shift: try o.flag("shiftKey")))
        }
        return RecordedInput(layout: layout, actions: actions, origin: origin ?? 0)
    }

    /// The action an event line records.
    static func action(_ type: String, _ o: RecordingObject) throws(RecordingFailure) -> RecordedAction.Kind {
        switch type {
        case "pointerdown":
            return .down(id: try o.integer("pointerId", ids), x: try o.number("clientX"), y: try o.number("clientY"),
                         pointer: try o.pointerKind("pointerType"))
        case "pointermove":
            let pressed = try o.integer("buttons", 0 ... 0xFFFF) != 0
            return .move(id: try o.integer("pointerId", ids), x: try o.number("clientX"), y: try o.number("clientY"), pressed: pressed)
        case "pointerup":
            return .up(id: try o.integer("pointerId", ids), x: try o.number("clientX"), y: try o.number("clientY"))
        case "pointercancel":
            // Browsers report a cancel at (0, 0) or nowhere: the contact
            // ends where it last was.
            return .up(id: try o.integer("pointerId", ids), x: nil, y: nil)
        case "wheel":
            if let mode = try o.optionalNumber("deltaMode"), mode != 0 {
                throw o.fail("deltaMode", "only deltaMode 0 (pixels) is supported, got \(mode) (\(mode == 1 ? "lines" : "pages"))")
            }
            return .wheel(x: try o.number("clientX"), y: try o.number("clientY"),
                          deltaX: try o.optionalNumber("deltaX") ?? 0, deltaY: try o.number("deltaY"))
        default:
            throw o.fail("type", "unknown type \"\(type)\" (expected layout, pointerdown, pointermove, pointerup, pointercancel or wheel)")
        }
    }
}
