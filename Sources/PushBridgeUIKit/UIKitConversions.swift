#if canImport(UIKit)
    import PushBridge
    import UIKit

    extension ApplicationState {
        /// The state of `UIApplication.State`.
        public init(_ state: UIApplication.State) {
            switch state {
            case .active: self = .active
            case .inactive: self = .inactive
            default: self = .background
            }
        }
    }

    extension UIBackgroundFetchResult {
        /// The system's result for PushBridge's ``PushBridge/BackgroundFetchResult``, case by case
        /// (not by raw value: the two enums only happen to share their numbering).
        public init(_ result: BackgroundFetchResult) {
            switch result {
            case .newData: self = .newData
            case .noData: self = .noData
            case .failed: self = .failed
            }
        }
    }
#endif
