#if canImport(UserNotifications) && canImport(ObjectiveC)
    import Foundation
    import PushBridgeCore
    import PushBridgeProviderKit
    import UserNotifications

    /// A `UNNotificationServiceExtension` that runs a ``ServiceExtensionSession`` for each
    /// notification: subclass it as the extension's principal class and override what differs.
    ///
    /// Extension-safe: it uses no app-only API. It reports to the provider whose reporter claims
    /// the payload, downloads the media, runs ``modifyContent(_:for:)``, records the outcome in
    /// the app group's ``DeliveryLedger`` and calls the system's content handler exactly once —
    /// mapping `serviceExtensionTimeWillExpire()` to ``ServiceExtensionSession/timeWillExpire()``.
    /// An app changes the content by overriding ``modifyContent(_:for:)``, not `didReceive`.
    ///
    /// It reads the configuration file the app reads (`push.json`, in the extension's bundle too):
    /// the provider, whose reporter it picks among ``reporterAdapters``, and the app group
    /// (`serviceExtension.appGroup`), named there once. When the file names `markets`, it follows
    /// the provider the app recorded in the app group at its last launch, with no code of the
    /// app's; before any record, every named provider's reporter, each claiming its own payloads
    /// (``ServiceExtensionConfiguration/providers(following:)``). The vendors' reporters come
    /// from their products (`PushBridgeJPushServiceExtension`, `PushBridgeGetuiServiceExtension`):
    ///
    /// ```swift
    /// final class NotificationService: PushNotificationServiceExtension, @unchecked Sendable {
    ///     override var reporterAdapters: [ServiceExtensionReporterAdapter] { [.jpush, .getui] }
    /// }
    /// ```
    open class PushNotificationServiceExtension: UNNotificationServiceExtension, @unchecked Sendable {
        // @unchecked: `current` is guarded by its lock; the system calls the two overrides on one
        // extension instance per request.
        private let current = Locked<(session: ServiceExtensionSession, reporters: [any ServiceExtensionReporter])?>(nil)

        /// The configuration file the extension shares with the app, in the extension's bundle:
        /// `push.json`.
        open var pushConfigurationFile: String { "push.json" }

        /// The delivery reporters the extension links (`[.jpush, .getui]`); the configuration file
        /// picks the one of its provider. None by default (plain APNs reports nothing).
        open var reporterAdapters: [ServiceExtensionReporterAdapter] { [] }

        /// The app group the ledger lives in: the configuration file's `serviceExtension.appGroup`
        /// by default; `nil` keeps no ledger.
        open var appGroupIdentifier: String? {
            (try? ServiceExtensionConfiguration(jsonBytes: configurationFileBytes()))?.appGroup
        }

        /// The session's options.
        open var options: ServiceExtensionOptions { ServiceExtensionOptions() }

        /// The providers' reporters: by default, those of ``reporterAdapters`` the configuration
        /// file names (none for plain APNs), following the provider the app recorded in the app
        /// group; a file or an SDK that cannot be used is reported as each notification's ``ServiceExtensionSessionOutcome/report`` (`.failed`, with the
        /// reason). A reporter that throws here (its SDK is missing) leaves the notification
        /// unreported.
        open func makeReporters() throws -> [any ServiceExtensionReporter] {
            guard !reporterAdapters.isEmpty else { return [] }
            let recorded = appGroupIdentifier.flatMap { FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: $0) }
                .flatMap { ServiceExtensionConfiguration.recordedProvider(in: $0) }
            return ServiceExtensionConfiguration.reporters(reading: configurationFileBytes, adapters: reporterAdapters, recorded: recorded)
        }

        /// The bytes of ``pushConfigurationFile`` in the extension's bundle, or an error naming it.
        private func configurationFileBytes() throws(PushError) -> [UInt8] {
            let name = pushConfigurationFile as NSString
            guard
                let url = Bundle.main.url(
                    forResource: name.deletingPathExtension, withExtension: name.pathExtension.isEmpty ? nil : name.pathExtension),
                let data = try? Data(contentsOf: url)
            else {
                throw PushError(
                    .invalidConfiguration, field: pushConfigurationFile,
                    "not found in the extension's bundle (add it to the extension target's resources)")
            }
            return Array(data)
        }

        /// The downloader.
        open func makeDownloader() -> any MediaDownloader { URLSessionMediaDownloader() }

        /// Called with each outcome before the content is delivered, for logging.
        open func didFinish(_ outcome: ServiceExtensionSessionOutcome) {}

        /// Changes the notification's content before it is shown — decrypts the body, sets a
        /// thread identifier or a badge the app keeps in its group, makes it a communication
        /// notification — and returns the content to deliver. By default, `content` unchanged.
        ///
        /// It runs while the provider's report and the media download run, within the session's
        /// ``ServiceExtensionOptions/deadline``. The media is added to what it returns. When it
        /// throws, or has not returned by the deadline or `serviceExtensionTimeWillExpire()`, the
        /// notification is delivered as it arrived (with the media) — once, reported, in the
        /// ledger — and ``didFinish(_:)`` sees why in the outcome's
        /// ``ServiceExtensionSessionOutcome/contentChange``. A late hook's task is cancelled and
        /// its result ignored. (If the handler is not called in time, the system shows the
        /// original content,
        /// https://developer.apple.com/documentation/usernotifications/unnotificationserviceextension.)
        ///
        /// A communication notification (iOS 15) is the content updated from the sender's intent:
        /// return `try content.updating(from: intent)`
        /// (https://developer.apple.com/documentation/usernotifications/unnotificationcontent/updating(from:)).
        ///
        /// ```swift
        /// override func modifyContent(_ content: UNMutableNotificationContent, for request: ServiceExtensionRequest) async throws -> UNNotificationContent {
        ///     content.threadIdentifier = request.payload["chat"]?.stringValue ?? content.threadIdentifier
        ///     return content
        /// }
        /// ```
        ///
        /// - Parameters:
        ///   - content: A copy of the notification's content, the hook's to change.
        ///   - request: The notification's identifier and payload.
        /// - Returns: The content to deliver: `content`, or one made from it.
        open func modifyContent(_ content: UNMutableNotificationContent, for request: ServiceExtensionRequest) async throws -> UNNotificationContent {
            content
        }

        open override func didReceive(_ request: UNNotificationRequest, withContentHandler contentHandler: @escaping (UNNotificationContent) -> Void)
        {
            let content = (request.content.mutableCopy() as? UNMutableNotificationContent) ?? UNMutableNotificationContent()
            let payload = (try? JSONValue(foundation: request.content.userInfo))?.objectValue ?? JSONObject()
            let reporters = (try? makeReporters()) ?? []
            let ledger = appGroupIdentifier.flatMap { FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: $0) }
                .flatMap { try? DeliveryLedger(directory: $0) }
            // The hook changes a copy of its own: the original stays whole for every other path.
            let hooked = Hooked((request.content.mutableCopy() as? UNMutableNotificationContent) ?? UNMutableNotificationContent())
            let session = ServiceExtensionSession(
                request: ServiceExtensionRequest(identifier: request.identifier, payload: payload, platformRequest: PlatformObject(request)),
                options: options, reporters: reporters, downloader: makeDownloader(), ledger: ledger,
                modifyContent: { [weak self] request in
                    guard let self else { return }
                    try await hooked.run { try await self.modifyContent($0, for: request) }
                })
            let attaching = reporters.compactMap { $0 as? any ServiceExtensionAttachmentReporter }
            current.withLock { $0 = (session, reporters) }
            let deliver = Deliver(content: content, handler: contentHandler)
            // The identifier, not the request: `UNNotificationRequest` is not `Sendable` in the
            // iOS 17 SDK (capturing a `String` builds whether or not a newer SDK marks it so).
            let identifier = request.identifier
            session.start { [weak self] outcome in
                self?.didFinish(outcome)
                var attachments = attaching.flatMap { $0.takeAttachments(for: identifier) }
                if let attachment = Self.attachment(outcome) { attachments.append(attachment) }
                // The hook's content only if the session saw it return in time: otherwise the
                // hook may still be running, and the content is the original.
                deliver.call(outcome.contentChange == .applied ? hooked.result : nil, attachments)
            }
        }

        open override func serviceExtensionTimeWillExpire() {
            guard let (session, reporters) = current.withLock({ $0 }) else { return }
            for reporter in reporters { reporter.timeWillExpire() }
            session.timeWillExpire()
        }

        /// The downloaded file as an attachment, renamed with its kind's extension (the system
        /// infers the type from it); `nil` when there is none or the system refuses it.
        static func attachment(_ outcome: ServiceExtensionSessionOutcome) -> UNNotificationAttachment? {
            guard case .downloaded(let media, _, let fileExtension) = outcome.attachment else { return nil }
            let named = media.fileURL.deletingPathExtension().appendingPathExtension(fileExtension)
            if named != media.fileURL { try? FileManager.default.moveItem(at: media.fileURL, to: named) }
            return try? UNNotificationAttachment(identifier: "pushbridge.media", url: named, options: nil)
        }
    }

    /// The system's content handler and the content, handed to the session's `@Sendable` closure.
    private final class Deliver: @unchecked Sendable {
        // @unchecked: the session calls `call` exactly once, so nothing is shared.
        let content: UNMutableNotificationContent
        let handler: (UNNotificationContent) -> Void

        init(content: UNMutableNotificationContent, handler: @escaping (UNNotificationContent) -> Void) {
            self.content = content
            self.handler = handler
        }

        /// Delivers the hook's content (or the original when it has none) with `attachments`
        /// added. A content the hook made (`updating(from:)`'s) is delivered as it is when there
        /// is nothing to add, and otherwise as its mutable copy with the attachments (an
        /// inference: Apple's docs do not say whether the copy keeps the communication context).
        func call(_ changed: UNNotificationContent?, _ attachments: [UNNotificationAttachment]) {
            let chosen = changed ?? content
            guard !attachments.isEmpty, let delivered = chosen.mutableCopy() as? UNMutableNotificationContent else {
                handler(chosen)
                return
            }
            delivered.attachments = chosen.attachments + attachments
            handler(delivered)
        }
    }

    /// The hook's copy of the content and what the hook returned: written by the hook's task
    /// before the session records it as returned, read by the handler only after that.
    private final class Hooked: @unchecked Sendable {
        // @unchecked: `result` is written once by the hook's task, and read by the content
        // handler only when the session — under its lock — saw the hook return first.
        private let content: UNMutableNotificationContent
        private(set) var result: UNNotificationContent?

        init(_ content: UNMutableNotificationContent) { self.content = content }

        func run(_ hook: (UNMutableNotificationContent) async throws -> UNNotificationContent) async throws {
            result = try await hook(content)
        }
    }
#endif
