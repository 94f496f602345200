import Foundation
import MigratorCore

// Generates a large tree of Rx-style Swift files and times `scan` over it (generation not included).
// Usage: scan-benchmark [--files N] [--runs N] [--keep DIR]. Build it in release mode (see README.md).

var files = 4_000
var runs = 3
var keep: String?
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let argument = arguments.next() {
    switch argument {
    case "--files": files = Int(arguments.next() ?? "") ?? files
    case "--runs": runs = Int(arguments.next() ?? "") ?? runs
    case "--keep": keep = arguments.next()
    default:
        FileHandle.standardError.write(Data("usage: scan-benchmark [--files N] [--runs N] [--keep DIR]\n".utf8))
        exit(64)
    }
}

let root = keep ?? (NSTemporaryDirectory() + "rxmigrate-bench-\(ProcessInfo.processInfo.processIdentifier)")
try? FileManager.default.removeItem(atPath: root)

/// One generated file: a service, a view model or a view of feature `n`, about 100 lines.
func source(_ n: Int) -> String {
    let feature = "Feature\(n)"
    switch n % 3 {
    case 0:
        return """
        import Foundation
        import RxSwift

        /// Loads \(feature) items.
        public protocol \(feature)Service {
            func items(page: Int) -> Observable<[\(feature)Item]>
            func details(_ id: Int) -> Single<\(feature)Item>
        }

        public struct \(feature)Item: Equatable {
            public let id: Int
            public let title: String
            public let tags: [String]
        }

        public final class Remote\(feature)Service: \(feature)Service {
            private let scheduler: SchedulerType
            private var cache: [Int: \(feature)Item] = [:]

            public init(scheduler: SchedulerType) {
                self.scheduler = scheduler
            }

            public func items(page: Int) -> Observable<[\(feature)Item]> {
                guard page >= 0 else { return .just([]) }
                let ids = Array(page * 20 ..< page * 20 + 20)
                let titles = ids.map { "item \\($0)" }.filter { !$0.isEmpty }
                return Observable.from(ids)
                    .map { id in \(feature)Item(id: id, title: titles[id % titles.count], tags: []) }
                    .toArray()
                    .asObservable()
                    .delay(.milliseconds(20), scheduler: scheduler)
                    .retry(3)
            }

            public func details(_ id: Int) -> Single<\(feature)Item> {
                if let cached = cache[id] { return .just(cached) }
                return Single.create { single in
                    single(.success(\(feature)Item(id: id, title: "item \\(id)", tags: ["a", "b"])))
                    return Disposables.create()
                }
            }

            func sorted(_ items: [\(feature)Item]) -> [\(feature)Item] {
                items.sorted { $0.id < $1.id }.reduce(into: []) { $0.append($1) }
            }

            func summary(_ items: [\(feature)Item]) -> String {
                var lines: [String] = []
                for item in items {
                    lines.append("\\(item.id): \\(item.title)")
                    if item.tags.isEmpty {
                        lines.append("  no tags")
                    } else {
                        lines.append("  tags: \\(item.tags.joined(separator: ", "))")
                    }
                }
                return lines.joined(separator: "\\n")
            }
        }

        """ + String(repeating: "// Padding comment line so the file has the length of a real one.\n", count: 30)
    case 1:
        return """
        import RxCocoa
        import RxRelay
        import RxSwift

        /// \(feature)'s screen state.
        public final class \(feature)ViewModel {
            public let query = BehaviorRelay<String>(value: "")
            public let reload = PublishRelay<Void>()
            public let items: Driver<[String]>
            public let isLoading: Driver<Bool>
            private let loading = BehaviorRelay<Bool>(value: false)
            private let bag = DisposeBag()
            private var history: [String] = []

            public init(service: Feature\(n - 1)Service) {
                let loading = self.loading
                items = Observable.merge(query.asObservable(), reload.withLatestFrom(query))
                    .map { $0.trimmingCharacters(in: .whitespaces) }
                    .distinctUntilChanged()
                    .throttle(.milliseconds(300), latest: true, scheduler: MainScheduler.instance)
                    .do(onNext: { _ in loading.accept(true) })
                    .flatMapLatest { text in
                        service.items(page: text.count)
                            .map { $0.map(\\.title) }
                            .catchAndReturn([])
                    }
                    .do(onNext: { _ in loading.accept(false) })
                    .observe(on: MainScheduler.instance)
                    .asDriver(onErrorJustReturn: [])
                isLoading = loading.asDriver()
                query
                    .skip(1)
                    .subscribe(onNext: { [weak self] in self?.history.append($0) })
                    .disposed(by: bag)
            }

            public func search(_ text: String) {
                query.accept(text)
            }

            public func recent() -> [String] {
                history.suffix(5).map { $0.lowercased() }.filter { !$0.isEmpty }
            }

            func debugDescription() -> String {
                var parts: [String] = []
                for (index, entry) in history.enumerated() where index < 10 {
                    parts.append("\\(index): \\(entry)")
                }
                return parts.joined(separator: ", ")
            }
        }

        """ + String(repeating: "// Padding comment line so the file has the length of a real one.\n", count: 40)
    default:
        return """
        import RxCocoa
        import RxSwift
        import UIKit

        final class \(feature)ViewController: UIViewController {
            private let searchField = UITextField()
            private let reloadButton = UIButton()
            private let tableView = UITableView()
            private let spinner = UIActivityIndicatorView()
            private let disposeBag = DisposeBag()
            var viewModel: Feature\(n - 1)ViewModel!

            override func viewDidLoad() {
                super.viewDidLoad()
                searchField.rx.text.orEmpty
                    .bind(to: viewModel.query)
                    .disposed(by: disposeBag)
                reloadButton.rx.tap
                    .bind(to: viewModel.reload)
                    .disposed(by: disposeBag)
                viewModel.items
                    .drive(tableView.rx.items(cellIdentifier: "Cell")) { _, title, cell in
                        cell.textLabel?.text = title
                    }
                    .disposed(by: disposeBag)
                viewModel.isLoading
                    .drive(spinner.rx.isAnimating)
                    .disposed(by: disposeBag)
                let titles = ["a", "b", "c"].map { $0.uppercased() }
                title = titles.joined()
            }

            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                viewModel.reload.accept(())
            }

            private func layout() {
                let views = [searchField, reloadButton, tableView, spinner]
                for (index, view) in views.enumerated() {
                    view.frame = CGRect(x: 0, y: CGFloat(index) * 44, width: 320, height: 44)
                    self.view.addSubview(view)
                }
            }
        }

        """ + String(repeating: "// Padding comment line so the file has the length of a real one.\n", count: 50)
    }
}

var lines = 0
for n in 0..<files {
    let directory = "\(root)/Module\(n / 100)"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let text = source(n)
    lines += text.utf8.reduce(0) { $1 == 10 ? $0 + 1 : $0 }
    try Data(text.utf8).write(to: URL(fileURLWithPath: "\(directory)/File\(n).swift"))
}

print("tree: \(files) files, \(lines) lines in \(root); \(ProcessInfo.processInfo.activeProcessorCount) cores")
var rates: [Double] = []
for run in 1...runs {
    let start = Date()
    let report = Scanner().scan([root])
    let seconds = Date().timeIntervalSince(start)
    rates.append(Double(report.totals.lines) / seconds)
    print(String(format: "run %d: %.2f s, %d lines, %d uses, %.0f lines/s", run, seconds, report.totals.lines, report.totals.uses,
                 Double(report.totals.lines) / seconds))
}
rates.sort()
print(String(format: "median: %.0f lines/s, best: %.0f lines/s", rates[rates.count / 2], rates.last!))
if keep == nil { try? FileManager.default.removeItem(atPath: root) }
