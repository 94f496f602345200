// The atomics are static inline in the header; this file holds the mutex's slow paths (system calls).
#include "ReactiveBridgeAtomics.h"

#if defined(__linux__)
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

// How many times a thread that finds the mutex held re-reads it before it sleeps: a critical section in
// this package is a few dozen instructions, so the holder is often gone before a system call would
// return. Bounded, and skipped once another thread already sleeps on the mutex (the word is 2).
#define RB_MUTEX_SPIN_LIMIT 100

static inline void rb_spin_pause(void) {
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__) || defined(__arm__)
    __asm__ __volatile__("yield");
#endif
}

void rb_mutex_lock_contended(rb_mutex_t *mutex) {
    for (int spin = 0; spin < RB_MUTEX_SPIN_LIMIT; spin++) {
        uint32_t state = __atomic_load_n(&mutex->state, __ATOMIC_RELAXED);
        if (state == 0) {
            uint32_t expected = 0;
            if (__atomic_compare_exchange_n(&mutex->state, &expected, 1, false,
                                            __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
                return;
            }
        } else if (state == 2) {
            break;
        }
        rb_spin_pause();
    }
    // Mark the mutex as having a waiter and sleep while it stays held. Whoever takes it here leaves the
    // word at 2, so its unlock wakes the next sleeper (at worst one wake-up too many, never one too few).
    while (__atomic_exchange_n(&mutex->state, 2, __ATOMIC_ACQUIRE) != 0) {
        // Returns at once if the word is no longer 2 (EAGAIN), on a wake-up, or on a signal (EINTR): the
        // loop re-checks in every case.
        syscall(SYS_futex, &mutex->state, FUTEX_WAIT_PRIVATE, 2, NULL, NULL, 0);
    }
}

void rb_mutex_wake_one(rb_mutex_t *mutex) {
    syscall(SYS_futex, &mutex->state, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}
#endif
