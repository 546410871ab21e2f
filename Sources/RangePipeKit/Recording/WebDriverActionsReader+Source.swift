extension WebDriverActionsReader {
    /// One input source of the actions body and its action list.
    struct InputSource {
        enum SourceType: String, CaseIterable {
            case pointer, wheel, key, none
        }

        let type: SourceType
        let id: String
        /// A pointer source's `parameters.pointerType` (default mouse).
        let pointer: RecordedPointerKind
        let actions: [RecordingObject]
        let file: String
        let path: String

        init(_ value: JSONValue, file: String, path: String) throws(RecordingFailure) {
            let o = try RecordingObject(value, file: file, path: path)
            let name = try o.string("type")
            guard let type = SourceType(rawValue: name) else {
                throw o.fail("type", "unknown input source type \"\(name)\" (expected pointer, wheel, key or none)")
            }
            self.type = type
            id = try o.string("id")
            if type == .pointer, let p = o.value("parameters"), p != .null {
                pointer = try RecordingObject(p, file: file, path: o.child("parameters")).pointerKind("pointerType")
            } else {
                pointer = .mouse
            }
            self.file = file
            self.path = path
            actions = try o.array("actions").enumerated().map { (k, v) throws(RecordingFailure) in
                try RecordingObject(v, file: file, path: "\(path).actions[\(k)]")
            }
        }

        func location(_ key: String) -> String { RecordingObject.location(file, RecordingObject.child(path, key)) }
        func location(_ tick: Int) -> String { actions[tick].location() }

        /// The action's explicit duration (ms), nil when it has none.
        func duration(_ tick: Int) throws(RecordingFailure) -> Double? {
            let a = actions[tick]
            switch try a.string("type") {
            case "pause", "pointerMove", "scroll": return try a.duration("duration")
            default: return nil
            }
        }

        /// What a tick's action does to the page: nil for pauses and keys.
        func perform(_ tick: Int, state: inout SourceState) throws(RecordingFailure) -> (action: RecordedAction.Kind, endsAfterDuration: Bool)? {
            let a = actions[tick]
            let name = try a.string("type")
            if name == "pause" { return nil }
            // One switch per source type, exhaustive over the types; only
            // unknown action names (strings) fall to the error.
            switch type {
            case .key:
                guard name == "keyDown" || name == "keyUp" else { break }
                // Shift's state is the reader's (shiftChange), read before
                // the tick's other actions.
                return nil
            case .pointer:
                switch name {
                case "pointerDown":
                    guard !state.down else { throw a.fail("type", "pointerDown while pointer \"\(id)\" is already down") }
                    state.down = true
                    return (.down(id: state.pointerID, x: state.x, y: state.y, pointer: pointer), false)
                case "pointerUp", "pointerCancel":
                    guard state.down else { throw a.fail("type", "\(name) with pointer \"\(id)\" not down") }
                    state.down = false
                    return (.up(id: state.pointerID, x: state.x, y: state.y), false)
                case "pointerMove":
                    let (x, y) = try target(a, pointer: (state.x, state.y), allowPointerOrigin: true)
                    state.x = x
                    state.y = y
                    return (.move(id: state.pointerID, x: x, y: y, pressed: false), true)
                default:
                    break
                }
            case .wheel:
                guard name == "scroll" else { break }
                let (x, y) = try target(a, pointer: nil, allowPointerOrigin: false)
                return (.wheel(x: x, y: y, deltaX: try a.optionalNumber("deltaX") ?? 0, deltaY: try a.number("deltaY")), true)
            case .none:
                break
            }
            throw a.fail("type", "unknown action \"\(name)\" for a \(type.rawValue) source (expected \(Self.names(type)))")
        }

        /// The WebDriver key values of the two shift keys (Shift, R_Shift).
        static let shiftKeys: Set<String> = ["\u{E008}", "\u{E050}"]

        /// A key source's tick that presses (true) or releases (false) a
        /// shift key; nil for anything else.
        func shiftChange(_ tick: Int) throws(RecordingFailure) -> Bool? {
            guard type == .key else { return nil }
            let a = actions[tick]
            let name = try a.string("type")
            guard name == "keyDown" || name == "keyUp", let key = try a.optionalString("value"), Self.shiftKeys.contains(key) else { return nil }
            return name == "keyDown"
        }

        static func names(_ type: SourceType) -> String {
            switch type {
            case .pointer: return "pause, pointerDown, pointerUp, pointerMove or pointerCancel"
            case .wheel: return "pause or scroll"
            case .key: return "pause, keyDown or keyUp"
            case .none: return "pause"
            }
        }

        /// A move's or scroll's client point from `x`, `y` and `origin`.
        func target(_ a: RecordingObject, pointer: (Double, Double)?, allowPointerOrigin: Bool) throws(RecordingFailure) -> (Double, Double) {
            let x = try a.number("x"), y = try a.number("y")
            guard let origin = a.value("origin"), origin != .null else { return (x, y) }
            switch origin {
            case .string("viewport"):
                return (x, y)
            case .string("pointer") where allowPointerOrigin:
                let (px, py) = pointer ?? (0, 0)
                return (px + x, py + y)
            case .object:
                throw a.fail("origin", "an element origin cannot be resolved without the page; record with origin \"viewport\"")
            default:
                throw a.fail("origin", "expected \(allowPointerOrigin ? "\"viewport\" or \"pointer\"" : "\"viewport\"")")
            }
        }
    }
}
