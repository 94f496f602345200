import RxKit
import XCTest

/// Asserts that two event lists are equal, printing both when they differ. Same as RxTest's overload.
public func XCTAssertEqual<T: Equatable>(_ lhs: [Event<T>], _ rhs: [Event<T>], file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertTrue(lhs == rhs, "Events differ:\nactual:   \(lhs)\nexpected: \(rhs)", file: file, line: line)
}

/// Asserts that two recorded event lists are equal, printing both when they differ.
public func XCTAssertEqual<T: Equatable>(_ lhs: [Recorded<Event<T>>], _ rhs: [Recorded<Event<T>>], file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertTrue(lhs == rhs, "Recorded events differ:\nactual:   \(lhs)\nexpected: \(rhs)", file: file, line: line)
}

/// Asserts that two optional-element recorded event lists are equal.
public func XCTAssertEqual<T: Equatable>(_ lhs: [Recorded<Event<T?>>], _ rhs: [Recorded<Event<T?>>], file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertTrue(lhs == rhs, "Recorded events differ:\nactual:   \(lhs)\nexpected: \(rhs)", file: file, line: line)
}

/// Asserts that the recorded `next` elements (ignoring times and terminal events) equal `elements`,
/// and that no error was recorded. Same as RxTest's `XCTAssertRecordedElements`.
public func XCTAssertRecordedElements<T: Equatable>(_ stream: [Recorded<Event<T>>], _ elements: [T], file: StaticString = #filePath, line: UInt = #line) {
    let errors = stream.compactMap { $0.value.error }
    XCTAssertTrue(errors.isEmpty, "Recorded stream contains errors: \(errors)", file: file, line: line)
    let recorded = stream.compactMap { $0.value.element }
    XCTAssertEqual(recorded, elements, "Recorded elements differ", file: file, line: line)
}

/// Asserts that two `Single` event lists are equal (errors compared as `Event` errors are).
public func XCTAssertEqual<T: Equatable>(_ lhs: [SingleEvent<T>], _ rhs: [SingleEvent<T>], file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertTrue(singleEventsEqual(lhs, rhs), "Single events differ:\nactual:   \(lhs)\nexpected: \(rhs)", file: file, line: line)
}

/// Asserts that two `Maybe` event lists are equal.
public func XCTAssertEqual<T: Equatable>(_ lhs: [MaybeEvent<T>], _ rhs: [MaybeEvent<T>], file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertTrue(maybeEventsEqual(lhs, rhs), "Maybe events differ:\nactual:   \(lhs)\nexpected: \(rhs)", file: file, line: line)
}

/// Asserts that two `Completable` event lists are equal.
public func XCTAssertEqual(_ lhs: [CompletableEvent], _ rhs: [CompletableEvent], file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertTrue(completableEventsEqual(lhs, rhs), "Completable events differ:\nactual:   \(lhs)\nexpected: \(rhs)", file: file, line: line)
}

func singleEventsEqual<T: Equatable>(_ lhs: [SingleEvent<T>], _ rhs: [SingleEvent<T>]) -> Bool {
    lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { pair in
        switch pair {
        case (.success(let a), .success(let b)): return a == b
        case (.failure(let a), .failure(let b)): return errorsEqual(a, b)
        default: return false
        }
    }
}

func maybeEventsEqual<T: Equatable>(_ lhs: [MaybeEvent<T>], _ rhs: [MaybeEvent<T>]) -> Bool {
    lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { pair in
        switch pair {
        case (.success(let a), .success(let b)): return a == b
        case (.error(let a), .error(let b)): return errorsEqual(a, b)
        case (.completed, .completed): return true
        default: return false
        }
    }
}

func completableEventsEqual(_ lhs: [CompletableEvent], _ rhs: [CompletableEvent]) -> Bool {
    lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { pair in
        switch pair {
        case (.error(let a), .error(let b)): return errorsEqual(a, b)
        case (.completed, .completed): return true
        default: return false
        }
    }
}
