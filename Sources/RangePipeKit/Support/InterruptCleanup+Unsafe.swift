#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Files removed if SIGINT, SIGTERM or SIGHUP ends the process: the
/// temporary names of outputs and store builds still being written, so an
/// interrupted run leaves nothing behind (SIGKILL cannot be caught; the
/// next run to the same path removes what a killed one left, see
/// `AtomicFile.removeAbandoned`).
///
/// The handler only calls `unlink`, `signal` and `raise`, which are
/// async-signal-safe, on C strings made before it was installed; after
/// removing the files it restores the default action and raises the signal
/// again, so the process still ends as the signal says (exit 130 for ^C).
enum InterruptCleanup {
    /// How many paths can be registered at once (an output, a store build
    /// and its two companions, with room to spare).
    static let capacity = 16

    /// A registered path, to unregister it by.
    struct Token: Sendable, Equatable {
        fileprivate let slot: Int
    }

    private static let lock = Platform.Mutex()

    /// Registers `path` for removal on an interrupt; nil when all slots are
    /// taken (the path then survives an interrupt, as before).
    static func register(_ path: String) -> Token? {
        lock.withLock {
            installHandlersOnce()
            for slot in 0..<capacity where cleanupSlots[slot] == nil {
                cleanupSlots[slot] = strdup(path)
                return Token(slot: slot)
            }
            return nil
        }
    }

    /// Forgets a path (it was renamed into place or removed).
    static func unregister(_ token: Token?) {
        guard let token else { return }
        lock.withLock {
            let copy = cleanupSlots[token.slot]
            cleanupSlots[token.slot] = nil
            free(copy)
        }
    }

    private static func installHandlersOnce() {
        guard !cleanupHandlersInstalled else { return }
        cleanupHandlersInstalled = true
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number, removeRegisteredAndReraise)
        }
    }
}

/// The registered paths (C strings owned here; nil for a free slot).
/// `nonisolated(unsafe)`: written only under `InterruptCleanup.lock`, read
/// by the signal handler, which only passes the strings to `unlink`.
private nonisolated(unsafe) let cleanupSlots: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
    let slots = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: InterruptCleanup.capacity)
    slots.initialize(repeating: nil, count: InterruptCleanup.capacity)
    return slots
}()

/// Set once, under `InterruptCleanup.lock`.
private nonisolated(unsafe) var cleanupHandlersInstalled = false

extension InterruptCleanup {
    /// Makes a bus error, which is how a mapped file that another process
    /// shortened shows itself, end the process with one line naming `path`
    /// and exit 74 (after removing the registered files) instead of dying
    /// of SIGBUS. The latest call's path is the one named.
    static func reportBusErrors(reading path: String) {
        let message = strdup("rangepipe: error: \(path): I/O error: the file changed while it was read (shortened by another process?)\n")
        lock.withLock {
            let old = busErrorMessage
            busErrorMessage = message
            free(old)
            if !busHandlerInstalled {
                busHandlerInstalled = true
                signal(SIGBUS, reportBusErrorAndExit)
            }
        }
    }
}

/// The line written on a bus error; set under `InterruptCleanup.lock`.
private nonisolated(unsafe) var busErrorMessage: UnsafeMutablePointer<CChar>?
private nonisolated(unsafe) var busHandlerInstalled = false

private func reportBusErrorAndExit(_ number: Int32) {
    if let message = busErrorMessage { _ = write(2, message, strlen(message)) }
    for slot in 0..<InterruptCleanup.capacity {
        if let path = cleanupSlots[slot] { unlink(path) }
    }
    _exit(74)
}

extension InterruptCleanup {
    /// Makes the slots exist before memory can run out, so that removing
    /// them then allocates nothing.
    static func prepareForOutOfMemory() {
        _ = cleanupSlots
    }

    /// Removes every registered file (`MemoryGuard`, when memory ran
    /// out); calls only `unlink`, so it allocates nothing.
    static func removeRegisteredFiles() {
        for slot in 0..<capacity {
            if let path = cleanupSlots[slot] { unlink(path) }
        }
    }
}

private func removeRegisteredAndReraise(_ number: Int32) {
    for slot in 0..<InterruptCleanup.capacity {
        if let path = cleanupSlots[slot] { unlink(path) }
    }
    signal(number, SIG_DFL)
    raise(number)
}
