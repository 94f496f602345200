import CombineKit
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// Answers requests without a network: path `/ok` with a 200 response and "hello", `/down` with
/// `URLError(.cannotConnectToHost)`.
private final class StubURLProtocol: URLProtocol {
    override class func canInit(with request: URLRequest) -> Bool { request.url?.host == "stub.test" }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        guard let url = request.url, url.path == "/ok" else {
            client?.urlProtocol(self, didFailWithError: URLError(.cannotConnectToHost))
            return
        }
        let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["Content-Type": "text/plain"])!
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: Data("hello".utf8))
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}
}

private func stubSession() -> URLSession {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.protocolClasses = [StubURLProtocol.self]
    return URLSession(configuration: configuration)
}

@Suite struct DataTaskPublisherTests {
    // Combine: `dataTaskPublisher(for: URL)` performs `URLRequest(url:)`; `for: URLRequest` performs the request as given.
    @Test func keepsTheRequestAndTheSession() {
        let session = stubSession()
        let url = URL(string: "https://stub.test/ok")!
        #expect(session.dataTaskPublisher(for: url).request == URLRequest(url: url))
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        let publisher = session.dataTaskPublisher(for: request)
        #expect(publisher.request == request)
        #expect(publisher.session === session)
    }

    // Combine: a response publishes `(data, response)` and finishes.
    @Test func publishesTheDataAndResponse() async throws {
        var outputs: [(data: Data, response: URLResponse)] = []
        for try await output in stubSession().dataTaskPublisher(for: URL(string: "https://stub.test/ok")!).values {
            outputs.append(output)
        }
        try #require(outputs.count == 1)
        #expect(String(decoding: outputs[0].data, as: UTF8.self) == "hello")
        #expect((outputs[0].response as? HTTPURLResponse)?.statusCode == 200)
    }

    // Combine: a failed task fails the publisher with its `URLError`.
    @Test func failsWithTheURLError() async {
        do {
            for try await _ in stubSession().dataTaskPublisher(for: URL(string: "https://stub.test/down")!).values {
                Issue.record("expected no value")
            }
            Issue.record("expected a failure")
        } catch {
            #expect((error as? URLError)?.code == .cannotConnectToHost)
        }
    }

    // Combine: the subscription describes itself as "DataTaskPublisher".
    @Test func describesItsSubscription() throws {
        let subscriber = SubscriptionKeeper()
        stubSession().dataTaskPublisher(for: URL(string: "https://stub.test/ok")!).subscribe(subscriber)
        let subscription = try #require(subscriber.subscription)
        #expect((subscription as? CustomStringConvertible)?.description == "DataTaskPublisher")
        #expect((subscription as? CustomPlaygroundDisplayConvertible)?.playgroundDescription as? String == "DataTaskPublisher")
        let labels = (subscription as? CustomReflectable)?.customMirror.children.map(\.label)
        #expect(labels == ["task", "downstream", "parent", "demand"])
        subscription.cancel()
    }
}

/// Keeps the subscription it is given and asks for nothing.
private final class SubscriptionKeeper: Subscriber {
    var subscription: Subscription?
    func receive(subscription: Subscription) { self.subscription = subscription }
    func receive(_ input: (data: Data, response: URLResponse)) -> Subscribers.Demand { .none }
    func receive(completion: Subscribers.Completion<URLError>) {}
}
