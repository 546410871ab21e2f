/// Reads the ECharts test recorder's actions file (`test/runTest/actions/
/// NAME.json`): `[{"name": …, "ops": [{"type", "time", "x", "y"}, …]}, …]`.
///
/// Ops: `mousedown`, `mousemove`, `mouseup` with `time` (ms since that
/// action's recording started), `x`, `y` (the page's clientX/clientY);
/// `mousewheel` adds `deltaY`. The recorder's own ops (`screenshot`,
/// `screenshot-auto`, `valuechange`) are skipped. The mouse is pointer 1; a
/// mousemove with the button up is a hover. The actions play one after
/// another on one clock: each starts when the previous one's last op did.
/// Errors are located by JSON path (`[1].ops[4].time`).
enum EChartsRecorderReader {
    /// The ops that are the recorder's own bookkeeping, not input.
    static let skipped: Set<String> = ["screenshot", "screenshot-auto", "valuechange"]

    /// - Complexity: O(bytes).
    static func read(_ bytes: [UInt8], source: String) throws(RecordingFailure) -> RecordedInput {
        let root = try JSONValue.parse(bytes, file: source, or: RecordingFailure.init)
        guard case let .array(list) = root else {
            throw RecordingFailure("\(source): (top level)", "expected an array of actions, got \(root.kindName)")
        }
        var actions: [RecordedAction] = []
        var offset = 0.0
        for (k, item) in list.enumerated() {
            let action = try RecordingObject(item, file: source, path: "[\(k)]")
            var last = 0.0
            for (j, v) in try action.array("ops").enumerated() {
                let op = try RecordingObject(v, file: source, path: "[\(k)].ops[\(j)]")
                let type = try op.string("type")
                let time = try op.number("time")
                last = max(last, time)
                if skipped.contains(type) { continue }
                let kind: RecordedAction.Kind
                switch type {
                case "mousedown": kind = .down(id: 1, x: try op.number("x"), y: try op.number("y"), pointer: .mouse)
                case "mousemove": kind = .move(id: 1, x: try op.number("x"), y: try op.number("y"), pressed: false)
                case "mouseup": kind = .up(id: 1, x: try op.number("x"), y: try op.number("y"))
                case "mousewheel": kind = .wheel(x: try op.number("x"), y: try op.number("y"), deltaX: 0, deltaY: try op.number("deltaY"))
                default:
                    throw op.fail("type", "unknown op \"\(type)\" (expected mousedown, mousemove, mouseup, mousewheel, or the recorder's screenshot, screenshot-auto, valuechange)")
                }
                let ms = offset + time
                if let previous = actions.last, ms < previous.milliseconds {
                    throw op.fail("time", "time goes back: \(time) ms is before the previous op's")
                }
                actions.append(RecordedAction(milliseconds: ms, kind: kind, location: op.location()))
            }
            offset += last
        }
        return RecordedInput(layout: nil, actions: actions, origin: 0)
    }
}
