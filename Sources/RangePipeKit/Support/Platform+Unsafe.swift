#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The platform calls that pass memory: the only place Support hands
/// pointers to C. Each takes Swift-owned bytes and keeps the pointer inside.
extension Platform {
    /// `write(2)` of `bytes`: the count written, or −1 with `errno` set.
    static func write(_ fd: Descriptor, _ bytes: ArraySlice<UInt8>) -> Int {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            #if canImport(Darwin)
            return Darwin.write(fd, base, buffer.count)
            #else
            return Glibc.write(fd, base, buffer.count)
            #endif
        }
    }

    /// `write(2)` of a string's UTF-8, ignoring the result (diagnostics
    /// with nowhere left to report a failure).
    static func writeIgnoringErrors(_ fd: Descriptor, _ text: String) {
        var text = text
        text.withUTF8 { buffer in
            guard let base = buffer.baseAddress else { return }
            #if canImport(Darwin)
            _ = Darwin.write(fd, base, buffer.count)
            #else
            _ = Glibc.write(fd, base, buffer.count)
            #endif
        }
    }

    /// `read(2)` into `bytes`, from its start: the count read, 0 at the
    /// end, or −1 with `errno` set.
    static func read(_ fd: Descriptor, into bytes: inout [UInt8]) -> Int {
        bytes.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            #if canImport(Darwin)
            return Darwin.read(fd, base, buffer.count)
            #else
            return Glibc.read(fd, base, buffer.count)
            #endif
        }
    }
}

// MARK: Mapped files

extension Platform {
    /// A read-only mapping from `mapReadOnly`: its bytes, each read
    /// checked against its size.
    struct Mapping {
        /// The mapped bytes (for the `+Unsafe` readers that parse in place).
        let bytes: UnsafeRawBufferPointer

        /// The mapping's size in bytes.
        var count: Int { bytes.count }

        /// The byte at `index`.
        subscript(_ index: Int) -> UInt8 {
            precondition(index >= 0 && index < bytes.count, "byte index out of range")
            return bytes[index]
        }

        /// `madvise(MADV_DONTNEED)` over `range` (which starts on a page
        /// boundary): its pages leave this process's memory; touched again,
        /// they are read from the file as they were.
        func release(_ range: Range<Int>) {
            precondition(range.lowerBound >= 0 && range.upperBound <= bytes.count, "range out of the mapping")
            guard let base = bytes.baseAddress, !range.isEmpty else { return }
            _ = madvise(UnsafeMutableRawPointer(mutating: base + range.lowerBound), range.count, MADV_DONTNEED)
        }

        /// `munmap(2)`; the mapping is not used again.
        func unmap() {
            guard let base = bytes.baseAddress else { return }
            _ = munmap(UnsafeMutableRawPointer(mutating: base), bytes.count)
        }
    }

    /// `mmap(2)` of the first `size` bytes of `fd`, read-only and private,
    /// advised for one sequential pass (`MADV_SEQUENTIAL`: the kernel reads
    /// ahead and may drop pages behind); nil if it cannot be mapped.
    static func mapReadOnly(_ fd: Descriptor, size: Int) -> Mapping? {
        guard size > 0, let base = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0),
              base != UnsafeMutableRawPointer(bitPattern: -1) else { return nil }
        _ = madvise(base, size, MADV_SEQUENTIAL)
        return Mapping(bytes: UnsafeRawBufferPointer(start: base, count: size))
    }

    /// `pread(2)` of up to `count` bytes at file offset `offset` into
    /// `bytes` from its start: the count read, 0 at the end, or −1 with
    /// `errno` set.
    static func read(_ fd: Descriptor, into bytes: inout [UInt8], count: Int, at offset: Int) -> Int {
        bytes.withUnsafeMutableBytes { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            return pread(fd, base, min(count, buffer.count), off_t(offset))
        }
    }
}

// MARK: Threads and locks

extension Platform {
    /// A thread started by `startThread`, joined once with `join`.
    struct Thread {
        fileprivate let id: pthread_t
    }

    /// The address space a thread from `startThread` reserves for its
    /// stack (the default attributes': glibc takes `ulimit -s`), for
    /// memory plans under `ulimit -v`, where reserved space counts.
    static var threadStackBytes: Int {
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return 8 << 20 }
        defer { pthread_attr_destroy(&attributes) }
        var size = 0
        guard pthread_attr_getstacksize(&attributes, &size) == 0, size > 0 else { return 8 << 20 }
        return size + (64 << 10)  // and its guard page, rounded up
    }

    /// Runs `body` on a new thread; nil (and `body` not run) if none can be
    /// made.
    static func startThread(_ body: @escaping () -> Void) -> Thread? {
        let context = Unmanaged.passRetained(ThreadEntry(body)).toOpaque()
        #if canImport(Darwin)
        var id: pthread_t? = nil
        if pthread_create(&id, nil, threadMain, context) == 0, let id { return Thread(id: id) }
        #else
        var id = pthread_t()
        if pthread_create(&id, nil, threadMain, context) == 0 { return Thread(id: id) }
        #endif
        Unmanaged<ThreadEntry>.fromOpaque(context).release()
        return nil
    }

    /// Waits for a thread from `startThread` to finish.
    static func join(_ thread: Thread) {
        pthread_join(thread.id, nil)
    }

    /// A mutual-exclusion lock over `pthread_mutex_t`: `Synchronization.Mutex`
    /// needs macOS 15 and Foundation's `NSLock` all of Foundation.
    ///
    /// `@unchecked Sendable`: its only state is the mutex, allocated once
    /// (so its address never moves, as pthreads requires) and only used
    /// through `pthread_mutex_lock`/`unlock`, which are thread-safe.
    final class Mutex: @unchecked Sendable {
        fileprivate let mutex: UnsafeMutablePointer<pthread_mutex_t>

        init() {
            mutex = .allocate(capacity: 1)
            mutex.initialize(to: pthread_mutex_t())
            pthread_mutex_init(mutex, nil)
        }

        deinit {
            pthread_mutex_destroy(mutex)
            mutex.deallocate()
        }

        /// Runs `body` holding the lock.
        func withLock<T>(_ body: () throws -> T) rethrows -> T {
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body()
        }
    }
}

extension Platform {
    /// A `Mutex` with a condition variable (`pthread_cond_t`): threads wait
    /// inside `withLock` until another changes the state it guards and
    /// broadcasts.
    ///
    /// `@unchecked Sendable`: its only state is the mutex (itself sound, see
    /// `Mutex`) and the condition, allocated once (so its address never
    /// moves, as pthreads requires) and only used through pthread calls,
    /// which are thread-safe.
    final class Condition: @unchecked Sendable {
        private let lock = Mutex()
        private let condition: UnsafeMutablePointer<pthread_cond_t>

        init() {
            condition = .allocate(capacity: 1)
            condition.initialize(to: pthread_cond_t())
            pthread_cond_init(condition, nil)
        }

        deinit {
            pthread_cond_destroy(condition)
            condition.deallocate()
        }

        /// Runs `body` holding the lock.
        func withLock<T>(_ body: () throws -> T) rethrows -> T {
            try lock.withLock(body)
        }

        /// Inside `withLock` only: releases the lock until a `broadcast`
        /// (or spuriously), then holds it again. Callers wait in a loop
        /// over the state they need.
        func wait() { pthread_cond_wait(condition, lock.mutex) }

        /// Wakes every thread in `wait`; call it holding the lock.
        func broadcast() { pthread_cond_broadcast(condition) }
    }
}

/// The body of a thread on its way to it through pthread's `void *`.
///
/// `@unchecked Sendable`: the starting thread hands the entry over (retained
/// once) and never touches it again; only the new thread calls `run`, once,
/// and releases it. So `run` is never shared between threads.
private final class ThreadEntry: @unchecked Sendable {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}

#if canImport(Darwin)
private func threadMain(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
    Unmanaged<ThreadEntry>.fromOpaque(context).takeRetainedValue().run()
    return nil
}
#else
private func threadMain(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
    Unmanaged<ThreadEntry>.fromOpaque(context!).takeRetainedValue().run()
    return nil
}
#endif

// MARK: Links

extension Platform {
    /// `readlink(2)`: the text of the symbolic link at `path`, or nil when
    /// it is not a link or cannot be read.
    static func linkTarget(_ path: String) -> String? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { bytes in
            readlink(path, bytes.baseAddress!.assumingMemoryBound(to: CChar.self), bytes.count)
        }
        guard count > 0, count < buffer.count else { return nil }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }
}
