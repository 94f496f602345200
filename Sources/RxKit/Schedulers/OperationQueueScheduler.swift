import Foundation
import ReactiveBridgePrimitives

/// Runs work as operations on an `OperationQueue`. Same as RxSwift's `OperationQueueScheduler`.
public class OperationQueueScheduler: ImmediateSchedulerType, @unchecked Sendable {
    /// The queue work is added to.
    public let operationQueue: OperationQueue
    /// The priority of the operations it creates.
    public let queuePriority: Operation.QueuePriority

    /// A scheduler adding operations of `queuePriority` to `operationQueue`.
    public init(operationQueue: OperationQueue, queuePriority: Operation.QueuePriority = .normal) {
        self.operationQueue = operationQueue
        self.queuePriority = queuePriority
    }

    /// Adds an operation running `action(state)`; disposing cancels it if it has not started.
    public func schedule<StateType>(_ state: StateType, action: @escaping (StateType) -> Disposable) -> Disposable {
        let result = SingleAssignmentDisposable()
        let work = UncheckedSendable((state, action))
        let operation = BlockOperation {
            if result.isDisposed { return }
            result.setDisposable(work.value.1(work.value.0))
        }
        operation.queuePriority = queuePriority
        operationQueue.addOperation(operation)
        let operationBox = UncheckedSendable(operation)
        return Disposables.create {
            operationBox.value.cancel()
            result.dispose()
        }
    }
}
