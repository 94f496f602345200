import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import ReactiveBridgePrimitives

extension URLSession {
    /// Returns a publisher that wraps a URL session data task for `url`: on the subscriber's first demand it
    /// makes the task and resumes it, and publishes the data and response, or fails with a `URLError`.
    public func dataTaskPublisher(for url: URL) -> DataTaskPublisher {
        DataTaskPublisher(request: URLRequest(url: url), session: self)
    }

    /// Returns a publisher that wraps a URL session data task for `request`: on the subscriber's first demand
    /// it makes the task and resumes it, and publishes the data and response, or fails with a `URLError`.
    public func dataTaskPublisher(for request: URLRequest) -> DataTaskPublisher {
        DataTaskPublisher(request: request, session: self)
    }

    /// A publisher that delivers the results of performing a URL session data task.
    ///
    /// Each subscription makes its own task (with `session.dataTask(with:completionHandler:)`) when it is
    /// first asked for a value, and resumes it on every request; cancelling the subscription cancels the task.
    /// A response publishes `(data, response)` (empty data when there is none) and finishes; an error fails
    /// with it when it is a `URLError`, otherwise with `URLError(.unknown)`, as does a task that ends with
    /// neither a response nor an error.
    public struct DataTaskPublisher: Publisher {
        public typealias Output = (data: Data, response: URLResponse)
        public typealias Failure = URLError

        /// The URL request performed by the data task.
        public let request: URLRequest
        /// The URL session that performs the data task.
        public let session: URLSession

        /// Creates a data task publisher from the provided URL request and URL session.
        public init(request: URLRequest, session: URLSession) {
            self.request = request
            self.session = session
        }

        public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
            subscriber.receive(subscription: DataTaskSubscription(parent: self, downstream: subscriber))
        }
    }
}

/// What a data task's completion handler calls: not generic, so the handler captures no subscriber type.
private class DataTaskCompletionTarget: @unchecked Sendable {
    func complete(_ data: Data?, _ response: URLResponse?, _ error: Error?) { fatalError("abstract") }
}

private final class DataTaskSubscription<Downstream: Subscriber>: DataTaskCompletionTarget, Subscription, CustomStringConvertible,
    CustomReflectable, CustomPlaygroundDisplayConvertible, @unchecked Sendable
    where Downstream.Input == URLSession.DataTaskPublisher.Output, Downstream.Failure == URLError {
    private let lock = Lock()
    private var parent: URLSession.DataTaskPublisher?
    private var downstream: Downstream?
    private var demand = Subscribers.Demand.none
    private var task: URLSessionDataTask?

    init(parent: URLSession.DataTaskPublisher, downstream: Downstream) {
        self.parent = parent
        self.downstream = downstream
    }

    func request(_ demand: Subscribers.Demand) {
        precondition(demand > .none, "URLSession.DataTaskPublisher's subscription was asked for .none; request at least .max(1).")
        lock.lock()
        guard let parent = parent else {
            lock.unlock()
            return
        }
        self.demand += demand
        let task: URLSessionDataTask
        if let existing = self.task {
            task = existing
        } else {
            // The task holds this subscription until it completes or is cancelled.
            let target: DataTaskCompletionTarget = self
            task = parent.session.dataTask(with: parent.request) { data, response, error in
                target.complete(data, response, error)
            }
            self.task = task
        }
        lock.unlock()
        task.resume()
    }

    override func complete(_ data: Data?, _ response: URLResponse?, _ error: Error?) {
        lock.lock()
        guard let downstream = downstream else {
            lock.unlock()
            return
        }
        endLocked()
        lock.unlock()
        if let error = error {
            downstream.receive(completion: .failure(error as? URLError ?? URLError(.unknown)))
        } else if let response = response {
            _ = downstream.receive((data: data ?? Data(), response: response))
            downstream.receive(completion: .finished)
        } else {
            downstream.receive(completion: .failure(URLError(.unknown)))
        }
    }

    func cancel() {
        lock.lock()
        guard parent != nil else {
            lock.unlock()
            return
        }
        let task = self.task
        endLocked()
        lock.unlock()
        task?.cancel()
    }

    private func endLocked() {
        parent = nil
        downstream = nil
        task = nil
        demand = .none
    }

    var description: String { "DataTaskPublisher" }

    var customMirror: Mirror {
        lock.lock()
        defer { lock.unlock() }
        return Mirror(self, children: [
            ("task", task as Any),
            ("downstream", downstream as Any),
            ("parent", parent as Any),
            ("demand", demand),
        ])
    }

    var playgroundDescription: Any { description }
}
