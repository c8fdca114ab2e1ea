#if canImport(ObjectiveC)
    import Foundation
    import ObjectiveC

    /// How a bridge bound to a vendor SDK by name at run time (Getui's `GeTuiSdkBridge`, FCM's
    /// `FIRMessagingBridge`) asks whether the app has the classes and methods it will call, before
    /// calling any (the questions its symbols table's `missing(…)` check takes, whose tests answer
    /// with fakes), and takes a class method's implementation.
    ///
    /// It answers with the Objective-C runtime: `NSClassFromString` finds the class, and
    /// `class_getClassMethod` and `class_getInstanceMethod` return its method or `NULL`, searching
    /// its superclasses (Apple, https://developer.apple.com/documentation/objectivec/class_getclassmethod(_:_:)
    /// and https://developer.apple.com/documentation/objectivec/class_getinstancemethod(_:_:)). None
    /// of them sends the class an ordinary message, so the class's `+initialize`, which the runtime
    /// sends before a class's first message (Apple,
    /// https://developer.apple.com/documentation/objectivec/nsobject/1418639-initialize), does not
    /// run while the bridge checks. That is an inference from the runtime's source, not a documented
    /// promise: objc4's `class_getInstanceMethod` (`objc-runtime-new.mm`, which
    /// `class_getClassMethod` calls on the metaclass) "deliberately avoids +initialize"; when a
    /// method is absent the runtime may still ask the class's `+resolveClassMethod:` or
    /// `+resolveInstanceMethod:` (objc2's note on both functions,
    /// https://docs.rs/crate/objc2/0.6.3/source/src/ffi/class.rs), and then the bridge throws anyway.
    ///
    /// Static functions, not a value of stored closures: an app that links the support module
    /// without these bridges (JPush's) carries no lookup type's metadata.
    package enum ObjCRuntimeLookup {
        /// Whether a class of that name is in the app (`NSClassFromString`).
        package static func classExists(_ className: String) -> Bool { NSClassFromString(className) != nil }

        /// Whether the class of that name has the class method of that selector
        /// (`class_getClassMethod`; `false` when the class is not in the app).
        package static func respondsToClassMethod(_ className: String, _ selector: String) -> Bool {
            guard let cls = NSClassFromString(className) else { return false }
            return class_getClassMethod(cls, NSSelectorFromString(selector)) != nil
        }

        /// Whether the instances of the class of that name have the method of that selector,
        /// asked of the class (`class_getInstanceMethod`): no instance is made (`false` when the
        /// class is not in the app).
        package static func respondsToInstanceMethod(_ className: String, _ selector: String) -> Bool {
            guard let cls = NSClassFromString(className) else { return false }
            return class_getInstanceMethod(cls, NSSelectorFromString(selector)) != nil
        }

        /// The class method `name` of `cls` as `Function` — a `@convention(c)` type whose first
        /// two parameters are the class and the selector — and the selector to pass it.
        ///
        /// `+methodForSelector:` is itself a message, so the class is initialized first, as for
        /// any message: call it only for a method the bridge's `init` found with
        /// ``respondsToClassMethod(_:_:)`` (it traps otherwise, naming the method). Inlinable,
        /// so that each bridge's calls are specialized for their function types as when each
        /// bridge spelled it.
        @inlinable
        package static func classMethod<Function>(_ cls: AnyClass, _ name: String, as _: Function.Type) -> (Function, Selector) {
            let selector = NSSelectorFromString(name)
            guard let implementation = (cls as AnyObject).method(for: selector) else {
                preconditionFailure("+[\(NSStringFromClass(cls)) \(name)] has no implementation, though init found it")
            }
            return (unsafeBitCast(implementation, to: Function.self), selector)
        }
    }
#endif
