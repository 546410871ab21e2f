#ifndef RANGEPIPE_ARROWCODECS_H
#define RANGEPIPE_ARROWCODECS_H

#include <stddef.h>

/// Decompresses one Arrow IPC buffer's body (the bytes after its int64
/// uncompressed length) into exactly `capacity` bytes at `dst`. `codec`
/// is Arrow's CompressionType: 0 LZ4 frame, 1 ZSTD. Returns the bytes
/// written (the caller checks they are `capacity`), or -1 when the data
/// is damaged, or -2 for an unknown codec.
long long rangepipe_arrow_decompress(int codec, const void *src, size_t count, void *dst, size_t capacity);

#endif
