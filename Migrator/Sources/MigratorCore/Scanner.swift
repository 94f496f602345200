import Foundation
import SwiftSyntax

/// `rxmigrate scan`: finds the Rx uses under some paths and summarises them.
public struct Scanner: Sendable {
    public var maximumBytes: Int
    /// Called with (files done, files in all) from worker threads, at most every few milliseconds.
    public var progress: (@Sendable (Int, Int) -> Void)?

    public init(maximumBytes: Int = SourceFiles.defaultMaximumBytes, progress: (@Sendable (Int, Int) -> Void)? = nil) {
        self.maximumBytes = maximumBytes
        self.progress = progress
    }

    /// What one file gave.
    struct FileResult: Sendable {
        var path: String
        var lines: Int
        var findings: FileFindings?
        var problem: FileProblem?
    }

    /// Scans `paths` (files or directories).
    public func scan(_ paths: [String]) -> ScanReport {
        let (files, walkProblems) = SourceFiles.collect(paths)
        let results = scanFiles(files)
        return Scanner.report(roots: paths, results: results, walkProblems: walkProblems)
    }

    /// Scans the files on all cores, each file on its own.
    func scanFiles(_ files: [String]) -> [FileResult] {
        let box = ResultBox(count: files.count)
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, files.count))
        let maximumBytes = self.maximumBytes
        let progress = self.progress
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while let index = box.next() {
                let result = Scanner.scanFile(files[index], maximumBytes: maximumBytes)
                let done = box.store(result, at: index)
                progress?(done, files.count)
            }
        }
        return box.results.map { $0! }
    }

    static func scanFile(_ path: String, maximumBytes: Int) -> FileResult {
        let text: String
        switch SourceFiles.read(path, maximumBytes: maximumBytes) {
        case .failure(let problem): return FileResult(path: path, lines: 0, problem: problem)
        case .success(let contents): text = contents
        }
        let lines = text.utf8.reduce(0) { $1 == 10 ? $0 + 1 : $0 } + (text.utf8.last == 10 || text.isEmpty ? 0 : 1)
        // A file that never names an Rx module cannot import one: nothing to parse.
        guard text.contains("Rx") else { return FileResult(path: path, lines: lines, findings: FileFindings()) }
        switch SourceFiles.parse(text, path: path) {
        case .failure(let problem): return FileResult(path: path, lines: lines, problem: problem)
        case .success(let tree):
            let scanner = FileScanner(tree: tree, text: text)
            return FileResult(path: path, lines: lines, findings: scanner.run(tree))
        }
    }

    // MARK: - Summaries

    static func report(roots: [String], results: [FileResult], walkProblems: [FileProblem]) -> ScanReport {
        let rules = MigrationTable.rules
        // Names declared with Rx types anywhere explain the uses their files could not.
        var exported = Set<String>()
        for result in results { exported.formUnion(result.findings?.exportedRxNames ?? []) }

        var uses: [ScanReport.Use] = []
        var fileUses: [String: [RawUse]] = [:]
        for result in results {
            guard let findings = result.findings else { continue }
            var raw = findings.uses
            raw += findings.pending.filter { $0.names.contains(where: exported.contains) }.map(\.use)
            raw.sort { ($0.line, $0.column) < ($1.line, $1.column) }
            fileUses[result.path] = raw
            for use in raw {
                let rule = rules[use.rule]
                uses.append(ScanReport.Use(
                    file: result.path, line: use.line, column: use.column, api: use.api, rule: rule.id,
                    counterpart: rule.counterpart, status: rule.status, note: rule.note, effort: rule.effort,
                    certainty: use.certainty, guide: rule.guideLink))
            }
        }

        var fileSummaries: [ScanReport.FileSummary] = []
        var directories: [String: ScanReport.DirectorySummary] = [:]
        var publicRx: [ScanReport.PublicRxFile] = []
        for result in results {
            var counts = ScanReport.Counts()
            for use in fileUses[result.path] ?? [] { counts.add(rules[use.rule].effort) }
            let exposes = !(result.findings?.publicRx.isEmpty ?? true)
            fileSummaries.append(ScanReport.FileSummary(
                path: result.path, lines: result.lines, counts: counts, layer: layer(of: result).name, exposesRxInPublicAPI: exposes))
            if exposes, let declarations = result.findings?.publicRx {
                publicRx.append(ScanReport.PublicRxFile(file: result.path, declarations: declarations))
            }
            let directory = (result.path as NSString).deletingLastPathComponent
            var summary = directories[directory] ?? ScanReport.DirectorySummary(path: directory, files: 0, lines: 0, counts: ScanReport.Counts())
            summary.files += 1
            summary.lines += result.lines
            summary.counts.uses += counts.uses
            summary.counts.mechanical += counts.mechanical
            summary.counts.review += counts.review
            summary.counts.manual += counts.manual
            directories[directory] = summary
        }

        var apiCounts: [String: (rule: Int, count: Int)] = [:]
        for (_, raw) in fileUses {
            for use in raw {
                let key = use.api + "\u{0}" + String(use.rule)
                apiCounts[key, default: (use.rule, 0)].count += 1
            }
        }
        let apis = apiCounts.map { key, value -> ScanReport.APISummary in
            let rule = rules[value.rule]
            return ScanReport.APISummary(
                api: String(key.split(separator: "\u{0}")[0]), rule: rule.id, count: value.count, counterpart: rule.counterpart,
                status: rule.status, effort: rule.effort, guide: rule.guideLink)
        }.sorted { ($1.count, $0.api, $0.rule) < ($0.count, $1.api, $1.rule) }

        let problems = (walkProblems + results.compactMap(\.problem)).sorted { ($0.path, $0.reason) < ($1.path, $1.reason) }
        let mechanical = uses.filter { $0.effort == .mechanical }.count
        let totals = ScanReport.Totals(
            files: results.count, filesWithUses: fileSummaries.filter { $0.counts.uses > 0 }.count,
            lines: results.reduce(0) { $0 + $1.lines }, uses: uses.count,
            certain: uses.filter { $0.certainty == .certain }.count, inferred: uses.filter { $0.certainty == .inferred }.count,
            mechanical: mechanical, review: uses.filter { $0.effort == .review }.count, manual: uses.filter { $0.effort == .manual }.count,
            readiness: uses.isEmpty ? 1 : Double(mechanical) / Double(uses.count), problems: problems.count)

        return ScanReport(
            roots: roots, totals: totals,
            uses: uses.sorted { ($0.file, $0.line, $0.column) < ($1.file, $1.line, $1.column) },
            files: fileSummaries.sorted { $0.path < $1.path },
            directories: directories.values.sorted { $0.path < $1.path },
            apis: apis, publicRxAPI: publicRx.sorted { $0.file < $1.file },
            order: order(results: results, uses: fileUses), problems: problems)
    }

    /// The layer a file belongs to, from its name and imports.
    enum Layer: Int, Comparable {
        case service, other, viewModel, view, test

        var name: String {
            switch self {
            case .service: "service"
            case .other: "other"
            case .viewModel: "view model"
            case .view: "view"
            case .test: "test"
            }
        }

        static func < (lhs: Layer, rhs: Layer) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    static func layer(of result: FileResult) -> Layer {
        let name = (result.path as NSString).lastPathComponent
        let directory = ((result.path as NSString).deletingLastPathComponent as NSString).lastPathComponent
        if directory.hasSuffix("Tests") || name.hasSuffix("Tests.swift") || name.hasSuffix("Test.swift") { return .test }
        if name.contains("ViewModel") || name.contains("Presenter") { return .viewModel }
        if name.contains("View") || name.contains("Controller") || name.contains("Cell") || result.findings?.importsUIKit == true {
            return .view
        }
        for word in ["Service", "Repository", "Client", "API", "Store", "Provider", "Network", "Storage", "Model"] where name.contains(word) {
            return .service
        }
        return .other
    }

    /// Files with uses, each after the files whose types it references (leaf services first); cycles and ties are
    /// broken by layer (services, other, view models, views, tests) and path.
    static func order(results: [FileResult], uses: [String: [RawUse]]) -> [ScanReport.OrderStep] {
        let candidates = results.filter { !(uses[$0.path] ?? []).isEmpty }
        var declaredBy: [String: Set<String>] = [:]
        for result in candidates {
            for type in result.findings?.declaredTypes ?? [] { declaredBy[type, default: []].insert(result.path) }
        }
        var dependencies: [String: Set<String>] = [:]
        var layers: [String: Layer] = [:]
        for result in candidates {
            layers[result.path] = layer(of: result)
            var needs = Set<String>()
            for type in result.findings?.referencedTypes ?? [] { needs.formUnion(declaredBy[type] ?? []) }
            needs.remove(result.path)
            dependencies[result.path] = needs
        }
        // Kahn's algorithm: a file is ready when the files it needs are placed; the smallest (layer, path) goes first,
        // and when none is ready (a cycle) the smallest left goes first.
        var dependents: [String: [String]] = [:]
        var waiting: [String: Int] = [:]
        for (file, needs) in dependencies {
            waiting[file] = needs.count
            for need in needs { dependents[need, default: []].append(file) }
        }
        func key(_ file: String) -> OrderKey { OrderKey(layer: layers[file]!.rawValue, path: file) }
        var ready = MinHeap<OrderKey>()
        for (file, count) in waiting where count == 0 { ready.push(key(file)) }
        let byKey = candidates.map(\.path).map(key).sorted()
        var nextInCycle = 0
        var placed = Set<String>()
        var steps: [ScanReport.OrderStep] = []
        while placed.count < candidates.count {
            var next: String?
            while let top = ready.pop() {
                if !placed.contains(top.path) { next = top.path; break }
            }
            if next == nil {
                while placed.contains(byKey[nextInCycle].path) { nextInCycle += 1 }
                next = byKey[nextInCycle].path
            }
            let file = next!
            placed.insert(file)
            for dependent in dependents[file] ?? [] where !placed.contains(dependent) {
                waiting[dependent]! -= 1
                if waiting[dependent] == 0 { ready.push(key(dependent)) }
            }
            steps.append(ScanReport.OrderStep(
                file: file, layer: layers[file]!.name, uses: uses[file]?.count ?? 0, after: dependencies[file, default: []].sorted()))
        }
        return steps
    }
}

/// Results of the workers, in file order.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var nextIndex = 0
    private var done = 0
    private let count: Int
    var results: [Scanner.FileResult?]

    init(count: Int) {
        self.count = count
        results = Array(repeating: nil, count: count)
    }

    func next() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard nextIndex < count else { return nil }
        nextIndex += 1
        return nextIndex - 1
    }

    func store(_ result: Scanner.FileResult, at index: Int) -> Int {
        lock.lock()
        defer { lock.unlock() }
        results[index] = result
        done += 1
        return done
    }
}

/// The order of files in the suggested order: layer, then path.
struct OrderKey: Comparable {
    var layer: Int
    var path: String

    static func < (lhs: OrderKey, rhs: OrderKey) -> Bool { (lhs.layer, lhs.path) < (rhs.layer, rhs.path) }
}

/// A binary min-heap.
struct MinHeap<Element: Comparable> {
    private var items: [Element] = []

    mutating func push(_ element: Element) {
        items.append(element)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            if items[child] < items[parent] { items.swapAt(child, parent); child = parent } else { break }
        }
    }

    mutating func pop() -> Element? {
        guard !items.isEmpty else { return nil }
        items.swapAt(0, items.count - 1)
        let top = items.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var smallest = parent
            if left < items.count && items[left] < items[smallest] { smallest = left }
            if right < items.count && items[right] < items[smallest] { smallest = right }
            if smallest == parent { break }
            items.swapAt(parent, smallest)
            parent = smallest
        }
        return top
    }
}
