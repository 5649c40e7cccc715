// Embeds include/DejaVuSans.ttf in read-only data: the assembler finds it through the target's
// include path, which the package manager passes for every C target.
#include "CTimelineFont.h"

__asm__(
    ".pushsection .rodata\n"
    ".balign 16\n"
    "tl_font_start:\n"
    ".incbin \"DejaVuSans.ttf\"\n"
    "tl_font_end:\n"
    ".popsection\n");

extern const unsigned char tl_font_start[];
extern const unsigned char tl_font_end[];

const unsigned char *tl_shipped_font_data(void) { return tl_font_start; }
size_t tl_shipped_font_size(void) { return (size_t)(tl_font_end - tl_font_start); }
