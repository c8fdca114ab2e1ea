import Foundation

/// An iOS version, `MAJOR[.MINOR[.PATCH]]`, as the dispatch model compares it.
///
/// The model's thresholds are whole major versions (3, 4, 7, 8, 10, 14), so `IOSVersion` compares
/// component by component: `9.3.2 < 10 <= 10.2`.
///
/// ```swift
/// let version = try IOSVersion(parsing: "12.3.1")
/// version >= IOSVersion(10) // true
/// ```
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

    /// Parses `MAJOR[.MINOR[.PATCH]]`, 3.0 or later; each component is at most four digits.
    ///
    /// - Parameters:
    ///   - text: The version text, such as `"9.3.2"`.
    ///   - field: The field name used in the error, `ios` by default.
    /// - Throws: ``PushError`` with code ``PushError/Code/invalidScenario`` when `text` is not a
    ///   version or is older than 3.0.
    public init(parsing text: String, field: String = "ios") throws(PushError) {
        let expectation = "(expected MAJOR[.MINOR[.PATCH]], 3.0 or later)"
        let shown = Self.quoted(text)
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count),
            parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } })
        else {
            throw PushError(.invalidScenario, field: field, "\(shown) is not a version \(expectation)")
        }
        let numbers = parts.map { Int($0) ?? 0 }
        let version = IOSVersion(numbers[0], numbers.count > 1 ? numbers[1] : 0, numbers.count > 2 ? numbers[2] : 0)
        guard version >= .minimum else {
            throw PushError(.invalidScenario, field: field, "\(shown) is older than iOS 3.0 \(expectation)")
        }
        self = version
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

    /// The text in quotes, shortened to 40 characters so that an error line stays one line.
    static func quoted(_ text: String) -> String {
        let escaped = JSONWriter.string(from: .string(String(text.prefix(40))))
        return text.count > 40 ? escaped.dropLast() + "…\"" : escaped
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
