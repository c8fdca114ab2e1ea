import Foundation
import PushBridgeValidation
import Testing

@testable import PushBridge

/// `JSONValue.bigInteger`: an integer beyond 64 bits, which APNs accepts, kept exactly as written.
@Suite struct JSONBigIntegerTests {
    static let beyond64Bits = [
        "9223372036854775808", "-9223372036854775809", "18446744073709551615", "18446744073709551616",
        "123456789012345678901234567890", "-99999999999999999999999999999999999999999",
    ]

    @Test(arguments: beyond64Bits)
    func parsedKeptAndWrittenBackVerbatim(text: String) throws {
        let value = try JSONValue(parsing: text)
        #expect(value == .bigInteger(text))
        #expect(value.integerValue == nil)
        #expect(value.typeDescription == "an integer beyond 64 bits")
        #expect(JSONWriter.string(from: value) == text)
        let inObject = try JSONValue(parsing: #"{"id": \#(text), "n": [\#(text), 1]}"#)
        #expect(JSONWriter.string(from: inObject) == #"{"id":\#(text),"n":[\#(text),1]}"#)
        #expect(JSONWriter.string(from: inObject, style: .pretty).contains(text))
    }

    @Test func theInt64EdgesStayIntegers() throws {
        #expect(try JSONValue(parsing: "9223372036854775807") == .integer(.max))
        #expect(try JSONValue(parsing: "-9223372036854775808") == .integer(.min))
        #expect(try JSONValue(parsing: "-0") == .integer(0))
        #expect(try JSONValue(parsing: "9223372036854775808.0") == .double(9223372036854775808.0))
        #expect(try JSONValue(parsing: "18446744073709551616e0") == .double(18446744073709551616.0))
    }

    @Test func equalityIsByDigits() throws {
        #expect(JSONValue.bigInteger("18446744073709551616") == .bigInteger("18446744073709551616"))
        #expect(JSONValue.bigInteger("18446744073709551616") != .bigInteger("18446744073709551617"))
        #expect(JSONValue.bigInteger("18446744073709551616") != .double(18446744073709551616.0))
        #expect(Set([JSONValue.bigInteger("18446744073709551616"), .bigInteger("18446744073709551616")]).count == 1)
    }

    @Test(arguments: beyond64Bits.filter { $0.count <= 39 })
    func foundationRoundTrip(text: String) throws {
        let value = JSONValue.bigInteger(text)
        let foundation = value.foundationValue
        let decimal = try #require(foundation as? NSDecimalNumber)
        #expect(decimal == NSDecimalNumber(string: text))
        #expect(try JSONValue(foundation: foundation) == value)
        let object: JSONValue = ["id": value, "small": 3]
        #expect(try JSONValue(foundation: object.foundationValue) == object)
    }

    @Test func foundationNumbersBeyondInt64AreBigIntegers() throws {
        #expect(try JSONValue(foundation: NSNumber(value: UInt64.max)) == .bigInteger("18446744073709551615"))
        #expect(try JSONValue(foundation: NSNumber(value: UInt64(Int64.max))) == .integer(.max))
        // A decimal within Int64, or with a fraction, is read as before (a Double).
        #expect(try JSONValue(foundation: NSDecimalNumber(string: "12")) == .double(12))
        #expect(try JSONValue(foundation: NSDecimalNumber(string: "1.5")) == .double(1.5))
    }

    @Test func aPayloadHoldingOneIsReadable() throws {
        let report = try PayloadValidator.validate(Array(#"{"aps": {"alert": "x"}, "orderId": 123456789012345678901234567890}"#.utf8))
        #expect(report.isValid)
        #expect(report.payload["orderId"] == .bigInteger("123456789012345678901234567890"))
        #expect(report.minifiedSize == JSONWriter.bytes(from: .object(report.payload)).count)
        let badge = try PayloadValidator.validate(Array(#"{"aps": {"badge": 99999999999999999999}}"#.utf8))
        #expect(badge.isValid, "APNs delivers it")
        #expect(badge.warnings.map(\.field) == ["aps.badge"], "iOS cannot read a badge beyond 64 bits")
    }
}
