// A process of DeliveryLedgerProcessesTests: one extension appending to the ledger, or one app
// draining it, at the same time as others, through the app group's directory.
//
//   DeliveryLedgerWriter append DIRECTORY PREFIX COUNT   appends PREFIX-0 … PREFIX-(COUNT-1)
//   DeliveryLedgerWriter drain DIRECTORY OUTPUT          drains until DIRECTORY/stop exists, then
//                                                        writes the identifiers it took to OUTPUT
//
// Both wait for DIRECTORY/go before starting, so that every process works at the same time.
// Exit 0 on success; 1 with one line on standard error on a failure (a throw is never swallowed:
// the test must see it, not a missing record).
import Foundation
import PushBridgeServiceExtension

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data((message + "\n").utf8))
    exit(1)
}

let arguments = CommandLine.arguments
guard arguments.count == 5 || (arguments.count == 4 && arguments[1] == "drain") else {
    fail("usage: DeliveryLedgerWriter append DIRECTORY PREFIX COUNT | drain DIRECTORY OUTPUT")
}
let directory = URL(fileURLWithPath: arguments[2])
let ledger: DeliveryLedger
do {
    ledger = try DeliveryLedger(directory: directory, maxRecords: 100_000, lockTimeout: 30)
} catch {
    fail("\(error)")
}

// The start line: every process spins until the test has started them all.
let go = directory.appendingPathComponent("go").path
let waitStart = Date()
while !FileManager.default.fileExists(atPath: go) {
    if Date().timeIntervalSince(waitStart) > 30 { fail("no go file after 30 s") }
    usleep(500)
}

/// A record naming `identifier`, decoded from the ledger's own line format: what the ledger
/// stores is the record, however the session made it.
func record(_ identifier: String) -> DeliveryRecord {
    let json =
        #"{"time":1,"provider":"apns","requestIdentifier":"\#(identifier)","ending":"completed","report":"notNeeded","attachment":"none","vendorAttachments":0,"problems":[],"elapsed":0}"#
    do {
        return try JSONDecoder().decode(DeliveryRecord.self, from: Data(json.utf8))
    } catch {
        fail("record: \(error)")
    }
}

switch arguments[1] {
case "append":
    guard let count = Int(arguments[4]) else { fail("COUNT: expected a number, got \(arguments[4])") }
    for index in 0..<count {
        do {
            try ledger.append(record("\(arguments[3])-\(index)"))
        } catch {
            fail("append \(arguments[3])-\(index): \(error)")
        }
    }
case "drain":
    let stop = directory.appendingPathComponent("stop").path
    var taken: [String] = []
    var stopping = false
    while !stopping {
        stopping = FileManager.default.fileExists(atPath: stop)
        do {
            let drained = try ledger.drain()
            if drained.dropped > 0 || drained.unreadable > 0 { fail("drain: \(drained.dropped) dropped, \(drained.unreadable) unreadable") }
            taken += drained.records.map(\.requestIdentifier)
            usleep(500)
        } catch {
            fail("drain: \(error)")
        }
    }
    do {
        try Data(taken.map { $0 + "\n" }.joined().utf8).write(to: URL(fileURLWithPath: arguments[3]))
    } catch {
        fail("output: \(error)")
    }
default:
    fail("unknown mode \(arguments[1]): expected append or drain")
}
