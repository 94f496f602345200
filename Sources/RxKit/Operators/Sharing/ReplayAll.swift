extension ObservableType {
    /// `multicast(makeSubject: { ReplaySubject.createUnbounded() })`: subscribers first get every element
    /// of the current connection so far; each connection has its own subject. Same as RxSwift's
    /// `replayAll()`.
    public func replayAll() -> ConnectableObservable<Element> {
        multicast(makeSubject: { ReplaySubject.createUnbounded() })
    }
}
