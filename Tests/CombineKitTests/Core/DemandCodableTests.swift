import CombineKit
import CombineKitTest
import Foundation
import Testing

@Suite struct DemandCodableTests {
    @Test func malformedDemandThrowsADecodingError() {
        #expect(decodingError([Subscribers.Demand].self, from: "[-1]") != nil)
        #expect(decodingError([Subscribers.Demand].self, from: #"["unlimited"]"#) != nil)
        #expect(decodingError([Subscribers.Demand].self, from: "[1.5]") != nil)
    }
}
