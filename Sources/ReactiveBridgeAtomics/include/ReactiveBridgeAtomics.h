// Minimal atomics for ReactiveBridge's hot paths (flags read on every event), and the mutex the package
// locks on Linux.
// Static inline so the Swift compiler can inline them; the __atomic builtins exist in clang and gcc on
// every platform Swift supports.
#ifndef REACTIVE_BRIDGE_ATOMICS_H
#define REACTIVE_BRIDGE_ATOMICS_H

#include <stdbool.h>
#include <stdint.h>

static inline intptr_t rb_atomic_load_acquire(const intptr_t *address) {
    return __atomic_load_n(address, __ATOMIC_ACQUIRE);
}

static inline void rb_atomic_store_release(intptr_t *address, intptr_t value) {
    __atomic_store_n(address, value, __ATOMIC_RELEASE);
}

static inline intptr_t rb_atomic_exchange(intptr_t *address, intptr_t value) {
    return __atomic_exchange_n(address, value, __ATOMIC_ACQ_REL);
}

static inline bool rb_atomic_compare_exchange(intptr_t *address, intptr_t expected, intptr_t desired) {
    return __atomic_compare_exchange_n(address, &expected, desired, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}

static inline intptr_t rb_atomic_fetch_add(intptr_t *address, intptr_t delta) {
    return __atomic_fetch_add(address, delta, __ATOMIC_ACQ_REL);
}

static inline intptr_t rb_atomic_fetch_or(intptr_t *address, intptr_t bits) {
    return __atomic_fetch_or(address, bits, __ATOMIC_ACQ_REL);
}

// A process-wide memo of one yes/no answer per type (RxKit: whether an observer's metatype is a node
// class), so a generic call pays a load and a compare instead of a runtime cast each time: 16 words, each 0
// or a type metadata address (aligned, so its low bit is free) with the answer in its low bit. Relaxed: a
// word is read and written whole, and a reader that finds another type there asks the runtime again.
#define RB_METATYPE_MEMO_SLOTS 16
extern intptr_t rb_metatype_memo[RB_METATYPE_MEMO_SLOTS];

static inline intptr_t rb_metatype_memo_load(intptr_t slot) {
    return __atomic_load_n(&rb_metatype_memo[slot & (RB_METATYPE_MEMO_SLOTS - 1)], __ATOMIC_RELAXED);
}

static inline void rb_metatype_memo_store(intptr_t slot, intptr_t word) {
    __atomic_store_n(&rb_metatype_memo[slot & (RB_METATYPE_MEMO_SLOTS - 1)], word, __ATOMIC_RELAXED);
}

// A non-recursive mutex in one 32-bit word, for every platform but Apple's (which use os_unfair_lock, the
// same idea): the word is 0 when unlocked, 1 when locked, 2 when locked and a thread may be sleeping on it.
// Locking is one compare-exchange 0 → 1 when nobody holds it; unlocking is one exchange to 0, plus a
// FUTEX_WAKE system call only if the word was 2. A thread that finds the mutex held marks it 2 and sleeps
// in FUTEX_WAIT until woken (`rb_mutex_lock_contended`; on systems without futexes it yields its time
// slice until the word is free). The acquire/release orderings are on the word's
// atomic operations, where ThreadSanitizer sees them; the system calls only sleep and wake.
// A zeroed `rb_mutex_t` is an unlocked mutex; there is nothing to destroy.
#if !defined(__APPLE__)

typedef struct {
    uint32_t state;
} rb_mutex_t;

/// Takes the mutex after the fast path found it held, sleeping until it is released.
void rb_mutex_lock_contended(rb_mutex_t *mutex);

/// Wakes one thread sleeping on the mutex (called by an unlock that found waiters).
void rb_mutex_wake_one(rb_mutex_t *mutex);

static inline void rb_mutex_lock(rb_mutex_t *mutex) {
    uint32_t expected = 0;
    if (__builtin_expect(!__atomic_compare_exchange_n(&mutex->state, &expected, 1, false,
                                                      __ATOMIC_ACQUIRE, __ATOMIC_RELAXED), 0)) {
        rb_mutex_lock_contended(mutex);
    }
}

/// Whether a thread found the mutex held and went (or is going) to sleep on it, the word being 2 (a relaxed
/// read, for tests that must know a waiter exists before they release the mutex).
static inline bool rb_mutex_has_waiters(const rb_mutex_t *mutex) {
    return __atomic_load_n(&mutex->state, __ATOMIC_RELAXED) == 2;
}

static inline void rb_mutex_unlock(rb_mutex_t *mutex) {
    if (__builtin_expect(__atomic_exchange_n(&mutex->state, 0, __ATOMIC_RELEASE) == 2, 0)) {
        rb_mutex_wake_one(mutex);
    }
}

#endif

#endif
