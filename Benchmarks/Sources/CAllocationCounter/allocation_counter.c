#include "allocation_counter.h"

#if defined(__GLIBC__)
#include <malloc.h>
long long pushbridge_allocated_bytes(void) {
#if __GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33)
    struct mallinfo2 info = mallinfo2();
#else
    struct mallinfo info = mallinfo();
#endif
    return (long long)info.uordblks;
}
#else
long long pushbridge_allocated_bytes(void) { return -1; }
#endif
