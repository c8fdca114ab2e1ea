import PushBridgeCore

/// How a vendor's reporter finds the extension SDK it binds by name at run time: the check that
/// the SDK's class and class methods are in the extension, with an error that names the fix.
///
/// Compiled on every platform, so that Linux tests exercise ``missing(_:selectors:fix:writtenAgainst:classExists:responds:)``
/// with fakes; the Apple-only part (finding the class, casting a method's implementation) is in
/// `Apple/ExtensionSDKBinding+ObjectiveC.swift`.
package enum ExtensionSDKBinding {
    /// What is missing of `className`'s `selectors`, as one error naming each with the fix; `nil`
    /// when all are there.
    ///
    /// - Parameters:
    ///   - className: The SDK's class.
    ///   - selectors: The class methods the reporter calls.
    ///   - fix: How to add the SDK to the extension target.
    ///   - writtenAgainst: The SDK version the reporter was written against.
    ///   - classExists: Whether a class of that name is in the extension (`NSClassFromString`).
    ///   - responds: Whether the class implements a class method (`class_getClassMethod`).
    /// - Returns: A `PushError` with code `unsupported` and field `sdk`, or `nil`.
    package static func missing(
        _ className: String, selectors: [String], fix: String, writtenAgainst: String, classExists: (String) -> Bool,
        responds: (String, String) -> Bool
    ) -> PushError? {
        guard classExists(className) else {
            return PushError(
                .unsupported, field: "sdk",
                "\(className) is not in the extension: \(fix) — or it is linked without -ObjC and the linker dropped its classes, which looks the same "
                    + "(a static library's classes named only as strings are not pulled in): add -ObjC to the extension's Other Linker Flags")
        }
        let absent = selectors.filter { !responds(className, $0) }
        guard !absent.isEmpty else { return nil }
        return PushError(
            .unsupported, field: "sdk",
            absent.map { "\(className) has no +\($0) in the extension: the reporter was written against \(writtenAgainst)" }.joined(separator: "; "))
    }
}

/// A vendor's extension SDK as its reporter binds it: the class, the class methods, and what to
/// tell the developer when they are missing. Each vendor's reporter declares one (its names
/// spelled once); the check and the binding are written here, once.
package protocol ExtensionSDKSymbols {
    /// The SDK's class.
    static var className: String { get }
    /// Every class method the reporter calls.
    static var classMethods: [String] { get }
    /// How to add the SDK to the extension target.
    static var fix: String { get }
    /// The SDK version the reporter was written against.
    static var writtenAgainst: String { get }
}

extension ExtensionSDKSymbols {
    /// What is missing of the SDK, as one error naming the fix; `nil` when it is all there.
    package static func missing(classExists: (String) -> Bool, responds: (String, String) -> Bool) -> PushError? {
        ExtensionSDKBinding.missing(
            className, selectors: classMethods, fix: fix, writtenAgainst: writtenAgainst, classExists: classExists, responds: responds)
    }
}
