extension ObservableType {
    /// Resubscribes to the source each time it fails, until it completes. May never end.
    /// Same as RxSwift's `retry()`.
    public func retry() -> Observable<Element> {
        CatchSequenceProducer(sources: Swift.repeatElement(asObservable(), count: Int.max))
    }

    /// Subscribes to the source at most `maxAttemptCount` times in total while it fails; after the last
    /// failure the error is forwarded. `retry(3)` subscribes at most three times (one retry is `retry(2)`),
    /// and `retry(0)` completes at once without subscribing. Same as RxSwift's `retry(_:)`.
    public func retry(_ maxAttemptCount: Int) -> Observable<Element> {
        precondition(maxAttemptCount >= 0, "retry(_:) needs a maxAttemptCount of 0 or more (got \(maxAttemptCount)); it counts total subscriptions, so retry(1) subscribes once and retry(2) retries once.")
        return CatchSequenceProducer(sources: Swift.repeatElement(asObservable(), count: maxAttemptCount))
    }
}
