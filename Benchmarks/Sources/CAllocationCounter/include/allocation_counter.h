#ifndef ALLOCATION_COUNTER_H
#define ALLOCATION_COUNTER_H

/// Bytes currently allocated by malloc (glibc's mallinfo2), or -1 where unavailable.
long long pushbridge_allocated_bytes(void);

#endif
