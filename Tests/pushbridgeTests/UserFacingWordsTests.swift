import Foundation
import Testing

@testable import pushbridge

/// What a user reads speaks of push notifications, not of how the project was made: no "seed"
/// (the articles the model started from), no "steering", no ticket numbers, in the README, the
/// DocC articles and guides, the other READMEs, the command's help and output, and the text the
/// libraries show (their `///` documentation, diagnostics and errors). A page that numbers the
/// callbacks ("method 5") names what the numbers stand for on the same page, before their first
/// use.
@Suite struct UserFacingWordsTests {
    /// A word about the project's own process, and why it is one.
    struct ProcessWord: Sendable {
        let pattern: String
        let meaning: String
    }

    static let processWords: [ProcessWord] = [
        ProcessWord(pattern: #"\bseed(s|ed)?\b"#, meaning: "the articles the model started from: name the experiment or the source instead"),
        ProcessWord(pattern: #"\bsteering\b"#, meaning: "the project's own organisation"),
        ProcessWord(pattern: #"\b(issue|ticket|task)-\d+\b"#, meaning: "a ticket of the project's own tracker"),
        ProcessWord(pattern: #"\b(our|this|the project's) (issue|ticket|task) #?\d+\b"#, meaning: "a ticket of the project's own tracker"),
    ]

    /// Lines where "seed" is the ordinary word of another field: a hash's seed, a fuzzer's seed
    /// inputs.
    static let otherMeanings = ["hash", "per-process", "random", "fuzz", "corpus"]

    /// The callbacks' selectors a page must name before it numbers them.
    static let legendSelectors = [
        "application:didFinishLaunchingWithOptions:", "application:didReceiveRemoteNotification:",
        "fetchCompletionHandler:", "willPresentNotification:", "didReceiveNotificationResponse:",
    ]

    static func processWordsIn(_ text: String, source: String) -> [String] {
        var findings: [String] = []
        for (number, line) in text.components(separatedBy: "\n").enumerated() {
            let lowered = line.lowercased()
            for word in processWords where lowered.range(of: word.pattern, options: .regularExpression) != nil {
                if word.pattern.contains("seed"), otherMeanings.contains(where: lowered.contains) { continue }
                findings.append("\(source):\(number + 1): \(word.meaning): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        return findings
    }

    /// Every Markdown page a user reads: the READMEs outside `Tests/`, and every DocC article.
    static func userFacingPages() throws -> [String] {
        let root = ReadmeClaimsTests.root
        var pages: [String] = []
        for folder in ["", "Sources", "Adapters", "Examples", "Benchmarks", "Fuzz", "Emulators"] {
            let base = folder.isEmpty ? root : root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walker {
                let relative = String(url.path.dropFirst(root.path.count + 1))
                if relative.hasPrefix(".") || relative.contains("/.build") || relative.hasPrefix("Tests/") {
                    walker.skipDescendants()
                    continue
                }
                if folder.isEmpty, relative.contains("/") {
                    walker.skipDescendants()
                    continue
                }
                if url.pathExtension == "md" { pages.append(relative) }
            }
        }
        return pages.sorted()
    }

    /// The text the libraries and the command show: `///` documentation and string literals.
    static func userFacingSourceLines() throws -> [(source: String, text: String)] {
        let root = ReadmeClaimsTests.root
        var lines: [(String, String)] = []
        for folder in ["Sources", "Adapters"] {
            guard let walker = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil) else {
                continue
            }
            for case let url as URL in walker where url.pathExtension == "swift" {
                let relative = String(url.path.dropFirst(root.path.count + 1))
                let shown = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n").map { line -> String in
                    let trimmed = line.trimmingCharacters(in: .whitespaces)
                    if trimmed.hasPrefix("///") { return line }
                    if trimmed.hasPrefix("//") { return "" }  // a note to the code's maintainers
                    return line.contains("\"") ? line : ""
                }
                lines.append((relative, shown.joined(separator: "\n")))
            }
        }
        return lines
    }

    @Test func noPageSpeaksOfTheProjectsProcess() throws {
        let pages = try Self.userFacingPages()
        #expect(pages.contains("README.md"))
        #expect(pages.count > 20, "the walk found only \(pages)")
        var findings: [String] = []
        for page in pages { findings += Self.processWordsIn(try ReadmeClaimsTests.text(page), source: page) }
        #expect(findings.isEmpty, "\(findings.joined(separator: "\n"))")
    }

    @Test func noDocumentationCommentDiagnosticOrErrorSpeaksOfIt() throws {
        let sources = try Self.userFacingSourceLines()
        #expect(sources.count > 100)
        let findings = sources.flatMap { Self.processWordsIn($0.text, source: $0.source) }
        #expect(findings.isEmpty, "\(findings.joined(separator: "\n"))")
    }

    @Test func noHelpOrOutputOfTheCommandSpeaksOfIt() {
        var outputs: [(String, String)] = [("usage", CommandLineTool.usage)]
        for name in CommandHelp.all.keys.sorted() {
            let result = CommandLineTool(io: .memory()).run([name, "--help"])
            outputs.append(("\(name) --help", result.standardOutput + result.standardError))
        }
        for format in ["markdown", "json", "mermaid", "dot", "html"] {
            let result = CommandLineTool(io: .memory()).run(["matrix", "--format", format])
            outputs.append(("matrix --format \(format)", result.standardOutput))
        }
        let demo = CommandLineTool(io: .memory()).run([])
        outputs.append(("the demonstration", demo.standardOutput))
        let findings = outputs.flatMap { Self.processWordsIn($0.1, source: $0.0) }
        #expect(findings.isEmpty, "\(findings.joined(separator: "\n"))")
    }

    @Test func aPageThatNumbersTheCallbacksNamesThemFirst() throws {
        var findings: [String] = []
        for page in try Self.userFacingPages() {
            let text = try ReadmeClaimsTests.text(page)
            guard let firstUse = text.range(of: #"\b[Mm]ethods? [1-5]\b"#, options: .regularExpression) else { continue }
            let before = text[..<firstUse.lowerBound]
            let missing = Self.legendSelectors.filter { !before.contains($0) }
            if !missing.isEmpty { findings.append("\(page): numbers a callback before naming \(missing.joined(separator: ", "))") }
        }
        #expect(findings.isEmpty, "\(findings.joined(separator: "\n"))")
    }

    @Test func theDrawingsCarryTheirLegend() {
        for format in ["mermaid", "dot", "html", "markdown"] {
            let output = CommandLineTool(io: .memory()).run(["matrix", "--format", format]).standardOutput
            for selector in Self.legendSelectors where !(format == "markdown" && selector.hasSuffix(":")) {
                #expect(
                    output.contains(selector.trimmingCharacters(in: CharacterSet(charactersIn: ":"))), "matrix --format \(format) lacks \(selector)")
            }
        }
    }

    @Test func theCheckFindsWhatItLooksFor() {
        #expect(!Self.processWordsIn("the seed article's tables", source: "x").isEmpty)
        #expect(!Self.processWordsIn("see issue-17", source: "x").isEmpty)
        #expect(!Self.processWordsIn("the steering repository", source: "x").isEmpty)
        #expect(Self.processWordsIn("a seeded hash of the bytes", source: "x").isEmpty)
        #expect(Self.processWordsIn("square/SuperDelegate issue 11", source: "x").isEmpty)
    }
}
