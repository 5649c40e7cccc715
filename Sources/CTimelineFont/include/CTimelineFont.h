// The shipped font (DejaVu Sans; licence in ../LICENSE-DejaVu.txt), built into the binary so that
// an app that depends on the package, or the CLI copied anywhere, has it with no file to find (L2).
#ifndef CTIMELINEFONT_H
#define CTIMELINEFONT_H
#include <stddef.h>

/// The bytes of DejaVuSans.ttf.
const unsigned char *tl_shipped_font_data(void);
/// How many bytes tl_shipped_font_data() points at.
size_t tl_shipped_font_size(void);

#endif
