/// Why a JSON text could not be read, and where.
///
/// Every way a text can fail is its own ``Kind``, so callers can react to one (the CLI maps all of
/// them to exit status 2) and people read one precise sentence:
/// `invalid JSON at line 1, column 9: expected ',' or '}' after an object member`.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        /// The input holds nothing but white space.
        case empty
        /// The input is longer than the parser was allowed to read.
        case tooLarge(limit: Int)
        /// A byte sequence inside a string is not UTF-8.
        case invalidUTF8
        /// A character that cannot start or continue the value at this point.
        case unexpectedCharacter(expected: String)
        /// The input ended inside a value.
        case unexpectedEnd(expected: String)
        /// A backslash escape other than `\" \\ \/ \b \f \n \r \t \uXXXX`.
        case invalidEscape
        /// A `\uD800`–`\uDFFF` escape without its other half.
        case loneSurrogate
        /// A control character (below U+0020) written unescaped inside a string.
        case controlCharacter
        /// A number that breaks JSON's grammar.
        case invalidNumber
        /// A number with a fraction or an exponent too large for a `Double` (an integer beyond 64
        /// bits is not an error: it is read as ``JSONValue/bigInteger(_:)``).
        case numberOutOfRange
        /// The same key twice in one object.
        case duplicateKey(String)
        /// Arrays and objects nested deeper than the limit.
        case tooDeep(limit: Int)
        /// More than white space after the value.
        case trailingCharacters
    }

    /// What went wrong.
    public let kind: Kind
    /// The offset of the offending byte, from 0.
    public let offset: Int
    /// The line of the offending byte, from 1.
    public let line: Int
    /// The column (in bytes) of the offending byte, from 1.
    public let column: Int

    /// Creates an error at a position.
    public init(kind: Kind, offset: Int, line: Int, column: Int) {
        self.kind = kind
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// One sentence: what was wrong and where.
    public var description: String {
        let place = "line \(line), column \(column)"
        let problem: String
        switch kind {
        case .empty:
            return "empty input (expected a JSON value)"
        case .tooLarge(let limit):
            return "input is larger than \(limit) bytes"
        case .invalidUTF8:
            return "invalid UTF-8 at \(place) (byte \(offset))"
        case .unexpectedEnd(let expected):
            return "invalid JSON: the input ends at \(place), expected \(expected)"
        case .unexpectedCharacter(let expected):
            problem = "expected " + expected
        case .invalidEscape:
            problem = "unknown escape sequence in a string"
        case .loneSurrogate:
            problem = "a \\u escape is half of a surrogate pair without its other half"
        case .controlCharacter:
            problem = "control character inside a string (escape it)"
        case .invalidNumber:
            problem = "malformed number"
        case .numberOutOfRange:
            problem = "number out of range (too large for a double)"
        case .duplicateKey(let key):
            problem = "duplicate key \"" + JSONFieldReader.displayKey(key) + "\""
        case .tooDeep(let limit):
            problem = "nested deeper than \(limit) levels"
        case .trailingCharacters:
            problem = "unexpected characters after the value"
        }
        return "invalid JSON at \(place): \(problem)"
    }
}
