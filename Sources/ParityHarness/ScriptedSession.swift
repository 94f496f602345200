import RxKit

/// A scripted user session: timed steps acting on a target (usually a headless view), played on a
/// virtual-time RxKit scheduler. The same script drives every style of a feature.
///
/// ```swift
/// let script = ScriptedSession<SearchView>([
///     .init(at: 0, "type \"Lon\"") { $0.type("Lon") },
///     .init(at: 100, "type \"Lond\"") { $0.type("Lond") },
/// ], runUntil: 3_000)
/// ```
public struct ScriptedSession<Target> {
    /// One user action at a virtual time.
    public struct Step {
        /// Milliseconds after the session starts.
        public let time: Int
        /// What the user does, for the demo's "user" column.
        public let label: String
        /// Performs the action on the target.
        public let perform: (Target) -> Void

        /// A step doing `perform` at `time` ms, described by `label`.
        public init(at time: Int, _ label: String, _ perform: @escaping (Target) -> Void) {
            self.time = time
            self.label = label
            self.perform = perform
        }
    }

    /// The steps, in time order.
    public let steps: [Step]
    /// The virtual time (ms) the session runs until, so that latencies after the last step play out.
    public let duration: Int

    /// A session of `steps` lasting `duration` ms (at least until the last step).
    public init(_ steps: [Step], runUntil duration: Int) {
        self.steps = steps.sorted { $0.time < $1.time }
        self.duration = max(duration, steps.map(\.time).max() ?? 0)
    }

    /// The steps as a timeline of labels (the demo's "user" column).
    public var timeline: DisplayTimeline {
        DisplayTimeline(steps.map { DisplayEvent(time: $0.time, text: $0.label) })
    }

    /// Schedules every step on `scheduler` relative to its current time, then runs the scheduler until
    /// `duration` ms have passed. `target` is retained only until the session ends.
    public func play<Converter>(on scheduler: VirtualTimeScheduler<Converter>, target: Target) {
        for step in steps {
            _ = scheduler.scheduleRelative((), dueTime: .milliseconds(step.time)) { _ in
                step.perform(target)
                return Disposables.create()
            }
        }
        // Work due later than `duration` (a request still in flight) stays queued and does not run.
        let stopper = scheduler.scheduleRelative((), dueTime: .milliseconds(duration)) { _ in
            scheduler.stop()
            return Disposables.create()
        }
        scheduler.start()
        stopper.dispose()
    }
}
