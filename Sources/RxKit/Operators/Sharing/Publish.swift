extension ObservableType {
    /// `multicast(makeSubject: { PublishSubject() })`: subscribers get the events sent after they
    /// subscribe; each connection has its own subject, so after a connection ends (terminated or
    /// disconnected) the next one subscribes to the source again. Same as RxSwift's `publish()`.
    public func publish() -> ConnectableObservable<Element> {
        multicast(makeSubject: { PublishSubject() })
    }
}
