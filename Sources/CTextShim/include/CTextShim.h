// Thin, version-free entry points into ICU and fontconfig for the TextEngine module. ICU's C
// functions are macros that append the library's version (ubidi_open_72), which Swift cannot
// call by their plain names; these wrappers compile against whatever ICU the machine has.
#ifndef CTEXTSHIM_H
#define CTEXTSHIM_H
#include <stddef.h>
#include <stdint.h>

/// Runs the Unicode bidirectional algorithm on one paragraph of UTF-16 text.
/// paraLevel: 0 LTR, 1 RTL, 0xFE "first strong, else LTR", 0xFF "first strong, else RTL".
/// Writes one embedding level per UTF-16 unit into levels and the resolved paragraph level into
/// *resolved. Returns 0, or -1 when ICU reports an error.
int tl_bidi_levels(const uint16_t *text, int32_t length, uint8_t paraLevel,
                   uint8_t *levels, uint8_t *resolved);

/// Visual order of a line from its levels (rule L2): map[visual] = logical index.
/// Levels of 0xFF mark units removed by rule X9; they are left out of map. Returns the count.
int32_t tl_bidi_visual_map(const uint8_t *levels, int32_t length, int32_t *map);

/// A break iterator: 0 grapheme clusters (UAX #29), 1 words, 2 line-break opportunities (UAX #14).
/// Returns NULL on failure. The text must outlive the iterator's use of it.
void *tl_breaker_open(int kind, const char *locale);
int tl_breaker_set_text(void *breaker, const uint16_t *text, int32_t length);
/// The next boundary after the current one, or -1 at the end.
int32_t tl_breaker_next(void *breaker);
/// The boundary at or before offset, and at or after.
int32_t tl_breaker_preceding(void *breaker, int32_t offset);
int32_t tl_breaker_following(void *breaker, int32_t offset);
/// For a line breaker, whether the boundary just returned is mandatory (a hard line break).
int tl_breaker_is_hard(void *breaker);
void tl_breaker_close(void *breaker);

/// Asks fontconfig (config may be NULL for the default) for a font of `family` (NULL: any) with
/// the weight (fontconfig's scale, 80 regular, 200 bold) and slant (0 roman, 100 italic) that has
/// a glyph for `codepoint` (0: any). Writes the file path and face index. Returns 0 on success.
int tl_fc_match(void *config, const char *family, int weight, int slant, uint32_t codepoint,
                char *path, size_t pathCapacity, int *faceIndex);
/// A fontconfig configuration of the system's fonts (NULL on failure); freed by tl_fc_destroy.
void *tl_fc_create(void);
void tl_fc_destroy(void *config);

#endif
