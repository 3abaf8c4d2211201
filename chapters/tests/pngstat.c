/* pngstat.c - how much of a PNG screenshot is not blank.
 *
 *   pngstat FILE.png   prints "WIDTH HEIGHT NONWHITE DARK TOTAL"
 *
 * NONWHITE counts pixels with any channel below 235 (anything drawn),
 * DARK pixels with all channels below 110 (text strokes). Reads 8-bit
 * RGB/RGBA/grey, non-interlaced PNGs (what Chromium's --screenshot writes);
 * anything else is an error (exit 2), never a silent "blank".
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

static uint32_t be32(const unsigned char *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

static int die(const char *msg)
{
    fprintf(stderr, "pngstat: %s\n", msg);
    return 2;
}

static int paeth(int a, int b, int c)
{
    int p = a + b - c;
    int pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    if (pa <= pb && pa <= pc)
        return a;
    return pb <= pc ? b : c;
}

int main(int argc, char **argv)
{
    if (argc != 2)
        return die("usage: pngstat FILE.png");
    FILE *f = fopen(argv[1], "rb");
    if (!f)
        return die("cannot open file");
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    if (size < 8 + 25)
        return die("file too small");
    unsigned char *buf = malloc((size_t)size);
    if (!buf || fread(buf, 1, (size_t)size, f) != (size_t)size)
        return die("cannot read file");
    fclose(f);
    static const unsigned char sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    if (memcmp(buf, sig, 8) != 0)
        return die("not a PNG");

    uint32_t width = 0, height = 0;
    int channels = 0;
    unsigned char *idat = NULL;
    size_t idat_len = 0;
    long pos = 8;
    while (pos + 12 <= size) {
        uint32_t len = be32(buf + pos);
        const unsigned char *type = buf + pos + 4;
        const unsigned char *data = buf + pos + 8;
        if (pos + 12 + (long)len > size)
            return die("truncated chunk");
        if (memcmp(type, "IHDR", 4) == 0) {
            width = be32(data);
            height = be32(data + 4);
            int depth = data[8], color = data[9], interlace = data[12];
            if (depth != 8 || interlace != 0)
                return die("only 8-bit non-interlaced PNGs are supported");
            channels = color == 2 ? 3 : color == 6 ? 4 : color == 0 ? 1 : color == 4 ? 2 : 0;
            if (!channels)
                return die("unsupported colour type (palette?)");
        } else if (memcmp(type, "IDAT", 4) == 0) {
            unsigned char *grown = realloc(idat, idat_len + len);
            if (!grown)
                return die("out of memory");
            idat = grown;
            memcpy(idat + idat_len, data, len);
            idat_len += len;
        } else if (memcmp(type, "IEND", 4) == 0) {
            break;
        }
        pos += 12 + (long)len;
    }
    if (!width || !height || !idat)
        return die("no image data");

    size_t stride = (size_t)width * (size_t)channels;
    uLongf raw_len = (uLongf)((stride + 1) * height);
    unsigned char *raw = malloc(raw_len);
    if (!raw || uncompress(raw, &raw_len, idat, (uLong)idat_len) != Z_OK ||
        raw_len != (stride + 1) * height)
        return die("bad compressed data");

    unsigned char *prev = calloc(stride, 1), *cur = malloc(stride);
    if (!prev || !cur)
        return die("out of memory");
    unsigned long long nonwhite = 0, dark = 0;
    for (uint32_t y = 0; y < height; y++) {
        const unsigned char *line = raw + (size_t)y * (stride + 1);
        int filter = line[0];
        for (size_t x = 0; x < stride; x++) {
            int a = x >= (size_t)channels ? cur[x - channels] : 0;
            int b = prev[x];
            int c = x >= (size_t)channels ? prev[x - channels] : 0;
            int v = line[1 + x];
            switch (filter) {
            case 0: break;
            case 1: v += a; break;
            case 2: v += b; break;
            case 3: v += (a + b) / 2; break;
            case 4: v += paeth(a, b, c); break;
            default: return die("bad filter type");
            }
            cur[x] = (unsigned char)v;
        }
        for (uint32_t x = 0; x < width; x++) {
            const unsigned char *px = cur + (size_t)x * channels;
            int colour = channels >= 3 ? 3 : 1;
            int any_low = 0, all_dark = 1;
            for (int k = 0; k < colour; k++) {
                if (px[k] < 235)
                    any_low = 1;
                if (px[k] >= 110)
                    all_dark = 0;
            }
            nonwhite += (unsigned long long)any_low;
            dark += (unsigned long long)all_dark;
        }
        unsigned char *t = prev;
        prev = cur;
        cur = t;
    }
    printf("%u %u %llu %llu %llu\n", width, height, nonwhite, dark,
           (unsigned long long)width * height);
    free(buf);
    free(idat);
    free(raw);
    free(prev);
    free(cur);
    return 0;
}
