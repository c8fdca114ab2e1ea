#if canImport(os)
    import os
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Bionic)
    import Bionic
#endif

/// The cheapest mutual-exclusion lock of the platform: `os_unfair_lock` on Apple platforms, a
/// `pthread_mutex_t` elsewhere.
///
/// PushBridge takes a lock once or twice for every event it delivers, so the lock itself is part
/// of the event pipeline's cost; Foundation's `NSLock` adds a class and an Objective-C style
/// dispatch around the same mutex. The lock lives at a fixed address (allocated once), as both
/// primitives require. Never held across an `await` or a call into app code. Inlinable, so that
/// a lock taken in another module is two calls into the platform, not into this module.
@usableFromInline
package final class PlatformLock: @unchecked Sendable {
    #if canImport(os)
        @usableFromInline let primitive: UnsafeMutablePointer<os_unfair_lock>
    #else
        @usableFromInline let primitive: UnsafeMutablePointer<pthread_mutex_t>
    #endif

    /// A new, unlocked lock.
    @usableFromInline
    package init() {
        primitive = .allocate(capacity: 1)
        #if canImport(os)
            primitive.initialize(to: os_unfair_lock())
        #else
            primitive.initialize(to: pthread_mutex_t())
            pthread_mutex_init(primitive, nil)
        #endif
    }

    deinit {
        #if !canImport(os)
            pthread_mutex_destroy(primitive)
        #endif
        primitive.deinitialize(count: 1)
        primitive.deallocate()
    }

    /// Acquires the lock, waiting while another thread holds it.
    @inlinable
    package func lock() {
        #if canImport(os)
            os_unfair_lock_lock(primitive)
        #else
            pthread_mutex_lock(primitive)
        #endif
    }

    /// Releases the lock; only the thread that acquired it may.
    @inlinable
    package func unlock() {
        #if canImport(os)
            os_unfair_lock_unlock(primitive)
        #else
            pthread_mutex_unlock(primitive)
        #endif
    }

    /// Runs `body` holding the lock.
    @inlinable @inline(__always)
    package func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }
}
