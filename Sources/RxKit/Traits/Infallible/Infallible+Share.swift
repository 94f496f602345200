extension InfallibleType {
    /// One upstream subscription shared by all subscribers, replaying `replay` elements. Same as
    /// RxSwift's `Infallible.share(replay:scope:)`.
    public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Infallible<Element> {
        Infallible(asObservable().share(replay: replay, scope: scope))
    }
}
