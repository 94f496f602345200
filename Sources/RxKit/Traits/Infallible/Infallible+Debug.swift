extension InfallibleType {
    /// Prints every event and the subscription lifecycle. Same as RxSwift's `Infallible.debug`
    /// (Infallible+Debug.swift).
    public func debug(_ identifier: String? = nil, trimOutput: Bool = false, file: String = #file, line: UInt = #line, function: String = #function)
        -> Infallible<Element> {
        Infallible(asObservable().debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function))
    }
}
