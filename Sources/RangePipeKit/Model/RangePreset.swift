/// A range-selector button (Highcharts' `rangeSelector.buttons`,
/// TradingView's date-range bar): a window ending at the series' last x
/// and reaching back by calendar arithmetic (`RangePreset+Calendar`).
/// The raw values are the script's names, in the order the buttons show.
public enum RangePreset: String, Sendable, CaseIterable {
    case oneDay = "1D"
    case fiveDays = "5D"
    case oneMonth = "1M"
    case threeMonths = "3M"
    case sixMonths = "6M"
    case yearToDate = "YTD"
    case oneYear = "1Y"
    case fiveYears = "5Y"
    case all

    /// How far back a preset reaches from the window's right edge.
    public enum Reach: Sendable, Equatable {
        /// Calendar days: the same wall-clock time n dates earlier.
        case days(Int)
        /// Calendar months, the day clamped to the month's end (years are 12 months).
        case months(Int)
        /// Back to January 1, 00:00, of the right edge's year.
        case yearToDate
        /// The whole bounds.
        case all
    }

    /// This preset's reach.
    public var reach: Reach {
        switch self {
        case .oneDay: return .days(1)
        case .fiveDays: return .days(5)
        case .oneMonth: return .months(1)
        case .threeMonths: return .months(3)
        case .sixMonths: return .months(6)
        case .yearToDate: return .yearToDate
        case .oneYear: return .months(12)
        case .fiveYears: return .months(60)
        case .all: return .all
        }
    }
}
