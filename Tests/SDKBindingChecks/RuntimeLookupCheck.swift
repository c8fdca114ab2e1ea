import Foundation

/// How the Apple-only bridges bound by name (Getui's, FCM's) ask whether the app has the SDK's
/// classes and methods: through the one `ObjCRuntimeLookup` in
/// `Adapters/Shared/AdapterSupport`, whose lookups read the runtime's tables and send the SDK's
/// class no message, so no SDK code runs while a bridge checks. Read as text: no compiler sees
/// either file on Linux.
package enum RuntimeLookupCheck {
    /// The shared lookup's file, relative to the package root.
    package static let lookupPath = "Adapters/Shared/AdapterSupport/ObjCRuntimeLookup.swift"

    /// Calls that send an object a message (and so may run the SDK's `+initialize` or its code).
    static let messagingCalls = ["responds(to:", "instancesRespond(to:", "method(for:", "perform(", "value(forKey:"]

    /// What is wrong with how `bridge` looks the SDK up, and with the shared lookup: empty when
    /// the bridge checks through `ObjCRuntimeLookup`, spells no lookup closure of its own, and
    /// the lookup's answers use `NSClassFromString`, `class_getClassMethod` and
    /// `class_getInstanceMethod` alone.
    package static func problems(in bridge: BridgeSource, file: String = #filePath) throws -> [String] {
        var problems: [String] = []
        if !bridge.code.contains("classExists: ObjCRuntimeLookup.classExists") {
            problems.append("the bridge does not check the SDK with ObjCRuntimeLookup")
        }
        for own in ["NSClassFromString($0) != nil", "class_getInstanceMethod("] where bridge.code.contains(own) {
            problems.append("the bridge looks the SDK up itself (\(own)), not through ObjCRuntimeLookup")
        }
        let answers = try answersCode(file: file)
        if answers.isEmpty { problems.append("no `static func classExists` in \(lookupPath)") }
        for needed in ["NSClassFromString(", "class_getClassMethod(", "class_getInstanceMethod("] where !answers.contains(needed) {
            problems.append("ObjCRuntimeLookup does not use \(needed)")
        }
        for call in messagingCalls where answers.contains(call) {
            problems.append("ObjCRuntimeLookup sends a message (\(call)), which may run SDK code")
        }
        return problems
    }

    /// The code of `ObjCRuntimeLookup`'s three answers: from `classExists` up to `classMethod`
    /// (which sends `+methodForSelector:`, after the check).
    static func answersCode(file: String) throws -> String {
        let lines = try BridgeSource(lookupPath, file: file).codeLines
        guard let start = lines.firstIndex(where: { $0.contains("static func classExists(") }) else { return "" }
        let end = lines[start...].firstIndex { $0.contains("func classMethod<") } ?? lines.endIndex
        return lines[start..<end].joined(separator: "\n")
    }
}
