/*
 * Renders reference frames of one Lottie file with rlottie, for the Lottie conformance corpus.
 * Built and driven by scripts/lottie-references; see Tests/LottieTests/Corpus/README.md.
 *
 *   lottie-references [--frames K,K,...] INPUT.json OUTDIR [NOTE]
 *
 * Renders frames 0, total/2 and total-1 (rlottie frame numbers, counted from the in-point), or
 * the frames listed after --frames (scripts/lottie-realworld; past the end means total-1), at the
 * animation's own size and writes OUTDIR/NAME-fK.png (NAME = INPUT's base name without ".json")
 * as 8-bit straight-alpha RGBA. Prints the file's manifest entry (one JSON object) on stdout; NOTE,
 * when given and not empty, becomes its "rlottie_issue".
 *
 * rlottie's buffer holds premultiplied ARGB32, one uint32_t 0xAARRGGBB per pixel; it is
 * un-premultiplied here. PNGs are written with libpng, without time stamps, so reruns are
 * byte-identical.
 */
#include <errno.h>
#include <png.h>
#include <rlottie_capi.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int write_png(const char *path, const uint8_t *rgba, size_t width, size_t height) {
    FILE *file = fopen(path, "wb");
    if (!file) {
        fprintf(stderr, "lottie-references: cannot write %s: %s\n", path, strerror(errno));
        return -1;
    }
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!png || !info || setjmp(png_jmpbuf(png))) {
        fprintf(stderr, "lottie-references: libpng failed on %s\n", path);
        png_destroy_write_struct(&png, &info);
        fclose(file);
        return -1;
    }
    png_init_io(png, file);
    png_set_compression_level(png, 9);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGBA,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (size_t y = 0; y < height; y++) png_write_row(png, (png_const_bytep)(rgba + y * width * 4));
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    return fclose(file) == 0 ? 0 : -1;
}

/* Premultiplied 0xAARRGGBB words to straight R, G, B, A bytes (rounded). */
static void unpremultiply(const uint32_t *argb, uint8_t *rgba, size_t count) {
    for (size_t i = 0; i < count; i++) {
        uint32_t px = argb[i];
        unsigned a = px >> 24, r = (px >> 16) & 0xff, g = (px >> 8) & 0xff, b = px & 0xff;
        if (a == 0) {
            r = g = b = 0;
        } else if (a < 255) {
            r = (r * 255 + a / 2) / a;
            g = (g * 255 + a / 2) / a;
            b = (b * 255 + a / 2) / a;
            if (r > 255) r = 255;
            if (g > 255) g = 255;
            if (b > 255) b = 255;
        }
        rgba[4 * i + 0] = (uint8_t)r;
        rgba[4 * i + 1] = (uint8_t)g;
        rgba[4 * i + 2] = (uint8_t)b;
        rgba[4 * i + 3] = (uint8_t)a;
    }
}

static void print_json_string(const char *text) {
    putchar('"');
    for (const unsigned char *c = (const unsigned char *)text; *c; c++) {
        if (*c == '"' || *c == '\\') printf("\\%c", *c);
        else if (*c < 0x20) printf("\\u%04x", *c);
        else putchar(*c);
    }
    putchar('"');
}

#define MAX_FRAMES 64

/* Parses "K,K,..." into frames; returns the count, or -1 when the list is malformed. */
static int parse_frames(const char *list, size_t *frames) {
    int count = 0;
    for (const char *c = list; *c;) {
        char *end;
        unsigned long k = strtoul(c, &end, 10);
        if (end == c || count == MAX_FRAMES || (*end && *end != ',')) return -1;
        frames[count++] = k;
        c = *end ? end + 1 : end;
    }
    return count;
}

int main(int argc, char **argv) {
    size_t frames[MAX_FRAMES];
    int count = 0;
    if (argc > 2 && strcmp(argv[1], "--frames") == 0) {
        count = parse_frames(argv[2], frames);
        argc -= 2;
        argv += 2;
    }
    if (argc < 3 || argc > 4 || count < 0) {
        fprintf(stderr, "usage: lottie-references [--frames K,K,...] INPUT.json OUTDIR [NOTE]\n");
        return 2;
    }
    const char *input = argv[1], *outdir = argv[2], *note = argc == 4 ? argv[3] : "";

    const char *base = strrchr(input, '/');
    base = base ? base + 1 : input;
    char name[512];
    snprintf(name, sizeof name, "%s", base);
    size_t len = strlen(name);
    if (len > 5 && strcmp(name + len - 5, ".json") == 0) name[len - 5] = '\0';

    Lottie_Animation *animation = lottie_animation_from_file(input);
    if (!animation) {
        fprintf(stderr, "lottie-references: rlottie cannot load %s\n", input);
        return 1;
    }
    size_t width = 0, height = 0;
    lottie_animation_get_size(animation, &width, &height);
    size_t total = lottie_animation_get_totalframe(animation);
    if (width == 0 || height == 0 || total == 0) {
        fprintf(stderr, "lottie-references: %s has size %zux%zu and %zu frames\n", input, width, height, total);
        lottie_animation_destroy(animation);
        return 1;
    }
    if (count == 0) {
        frames[0] = 0;
        frames[1] = total / 2;
        frames[2] = total - 1;
        count = 3;
    }
    for (int k = 0; k < count; k++)
        if (frames[k] >= total) frames[k] = total - 1;

    uint32_t *buffer = malloc(width * height * sizeof *buffer);
    uint8_t *rgba = malloc(width * height * 4);
    if (!buffer || !rgba) {
        fprintf(stderr, "lottie-references: out of memory\n");
        return 1;
    }
    for (int k = 0; k < count; k++) {
        memset(buffer, 0, width * height * sizeof *buffer);
        lottie_animation_render(animation, frames[k], buffer, width, height, width * sizeof *buffer);
        unpremultiply(buffer, rgba, width * height);
        char path[1024];
        snprintf(path, sizeof path, "%s/%s-f%zu.png", outdir, name, frames[k]);
        if (write_png(path, rgba, width, height) != 0) return 1;
    }
    free(rgba);
    free(buffer);
    lottie_animation_destroy(animation);

    printf("{\"file\": ");
    print_json_string(base);
    printf(", \"width\": %zu, \"height\": %zu, \"frames\": [", width, height);
    for (int k = 0; k < count; k++) printf("%s%zu", k ? ", " : "", frames[k]);
    printf("], \"rlottie\": \"0.1\"");
    if (note[0]) {
        printf(", \"rlottie_issue\": ");
        print_json_string(note);
    }
    printf("}");
    return 0;
}
