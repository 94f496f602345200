import CombineKit
import ParityHarness

/// Every event the posts presenters' output emits in a session, across launches, whatever the style: the
/// raw record the presenter-level parity tests compare (the screen renders only a count and a title).
public final class PostsOutputs {
    /// The presenter's `$state`, every presenter of the session in turn (each launch makes one).
    public let state: EventRecorder<PostsState>

    /// An empty recorder stamping events with `now()` (virtual ms).
    public init(now: @escaping () -> Int) {
        state = EventRecorder(now: now)
    }

    /// Records the Rx presenter's `@Published state`.
    public func record(_ presenter: PostsRxPresenter) {
        state.record(presenter.$state)
    }

    /// Records the Combine (or mixed) presenter's `@Published state`.
    public func record<S: Scheduler>(_ presenter: PostsPresenter<S>) {
        state.record(presenter.$state)
    }
}
