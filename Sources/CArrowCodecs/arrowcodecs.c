// Arrow's two buffer codecs (format/Message.fbs, BodyCompression), through
// Debian's liblz4 and libzstd.
#include "arrowcodecs.h"
#include <lz4frame.h>
#include <zstd.h>

static long long lz4_frame(const void *src, size_t count, void *dst, size_t capacity) {
    LZ4F_dctx *context = NULL;
    if (LZ4F_isError(LZ4F_createDecompressionContext(&context, LZ4F_VERSION))) return -1;
    size_t written = 0, read = 0;
    long long result = -1;
    for (;;) {
        size_t out = capacity - written, in = count - read;
        size_t hint = LZ4F_decompress(context, (char *)dst + written, &out, (const char *)src + read, &in, NULL);
        if (LZ4F_isError(hint)) break;
        written += out;
        read += in;
        if (hint == 0) {  // a frame ended: Arrow writes one per buffer
            result = read == count ? (long long)written : -1;
            break;
        }
        if (in == 0 && out == 0) break;  // no progress: input ends inside the frame, or output is full
    }
    LZ4F_freeDecompressionContext(context);
    return result;
}

long long rangepipe_arrow_decompress(int codec, const void *src, size_t count, void *dst, size_t capacity) {
    if (codec == 0) return lz4_frame(src, count, dst, capacity);
    if (codec == 1) {
        size_t n = ZSTD_decompress(dst, capacity, src, count);
        return ZSTD_isError(n) ? -1 : (long long)n;
    }
    return -2;
}
