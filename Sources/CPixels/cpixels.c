#include "cpixels.h"

/* BT.709 limited range in 1/65536: luma coefficients · 219/255 (+16),
 * chroma coefficients · 224/255 (+128). The chroma sums are over four
 * pixels, hence the shift by 18; every intermediate fits in int32. */
static inline uint8_t clamp_chroma(int32_t v) {
    v = (v + (128 << 18) + (1 << 17)) >> 18;
    return (uint8_t)(v < 16 ? 16 : v > 240 ? 240 : v);
}

static inline int32_t luma(const uint8_t *p) {
    return (11966 * p[2] + 40254 * p[1] + 4064 * p[0] + (16 << 16) + (1 << 15)) >> 16;
}

void rangepipe_bgr0_to_yuv420p(const uint8_t *src, size_t stride, int width, int height, uint8_t *out) {
    uint8_t *y = out, *cb = out + (size_t)width * height, *cr = cb + (size_t)width * height / 4;
    for (int row = 0; row < height; row++) {
        const uint8_t *s = src + (size_t)row * stride;
        uint8_t *d = y + (size_t)row * width;
        for (int x = 0; x < width; x++) d[x] = (uint8_t)luma(s + 4 * x);
    }
    int cw = width / 2;
    for (int row = 0; row < height / 2; row++) {
        const uint8_t *a = src + (size_t)(2 * row) * stride, *b = a + stride;
        uint8_t *u = cb + (size_t)row * cw, *v = cr + (size_t)row * cw;
        for (int x = 0; x < cw; x++) {
            const uint8_t *p = a + 8 * x, *q = b + 8 * x;
            int32_t r = p[2] + p[6] + q[2] + q[6];
            int32_t g = p[1] + p[5] + q[1] + q[5];
            int32_t bl = p[0] + p[4] + q[0] + q[4];
            u[x] = clamp_chroma(-6596 * r - 22189 * g + 28785 * bl);
            v[x] = clamp_chroma(28785 * r - 26145 * g - 2639 * bl);
        }
    }
}
