import Foundation

/// The rates file's JSON: `{"base": "USD", "date": "2024-05-01", "rates": {"EUR": 0.93, …}}`.
public struct RatesPayload: Codable, Equatable, Sendable {
    /// The currency every rate is quoted against.
    public var base: String
    /// The day the rates are for (`yyyy-MM-dd`).
    public var date: String
    /// Units of each currency per one unit of `base`.
    public var rates: [String: Double]

    /// A payload of `rates` against `base` on `date`.
    public init(base: String, date: String, rates: [String: Double]) {
        self.base = base
        self.date = date
        self.rates = rates
    }
}

/// Converts amounts of the base currency into the other currencies (what the screen shows).
public struct Converter: Equatable, Sendable {
    /// The rates it converts with.
    public let payload: RatesPayload

    /// A converter for `payload`.
    public init(_ payload: RatesPayload) {
        self.payload = payload
    }

    /// `amount` of the base currency in `currency`, or `nil` for an unknown currency.
    public func convert(_ amount: Double, to currency: String) -> Double? {
        payload.rates[currency].map { $0 * amount }
    }

    /// One line per currency, sorted by code: `"CHF 0.92"`.
    public var lines: [String] {
        payload.rates.keys.sorted().map { code in String(format: "%@ %.2f", code, payload.rates[code] ?? 0) }
    }
}

/// Why rates could not be loaded, with the message the screen shows. (The Combine pipeline's typed
/// failure; the Rx pipeline throws it.)
public struct ErrorResult: Error, Equatable, Sendable {
    /// What the user reads.
    public let message: String

    /// An error showing `message`.
    public init(message: String) {
        self.message = message
    }

    /// The rates file does not exist.
    public static func missingFile(_ name: String) -> ErrorResult {
        ErrorResult(message: "\(name).json is missing")
    }

    /// The rates file is not valid rates JSON.
    public static func malformed(_ name: String) -> ErrorResult {
        ErrorResult(message: "\(name).json is malformed")
    }

    /// Any other error, as an `ErrorResult` (an `ErrorResult` stays as it is).
    public static func from(_ error: Error) -> ErrorResult {
        error as? ErrorResult ?? ErrorResult(message: "rates unavailable: \(error)")
    }
}

/// Where rates JSON comes from. `nil` means the file is missing.
public protocol RatesFile: AnyObject, Sendable {
    /// The file's name without extension (for error messages).
    var name: String { get }
    /// The file's bytes, or `nil` when it is missing.
    func contents() -> Data?
}

/// The `rates.json` shipped as this module's resource.
public final class BundledRatesFile: RatesFile {
    /// The resource's name without extension.
    public let name: String

    /// The bundled `<name>.json` (default `rates`).
    public init(name: String = "rates") {
        self.name = name
    }

    /// The resource's bytes, or `nil` if no such resource was shipped.
    public func contents() -> Data? {
        Bundle.module.url(forResource: name, withExtension: "json").flatMap { try? Data(contentsOf: $0) }
    }
}

/// A rates file whose contents a test or scripted session changes: good (the bundled file), malformed,
/// or missing. Thread-safe.
public final class FakeRatesFile: RatesFile, @unchecked Sendable {
    /// What the file holds.
    public enum Content: Sendable {
        /// The bundled rates.
        case bundled
        /// Bytes that are not rates JSON.
        case malformed
        /// No file.
        case missing
        /// These bytes.
        case bytes(Data)
    }

    private let lock = NSLock()
    private var content: Content
    /// The file's name without extension.
    public let name = "rates"

    /// A file holding `content`.
    public init(_ content: Content = .bundled) {
        self.content = content
    }

    /// Changes what the file holds.
    public func set(_ content: Content) {
        lock.withLock { self.content = content }
    }

    /// The current bytes, or `nil` when missing.
    public func contents() -> Data? {
        switch lock.withLock({ content }) {
        case .bundled: return BundledRatesFile(name: name).contents()
        case .malformed: return Data("{\"base\": \"USD\", \"rates\": [oops".utf8)
        case .missing: return nil
        case .bytes(let data): return data
        }
    }
}

/// What the currency screen displays: the rate lines and an error banner.
public struct CurrencyDisplay: Equatable, Sendable {
    /// Rate lines ("EUR 0.94"), empty before the first load.
    public var rates: [String]
    /// The error banner, if any.
    public var errorMessage: String?

    /// A display of `rates` and `errorMessage`.
    public init(rates: [String] = [], errorMessage: String? = nil) {
        self.rates = rates
        self.errorMessage = errorMessage
    }

    /// One short line for timelines: `"no rates"`, `"CHF 0.92 EUR 0.94 +2"`, or with an error
    /// `"ERR rates.json is missing; 4 kept"` (the banner, and how many rates stay on screen).
    public var rendered: String {
        if let errorMessage { return "ERR \(errorMessage); \(rates.count) kept" }
        if rates.isEmpty { return "no rates" }
        let shown = rates.prefix(2).joined(separator: " ")
        return rates.count > 2 ? shown + " +\(rates.count - 2)" : shown
    }
}
