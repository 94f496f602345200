extension ObservableType {
    /// A sequence of `elements`, then completion, each sent in its own recursive action on `scheduler`
    /// (so a long sequence does not grow the stack and can be disposed midway).
    /// Same as RxSwift's `of(_:scheduler:)`.
    public static func of(_ elements: Element..., scheduler: ImmediateSchedulerType = CurrentThreadScheduler.instance) -> Observable<Element> {
        FromSequenceProducer(elements: elements, scheduler: scheduler)
    }
}
