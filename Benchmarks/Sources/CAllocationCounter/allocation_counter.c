#include "allocation_counter.h"
#include <stdlib.h>  // defines __GLIBC__ where the C library is glibc

#if defined(__GLIBC__)
#include <errno.h>
#include <malloc.h>
#include <stdatomic.h>
#include <stddef.h>

long long pushbridge_allocated_bytes(void) {
#if __GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33)
    struct mallinfo2 info = mallinfo2();
#else
    struct mallinfo info = mallinfo();
#endif
    return (long long)info.uordblks;
}

// The benchmark executable defines malloc and friends, so every library in the process
// (the Swift runtime, Foundation, PushBridge) allocates through these; each forwards to glibc's
// own allocator and, while counting is on, adds the request to the totals. Relaxed atomics:
// the totals are read after the measured work, from the thread that did it.
extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static atomic_int counting;
static atomic_llong counted_bytes;
static atomic_llong counted_calls;

static void count(size_t size) {
    if (atomic_load_explicit(&counting, memory_order_relaxed)) {
        atomic_fetch_add_explicit(&counted_bytes, (long long)size, memory_order_relaxed);
        atomic_fetch_add_explicit(&counted_calls, 1, memory_order_relaxed);
    }
}

void *malloc(size_t size) {
    count(size);
    return __libc_malloc(size);
}

void *calloc(size_t count_, size_t size) {
    count(count_ * size);
    return __libc_calloc(count_, size);
}

void *realloc(void *pointer, size_t size) {
    count(size);
    return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
    count(size);
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    count(size);
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    count(size);
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

int pushbridge_allocation_counting_available(void) { return 1; }

void pushbridge_allocation_counting_start(void) {
    atomic_store(&counted_bytes, 0);
    atomic_store(&counted_calls, 0);
    atomic_store(&counting, 1);
}

void pushbridge_allocation_counting_stop(void) { atomic_store(&counting, 0); }
long long pushbridge_allocation_counted_bytes(void) { return atomic_load(&counted_bytes); }
long long pushbridge_allocation_counted_calls(void) { return atomic_load(&counted_calls); }

#else
long long pushbridge_allocated_bytes(void) { return -1; }
int pushbridge_allocation_counting_available(void) { return 0; }
void pushbridge_allocation_counting_start(void) {}
void pushbridge_allocation_counting_stop(void) {}
long long pushbridge_allocation_counted_bytes(void) { return -1; }
long long pushbridge_allocation_counted_calls(void) { return -1; }
#endif
