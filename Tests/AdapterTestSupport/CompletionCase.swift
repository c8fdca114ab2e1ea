import PushBridge

/// What a completion handler an SDK passed in was called with, in order.
package final class CompletionAnswers: Sendable {
    private let values = Locked<[String]>([])

    /// No answers yet.
    package init() {}

    /// Every answer so far.
    package var all: [String] { values.withLock { $0 } }

    /// Records one answer.
    package func record(_ value: some Sendable) { values.withLock { $0.append("\(value)") } }
}

/// One row of an adapter's exactly-once completion tests: a callback of the mock SDK whose
/// completion handler records into ``CompletionAnswers``, what it must have been called with
/// before the app answers, and after the app answered (twice).
package struct CompletionCase<Callback>: Sendable, CustomStringConvertible {
    package var name: String
    package var state: ApplicationState
    package var callback: @Sendable (CompletionAnswers) -> Callback
    package var beforeTheApp: [String]
    package var afterTheApp: [String]

    /// A row.
    package init(
        name: String, state: ApplicationState, callback: @escaping @Sendable (CompletionAnswers) -> Callback, beforeTheApp: [String],
        afterTheApp: [String]
    ) {
        self.name = name
        self.state = state
        self.callback = callback
        self.beforeTheApp = beforeTheApp
        self.afterTheApp = afterTheApp
    }

    package var description: String { name }

    /// What the row's completion handler was called with before the app answered and after it
    /// answered twice: `trigger` hands the mock SDK the row's callback (on a sink that holds the
    /// handlers), then `appAnswersTwice` answers each held one twice.
    package func answers(trigger: (Callback) -> Void, appAnswersTwice: () -> Void) -> (beforeTheApp: [String], afterTheApp: [String]) {
        let answers = CompletionAnswers()
        trigger(callback(answers))
        let before = answers.all
        appAnswersTwice()
        return (before, answers.all)
    }
}
