extension ObservableType {
    /// `multicast(ReplaySubject.createUnbounded())`: subscribers first get every element so far.
    /// Same as RxSwift's `replayAll()`.
    public func replayAll() -> ConnectableObservable<Element> {
        multicast(ReplaySubject.createUnbounded())
    }
}
