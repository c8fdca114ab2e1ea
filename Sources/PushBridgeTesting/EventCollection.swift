import PushBridge
import PushBridgeModel

extension PushEventStream {
    /// The next `count` events of the stream (fewer if it ends first).
    ///
    /// ```swift
    /// let events = await client.events().first(2)
    /// ```
    public func first(_ count: Int) async -> [PushEvent] {
        var events: [PushEvent] = []
        guard count > 0 else { return events }
        for await event in self {
            events.append(event)
            if events.count == count { break }
        }
        return events
    }
}

extension PushEventStream {
    /// Every event until the stream ends — for a simulated device, when its app is terminated.
    ///
    /// ```swift
    /// let stream = try #require(device.client).events()
    /// device.terminate()
    /// let all = await stream.collected()
    /// ```
    public func collected() async -> [PushEvent] {
        var events: [PushEvent] = []
        for await event in self { events.append(event) }
        return events
    }
}
