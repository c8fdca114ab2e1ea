@_spi(ProviderAuthor) import PushBridge
import Testing

/// Everything iOS reads in `aps` reaches the app's notification value.
@Suite struct APSDetailsTests {
    @Test func everyDetailIsRead() throws {
        let note = try PushNotification(payload: [
            "aps": [
                "alert": ["title-loc-key": "T", "title-loc-args": ["a"], "loc-key": "B", "loc-args": ["x", "y"]],
                "sound": ["critical": 1, "name": "alarm.caf", "volume": 0.5],
                "interruption-level": "time-sensitive", "relevance-score": 0.75, "target-content-id": "chat-7", "filter-criteria": "work",
            ],
        ])
        let details = note.content.details
        #expect(details.interruptionLevel == .timeSensitive)
        #expect(details.relevanceScore == 0.75)
        #expect(details.targetContentID == "chat-7")
        #expect(details.filterCriteria == "work")
        #expect(details.localization == APSDetails.Localization(titleKey: "T", titleArguments: ["a"], bodyKey: "B", bodyArguments: ["x", "y"]))
        #expect(details.criticalSound == APSDetails.CriticalSound(name: "alarm.caf", isCritical: true, volume: 0.5))
        #expect(details.liveActivity == nil)
    }

    @Test func aLiveActivitysFieldsAreRead() throws {
        let note = try PushNotification(payload: [
            "aps": ["event": "end", "timestamp": 1_700_000_000, "dismissal-date": 1_700_003_600, "content-state": ["score": 3], "relevance-score": 75],
        ])
        let activity = try #require(note.content.details.liveActivity)
        #expect(activity.event == "end")
        #expect(activity.timestamp == 1_700_000_000)
        #expect(activity.dismissalDate == 1_700_003_600)
        #expect(activity.contentState == ["score": 3])
        #expect(note.content.details.relevanceScore == 75, "any number ranks a Live Activity")
    }

    @Test func aPlainNotificationHasNoDetailsAndWrongTypesReadAsAbsent() throws {
        #expect(try PushNotification(payload: ["aps": ["alert": "Hi", "badge": 1]]).content.details == APSDetails())
        let odd = try PushNotification(payload: ["aps": ["alert": "Hi", "interruption-level": "urgent", "relevance-score": "high"]])
        #expect(odd.content.details.interruptionLevel == nil)
        #expect(odd.content.details.relevanceScore == nil)
    }
}
