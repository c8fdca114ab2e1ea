// What the JPush and Getui binding tests share: the record of an SDK header's declarations
// (`ObjCDeclaration`), a reader of the Apple-only bridge's source (`BridgeSource`) and the
// check of its Swift types against the declared Objective-C ones (`SignatureCheck`). A target of
// its own, not a product: only those two test targets depend on it.

/// Where a declaration is: a file at a commit of a public repository, and the line it starts on.
package struct DeclarationSite: Sendable, Hashable, CustomStringConvertible {
    package var repository: String
    package var commit: String
    package var path: String
    package var line: Int

    package var description: String { "\(repository)@\(commit.prefix(7)) \(path):\(line)" }

    package init(repository: String, commit: String, path: String, line: Int) {
        self.repository = repository
        self.commit = commit
        self.path = path
        self.line = line
    }
}

/// An Objective-C type as a header declares it (a fact about the declaration, not its text).
package indirect enum ObjCType: Sendable, Hashable, CustomStringConvertible {
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
    package static func object(_ name: String) -> ObjCType { .object(name, nullable: false) }
    /// A nullable object.
    package static func nullable(_ name: String) -> ObjCType { .object(name, nullable: true) }

    package var description: String {
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
    package var encoding: String {
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
package struct ObjCDeclaration: Sendable {
    package enum Kind: Sendable, Hashable {
        case classMethod, instanceMethod, property
    }

    /// The class or protocol declaring it.
    package var owner: String
    package var kind: Kind
    /// The selector, or the property's name.
    package var selector: String
    /// The arguments after `self` and `_cmd` (a property: the setter's one argument).
    package var arguments: [ObjCType]
    package var returns: ObjCType = .void
    /// Where it is declared; the first is the version the bridge was written against.
    package var sites: [DeclarationSite]
    /// The method's type encoding as the SDK's binary records it, where the binary was read.
    package var binaryEncoding: String? = nil

    package init(
        owner: String, kind: Kind, selector: String, arguments: [ObjCType], returns: ObjCType = .void, sites: [DeclarationSite],
        binaryEncoding: String? = nil
    ) {
        self.owner = owner
        self.kind = kind
        self.selector = selector
        self.arguments = arguments
        self.returns = returns
        self.sites = sites
        self.binaryEncoding = binaryEncoding
    }

    /// The encoding's types without the frame offsets (`v52@0:8@16B40` → `v@:@B`).
    package static func types(ofEncoding encoding: String) -> String {
        String(encoding.filter { !$0.isNumber })
    }

    /// What the declared types encode to, in the binary's form without offsets: the return
    /// type, `self` (`@`), `_cmd` (`:`), then each argument.
    package var expectedEncoding: String {
        returns.encoding + "@:" + arguments.map(\.encoding).joined()
    }
}

/// The number of arguments a selector takes: its colons.
package func arity(_ selector: String) -> Int { selector.filter { $0 == ":" }.count }
