import Dispatch
import PushBridge
import PushBridgeProviderKit

extension SDKThread {
    /// A thread for tests: a serial queue standing in for the main thread, so that a mock SDK can
    /// check (``SDKThread/isCurrent``) that the adapter made each call there.
    ///
    /// Work given from another thread runs on the queue at once, waiting for it (`sync`), so a
    /// test sees its effect as soon as the call returns; work given on the queue runs inline.
    ///
    /// ```swift
    /// let thread = SDKThread.serialQueue()
    /// let bridge = MockGetuiBridge(sdkThread: thread)
    /// let provider = GetuiProvider(settings: settings, bridge: bridge, sdkThread: thread)
    /// // … bridge.callsOffSDKThread == []
    /// ```
    ///
    /// - Parameter label: The queue's label.
    public static func serialQueue(label: String = "PushBridgeTesting.SDKThread") -> SDKThread {
        let queue = DispatchQueue(label: label)
        let key = DispatchSpecificKey<Bool>()
        queue.setSpecific(key: key, value: true)
        return SDKThread(isCurrent: { DispatchQueue.getSpecific(key: key) == true }) { work in
            if DispatchQueue.getSpecific(key: key) == true { work() } else { queue.sync(execute: work) }
        }
    }
}
