import Dispatch
import Foundation
import PushBridgeCore

/// The thread a vendor SDK's calls must be made on, and the way there.
///
/// Getui documents `+startSdkWithAppId:…` and `+registerRemoteNotification:` as main-thread
/// only ("该方法需要在主线程中调用", docs.getui.com/getui/mobile/ios/api/); JPush's own React
/// Native module hops `+registerForRemoteNotificationConfig:delegate:` to the main queue
/// (`jpush/jpush-react-native` `RCTJPushModule.m`), which registers with UIKit, a main-thread
/// API. `PushClient`'s entry points are nonisolated, so an adapter routes those calls through
/// an `SDKThread`:
///
/// - ``main``: on the main thread now when already there, else queued to the main queue (FIFO,
///   so calls keep their order); the default on Apple platforms.
/// - ``calling``: the caller's thread; the default elsewhere (Linux has no UIKit main thread to
///   honour, and no main run loop to drain a queue).
/// - A test passes its own, and checks ``isCurrent`` in a mock's SDK calls.
///
/// ```swift
/// sdkThread.run { bridge.startSdk(appID: id, appKey: key, appSecret: secret, launchingOptions: options) }
/// ```
public struct SDKThread: Sendable {
    private let runner: @Sendable (@escaping @Sendable () -> Void) -> Void
    private let current: @Sendable () -> Bool

    /// A thread given by how to run work there and how to tell whether the caller is on it.
    ///
    /// - Parameters:
    ///   - isCurrent: Whether the calling code runs on this thread now.
    ///   - run: Runs the work on this thread, exactly once, in the order it was given.
    public init(isCurrent: @escaping @Sendable () -> Bool, run: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void) {
        current = isCurrent
        runner = run
    }

    /// Runs `work` on this thread, exactly once.
    public func run(_ work: @escaping @Sendable () -> Void) { runner(work) }

    /// Whether the caller is on this thread.
    public var isCurrent: Bool { current() }

    /// The main thread: `work` runs at once when called there, else it is queued to the main
    /// queue (never `sync`: waiting for the main thread from another can deadlock).
    public static let main = SDKThread(isCurrent: { Thread.isMainThread }) { work in
        if Thread.isMainThread { work() } else { DispatchQueue.main.async(execute: work) }
    }

    /// The caller's own thread: `work` runs at once.
    public static let calling = SDKThread(isCurrent: { true }) { work in work() }

    /// ``main`` on Apple platforms, ``calling`` elsewhere.
    public static var platformDefault: SDKThread {
        #if canImport(Darwin)
            main
        #else
            calling
        #endif
    }
}
