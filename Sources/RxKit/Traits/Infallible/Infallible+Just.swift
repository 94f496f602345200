extension InfallibleType {
    /// `element`, then completion. Same as RxSwift's `Infallible.just`.
    public static func just(_ element: Element) -> Infallible<Element> { Infallible(.just(element)) }

    /// `element` on `scheduler`, then completion. Same as RxSwift's `Infallible.just(_:scheduler:)`.
    public static func just(_ element: Element, scheduler: ImmediateSchedulerType) -> Infallible<Element> {
        Infallible(.just(element, scheduler: scheduler))
    }
}
