/// Where a declaration is: a file at a commit of a public repository, and the line it starts on.
struct DeclarationSite: Sendable, Hashable, CustomStringConvertible {
    var repository: String
    var commit: String
    var path: String
    var line: Int

    var description: String { "\(repository)@\(commit.prefix(7)) \(path):\(line)" }
}

/// An Objective-C type as a header declares it (a fact about the declaration, not its text).
indirect enum ObjCType: Sendable, Hashable, CustomStringConvertible {
    /// `void`.
    case void
    /// `BOOL`.
    case bool
    /// `int` (32 bits).
    case int
    /// `NSInteger`.
    case integer
    /// `NSUInteger`, or an `NS_ENUM`/`NS_OPTIONS` over it, by name.
    case unsignedInteger(String)
    /// A pointer to an object of the class (or `id<Protocol>`) named.
    case object(String, nullable: Bool)
    /// A block returning `void` with these arguments.
    case block([ObjCType], nullable: Bool)

    /// A non-null object.
    static func object(_ name: String) -> ObjCType { .object(name, nullable: false) }
    /// A nullable object.
    static func nullable(_ name: String) -> ObjCType { .object(name, nullable: true) }

    var description: String {
        switch self {
        case .void: "void"
        case .bool: "BOOL"
        case .int: "int"
        case .integer: "NSInteger"
        case .unsignedInteger(let name): name
        case .object(let name, let nullable): "\(nullable ? "nullable " : "")\(name) *"
        case .block(let arguments, let nullable): "\(nullable ? "nullable " : "")void (^)(\(arguments.map(\.description).joined(separator: ", ")))"
        }
    }

    /// The type's letter in an Objective-C type encoding (`@encode`), as a method list records it.
    var encoding: String {
        switch self {
        case .void: "v"
        case .bool: "B"  // arm64: BOOL is bool
        case .int: "i"
        case .integer: "q"
        case .unsignedInteger: "Q"
        case .object: "@"
        case .block: "@?"
        }
    }
}

/// One declaration the bridge binds: a class method, an instance method (a delegate method the
/// bridge implements) or a property (set by key-value coding).
struct ObjCDeclaration: Sendable {
    enum Kind: Sendable, Hashable {
        case classMethod, instanceMethod, property
    }

    /// The class or protocol declaring it.
    var owner: String
    var kind: Kind
    /// The selector, or the property's name.
    var selector: String
    /// The arguments after `self` and `_cmd` (a property: the setter's one argument).
    var arguments: [ObjCType]
    var returns: ObjCType = .void
    /// Where it is declared; the first is the version the bridge was written against.
    var sites: [DeclarationSite]
    /// The method's type encoding as the SDK's binary records it, where the binary was read.
    var binaryEncoding: String? = nil

    /// The encoding's types without the frame offsets (`v52@0:8@16B40` → `v@:@B`).
    static func types(ofEncoding encoding: String) -> String {
        String(encoding.filter { !$0.isNumber })
    }

    /// What the declared types encode to, in the binary's form without offsets: the return
    /// type, `self` (`@`), `_cmd` (`:`), then each argument.
    var expectedEncoding: String {
        returns.encoding + "@:" + arguments.map(\.encoding).joined()
    }
}

/// The number of arguments a selector takes: its colons.
func arity(_ selector: String) -> Int { selector.filter { $0 == ":" }.count }
