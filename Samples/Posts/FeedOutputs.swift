import CombineKit
import ParityHarness
import RxKit

/// Every event of the feed presenters' output in a session, across launches, whatever the style: the raw
/// record the presenter-level parity tests compare (the screen draws only a count, a title, a spinner
/// and a banner).
public final class PostsFeedOutputs {
    /// Every call the presenters made on their view, in order (each launch makes one presenter).
    public let view: EventRecorder<PostsFeedCall>
    /// The saved posts as the rest of the app sees them: the Rx relay (Rx and mixed styles) or the
    /// `CurrentValueSubject` (Combine style).
    public let saved: EventRecorder<[PostItem]>

    /// An empty recorder stamping events with `now()` (virtual ms).
    public init(now: @escaping () -> Int) {
        view = EventRecorder(now: now)
        saved = EventRecorder(now: now)
    }

    /// Records the Rx app's saved posts.
    public func record(saved relay: BehaviorRelay<[PostItem]>) {
        saved.record(relay)
    }

    /// Records the Combine app's saved posts.
    public func record(saved subject: CurrentValueSubject<[PostItem], Never>) {
        saved.record(subject)
    }
}
