extension SharedSequenceConvertibleType {
    /// Prints every event and the subscription lifecycle. Same as RxCocoa's `debug`.
    public func debug(_ identifier: String? = nil, trimOutput: Bool = false, file: String = #file, line: UInt = #line, function: String = #function)
        -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(asObservable().debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function))
    }
}
