// The default main context's dispatch, as the engine's run loop calls it before each frame and
// while idle (AX2's main loop): what the AT-SPI bridge's D-Bus connection received is served on
// the run loop's thread, and nothing else runs there.
//
// Asking GLib whether anything arrived is itself a poll() of its descriptors plus its prepare
// and check passes (about a microsecond), which a frame cannot afford on every frame (issue
// 43: a steady frame with a reader attached costs at most 2% more). So a watcher thread does the
// waiting: after each dispatch the run loop's thread asks the context which descriptors and
// which timeout it waits on (g_main_context_prepare and query, the context acquired), hands
// copies to the watcher, and the watcher sleeps in poll() on them. When one is ready (a request
// came, a source was attached, which writes the context's wake-up descriptor, or a timeout fell
// due) it raises a flag, wakes the run loop if it waits for input (tl_atk_set_wake), and waits
// to be handed the next set. A frame reads the flag: one atomic load when nothing came. The watcher touches no GLib source, no ATK object and no view: it
// only polls copies of descriptors. A descriptor closed meanwhile makes poll() return at once
// (POLLNVAL), which is a spurious wake-up, no more.
#include "private.h"
#include <string.h>

static struct {
    GMutex lock;
    GCond armed_changed;
    /// The descriptors and timeout (ms, -1: none) the watcher waits on next; owned under lock.
    GPollFD *fds;
    gint count, capacity, timeout;
    /// Set by the run loop's thread when it handed over a new set; cleared by the watcher.
    gboolean armed;
    /// Raised by the watcher when a descriptor is ready or the timeout fell due; cleared by
    /// the dispatch that serves it.
    gint ready;
    /// Whether the watcher runs; without it every dispatch polls.
    gboolean running;
    /// Called by the watcher after raising the flag (tl_atk_set_wake); read and set under lock.
    void (*wake)(void *);
    void *wake_context;
} watch;

static gpointer watch_loop(gpointer data) {
    (void)data;
    GPollFD *fds = NULL;
    gint capacity = 0;
    for (;;) {
        g_mutex_lock(&watch.lock);
        while (!watch.armed) g_cond_wait(&watch.armed_changed, &watch.lock);
        watch.armed = FALSE;
        if (capacity < watch.count) {
            capacity = watch.count;
            fds = g_renew(GPollFD, fds, capacity);
        }
        gint count = watch.count, timeout = watch.timeout;
        if (count > 0) memcpy(fds, watch.fds, sizeof(GPollFD) * (size_t)count);
        g_mutex_unlock(&watch.lock);
        for (gint i = 0; i < count; i++) fds[i].revents = 0;
        g_poll(fds, (guint)count, timeout);
        g_atomic_int_set(&watch.ready, 1);
        // Called under the lock, so that clearing it waits for a call in progress.
        g_mutex_lock(&watch.lock);
        if (watch.wake) watch.wake(watch.wake_context);
        g_mutex_unlock(&watch.lock);
    }
    return NULL;
}

void tl_watch_start(void) {
    // TIMELINE_ATK_WATCH=0: every dispatch polls, as before the watcher (for measuring it).
    if (g_strcmp0(g_getenv("TIMELINE_ATK_WATCH"), "0") == 0) return;
    g_mutex_init(&watch.lock);
    g_cond_init(&watch.armed_changed);
    watch.ready = 1;                    // the first dispatch serves, then hands over a set
    GThread *thread = g_thread_try_new("tl-atk-watch", watch_loop, NULL, NULL);
    if (!thread) return;                // every dispatch polls, as before
    g_thread_unref(thread);             // it runs for the process's life, as ATK's bridge does
    watch.running = TRUE;
}

bool tl_atk_set_wake(void (*wake)(void *), void *context) {
    if (!watch.running) return false;
    g_mutex_lock(&watch.lock);
    watch.wake = wake;
    watch.wake_context = context;
    g_mutex_unlock(&watch.lock);
    return true;
}

void tl_atk_clear_wake(void *context) {
    if (!watch.running) return;
    g_mutex_lock(&watch.lock);
    if (watch.wake_context == context) {
        watch.wake = NULL;
        watch.wake_context = NULL;
    }
    g_mutex_unlock(&watch.lock);
}

/// Hands the watcher what the default context waits on now (on the run loop's thread).
static void watch_arm(void) {
    GMainContext *context = g_main_context_default();
    if (!g_main_context_acquire(context)) {
        g_atomic_int_set(&watch.ready, 1);           // another thread owns it: poll next time
        return;
    }
    gint priority = 0, timeout = -1;
    // A source ready already (data left in the connection's buffer) makes the timeout 0, so
    // the watcher raises the flag at once.
    g_main_context_prepare(context, &priority);
    g_mutex_lock(&watch.lock);
    for (;;) {
        gint needed = g_main_context_query(context, priority, &timeout, watch.fds, watch.capacity);
        if (needed <= watch.capacity) {
            watch.count = needed;
            break;
        }
        watch.capacity = needed;
        watch.fds = g_renew(GPollFD, watch.fds, watch.capacity);
    }
    watch.timeout = timeout;
    watch.armed = TRUE;
    g_cond_signal(&watch.armed_changed);
    g_mutex_unlock(&watch.lock);
    g_main_context_release(context);
}

static gboolean burst_ended(gpointer ended) {
    *(gboolean *)ended = TRUE;
    return G_SOURCE_REMOVE;
}

int32_t tl_atk_dispatch_pending(int32_t limit, int32_t burstMilliseconds) {
    // Nothing came since the watcher was handed the descriptors: no system call, no GLib pass.
    if (watch.running && !g_atomic_int_get(&watch.ready)) return 0;
    g_atomic_int_set(&watch.ready, 0);
    int32_t n = 0;
    while (n < limit && g_main_context_iteration(NULL, FALSE)) n++;
    if (n > 0 && burstMilliseconds > 0) {
        // A reader walks a tree one synchronous call after another: while it does, wait a
        // little for its next call instead of leaving it to the next frame.
        gboolean ended = FALSE;
        GSource *timer = g_timeout_source_new((guint)burstMilliseconds);
        g_source_set_callback(timer, burst_ended, &ended, NULL);
        g_source_attach(timer, NULL);
        while (n < limit && !ended) {
            g_main_context_iteration(NULL, TRUE);
            n++;
        }
        g_source_destroy(timer);
        g_source_unref(timer);
    }
    if (watch.running) watch_arm();
    return n;
}
