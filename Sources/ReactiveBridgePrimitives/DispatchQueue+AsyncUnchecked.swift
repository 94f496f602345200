import Dispatch

extension DispatchQueue {
    /// `async(execute:)` for work that is not `@Sendable`: the schedulers hand an observer's delivery to the
    /// queue whose thread runs it, and serialise delivery themselves. Taking the work as a block lets a
    /// closure written at the call site be made as the block `async` needs, so a hop allocates no more
    /// than a bare `async { … }` does (a Swift closure passed on, or wrapped in another closure, costs one
    /// or two allocations more per call).
    @inlinable
    package func asyncUnchecked(_ work: @escaping @convention(block) () -> Void) {
        async(execute: unsafeBitCast(work, to: (@Sendable @convention(block) () -> Void).self))
    }
}
