#ifndef RANGEPIPE_MEMORYGUARD_H
#define RANGEPIPE_MEMORYGUARD_H
#include <stddef.h>

/// Called once, on the thread whose allocation failed, after the
/// out-of-memory line is written and before the process exits: removes
/// the temporary files of outputs still being written. It must not
/// allocate.
typedef void (*rangepipe_oom_cleanup)(void);

/// Arms the guard: from now on a failed malloc, calloc, realloc or aligned
/// allocation of a non-zero size (the heap is full, or `ulimit -v` is
/// reached) does not return NULL to its caller, which in Swift is a
/// `Fatal error`, SIGABRT and a backtrace; instead it writes one line,
/// `rangepipe: error: SUBJECT: out of memory: ...`, runs `cleanup` and
/// exits with `status`.
void rangepipe_memory_guard_arm(rangepipe_oom_cleanup cleanup, int status);

/// The file the out-of-memory line names (the input being read or the
/// output being written); copied into a fixed buffer, so that reporting
/// needs no allocation. NULL or "" names none.
void rangepipe_memory_guard_subject(const char *path);

/// What a failure of `bytes` would print, into `out` (at most `capacity`
/// bytes, NUL-terminated): for the tests of the message's form.
size_t rangepipe_memory_guard_message(size_t bytes, char *out, size_t capacity);

#endif
