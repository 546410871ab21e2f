// sync_file_range is a GNU extension, which Swift's Glibc module does not
// declare; this file is its one caller.
#define _GNU_SOURCE
#include <fcntl.h>
#include "writeback.h"

int rangepipe_start_writeback(int fd, long long offset, long long length) {
#if defined(__linux__)
    return sync_file_range(fd, (off_t)offset, (off_t)length, SYNC_FILE_RANGE_WRITE);
#else
    (void)fd; (void)offset; (void)length;
    return 0;
#endif
}
