import CombineKit
import CombineKitTest
import Testing

@Suite struct AssignTests {
    final class Model { var value = 0 }

    @Test func assignsEachValue() {
        let model = Model()
        let subject = PassthroughSubject<Int, Never>()
        let cancellable = subject.assign(to: \.value, on: model)
        subject.send(3)
        #expect(model.value == 3)
        subject.send(4)
        #expect(model.value == 4)
        cancellable.cancel()
        subject.send(5)
        #expect(model.value == 4)
    }

    @Test func releasesObjectOnCompletion() {
        weak var weakModel: Model?
        let subject = PassthroughSubject<Int, Never>()
        var cancellable: AnyCancellable?
        do {
            let model = Model()
            weakModel = model
            cancellable = subject.assign(to: \.value, on: model)
        }
        #expect(weakModel != nil)
        subject.send(completion: .finished)
        #expect(weakModel == nil)
        _ = cancellable
    }
}
