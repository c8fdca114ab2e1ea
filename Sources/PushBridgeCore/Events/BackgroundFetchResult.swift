/// The result a background fetch reports to iOS (`UIBackgroundFetchResult`).
public enum BackgroundFetchResult: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// New data was downloaded.
    case newData = 0
    /// There was nothing new.
    case noData = 1
    /// The work failed or did not finish in time.
    case failed = 2

    /// `newData`, `noData` or `failed`.
    public var description: String {
        switch self {
        case .newData: "newData"
        case .noData: "noData"
        case .failed: "failed"
        }
    }
}
