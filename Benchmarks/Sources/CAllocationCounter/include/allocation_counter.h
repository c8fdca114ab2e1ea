#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

/// Bytes currently allocated by malloc (glibc's mallinfo2), or -1 where unavailable.
long long pushbridge_allocated_bytes(void);

/// Whether this platform counts allocations (glibc: malloc and friends are interposed here).
int pushbridge_allocation_counting_available(void);

/// Starts counting every allocation from now on, from zero.
void pushbridge_allocation_counting_start(void);

/// Stops counting; the totals stay readable.
void pushbridge_allocation_counting_stop(void);

/// Bytes requested from malloc, calloc, realloc and the aligned allocators while counting.
long long pushbridge_allocation_counted_bytes(void);

/// How many allocations were made while counting.
long long pushbridge_allocation_counted_calls(void);

#endif
