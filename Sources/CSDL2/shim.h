// SDL2 and SDL2_image for Swift. Only the TimelineSDL module imports this.
// C macros Swift cannot see are wrapped as static inline functions here.
#ifndef TIMELINE_CSDL2_SHIM_H
#define TIMELINE_CSDL2_SHIM_H

#include <SDL2/SDL.h>
#include <SDL2/SDL_image.h>

static inline int tl_window_pos_centered(void) { return SDL_WINDOWPOS_CENTERED; }
static inline unsigned int tl_button_mask(int button) { return SDL_BUTTON(button); }
static inline Uint32 tl_pixel_format_argb8888(void) { return SDL_PIXELFORMAT_ARGB8888; }
static inline Uint32 tl_pixel_format_abgr8888(void) { return SDL_PIXELFORMAT_ABGR8888; }
static inline int tl_must_lock(SDL_Surface *s) { return SDL_MUSTLOCK(s); }

#endif
