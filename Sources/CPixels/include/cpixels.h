#ifndef RANGEPIPE_CPIXELS_H
#define RANGEPIPE_CPIXELS_H
#include <stddef.h>
#include <stdint.h>

/// Converts an image of `width` × `height` pixels, 4 bytes each in memory
/// order B, G, R, unused (cairo's RGB24 on a little-endian machine), rows
/// `stride` bytes apart, to one yuv420p frame in `out` (width · height
/// bytes of luma, then Cb and Cr at half width and height): BT.709,
/// limited range, chroma the mean of each 2×2 block. Width and height
/// must be even; `out` holds width · height · 3 / 2 bytes.
///
/// In C rather than Swift because the debug builds the tests run compile
/// Swift without optimisation, where this loop cost 0.16 to 0.6 s a 720p
/// frame; plain C stays within milliseconds there too.
void rangepipe_bgr0_to_yuv420p(const uint8_t *src, size_t stride, int width, int height, uint8_t *out);

#endif
