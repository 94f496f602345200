import SwiftSyntax

/// Line and column (1-based, the column in UTF-8 bytes, as swift-syntax counts) of a position in a file, from one
/// pass over its bytes.
struct LineTable: Sendable {
    private var lineStarts: [Int] = [0]

    init(_ text: String) {
        var offset = 0
        for byte in text.utf8 {
            offset += 1
            if byte == 10 { lineStarts.append(offset) }
        }
    }

    /// (line, column) of a UTF-8 offset.
    func location(_ offset: Int) -> (line: Int, column: Int) {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - lineStarts[low] + 1)
    }

    /// Where a token's text starts.
    func location(of token: TokenSyntax) -> (line: Int, column: Int) {
        location(token.positionAfterSkippingLeadingTrivia.utf8Offset)
    }
}
