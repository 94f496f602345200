#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H

/// 1 when this platform counts heap allocations (Linux/glibc), 0 otherwise.
int malloc_counter_is_available(void);

/// Starts (1) or stops (0) counting. Counting is off at start, so timed runs pay nothing but a relaxed load.
void malloc_counter_set_enabled(int enabled);

/// Allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign) seen while counting was on.
unsigned long long malloc_counter_count(void);

#endif
