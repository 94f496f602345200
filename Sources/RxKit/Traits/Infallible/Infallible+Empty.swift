extension InfallibleType {
    /// Completion only. Same as RxSwift's `Infallible.empty`.
    public static func empty() -> Infallible<Element> { Infallible(.empty()) }
}
