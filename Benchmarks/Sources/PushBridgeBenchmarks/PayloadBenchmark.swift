import Foundation
import PushBridge
import PushBridgeValidation

/// Parsing and validating a typical (~300 B) and a maximal (~4 KB) payload from JSON bytes,
/// against `JSONSerialization.jsonObject` alone on the same bytes.
enum PayloadBenchmark {
    static let typical: [UInt8] = Array(
        #"""
        {"aps":{"alert":{"title":"New comment on your post","body":"Alice: That photo from the trip is great, where was it taken?"},"badge":3,"sound":"default","thread-id":"post-8841","category":"COMMENT","mutable-content":1},"type":"comment","postId":8841,"commentId":"c-99120","_j_msgid":20266199}
        """#.utf8)

    static var maximal: [UInt8] {
        var custom: [String] = []
        var index = 0
        var text = ""
        repeat {
            custom.append(#""k\#(index)":"value number \#(index) with some text""#)
            index += 1
            text = #"{"aps":{"alert":{"title":"T","body":"B"},"badge":1,"sound":"default"},"# + custom.joined(separator: ",") + "}"
        } while text.utf8.count < 4_000
        return Array(text.utf8)
    }

    static func run() {
        for (name, bytes) in [("typical", typical), ("maximal", maximal)] {
            let iterations = name == "typical" ? 20_000 : 4_000
            let data = Data(bytes)
            let ours = Harness.measure(operations: iterations) {
                for _ in 0..<iterations {
                    guard let report = try? PayloadValidator.validate(bytes), report.isValid else { fatalError("invalid benchmark payload") }
                }
            }
            let baseline = Harness.measure(operations: iterations) {
                for _ in 0..<iterations { _ = try? JSONSerialization.jsonObject(with: data) }
            }
            Harness.report(
                "payload parse + validate, \(name) (\(bytes.count) B)", value: ours, unit: "ns", baseline: ("JSONSerialization.jsonObject", baseline),
                target: "≤ 0.3× baseline", met: ours <= 0.3 * baseline)
        }
    }
}
