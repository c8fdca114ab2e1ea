#if canImport(ObjectiveC)
    import Foundation
    import ObjectiveC
    import PushBridgeCore

    extension ExtensionSDKSymbols {
        /// The SDK's class, its class methods checked, or the missing-SDK error.
        package static func boundClass() throws(PushError) -> AnyClass {
            try ExtensionSDKBinding.boundClass(className, selectors: classMethods, fix: fix, writtenAgainst: writtenAgainst)
        }
    }

    extension ExtensionSDKBinding {
        /// The SDK's class `name`, its class methods checked, or the missing-SDK error.
        package static func boundClass(
            _ name: String, selectors: [String], fix: String, writtenAgainst: String
        ) throws(PushError) -> AnyClass {
            let missing = missing(
                name, selectors: selectors, fix: fix, writtenAgainst: writtenAgainst, classExists: { NSClassFromString($0) != nil },
                responds: { cls, selector in NSClassFromString(cls).map { class_getClassMethod($0, NSSelectorFromString(selector)) != nil } ?? false }
            )
            if let missing { throw missing }
            guard let cls = NSClassFromString(name) else { throw PushError(.unsupported, field: "sdk", "\(name) is not in the extension") }
            return cls
        }

        /// Class method `name` of `cls`, its implementation cast to `Function` (a `@convention(c)`
        /// type with the header's argument types), and its selector.
        package static func classMethod<Function>(_ cls: AnyClass, _ name: String, as _: Function.Type) -> (Function, Selector) {
            let selector = NSSelectorFromString(name)
            guard let implementation = (cls as AnyObject).method(for: selector) else {
                preconditionFailure("+[\(NSStringFromClass(cls)) \(name)] has no implementation, though boundClass found it")
            }
            return (unsafeBitCast(implementation, to: Function.self), selector)
        }
    }
#endif
