import PushBridge
import PushBridgeModel
import Testing

/// iOS versions: `MAJOR[.MINOR[.PATCH]]`, 3.0 or later, ordered component by component.
@Suite struct IOSVersionTests {
    @Test(arguments: [
        ("3", IOSVersion(3, 0, 0)),
        ("3.0", IOSVersion(3, 0, 0)),
        ("9.3.2", IOSVersion(9, 3, 2)),
        ("12.3.1", IOSVersion(12, 3, 1)),
        ("17.0", IOSVersion(17, 0, 0)),
        ("10", IOSVersion(10, 0, 0)),
        ("13.7", IOSVersion(13, 7, 0)),
        ("26.0.1", IOSVersion(26, 0, 1)),
    ])
    func validVersionsParseIntoTheirComponents(text: String, expected: IOSVersion) throws {
        let version = try IOSVersion(parsing: text)
        #expect(version == expected)
        #expect(version.major == expected.major && version.minor == expected.minor && version.patch == expected.patch)
        #expect(version >= IOSVersion.minimum)
    }

    /// Not a version (or older than 3.0), with the phrase the error must hold.
    @Test(arguments: [
        ("abc", "is not a version"),
        ("2.0", "is older than iOS 3.0"),
        ("2.9.9", "is older than iOS 3.0"),
        ("0", "is older than iOS 3.0"),
        ("", "is not a version"),
        ("1.2.3.4", "is not a version"),
        ("12.", "is not a version"),
        (".1", "is not a version"),
        (" 12", "is not a version"),
        ("12 ", "is not a version"),
        ("+12", "is not a version"),
        ("-12", "is not a version"),
        ("12a", "is not a version"),
        ("12..1", "is not a version"),
        ("v12", "is not a version"),
        ("١٢", "is not a version"),
        ("99999999999999999999", "is not a version"),
    ])
    func invalidVersionsAreRejectedNamingTheField(text: String, phrase: String) {
        #expect {
            _ = try IOSVersion(parsing: text)
        } throws: { error in
            guard let error = error as? PushError else { return false }
            return error.code == .invalidScenario && error.field == "ios" && error.message.contains(phrase)
                && error.message.contains("(expected MAJOR[.MINOR[.PATCH]], 3.0 or later)")
        }
    }

    @Test func theContractsExampleErrorIsWordForWord() {
        #expect(throws: PushError(.invalidScenario, field: "ios", #""abc" is not a version (expected MAJOR[.MINOR[.PATCH]], 3.0 or later)"#)) {
            try IOSVersion(parsing: "abc")
        }
        #expect(
            throws: PushError(.invalidScenario, field: "--ios", #""2.0" is older than iOS 3.0 (expected MAJOR[.MINOR[.PATCH]], 3.0 or later)"#)
        ) {
            try IOSVersion(parsing: "2.0", field: "--ios")
        }
    }

    @Test func aLongInvalidVersionIsShortenedInItsOneLineError() {
        let text = "1\n2" + String(repeating: "x", count: 200)
        do {
            _ = try IOSVersion(parsing: text)
            Issue.record("parsed")
        } catch {
            #expect(!error.description.contains("\n"))
            #expect(error.description.count < 160)
            #expect(error.message.contains("…"))
        }
    }

    @Test(arguments: [
        (IOSVersion(9, 3, 2), IOSVersion(10)),
        (IOSVersion(9, 9, 9), IOSVersion(10)),
        (IOSVersion(10), IOSVersion(10, 0, 1)),
        (IOSVersion(10, 2), IOSVersion(10, 10)),
        (IOSVersion(10, 9, 9), IOSVersion(10, 10)),
        (IOSVersion(12, 3, 1), IOSVersion(12, 4)),
        (IOSVersion(13, 9, 9), IOSVersion(14)),
        (IOSVersion(3), IOSVersion(17)),
    ])
    func versionsOrderComponentByComponent(lower: IOSVersion, higher: IOSVersion) {
        #expect(lower < higher)
        #expect(!(higher < lower))
        #expect(lower != higher)
        #expect(max(lower, higher) == higher)
    }

    @Test func equalVersionsIgnoreHowTheyWereWritten() throws {
        #expect(try IOSVersion(parsing: "10") == IOSVersion(parsing: "10.0"))
        #expect(try IOSVersion(parsing: "10.0") == IOSVersion(parsing: "10.0.0"))
        #expect(try IOSVersion(parsing: "3") == IOSVersion.minimum)
        let sorted = try ["17.0", "9.3.2", "10", "12.3.1", "3", "10.0.1"].map { try IOSVersion(parsing: $0) }.sorted()
        #expect(sorted.map(\.description) == ["3.0", "9.3.2", "10.0", "10.0.1", "12.3.1", "17.0"])
    }

    @Test(arguments: [
        (IOSVersion(12, 3, 1), "12.3.1"),
        (IOSVersion(10), "10.0"),
        (IOSVersion(17, 0), "17.0"),
        (IOSVersion(13, 7), "13.7"),
        (IOSVersion(9, 0, 2), "9.0.2"),
        (IOSVersion(3), "3.0"),
    ])
    func descriptionWritesMajorMinorAndAPatchOnlyWhenThereIsOne(version: IOSVersion, text: String) throws {
        #expect(version.description == text)
        #expect(try IOSVersion(parsing: text) == version)
    }
}
