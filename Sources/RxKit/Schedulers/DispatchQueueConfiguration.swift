import Dispatch
import Foundation
import ReactiveBridgePrimitives

/// The scheduling logic shared by the dispatch-queue schedulers.
struct DispatchQueueConfiguration: @unchecked Sendable {
    let queue: DispatchQueue
    let leeway: DispatchTimeInterval

    func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let result = SingleAssignmentDisposable()
        let work = UncheckedSendable((state, action))
        queue.async {
            if result.isDisposed { return }
            result.setDisposable(work.value.1(work.value.0))
        }
        return result
    }

    func scheduleRelative<StateType>(_ state: StateType, dueTime: RxTimeInterval, action: @escaping (StateType) -> Disposable) -> Disposable {
        if case .never = dueTime { return Disposables.create() }
        let result = SingleAssignmentDisposable()
        let work = UncheckedSendable((state, action))
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + dueTime, leeway: leeway)
        let timerBox = UncheckedSendable(timer)
        timer.setEventHandler {
            // One shot: cancelling releases this handler (and what it captured).
            timerBox.value.cancel()
            if result.isDisposed { return }
            result.setDisposable(work.value.1(work.value.0))
        }
        timer.resume()
        return Disposables.create {
            timerBox.value.cancel()
            result.dispose()
        }
    }

    func schedulePeriodic<StateType>(_ state: StateType, startAfter: RxTimeInterval, period: RxTimeInterval, action: @escaping (StateType) -> StateType) -> Disposable {
        if case .never = startAfter { return Disposables.create() }
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + startAfter, repeating: period, leeway: leeway)
        let ticker = PeriodicState(state: state, action: action)
        timer.setEventHandler { ticker.tick() }
        timer.resume()
        let timerBox = UncheckedSendable(timer)
        return Disposables.create {
            timerBox.value.cancel()
            ticker.stop()
        }
    }
}

/// The state a periodic timer threads from tick to tick (a dispatch source never overlaps its handler).
private final class PeriodicState<State>: @unchecked Sendable {
    private var state: State
    private var action: ((State) -> State)?
    private let lock = Lock()

    init(state: State, action: @escaping (State) -> State) {
        self.state = state
        self.action = action
    }

    func tick() {
        guard let action = lock.withLock({ self.action }) else { return }
        state = action(state)
    }

    func stop() {
        lock.withLock { action = nil }
    }
}
