// AtkText and AtkEditableText over the Swift callbacks. Swift hands over the whole text and the
// selection in characters (Unicode scalars, ATK's offsets); slicing, counting and the text at an
// offset by character, word, sentence, line or paragraph are done here on the UTF-8 string.
#include "private.h"
#include <stdlib.h>

static TLAccessible *tl(gpointer object) { return (TLAccessible *)object; }

/// The whole text (g_malloc'd, never NULL) and its length in characters.
static gchar *tl_whole(gpointer object, glong *length) {
    TLAccessible *a = tl(object);
    char *raw = a->callbacks ? a->callbacks->text(a->node) : NULL;
    gchar *copy = g_strdup(raw ? raw : "");
    free(raw);
    if (length) *length = g_utf8_strlen(copy, -1);
    return copy;
}

static glong tl_clamp(glong v, glong lo, glong hi) { return v < lo ? lo : (v > hi ? hi : v); }

static gchar *tl_get_text(AtkText *t, gint start, gint end) {
    glong n;
    gchar *all = tl_whole(t, &n);
    glong lo = tl_clamp(start, 0, n), hi = end < 0 ? n : tl_clamp(end, lo, n);
    gchar *out = g_utf8_substring(all, lo, hi);
    g_free(all);
    return out;
}

static gint tl_character_count(AtkText *t) {
    glong n;
    g_free(tl_whole(t, &n));
    return (gint)n;
}

static gunichar tl_character_at(AtkText *t, gint offset) {
    glong n;
    gchar *all = tl_whole(t, &n);
    gunichar c = offset >= 0 && offset < n ? g_utf8_get_char(g_utf8_offset_to_pointer(all, offset)) : 0;
    g_free(all);
    return c;
}

static gint tl_caret(AtkText *t) {
    TLAccessible *a = tl(t);
    int32_t s = 0, e = 0;
    if (!a->callbacks || !a->callbacks->selection(a->node, &s, &e)) return 0;
    return e;
}

static gboolean tl_set_caret(AtkText *t, gint offset) {
    TLAccessible *a = tl(t);
    return a->callbacks ? a->callbacks->setSelection(a->node, offset, offset) : FALSE;
}

static gint tl_n_selections(AtkText *t) {
    TLAccessible *a = tl(t);
    int32_t s = 0, e = 0;
    return a->callbacks && a->callbacks->selection(a->node, &s, &e) && s != e ? 1 : 0;
}

static gchar *tl_get_selection(AtkText *t, gint i, gint *start, gint *end) {
    TLAccessible *a = tl(t);
    int32_t s = 0, e = 0;
    if (i != 0 || !a->callbacks || !a->callbacks->selection(a->node, &s, &e) || s == e) {
        *start = *end = 0;
        return NULL;
    }
    *start = s;
    *end = e;
    return tl_get_text(t, s, e);
}

static gboolean tl_set_selection(AtkText *t, gint i, gint start, gint end) {
    TLAccessible *a = tl(t);
    return i == 0 && a->callbacks ? a->callbacks->setSelection(a->node, start, end) : FALSE;
}

static gboolean tl_add_selection(AtkText *t, gint start, gint end) { return tl_set_selection(t, 0, start, end); }

static gboolean tl_remove_selection(AtkText *t, gint i) {
    gint caret = tl_caret(t);
    return tl_set_selection(t, i, caret, caret);
}

/// Whether character `c` ends a unit of `granularity` (a word at space, a line at a newline).
static gboolean tl_is_break(gunichar c, AtkTextGranularity granularity) {
    switch (granularity) {
    case ATK_TEXT_GRANULARITY_WORD: return g_unichar_isspace(c);
    case ATK_TEXT_GRANULARITY_SENTENCE: return c == '.' || c == '!' || c == '?' || c == '\n';
    case ATK_TEXT_GRANULARITY_LINE:
    case ATK_TEXT_GRANULARITY_PARAGRAPH: return c == '\n';
    default: return TRUE;
    }
}

/// The unit of `granularity` holding `offset`: from after the previous break through the
/// next break (the break itself included, as ATK's "at offset" ranges run to the next start).
static gchar *tl_string_at(AtkText *t, gint offset, AtkTextGranularity granularity, gint *start, gint *end) {
    glong n;
    gchar *all = tl_whole(t, &n);
    gunichar *chars = g_utf8_to_ucs4_fast(all, -1, NULL);
    glong at = tl_clamp(offset, 0, n), lo = at, hi = at;
    if (granularity == ATK_TEXT_GRANULARITY_CHAR) {
        hi = at < n ? at + 1 : n;
    } else {
        while (lo > 0 && !tl_is_break(chars[lo - 1], granularity)) lo--;
        while (hi < n && !tl_is_break(chars[hi], granularity)) hi++;
        while (hi < n && tl_is_break(chars[hi], granularity) && granularity == ATK_TEXT_GRANULARITY_WORD) hi++;
        if (hi < n && granularity != ATK_TEXT_GRANULARITY_WORD) hi++;
    }
    g_free(chars);
    *start = (gint)lo;
    *end = (gint)hi;
    gchar *out = g_utf8_substring(all, lo, hi);
    g_free(all);
    return out;
}

static gchar *tl_text_at_offset(AtkText *t, gint offset, AtkTextBoundary boundary, gint *start, gint *end) {
    AtkTextGranularity g = boundary == ATK_TEXT_BOUNDARY_CHAR ? ATK_TEXT_GRANULARITY_CHAR
        : boundary <= ATK_TEXT_BOUNDARY_WORD_END ? ATK_TEXT_GRANULARITY_WORD
        : boundary <= ATK_TEXT_BOUNDARY_SENTENCE_END ? ATK_TEXT_GRANULARITY_SENTENCE : ATK_TEXT_GRANULARITY_LINE;
    return tl_string_at(t, offset, g, start, end);
}

/// The window's origin on the screen, and a parent's window rectangle, for converting between
/// ATK's coordinate types (the callbacks answer in window coordinates).
static void tl_offsets(TLAccessible *a, AtkCoordType coords, double shift[2]) {
    double r[4] = {0, 0, 0, 0}, origin[2] = {0, 0};
    shift[0] = shift[1] = 0;
    if (coords == ATK_XY_SCREEN) {
        a->callbacks->extents(a->node, r, origin);
        shift[0] = origin[0];
        shift[1] = origin[1];
    } else if (coords == ATK_XY_PARENT) {
        AtkObject *p = atk_object_get_parent(ATK_OBJECT(a));
        if (p && tl_is_accessible(p) && tl(p)->callbacks) {
            tl(p)->callbacks->extents(tl(p)->node, r, origin);
            shift[0] = -r[0];
            shift[1] = -r[1];
        }
    }
}

static void tl_character_extents(AtkText *t, gint offset, gint *x, gint *y, gint *w, gint *h, AtkCoordType coords) {
    TLAccessible *a = tl(t);
    double r[4] = {0, 0, 0, 0}, origin[2] = {0, 0}, shift[2];
    if (!a->callbacks || !a->callbacks->characterExtents(a->node, offset, r, origin)) {
        if (x) *x = -1;
        if (y) *y = -1;
        if (w) *w = 0;
        if (h) *h = 0;
        return;
    }
    tl_offsets(a, coords, shift);
    if (x) *x = (gint)(r[0] + shift[0]);
    if (y) *y = (gint)(r[1] + shift[1]);
    if (w) *w = (gint)(r[2] + 0.5);
    if (h) *h = (gint)(r[3] + 0.5);
}

static gint tl_offset_at_point(AtkText *t, gint x, gint y, AtkCoordType coords) {
    TLAccessible *a = tl(t);
    if (!a->callbacks) return -1;
    double shift[2];
    tl_offsets(a, coords, shift);
    return a->callbacks->offsetAtPoint(a->node, x - shift[0], y - shift[1]);
}

void tl_text_init(gpointer iface, gpointer data) {
    (void)data;
    AtkTextIface *i = iface;
    i->get_text = tl_get_text;
    i->get_character_count = tl_character_count;
    i->get_character_at_offset = tl_character_at;
    i->get_caret_offset = tl_caret;
    i->set_caret_offset = tl_set_caret;
    i->get_n_selections = tl_n_selections;
    i->get_selection = tl_get_selection;
    i->set_selection = tl_set_selection;
    i->add_selection = tl_add_selection;
    i->remove_selection = tl_remove_selection;
    i->get_string_at_offset = tl_string_at;
    i->get_text_at_offset = tl_text_at_offset;
    i->get_character_extents = tl_character_extents;
    i->get_offset_at_point = tl_offset_at_point;
}

// MARK: AtkEditableText

static void tl_replace(AtkEditableText *t, gint start, gint end, const gchar *text) {
    TLAccessible *a = tl(t);
    if (a->callbacks) a->callbacks->replaceText(a->node, start, end, text);
}

static void tl_set_contents(AtkEditableText *t, const gchar *text) {
    tl_replace(t, 0, tl_character_count(ATK_TEXT(t)), text ? text : "");
}

static void tl_insert(AtkEditableText *t, const gchar *text, gint length, gint *position) {
    gchar *piece = length < 0 ? g_strdup(text) : g_strndup(text, (gsize)length);
    tl_replace(t, *position, *position, piece);
    *position += (gint)g_utf8_strlen(piece, -1);
    g_free(piece);
}

static void tl_delete(AtkEditableText *t, gint start, gint end) {
    tl_replace(t, start, end < 0 ? tl_character_count(ATK_TEXT(t)) : end, "");
}

void tl_editable_text_init(gpointer iface, gpointer data) {
    (void)data;
    AtkEditableTextIface *i = iface;
    i->set_text_contents = tl_set_contents;
    i->insert_text = tl_insert;
    i->delete_text = tl_delete;
}

// MARK: Events

void tl_atk_notify_text(void *object, int32_t start, int32_t removed, int32_t inserted) {
    if (removed > 0) g_signal_emit_by_name(object, "text-changed::delete", start, removed);
    if (inserted > 0) g_signal_emit_by_name(object, "text-changed::insert", start, inserted);
}

void tl_atk_notify_caret(void *object, int32_t offset) {
    g_signal_emit_by_name(object, "text-caret-moved", offset);
}

void tl_atk_notify_text_selection(void *object) {
    g_signal_emit_by_name(object, "text-selection-changed");
}

void tl_atk_notify_announcement(void *object, const char *text) {
    // ATK 2.46's "announcement" signal, which the AT-SPI bridge sends as object:announcement.
    if (g_signal_lookup("announcement", ATK_TYPE_OBJECT) != 0) g_signal_emit_by_name(object, "announcement", text);
}

void tl_atk_notify_active_descendant(void *object, void *child) {
    g_signal_emit_by_name(object, "active-descendant-changed", child);
}
