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

// The C library's allocator (glibc's mallopt is not visible to Swift). Blocks of `bytes` and more
// get a mapping of their own, given back to the system when freed; setting the threshold also
// stops glibc raising it (and the heap's trim threshold) after each large free. Returns 1 when
// set, 0 where the C library has no such setting.
#if defined(__GLIBC__)
#include <malloc.h>
static inline int tl_map_blocks_alone_from(int bytes) { return mallopt(M_MMAP_THRESHOLD, bytes); }
// Whether glibc serves the block at `p` (from malloc) with a mapping of its own: bit 1
// (IS_MMAPPED) of the size word glibc keeps just before each block. For tests.
static inline int tl_block_is_mapped_alone(const void *p) { return (((const size_t *)p)[-1] & 2) != 0; }
#else
static inline int tl_map_blocks_alone_from(int bytes) { (void)bytes; return 0; }
static inline int tl_block_is_mapped_alone(const void *p) { (void)p; return 0; }
#endif

#endif
