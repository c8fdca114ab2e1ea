import PushBridge
import Testing

/// How errors show a key: control characters escaped, at most 40 characters (Unicode scalars),
/// an ellipsis for the rest, so an error about any key stays one short line.
@Suite struct JSONFieldReaderTests {
    @Test func aKeyIsShownWholeUpTo40ScalarsThenCutWithAnEllipsis() {
        let forty = String(repeating: "k", count: 40)
        #expect(JSONFieldReader.displayKey("") == "")
        #expect(JSONFieldReader.displayKey(String(repeating: "k", count: 39)) == String(repeating: "k", count: 39))
        #expect(JSONFieldReader.displayKey(forty) == forty)
        #expect(JSONFieldReader.displayKey(forty + "x") == forty + "…")
        #expect(JSONFieldReader.displayKey(String(repeating: "é", count: 41)) == String(repeating: "é", count: 40) + "…")
    }

    @Test func controlCharactersAndLineSeparatorsAreEscaped() {
        #expect(JSONFieldReader.displayKey("a\nb\u{7F}c\u{2028}") == "a\\u{a}b\\u{7f}c\\u{2028}")
        // An escape counts as the one scalar it shows.
        let escaped = JSONFieldReader.displayKey(String(repeating: "\u{1}", count: 41))
        #expect(escaped == String(repeating: "\\u{1}", count: 40) + "…")
    }

    @Test func aMemberPathJoinsTheShownKeyToItsObjectsPath() {
        #expect(JSONFieldReader(JSONObject(), code: .invalidConfiguration).path(of: "a\tb") == "a\\u{9}b")
        #expect(JSONFieldReader(JSONObject(), path: "jpush", code: .invalidConfiguration).path(of: "appKey") == "jpush.appKey")
    }
}
