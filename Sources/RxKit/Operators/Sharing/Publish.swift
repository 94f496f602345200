extension ObservableType {
    /// `multicast(PublishSubject())`: subscribers get the events sent after they subscribe.
    /// Same as RxSwift's `publish()`.
    public func publish() -> ConnectableObservable<Element> {
        multicast(PublishSubject())
    }
}
