// Counts heap allocations on Linux by defining the glibc allocation entry points in the executable,
// which the dynamic linker then prefers over libc's (so the Swift runtime's allocations land here too),
// and forwarding to glibc's own implementations (__libc_malloc & co.), so no dlsym bootstrap is needed.
#include "MallocCounter.h"

#if defined(__linux__)
#include <stddef.h>
#include <errno.h>
#include <stdatomic.h>

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static atomic_int counting_enabled;
static atomic_ullong allocation_count;

static inline void note_allocation(void) {
    if (atomic_load_explicit(&counting_enabled, memory_order_relaxed)) {
        atomic_fetch_add_explicit(&allocation_count, 1, memory_order_relaxed);
    }
}

void *malloc(size_t size) {
    note_allocation();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    note_allocation();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    note_allocation();
    return __libc_realloc(pointer, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) {
        return EINVAL;
    }
    note_allocation();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) {
        return ENOMEM;
    }
    *result = pointer;
    return 0;
}

void *aligned_alloc(size_t alignment, size_t size) {
    note_allocation();
    return __libc_memalign(alignment, size);
}

void *memalign(size_t alignment, size_t size) {
    note_allocation();
    return __libc_memalign(alignment, size);
}

int malloc_counter_is_available(void) { return 1; }

void malloc_counter_set_enabled(int enabled) {
    atomic_store_explicit(&counting_enabled, enabled ? 1 : 0, memory_order_relaxed);
}

unsigned long long malloc_counter_count(void) {
    return atomic_load_explicit(&allocation_count, memory_order_relaxed);
}

#else

int malloc_counter_is_available(void) { return 0; }
void malloc_counter_set_enabled(int enabled) { (void)enabled; }
unsigned long long malloc_counter_count(void) { return 0; }

#endif
