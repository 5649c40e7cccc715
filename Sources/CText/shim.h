// The text libraries the TextEngine module stands on (scripts/setup installs their Debian
// packages): HarfBuzz shapes, FreeType loads outlines and rasterises, fontconfig finds fallback
// fonts. ICU's C API is reached through CTextShim, because its functions carry a version suffix.
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_BITMAP_H
#include FT_TRUETYPE_TABLES_H
#include <hb.h>
#include <hb-ot.h>
#include <fontconfig/fontconfig.h>
