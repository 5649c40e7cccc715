// CommonMark's reference parser (libcmark, Debian's libcmark-dev), for Markdown in attributed
// strings.
#include <cmark.h>
