/// Runs `work` for every element of `items` with at most `limit` running at once: a campaign of
/// 100,000 targets keeps `limit` requests in flight, not 100,000 tasks.
package func forEachConcurrently<Items: Sequence & Sendable>(
    _ items: Items, limit: Int, _ work: @escaping @Sendable (Items.Element) async -> Void
) async where Items.Element: Sendable {
    await withTaskGroup(of: Void.self) { group in
        var running = 0
        for item in items {
            if running >= max(1, limit) {
                await group.next()
                running -= 1
            }
            group.addTask { await work(item) }
            running += 1
        }
        await group.waitForAll()
    }
}
