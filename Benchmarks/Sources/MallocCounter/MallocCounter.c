// Counts heap allocations and bytes on Linux by defining the glibc allocation entry points in the
// executable, which the dynamic linker then prefers over libc's (so the Swift runtime's and Dispatch's
// allocations land here too), and forwarding to glibc's own implementations (__libc_malloc & co.), so no
// dlsym bootstrap is needed. Bytes are the allocator's usable sizes (malloc_usable_size), so an
// allocation and its free count the same amount.
#include "MallocCounter.h"

#if defined(__linux__)
#include <stddef.h>
#include <errno.h>
#include <malloc.h>
#include <stdatomic.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

static atomic_int counting_enabled;
static atomic_ullong allocation_count;
static atomic_ullong allocated_bytes;
static atomic_llong live_bytes;
static atomic_llong peak_live_bytes;
/// Set on the thread that turned counting on: live bytes follow only its allocations and frees, so another
/// thread freeing a block it allocated before (an idle Dispatch worker thread exiting, after the threaded
/// scenarios) does not lower them. Counts of allocations include every thread.
static _Thread_local int counts_live_bytes;

static inline int counting(void) {
    return atomic_load_explicit(&counting_enabled, memory_order_relaxed);
}

static inline void add_live(long long delta) {
    if (!counts_live_bytes) {
        return;
    }
    long long now = atomic_fetch_add_explicit(&live_bytes, delta, memory_order_relaxed) + delta;
    long long peak = atomic_load_explicit(&peak_live_bytes, memory_order_relaxed);
    while (now > peak
           && !atomic_compare_exchange_weak_explicit(&peak_live_bytes, &peak, now, memory_order_relaxed,
                                                     memory_order_relaxed)) {
    }
}

/// Notes a new block (`pointer` may be NULL after a failed allocation: nothing is noted then).
static inline void *note_allocation(void *pointer) {
    if (pointer != NULL && counting()) {
        size_t size = malloc_usable_size(pointer);
        atomic_fetch_add_explicit(&allocation_count, 1, memory_order_relaxed);
        atomic_fetch_add_explicit(&allocated_bytes, size, memory_order_relaxed);
        add_live((long long)size);
    }
    return pointer;
}

static inline void note_free(void *pointer) {
    if (pointer != NULL && counting()) {
        add_live(-(long long)malloc_usable_size(pointer));
    }
}

void *malloc(size_t size) {
    return note_allocation(__libc_malloc(size));
}

void *calloc(size_t count, size_t size) {
    return note_allocation(__libc_calloc(count, size));
}

void *realloc(void *pointer, size_t size) {
    // Counted as a free of the old block and a new allocation (which glibc may do in place).
    note_free(pointer);
    void *result = __libc_realloc(pointer, size);
    if (result == NULL && size != 0 && pointer != NULL && counting()) {
        add_live((long long)malloc_usable_size(pointer));  // failed: the old block is still there
        return NULL;
    }
    return note_allocation(result);
}

void free(void *pointer) {
    note_free(pointer);
    __libc_free(pointer);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) {
        return EINVAL;
    }
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) {
        return ENOMEM;
    }
    *result = note_allocation(pointer);
    return 0;
}

void *aligned_alloc(size_t alignment, size_t size) {
    return note_allocation(__libc_memalign(alignment, size));
}

void *memalign(size_t alignment, size_t size) {
    return note_allocation(__libc_memalign(alignment, size));
}

int malloc_counter_is_available(void) { return 1; }

void malloc_counter_set_enabled(int enabled) {
    counts_live_bytes = enabled ? 1 : 0;
    atomic_store_explicit(&counting_enabled, enabled ? 1 : 0, memory_order_relaxed);
}

unsigned long long malloc_counter_count(void) {
    return atomic_load_explicit(&allocation_count, memory_order_relaxed);
}

unsigned long long malloc_counter_bytes(void) {
    return atomic_load_explicit(&allocated_bytes, memory_order_relaxed);
}

long long malloc_counter_live_bytes(void) {
    return atomic_load_explicit(&live_bytes, memory_order_relaxed);
}

long long malloc_counter_peak_live_bytes(void) {
    return atomic_load_explicit(&peak_live_bytes, memory_order_relaxed);
}

void malloc_counter_reset_peak(void) {
    atomic_store_explicit(&peak_live_bytes, atomic_load_explicit(&live_bytes, memory_order_relaxed),
                          memory_order_relaxed);
}

#else

int malloc_counter_is_available(void) { return 0; }
void malloc_counter_set_enabled(int enabled) { (void)enabled; }
unsigned long long malloc_counter_count(void) { return 0; }
unsigned long long malloc_counter_bytes(void) { return 0; }
long long malloc_counter_live_bytes(void) { return 0; }
long long malloc_counter_peak_live_bytes(void) { return 0; }
void malloc_counter_reset_peak(void) {}

#endif
