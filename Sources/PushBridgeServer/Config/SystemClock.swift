import Foundation

/// The wall clock, in one place.
enum SystemClock {
    static func secondsSince1970() -> Double { Date().timeIntervalSince1970 }
}
