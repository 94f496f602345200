// The atomics are static inline in the header; this file holds the metatype memo's storage and the mutex's
// slow paths (system calls).
#include "ReactiveBridgeAtomics.h"

intptr_t rb_metatype_memo[RB_METATYPE_MEMO_SLOTS];

#if defined(__linux__)
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

// No spinning before sleeping: a bounded spin measured no better on the four-thread contention benchmark,
// and it burns a core another thread may need.
void rb_mutex_lock_contended(rb_mutex_t *mutex) {
    // Mark the mutex as having a waiter and sleep while it stays held. A thread that takes it here leaves
    // the word at 2, so its unlock wakes the next sleeper (at worst one wake-up too many, never one too few).
    while (__atomic_exchange_n(&mutex->state, 2, __ATOMIC_ACQUIRE) != 0) {
        // Returns at once if the word is no longer 2 (EAGAIN), on a wake-up, or on a signal (EINTR): the
        // loop checks again in every case.
        syscall(SYS_futex, &mutex->state, FUTEX_WAIT_PRIVATE, 2, NULL, NULL, 0);
    }
}

void rb_mutex_wake_one(rb_mutex_t *mutex) {
    syscall(SYS_futex, &mutex->state, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}
#elif !defined(__APPLE__)
// Other systems have no futex: a thread that finds the mutex held gives up its time slice until it is free.
#if defined(_WIN32)
#include <windows.h>
#define rb_yield_thread() SwitchToThread()
#else
#include <sched.h>
#define rb_yield_thread() sched_yield()
#endif

void rb_mutex_lock_contended(rb_mutex_t *mutex) {
    while (__atomic_exchange_n(&mutex->state, 2, __ATOMIC_ACQUIRE) != 0) {
        rb_yield_thread();
    }
}

void rb_mutex_wake_one(rb_mutex_t *mutex) {
    (void)mutex;
}
#endif
