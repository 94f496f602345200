import CombineKit
import CombineKitTest
import Testing

@MainActor
private final class MainActorViewModel: ObservableObject {
    @Published var title = ""
}

@Suite struct MainActorObservableObjectTests {
    @MainActor
    @Test func mainActorClassCanBeAnObservableObject() {
        let model = MainActorViewModel()
        var changes = 0
        let cancellable = model.objectWillChange.sink { changes += 1 }
        var titles: [String] = []
        let titleCancellable = model.$title.sink { titles.append($0) }
        model.title = "x"
        #expect(changes == 1)
        #expect(titles == ["", "x"])
        _ = (cancellable, titleCancellable)
    }

    @Test func subjectsCanBeSentToFromTasks() async {
        let subject = PassthroughSubject<Int, Never>()
        let counter = NSLockBox()
        var received = 0
        let cancellable = subject.sink { _ in counter.withLock { received += 1 } }
        await withTaskGroup(of: Void.self) { group in
            for value in 0..<4 { group.addTask { subject.send(value) } }
        }
        #expect(counter.withLock { received } == 4)
        _ = cancellable
    }
}
