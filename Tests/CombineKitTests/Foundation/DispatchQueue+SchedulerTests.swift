import CombineKit
import Dispatch
import Foundation
import Testing

@Suite struct DispatchQueueSchedulerTests {
    typealias Time = DispatchQueue.SchedulerTimeType
    typealias Stride = DispatchQueue.SchedulerTimeType.Stride

    // Combine: a distance that does not fit in Int either way, such as to or from distantFuture, is .nanoseconds(.max)
    // (OpenCombine DispatchQueueSchedulerTests.testSchedulerTimeTypeDistance).
    @Test func distanceBeyondIntRangeIsMaxBothWays() {
        let early = Time(DispatchTime(uptimeNanoseconds: 5_000))
        let farFuture = Time(.distantFuture)
        let almostFarFuture = Time(DispatchTime(uptimeNanoseconds: DispatchTime.distantFuture.uptimeNanoseconds - 2_048))
        #expect(early.distance(to: farFuture) == .nanoseconds(.max))
        #expect(farFuture.distance(to: early) == .nanoseconds(.max))
        #expect(almostFarFuture.distance(to: early) == .nanoseconds(.max))
        #expect(farFuture.distance(to: farFuture) == .nanoseconds(0))
    }

    // Combine: distances within Int's range are exact and signed (OpenCombine DispatchQueueSchedulerTests).
    @Test func distanceWithinIntRangeIsSigned() {
        let early = Time(DispatchTime(uptimeNanoseconds: 5_000))
        let late = Time(DispatchTime(uptimeNanoseconds: UInt64(Int.max)))
        #expect(early.distance(to: late) == .nanoseconds(Int.max - 5_000))
        #expect(late.distance(to: early) == .nanoseconds(-(Int.max - 5_000)))
        #expect(early.distance(to: Time(DispatchTime(uptimeNanoseconds: 5_300))) == .nanoseconds(300))
    }

    // Combine: advancing by .nanoseconds(.max) reaches distantFuture (OpenCombine DispatchQueueSchedulerTests).
    @Test func advancingByMaxReachesDistantFuture() {
        let time = Time(DispatchTime(uptimeNanoseconds: 7_000))
        #expect(time.advanced(by: .nanoseconds(.max)).dispatchTime == .distantFuture)
        #expect(time.advanced(by: .nanoseconds(250)) == Time(DispatchTime(uptimeNanoseconds: 7_250)))
    }

    // Combine: the time type hashes its dispatch time's raw value (OpenCombine DispatchQueueSchedulerTests).
    @Test func hashIsTheRawValueHash() {
        let time = Time(DispatchTime(uptimeNanoseconds: 12_345))
        #expect(time.hashValue == time.dispatchTime.rawValue.hashValue)
    }

    // Combine: Stride(DispatchTimeInterval) and .seconds/.milliseconds/.microseconds clamp to Int's range instead of
    // overflowing (OpenCombine DispatchQueueSchedulerTests.testStrideFromDispatchTimeInterval).
    @Test func strideFromIntervalClamps() {
        #expect(Stride(.seconds(.max)).magnitude == .max)
        #expect(Stride(.seconds(.min)).magnitude == .min)
        #expect(Stride(.milliseconds(.max)).magnitude == .max)
        #expect(Stride(.microseconds(.min)).magnitude == .min)
        #expect(Stride(.never).magnitude == .max)
        #expect(Stride(.milliseconds(-3)).magnitude == -3_000_000)
        #expect(Stride.seconds(Int.max / 2).magnitude == .max)
    }

    // Combine: seconds given as a Double clamp to Int's range of nanoseconds
    // (OpenCombine DispatchQueueSchedulerTests.testStrideFromTooMuchSeconds).
    @Test func strideFromTooManySecondsClamps() {
        #expect(Stride.seconds(Double(Int.max) / 1_000_000_000).magnitude == .max)
        #expect(Stride.seconds(-Double(Int.max)).magnitude == .min)
        #expect(Stride.seconds(Double.greatestFiniteMagnitude).magnitude == .max)
        #expect(Stride.seconds(0.25).magnitude == 250_000_000)
    }

    // Combine: Stride * Stride multiplies seconds, so a product under a nanosecond is 0 and 1 s * 10 s is 10 s
    // (OpenCombine DispatchQueueSchedulerTests.testStrideMultiplication; OpenCombine issue #214).
    @Test func multiplicationIsInSeconds() {
        #expect((Stride.nanoseconds(18) * .nanoseconds(1)).magnitude == 0)
        #expect((Stride.microseconds(-3) * .nanoseconds(10)).magnitude == 0)
        #expect((Stride.seconds(1) * .seconds(10)).magnitude == 10_000_000_000)
        #expect((Stride.milliseconds(500) * .seconds(4)) == .seconds(2))
        var stride = Stride.nanoseconds(15)
        stride *= .nanoseconds(2)
        #expect(stride.magnitude == 0)
    }

    // Combine: Stride encodes its nanoseconds under the key "_nanoseconds"
    // (OpenCombine DispatchQueueSchedulerTests.testStrideCodable).
    @Test func strideCodesUnderNanosecondsKey() throws {
        let data = try JSONEncoder().encode(Stride.nanoseconds(731))
        #expect(String(decoding: data, as: UTF8.self) == #"{"_nanoseconds":731}"#)
        #expect(try JSONDecoder().decode(Stride.self, from: Data(#"{"_nanoseconds":-42}"#.utf8)) == .nanoseconds(-42))
    }
}
