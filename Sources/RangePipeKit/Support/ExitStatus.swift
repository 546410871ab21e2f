/// The process exit codes rangepipe uses (sysexits.h), as SPEC section 1 fixes them.
public enum ExitStatus: Int32, Sendable {
    case success = 0
    /// `play --on-series-error skip` left out at least one series; every
    /// other series was written in full.
    case seriesSkipped = 3
    /// Bad usage: unknown option, contradictory options.
    case usage = 64
    /// Bad data or script (`EX_DATAERR`).
    case dataError = 65
    /// An input file is missing or unreadable (`EX_NOINPUT`).
    case noInput = 66
    /// A program rangepipe runs is missing or failed: `render`'s ffmpeg
    /// (`EX_UNAVAILABLE`).
    case unavailable = 69
    /// Out of memory (`EX_OSERR`): an allocation failed, or would exceed
    /// a command's memory budget or the address-space limit (`ulimit -v`).
    /// Not 65: the data is not wrong, the machine's limit is too small for
    /// it, and the same run can succeed with more memory. sysexits keeps 71
    /// for failures of the operating system's resources ("cannot fork").
    case outOfMemory = 71
    /// An output cannot be created (`EX_CANTCREAT`).
    case cannotCreate = 73
    /// An I/O error while reading or writing (`EX_IOERR`).
    case ioError = 74
    /// The store is locked by another writer (`EX_TEMPFAIL`).
    case storeLocked = 75
}
