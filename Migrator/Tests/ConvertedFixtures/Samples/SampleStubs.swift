import CombineKit
import Foundation

// The sample types the converted view models use, declared as converting the samples' model and service files would
// leave them: Rx services return `AnyPublisher<_, Error>`. Only what the view models touch is here.

// MARK: Currency

public struct Converter: Equatable, Sendable {
    public var lines: [String] { [] }
}

public struct ErrorResult: Error, Equatable, Sendable {
    public let message: String

    public static func from(_ error: Error) -> ErrorResult { ErrorResult(message: "\(error)") }
}

public protocol CurrencyRxService {
    func rates() -> AnyPublisher<Converter, Error>
}

// MARK: LocationSearch

public struct Location: Equatable, Hashable, Sendable {
    public let name: String
}

public struct GeocoderError: Error, Equatable, Sendable {
    public let message: String
}

public enum SearchEvent: Equatable, Sendable {
    case cleared
    case started(String)
    case found(String, [Location])
    case failed(String, String)
}

public struct SearchState: Equatable, Sendable {
    public var locations: [Location] = []
    public var querying = false
    public var errorMessage: String?

    public init() {}

    public func reduce(_ event: SearchEvent) -> SearchState { self }
}

public func normalizedQuery(_ text: String) -> String { text }

public protocol LocationRxGeocoder {
    func geocode(_ query: String) -> AnyPublisher<[Location], Error>
}

// MARK: Posts

public struct PostItem: Equatable, Sendable {
    public let title: String
}

public struct PostsError: Error, Equatable, Sendable {
    public let message: String

    public init(message: String) {
        self.message = message
    }
}

public enum PostsState: Equatable, Sendable {
    case loading
    case loaded([PostItem])
    case offline([PostItem])
    case retry(String)
}

public protocol PostsCache: AnyObject, Sendable {
    func save(_ items: [PostItem])
}

public protocol PostsRxService {
    func items() -> AnyPublisher<[PostItem], Error>
}

public func fallbackState(for error: PostsError, cache: PostsCache) -> PostsState { .retry(error.message) }

// MARK: LiveQuery

public struct Message: Hashable, Sendable {
    public let text: String
}

public enum MessageFilter: String, Hashable, Sendable {
    case all, unread
}

public struct LiveQueryChange: Sendable {
    public var results: [Message]
}

public enum LiveQueryError: Error, Hashable, Sendable {
    case permissionRevoked

    public var message: String { "permission revoked" }
}

public struct InboxState: Hashable, Sendable {
    public enum Status: Hashable, Sendable {
        case loading, live, closed
        case failed(String)
    }

    public var filter: MessageFilter
    public var messages: [Message]
    public var status: Status

    public init(filter: MessageFilter, messages: [Message] = [], status: Status) {
        self.filter = filter
        self.messages = messages
        self.status = status
    }
}

public final class RxMessageService {
    public func messages(_ filter: MessageFilter) -> AnyPublisher<LiveQueryChange, Error> {
        Empty().eraseToAnyPublisher()
    }
}

// MARK: TodoList

public struct TodoItem: Identifiable, Hashable, Sendable {
    public let id: Int
    public var title: String
    public var isDone: Bool
}

public enum TodoAction: Hashable, Sendable {
    case add(title: String)
    case remove(id: Int)
    case rename(id: Int, title: String)
    case toggleDone(id: Int)
}

public struct TodoError: Error, Equatable, Sendable {
    public let message: String
}

public final class RxTodoService {
    public var changes: AnyPublisher<CollectionDifference<TodoItem>, Error> { Empty().eraseToAnyPublisher() }

    public func perform(_ action: TodoAction) -> AnyPublisher<Void, Error> { Empty().eraseToAnyPublisher() }
}

public enum StableCells {
    public static func apply<Cell>(_ difference: CollectionDifference<TodoItem>, to cells: [Cell],
                                   make: (TodoItem) -> Cell, update: (Cell, TodoItem) -> Void) -> [Cell] {
        cells
    }
}
