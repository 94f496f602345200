import ArgumentParser

struct Adopt: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Switch imports from RxSwift to RxKit.")
    func run() throws {}
}
