import PushBridge
import PushBridgeValidation
import Testing

/// Everything else iOS reads in `aps`, read from a notification's payload.
@Suite struct APSDetailsTests {
    @Test func everyDetailIsRead() throws {
        let note = try PushNotification(payload: [
            "aps": [
                "alert": ["title-loc-key": "T", "title-loc-args": ["a"], "loc-key": "B", "loc-args": ["x", "y"]],
                "sound": ["critical": 1, "name": "alarm.caf", "volume": 0.5],
                "interruption-level": "time-sensitive", "relevance-score": 0.75, "target-content-id": "chat-7", "filter-criteria": "work",
            ]
        ])
        let details = APSDetails(payload: note.payload)
        #expect(details.interruptionLevel == .timeSensitive)
        #expect(details.relevanceScore == 0.75)
        #expect(details.targetContentID == "chat-7")
        #expect(details.filterCriteria == "work")
        #expect(details.localization == APSDetails.Localization(titleKey: "T", titleArguments: ["a"], bodyKey: "B", bodyArguments: ["x", "y"]))
        #expect(details.criticalSound == APSDetails.CriticalSound(name: "alarm.caf", isCritical: true, volume: 0.5))
        #expect(details.liveActivity == nil)
    }

    @Test func aCriticalSoundsFlagIsTheNumberOneAsEveryOtherAPNsFlag() throws {
        // One reading of an APNs flag for the dispatch model (`DeliveryFlags`) and for `validate`:
        // the number 1, as 1 or 1.0 (`APSContent.isNumberOne`), never `true` or "1".
        for (critical, expected) in [
            (JSONValue.integer(1), true), (.double(1), true), (.integer(0), false), (.bool(true), false), (.string("1"), false),
        ] {
            let note = try PushNotification(payload: ["aps": ["sound": ["critical": critical, "name": "alarm.caf"]]])
            #expect(APSDetails(payload: note.payload).criticalSound?.isCritical == expected, "\(critical)")
        }
    }

    @Test func aLiveActivitysFieldsAreRead() throws {
        let note = try PushNotification(payload: [
            "aps": [
                "event": "end", "timestamp": 1_700_000_000, "dismissal-date": 1_700_003_600, "content-state": ["score": 3], "relevance-score": 75,
            ]
        ])
        let activity = try #require(APSDetails(payload: note.payload).liveActivity)
        #expect(activity.event == "end")
        #expect(activity.timestamp == 1_700_000_000)
        #expect(activity.dismissalDate == 1_700_003_600)
        #expect(activity.contentState == ["score": 3])
        #expect(APSDetails(payload: note.payload).relevanceScore == 75, "any number ranks a Live Activity")
    }

    @Test func aPlainNotificationHasNoDetailsAndWrongTypesReadAsAbsent() throws {
        #expect(APSDetails(payload: try PushNotification(payload: ["aps": ["alert": "Hi", "badge": 1]]).payload) == APSDetails())
        let odd = try PushNotification(payload: ["aps": ["alert": "Hi", "interruption-level": "urgent", "relevance-score": "high"]])
        #expect(APSDetails(payload: odd.payload).interruptionLevel == nil)
        #expect(APSDetails(payload: odd.payload).relevanceScore == nil)
    }
}
