// Debian's duktape 2.7 (duktape-dev) with the bounds the Lottie expression engine runs it under.
//
// Debian builds duktape without DUK_USE_INTERRUPT_COUNTER and DUK_USE_EXEC_TIMEOUT_CHECK, so the
// bytecode executor never stops on its own. The bounds here are the ones that work without them:
// - an allocator holding the heap to a byte cap and, while an evaluation runs, checking its
//   deadline every 64 allocations (failing them once it passed: duktape throws a RangeError);
// - a tick, `__tl_b`, that the expression's source calls at every loop test and block entry
//   (inserted by the Lottie module before compiling), counting against a tick budget and
//   checking the deadline every 256 ticks. Once a budget is spent every later tick throws, so a
//   `catch` in the expression cannot keep it running.
#ifndef TIMELINE_CDUKTAPE_SHIM_H
#define TIMELINE_CDUKTAPE_SHIM_H

#include <duktape.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/// The return codes natives throw with (duktape's are macros of macros, which Swift cannot see).
static const duk_ret_t TL_DUK_RET_ERROR = DUK_RET_ERROR;
static const duk_ret_t TL_DUK_RET_RANGE_ERROR = DUK_RET_RANGE_ERROR;
static const duk_int_t TL_DUK_TYPE_UNDEFINED = DUK_TYPE_UNDEFINED;
static const duk_int_t TL_DUK_TYPE_NULL = DUK_TYPE_NULL;
static const duk_int_t TL_DUK_TYPE_BOOLEAN = DUK_TYPE_BOOLEAN;
static const duk_int_t TL_DUK_TYPE_STRING = DUK_TYPE_STRING;

/// The budget of one heap: bytes in use against a cap, and while `active`, ticks and a deadline.
typedef struct tl_duk_budget {
    size_t used;
    size_t cap;
    int active;
    /// 0 none, 1 ticks, 2 time, 3 memory: why the running evaluation was stopped.
    int exceeded;
    uint64_t ticks;
    uint64_t tick_limit;
    uint64_t deadline_ns;
    unsigned allocations;
    /// The engine that owns the heap (for native functions).
    void *owner;
} tl_duk_budget;

static inline uint64_t tl_duk_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/// Each block carries its size in a 16-byte header (keeping duktape's alignment).
#define TL_DUK_HEADER 16

static inline int tl_duk_over_time(tl_duk_budget *b) {
    if (!b->active) return 0;
    if (b->exceeded) return 1;
    if ((++b->allocations & 63u) == 0 && tl_duk_now_ns() > b->deadline_ns) { b->exceeded = 2; return 1; }
    return 0;
}

static inline void *tl_duk_alloc(void *udata, duk_size_t size) {
    tl_duk_budget *b = (tl_duk_budget *)udata;
    if (tl_duk_over_time(b)) return NULL;
    if (b->used + size > b->cap) { if (b->active && !b->exceeded) b->exceeded = 3; return NULL; }
    unsigned char *p = (unsigned char *)malloc(size + TL_DUK_HEADER);
    if (!p) return NULL;
    memcpy(p, &size, sizeof size);
    b->used += size;
    return p + TL_DUK_HEADER;
}

static inline void tl_duk_free(void *udata, void *ptr) {
    if (!ptr) return;
    tl_duk_budget *b = (tl_duk_budget *)udata;
    unsigned char *p = (unsigned char *)ptr - TL_DUK_HEADER;
    size_t size;
    memcpy(&size, p, sizeof size);
    b->used -= size;
    free(p);
}

static inline void *tl_duk_realloc(void *udata, void *ptr, duk_size_t size) {
    tl_duk_budget *b = (tl_duk_budget *)udata;
    if (!ptr) return tl_duk_alloc(udata, size);
    if (size == 0) { tl_duk_free(udata, ptr); return NULL; }
    unsigned char *p = (unsigned char *)ptr - TL_DUK_HEADER;
    size_t old;
    memcpy(&old, p, sizeof old);
    if (size > old) {
        if (tl_duk_over_time(b)) return NULL;
        if (b->used + (size - old) > b->cap) { if (b->active && !b->exceeded) b->exceeded = 3; return NULL; }
    }
    unsigned char *q = (unsigned char *)realloc(p, size + TL_DUK_HEADER);
    if (!q) return NULL;
    memcpy(q, &size, sizeof size);
    b->used = b->used - old + size;
    return q + TL_DUK_HEADER;
}

static inline void tl_duk_fatal(void *udata, const char *msg) {
    (void)udata;
    fprintf(stderr, "duktape: fatal error: %s\n", msg ? msg : "(no message)");
    abort();
}

/// A heap whose allocations go through `budget` (which must outlive it).
static inline duk_context *tl_duk_create_heap(tl_duk_budget *budget) {
    return duk_create_heap(tl_duk_alloc, tl_duk_realloc, tl_duk_free, budget, tl_duk_fatal);
}

static inline tl_duk_budget *tl_duk_budget_of(duk_context *ctx) {
    duk_memory_functions f;
    duk_get_memory_functions(ctx, &f);
    return (tl_duk_budget *)f.udata;
}

/// `__tl_b()`: one tick of the running evaluation; throws once a budget is spent. Returns true
/// so that it can stand in a loop's condition (`__tl_b() && (cond)`).
static inline duk_ret_t tl_duk_tick(duk_context *ctx) {
    tl_duk_budget *b = tl_duk_budget_of(ctx);
    if (b->active) {
        if (!b->exceeded) {
            b->ticks += 1;
            if (b->ticks > b->tick_limit) b->exceeded = 1;
            else if ((b->ticks & 255u) == 0 && tl_duk_now_ns() > b->deadline_ns) b->exceeded = 2;
        }
        if (b->exceeded) return DUK_RET_RANGE_ERROR;
    }
    duk_push_true(ctx);
    return 1;
}

/// Defines `__tl_b` on the global object, neither writable nor configurable (an expression
/// cannot replace it, even through `this`).
static inline void tl_duk_define_tick(duk_context *ctx) {
    duk_push_global_object(ctx);
    duk_push_string(ctx, "__tl_b");
    duk_push_c_function(ctx, tl_duk_tick, 0);
    duk_def_prop(ctx, -3, DUK_DEFPROP_HAVE_VALUE | DUK_DEFPROP_CLEAR_WRITABLE | DUK_DEFPROP_CLEAR_ENUMERABLE
                              | DUK_DEFPROP_CLEAR_CONFIGURABLE);
    duk_pop(ctx);
}

/// Compiles function source (`function (...) {...}`) into a function on the stack, or an error.
static inline duk_int_t tl_duk_pcompile_function(duk_context *ctx, const char *src, duk_size_t len, const char *name) {
    duk_push_string(ctx, name);
    return duk_pcompile_lstring_filename(ctx, DUK_COMPILE_FUNCTION, src, len);
}

/// Compiles and runs program source in the global scope, leaving its result or an error.
static inline duk_int_t tl_duk_peval(duk_context *ctx, const char *src, duk_size_t len) {
    return duk_peval_lstring(ctx, src, len);
}

#endif
