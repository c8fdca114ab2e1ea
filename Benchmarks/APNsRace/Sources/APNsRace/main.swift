import Foundation

// apns-race: PushBridge's APNs sender on each transport against bare AsyncHTTPClient, the same
// requests to the same local HTTP/2 TLS sink, in the same run. See Benchmarks/README.md.
//
//   apns-race [--count N] [--concurrency 16,100,1000] [--short]
//   apns-race sink --cert PEM --key PEM --connections-file FILE     (started by the race)
//   apns-race client CONTENDER --url URL --count N --concurrency C --key P8   (started by the race)

let arguments = Array(CommandLine.arguments.dropFirst())

func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), index + 1 < arguments.count else { return nil }
    return arguments[index + 1]
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    exit(2)
}

switch arguments.first {
case "sink":
    guard let certificate = option("--cert"), let key = option("--key"), let file = option("--connections-file") else {
        fail("sink needs --cert, --key and --connections-file")
    }
    try Sink.run(certificate: certificate, key: key, connectionsFile: file)
case "client":
    guard arguments.count > 1, let contender = Contender(rawValue: arguments[1]) else {
        fail("client needs one of \(Contender.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    guard let url = option("--url"), let count = option("--count").flatMap(Int.init), let concurrency = option("--concurrency").flatMap(Int.init),
        let key = option("--key")
    else { fail("client needs --url, --count, --concurrency and --key") }
    let measurement = try await contender.run(baseURL: url, count: count, concurrency: concurrency, keyPath: key)
    print(String(decoding: try JSONEncoder().encode(measurement), as: UTF8.self))
default:
    let short = arguments.contains("--short")
    guard let count = Int(option("--count") ?? (short ? "1000" : "20000")), (1...1_000_000).contains(count) else {
        fail("--count: expected a whole number from 1 to 1,000,000")
    }
    let levels = (option("--concurrency") ?? (short ? "100,1000" : "16,100,500,1000")).split(separator: ",").map { Int($0) ?? 0 }
    guard !levels.isEmpty, levels.allSatisfy({ (1...1_000).contains($0) }) else {
        fail("--concurrency: expected whole numbers from 1 to 1,000, separated by commas")
    }
    guard let tls = ProcessInfo.processInfo.environment["PUSHBRIDGE_APNS_EMULATOR_TLS"] else {
        fail("PUSHBRIDGE_APNS_EMULATOR_TLS must name a folder made by Emulators/trust-local-tls.sh (URLSession trusts only the system's store)")
    }
    exit(try Race(count: count, levels: levels, tlsFolder: tls).run() ? 0 : 1)
}
