// SDL2_image's decoders (PNG, JPEG, WebP) and giflib (GIF, frame by frame) for the Images module
// only; the window's SDL is TimelineSDL's (CSDL2). Nothing here opens a window or starts video.
#ifndef TIMELINE_CIMAGECODECS_SHIM_H
#define TIMELINE_CIMAGECODECS_SHIM_H

#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>
#include <gif_lib.h>

static inline Uint32 tl_codecs_abgr8888(void) { return SDL_PIXELFORMAT_ABGR8888; }
static inline int tl_codecs_must_lock(SDL_Surface *s) { return SDL_MUSTLOCK(s); }

#endif
