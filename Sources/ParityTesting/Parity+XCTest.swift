#if canImport(XCTest)
import XCTest

/// XCTest: fails the test with the side-by-side message when `report` did not meet its expectation.
///
/// ```swift
/// XCTAssertParity(Parity().compare(script, rx: { $0.map { $0 + 1 } }, combine: { $0.map { $0 + 1 } }))
/// ```
public func XCTAssertParity<Value>(_ report: ParityReport<Value>, file: StaticString = #filePath, line: UInt = #line) {
    if !report.passed { XCTFail(report.message, file: file, line: line) }
}
#endif
