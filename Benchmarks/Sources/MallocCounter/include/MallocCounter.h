#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H

/// 1 when this platform counts heap allocations (Linux/glibc), 0 otherwise.
int malloc_counter_is_available(void);

/// Starts (1) or stops (0) counting. Counting is off at start, so timed runs pay nothing but a relaxed load.
/// Allocations are counted on every thread; live bytes only on the thread that starts counting (call it with
/// 0 from the same thread).
void malloc_counter_set_enabled(int enabled);

/// Allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign) seen while counting was on.
unsigned long long malloc_counter_count(void);

/// Bytes (usable sizes) of those allocations.
unsigned long long malloc_counter_bytes(void);

/// Bytes allocated minus bytes freed by the counting thread while counting was on. A block allocated with
/// counting off and freed with it on lowers it, so read it as a difference across a stretch that allocates
/// and frees its own blocks.
long long malloc_counter_live_bytes(void);

/// The highest value the live bytes reached since `malloc_counter_reset_peak`.
long long malloc_counter_peak_live_bytes(void);

/// Sets the peak to the current live bytes.
void malloc_counter_reset_peak(void);

#endif
