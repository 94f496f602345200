extension InfallibleType {
    /// `elements`, then completion. Same as RxSwift's `Infallible.of`.
    public static func of(_ elements: Element..., scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance) -> Infallible<Element> {
        Infallible(.from(elements, scheduler: scheduler))
    }
}
