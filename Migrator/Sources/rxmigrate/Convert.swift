import ArgumentParser

struct Convert: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Convert Rx-style code to Combine style.")
    func run() throws {}
}
