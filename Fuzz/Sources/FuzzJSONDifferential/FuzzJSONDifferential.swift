@_spi(ProviderAuthor) import JSONReference
@_spi(ProviderAuthor) import PushBridge
import PushBridgeValidation

/// Whether two values are the same in every respect a reader could see: same cases, same key
/// order, doubles with the same bits (`-0.0` is not `0.0` here), strings with the same scalars.
func identical(_ a: JSONValue, _ b: JSONValue) -> Bool {
    switch (a, b) {
    case (.null, .null): return true
    case (.bool(let x), .bool(let y)): return x == y
    case (.integer(let x), .integer(let y)): return x == y
    case (.bigInteger(let x), .bigInteger(let y)): return x.utf8.elementsEqual(y.utf8)
    case (.double(let x), .double(let y)): return x.bitPattern == y.bitPattern
    case (.string(let x), .string(let y)): return x.unicodeScalars.elementsEqual(y.unicodeScalars)
    case (.array(let x), .array(let y)): return x.count == y.count && zip(x, y).allSatisfy { identical($0, $1) }
    case (.object(let x), .object(let y)):
        return x.count == y.count && a == b
            && zip(x, y).allSatisfy { $0.key.unicodeScalars.elementsEqual($1.key.unicodeScalars) && identical($0.value, $1.value) }
    default: return false
    }
}

/// The limits each input is read under: the defaults, the validator's, and tight ones that make
/// the depth and size limits fire.
let limits = [JSONParser.Limits.default, JSONParser.Limits(maxDepth: 32), JSONParser.Limits(maxDepth: 3, maxBytes: 48)]

/// libFuzzer entry: every input through the fast `JSONParser` and the reference reader, which
/// must agree on accept/reject, on the error (kind and position) and on the value; the fast
/// path's value must write back and read again to itself, and the validator's size (counted by
/// the parser) must be the bytes `JSONWriter` writes. Traps on any disagreement.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONDifferential(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for limit in limits {
        let fast = Result { () throws(JSONParseError) -> JSONValue in try JSONParser.parse(bytes, limits: limit) }
        let reference = Result { () throws(JSONParseError) -> JSONValue in try ReferenceJSONParser.parse(bytes, limits: limit) }
        switch (fast, reference) {
        case (.success(let value), .success(let expected)):
            guard identical(value, expected) else { fatalError("values differ: \(value) vs reference \(expected)") }
            let written = JSONWriter.bytes(from: value)
            guard let again = try? JSONParser.parse(written), identical(again, value) else {
                fatalError("written form does not read back: \(String(decoding: written, as: UTF8.self))")
            }
        case (.failure(let error), .failure(let expected)):
            guard error == expected else { fatalError("errors differ: \(error) vs reference \(expected)") }
        case (.success(let value), .failure(let expected)):
            fatalError("accepted \(value), the reference rejects: \(expected)")
        case (.failure(let error), .success(let expected)):
            fatalError("rejected (\(error)), the reference accepts \(expected)")
        }
    }
    // The validator's minified size comes from the parser's count, not from writing the payload;
    // its size is the bytes given (unless an `.apns` file's Simulator key is left out).
    if let report = try? PayloadValidator.validate(bytes) {
        let written = JSONWriter.bytes(from: .object(report.payload)).count
        guard report.minifiedSize == written else { fatalError("minified size \(report.minifiedSize) counted, \(written) written") }
        let hasSimulatorKey = (try? JSONParser.parse(bytes))?[PayloadValidator.simulatorBundleKey] != nil
        let expected = hasSimulatorKey ? report.minifiedSize : bytes.count
        guard report.size == expected else { fatalError("size \(report.size), expected \(expected) (\(bytes.count) bytes given)") }
    }
    return 0
}
