#if canImport(ObjectiveC) && canImport(UIKit)
    // `JPUSHServiceBridge`'s commands: aliases, tags, the badge, VoIP and Live Activities, each a
    // class method of `JPUSHService` bound by name as `JPUSHServiceBridge.swift` explains.
    import Foundation
    import ObjectiveC
    import PushBridge

    extension JPUSHServiceBridge {
        /// `+setAlias:completion:seq:`.
        public func setAlias(_ alias: String, seq: Int, completion: @escaping @Sendable (Int, String?, Int) -> Void) {
            let (call, selector) = Self.classMethod(service, JPushSDKSymbols.setAlias, as: SetAliasIMP.self)
            call(service, selector, alias as NSString, Self.aliasReply(completion), seq)
        }
        /// `+deleteAlias:seq:`.
        public func deleteAlias(seq: Int, completion: @escaping @Sendable (Int, String?, Int) -> Void) {
            let (call, selector) = Self.classMethod(service, JPushSDKSymbols.deleteAlias, as: AliasQueryIMP.self)
            call(service, selector, Self.aliasReply(completion), seq)
        }
        /// `+getAlias:seq:`.
        public func getAlias(seq: Int, completion: @escaping @Sendable (Int, String?, Int) -> Void) {
            let (call, selector) = Self.classMethod(service, JPushSDKSymbols.getAlias, as: AliasQueryIMP.self)
            call(service, selector, Self.aliasReply(completion), seq)
        }

        /// `+addTags:`, `+setTags:` or `+deleteTags:completion:seq:`.
        public func tags(
            _ operation: JPushTagOperation, _ tags: Set<String>, seq: Int, completion: @escaping @Sendable (Int, Set<String>?, Int) -> Void
        ) {
            let name: String =
                switch operation {
                case .add: JPushSDKSymbols.addTags
                case .set: JPushSDKSymbols.setTags
                case .delete: JPushSDKSymbols.deleteTags
                }
            let (call, selector) = Self.classMethod(service, name, as: TagsChangeIMP.self)
            call(service, selector, tags as NSSet, Self.tagsReply(completion), seq)
        }
        /// `+cleanTags:seq:`.
        public func cleanTags(seq: Int, completion: @escaping @Sendable (Int, Set<String>?, Int) -> Void) {
            let (call, selector) = Self.classMethod(service, JPushSDKSymbols.cleanTags, as: TagsQueryIMP.self)
            call(service, selector, Self.tagsReply(completion), seq)
        }
        /// `+getAllTags:seq:`.
        public func getAllTags(seq: Int, completion: @escaping @Sendable (Int, Set<String>?, Int) -> Void) {
            let (call, selector) = Self.classMethod(service, JPushSDKSymbols.getAllTags, as: TagsQueryIMP.self)
            call(service, selector, Self.tagsReply(completion), seq)
        }
        /// `+validTag:completion:seq:`.
        public func validTag(_ tag: String, seq: Int, completion: @escaping @Sendable (Int, Set<String>?, Int, Bool) -> Void) {
            let reply: TagValidCompletion = { code, tags, seq, isBind in completion(code, Self.strings(tags), seq, isBind) }
            let (call, selector) = Self.classMethod(service, JPushSDKSymbols.validTag, as: ValidTagIMP.self)
            call(service, selector, tag as NSString, reply, seq)
        }

        /// `+setBadge:`.
        public func setBadge(_ value: Int) -> Bool {
            let (call, selector) = Self.classMethod(service, JPushSDKSymbols.setBadge, as: SetBadgeIMP.self)
            return call(service, selector, value)
        }
        /// `+resetBadge`.
        public func resetBadge() {
            let (call, selector) = Self.classMethod(service, JPushSDKSymbols.resetBadge, as: NoArgumentIMP.self)
            call(service, selector)
        }

        /// `+registerVoipToken:`.
        public func registerVoipToken(_ token: [UInt8]) {
            let (call, selector) = Self.classMethod(service, JPushSDKSymbols.registerVoipToken, as: DataIMP.self)
            call(service, selector, Data(token) as NSData)
        }

        /// `+handleVoipNotification:`.
        public func handleVoipNotification(_ remoteInfo: JSONObject) {
            let (call, selector) = Self.classMethod(service, JPushSDKSymbols.handleVoipNotification, as: DictionaryIMP.self)
            call(service, selector, remoteInfo.foundationDictionary as NSDictionary)
        }

        /// `+registerLiveActivity:pushToken:completion:seq:` (`nil` token: the activity ended).
        public func registerLiveActivity(
            _ liveActivityID: String, pushToken: [UInt8]?, seq: Int, completion: @escaping @Sendable (Int, String?, Int) -> Void
        ) {
            let (call, selector) = Self.classMethod(service, JPushSDKSymbols.registerLiveActivityPushToken, as: LiveActivityIMP.self)
            call(service, selector, liveActivityID as NSString, pushToken.map { Data($0) as NSData }, Self.liveActivityReply(completion), seq)
        }

        /// `+registerLiveActivity:pushToStartToken:completion:seq:`, when the SDK has it (5.5.0
        /// and later do, 5.2.0 does not); `false` otherwise, and nothing is called.
        public func registerLiveActivity(
            attributes activityAttributes: String, pushToStartToken: [UInt8]?, seq: Int, completion: @escaping @Sendable (Int, String?, Int) -> Void
        ) -> Bool {
            guard class_getClassMethod(service, NSSelectorFromString(JPushSDKSymbols.registerLiveActivityPushToStartToken)) != nil else {
                return false
            }
            let (call, selector) = Self.classMethod(service, JPushSDKSymbols.registerLiveActivityPushToStartToken, as: LiveActivityIMP.self)
            call(
                service, selector, activityAttributes as NSString, pushToStartToken.map { Data($0) as NSData }, Self.liveActivityReply(completion),
                seq)
            return true
        }

        /// A `JPUSHLiveActivityTokenCompletion` forwarding the code, identifier and seq (not the token).
        private static func liveActivityReply(_ completion: @escaping @Sendable (Int, String?, Int) -> Void) -> LiveActivityCompletion {
            { code, id, _, seq in completion(code, id.map { $0 as String }, seq) }
        }

        /// A `JPUSHAliasOperationCompletion` forwarding to `completion`.
        private static func aliasReply(_ completion: @escaping @Sendable (Int, String?, Int) -> Void) -> AliasCompletion {
            { code, alias, seq in completion(code, alias.map { $0 as String }, seq) }
        }

        /// A `JPUSHTagsOperationCompletion` forwarding to `completion`.
        private static func tagsReply(_ completion: @escaping @Sendable (Int, Set<String>?, Int) -> Void) -> TagsCompletion {
            { code, tags, seq in completion(code, strings(tags), seq) }
        }

        /// The strings of a tag set JPush handed back, bridged as a whole: the header types it
        /// `NSSet<NSString *>`, so a set holding anything else (no JPush version sends one) reads
        /// as none. (Copying it string by string into a new `Set` brought the set's growth code
        /// into the adapter: 2.7 KB.)
        private static func strings(_ tags: NSSet?) -> Set<String>? {
            tags as? Set<String>
        }
    }
#endif
