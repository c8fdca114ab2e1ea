import Metrics

/// The worker's swift-metrics counters, exported for Prometheus by `pushbridge-campaign work
/// --metrics-port`, which serves them on a `/metrics` page (`Campaigns/README.md`):
///
/// | Counter | Dimensions | Counts |
/// |---|---|---|
/// | `pushbridge_campaign_sent` | `provider` | targets handed to the sender (a request begun) |
/// | `pushbridge_campaign_accepted` | `provider` | targets the provider took |
/// | `pushbridge_campaign_rejected` | `provider`, `code` | targets refused, by the provider's code |
/// | `pushbridge_campaign_dead` | `provider`, `code` | targets the provider says are gone |
/// | `pushbridge_campaign_failed` | `provider`, `code` | targets not sent within the retry budget |
///
/// Named after gorush's Prometheus set (`gorush_total_push_count`, `gorush_ios_success`, …),
/// the de-facto shape of a push server's metrics.
struct CampaignMetrics: Sendable {
    func sent(_ count: Int, provider: String) {
        guard count > 0 else { return }
        Counter(label: "pushbridge_campaign_sent", dimensions: [("provider", provider)]).increment(by: count)
    }

    func count(_ outcome: RecordedResult.Outcome, code: String?, provider: String, by count: Int = 1) {
        guard count > 0 else { return }
        var dimensions = [("provider", provider)]
        if outcome != .accepted { dimensions.append(("code", code ?? "none")) }
        Counter(label: "pushbridge_campaign_\(outcome.rawValue)", dimensions: dimensions).increment(by: count)
    }
}
