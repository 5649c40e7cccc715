// See include/CTextShim.h.
#include "CTextShim.h"
#include <stdlib.h>
#include <string.h>
#include <unicode/ubidi.h>
#include <unicode/ubrk.h>
#include <unicode/utypes.h>
#include <fontconfig/fontconfig.h>

int tl_bidi_levels(const uint16_t *text, int32_t length, uint8_t paraLevel,
                   uint8_t *levels, uint8_t *resolved) {
    UErrorCode status = U_ZERO_ERROR;
    UBiDi *bidi = ubidi_openSized(length, 0, &status);
    if (U_FAILURE(status) || !bidi) return -1;
    ubidi_setPara(bidi, (const UChar *)text, length, paraLevel, NULL, &status);
    if (U_FAILURE(status)) { ubidi_close(bidi); return -1; }
    const UBiDiLevel *l = ubidi_getLevels(bidi, &status);
    if (U_FAILURE(status)) { ubidi_close(bidi); return -1; }
    if (length > 0) memcpy(levels, l, (size_t)length);
    *resolved = ubidi_getParaLevel(bidi);
    ubidi_close(bidi);
    return 0;
}

int32_t tl_bidi_visual_map(const uint8_t *levels, int32_t length, int32_t *map) {
    if (length <= 0) return 0;
    // Removed units (0xFF) take their neighbour's level for ordering and are then dropped.
    UBiDiLevel *tmp = malloc((size_t)length);
    int32_t *full = malloc(sizeof(int32_t) * (size_t)length);
    if (!tmp || !full) { free(tmp); free(full); return -1; }
    UBiDiLevel last = 0;
    for (int32_t i = 0; i < length; i++) { tmp[i] = levels[i] == 0xFF ? last : levels[i]; last = tmp[i]; }
    ubidi_reorderVisual(tmp, length, full);
    int32_t n = 0;
    for (int32_t i = 0; i < length; i++) if (levels[full[i]] != 0xFF) map[n++] = full[i];
    free(tmp);
    free(full);
    return n;
}

void *tl_breaker_open(int kind, const char *locale) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIteratorType type = kind == 0 ? UBRK_CHARACTER : kind == 1 ? UBRK_WORD : UBRK_LINE;
    UBreakIterator *b = ubrk_open(type, locale ? locale : "", NULL, 0, &status);
    if (U_FAILURE(status)) return NULL;
    return b;
}

int tl_breaker_set_text(void *breaker, const uint16_t *text, int32_t length) {
    UErrorCode status = U_ZERO_ERROR;
    ubrk_setText((UBreakIterator *)breaker, (const UChar *)text, length, &status);
    return U_FAILURE(status) ? -1 : 0;
}

int32_t tl_breaker_next(void *breaker) {
    int32_t n = ubrk_next((UBreakIterator *)breaker);
    return n == UBRK_DONE ? -1 : n;
}

int32_t tl_breaker_preceding(void *breaker, int32_t offset) {
    int32_t n = ubrk_preceding((UBreakIterator *)breaker, offset);
    return n == UBRK_DONE ? 0 : n;
}

int32_t tl_breaker_following(void *breaker, int32_t offset) {
    int32_t n = ubrk_following((UBreakIterator *)breaker, offset);
    return n == UBRK_DONE ? -1 : n;
}

int tl_breaker_is_hard(void *breaker) {
    int32_t s = ubrk_getRuleStatus((UBreakIterator *)breaker);
    return s >= UBRK_LINE_HARD && s < UBRK_LINE_HARD_LIMIT;
}

void tl_breaker_close(void *breaker) { if (breaker) ubrk_close((UBreakIterator *)breaker); }

void *tl_fc_create(void) { return FcInitLoadConfigAndFonts(); }
void tl_fc_destroy(void *config) { if (config) FcConfigDestroy((FcConfig *)config); }

int tl_fc_match(void *config, const char *family, int weight, int slant, uint32_t codepoint,
                char *path, size_t pathCapacity, int *faceIndex) {
    FcConfig *cfg = (FcConfig *)config;
    FcPattern *pat = FcPatternCreate();
    if (!pat) return -1;
    if (family) FcPatternAddString(pat, FC_FAMILY, (const FcChar8 *)family);
    FcPatternAddInteger(pat, FC_WEIGHT, weight);
    FcPatternAddInteger(pat, FC_SLANT, slant);
    FcCharSet *cs = NULL;
    if (codepoint) {
        cs = FcCharSetCreate();
        FcCharSetAddChar(cs, codepoint);
        FcPatternAddCharSet(pat, FC_CHARSET, cs);
    }
    FcConfigSubstitute(cfg, pat, FcMatchPattern);
    FcDefaultSubstitute(pat);
    FcResult result = FcResultNoMatch;
    int rc = -1;
    if (!codepoint) {
        FcPattern *match = FcFontMatch(cfg, pat, &result);
        FcChar8 *file = NULL;
        int index = 0;
        if (match && FcPatternGetString(match, FC_FILE, 0, &file) == FcResultMatch && strlen((const char *)file) < pathCapacity) {
            strcpy(path, (const char *)file);
            if (FcPatternGetInteger(match, FC_INDEX, 0, &index) != FcResultMatch) index = 0;
            *faceIndex = index;
            rc = 0;
        }
        if (match) FcPatternDestroy(match);
    } else {
        // The best-sorted font that has the character: the closest match may not (an emoji).
        FcFontSet *set = FcFontSort(cfg, pat, FcTrue, NULL, &result);
        for (int i = 0; set && i < set->nfont && rc != 0; i++) {
            FcCharSet *has = NULL;
            FcChar8 *file = NULL;
            int index = 0;
            if (FcPatternGetCharSet(set->fonts[i], FC_CHARSET, 0, &has) != FcResultMatch || !FcCharSetHasChar(has, codepoint)) continue;
            if (FcPatternGetString(set->fonts[i], FC_FILE, 0, &file) != FcResultMatch || strlen((const char *)file) >= pathCapacity) continue;
            strcpy(path, (const char *)file);
            if (FcPatternGetInteger(set->fonts[i], FC_INDEX, 0, &index) != FcResultMatch) index = 0;
            *faceIndex = index;
            rc = 0;
        }
        if (set) FcFontSetDestroy(set);
    }
    if (cs) FcCharSetDestroy(cs);
    FcPatternDestroy(pat);
    return rc;
}
