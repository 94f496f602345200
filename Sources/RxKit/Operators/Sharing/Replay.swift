extension ObservableType {
    /// `multicast(makeSubject: { ReplaySubject.create(bufferSize: bufferSize) })`: subscribers first get up
    /// to `bufferSize` latest elements of the current connection; each connection has its own subject (and
    /// buffer). Same as RxSwift's `replay(_:)`.
    public func replay(_ bufferSize: Int) -> ConnectableObservable<Element> {
        precondition(bufferSize >= 0, "replay(_:) needs a buffer size of 0 or more (got \(bufferSize)).")
        return multicast(makeSubject: { ReplaySubject.create(bufferSize: bufferSize) })
    }
}
