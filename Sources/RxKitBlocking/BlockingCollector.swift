import Foundation
import ReactiveBridgePrimitives
import RxKit

/// Collects the events a blocking operator waits for. The source may deliver on any thread while the
/// blocked thread reads the result, so the state is guarded by a lock; once finished (terminated, enough
/// elements, or timed out) later events are ignored.
final class BlockingCollector<Element>: @unchecked Sendable {
    private let lock = Lock()
    private let max: Int?
    private let predicate: (Element) throws -> Bool
    // Guarded by `lock`.
    private var elements: [Element] = []
    private var error: Swift.Error?
    private var finished = false

    init(max: Int?, predicate: @escaping (Element) throws -> Bool) {
        self.max = max
        self.predicate = predicate
    }

    /// Records `event`; returns true when the wait is over (only once).
    func on(_ event: Event<Element>) -> Bool {
        lock.lock()
        let alreadyFinished = finished
        lock.unlock()
        if alreadyFinished { return false }
        switch event {
        case .next(let element):
            // Rx delivers events one at a time, so the predicate runs outside the lock.
            let keep: Bool
            do {
                keep = try predicate(element)
            } catch {
                return finish(with: error)
            }
            lock.lock()
            defer { lock.unlock() }
            if finished { return false }
            if keep { elements.append(element) }
            if let max, elements.count >= max {
                finished = true
                return true
            }
            return false
        case .error(let error):
            return finish(with: error)
        case .completed:
            return finish(with: nil)
        }
    }

    private func finish(with error: Swift.Error?) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if finished { return false }
        self.error = error
        finished = true
        return true
    }

    /// The result; a timeout that came before the sequence ended becomes its error.
    func finish(timeoutError: Swift.Error?) -> MaterializedSequenceResult<Element> {
        lock.lock()
        defer { lock.unlock() }
        if !finished {
            finished = true
            error = timeoutError
        }
        if let error { return .failed(elements: elements, error: error) }
        return .completed(elements: elements)
    }
}
