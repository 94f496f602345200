/// How a blocked-on sequence ended, with the elements it produced up to then. Same as RxBlocking's
/// `MaterializedSequenceResult`, returned by `BlockingObservable.materialize()`.
public enum MaterializedSequenceResult<T> {
    /// The sequence completed after producing `elements`.
    case completed(elements: [T])
    /// The sequence failed with `error` (or the wait timed out with `RxError.timeout`) after producing `elements`.
    case failed(elements: [T], error: Swift.Error)
}
