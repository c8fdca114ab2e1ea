import PushBridgeCore
import PushBridgeProviderKit

/// A completion handler still pending, by the delivery and the path that passed it.
struct PendingCompletionKey: Hashable, Sendable {
    var delivery: String
    var callback: SystemCallback
}

/// The answer a system completion handler was given.
enum CompletionAnswer: Sendable {
    case fetch(BackgroundFetchResult)
    case presentation(PresentationOptions)
    case response
}

/// The completion handlers of one delivery's path while its first one is pending: repeats of
/// the call (``PushClientOptions/RepeatedCallCompletion/answerEach``) get the first one's answer, each once.
final class CompletionGroup: Sendable {
    private let state = Locked<(answer: CompletionAnswer?, followers: [SystemCompletion])>((nil, []))

    /// Adds `completion` to be answered with the group's answer; `false` when the group has
    /// been answered already (the caller answers it as a call of its own).
    func follow(_ completion: SystemCompletion) -> Bool {
        state.withLock { state in
            guard state.answer == nil else { return false }
            state.followers.append(completion)
            return true
        }
    }

    /// Answers every follower once, outside the lock.
    func resolve(_ answer: CompletionAnswer) {
        let followers = state.withLock { state -> [SystemCompletion] in
            guard state.answer == nil else { return [] }
            state.answer = answer
            defer { state.followers = [] }
            return state.followers
        }
        for follower in followers { follower.complete(with: answer) }
    }
}

extension SystemCompletion {
    /// The same completion, which also hands its answer to `report` after answering.
    func reporting(_ report: @escaping @Sendable (CompletionAnswer) -> Void) -> SystemCompletion {
        switch self {
        case .fetch(let handler):
            .fetch { result in
                handler(result)
                report(.fetch(result))
            }
        case .presentation(let handler):
            .presentation { options in
                handler(options)
                report(.presentation(options))
            }
        case .response(let handler):
            .response {
                handler()
                report(.response)
            }
        }
    }

    /// Answers with `answer` when it is of this completion's kind, else with the default.
    func complete(with answer: CompletionAnswer) {
        switch (self, answer) {
        case (.fetch(let handler), .fetch(let result)): handler(result)
        case (.presentation(let handler), .presentation(let options)): handler(options)
        case (.response(let handler), .response): handler()
        default: completeWithDefault()
        }
    }
}
