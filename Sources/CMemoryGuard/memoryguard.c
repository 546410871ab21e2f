// The process's allocation entry points, wrapped so that running out of
// memory ends rangepipe with one line and its own exit status instead of a
// crash. Allocation failure cannot be caught in Swift: the runtime treats a
// NULL from malloc as fatal. Defining malloc & co. in the executable
// interposes them for every library it loads (the Swift runtime, sqlite,
// zlib, cairo), and each one forwards to glibc's own allocator.
//
// The definitions are weak so that a sanitizer runtime's allocator, when
// one is linked (the fuzz targets), takes precedence without a clash.
#define _GNU_SOURCE
#include "memoryguard.h"
#include <errno.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

static _Atomic(rangepipe_oom_cleanup) guard_cleanup = NULL;
static atomic_int guard_armed = 0;
static atomic_int guard_status = 71;
static atomic_flag guard_reporting = ATOMIC_FLAG_INIT;
static char guard_subject[4096];

void rangepipe_memory_guard_arm(rangepipe_oom_cleanup cleanup, int status) {
    atomic_store(&guard_cleanup, cleanup);
    atomic_store(&guard_status, status);
    atomic_store(&guard_armed, 1);
}

void rangepipe_memory_guard_subject(const char *path) {
    // A racing report may read a half-copied name; it is only a message.
    size_t length = path ? strnlen(path, sizeof guard_subject - 1) : 0;
    if (length) memcpy(guard_subject, path, length);
    guard_subject[length] = 0;
}

// Appends `text` to `out`, keeping room for the NUL.
static size_t append(char *out, size_t used, size_t capacity, const char *text) {
    while (*text && used + 1 < capacity) out[used++] = *text++;
    return used;
}

// Appends `value` as a size: bytes below 10 KiB, then whole KiB, MiB or GiB.
static size_t append_size(char *out, size_t used, size_t capacity, uint64_t value) {
    const char *unit = " bytes";
    if (value >= (10ull << 30)) { value >>= 30; unit = " GiB"; }
    else if (value >= (10ull << 20)) { value >>= 20; unit = " MiB"; }
    else if (value >= (10ull << 10)) { value >>= 10; unit = " KiB"; }
    char digits[24];
    int count = 0;
    do { digits[count++] = (char)('0' + value % 10); value /= 10; } while (value);
    while (count && used + 1 < capacity) out[used++] = digits[--count];
    return append(out, used, capacity, unit);
}

size_t rangepipe_memory_guard_message(size_t bytes, char *out, size_t capacity) {
    if (capacity == 0) return 0;
    size_t used = append(out, 0, capacity, "rangepipe: error: ");
    if (guard_subject[0]) {
        used = append(out, used, capacity, guard_subject);
        used = append(out, used, capacity, ": ");
    }
    used = append(out, used, capacity, "out of memory: could not allocate ");
    used = append_size(out, used, capacity, bytes);
    struct rlimit limit;
    if (getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY) {
        used = append(out, used, capacity, " (address-space limit ");
        used = append_size(out, used, capacity, limit.rlim_cur);
        used = append(out, used, capacity, ", ulimit -v)");
    }
    used = append(out, used, capacity, "\n");
    out[used] = 0;
    return used;
}

// Reports a failed allocation of `bytes` and exits; returns only when the
// guard is not armed (the library inside the tests), leaving NULL to the caller.
static void out_of_memory(size_t bytes) {
    if (!atomic_load(&guard_armed)) return;
    if (atomic_flag_test_and_set(&guard_reporting)) {
        // Another thread is reporting; it exits the process.
        for (;;) pause();
    }
    char line[sizeof guard_subject + 256];
    size_t length = rangepipe_memory_guard_message(bytes, line, sizeof line);
    rangepipe_oom_cleanup cleanup = atomic_load(&guard_cleanup);
    if (cleanup) cleanup();
    ssize_t ignored = write(2, line, length);
    (void)ignored;
    _exit(atomic_load(&guard_status));
}

extern void *__libc_malloc(size_t);
extern void *__libc_calloc(size_t, size_t);
extern void *__libc_realloc(void *, size_t);
extern void *__libc_memalign(size_t, size_t);

#if defined(__linux__) && defined(__GLIBC__)
__attribute__((weak)) void *malloc(size_t bytes) {
    void *pointer = __libc_malloc(bytes);
    if (!pointer && bytes) out_of_memory(bytes);
    return pointer;
}

__attribute__((weak)) void *calloc(size_t count, size_t size) {
    void *pointer = __libc_calloc(count, size);
    size_t bytes;
    if (__builtin_mul_overflow(count, size, &bytes)) return pointer;  // a caller's bad request, not memory
    if (!pointer && bytes) out_of_memory(bytes);
    return pointer;
}

__attribute__((weak)) void *realloc(void *old, size_t bytes) {
    void *pointer = __libc_realloc(old, bytes);
    if (!pointer && bytes) out_of_memory(bytes);
    return pointer;
}

__attribute__((weak)) void *memalign(size_t alignment, size_t bytes) {
    void *pointer = __libc_memalign(alignment, bytes);
    if (!pointer && bytes && errno == ENOMEM) out_of_memory(bytes);
    return pointer;
}

__attribute__((weak)) void *aligned_alloc(size_t alignment, size_t bytes) {
    return memalign(alignment, bytes);
}

__attribute__((weak)) int posix_memalign(void **out, size_t alignment, size_t bytes) {
    if (alignment % sizeof(void *) != 0 || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *pointer = memalign(alignment, bytes);
    if (!pointer) return ENOMEM;
    *out = pointer;
    return 0;
}
#endif
