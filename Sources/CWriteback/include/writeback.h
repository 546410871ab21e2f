#ifndef RANGEPIPE_WRITEBACK_H
#define RANGEPIPE_WRITEBACK_H

/// Starts writing the file's dirty pages in [offset, offset + length) to
/// the disk without waiting for them (Linux `sync_file_range` with
/// `SYNC_FILE_RANGE_WRITE`), so that the `fsync` that ends an output has
/// less left to do. A hint: 0 where it started, -1 (errno set) where it
/// could not, and 0 where the system has no such call.
int rangepipe_start_writeback(int fd, long long offset, long long length);

#endif
