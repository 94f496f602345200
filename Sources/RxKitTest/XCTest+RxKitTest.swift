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
