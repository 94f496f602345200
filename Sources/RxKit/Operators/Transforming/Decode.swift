import Foundation

/// A decoder that turns `Data` into a `Decodable` value, for `decode(type:decoder:)`.
/// `JSONDecoder` and `PropertyListDecoder` conform. Same as RxSwift's `DataDecoder`.
public protocol DataDecoder {
    /// Decodes a value of `type` from `data`.
    func decode<Item: Decodable>(_ type: Item.Type, from data: Data) throws -> Item
}

extension JSONDecoder: DataDecoder {}
extension PropertyListDecoder: DataDecoder {}

extension ObservableType where Element == Data {
    /// Decodes each `Data` element into an `Item` with `decoder`; a decoding error ends the sequence
    /// with that error. Same as RxSwift's `decode(type:decoder:)`.
    public func decode<Item: Decodable, Decoder: DataDecoder>(type: Item.Type, decoder: Decoder) -> Observable<Item> {
        DecodeProducer(source: asObservable(), decoder: decoder)
    }
}

final class DecodeProducer<Item: Decodable, Decoder: DataDecoder>: Producer<Item>, @unchecked Sendable {
    private let source: Observable<Data>
    private let decoder: Decoder

    init(source: Observable<Data>, decoder: Decoder) {
        self.source = source
        self.decoder = decoder
    }

    override func run<Observer: ObserverType>(_ observer: Observer, cancel: SinkLink?) -> (sink: SinkBase, subscription: Disposable)
        where Observer.Element == Item {
        let sink = DecodeSink(decoder: decoder, observer: observer, cancel: cancel)
        let subscription = source.subscribe(sink)
        return (sink, subscription)
    }
}

final class DecodeSink<Decoder: DataDecoder, Observer: ObserverType>: Sink<Observer>, ObserverType, @unchecked Sendable
    where Observer.Element: Decodable {
    private let decoder: Decoder

    init(decoder: Decoder, observer: Observer, cancel: SinkLink?) {
        self.decoder = decoder
        super.init(observer: observer, cancel: cancel)
    }

    func on(_ event: Event<Data>) {
        switch event {
        case .next(let data):
            do {
                forwardOn(.next(try decoder.decode(Observer.Element.self, from: data)))
            } catch {
                forwardError(error)
            }
        case .error(let error):
            forwardError(error)
        case .completed:
            forwardCompleted()
        }
    }
}
