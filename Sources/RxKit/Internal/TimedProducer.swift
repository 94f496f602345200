/// The producer of a time-based operator: its source, an interval and the scheduler that times it
/// (`debounce`, `throttle`, `delay`, `delaySubscription`, `timeout`, time-based `skip` and `take`). Each
/// operator subclasses it, adds any setting of its own and overrides `run(_:cancel:)`; the stored parts
/// are read at subscription only.
class TimedProducer<Element>: Producer<Element>, @unchecked Sendable {
    let source: Observable<Element>
    let dueTime: RxTimeInterval
    let scheduler: SchedulerType

    init(source: Observable<Element>, dueTime: RxTimeInterval, scheduler: SchedulerType) {
        self.source = source
        self.dueTime = dueTime
        self.scheduler = scheduler
    }
}
