extension BokehProfile {
    /// The main figure's undo history, BokehJS's `StateManager`
    /// (models/plots/state_manager.ts), as far as the x range goes. Wheel
    /// zoom (every event it handles), box zoom and pan (at its end) push an
    /// entry holding their range object, which `RangeManager.update`
    /// changes in place afterwards (so an entry holds what was applied, or
    /// for a cancelled wheel step the bound-shifted proposal). Double tap
    /// in zoom mode undoes only when the newest entry is a box zoom
    /// (box_zoom_tool.ts `_doubletap`); undoing past the first entry
    /// restores the range of the first paint.
    struct History: Sendable, Equatable {
        enum Kind: Sendable, Equatable {
            case wheelZoom, boxZoom, pan
        }

        struct Entry: Sendable, Equatable {
            let kind: Kind
            /// The x part of the entry's range; nil when its tool changed no x
            /// range (a wheel on the y-axis).
            var range: RangeUpdate.Interval?
        }

        /// The range at the first paint (`initial_state.range`).
        var initial: RangeUpdate.Interval
        private(set) var entries: [Entry] = []
        /// The current entry (−1: none).
        private(set) var index = -1

        init(initial: RangeUpdate.Interval) {
            self.initial = initial
        }

        /// `push`: drops the entries after the current one, appends.
        mutating func push(_ kind: Kind, _ range: RangeUpdate.Interval?) {
            entries.removeSubrange((index + 1)...)
            entries.append(Entry(kind: kind, range: range))
            index = entries.count - 1
        }

        /// `peek()?.type`.
        var newest: Kind? { index >= 0 ? entries[index].kind : nil }

        /// The x range of the newest entry, to be changed in place by the update that follows its push.
        var newestRange: RangeUpdate.Interval? {
            get { index >= 0 ? entries[index].range : nil }
            set { if index >= 0 { entries[index].range = newValue } }
        }

        /// `undo()` when there is something to undo: steps back one entry.
        /// Returns false when there is nothing to undo.
        mutating func stepBack() -> Bool {
            guard index >= 0 else { return false }
            index -= 1
            return true
        }

        /// The range `undo` restores (after `stepBack`): the current entry's,
        /// or the initial one; nil when that entry changed no x range.
        var restored: RangeUpdate.Interval? {
            get { index >= 0 ? entries[index].range : initial }
            set {
                if index >= 0 { entries[index].range = newValue } else if let v = newValue { initial = v }
            }
        }
    }
}
