// Minimal atomics for ReactiveBridge's hot paths (flags read on every event).
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

#endif
