import Foundation

/// An iOS version, `MAJOR[.MINOR[.PATCH]]`, as the dispatch model compares it.
///
/// The model's thresholds are whole major versions (3, 4, 7, 8, 10, 14), so `IOSVersion` compares
/// component by component: `9.3.2 < 10 <= 10.2`.
///
/// ```swift
/// let version = IOSVersion(12, 3, 1)
/// version >= IOSVersion(10) // true
/// ```
///
/// The model reads one from text (`IOSVersion(parsing: "12.3.1")`, in `PushBridgeModel`).
public struct IOSVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The major version (the `12` of `12.3.1`).
    public let major: Int
    /// The minor version (the `3` of `12.3.1`); 0 when not written.
    public let minor: Int
    /// The patch version (the `1` of `12.3.1`); 0 when not written.
    public let patch: Int

    /// The oldest version the model knows: iOS 3.0, where remote notifications began.
    public static let minimum = IOSVersion(3)

    /// A version from its components.
    @inlinable
    public init(_ major: Int, _ minor: Int = 0, _ patch: Int = 0) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// `12.3.1`, or `10.0` when only the major version was given.
    public var description: String {
        patch == 0 ? "\(major).\(minor)" : "\(major).\(minor).\(patch)"
    }

    /// Component-wise order.
    @inlinable
    public static func < (lhs: IOSVersion, rhs: IOSVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }
}

extension IOSVersion {
    /// The version of the iOS this process runs on (`ProcessInfo.operatingSystemVersion`), or
    /// `nil` on another system (Linux, macOS, and Mac Catalyst and visionOS, which report their
    /// own versions: nothing to convert for).
    public static var running: IOSVersion? {
        #if os(iOS) && !targetEnvironment(macCatalyst)
            let version = ProcessInfo.processInfo.operatingSystemVersion
            return IOSVersion(version.majorVersion, version.minorVersion, version.patchVersion)
        #else
            return nil
        #endif
    }
}
