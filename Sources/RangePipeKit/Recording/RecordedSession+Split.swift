extension RecordedSession {
    /// Cuts a recording into raw pointer events, located with `layout`.
    ///
    /// - A down is assigned to the area containing it; its pointer's moves
    ///   and up stay relative to that area (as the script format says). A
    ///   pointer that goes down outside every area is left out with its
    ///   moves and up (counted in `droppedContacts`).
    /// - A contact runs from a down while no pointer is down to the up that
    ///   leaves none down; a cancel ends a pointer where it last was.
    /// - Wheel turns outside every area, and during a contact, are left out
    ///   (a script's wheel cannot turn while a pointer is down); the others
    ///   form runs of consecutive turns in one area at one x.
    /// - Throws: a located failure for a down of a pointer already down, a
    ///   move that claims a press that never went down, an up of a pointer
    ///   that is not down, and a pointer still down at the end.
    /// - Complexity: O(n) in the inputs.
    init(input: RecordedInput, layout: RecordingLayout) throws(RecordingFailure) {
        var cutter = Cutter(layout: layout)
        for action in input.actions { try cutter.take(action) }
        try cutter.finish()
        self.init(layout: layout, events: cutter.events, origin: input.origin, droppedContacts: cutter.dropped.count + cutter.droppedEarlier)
    }

    /// The pointers down so far and the event being built.
    struct Cutter {
        let layout: RecordingLayout
        var events: [RecordedEvent] = []
        /// Pointers down in an area: the area, their last area point, and
        /// where they went down (for the still-down error).
        var down = ContactTracker<(area: ChartArea, x: Double, y: Double, location: String)>()
        /// Pointers down outside every area.
        var dropped: Set<Int> = []
        var droppedEarlier = 0
        var contact: [RecordedSample] = []
        var wheelRun: [RecordedSample] = []

        mutating func take(_ action: RecordedAction) throws(RecordingFailure) {
            let t = action.milliseconds
            switch action.kind {
            case let .down(id, x, y, pointer):
                guard !down.isDown(id), !dropped.contains(id) else {
                    throw RecordingFailure(action.location, "pointer \(id) goes down while it is already down")
                }
                guard let area = layout.area(x: x, y: y), let rect = layout.rect(area) else {
                    dropped.insert(id)
                    return
                }
                closeWheelRun()
                let (ax, ay) = (x - rect.left, y - rect.top)
                _ = down.press(id, (area, ax, ay, action.location))
                contact.append(RecordedSample(milliseconds: t, kind: .down(id: id, pointer: pointer), x: ax, y: ay, area: area, shift: action.shift))
            case let .move(id, x, y, pressed):
                if let p = down[id], let rect = layout.rect(p.area) {
                    let (ax, ay) = (x - rect.left, y - rect.top)
                    down[id] = (p.area, ax, ay, p.location)
                    contact.append(RecordedSample(milliseconds: t, kind: .move(id: id), x: ax, y: ay, area: p.area, shift: action.shift))
                } else if pressed, !dropped.contains(id) {
                    throw RecordingFailure(action.location, "pointer \(id) moves with a button pressed but never went down")
                }
            case let .up(id, x, y):
                if let (p, endsContact) = down.lift(id), let rect = layout.rect(p.area) {
                    let ax = x.map { $0 - rect.left } ?? p.x, ay = y.map { $0 - rect.top } ?? p.y
                    contact.append(RecordedSample(milliseconds: t, kind: .up(id: id), x: ax, y: ay, area: p.area, shift: action.shift))
                    if endsContact {
                        events.append(RecordedEvent(samples: contact))
                        contact = []
                    }
                } else if dropped.remove(id) != nil {
                    droppedEarlier += 1
                } else {
                    throw RecordingFailure(action.location, "pointer \(id) goes up but is not down")
                }
            case let .wheel(x, y, deltaX, deltaY):
                guard down.isEmpty, let area = layout.area(x: x, y: y), let rect = layout.rect(area) else { return }
                let (ax, ay) = (x - rect.left, y - rect.top)
                if let first = wheelRun.first, first.area != area || first.x != ax { closeWheelRun() }
                wheelRun.append(RecordedSample(milliseconds: t, kind: .wheel(deltaX: deltaX, deltaY: deltaY), x: ax, y: ay, area: area, shift: action.shift))
            }
        }

        mutating func closeWheelRun() {
            guard !wheelRun.isEmpty else { return }
            events.append(RecordedEvent(samples: wheelRun))
            wheelRun = []
        }

        mutating func finish() throws(RecordingFailure) {
            if let (id, p) = down.earliest {
                throw RecordingFailure(p.location, "pointer \(id) is still down at the end of the recording")
            }
            closeWheelRun()
        }
    }
}
